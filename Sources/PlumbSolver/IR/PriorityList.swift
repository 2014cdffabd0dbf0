/// The priorities of a ``ConstraintSystem``'s rows, row by row.
///
/// A layout uses a handful of distinct priorities (required, the hugging and
/// resistance defaults, a few of its own), so while there are at most 256
/// distinct values each row keeps a one-byte code into a table of them. The
/// 257th distinct value switches the list to a full ``Priority`` (8 bytes) per
/// row. Reading a row's priority is a table lookup either way.
public struct PriorityList: RandomAccessCollection, Sendable {
    /// Per row, while ``isWide`` is false: the position of its priority in ``table``.
    private var codes: [UInt8] = []
    /// The distinct priorities, in order of first use.
    private var table: [Priority] = []
    /// Each distinct priority's code, kept once the table outgrows a short scan.
    private var codeOf: [Priority: UInt8] = [:]
    /// Per row, once ``isWide``: its priority.
    private var full: [Priority] = []
    /// Whether rows keep full priorities (a switch made at the 257th distinct
    /// value, so `full` is never empty after it).
    private var isWide: Bool { !full.isEmpty }
    /// The code of the last row appended: consecutive rows often share a priority.
    private var lastCode = 0

    public init() {}

    public var startIndex: Int { 0 }
    public var endIndex: Int { isWide ? full.count : codes.count }

    /// Row `row`'s priority.
    public subscript(row: Int) -> Priority {
        isWide ? full[row] : table[Int(codes[row])]
    }

    public mutating func reserveCapacity(_ rows: Int) {
        if isWide { full.reserveCapacity(rows) } else { codes.reserveCapacity(rows) }
    }

    /// Empties the list, keeping the room of its one-byte codes (a list
    /// that had switched to full priorities starts over with codes).
    mutating func removeAllKeepingCapacity() {
        codes.removeAll(keepingCapacity: true)
        table = []
        codeOf = [:]
        full = []
        lastCode = 0
    }

    /// Appends a row's priority.
    ///
    /// Inlined where rows are added (``ConstraintSystem``): most rows have
    /// the previous row's priority, and that case is a comparison and an
    /// append; the others are `appendOther(_:)`.
    @inline(__always)
    public mutating func append(_ priority: Priority) {
        // `table` is empty once wide.
        if lastCode < table.count && table[lastCode] == priority {
            codes.append(UInt8(truncatingIfNeeded: lastCode))
        } else {
            appendOther(priority)
        }
    }

    /// Appends the priorities of several rows, in order: the same list as
    /// appending them one by one, with the codes written to a scratch buffer
    /// and appended once.
    ///
    /// A run of rows with the previous row's priority (a block of a
    /// document's rows, nearly all required) is found by comparing alone,
    /// four rows at a time, and its codes written in one fill: one code
    /// written at a time was about 14 instructions a row.
    mutating func append(contentsOf priorities: UnsafeBufferPointer<Priority>) {
        var done = 0
        if !isWide, let rows = priorities.baseAddress {
            let count = priorities.count
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { scratch in
                let out = scratch.baseAddress!
                // The previous row's priority, held here (NaN, equal to none, before the first).
                var last = lastCode < table.count ? table[lastCode].rawValue : .nan
                while done < count {
                    var end = done
                    // Four rows at a time by their bits while `last` is a
                    // number (equal bits are then equal values; anything
                    // else is left to the comparison below).
                    if !last.isNaN {
                        let bits = last.bitPattern
                        while end &+ 4 <= count {
                            let a = rows[end].rawValue.bitPattern ^ bits, b = rows[end &+ 1].rawValue.bitPattern ^ bits
                            let c = rows[end &+ 2].rawValue.bitPattern ^ bits, d = rows[end &+ 3].rawValue.bitPattern ^ bits
                            guard a | b | c | d == 0 else { break }
                            end &+= 4
                        }
                    }
                    while end < count && rows[end].rawValue == last { end &+= 1 }
                    if end > done {
                        (out + done).initialize(repeating: UInt8(truncatingIfNeeded: lastCode), count: end &- done)
                        done = end
                        if done == count { break }
                    }
                    let priority = rows[done]
                    if let code = shortTableCode(of: priority) ?? code(for: priority) {
                        scratch[done] = code
                        last = priority.rawValue
                    } else {
                        break   // a 257th distinct priority: the rest one by one (appendOther)
                    }
                    done &+= 1
                }
                codes.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[..<done]))
            }
        }
        for priority in priorities[done...] { append(priority) }
    }

    /// `priority`'s code when the table is short (eight entries or fewer,
    /// scanned; `code(for:)` looks there first) and holds it, made the last
    /// code; nil otherwise. Inlined where a block's priorities alternate
    /// among a few (hugging and resistance rows).
    @inline(__always)
    private mutating func shortTableCode(of priority: Priority) -> UInt8? {
        guard table.count <= 8 else { return nil }
        let found: Int? = table.withUnsafeBufferPointer { entries in
            var i = 0
            while i < entries.count {
                if entries[i].rawValue == priority.rawValue { return i }
                i &+= 1
            }
            return nil
        }
        guard let found else { return nil }
        lastCode = found
        return UInt8(truncatingIfNeeded: found)
    }

    /// Appends a priority other than the previous row's.
    @inline(never)
    private mutating func appendOther(_ priority: Priority) {
        if isWide {
            full.append(priority)
        } else if let code = code(for: priority) {
            codes.append(code)
        } else {
            // A 257th distinct priority: keep every row's in full from now on.
            full.reserveCapacity(Swift.max(codes.capacity, codes.count + 1))
            for code in codes { full.append(table[Int(code)]) }
            full.append(priority)
            codes = []
            table = []
            codeOf = [:]
        }
    }

    /// `priority`'s code, added to the table if it is new; nil when the table is full.
    private mutating func code(for priority: Priority) -> UInt8? {
        if lastCode < table.count && table[lastCode] == priority { return UInt8(lastCode) }
        if let code = shortTableCode(of: priority) { return code }
        if table.count > 8, let code = codeOf[priority] {
            lastCode = Int(code)
            return code
        }
        guard table.count < 256 else { return nil }
        let code = UInt8(table.count)
        table.append(priority)
        if table.count > 8 {
            if codeOf.isEmpty { for (i, p) in table.enumerated() { codeOf[p] = UInt8(i) } }
            codeOf[priority] = code
        }
        lastCode = Int(code)
        return code
    }

    /// Calls `body(r)` for every row `r` whose priority is required, in
    /// order: through the codes' buffer and a table of which codes are
    /// required (one byte and one table entry a row, no per-row checks of
    /// the subscript), or the full list when it is wide.
    @inline(__always)
    func forEachRequiredRow(_ body: (Int) -> Void) {
        if isWide {
            full.withUnsafeBufferPointer { full in
                for r in full.indices where full[r].isRequired { body(r) }
            }
            return
        }
        withUnsafeTemporaryAllocation(of: Bool.self, capacity: 256) { required in
            for code in 0 ..< 256 { required[code] = code < table.count && table[code].isRequired }
            codes.withUnsafeBufferPointer { codes in
                for r in codes.indices where required[Int(codes[r])] { body(r) }
            }
        }
    }
}
