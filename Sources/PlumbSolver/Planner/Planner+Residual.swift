#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// A total order on rows by content: each row's terms sorted by variable,
/// compared lexicographically (variable, then coefficient), then the
/// constant, then the relation; rows equal in all of these (duplicates)
/// by position.
///
/// It orders one small set of rows at a time (a residual component's) and
/// keeps its buffers between sets.
struct CanonicalRows {
    private let system: ConstraintSystem
    private var rows: [Int32] = []
    /// Row `i`'s term positions in `system`, sorted by variable, are
    /// `positions[start[i] ..< start[i + 1]]` (4 bytes a term: the terms
    /// themselves are read from the system, not copied).
    private var start: [Int32] = [0]
    private var positions: [Int32] = []
    /// Scratch for `sortByLevel(_:)`: the permutation and each loaded row's rank.
    private var order: [Int32] = []
    private var ranks: [Double] = []
    /// Scratch for ``sortLarge(_:)``.
    private var distinctRanks: [Double] = []
    private var radixKeys: [UInt64] = []
    private var radixSpare: [UInt64] = []
    private var radixKeys32: [UInt32] = []
    private var radixSpare32: [UInt32] = []
    private var radixOrder: [Int32] = []

    init(_ system: ConstraintSystem) {
        self.system = system
    }

    /// Sorts a residual component's `rows` in the order its tableau takes
    /// them (see `Planner.ResidualPlan.rows`): by `level(of:in:)` (lower
    /// first), then canonically; rows equal in both keep their order. The
    /// rank is read here rather than through a closure, which would hold a
    /// copy of the system (a retain and a release of each of its arrays, per
    /// component).
    mutating func sortByLevel(_ rows: inout ArraySlice<Int32>) {
        load(rows)
        // Each row's rank once, not twice per comparison; written through a
        // pointer (an append checks the buffer's uniqueness and capacity).
        let loaded = self.rows, system = self.system
        ranks.resize(to: loaded.count, filling: 0)
        let priorities = system.priorities
        ranks.withUnsafeMutableBufferPointer { ranks in
        system.relations.withUnsafeBufferPointer { relations in
            for (i, r) in loaded.enumerated() {
                ranks[i] = Self.level(priorities[Int(r)], relations[Int(r)])
            }
        }
        }
        sortLoaded(&rows)
    }

    /// Whether rows `a` and `b` of `system` have the same rank and the same
    /// terms (variables and coefficients, in any order), so that only their
    /// constants (and relations) order them: in the canonical order such
    /// rows are neighbours.
    static func alike(_ a: Int, _ b: Int, in system: ConstraintSystem) -> Bool {
        guard level(of: a, in: system) == level(of: b, in: system) else { return false }
        let termsA = system.termRange(of: RowIndex(a)), termsB = system.termRange(of: RowIndex(b))
        guard termsA.count == termsB.count else { return false }
        for k in termsA {
            guard let m = termsB.first(where: { system.columns[$0] == system.columns[k] }),
                  system.coefficients[m] == system.coefficients[k] else { return false }
        }
        return true
    }

    /// A row's rank in a residual component: required equalities (-2),
    /// required inequalities (-1), then optional rows from the highest
    /// priority down (`1000 - priority`).
    static func level(of r: Int, in system: ConstraintSystem) -> Double {
        level(system.priorities[r], system.relations[r])
    }

    /// The rank of a row of priority `p` and relation `relation` (see ``level(of:in:)``).
    @inline(__always)
    static func level(_ p: Priority, _ relation: Relation) -> Double {
        p.isRequired ? (relation == .equal ? -2 : -1) : 1000 - p.rawValue
    }

    /// Sorts the loaded rows, whose ranks are in `ranks`, into `rows`.
    private mutating func sortLoaded(_ rows: inout ArraySlice<Int32>) {
        order.removeAll(keepingCapacity: true)
        order.append(contentsOf: 0 ..< Int32(rows.count))
        // The comparison reads plain buffers: no copy of the system (dozens
        // of reference counts) per call, which a component of a dozen rows
        // would feel.
        let keys = Keys(rows: self.rows, start: start, positions: positions, ranks: ranks, system: system)
        if order.count <= 24 {
            order.withUnsafeMutableBufferPointer { order in
                Self.insertionSort(order) { keys.precedes(Int($0), Int($1)) }
            }
        } else {
            sortLarge(keys)
        }
        let loaded = self.rows, order = self.order
        rows.withUnsafeMutableBufferPointer { out in
        loaded.withUnsafeBufferPointer { loaded in
        order.withUnsafeBufferPointer { order in
            for i in 0 ..< order.count { out[i] = loaded[Int(order[i])] }
        }
        }
        }
    }

    /// Sorts `items` stably by `before`: insertion, cheapest for the short
    /// sets most components have and the short tied runs of a large one.
    @inline(__always)
    private static func insertionSort(_ items: UnsafeMutableBufferPointer<Int32>, by before: (Int32, Int32) -> Bool) {
        guard items.count > 1 else { return }
        for m in 1 ..< items.count {
            let item = items[m]
            var p = m
            while p > 0 && before(item, items[p - 1]) {
                items[p] = items[p - 1]
                p -= 1
            }
            items[p] = item
        }
    }

