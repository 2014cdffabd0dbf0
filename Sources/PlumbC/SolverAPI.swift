// plumb.h's solver functions over PlumbSolver's `Solver`, `Variable` and
// `LinearConstraint`.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Plumb

/// A solver and what its last failed add conflicted with, behind its own lock.
final class SolverBox: @unchecked Sendable {
    let lock = Lock()
    let solver = Solver()
    /// The handles of the last minimal conflict.
    var conflict: [UInt] = []
}

/// The origin file that marks a constraint made through the C library; the
/// origin's line is the constraint's handle number, so conflicts (reported by
/// origin) lead back to handles.
private let constraintFile = "plumb_constraint"

private func priority(_ value: Double) throws(CError) -> Priority {
    guard let p = Priority(rawValue: value) else {
        throw CError(.invalidArgument, "priority \(value) is not a number in 1...1000")
    }
    return p
}

/// The solver's error as a status; a conflict is remembered on the box.
private func translate(_ error: SolverError, _ box: SolverBox) -> CError {
    switch error {
    case .duplicateConstraint: return CError(.duplicateConstraint, error.description)
    case .unknownConstraint: return CError(.unknownConstraint, error.description)
    case .duplicateEditVariable: return CError(.duplicateEditVariable, error.description)
    case .unknownEditVariable: return CError(.unknownEditVariable, error.description)
    case .requiredEditPriority: return CError(.requiredEditPriority, error.description)
    case .nonFinite: return CError(.invalidArgument, error.description)
    case .unsatisfiable(let origins):
        box.conflict = origins.compactMap { origin in
            origin.file == constraintFile ? origin.line.map { UInt($0) } : nil
        }
        return CError(.unsatisfiable, error.description)
    case .strategyCannotSolve: return CError(.invalidArgument, error.description)
    }
}

/// Runs `body` on the solver of `handle` under its lock.
private func withSolver(_ handle: OpaquePointer?, _ body: (SolverBox) throws(SolverError) -> Void) throws(CError) {
    let box = try solverBox(handle)
    try box.lock.locked { () throws(CError) in
        do throws(SolverError) {
            try body(box)
        } catch {
            throw translate(error, box)
        }
    }
}

// MARK: - Variables

@_cdecl("plumb_variable_new")
public func plumb_variable_new(_ name: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    entry { () throws(CError) in
        let name = String(cString: try nonNull(name, "name"))
        let out = try nonNull(out, "out")
        out.pointee = Handles.shared.register(.variable(Variable(name)))
    }
}

@_cdecl("plumb_variable_free")
public func plumb_variable_free(_ variable: OpaquePointer?) -> Int32 {
    entry { () throws(CError) in try Handles.shared.remove(variable, kind: "variable") }
}

@_cdecl("plumb_variable_value")
public func plumb_variable_value(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Double>?) -> Int32 {
    entry { () throws(CError) in
        let v = try variable(handle)
        try nonNull(out, "out").pointee = v.value
    }
}

@_cdecl("plumb_variable_name")
public func plumb_variable_name(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?)
    -> Int32
{
    entry { () throws(CError) in
        let v = try variable(handle)
        let out = try nonNull(out, "out")
        out.pointee = try mallocString(v.name)
    }
}

// MARK: - Constraints

@_cdecl("plumb_constraint_new")
public func plumb_constraint_new(
    _ count: Int, _ variables: UnsafePointer<OpaquePointer?>?, _ coefficients: UnsafePointer<Double>?,
    _ constant: Double, _ relation: Int32, _ priorityValue: Double, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    entry { () throws(CError) in
        let out = try nonNull(out, "out")
        guard count >= 0 else { throw CError(.invalidArgument, "count \(count) is negative") }
        var terms: [Term] = []
        if count > 0 {
            let variables = try nonNull(variables, "variables")
            let coefficients = try nonNull(coefficients, "coefficients")
            terms.reserveCapacity(count)
            for i in 0 ..< count {
                try finite(coefficients[i], "coefficients[\(i)]")
                guard case .variable(let v)? = Handles.shared.object(variables[i]) else {
                    let e = invalid(variables[i], "variable")
                    throw CError(e.status, "variables[\(i)]: \(e.message)")
                }
                terms.append(Term(v, coefficients[i]))
            }
        }
        try finite(constant, "constant")
        let rel: Relation
        switch relation {
        case 0: rel = .equal
        case 1: rel = .lessOrEqual
        case 2: rel = .greaterOrEqual
        default: throw CError(.invalidArgument, "relation \(relation) is not PLUMB_EQ, PLUMB_LE or PLUMB_GE")
        }
        let p = try priority(priorityValue)
        let expression = LinearExpression(terms, constant: constant)
        out.pointee = Handles.shared.register { id in
            .constraint(LinearConstraint(expression, rel, priority: p, file: constraintFile, line: Int(id)))
        }
    }
}

@_cdecl("plumb_constraint_free")
public func plumb_constraint_free(_ handle: OpaquePointer?) -> Int32 {
    entry { () throws(CError) in try Handles.shared.remove(handle, kind: "constraint") }
}

