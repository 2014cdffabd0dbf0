/// Settings for ``ConstraintSystem/solve(options:)``.
public struct SolveOptions: Sendable {
    /// Which strategies the planner may use.
    public enum Strategy: String, Sendable, CaseIterable {
        /// The cheapest strategy for each part: required equalities in block
        /// triangular order (1×1 blocks are the DAG evaluator, larger ones the
        /// block solver), the dual simplex for the rest.
        case auto
        /// Only the DAG evaluator: every variable must be defined by one
        /// required equality from already-known ones (all blocks 1×1), and
        /// nothing may be left for the simplex.
        case dag
        /// The DAG evaluator and the block solver (square coupled blocks), but
        /// not the simplex.
        case block
        /// Only the dual simplex, on every component of the whole system.
        case simplex
    }

    /// Which strategies may run. A forced strategy that cannot solve the
    /// system throws ``SolverError/strategyCannotSolve(strategy:reason:)``.
    public var strategy: Strategy = .auto

    /// Blocks of the block triangular form with more rows than this are
    /// factorised with LAPACKE instead of in Swift.
    public var lapackThreshold: Int = 48

    /// The most threads that solve independent simplex components at once;
    /// 0 means one per active core. The planner uses fewer when there are
    /// too few components to pay for them, and the result does not depend
    /// on the number of threads. Callers that already run one solve per
    /// core (batch layout) set 1.
    public var threads: Int = 0

    /// Whether each residual component is presolved before the simplex
    /// (two-unknown equalities substituted, column singletons removed, the
    /// rest split again, one-variable parts solved without a tableau: see
    /// the design notes). Off, every component goes to the tableau whole,
    /// as a second method to compare with.
    public var presolve: Bool = true

    /// Whether small components that have the same rows up to their
    /// constants (repeated rows and cells) reuse one optimum's pattern of
    /// tight rows instead of each being solved from scratch, when their
    /// constants keep that pattern optimal (see the design notes). Off,
    /// every component is solved from scratch, as a second method.
    public var reuseShapes: Bool = true

    /// Whether a coupled block of required equalities whose entries are
    /// exactly those of a block solved shortly before (every row of a grid
    /// of equal-width cells gives the same block; only the right-hand sides
    /// differ) replays that block's elimination on its own right-hand side
    /// instead of eliminating again: the same operations on the same
    /// values, so the same bits. Off, every block is eliminated afresh, as
    /// a second method.
    public var reuseBlockFactorisations: Bool = true

    /// The LP code for parts that stay coupled after presolve and have at
    /// least ``largePartThreshold`` variables (see ``LargePartSolver``);
    /// nil keeps every part in the tableau.
    public var largePartSolver: (any LargePartSolver)? = SolveOptions.defaultLargePartSolver
    public var largePartThreshold: Int = 200
    /// Whether a large part held together by variables that its required
    /// rows push one way only has its levels above those variables' own
    /// solved with them at their far bounds, where it falls apart, before
    /// its lower levels are solved on the whole part (`OneSidedSplit`).
    /// The tests and the fuzz targets turn it off to keep such parts whole
    /// for the LP code.
    @_spi(Fuzzing) public var splitsOneSidedParts = true

    /// What ``largePartSolver`` starts as in every new `SolveOptions`: set
    /// once at start-up by a program that links an LP code (the `plumb`
    /// tool does), before any solve; nil in the core alone.
    nonisolated(unsafe) public static var defaultLargePartSolver: (any LargePartSolver)? = nil

    /// Whether a system compiled by `CompiledSystem.solveCompiling` (what
    /// `root.layout` keeps between layouts) gives, at each later solve, a
    /// fresh solve's values bit for bit. Off (the default), the parts it
    /// hands to ``largePartSolver`` go through one session
    /// (``LargePartSolver/makeSession()``) made before its one-shot solve:
    /// that solve is still a fresh solve bit for bit (the session only
    /// records, for Clp each priority level's basis), and later solves start
    /// each part from what the session kept (Clp: the dual simplex from the
    /// last bases instead of a cold solve), giving the same optimum to the
    /// LP code's tolerance and, where the optimum is not one point,
    /// possibly another point of it. On, each later solve hands its parts
    /// to ``largePartSolver`` itself, as a fresh solve does. Without a
    /// large-part solver it changes nothing. A system compiled by
    /// `CompiledSystem.init` (`CompiledLayout`, `plumb sweep`) follows
    /// slopes and sessions whatever this says.
    public var exactSolvesAgain: Bool = SolveOptions.defaultExactSolvesAgain

    /// What ``exactSolvesAgain`` starts as in every new `SolveOptions`
    /// (`false`): a program whose view trees must be laid out again bit for
    /// bit as afresh sets it once at start-up, before any layout.
    nonisolated(unsafe) public static var defaultExactSolvesAgain = false

    /// A system compiled by `CompiledSystem.solveCompiling` keeps the
    /// presolve of each residual component of at least this many rows, so
    /// that a change of its optional rows' constants is solved from it
    /// (`ComponentPresolve.Kept`); smaller components are presolved again.
    /// Each kept presolve holds about its component's size in memory; the
    /// tests and the solver fuzz target lower it to reach small components.
    public var keptPresolveRows = 512

    public init(strategy: Strategy = .auto) {
        self.strategy = strategy
    }
}
