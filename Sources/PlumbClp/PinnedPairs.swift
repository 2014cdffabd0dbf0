import PlumbSolver

/// A part with the variables that its required rows of two terms pin to
/// each other merged, for `ClpPartSolver.optimalFace`: where the required
/// rows over `a·x ± a·y` meet in a single value (`x = y + c` written as an
/// equality, or as `x ≥ y + c` beside `x ≤ y + c`, as `degenerate` holds each
/// box's left to the one above), `x` is `∓y + v` at every feasible point,
/// and the part is written over one variable of each such chain.
///
/// Every feasible point of the part is one of the merged part and back,
/// each other row with the same value at both, so the optimal sets
/// correspond and a row is constant on one exactly when it is on the
/// other. The merged rows are equalities there (explicit or implicit) with
/// no error columns: fixed. Only exact comparisons count (the scaled bounds
/// of a pair must be equal to the bit); anything else stays a row.
///
/// Merged, the part loses the pairs' rows and variables before every
/// level, about as Plumb's presolve shrinks it for `plumb solve`: on
/// `degenerate` at 3,000 views 6,002 variables and 25,794 rows become 2,406
/// and 19,802, the first level is found at its least point (the pairs were
/// cycles for `LeastPointStart`) and the last holds at zero in 3 dual
/// pivots, where the whole part took three cold solves of Clp's presolve
/// and dual, the last of 1,780 pivots (BENCHMARKS.md, "`plumb check`: the
/// optimal face found with pinned pairs merged").
struct PinnedPairs {
    /// The part written over the chains' representatives, without the
    /// merged rows.
    let merged: LinearPart
    /// Each variable of the part as `sign · merged[column] + offset`.
    let column: [Int32]
    let sign: [Double]
    let offset: [Double]
    /// Each row of the part's row in `merged`, -1 for a merged row.
    let row: [Int32]

    /// How many rows were merged.
    var mergedRows: Int { row.lazy.filter { $0 < 0 }.count }

