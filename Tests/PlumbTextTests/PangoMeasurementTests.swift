import Foundation
import Plumb
import PlumbText
import Testing

/// Text measured by Pango through PlumbText, checked against Pango asked
/// directly (``PangoReference``), and layouts that use the measurements.
@Suite struct PangoMeasurementTests {
    let measurer = PangoTextMeasurer()
    static let sentence = "The quick brown fox jumps over the lazy dog and keeps running"

    @Test func measurerGivesPangosOwnNumbers() throws {
        let reference = PangoReference.measure("Hello, world", size: 15)
        let metrics = try measurer.measure(Text("Hello, world", font: Font(family: "DejaVu Sans", size: 15)), width: nil)
        #expect(metrics.width == reference.width)
        #expect(metrics.height == reference.height)
        #expect(metrics.lineCount == 1)
        #expect(metrics.firstBaseline == reference.firstBaseline)
        #expect(metrics.lastBaseline == reference.lastBaseline)
        #expect(metrics.lines.map(\.text) == ["Hello, world"])
        // DejaVu Sans at 15 points: about 90 wide, one line of 17.46 (ascent + descent).
        #expect(abs(reference.width - 90) < 10)
        #expect(reference.height == 17.4609375)
    }

    @Test func aLabelTakesItsNaturalSizeWhenNothingElseDecides() throws {
        let root = View("root"), label = View("label")
        root.addSubview(label)
        label.text = Text("Hello, world")
        try Constraint.activate(Constraint.make(simpleFormats: ["label.left = root.left + 10", "label.top = root.top + 20"],
                                                views: ["root": root, "label": label]))
        try root.layout(width: 400, height: 300, measurer: measurer)
        let reference = PangoReference.measure("Hello, world", size: 15)
        #expect(label.frame == Rect(x: 10, y: 20, width: reference.width, height: reference.height))
        #expect(label.textMetrics?.lineCount == 1)
    }

    @Test(arguments: [(200.0, 3), (600.0, 1)])
    func aLabelWrapsToTheWidthItIsGiven(width: Double, lines: Int) throws {
        let reference = PangoReference.measure(Self.sentence, size: 15, width: width)
        #expect(reference.lines == lines)
        let root = View("root"), label = View("label"), below = View("below")
        root.addSubview(label)
        root.addSubview(below)
        label.text = Text(Self.sentence)
        below.intrinsicContentSize = IntrinsicSize(width: 50, height: 20)
        try Constraint.activate(Constraint.make(simpleFormats: [
            "label.left = root.left", "label.right = root.right", "label.top = root.top",
            "below.top = label.bottom + 4", "below.left = root.left",
        ], views: ["root": root, "label": label, "below": below]))
        try root.layout(width: width, height: 400, measurer: measurer)
        #expect(label.frame == Rect(x: 0, y: 0, width: width, height: reference.height))
        #expect(below.frame.y == reference.height + 4)
        #expect(label.textMetrics?.lineCount == lines)
        #expect(label.textMetrics?.lastBaseline == reference.lastBaseline)
    }

    @Test func baselinesComeFromTheFontAndOtherViewsUseTheirBottom() throws {
        let root = View("root"), big = View("big"), small = View("small"), box = View("box"), note = View("note")
        for v in [big, small, box, note] { root.addSubview(v) }
        big.text = Text("Title that wraps onto a second line", font: Font(family: "DejaVu Sans", size: 24))
        small.text = Text("caption", font: Font(family: "DejaVu Sans", size: 11))
        box.intrinsicContentSize = IntrinsicSize(width: 30, height: 30)
        note.text = Text("note", font: Font(family: "DejaVu Sans", size: 13))
        let views = ["root": root, "big": big, "small": small, "box": box, "note": note]
        try Constraint.activate(Constraint.make(simpleFormats: [
            "big.left = root.left", "big.top = root.top + 5", "big.width = 200",
            "small.left = big.right + 8", "small.firstBaseline = big.firstBaseline",
            "box.left = small.right + 8", "box.baseline = big.lastBaseline",
            "note.left = root.left", "note.firstBaseline = box.firstBaseline + 30",
        ], views: views))
        try root.layout(width: 500, height: 400, measurer: measurer)
        let b = PangoReference.measure("Title that wraps onto a second line", size: 24, width: 200)
        let s = PangoReference.measure("caption", size: 11)
        let n = PangoReference.measure("note", size: 13)
        #expect(b.lines > 1)
        #expect(big.frame.height == b.height)
        #expect(small.frame.y + s.firstBaseline == 5 + b.firstBaseline)
        // A view without text: its baselines are its bottom.
        #expect(box.frame.y + 30 == 5 + b.lastBaseline)
        #expect(note.frame.y + n.firstBaseline == box.frame.maxY + 30)
    }

