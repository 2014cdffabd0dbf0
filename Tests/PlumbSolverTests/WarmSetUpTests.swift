import CClpSimplex
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

    /// The shim's own guard (`plumb_clp_warm_primal`): a chain LP solved by
    /// a warm call that keeps its work areas, then `change`d, then solved
    /// again asking to start from them (continuation 7), against the same
    /// steps with the second call afresh (continuation 1). Under the
    /// solver's lock, on one thread. The outcomes (status, point, prices,
    /// basis, bits) and the carries the shim took.
    static func twoWarmCalls(rows: Int, carrying: Bool, change: (OpaquePointer) -> Void) throws
        -> (outcome: [UInt64], carried: Int) {
        let model = try StartChecksTests.chain(rows: rows)
        defer { plumb_clp_free(model) }
        return ClpPartSolver.lock.withLock { _ in
            let first = plumb_clp_warm_primal(model, .max, 200, 1)
            change(model)
            let second = plumb_clp_warm_primal(model, .max, 200, carrying ? 7 : 1)
            return (CheckOnceTests.outcome(model, status: first) + CheckOnceTests.outcome(model, status: second),
                    Int(plumb_clp_warm_set_ups_carried(model)))
        }
    }

    /// Only a row bound moved: carried, the same bits. A row added (the
    /// matrix changed) or a check in between (a call sized for no pivot):
    /// the shim starts afresh, the same bits.
    @Test func theShimCarriesOnlyAcrossBoundsAndCosts() throws {
        let rows = 40
        func moveBound(_ model: OpaquePointer) {
            var lower = [Double](repeating: 1, count: rows), upper = [Double](repeating: 10, count: rows)
            lower[3] = 4
            upper[7] = 4
            plumb_clp_set_row_bounds(model, lower, upper)
        }
        func addRow(_ model: OpaquePointer) {
            moveBound(model)
            plumb_clp_add_rows(model, 1, [7], [7], [0, 3], [2, 5, 9], [1, 1, 1])
        }
        func check(_ model: OpaquePointer) {
            moveBound(model)
            _ = plumb_clp_primal(model, 0, 200, 1)
        }
        let cases: [(String, (OpaquePointer) -> Void, Int)] = [("bound", moveBound, 1), ("row", addRow, 0),
                                                                ("check", check, 0)]
        for (label, change, expected) in cases {
            let carried = try Self.twoWarmCalls(rows: rows, carrying: true, change: change)
            let fresh = try Self.twoWarmCalls(rows: rows, carrying: false, change: change)
            #expect(carried.carried == expected && fresh.carried == 0, "\(label): \(carried.carried)")
            #expect(carried.outcome == fresh.outcome, "\(label)")
            #expect(carried.outcome.first == 0, "\(label)")
        }
    }
}
