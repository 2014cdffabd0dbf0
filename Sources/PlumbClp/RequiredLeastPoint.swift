import PlumbSolver

/// The least point of a part's required rows, when each variable is pushed
/// up by a row and the pushes settle: found by raising one variable at a
/// time from a queue, instead of by Clp's primal simplex.
///
/// A row read as `s·(Σ a·x + c) ≥ 0` (s = 1 for `≥`, -1 for `≤`, both for
/// `=`) in which exactly one variable `x_h` has `s·a_h > 0` bounds it from
/// below: `x_h ≥ −s·(c + Σ_{k≠h} a_k·x_k) / (s·a_h)`, a bound that can
/// only rise as the other variables rise. Starting with every variable at
/// −∞, a variable whose bounds are all finite and above its value is
/// raised to the largest, and the variables its rows bound are queued to
/// be looked at again. Where the rows have a least point (`degenerate`'s
/// boxes packed to the left at their least widths, the root as narrow as
/// they let it be), the raises stop there; cycles of rows that give and
/// take back the same length (`degenerate`'s box edges tied from shelf to
/// shelf by two opposite inequalities) settle after one pass. Every other
/// row (two or more variables pushed up, as `x + y ≤ c`) is only checked
/// at the end.
///
/// That point is the vertex Clp's primal simplex on the zero objective
/// from the slack basis ends on for `degenerate`'s and `levels`' large
/// component (to 1e-10, at 1,000 and 10,000 views), where Clp takes 1,655
/// and 16,738 pivots (0.06 and 0.7 to 1.1 s), and this one pass over the
/// rows a few milliseconds.
///
/// nil when a variable has no bound from below, the raises do not settle
/// within a few passes over the rows (a cycle that gains: no least point),
/// a row repeats a variable, or some row misses its bound at the point by
/// more than 10⁻⁹ of its largest term (or 1): then Clp's point is used.
enum RequiredLeastPoint {
    static func of(_ part: LinearPart) -> [Double]? { withSetters(part)?.point }

    /// The least point (as ``of(_:)``) and, for each variable, the row
    /// whose bound last raised it and the side of that row it sits on
    /// (1: the row's lower bound, as `s` above; -1: its upper): the row
    /// holds the variable at its value there, so that the rows read off
    /// this make a basis of Clp's model of the part (see
    /// ``ClpRequiredRows``).
    static func withSetters(_ part: LinearPart) -> (point: [Double], setters: [(row: Int32, sign: Int8)])? {
        let n = part.variableCount, m = part.rowCount
        guard n > 0, part.priorities.allSatisfy(\.isRequired) else { return nil }
        // The bounds: (row, s, head), and for each variable the bounds it heads
        // and the heads of the bounds it is a tail of.
        var bounds: [(row: Int32, sign: Double, head: Int32)] = []
        var headed = [[Int32]](repeating: [], count: n)
        var raises = [[Int32]](repeating: [], count: n)
        var seen = [Int32](repeating: -1, count: n)
        for i in 0 ..< m {
            let terms = Int(part.rowStart[i]) ..< Int(part.rowStart[i + 1])
            for k in terms {
                let v = Int(part.columns[k])
                guard seen[v] != Int32(i) else { return nil }  // a repeated variable
                seen[v] = Int32(i)
            }
            let signs: [Double] = switch part.relations[i] {
            case .greaterOrEqual: [1]
            case .lessOrEqual: [-1]
            case .equal: [1, -1]
            }
            for s in signs {
                let pushed = terms.filter { s * part.coefficients[$0] > 0 }
                guard pushed.count == 1, let h = pushed.first.map({ part.columns[$0] }) else { continue }
                headed[Int(h)].append(Int32(bounds.count))
                for k in terms where part.columns[k] != h { raises[Int(part.columns[k])].append(h) }
                bounds.append((Int32(i), s, h))
            }
        }
        var x = [Double](repeating: -.infinity, count: n)
        var setBy = [Int32](repeating: -1, count: n)
        var queued = [Bool](repeating: true, count: n)
        var queue = [Int32](0 ..< Int32(n))
        var next = 0
        // A few passes over the rows' terms: `degenerate` needs 1.45.
        var budget = 16 * part.columns.count + 4 * n
        while next < queue.count {
            let h = Int(queue[next])
            next += 1
            queued[h] = false
            var best = x[h], bestBound: Int32 = -1
            for b in headed[h] {
                let (i, s, _) = bounds[Int(b)]
                var rest = s * part.constants[Int(i)], own = 0.0
                for k in Int(part.rowStart[Int(i)]) ..< Int(part.rowStart[Int(i) + 1]) {
                    let v = Int(part.columns[k])
                    let a = s * part.coefficients[k]
                    if v == h { own = a } else if a != 0 { rest += a * x[v] }
                }
                budget -= Int(part.rowStart[Int(i) + 1] - part.rowStart[Int(i)])
                let bound = -rest / own
                if bound > best { best = bound; bestBound = b }
            }
            guard budget > 0 else { return nil }
            // Raised by more than rounding: a cycle that gives and takes back
            // the same length must not creep up by an ulp a pass.
            guard best.isFinite, best > x[h] + 1e-13 * max(1, abs(best)) || x[h] == -.infinity else { continue }
            x[h] = best
            setBy[h] = bestBound
            for t in raises[h] where !queued[Int(t)] {
                queued[Int(t)] = true
                // Compacted now and then so that the queue stays short.
                if next > 4096 && next > queue.count / 2 {
                    queue.removeFirst(next)
                    next = 0
                }
                queue.append(t)
            }
        }
        guard x.allSatisfy(\.isFinite), holdsEveryRow(part, at: x) else { return nil }
        return (x, setBy.map { (bounds[Int($0)].row, bounds[Int($0)].sign > 0 ? 1 : -1) })
    }

