import Testing
import PlumbSolver

/// Every `SolverError` case, and that a failed call leaves the solver unchanged.
@Suite struct SolverErrorTests {
    let x = Variable("x"), y = Variable("y"), z = Variable("z"), w = Variable("w")

    /// The conflict of an `unsatisfiable` error thrown by `body`, or `nil` (and
    /// a recorded issue) when it throws something else or nothing.
    private func conflict(sourceLocation: SourceLocation = #_sourceLocation,
                          _ body: () throws(SolverError) -> Void) -> [Origin]? {
        do {
            try body()
            Issue.record("expected an unsatisfiable error", sourceLocation: sourceLocation)
        } catch {
            guard case .unsatisfiable(let conflict) = error else {
                Issue.record("expected an unsatisfiable error, got \(error)", sourceLocation: sourceLocation)
                return nil
            }
            return conflict
        }
        return nil
    }

    /// The state a failed call must not change: the dump and every value.
    private func snapshot(_ solver: Solver) -> (String, [Double]) {
        solver.updateVariables()
        return (solver.dump(), [x, y, z, w].map(\.value))
    }

    @Test func duplicateAndUnknownConstraints() throws {
        let solver = Solver()
        let c = (x == 1).labeled("c")
        try solver.addConstraint(c)
        #expect(throws: SolverError.duplicateConstraint(c.origin)) { try solver.addConstraint(c) }
        try solver.removeConstraint(c)
        #expect(throws: SolverError.unknownConstraint(c.origin)) { try solver.removeConstraint(c) }
        let never = (y == 2).labeled("never")
        #expect(throws: SolverError.unknownConstraint(never.origin)) { try solver.removeConstraint(never) }
        // A modified copy is a different constraint.
        try solver.addConstraint(c)
        try solver.addConstraint(c.priority(.low))
    }

