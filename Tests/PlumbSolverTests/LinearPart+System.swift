@testable import PlumbSolver

extension LinearPart {
    /// Every row of `system` as one part, as the planner hands a component
    /// to the LP code.
    init(wholeOf system: ConstraintSystem) {
        self.init(
            variableCount: system.variableCount, rowStart: system.rowStart, columns: system.columns,
            coefficients: system.coefficients, constants: system.constants, relations: system.relations,
            priorities: (0 ..< system.rowCount).map { system.priorities[$0] })
    }
}
