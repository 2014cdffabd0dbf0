import Testing
@testable import PlumbClp
import PlumbTestSupport
@testable import PlumbSolver

/// A zero trial runs Clp's dual with the objective set to 0 and put back
/// after (`ClpPartSolver.zeroTrialWithoutCosts`): the same levels hold at
/// zero and the optimum is the same as with the level's costs kept.
@Suite struct ZeroTrialCostsTests {
    typealias ClpLog = LargePartTests.ClpLog

    static func solver(withoutCosts: Bool, zeroTrial: ClpPartSolver.ZeroTrial = .beforeColdSolves) -> ClpPartSolver {
        var clp = ClpPartSolver(zeroTrial: zeroTrial)
        clp.zeroTrialWithoutCosts = withoutCosts
        return clp
    }

    /// Sixty shelves of `degenerate` and of `levels`: the equal split is
    /// tried at zero and holds both ways, and every value is the same to
    /// the bit, where every required row holds.
    @Test func theShelvesHoldAtZeroWithoutCosts() throws {
        for contradicting in [[], [240, 230, 220, 210, 200]] as [[Priority]] {
            let b = LargePartTests.degenerateShelves(60, contradicting: contradicting)
            let without = ClpLog(Self.solver(withoutCosts: true)), with = ClpLog(Self.solver(withoutCosts: false))
            let (lp, other) = try LargePartTests.solved(b.system, by: (without, with))
            let label = "\(contradicting.count) contradicting levels"
            #expect(without.zeroTrials == 1 && without.zeroHolds == 1, "\(label): \(without.zeroHolds)")
            #expect(with.zeroTrials == 1 && with.zeroHolds == 1, "\(label): \(with.zeroHolds)")
            #expect(lp.values == other.values, "\(label)")
            #expect(referenceRequiredRowsHold(b.rows, lp.values), "\(label)")
        }
    }

    /// Random coupled systems with every level after the first tried at
    /// zero (grids, chart grids with and without a clash, shelves with
    /// contradicting levels, scaled chart grids): without costs and with
    /// them, one optimum with the tableau, and both outcomes of the trial
    /// occur.
    @Test func trialsWithoutCostsKeepTheOptimumOnCoupledSystems() {
        var tried = 0, held = 0
        for seed in 0 ..< 24 as Range<UInt64> {
            let (rows, system, unique) = LargePartTests.mixedHardSystem(seed: 51_000 + seed, size: seed, kinds: 4)
            let without = ClpLog(Self.solver(withoutCosts: true, zeroTrial: .beforeEveryLevel))
            let with = ClpLog(Self.solver(withoutCosts: false, zeroTrial: .beforeEveryLevel))
            let (a, b, c) = LargePartTests.solvedThreeWays(system, without, with)
            #expect(without.zeroTrials == with.zeroTrials, "seed \(seed)")
            LargePartTests.expectOneOptimum(a, b, tableau: c, rows: rows, unique: unique,
                                            variableCount: system.variableCount, "seed \(seed)",
                                            names: ("without costs", "with costs"))
            tried += without.zeroTrials
            held += without.zeroHolds
        }
        #expect(held >= 5 && tried - held >= 5, "tried \(tried), held \(held)")
    }
}
