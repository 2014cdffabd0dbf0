/// Shows that a probe's expression can move by building a point that
/// moves it: a known point of the rows (`NeighbourhoodRequiredRows`'
/// `point`) plus a step along a direction that every row in allows for
/// that long. Where a probe needs a long chain of rows moved together
/// (`degenerate`'s box edges tied from shelf to shelf by two opposite
/// inequalities: a row between two shelves is violated only by moving the
/// whole column below it, or above it), no neighbourhood decides it and
/// the kept points of other probes do not violate it, but the chain is
/// easy to follow one row at a time.
///
/// The direction starts as one of the expression's variables moved the
/// way the probe pushes. A row in that the move turns the wrong way and
/// that has too little room at the point for the step (an equality, or an
/// inequality tight at the point) is put right by moving one more of its
/// variables, so that the row does not change; of those, the one whose
/// own rows it breaks the fewest is taken, and those rows are followed in
/// turn. A variable once moved is not moved again, so the walk ends: with
/// every row followed allowing the step, or at a row that no unmoved
/// variable can put right (then the next of the expression's variables
/// starts a walk, with a larger budget after each).
///
/// Nothing found this way is taken on trust: the step is the largest that
/// every changed row allows (rows whose variables did not move do not
/// change), the new point is summed row by row in floating point and must
/// violate no changed row by more than the old point did (plus the
/// rounding of the row's terms), and the expression there must be past
/// what the probe asks. So a walk that answers gives a point of the rows
/// in that shows what the whole component would show; a walk that does
/// not answer leaves the probe to the whole component.
///
/// A value, so that a walk's loops read and write `step` and `rowMark`
/// with no dynamic exclusivity checks (a class's arrays pay one at every
/// access: some 200 M instructions on `degenerate` at 1,000 views); its
/// owner calls it in place.
struct RowMoves {
    private let rest: [ConstraintSystem.InertCandidate]
    private let rowsOf: [[Int32]]
    /// The direction (0 for a variable not moved) and the variables moved.
    private var step: [Double]
    private var moved: [Int32] = []
    /// Rows already queued in this walk (compared with `epoch`).
    private var rowMark: [UInt32]
    private var epoch: UInt32 = 0
    /// The rows a walk is to check, in order (kept from walk to walk).
    private var queue: [Int32] = []
    /// The most term visits a walk may take, at its last try: a few
    /// passes over the rows' terms.
    private let largestBudget: Int
    /// The term visits of every walk so far (for the tests: a walk's cost).
    private(set) var visited = 0

    init(_ rest: [ConstraintSystem.InertCandidate], rowsOf: [[Int32]], variableCount: Int) {
        self.rest = rest
        self.rowsOf = rowsOf
        step = [Double](repeating: 0, count: variableCount)
        rowMark = [UInt32](repeating: 0, count: rest.count)
        largestBudget = 16 * rest.reduce(1 << 12) { $0 + $1.terms.count }
    }

    /// Row `r`'s value `Σ a·x + c` at `point`.
    private func value(_ r: Int, at point: [Double]) -> Double {
        rest[r].terms.reduce(rest[r].constant) { $0 + $1.1 * point[Int($1.0)] }
    }

    /// How far row `r`'s value may go the wrong way at `point` before the
    /// row is violated (0 for an equality or a row violated already).
    private func room(_ r: Int, at point: [Double]) -> Double {
        switch rest[r].relation {
        case .equal: 0
        case .greaterOrEqual: max(0, value(r, at: point))
        case .lessOrEqual: max(0, -value(r, at: point))
        }
    }

    /// How much `change` of row `r`'s value goes the wrong way (0 when none).
    private func wrongWay(_ r: Int, _ change: Double) -> Double { rest[r].wrongWay(change) }

    /// Row `r`'s change along the direction, and the size of its terms' changes.
    private func change(_ r: Int) -> (change: Double, size: Double) { change(rest[r].terms) }

    /// The change of `Σ terms` along the direction, and the size of its terms' changes.
    private func change(_ terms: [(Int32, Double)]) -> (change: Double, size: Double) {
        var change = 0.0, size = 0.0
        for (v, a) in terms where step[Int(v)] != 0 {
            change += a * step[Int(v)]
            size += abs(a * step[Int(v)])
        }
        return (change, size)
    }

    /// ``change(_:)`` of row `r` and `u`'s coefficient in it, in one pass
    /// over its terms (the same sums, in the same order, as two).
    private func changeAndCoefficient(_ r: Int, of u: Int32) -> (change: Double, size: Double, coefficient: Double) {
        var change = 0.0, size = 0.0, coefficient = 0.0
        for (v, a) in rest[r].terms {
            if v == u { coefficient += a }
            let d = step[Int(v)]
            if d != 0 {
                change += a * d
                size += abs(a * d)
            }
        }
        return (change, size, coefficient)
    }

