#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ConstraintSystem {
    /// Solves the system: every satisfiable required row holds, and optional
    /// rows are optimised lexicographically by priority (see the layout
    /// document spec).
    ///
    /// The planner first orders the required equalities into block triangular
    /// form (a maximum transversal, then strongly connected components) and
    /// solves every block whose variables they determine, dependencies first:
    /// 1×1 blocks by one division, larger ones as dense systems. Whatever is
    /// left (inequalities, priorities, under-determined parts) is split into
    /// independent components, each solved by the dual simplex with the
    /// determined variables substituted as constants. The simplex therefore
    /// never sees the long equality chains that make an incremental tableau
    /// grow quadratically.
    ///
    /// Variables that no row mentions are 0.
    ///
    /// - Throws: ``SolverError/unsatisfiable(conflict:)`` with a minimal set of
    ///   conflicting required rows, by origin.
    /// - Complexity: O(rows + nonzeros) for the block part when the blocks are
    ///   small (every family of layouts in the benchmarks), plus the simplex on
    ///   each residual component.
    public func solve(options: SolveOptions = SolveOptions()) throws(SolverError) -> Solution {
        var planner = Planner(system: self, options: options)
        return try planner.run()
    }
}

/// One solve of a ``ConstraintSystem``: the state shared by its phases.
struct Planner {
    /// Where a variable stands after the block phase.
    enum State: UInt8 {
        /// Defined by no required equality (yet).
        case open = 0
        /// Fixed by its block of required equalities.
        case determined = 1
        /// Matched to an equality whose block depends on an open variable or is
        /// numerically singular: left to the simplex.
        case undetermined = 2
    }

    /// The system; a compiled system changes its parameter rows' constants.
    var system: ConstraintSystem
    let options: SolveOptions
    var values: [Double]
    var state: [State]
    var stats = SolveStats()
    /// `definingRow[v]`: the required equality matched to variable `v` by the
    /// transversal (-1 if none); `definedVariable[r]` is the inverse.
    var definingRow: [Int32]
    var definedVariable: [Int32]
    /// The block of the block triangular form that each matched variable's
    /// defining row is in (-1 if none).
    var blockOfVariable: [Int32]
    /// Whether the block phase records the order of the blocks it solves
    /// (``solvedBlock(_:)``): a compiled system re-evaluates them in this
    /// order for new constants; a one-shot solve does not keep it.
    let recordsBlockOrder: Bool
    /// The rows of every block the block phase solved, in the order it solved
    /// them (when ``recordsBlockOrder``): see ``solvedBlock(_:)``.
    var solvedBlockRows: [Int32] = []
    var solvedBlockStart: [Int32] = [0]
    /// Which components of a shape shared with another each component of
    /// the residual plan is (`ComponentShapes.shapeOf`; empty when no
    /// two share one, or shapes are not reused), as the whole residual
    /// phase found it (when ``recordsBlockOrder``): the grouping reads
    /// only the rows without their constants, so a compiled system's
    /// first layout again after a change takes it instead of describing
    /// every component again.
    var residualShapeOf: [Int32]? = nil
    /// Scratch: each variable's column in the component tableau being built,
    /// or in the coupled block being solved (-1 if none).
    var localIndex: [Int32] = []
    /// The coupled blocks' solver, kept across the block phase and a
    /// compiled system's re-evaluations with the eliminations it keeps for
    /// blocks of the same entries (``SolveOptions/reuseBlockFactorisations``).
    var denseSolver: DenseBlockSolver

    init(system: ConstraintSystem, options: SolveOptions, recordsBlockOrder: Bool = false) {
        self.system = system
        self.options = options
        self.recordsBlockOrder = recordsBlockOrder
        denseSolver = DenseBlockSolver(
            lapackThreshold: options.lapackThreshold, reusesFactorisations: options.reuseBlockFactorisations)
        // In arrays an earlier planner gave back, when there are some (``SpareArrays``).
        values = SpareArrays.take(repeating: 0, count: system.variableCount)
        state = SpareArrays.take(repeating: .open, count: system.variableCount)
        blockOfVariable = SpareArrays.take(repeating: -1, count: system.variableCount)
        definingRow = SpareArrays.take(repeating: -1, count: system.variableCount)
        definedVariable = SpareArrays.take(repeating: -1, count: system.rowCount)
        if recordsBlockOrder {
            solvedBlockRows = SpareArrays.take(capacity: system.rowCount)
            solvedBlockStart = SpareArrays.take(capacity: system.rowCount + 1)
            solvedBlockStart.append(0)
        }
    }

    /// Gives the planner's per-variable and per-row arrays to ``SpareArrays``
    /// (the planner is not used again).
    mutating func giveArrays() {
        SpareArrays.give(taking: &values)
        SpareArrays.give(taking: &state)
        SpareArrays.give(taking: &blockOfVariable)
        SpareArrays.give(taking: &definingRow)
        SpareArrays.give(taking: &definedVariable)
        SpareArrays.give(taking: &solvedBlockRows)
        SpareArrays.give(taking: &solvedBlockStart)
    }

    /// The number of blocks recorded in ``solvedBlock(_:)``.
    var solvedBlockCount: Int { solvedBlockStart.count - 1 }

    /// The rows of the `b`th block the block phase solved.
    func solvedBlock(_ b: Int) -> ArraySlice<Int32> {
        solvedBlockRows[Int(solvedBlockStart[b]) ..< Int(solvedBlockStart[b + 1])]
    }

    mutating func run() throws(SolverError) -> Solution {
        let started = Self.now()
        stats.variables = system.variableCount
        stats.rows = system.rowCount
        stats.nonzeros = system.nonzeroCount
        stats.strategy = options.strategy
        if options.strategy != .simplex { try solveBlocks() }
        stats.blockMilliseconds = (Self.now() - started) * 1e3
        let simplexStarted = Self.now()
        try solveResidual()
        stats.simplexMilliseconds = (Self.now() - simplexStarted) * 1e3
        stats.solveMilliseconds = (Self.now() - started) * 1e3
        return Solution(values: values, stats: stats)
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }
}
