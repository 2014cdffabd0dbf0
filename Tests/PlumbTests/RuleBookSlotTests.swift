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
        RuleBook.Entry(constant: Double(rule), termStart: 0, termCount: 0, rule: rule, name: name,
                       isConstant: true, refersToOwnView: false)
    }

    /// The names the slots of `table` hold, in slot order.
    private static func names(_ book: RuleBook, table: Int) -> [RuleName?] {
        (0 ..< RuleBook.slotsPerView).map { book.name(at: table * RuleBook.slotsPerView + $0) }
    }

    /// A book with room for two tables, every slot's bytes set to a value of `w`.
    private static func poisonedBook() -> RuleBook {
        var book = RuleBook(viewCount: 5, rules: 2)
        book.entries.withUnsafeMutableBufferPointer { slots in
            for k in slots.indices { slots[k] = value(.w, rule: 99) }
        }
        return book
    }

    @Test func slotsHoldOnlyWhatWasStored() {
        var book = Self.poisonedBook()
        let table = book.table(for: ViewIndex(1), superview: ViewIndex(0))
        #expect(table == 0)
        #expect(Self.names(book, table: 0) == Array(repeating: nil, count: 8))
        #expect(book.slot(of: .w, in: 0) == nil)

        book.store(Self.value(.ll, rule: 0), in: 0)
        #expect(Self.names(book, table: 0) == [nil, .ll, nil, nil, nil, nil, nil, nil])
        book.store(Self.value(.w, rule: 1), in: 0)
        #expect(Self.names(book, table: 0) == [.ll, .w, nil, nil, nil, nil, nil, nil])
        // A third role drops the oldest.
        book.store(Self.value(.rr, rule: 2), in: 0)
        #expect(Self.names(book, table: 0) == [.w, .rr, nil, nil, nil, nil, nil, nil])
        book.store(Self.value(.maxw, rule: 3), in: 0)
        book.store(Self.value(.tt, rule: 4), in: 0)
        book.store(Self.value(.minh, rule: 5), in: 0)
        #expect(Self.names(book, table: 0) == [.w, .rr, nil, .tt, nil, .maxw, .minh, nil])
        #expect(book.slot(of: .maxw, in: 0) == 5)
        #expect(book.slot(of: .minw, in: 0) == nil)
        #expect(book.slot(of: .tt, in: 0) == 3)
        #expect(book.entries[5].rule == 3)

        // Another spelling of the newer value's role replaces it in place;
        // a new role moves the newer value down.
        book.store(Self.value(.rl, rule: 6), in: 0)
        #expect(Self.names(book, table: 0) == [.w, .rl, nil, .tt, nil, .maxw, .minh, nil])
        #expect(book.entries[1].rule == 6)
        #expect(book.entries[0].rule == 1)
        book.store(Self.value(.lr, rule: 7), in: 0)
        #expect(Self.names(book, table: 0) == [.rl, .lr, nil, .tt, nil, .maxw, .minh, nil])
        #expect(book.entries[0].rule == 6)
        #expect(book.entries[1].rule == 7)

        // Resets: the newer value (the older moves up), a lone one, a bound.
        book.reset(.ll, in: 0)
        #expect(Self.names(book, table: 0) == [nil, .rl, nil, .tt, nil, .maxw, .minh, nil])
        #expect(book.entries[1].rule == 6)
        book.reset(.tb, in: 0)
        book.reset(.maxw, in: 0)
        #expect(Self.names(book, table: 0) == [nil, .rl, nil, nil, nil, nil, .minh, nil])
        book.reset(.rr, in: 0)
        book.reset(.minh, in: 0)
        #expect(Self.names(book, table: 0) == Array(repeating: nil, count: 8))
        // A slot emptied and stored again holds the new value.
        book.store(Self.value(.h, rule: 8), in: 0)
        #expect(Self.names(book, table: 0) == [nil, nil, nil, .h, nil, nil, nil, nil])
        #expect(book.entries[3].rule == 8)
    }

    @Test func tablesBeyondTheRoomStartEmpty() {
        var book = Self.poisonedBook()
        for view in 1 ... 4 {
            let table = book.table(for: ViewIndex(view), superview: ViewIndex(0))
            #expect(table == view - 1)
            #expect(Self.names(book, table: table) == Array(repeating: nil, count: 8))
            book.store(Self.value(.cl, rule: Int32(view)), in: table)
            book.store(Self.value(.minw, rule: Int32(view)), in: table)
        }
        #expect(book.entries.count == 4 * RuleBook.slotsPerView)
        for table in 0 ..< 4 {
            #expect(Self.names(book, table: table) == [nil, .cl, nil, nil, .minw, nil, nil, nil])
            #expect(book.entries[table * RuleBook.slotsPerView + 1].rule == Int32(table + 1))
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
}
