import CClpSimplex
import PlumbSolver

/// A Clp model of one `LinearPart`, and what `ClpPartSolver` needs to know
/// of its columns: the part's variables (free) come first, then the error
/// columns. Each optional row gets error columns: an equality `e⁺ − e⁻`,
/// an inequality one column on the side it may miss; level `p`'s objective
/// is the sum of its rows' error columns. Required rows are row bounds.
/// The model is freed with the object.
final class PartModel {
    let pointer: OpaquePointer
    /// The part's variables and rows.
    let n: Int, m: Int
    /// `n` plus the error columns.
    let columnCount: Int
    /// Each error column's level and row.
    let levelOfError: [Double]
    let rowOfError: [Int32]
    /// Each row's error columns (-1: none).
    let plus: [Int32], minus: [Int32]
    /// The levels, highest first (`[nan]` when the part has none: one
    /// feasibility solve).
    let order: [Double]
    /// Whether each variable is in more than `linkingDegree` rows of two
    /// or more variables (see `freeImpliedEqualities`).
    private let linking: [Bool]
    let hasLinking: Bool
    /// What `freeImpliedEqualities` reads of the rows' terms, made at its
    /// first call (see `ImpliedEqualityTerms`).
    private var impliedTerms: ImpliedEqualityTerms?
    /// Whether `freeImpliedEqualities` keeps `impliedTerms` from one call
    /// to the next (else it makes them again at each call: the path before,
    /// for the tests).
    var keepsImpliedEqualityTerms = true
    /// Calls of `freeImpliedEqualities` that found `impliedTerms` made.
    private(set) var impliedTermsReused = 0
    /// The rows `freeImpliedEqualities` freed over its calls, and the sum
    /// of their indices (for the tests' comparison of the two paths).
    private(set) var impliedRowsFreed = 0, impliedRowsFreedIndexSum = 0

    init?(_ part: LinearPart) {
        guard Self.accepts(part) else { return nil }
        let n = part.variableCount, m = part.rowCount
        var levelOfError: [Double] = [], rowOfError: [Int32] = []
        var starts: [Int32] = [0], columns: [Int32] = [], elements: [Double] = []
        columns.reserveCapacity(part.columns.count + 2 * m)
        elements.reserveCapacity(part.columns.count + 2 * m)
        var plus = [Int32](repeating: -1, count: m), minus = [Int32](repeating: -1, count: m)
        func addError(_ row: Int, _ coefficient: Double, level: Double) {
            let column = Int32(n + levelOfError.count)
            if coefficient > 0 { plus[row] = column } else { minus[row] = column }
            columns.append(column)
            elements.append(coefficient)
            levelOfError.append(level)
            rowOfError.append(Int32(row))
        }
        for i in 0 ..< m {
            for k in Int(part.rowStart[i]) ..< Int(part.rowStart[i + 1]) {
                columns.append(part.columns[k])
                elements.append(part.coefficients[k])
            }
            let p = part.priorities[i]
            if !p.isRequired {
                switch part.relations[i] {
                case .equal:
                    addError(i, 1, level: p.rawValue)
                    addError(i, -1, level: p.rawValue)
                case .lessOrEqual: addError(i, -1, level: p.rawValue)
                case .greaterOrEqual: addError(i, 1, level: p.rawValue)
                }
            }
            starts.append(Int32(columns.count))
        }
        let columnCount = n + levelOfError.count
        let lower = [Double](repeating: -Self.infinity, count: n) + [Double](repeating: 0, count: levelOfError.count)
        let upper = [Double](repeating: Self.infinity, count: columnCount)
        let (rowLower, rowUpper) = Self.rowBounds(of: part)
        guard let model = plumb_clp_new(
            Int32(columnCount), lower, upper, Int32(m), rowLower, rowUpper, starts, columns, elements)
        else { return nil }
        // Tighter than Clp's 1e-7: layouts are compared to 1e-6 and held
        // levels must not drift.
        plumb_clp_set_tolerances(model, 1e-9, 1e-9)
        pointer = model
        self.n = n
        self.m = m
        self.columnCount = columnCount
        self.levelOfError = levelOfError
        self.rowOfError = rowOfError
        self.plus = plus
        self.minus = minus
        let levels = Set(levelOfError).sorted(by: >)
        order = levels.isEmpty ? [Double.nan] : levels
        var degree = [Int32](repeating: 0, count: n)
        for i in 0 ..< m where part.rowStart[i + 1] - part.rowStart[i] >= 2 {
            for k in Int(part.rowStart[i]) ..< Int(part.rowStart[i + 1]) { degree[Int(part.columns[k])] += 1 }
        }
        linking = degree.map { Int($0) > Self.linkingDegree }
        hasLinking = linking.contains(true)
    }

