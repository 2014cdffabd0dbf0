import Testing
@testable import PlumbClp
@testable import PlumbSolver

/// The presolve passes of the optimal face's promotion
/// (`ClpPartSolver.facePromotionPresolvePasses`, 5 where a solve's
/// promotion takes up to 100): fewer passes leave Clp's dual more of the
/// chart grid's chain to pivot through, and the face must not depend on
/// that. On chart grids with long chains of rows, the face found with
/// the default passes and with a single pass is the face found with the
/// 100 passes of before: promoted each way, the same rows constant on the
/// optimal set, each at the same value.
@Suite struct FacePromotionPassesTests {
    /// The face's solve of `part` (not split, as `optimalFace` solves it)
    /// with `passes` presolve passes in the promotion: the face, whether
    /// the first level was promoted, and the basis the promotion ended on.
    static func face(_ part: LinearPart, passes: Int32) throws -> (face: PartFace?, promoted: Bool, basis: [UInt8]) {
        var solver = ClpPartSolver(mergesPinnedPairs: false)
        solver.splitsRemainders = false
        solver.facePromotionPresolvePasses = passes
        let model = try #require(PartModel(part))
        let found = ClpPartSolver.lock.withLock { _ in
            solver.solveLocked(part, on: model, face: true, recording: true)
        }
        let basis = found.record.steps.first { $0.kind == .promoted }?.basis ?? []
        guard let values = found.values, let fixed = found.fixedRows else { return (nil, found.promoted, basis) }
        return (PartFace(values: values, fixedRows: fixed), found.promoted, basis)
    }

    @Test func theFaceDoesNotDependOnThePromotionsPresolvePasses() throws {
        var compared = 0, otherBases = 0
        for seed in 0 ..< 6 as Range<UInt64> {
            let grid = LargePartTests.chartGrid(seed: 63_000 + seed, rows: 16 + Int(seed % 3) * 8,
                                                columns: 1 + Int(seed % 3), clash: false)
            let part = FacePromotionCapTests.part(grid.system)
            let before = try Self.face(part, passes: ClpPartSolver.promotionPresolvePasses)
            guard before.promoted else { continue }
            let b = try #require(before.face, "seed \(seed)")
            for passes in [ClpPartSolver(mergesPinnedPairs: false).facePromotionPresolvePasses, 1] {
                let now = try Self.face(part, passes: passes)
                #expect(now.promoted, "seed \(seed), \(passes) passes: not promoted")
                let a = try #require(now.face, "seed \(seed), \(passes) passes")
                FacePromotionCapTests.expectSameFace(a, b, of: part, "seed \(seed), \(passes) passes")
                if now.basis != before.basis { otherBases += 1 }
                compared += 1
            }
        }
        #expect(compared >= 6, "\(compared) faces compared")
        // The passes change Clp's path on some grid (another basis at the
        // promotion's end), so the comparison is not of one path with itself.
        #expect(otherBases >= 1, "every promotion ended on the same basis")
    }
}
