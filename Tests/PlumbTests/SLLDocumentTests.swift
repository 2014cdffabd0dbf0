import Testing
@testable import Plumb

/// Rules in layout documents: frames, mixing with constraint strings, errors.
@Suite struct SLLDocumentTests {
    /// A document with `views` (id, parent) and the given rules and constraints.
    private func document(
        width: Double = 320, height: Double = 480, views: [(String, String)], constraints: [String] = [],
        rules: [(String, String, String)]
    ) -> String {
        let viewList = views.map { #"{"id": "\#($0.0)", "parent": "\#($0.1)"}"# }.joined(separator: ", ")
        let constraintList = constraints.map { #""\#($0)""# }.joined(separator: ", ")
        let ruleList = rules.map { #"{"view": "\#($0.0)", "rule": "\#($0.1)", "args": [\#($0.2)]}"# }
            .joined(separator: ", ")
        return #"{"root": {"width": \#(width), "height": \#(height)}, "views": [\#(viewList)], "#
            + #""constraints": [\#(constraintList)], "rules": [\#(ruleList)]}"#
    }

    /// The example of the layout document spec, with the views its rules need.
    @Test func specExample() throws {
        let frames = try sllDocumentFrames("""
            {"root": {"id": "root", "width": 1024, "height": 768},
             "views": [{"id": "badge", "parent": "root"}, {"id": "row1"}, {"id": "row2"}],
             "constraints": ["row1.left = root.left", "row1.right = root.right", "row1.top = root.top + 100",
                             "row1.height = 44"],
             "rules": [
               {"view": "badge", "rule": "tt = 8, rr = 8, w = h = 20"},
               {"view": "row2",  "rule": "tt = %bt + 8, ll = rr = 0, h = 44", "args": ["row1"]}
             ]}
            """)
        #expect(frames["badge"] == Rect(x: 996, y: 8, width: 20, height: 20))
        #expect(frames["row2"] == Rect(x: 0, y: 152, width: 1024, height: 44))
    }

    @Test func numberArgumentsAndRulesAcrossViews() throws {
        let frames = try sllDocumentFrames(document(
            views: [("card", "root"), ("title", "card")],
            rules: [("card", "ll = rr = %f, tt = %p, h = 200", "16, 10"),
                    ("title", "ll = %ll + 4, tt = %tt, w = %w / 2, h = %h", #""card", "card", "card", "card""#),
                    ("card", "h += 20", "")]))
        #expect(frames["card"] == Rect(x: 16, y: 48, width: 288, height: 220))
        // Measured against the title's superview (the card itself).
        #expect(frames["title"] == Rect(x: 20, y: 48, width: 144, height: 220))
    }

    @Test func rulesMixWithConstraintStrings() throws {
        let frames = try sllDocumentFrames(document(
            views: [("a", "root"), ("b", "root")],
            constraints: ["a.width = 0.5 * root.width", "b.top = a.bottom + 10", "b.height = a.height"],
            rules: [("a", "ll = tt = 10, h = 100", ""), ("b", "ll = %rl, rr = 10", #""a""#)]))
        #expect(frames["a"] == Rect(x: 10, y: 10, width: 160, height: 100))
        #expect(frames["b"] == Rect(x: 170, y: 120, width: 140, height: 100))
    }

    @Test func listRulesFamilyAtFiftyViews() throws {
        try checkFamily(SLLFixtures.listRules50, SLLFixtures.listRules50Frames)
    }

    @Test func cardsRulesFamilyAtFiftyViews() throws {
        try checkFamily(SLLFixtures.cardsRules50, SLLFixtures.cardsRules50Frames)
    }

    private func checkFamily(_ json: String, _ expected: [String: [Double]]) throws {
        let frames = try sllDocumentFrames(json)
        #expect(frames.count == expected.count + 1)
        for (id, e) in expected {
            let want = Rect(x: e[0], y: e[1], width: e[2], height: e[3])
            #expect(sllClose(frames[id], want, tolerance: 1e-9), "\(id): \(String(describing: frames[id])) != \(want)")
        }
    }

    @Test func everyRuleViewIsScheduled() throws {
        let document = try LayoutDocument.parse(Array(SLLFixtures.cardsRules50.utf8), source: "cards.json")
        var builder = SystemBuilder(viewCount: document.viewCount, rows: 8 * document.rules.count)
        builder.fixRoot(width: document.rootWidth, height: document.rootHeight, rootID: document.rootID)
        var sink = DiagnosticSink()
        let schedule = try #require(document.lowerRules(into: &builder, sink: &sink))
        #expect(sink.isEmpty)
        #expect(schedule.views.count == document.viewCount - 1)
        #expect(schedule.rows.count == 4 * (document.viewCount - 1))
        // Cards before their images, images before titles and badges.
        let position = Dictionary(uniqueKeysWithValues: schedule.views.enumerated().map { (document.viewID(at: $1.int), $0) })
        for i in 0 ..< 12 {
            #expect(position["card\(i)"]! < position["img\(i)"]!)
            #expect(position["img\(i)"]! < position["title\(i)"]!)
            #expect(position["img\(i)"]! < position["badge\(i)"]!)
            if i >= 2 { #expect(position["card\(i - 2)"]! < position["card\(i)"]!) }
        }
    }

    /// Rules sharing a text share its parse (`RuleSyntaxCache`); each still
    /// places its own view, against its own superview and arguments.
    @Test func rulesWithTheSameTextPlaceTheirOwnViews() throws {
        let frames = try sllDocumentFrames(document(
            views: [("a", "root"), ("b", "root"), ("c", "a"), ("d", "b")],
            rules: [("a", "ll = 10, w = 50%, tt = 0, h = 100", ""),
                    ("b", "ll = 10, w = 50%, tt = %bt + 5, h = 100", #""a""#),
                    ("c", "ll = 8, ct = 50%, w = h = 20", ""),
                    ("d", "ll = 8, ct = 50%, w = h = 20", ""),
                    ("b", "ll = 10, w = 50%, tt = %bt + 5, h = 100", #""c""#)]))
        #expect(frames["a"] == Rect(x: 10, y: 0, width: 160, height: 100))
        #expect(frames["b"] == Rect(x: 10, y: 65, width: 160, height: 100))
        #expect(frames["c"] == Rect(x: 18, y: 40, width: 20, height: 20))
        #expect(frames["d"] == Rect(x: 18, y: 105, width: 20, height: 20))
    }

    /// A text with a problem is not kept: every rule with it is reported.
    @Test func aRepeatedBadTextIsReportedForEveryRule() {
        let diagnostics = sllDocumentErrors(document(
            views: [("a", "root"), ("b", "root")],
            rules: [("a", "tx = 5", ""), ("b", "tx = 5", ""), ("a", "ll = %ll", #""b""#),
                    ("b", "ll = %ll", #""zz""#), ("a", "tx = 5", "")]))
        #expect(diagnostics.map(\.location) == [
            "rules[0] (view \"a\")", "rules[1] (view \"b\")", "rules[3] (view \"b\")", "rules[4] (view \"a\")",
        ])
        #expect(diagnostics.map(\.problem) == [
            .rule(.unknownName("tx", suggestion: "tt")), .rule(.unknownName("tx", suggestion: "tt")),
            .rule(.unknownArgumentView("zz", suggestion: nil)), .rule(.unknownName("tx", suggestion: "tt")),
        ])
    }

    /// View ids given as rule arguments are kept as the document's bytes:
    /// escaped and non-ASCII ids, the root's, and an id that is not a view
    /// resolve as their `String`s would, come back unchanged in `rules`, and
    /// are spelt out in messages.
    @Test func viewArgumentsAreFoundByTheirBytes() throws {
        let views = #"[{"id": "a\u00e9", "parent": "root"}, {"id": "q\"b", "parent": "root"}, {"id": "c"}]"#
        let rules = #"""
            [{"view": "a\u00e9", "rule": "tt = 10, ll = 0, w = 40, h = 20"},
             {"view": "q\"b", "rule": "tt = %bt + %f, ll = %rl, w = h = 10", "args": ["aé", 4, "a\u00e9"]},
             {"view": "c", "rule": "tt = %bt - 56, ll = %ll + 2, w = %w, h = 5", "args": ["root", "q\u0022b", "q\"b"]}]
            """#
        let json = #"{"root": {"width": 200, "height": 100}, "views": \#(views), "rules": \#(rules)}"#
        let parsed = try LayoutDocument.parse(Array(json.utf8), source: "args.json")
        #expect(parsed.rules.map(\.args) == [[], [.view("aé"), .number(4), .view("aé")], [.view("root"), .view("q\"b"), .view("q\"b")]])
        let frames = try sllDocumentFrames(json)
        #expect(frames["aé"] == Rect(x: 0, y: 10, width: 40, height: 20))
        #expect(frames["q\"b"] == Rect(x: 40, y: 34, width: 10, height: 10))
        #expect(frames["c"] == Rect(x: 42, y: 44, width: 10, height: 5))
        // An id that names no view, and a view id where a number goes, are
        // spelt out as written (after unescaping).
        let diagnostics = sllDocumentErrors(document(
            views: [("a", "root")], rules: [("a", "tt = %bt", #""z\u00e9""#), ("a", "w = %f", #""q\"b""#)]))
        #expect(diagnostics.map(\.problem) == [
            .rule(.unknownArgumentView("zé", suggestion: nil)),
            .rule(.wrongArgument(.number(percent: false), position: 1, found: "a view id 'q\"b'")),
        ])
    }

    @Test func problemsAreLocatedByRuleAndView() {
        let diagnostics = sllDocumentErrors(document(
            views: [("row1", "root"), ("row2", "root")],
            rules: [("row1", "tt = 0", ""),
                    ("nope", "tt = 1", ""),
                    ("row2", "tt = %bt +", #""row1""#),
                    ("row2", "tt = %bt", #""row3""#),
                    ("row2", "tt = %bt", "2"),
                    ("row2", "w = %^f", "2"),
                    ("root", "tt = 0", ""),
                    ("row2", "tt = %f", "")]))
        #expect(diagnostics.map(\.location) == [
            "rules[1]", "rules[2] (view \"row2\")", "rules[3] (view \"row2\")", "rules[4] (view \"row2\")",
            "rules[5] (view \"row2\")", "rules[6] (view \"root\")", "rules[7] (view \"row2\")",
        ])
        #expect(diagnostics.map(\.problem) == [
            .unknownView("nope", suggestion: nil),
            .expected("a value", found: "end of rule"),
            .rule(.unknownArgumentView("row3", suggestion: "row1")),
            .rule(.wrongArgument(.measure(.bt), position: 1, found: "a number (2)")),
            .rule(.wrongArgument(.closure(percent: false), position: 1, found: "a number (2)")),
            .rule(.rulesOnRoot(view: "root")),
            .rule(.missingArgument(.number(percent: false), position: 1, given: 0)),
        ])
        #expect(diagnostics[1].description.hasPrefix("rules[2] (view \"row2\"):1:11: error: expected a value, found end of rule"))
        #expect(diagnostics[1].origin == Origin(kind: .rule, index: 2, text: "tt = %bt +"))
        #expect(diagnostics[2].column == 6)
    }

    @Test func cyclesNameTheirRules() {
        let diagnostics = sllDocumentErrors(document(
            views: [("a", "root"), ("b", "root"), ("c", "root"), ("d", "root")],
            rules: [("a", "ll = 0, w = h = 10, tt = %bt", #""b""#),
                    ("d", "tt = ll = 0, w = h = 10", ""),
                    ("b", "ll = 0, w = h = 10", ""),
                    ("b", "tt = %bt + %h", #""c", "d""#),
                    ("c", "ll = 0, w = h = 10, tt = %tt", #""a""#)]))
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.message
                == #"rules form a cycle: rules[0] (view "a") -> rules[3] (view "b") -> rules[4] (view "c") -> rules[0]"#)
        #expect(diagnostics.first?.location == #"rules[0] (view "a")"#)
    }

    @Test func aViewNamingItselfIsACycle() {
        let diagnostics = sllDocumentErrors(document(
            views: [("a", "root")], rules: [("a", "ll = tt = 0, w = 10, h = %w", #""a""#)]))
        #expect(diagnostics.map(\.message) == [#"rules form a cycle: rules[0] (view "a") -> rules[0]"#])
    }

    @Test func aParentMeasuringItsChildIsACycle() {
        let diagnostics = sllDocumentErrors(document(
            views: [("card", "root"), ("label", "card")],
            rules: [("label", "ll = tt = 8, w = 100, h = 20", ""),
                    ("card", "ll = tt = 0, w = 200, h = %bt + 8", #""label""#)]))
        #expect(diagnostics.map(\.message)
                == [#"rules form a cycle: rules[0] (view "label") -> rules[1] (view "card") -> rules[0]"#])
    }

    @Test func conflictsNameRules() {
        let diagnostics = sllDocumentErrors(document(
            views: [("a", "root")], constraints: ["a.width = 50"], rules: [("a", "ll = rr = 10, tt = 0, h = 5", "")]))
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.notes.contains(#"rules[0] "ll = rr = 10, tt = 0, h = 5""#) == true)
        #expect(diagnostics.first?.notes.contains(#"constraints[0] "a.width = 50""#) == true)
    }
}
