@testable import PlumbSolver

extension ConstraintSystem {
    /// Adds a row whose origin is a constraint named by its index
    /// (`row N`), as the tests' hand-made and random systems name theirs.
    @discardableResult
    mutating func addNumberedRow(
        _ terms: [(VariableIndex, Double)], _ constant: Double, _ relation: Relation, _ priority: Priority = .required
    ) -> RowIndex {
        addRow(terms, constant: constant, relation: relation, priority: priority,
               origin: Origin(kind: .constraint, index: rowCount, text: "row \(rowCount)"))
    }
}
