import PlumbSolver

/// A starting basis for a part's first level when its rows, with that
/// level's wishes taken as required, push each variable up from the others
/// and from constants: the least point of those rows, a longest path, found
/// in one pass instead of by Clp's dual simplex.
///
/// A row `Σ a·x ≥ b` (an inequality `≤` read with its signs turned, an
/// equality as both) with exactly one positive coefficient, on `x_h`, says
/// `x_h ≥ (b − Σ_{k≠h} a_k·x_k) / a_h`, a bound that grows with every other
/// variable of the row. When every variable is the head of at least one
/// such row and the rows' heads and tails form no cycle, the point where
/// each variable, in topological order, equals the largest of its bounds
/// is the least point of those rows (below it some row fails). Every other
/// row, and a row with no or several positive coefficients, is only
/// checked there. If they all hold, the first level's errors are all 0
/// there: it is an optimum of the level.
///
/// Its basis: every variable basic; for each variable the row that set
/// it (its largest bound, the first of equal ones) at its bound; every
/// other row of the level and the required ones basic; each lower level's
/// row basic when its wish holds at the point, else the error column that
/// takes up the miss. The rows that set the variables, restricted to the
/// variables, are triangular in the topological order with their heads on
/// the diagonal, so the basis is not singular; every basic column costs 0
/// in the first level's objective, so the duals are 0, every reduced cost
/// is the column's cost (0, or 1 on an error column at 0), and the basis
/// is optimal: Clp factorises it and ends without a pivot
/// (`plumb_clp_primal` with no pivot allowed, as `ClpPartSolver.BasisCheck`
/// does), where its dual simplex on `scales` took 663 / 7,543 / 23,032
/// pivots at 1,000 / 10,000 / 30,000 views (event starts chained by gaps,
/// each start at least its time: the earliest schedule).
///
/// Returns nil, at the cost of one pass over the rows, when the rows are
/// not of that shape (a cycle, a variable nothing pushes up, a required
/// equality between variables) or a row fails at the point; the level is
/// then solved as before.
enum LeastPointStart {
    /// Clp's status bytes (`ClpSimplex::Status`).
    static let basic: UInt8 = 1, atUpperBound: UInt8 = 2, atLowerBound: UInt8 = 3

    /// The basis described above for `level`, the part's first level, on
    /// `model` (made from `part`), or nil.
    static func basis(of part: LinearPart, model: PartModel, level: Double) -> [UInt8]? {
        var setters: [Int32] = []
        return basis(of: part, model: model, level: level, setters: &setters)
    }

