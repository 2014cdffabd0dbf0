@_spi(Lowering) import PlumbSolver

/// Rows on their way into a `ConstraintSystem`, gathered in storage of a
/// fixed size and appended a block at a time
/// (`ConstraintSystem.appendRows(termEnds:columns:coefficients:constants:relations:priorities:originKeys:)`).
///
/// Appending a row to the system one by one grows seven arrays, each append
/// with its own uniqueness and capacity checks; here a row is a few stores
/// after one room check, and the arrays grow once a block. A block is small
/// (about 19 KB) so that it stays in cache until it is copied out.
///
/// The batch takes only rows that need no merging (distinct variables,
/// finite nonzero coefficients, a finite constant) and whose origin is a key
/// below 2³¹; `add` refuses any other row, and the caller adds that one to
/// the system itself after appending the batch, so rows keep their order.
/// `add(merging:…)` takes rows that need merging too, merged as it stores them.
///
/// Copies share their storage: keep one batch per builder.
struct RowBatch {
    /// Rows a block holds.
    static let rowCapacity = 256
    /// Terms a block holds (rows have two or three on average).
    static let termCapacity = 4 * rowCapacity

    private final class Storage {
        let raw: UnsafeMutableRawPointer
        /// A term's variable and coefficient.
        let columns: UnsafeMutablePointer<Int32>, coefficients: UnsafeMutablePointer<Double>
        /// A row's end in the terms, its constant, relation, priority and origin key.
        let termEnds: UnsafeMutablePointer<Int32>, constants: UnsafeMutablePointer<Double>
        let relations: UnsafeMutablePointer<Relation>, priorities: UnsafeMutablePointer<Priority>
        let keys: UnsafeMutablePointer<UInt32>

        /// The rows and terms it has room for.
        let rows: Int, terms: Int

        init(rows: Int, terms: Int) {
            self.rows = rows
            self.terms = terms
            // One allocation, widest elements first so that each part is aligned.
            raw = .allocate(byteCount: 12 * terms + 25 * rows, alignment: 8)
            var at = raw
            func take<T>(_ type: T.Type, _ count: Int) -> UnsafeMutablePointer<T> {
                let part = at.bindMemory(to: T.self, capacity: count)
                at += MemoryLayout<T>.stride * count
                return part
            }
            coefficients = take(Double.self, terms)
            constants = take(Double.self, rows)
            priorities = take(Priority.self, rows)
            columns = take(Int32.self, terms)
            termEnds = take(Int32.self, rows)
            keys = take(UInt32.self, rows)
            relations = take(Relation.self, rows)
            assert(at == raw + 12 * terms + 25 * rows)
        }

        deinit { raw.deallocate() }
    }

    private let storage: Storage
    /// Rows gathered since the last `append(to:)`.
    private(set) var count = 0
    private var termCount = 0

    /// A builder's batch: ``rowCapacity`` rows and ``termCapacity`` terms.
    init() {
        storage = Storage(rows: Self.rowCapacity, terms: Self.termCapacity)
    }

    /// A block of rows made by a second thread and appended whole by the
    /// builder (``SystemBuilder/appendBlock(_:)``): room for `rows` rows and
    /// `terms` terms, filled with ``add(_:constant:relation:priority:key:variableCount:room:)``
    /// given its ``room``, which takes the rows a builder's batch takes.
    init(block rows: Int, terms: Int) {
        // (Its room is kept in the storage: the builder's batch stays as small as it was.)
        storage = Storage(rows: max(rows, 1), terms: max(terms, 1))
    }

    /// Gathers the row `Σ terms + constant ⋈ 0` with the origin key `key`
    /// and returns true; returns false, gathering nothing, for a row the
    /// batch does not take (see the type's notes) or has no room for.
    @inline(__always)
    mutating func add(
        contiguous terms: UnsafeBufferPointer<(VariableIndex, Double)>, constant: Double,
        relation: Relation, priority: Priority, key: UInt64, variableCount: Int
    ) -> Bool {
        // The builder's sizes, constants here.
        add(terms, constant: constant, relation: relation, priority: priority, key: key,
            variableCount: variableCount, room: (Self.rowCapacity, Self.termCapacity))
    }

    /// The rows and terms the batch has room for (a block's: the sizes it was made with).
    var room: (rows: Int, terms: Int) { (storage.rows, storage.terms) }

