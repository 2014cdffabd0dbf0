/// A linear constraint system in compressed sparse row (CSR) form: the one IR
/// that every front end lowers to and every strategy solves.
///
/// Row `r` reads `Σ coefficient · x[column] + constant ⋈ 0`, where `⋈` is the
/// row's ``Relation``. Each row also has a ``Priority`` (1000 is required) and
/// an ``Origin`` naming the source that made it.
///
/// Storage is contiguous arrays indexed by ``VariableIndex`` and ``RowIndex``:
/// the terms of row `r` are `columns[rowStart[r] ..< rowStart[r + 1]]` with
/// their `coefficients`. Terms within a row have distinct columns and nonzero
/// coefficients (`addRow(_:constant:relation:priority:origin:)` merges
/// repeated variables and drops terms that cancel).
public struct ConstraintSystem: Sendable {
    /// Number of variables, numbered `0 ..< variableCount`.
    public private(set) var variableCount: Int = 0
    /// `rowStart[r] ..< rowStart[r + 1]` are row `r`'s term positions; `rowStart.count == rowCount + 1`.
    public private(set) var rowStart: [Int32] = [0]
    /// The variable of each term.
    public private(set) var columns: [Int32] = []
    /// The coefficient of each term.
    public private(set) var coefficients: [Double] = []
    /// Each row's constant.
    public private(set) var constants: [Double] = []
    public private(set) var relations: [Relation] = []
    /// Each row's priority (one byte a row while there are at most 256
    /// distinct priorities: see ``PriorityList``).
    public private(set) var priorities = PriorityList()
    /// Each row's origin (see ``OriginList``: stored, or made on demand by
    /// ``originSource`` from the key the row was added with).
    public private(set) var origins = OriginList()

    public init() {}

    /// Reserves room for `variables` variables, `rows` rows and `nonzeros` terms.
    public mutating func reserveCapacity(variables: Int = 0, rows: Int, nonzeros: Int) {
        rowStart.reserveCapacity(rows + 1)
        constants.reserveCapacity(rows)
        relations.reserveCapacity(rows)
        priorities.reserveCapacity(rows)
        origins.reserveCapacity(rows)
        columns.reserveCapacity(nonzeros)
        coefficients.reserveCapacity(nonzeros)
    }

    /// Empties the system (no variables, rows or origin source, as
    /// ``init()`` makes it) and keeps the room its arrays have: a front end
    /// that lowers many layouts one after another (`Plumb`'s view trees)
    /// fills the same memory again instead of fresh pages.
    @_spi(Lowering)
    public mutating func removeAllKeepingCapacity() {
        variableCount = 0
        rowStart.removeAll(keepingCapacity: true)
        rowStart.append(0)
        columns.removeAll(keepingCapacity: true)
        coefficients.removeAll(keepingCapacity: true)
        constants.removeAll(keepingCapacity: true)
        relations.removeAll(keepingCapacity: true)
        priorities.removeAllKeepingCapacity()
        origins.removeAllKeepingCapacity()
    }

    /// About how many bytes the system's rows and terms have room for.
    @_spi(Lowering)
    public var reservedBytes: Int {
        12 * max(columns.capacity, coefficients.capacity) + 18 * max(constants.capacity, rowStart.capacity)
    }

    /// Number of rows.
    @inlinable public var rowCount: Int { constants.count }
    /// Number of stored terms over all rows.
    @inlinable public var nonzeroCount: Int { columns.count }

    /// Adds `count` variables and returns the index of the first.
    @discardableResult
    public mutating func addVariables(_ count: Int = 1) -> VariableIndex {
        let first = VariableIndex(variableCount)
        variableCount += count
        return first
    }

    /// Adds the row `Σ terms + constant ⋈ 0`.
    ///
    /// Terms naming the same variable are summed, and terms whose coefficient
    /// becomes exactly zero are dropped, so a row may end up with no terms
    /// (`constant ⋈ 0`, which either always or never holds).
    ///
    /// - Precondition: every variable is below ``variableCount``; every number
    ///   is finite (front ends reject NaN and infinities with an error naming
    ///   the origin before they get here).
    /// - Complexity: O(k²) for k terms; rows are short.
    @inlinable @discardableResult
    public mutating func addRow(
        _ terms: some Sequence<(VariableIndex, Double)>,
        constant: Double,
        relation: Relation,
        priority: Priority = .required,
        origin: Origin
    ) -> RowIndex {
        addRow(terms, constant: constant, relation: relation, priority: priority, origin: .stored(origin))
    }

