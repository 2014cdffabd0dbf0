import Testing
@testable import PlumbClp
import PlumbTestSupport
@testable import PlumbSolver

/// A check at the last basis from a kept factorisation also keeps Clp's
/// set-up of the matrix (`ClpPartSolver.keepsCheckSetUp`): the same checks
/// pass and fail and the answers are the same to the bit.
@Suite struct CheckSetUpTests {
    typealias ClpLog = LargePartTests.ClpLog

    /// Sixty shelves of `degenerate` and of `levels`: the equal split's
    /// check starts from the factorisation the crash kept (and fails), and
    /// on `levels` the four levels below 240 pass theirs, each from the
    /// one the check above kept: one and five checks that keep the set-up,
    /// none with it off, the same checks passed (0 and 5), the same zero
    /// trial held, and the same values bit for bit, where every required
    /// row holds (`LargePartTests.checksFromAKeptFactorizationKeepTheOptimum`
    /// compares this path's answer on these shelves with the tableau's).
    @Test func checksFromAKeptFactorizationKeepTheSetUp() throws {
        for (contradicting, expected, passed) in [([], 1, 0), ([240, 230, 220, 210, 200], 5, 5)] as [([Priority], Int, Int)] {
            let b = LargePartTests.degenerateShelves(60, contradicting: contradicting)
            let keeping = ClpLog(ClpPartSolver()), fresh = ClpLog(ClpPartSolver(keepsCheckSetUp: false))
            let (lp, other) = try LargePartTests.solved(b.system, by: (keeping, fresh))
            let label = "\(contradicting.count) contradicting levels"
            #expect(keeping.setUpsKept == expected && fresh.setUpsKept == 0,
                    "\(label): \(keeping.setUpsKept) vs \(fresh.setUpsKept)")
            #expect(keeping.reusedFactorizations == expected && fresh.reusedFactorizations == expected, "\(label)")
            #expect(keeping.atLastBasis == passed && fresh.atLastBasis == keeping.atLastBasis, "\(label)")
            #expect(keeping.zeroHolds == 1 && fresh.zeroHolds == 1 && keeping.crashed == 1, "\(label)")
            #expect(keeping.unanswered == 0 && fresh.unanswered == 0, "\(label)")
            #expect(lp.values == other.values, "\(label)")
            #expect(referenceRequiredRowsHold(b.rows, lp.values), "\(label)")
        }
    }

    /// On random coupled systems with every level checked (grids, chart
    /// grids with and without a clash, shelves with contradicting levels,
    /// chart grids with coefficients from 1e-3 to 1e4, which Clp scales),
    /// keeping the set-up or not passes the same checks and gives the same
    /// values bit for bit, one optimum with the tableau (and the reference
    /// LP on the smallest).
    @Test func keptSetUpKeepsTheAnswersOnCoupledSystems() {
        var kept = 0, keptScaled = 0
        for seed in 0 ..< 24 as Range<UInt64> {
            let (rows, system, unique) = LargePartTests.mixedHardSystem(seed: 38_000 + seed, size: seed, kinds: 4)
            let keeping = ClpLog(ClpPartSolver(basisCheck: .beforeEveryLevel))
            let fresh = ClpLog(ClpPartSolver(basisCheck: .beforeEveryLevel, keepsCheckSetUp: false))
            let (a, b, c) = LargePartTests.solvedThreeWays(system, keeping, fresh)
            #expect(fresh.setUpsKept == 0, "seed \(seed)")
            #expect(keeping.atLastBasis == fresh.atLastBasis, "seed \(seed)")
            #expect(keeping.reusedFactorizations == fresh.reusedFactorizations, "seed \(seed)")
            LargePartTests.expectIdenticalAndOneOptimum(a, b, tableau: c, rows: rows, unique: unique,
                                                        variableCount: system.variableCount, "seed \(seed)",
                                                        names: ("keeping", "fresh"))
            kept += keeping.setUpsKept
            if seed % 4 == 3 { keptScaled += keeping.setUpsKept }
        }
        #expect(kept >= 10 && keptScaled >= 1, "\(kept) checks kept the set-up, \(keptScaled) on scaled chart grids")
    }
}
