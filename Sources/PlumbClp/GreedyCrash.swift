import CClpSimplex
import PlumbSolver

/// A starting basis for the level after a first level found at its least
/// point (see `LeastPointStart`), when that level pushes single variables
/// against rows that stop them: the greedy level of `degenerate` and
/// `levels` (every box wants to be 4,000 wide, and each box's width is
/// stopped by the gap to the next box or by the shelf's right edge).
///
/// Clp's primal simplex from the least point's basis reaches that level's
/// optimal point in a values pass of about one pivot a shelf, and then
/// makes about three times as many degenerate pivots that leave the point
/// where it is and only repair the basis, each priced over the whole part
/// (BENCHMARKS.md, solve34: 8,000 pivots at 10,000 views, 20x the cost for
/// 10x the views). This crash moves the point and the basis there itself,
/// in time linear in the part: a pass over its entries to transpose them,
/// one for the rows' activities, and the rows of each variable it moves.
///
/// It starts from the least point's basis: every variable basic and
/// determined by the row that set it (its setter, at its bound), each
/// other row basic or at its bound with an error column basic at the miss.
/// For each variable of a row of the level whose error column is basic and
/// above 0, in increasing order, it moves that variable alone, the others
/// where they are, in the direction that lowers the level's errors (the
/// error columns that are basic absorb the change on rows at their bound,
/// a basic row's activity moves within its bounds), as far as the first
/// row or error stops it:
///
/// - a basic row that reaches its bound becomes the row that determines
///   the variable (at that bound), and the setter becomes basic;
/// - an error column that reaches 0 (the wish is met) becomes nonbasic at
///   0, its row (at its bound) determines the variable, and the setter
///   becomes basic;
/// - a row at its bound that determines another variable stops it at once,
///   and the variable keeps its setter.
///
/// A stop at no distance still exchanges the rows: the row that stops the
/// variable is tight, and it is that row's dual, not the setter's, that
/// prices the variable at the optimum. Each exchange swaps one nonbasic
/// row for another, so the basis keeps its size. Nothing here proves the
/// basis optimal or regular: Clp factorises it and prices the level with
/// no pivot allowed (as a check at the last basis does), and when that
/// does not end optimal the cold solve runs from the least point's basis
/// as before.
enum GreedyCrash {
    /// What the least point's start leaves for the crash: the point (every
    /// column of the model) and each variable's setter row.
    struct Start {
        var values: [Double]
        var setters: [Int32]
    }

    /// How a move stopped.
    private enum Stop {
        /// A basic row reached a bound (lower or upper).
        case row(Int, atLower: Bool)
        /// An error column reached 0.
        case error(row: Int, column: Int)
        /// A row at its bound that determines another variable.
        case determined
    }