    deinit { plumb_clp_free(pointer) }

    static let infinity = 1e30

    /// Whether Clp is given `part`: every constant and coefficient at most
    /// `largestMagnitude` in size. Clp takes a bound from 1e30 on as
    /// infinite and stops the process on one of 1e100 or more (an
    /// assertion in its cost bookkeeping); a part with such numbers (a
    /// constraint `= 1e300`) is left to the tableau, which answers or
    /// names a conflict.
    static func accepts(_ part: LinearPart) -> Bool {
        part.constants.allSatisfy { abs($0) <= largestMagnitude }
            && part.coefficients.allSatisfy { abs($0) <= largestMagnitude }
    }

    /// Far above any layout's lengths (1e12 points), far below Clp's
    /// infinity; its tolerances (1e-9) still mean something against it.
    static let largestMagnitude = 1e12

    /// Row `i`'s bounds: `Σ a·x + c ⋈ 0  ⇔  Σ a·x ⋈ −c`.
    private static func rowBounds(of part: LinearPart) -> (lower: [Double], upper: [Double]) {
        var lower = [Double](repeating: -infinity, count: part.rowCount)
        var upper = [Double](repeating: infinity, count: part.rowCount)
        for i in 0 ..< part.rowCount {
            let rhs = -part.constants[i]
            switch part.relations[i] {
            case .equal: lower[i] = rhs; upper[i] = rhs
            case .lessOrEqual: upper[i] = rhs
            case .greaterOrEqual: lower[i] = rhs
            }
        }
        return (lower, upper)
    }

    /// Makes `level`'s error columns the objective; false when it has none.
    /// It is written into Clp's costs in place: no array of every column
    /// (12 MB on `levels` at 100,000 views) is kept beside the model, nor
    /// made and freed just before Clp's next call.
    func aim(at level: Double) -> Bool {
        plumb_clp_set_level_objective(pointer, Int32(n), Int32(levelOfError.count), levelOfError, level) > 0
    }

    /// Each level's wishes paired with required rows of the same terms
    /// (see `PinnedOffWishes`), made the first time a replay asks.
    private var pinnedOff: [Double: PinnedOffWishes] = [:]

    /// Whether at `part`'s constants (a part of the model's shape) some
    /// wish of `level` is kept off its value by a required row of the same
    /// terms: the level cannot hold at zero error (see `PinnedOffWishes`).
    func cannotHoldAtZero(_ level: Double, in part: LinearPart) -> Bool {
        if let known = pinnedOff[level] { return known.anyApart(part) }
        let made = PinnedOffWishes(part, level: level)
        pinnedOff[level] = made
        return made.anyApart(part)
    }

    /// Fixes `level`'s error columns at 0; returns their upper bounds as
    /// they were, to put back.
    func fixErrors(at level: Double) -> FixedErrorColumns? {
        ClpPartSolver.fixErrors(pointer, level: level, levelOfError: levelOfError, firstError: n)
    }

    /// The row bounds of `part` (of the shape the model was made for, with
    /// its own constants) and every column's upper bound as at the start:
    /// no level held, no error fixed.
    func resetBounds(for part: LinearPart) {
        let (lower, upper) = Self.rowBounds(of: part)
        plumb_clp_set_row_bounds(pointer, lower, upper)
        plumb_clp_set_column_upper(pointer, [Double](repeating: Self.infinity, count: columnCount))
    }