    /// Orders ``order`` for a large set: a radix sort on each row's rank and
    /// first variable, then a comparison sort within each run that ties on
    /// both (coefficient of the first term, then ``Keys/precedes(_:_:)``).
    /// The result is exactly the order of `precedes`: a row without terms
    /// gets the smallest head of its rank (it has fewer terms than any row it
    /// would tie with), and the radix passes are stable, so ties keep their
    /// position. Linear in the number of rows except within tied runs, where
    /// a comparison sort on the whole set would spend most of its time.
    private mutating func sortLarge(_ keys: Keys) {
        let n = rows.count
        // The distinct ranks, ascending: a row's class is its rank's index.
        // A component has a few levels; the list stays short.
        var classes = distinctRanks
        classes.removeAll(keepingCapacity: true)
        var last = Double.nan
        for i in 0 ..< n where keys.ranks[i] != last {
            last = keys.ranks[i]
            if !classes.contains(last) { classes.append(last) }
            if classes.count > 64 { break }
        }
        if classes.count > 64 {
            classes.removeAll(keepingCapacity: true)
            classes.append(contentsOf: keys.ranks)
        }
        classes.sort()
        var unique = 0
        for x in classes where unique == 0 || classes[unique - 1] != x {
            classes[unique] = x
            unique += 1
        }
        classes.removeLast(classes.count - unique)
        defer { distinctRanks = classes }

        var lowest = Int32.max, highest = Int32.min
        for i in 0 ..< n where keys.start[i] < keys.start[i + 1] {
            let column = keys.columns[Int(keys.positions[Int(keys.start[i])])]
            lowest = min(lowest, column)
            highest = max(highest, column)
        }
        // Key: the class above the first variable + 1 (0: no terms), packed
        // in as few bits as they need, so that a large set takes two radix
        // passes of up to 11 bits where bytes took three (`table` at 10,000
        // views: 4 classes and 40,000 variables, 18 bits).
        func bits(_ x: UInt64) -> Int { 64 - x.leadingZeroBitCount }
        let columnBits = bits(highest >= lowest ? UInt64(Int64(highest) - Int64(lowest)) + 1 : 0)
        let keyBits = columnBits + bits(UInt64(classes.count - 1))
        // Digits of 8 bits for sets of a few thousand rows (a pass clears and
        // sums its counts), else as few passes of at most 11 bits as cover the key.
        let passes = n < 2048 ? (keyBits + 7) / 8 : (keyBits + 10) / 11
        let digitBits = passes == 0 ? 8 : (keyBits + passes - 1) / passes
        var spareOrder = radixOrder, sorted = order
        radixOrder = []; order = []
        defer { radixOrder = spareOrder; order = sorted }
        // Keys of up to 32 bits (`table` at 100,000 views: 21) are sorted as
        // 4-byte words: the two key buffers are the phase's largest scratch.
        if keyBits <= 32 {
            var sortKeys = radixKeys32, spareKeys = radixSpare32
            radixKeys32 = []; radixSpare32 = []
            defer { radixKeys32 = sortKeys; radixSpare32 = spareKeys }
            Self.radixSort(keys, n: n, classes: classes, columnBits: columnBits, lowest: lowest, passes: passes,
                           digitBits: digitBits, sortKeys: &sortKeys, spareKeys: &spareKeys,
                           spareOrder: &spareOrder, sorted: &sorted)
        } else {
            var sortKeys = radixKeys, spareKeys = radixSpare
            radixKeys = []; radixSpare = []
            defer { radixKeys = sortKeys; radixSpare = spareKeys }
            Self.radixSort(keys, n: n, classes: classes, columnBits: columnBits, lowest: lowest, passes: passes,
                           digitBits: digitBits, sortKeys: &sortKeys, spareKeys: &spareKeys,
                           spareOrder: &spareOrder, sorted: &sorted)
        }
    }

    /// The radix passes and the tied runs of ``sortLarge(_:)``, with keys
    /// of type `K` (wide enough for `classes` above `columnBits` bits).
    @inline(__always)
    private static func radixSort<K: FixedWidthInteger & UnsignedInteger & BitwiseCopyable>(
        _ keys: Keys, n: Int, classes: [Double], columnBits: Int, lowest: Int32, passes: Int, digitBits: Int,
        sortKeys: inout [K], spareKeys: inout [K], spareOrder: inout [Int32], sorted: inout [Int32]
    ) {
        let buckets = 1 << digitBits
        let columnMask: K = (1 << K(columnBits)) &- 1
        // Every entry is written before it is read (the keys below, the
        // spares by the first pass that uses them): not cleared first.
        func scratch<T: BitwiseCopyable>(_ a: inout [T]) {
            if a.count < n { a = [T](unsafeUninitializedCapacity: n) { _, count in count = n } }
        }
        scratch(&sortKeys)
        scratch(&spareKeys)
        scratch(&spareOrder)
        sortKeys.withUnsafeMutableBufferPointer { sortKeys in
        spareKeys.withUnsafeMutableBufferPointer { spareKeys in
        spareOrder.withUnsafeMutableBufferPointer { spareOrder in
        sorted.withUnsafeMutableBufferPointer { order in
            var keyBuffer = sortKeys, spareBuffer = spareKeys
            // The class of the last two ranks seen: rows of two levels often
            // alternate (a cell's equalities and its size's wishes).
            var lastRank = Double.nan, lastClass: K = 0
            var otherRank = Double.nan, otherClass: K = 0
            for i in 0 ..< n {
                let rank = keys.ranks[i]
                if rank != lastRank {
                    if rank == otherRank {
                        swap(&lastRank, &otherRank)
                        swap(&lastClass, &otherClass)
                    } else {
                        var lo = 0, hi = classes.count - 1
                        while lo < hi {
                            let mid = (lo + hi) / 2
                            if classes[mid] < rank { lo = mid + 1 } else { hi = mid }
                        }
                        otherRank = lastRank
                        otherClass = lastClass
                        lastRank = rank
                        lastClass = K(lo) << K(columnBits)
                    }
                }
                var column: K = 0
                let first = Int(keys.start[i])
                if first < Int(keys.start[i + 1]) {
                    column = K(truncatingIfNeeded: Int64(keys.columns[Int(keys.positions[first])]) - Int64(lowest)) + 1
                }
                keyBuffer[i] = lastClass | column
            }
            // Least significant digit first; each pass is a stable counting sort.
            // The order moves between two buffers, copied back once at the
            // end if it ends in the spare.
            var counts = [Int](repeating: 0, count: buckets)
            counts.withUnsafeMutableBufferPointer { counts in
                var orderBuffer = order, spareOrderBuffer = spareOrder
                let mask = K(buckets - 1)
                for pass in 0 ..< passes {
                    let s = K(pass * digitBits)
                    for b in 0 ..< buckets { counts[b] = 0 }
                    for i in 0 ..< n { counts[Int((keyBuffer[i] >> s) & mask)] += 1 }
                    if counts.contains(n) { continue }
                    var sum = 0
                    for b in 0 ..< buckets {
                        let c = counts[b]
                        counts[b] = sum
                        sum += c
                    }
                    for i in 0 ..< n {
                        let k = keyBuffer[i]
                        let b = Int((k >> s) & mask)
                        let to = counts[b]
                        counts[b] = to + 1
                        spareBuffer[to] = k
                        spareOrderBuffer[to] = orderBuffer[i]
                    }
                    swap(&keyBuffer, &spareBuffer)
                    swap(&orderBuffer, &spareOrderBuffer)
                }
                if orderBuffer.baseAddress != order.baseAddress {
                    for i in 0 ..< n { order[i] = orderBuffer[i] }
                }
            }
            // Runs with the same class and first variable: by the first
            // term's coefficient, then the whole comparison.
            func before(_ a: Int32, _ b: Int32) -> Bool {
                let ca = keys.coefficients[Int(keys.positions[Int(keys.start[Int(a)])])]
                let cb = keys.coefficients[Int(keys.positions[Int(keys.start[Int(b)])])]
                if ca != cb { return ca < cb }
                return keys.precedes(Int(a), Int(b))
            }
            var i = 0
            while i < n {
                var j = i + 1
                while j < n && keyBuffer[j] == keyBuffer[i] { j += 1 }
                if j - i > 1 {
                    var run = UnsafeMutableBufferPointer(rebasing: order[i ..< j])
                    if keyBuffer[i] & columnMask == 0 {
                        // Rows without terms: the whole comparison.
                        run.sort { keys.precedes(Int($0), Int($1)) }
                    } else if run.count <= 16 {
                        Self.insertionSort(run, by: before)
                    } else {
                        run.sort(by: before)
                    }
                }
                i = j
            }
        }
        }
        }
        }
    }

