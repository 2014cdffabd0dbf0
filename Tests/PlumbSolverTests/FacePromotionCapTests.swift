import Testing
@testable import PlumbClp
@testable import PlumbSolver

/// The cap on the pivots of the first level's promotion when the optimal
/// face is looked for (`ClpPartSolver.facePromotionPivots`, larger than a
/// solve's): the face a promoted solve finds is the face found when the
/// promotion is cut short and the levels are solved cold, as at
/// `chartgrid`'s 30,000 views under the solve's cap. On chart grids, the
/// same rows are constant on the optimal set both ways, each at the same
/// value; with the face's cap the promotion holds, with a cap of one pivot
/// it does not.
@Suite struct FacePromotionCapTests {
    /// The system as one part, as `plumb check` hands a component to the face.
    static func part(_ system: ConstraintSystem) -> LinearPart {
        LinearPart(wholeOf: system)
    }

    /// The face's solve of `part` by `solver` (not split, as `optimalFace`
    /// solves it), with whether its first level was promoted.
    /// Expects faces `a` and `b` of `part` to fix the same rows, each
    /// fixed row at the same value within 1e-6.
    static func expectSameFace(_ a: PartFace, _ b: PartFace, of part: LinearPart, _ label: String) {
        #expect(a.fixedRows == b.fixedRows, "\(label): the fixed rows differ")
        for i in 0 ..< part.rowCount where a.fixedRows[i] && b.fixedRows[i] {
            let range = Int(part.rowStart[i]) ..< Int(part.rowStart[i + 1])
            func value(_ values: [Double]) -> Double {
                range.reduce(part.constants[i]) { $0 + part.coefficients[$1] * values[Int(part.columns[$1])] }
            }
            let x = value(a.values), y = value(b.values)
            #expect(abs(x - y) <= 1e-6 * max(1, abs(x)), "\(label), row \(i): \(x) against \(y)")
        }
    }

    static func face(_ part: LinearPart, _ solver: ClpPartSolver) -> (face: PartFace?, promoted: Bool) {
        var whole = solver
        whole.splitsRemainders = false
        let found = ClpPartSolver.lock.withLock { _ in whole.solveLocked(part, face: true) }
        guard let values = found.values, let fixed = found.fixedRows else { return (nil, found.promoted) }
        return (PartFace(values: values, fixedRows: fixed), found.promoted)
    }

    @Test func theFaceThroughThePromotionIsTheFaceWithout() throws {
        var compared = 0
        for seed in 0 ..< 8 as Range<UInt64> {
            let grid = LargePartTests.chartGrid(seed: 58_000 + seed, rows: 4 + Int(seed % 4) * 5,
                                                columns: 1 + Int(seed % 3), clash: false)
            let part = Self.part(grid.system)
            var shortCap = ClpPartSolver(mergesPinnedPairs: false)
            shortCap.facePromotionPivots = 1
            let promoted = Self.face(part, ClpPartSolver(mergesPinnedPairs: false))
            let cold = Self.face(part, shortCap)
            // A grid whose promotion needs no pivot (presolve alone) holds either way.
            guard promoted.promoted, !cold.promoted else { continue }
            let a = try #require(promoted.face, "seed \(seed)"), b = try #require(cold.face, "seed \(seed)")
            Self.expectSameFace(a, b, of: part, "seed \(seed)")
            compared += 1
        }
        // Most grids' promotions take pivots: the comparison is not empty.
        #expect(compared >= 4, "\(compared) grids promoted with the face's cap and not with one pivot")
    }
}
