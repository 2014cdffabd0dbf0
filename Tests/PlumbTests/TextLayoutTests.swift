import Testing
@testable import Plumb

/// A text engine with round numbers, so that the height-for-width machinery
/// is tested apart from Pango: every character is `0.5 × size` wide, a line
/// is `lineHeight ?? 1.25 × size` high with its baseline at `0.8 ×` the line,
/// and words wrap greedily at the width (a word wider than the line stays whole).
final class GridMeasurer: TextMeasurer, @unchecked Sendable {
    private(set) var calls = 0

    func measure(_ text: Text, width: Double?) throws(TextMeasurementError) -> TextMetrics {
        calls += 1
        let advance = 0.5 * text.font.size
        let lineHeight = text.lineHeight ?? 1.25 * text.font.size
        var lines: [String] = []
        for paragraph in text.string.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ") {
                let candidate = line.isEmpty ? String(word) : line + " " + word
                if let width, !line.isEmpty, Double(candidate.count) * advance > width {
                    lines.append(line)
                    line = String(word)
                } else {
                    line = candidate
                }
            }
            lines.append(line)
        }
        if text.lines > 0, lines.count > text.lines { lines = Array(lines.prefix(text.lines)) }
        let shown = lines.enumerated().map { k, line in
            TextLine(text: line, baseline: (Double(k) + 0.8) * lineHeight, width: Double(line.count) * advance)
        }
        return TextMetrics(width: shown.map(\.width).max() ?? 0, height: Double(shown.count) * lineHeight,
                           firstBaseline: shown.first?.baseline ?? 0, lastBaseline: shown.last?.baseline ?? 0,
                           lines: shown)
    }
}

@Suite struct TextLayoutTests {
    /// 12 characters of 5 points (size 10): 60 unwrapped; 30 wide fits 6 characters.
    static let doc = """
        {"root": {"width": 100, "height": 200},
         "views": [{"id": "label", "text": {"string": "aaaaa bbbbb ccccc", "size": 10}},
                   {"id": "badge", "intrinsicSize": [10, 10]}],
         "constraints": ["label.left = root.left", "label.top = root.top", "label.width <= 0.3 * root.width",
                         "badge.left = label.right", "badge.baseline = label.firstBaseline"]}
        """

    @Test func documentTextWrapsAtItsSolvedWidth() throws {
        let lowered = try parseDocument(Self.doc).lower()
        #expect(lowered.hasMeasuredContent)
        let measurer = GridMeasurer()
        let (solution, report) = try lowered.solveMeasuringContent(measurer: measurer)
        let frames = Dictionary(uniqueKeysWithValues: zip(lowered.viewIDs, lowered.frames(from: solution)))
        // Width capped at 30: three lines of 12.5.
        #expect(frames["label"] == Rect(x: 0, y: 0, width: 30, height: 37.5))
        // The badge's bottom (its baseline) on the label's first baseline, 10 below its top.
        #expect(frames["badge"] == Rect(x: 30, y: 0, width: 10, height: 10))
        #expect(report.passes == 2)
        #expect(report.measureCalls == 2 && measurer.calls == 2)  // unwrapped, then at 30
        #expect(report.cacheHits == 1)  // the second pass's check at 30
        #expect(report.texts[1]?.lineCount == 3)
    }

    @Test func lastBaselineFollowsTheLinesAndBaselineIsTheLast() throws {
        let json = Self.doc.replacingOccurrences(of: "badge.baseline = label.firstBaseline",
                                                 with: "badge.lastBaseline = label.baseline")
        let lowered = try parseDocument(json).lower()
        let (solution, _) = try lowered.solveMeasuringContent(measurer: GridMeasurer())
        let badge = lowered.frames(from: solution)[2]
        // The label's last baseline: (2 + 0.8) × 12.5 = 35 below its top; the badge's bottom there.
        #expect(badge.maxY == 35)
    }

    @Test func aViewWithoutTextHasItsBaselinesAtItsBottom() throws {
        let root = View("root"), a = View("a"), b = View("b")
        root.addSubview(a)
        root.addSubview(b)
        a.intrinsicContentSize = IntrinsicSize(width: 20, height: 40)
        b.intrinsicContentSize = IntrinsicSize(width: 20, height: 10)
        try Constraint.activate(Constraint.make(simpleFormats: [
            "a.left = root.left", "a.top = root.top + 5", "b.left = a.right",
            "b.firstBaseline = a.lastBaseline",
        ], views: ["root": root, "a": a, "b": b]))
        try root.layout(width: 100, height: 100)
        #expect(b.frame == Rect(x: 20, y: 35, width: 20, height: 10))
    }