    /// Whether a change of `change` (out of `size`) in row `r` stops a step
    /// of `length`: it goes the wrong way by more than rounding, further
    /// than the row's room at `point`.
    private func stops(_ r: Int, _ change: Double, size: Double, length: Double, at point: [Double]) -> Bool {
        let wrong = wrongWay(r, change)
        return wrong > 1e-12 * size && wrong * length > room(r, at: point)
    }

    private mutating func reset() {
        for v in moved { step[Int(v)] = 0 }
        moved.removeAll(keepingCapacity: true)
        nextEpoch()
    }

    private mutating func nextEpoch() {
        epoch &+= 1
        if epoch == 0 {
            for r in rowMark.indices { rowMark[r] = 0 }
            epoch = 1
        }
    }

    /// A point of the rows in (`isIn`) where `direction · (Σ terms)` is
    /// at least `gain` above its value at `point`, which satisfies every
    /// row in; found as the type's comment says, and given as the value of
    /// `Σ terms` there with the point's changes from `point` (the moved
    /// variables with their new values, in the order they were moved: a
    /// decided walk costs what it moved, not a copy of the point); nil
    /// when no walk finds one. `gain` is positive. `upTo` caps the budget
    /// (at ``firstBudget`` at the least); nil for no cap but the largest.
    mutating func reaching(_ terms: [(Int32, Double)], gain: Double, direction: Double, from point: [Double],
                           isIn: [Bool], upTo cap: Int? = nil)
        -> (reached: Double, changes: [(Int32, Double)], length: Double)? {
        var budget = Self.firstBudget
        let largestBudget = cap.map { max(Self.firstBudget, min($0, self.largestBudget)) } ?? self.largestBudget
        endedOverBudget = false
        while true {
            var outOfBudget = false
            defer { endedOverBudget = endedOverBudget || outOfBudget }
            for start in Self.starts(terms, gain: gain, direction: direction) {
                defer { reset() }
                // Not a walk that a later one repeats (only the flag: the walks go on as they did).
                if epoch == 0 { endedOverBudget = true }
                // At the largest budget, stuck and out of budget end alike (no larger try).
                switch walk(from: start.variable, sign: start.sign, length: start.length, budget: budget,
                            point: point, isIn: isIn, endsOverBudget: budget >= largestBudget) {
                case .done:
                    if let found = stepped(terms, gain: gain, direction: direction, from: point, isIn: isIn) {
                        return found
                    }
                case .outOfBudget: outOfBudget = true
                case .stuck: break
                }
            }
            // A walk that ran out of budget may end with more.
            guard outOfBudget, budget < largestBudget else { return nil }
            budget *= 4
        }
    }

    /// Whether a walk of the last ``reaching(_:gain:direction:from:isIn:upTo:)``
    /// ended out of budget (or was the very first walk of all, which
    /// queues no row: see RowMovesBudgetTests). When none did, each walk
    /// ended stuck or done without its visits passing the budget at any of
    /// its checks, so the same walks with a larger budget (the same rows
    /// in, terms, gain, direction and point) take the same paths to the
    /// same ends: a call that found no point then finds none with more
    /// budget either.
    private(set) var endedOverBudget = false

    /// The term visits of a walk's first try: about a row's neighbourhood
    /// in a layout; each later try has four times as many.
    static let firstBudget = 1 << 12

    private enum Walk { case done, stuck, outOfBudget }

    /// The walks to try, in turn: from each variable of `terms` (once
    /// each, those whose coefficients do not cancel), moved the way that
    /// grows `direction · Σ terms`, for about the step that gains `gain`.
    /// Each walk's moves are undone (``reset()``) before the next.
    private static func starts(_ terms: [(Int32, Double)], gain: Double, direction: Double)
        -> [(variable: Int32, sign: Double, length: Double)] {
        var variables: [Int32] = []
        for (v, _) in terms where !variables.contains(v) { variables.append(v) }
        return variables.compactMap { v in
            let a = terms.reduce(0) { $0 + ($1.0 == v ? $1.1 : 0) }
            guard a != 0 else { return nil }
            return (v, direction * a > 0 ? 1 : -1, 2 * gain / abs(a))
        }
    }

    /// After a walk: the growth of `direction · Σ terms` along its moves,
    /// or nil when that growth is only the rounding left where the walk
    /// cancelled the terms (below 1e-9 of the size of their changes: an
    /// expression the rows in fix, such as a copy of one of them, would
    /// ask for an enormous step, at whose point the rows' rounding
    /// allowance hides the change).
    private func growthAlongWalk(_ terms: [(Int32, Double)], direction: Double) -> Double? {
        let (along, size) = change(terms)
        let growth = direction * along
        return growth > 1e-9 * size ? growth : nil
    }

