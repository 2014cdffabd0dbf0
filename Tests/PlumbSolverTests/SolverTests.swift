import Testing
import PlumbSolver  // not @testable: the solver as a user of the module sees it

/// Hand-checked scenarios through the public `Solver` API, in the spirit of
/// kiwi's `tests/SolverTest.cpp`. Every expected number is worked out in the
/// test's comment.
@Suite struct SolverTests {
    /// Results are compared to hand-computed values up to this absolute error.
    static let tolerance = 1e-9

    private func expectValue(_ v: Variable, _ expected: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(abs(v.value - expected) <= Self.tolerance, "\(v.name) = \(v.value), expected \(expected)",
                sourceLocation: sourceLocation)
    }

    /// The example in `Solver`'s doc comment, verbatim. `left + width <= 80`
    /// with `left >= 0` caps width at 80, reached only at left = 0. Then the
    /// edit at 750 outranks width's pull at 250: left = 10, width = 80 - 10.
    @Test func docCommentExample() throws {
        let solver = Solver()
        let left = Variable("left"), width = Variable("width")
        try solver.addConstraint(left >= 0)
        try solver.addConstraint(left + width <= 80)
        try solver.addConstraint((width == 100).priority(.low))
        solver.updateVariables()              // left 0, width 80
        expectValue(left, 0)
        expectValue(width, 80)

        try solver.addEditVariable(left, priority: .high)
        try solver.suggestValue(left, 10)
        solver.updateVariables()              // left 10, width 70
        expectValue(left, 10)
        expectValue(width, 70)
    }

