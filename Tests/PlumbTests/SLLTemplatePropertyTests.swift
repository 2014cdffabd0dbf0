import PlumbTestSupport
import Testing
@testable import Plumb

/// Rule templates (`RuleTemplate`): random rule documents, whose rules draw
/// their texts from a small pool (so texts repeat on different views, with
/// different arguments), lower to the same system, the same schedule and
/// the same diagnostics with templates replayed and with every rule evaluated.
@Suite struct SLLTemplatePropertyTests {
    static let names = RuleName.allCases.map(\.description)
    static let measures = ["tt", "tb", "bb", "bt", "ct", "cb", "ll", "lr", "rr", "rl", "cl", "cr", "w", "h"]

    /// A rule text and the kinds of its specifiers' arguments (`true`: a view).
    struct Text {
        var text = ""
        var takesView: [Bool] = []
        /// The names assigned, in order.
        var assigned: [String] = []
        /// Whether to avoid problems: no names read, no `nil`, no compound
        /// assignment, no product of two views' values, no division by zero.
        var clean = false
    }

    /// A random value: numbers, percentages (with and without `H:`/`V:`),
    /// specifiers, names read as values, arithmetic, parentheses, negation.
    static func value(_ depth: Int, _ text: inout Text, _ rng: inout SplitMix64) -> String {
        var pick = Int.random(in: 0 ..< (depth > 1 ? 6 : 10), using: &rng)
        if text.clean && pick == 5 && Int.random(in: 0 ..< 4, using: &rng) == 0 { pick = 0 }
        switch pick {
        case 0, 1:
            return ["0", "8", "16", "-4", "28", "0.5625", "1e3"].randomElement(using: &rng)!
        case 2:
            return ["", "H:", "V:"].randomElement(using: &rng)! + ["50", "100", "25", "33.5"].randomElement(using: &rng)! + "%"
        case 3, 4:
            text.takesView.append(true)
            return "%" + measures.randomElement(using: &rng)!
        case 5:
            if Int.random(in: 0 ..< 4, using: &rng) == 0 { return names.randomElement(using: &rng)! }
            text.takesView.append(false)
            return ["%f", "%p"].randomElement(using: &rng)!
        case 6:
            return "-" + value(depth + 1, &text, &rng)
        case 7:
            return "(" + value(depth + 1, &text, &rng) + ")"
        default:
            let left = value(depth + 1, &text, &rng)
            let op = ["+", "-", "*", "/", "+", "-"].randomElement(using: &rng)!
            let right: String
            if op == "*" || op == "/" {
                // Mostly a constant factor; sometimes a view's value or zero (problems).
                right = !text.clean && Int.random(in: 0 ..< 5, using: &rng) == 0
                    ? value(depth + 1, &text, &rng)
                    : (text.clean ? ["2", "0.5", "3"] : ["2", "0.5", "0", "3"]).randomElement(using: &rng)!
            } else {
                right = value(depth + 1, &text, &rng)
            }
            return left + " " + op + " " + right
        }
    }

    /// A random text of one to four assignments: `=` (chained sometimes),
    /// compound assignments, `nil`.
    static func text(clean: Bool, _ rng: inout SplitMix64) -> Text {
        var text = Text(clean: clean)
        var parts: [String] = []
        for _ in 0 ..< Int.random(in: 1 ... 4, using: &rng) {
            let name = names.randomElement(using: &rng)!
            text.assigned.append(name)
            switch clean ? 4 + Int.random(in: 0 ..< 8, using: &rng) : Int.random(in: 0 ..< 12, using: &rng) {
            case 0: parts.append(name + " = nil")
            case 1: parts.append(name + " " + ["+=", "-=", "*=", "/="].randomElement(using: &rng)! + " "
                                 + value(1, &text, &rng))
            case 2, 3, 4:
                let inner = names.randomElement(using: &rng)!
                text.assigned.append(inner)
                parts.append(name + " = " + inner + " = " + value(0, &text, &rng))
            default: parts.append(name + " = " + value(0, &text, &rng))
            }
        }
        text.text = parts.joined(separator: ", ")
        return text
    }

