import Testing
@testable import Plumb

/// `RuleBook`'s slots are not filled when the book is made: a slot holds a
/// value only while its bit in `taken` is set, whatever its bytes. These
/// tests write garbage into every slot first and follow the override policy
/// store by store, slot by slot (the slots of a table: the determining
/// pairs, horizontal then vertical, then the bounds).
@Suite struct RuleBookSlotTests {
    /// A value of `name` assigned by rule `rule`, with no terms.
    private static func value(_ name: RuleName, rule: Int32) -> RuleBook.Entry {
        RuleBook.Entry(constant: Double(rule), termStart: 0, termCount: 0, name: name,
                       isConstant: true, refersToOwnView: false)
    }

    /// Stores `name`'s value of rule `rule` in `table`.
    private static func store(_ name: RuleName, rule: Int32, in table: Int, of book: inout RuleBook) {
        book.store(value(name, rule: rule), rule: rule, in: table)
    }

    /// The names the slots of `table` hold, in slot order.
    private static func names(_ book: RuleBook, table: Int) -> [RuleName?] {
        (0 ..< RuleBook.slotsPerView).map { book.name(at: table * RuleBook.slotsPerView + $0) }
    }

    /// A book with room for two tables, every slot's bytes set to a value of
    /// `w` and its rule to 99.
    private static func poisonedBook() -> RuleBook {
        var book = RuleBook(viewCount: 5, rules: 2)
        book.entries.withUnsafeMutableBufferPointer { slots in
            for k in slots.indices { slots[k] = value(.w, rule: 99) }
        }
        book.slotRules.withUnsafeMutableBufferPointer { rules in
            for k in rules.indices { rules[k] = 99 }
        }
        return book
    }

    @Test func slotsHoldOnlyWhatWasStored() {
        var book = Self.poisonedBook()
        let table = book.table(for: ViewIndex(1), superview: ViewIndex(0))
        #expect(table == 0)
        #expect(Self.names(book, table: 0) == Array(repeating: nil, count: 8))
        #expect(book.slot(of: .w, in: 0) == nil)

        Self.store(.ll, rule: 0, in: 0, of: &book)
        #expect(Self.names(book, table: 0) == [nil, .ll, nil, nil, nil, nil, nil, nil])
        Self.store(.w, rule: 1, in: 0, of: &book)
        #expect(Self.names(book, table: 0) == [.ll, .w, nil, nil, nil, nil, nil, nil])
        // A third role drops the oldest.
        Self.store(.rr, rule: 2, in: 0, of: &book)
        #expect(Self.names(book, table: 0) == [.w, .rr, nil, nil, nil, nil, nil, nil])
        Self.store(.maxw, rule: 3, in: 0, of: &book)
        Self.store(.tt, rule: 4, in: 0, of: &book)
        Self.store(.minh, rule: 5, in: 0, of: &book)
        #expect(Self.names(book, table: 0) == [.w, .rr, nil, .tt, nil, .maxw, .minh, nil])
        #expect(book.slot(of: .maxw, in: 0) == 5)
        #expect(book.slot(of: .minw, in: 0) == nil)
        #expect(book.slot(of: .tt, in: 0) == 3)
        #expect(book.rule(at: 5) == 3)

        // Another spelling of the newer value's role replaces it in place;
        // a new role moves the newer value down.
        Self.store(.rl, rule: 6, in: 0, of: &book)
        #expect(Self.names(book, table: 0) == [.w, .rl, nil, .tt, nil, .maxw, .minh, nil])
        #expect(book.rule(at: 1) == 6)
        #expect(book.rule(at: 0) == 1)
        Self.store(.lr, rule: 7, in: 0, of: &book)
        #expect(Self.names(book, table: 0) == [.rl, .lr, nil, .tt, nil, .maxw, .minh, nil])
        #expect(book.rule(at: 0) == 6)
        #expect(book.rule(at: 1) == 7)

        // Resets: the newer value (the older moves up), a lone one, a bound.
        book.reset(.ll, in: 0)
        #expect(Self.names(book, table: 0) == [nil, .rl, nil, .tt, nil, .maxw, .minh, nil])
        #expect(book.rule(at: 1) == 6)
        book.reset(.tb, in: 0)
        book.reset(.maxw, in: 0)
        #expect(Self.names(book, table: 0) == [nil, .rl, nil, nil, nil, nil, .minh, nil])
        book.reset(.rr, in: 0)
        book.reset(.minh, in: 0)
        #expect(Self.names(book, table: 0) == Array(repeating: nil, count: 8))
        // A slot emptied and stored again holds the new value.
        Self.store(.h, rule: 8, in: 0, of: &book)
        #expect(Self.names(book, table: 0) == [nil, nil, nil, .h, nil, nil, nil, nil])
        #expect(book.rule(at: 3) == 8)
    }

    @Test func tablesBeyondTheRoomStartEmpty() {
        var book = Self.poisonedBook()
        for view in 1 ... 4 {
            let table = book.table(for: ViewIndex(view), superview: ViewIndex(0))
            #expect(table == view - 1)
            #expect(Self.names(book, table: table) == Array(repeating: nil, count: 8))
            Self.store(.cl, rule: Int32(view), in: table, of: &book)
            Self.store(.minw, rule: Int32(view), in: table, of: &book)
        }
        #expect(book.entries.count == 4 * RuleBook.slotsPerView)
        for table in 0 ..< 4 {
            #expect(Self.names(book, table: table) == [nil, .cl, nil, nil, .minw, nil, nil, nil])
            #expect(book.rule(at: table * RuleBook.slotsPerView + 1) == Int32(table + 1))
        }
    }

