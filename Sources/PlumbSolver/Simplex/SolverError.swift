/// Errors a caller of the solver can cause or must handle.
public enum SolverError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The constraint was already added to this solver.
    case duplicateConstraint(Origin)
    /// The constraint is not in this solver.
    case unknownConstraint(Origin)
    /// The variable is already an edit variable.
    case duplicateEditVariable(String)
    /// The variable is not an edit variable.
    case unknownEditVariable(String)
    /// Edit variables cannot be required.
    case requiredEditPriority(String)
    /// A NaN or infinite number was given; the string says where.
    case nonFinite(String)
    /// Required constraints cannot all hold. `conflict` is a minimal set: the
    /// constraints in it cannot hold together, and dropping any one of them
    /// leaves a satisfiable set.
    case unsatisfiable(conflict: [Origin])
    /// A strategy forced with ``SolveOptions/strategy`` cannot solve this
    /// system; `reason` says why and names a constraint that needs another one.
    case strategyCannotSolve(strategy: String, reason: String)

    public var description: String {
        switch self {
        case .duplicateConstraint(let o): "duplicate constraint: \(o)"
        case .unknownConstraint(let o): "unknown constraint: \(o)"
        case .duplicateEditVariable(let v): "\(v) is already an edit variable"
        case .unknownEditVariable(let v): "\(v) is not an edit variable"
        case .requiredEditPriority(let v): "edit variable \(v) cannot have the required priority"
        case .nonFinite(let w): "non-finite number in \(w)"
        case .unsatisfiable(let c):
            "required constraints conflict; these cannot all hold (drop any one and the rest can):\n"
                + c.map { "  - \($0)" }.joined(separator: "\n")
        case .strategyCannotSolve(let strategy, let reason):
            "the \(strategy) strategy cannot solve this layout: \(reason)"
        }
    }
}