    /// What one comparison reads, as unowned buffers of arrays that outlive it.
    private struct Keys {
        let rows: UnsafeBufferPointer<Int32>
        let start: UnsafeBufferPointer<Int32>
        let positions: UnsafeBufferPointer<Int32>
        let ranks: UnsafeBufferPointer<Double>
        let columns: UnsafeBufferPointer<Int32>
        let coefficients: UnsafeBufferPointer<Double>
        let constants: UnsafeBufferPointer<Double>
        let relations: UnsafeBufferPointer<Relation>

        init(rows: [Int32], start: [Int32], positions: [Int32], ranks: [Double], system: ConstraintSystem) {
            // The arrays are owned by the caller (CanonicalRows and its
            // system) for as long as the sort runs.
            func view<T>(_ a: [T]) -> UnsafeBufferPointer<T> { a.withUnsafeBufferPointer { $0 } }
            self.rows = view(rows)
            self.start = view(start)
            self.positions = view(positions)
            self.ranks = view(ranks)
            columns = view(system.columns)
            coefficients = view(system.coefficients)
            constants = view(system.constants)
            relations = view(system.relations)
        }

        /// Whether loaded row `a` comes before loaded row `b`: rank, then
        /// terms (variable, coefficient), then term count, constant,
        /// relation, and position. Inlined into the sorts (the tied runs'
        /// insertion sort called it out of line once its caller was generic).
        @inline(__always)
        func precedes(_ a: Int, _ b: Int) -> Bool {
            if ranks[a] != ranks[b] { return ranks[a] < ranks[b] }
            var i = Int(start[a]), j = Int(start[b])
            let endA = Int(start[a + 1]), endB = Int(start[b + 1])
            while i < endA && j < endB {
                let p = Int(positions[i]), q = Int(positions[j])
                if columns[p] != columns[q] { return columns[p] < columns[q] }
                if coefficients[p] != coefficients[q] { return coefficients[p] < coefficients[q] }
                i += 1
                j += 1
            }
            if (endA - i) != (endB - j) { return endA - i < endB - j }
            let ra = Int(rows[a]), rb = Int(rows[b])
            if constants[ra] != constants[rb] { return constants[ra] < constants[rb] }
            let ka = CanonicalRows.rank(relations[ra]), kb = CanonicalRows.rank(relations[rb])
            if ka != kb { return ka < kb }
            return a < b
        }
    }

    private mutating func load(_ newRows: ArraySlice<Int32>) {
        rows.removeAll(keepingCapacity: true)
        rows.append(contentsOf: newRows)
        Self.loadPositions(of: newRows, system: system, start: &start, positions: &positions)
    }

    /// Fills `start` and `positions` (as the properties of those names) for `rows`: sized
    /// once and written through pointers, not appended term by term (each
    /// append checked the buffer's uniqueness and capacity). Static, so that
    /// it reads the system while writing two of self's arrays.
    private static func loadPositions(
        of rows: ArraySlice<Int32>, system: ConstraintSystem, start: inout [Int32], positions: inout [Int32]
    ) {
        var termCount = 0
        for r in rows { termCount += system.termRange(of: RowIndex(Int(r))).count }
        start.resize(to: rows.count + 1, filling: 0)
        positions.resize(to: termCount, filling: 0)
        start.withUnsafeMutableBufferPointer { start in
        positions.withUnsafeMutableBufferPointer { positions in
        system.columns.withUnsafeBufferPointer { columns in
            start[0] = 0
            var end = 0
            for (i, r) in rows.enumerated() {
                let first = end
                for k in system.termRange(of: RowIndex(Int(r))) {
                    // Insertion into the sorted run: rows have a handful of terms.
                    var j = end
                    while j > first && columns[Int(positions[j - 1])] > columns[k] {
                        positions[j] = positions[j - 1]
                        j -= 1
                    }
                    positions[j] = Int32(k)
                    end += 1
                }
                start[i + 1] = Int32(end)
            }
        }
        }
        }
    }

    fileprivate static func rank(_ relation: Relation) -> Int {
        relation == .equal ? 0 : relation == .lessOrEqual ? 1 : 2
    }
}