    @Test func editVariableMisuse() throws {
        let solver = Solver()
        try solver.addEditVariable(x, priority: .medium)
        #expect(throws: SolverError.duplicateEditVariable("x")) {
            try solver.addEditVariable(x, priority: .low)
        }
        #expect(throws: SolverError.unknownEditVariable("y")) { try solver.removeEditVariable(y) }
        #expect(throws: SolverError.unknownEditVariable("y")) { try solver.suggestValue(y, 1) }
        #expect(throws: SolverError.requiredEditPriority("y")) {
            try solver.addEditVariable(y, priority: .required)
        }
        #expect(!solver.hasEditVariable(y))
        try solver.removeEditVariable(x)
        #expect(throws: SolverError.unknownEditVariable("x")) { try solver.removeEditVariable(x) }
    }

    @Test func nonFiniteNumbersAreRejectedByName() throws {
        let solver = Solver()
        try solver.addConstraint(x + y == 10)
        try solver.addEditVariable(x, priority: .medium)
        let before = snapshot(solver)

        let nanCoefficient = LinearConstraint(LinearExpression([Term(y), Term(z, .nan)]), .equal)
        #expect(throws: SolverError.nonFinite("the coefficient nan of z in \(nanCoefficient.origin)")) {
            try solver.addConstraint(nanCoefficient)
        }
        let infiniteConstant = (z <= .infinity).labeled("cap")
        #expect(throws: SolverError.nonFinite("the constant -inf in \(infiniteConstant.origin)")) {
            try solver.addConstraint(infiniteConstant)
        }
        #expect(infiniteConstant.origin.text == "cap: z <= inf")
        let divided = (w / 0 >= 1).labeled("divided")
        #expect(throws: SolverError.nonFinite("the coefficient inf of w in \(divided.origin)")) {
            try solver.addConstraint(divided)
        }
        #expect(throws: SolverError.nonFinite("the value nan suggested for edit variable x")) {
            try solver.suggestValue(x, .nan)
        }
        #expect(throws: SolverError.nonFinite("the value -inf suggested for edit variable x")) {
            try solver.suggestValue(x, -.infinity)
        }
        #expect(!solver.hasConstraint(nanCoefficient) && !solver.hasConstraint(divided))
        #expect(snapshot(solver) == before)
    }

    /// x >= 10 and y >= 10 cannot hold with x + y <= 15. The bystanders
    /// (z = x + y, x <= 100, w = 3, and an optional pull on x) take no part,
    /// though two of them share variables with the conflict.
    @Test func conflictNamesExactlyTheMinimalSet() throws {
        let solver = Solver()
        let a = (x >= 10).labeled("a")
        let sum = (z == x + y).labeled("sum")
        let cap = (x <= 100).labeled("cap")
        let b = (y >= 10).labeled("b")
        try solver.addConstraint(a)
        try solver.addConstraint(sum)
        try solver.addConstraint(cap)
        try solver.addConstraint((w == 3).labeled("w"))
        try solver.addConstraint((x == 50).priority(.low))
        try solver.addConstraint(b)
        let before = snapshot(solver)

        let c = (x + y <= 15).labeled("c")
        #expect(conflict { () throws(SolverError) in try solver.addConstraint(c) } == [a.origin, b.origin, c.origin])
        #expect(!solver.hasConstraint(c))
        #expect(snapshot(solver) == before)

        // Through the bystander: z <= 15 needs z = x + y to conflict.
        let d = (z <= 15).labeled("d")
        #expect(conflict { () throws(SolverError) in try solver.addConstraint(d) } == [a.origin, sum.origin, b.origin, d.origin])
        #expect(snapshot(solver) == before)

        // The solver still works: without b, c can hold; the optional pull
        // puts x at 50, so y <= -35.
        try solver.removeConstraint(b)
        try solver.addConstraint(c)
        solver.updateVariables()
        #expect(abs(x.value - 50) <= 1e-9 && y.value <= -35 + 1e-9)
    }

    /// A coefficient far below the core's pivot tolerance counts as zero, so
    /// `1e-300·fresh + x >= 10` conflicts with `x <= 5`. The failed add must
    /// forget `fresh` (it is not in the dump) and reuse its internal column.
    @Test func failedAddForgetsTheVariablesItIntroduced() throws {
        let solver = Solver()
        let fresh = Variable("fresh")
        let cap = (x <= 5).labeled("cap")
        try solver.addConstraint(cap)
        let before = solver.dump()
        let tiny = (1e-300 * fresh + x >= 10).labeled("tiny")
        #expect(conflict { () throws(SolverError) in try solver.addConstraint(tiny) } == [cap.origin, tiny.origin])
        #expect(solver.dump() == before)
        #expect(!solver.dump().contains("fresh"))

        try solver.addConstraint(y == 7)
        solver.updateVariables()
        #expect(y.value == 7)
        #expect(solver.dump().contains("  y = 7  [column 1]"))
    }

    /// A chain of equalities: x = 1, y = x + 1, z = y + 1 force z = 3; z = 10
    /// conflicts with all four, not with the unrelated w = 3.
    @Test func conflictFollowsAChainOfEqualities() throws {
        let solver = Solver()
        let chain = [(x == 1).labeled("x"), (y == x + 1).labeled("y"), (w == 3).labeled("w"),
                     (z == y + 1).labeled("z")]
        for c in chain { try solver.addConstraint(c) }
        let last = (z == 10).labeled("last")
        let reported = conflict { () throws(SolverError) in try solver.addConstraint(last) }
        #expect(reported == [chain[0].origin, chain[1].origin, chain[3].origin, last.origin])
        #expect(SolverError.unsatisfiable(conflict: reported ?? []).description.contains("\"last: z == 10\""))
    }

    /// An operator-made constraint is located at the `addConstraint` call, and
    /// the conflict names it there.
    @Test func conflictOriginsCarryTheAddSite() throws {
        let solver = Solver()
        let first = x >= 1
        try solver.addConstraint(first); let firstLine = #line
        let second = x <= 0
        let reported = conflict { () throws(SolverError) in try solver.addConstraint(second) }; let secondLine = #line
        #expect(reported?.map(\.line) == [firstLine, secondLine])
        #expect(reported?.map(\.text) == ["x >= 1", "x <= 0"])
        #expect(reported?.allSatisfy { $0.file == #fileID && $0.kind == .code } == true)
    }
}