    /// x + y = 20 (required) and x = 10 (weak) leave only y = 10.
    @Test func weakConstraintFixesTheRemainingFreedom() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try solver.addConstraint(x + y == 20)
        try solver.addConstraint((x == 10).priority(.low))
        solver.updateVariables()
        expectValue(x, 10)
        expectValue(y, 10)
    }

    /// An inequality wins over a weaker equality: x >= 10 with x = 0 @ 250 gives 10.
    @Test func inequalityBindsAgainstWeakerEquality() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.addConstraint((x == 0).priority(.low))
        try solver.addConstraint(x >= 10)
        solver.updateVariables()
        expectValue(x, 10)
    }

    /// Priorities are levels, not weights: one constraint at 501 beats a
    /// hundred at 500 (any weighted sum with weights near 500 would not).
    @Test func priorityLevelsAreLexicographic() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.addConstraint((x == 0).priority(501))
        for _ in 0 ..< 100 {
            try solver.addConstraint((x == 10).priority(500))
        }
        solver.updateVariables()
        expectValue(x, 0)
    }

    /// Within a level the total violation is minimised: x = 0 twice and x = 9
    /// once at the same priority put x at 0 (violation 9, against 18 at x = 9).
    @Test func violationsWithinALevelAreSummed() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.addConstraint((x == 0).priority(.medium))
        try solver.addConstraint((x == 0).priority(.medium))
        try solver.addConstraint((x == 9).priority(.medium))
        solver.updateVariables()
        expectValue(x, 0)
    }

    /// Edit variable: x + y = 20, y = 5 @ 250, x edited @ 750.
    /// Suggest 12: x = 12, y = 8. Suggest 3: x = 3, y = 17. Remove the edit:
    /// only y = 5 @ 250 is left to decide, so y = 5, x = 15.
    @Test func editVariableFollowsSuggestions() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try solver.addConstraint(x + y == 20)
        try solver.addConstraint((y == 5).priority(.low))
        try solver.addEditVariable(x, priority: .high)
        #expect(solver.hasEditVariable(x) && !solver.hasEditVariable(y))

        try solver.suggestValue(x, 12)
        solver.updateVariables()
        expectValue(x, 12)
        expectValue(y, 8)

        try solver.suggestValue(x, 3)
        solver.updateVariables()
        expectValue(x, 3)
        expectValue(y, 17)

        try solver.removeEditVariable(x)
        #expect(!solver.hasEditVariable(x))
        solver.updateVariables()
        expectValue(x, 15)
        expectValue(y, 5)
    }

    /// An edit variable that appears in no constraint simply takes its suggestion.
    @Test func editVariableWithoutConstraints() throws {
        let solver = Solver()
        let v = Variable("v")
        try solver.addEditVariable(v, priority: .medium)
        try solver.suggestValue(v, -42.5)
        solver.updateVariables()
        expectValue(v, -42.5)
    }

    /// Two edits at different levels on coupled variables: x - y = 10 required,
    /// x edited @ 750 to 100, y edited @ 250 to 0. The stronger edit holds:
    /// x = 100, y = 90.
    @Test func strongerEditWins() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try solver.addConstraint(x - y == 10)
        try solver.addEditVariable(x, priority: .high)
        try solver.addEditVariable(y, priority: .low)
        try solver.suggestValue(y, 0)
        try solver.suggestValue(x, 100)
        solver.updateVariables()
        expectValue(x, 100)
        expectValue(y, 90)
    }

    /// Removing a constraint restores the previous optimum. Window of width w
    /// at left l: l >= 0, l + w <= 100, w = 60 @ 750, l = 70 @ 250 gives
    /// w = 60, l = 40. Adding w >= 80 gives w = 80, l = 20; removing it goes
    /// back to 60 and 40.
    @Test func removingAConstraintRestoresThePreviousOptimum() throws {
        let solver = Solver()
        let l = Variable("l"), w = Variable("w")
        try solver.addConstraint(l >= 0)
        try solver.addConstraint(l + w <= 100)
        try solver.addConstraint((w == 60).priority(.high))
        try solver.addConstraint((l == 70).priority(.low))
        solver.updateVariables()
        expectValue(w, 60)
        expectValue(l, 40)

        let wide = w >= 80
        try solver.addConstraint(wide)
        #expect(solver.hasConstraint(wide))
        solver.updateVariables()
        expectValue(w, 80)
        expectValue(l, 20)

        try solver.removeConstraint(wide)
        #expect(!solver.hasConstraint(wide))
        solver.updateVariables()
        expectValue(w, 60)
        expectValue(l, 40)

        // Re-adding the same object is allowed once it was removed.
        try solver.addConstraint(wide)
        solver.updateVariables()
        expectValue(w, 80)
    }

    /// A variable shared by two solvers takes the value of whichever updated last.
    @Test func variablesCanBeSharedBetweenSolvers() throws {
        let x = Variable("x")
        let a = Solver(), b = Solver()
        try a.addConstraint(x == 1)
        try b.addConstraint(x == 2)
        a.updateVariables()
        expectValue(x, 1)
        b.updateVariables()
        expectValue(x, 2)
    }

    /// A constraint whose variables cancel is a plain comparison of constants.
    @Test func constraintWithoutVariables() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.addConstraint(x - x == 0)
        try solver.addConstraint(x - x + 5 >= 0)
        try solver.addConstraint((x - x == 3).priority(.low))  // optional: merely violated
        let impossible = (x - x == 5).labeled("impossible")  // located now, before the add
        #expect(throws: SolverError.unsatisfiable(conflict: [impossible.origin])) {
            try solver.addConstraint(impossible)
        }
    }

    @Test func resetForgetsEverything() throws {
        let solver = Solver()
        let x = Variable("x")
        let c = x == 7
        try solver.addConstraint(c)
        try solver.addEditVariable(x, priority: .low)
        solver.updateVariables()
        expectValue(x, 7)

        solver.reset()
        #expect(!solver.hasConstraint(c) && !solver.hasEditVariable(x))
        #expect(solver.dump() == Solver().dump())
        try solver.addConstraint(x == 3)
        try solver.addConstraint(c.priority(.low))
        solver.updateVariables()
        expectValue(x, 3)
    }

    @Test func dumpNamesVariablesEditsAndConstraints() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try solver.addConstraint((x + y == 20).labeled("sum"))
        try solver.addConstraint((x == 10).priority(.low))
        try solver.addEditVariable(y, priority: .medium)
        // The edit holds y at 0 (level 500), so x = 20 and x == 10 misses by 10 (level 250).
        let dump = solver.dump()
        let lines = dump.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(4)) == ["Objective", "  @500: 0", "  @250: 10", "Variables"])
        #expect(lines.contains("  x = 20  [column 0]") && lines.contains("  y = 0  [column 1]"))
        #expect(lines.contains("Edit Variables"))
        #expect(lines.contains("Constraints"))
        #expect(lines.contains("  y @500"))
        #expect(lines.contains { $0.hasPrefix("  #0 sum: x + y == 20  at PlumbSolverTests/SolverTests.swift:") })
        #expect(lines.contains { $0.hasPrefix("  #1 x == 10 @250  at PlumbSolverTests/SolverTests.swift:") })
    }
}