    /// The same, and in `setters` the row that set each variable (the
    /// row at its bound that determines it in the basis; see
    /// `GreedyCrash`).
    static func basis(of part: LinearPart, model: PartModel, level: Double, setters: inout [Int32]) -> [UInt8]? {
        let n = part.variableCount, m = part.rowCount
        guard n > 0 else { return nil }
        func hard(_ i: Int) -> Bool { part.priorities[i].isRequired || part.priorities[i].rawValue == level }
        // Oriented rows `s·Σ a·x ≥ s·rhs` (s = ±1) with one positive
        // coefficient: the rows that bound their head from below.
        var headCount = [Int32](repeating: 0, count: n + 1)
        var boundRow: [Int32] = [], boundSign: [Int8] = [], boundHead: [Int32] = []
        for i in 0 ..< m where hard(i) {
            // s = 1 for `≥`, -1 for `≤`, both for `=` (no array made a row).
            let s0: Int8 = part.relations[i] == .lessOrEqual ? -1 : 1
            for s in stride(from: s0, through: part.relations[i] == .equal ? -1 : s0, by: -2) {
                var head = -1, positives = 0
                for k in Int(part.rowStart[i]) ..< Int(part.rowStart[i + 1]) where Double(s) * part.coefficients[k] > 0 {
                    positives += 1
                    head = Int(part.columns[k])
                }
                guard positives == 1 else { continue }
                boundRow.append(Int32(i))
                boundSign.append(s)
                boundHead.append(Int32(head))
                headCount[head] += 1
            }
        }
        // The bounds grouped by head (counting sort).
        var firstBound = [Int32](repeating: 0, count: n + 1)
        for j in 0 ..< n {
            guard headCount[j] > 0 else { return nil }  // nothing pushes x_j up
            firstBound[j + 1] = firstBound[j] + headCount[j]
        }
        var boundsOf = [Int32](repeating: 0, count: boundRow.count)
        var fill = Array(firstBound[0 ..< n])
        for (b, h) in boundHead.enumerated() {
            boundsOf[Int(fill[Int(h)])] = Int32(b)
            fill[Int(h)] += 1
        }
        // Topological order of the variables: a bound's tails before its
        // head (Kahn's algorithm over tail -> head edges).
        var waiting = [Int32](repeating: 0, count: n)
        var tailStart = [Int32](repeating: 0, count: n + 1)
        for (b, i) in boundRow.enumerated() {
            for k in Int(part.rowStart[Int(i)]) ..< Int(part.rowStart[Int(i) + 1]) where part.columns[k] != boundHead[b] {
                waiting[Int(boundHead[b])] += 1
                tailStart[Int(part.columns[k]) + 1] += 1
            }
        }
        for j in 0 ..< n { tailStart[j + 1] += tailStart[j] }
        var headsOfTail = [Int32](repeating: 0, count: Int(tailStart[n]))
        var tailFill = Array(tailStart[0 ..< n])
        for (b, i) in boundRow.enumerated() {
            for k in Int(part.rowStart[Int(i)]) ..< Int(part.rowStart[Int(i) + 1]) where part.columns[k] != boundHead[b] {
                let t = Int(part.columns[k])
                headsOfTail[Int(tailFill[t])] = boundHead[b]
                tailFill[t] += 1
            }
        }
        var order: [Int32] = []
        order.reserveCapacity(n)
        for j in 0 ..< n where waiting[j] == 0 { order.append(Int32(j)) }
        var next = 0
        while next < order.count {
            let t = Int(order[next])
            next += 1
            for e in Int(tailStart[t]) ..< Int(tailStart[t + 1]) {
                let h = Int(headsOfTail[e])
                waiting[h] -= 1
                if waiting[h] == 0 { order.append(Int32(h)) }
            }
        }
        guard order.count == n else { return nil }  // a cycle
        // The least point, and the row that set each variable.
        var x = [Double](repeating: 0, count: n)
        var setBy = [Int32](repeating: -1, count: n)
        for j32 in order {
            let j = Int(j32)
            var best = -Double.infinity, bestBound = -1
            for e in Int(firstBound[j]) ..< Int(firstBound[j + 1]) {
                let b = Int(boundsOf[e]), i = Int(boundRow[b]), s = Double(boundSign[b])
                var rest = s * -part.constants[i], own = 0.0
                for k in Int(part.rowStart[i]) ..< Int(part.rowStart[i + 1]) {
                    if Int(part.columns[k]) == j { own = s * part.coefficients[k] } else {
                        rest -= s * part.coefficients[k] * x[Int(part.columns[k])]
                    }
                }
                let value = rest / own
                if value > best { best = value; bestBound = b }
            }
            guard best.isFinite else { return nil }
            x[j] = best
            setBy[j] = Int32(bestBound)
        }
        // The statuses: variables basic, error columns at 0, the rows that
        // set a variable at their bound; the rest decided by the point.
        let columnCount = model.columnCount
        var status = [UInt8](repeating: atLowerBound, count: columnCount + m)
        for j in 0 ..< n { status[j] = basic }
        var setting = [Int8](repeating: 0, count: m)
        for j in 0 ..< n {
            let b = Int(setBy[j])
            setting[Int(boundRow[b])] = boundSign[b]
        }
        for i in 0 ..< m {
            var activity = 0.0, size = abs(part.constants[i])
            for k in Int(part.rowStart[i]) ..< Int(part.rowStart[i + 1]) {
                let term = part.coefficients[k] * x[Int(part.columns[k])]
                activity += term
                size = max(size, abs(term))
            }
            let rhs = -part.constants[i], slack = tolerance * max(1, size)
            let row = columnCount + i
            if setting[i] != 0 {
                status[row] = setting[i] > 0 ? atLowerBound : atUpperBound
                continue
            }
            let below = activity < rhs - slack, above = activity > rhs + slack
            if hard(i) {
                switch part.relations[i] {
                case .greaterOrEqual: if below { return nil }
                case .lessOrEqual: if above { return nil }
                case .equal: if below || above { return nil }
                }
                status[row] = basic
                continue
            }
            // A lower level's wish: its error column takes up a miss.
            status[row] = basic
            switch part.relations[i] {
            case .greaterOrEqual where below, .equal where below:
                status[Int(model.plus[i])] = basic
                status[row] = atLowerBound
            case .lessOrEqual where above:
                status[Int(model.minus[i])] = basic
                status[row] = atUpperBound
            case .equal where above:
                status[Int(model.minus[i])] = basic
                status[row] = atLowerBound
            default: break
            }
        }
        setters = (0 ..< n).map { boundRow[Int(setBy[$0])] }
        return status
    }

    /// A row holds at the point when it misses its bound by at most this
    /// times its largest term (or 1): the rounding of the pass. Clp judges
    /// the basis again at its own tolerance.
    static let tolerance = 1e-12
}