    /// One walk from `start` moved by `sign` (see the type's comment), for
    /// a step of about `length`: `stuck` when a row cannot be put right.
    ///
    /// With `endsOverBudget`, for a caller to whom a stuck walk and one out
    /// of budget end alike (the next start is tried), the walk ends out of
    /// budget as soon as its visits pass `budget`, even while it weighs the
    /// variables that could put a row right: past that point it could
    /// only end stuck or out of budget (a variable moved puts the row it
    /// puts right back in the queue). Weighing a variable reads every row
    /// it is in, and `chartgrid`'s shared column edges are each in a row
    /// of every grid row, so without this one weighing cost a pass over a
    /// column however small the budget (the chains' short tries: 256 term
    /// visits).
    private mutating func walk(from start: Int32, sign: Double, length: Double, budget: Int, point: [Double],
                               isIn: [Bool], endsOverBudget: Bool = false) -> Walk {
        var visits = 0
        defer { visited += visits }
        queue.removeAll(keepingCapacity: true)
        var next = 0
        // A row is queued (marked `epoch`) at most once at a time.
        func move(_ v: Int32, by amount: Double) {
            step[Int(v)] = amount
            moved.append(v)
            for r in rowsOf[Int(v)] where isIn[Int(r)] && rowMark[Int(r)] != epoch {
                rowMark[Int(r)] = epoch
                queue.append(r)
            }
        }
        move(start, by: sign)
        while next < queue.count {
            if visits > budget { return .outOfBudget }
            let r = Int(queue[next])
            next += 1
            rowMark[r] = 0
            let (change, size) = change(r)
            visits += rest[r].terms.count
            guard stops(r, change, size: size, length: length, at: point) else { continue }
            // Put the row right with one unmoved variable: the one whose
            // other rows the move stops the fewest times.
            var best: (variable: Int32, amount: Double, broken: Int)?
            for (u, a) in rest[r].terms where step[Int(u)] == 0 && a != 0 {
                let amount = -change / a
                var broken = 0
                for s in rowsOf[Int(u)] where Int(s) != r && isIn[Int(s)] {
                    let (other, otherSize, coefficient) = changeAndCoefficient(Int(s), of: u)
                    visits += 2 * rest[Int(s)].terms.count
                    if endsOverBudget && visits > budget { return .outOfBudget }
                    if stops(Int(s), other + coefficient * amount, size: otherSize + abs(coefficient * amount),
                             length: length, at: point) {
                        // A row it breaks that no other unmoved variable can put right: a dead end.
                        guard rest[Int(s)].terms.contains(where: { $0.0 != u && $0.1 != 0 && step[Int($0.0)] == 0 })
                        else {
                            broken = Int.max
                            break
                        }
                        broken += 1
                        if let best, broken >= best.broken { break }
                    }
                }
                if broken < (best?.broken ?? Int.max) { best = (u, amount, broken) }
                if broken == 0 { break }
            }
            guard let best else { return .stuck }
            move(best.variable, by: best.amount)
            // Checked again once the move is in (it is among the variable's rows).
        }
        return .done
    }

    /// After a walk: the value of `Σ terms` at the point a step along the
    /// direction reaches, and that point's changes from `point` (each
    /// moved variable and its value there), when every changed row allows a
    /// step that gains `gain` and, summed at the new point, is violated no
    /// more than at `point` (see the type's comment); nil otherwise. The
    /// step is half the longest that the changed rows allow, up to a
    /// million times the one needed, so that the point may answer later
    /// probes too (as the whole component's points do).
    private mutating func stepped(_ terms: [(Int32, Double)], gain: Double, direction: Double, from point: [Double],
                         isIn: [Bool]) -> (reached: Double, changes: [(Int32, Double)], length: Double)? {
        guard let growth = growthAlongWalk(terms, direction: direction) else { return nil }
        let needed = gain / growth
        // The rows that changed are those of the moved variables.
        var rows: [Int] = []
        nextEpoch()
        for v in moved {
            for r in rowsOf[Int(v)] where isIn[Int(r)] && rowMark[Int(r)] != epoch {
                rowMark[Int(r)] = epoch
                rows.append(Int(r))
            }
        }
        var longest = Double.infinity
        for r in rows {
            let (change, size) = change(r)
            if stops(r, change, size: size, length: needed, at: point) { return nil }
            let wrong = wrongWay(r, change)
            if wrong > 1e-12 * size { longest = min(longest, room(r, at: point) / wrong) }
        }
        let longer = max(needed, min(longest / 2, 1e6 * needed))
        // The longer step, else the one needed, whichever passes the check first.
        search: for length in longer > needed ? [longer, needed] : [needed] {
            func after(_ v: Int32) -> Double { point[Int(v)] + length * step[Int(v)] }
            for r in rows {
                let now = rest[r].terms.reduce(rest[r].constant) { $0 + $1.1 * after($1.0) }
                let rounding = 1e-12 * rest[r].terms.reduce(abs(rest[r].constant)) { $0 + abs($1.1 * after($1.0)) }
                if wrongWay(r, now) > wrongWay(r, value(r, at: point)) + rounding { continue search }
            }
            // The caller checks what it asked for against this (the point's
            // rounding may leave it a little short of `gain`). A moved
            // variable's step is never 0 (a row it puts right changed).
            let reached = terms.reduce(0) { $0 + $1.1 * (step[Int($1.0)] != 0 ? after($1.0) : point[Int($1.0)]) }
            return (reached, moved.map { ($0, after($0)) }, length)
        }
        return nil
    }

