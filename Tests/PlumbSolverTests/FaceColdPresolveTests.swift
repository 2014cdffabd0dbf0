import PlumbTestSupport
import Testing
@testable import PlumbClp
@testable import PlumbSolver

/// When the optimal face is looked for, each level's cold solve presolves
/// without Clp's dual reductions and without its search for duplicate rows
/// and columns (`ClpPartSolver.faceColdPresolveActions`), so that the
/// answer Clp puts back is optimal without its primal clean-up. Each level
/// is still solved to its optimum, so the face must be the same set: the
/// rows fixed on it are compared with the usual presolve's (the old path,
/// `faceColdPresolveActions` 0) on random systems of several shapes. How
/// the rows were settled (`FaceRows`) and how many levels were solved
/// cold are not compared: they follow the optimal vertex each level ends
/// on, which the presolve may change (on the `priorities` systems below
/// both differ, the fixed rows never).
@Suite struct FaceColdPresolveTests {
    /// The face of `part` with the face's presolve (the default) and with
    /// the usual one.
    static func faces(_ part: LinearPart) -> (new: ClpPartSolver.Outcome, old: ClpPartSolver.Outcome) {
        let new = ClpPartSolver(splitsRemainders: false)
        var old = new
        old.faceColdPresolveActions = 0
        return ClpPartSolver.lock.withLock { _ in
            (new.solveLocked(part, face: true), old.solveLocked(part, face: true))
        }
    }

    static func expectSameFace(_ part: LinearPart, _ label: String) -> (cold: Int, found: Bool) {
        let (new, old) = faces(part)
        #expect((new.fixedRows == nil) == (old.fixedRows == nil), "\(label)")
        #expect(new.fixedRows == old.fixedRows, "\(label)")
        return (new.levels.cold, new.fixedRows != nil)
    }

    @Test func theDefaultLeavesOutTheReductions() {
        // Dual reductions (1), duplicate columns (128) and rows (256).
        #expect(ClpPartSolver().faceColdPresolveActions == 385)
    }

    @Test func randomPartsHaveTheSameFace() {
        var cold = 0, found = 0
        for seed in 0 ..< 150 as Range<UInt64> {
            let face = Self.expectSameFace(FaceRowsSettledTests.randomPart(seed: seed), "random part \(seed)")
            cold += face.cold
            found += face.found ? 1 : 0
        }
        // The comparison means something only where levels were solved cold.
        #expect(cold > 100 && found > 100, "\(cold) cold solves, \(found) faces")
    }

    @Test func guidePartsHaveTheSameFace() {
        var cold = 0
        for seed in 0 ..< 60 as Range<UInt64> {
            cold += Self.expectSameFace(FaceChainedColumnsTests.guidePart(seed: seed), "guide part \(seed)").cold
        }
        #expect(cold > 30, "\(cold) cold solves")
    }

    @Test func hardSystemsHaveTheSameFace() {
        // Grids, chart grids (some with a clash), degenerate shelves and
        // scaled chart grids.
        var cold = 0
        for size in 0 ..< 48 as Range<UInt64> {
            let system = LargePartTests.mixedHardSystem(seed: 66_000 + size, size: size, kinds: 4).system
            cold += Self.expectSameFace(FacePromotionCapTests.part(system), "hard system \(size)").cold
        }
        #expect(cold > 20, "\(cold) cold solves")
    }

    @Test(arguments: 0 ..< 3 as Range<UInt64>)
    func prioritiesHaveTheSameFace(seed: UInt64) throws {
        // Every level of these conflicts: each after the first two is
        // solved cold, where the usual presolve needed the clean-up.
        let system = LargePartTests.priorities(rows: 120 + 40 * Int(seed), seed: 66_100 + seed).system
        let face = Self.expectSameFace(FacePromotionCapTests.part(system), "priorities \(seed)")
        #expect(face.found && face.cold > 10, "priorities \(seed): \(face.cold) cold solves")
    }
}