/// What one worker did with its run of residual components.
struct ComponentRunOutcome: Sendable {
    /// Components (or presolved parts) solved by the simplex core, their
    /// variables and the largest.
    var components = 0
    var variables = 0
    var largest = 0
    /// What presolve did (see ``ComponentPresolve``).
    var residualComponents = 0
    var aggregated = 0
    var eliminated = 0
    var intervalVariables = 0
    /// Shapes that gained a pattern, and components solved through one.
    var patterns = 0
    var reused = 0
    /// Parts solved by the large-part LP code, and their variables.
    var largeParts = 0
    var largeVariables = 0
    /// Large parts cut at their hinges, and their pieces.
    var cutParts = 0
    var cutPieces = 0
    /// Large parts split on their one-sided variables.
    var oneSidedParts = 0
    /// Set when a component's required rows conflict (the worker stops there).
    var conflictTags: [Int32]? = nil
}

extension Planner {
    // MARK: - Residual phase

    /// The rows left after the block phase, grouped into independent
    /// components. It depends only on which variables the block phase
    /// determined, not on their values, so a compiled system keeps it across
    /// solves.
    struct ResidualPlan {
        /// Required rows whose every variable is determined: checked at each
        /// solve, never handed to the simplex.
        var fixedRows: [Int32] = []
        /// Each component's rows in the order they are added to its tableau:
        /// required equalities, required inequalities, then optional rows from
        /// the highest priority down (so the tableau starts feasible and every
        /// optional row is added against a settled basis). Component `c` is
        /// `rows[componentStart[c] ..< componentStart[c + 1]]`.
        var rows: [Int32] = []
        var componentStart: [Int] = [0]
        /// The first row (in system order) left for the simplex, if any.
        var firstRow: Int32? = nil

        var componentCount: Int { componentStart.count - 1 }
        func rows(ofComponent c: Int) -> ArraySlice<Int32> { rows[componentStart[c] ..< componentStart[c + 1]] }
    }

    /// One component's tableau and the mapping of its columns.
    struct ComponentTableau {
        /// Where a parameter column's value comes from.
        enum ParameterSource {
            /// A variable determined by the block phase.
            case variable(Int32)
            /// A row's constant (a row whose constant the caller may change).
            case constant(Int32)
        }

        /// A column fixed by an edit variable to a value computed outside the
        /// tableau, so a new value is a suggestion, not a rebuild.
        struct Parameter {
            var column: Int32
            var source: ParameterSource
            var value: Double
        }

        let core: SimplexCore
        /// The system variable of each solved column (parameter columns excluded).
        var solved: [(column: Int32, variable: Int32)] = []
        var parameters: [Parameter] = []
    }

    /// Sorts the rows the block phase left into fixed rows and components.
    ///
    /// Per-variable and per-row scratch is released as soon as it has served,
    /// so the plan's peak memory is about two arrays of residual rows and a
    /// union-find over the variables.
    /// Whether a row is left after the block phase: one that defines no
    /// variable, or whose variable is not determined (the rows
    /// ``makeResidualPlan()`` looks at; it skips every other row).
    func hasRowLeftForResidual(_ varOfRow: [Int32]) -> Bool {
        varOfRow.withUnsafeBufferPointer { varOfRow in
            state.withUnsafeBufferPointer { state in
                for r in 0 ..< system.rowCount {
                    let defined = varOfRow[r]
                    if defined < 0 || state[Int(defined)] != .determined { return true }
                }
                return false
            }
        }
    }

    mutating func makeResidualPlan() -> ResidualPlan {
        var plan = ResidualPlan()
        var residual: [Int32] = []
        // The component of each residual row, numbered in order of first row.
        var componentOfResidual: [Int32] = []
        var componentCount = 0
        do {
            let varOfRow = definedVariable
            let system = self.system
            // Every row defines a variable the block phase determined (the
            // constraint families): no row is left and none is fixed, so the
            // plan is empty, found without the union-find's two arrays over
            // the variables.
            if !hasRowLeftForResidual(varOfRow) { return plan }
            var uf = UnionFind(count: system.variableCount)
            // The loops run once a term: they read and write through pointers
            // (an array write checks its buffer's uniqueness each time).
            state.withUnsafeBufferPointer { state in
            system.columns.withUnsafeBufferPointer { columns in
            uf.withStorage { uf in
                for r in 0 ..< system.rowCount {
                    let defined = varOfRow[r]
                    if defined >= 0 && state[Int(defined)] == .determined { continue }
                    var anchor: Int32 = -1
                    for k in system.termRange(of: RowIndex(r)) where state[Int(columns[k])] != .determined {
                        let v = columns[k]
                        if anchor < 0 { anchor = v } else { uf.union(anchor, v) }
                    }
                    if anchor < 0 {
                        // Every variable is known: a required row must hold as it stands.
                        if system.priorities[r].isRequired { plan.fixedRows.append(Int32(r)) }
                    } else {
                        residual.append(Int32(r))
                    }
                }
                guard !residual.isEmpty else { return }
                var componentOfRoot = [Int32](repeating: -1, count: system.variableCount)
                componentOfResidual = [Int32](repeating: 0, count: residual.count)
                componentOfRoot.withUnsafeMutableBufferPointer { componentOfRoot in
                componentOfResidual.withUnsafeMutableBufferPointer { componentOfResidual in
                    for (i, r) in residual.enumerated() {
                        var anchor: Int32 = -1
                        for k in system.termRange(of: RowIndex(Int(r))) where state[Int(columns[k])] != .determined {
                            anchor = columns[k]
                            break
                        }
                        let root = Int(uf.find(anchor))
                        if componentOfRoot[root] < 0 {
                            componentOfRoot[root] = Int32(componentCount)
                            componentCount += 1
                        }
                        componentOfResidual[i] = componentOfRoot[root]
                    }
                }
                }
            }
            }
            }
            guard let first = residual.first else { return plan }
            plan.firstRow = first
        }

        // Group the rows by component with a counting sort (stable, so each
        // component's rows are in system order), then order each component.
        var componentStart = [Int](repeating: 0, count: componentCount + 1)
        componentStart.withUnsafeMutableBufferPointer { componentStart in
            for c in componentOfResidual { componentStart[Int(c) + 1] += 1 }
            for c in 0 ..< componentCount { componentStart[c + 1] += componentStart[c] }
        }
        do {
            var cursor = componentStart
            plan.rows = [Int32](repeating: 0, count: residual.count)
            cursor.withUnsafeMutableBufferPointer { cursor in
            plan.rows.withUnsafeMutableBufferPointer { rows in
                for (r, c) in zip(residual, componentOfResidual) {
                    rows[cursor[Int(c)]] = r
                    cursor[Int(c)] += 1
                }
            }
            }
        }
        residual = []
        componentOfResidual = []
        // Required equalities, then required inequalities, then optional rows
        // from the highest priority down; within a rank, rows go in a
        // canonical order of their content (terms by variable, then constant,
        // then relation), not in the order they were written: where several
        // optima tie, the simplex then picks the same one whatever the order
        // of the constraints.
        var canonical = CanonicalRows(system)
        for c in 0 ..< componentCount {
            canonical.sortByLevel(&plan.rows[componentStart[c] ..< componentStart[c + 1]])
        }
        plan.componentStart = componentStart
        return plan
    }