    /// The slots read in the order they were laid out before the bounds
    /// moved after both directions' determining pairs.
    @Test func readingOrderIsDirectionThenKind() {
        let order = (0 ..< RuleBook.slotsPerView).map(RuleBook.slotInReadingOrder)
        #expect(order == [0, 1, 4, 5, 2, 3, 6, 7])
        #expect(RuleBook.base(3, .vertical) == 26)
        #expect(RuleBook.boundBase(3, .horizontal) == 28)
    }
    /// A slot's entry is 16 bytes (the term count and flags packed): every
    /// field reads back what was written, against the fields kept apart as
    /// the 24-byte entry had them, whatever the other fields hold.
    @Test func packedEntryKeepsEveryField() {
        #expect(MemoryLayout<RuleBook.Entry>.stride == 16)
        #expect(RuleBook.Entry.maxTermCount == 4_194_303)
        struct Fields: Equatable {
            var constant: Double, termStart: Int32, termCount: Int32, name: RuleName?
            var isConstant: Bool, refersToOwnView: Bool
        }
        func fields(_ e: RuleBook.Entry) -> Fields {
            Fields(constant: e.constant, termStart: e.termStart, termCount: e.termCount, name: e.name,
                   isConstant: e.isConstant, refersToOwnView: e.refersToOwnView)
        }
        let counts: [Int32] = [0, 1, 2, 0xFFFF, 0x1_0000, 0x1_0001, 0x2A_5A5A, RuleBook.Entry.maxTermCount]
        let names: [RuleName?] = [nil, .tt, .cr, .maxh]
        var checked = 0
        for count in counts {
            for name in names {
                for flags in 0 ..< 4 {
                    let expected = Fields(constant: -7.25, termStart: Int32.max - count, termCount: count, name: name,
                                          isConstant: flags & 1 != 0, refersToOwnView: flags & 2 != 0)
                    var entry = RuleBook.Entry(
                        constant: expected.constant, termStart: expected.termStart, termCount: count, name: name,
                        isConstant: expected.isConstant, refersToOwnView: expected.refersToOwnView)
                    #expect(fields(entry) == expected)
                    // Each field changed alone leaves the others.
                    var changed = expected
                    for other in counts.reversed() {
                        entry.termCount = other
                        changed.termCount = other
                        #expect(fields(entry) == changed)
                    }
                    entry.isConstant.toggle()
                    changed.isConstant.toggle()
                    #expect(fields(entry) == changed)
                    entry.refersToOwnView.toggle()
                    changed.refersToOwnView.toggle()
                    #expect(fields(entry) == changed)
                    entry.name = .bb
                    changed.name = .bb
                    entry.termCount = count
                    changed.termCount = count
                    #expect(fields(entry) == changed)
                    checked += 1
                }
            }
        }
        #expect(checked == counts.count * names.count * 4)
    }

    /// Each row's origin is the rule its slot's value came from, with and
    /// without templates, the rows written from the slots or replayed: views
    /// whose first rule is a noted replay (the slots' rule kept in the note)
    /// and then get a rule that ends the note (overriding, adding a bound,
    /// resetting a name), a replay whose argument is the superview (not
    /// noted: the rule written in each slot), and bounds.
    @Test func rowOriginsNameTheSlotsRules() throws {
        let text = "ll = 8, tt = %bt + 4, w = h = 20, maxh = 50"
        let viewList = ["p"] + (1 ... 9).map { "v\($0)" }
        let views = viewList.map { #"{"id": "\#($0)", "parent": "\#($0 == "p" ? "root" : "p")"}"# }
        let rules: [(String, String, String)] = [
            ("p", "ll = tt = 0, w = 300, h = 400", ""), ("v1", "ll = tt = 2, w = h = 10", ""),
            ("v2", text, #""v1""#), ("v3", text, #""v2""#), ("v4", text, #""v3""#), ("v5", text, #""v4""#),
            ("v6", text, #""p""#), ("v7", text, #""v6""#), ("v8", text, #""v7""#), ("v9", text, #""v8""#),
            ("v5", "w = 30, minw = 4", ""), ("v7", "rr = 100%", ""), ("v8", "h = nil", ""),
        ]
        let json = #"{"root": {"width": 640, "height": 480}, "views": [\#(views.joined(separator: ", "))], "#
            + #""rules": [\#(rules.map { #"{"view": "\#($0.0)", "rule": "\#($0.1)", "args": [\#($0.2)]}"# }.joined(separator: ", "))]}"#
        let document = try LayoutDocument.parse(Array(json.utf8), source: "origins.json")
        let evaluated = SLLTemplatePropertyTests.lower(document, templates: false)
        #expect(evaluated.diagnostics.isEmpty)
        for replayingShapes in [true, false] {
            let replayed = SLLTemplatePropertyTests.lower(document, templates: true, replayingShapes: replayingShapes)
            #expect(replayed == evaluated, "\(SLLTemplatePropertyTests.difference(replayed, evaluated))")
        }
        // The rows of each rule, by the rule's index (the first two rows fix the root).
        var rowsOfRule: [Int: Int] = [:]
        for origin in evaluated.origins where origin.kind == .rule { rowsOfRule[origin.index ?? -1, default: 0] += 1 }
        // A row a value. v5: `ll`, `tt`, `h`, `maxh` of its replay (rule 5), `w`, `minw`
        // of its second rule (10); v7: `rr` (11) drops `ll`, the oldest of three
        // horizontal roles, leaving `w`, `tt`, `h`, `maxh` of rule 7; v8: `h` reset (12).
        #expect(rowsOfRule == [0: 4, 1: 4, 2: 5, 3: 5, 4: 5, 5: 4, 6: 5, 7: 4, 8: 4, 9: 5, 10: 2, 11: 1, 12: 0]
            .filter { $0.value > 0 }, "\(rowsOfRule.sorted { $0.key < $1.key })")
    }
}
