import PlumbTestSupport
import Testing
@testable import PlumbClp
@testable import PlumbSolver

/// A warm level of the solve whose primal runs to its cap keeps the part
/// warm (`ClpPartSolver.rewarmsAfterFailedLevels`): that level is solved by
/// the dual without presolve from where the primal stopped, and the next
/// level is warm again. Each level is still solved to its optimum, so the
/// answers must reach the old path's level totals. The warm levels here
/// are capped at a few pivots (`warmPivotCap`) so that many of them fail,
/// as the large parts' first warm level after a cold one does on
/// `ladder-loose`.
@Suite struct RewarmAfterFailedLevelsTests {
    typealias ClpLog = LargePartTests.ClpLog

    static func solver(rewarms: Bool, cap: Int) -> ClpLog {
        var clp = ClpPartSolver(probePivots: 1)
        clp.warmPivotCap = cap
        clp.rewarmsAfterFailedLevels = rewarms
        return ClpLog(clp)
    }

    /// Ladders (the generator's `ladder-loose`: each row's wishes at levels
    /// drawn from 2 to 999, the guide free to go far left), with and
    /// without the rule: levels went warm again on the new path only, fewer
    /// levels went cold, and both answers hold the required rows and reach
    /// the same level totals, within 1e-9.
    @Test func laddersKeepTheirLevelTotals() throws {
        let levels = (2 ... 999).map { Priority(rawValue: Double($0))! }
        var rewarmed = 0, coldNew = 0, coldOld = 0
        for seed in 0 ..< 3 as Range<UInt64> {
            let b = LargePartTests.priorities(rows: 30 + 10 * Int(seed), seed: 74_000 + seed, levels: levels,
                                              floor: 100_000)
            let new = Self.solver(rewarms: true, cap: 3), old = Self.solver(rewarms: false, cap: 3)
            let (a, c) = try LargePartTests.solved(b.system, by: (new, old))
            #expect(old.rewarmed == 0, "seed \(seed)")
            #expect(referenceRequiredRowsHold(b.rows, a.values), "seed \(seed)")
            #expect(referenceRequiredRowsHold(b.rows, c.values), "seed \(seed)")
            let la = referenceLevelViolations(b.rows, a.values), lc = referenceLevelViolations(b.rows, c.values)
            #expect(referenceCompareLevels(la, lc, tolerance: 1e-9) == 0, "seed \(seed): \(la) vs \(lc)")
            rewarmed += new.rewarmed
            coldNew += new.coldSolves.reduce(0, +)
            coldOld += old.coldSolves.reduce(0, +)
        }
        #expect(rewarmed >= 10, "\(rewarmed) levels kept their part warm")
        #expect(coldNew < coldOld, "\(coldNew) cold solves against \(coldOld)")
    }

    /// Random coupled systems (grids, chart grids, shelves with
    /// contradicting levels, scaled chart grids) with warm levels capped
    /// at 2 pivots: one optimum with the old path and the tableau.
    @Test func randomSystemsKeepTheOptimum() {
        var rewarmed = 0
        for seed in 0 ..< 24 as Range<UInt64> {
            let (rows, system, unique) = LargePartTests.mixedHardSystem(seed: 74_100 + seed, size: seed, kinds: 4)
            let new = Self.solver(rewarms: true, cap: 2), old = Self.solver(rewarms: false, cap: 2)
            let (a, b, c) = LargePartTests.solvedThreeWays(system, new, old)
            rewarmed += new.rewarmed
            #expect(old.rewarmed == 0, "seed \(seed)")
            LargePartTests.expectOneOptimum(a, b, tableau: c, rows: rows, unique: unique,
                                            variableCount: system.variableCount, "seed \(seed)", names: ("new", "old"))
        }
        #expect(rewarmed >= 1, "\(rewarmed) levels kept their part warm")
    }
}
