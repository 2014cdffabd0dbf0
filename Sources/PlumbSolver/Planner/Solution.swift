/// The result of solving a ``ConstraintSystem``.
public struct Solution: Sendable {
    /// The value of every variable, indexed by ``VariableIndex``.
    public var values: [Double]
    /// What the planner did and how long it took.
    public var stats: SolveStats

    @inlinable public subscript(_ v: VariableIndex) -> Double { values[v.int] }
}

/// Counts and timings of one solve: which strategy solved how much.
public struct SolveStats: Sendable {
    public var variables = 0
    public var rows = 0
    public var nonzeros = 0
    /// The strategy that was asked for.
    public var strategy = SolveOptions.Strategy.auto
    /// Variables defined one at a time by a required equality from known
    /// ones (1×1 blocks of the block triangular form): the DAG evaluator.
    public var dagVariables = 0
    /// Coupled square blocks of required equalities solved as dense systems
    /// (the block solver), the variables they fixed, and the largest block.
    public var blocks = 0
    public var blockVariables = 0
    public var largestBlock = 0
    /// Of those blocks, the ones solved by replaying the elimination of an
    /// earlier block with the same entries (``SolveOptions/reuseBlockFactorisations``;
    /// for a ``CompiledSystem``, counted when it was compiled).
    public var reusedBlocks = 0
    /// Independent components left after the block phase (before presolve).
    public var residualComponents = 0
    /// Presolve: variables substituted away by two-unknown required
    /// equalities, variables removed with the one row that mentioned them,
    /// and one-variable parts solved without a tableau.
    public var aggregatedVariables = 0
    public var eliminatedVariables = 0
    public var intervalVariables = 0
    /// Shapes of small components with a usable optimal pattern, and the
    /// components solved through one instead of from scratch (see
    /// ``SolveOptions/reuseShapes``).
    public var shapes = 0
    public var reusedComponents = 0
    /// Parts left coupled and large after presolve that the large-part LP
    /// code solved (``SolveOptions/largePartSolver``), and their variables.
    public var largeParts = 0
    public var largePartVariables = 0
    /// Large parts cut at their hinges before the LP code (chains of
    /// sections, each moving rigidly with the variable that joins it to
    /// the rest), and the pieces they were cut into. The pieces are then
    /// solved as a system of their own, and what solved them is counted in
    /// the other fields (presolve, the simplex core, ``largeParts``).
    public var cutParts = 0
    public var cutPieces = 0
    /// Large parts held together by variables their required rows push one
    /// way only, whose levels above those variables' own were solved with
    /// them at their far bounds, where the part falls apart, before the
    /// lower levels on the whole part (what solved the two systems is
    /// counted in the other fields).
    public var oneSidedParts = 0
    /// Independent components (or presolved parts of them) handed to the
    /// dual simplex, their variables, and the largest.
    public var simplexComponents = 0
    public var simplexVariables = 0
    public var largestSimplexComponent = 0
    /// For a re-solve of a ``CompiledSystem``: the components that were
    /// re-optimised (dual pivots, or a rebuild) because their basis did not
    /// stay feasible, or that have no slopes; the others followed their slopes.
    /// A large component (solved afresh, no tableau) counts whenever an
    /// input changed and it was solved again.
    public var reoptimisedComponents = 0
    /// Wall time of the block phase, the simplex phase and the whole solve, in milliseconds.
    public var blockMilliseconds = 0.0
    public var simplexMilliseconds = 0.0
    public var solveMilliseconds = 0.0

    public init() {}
}