    /// The model's basis (Clp's status byte for each column, then each
    /// row); empty when it has none.
    func basis() -> [UInt8] {
        let count = columnCount + Int(plumb_clp_rows(pointer))
        let status = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialised in
            initialised = plumb_clp_basis(pointer, buffer.baseAddress) == 1 ? count : 0
        }
        return status
    }

    /// Whether a column or a row ends nonbasic far out on a side where it
    /// has no bound. Clp's dual simplex gives every unbounded side an
    /// artificial bound (its dual bound, 1e10) and may leave a column or a
    /// row's activity out there when the optimum does not care where it is:
    /// the part's optimum is unbounded along a direction (an ambiguous
    /// layout), and the values are a point about 1e10 away along it, where
    /// the rows' residuals are rounding errors of 1e-6. The far-out one
    /// may be one of the part's variables, an error column or a row's
    /// activity, with the variables then basic at 1e9 or more.
    /// `ClpPartSolver` hands such a part to the tableau, whose free
    /// variables stay where the rows put them.
    func restsOnArtificialBound() -> Bool {
        let status = basis(), rows = Int(plumb_clp_rows(pointer))
        guard status.count == columnCount + rows, let value = plumb_clp_solution(pointer),
              let lower = plumb_clp_column_lower(pointer), let upper = plumb_clp_column_upper(pointer),
              let activity = plumb_clp_row_activity(pointer),
              let rowLower = plumb_clp_row_lower(pointer), let rowUpper = plumb_clp_row_upper(pointer)
        else { return false }
        func farOut(_ x: Double, _ low: Double, _ high: Double) -> Bool {
            (x >= Self.farOut && high >= Self.infinity / 2) || (x <= -Self.farOut && low <= -Self.infinity / 2)
        }
        for j in 0 ..< columnCount where status[j] & 7 != 1 && farOut(value[j], lower[j], upper[j]) {  // 1: basic
            return true
        }
        for i in 0 ..< rows where status[columnCount + i] & 7 != 1 && farOut(activity[i], rowLower[i], rowUpper[i]) {
            return true
        }
        return false
    }

    /// A variable in more rows than this (of two or more variables) is a
    /// linking one for `freeImpliedEqualities`: a chart grid's column
    /// edges, read by every row of charts (150 rows at 3,000 views), where
    /// any other variable of it is in at most 20.
    static let linkingDegree = 64

    /// Frees the held equalities that others held imply, so that the
    /// next levels do not pivot through them; returns how many.
    ///
    /// A held equality is a row with equal bounds whose error columns, if
    /// any, are fixed at 0. Its terms split into local ones and linking
    /// ones (see `linkingDegree`). Equalities whose local terms are the same
    /// up to a factor form a group; for each one but the first `g` of its
    /// group, `r − g` (both scaled to a local leading coefficient of 1) is a
    /// row of linking terms only. When an earlier row `r'` of another group
    /// gave the same difference (the same coefficients and constant,
    /// compared exactly), `r = g + (r' − g')` is implied by three rows that
    /// stay held, and its bounds are opened (a free row binds nothing;
    /// Clp's presolve drops it). Holds only tighten bounds, so it stays
    /// implied for the rest of the solve.
    ///
    /// A chart grid holds `plot.height = 0.6·plot.width` at 500 for each of
    /// the four charts of a row, and the four widths equal: four equalities
    /// per row of charts where one suffices, the same three combinations of
    /// the column edges again and again. Left in, the next level's simplex
    /// pivots once per row of charts at the same degenerate point, each
    /// pivot through the edges and so through every row (`chartgrid` at
    /// 30,000 views: 2,143 pivots; freed, presolve leaves 19 rows and 9
    /// pivots).
    func freeImpliedEqualities(of part: LinearPart) -> Int {
        precondition(part.rowCount == m, "a part of another shape")
        guard hasLinking,
              let rl = plumb_clp_row_lower(pointer), let ru = plumb_clp_row_upper(pointer),
              let cu = plumb_clp_column_upper(pointer)
        else { return 0 }
        // What the rows' terms give, made once for the model (see
        // `ImpliedEqualityTerms`; `keepsImpliedEqualityTerms` false makes
        // it again at each call, as before).
        if keepsImpliedEqualityTerms && impliedTerms != nil { impliedTermsReused += 1 }
        var shape = keepsImpliedEqualityTerms ? impliedTerms ?? ImpliedEqualityTerms(rowCount: m, linking: linking)
            : ImpliedEqualityTerms(rowCount: m, linking: linking)
        impliedTerms = nil
        defer { if keepsImpliedEqualityTerms { impliedTerms = shape } }
        // The bound's entry of r − g, last in their difference (variable -1).
        func bound(_ r: Int, _ g: Int, _ fr: Double, _ fg: Double) -> Double { rl[r] / fr - rl[g] / fg }
        // Each group's first row by the hash of its local terms (a
        // collision only leaves a row unfreed), and each difference seen
        // with the rows that gave it.
        var groupFirst: [UInt64: Int] = [:], seen: [UInt64: (row: Int, first: Int)] = [:]
        var freed: [Int] = []
        for i in 0 ..< m where rl[i] == ru[i] {
            if plus[i] >= 0 && cu[Int(plus[i])] != 0 { continue }
            if minus[i] >= 0 && cu[Int(minus[i])] != 0 { continue }
            guard let row = shape.row(i, of: part) else { continue }
            guard let g = groupFirst[row.hash] else {
                groupFirst[row.hash] = i
                continue
            }
            guard let fg = shape.row(g, of: part)?.lead else { continue }
            let pair = shape.pair(i, g, of: part)
            guard pair.sameLocal else { continue }
            let d = bound(i, g, row.lead, fg)
            var dh = pair.hash
            ImpliedEqualityTerms.mix(&dh, UInt64(UInt32(bitPattern: -1)))
            ImpliedEqualityTerms.mix(&dh, d.bitPattern)
            guard let earlier = seen[dh] else {
                seen[dh] = (i, g)
                continue
            }
            guard let fr = shape.row(earlier.row, of: part)?.lead, let fe = shape.row(earlier.first, of: part)?.lead
            else { continue }
            let e = shape.pair(earlier.row, earlier.first, of: part).linking
            if e.count == pair.linking.count && zip(e, pair.linking).allSatisfy({ $0.0 == $1.0 && $0.1 == $1.1 })
                && bound(earlier.row, earlier.first, fr, fe) == d {
                freed.append(i)
            }
        }
        guard !freed.isEmpty else { return 0 }
        impliedRowsFreed += freed.count
        impliedRowsFreedIndexSum += freed.reduce(0, +)
        var lower = Array(UnsafeBufferPointer(start: rl, count: m))
        var upper = Array(UnsafeBufferPointer(start: ru, count: m))
        for i in freed {
            lower[i] = -Self.infinity
            upper[i] = Self.infinity
        }
        plumb_clp_set_row_bounds(pointer, lower, upper)
        return freed.count
    }

    /// Opens the bounds of every optional row of a level below `level`,
    /// for a cold solve of `level`: such a row's error columns are free
    /// above 0 and cost nothing at `level` or above, so it binds nothing
    /// there, and open, Clp's presolve drops it (and its error columns)
    /// at once instead of working through it. Returns the row bounds as
    /// they were, for `restoreRows`; nil (nothing opened) when there is
    /// no such row.
    func openRows(below level: Double, of part: LinearPart) -> (lower: [Double], upper: [Double])? {
        guard let rl = plumb_clp_row_lower(pointer), let ru = plumb_clp_row_upper(pointer) else { return nil }
        // The rows opened, written in place (`plumb_clp_open_rows`): no
        // arrays of every row's open bounds are made and freed before the
        // trial's dual.
        var opened: [Int32] = []
        for i in 0 ..< m where !part.priorities[i].isRequired && part.priorities[i].rawValue < level {
            opened.append(Int32(i))
        }
        guard !opened.isEmpty else { return nil }
        let lower = Array(UnsafeBufferPointer(start: rl, count: m)), upper = Array(UnsafeBufferPointer(start: ru, count: m))
        // A row that a fit (see `restoreRows`) left at its bound, with an
        // error column basic at the miss, is made basic again and the
        // column put at 0: an open row belongs in the basis, and at a
        // bound it no longer has, Clp would move it.
        var status = basis()
        if status.count == columnCount + m {
            let basic = LeastPointStart.basic, atLower = LeastPointStart.atLowerBound
            var changed = false
            for i in 0 ..< m where !part.priorities[i].isRequired && part.priorities[i].rawValue < level {
                let row = columnCount + i, p = Int(plus[i]), q = Int(minus[i])
                guard status[row] & 7 != basic else { continue }
                let pb = p >= 0 && status[p] & 7 == basic, qb = q >= 0 && status[q] & 7 == basic
                guard pb != qb else { continue }
                status[row] = basic
                if p >= 0 { status[p] = atLower }
                if q >= 0 { status[q] = atLower }
                changed = true
            }
            if changed { plumb_clp_set_basis(pointer, status) }
        }
        plumb_clp_open_rows(pointer, Int32(opened.count), opened)
        return (lower, upper)
    }

    /// Puts back the bounds `openRows` opened, and makes the basis fit
    /// them: each such row basic where Clp's point meets it, else the
    /// error column on the side it misses basic (at the miss) and the row
    /// at its bound, the other error column at 0. Where exactly one of the
    /// row and its error columns was basic, exactly one is after, and both
    /// columns are the unit column of the row (up to sign): the basis
    /// stays regular, the point stays, and it stays optimal for the level
    /// just solved (the swapped columns cost 0 there, so every dual and
    /// reduced cost is as before). A row with none of the three basic
    /// (the variables' columns cover it) is left as it is, and counted:
    /// the next solve then starts from a point that may miss it, which
    /// Clp repairs with pivots. Returns that count. The point is Clp's, or
    /// `point` (every column of the model) when given.
    func restoreRows(
        _ saved: (lower: [Double], upper: [Double]), below level: Double, of part: LinearPart, point: [Double]? = nil
    ) -> Int {
        guard let point else { return restoreRows(saved, below: level, of: part, at: plumb_clp_solution(pointer)) }
        guard point.count == columnCount else { return m }
        return point.withUnsafeBufferPointer { restoreRows(saved, below: level, of: part, at: $0.baseAddress) }
    }

    private func restoreRows(
        _ saved: (lower: [Double], upper: [Double]), below level: Double, of part: LinearPart, at point: UnsafePointer<Double>?
    ) -> Int {
        plumb_clp_set_row_bounds(pointer, saved.lower, saved.upper)
        var status = basis()
        guard status.count == columnCount + m, let x = point else { return m }
        let basic = LeastPointStart.basic, atUpper = LeastPointStart.atUpperBound, atLower = LeastPointStart.atLowerBound
        var misfits = 0
        for i in 0 ..< m where !part.priorities[i].isRequired && part.priorities[i].rawValue < level {
            let row = columnCount + i, p = Int(plus[i]), q = Int(minus[i])
            var basics = status[row] & 7 == basic ? 1 : 0
            if p >= 0 && status[p] & 7 == basic { basics += 1 }
            if q >= 0 && status[q] & 7 == basic { basics += 1 }
            guard basics == 1 else { misfits += 1; continue }
            var activity = 0.0, size = abs(part.constants[i])
            for k in Int(part.rowStart[i]) ..< Int(part.rowStart[i + 1]) {
                let term = part.coefficients[k] * x[Int(part.columns[k])]
                activity += term
                size = max(size, abs(term))
            }
            let slack = LeastPointStart.tolerance * max(1, size)
            let below = activity < saved.lower[i] - slack, above = activity > saved.upper[i] + slack
            if p >= 0 { status[p] = atLower }
            if q >= 0 { status[q] = atLower }
            if below && p >= 0 {
                status[p] = basic
                status[row] = atLower
            } else if above && q >= 0 {
                status[q] = basic
                status[row] = part.relations[i] == .equal ? atLower : atUpper
            } else {
                status[row] = basic
            }
        }
        plumb_clp_set_basis(pointer, status)
        return misfits
    }

    /// A tenth of Clp's dual bound: a nonbasic free column this far out
    /// was put there by it (see `restsOnArtificialBound`).
    static let farOut = 1e9

    /// The remainder of `part` once the levels down to `level` are held
    /// (see `HeldRemainder`), when its largest component has at most
    /// `ClpPartSolver.splitFraction` of the part's variables; nil
    /// otherwise.
    func splitRemainder(of part: LinearPart, solvedDownTo level: Double) -> HeldRemainder? {
        guard let rl = plumb_clp_row_lower(pointer), let ru = plumb_clp_row_upper(pointer),
              let cu = plumb_clp_column_upper(pointer)
        else { return nil }
        let remainder = HeldRemainder(
            part, rowLower: rl, rowUpper: ru, columnUpper: cu, plus: plus, minus: minus,
            solvedDownTo: level, infinity: Self.infinity)
        guard Double(remainder.largestComponent(of: part)) <= ClpPartSolver.splitFraction * Double(n)
        else { return nil }
        return remainder
    }
}