    /// - Throws: ``SolverError/strategyCannotSolve(strategy:reason:)`` when a
    ///   forced DAG or block strategy leaves rows for the simplex.
    func checkStrategy(_ plan: ResidualPlan) throws(SolverError) {
        guard let first = plan.firstRow, options.strategy == .dag || options.strategy == .block else { return }
        let r = Int(first)
        let why = system.priorities[r].isRequired
            ? (system.relations[r] == .equal ? "is not determined by required equalities alone"
                : "is an inequality")
            : "is not required (priority \(system.priorities[r]))"
        throw .strategyCannotSolve(
            strategy: options.strategy.rawValue,
            reason: "\(system.origins[r]) \(why); it needs the simplex (use the auto or simplex strategy)")
    }

    /// Checks the plan's fixed rows at the current values.
    ///
    /// - Throws: ``SolverError/unsatisfiable(conflict:)`` for the first that does not hold.
    func checkFixedRows(_ plan: ResidualPlan) throws(SolverError) {
        try checkFixedRows(plan.fixedRows)
    }

    /// Checks `rows`, fixed rows of the plan, at the current values.
    ///
    /// - Throws: ``SolverError/unsatisfiable(conflict:)`` for the first that does not hold.
    func checkFixedRows(_ rows: [Int32]) throws(SolverError) {
        for r in rows {
            let (c, magnitude) = knownPart(of: Int(r))
            let slack = Tolerances.feasibility * max(1, magnitude)
            let holds: Bool
            switch system.relations[Int(r)] {
            case .equal: holds = abs(c) <= slack
            case .lessOrEqual: holds = c <= slack
            case .greaterOrEqual: holds = c >= -slack
            }
            if !holds { throw .unsatisfiable(conflict: explainConflict(seeds: [r])) }
        }
    }

    /// Row `r`'s constant plus its terms on determined variables, and the sum
    /// of their magnitudes.
    func knownPart(of r: Int) -> (value: Double, magnitude: Double) {
        var c = system.constants[r]
        var magnitude = abs(c)
        for k in system.termRange(of: RowIndex(r)) {
            let v = Int(system.columns[k])
            if state[v] == .determined {
                let t = system.coefficients[k] * values[v]
                c += t
                magnitude += abs(t)
            }
        }
        return (c, magnitude)
    }

    /// Builds component `c`'s tableau and writes its solution into ``values``.
    ///
    /// Without `parameters`, determined variables are substituted into each
    /// row's constant, and the tableau is only good for these values. With
    /// `parameters`, each determined variable the component mentions, and the
    /// constant of each row in `parameters.rows`, becomes a column held at its
    /// value by an edit variable at `parameters.priority` (above every optional
    /// priority of the component, so the edits hold whenever the required rows
    /// allow): new values are then suggestions that the dual simplex absorbs
    /// from the current basis.
    ///
    /// - Throws: ``SolverError/unsatisfiable(conflict:)`` when the component's
    ///   required rows conflict (with parameters: whatever their values).
    mutating func buildComponent(
        _ c: Int, of plan: ResidualPlan, parameters: (priority: Priority, rows: [Bool])? = nil
    ) throws(SolverError) -> ComponentTableau {
        if localIndex.count < system.variableCount {
            localIndex = [Int32](repeating: -1, count: system.variableCount)
        }
        let system = self.system
        let state = self.state
        var scratch = localIndex
        localIndex = []
        defer { localIndex = scratch }
        let built = values.withUnsafeMutableBufferPointer { values in
            Self.assembleComponent(
                plan.rows(ofComponent: c), system: system, state: state, values: values,
                localIndex: &scratch, parameters: parameters)
        }
        switch built {
        case .success(let tableau): return tableau
        case .failure(let conflict): throw .unsatisfiable(conflict: explainConflict(seeds: conflict.tags))
        }
    }

