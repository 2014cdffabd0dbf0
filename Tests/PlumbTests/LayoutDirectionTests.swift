import Testing
@testable import Plumb

/// Right-to-left layouts: `leading` and `trailing` measured from the right.
@Suite struct LayoutDirectionTests {
    /// A header bar with an icon at its leading end and a label after it,
    /// written with leading, trailing and sizes only.
    private func bar(direction: String?) -> String {
        let key = direction.map { #", "layoutDirection": "\#($0)""# } ?? ""
        return document(
            width: 320, height: 100, views: ["bar", "icon:bar", "label:bar", "fixed"],
            constraints: [
                "bar.leading = root.leading + 16", "bar.trailing = root.trailing - 24",
                "bar.top = root.top + 10", "bar.height = 44",
                "icon.leading = bar.leading + 8", "icon.width = 28",
                "icon.top = bar.top + 8", "icon.height = 28",
                "label.leading = icon.trailing + 12", "label.trailing = bar.trailing - 8",
                "label.top = bar.top", "label.height = bar.height",
                // left and right keep their meaning.
                "fixed.left = root.left + 5", "fixed.right = root.left + 15",
                "fixed.top = root.top", "fixed.height = 1",
            ], extra: key)
    }

    @Test func documentMirrorsLeadingAndTrailing() throws {
        let ltr = try solveDocument(bar(direction: nil), absolute: true)
        #expect(ltr["bar"] == rect(16, 10, 280, 44))
        #expect(ltr["icon"] == rect(24, 18, 28, 28))
        #expect(ltr["label"] == rect(64, 10, 224, 44))
        #expect(try solveDocument(bar(direction: "ltr"), absolute: true) == ltr)

        let rtl = try solveDocument(bar(direction: "rtl"), absolute: true)
        // Every leading/trailing-placed frame is the mirror image: x' = 320 - x - width.
        #expect(rtl["bar"] == rect(24, 10, 280, 44))
        #expect(rtl["icon"] == rect(268, 18, 28, 28))
        #expect(rtl["label"] == rect(32, 10, 224, 44))
        for id in ["bar", "icon", "label"] {
            let l = ltr[id]!, r = rtl[id]!
            #expect(r.x == 320 - l.x - l.width && r.width == l.width && r.y == l.y, "\(id)")
        }
        #expect(rtl["fixed"] == rect(5, 0, 10, 1))
        // In parent coordinates the label sits 8 points from the bar's left.
        #expect(try solveDocument(bar(direction: "rtl"))["label"] == rect(8, 0, 224, 44))
        #expect(try parseDocument(bar(direction: "rtl")).layoutDirection == .rightToLeft)
    }

    @Test func constantsAndMultipliersMirror() throws {
        let json = document(
            width: 200, height: 50, views: ["a", "b"],
            constraints: ["a.leading = 30", "a.width = 10", "b.trailing = 0.5 * root.width", "b.width = 20",
                          "a.top = 0", "a.height = 1", "b.top = 0", "b.height = 1"],
            extra: #", "layoutDirection": "rtl""#)
        let f = try solveDocument(json)
        #expect(f["a"] == rect(160, 0, 10, 1))  // right edge 30 from the root's right
        #expect(f["b"] == rect(100, 0, 20, 1))  // left edge at the middle
    }

    @Test func unknownDirectionIsAnErrorWithItsPosition() {
        documentDiagnosticTest(
            #"{"root": {"width": 10, "height": 10}, "layoutDirection": "rlt"}"#,
            .invalidChoice(path: "layoutDirection", value: "rlt", choices: ["ltr", "rtl"]), at: (1, 58))
        documentDiagnosticTest(
            #"{"root": {"width": 10, "height": 10}, "layoutDirection": 1}"#,
            .wrongType(path: "layoutDirection", expected: "a string", found: "a number"), at: (1, 58))
        let message = documentErrors(#"{"root": {"width": 10, "height": 10}, "layoutDirection": "RTL"}"#)
            .first?.description ?? ""
        #expect(message.contains(#"'layoutDirection' must be "ltr" or "rtl", found "RTL""#), "\(message)")
    }

    /// The Simple Layout Language has no leading or trailing names: `ll` and
    /// `rr` are the left and right edges whatever the direction.
    @Test func rulesReadTheSameBothWays() throws {
        func json(_ direction: String) -> String {
            #"{"root": {"width": 200, "height": 100}, "layoutDirection": "\#(direction)", "views": [{"id": "badge"}],"#
                + #" "rules": [{"view": "badge", "rule": "tt = 8, rr = 8, w = h = 20"}]}"#
        }
        let rtl = try solveDocument(json("rtl"))
        #expect(rtl["badge"] == rect(172, 8, 20, 20))
        #expect(try solveDocument(json("ltr")) == rtl)
    }

    @Test func mortarLeadingAndTrailingMirror() throws {
        func scene(_ direction: LayoutDirection) throws -> [Rect] {
            let (root, v) = mortarScene(2)
            v[0].m_leading |=| root.m_leading + 10
            v[0].m_width |=| 50
            v[1].m_leading |=| v[0].m_trailing + 5
            v[1].m_trailing |=| root.m_trailing - 20
            for view in v { view.m_top |=| 0; view.m_height |=| 10 }
            try root.layout(width: 400, height: 300, direction: direction)
            return v.map(\.frame)
        }
        #expect(try scene(.leftToRight) == [rect(10, 0, 50, 10), rect(65, 0, 315, 10)])
        #expect(try scene(.rightToLeft) == [rect(340, 0, 50, 10), rect(20, 0, 315, 10)])
    }

    @Test func makerLeadingAndTrailingMirror() throws {
        let root = View("root"), box = View("box")
        root.addSubview(box)
        box.makeConstraints { make in
            make.leading.equalTo(root.mas_leading).offset(12)
            make.trailing.equalTo(root.mas_centerX)
            make.top.height.equalTo(20)
        }
        try root.layout(width: 300, height: 100, direction: .rightToLeft)
        // Right to left: right edge 12 inside the root's right, left edge at the center.
        #expect(box.frame == rect(150, 20, 138, 20))
        try root.layout(width: 300, height: 100)
        #expect(box.frame == rect(12, 20, 138, 20))
    }

    /// Insets on leading and trailing are directional: the left inset goes on
    /// the leading side and the right inset on the trailing side.
    @Test func makerInsetsFollowTheDirection() throws {
        let root = View("root"), box = View("box")
        root.addSubview(box)
        box.makeConstraints { make in
            make.leading.trailing.equalTo(root).insets(EdgeInsets(top: 0, left: 10, bottom: 0, right: 30))
            make.top.height.equalTo(5)
        }
        try root.layout(width: 200, height: 100)
        #expect(box.frame == rect(10, 5, 160, 5))
        try root.layout(width: 200, height: 100, direction: .rightToLeft)
        #expect(box.frame == rect(30, 5, 160, 5))
    }

    @Test func simpleFormatConstraintsOnViews() throws {
        let root = View("root"), a = View("a")
        root.addSubview(a)
        Constraint.activate(try Constraint.make(
            simpleFormats: ["a.leading = root.leading + 4", "a.width = 6", "a.top = root.top", "a.height = 1"],
            views: ["a": a, "root": root]))
        try root.layout(width: 50, height: 50, direction: .rightToLeft)
        #expect(a.frame == rect(40, 0, 6, 1))
    }
}

/// Right to left, a compiled layout re-solved at another root width is the
/// same as a fresh solve at that width (leading and trailing are measured
/// from the root's right edge wherever it is).
@Suite struct CompiledLayoutDirectionTests {
    @Test func resizedRightToLeftMatchesAFreshSolve() throws {
        func json(width: Double) -> String {
            document(width: width, height: 100, views: ["bar", "icon:bar"],
                     constraints: ["bar.leading = root.leading + 16", "bar.trailing = root.trailing - 24",
                                   "bar.top = root.top", "bar.height = 44",
                                   "icon.leading = bar.leading + 8.3", "icon.width = 28",
                                   "icon.top = bar.top", "icon.height = 28"],
                     extra: #", "layoutDirection": "rtl""#)
        }
        let compiled = try CompiledLayout(try parseDocument(json(width: 320)))
        for width in [320.0, 500, 200, 1024] {
            let fresh = try LayoutDocument.parse(Array(json(width: width).utf8), source: "doc.json").lower()
            let expected = fresh.frames(from: try fresh.solve(), absolute: true, scale: 2)
            #expect(try compiled.frames(width: width, height: 100, absolute: true, scale: 2) == expected)
            // The icon's right edge is 16 + 8.3 from the root's right, rounded to 24.5 at scale 2.
            #expect(expected[2].maxX == width - 24.5)
        }
        #expect(throws: LayoutError.self) { try compiled.frames(width: 320, height: 100, scale: -1) }
    }
}