@_cdecl("plumb_constraint_describe")
public func plumb_constraint_describe(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?)
    -> Int32
{
    entry { () throws(CError) in
        let c = try constraint(handle)
        let out = try nonNull(out, "out")
        out.pointee = try mallocString(c.description)
    }
}

// MARK: - Solvers

@_cdecl("plumb_solver_new")
public func plumb_solver_new(_ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    entry { () throws(CError) in
        let out = try nonNull(out, "out")
        out.pointee = Handles.shared.register(.solver(SolverBox()))
    }
}

@_cdecl("plumb_solver_free")
public func plumb_solver_free(_ handle: OpaquePointer?) -> Int32 {
    entry { () throws(CError) in try Handles.shared.remove(handle, kind: "solver") }
}

@_cdecl("plumb_solver_add_constraint")
public func plumb_solver_add_constraint(_ solver: OpaquePointer?, _ handle: OpaquePointer?) -> Int32 {
    entry { () throws(CError) in
        let c = try constraint(handle)
        try withSolver(solver) { box throws(SolverError) in try box.solver.addConstraint(c) }
    }
}

@_cdecl("plumb_solver_remove_constraint")
public func plumb_solver_remove_constraint(_ solver: OpaquePointer?, _ handle: OpaquePointer?) -> Int32 {
    entry { () throws(CError) in
        let c = try constraint(handle)
        try withSolver(solver) { box throws(SolverError) in try box.solver.removeConstraint(c) }
    }
}

@_cdecl("plumb_solver_has_constraint")
public func plumb_solver_has_constraint(_ solver: OpaquePointer?, _ handle: OpaquePointer?,
                                        _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    entry { () throws(CError) in
        let c = try constraint(handle)
        let out = try nonNull(out, "out")
        try withSolver(solver) { box in out.pointee = box.solver.hasConstraint(c) ? 1 : 0 }
    }
}

@_cdecl("plumb_solver_add_edit_variable")
public func plumb_solver_add_edit_variable(_ solver: OpaquePointer?, _ handle: OpaquePointer?, _ value: Double) -> Int32 {
    entry { () throws(CError) in
        let v = try variable(handle)
        let p = try priority(value)
        try withSolver(solver) { box throws(SolverError) in try box.solver.addEditVariable(v, priority: p) }
    }
}

@_cdecl("plumb_solver_remove_edit_variable")
public func plumb_solver_remove_edit_variable(_ solver: OpaquePointer?, _ handle: OpaquePointer?) -> Int32 {
    entry { () throws(CError) in
        let v = try variable(handle)
        try withSolver(solver) { box throws(SolverError) in try box.solver.removeEditVariable(v) }
    }
}

@_cdecl("plumb_solver_has_edit_variable")
public func plumb_solver_has_edit_variable(_ solver: OpaquePointer?, _ handle: OpaquePointer?,
                                           _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    entry { () throws(CError) in
        let v = try variable(handle)
        let out = try nonNull(out, "out")
        try withSolver(solver) { box in out.pointee = box.solver.hasEditVariable(v) ? 1 : 0 }
    }
}

@_cdecl("plumb_solver_suggest_value")
public func plumb_solver_suggest_value(_ solver: OpaquePointer?, _ handle: OpaquePointer?, _ value: Double) -> Int32 {
    entry { () throws(CError) in
        let v = try variable(handle)
        try withSolver(solver) { box throws(SolverError) in try box.solver.suggestValue(v, value) }
    }
}

@_cdecl("plumb_solver_update_variables")
public func plumb_solver_update_variables(_ solver: OpaquePointer?) -> Int32 {
    entry { () throws(CError) in try withSolver(solver) { box in box.solver.updateVariables() } }
}

@_cdecl("plumb_solver_reset")
public func plumb_solver_reset(_ solver: OpaquePointer?) -> Int32 {
    entry { () throws(CError) in
        try withSolver(solver) { box in
            box.solver.reset()
            box.conflict = []
        }
    }
}

@_cdecl("plumb_solver_dump")
public func plumb_solver_dump(_ solver: OpaquePointer?, _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    entry { () throws(CError) in
        let out = try nonNull(out, "out")
        var text = ""
        try withSolver(solver) { box in text = box.solver.dump() }
        out.pointee = try mallocString(text)
    }
}

@_cdecl("plumb_solver_conflict")
public func plumb_solver_conflict(_ solver: OpaquePointer?, _ out: UnsafeMutablePointer<OpaquePointer?>?,
                                  _ capacity: Int, _ count: UnsafeMutablePointer<Int>?) -> Int32 {
    entry { () throws(CError) in
        let count = try nonNull(count, "count")
        guard capacity >= 0 else { throw CError(.invalidArgument, "capacity \(capacity) is negative") }
        var conflict: [UInt] = []
        try withSolver(solver) { box in conflict = box.conflict }
        if capacity > 0 {
            let out = try nonNull(out, "out")
            for (i, id) in conflict.prefix(capacity).enumerated() { out[i] = OpaquePointer(bitPattern: id) }
        }
        count.pointee = conflict.count
    }
}