    /// Builds one component's tableau from its ordered `rows` (see
    /// ``buildComponent(_:of:parameters:)``) and writes the values of the
    /// variables it solves into `values`. It reads the determined variables'
    /// entries of `values` and writes only the component's own, so workers
    /// building different components can share `values`. `localIndex` is
    /// scratch of one entry per variable, all -1, and left so. With `reusing`,
    /// the component is built in that core after a reset (its buffers kept),
    /// and the returned tableau is only good until the core's next reset.
    static func assembleComponent(
        _ rows: ArraySlice<Int32>, system: ConstraintSystem, state: [State],
        values: UnsafeMutableBufferPointer<Double>, localIndex: inout [Int32],
        parameters: (priority: Priority, rows: [Bool])?, reusing reused: SimplexCore? = nil
    ) -> Result<ComponentTableau, SimplexConflict> {
        let core: SimplexCore
        if let reused {
            reused.reset(variableCount: 0)
            core = reused
        } else {
            core = SimplexCore(variableCount: 0)
        }
        var tableau = ComponentTableau(core: core)
        defer {
            for (_, v) in tableau.solved { localIndex[Int(v)] = -1 }
            for p in tableau.parameters { if case .variable(let v) = p.source { localIndex[Int(v)] = -1 } }
        }
        func addParameter(_ source: ComponentTableau.ParameterSource, value: Double, priority: Priority) -> Int32 {
            let column = core.addVariables(1)
            core.addEdit(variable: column, priority: priority)
            core.suggest(variable: column, value: value)
            tableau.parameters.append(.init(column: column, source: source, value: value))
            return column
        }
        var terms: [(Int32, Double)] = []
        for r32 in rows {
            let r = Int(r32)
            terms.removeAll(keepingCapacity: true)
            var constant = system.constants[r]
            for k in system.termRange(of: RowIndex(r)) {
                let v = Int(system.columns[k])
                let a = system.coefficients[k]
                if state[v] == .determined {
                    guard let parameters else { constant += a * values[v]; continue }
                    if localIndex[v] < 0 {
                        localIndex[v] = addParameter(.variable(Int32(v)), value: values[v], priority: parameters.priority)
                    }
                    terms.append((localIndex[v], a))
                    continue
                }
                if localIndex[v] < 0 {
                    localIndex[v] = core.addVariables(1)
                    tableau.solved.append((localIndex[v], Int32(v)))
                }
                terms.append((localIndex[v], a))
            }
            if let parameters, parameters.rows[r] {
                terms.append((addParameter(.constant(r32), value: constant, priority: parameters.priority), 1))
                constant = 0
            }
            do {
                _ = try core.add(
                    terms: terms, constant: constant, relation: system.relations[r],
                    priority: system.priorities[r], tag: r32)
            } catch {
                return .failure(error)
            }
        }
        for (column, v) in tableau.solved { values[Int(v)] = core.value(of: column) }
        return .success(tableau)
    }

    /// Copies a component tableau's solved columns into ``values``.
    mutating func readValues(of tableau: ComponentTableau) {
        for (column, v) in tableau.solved { values[Int(v)] = tableau.core.value(of: column) }
    }

    /// Solves the rows the block phase left: checks the fixed rows, then
    /// solves each component with the dual simplex, determined variables
    /// substituted as constants. Components are independent, so runs of them
    /// go to up to ``SolveOptions/threads`` workers; the first conflict in
    /// component order is reported whatever the split.
    ///
    /// With ``SolveOptions/reuseShapes``, small components that share their
    /// rows up to the constants (see ``ComponentShapes``) are solved in
    /// rounds: each round solves one representative per shape from scratch,
    /// which leaves the pattern of its optimum, then tries that pattern on
    /// the shape's other components not yet solved. What no pattern fits
    /// after ``ComponentShapes/maxPatterns`` rounds, and every component
    /// without a shape, is solved from scratch at the end, in order.
    mutating func solveResidual() throws(SolverError) {
        try solveResidual(makeResidualPlan())
    }

    /// ``solveResidual()`` with its plan already made (by
    /// ``makeResidualPlan()`` after this block phase, or after an earlier
    /// one whose variables it determined: the split into components depends
    /// only on which variables are determined, the order of a component's
    /// rows also on the constants of rows alike but for them, which
    /// `CompiledSystem` sorts again when they change), so that a compiled
    /// system re-runs the residual phase at new constants without planning
    /// it again.
    ///
    /// With `keeping`, each component of at least `keeping.rows` rows that
    /// the presolve solves leaves its presolve's state in `keeping.kept[c]`
    /// (see `ComponentPresolve.Kept`).
    ///
    /// With `session` (a ``LargePartSolver/makeSession()`` of the options'
    /// large-part solver), large parts go to it instead; a session is used
    /// from one thread at a time, so when more than one component of a run
    /// could reach it, that run is solved on one thread (see
    /// ``runComponents(_:of:system:state:options:session:values:shapes:mode:done:keeping:)``).
    ///
    /// With `only` (components in increasing order, closed under shapes:
    /// with each component of a shape that two or more share, every other
    /// of that shape), only those are solved, in the rounds and the final
    /// run they would have in the whole phase (components are independent,
    /// so their values are the whole phase's); the others' values are left
    /// as they are.
    mutating func solveResidual(
        _ plan: ResidualPlan,
        keeping: (kept: UnsafeMutableBufferPointer<ComponentPresolve.Kept?>, rows: Int)? = nil,
        session: (any LargePartSolver)? = nil, only: [Int]? = nil
    ) throws(SolverError) {
        // The plan was the last reader of the row-to-variable matching (a
        // conflict is explained from `definingRow` and `blockOfVariable`):
        // a one-shot solve gives its 4 bytes a row back before the
        // components' scratch is allocated.
        if !recordsBlockOrder { definedVariable = [] }
        try checkFixedRows(plan)
        try checkStrategy(plan)
        let componentCount = plan.componentCount
        guard componentCount > 0 else { return }
        let system = self.system
        let state = self.state
        var options = self.options
        if let session { options.largePartSolver = session }
        let sharing = session != nil
        var outcomes: [ComponentRunOutcome] = []
        var shapeOf: [Int32] = []
        values.withUnsafeMutableBufferPointer { values in
            var shapes: ComponentShapes? = nil
            let all = only ?? Array(0 ..< componentCount)
            var pending = all
            if options.reuseShapes && componentCount > 1 {
                shapes = ComponentShapes(plan, system: system, state: state, values: values)
                if shapes!.shapes.isEmpty { shapes = nil }
            }
            shapeOf = shapes?.shapeOf ?? []
            var done = [Bool](repeating: false, count: componentCount)
            while let found = shapes {
                let representatives = found.representatives(among: pending)
                if representatives.isEmpty { break }
                let learned = Self.runComponents(
                    representatives, of: plan, system: system, state: state, options: options, session: sharing,
                    values: values, shapes: &shapes, mode: .learn, done: &done, keeping: keeping)
                // A representative's required rows conflict: solve everything
                // from scratch in order, so that the first conflict is the one
                // reported.
                if learned.contains(where: { $0.conflictTags != nil }) {
                    shapes = nil
                    pending = all
                    outcomes = []
                    break
                }
                outcomes += learned
                pending.removeAll { done[$0] }
                let candidates = pending.filter { shapes!.shapeOf[$0] >= 0 }
                outcomes += Self.runComponents(
                    candidates, of: plan, system: system, state: state, options: options, session: sharing,
                    values: values, shapes: &shapes, mode: .tryPattern, done: &done, keeping: keeping)
                pending.removeAll { done[$0] }
            }
            outcomes += Self.runComponents(
                pending, of: plan, system: system, state: state, options: options, session: sharing,
                values: values, shapes: &shapes, mode: .scratch, done: &done, keeping: keeping)
        }
        if recordsBlockOrder && only == nil { residualShapeOf = shapeOf }
        for outcome in outcomes {
            stats.simplexComponents += outcome.components
            stats.simplexVariables += outcome.variables
            stats.largestSimplexComponent = max(stats.largestSimplexComponent, outcome.largest)
            stats.residualComponents += outcome.residualComponents
            stats.aggregatedVariables += outcome.aggregated
            stats.eliminatedVariables += outcome.eliminated
            stats.intervalVariables += outcome.intervalVariables
            stats.shapes += outcome.patterns
            stats.reusedComponents += outcome.reused
            stats.largeParts += outcome.largeParts
            stats.largePartVariables += outcome.largeVariables
            stats.cutParts += outcome.cutParts
            stats.cutPieces += outcome.cutPieces
            stats.oneSidedParts += outcome.oneSidedParts
        }
        if let failed = outcomes.first(where: { $0.conflictTags != nil }) {
            throw .unsatisfiable(conflict: explainConflict(seeds: failed.conflictTags!))
        }
    }

