import PlumbSolver

extension ClpPartSolver {
    /// Calls `body` with each entry of row `i` of the face's model: the
    /// part's terms, then the row's error columns (`+1` for `plus`, `−1`
    /// for `minus`) where it has them, until `body` returns false; whether
    /// it went through them all. The one walk over a row for `pinnedRows`,
    /// the fixed columns and the settling groups.
    @inline(__always)
    static func entries(
        ofRow i: Int, _ part: LinearPart, errors: (plus: [Int32], minus: [Int32]), _ body: (Int32, Double) -> Bool
    ) -> Bool {
        for k in Int(part.rowStart[i]) ..< Int(part.rowStart[i + 1]) where !body(part.columns[k], part.coefficients[k]) {
            return false
        }
        if errors.plus[i] >= 0 && !body(errors.plus[i], 1) { return false }
        if errors.minus[i] >= 0 && !body(errors.minus[i], -1) { return false }
        return true
    }

    /// The interval a row `a·x + shift` in `[rowLower, rowUpper]` puts `x`
    /// in, with IEEE infinities for a side the model leaves without a
    /// bound (beyond `PartModel.infinity / 2`).
    @inline(__always)
    static func interval(
        rowLower rl: Double, rowUpper ru: Double, shift: Double, a: Double
    ) -> (low: Double, high: Double) {
        let infinity = PartModel.infinity
        let low = ((rl > -infinity / 2 ? rl : -.infinity) - shift) / a
        let high = ((ru < infinity / 2 ? ru : .infinity) - shift) / a
        return a < 0 ? (high, low) : (low, high)
    }

    /// The value that the rows of the model, as the lexicographic solve
    /// leaves it, give each column on their own, for `pinnedRows`; NaN for
    /// a column they do not fix. Each row whose entries, apart from columns
    /// fixed by their bounds (`columnLower == columnUpper`: a held level's
    /// error columns, say), are one column `x` bounds it: `a·x + s` in
    /// `[rowLower, rowUpper]` puts `x` in that interval less `s`, divided
    /// by `a`. A column whose intervals from such rows meet at one value,
    /// exactly (an equality, or `x ≥ h` beside `x ≤ h`), is that value at
    /// every point of the optimal set. One pass over the rows; exact
    /// comparisons only, so a column bounded only up to rounding stays
    /// unfixed and its rows go to the LP as before.
    ///
    /// On `degenerate`'s heights each box's height is held by two such
    /// rows (the intrinsic size, its error columns held at 0), and the
    /// shelf's `bottom ≥ box.bottom + 4` rows, written over the shelf's
    /// height and the box's once `PinnedPairs` merged the tops, differ only
    /// in that height: with it substituted, the rows of the boxes as tall
    /// as the tallest one are `shelf.height ≥ h + 8` beside the tallest
    /// one's, which the held level made the equality `shelf.height = h + 8`,
    /// and `pinnedRows` finds them pinned without the LP (BENCHMARKS.md,
    /// face50).
    static func valuesFixedByRows(
        _ part: LinearPart, errors: (plus: [Int32], minus: [Int32]), columns: Int,
        rowLower rl: UnsafePointer<Double>, rowUpper ru: UnsafePointer<Double>,
        columnLower cl: UnsafePointer<Double>, columnUpper cu: UnsafePointer<Double>
    ) -> [Double] {
        // The interval each column's rows of one column give it so far.
        var lower = [Double](repeating: -.infinity, count: columns)
        var upper = [Double](repeating: .infinity, count: columns)
        for i in 0 ..< part.rowCount {
            var shift = 0.0
            // The one entry on a column not fixed by its bounds, if so far one.
            var free: (column: Int, a: Double)? = nil
            var entries = 0
            let one = Self.entries(ofRow: i, part, errors: errors) { j32, a in
                let j = Int(j32)
                if cl[j] == cu[j] {
                    shift += a * cl[j]
                } else {
                    entries += 1
                    free = (j, a)
                }
                return entries <= 1
            }
            guard one, let (j, a) = free, a != 0 else { continue }
            let (low, high) = Self.interval(rowLower: rl[i], rowUpper: ru[i], shift: shift, a: a)
            lower[j] = max(lower[j], low)
            upper[j] = min(upper[j], high)
        }
        return (0 ..< columns).map { lower[$0] == upper[$0] && lower[$0].isFinite ? lower[$0] : .nan }
    }
}

