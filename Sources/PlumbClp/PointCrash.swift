import CClpSimplex
import PlumbSolver

/// A starting basis for a cold solve of `ClpPartSolver.optimalFace`, read
/// off an optimal point found another way: the planner's solve of the
/// part (`plannerOptimum`, Plumb's own presolve first, as `plumb solve`
/// takes it), which reaches the lexicographic optimum cheaply where Clp's
/// presolve and simplex on the whole part do not.
///
/// On `chartgrid` the face's part holds the rows of charts chained, each
/// row's bands soft, and the level after the promotion took Clp's primal
/// one dense pivot a row of charts from every start Clp was given (503
/// pivots at 10,000 views, x21.6 instructions for x10 views; BENCHMARKS.md,
/// check39). The planner's optimum is a point of that level's optimal set
/// (any lexicographic optimum is: each level's held face is that level's
/// whole optimal set), and the basis read off it is optimal there: Clp
/// factorises it and prices the level with no pivot.
///
/// The basis: each column strictly between its bounds basic, each row
/// strictly between its bounds basic (its slack), every other column and
/// row nonbasic at the bound it sits on. At a degenerate point that is
/// fewer basic entries than rows, and Clp's first factorisation completes
/// the basis with slacks. Nothing here proves it optimal: Clp's primal
/// goes on from it for at most `ClpPartSolver.pointCrashPivots` pivots,
/// and a level that does not end optimal is solved cold as before.
enum PointCrash {
    /// The statuses (columns, then rows) read off `x` (every column of the
    /// model) under the model's bounds as they stand; nil when the arrays
    /// do not fit the model or the point misses a bound (see `solves`).
    static func basis(of part: LinearPart, model: PartModel, point x: [Double]) -> [UInt8]? {
        let m = model.m, columns = model.columnCount
        guard x.count == columns, Int(plumb_clp_rows(model.pointer)) == m,
              let rl = plumb_clp_row_lower(model.pointer), let ru = plumb_clp_row_upper(model.pointer),
              let cl = plumb_clp_column_lower(model.pointer), let cu = plumb_clp_column_upper(model.pointer)
        else { return nil }
        let basic = LeastPointStart.basic, atUpper = LeastPointStart.atUpperBound, atLower = LeastPointStart.atLowerBound
        let infinity = PartModel.infinity / 2
        // Which bound `value` sits on (within `tolerance` of the bound's
        // size), or basic when on neither.
        func standing(_ value: Double, _ lower: Double, _ upper: Double) -> UInt8? {
            if lower > -infinity && lower - value > feasibility * max(1, abs(lower)) { return nil }
            if upper < infinity && value - upper > feasibility * max(1, abs(upper)) { return nil }
            if lower > -infinity && value - lower <= tolerance * max(1, abs(lower)) { return atLower }
            if upper < infinity && upper - value <= tolerance * max(1, abs(upper)) { return atUpper }
            return basic
        }
        var status = [UInt8](repeating: atLower, count: columns + m)
        for j in 0 ..< columns {
            guard let s = standing(x[j], cl[j], cu[j]) else { return nil }
            status[j] = s
        }
        for i in 0 ..< m {
            guard let s = standing(activity(of: i, part: part, model: model, at: x), rl[i], ru[i]) else { return nil }
            status[columns + i] = rl[i] == ru[i] ? atLower : s
        }
        return status
    }

    /// Clp's primal simplex from the basis read off `point`, at most
    /// `pivots` pivots, on the model as it stands (the level aimed at, the
    /// levels above held): true when it ends optimal; false, with the
    /// basis put back, when it does not; nil (not tried) when the point
    /// misses a bound of the model by more than `feasibility` of the
    /// bound's size (the first level's errors fixed at 0 where the point
    /// has some, say).
    static func solves(_ part: LinearPart, model: PartModel, from point: [Double], pivots: Int32) -> Bool? {
        guard let crash = basis(of: part, model: model, point: point) else { return nil }
        let before = model.basis()
        plumb_clp_set_basis(model.pointer, crash)
        if plumb_clp_primal(model.pointer, pivots, 200, 0) == 0 { return true }
        plumb_clp_set_basis(model.pointer, before)
        return false
    }

    /// How far outside a bound, relative to the bound's size, a point may
    /// be and still be tried.
    static let feasibility = 1e-7

    /// Row `i`'s activity at `x` (every column of the model): its terms and
    /// its error columns.
    private static func activity(of i: Int, part: LinearPart, model: PartModel, at x: [Double]) -> Double {
        var sum = 0.0
        for k in Int(part.rowStart[i]) ..< Int(part.rowStart[i + 1]) {
            sum += part.coefficients[k] * x[Int(part.columns[k])]
        }
        if model.plus[i] >= 0 { sum += x[Int(model.plus[i])] }
        if model.minus[i] >= 0 { sum -= x[Int(model.minus[i])] }
        return sum
    }

    /// `values` (one a variable of the part) with each error column of the
    /// model set to the row's miss on its side (0 where the row holds);
    /// nil when the count does not fit.
    static func point(of part: LinearPart, model: PartModel, values: [Double]) -> [Double]? {
        guard values.count == model.n else { return nil }
        var x = values + [Double](repeating: 0, count: model.columnCount - model.n)
        for i in 0 ..< model.m where model.plus[i] >= 0 || model.minus[i] >= 0 {
            // Σ a·x + c ⋈ 0: the terms' sum less the bound −c.
            let miss = activity(of: i, part: part, model: model, at: x) + part.constants[i]
            if miss < 0 && model.plus[i] >= 0 { x[Int(model.plus[i])] = -miss }
            if miss > 0 && model.minus[i] >= 0 { x[Int(model.minus[i])] = miss }
        }
        return x
    }

    /// How close to a bound, relative to the bound's size, a value counts
    /// as on it.
    static let tolerance = 1e-9

    /// The lexicographic optimum of `part` as the planner finds it (the
    /// part as a system of its own, Plumb's presolve first, what stays
    /// large handed to `solver` without taking its lock: the caller holds
    /// it), or nil when the planner finds none.
    static func plannerOptimum(of part: LinearPart, solver: ClpPartSolver) -> [Double]? {
        var system = ConstraintSystem()
        system.originSource = LinearPart.rowOrigins
        system.addVariables(part.variableCount)
        for i in 0 ..< part.rowCount {
            let terms = (Int(part.rowStart[i]) ..< Int(part.rowStart[i + 1])).lazy.map {
                (VariableIndex(rawValue: part.columns[$0]), part.coefficients[$0])
            }
            system.addRow(terms, constant: part.constants[i], relation: part.relations[i],
                          priority: part.priorities[i], origin: .key(UInt64(i)))
        }
        var options = SolveOptions()
        options.largePartSolver = ClpPartSolver.HoldingLock(solver: solver)
        options.threads = 1
        guard let values = try? system.solve(options: options).values, values.count == part.variableCount
        else { return nil }
        return values
    }
}

/// The planner's optimum of a part (see `PointCrash.plannerOptimum`),
/// found the first time it is asked for and kept: a face whose levels
/// take no cold solve never pays for it.
final class PlannerOptimum {
    private let part: LinearPart
    private let solver: ClpPartSolver
    private var found: [Double]??

    init(_ part: LinearPart, solver: ClpPartSolver) {
        self.part = part
        self.solver = solver
    }

    var values: [Double]? {
        if let found { return found }
        let values = PointCrash.plannerOptimum(of: part, solver: solver)
        found = .some(values)
        return values
    }
}
