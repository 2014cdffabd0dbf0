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

    /// A model, minimise y + 2z with x + y + z = 6, x at most 3, set at
    /// the optimal basis (x at 3, y basic, z at 0) and confirmed there with
    /// no pivot, keeping the factorisation; then, after each change, checked
    /// from it twice, the usual way and through `plumb_clp_check_once`, in
    /// both orders (each check starts from the same kept factorisation,
    /// bounds, costs and basis, and computes everything again). A new
    /// objective (the point within every bound): computed once, the same
    /// bits. y's upper bound then cut to 2 (the point outside it, so Clp's
    /// weight of infeasibility prices y): left to Clp's default, the same
    /// bits again.
    @Test func theCheckGivesWhatClpsPrimalGives() throws {
        let lower: [Double] = [0, 0, 0], upper: [Double] = [3, 10, 10]
        let starts: [Int32] = [0, 3], indices: [Int32] = [0, 1, 2], elements: [Double] = [1, 1, 1]
        let m = try #require(plumb_clp_new(3, lower, upper, 1, [6], [6], starts, indices, elements))
        defer { plumb_clp_free(m) }
        plumb_clp_set_objective(m, [0, 1, 2])
        plumb_clp_set_basis(m, [LeastPointStart.atUpperBound, LeastPointStart.basic, LeastPointStart.atLowerBound,
                                LeastPointStart.atLowerBound])
        #expect(plumb_clp_primal(m, 0, 200, 1) == 0 && plumb_clp_pivots(m) == 0)
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
        for (contradicting, expected, passed) in [([], 1, 0), ([240, 230, 220, 210, 200], 5, 5)] as [([Priority], Int, Int)] {
            let b = LargePartTests.degenerateShelves(60, contradicting: contradicting)
            let once = ClpLog(ClpPartSolver()), twice = ClpLog(ClpPartSolver(computesCheckOnce: false))
            let (lp, other) = try LargePartTests.solved(b.system, by: (once, twice))
            let label = "\(contradicting.count) contradicting levels"
            #expect(once.checksComputedOnce == expected && twice.checksComputedOnce == 0,
                    "\(label): \(once.checksComputedOnce) vs \(twice.checksComputedOnce)")
            #expect(once.reusedFactorizations == expected && twice.reusedFactorizations == expected, "\(label)")
            #expect(once.atLastBasis == passed && twice.atLastBasis == passed, "\(label)")
            #expect(once.zeroHolds == 1 && twice.zeroHolds == 1, "\(label)")
            #expect(once.unanswered == 0 && twice.unanswered == 0, "\(label)")
            #expect(lp.values == other.values, "\(label)")
            #expect(referenceRequiredRowsHold(b.rows, lp.values), "\(label)")
        }
    }

    /// On random coupled systems with every level checked (grids, chart
    /// grids with and without a clash, shelves with contradicting levels,
    /// chart grids with coefficients from 1e-3 to 1e4, which Clp scales):
    /// computing checks once or not passes the same checks, reuses the same
    /// factorisations and gives the same values bit for bit. On the scaled
    /// chart grids the point the last solve left can lie outside a bound by
    /// the rounding of Clp's unscaling: such checks are left to Clp's
    /// default weight, and at least one is (24 checks computed once, 2 left
    /// to the default, with these seeds).
    @Test func checksComputedOnceKeepTheAnswersOnCoupledSystems() {
        var computedOnce = 0, declinedOnScaled = 0
        for seed in 0 ..< 24 as Range<UInt64> {
            let (_, system, _) = LargePartTests.mixedHardSystem(seed: 38_000 + seed, size: seed, kinds: 4)
            let once = ClpLog(ClpPartSolver(basisCheck: .beforeEveryLevel))
            let twice = ClpLog(ClpPartSolver(basisCheck: .beforeEveryLevel, computesCheckOnce: false))
            let a = Self.solved(system, once), b = Self.solved(system, twice)
            #expect(twice.checksComputedOnce == 0, "seed \(seed)")
            #expect(once.atLastBasis == twice.atLastBasis, "seed \(seed)")
            #expect(once.reusedFactorizations == twice.reusedFactorizations, "seed \(seed)")
            switch (a, b) {
            case (.success(let a), .success(let b)): #expect(a.values == b.values, "seed \(seed)")
            case (.failure, .failure): break
            default: Issue.record("seed \(seed): one way solved, the other did not")
            }
            computedOnce += once.checksComputedOnce
            if seed % 4 == 3 { declinedOnScaled += once.reusedFactorizations - once.checksComputedOnce }
        }
        #expect(computedOnce >= 10 && declinedOnScaled >= 1,
                "\(computedOnce) checks computed once, \(declinedOnScaled) left to Clp's default on scaled chart grids")
    }
}