    /// A random document: a tree of views, a pool of texts, and rules that
    /// take texts from the pool with random arguments. Half the seeds make
    /// documents meant to lower: clean texts, arguments naming earlier views
    /// only (no cycles), and follow-up rules that read or reset a name the
    /// view's previous rule assigned (`h += 4`, `w = h`, `h = nil`). The
    /// others add problems: arguments naming the rule's own view, its
    /// superview, the root, an unknown view, or a number where a view goes;
    /// one argument too few or too many; rules on the root.
    static func document(seed: Int) -> String {
        var rng = SplitMix64(seed: UInt64(seed))
        let clean = seed % 2 == 0
        let viewCount = Int.random(in: 2 ... 10, using: &rng)
        var parents = [-1]
        for i in 1 ... viewCount { parents.append(Int.random(in: 0 ..< i, using: &rng)) }
        func id(_ v: Int) -> String { v == 0 ? "root" : "v\(v)" }
        let pool = (0 ..< Int.random(in: 1 ... 6, using: &rng)).map { _ in text(clean: clean, &rng) }
        var rules: [String] = []
        func rule(_ view: Int, _ text: String, _ arguments: [String]) {
            rules.append(#"{"view": "\#(id(view))", "rule": "\#(text)", "args": [\#(arguments.joined(separator: ", "))]}"#)
        }
        for _ in 0 ..< Int.random(in: 1 ... 24, using: &rng) {
            let text = pool.randomElement(using: &rng)!
            let view = !clean && Int.random(in: 0 ..< 30, using: &rng) == 0 ? 0 : Int.random(in: 1 ... viewCount, using: &rng)
            var arguments: [String] = []
            for takesView in text.takesView {
                if clean {
                    arguments.append(takesView ? #""\#(id(Int.random(in: 0 ..< view, using: &rng)))""#
                                               : "\(Int.random(in: 0 ... 90, using: &rng))")
                } else if takesView {
                    switch Int.random(in: 0 ..< 20, using: &rng) {
                    case 0: arguments.append(#""\#(id(view))""#)
                    case 1: arguments.append(#""\#(id(max(parents[view], 0)))""#)
                    case 2: arguments.append(#""nowhere""#)
                    case 3: arguments.append("12")
                    default: arguments.append(#""\#(id(Int.random(in: 1 ... viewCount, using: &rng)))""#)
                    }
                } else {
                    arguments.append(Int.random(in: 0 ..< 20, using: &rng) == 0 ? #""v1""# : "\(Int.random(in: 0 ... 90, using: &rng))")
                }
            }
            if !clean {
                switch Int.random(in: 0 ..< 25, using: &rng) {
                case 0: if !arguments.isEmpty { arguments.removeLast() }
                case 1: arguments.append("7")
                default: break
                }
            }
            rule(view, text.text, arguments)
            if clean, let name = text.assigned.last, Int.random(in: 0 ..< 4, using: &rng) == 0 {
                let other = names.randomElement(using: &rng)!
                rule(view, ["\(name) += 4", "\(name) *= 2", "\(other) = \(name) - 8", "\(name) = nil"]
                        .randomElement(using: &rng)!, [])
            }
        }
        let views = (1 ... viewCount).map { #"{"id": "\#(id($0))", "parent": "\#(id(parents[$0]))"}"# }
        return #"{"root": {"id": "root", "width": 640, "height": 480}, "views": [\#(views.joined(separator: ", "))], "#
            + #""constraints": [], "rules": [\#(rules.joined(separator: ", "))]}"#
    }

    /// What lowering a document's rules gives: the system, the schedule, the diagnostics.
    struct Lowered: Equatable {
        var rowStart: [Int32], columns: [Int32], coefficients: [Double], constants: [Double]
        var relations: [Relation], origins: [Origin], keys: [UInt64?]
        var views: [ViewIndex]?, rows: [RowIndex]?, variables: [VariableIndex]?
        var diagnostics: [Diagnostic]
    }

    /// (On up to `threads` threads: RuleLoweringThreadsTests, which may
    /// look at the `schedule` too.)
    static func lower(
        _ document: LayoutDocument, templates: Bool, mergingRepeats: Bool = true, replayingShapes: Bool = true,
        threads: LoweringThreads = .one, schedule seen: (RuleSchedule?) -> Void = { _ in }
    ) -> Lowered {
        var builder = SystemBuilder(viewCount: document.viewCount, rows: 8 * document.ruleCount)
        builder.fixRoot(width: document.rootWidth, height: document.rootHeight, rootID: document.rootID)
        var sink = DiagnosticSink()
        let schedule = document.lowerRules(into: &builder, sink: &sink, templates: templates,
                                           mergingRepeats: mergingRepeats, replayingShapes: replayingShapes,
                                           threads: threads)
        seen(schedule)
        let system = builder.system
        return Lowered(
            rowStart: system.rowStart, columns: system.columns, coefficients: system.coefficients,
            constants: system.constants, relations: system.relations,
            origins: (0 ..< system.rowCount).map { system.origins[$0] },
            keys: (0 ..< system.rowCount).map { system.origins.key(at: $0) },
            views: schedule?.views, rows: schedule?.rows, variables: schedule?.variables,
            diagnostics: sink.diagnostics)
    }

    /// The first part where two lowerings differ, with both versions.
    static func difference(_ a: Lowered, _ b: Lowered) -> String {
        let parts: [(Lowered) -> String] = [
            { l in "\(l.rowStart)" }, { l in "\(l.columns)" }, { l in "\(l.coefficients)" },
            { l in "\(l.constants)" }, { l in "\(l.relations)" }, { l in "\(l.origins)" },
            { l in "\(l.keys)" }, { l in "\(String(describing: l.views))" },
            { l in "\(String(describing: l.rows))" }, { l in "\(String(describing: l.variables))" },
            { l in "\(l.diagnostics)" },
        ]
        let labels = ["rowStart", "columns", "coefficients", "constants", "relations", "origins", "keys",
                      "views", "rows", "variables", "diagnostics"]
        for (label, part) in zip(labels, parts) where part(a) != part(b) {
            return "\(label): templates \(part(a)), interpreter \(part(b))"
        }
        return "no difference"
    }

    @Test func templatesLowerAsTheInterpreterDoes() throws {
        var lowered = 0, failed = 0
        for seed in 0 ..< 600 {
            let json = Self.document(seed: seed)
            let document = try LayoutDocument.parse(Array(json.utf8), source: "random.json")
            let replayed = Self.lower(document, templates: true)
            let evaluated = Self.lower(document, templates: false)
            if replayed != evaluated {
                Issue.record("seed \(seed): \(Self.difference(replayed, evaluated)) in \(json)")
                break
            }
            if evaluated.diagnostics.isEmpty { lowered += 1 } else { failed += 1 }
        }
        // Both outcomes are well represented.
        #expect(lowered >= 150 && failed >= 150, "\(lowered) lowered, \(failed) with problems")
    }

    /// Documents of one text taking one view (its template ready from the
    /// third rule on), whose later rules give it arguments a replay must not
    /// take: none, one too many, a number, an unknown id, the rule's own
    /// view. Each is reported as the interpreter reports it, at its rule
    /// (the own view as a one-rule cycle, in a document without the others).
    @Test func readyTemplatesLeaveBadArgumentsToTheChecks() throws {
        func lowered(_ arguments: [(String, String)]) throws -> Lowered {
            let text = "ll = 8, tt = %bt + 4, w = h = 20"
            let views = ["p"] + (1 ... 8).map { "v\($0)" }
            let viewList = views.map { #"{"id": "\#($0)", "parent": "\#($0 == "p" ? "root" : "p")"}"# }
            let rules = arguments.map { #"{"view": "\#($0.0)", "rule": "\#(text)", "args": [\#($0.1)]}"# }
            let json = #"{"root": {"width": 640, "height": 480}, "views": [\#(viewList.joined(separator: ", "))], "#
                + #""rules": [\#(rules.joined(separator: ", "))]}"#
            let document = try LayoutDocument.parse(Array(json.utf8), source: "replay.json")
            let replayed = Self.lower(document, templates: true), evaluated = Self.lower(document, templates: false)
            #expect(replayed == evaluated, "\(Self.difference(replayed, evaluated))")
            return replayed
        }
        let first = [("v2", #""v1""#), ("v3", #""v2""#), ("v4", #""v3""#)]
        let cycle = try lowered(first + [("v8", #""v8""#)])
        #expect(cycle.diagnostics.map(\.message) == [#"rules form a cycle: rules[3] (view "v8") -> rules[3]"#])
        let replayed = try lowered(first + [("v5", ""), ("v5", #""v4", "v3""#), ("v6", "12"), ("v7", #""v9x""#),
                                            ("v8", #""v8""#)])
        #expect(replayed.diagnostics.map(\.location)
                == ["v5", "v5", "v6", "v7"].enumerated().map { #"rules[\#($0.offset + 3)] (view "\#($0.element)")"# })
        #expect(replayed.diagnostics.prefix(3).map(\.problem) == [
            .rule(.missingArgument(.measure(.bt), position: 1, given: 0)),
            .rule(.extraArguments(expected: 1, given: 2)),
            .rule(.wrongArgument(.measure(.bt), position: 1, found: "a number (12)")),
        ])
        guard case .rule(.unknownArgumentView("v9x", _))? = replayed.diagnostics.last?.problem else {
            Issue.record("not an unknown argument view: \(String(describing: replayed.diagnostics.last))")
            return
        }
    }

    /// Rules replayed from a ready template on a view's first rule and on a
    /// view that has one (the template's steps through the override
    /// policy), with the superview as the argument, lower as evaluated rules.
    @Test func readyTemplatesReplayOnEveryView() throws {
        let text = "ll = 8, tt = %bt + 4, w = h = 20"
        let viewList = ["p"] + (1 ... 6).map { "v\($0)" }
        let views = viewList.map { #"{"id": "\#($0)", "parent": "\#($0 == "p" ? "root" : "p")"}"# }
        let rules = [("p", "ll = tt = 0, w = 300, h = 400", ""), ("v1", "ll = tt = 2, w = h = 10", ""),
                     ("v2", text, #""v1""#), ("v3", text, #""v2""#), ("v4", text, #""v3""#), ("v5", text, #""v4""#),
                     ("v4", text, #""v2""#), ("v6", text, #""p""#), ("v5", "h = 30", "")]
            .map { #"{"view": "\#($0.0)", "rule": "\#($0.1)", "args": [\#($0.2)]}"# }
        let json = #"{"root": {"width": 640, "height": 480}, "views": [\#(views.joined(separator: ", "))], "#
            + #""rules": [\#(rules.joined(separator: ", "))]}"#
        let document = try LayoutDocument.parse(Array(json.utf8), source: "replay.json")
        let replayed = Self.lower(document, templates: true), evaluated = Self.lower(document, templates: false)
        #expect(replayed == evaluated, "\(Self.difference(replayed, evaluated))")
        #expect(replayed.diagnostics.isEmpty)
        let frames = try sllDocumentFrames(json)
        #expect(frames["v4"] == Rect(x: 8, y: 40, width: 20, height: 20))
        #expect(frames["v5"] == Rect(x: 8, y: 64, width: 20, height: 30))
        #expect(frames["v6"] == Rect(x: 8, y: 404, width: 20, height: 20))
    }

    /// The texts of the rules families are templated, and the frames of a
    /// family with templates are those without (exact values above).
    @Test func familyTextsAreTemplated() throws {
        for text in ["ll = rr = 16, tt = %bt + 8, h = 60", "ll = 8, ct = 50%, w = h = 28",
                     "ll = 12, w = 50% - 18, tt = 12, h = H:50% * 0.5625 - 10.125 + 40", "cl = 100% - 16, ct = 16, w = h = 20"] {
            var syntax = RuleSyntax()
            let bytes = Array(text.utf8)
            let issues = bytes.withUnsafeBufferPointer { SimpleLayoutParser.parse($0, into: &syntax) }
            #expect(issues.isEmpty)
            #expect(RuleTemplate.accepts(syntax), "\(text)")
        }
        for text in ["w = h", "h += 4", "ll = %f", "tt = %p", "w = %^f"] {
            var syntax = RuleSyntax()
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBufferPointer { SimpleLayoutParser.parse($0, into: &syntax) }
            #expect(!RuleTemplate.accepts(syntax), "\(text)")
        }
        for json in [SLLFixtures.listRules50, SLLFixtures.cardsRules50] {
            let document = try LayoutDocument.parse(Array(json.utf8), source: "family.json")
            let replayed = Self.lower(document, templates: true), evaluated = Self.lower(document, templates: false)
            #expect(replayed == evaluated, "\(Self.difference(replayed, evaluated))")
            // The rows and edges written from the replayed slots (no shapes): each row's origin
            // is the rule that its slot names, which the replay sets in every slot it copies.
            let fromSlots = Self.lower(document, templates: true, replayingShapes: false)
            #expect(fromSlots == evaluated, "\(Self.difference(fromSlots, evaluated))")
        }
    }
}
