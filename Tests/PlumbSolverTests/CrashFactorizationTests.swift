import Testing
@testable import PlumbClp
import PlumbTestSupport
@testable import PlumbSolver

/// Clp's confirmation of a crash basis of the greedy level keeps its
/// factorisation for the next level's check at the last basis, the lower
/// levels' rows put back first (`ClpPartSolver.keepsCrashFactorization`).
@Suite struct CrashFactorizationTests {
    typealias ClpLog = LargePartTests.ClpLog

    /// Sixty shelves of `degenerate`, of `levels` (five contradicting
    /// levels below the equal split, whose rows the crash opens and puts
    /// back), and of `degenerate` with each last box capped at a held
    /// level: Clp confirms the crash, and the check of the next level
    /// starts from the confirmation's factorisation (one check more from a
    /// kept factorisation than with it not kept; that check fails, and the
    /// level is held at zero as before). With the second box's shared left
    /// pushed, Clp does not confirm the crash and nothing is kept. Every
    /// answer is the one with the factorisation not kept, to 1e-9, with the
    /// same level totals and the same rows fitted.
    @Test func checkAfterAConfirmedCrashStartsFromItsFactorization() throws {
        for (contradicting, capped, pushed, met) in [
            ([], false, false, false), ([240, 230, 220, 210, 200], false, false, false), ([], true, false, false),
            ([], false, true, false), ([240, 230, 220, 210, 200], false, false, true),
        ] as [([Priority], Bool, Bool, Bool)] {
            var b = LargePartTests.crashShelves(contradicting: contradicting, capped: capped, pushed: pushed)
            // A level between the greedy one and the equal split that the
            // crash's point meets: its check passes, from the crash's
            // factorisation, with the rows below fitted at misses.
            if met {
                for shelf in 0 ..< 60 { b.add([(VariableIndex(shelf * 8 + 1), 1)], -5000, .lessOrEqual, 400) }
            }
            let label = "\(contradicting.count) contradicting levels\(capped ? ", capped" : "")\(pushed ? ", pushed" : "")"
                + (met ? ", met at 400" : "")
            let keeping = ClpLog(ClpPartSolver()), fresh = ClpLog(ClpPartSolver(keepsCrashFactorization: false))
            let (lp, other) = try LargePartTests.solved(b.system, by: (keeping, fresh))
            #expect(keeping.crashTried == 1 && fresh.crashTried == 1, "\(label)")
            #expect(keeping.crashed == (pushed ? 0 : 1) && fresh.crashed == keeping.crashed, "\(label)")
            #expect(keeping.reusedFactorizations == fresh.reusedFactorizations + (pushed ? 0 : 1),
                    "\(label): \(keeping.reusedFactorizations) vs \(fresh.reusedFactorizations)")
            #expect(keeping.atLastBasis == fresh.atLastBasis && keeping.zeroHolds == fresh.zeroHolds, "\(label)")
            #expect(keeping.atLastBasis == (contradicting.isEmpty ? 0 : 5) + (met ? 1 : 0),
                    "\(label): \(keeping.atLastBasis) levels optimal at the last basis")
            #expect(keeping.unfittedRows == fresh.unfittedRows && keeping.openedColdSolves == fresh.openedColdSolves,
                    "\(label)")
            #expect(keeping.unanswered == 0 && fresh.unanswered == 0, "\(label)")
            #expect(referenceRequiredRowsHold(b.rows, lp.values), "\(label)")
            let la = referenceLevelViolations(b.rows, lp.values), lb = referenceLevelViolations(b.rows, other.values)
            #expect(referenceCompareLevels(la, lb, tolerance: 1e-9) == 0, "\(label): \(la) vs \(lb)")
            for (i, (x, y)) in zip(lp.values, other.values).enumerated() {
                #expect(abs(x - y) <= 1e-9 * max(1, abs(y)), "\(label): variable \(i)")
            }
        }
    }

    /// On random coupled systems (grids, chart grids with and without a
    /// clash, shelves with contradicting levels, every other one with
    /// repeated rows, scaled chart grids) keeping the crash's factorisation
    /// or not reaches one optimum, the tableau's level totals (and the
    /// reference LP's on the smallest), with the same crashes confirmed.
    @Test func keptCrashFactorizationKeepsTheOptimumOnCoupledSystems() {
        var crashed = 0
        for (seed, (rows, system, unique)) in LargePartTests.mixedHardSystemsWithRepeats(from: 99_000, count: 16) {
            let keeping = ClpLog(ClpPartSolver()), fresh = ClpLog(ClpPartSolver(keepsCrashFactorization: false))
            _ = LargePartTests.expectTheSameOptimumAndParts(system, rows: rows, unique: unique, (keeping, fresh),
                                                            names: ("keeping", "fresh"), "seed \(seed)")
            #expect(keeping.crashed == fresh.crashed && keeping.crashTried == fresh.crashTried, "seed \(seed)")
            #expect(keeping.reusedFactorizations >= fresh.reusedFactorizations, "seed \(seed)")
            crashed += keeping.crashed
        }
        #expect(crashed >= 2, "\(crashed) crashes confirmed")
    }
}