    /// How ``solveComponents(_:of:system:state:values:presolve:large:shapes:shapeOf:mode:done:keeping:)``
    /// treats a component.
    enum ComponentMode {
        /// Solved from scratch.
        case scratch
        /// Solved from scratch; its optimum's pattern is added to its shape.
        case learn
        /// Solved through its shape's newest pattern if the pattern fits,
        /// else left for a later round.
        case tryPattern
    }

    /// Solves the components `list` (in increasing order) on up to
    /// ``SolveOptions/threads`` workers, each taking a contiguous run with
    /// about the same number of rows; the outcomes are in run order.
    /// `done[c]` is set for each component solved. With `session` (the
    /// options' large-part solver is a session, used from one thread at a
    /// time), one worker when more than one component could reach it.
    private static func runComponents(
        _ list: [Int], of plan: ResidualPlan, system: ConstraintSystem, state: [State], options: SolveOptions,
        session: Bool, values: UnsafeMutableBufferPointer<Double>, shapes: inout ComponentShapes?,
        mode: ComponentMode,
        done: inout [Bool], keeping: (kept: UnsafeMutableBufferPointer<ComponentPresolve.Kept?>, rows: Int)?
    ) -> [ComponentRunOutcome] {
        guard !list.isEmpty else { return [] }
        var rowsBefore = [Int](repeating: 0, count: list.count + 1)
        for (i, c) in list.enumerated() {
            rowsBefore[i + 1] = rowsBefore[i] + plan.componentStart[c + 1] - plan.componentStart[c]
        }
        let totalRows = rowsBefore[list.count]
        let workers = workers(
            for: list, rows: totalRows, of: plan, system: system, options: options, session: session, mode: mode)
        var runStart = [0]
        for w in 1 ..< workers {
            let target = totalRows * w / workers
            var i = runStart[w - 1]
            while i < list.count && rowsBefore[i] < target { i += 1 }
            runStart.append(i)
        }
        runStart.append(list.count)
        let bounds = runStart
        var outcomes = [ComponentRunOutcome](repeating: ComponentRunOutcome(), count: workers)
        let presolve = options.presolve
        let large = options.largePartSolver.map {
            (solver: $0, threshold: options.largePartThreshold, splitsOneSided: options.splitsOneSidedParts,
             threads: options.threads)
        }
        let shapeOf = shapes?.shapeOf ?? []
        var table = shapes?.shapes ?? []
        shapes?.shapes = []
        defer { shapes?.shapes = table }
        table.withUnsafeMutableBufferPointer { tableBuffer in
            nonisolated(unsafe) let shared = values
            nonisolated(unsafe) let sharedTable = tableBuffer
            done.withUnsafeMutableBufferPointer { doneBuffer in
            nonisolated(unsafe) let sharedDone = doneBuffer
            outcomes.withUnsafeMutableBufferPointer { outcomeBuffer in
                nonisolated(unsafe) let results = outcomeBuffer
                // Workers keep different components.
                nonisolated(unsafe) let keeping = keeping
                let run: @Sendable (Int) -> Void = { w in
                    results[w] = Self.solveComponents(
                        list[bounds[w] ..< bounds[w + 1]], of: plan, system: system, state: state, values: shared,
                        presolve: presolve, large: large, shapes: sharedTable, shapeOf: shapeOf, mode: mode,
                        done: sharedDone, keeping: keeping)
                }
                if workers == 1 {
                    run(0)
                } else {
                    DispatchQueue.concurrentPerform(iterations: workers, execute: run)
                }
            }
            }
        }
        return outcomes
    }

    /// How many workers solve the components `list` (of `rows` rows in
    /// all) in `mode`: ``workerCount(components:rows:limit:)``, but one when
    /// the large-part solver is a session (`session`: used from one thread
    /// at a time) and more than one of them could reach it.
    static func workers(
        for list: [Int], rows: Int, of plan: ResidualPlan, system: ConstraintSystem, options: SolveOptions,
        session: Bool, mode: ComponentMode
    ) -> Int {
        let workers = workerCount(components: list.count, rows: rows, limit: options.threads)
        guard workers > 1, session, mode != .tryPattern,
              reachingLargeParts(list, of: plan, system: system, threshold: options.largePartThreshold) > 1
        else { return workers }
        return 1
    }

