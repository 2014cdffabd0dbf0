import Testing
@testable import Plumb

/// A noted replay's slots are written only for its template's first such
/// table; the others keep the note alone (`RuleBook.DeferredSlots`) unless
/// something reads their slots: a later rule of the view, or a lowering
/// without shapes. Each document lowers to the same system, schedule and
/// diagnostics as with every rule evaluated, and leaves exactly the tables
/// expected unwritten.
@Suite struct DeferredSlotsTests {
    static let text = "ll = 8, tt = %bt + 4, w = h = 20, maxh = 50"

    /// `p` under the root with `v1` ... `v{count}` under it; `p` and `v1`
    /// laid out by rules of their own, then `v2` ... `v{chain}` each by
    /// ``text`` below the view before it, then `later` rules.
    static func document(views count: Int, chain: Int, later: [(String, String, String)]) throws -> LayoutDocument {
        let viewList = ["p"] + (1 ... count).map { "v\($0)" }
        let views = viewList.map { #"{"id": "\#($0)", "parent": "\#($0 == "p" ? "root" : "p")"}"# }
        var rules: [(String, String, String)] = [("p", "ll = tt = 0, w = 300, h = 400", ""),
                                                 ("v1", "ll = tt = 2, w = h = 10", "")]
        for v in 2 ... chain { rules.append(("v\(v)", text, #""v\#(v - 1)""#)) }
        rules += later
        let json = #"{"root": {"width": 640, "height": 480}, "views": [\#(views.joined(separator: ", "))], "#
            + #""rules": [\#(rules.map { #"{"view": "\#($0.0)", "rule": "\#($0.1)", "args": [\#($0.2)]}"# }.joined(separator: ", "))]}"#
        return try LayoutDocument.parse(Array(json.utf8), source: "deferred.json")
    }

    /// Lowers `document` with templates (shapes replayed or not) and
    /// without; expects the same lowering and returns the schedules' counts
    /// with templates: (tables left unwritten, tables replayed) with shapes,
    /// and the tables left unwritten without shapes.
    static func counts(_ document: LayoutDocument) -> (unwritten: Int, replayed: Int, unwrittenWithoutShapes: Int) {
        let evaluated = SLLTemplatePropertyTests.lower(document, templates: false)
        #expect(evaluated.diagnostics.isEmpty)
        var counts = (unwritten: -1, replayed: -1, unwrittenWithoutShapes: -1)
        let replayed = SLLTemplatePropertyTests.lower(document, templates: true) {
            counts.unwritten = $0?.unwrittenTables ?? -1
            counts.replayed = $0?.replayedTables ?? -1
        }
        #expect(replayed == evaluated, "\(SLLTemplatePropertyTests.difference(replayed, evaluated))")
        let fromSlots = SLLTemplatePropertyTests.lower(document, templates: true, replayingShapes: false) {
            counts.unwrittenWithoutShapes = $0?.unwrittenTables ?? -1
        }
        #expect(fromSlots == evaluated, "\(SLLTemplatePropertyTests.difference(fromSlots, evaluated))")
        let unmerged = SLLTemplatePropertyTests.lower(document, templates: true, mergingRepeats: false)
        #expect(unmerged == evaluated, "\(SLLTemplatePropertyTests.difference(unmerged, evaluated))")
        return counts
    }

    /// `v2`'s rule is parsed, `v3`'s recorded into the template, `v4`'s the
    /// first replay (noted, its slots written), `v5` ... `v9`'s noted and
    /// left unwritten.
    @Test func notedReplaysPastTheFirstAreLeftUnwritten() throws {
        let counts = Self.counts(try Self.document(views: 9, chain: 9, later: []))
        #expect(counts.unwritten == 5)
        #expect(counts.replayed == 6)
        // Without shapes every slot is read: all are written before.
        #expect(counts.unwrittenWithoutShapes == 0)
    }

    /// A later rule of a view left unwritten (overriding, adding a bound,
    /// resetting a name) writes that view's slots first, and only its.
    @Test func aLaterRuleWritesItsViewsSlotsFirst() throws {
        let later = [("v6", "w = 30, minw = 4", ""), ("v8", "h = nil", ""), ("v9", "rr = 100%", "")]
        let counts = Self.counts(try Self.document(views: 9, chain: 9, later: later))
        // v5 and v7 are left; v6, v8, v9 are no longer replays.
        #expect(counts.unwritten == 2)
        #expect(counts.replayed == 3)
        #expect(counts.unwrittenWithoutShapes == 0)
    }

    /// A later rule of the view whose slots were written for the template
    /// (`v4`) writes every table left unwritten (the shapes are made from
    /// the first noted table, `v5` then); the next replay (`v10`) is
    /// written in its place and the one after (`v11`) left.
    @Test func endingTheWrittenTablesNoteWritesEveryTableLeft() throws {
        let later = [("v4", "rr = 100%", ""), ("v10", Self.text, #""v9""#), ("v11", Self.text, #""v10""#)]
        let counts = Self.counts(try Self.document(views: 11, chain: 9, later: later))
        #expect(counts.unwritten == 1)
        #expect(counts.replayed == 7)
        #expect(counts.unwrittenWithoutShapes == 0)
    }

    /// The rules families at 50 views: some noted replays are left
    /// unwritten (each template's first is written), and the lowering is
    /// the interpreter's.
    @Test func theRulesFamiliesLeaveTheirReplaysUnwritten() throws {
        for json in [SLLFixtures.listRules50, SLLFixtures.cardsRules50] {
            let document = try LayoutDocument.parse(Array(json.utf8), source: "family.json")
            let counts = Self.counts(document)
            #expect(counts.unwritten > 0 && counts.unwritten < counts.replayed,
                    "\(counts.unwritten) of \(counts.replayed) replayed tables left unwritten")
            #expect(counts.unwrittenWithoutShapes == 0)
        }
    }
}
