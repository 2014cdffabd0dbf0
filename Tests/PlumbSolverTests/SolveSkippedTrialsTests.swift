import PlumbTestSupport
import Testing
@testable import PlumbClp
@testable import PlumbSolver

/// On the solve (`plumb solve`), once `ClpPartSolver.solveFailedTrialsBeforeSkipping`
/// levels of a part in a row went cold after a failed check at the last
/// basis (and a failed zero trial where one was tried), the later levels
/// skip both and go straight to their cold solve, as the face does. A
/// skipped check or trial only changes where the cold solve starts, and
/// each level is still solved to its optimum: the answer must be the old
/// path's (the setting nil, on the solver handed over, so no state is
/// shared with other tests).
@Suite struct SolveSkippedTrialsTests {
    /// `priorities`-like parts (rows of items after a shared guide, 28
    /// levels, each giving way to the one above) solved with short probes
    /// that are given up (`goesOnFromNoErrors` off), so that every level
    /// after the second goes cold after a check, as `boxes`' and
    /// `ladder-loose`'s parts do.
    static func solvedBothWays(rows: Int, seed: UInt64, face: Bool = false)
        -> (new: ClpPartSolver.Outcome, old: ClpPartSolver.Outcome) {
        var new = ClpPartSolver(splitsRemainders: false, probePivots: 2)
        new.goesOnFromNoErrors = false
        var old = new
        old.solveFailedTrialsBeforeSkipping = nil
        return LargePartTests.prioritiesPartSolved(rows: rows, seed: seed, face: face, by: new, old)
    }

    /// Levels skipped their trials on the new path only, with fewer zero
    /// trials and at least as many cold solves, and the values are the old
    /// path's within 1e-9 of their size.
    @Test(arguments: 0 ..< 3 as Range<UInt64>)
    func skippedTrialsKeepTheAnswer(seed: UInt64) {
        let (new, old) = Self.solvedBothWays(rows: 40 + 10 * Int(seed), seed: 74_000 + seed)
        #expect(new.levels.skippedTrials > 5 && old.levels.skippedTrials == 0,
                "seed \(seed): \(new.levels.skippedTrials) skipped")
        #expect(new.levels.zeroTried < old.levels.zeroTried, "seed \(seed)")
        #expect(new.levels.cold >= old.levels.cold, "seed \(seed): \(new.levels.cold) against \(old.levels.cold) cold")
        LargePartTests.expectSameValues(new, old, "seed \(seed)")
    }

    /// The face keeps its own setting: the solve's changes nothing there,
    /// bit for bit.
    @Test func theFaceIsUntouched() {
        let (new, old) = Self.solvedBothWays(rows: 40, seed: 74_000, face: true)
        #expect(new.levels.skippedTrials == old.levels.skippedTrials)
        #expect(new.levels.cold == old.levels.cold && new.levels.zeroTried == old.levels.zeroTried)
        #expect(new.values != nil && new.values == old.values)
        #expect(new.fixedRows != nil && new.fixedRows == old.fixedRows)
    }

    /// Random coupled systems (grids, chart grids, shelves with
    /// contradicting levels, scaled chart grids) with one-pivot probes,
    /// which go cold often: the answers reach the level totals of the old
    /// path and of the tableau.
    @Test func randomSystemsKeepTheOptimum() {
        LargePartTests.keepOneOptimum(seeds: 30, from: 74_100) {
            var old = ClpPartSolver(probePivots: 1)
            old.solveFailedTrialsBeforeSkipping = nil
            return (LargePartTests.ClpLog(ClpPartSolver(probePivots: 1)), LargePartTests.ClpLog(old))
        }
    }
}
