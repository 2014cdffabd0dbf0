/// The result of solving a ``ConstraintSystem``.
public struct Solution: Sendable {
    /// The value of every variable, indexed by ``VariableIndex``.
    public var values: [Double]
    /// What the planner did and how long it took.
    public var stats: SolveStats

    @inlinable public subscript(_ v: VariableIndex) -> Double { values[v.int] }
}

/// Counts and timings of one solve.
public struct SolveStats: Sendable {
    public var variables = 0
    public var rows = 0
    public var nonzeros = 0
    /// Variables fixed by required equalities before the simplex ran
    /// (solved block by block in block triangular order).
    public var presolvedVariables = 0
    /// Blocks of the block triangular form solved directly, and the largest.
    public var blocks = 0
    public var largestBlock = 0
    /// Independent components handed to the dual simplex, their variables, and the largest.
    public var simplexComponents = 0
    public var simplexVariables = 0
    public var largestSimplexComponent = 0
    /// Wall time of the solve, in milliseconds.
    public var solveMilliseconds = 0.0

    public init() {}
}