    /// ``add(contiguous:constant:relation:priority:key:variableCount:)``
    /// within `room` (a block's ``room``).
    @inline(__always)
    mutating func add(
        _ terms: UnsafeBufferPointer<(VariableIndex, Double)>, constant: Double,
        relation: Relation, priority: Priority, key: UInt64, variableCount: Int, room: (rows: Int, terms: Int)
    ) -> Bool {
        let k = terms.count
        guard fits(k, constant: constant, key: key, room: room) else { return false }
        let variables = UInt32(truncatingIfNeeded: variableCount)
        let columns = storage.columns + termCount, coefficients = storage.coefficients + termCount
        for i in 0 ..< k {
            let (v, a) = terms[i]
            // A variable in 0 ..< variableCount is below it as an unsigned
            // number; a finite nonzero coefficient's magnitude bits, less
            // one, are below those of infinity less one (zero wraps round).
            let magnitude = a.bitPattern & 0x7FFF_FFFF_FFFF_FFFF
            guard UInt32(bitPattern: v.rawValue) < variables,
                  magnitude &- 1 < 0x7FF0_0000_0000_0000 &- 1 else { return false }
            var j = 0
            while j < i && terms[j].0 != v { j &+= 1 }
            guard j == i else { return false }
            columns[i] = v.rawValue
            coefficients[i] = a
        }
        close(terms: k, constant: constant, relation: relation, priority: priority, key: key)
        return true
    }

    /// Gathers the row `Σ terms + constant ⋈ 0` with the origin key `key`
    /// merged as it is copied in, and returns true: the terms are stored as
    /// `ConstraintSystem.mergeTerms` writes them (zero coefficients left
    /// out, a repeated variable summed into its first term in the order
    /// given, sums of exactly zero dropped), so a row that repeats a
    /// variable needs no merge before it comes here. The first `distinct`
    /// terms are the caller's word: distinct variables below
    /// `variableCount`, finite nonzero coefficients; they are copied as
    /// they are. Returns false, gathering nothing, when a later term's
    /// variable is not below `variableCount`, a coefficient or a sum is not
    /// finite, or the row does not fit in `room` (as
    /// `add(_:constant:relation:priority:key:variableCount:room:)`).
    @inline(__always)
    mutating func add(
        merging terms: UnsafeBufferPointer<(VariableIndex, Double)>, distinct: Int, constant: Double,
        relation: Relation, priority: Priority, key: UInt64, variableCount: Int, room: (rows: Int, terms: Int)
    ) -> Bool {
        let k = terms.count
        guard fits(k, constant: constant, key: key, room: room) else { return false }
        let variables = UInt32(truncatingIfNeeded: variableCount)
        let columns = storage.columns + termCount, coefficients = storage.coefficients + termCount
        for i in 0 ..< distinct {
            columns[i] = terms[i].0.rawValue
            coefficients[i] = terms[i].1
        }
        var n = distinct
        for i in distinct ..< k {
            let (v, a) = terms[i]
            guard UInt32(bitPattern: v.rawValue) < variables, a.isFinite else { return false }
            if a == 0 { continue }
            var j = 0
            while j < n && columns[j] != v.rawValue { j &+= 1 }
            if j < n {
                coefficients[j] += a
            } else {
                columns[n] = v.rawValue
                coefficients[n] = a
                n &+= 1
            }
        }
        if n < k {
            // A term was left out or summed: sums that cancelled are
            // dropped (the order kept), one that overflowed is refused.
            var kept = 0
            for j in 0 ..< n where coefficients[j] != 0 {
                guard coefficients[j].isFinite else { return false }
                columns[kept] = columns[j]
                coefficients[kept] = coefficients[j]
                kept &+= 1
            }
            n = kept
        }
        close(terms: n, constant: constant, relation: relation, priority: priority, key: key)
        return true
    }

    /// Gathers the row of the `count` terms `term(0)`, `term(1)` … (a
    /// variable's index and its coefficient) with the origin key `key`,
    /// stored as they come, and returns true; returns false, gathering
    /// nothing, when the row does not fit in `room` or its constant or key
    /// is one the batch does not take. The terms are the caller's word:
    /// distinct variables of the system, finite nonzero coefficients (a
    /// row written before as these terms were, with other views).
    @inline(__always)
    mutating func add(
        trusted count: Int, term: (Int) -> (Int32, Double), constant: Double, relation: Relation,
        priority: Priority, key: UInt64, room: (rows: Int, terms: Int)
    ) -> Bool {
        guard fits(count, constant: constant, key: key, room: room) else { return false }
        let columns = storage.columns + termCount, coefficients = storage.coefficients + termCount
        for i in 0 ..< count { (columns[i], coefficients[i]) = term(i) }
        close(terms: count, constant: constant, relation: relation, priority: priority, key: key)
        return true
    }

    /// Where the rows of one ``add(rows:terms:key:room:_:)`` go: the
    /// batch's arrays from its first free row and term on, and the count
    /// of terms gathered before them (a row's end is counted from the
    /// batch's first term).
    struct Room {
        let columns: UnsafeMutablePointer<Int32>, coefficients: UnsafeMutablePointer<Double>
        let termEnds: UnsafeMutablePointer<Int32>, constants: UnsafeMutablePointer<Double>
        let relations: UnsafeMutablePointer<Relation>, priorities: UnsafeMutablePointer<Priority>
        let keys: UnsafeMutablePointer<UInt32>
        let termBase: Int32
    }

