import PlumbClp
import Testing
@testable import PlumbSolver

/// ``RowSpace`` (the span of a face's fixed rows) and the optimal face on
/// small systems whose answer is known.
@Suite struct RowSpaceTests {
    @Test func differencesMergeAndOtherRowsEliminate() {
        var span = RowSpace(count: 6)
        span.add([(0, 1), (1, -1)])            // x0 − x1
        span.add([(2, 2), (1, -2)])            // 2·x2 − 2·x1: x0, x1, x2 one class
        span.add([(3, 1), (4, 1), (0, -2)])    // x3 + x4 − 2·x0
        span.add([(4, 1), (5, -0.5)])          // x4 − 0.5·x5
        func has(_ terms: [(Int32, Double)]) -> Bool { span.contains(terms) }
        #expect(has([(0, 1), (2, -1)]))
        #expect(has([(3, 1), (4, 1), (1, -2)]))
        #expect(has([(3, 1), (5, 0.5), (2, -2)]))  // (x3 + x4 − 2·x2) − (x4 − 0.5·x5)
        #expect(has([]))
        #expect(!has([(0, 1)]))
        #expect(!has([(3, 1)]))
        #expect(!has([(3, 1), (4, -1)]))
        #expect(!has([(5, 1), (0, -1)]))
    }

    @Test func dependentRowsAddNothing() {
        var span = RowSpace(count: 3)
        span.add([(0, 1), (1, 2)])
        span.add([(1, 1), (2, 3)])
        span.add([(0, 1), (2, -6)])  // the first less twice the second
        func has(_ terms: [(Int32, Double)]) -> Bool { span.contains(terms) }
        #expect(!has([(2, 1)]))
        #expect(has([(0, 2), (1, 2), (2, -6)]))
    }

    private func v(_ i: Int32) -> VariableIndex { VariableIndex(rawValue: i) }

    /// x0 ≤ x1 and x1 ≤ x0 + 0 hold only with equality (an implicit
    /// equality), x1 is pulled to 7 at one level and x2 is pushed between
    /// 0 and x1 by a level that only cares that x2 ≥ 1: x0, x1 fixed, x2
    /// free; x3 tied to x2 by an equality at a level whose face pins it.
    @Test func implicitEqualitiesAndHeldLevelsFixForms() {
        var s = ConstraintSystem()
        s.addVariables(4)
        let rows: [([(Int32, Double)], Double, Relation, Priority)] = [
            ([(1, 1), (0, -1)], 0, .greaterOrEqual, .required),
            ([(0, 1), (1, -1)], 0, .greaterOrEqual, .required),
            ([(1, 1)], -7, .equal, .high),
            ([(2, 1)], 0, .greaterOrEqual, .required),
            ([(1, 1), (2, -1)], 0, .greaterOrEqual, .required),
            ([(2, 1)], -1, .greaterOrEqual, .medium),
            ([(3, 1), (2, -1)], -2, .equal, .low),
        ]
        for (i, row) in rows.enumerated() {
            s.addRow(row.0.map { (v($0.0), $0.1) }, constant: row.1, relation: row.2, priority: row.3,
                     origin: Origin(kind: .constraint, index: i, text: "row \(i)"))
        }
        let forms: [[(VariableIndex, Double)]] = [[(v(0), 1)], [(v(1), 1)], [(v(2), 1)], [(v(3), 1)],
                                                  [(v(3), 1), (v(2), -1)], [(v(1), 1), (v(0), -1)]]
        let byFaces = s.diagnose(measuring: forms, split: true,
                                 faces: FaceOptions(solver: ClpPartSolver(), threshold: 2))
        let byProbes = s.diagnose(measuring: forms, split: false, faces: nil)
        #expect(byFaces.freeMeasures == [2, 3])
        #expect(byFaces == byProbes)
    }
}
