import CClpSimplex
import PlumbSolver

extension ClpPartSolver {
    /// A Clp model of `part`'s rows, all required, bounding linear forms
    /// over their points (see ``ClpRequiredRows``); nil when a row is not
    /// required, the numbers are too large for Clp, or the rows conflict.
    public func requiredRowRange(_ part: LinearPart) -> (any RequiredRowRange)? {
        ClpRequiredRows(part)
    }
}

extension ClpSession {
    func requiredRowRange(_ part: LinearPart) -> (any RequiredRowRange)? { solver.requiredRowRange(part) }
}

/// The points satisfying a part's required rows, as one Clp model: a
/// form's supremum is a primal solve with the form as the objective, from
/// the basis and the factorisation the last solve kept (only the objective
/// and the row bounds change between solves, never the matrix), and a row
/// is taken out by opening both of its bounds. `plumb check` asks one
/// supremum or two per row of a large component, so each costs a few
/// pivots from where the last ended instead of a tableau's pivots over
/// the whole component (``SimplexCore``), which made the redundancy tests
/// quadratic.
final class ClpRequiredRows: RequiredRowRange {
    private let model: PartModel
    /// Each row's bounds as the part gives them, and as they are now.
    private let lower: [Double], upper: [Double]
    private var currentLower: [Double], currentUpper: [Double]
    /// The objective (minimised), zero outside a solve.
    private var objective: [Double]
    /// Whether the last solve kept its factorisation for the next one.
    private var keeps = false
    /// Whether the last solve ended at an optimum (its point is Clp's solution).
    private var solved = false
    /// Whether the last solve found the objective unbounded (Clp may keep a ray).
    private var unbounded = false
    let point: [Double]

    init?(_ part: LinearPart) {
        guard part.priorities.allSatisfy(\.isRequired), let model = PartModel(part) else { return nil }
        self.model = model
        let m = model.m, n = model.n
        guard let rl = plumb_clp_row_lower(model.pointer), let ru = plumb_clp_row_upper(model.pointer) else { return nil }
        lower = Array(UnsafeBufferPointer(start: rl, count: m))
        upper = Array(UnsafeBufferPointer(start: ru, count: m))
        currentLower = lower
        currentUpper = upper
        objective = [Double](repeating: 0, count: model.columnCount)
        // A first point: the primal simplex on the zero objective.
        let found: [Double]? = ClpPartSolver.lock.withLock { _ in
            guard plumb_clp_primal(model.pointer, Int32.max, 200, 1) == 0,
                  let solution = plumb_clp_solution(model.pointer)
            else { return nil }
            return Array(UnsafeBufferPointer(start: solution, count: n))
        }
        guard let found else { return nil }
        point = found
        keeps = true
    }

    func supremum(of terms: [(Int32, Double)]) -> Double? {
        for (v, a) in terms { objective[Int(v)] -= a }
        defer { for (v, _) in terms { objective[Int(v)] = 0 } }
        return ClpPartSolver.lock.withLock { _ -> Double? in
            let pointer = model.pointer
            plumb_clp_set_objective(pointer, objective)
            let status = plumb_clp_primal(pointer, Int32.max, 200, keeps ? 3 : 1)
            keeps = status == 0
            solved = status == 0
            unbounded = status == 2
            switch status {
            case 0:
                guard let solution = plumb_clp_solution(pointer) else { return nil }
                return terms.reduce(0) { $0 + $1.1 * solution[Int($1.0)] }
            case 2:
                return .infinity
            default:
                return nil
            }
        }
    }

    func lastSolution() -> [Double]? {
        guard solved else { return nil }
        return ClpPartSolver.lock.withLock { _ -> [Double]? in
            plumb_clp_solution(model.pointer).map { Array(UnsafeBufferPointer(start: $0, count: model.n)) }
        }
    }

    func lastRay() -> [Double]? {
        guard unbounded else { return nil }
        return ClpPartSolver.lock.withLock { _ -> [Double]? in
            var ray = [Double](repeating: 0, count: model.columnCount)
            guard plumb_clp_unbounded_ray(model.pointer, &ray) == 1 else { return nil }
            return Array(ray.prefix(model.n))
        }
    }

    func takeOut(_ row: Int) {
        currentLower[row] = -PartModel.infinity
        currentUpper[row] = PartModel.infinity
        setBounds()
    }

    func putBack(_ row: Int) {
        currentLower[row] = lower[row]
        currentUpper[row] = upper[row]
        setBounds()
        // The next solve refactorises from the current basis: continuing
        // from the kept factorisation after a row's bounds close again
        // can end "optimal" at the last point, which the row put back may
        // not allow (found by NeighbourhoodRequiredRowsTests' rays
        // property: a point off such a row by 3.0). Opening a row's bounds
        // keeps the point feasible, so `takeOut` continues.
        keeps = false
    }

    private func setBounds() {
        solved = false
        unbounded = false
        ClpPartSolver.lock.withLock { _ in plumb_clp_set_row_bounds(model.pointer, currentLower, currentUpper) }
    }
}