    /// The source that describes rows added with a ``RowOrigin/key(_:)``.
    public var originSource: (any OriginSource)? {
        get { origins.source }
        set { origins.source = newValue }
    }

    /// Adds the row `Σ terms + constant ⋈ 0` as the overload taking an
    /// ``Origin`` does, with its origin given as a ``RowOrigin``: a key is
    /// kept as 4 bytes and made into an origin by ``originSource`` only when
    /// it is read (see ``OriginList``).
    ///
    /// - Precondition: ``originSource`` is set for a key.
    @inlinable @discardableResult
    public mutating func addRow(
        _ terms: some Sequence<(VariableIndex, Double)>,
        constant: Double,
        relation: Relation,
        priority: Priority = .required,
        origin: RowOrigin
    ) -> RowIndex {
        // The loop over `terms` is specialised where it is called (a front
        // end's own term list, an array); the storage work below is not generic.
        var finite = true
        for (v, a) in terms where !appendTerm(v, a) { finite = false }
        return finishRow(constant: constant, relation: relation, priority: priority, origin: origin,
                         coefficientsFinite: finite)
    }

    /// Adds `a · v` to the row being built, merged into an earlier term on
    /// `v`; returns false, adding nothing, when `a` is not finite.
    @usableFromInline
    mutating func appendTerm(_ v: VariableIndex, _ a: Double) -> Bool {
        precondition(v.int >= 0 && v.int < variableCount, "variable \(v) out of range")
        guard a.isFinite else { return false }
        if a == 0 { return true }
        var k = Int(rowStart[rowStart.count - 1])
        while k < columns.count {
            if columns[k] == v.rawValue {
                coefficients[k] += a
                return true
            }
            k += 1
        }
        columns.append(v.rawValue)
        coefficients.append(a)
        return true
    }

    /// Ends the row whose terms ``appendTerm(_:_:)`` added.
    @usableFromInline
    mutating func finishRow(
        constant: Double, relation: Relation, priority: Priority, origin: RowOrigin, coefficientsFinite: Bool
    ) -> RowIndex {
        precondition(constant.isFinite, "non-finite constant in row from \(origins.resolve(origin))")
        precondition(coefficientsFinite, "non-finite coefficient in row from \(origins.resolve(origin))")
        let start = Int(rowStart[rowStart.count - 1])
        // Drop terms that cancelled out (e.g. `a.right = a.left + 10`); rows
        // rarely have any, so look before rewriting.
        if coefficients[start...].contains(0) {
            var w = start
            for k in start ..< columns.count where coefficients[k] != 0 {
                columns[w] = columns[k]
                coefficients[w] = coefficients[k]
                w += 1
            }
            columns.removeLast(columns.count - w)
            coefficients.removeLast(coefficients.count - w)
        }
        return closeRow(constant: constant, relation: relation, priority: priority, origin: origin)
    }

    /// Adds the row `Σ terms + constant ⋈ 0` with its terms in a buffer: the
    /// same row, term for term, as `addRow(_:constant:relation:priority:origin:)`
    /// makes of the same sequence (a repeated variable summed into its first
    /// term, sums of exactly zero dropped). Most rows name each variable once
    /// with a nonzero coefficient; their terms are copied in as given, and
    /// only the others are merged first (`appendMerged(_:)`).
    ///
    /// - Precondition: as for `addRow(_:constant:relation:priority:origin:)`.
    /// - Complexity: O(k²) for k terms; rows are short.
    @discardableResult
    public mutating func addRow(
        contiguous terms: UnsafeBufferPointer<(VariableIndex, Double)>,
        constant: Double,
        relation: Relation,
        priority: Priority = .required,
        origin: RowOrigin
    ) -> RowIndex {
        precondition(constant.isFinite, "non-finite constant in row from \(origins.resolve(origin))")
        let variables = Int32(truncatingIfNeeded: variableCount)
        var asGiven = true
        for k in terms.indices {
            let (v, a) = terms[k]
            precondition(v.rawValue >= 0 && v.rawValue < variables, "variable \(v) out of range")
            precondition(a.isFinite, "non-finite coefficient in row from \(origins.resolve(origin))")
            if a == 0 { asGiven = false }
            var j = 0
            while j < k && terms[j].0 != v { j &+= 1 }
            if j < k { asGiven = false }
        }
        if asGiven {
            // A row has a few terms: appending them one by one costs less
            // than a bulk append's set-up.
            for (v, _) in terms { columns.append(v.rawValue) }
            for (_, a) in terms { coefficients.append(a) }
        } else {
            appendMerged(terms)
        }
        return closeRow(constant: constant, relation: relation, priority: priority, origin: origin)
    }