    /// How many of the components `list` could hand a part to the
    /// large-part solver (stops counting at 2): a part has at least
    /// `threshold` variables, so its component has at least that many terms.
    static func reachingLargeParts(
        _ list: [Int], of plan: ResidualPlan, system: ConstraintSystem, threshold: Int
    ) -> Int {
        var reaching = 0
        for c in list {
            var terms = 0
            for r in plan.rows(ofComponent: c) {
                terms += system.termRange(of: RowIndex(Int(r))).count
                if terms >= threshold { break }
            }
            if terms >= threshold {
                reaching += 1
                if reaching > 1 { break }
            }
        }
        return reaching
    }

    /// How many threads solve the residual components: one unless there are
    /// enough components and rows to pay for starting more.
    static func workerCount(components: Int, rows: Int, limit: Int) -> Int {
        let cores = limit > 0 ? limit : max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        // A component is solved in tens of microseconds; below about a
        // thousand rows per thread the start-up costs more than it saves.
        return max(1, min(cores, components / 16, rows / 1024))
    }

    /// Solves the plan's components `list` one after the other in one
    /// simplex core, reset between components; stops at the first whose
    /// required rows conflict. With `presolve`, each component is first
    /// shrunk and split by ``ComponentPresolve``; a component it cannot
    /// finish (a conflict) is solved whole by the tableau.
    ///
    /// With `shapes` (indexed by `shapeOf`), `mode` says what happens to
    /// each component (see ``ComponentMode``); workers write different
    /// shapes and different entries of `done`.
    static func solveComponents(
        _ list: ArraySlice<Int>, of plan: ResidualPlan, system: ConstraintSystem, state: [State],
        values: UnsafeMutableBufferPointer<Double>, presolve: Bool = true,
        large: (solver: any LargePartSolver, threshold: Int, splitsOneSided: Bool, threads: Int)? = nil,
        shapes: UnsafeMutableBufferPointer<ComponentShapes.Shape>, shapeOf: [Int32], mode: ComponentMode,
        done: UnsafeMutableBufferPointer<Bool>,
        keeping: (kept: UnsafeMutableBufferPointer<ComponentPresolve.Kept?>, rows: Int)? = nil
    ) -> ComponentRunOutcome {
        var outcome = ComponentRunOutcome()
        guard !list.isEmpty else { return outcome }
        var localIndex = [Int32](repeating: -1, count: system.variableCount)
        // One core, one presolve, one description and one solution buffer
        // for the whole run: their buffers are allocated once, not once per
        // component.
        let core = SimplexCore(variableCount: 0)
        var reducer = ComponentPresolve()
        reducer.largePartSolver = large?.solver
        reducer.largePartThreshold = large?.threshold ?? Int.max
        reducer.oneSidedSplit = large?.splitsOneSided ?? true
        reducer.oneSidedThreads = large?.threads ?? 1
        var description = ComponentShapes.Description()
        var x = [Double](repeating: 0, count: ComponentShapes.maxVariables)
        for c in list {
            let shape = shapeOf.isEmpty ? -1 : Int(shapeOf[c])
            if mode == .tryPattern {
                guard shape >= 0, let pattern = shapes[shape].patterns.last else { continue }
                let solved = description.load(
                    plan.rows(ofComponent: c), system: system, state: state, values: values, localIndex: &localIndex)
                if solved && x.withUnsafeMutableBufferPointer({ ComponentShapes.apply(pattern, to: description, into: $0) }) {
                    for (j, v) in description.globals.enumerated() { values[Int(v)] = x[j] }
                    outcome.residualComponents += 1
                    outcome.reused += 1
                    done[c] = true
                }
                continue
            }
            outcome.residualComponents += 1
            done[c] = true
            let rows = plan.rows(ofComponent: c)
            let keeps = keeping.map { rows.count >= $0.rows } ?? false
            if presolve, let counts = reducer.solve(
                rows, system: system, state: state, values: values, localIndex: &localIndex, core: core,
                keeping: keeps)
            {
                if keeps { keeping!.kept[c] = reducer.handOver(counts) }
                outcome.aggregated += counts.aggregated
                outcome.eliminated += counts.eliminated
                outcome.intervalVariables += counts.intervalParts
                outcome.components += counts.simplexParts
                outcome.variables += counts.simplexVariables
                outcome.largest = max(outcome.largest, counts.largestSimplexPart)
                outcome.largeParts += counts.largeParts
                outcome.largeVariables += counts.largeVariables
                outcome.cutParts += counts.cutParts
                outcome.cutPieces += counts.cutPieces
                outcome.oneSidedParts += counts.oneSidedParts
            } else {
                switch assembleComponent(
                    plan.rows(ofComponent: c), system: system, state: state, values: values,
                    localIndex: &localIndex, parameters: nil, reusing: core)
                {
                case .success(let tableau):
                    outcome.components += 1
                    outcome.variables += tableau.solved.count
                    outcome.largest = max(outcome.largest, tableau.solved.count)
                case .failure(let conflict):
                    outcome.conflictTags = conflict.tags
                    return outcome
                }
            }
            if shape >= 0 && mode == .learn {
                if description.load(
                    plan.rows(ofComponent: c), system: system, state: state, values: values, localIndex: &localIndex),
                    let pattern = ComponentShapes.pattern(of: description, values: values)
                {
                    shapes[shape].patterns.append(pattern)
                    outcome.patterns += 1
                } else {
                    shapes[shape].barren = true
                }
            }
        }
        return outcome
    }

    mutating func noteSimplexComponent(_ tableau: ComponentTableau) {
        stats.simplexComponents += 1
        stats.simplexVariables += tableau.solved.count
        stats.largestSimplexComponent = max(stats.largestSimplexComponent, tableau.solved.count)
    }
}
