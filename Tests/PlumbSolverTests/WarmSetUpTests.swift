import Testing
@testable import PlumbClp
import PlumbTestSupport
@testable import PlumbSolver

/// A warm level's probe starts from the factorisation and Clp's set-up the
/// warm level before kept (`ClpPartSolver.carriesWarmSetUp`): the same
/// levels go warm, stall and go cold, and the answers are the same to the
/// bit as with every warm level started afresh.
@Suite struct WarmSetUpTests {
    typealias ClpLog = LargePartTests.ClpLog

    /// Ladders (`priorities`' rows with each row's wishes at levels drawn
    /// from 2 to 999: a part of a few hundred levels, most of them warm),
    /// every other one with the guide free to go far left (the part splits
    /// late): carried and fresh, the same values bit for bit, the same cold
    /// solves, stalls and splits, and many probes carried.
    @Test func carriedWarmLevelsKeepTheAnswersOnLadders() throws {
        let levels = (2 ... 999).map { Priority(rawValue: Double($0))! }
        var carried = 0
        for seed in 0 ..< 4 as Range<UInt64> {
            let b = LargePartTests.priorities(rows: 40 + 10 * Int(seed), seed: 73_000 + seed, levels: levels,
                                              floor: seed % 2 == 1 ? 100_000 : 0)
            let carrying = ClpLog(ClpPartSolver()), fresh = ClpLog(ClpPartSolver(carriesWarmSetUp: false))
            let (a, c) = try LargePartTests.solved(b.system, by: (carrying, fresh))
            #expect(a.values == c.values, "seed \(seed)")
            #expect(carrying.coldSolves == fresh.coldSolves && carrying.stalls == fresh.stalls, "seed \(seed)")
            #expect(carrying.splits == fresh.splits, "seed \(seed)")
            #expect(fresh.warmSetUpsCarried == 0, "seed \(seed)")
            #expect(referenceRequiredRowsHold(b.rows, a.values), "seed \(seed)")
            carried += carrying.warmSetUpsCarried
        }
        #expect(carried >= 100, "\(carried) warm probes carried")
    }

    /// On random coupled systems, as solved and with every level checked at
    /// the last basis or tried at zero before it (so that a check, a zero
    /// trial or a cold solve comes between most warm levels, and the probe
    /// must not start from a factorisation that Clp calls in between
    /// replaced or sized for a check), carried and fresh give the same
    /// values bit for bit and pass the same checks; one optimum with the
    /// tableau.
    @Test func carriedWarmLevelsKeepTheAnswersBetweenChecks() {
        var carried = 0
        let settings: [(ClpPartSolver.ZeroTrial, ClpPartSolver.BasisCheck)] = [
            (.beforeColdSolves, .afterColdSolves), (.beforeColdSolves, .beforeEveryLevel),
            (.beforeEveryLevel, .afterColdSolves),
        ]
        for seed in 0 ..< 16 as Range<UInt64> {
            let (rows, system, unique) = LargePartTests.mixedHardSystem(seed: 73_100 + seed, size: seed, kinds: 4)
            for (zero, check) in settings {
                let carrying = ClpLog(ClpPartSolver(zeroTrial: zero, basisCheck: check))
                let fresh = ClpLog(ClpPartSolver(zeroTrial: zero, basisCheck: check, carriesWarmSetUp: false))
                let (a, b, c) = LargePartTests.solvedThreeWays(system, carrying, fresh)
                #expect(carrying.atLastBasis == fresh.atLastBasis && carrying.zeroHolds == fresh.zeroHolds,
                        "seed \(seed)")
                LargePartTests.expectIdenticalAndOneOptimum(a, b, tableau: c, rows: rows, unique: unique,
                                                            variableCount: system.variableCount, "seed \(seed)",
                                                            names: ("carrying", "fresh"))
                carried += carrying.warmSetUpsCarried
            }
        }
        #expect(carried >= 1, "\(carried) warm probes carried")
    }
}
