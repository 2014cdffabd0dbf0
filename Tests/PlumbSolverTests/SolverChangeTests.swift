import Testing
import PlumbSolver

/// Changing an added constraint's constant, priority and coefficient in
/// place, checked by hand and against a fresh solver holding the changed
/// constraints.
@Suite struct SolverChangeTests {
    private func expectValue(_ v: Variable, _ expected: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(abs(v.value - expected) <= 1e-9, "\(v.name) = \(v.value), expected \(expected)",
                sourceLocation: sourceLocation)
    }

    /// y = x + 5 becomes y = x + 20 with x = 10: y goes 15 -> 30, as a fresh
    /// solver with y = x + 20 gives; the constraint's text follows.
    @Test func constantChangesInPlace() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try solver.addConstraint(x == 10)
        let gap = y == x + 5
        try solver.addConstraint(gap)
        solver.updateVariables()
        expectValue(y, 15)

        // y - x - 5 = 0 is stored as `y - x + (-5) = 0`: the constant -20 means y = x + 20.
        try solver.setConstant(-20, of: gap)
        solver.updateVariables()
        expectValue(y, 30)
        #expect(solver.hasConstraint(gap))
        #expect(gap.expression.constant == -20)
        #expect(gap.origin.text.contains("20"), "\(gap.origin.text)")

        let fresh = Solver()
        let x2 = Variable("x"), y2 = Variable("y")
        try fresh.addConstraint(x2 == 10)
        try fresh.addConstraint(y2 == x2 + 20)
        fresh.updateVariables()
        #expect(y.value == y2.value)
    }

    /// x = 10 (required) against x = 20 @ 750: 10. Made optional at 250 the
    /// first one loses to the second: 20. Required again: 10.
    @Test func priorityMovesBetweenRequiredAndOptional() throws {
        let solver = Solver()
        let x = Variable("x")
        let ten = x == 10
        try solver.addConstraint(ten)
        try solver.addConstraint((x == 20).priority(750))
        solver.updateVariables()
        expectValue(x, 10)
        try solver.setPriority(.low, of: ten)
        solver.updateVariables()
        expectValue(x, 20)
        #expect(ten.priority == .low)
        try solver.setPriority(.required, of: ten)
        solver.updateVariables()
        expectValue(x, 10)
    }

    /// width = 2 · height with height = 30: 60; the multiplier 3 gives 90.
    @Test func coefficientChangesTheMultiplier() throws {
        let solver = Solver()
        let width = Variable("width"), height = Variable("height")
        try solver.addConstraint(height == 30)
        let ratio = width == 2 * height
        try solver.addConstraint(ratio)
        solver.updateVariables()
        expectValue(width, 60)
        // Stored as width - 2·height = 0: the coefficient of height is -2.
        try solver.setCoefficient(-3, of: height, in: ratio)
        solver.updateVariables()
        expectValue(width, 90)
    }

    /// A change that makes required constraints conflict throws, naming the
    /// changed constraint and the one it fights, and leaves everything as it was.
    @Test func aConflictingChangeLeavesTheSolverAsItWas() throws {
        let solver = Solver()
        let x = Variable("x")
        let low = (x >= 0).labeled("floor")
        let high = (x <= 50).labeled("ceiling")
        try solver.addConstraint(low)
        try solver.addConstraint(high)
        try solver.addConstraint((x == 40).priority(.low))
        solver.updateVariables()
        expectValue(x, 40)
        #expect {
            try solver.setConstant(-60, of: low)  // x >= 60 against x <= 50
        } throws: { error in
            guard case SolverError.unsatisfiable(let conflict) = error else { return false }
            return Set(conflict.map(\.text)) == [high.origin.text, "floor: x >= 60"]
        }
        #expect(low.expression.constant == 0)
        #expect(solver.hasConstraint(low))
        solver.updateVariables()
        expectValue(x, 40)
        // The solver still works: a change that fits goes through.
        try solver.setConstant(-45, of: low)
        solver.updateVariables()
        expectValue(x, 45)
    }

    @Test func changingAnUnknownOrNonFiniteConstraintThrows() throws {
        let solver = Solver()
        let x = Variable("x")
        let c = x == 1
        #expect(throws: SolverError.self) { try solver.setConstant(2, of: c) }
        try solver.addConstraint(c)
        #expect(throws: SolverError.self) { try solver.setConstant(.nan, of: c) }
        #expect(throws: SolverError.self) { try solver.setCoefficient(.infinity, of: x, in: c) }
        solver.updateVariables()
        expectValue(x, 1)
    }
}