    @Test func lineHeightAndLineLimit() throws {
        let text = Text(Self.sentence, lineHeight: 22)
        let metrics = try measurer.measure(text, width: 200)
        let reference = PangoReference.measure(Self.sentence, size: 15, width: 200, lineHeight: 22)
        #expect(metrics.height == reference.height)
        #expect(metrics.height == 66)
        #expect(metrics.lastBaseline - metrics.firstBaseline == 44)
        let cut = try measurer.measure(Text(Self.sentence, lines: 2), width: 200)
        #expect(cut.lineCount == 2)
        #expect(cut.height == PangoReference.measure("one\ntwo", size: 15).height)
        #expect(cut.lines[1].text.hasSuffix("…"))
    }

    @Test func anUnknownFontFamilyIsAnError() throws {
        let root = View("root"), label = View("label")
        root.addSubview(label)
        label.text = Text("hello", font: Font(family: "No Such Family Plumb", size: 12))
        try Constraint.activate(Constraint.make(simpleFormats: ["label.left = root.left", "label.top = root.top"],
                                                views: ["root": root, "label": label]))
        let error = #expect(throws: LayoutError.self) { try root.layout(width: 100, height: 100, measurer: measurer) }
        let problem = try #require(error?.diagnostics.first?.problem)
        guard case .textMeasurement(let view, let message) = problem else {
            Issue.record("unexpected \(problem)")
            return
        }
        #expect(view == "label")
        #expect(message.contains("'No Such Family Plumb' is not installed"))
    }

    @Test func theInstalledMeasurerIsUsedByDefault() throws {
        PlumbText.install()
        let root = View("root"), label = View("label")
        root.addSubview(label)
        label.text = Text("Hello, world")
        try Constraint.activate(Constraint.make(simpleFormats: ["label.left = root.left", "label.top = root.top"],
                                                views: ["root": root, "label": label]))
        try root.layout(width: 400, height: 300)
        #expect(label.frame.width == PangoReference.measure("Hello, world", size: 15).width)
    }
}

@Suite struct PangoLineLimitTests {
    @Test func theLimitIsPerParagraph() throws {
        let metrics = try PangoTextMeasurer().measure(Text("one\ntwo\nthree", lines: 1), width: 300)
        #expect(metrics.lineCount == 3)
        let long = try PangoTextMeasurer().measure(
            Text(PangoMeasurementTests.sentence + "\nshort", lines: 1), width: 100)
        #expect(long.lineCount == 2)
        #expect(long.lines[0].text.hasSuffix("…") && long.lines[1].text == "short")
    }

    @Test func aNulCharacterDoesNotCutTheText() throws {
        let metrics = try PangoTextMeasurer().measure(Text("a\u{0}b"), width: nil)
        #expect(metrics.lines.map(\.text) == ["a\u{FFFD}b"])
        #expect(metrics.width == PangoReference.measure("a\u{FFFD}b", size: 15).width)
    }

    @Test func rightToLeftLinesEndAtTheRightOfTheWidth() throws {
        let metrics = try PangoTextMeasurer().measure(Text("שלום עולם זה טקסט ארוך שנשבר לשורות"), width: 150)
        #expect(metrics.lineCount == 2)
        for line in metrics.lines {
            #expect(line.x > 0)
            #expect(abs(line.x + line.width - 150) < 1e-9, "\(line)")
        }
        let ltr = try PangoTextMeasurer().measure(Text(PangoMeasurementTests.sentence), width: 200)
        #expect(ltr.lines.allSatisfy { $0.x == 0 })
    }

    @Test func emptyTextHasOneEmptyLine() throws {
        let metrics = try PangoTextMeasurer().measure(Text(""), width: nil)
        #expect(metrics.width == 0 && metrics.lineCount == 1)
        #expect(metrics.height == PangoReference.measure("x", size: 15).height)
    }
}

/// The Swift example of docs/text.md, as written there.
@Suite struct TextDocsExampleTests {
    @Test func theDocsExampleGivesTheFramesItShows() throws {
        PlumbText.install()
        let root = View("root"), label = View("label"), time = View("time")
        root.addSubview(label)
        root.addSubview(time)
        label.text = Text("The quick brown fox jumps over the lazy dog and keeps running",
                          font: Font(family: "DejaVu Sans", size: 15))
        time.text = Text("9:41", font: Font(family: "DejaVu Sans", size: 11))
        try Constraint.activate(Constraint.make(simpleFormats: [
            "label.left = root.left", "label.top = root.top", "label.width = 200",
            "time.left = label.right + 6", "time.lastBaseline = label.lastBaseline",
        ], views: ["root": root, "label": label, "time": time]))
        try root.layout(width: 320, height: 480)
        #expect(label.frame == Rect(x: 0, y: 0, width: 200, height: 52.3828125))
        #expect(label.textMetrics?.lineCount == 3)
        let t = PangoReference.measure("9:41", size: 11)
        let l = PangoReference.measure(PangoMeasurementTests.sentence, size: 15, width: 200)
        #expect(time.frame == Rect(x: 206, y: l.lastBaseline - t.lastBaseline, width: t.width, height: t.height))
    }
}
