/// An unknown of a ``Solver``: a named number whose value the solver chooses.
///
/// A variable is a reference: two `Variable`s are equal only when they are the
/// same object, whatever their names. The same variable may be used in several
/// solvers at once (each solver keeps its own mapping from variables to its
/// internal columns); ``value`` holds whatever the solver that last ran
/// ``Solver/updateVariables()`` computed for it.
///
/// ```swift
/// let width = Variable("width")
/// let c = width >= 100
/// ```
///
/// Comparing two variables with `==` yields a `Bool` (identity) where the
/// context does not ask for a constraint: `let same = a == b` is a `Bool`,
/// while `solver.addConstraint(a == b)` builds a ``LinearConstraint``. Write
/// `LinearConstraint(a - b, .equal)` or `a - b == 0` to make the intent plain.
public final class Variable: Hashable, CustomStringConvertible {
    /// The name used when printing expressions, constraints, errors and ``Solver/dump()``.
    ///
    /// - Complexity: O(1).
    public let name: String

    /// The value written by the last ``Solver/updateVariables()`` of a solver
    /// that knows this variable; `0` before that.
    ///
    /// - Complexity: O(1).
    public internal(set) var value: Double = 0

    /// Creates a variable.
    ///
    /// - Parameter name: A name for diagnostics. Names need not be unique; the
    ///   variable's identity is the object itself.
    /// - Complexity: O(1).
    public init(_ name: String) {
        self.name = name
    }

    /// Identity: `true` only when `a` and `b` are the same object.
    ///
    /// - Complexity: O(1).
    public static func == (a: Variable, b: Variable) -> Bool { a === b }

    /// Hashes the object's identity.
    ///
    /// - Complexity: O(1).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }

    /// The variable's name.
    ///
    /// - Complexity: O(1).
    public var description: String { name }
}
