import CClpSimplex
import Testing
@testable import PlumbClp
import PlumbTestSupport
@testable import PlumbSolver

/// A check at the last basis from a kept factorisation has Clp compute the
/// point and the prices once (`ClpPartSolver.computesCheckOnce`,
/// `plumb_clp_check_once`): the same status, point, prices and basis as
/// Clp's primal gives them the usual way, to the bit.
@Suite struct CheckOnceTests {
    typealias ClpLog = LargePartTests.ClpLog

    /// `system` solved with Clp for its parts through `solver`.
    static func solved(_ system: ConstraintSystem, _ solver: ClpLog) -> Result<Solution, any Error> {
        var options = LargePartTests.clp()
        options.largePartSolver = solver
        return Result { try system.solve(options: options) }
    }

    /// The bits of everything a check leaves: status, column values, row
    /// activities, duals, reduced costs and the basis.
    static func outcome(_ model: OpaquePointer, status: Int32) -> [UInt64] {
        let columns = Int(plumb_clp_columns(model)), rows = Int(plumb_clp_rows(model))
        var bits = [UInt64(bitPattern: Int64(status))]
        for (array, count) in [(plumb_clp_solution(model), columns), (plumb_clp_row_activity(model), rows),
                               (plumb_clp_row_duals(model), rows), (plumb_clp_reduced_costs(model), columns)] {
            guard let array else { bits.append(.max); continue }
            bits += (0 ..< count).map { array[$0].bitPattern }
        }
        var basis = [UInt8](repeating: 0, count: columns + rows)
        _ = plumb_clp_basis(model, &basis)
        return bits + basis.map(UInt64.init)
    }

    /// A model, minimise y + 2z with x + y + z = 6, x at most 3, solved
    /// keeping the factorisation (x at 3, y basic, z at 0); then, after
    /// each change, checked
    /// from it twice, the usual way and through `plumb_clp_check_once`, in
    /// both orders (each check starts from the same kept factorisation,
    /// bounds, costs and basis, and computes everything again). A new
    /// objective (the point within every bound): computed once, the same
    /// bits. y's upper bound then cut to 2 (the point outside it, so Clp's
    /// weight of infeasibility prices y): left to Clp's default, the same
    /// bits again.
    @Test func theCheckGivesWhatClpsPrimalGives() throws {
        // Under the solver's lock, as every Clp call of the library:
        // Clp's message handling is shared between models, and other
        // suites solve beside this one.
        try ClpPartSolver.lock.withLock { _ in try Self.checkGivesWhatPrimalGives() }
    }

    static func checkGivesWhatPrimalGives() throws {
        let lower: [Double] = [0, 0, 0], upper: [Double] = [3, 10, 10]
        let starts: [Int32] = [0, 3], indices: [Int32] = [0, 1, 2], elements: [Double] = [1, 1, 1]
        let rowBound: [Double] = [6]
        let made = plumb_clp_new(3, lower, upper, 1, rowBound, rowBound, starts, indices, elements)
        let m = try #require(made)
        defer { plumb_clp_free(m) }
        plumb_clp_set_objective(m, [0, 1, 2])
        #expect(plumb_clp_primal(m, .max, 200, 1) == 0)
        func both(_ label: String, optimal: Bool, once: Int32) {
            let a = plumb_clp_primal(m, 0, 200, 3), usual = Self.outcome(m, status: a)
            let b = plumb_clp_check_once(m, 3), computedOnce = Self.outcome(m, status: b)
            let c = plumb_clp_primal(m, 0, 200, 3), again = Self.outcome(m, status: c)
            #expect((a == 0) == optimal, "\(label): \(a)")
            #expect(usual == computedOnce && usual == again, "\(label)")
            #expect(plumb_clp_checks_computed_once(m) == once, "\(label)")
        }
        plumb_clp_set_objective(m, [0, 1, 3])
        both("new objective", optimal: true, once: 1)
        plumb_clp_set_column_upper(m, [3, 2, 10])
        both("point outside a bound", optimal: false, once: 1)
    }

