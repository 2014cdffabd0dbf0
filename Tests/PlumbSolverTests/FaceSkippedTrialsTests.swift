import PlumbTestSupport
import Testing
@testable import PlumbClp
@testable import PlumbSolver

/// On the optimal face of a part with linking variables (`plumb check`),
/// once `ClpPartSolver.faceFailedTrialsBeforeSkipping` levels in a row went
/// cold after a failed check at the last basis, the later levels of that
/// solve skip the check and the zero trial and go straight to their cold
/// solve. The skipped ones change no values after them (the cold solves
/// end on the same values, though not always on the same basis: a failed
/// check or trial changes a few statuses, gap69): the face, its values and
/// its fixed rows must be the old path's (`faceFailedTrialsBeforeSkipping`
/// nil, set on the solver handed over, so no state is shared with other
/// tests), and so must the check's reports.
@Suite struct FaceSkippedTrialsTests {
    /// The same `priorities`-like systems as the face's presolve rule's
    /// tests, with a free measure and a redundant row to report.
    static func system(seed: UInt64) -> ConstraintSystem { FaceColdPresolveTests.system(seed: 100 + seed) }

    /// The check's reports with the skipping and without it, compared whole.
    @Test(arguments: 0 ..< 6 as Range<UInt64>)
    func theCheckReportsAreTheOldPaths(seed: UInt64) {
        let system = Self.system(seed: seed)
        var old = ClpPartSolver()
        old.faceFailedTrialsBeforeSkipping = nil
        FaceColdPresolveTests.expectTheSameReports(system, asWith: old, seed: seed)
    }

    /// The comparison above means something only where levels skipped
    /// their trials: on each system some did, none on the old path, and
    /// the face's values and fixed rows are the old path's bit for bit,
    /// with fewer zero trials. A skipped level whose check would have held
    /// goes cold instead (the first run of this test: 25-26 cold solves on
    /// the old path, 26-27 with the skipping), so there are at least as
    /// many cold solves, and never fewer.
    @Test(arguments: 0 ..< 6 as Range<UInt64>)
    func theSkippedTrialsChangeNoSolve(seed: UInt64) {
        let part = FacePromotionCapTests.part(Self.system(seed: seed))
        let new = ClpPartSolver(splitsRemainders: false)
        var old = new
        old.faceFailedTrialsBeforeSkipping = nil
        let (a, b) = ClpPartSolver.lock.withLock { _ in
            (new.solveLocked(part, face: true), old.solveLocked(part, face: true))
        }
        #expect(a.levels.skippedTrials > 5 && b.levels.skippedTrials == 0,
                "seed \(seed): \(a.levels.skippedTrials) skipped")
        #expect(a.levels.cold >= b.levels.cold, "seed \(seed): \(a.levels.cold) against \(b.levels.cold) cold")
        #expect(a.levels.zeroTried < b.levels.zeroTried, "seed \(seed)")
        #expect(a.values != nil && a.values == b.values, "seed \(seed)")
        #expect(a.fixedRows != nil && a.fixedRows == b.fixedRows, "seed \(seed)")
    }

    /// A part like those above with 60 rows of items, so that its guide
    /// is in too few rows to be a linking variable (`PartModel.hasLinking`):
    /// the face's solve skips nothing, though many levels in a row go cold
    /// after a failed check and a failed zero trial (gap69: a rule that
    /// skipped without linking variables passed the tests above).
    @Test func aFaceWithoutLinkingSkipsNothing() {
        let part = FacePromotionCapTests.part(LargePartTests.priorities(rows: 60, seed: 69_000).system)
        let solver = ClpPartSolver(splitsRemainders: false)
        let (linking, outcome) = ClpPartSolver.lock.withLock { _ in
            (PartModel(part)?.hasLinking, solver.solveLocked(part, face: true))
        }
        #expect(linking == false)
        #expect(outcome.values != nil && outcome.levels.skippedTrials == 0)
        // Where the rule would have skipped: more than three zero trials
        // failed, each after a failed check (gap69's run: 24 cold solves,
        // 23 zero trials of which 1 held; 4 tried, 26 cold, with the rule
        // applied to it).
        #expect(outcome.levels.cold > 10 && outcome.levels.zeroTried - outcome.levels.zeroHeld > 3,
                "\(outcome.levels.cold) cold, \(outcome.levels.zeroTried) zero trials, \(outcome.levels.zeroHeld) held")
    }

    /// Without linking variables, or outside the face, nothing is skipped:
    /// a plain solve of the same part tries every check as before.
    @Test func aSolveSkipsNothing() {
        let part = FacePromotionCapTests.part(Self.system(seed: 0))
        let solver = ClpPartSolver(splitsRemainders: false)
        let outcome = ClpPartSolver.lock.withLock { _ in solver.solveLocked(part, face: false) }
        #expect(outcome.values != nil && outcome.levels.skippedTrials == 0)
    }
}
