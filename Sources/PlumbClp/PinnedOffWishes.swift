import PlumbSolver

/// The wishes of one level that sit beside a required row of the same
/// terms (up to a factor): a gap wished at 12 (`top = bottom + 12 @ 750`)
/// next to a required gap of at least 12 (`top >= bottom + 12`). When the
/// part's constants put the two rows' values apart (the required gap moved
/// to 16), no point has that wish's error at 0, so the level cannot hold
/// at zero error, whatever the other rows say.
///
/// `ClpPartSolver.replay` asks this before it runs Clp's dual with a
/// level's errors fixed at 0 (a promoted first level, a level held at
/// zero) to find out whether the level still holds: when a pair is apart,
/// the dual would end infeasible, and the level is minimised at once. The
/// dual that finds out costs a start of Clp's dual on the whole part
/// (factorising the basis, the work arrays, the point and the prices) and
/// the pivots to its proof, a third of a layout again of `chartgrid`.
///
/// Only the pairing is of the shape (a part of the same shape has the same
/// pairs); whether a pair is apart is read from each part's constants. It
/// claims a conflict only when the two intervals are apart by more than
/// `margin` (relative past 1), far above Clp's tolerances (1e-9): Clp's
/// dual could not find the rows feasible. A conflict it misses (one that
/// takes three rows or more) is found by the dual as before.
struct PinnedOffWishes {
    /// A wish row of the level, a required row, and the factor `f` with
    /// the required row's terms `f` times the wish's.
    struct Pair {
        let wish: Int32
        let required: Int32
        let factor: Double
    }

    let pairs: [Pair]

    /// The pairs of `part`'s rows at `level` with its required rows.
    init(_ part: LinearPart, level: Double) {
        let m = part.rowCount, n = part.variableCount
        // The level's wishes by their first column (a chain through `next`).
        var head = [Int32](repeating: -1, count: n), next = [Int32](repeating: -1, count: m)
        var any = false
        for i in 0 ..< m where !part.priorities[i].isRequired && part.priorities[i].rawValue == level {
            guard let first = Self.firstColumn(part, i) else { continue }
            next[i] = head[Int(first)]
            head[Int(first)] = Int32(i)
            any = true
        }
        var pairs: [Pair] = []
        if any {
            for r in 0 ..< m where part.priorities[r].isRequired {
                guard let first = Self.firstColumn(part, r), head[Int(first)] >= 0 else { continue }
                var w = head[Int(first)]
                while w >= 0 {
                    if let factor = Self.factor(part, Int32(r), over: w, first: first) {
                        pairs.append(Pair(wish: w, required: Int32(r), factor: factor))
                    }
                    w = next[Int(w)]
                }
            }
        }
        self.pairs = pairs
    }

    /// Whether, at `part`'s constants, some pair's rows cannot both hold
    /// with the wish's error at 0.
    func anyApart(_ part: LinearPart) -> Bool {
        pairs.contains { pair in
            let (wl, wu) = Self.interval(part, Int(pair.wish))
            var (rl, ru) = Self.interval(part, Int(pair.required))
            // Σ f·a·x in [rl, ru]  ⇔  Σ a·x in [rl / f, ru / f] (swapped for f < 0).
            rl /= pair.factor
            ru /= pair.factor
            if pair.factor < 0 { swap(&rl, &ru) }
            let low = max(wl, rl), high = min(wu, ru)
            return low - high > Self.margin * max(1, abs(low), abs(high))
        }
    }

    /// How far apart (relative to the values past 1) two intervals must be
    /// to count: a thousand times Clp's tolerances here.
    static let margin = 1e-6

    /// Row `i`'s value interval from its relation and constant
    /// (`Σ a·x + c ⋈ 0`), infinite on an open side; for a wish, with its
    /// errors at 0.
    private static func interval(_ part: LinearPart, _ i: Int) -> (Double, Double) {
        let rhs = -part.constants[i]
        switch part.relations[i] {
        case .equal: return (rhs, rhs)
        case .lessOrEqual: return (-.infinity, rhs)
        case .greaterOrEqual: return (rhs, .infinity)
        }
    }

    /// The smallest column in row `i`; nil when it has no entry.
    private static func firstColumn(_ part: LinearPart, _ i: Int) -> Int32? {
        let start = Int(part.rowStart[i]), end = Int(part.rowStart[i + 1])
        guard start < end else { return nil }
        var first = part.columns[start]
        for k in start + 1 ..< end where part.columns[k] < first { first = part.columns[k] }
        return first
    }

    /// The factor `f` with row `r`'s terms `f` times row `w`'s, both with
    /// `first` as their smallest column; nil when there is none, or when
    /// `r` is longer than `longest` or names a column twice (rows of a part
    /// have each column once; such a row is left to Clp). No array is made:
    /// this runs for each required row that shares a first column with a
    /// wish of the level (`chartgrid` 10,000: sorting each row's terms
    /// into an array cost 25 M instructions, a tenth of a layout again).
    private static func factor(_ part: LinearPart, _ r: Int32, over w: Int32, first: Int32) -> Double? {
        let rs = Int(part.rowStart[Int(r)]), re = Int(part.rowStart[Int(r) + 1])
        let ws = Int(part.rowStart[Int(w)]), we = Int(part.rowStart[Int(w) + 1])
        guard re - rs == we - ws, re - rs <= longest else { return nil }
        // The coefficient of column `j` in row `w`, when it has `j` once.
        func inWish(_ j: Int32) -> Double? {
            var found: Double? = nil
            for k in ws ..< we where part.columns[k] == j {
                guard found == nil else { return nil }
                found = part.coefficients[k]
            }
            return found
        }
        guard let a = inWish(first) else { return nil }
        var f = 0.0
        for k in rs ..< re where part.columns[k] == first { f = part.coefficients[k] / a }
        guard f.isFinite && f != 0 else { return nil }
        for k in rs ..< re {
            let j = part.columns[k]
            // Each column once in `r`: with the rows the same length, every
            // column of `w` is then matched once.
            for l in rs ..< k where part.columns[l] == j { return nil }
            guard let b = inWish(j), abs(part.coefficients[k] - f * b) <= 1e-12 * abs(part.coefficients[k]) else {
                return nil
            }
        }
        return f
    }

    /// Rows longer than this are not paired (a gap or a size is two or
    /// three terms).
    static let longest = 8
}
