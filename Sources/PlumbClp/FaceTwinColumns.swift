import PlumbSolver

extension ClpPartSolver {
    /// Each column's representative among the columns that equality rows of
    /// the model, as the lexicographic solve leaves it, make equal, for
    /// `pinnedRows`; a column no such pair touches is its own. Two
    /// equalities `a·x + r = v` and `a·y + r = v` (written over the columns
    /// not fixed by their bounds or by `fixedValues`, the same coefficient
    /// `a`, the same other terms `r` and the same value `v`, exactly) give
    /// `x = y` at every point of the optimal set. Rows of up to
    /// `twinRowTerms` terms are compared, in one pass.
    ///
    /// On `chartgrid` each x label's top is `plot.top + plot.height + 3`
    /// for every chart of a row of charts, so the labels' tops are one; the
    /// rows that keep the charts' bottom below each label then differ only
    /// in the label's height, which `valuesFixedByRows` writes as its
    /// value, and the tied labels' rows are pinned beside the tallest one's
    /// without `fixedRows`' LP.
    static func twinColumns(
        _ part: LinearPart, errors: (plus: [Int32], minus: [Int32]), columns: Int, fixedValues: [Double]?,
        rowLower rl: UnsafePointer<Double>, rowUpper ru: UnsafePointer<Double>,
        columnLower cl: UnsafePointer<Double>, columnUpper cu: UnsafePointer<Double>
    ) -> [Int32] {
        let infinity = PartModel.infinity
        func fixed(_ j: Int) -> Double? {
            if cl[j] == cu[j] { return cl[j] }
            if let fixedValues, !fixedValues[j].isNaN { return fixedValues[j] }
            return nil
        }
        var classes = AffineClasses(count: columns)
        // The rows compared, their terms (sorted by column) one after
        // another, and their values.
        var flat: [(Int32, Double)] = [], starts: [Int] = [0], values: [Double] = []
        // Each hash of (terms but one, that one's coefficient, value): the
        // first of its entries (a row compared and the position left out),
        // chained through `nextEntry`.
        var firstEntry: [Int: Int32] = [:]
        var entryRow: [Int32] = [], entryLeft: [Int32] = [], nextEntry: [Int32] = []
        for i in 0 ..< part.rowCount where rl[i] == ru[i] && abs(rl[i]) < infinity / 2 {
            let start = Int(part.rowStart[i]), end = Int(part.rowStart[i + 1])
            guard end - start <= twinRowTerms else { continue }
            let from = flat.count
            var shift = 0.0
            func add(_ j: Int32, _ a: Double) {
                if let v = fixed(Int(j)) { shift += a * v } else { flat.append((j, a)) }
            }
            _ = entries(ofRow: i, part, errors: errors) { j, a in
                add(j, a)
                return true
            }
            let count = flat.count - from
            flat[from...].sort { $0.0 < $1.0 }
            // Too short or too long, or a column twice (its coefficients
            // would be summed): left alone.
            guard count >= 2 && count <= twinRowTerms,
                  zip(flat[from...], flat[(from + 1)...]).allSatisfy({ $0.0 != $1.0 })
            else {
                flat.removeLast(count)
                continue
            }
            let slot = Int32(values.count)
            let value = rl[i] - shift
            values.append(value)
            starts.append(flat.count)
            for p in 0 ..< count where flat[from + p].1 != 0 {
                var hasher = Hasher()
                for q in 0 ..< count where q != p {
                    hasher.combine(flat[from + q].0)
                    hasher.combine(flat[from + q].1)
                }
                hasher.combine(flat[from + p].1)
                hasher.combine(value)
                let key = hasher.finalize()
                var entry = firstEntry[key] ?? -1
                var matched = false
                while entry >= 0 && !matched {
                    let other = Int(entryRow[Int(entry)]), left = Int(entryLeft[Int(entry)])
                    let otherFrom = starts[other]
                    if values[other] == value && starts[other + 1] - otherFrom == count
                        && flat[otherFrom + left].1 == flat[from + p].1 {
                        // The same terms but the one left out of each.
                        var same = true
                        var q = 0, r = 0
                        while same && q < count {
                            if q == p { q += 1; continue }
                            if r == left { r += 1; continue }
                            same = flat[from + q] == flat[otherFrom + r]
                            q += 1
                            r += 1
                        }
                        if same {
                            let x = flat[otherFrom + left].0, y = flat[from + p].0
                            if x != y { _ = classes.union(x, y, sign: 1, offset: 0) }
                            matched = true
                        }
                    }
                    entry = nextEntry[Int(entry)]
                }
                if !matched {
                    entryRow.append(slot)
                    entryLeft.append(Int32(p))
                    nextEntry.append(firstEntry[key] ?? -1)
                    firstEntry[key] = Int32(entryRow.count - 1)
                }
            }
        }
        return (0 ..< columns).map { j in
            let (r, s, o) = classes.find(Int32(j))
            // Only classes of x = y are made here.
            return s == 1 && o == 0 ? r : Int32(j)
        }
    }

    /// The most terms of a row `twinColumns` compares.
    static let twinRowTerms = 6
}
