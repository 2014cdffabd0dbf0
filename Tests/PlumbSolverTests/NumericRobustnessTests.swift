import Testing
@testable import PlumbSolver

/// Awkward numbers through both the incremental solver and the planner:
/// huge and tiny constants together, zero sizes, near-zero coefficients,
/// duplicates, and a failed add followed by removal and re-adding. Each case
/// ends with the incremental core's invariant check.
@Suite struct NumericRobustnessTests {
    private static func origin(_ i: Int) -> Origin { Origin(kind: .constraint, index: i, text: "row \(i)") }

    /// A chain that starts at 1e9 and steps by 1e-6: both ends are exact to
    /// the tolerance scaled by the magnitude, in the solver and the planner.
    @Test func hugeAndTinyConstantsTogether() throws {
        let solver = Solver()
        let a = Variable("a"), b = Variable("b"), c = Variable("c")
        try solver.addConstraint(a == 1e9)
        try solver.addConstraint(b == a + 1e-6)
        try solver.addConstraint(c == b * 1e-9)
        solver.updateVariables()
        #expect(abs(a.value - 1e9) <= 1e-7 * 1e9)
        #expect(abs(b.value - a.value - 1e-6) <= 1e-7 * 1e9)
        #expect(abs(c.value - 1) <= 1e-7)

        var s = ConstraintSystem()
        s.addVariables(3)
        s.addRow([(VariableIndex(0), 1)], constant: -1e9, relation: .equal, origin: Self.origin(0))
        s.addRow([(VariableIndex(1), 1), (VariableIndex(0), -1)], constant: -1e-6, relation: .equal, origin: Self.origin(1))
        s.addRow([(VariableIndex(2), 1), (VariableIndex(1), -1e-9)], constant: 0, relation: .equal, origin: Self.origin(2))
        let values = try s.solve().values
        #expect(abs(values[2] - 1) <= 1e-7)
        #expect(abs(values[0] - a.value) <= 1e-7 * 1e9)
    }

    /// A required zero width and a weak wish for 50: the width is 0, the
    /// right edge equals the left.
    @Test func zeroSizeRequired() throws {
        let solver = Solver()
        let left = Variable("left"), width = Variable("width"), right = Variable("right")
        try solver.addConstraint(left == 10)
        try solver.addConstraint(width == 0)
        try solver.addConstraint(right == left + width)
        try solver.addConstraint((width == 50).priority(.low))
        solver.updateVariables()
        #expect(width.value == 0)
        #expect(right.value == left.value)
    }

    /// The same required row twice, and a scaled copy of it, are redundant,
    /// not a conflict; removing one copy keeps the value.
    @Test func redundantDuplicatesAreNotConflicts() throws {
        let solver = Solver()
        let x = Variable("x")
        let first = x == 7, second = x == 7, scaled = 2 * x == 14
        try solver.addConstraint(first)
        try solver.addConstraint(second)
        try solver.addConstraint(scaled)
        solver.updateVariables()
        #expect(x.value == 7)
        try solver.removeConstraint(first)
        try solver.removeConstraint(scaled)
        solver.updateVariables()
        #expect(x.value == 7)

        var s = ConstraintSystem()
        s.addVariables(1)
        for i in 0 ..< 3 {
            s.addRow([(VariableIndex(0), Double(i + 1))], constant: -7 * Double(i + 1), relation: .equal,
                     origin: Self.origin(i))
        }
        let solved = try s.solve().values
        #expect(solved == [7])
    }

    /// A coefficient of 1e-14 next to 1 is below the pivot tolerance: the
    /// planner does not divide by it (no huge or NaN value); the row still holds.
    @Test func nearZeroCoefficientIsNotAPivot() throws {
        var s = ConstraintSystem()
        s.addVariables(2)
        s.addRow([(VariableIndex(0), 1e-14), (VariableIndex(1), 1)], constant: -5, relation: .equal, origin: Self.origin(0))
        s.addRow([(VariableIndex(1), 1)], constant: -5, relation: .equal, origin: Self.origin(1))
        s.addRow([(VariableIndex(0), 1)], constant: -3, relation: .equal, priority: .low, origin: Self.origin(2))
        let values = try s.solve().values
        #expect(values.allSatisfy { $0.isFinite })
        #expect(abs(values[1] - 5) <= 1e-9)
        #expect(s.violation(of: RowIndex(0), at: values) <= 1e-9)
    }

    /// A required row that fails, then removal of the row it fought, then
    /// the failed row again: it now goes in, and the core is consistent.
    @Test func failedAddThenRemoveThenReAdd() throws {
        let core = SimplexCore(variableCount: 2)
        let cap = try core.add(terms: [(0, 1)], constant: -10, relation: .lessOrEqual, priority: .required, tag: 0)
        _ = try core.add(terms: [(1, 1), (0, -1)], constant: 0, relation: .equal, priority: .required, tag: 1)
        let floor: [(Int32, Double)] = [(1, 1)]
        #expect(throws: SimplexConflict.self) {
            try core.add(terms: floor, constant: -20, relation: .greaterOrEqual, priority: .required, tag: 2)
        }
        #expect(core.checkInvariants().isEmpty, "\(core.checkInvariants())")
        core.remove(cap)
        _ = try core.add(terms: floor, constant: -20, relation: .greaterOrEqual, priority: .required, tag: 3)
        var values = [0.0, 0.0]
        core.readValues(into: &values)
        #expect(values[1] >= 20 - 1e-9)
        #expect(values[0] == values[1])
        #expect(core.checkInvariants().isEmpty, "\(core.checkInvariants())")
    }
}