    /// Whether every row of `part` holds at `x`, each missing its bound by
    /// at most 10⁻⁹ of its size (its constant's and its terms' largest, or 1).
    static func holdsEveryRow(_ part: LinearPart, at x: [Double]) -> Bool {
        guard x.allSatisfy(\.isFinite) else { return false }
        for i in 0 ..< part.rowCount {
            var sum = part.constants[i], size = max(1, abs(part.constants[i]))
            for k in Int(part.rowStart[i]) ..< Int(part.rowStart[i + 1]) {
                let term = part.coefficients[k] * x[Int(part.columns[k])]
                sum += term
                size = max(size, abs(term))
            }
            let slack = 1e-9 * size
            let holds = switch part.relations[i] {
            case .greaterOrEqual: sum >= -slack
            case .lessOrEqual: sum <= slack
            case .equal: abs(sum) <= slack
            }
            guard holds else { return false }
        }
        return true
    }
}

/// A point of a part's required rows at which every row is tight where the
/// rows allow it: each row with one variable left unset sets it so that
/// the row holds with equality; when no row has one, the first variable
/// left unset is set to 0. Every row is then checked (as
/// ``RequiredLeastPoint`` checks its point): nil when one fails, a row
/// repeats a variable, or the part has an optional row.
///
/// Where the rows have no least point (`degenerate`'s heights, where every
/// box's height is bounded only from above), this is a vertex of the same
/// kind as the one Clp's primal simplex on the zero objective from the slack
/// basis ends on there (every row tight, the variables nothing fixes at 0)
/// in one pass over the rows' terms instead of Clp's pivots.
enum RequiredTightPoint {
    static func of(_ part: LinearPart) -> [Double]? { withSetters(part)?.point }

    /// The tight point (as ``of(_:)``) and, for each variable, the row
    /// that set it and the bound of that row it holds with equality (1:
    /// the lower, -1: the upper), or row -1 for a variable put at 0 (as
    /// ``RequiredLeastPoint/withSetters(_:)`` gives them).
    static func withSetters(_ part: LinearPart) -> (point: [Double], setters: [(row: Int32, sign: Int8)])? {
        let n = part.variableCount, m = part.rowCount
        guard n > 0, part.priorities.allSatisfy(\.isRequired) else { return nil }
        // Each variable's rows.
        let transposed = PartColumns(part)
        var unset = [Int32](repeating: 0, count: m)
        var seen = [Int32](repeating: -1, count: n)
        var queue: [Int32] = []
        for i in 0 ..< m {
            for k in Int(part.rowStart[i]) ..< Int(part.rowStart[i + 1]) {
                let v = Int(part.columns[k])
                guard seen[v] != Int32(i) else { return nil }  // a repeated variable
                seen[v] = Int32(i)
            }
            unset[i] = part.rowStart[i + 1] - part.rowStart[i]
            if unset[i] == 1 { queue.append(Int32(i)) }
        }
        var x = [Double](repeating: 0, count: n)
        var isSet = [Bool](repeating: false, count: n)
        var setters = [(row: Int32, sign: Int8)](repeating: (-1, 0), count: n)
        var head = 0, firstUnset = 0
        func set(_ v: Int, _ value: Double, by row: Int32 = -1) {
            x[v] = value
            isSet[v] = true
            if row >= 0 { setters[v] = (row, part.relations[Int(row)] == .lessOrEqual ? -1 : 1) }
            for r in transposed.rows[transposed.of(v)] {
                unset[Int(r)] -= 1
                if unset[Int(r)] == 1 { queue.append(r) }
            }
        }
        while true {
            while head < queue.count {
                let i = Int(queue[head])
                head += 1
                // Set by another row since it was queued: only checked at the end.
                guard unset[i] == 1 else { continue }
                var rest = part.constants[i], own = 0.0, h = -1
                for k in Int(part.rowStart[i]) ..< Int(part.rowStart[i + 1]) {
                    let v = Int(part.columns[k])
                    if isSet[v] { rest += part.coefficients[k] * x[v] } else { (h, own) = (v, part.coefficients[k]) }
                }
                guard h >= 0, own != 0 else { continue }
                set(h, -rest / own, by: Int32(i))
            }
            while firstUnset < n && isSet[firstUnset] { firstUnset += 1 }
            if firstUnset == n { break }
            set(firstUnset, 0)
        }
        return RequiredLeastPoint.holdsEveryRow(part, at: x) ? (x, setters) : nil
    }
}
