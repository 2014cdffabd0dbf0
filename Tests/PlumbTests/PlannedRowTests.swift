import Testing
import PlumbTestSupport
@testable import Plumb

/// A constraint string matched to a template with a row plan
/// (`SimpleFormatTemplates.RowPlan`) makes its row from the plan, its two
/// names looked up (`DocumentScope.plannedRow`), without a shape or a
/// compiled constraint in between. These tests hold that row to the one
/// the string's full reading makes, and the strings the plan refuses
/// (unknown or odd names, one view whose terms repeat a variable, no plan)
/// to the rows and diagnostics they had.
@Suite struct PlannedRowTests {
    /// The views the generators' strings name, ids that are not names
    /// standing where a template's second name is, and a root.
    static let ids = ["a", "b", "cell12", "c0_1", "é", "content", "_x", "abcdefghijklmnopq", "zz", "cell123", "q",
                      "9a", "a b", "a+b"]

    static func quoted(_ text: String) -> String {
        var json: [UInt8] = []
        FrameWriter.appendString(text, to: &json)
        return String(decoding: json, as: UTF8.self)
    }

    /// A document of `ids` (and `extra` views) with `texts` as its constraint strings.
    static func document(_ texts: [String], extra: [String] = []) throws -> LayoutDocument {
        let views = (ids + extra).map { #"{"id":"# + quoted($0) + "}" }.joined(separator: ",")
        let json = #"{"root":{"id":"root","width":800,"height":600},"views":["# + views
            + #"],"constraints":["# + texts.map(quoted).joined(separator: ",") + "]}"
        return try LayoutDocument.parse(Array(json.utf8), source: "doc.json")
    }

    /// The row a compiled constraint makes, as `SystemBuilder` writes it
    /// left to right with no measured view: terms, constant, relation, priority.
    static func row(of c: ResolvedSimpleFormat<ViewIndex>) -> String {
        withUnsafeTemporaryAllocation(of: (VariableIndex, Double).self, capacity: 4) { scratch in
            let n = SystemBuilder.writeTerms(c.first, c.firstAttribute, multiplier: c.multiplier, c.second,
                                             c.secondAttribute, to: scratch.baseAddress!)
            let terms = scratch.prefix(n).map { "\($0.0.rawValue):\($0.1.bitPattern)" }
            return "\(terms) \((-c.constant).bitPattern) \(c.relation) \(c.priority.rawValue.bitPattern)"
        }
    }

    /// The row a planned string makes, written as ``row(of:)`` writes one.
    static func row(of planned: PlannedRow) -> String {
        let plan = planned.match.plan
        let terms = (0 ..< plan.count).map { planned.term($0) }.map { "\($0.0):\($0.1.bitPattern)" }
        return "\(terms) \(plan.constant.bitPattern) \(plan.relation) \(plan.priority.rawValue.bitPattern)"
    }

    /// Random strings (single-spaced, nearly so, near misses), each now
    /// and then followed by itself with a view renamed (another length, an
    /// id that is not a name, an unknown name), in a document's scope: a
    /// string that has no planned row is compiled (which keeps its
    /// template); one that has must be one the general parser compiles,
    /// and the row must be that constraint's, bit for bit.
    @Test(arguments: [6, 7] as [UInt64])
    func plannedRowIsTheConstraintsRow(seed: UInt64) throws {
        var generator = SingleSpacedShapeTests.Generator(random: SplitMix64(seed: seed))
        let renames = ["zz", "cell123", "q", "9a", "a b", "a+b", "nope", "é", "root", "abcdefghijklmnopq"]
        var texts: [String] = []
        for _ in 0 ..< 6_000 {
            let text = generator.constraint()
            texts.append(text)
            for name in ["a", "b", "cell12", "content", "c0_1"] where text.contains(name + ".") && generator.chance(60) {
                texts.append(text.replacingOccurrences(of: name + ".", with: generator.pick(renames) + "."))
            }
        }
        let document = try Self.document(texts)
        let scope = DocumentScope(document: document), plain = DocumentScope(document: document)
        let slot = UnsafeMutablePointer<ResolvedSimpleFormat<ViewIndex>>.allocate(capacity: 1)
        defer { slot.deallocate() }
        var planned = 0, wrong = 0, oneView = 0
        document.constraintTexts.withTexts { all in
            for i in 0 ..< document.constraintTexts.count {
                let text = all[i], shown = String(decoding: text, as: UTF8.self)
                var problems: [(LayoutProblem, Range<Int>)] = []
                guard let row = scope.plannedRow(text, nameRun: all.nameRun(i)) else {
                    _ = SimpleFormatSema.compile(text, in: scope, problems: &problems, into: slot, nameRun: all.nameRun(i))
                    continue
                }
                planned += 1
                if row.first == row.second && row.match.secondStart >= 0 { oneView += 1 }
                guard let expected = SimpleFormatSema.parseAndResolve(text, in: plain, problems: &problems) else {
                    wrong += 1
                    Issue.record("planned, but the general parser refuses \(shown.debugDescription)")
                    continue
                }
                if Self.row(of: row) != Self.row(of: expected) {
                    wrong += 1
                    Issue.record("\(shown.debugDescription): \(Self.row(of: row)) != \(Self.row(of: expected))")
                }
            }
        }
        #expect(wrong == 0)
        #expect(planned > 100, "\(planned)")
        // Strings whose two names are one view and whose terms do not repeat a variable (`a.width = a.height`).
        #expect(oneView >= 1, "\(oneView)")
        #expect(scope.shapeTemplates!.hits >= planned)
    }

    /// Templates whose rows the plan does not make, and one view named
    /// twice: a repeated variable (`a.right = a.left + 8` after
    /// `b.right = a.left + 8`) has no planned row, distinct variables do.
    @Test func planRefusesWhatItCannotMake() throws {
        let pairs: [(String, String, Bool)] = [
            ("b.right = a.left + 8", "a.right = a.left + 8", false),
            ("b.width = 0.5 * a.height", "a.width = 0.5 * a.height", true),
            ("b.centerX = a.left", "a.centerX = a.left", false),
            ("b.width = 0 * a.width", "q.width = 0 * a.width", false),
            ("b.width = 20 @ 1001", "a.width = 20 @ 1001", false),
            ("b.width = 20 @ 750", "a.width = 20 @ 750", true),
            ("b.left = zz.right + 8", "b.left = no.right + 8", false),
            ("b.left = zz.right + 8", "nope.left = zz.right + 8", false),
            ("b.left = zz.right + 8", "b.left = 9a.right + 8", false),
            ("b.left = zz.right + 8", "cell12.left = zz.right + 8", true),
            ("b.left = zzzz.right + 8", "b.left = root.right + 8", true),
        ]
        // Templates are kept from 256 strings on.
        let document = try Self.document(pairs.flatMap { [$0.0, $0.1] } + Array(repeating: "b.height = 5", count: 256))
        let scope = DocumentScope(document: document)
        let slot = UnsafeMutablePointer<ResolvedSimpleFormat<ViewIndex>>.allocate(capacity: 1)
        defer { slot.deallocate() }
        document.constraintTexts.withTexts { all in
            for (k, pair) in pairs.enumerated() {
                var problems: [(LayoutProblem, Range<Int>)] = []
                // The first keeps its template (a new one in that set).
                _ = SimpleFormatSema.compile(all[2 * k], in: scope, problems: &problems, into: slot, nameRun: -1)
                // The second matches the first's template (a hit), with or without a plan.
                let before = scope.shapeTemplates!.hits
                _ = scope.shapeTemplates!.shape(of: all[2 * k + 1])
                let matched = scope.shapeTemplates!.hits == before + 1
                let planned = scope.plannedRow(all[2 * k + 1], nameRun: -1) != nil
                #expect(matched && planned == pair.2, "\(pair.1)")
            }
        }
    }

    /// Lines of each row a document's lowering makes (terms, constant,
    /// relation, priority), or the error's text with every diagnostic.
    static func rows(_ document: LayoutDocument, threads: LoweringThreads) -> String {
        do {
            let system = try document.lower(threads: threads).system
            return (0 ..< system.rowCount).map { r in
                "\(system.terms(of: RowIndex(r))) \(system.constants[r].bitPattern) \(system.relations[r]) "
                    + "\(system.priorities[r])"
            }.joined(separator: "\n")
        } catch {
            return "error:\n" + error.diagnostics.map {
                "\($0.location) \($0.problem) \($0.line ?? -1):\($0.column ?? -1) \($0.excerpt ?? "") "
                    + "\($0.caretOffset) \($0.caretLength)"
            }.joined(separator: "\n")
        }
    }

    /// Strings in groups that repeat with other views (templates, plans),
    /// with strings the plans refuse among them.
    static func texts(wrong: Bool) -> [String] {
        var texts: [String] = []
        for k in 1 ..< 200 {
            let v = "v\(k)", u = "v\(k - 1)"
            texts += ["\(v).left = \(u).right + 8", "\(v).height = 0.75 * \(v).width", "\(v).top = root.top + \(k % 9)",
                      "\(v).width <= 0.5 * \(u).width - 3 @ 750", "\(v).centerY = \(u).centerY"]
            if k % 23 == 0 {
                texts += ["\(v).right = \(v).left + 8", "\(v).width = 0 * \(u).width", "\(v).width >= 1e300 * \(u).height"]
                if wrong {
                    texts += ["\(v).left = nope\(k).right + 8", "nope.top = \(u).top", "\(v).width = 20 @ 1001",
                              "\(v).left = a+b.right + 8"]
                }
            }
        }
        return texts
    }

    /// A document lowered through the plans gives the rows of the same
    /// strings spaced so that no template is kept (each read in full), on
    /// one thread and on two (the second thread's blocks); with wrong
    /// strings that match planned templates, the diagnostics each string
    /// gets alone in a document of its own (no templates under 256 strings).
    @Test func documentRowsAreThoseOfTheStringsReadInFull() throws {
        let extra = (0 ..< 200).map { "v\($0)" }
        let texts = Self.texts(wrong: false)
        let planned = try Self.document(texts, extra: extra)
        let spaced = try Self.document(texts.map { $0.replacingOccurrences(of: " = ", with: "  = ")
            .replacingOccurrences(of: " <= ", with: "  <= ").replacingOccurrences(of: " >= ", with: "  >= ") },
            extra: extra)
        let expected = Self.rows(spaced, threads: .one)
        #expect(!expected.hasPrefix("error:"), "\(expected.prefix(400))")
        #expect(expected.split(separator: "\n").count > texts.count)
        for threads in [LoweringThreads.one, TwoThreadLoweringTests.two(from: 8, chunk: 64),
                        TwoThreadLoweringTests.two(from: 8, chunk: 7, waiting: false)] {
            #expect(Self.rows(planned, threads: threads) == expected)
        }

        let wrongTexts = Self.texts(wrong: true)
        let wrong = try Self.document(wrongTexts, extra: extra)
        let error = Self.rows(wrong, threads: .one)
        #expect(Self.rows(wrong, threads: TwoThreadLoweringTests.two(from: 8, chunk: 64)) == error)
        let lines = error.split(separator: "\n").dropFirst()
        var compared = 0
        for (index, text) in wrongTexts.enumerated() where text.contains("nope") || text.contains("1001") || text.contains("a+b") {
            // Suggestions stop after the first twenty unknown names: the first strings only.
            guard compared < 6 else { break }
            let alone = Self.rows(try Self.document([text], extra: extra), threads: .one)
            let expectedLines = alone.split(separator: "\n").dropFirst().filter { $0.hasPrefix("constraints[0] ") }
                .map { $0.replacingOccurrences(of: "constraints[0] ", with: "constraints[\(index)] ") }
            let given = lines.filter { $0.hasPrefix("constraints[\(index)] ") }.map(String.init)
            #expect(!given.isEmpty && given == expectedLines, "\(text)")
            compared += 1
        }
        #expect(compared == 6)
        #expect(error.hasPrefix("error:") && lines.count > 30, "\(error.prefix(400))")
    }
}