    @Test func aMeasureFunctionGivesHeightForWidth() throws {
        let root = View("root"), image = View("image"), caption = View("caption")
        root.addSubview(image)
        root.addSubview(caption)
        // An image 2:1 whatever width it gets, with its "baseline" 4 above its bottom.
        image.measureContent = { width in ContentSize(height: width / 2, lastBaseline: width / 2 - 4) }
        caption.intrinsicContentSize = IntrinsicSize(width: 30, height: 10)
        let views = ["root": root, "image": image, "caption": caption]
        try Constraint.activate(Constraint.make(simpleFormats: [
            "image.left = root.left + 10", "image.right = root.right - 10", "image.top = root.top",
            "caption.left = image.left", "caption.top = image.baseline",
        ], views: views))
        try root.layout(width: 300, height: 400)
        #expect(image.frame == Rect(x: 10, y: 0, width: 280, height: 140))
        #expect(caption.frame.y == 136)
        try root.layout(width: 100, height: 400)
        #expect(image.frame.height == 40)
    }

    @Test func contentThatNeverSettlesIsReported() throws {
        let root = View("root"), square = View("square")
        root.addSubview(square)
        // Its width follows its height (a square) and its height its width: h = 200 − w/2 halves the gap each pass.
        square.measureContent = { width in ContentSize(height: 200 - width / 2) }
        try Constraint.activate(Constraint.make(simpleFormats: [
            "square.left = root.left", "square.top = root.top", "square.width = square.height",
        ], views: ["root": root, "square": square]))
        let error = #expect(throws: LayoutError.self) { try root.layout(width: 400, height: 400) }
        #expect(error?.diagnostics.map(\.problem) == [.contentDidNotSettle(views: ["square"], passes: ContentSizer.maxPasses)])
        #expect(error?.description.contains("did not settle after 8 solves") == true)
    }