    /// Sixty shelves of `degenerate` and of `levels`: the checks from a
    /// kept factorisation (one that fails, and one that fails then four that
    /// pass) are computed once, none with the option off; the same checks
    /// pass, the same zero trial holds, the values are equal bit for bit
    /// and every required row holds.
    @Test func checksOnTheShelvesComputeOnce() throws {
        let cases: [(levels: [Priority], fromKept: Int, passed: Int)] = [([], 1, 0), ([240, 230, 220, 210, 200], 5, 5)]
        for shelfCase in cases {
            let usual = Checks(computedOnce: 0, reused: shelfCase.fromKept, passed: shelfCase.passed, zeroHolds: 1, unanswered: 0)
            let (once, twice, same) = try Self.onShelves(contradicting: shelfCase.levels)
            #expect(once == Checks(usual, computedOnce: shelfCase.fromKept) && twice == usual,
                    "\(shelfCase.levels.count) contradicting levels: \(once); \(twice)")
            #expect(same, "\(shelfCase.levels.count) contradicting levels")
        }
    }

    /// Sixty shelves with `contradicting` levels solved with checks computed
    /// once and not: what each way's checks did, and whether the values are
    /// equal bit for bit with every required row holding.
    static func onShelves(contradicting: [Priority]) throws -> (Checks, Checks, Bool) {
        let shelves = LargePartTests.degenerateShelves(60, contradicting: contradicting)
        let once = ClpLog(ClpPartSolver()), twice = ClpLog(ClpPartSolver(computesCheckOnce: false))
        let (a, b) = try LargePartTests.solved(shelves.system, by: (once, twice))
        return (Checks(once), Checks(twice), a.values == b.values && referenceRequiredRowsHold(shelves.rows, a.values))
    }

    /// What a solve's checks did, as `ClpLog` counts them.
    struct Checks: Equatable, CustomStringConvertible {
        var computedOnce, reused, passed, zeroHolds, unanswered: Int
        init(computedOnce: Int, reused: Int, passed: Int, zeroHolds: Int, unanswered: Int) {
            (self.computedOnce, self.reused, self.passed) = (computedOnce, reused, passed)
            (self.zeroHolds, self.unanswered) = (zeroHolds, unanswered)
        }
        init(_ log: ClpLog) {
            self.init(computedOnce: log.checksComputedOnce, reused: log.reusedFactorizations, passed: log.atLastBasis,
                      zeroHolds: log.zeroHolds, unanswered: log.unanswered)
        }
        init(_ checks: Checks, computedOnce: Int) {
            self = checks
            self.computedOnce = computedOnce
        }
        var description: String {
            "\(computedOnce) computed once, \(reused) from a kept factorisation, \(passed) passed, "
                + "\(zeroHolds) zero trials held, \(unanswered) unanswered"
        }
    }

    /// On random coupled systems with every level checked (grids, chart
    /// grids with and without a clash, shelves with contradicting levels,
    /// chart grids with coefficients from 1e-3 to 1e4, which Clp scales):
    /// computing checks once or not passes the same checks, reuses the same
    /// factorisations and gives the same values bit for bit. On the scaled
    /// chart grids the point the last solve left can lie outside a bound by
    /// the rounding of Clp's unscaling: such checks are left to Clp's
    /// default weight, and at least one is (28 checks computed once, 2 left
    /// to the default, with these seeds).
    @Test func checksComputedOnceKeepTheAnswersOnCoupledSystems() {
        let outcomes = (0 ..< 24 as Range<UInt64>).map { seed in (seed: seed, checks: Self.onCoupledSystem(seed: seed)) }
        for (seed, (once, twice, same)) in outcomes {
            #expect(once == Checks(twice, computedOnce: once.computedOnce) && twice.computedOnce == 0,
                    "seed \(seed): \(once); \(twice)")
            #expect(same, "seed \(seed)")
        }
        let computedOnce = outcomes.reduce(0) { $0 + $1.checks.0.computedOnce }
        let declinedOnScaled = outcomes.filter { $0.seed % 4 == 3 }.reduce(0) { $0 + $1.checks.0.reused - $1.checks.0.computedOnce }
        #expect(computedOnce >= 10 && declinedOnScaled >= 1,
                "\(computedOnce) checks computed once, \(declinedOnScaled) left to Clp's default on scaled chart grids")
    }

    /// `LargePartTests.mixedHardSystem` of `seed`, every level checked, solved
    /// with checks computed once and not: what each way's checks did, and
    /// whether the two ways give the same values bit for bit (or fail alike).
    static func onCoupledSystem(seed: UInt64) -> (Checks, Checks, Bool) {
        let (_, system, _) = LargePartTests.mixedHardSystem(seed: 38_000 + seed, size: seed, kinds: 4)
        let once = ClpLog(ClpPartSolver(basisCheck: .beforeEveryLevel))
        let twice = ClpLog(ClpPartSolver(basisCheck: .beforeEveryLevel, computesCheckOnce: false))
        switch (Self.solved(system, once), Self.solved(system, twice)) {
        case (.success(let a), .success(let b)): return (Checks(once), Checks(twice), a.values == b.values)
        case (.failure(let a), .failure(let b)): return (Checks(once), Checks(twice), "\(a)" == "\(b)")
        default: return (Checks(once), Checks(twice), false)
        }
    }
}