    /// Appends rows gathered elsewhere, a block at a time: each array grows
    /// once for the block instead of once a row. Row `i` of the block has
    /// the terms `columns[termEnds[i - 1] ..< termEnds[i]]` (from 0 for the
    /// first row) with their `coefficients`, and its key in `originKeys`
    /// is made into its origin by ``originSource`` when read.
    ///
    /// For front ends that check their rows as they gather them (`Plumb`'s
    /// system builder): nothing is merged here, so each row must already be
    /// what `addRow(contiguous:constant:relation:priority:origin:)` would make
    /// of it term for term, with distinct variables, every variable below
    /// ``variableCount``, and finite, nonzero coefficients.
    ///
    /// - Precondition: the buffers other than `columns` and `coefficients`
    ///   have one entry a row; `termEnds` rises to `columns.count`; every
    ///   constant is finite; every key is below 2³¹ and ``originSource`` is
    ///   set. `termEnds` is rewritten in place (offset by the terms already
    ///   in the system).
    /// - Complexity: O(rows + terms).
    @_spi(Lowering)
    public mutating func appendRows(
        termEnds: UnsafeMutableBufferPointer<Int32>,
        columns newColumns: UnsafeBufferPointer<Int32>,
        coefficients newCoefficients: UnsafeBufferPointer<Double>,
        constants newConstants: UnsafeBufferPointer<Double>,
        relations newRelations: UnsafeBufferPointer<Relation>,
        priorities newPriorities: UnsafeBufferPointer<Priority>,
        originKeys: UnsafeBufferPointer<UInt32>
    ) {
        let rows = termEnds.count
        guard rows > 0 else { return }
        precondition(newConstants.count == rows && newRelations.count == rows && newPriorities.count == rows
                     && originKeys.count == rows, "one constant, relation, priority and origin key a row")
        precondition(newColumns.count == newCoefficients.count && Int(termEnds[rows - 1]) == newColumns.count,
                     "the rows' terms end where the columns do")
        let base = Int32(columns.count)
        columns.append(contentsOf: newColumns)
        coefficients.append(contentsOf: newCoefficients)
        for i in 0 ..< rows { termEnds[i] &+= base }
        rowStart.append(contentsOf: termEnds)
        constants.append(contentsOf: newConstants)
        relations.append(contentsOf: newRelations)
        priorities.append(contentsOf: newPriorities)
        origins.appendKeys(originKeys)
    }

    /// Appends `terms` to the row being built with repeated variables summed
    /// into their first term and sums of exactly zero dropped, merged in
    /// scratch on the stack first.
    private mutating func appendMerged(_ terms: UnsafeBufferPointer<(VariableIndex, Double)>) {
        withUnsafeTemporaryAllocation(of: (VariableIndex, Double).self, capacity: max(terms.count, 1)) { merged in
            let count = Self.mergeTerms(terms, into: merged.baseAddress!)
            for k in 0 ..< count { columns.append(merged[k].0.rawValue) }
            for k in 0 ..< count { coefficients.append(merged[k].1) }
        }
    }

    /// Writes `terms` at `merged` as `addRow(contiguous:constant:relation:priority:origin:)`
    /// stores them: zero coefficients left out, a repeated variable summed
    /// into its first term (in the order given), and sums of exactly zero
    /// dropped. Returns how many terms it wrote.
    ///
    /// For front ends that gather rows for `appendRows(termEnds:columns:coefficients:constants:relations:priorities:originKeys:)`
    /// (`Plumb`'s system builder): a merged row has distinct variables and
    /// nonzero coefficients.
    ///
    /// - Precondition: `merged` has room for `terms.count` terms.
    /// - Complexity: O(k²) for k terms; rows are short.
    @_spi(Lowering)
    public static func mergeTerms(
        _ terms: UnsafeBufferPointer<(VariableIndex, Double)>, into merged: UnsafeMutablePointer<(VariableIndex, Double)>
    ) -> Int {
        var count = 0
        var cancelled = false
        for (v, a) in terms where a != 0 {
            var k = 0
            while k < count && merged[k].0 != v { k &+= 1 }
            if k < count {
                merged[k].1 += a
                if merged[k].1 == 0 { cancelled = true }
            } else {
                merged[count] = (v, a)
                count &+= 1
            }
        }
        if cancelled {
            var kept = 0
            for k in 0 ..< count where merged[k].1 != 0 {
                merged[kept] = merged[k]
                kept &+= 1
            }
            count = kept
        }
        return count
    }

