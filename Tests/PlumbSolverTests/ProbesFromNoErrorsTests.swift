import PlumbTestSupport
import Testing
@testable import PlumbClp
@testable import PlumbSolver

/// A warm probe of the solve whose level read no error above 0 at Clp's
/// last point goes on after its pivots instead of being given up as
/// stalled (`ClpPartSolver.goesOnFromNoErrors`): that count is read where
/// Clp's primal does not start, so it is no measure of progress. The
/// levels it keeps warm are solved to their optimum all the same, so the
/// answer must be the old path's; on the optimal face (`plumb check`)
/// nothing changes.
@Suite struct ProbesFromNoErrorsTests {
    /// `priorities`-like parts (rows of items after a shared guide, 28
    /// levels), whose level after the first is probed from a point with
    /// none of its errors above 0, solved with the rule and without it.
    /// The probes are short (`probePivots`), as on a large part, where
    /// they stop at their limit before the level's optimum.
    static func solvedBothWays(rows: Int, seed: UInt64, face: Bool, probePivots: Int = 2)
        -> (new: ClpPartSolver.Outcome, old: ClpPartSolver.Outcome) {
        let new = ClpPartSolver(splitsRemainders: false, probePivots: probePivots)
        var old = new
        old.goesOnFromNoErrors = false
        return LargePartTests.prioritiesPartSolved(rows: rows, seed: seed, face: face, by: new, old)
    }

    /// The solve: probes went on from no errors on the new path only,
    /// fewer levels went cold, and the values are the old path's within
    /// 1e-9 of their size.
    @Test(arguments: 0 ..< 4 as Range<UInt64>)
    func theSolveGoesOnAndKeepsTheAnswer(seed: UInt64) {
        let (new, old) = Self.solvedBothWays(rows: 40 + 10 * Int(seed), seed: 73_000 + seed, face: false)
        #expect(new.levels.wentOnFromNoErrors > 0 && old.levels.wentOnFromNoErrors == 0,
                "seed \(seed): \(new.levels.wentOnFromNoErrors) went on")
        #expect(new.levels.cold < old.levels.cold, "seed \(seed): \(new.levels.cold) against \(old.levels.cold) cold")
        LargePartTests.expectSameValues(new, old, "seed \(seed)")
    }

    /// The face: judged as before on either setting, so the same levels,
    /// values and fixed rows, bit for bit.
    @Test func theFaceIsTheOldPath() {
        let (new, old) = Self.solvedBothWays(rows: 40, seed: 73_000, face: true)
        #expect(new.levels.wentOnFromNoErrors == 0 && old.levels.wentOnFromNoErrors == 0)
        #expect(new.levels.cold == old.levels.cold && new.levels.stalled == old.levels.stalled)
        #expect(new.values != nil && new.values == old.values)
        #expect(new.fixedRows != nil && new.fixedRows == old.fixedRows)
    }

    /// Random coupled systems (grids, chart grids, shelves with
    /// contradicting levels, scaled chart grids) with short probes, which
    /// stop at their limit more often: the answers reach the level totals
    /// of the old path and of the tableau (the reference LP's on the
    /// smallest).
    @Test func randomSystemsKeepTheOptimum() {
        var wentOn = 0
        LargePartTests.keepOneOptimum(seeds: 40, from: 73_100) {
            var old = ClpPartSolver(probePivots: 1)
            old.goesOnFromNoErrors = false
            return (LargePartTests.ClpLog(ClpPartSolver(probePivots: 1)), LargePartTests.ClpLog(old))
        } check: { _, new, _ in
            wentOn += new.wentOnFromNoErrors
        }
        #expect(wentOn >= 1, "\(wentOn) probes went on from no errors")
    }
}