    @Test func textWithoutAMeasurerIsAnError() throws {
        // The sizer as a layout makes it when no measurer is given or installed
        // (another test target may install one in this process).
        let lowered = try parseDocument(Self.doc).lower()
        let sizer = ContentSizer(plan: lowered.content, measurer: nil)
        var system = lowered.system
        let error = #expect(throws: LayoutError.self) {
            try sizer.solve(setConstant: { value, row, origin in system.setConstant(value, ofRow: row, origin: origin) },
                            solve: { () throws(LayoutError) -> Solution in try LoweredLayout.solve(system) })
        }
        #expect(error?.diagnostics.map(\.problem) == [.noTextMeasurer(view: "label")])
        #expect(error?.diagnostics.first?.location == "doc.json: views[0].text")
    }

    /// Options whose large-component threshold is `threshold` unknowns: 1
    /// solves every residual component afresh through presolve at each solve
    /// (as a compiled layout solves large ones), 200 is the default.
    static func options(threshold: Int) -> SolveOptions {
        var options = SolveOptions()
        options.largePartThreshold = threshold
        return options
    }

    @Test(arguments: [200, 1])
    func compiledLayoutReusesMeasurementsAcrossSizes(threshold: Int) throws {
        let measurer = GridMeasurer()
        let layout = try CompiledLayout(parseDocument(Self.doc), options: Self.options(threshold: threshold),
                                        measurer: measurer)
        #expect(try layout.frames(width: 100, height: 200)[1] == Rect(x: 0, y: 0, width: 30, height: 37.5))
        // 60 wide: "aaaaa bbbbb" (55) and "ccccc".
        #expect(try layout.frames(width: 200, height: 200)[1] == Rect(x: 0, y: 0, width: 60, height: 25))
        #expect(try layout.frames(width: 100, height: 200)[1] == Rect(x: 0, y: 0, width: 30, height: 37.5))
        // Unwrapped once, at 30 once, at 60 once: the return to 100 is answered by the cache.
        #expect(measurer.calls == 3)
        #expect(layout.contentReport.measureCalls == 3)
        #expect(layout.contentReport.texts[1]?.lineCount == 3)
    }

    @Test(arguments: [200, 1])
    func compiledLayoutTakesNewTexts(threshold: Int) throws {
        let layout = try CompiledLayout(parseDocument(Self.doc), options: Self.options(threshold: threshold),
                                        measurer: GridMeasurer())
        // Presolve solves the residual components when the threshold is 1.
        #expect((try layout.solve(width: 100, height: 200).stats.residualComponents > 0) == (threshold == 1))
        #expect(try layout.frames(width: 100, height: 200)[1] == Rect(x: 0, y: 0, width: 30, height: 37.5))
        // Shorter than the cap: its natural width, one line; the badge follows its first baseline.
        try layout.setText(Text("abc", font: Font(family: "Grid", size: 10)), ofView: "label")
        let frames = try layout.frames(width: 100, height: 200)
        #expect(frames[1] == Rect(x: 0, y: 0, width: 15, height: 12.5))
        #expect(frames[2] == Rect(x: 15, y: 0, width: 10, height: 10))
        #expect(layout.contentReport.texts[1]?.lines.map(\.text) == ["abc"])
        // A bigger font: 20 points, 10 a character, "aa bb" wraps at 30.
        try layout.setText(Text("aa bb", font: Font(family: "Grid", size: 20)), ofView: "label")
        #expect(try layout.frames(width: 100, height: 200)[1] == Rect(x: 0, y: 0, width: 30, height: 50))
        let notText = #expect(throws: LayoutError.self) { try layout.setText(Text("x"), ofView: "badge") }
        #expect(notText?.diagnostics.map(\.problem) == [.textNotCompiled(view: "badge")])
        let notSize = #expect(throws: LayoutError.self) {
            try layout.setIntrinsicSize(IntrinsicSize(width: 5), ofView: "label")
        }
        #expect(notSize?.diagnostics.map(\.problem) == [.intrinsicSizeOfText(view: "label")])
        let bad = #expect(throws: LayoutError.self) {
            try layout.setText(Text("x", lines: -1), ofView: "label")
        }
        #expect(bad?.diagnostics.map(\.problem) == [.invalidText(view: "label", "lines must be 0 (no limit) or more")])
    }

    @Test func swiftTextViewSetsTextMetrics() throws {
        let root = View("root"), label = View("label")
        root.addSubview(label)
        label.text = Text("one two three four", font: Font(family: "Grid", size: 10), lineHeight: 14)
        label.makeConstraints { make in
            make.left.top.equalTo(0)
            make.width.equalTo(40)
        }
        try root.layout(width: 100, height: 100, measurer: GridMeasurer())
        #expect(label.frame == Rect(x: 0, y: 0, width: 40, height: 42))
        #expect(label.textMetrics?.lines.map(\.text) == ["one two", "three", "four"])
    }

    @Test func invalidSwiftTextIsReported() throws {
        let root = View("root"), label = View("label")
        root.addSubview(label)
        label.text = Text("x", font: Font(family: "Grid", size: -1))
        let error = #expect(throws: LayoutError.self) { try root.layout(width: 100, height: 100, measurer: GridMeasurer()) }
        #expect(error?.diagnostics.map(\.problem)
                == [.invalidText(view: "label", "the font size must be a finite number greater than 0")])
    }

    // MARK: - The document's "text" key

    @Test func textDefaultsAndShorthand() throws {
        let doc = try parseDocument("""
            {"root": {"width": 10, "height": 10}, "views": [
              {"id": "a", "text": "plain"},
              {"id": "b", "text": {"string": "full", "font": "DejaVu Serif", "size": 12.5, "lines": 2, "lineHeight": 16}}]}
            """)
        #expect(doc.text(at: 1) == Text("plain", font: Font(family: "DejaVu Sans", size: 15)))
        #expect(doc.text(at: 2) == Text("full", font: Font(family: "DejaVu Serif", size: 12.5), lines: 2, lineHeight: 16))
        #expect(doc.text(at: 0) == nil)
    }

    /// `viewsWithText` lists, in order, exactly the views `text(at:)` finds a
    /// text for (`plumb solve` reads the fonts through it).
    @Test func viewsWithTextAreTheViewsThatHaveOne() throws {
        let doc = try parseDocument("""
            {"root": {"width": 10, "height": 10}, "views": [
              {"id": "d", "text": "four"}, {"id": "a"}, {"id": "c", "text": "three"},
              {"id": "b", "parent": "a"}, {"id": "e", "parent": "a", "text": "five"}]}
            """)
        let expected = (0 ..< doc.viewCount).filter { doc.text(at: $0) != nil }
        #expect(expected == [1, 3, 5])
        #expect(doc.viewsWithText == expected)
        #expect(try parseDocument(#"{"root": {"width": 10, "height": 10}, "views": [{"id": "a"}]}"#).viewsWithText == [])
    }

    @Test func badTextValuesAreReportedWhereTheyAre() {
        func doc(_ text: String) -> String {
            "{\"root\": {\"width\": 10, \"height\": 10},\n \"views\": [{\"id\": \"a\", \"text\": \(text)}]}"
        }
        documentDiagnosticTest(doc("{\"string\": \"x\", \"size\": -3}"),
                               .valueOutOfRange(path: "views[0].text.size", requirement: "greater than 0", -3), at: (2, 56))
        documentDiagnosticTest(doc("{\"string\": \"x\", \"lines\": 1.5}"),
                               .valueOutOfRange(path: "views[0].text.lines",
                                                requirement: "a whole number, 0 (no limit) or more", 1.5), at: (2, 57))
        documentDiagnosticTest(doc("{\"string\": \"x\", \"lineHeight\": 0}"),
                               .valueOutOfRange(path: "views[0].text.lineHeight", requirement: "greater than 0", 0))
        documentDiagnosticTest(doc("{\"string\": \"x\", \"fnt\": \"Serif\"}"),
                               .unknownKey(path: "views[0].text", key: "fnt", suggestion: "font"), at: (2, 48))
        documentDiagnosticTest(doc("{\"size\": 12}"), .missingKey(path: "views[0].text", key: "string"), at: (2, 32))
        documentDiagnosticTest(doc("12"), .wrongType(path: "views[0].text", expected: "a string or an object", found: "a number"))
        documentDiagnosticTest(doc("{\"string\": 5}"), .wrongType(path: "views[0].text.string", expected: "a string", found: "a number"))
        documentDiagnosticTest(doc("{\"string\": \"x\", \"font\": \"\"}"), .emptyID(path: "views[0].text.font"))
        documentDiagnosticTest(
            "{\"root\": {\"width\": 10, \"height\": 10}, \"views\": [{\"id\": \"a\", \"text\": \"x\", \"intrinsicSize\": [1, 1]}]}",
            .textWithIntrinsicSize(path: "views[0]"))
    }

    @Test func attributeNames() {
        #expect(LayoutAttribute(name: "firstBaseline") == .firstBaseline)
        #expect(LayoutAttribute(name: "lastBaseline") == .lastBaseline)
        #expect(LayoutAttribute(name: "lastBaselin") == nil)
        #expect(LayoutAttribute.firstBaseline.axis == .vertical && LayoutAttribute.lastBaseline.isBaseline)
    }
}

