import Testing
@testable import PlumbClp
import PlumbTestSupport
@testable import PlumbSolver

/// The LP that settles the optimal face's inequalities
/// (`ClpPartSolver.fixedRows`) is solved piece by piece: the rows that
/// share no free column (one not fixed by its bounds or by rows) with the
/// others are an LP of their own (`settlingGroups`). The pieces' slacks
/// leave 0 exactly when they do in the one LP, so the face found piece by
/// piece is the face found with the one LP (`settlesGroupsApart` off). A
/// piece left out would leave its slacks at 0, and its inequalities fixed
/// where the one LP frees them.
@Suite struct FaceSettlingGroupsTests {
    /// The face solved piece by piece (the default) and as one LP.
    static func faces(_ part: LinearPart) -> (apart: ClpPartSolver.Outcome, whole: ClpPartSolver.Outcome) {
        let apart = ClpPartSolver(splitsRemainders: false)
        var whole = ClpPartSolver(splitsRemainders: false)
        whole.settlesGroupsApart = false
        return ClpPartSolver.lock.withLock { _ in
            (apart.solveLocked(part, face: true), whole.solveLocked(part, face: true))
        }
    }

    @Test func theRowsSplitWhereTheyShareNoFreeColumn() {
        // x0 + x1 ≥ 1 and x1 − x2 ≤ 4 share x1; x3 ≥ 2 and x3 + x4 ≤ 9
        // share x3; x5 is fixed by its bounds, so x2 + x5 ≥ 0 joins only
        // x2's piece and x4 − x5 ≥ 1 only x4's; x6 = 3 fixes x6 (a value
        // fixed by rows), so x6 + x7 ≥ 1 is a piece of its own with x7.
        typealias Row = FaceRowsSettledTests.Row
        let rows: [Row] = [
            ([(0, 1), (1, 1)], -1, .greaterOrEqual, .required),
            ([(1, 1), (2, -1)], -4, .lessOrEqual, .required),
            ([(3, 1)], -2, .greaterOrEqual, .required),
            ([(3, 1), (4, 1)], -9, .lessOrEqual, .required),
            ([(2, 1), (5, 1)], 0, .greaterOrEqual, .required),
            ([(4, 1), (5, -1)], -1, .greaterOrEqual, .required),
            ([(6, 1)], -3, .equal, .required),
            ([(6, 1), (7, 1)], -1, .greaterOrEqual, .required),
        ]
        let part = FaceRowsSettledTests.part(8, rows)
        let none = [Int32](repeating: -1, count: rows.count)
        var lower = [Double](repeating: -PartModel.infinity, count: 8)
        var upper = [Double](repeating: PartModel.infinity, count: 8)
        lower[5] = 2
        upper[5] = 2
        var fixed = [Double](repeating: .nan, count: 8)
        fixed[6] = 3
        // Slacks on rows 0, 3 and 7; row 2's piece is row 3's.
        let groups = ClpPartSolver.settlingGroups(
            part, errors: (none, none), columns: 8, fixedValues: fixed, columnLower: lower, columnUpper: upper,
            openRows: [0, 3, 7], openErrors: [])
        let pieces = groups.map { $0.map { ($0.rows, $0.openRows) } }
        #expect(pieces?.count == 3)
        #expect(pieces?[0].0 == [0, 1, 4] && pieces?[0].1 == [0])
        #expect(pieces?[1].0 == [2, 3, 5] && pieces?[1].1 == [1])
        #expect(pieces?[2].0 == [7] && pieces?[2].1 == [2])
        // A slack on a row with no free column left (row 6: x6 is fixed)
        // goes to a group of such slacks, after row 0's piece.
        let withFixedRow = ClpPartSolver.settlingGroups(
            part, errors: (none, none), columns: 8, fixedValues: fixed, columnLower: lower, columnUpper: upper,
            openRows: [0, 6], openErrors: [])
        #expect(withFixedRow?.count == 2)
        #expect(withFixedRow?[0].rows == [0, 1, 4] && withFixedRow?[0].openRows == [0])
        #expect(withFixedRow?[1].rows == [6] && withFixedRow?[1].openRows == [1])
        // Without x6 fixed by rows, rows 6 and 7 are one piece.
        let unfixed = ClpPartSolver.settlingGroups(
            part, errors: (none, none), columns: 8, fixedValues: nil, columnLower: lower, columnUpper: upper,
            openRows: [0, 6], openErrors: [])
        #expect(unfixed?.count == 2)
        #expect(unfixed?[1].rows == [6, 7])
    }

    @Test(arguments: 0 ..< 200)
    func theRandomFacesAreTheSame(seed: UInt64) {
        let (apart, whole) = Self.faces(FaceRowsSettledTests.randomPart(seed: seed))
        #expect(apart.fixedRows == whole.fixedRows, "seed \(seed)")
        #expect(apart.faceRows == whole.faceRows, "seed \(seed)")
        #expect(whole.settlingGroups == 0, "seed \(seed)")
    }

    /// The random parts solve piece by piece often enough to test it.
    @Test func theRandomPartsSplit() {
        var split = 0, freed = 0
        for seed in 0 ..< 200 as Range<UInt64> {
            let (apart, _) = Self.faces(FaceRowsSettledTests.randomPart(seed: seed))
            if apart.settlingGroups > 1 {
                split += 1
                if apart.fixedRows?.contains(false) == true { freed += 1 }
            }
        }
        #expect(split >= 20, "\(split) of 200 split")
        #expect(freed >= 10, "\(freed) of them with a row left free")
    }

    @Test(arguments: 0 ..< 3 as Range<UInt64>)
    func thePrioritiesFacesAreTheSame(seed: UInt64) throws {
        let system = LargePartTests.priorities(rows: 120 + 40 * Int(seed), seed: 62_100 + seed).system
        let part = FacePromotionCapTests.part(system)
        let (apart, whole) = Self.faces(part)
        var onePassSolver = ClpPartSolver(splitsRemainders: false)
        onePassSolver.groupsThroughChains = false
        let onePass = ClpPartSolver.lock.withLock { _ in onePassSolver.solveLocked(part, face: true) }
        let fixed = try #require(apart.fixedRows, "seed \(seed)")
        #expect(fixed.contains(true) && fixed.contains(false), "seed \(seed)")
        // Through the chains every column is fixed: one group, of LPs of
        // one column. With one pass, every row of items is a piece of its
        // own: about one a row.
        #expect(apart.settlingGroups == 1, "seed \(seed): \(apart.settlingGroups) pieces")
        #expect(onePass.settlingGroups > 60, "seed \(seed): \(onePass.settlingGroups) pieces in one pass")
        #expect(onePass.fixedRows == whole.fixedRows, "seed \(seed)")
        #expect(apart.faceRows.toTheLP > 20, "seed \(seed): \(apart.faceRows)")
        #expect(apart.fixedRows == whole.fixedRows, "seed \(seed)")
        #expect(apart.faceRows == whole.faceRows, "seed \(seed)")
        #expect(apart.values == whole.values, "seed \(seed)")
    }
}