    /// The basis described above from `status` (the least point's basis as
    /// it stands in the model, lower rows opened) for `level`, or nil when
    /// the arrays do not fit the model or nothing moved. `moves` counts the
    /// variables moved or exchanged (for the tests); `point` is set to the
    /// point the moves reached (every column of the model) when a basis is
    /// returned.
    static func basis(
        of part: LinearPart, model: PartModel, level: Double, status start: [UInt8], from least: Start,
        moves: inout Int, point: inout [Double]
    ) -> [UInt8]? {
        let n = model.n, m = model.m, columns = model.columnCount
        guard start.count == columns + m, least.values.count == columns, least.setters.count == n,
              let rl = plumb_clp_row_lower(model.pointer), let ru = plumb_clp_row_upper(model.pointer),
              let cl = plumb_clp_column_lower(model.pointer), let cu = plumb_clp_column_upper(model.pointer)
        else { return nil }
        let basic = LeastPointStart.basic, atLower = LeastPointStart.atLowerBound, atUpper = LeastPointStart.atUpperBound
        let infinity = PartModel.infinity / 2
        var status = start, x = least.values
        // The rows of each variable (the part's rows transposed).
        let transposed = PartColumns(part)
        let rowsOf = transposed.rows, entryOf = transposed.entries
        // Which variable each row determines (-1: none).
        var determines = [Int32](repeating: -1, count: m)
        var setter = least.setters
        for j in 0 ..< n {
            let s = Int(setter[j])
            guard s >= 0 && s < m && status[j] & 7 == basic && status[columns + s] & 7 != basic else { return nil }
            determines[s] = Int32(j)
        }
        // Each row's activity at the point (error columns included).
        var activity = [Double](repeating: 0, count: m)
        for i in 0 ..< m {
            var sum = 0.0
            for k in Int(part.rowStart[i]) ..< Int(part.rowStart[i + 1]) {
                sum += part.coefficients[k] * x[Int(part.columns[k])]
            }
            if model.plus[i] >= 0 { sum += x[Int(model.plus[i])] }
            if model.minus[i] >= 0 { sum -= x[Int(model.minus[i])] }
            activity[i] = sum
        }
        func isFree(_ i: Int) -> Bool { rl[i] <= -infinity && ru[i] >= infinity }
        // The error column of row i that absorbs a move when the row is at
        // its bound (the basic one), with its sign in the row; nil when
        // the row is basic or has none.
        func absorbing(_ i: Int) -> (column: Int, sign: Double)? {
            guard status[columns + i] & 7 != basic else { return nil }
            if model.plus[i] >= 0 && status[Int(model.plus[i])] & 7 == basic { return (Int(model.plus[i]), 1) }
            if model.minus[i] >= 0 && status[Int(model.minus[i])] & 7 == basic { return (Int(model.minus[i]), -1) }
            return nil
        }
        func cost(_ column: Int) -> Double { model.levelOfError[column - n] == level ? 1 : 0 }
        // The variables of the level's rows whose error is basic and above
        // 0, in increasing order.
        var candidate = [Bool](repeating: false, count: n)
        for i in 0 ..< m where !part.priorities[i].isRequired && part.priorities[i].rawValue == level {
            guard let e = absorbing(i), x[e.column] > 0 else { continue }
            for k in Int(part.rowStart[i]) ..< Int(part.rowStart[i + 1]) { candidate[Int(part.columns[k])] = true }
        }
        moves = 0
        for h in 0 ..< n where candidate[h] {
            let rows = transposed.of(h)
            // A move may meet one wish and go on for another: at most one
            // step a row of the variable.
            for _ in 0 ... rows.count {
                // The level's errors' slope along x_h.
                var slope = 0.0
                for r in rows {
                    let i = Int(rowsOf[r])
                    guard !isFree(i), let e = absorbing(i) else { continue }
                    slope -= cost(e.column) * e.sign * part.coefficients[Int(entryOf[r])]
                }
                guard slope != 0 else { break }
                let direction: Double = slope < 0 ? 1 : -1
                // The ratio test: how far x_h may go, and what stops it.
                var step = direction > 0 ? cu[h] - x[h] : x[h] - cl[h]
                var stop: Stop? = nil
                for r in rows {
                    let i = Int(rowsOf[r])
                    if isFree(i) { continue }
                    let rate = direction * part.coefficients[Int(entryOf[r])]
                    if rate == 0 { continue }
                    if let e = absorbing(i) {
                        // The error moves by -sign·rate a unit step.
                        let change = -e.sign * rate
                        let room = change < 0 ? x[e.column] / -change : (cu[e.column] - x[e.column]) / change
                        if max(0, room) < step { step = max(0, room); stop = change < 0 ? .error(row: i, column: e.column) : .determined }
                    } else if status[columns + i] & 7 == basic || determines[i] == Int32(h) {
                        let room = rate > 0 ? (ru[i] - activity[i]) / rate : (activity[i] - rl[i]) / -rate
                        if max(0, room) < step {
                            step = max(0, room)
                            stop = determines[i] == Int32(h) ? .determined : .row(i, atLower: rate < 0)
                        }
                    } else {
                        // At its bound, determining another variable.
                        step = 0
                        stop = .determined
                        break
                    }
                }
                guard let stop, step < infinity else { break }
                if case .determined = stop { break }
                moves += 1
                // Move x_h and what absorbs it, then exchange the rows.
                x[h] += direction * step
                for r in rows {
                    let i = Int(rowsOf[r])
                    let change = direction * step * part.coefficients[Int(entryOf[r])]
                    if !isFree(i), let e = absorbing(i) { x[e.column] = max(0, x[e.column] - e.sign * change) } else { activity[i] += change }
                }
                let s = Int(setter[h])
                status[columns + s] = basic
                determines[s] = -1
                switch stop {
                case .determined:
                    break
                case .row(let b, let lower):
                    status[columns + b] = rl[b] == ru[b] || lower ? atLower : atUpper
                    determines[b] = Int32(h)
                    setter[h] = Int32(b)
                case .error(let b, let column):
                    x[column] = 0
                    status[column] = atLower
                    determines[b] = Int32(h)
                    setter[h] = Int32(b)
                }
                if case .error = stop { continue }
                break
            }
        }
        guard moves > 0 else { return nil }
        point = x
        return status
    }
}