    /// Records the row whose terms are the last ones of ``columns``.
    private mutating func closeRow(
        constant: Double, relation: Relation, priority: Priority, origin: RowOrigin
    ) -> RowIndex {
        rowStart.append(Int32(columns.count))
        constants.append(constant)
        relations.append(relation)
        priorities.append(priority)
        origins.append(origin)
        return RowIndex(constants.count - 1)
    }

    /// Replaces row `r`'s constant (the row's terms, relation and priority
    /// stay) and, when given, its origin (whose text may show the constant).
    ///
    /// - Precondition: `value` is finite.
    /// - Complexity: O(1).
    public mutating func setConstant(_ value: Double, ofRow r: RowIndex, origin: Origin? = nil) {
        precondition(value.isFinite, "non-finite constant for row \(r.int) from \(origins[r.int])")
        // When another copy of the system shares the constants (a compiled
        // system's first solve keeps them), the write below would copy them
        // into an array of exactly `rowCount`; asking for the room they have
        // makes that copy keep it (and does nothing when they are not
        // shared). A system emptied and filled again
        // (``removeAllKeepingCapacity()``) then finds its reserved room
        // instead of reallocating the constants into fresh memory.
        constants.reserveCapacity(constants.capacity)
        constants[r.int] = value
        if let origin { origins.replace(r.int, with: origin) }
    }

    /// The term positions of row `r` in ``columns`` and ``coefficients``.
    @inlinable public func termRange(of r: RowIndex) -> Range<Int> {
        Int(rowStart[r.int]) ..< Int(rowStart[r.int + 1])
    }

    /// The terms of row `r` as `(variable, coefficient)` pairs.
    public func terms(of r: RowIndex) -> [(VariableIndex, Double)] {
        termRange(of: r).map { (VariableIndex(rawValue: columns[$0]), coefficients[$0]) }
    }

    /// The value of row `r`'s expression `Σ a·x + constant` at `values`.
    @inlinable public func evaluate(_ r: RowIndex, at values: [Double]) -> Double {
        var s = constants[r.int]
        for k in termRange(of: r) { s += coefficients[k] * values[Int(columns[k])] }
        return s
    }

    /// How far `values` violate row `r`: 0 when it holds exactly, otherwise the
    /// absolute amount by which the expression misses its relation.
    @inlinable public func violation(of r: RowIndex, at values: [Double]) -> Double {
        let e = evaluate(r, at: values)
        switch relations[r.int] {
        case .equal: return abs(e)
        case .lessOrEqual: return max(0, e)
        case .greaterOrEqual: return max(0, -e)
        }
    }

    /// Every row's expression `Σ a·x + constant` at `values`, written into
    /// `residuals[0 ..< rowCount]`: one sparse matrix-vector product over the
    /// CSR arrays, each nonzero read once. Checking a solution against every
    /// row costs this much, and the benchmarks use it as the floor that a
    /// solve is measured against.
    /// - Precondition: `values.count == variableCount`, `residuals.count >= rowCount`.
    public func residuals(at values: [Double], into residuals: inout [Double]) {
        precondition(values.count == variableCount, "\(values.count) values for \(variableCount) variables")
        precondition(residuals.count >= rowCount, "room for \(residuals.count) of \(rowCount) residuals")
        values.withUnsafeBufferPointer { x in
            rowStart.withUnsafeBufferPointer { start in
                columns.withUnsafeBufferPointer { column in
                    coefficients.withUnsafeBufferPointer { a in
                        constants.withUnsafeBufferPointer { c in
                            residuals.withUnsafeMutableBufferPointer { out in
                                for r in 0 ..< c.count {
                                    var sum = c[r]
                                    for k in Int(start[r]) ..< Int(start[r + 1]) {
                                        sum += a[k] * x[Int(column[k])]
                                    }
                                    out[r] = sum
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