/// Fitting sizes: a root whose height is as small as its content allows.
@Suite struct FittingSizeTests {
    @Test func aSelfSizingCellFitsItsWrappedText() throws {
        let cell = View("cell"), title = View("title"), body = View("body")
        cell.addSubview(title)
        cell.addSubview(body)
        title.text = Text("Title", font: Font(family: "Grid", size: 20))            // one line of 25
        body.text = Text("one two three four five six", font: Font(family: "Grid", size: 10))
        try Constraint.activate(Constraint.make(simpleFormats: [
            "title.top = cell.top + 8", "title.left = cell.left + 8",
            "body.top = title.bottom + 4", "body.left = cell.left + 8", "body.right = cell.right - 8",
            "cell.bottom = body.bottom + 8",
        ], views: ["cell": cell, "title": title, "body": body]))
        let measurer = GridMeasurer()
        // 100 wide: the body gets 84, 16 characters a line: "one two three" / "four five six", 25 high.
        let size = try cell.systemLayoutSizeFitting(width: 100, measurer: measurer)
        #expect(size.width == 100 && size.height == 8 + 25 + 4 + 25 + 8)
        #expect(cell.frame == Rect(x: 0, y: 0, width: 100, height: 70))
        #expect(body.textMetrics?.lineCount == 2)
        // 300 wide: one line.
        #expect(try cell.systemLayoutSizeFitting(width: 300, measurer: measurer).height == 8 + 25 + 4 + 12.5 + 8)
    }

    @Test func documentRootHeightFit() throws {
        let json = """
            {"root": {"width": 100, "height": "fit"},
             "views": [{"id": "label", "text": {"string": "aaaaa bbbbb ccccc", "size": 10}}],
             "constraints": ["label.left = root.left + 10", "label.right = root.right - 10", "label.top = root.top + 5",
                             "root.bottom >= label.bottom + 5"]}
            """
        let doc = try parseDocument(json)
        #expect(doc.rootHeightFits)
        let lowered = try doc.lower()
        #expect(lowered.fitsHeight)
        let (solution, _) = try lowered.solveMeasuringContent(measurer: GridMeasurer())
        let frames = lowered.frames(from: solution)
        // 80 wide: "aaaaa bbbbb" (55) and "ccccc": two lines of 12.5.
        #expect(frames[0] == Rect(x: 0, y: 0, width: 100, height: 35))
        // Compiled: the height follows the width; the height asked is not used.
        let layout = try CompiledLayout(doc, measurer: GridMeasurer())
        #expect(try layout.frames(width: 40, height: 999)[0].height == 5 + 3 * 12.5 + 5)
        #expect(layout.height == 47.5)
        #expect(try layout.frames(width: 200, height: 999)[0].height == 22.5)
    }

    @Test func rootHeightMustBeANumberOrFit() {
        documentDiagnosticTest(#"{"root": {"width": 10, "height": "fits"}}"#,
                               .wrongType(path: "root.height", expected: "a number or \"fit\"", found: "the string \"fits\""),
                               at: (1, 34))
    }
}