    /// The most term visits of a walk that extends a chain
    /// (``extending(_:gain:direction:from:length:base:recheck:isIn:budget:)``):
    /// such a walk is meant to be short.
    static let extensionBudget = 1 << 12
    /// The most term visits of the short tries of the chains before a
    /// probe's neighbourhoods (``NeighbourhoodRequiredRows``): about a
    /// shelf's rows of `degenerate`, which is what a chain that extends
    /// there visits; a chain that does not extend stops there too.
    static let shortExtensionBudget = 1 << 8

    /// A point of the rows in built from `start`, a point an earlier walk
    /// built (or extended) along the rows, by a walk from it and a step
    /// of exactly `length`, the one that built `start`; given as the
    /// variables it moves with their values there, in the order they were
    /// moved (the rest as at `start`: ``ChainPoints`` writes them in), nil
    /// when no short walk finds one.
    ///
    /// `start` was built while other rows were out (the one tested then,
    /// at least), so it may violate rows that are in now: those are among
    /// `recheck` (every row put back since `start` was built). A walk from
    /// `start` may put them right: where a chain of rows ties a column of
    /// variables (`degenerate`'s box edges from shelf to shelf), the walk
    /// that moved the column below one shelf by `length` is extended to
    /// the column below the shelf above by moving that shelf's variables
    /// by the same `length`, which puts right the row between the two
    /// shelves and costs one shelf's rows, not the column's.
    ///
    /// The new point differs from `start` only in the variables moved, so
    /// the rows to check are theirs and `recheck`: each must be violated
    /// no more than at `base` (a point of every row) plus the rounding of
    /// its terms. Every other row in was in when `start` was built, and is
    /// where it was at `start` (checked then, against `base` or the point
    /// that walk came from).
    mutating func extending(_ terms: [(Int32, Double)], gain: Double, direction: Double, from start: [Double],
                            length: Double, base: [Double], recheck: ArraySlice<Int>,
                            isIn: [Bool], budget: Int = extensionBudget) -> [(Int32, Double)]? {
        for walkStart in Self.starts(terms, gain: gain, direction: direction) {
            defer { reset() }
            guard case .done = walk(from: walkStart.variable, sign: walkStart.sign, length: walkStart.length,
                                    budget: budget, point: start, isIn: isIn, endsOverBudget: true),
                  let growth = growthAlongWalk(terms, direction: direction), growth * length >= gain,
                  let changes = checked(from: start, length: length, base: base, recheck: recheck, isIn: isIn)
            else { continue }
            return changes
        }
        return nil
    }

    /// The moved variables with their values at `start` stepped `length`
    /// along the direction, when every row in among the moved variables'
    /// and `recheck` is violated there no more than at `base` plus its
    /// terms' rounding; nil otherwise.
    private mutating func checked(from start: [Double], length: Double, base: [Double], recheck: ArraySlice<Int>,
                         isIn: [Bool]) -> [(Int32, Double)]? {
        func after(_ v: Int32) -> Double { start[Int(v)] + length * step[Int(v)] }
        nextEpoch()
        func allowed(_ r: Int) -> Bool {
            guard isIn[r], rowMark[r] != epoch else { return true }
            rowMark[r] = epoch
            let now = rest[r].terms.reduce(rest[r].constant) { $0 + $1.1 * after($1.0) }
            // The rounding of the terms at `base`, not at the new point: a
            // chain's steps add up, and far from `base` the rounding of
            // large terms could hide a real violation.
            let rounding = 1e-12 * rest[r].terms.reduce(abs(rest[r].constant)) { $0 + abs($1.1 * base[Int($1.0)]) }
            return wrongWay(r, now) <= wrongWay(r, value(r, at: base)) + rounding
        }
        for v in moved {
            for r in rowsOf[Int(v)] where !allowed(Int(r)) { return nil }
        }
        for r in recheck where !allowed(r) { return nil }
        return moved.map { ($0, after($0)) }
    }
}
