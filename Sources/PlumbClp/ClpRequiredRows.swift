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
///
/// The first point (`point`, from which `plumb check`'s walks start) is
/// the rows' least point where they have one (``RequiredLeastPoint``),
/// the vertex Clp's first solve ends on there; Clp's first solve, which
/// grows faster than the rows (16,738 pivots, 0.7 to 1.1 s, on
/// `degenerate`'s large component at 10,000 views, 0.06 s at 1,000), is
/// then made only when a supremum is first asked, as it would have been
/// made first, so that Clp's path from there is the same. Where the rows
/// have no least point (`degenerate`'s heights: each box's height bounded
/// only from above), the first point is the rows' tight point
/// (``RequiredTightPoint``, every row tight, a vertex of the kind Clp's
/// first solve ends on there, which grew x14-25 from 1,000 to 10,000
/// views), and Clp's first solve is put off the same way; only where the
/// rows have neither is it made at once.
///
/// The first solve put off starts from the basis read off that point
/// (`crashBasis`: the rows that set the variables there nonbasic, the
/// rest of the rows and the variables basic), which is triangular and
/// primal feasible, so that Clp factorises it and confirms it with no
/// pivot; from the slack basis Clp took 30,236 pivots on `chartgrid`'s
/// large component at 10,000 views (its tight point), about two fifths
/// of `plumb check`'s time there. Clp's later solves then start from
/// another basis of the same vertex than before, and may end on other
/// optimal points: the suprema are the same, the points kept from them
/// may not be.
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
    /// Whether Clp's first solve ended optimal, nil until it is made (see `init`).
    private var started: Bool?
    /// Whether Clp's first solve has been made (for the tests).
    var hasStarted: Bool { started != nil }
    let point: [Double]
    /// The basis read off the first point (see `crashBasis`), from which
    /// Clp's first solve starts when it is put off; nil to start from the
    /// slack basis. Settable for the tests, which give a basis Clp cannot
    /// confirm to see the slack start made instead.
    var crash: [UInt8]?
    /// Whether Clp's first solve started from `crash` and ended optimal
    /// there, and the pivots it took (for the tests).
    private(set) var startedFromCrash = false
    private(set) var firstSolvePivots: Int?
    /// The most pivots Clp's first solve may take from that basis before
    /// it is made from the slack basis instead (50; settable for the tests).
    var crashPivots: Int32 = 50
    /// Clp's status of a nonbasic column with no bound (at its value, 0 here).
    static let freeStatus: UInt8 = 0

    /// `leastPoint` false: Clp's first solve at once, whatever the rows
    /// (for the tests, which compare the two). `crash` false: Clp's first
    /// solve put off after a least or tight point starts from the slack
    /// basis, not from the point's (for the tests).
    init?(_ part: LinearPart, leastPoint: Bool = true, crash: Bool = true) {
        guard part.priorities.allSatisfy(\.isRequired), let model = PartModel(part) else { return nil }
        self.model = model
        let m = model.m
        guard let rl = plumb_clp_row_lower(model.pointer), let ru = plumb_clp_row_upper(model.pointer) else { return nil }
        lower = Array(UnsafeBufferPointer(start: rl, count: m))
        upper = Array(UnsafeBufferPointer(start: ru, count: m))
        currentLower = lower
        currentUpper = upper
        objective = [Double](repeating: 0, count: model.columnCount)
        keeps = true
        // A first point: the rows' least point when they have one (the
        // vertex Clp's first solve ends on there, found in one pass), Clp's
        // first solve then put off until a supremum needs it, which on
        // `degenerate` and `levels` none does; else the rows' tight point,
        // the solve put off the same way; else that solve now.
        if leastPoint, let least = RequiredLeastPoint.withSetters(part) {
            point = least.point
            if crash { self.crash = Self.crashBasis(setters: least.setters, model: model) }
            return
        }
        if leastPoint, let tight = RequiredTightPoint.withSetters(part) {
            point = tight.point
            if crash { self.crash = Self.crashBasis(setters: tight.setters, model: model) }
            return
        }
        guard let found = Self.start(model) else { return nil }
        started = true
        point = found
    }

    /// Clp's first solve, the primal simplex on the zero objective from
    /// the slack basis, keeping its factorisation: its point, or nil when
    /// it does not end optimal.
    private static func start(_ model: PartModel) -> [Double]? {
        ClpPartSolver.lock.withLock { _ in
            guard plumb_clp_primal(model.pointer, Int32.max, 200, 1) == 0,
                  let solution = plumb_clp_solution(model.pointer)
            else { return nil }
            return Array(UnsafeBufferPointer(start: solution, count: model.n))
        }
    }

    /// The basis of the least or the tight point: the row that set each
    /// variable (``RequiredLeastPoint/withSetters(_:)``,
    /// ``RequiredTightPoint/withSetters(_:)``) nonbasic at the bound it
    /// holds the variable at, every other row basic; every variable basic
    /// but those no row set (the tight point's, put at 0: nonbasic there).
    /// Its basic solution is the point (each variable is set by its row
    /// from variables set before it, so the basis is triangular, and
    /// factorising it is a pass over its entries), which satisfies every
    /// row: primal feasible, so optimal for the zero objective. nil when
    /// two variables are set by one row (an equality pushing both ways):
    /// then the statuses would not make a basis.
    static func crashBasis(setters: [(row: Int32, sign: Int8)], model: PartModel) -> [UInt8]? {
        let columns = model.columnCount, m = model.m
        var status = [UInt8](repeating: LeastPointStart.basic, count: columns + m)
        for (j, (row, sign)) in setters.enumerated() {
            // A variable put at 0 by no row: nonbasic there (Clp's free status).
            guard row >= 0 else { status[j] = Self.freeStatus; continue }
            let r = columns + Int(row)
            guard status[r] == LeastPointStart.basic else { return nil }
            status[r] = sign > 0 ? LeastPointStart.atLowerBound : LeastPointStart.atUpperBound
        }
        return status
    }

    /// Clp's first solve from `crash` (at most `crashPivots` pivots,
    /// keeping its factorisation as `start` does): whether it ended
    /// optimal; when not, the basis is put back as it was.
    private func crashStart(_ crash: [UInt8]) -> Bool {
        ClpPartSolver.lock.withLock { _ in
            let before = model.basis()
            plumb_clp_set_basis(model.pointer, crash)
            if plumb_clp_primal(model.pointer, crashPivots, 200, 1) == 0 {
                firstSolvePivots = Int(plumb_clp_pivots(model.pointer))
                return true
            }
            // A new model has no basis: none again, so that Clp starts from the slack basis.
            if before.isEmpty { plumb_clp_set_basis(model.pointer, nil) } else { plumb_clp_set_basis(model.pointer, before) }
            return false
        }
    }

    /// Makes the first solve put off by `init`, with every row in as it
    /// would have been made there, then sets the rows' bounds as they are
    /// now: from here Clp's solves are those it made when the first solve
    /// came first. `keeps` is as `takeOut` and `putBack` left it. False
    /// when the solve does not end optimal (the supremum is then unknown).
    private func startLate() -> Bool {
        let moved = currentLower != lower || currentUpper != upper
        if moved { ClpPartSolver.lock.withLock { _ in plumb_clp_set_row_bounds(model.pointer, lower, upper) } }
        startedFromCrash = crash.map(crashStart) ?? false
        crash = nil
        let ended = startedFromCrash || Self.start(model) != nil
        if !startedFromCrash, ended { firstSolvePivots = ClpPartSolver.lock.withLock { _ in Int(plumb_clp_pivots(model.pointer)) } }
        if moved { setBounds() }
        started = ended
        return ended
    }

    func supremum(of terms: [(Int32, Double)]) -> Double? {
        guard started ?? startLate() else { return nil }
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