extension ClpPartSolver {
    /// The values the model's rows fix, found to a fixpoint: what
    /// `valuesFixedByRows` finds in one pass, and then what those values
    /// fix in turn. A row whose columns are all fixed (by their bounds or
    /// by rows found so far) but one bounds that one, as a row of one
    /// column does; where a column's bounds from such rows meet at one
    /// value, exactly, it is fixed and its rows are looked at again. NaN
    /// for a column the rows do not fix.
    ///
    /// For `settlingGroups` only (`pinnedRows` keeps the one pass): on
    /// `priorities` the guide is pushed off its wish, so no row of one
    /// column fixes it, but a row of two columns ties it to the root's
    /// edge, which a row of one column fixes; in one pass the guide stays
    /// free and ties every row of items into one piece. Through the
    /// chains every column of that face is fixed (BENCHMARKS.md, prio62b,
    /// prio63).
    static func valuesFixedThroughChains(
        _ part: LinearPart, errors: (plus: [Int32], minus: [Int32]), columns: Int,
        rowLower rl: UnsafePointer<Double>, rowUpper ru: UnsafePointer<Double>,
        columnLower cl: UnsafePointer<Double>, columnUpper cu: UnsafePointer<Double>
    ) -> [Double] {
        let m = part.rowCount
        // Each row's entries, the error columns after the part's.
        func forEachEntry(_ i: Int, _ body: (Int, Double) -> Void) {
            _ = Self.entries(ofRow: i, part, errors: errors) { j, a in
                body(Int(j), a)
                return true
            }
        }
        // The rows of each column not fixed by its bounds, and how many
        // entries of each row are on a column not fixed so far.
        var rowsStart = [Int32](repeating: 0, count: columns + 1)
        var open = [Int32](repeating: 0, count: m)
        for i in 0 ..< m {
            forEachEntry(i) { j, _ in
                if cl[j] < cu[j] { rowsStart[j + 1] += 1; open[i] += 1 }
            }
        }
        for j in 0 ..< columns { rowsStart[j + 1] += rowsStart[j] }
        var fill = Array(rowsStart.dropLast())
        var rowsOf = [Int32](repeating: 0, count: Int(rowsStart[columns]))
        for i in 0 ..< m {
            forEachEntry(i) { j, _ in
                if cl[j] < cu[j] { rowsOf[Int(fill[j])] = Int32(i); fill[j] += 1 }
            }
        }
        var value = [Double](repeating: .nan, count: columns)
        var lower = [Double](repeating: -.infinity, count: columns)
        var upper = [Double](repeating: .infinity, count: columns)
        var pending: [Int32] = (0 ..< Int32(m)).filter { open[Int($0)] == 1 }
        while let row = pending.popLast() {
            let i = Int(row)
            guard open[i] == 1 else { continue }
            var shift = 0.0
            var free: (column: Int, a: Double)? = nil
            forEachEntry(i) { j, a in
                if cl[j] == cu[j] {
                    shift += a * cl[j]
                } else if !value[j].isNaN {
                    shift += a * value[j]
                } else {
                    free = (j, a)
                }
            }
            guard let (j, a) = free, a != 0 else { continue }
            let (low, high) = Self.interval(rowLower: rl[i], rowUpper: ru[i], shift: shift, a: a)
            lower[j] = max(lower[j], low)
            upper[j] = min(upper[j], high)
            guard lower[j] == upper[j], lower[j].isFinite else { continue }
            value[j] = lower[j]
            for k in Int(rowsStart[j]) ..< Int(rowsStart[j + 1]) {
                let r = Int(rowsOf[k])
                open[r] -= 1
                if open[r] == 1 { pending.append(Int32(r)) }
            }
        }
        return value
    }
}