    /// Merges `part`'s pinned pairs; nil when there are none, or when a
    /// row that is not merged would lose every term (the rows that close a
    /// cycle of pairs, say): the part is then solved as it is.
    init?(_ part: LinearPart) {
        let n = part.variableCount, m = part.rowCount
        // The required rows of two variables with coefficients of one
        // magnitude, as `x + s·y` (x < y) in an interval, grouped by
        // (x, y, s) in order of first row.
        struct Key: Hashable {
            var x: Int32, y: Int32, negative: Bool
        }
        struct Group {
            var key: Key
            var lower = -Double.infinity, upper = Double.infinity
            var rows: [(row: Int32, lower: Double, upper: Double)] = []
        }
        var groupOf: [Key: Int] = [:]
        var groups: [Group] = []
        for i in 0 ..< m where part.priorities[i].isRequired && part.rowStart[i + 1] - part.rowStart[i] == 2 {
            let k = Int(part.rowStart[i])
            var (x, ax) = (part.columns[k], part.coefficients[k])
            var (y, ay) = (part.columns[k + 1], part.coefficients[k + 1])
            guard x != y, ax != 0, abs(ax) == abs(ay) else { continue }
            if y < x { swap(&x, &y); swap(&ax, &ay) }
            // ax·(x + s·y) + c ⋈ 0  ⇔  x + s·y ⋈' −c / ax.
            let value = -part.constants[i] / ax
            var lower = -Double.infinity, upper = Double.infinity
            switch part.relations[i] {
            case .equal: (lower, upper) = (value, value)
            case .greaterOrEqual: if ax > 0 { lower = value } else { upper = value }
            case .lessOrEqual: if ax > 0 { upper = value } else { lower = value }
            }
            let key = Key(x: x, y: y, negative: (ax > 0) != (ay > 0))
            let g: Int
            if let found = groupOf[key] {
                g = found
            } else {
                g = groups.count
                groupOf[key] = g
                groups.append(Group(key: key))
            }
            groups[g].lower = max(groups[g].lower, lower)
            groups[g].upper = min(groups[g].upper, upper)
            groups[g].rows.append((Int32(i), lower, upper))
        }
        // Each variable as sign · representative + offset.
        var classes = AffineClasses(count: n)
        var row = [Int32](repeating: 0, count: m)
        var merges = 0
        for group in groups where group.lower == group.upper && abs(group.lower) < PartModel.largestMagnitude {
            // Every row of the group at the value: equalities, or
            // inequalities whose bound is the value.
            let v = group.lower
            guard group.rows.allSatisfy({ $0.lower == v || $0.upper == v }) else { continue }
            // x + s·y = v: x = −s·y + v.
            let s = group.key.negative ? -1.0 : 1.0
            guard classes.union(group.key.x, group.key.y, sign: -s, offset: v) else { continue }
            for r in group.rows { row[Int(r.row)] = -1 }
            merges += 1
        }
        guard merges > 0 else { return nil }
        // The representatives, numbered in order.
        var column = [Int32](repeating: 0, count: n)
        var number = [Int32](repeating: -1, count: n)
        var representatives: Int32 = 0
        var signs = [Double](repeating: 1, count: n), offsets = [Double](repeating: 0, count: n)
        for v in 0 ..< n {
            let (r, s, o) = classes.find(Int32(v))
            if number[Int(r)] < 0 {
                number[Int(r)] = representatives
                representatives += 1
            }
            column[v] = number[Int(r)]
            signs[v] = s
            offsets[v] = o
        }
        var merged = LinearPart(variableCount: Int(representatives), rowStart: [0], columns: [], coefficients: [],
                                constants: [], relations: [], priorities: [])
        merged.columns.reserveCapacity(part.columns.count)
        merged.coefficients.reserveCapacity(part.columns.count)
        var terms: [(Int32, Double)] = []
        for i in 0 ..< m where row[i] == 0 {
            terms.removeAll(keepingCapacity: true)
            var constant = part.constants[i]
            for k in Int(part.rowStart[i]) ..< Int(part.rowStart[i + 1]) {
                let v = Int(part.columns[k]), a = part.coefficients[k]
                terms.append((column[v], a * signs[v]))
                constant += a * offsets[v]
            }
            terms.sort { $0.0 < $1.0 }
            // Terms of one representative summed, then those that cancelled
            // out dropped.
            let start = merged.columns.count
            for (j, a) in terms {
                if merged.columns.count > start && merged.columns[merged.columns.count - 1] == j {
                    merged.coefficients[merged.coefficients.count - 1] += a
                } else {
                    merged.columns.append(j)
                    merged.coefficients.append(a)
                }
            }
            var end = start
            for k in start ..< merged.columns.count where merged.coefficients[k] != 0 {
                merged.columns[end] = merged.columns[k]
                merged.coefficients[end] = merged.coefficients[k]
                end += 1
            }
            merged.columns.removeLast(merged.columns.count - end)
            merged.coefficients.removeLast(merged.coefficients.count - end)
            let kept = end - start
            guard kept > 0 else { return nil }
            row[i] = Int32(merged.constants.count)
            merged.rowStart.append(Int32(merged.columns.count))
            merged.constants.append(constant)
            merged.relations.append(part.relations[i])
            merged.priorities.append(part.priorities[i])
        }
        self.merged = merged
        self.column = column
        self.sign = signs
        self.offset = offsets
        self.row = row
    }

    /// The part's face from the merged part's: each variable from its
    /// representative, each merged row fixed, every other row as its
    /// merged row.
    func face(from mergedFace: PartFace) -> PartFace {
        let values = column.indices.map { v in sign[v] * mergedFace.values[Int(column[v])] + offset[v] }
        let fixed = row.map { $0 < 0 || mergedFace.fixedRows[Int($0)] }
        return PartFace(values: values, fixedRows: fixed)
    }
}
