import Testing
@testable import PlumbSolver

/// ``ConstraintSystem/diagnose(variables:)``: all conflicts, all free variables.
@Suite struct SystemDiagnosisTests {
    private static func origin(_ i: Int) -> Origin { Origin(kind: .constraint, index: i, text: "row \(i)") }

    /// Builds a system of `variables` variables from `(terms, constant, relation, priority)` rows.
    private func system(_ variables: Int, _ rows: [([(Int32, Double)], Double, Relation, Priority)]) -> ConstraintSystem {
        var s = ConstraintSystem()
        s.addVariables(variables)
        for (i, row) in rows.enumerated() {
            s.addRow(row.0.map { (VariableIndex(rawValue: $0.0), $0.1) }, constant: row.1, relation: row.2,
                     priority: row.3, origin: Self.origin(i))
        }
        return s
    }

    @Test func everyConflictInOneComponentAndAnother() {
        // x0 = 0, x1 = x0 + 100 conflicts with x1 = 200 (rows 0, 1, 2); x0 <= -1 conflicts with
        // x0 = 0 too, but row 0 is already taken, so {3} alone is no conflict; x2 = 1 and
        // x2 >= 2 (rows 4, 5) are a second component; x3 = 7 (row 6) is innocent.
        let s = system(4, [
            ([(0, 1)], 0, .equal, .required),
            ([(1, 1), (0, -1)], -100, .equal, .required),
            ([(1, 1)], -200, .equal, .required),
            ([(0, 1)], 1, .lessOrEqual, .required),
            ([(2, 1)], -1, .equal, .required),
            ([(2, 1)], -2, .greaterOrEqual, .required),
            ([(3, 1)], -7, .equal, .required),
        ])
        let d = s.diagnose()
        #expect(d.conflicts == [[RowIndex(0), RowIndex(1), RowIndex(2)], [RowIndex(4), RowIndex(5)]]
            || d.conflicts == [[RowIndex(0), RowIndex(3)], [RowIndex(4), RowIndex(5)]])
        #expect(d.freeVariables == [])
    }

    @Test func twoDisjointConflictsInOneComponent() {
        // {0, 1}: x0 = 1, x0 = 2. {2, 3, 4}: x1 = 0, x2 = x1, x2 = 3. Row 5, x3 = x0 + x1,
        // joins the two into one component and holds whatever x0 and x1 are.
        let s = system(4, [
            ([(0, 1)], -1, .equal, .required),
            ([(0, 1)], -2, .equal, .required),
            ([(1, 1)], 0, .equal, .required),
            ([(2, 1), (1, -1)], 0, .equal, .required),
            ([(2, 1)], -3, .equal, .required),
            ([(3, 1), (0, -1), (1, -1)], 0, .equal, .required),
        ])
        #expect(s.diagnose().conflicts == [[RowIndex(0), RowIndex(1)], [RowIndex(2), RowIndex(3), RowIndex(4)]])
    }

    @Test func freeVariablesAtTheOptimum() {
        // x0: pinned. x1: no row at all. x2: between two equal-priority pulls (10 and 20),
        // any value in [10, 20] has the same total error. x3: pulled to 10 @ 500 and 20 @ 250,
        // the higher level decides. x4 >= 5 and x4 <= 5 optional at different levels: fixed.
        let s = system(5, [
            ([(0, 1)], -3, .equal, .required),
            ([(2, 1)], -10, .equal, Priority(300)),
            ([(2, 1)], -20, .equal, Priority(300)),
            ([(3, 1)], -10, .equal, .medium),
            ([(3, 1)], -20, .equal, .low),
            ([(4, 1)], -5, .greaterOrEqual, .high),
            ([(4, 1)], -5, .lessOrEqual, .low),
        ])
        let d = s.diagnose()
        #expect(d.conflicts.isEmpty)
        #expect(d.freeVariables == [VariableIndex(rawValue: 1), VariableIndex(rawValue: 2)])
        #expect(s.diagnose(variables: [VariableIndex(rawValue: 2), VariableIndex(rawValue: 0)]).freeVariables
            == [VariableIndex(rawValue: 2)])
    }

    @Test func aConflictingRowIsLeftOutWhenLookingForFreedom() {
        // x0 = 1 and x0 = 2 conflict; x0 is still fixed (by the first), x1 = x0 + 1 too.
        let s = system(2, [
            ([(0, 1)], -1, .equal, .required),
            ([(0, 1)], -2, .equal, .required),
            ([(1, 1), (0, -1)], -1, .equal, .required),
        ])
        let d = s.diagnose()
        #expect(d.conflicts == [[RowIndex(0), RowIndex(1)]])
        #expect(d.freeVariables.isEmpty)
    }

    @Test func largeCoordinatesUseARelativeTolerance() {
        // x0 = 1e6 exactly, x1 in [1e6, 1e6 + 10] (free); x0 is not.
        let s = system(2, [
            ([(0, 1)], -1e6, .equal, .required),
            ([(1, 1), (0, -1)], 0, .greaterOrEqual, .required),
            ([(1, 1), (0, -1)], -10, .lessOrEqual, .required),
        ])
        #expect(s.diagnose().freeVariables == [VariableIndex(rawValue: 1)])
    }

    @Test func redundantRequiredRows() {
        let s = system(3, [
            ([(0, 1)], -5, .equal, .required),              // 0: x0 = 5
            ([(0, 1)], -5, .equal, .required),              // 1: a duplicate
            ([(0, 1)], -1, .greaterOrEqual, .required),     // 2: x0 >= 1, implied
            ([(1, 1), (0, -1)], -10, .equal, .required),    // 3: x1 = x0 + 10
            ([(1, 1)], -15, .equal, .required),             // 4: x1 = 15, implied by 0 and 3
            ([(2, 1)], 0, .greaterOrEqual, .required),      // 5: x2 >= 0
            ([(2, 1)], -10, .lessOrEqual, .required),       // 6: x2 <= 10
            ([(2, 1)], 5, .greaterOrEqual, .required),      // 7: x2 >= -5, implied by 5
            ([(2, 1)], -20, .lessOrEqual, .required),       // 8: x2 <= 20, implied by 6
        ])
        let d = s.diagnose()
        #expect(d.conflicts.isEmpty)
        #expect(d.redundantRows == [1, 2, 4, 7, 8].map { RowIndex($0) })
        #expect(d.ineffectiveRows.isEmpty)
        #expect(d.freeVariables == [VariableIndex(rawValue: 2)])
    }

    @Test func ineffectiveOptionalRows() {
        let s = system(2, [
            ([(0, 1)], -5, .equal, .required),              // 0: x0 = 5
            ([(0, 1)], -7, .equal, .medium),                // 1: x0 = 7 @ 500: fixed where it fails
            ([(0, 1)], -1, .greaterOrEqual, .medium),       // 2: x0 >= 1 @ 500: always holds
            ([(1, 1)], 0, .greaterOrEqual, .required),      // 3: x1 >= 0
            ([(1, 1)], -3, .equal, .low),                   // 4: x1 = 3 @ 250: decides x1
            ([(1, 1)], 1, .greaterOrEqual, .low),           // 5: x1 >= -1 @ 250: always holds
            ([(1, 1)], -2, .lessOrEqual, Priority(100)),    // 6: x1 <= 2 @ 100: loses, but could matter
        ])
        let d = s.diagnose()
        #expect(d.ineffectiveRows == [1, 2, 5].map { RowIndex($0) })
        #expect(d.redundantRows.isEmpty)
        #expect(d.freeVariables.isEmpty)
    }

    @Test func rowsInConflictsAreNeitherRedundantNorCounted() {
        // x0 = 1 and x0 = 2 conflict; with both left out, x0 >= 0 is not implied by anything.
        let s = system(1, [
            ([(0, 1)], -1, .equal, .required),
            ([(0, 1)], -2, .equal, .required),
            ([(0, 1)], 0, .greaterOrEqual, .required),
        ])
        let d = s.diagnose()
        #expect(d.conflicts == [[RowIndex(0), RowIndex(1)]])
        #expect(d.redundantRows.isEmpty)
    }

    @Test func linearFormsCanBeFixedWhileTheirVariablesAreFree() {
        // x1 = x0 + 5 with x0 free: x0 and x1 are free, x1 - x0 is not.
        let s = system(2, [([(1, 1), (0, -1)], -5, .equal, .required)])
        let v0 = VariableIndex(rawValue: 0), v1 = VariableIndex(rawValue: 1)
        let d = s.diagnose(measuring: [[(v1, 1), (v0, -1)], [(v0, 1)], [(v1, 2), (v0, -2)]])
        #expect(d.freeMeasures == [1])
        #expect(s.diagnose(variables: [v1, v0, v1]).freeVariables == [v0, v1])
    }
}