    /// Gathers `rows` rows of `terms` terms in all with the origin key
    /// `key`, written by `write` (called once) into the ``Room`` given:
    /// every row's terms, end, constant, relation, priority and key, each
    /// key `key`. Returns true; returns false, calling nothing, when they
    /// do not all fit in `room` or the key is one the batch does not take.
    /// What `write` writes is the caller's word: distinct variables of the
    /// system in a row, finite nonzero coefficients, finite constants (rows
    /// written before as these are, with other views).
    @inline(__always)
    mutating func add(rows: Int, terms: Int, key: UInt64, room: (rows: Int, terms: Int), _ write: (Room) -> Void)
        -> Bool {
        guard rows <= room.rows &- count, terms <= room.terms &- termCount, key < 1 << 31 else { return false }
        let s = storage
        write(Room(columns: s.columns + termCount, coefficients: s.coefficients + termCount,
                   termEnds: s.termEnds + count, constants: s.constants + count, relations: s.relations + count,
                   priorities: s.priorities + count, keys: s.keys + count,
                   termBase: Int32(truncatingIfNeeded: termCount)))
        count &+= rows
        termCount &+= terms
        return true
    }

    /// Whether a row of `terms` terms with this constant and origin key
    /// fits in `room`.
    @inline(__always)
    private func fits(_ terms: Int, constant: Double, key: UInt64, room: (rows: Int, terms: Int)) -> Bool {
        count < room.rows && terms <= room.terms &- termCount && key < 1 << 31 && constant.isFinite
    }

    /// Ends the row whose `terms` terms were written from `termCount` on.
    @inline(__always)
    private mutating func close(terms n: Int, constant: Double, relation: Relation, priority: Priority,
                                key: UInt64) {
        // Read once: the stores through one pointer could be to the batch
        // itself as far as the compiler knows, so `storage` was read again
        // before each of them.
        let s = storage
        termCount &+= n
        s.termEnds[count] = Int32(truncatingIfNeeded: termCount)
        s.constants[count] = constant
        s.relations[count] = relation
        s.priorities[count] = priority
        s.keys[count] = UInt32(truncatingIfNeeded: key)
        count &+= 1
    }

    /// A block of the rows gathered, with storage of its own of their
    /// size (a batch filled as scratch, kept small).
    func compacted() -> RowBatch {
        var copy = RowBatch(block: count, terms: termCount)
        let s = storage, c = copy.storage
        c.columns.update(from: s.columns, count: termCount)
        c.coefficients.update(from: s.coefficients, count: termCount)
        c.termEnds.update(from: s.termEnds, count: count)
        c.constants.update(from: s.constants, count: count)
        c.relations.update(from: s.relations, count: count)
        c.priorities.update(from: s.priorities, count: count)
        c.keys.update(from: s.keys, count: count)
        copy.count = count
        copy.termCount = termCount
        return copy
    }

    /// Calls `body` with each row gathered, in order: its columns and
    /// coefficients, constant, relation, priority and origin key.
    func forEachRow(
        _ body: (UnsafeBufferPointer<Int32>, UnsafeBufferPointer<Double>, Double, Relation, Priority, UInt32) -> Void
    ) {
        let s = storage
        var start = 0
        for r in 0 ..< count {
            let end = Int(s.termEnds[r])
            body(UnsafeBufferPointer(start: s.columns + start, count: end - start),
                 UnsafeBufferPointer(start: s.coefficients + start, count: end - start),
                 s.constants[r], s.relations[r], s.priorities[r], s.keys[r])
            start = end
        }
    }

    /// Forgets the rows gathered.
    mutating func removeAll() {
        count = 0
        termCount = 0
    }

    /// Appends the rows gathered to `system`, in order, and empties the batch.
    mutating func append(to system: inout ConstraintSystem) {
        guard count > 0 else { return }
        let s = storage
        system.appendRows(
            termEnds: UnsafeMutableBufferPointer(start: s.termEnds, count: count),
            columns: UnsafeBufferPointer(start: s.columns, count: termCount),
            coefficients: UnsafeBufferPointer(start: s.coefficients, count: termCount),
            constants: UnsafeBufferPointer(start: s.constants, count: count),
            relations: UnsafeBufferPointer(start: s.relations, count: count),
            priorities: UnsafeBufferPointer(start: s.priorities, count: count),
            originKeys: UnsafeBufferPointer(start: s.keys, count: count))
        count = 0
        termCount = 0
    }
}
