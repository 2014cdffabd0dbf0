/// A ``ConstraintSystem`` planned once and solved again and again as the
/// constants of chosen rows (its parameters: a root size, intrinsic sizes)
/// change.
///
/// Compiling runs the planner's structural work once: the block triangular
/// form of the required equalities, the split of what is left into
/// independent components, and one dual simplex tableau per component. Each
/// ``solve()`` then
/// - re-evaluates the solved blocks in their order (one division per 1×1
///   block, one small dense solve per coupled block; no planning);
/// - checks the required rows that the blocks fix completely;
/// - for each simplex component, suggests the new values of the determined
///   variables and parameter constants it reads. They are columns held by
///   edit variables, so the dual simplex re-optimises from the previous
///   basis, and a component none of whose inputs changed does no work.
///
/// Most re-solves need no pivot at all: changing edit values moves only a
/// tableau's row constants, linearly, so while a component's basis stays
/// feasible its solution is its last one plus slopes times the parameters'
/// changes (`ComponentSlopes`). A component is handed to the dual simplex
/// only when that ratio test fails (its basis changes), and then takes new
/// slopes. When the same parameter rows change as before the previous solve
/// (a sweep over the root width), only what they reach is re-evaluated
/// (`ParameterReach`: the blocks, exactly as before, the fixed rows and the
/// components that read them); for one such row, each component is an affine
/// function of its constant with an interval in which its basis holds, so a
/// step is two comparisons and a pass over the variables that move.
/// ``SolveStats/reoptimisedComponents`` counts the components that pivoted.
///
/// The edit variables sit at a priority above every optional priority of
/// their component, so they hold exactly whenever the required rows allow:
/// the optimum is then the one a fresh ``ConstraintSystem/solve(options:)``
/// finds. When they cannot hold (the new constants make the required rows
/// conflict), the system is solved afresh so the error names the same
/// conflicting rows a fresh solve would; the compiled state stays usable.
///
/// A component with at least ``SolveOptions/largePartThreshold`` unknowns
/// (with ``SolveOptions/presolve`` on) gets no tableau: a tableau of a large
/// coupled component (a table sized by its content, a grid of charts) costs
/// quadratic time to build and fills in at every re-optimisation. Such a
/// component is solved as a fresh solve solves it (`ComponentPresolve`,
/// then the interval solver, the ``SolveOptions/largePartSolver`` or a small
/// tableau per part), at compile time and again at each solve in which one
/// of its inputs (the determined variables and parameter constants its rows
/// read) changed. The large-part solver is asked once for a session
/// (``LargePartSolver/makeSession()``), which may start each part from
/// what it kept of that part's last solve: Clp's keeps the model and the
/// basis each priority level ended on, so a step re-optimises from them
/// instead of presolving and solving every level afresh. The values are
/// then a fresh solve's optimum to the LP code's tolerance (exactly, when
/// the solver keeps nothing). There are no slopes: a step costs the
/// component's presolve and the LP code's re-optimisation. The presolve is
/// kept from the compile on and taken up again where the moved inputs'
/// rows allow it (a root width read by a few bounds: those rows, their
/// parts and the values that can have moved), or replayed from a tape of
/// its arithmetic, as for ``solveCompiling(_:options:)``'s components; the
/// values are the whole presolve's, bit for bit.
/// `largePartThreshold = Int.max` (or `presolve = false`) keeps a
/// warm-started tableau for every component.
///
/// Which parameter rows may change is fixed at compile time, because it
/// shapes the tableaux.
///
/// `CompiledSystem` is a class holding mutable tableaux and is not
/// `Sendable`: use one per thread (compile once per thread, or per task).
///
/// ```swift
/// let compiled = try CompiledSystem(system, parameterRows: [widthRow])
/// for width in stride(from: 320.0, through: 1400, by: 10) {
///     compiled.setConstant(-width, ofRow: widthRow)
///     let solution = try compiled.solve()
/// }
/// ```
public final class CompiledSystem {
    private var planner: Planner
    /// Made at compilation; components whose rows a change of constants
    /// reorders are sorted again (``reorderChangedComponents()``).
    private var plan: Planner.ResidualPlan
    /// For each residual row, its place in ``plan``'s rows and its
    /// component (-1 for other rows): found at the first ``solve()`` of a
    /// system solved by ``FreshResidual``, where a fresh solve's order must
    /// be kept.
    private var planPlace: [Int32] = []
    private var planComponent: [Int32] = []
    /// One tableau per component of ``plan``; `nil` for a component whose
    /// optional priorities leave no room for the edit level below required,
    /// which is rebuilt at each solve instead.
    private var components: [Planner.ComponentTableau?]
    /// Components whose tableau is rebuilt at the next solve: after a
    /// suggestion that the edits could not absorb, the basis is no longer
    /// trusted as a warm start.
    private var stale: [Bool]
    /// `isParameter[r]`: row `r`'s constant may change.
    private let isParameter: [Bool]
    private var suggestions: [(variable: Int32, value: Double)] = []
    /// Each component's solution as an affine function of its parameters around its basis.
    private var slopes = ComponentSlopes()
    /// The parameter rows whose constants changed since the blocks were last evaluated.
    private var changedRows: [Int32] = []
    private var isChanged: [Bool]
    /// The rows that changed before each of the last few solves (most recent
    /// last): a change seen among them again (a sweep over one size, or
    /// over widths with a few heights each) is worth building a reach for.
    private var recentChanges: [[Int32]] = []
    /// The reaches built, most recently used last.
    private var reaches: [ParameterReach] = []
    private static let rememberedChanges = 4
    /// The one row that ``derivatives`` and ``program`` are for: each
    /// variable's rate per unit of its constant, and the components as
    /// functions of it (made after two steps in a row over that change,
    /// dropped by any other change).
    private var programRow: Int32? = nil
    private var derivatives: [Double]? = nil
    /// Whether ``derivatives`` was computed for ``programRow`` (`nil` then: it reaches a coupled block).
    private var derivativesKnown = false
    private var program: ComponentSlopes.RowProgram? = nil
    /// Set while a solve is under way and left set when it does not finish:
    /// the next solve then evaluates every block and visits every component.
    private var needsFullPass = false
    /// Scratch: the components to re-optimise in this solve.
    private var reoptimise: [Int32] = []

    // MARK: Large components, solved afresh
    /// `isLarge[c]`: component `c` has at least ``SolveOptions/largePartThreshold``
    /// unknowns and is solved as a one-shot solve solves it (presolve, then
    /// the interval solver, the large-part solver or a small tableau per
    /// part) whenever one of its inputs changed, instead of through a
    /// warm-started tableau of its own: such a tableau costs quadratic time
    /// and memory to build, and each re-optimisation of it about as much.
    private var isLarge: [Bool]
    /// The large components, ascending.
    private var largeComponents: [Int] = []
    /// Large component `largeComponents[i]` reads the inputs
    /// `largeInputs[largeInputStart[i] ..< largeInputStart[i + 1]]`: a
    /// determined variable `v`, or `~r` for parameter row `r`'s constant.
    private var largeInputStart: [Int] = [0]
    private var largeInputs: [Int32] = []
    /// Each input's value when its component was last solved.
    private var largeInputValues: [Double] = []
    /// The places in `largeInputs` of large component `largeComponents[i]`'s
    /// determined variables: `largeVariablePlaces[largeVariableStart[i] ..<
    /// largeVariableStart[i + 1]]`, ascending (compared alone when the rows
    /// that changed are known: `compareInputs(_:listing:notedRows:)`).
    private var largeVariableStart: [Int] = [0]
    private var largeVariablePlaces: [Int32] = []
    /// For a large component whose moved inputs' readers may be listed (it
    /// keeps its presolve: at least `SolveOptions.keptPresolveRows` rows),
    /// its terms on determined variables, noted by the pass that registers
    /// its inputs: `determinedTerms[termStart[i] ..< termStart[i + 1]]`,
    /// each a term's variable and row (an index into the component's rows),
    /// in the order of its rows and their terms.
    /// `addReaders(of:component:to:)` reads them instead of every term
    /// of the component. `termsIndexed[i]` false: none noted, or the rows
    /// were sorted again since (the indices are stale).
    private var termStart: [Int] = [0]
    private var determinedTerms: [(row: Int32, variable: Int32)] = []
    private var termsIndexed: [Bool] = []
    /// Whether large component `largeComponents[i]` holds its solution at those values.
    private var largeSolved: [Bool] = []
    /// For `FreshResidual/changedComponents`: for each row, the place in
    /// `largeInputs` of its constant (-1 for a row no component reads as
    /// an input). When a change reaches no block, no determined variable
    /// moves, and the inputs that changed are found from the rows
    /// ``setConstant(_:ofRow:origin:)`` noted instead of by comparing every
    /// input (`noteChangedInputs(_:)`).
    private var rowInputPlace: [Int32] = []
    /// Scratch: the places in `largeInputs` of the noted rows whose
    /// constants differ from their recorded values, ascending.
    private var notedInputs: [Int] = []
    /// Checking mode: each component's inputs are also compared one by one
    /// after the noted rows gave its change, and a disagreement counted in
    /// `notedInputMismatches` (the noted result is used either way).
    @_spi(Lowering) public var checksNotedInputs = false
    @_spi(Lowering) public private(set) var notedInputMismatches = 0
    /// Solves that found the changed inputs from the noted rows.
    @_spi(Lowering) public private(set) var notedInputSolves = 0
    /// Solves after a change that reached blocks (a new root width) that
    /// found the changed rows from the noted ones and compared only the
    /// determined variables among the inputs.
    @_spi(Lowering) public private(set) var notedRowSolves = 0
    /// Listings of moved variables' readers made from a component's noted
    /// terms on determined variables (`determinedTerms`).
    @_spi(Lowering) public private(set) var indexedListings = 0
    /// The presolve, its tableau for small parts, and its scratch of one entry per variable (all -1).
    private var reducer = ComponentPresolve()
    private var reducerCore: SimplexCore? = nil
    private var localIndex: [Int32] = []

    // MARK: Components solved as a one-shot solve solves them
    /// How a system compiled by ``solveCompiling(_:options:)`` with rows
    /// left for the residual phase solves them at each ``solve()``, so that
    /// its values are a fresh solve's bit for bit but for the large-part
    /// solver's session (see ``solveCompiling(_:options:)``; `nil`:
    /// tableaux, slopes and large components, as compiled by
    /// ``init(_:parameterRows:options:)``).
    enum FreshResidual {
        /// Every component is a large component (no tableau): solved from
        /// scratch, as a one-shot solve solves it, when one of its inputs
        /// changed. Used when no two components share a shape, so that a
        /// one-shot solve solves each from scratch whatever the constants.
        case changedComponents
        /// The residual phase re-run on the kept plan, as a one-shot solve
        /// runs it (components of one shape may be solved through another's
        /// pattern, depending on the constants), at each solve after a
        /// constant changed; not at all when none did since the last solve
        /// that finished (its values stand). With `sharedComponents`, only
        /// on the components that share a shape: each of the others (its
        /// shape its own) is a large component, solved as in
        /// `changedComponents` when one of its inputs changed.
        case wholePhase
    }
    private(set) var freshResidual: FreshResidual? = nil
    /// For `FreshResidual.wholePhase`: the components that share a shape
    /// with another (ascending), when the others are solved apart as large
    /// components; `nil` when the phase is run on every component.
    private(set) var sharedComponents: [Int]? = nil
    /// Solves that ran the residual phase on `sharedComponents` only, and
    /// solves that left it out (the change reached no block and no row of
    /// those components, so their values stand).
    private(set) var sharedPhaseSolves = 0
    private(set) var sharedPhaseSkipped = 0
    /// A system compiled by ``solveCompiling(_:options:)`` with residual
    /// components whose inputs are not prepared yet: the first ``solve()``
    /// after a change prepares them, at the one-shot solve's values (a
    /// solve with nothing changed since returns that solve's values and
    /// leaves them). Until then the planner's values are the one-shot
    /// solve's, and so are its constants but for the rows in
    /// `constantsBeforeChange`.
    private var unprepared = false
    /// While `unprepared`: each row whose constant was set since the one-shot
    /// solve, with its constant then (kept here rather than a copy of every
    /// constant and value: holding the arrays, the first change would copy
    /// them).
    private var constantsBeforeChange: [(row: Int32, constant: Double)] = []
    /// For the tests: `false` compiles a system (``solveCompiling(_:options:)``)
    /// that prepares its components' inputs at its first ``solve()``
    /// whatever changed, as before, instead of at the first solve after a
    /// change: the reference the put-off preparation is compared with.
    @TaskLocal static var preparesAtFirstChange = true
    /// `preparesAtFirstChange` when the system was compiled.
    private var preparesAtFirstChange = true
    /// Solves with nothing changed since the one-shot solve that left the
    /// preparation of the components' inputs (`prepareFreshResidual`) for
    /// a later solve.
    @_spi(Lowering) public private(set) var preparationsPutOff = 0
    /// Whether the components' inputs were prepared (`prepareFreshResidual`
    /// ran): the components solved apart are registered, their inputs listed.
    @_spi(Lowering) public var preparedInputs: Bool { freshResidual != nil && !unprepared }
    /// The large components registered, and their inputs listed.
    @_spi(Lowering) public var registeredComponents: Int { largeComponents.count }
    @_spi(Lowering) public var registeredInputs: Int { largeInputs.count }
    /// For ``FreshResidual/changedComponents``: each component's presolve
    /// as recorded when it was last presolved whole (when it was solved
    /// again for the second time, after a replay diverged, or after its rows
    /// were reordered), replayed at its next solve so that only the
    /// arithmetic on its constants is done again (`ComponentPresolve.Tape`).
    /// Neither the one-shot solve nor a component's first solve again
    /// records one: a tree laid out once, or changed once, does not pay for
    /// a tape it never replays.
    private var tapes: [ComponentPresolve.Tape?] = []
    /// `presolvedAgain[c]`: component `c` was presolved plainly once since
    /// the one-shot solve (its tape is recorded at the next solve again).
    private var presolvedAgain: [Bool] = []
    /// For ``FreshResidual/changedComponents``: each component's presolve as
    /// its last whole solve left it, for a component of at least
    /// `SolveOptions.keptPresolveRows` rows (from the one-shot solve on:
    /// keeping it records nothing). When only optional rows of the
    /// component changed, it is solved from there (`ComponentPresolve.Kept`);
    /// nil once its state is no longer the component's.
    private var kept: [ComponentPresolve.Kept?] = []
    /// Scratch: the changed rows of a component, as indices into its rows.
    private var changedLocalRows: [Int32] = []
    /// `SolveOptions.keptPresolveRows` (read while the planner's values are written).
    private var keptPresolveRows = Int.max
    /// For a system compiled by ``solveCompiling(_:options:)`` without
    /// ``SolveOptions/exactSolvesAgain``: the large-part solver's session,
    /// made before the one-shot solve (which it recorded without
    /// replaying), through which every later solve's large parts go.
    private var largeSession: (any LargePartSolver)? = nil
    /// Components solved by replaying their presolve's tape, and replays
    /// that diverged (a decision that depends on the constants changed), so
    /// that the component was presolved whole after all.
    @_spi(Lowering) public private(set) var replayedComponents = 0
    @_spi(Lowering) public private(set) var divergedReplays = 0
    /// Whole presolves that recorded a tape.
    @_spi(Lowering) public private(set) var recordedTapes = 0
    /// Components solved again from their kept presolve (only optional
    /// rows changed).
    @_spi(Lowering) public private(set) var resolvedComponents = 0
    /// The changed required rows those solves from a kept presolve met, by
    /// where the presolve had put them (replayed, or declined: the
    /// component presolved whole).
    @_spi(Lowering) public private(set) var requiredRowTally = RequiredRowTally()
    /// Solves that compared no large component's inputs: nothing changed
    /// since a solve that finished, so none of them can have.
    @_spi(Lowering) public private(set) var inputsLeftUncompared = 0

    /// Plans `system` and builds its tableaux for its current constants.
    ///
    /// - Parameters:
    ///   - system: the system; its constants are the starting values.
    ///   - parameterRows: the rows whose constants ``setConstant(_:ofRow:origin:)`` may change.
    ///   - options: as for ``ConstraintSystem/solve(options:)``.
    /// - Throws: ``SolverError/strategyCannotSolve(strategy:reason:)`` when a
    ///   forced strategy cannot solve the system, and
    ///   ``SolverError/unsatisfiable(conflict:)`` when required rows conflict
    ///   whatever the parameters (a conflict that depends on the parameters'
    ///   values is reported by ``solve()``).
    /// - Complexity: about one fresh solve, plus a column and an edit row per
    ///   determined variable that a simplex component reads.
    public init(
        _ system: ConstraintSystem, parameterRows: some Sequence<RowIndex>, options: SolveOptions = SolveOptions()
    ) throws(SolverError) {
        var isParameter = [Bool](repeating: false, count: system.rowCount)
        for r in parameterRows { isParameter[r.int] = true }
        self.isParameter = isParameter
        isChanged = [Bool](repeating: false, count: system.rowCount)
        planner = Planner(system: system, options: options, recordsBlockOrder: true)
        planner.stats.variables = system.variableCount
        planner.stats.rows = system.rowCount
        planner.stats.nonzeros = system.nonzeroCount
        planner.stats.strategy = options.strategy
        if options.strategy != .simplex { try planner.solveBlocks() }
        plan = planner.makeResidualPlan()
        try planner.checkStrategy(plan)
        components = []
        components.reserveCapacity(plan.componentCount)
        stale = [Bool](repeating: false, count: plan.componentCount)
        isLarge = Self.largeComponents(of: plan, planner: planner)
        var seen = [Int32](repeating: -1, count: isLarge.contains(true) ? system.variableCount : 0)
        for c in 0 ..< plan.componentCount {
            if isLarge[c] {
                components.append(nil)
                // Its moved inputs' readers are listed when it keeps its presolve.
                addLargeComponent(c, seen: &seen, indexingTerms: options.presolve && Self.keepsSweepPresolves
                                  && plan.rows(ofComponent: c).count >= options.keptPresolveRows)
                continue
            }
            guard let priority = editPriority(ofComponent: c) else {
                components.append(nil)
                continue
            }
            let tableau = try planner.buildComponent(c, of: plan, parameters: (priority, isParameter))
            planner.noteSimplexComponent(tableau)
            // Parameter values at which the required rows conflict: the
            // first solve rebuilds the tableau and reports the conflict.
            if !parametersHold(in: tableau) { stale[c] = true }
            components.append(tableau)
        }
        largeInputValues = [Double](repeating: 0, count: largeInputs.count)
        for (c, tableau) in components.enumerated() {
            slopes.append(tableau)
            if stale[c] { slopes.invalidate(c) }
        }
        if !largeComponents.isEmpty {
            reducer.largePartSolver = options.largePartSolver?.makeSession()
            reducer.largePartThreshold = options.largePartSolver == nil ? Int.max : options.largePartThreshold
            reducer.oneSidedSplit = options.splitsOneSidedParts
            reducer.oneSidedThreads = options.threads
            reducerCore = SimplexCore(variableCount: 0)
            localIndex = [Int32](repeating: -1, count: system.variableCount)
            keepPresolvesWhileSweeping(options)
            for i in largeComponents.indices {
                // A conflict here may depend on the parameters: the first solve reports it.
                _ = solveLarge(i, counting: true)
            }
        }
        // The first solve checks the fixed rows and visits every component:
        // compiling checks neither, and a required row that conflicts at
        // the compiled constants must be reported by it.
        needsFullPass = true
    }

    /// Solves `system` as ``ConstraintSystem/solve(options:)`` does (the
    /// same values, bit for bit, the same statistics and the same errors)
    /// and, when the block phase alone solved it (no row left for the
    /// simplex: every required row holds at the values the blocks gave, and
    /// every other row reads only variables the blocks determined), returns
    /// it compiled as well, at no second block phase: the compiled system is
    /// the one solve's planner, with the order of its blocks recorded. Every
    /// row is one of its parameter rows (there is no simplex tableau for
    /// them to shape). Its first ``solve()`` then re-evaluates the blocks
    /// only when a constant changed, as any compiled system's later solves do.
    ///
    /// A system that leaves rows for the simplex is solved to the end as a
    /// one-shot solve solves it, and no compiled system is returned
    /// (``solveCompiling(_:options:)`` compiles it too).
    ///
    /// - Throws: as ``ConstraintSystem/solve(options:)``.
    /// - Complexity: one fresh solve, plus O(rows) to record the blocks' order.
    public static func solveCompilingBlocks(
        _ system: ConstraintSystem, options: SolveOptions = SolveOptions()
    ) throws(SolverError) -> (solution: Solution, compiled: CompiledSystem?) {
        try solve(system, options: options, compilingResidual: false)
    }

    /// Solves `system` as ``ConstraintSystem/solve(options:)`` does (the
    /// same values, bit for bit, the same statistics and the same errors)
    /// and returns it compiled, every row a parameter row, so that each later
    /// ``solve()`` after new constants gives what a fresh solve of the
    /// changed system gives, at less cost: bit for bit, except for the parts
    /// handed to the ``SolveOptions/largePartSolver`` (Clp), which unless
    /// ``SolveOptions/exactSolvesAgain`` is set go through one session
    /// (``LargePartSolver/makeSession()``) made before the first solve. That
    /// solve only records in it (Clp: each level's basis), and later solves
    /// start each part of a shape seen before from there (Clp: the dual
    /// simplex from the last bases instead of presolving and solving each
    /// level cold). Such a part's values are then the same lexicographic
    /// optimum to the LP code's tolerance (every required row holds and
    /// every level's error is a fresh solve's, to Clp's 1e-9) and, where
    /// the optimum is not one point, possibly another point of it. With
    /// ``SolveOptions/exactSolvesAgain`` the parts go to the solver itself,
    /// and every later solve is a fresh solve's bit for bit. The rest:
    ///
    /// - when the block phase alone solved it, as
    ///   ``solveCompilingBlocks(_:options:)`` (the blocks re-evaluated);
    /// - otherwise (rows left for the residual phase: optional rows,
    ///   inequalities, what the blocks leave undetermined) the solve's planner
    ///   is kept with its residual plan. A later ``solve()`` re-evaluates the
    ///   blocks, then solves the residual components exactly as a one-shot
    ///   solve does: when no two components share a shape (see
    ///   ``SolveOptions/reuseShapes``), only the components whose inputs
    ///   (the row constants and determined variables they read) changed;
    ///   otherwise the same for each component whose shape is its own (a
    ///   one-shot solve solves it from scratch whatever the others'
    ///   constants), and the residual phase on the kept plan, as a one-shot
    ///   solve runs it, on the components that share a shape, when a
    ///   constant changed since the last solve that finished (with none
    ///   changed, that solve's values are returned as they are). A large
    ///   component whose only changed rows are optional (an intrinsic
    ///   size's hugging and compression resistance) is solved from its
    ///   presolve as this solve left it: no decision of the presolve reads
    ///   an optional row's constant, so only the changed rows are
    ///   substituted and rewritten again, and the parts they are in solved
    ///   again. A moved determined variable (a new root width) is, to that
    ///   presolve, a change of the rows that read it, taken the same way
    ///   when no decision reads them. Another component solved again
    ///   repeats its last presolve's arithmetic on the new constants, in the
    ///   same order (the
    ///   aggregation, eliminations and parts found then are kept), and is
    ///   presolved from scratch when a decision that depends on the
    ///   constants (a bound becoming tighter than a parallel one, two
    ///   opposite bounds meeting, a required row ceasing to hold) comes out
    ///   otherwise. No tableau is kept and no
    ///   slopes are followed (they agree with a fresh solve only to the
    ///   solver's tolerance): what a step saves over a fresh solve is the
    ///   planning (the block triangular form, the split into components and
    ///   the order of their rows), the presolve's structural work, the
    ///   components whose inputs did not change, and (through the session)
    ///   the large-part solver's cold solves.
    ///
    /// The compiled system is `nil` only when the solve fails.
    ///
    /// - Throws: as ``ConstraintSystem/solve(options:)``.
    /// - Complexity: one fresh solve, plus O(rows) to record the blocks'
    ///   order. With residual components, each one's inputs are listed by
    ///   the first ``solve()`` after a change (a solve with nothing
    ///   changed lists nothing).
    ///   Large components' presolves are kept (about the memory of the
    ///   presolve's working arrays).
    public static func solveCompiling(
        _ system: ConstraintSystem, options: SolveOptions = SolveOptions()
    ) throws(SolverError) -> (solution: Solution, compiled: CompiledSystem?) {
        try solve(system, options: options, compilingResidual: true)
    }

    /// What `Planner.run()` does, with the block order recorded and the
    /// residual plan made before the residual phase and kept; a compiled
    /// system when the blocks solved everything or `compilingResidual`.
    private static func solve(
        _ system: ConstraintSystem, options: SolveOptions, compilingResidual: Bool
    ) throws(SolverError) -> (solution: Solution, compiled: CompiledSystem?) {
        var planner = Planner(system: system, options: options, recordsBlockOrder: true)
        let started = Planner.now()
        planner.stats.variables = system.variableCount
        planner.stats.rows = system.rowCount
        planner.stats.nonzeros = system.nonzeroCount
        planner.stats.strategy = options.strategy
        if options.strategy != .simplex { try planner.solveBlocks() }
        planner.stats.blockMilliseconds = (Planner.now() - started) * 1e3
        let simplexStarted = Planner.now()
        let plan = planner.makeResidualPlan()
        guard plan.componentCount == 0 else {
            // Not recorded here: a component's tape is recorded when it is
            // solved again for the second time (the first layout does not pay
            // for it). Large components' presolves are kept (nothing to record).
            let keeping = compilingResidual && options.presolve
            let kept = UnsafeMutableBufferPointer<ComponentPresolve.Kept?>.allocate(
                capacity: keeping ? plan.componentCount : 0)
            kept.initialize(repeating: nil)
            defer {
                kept.deinitialize()
                kept.deallocate()
            }
            // The session later solves start from: made now, so that it
            // keeps what this solve learns (replaying nothing, so that this
            // solve is a fresh solve bit for bit).
            let session = compilingResidual && options.presolve && !options.exactSolvesAgain
                ? options.largePartSolver?.makeSession() : nil
            session?.allowReplays(false)
            try planner.solveResidual(
                plan, keeping: keeping ? (kept, options.keptPresolveRows) : nil, session: session)
            planner.stats.simplexMilliseconds = (Planner.now() - simplexStarted) * 1e3
            planner.stats.solveMilliseconds = (Planner.now() - started) * 1e3
            let solution = Solution(values: planner.values, stats: planner.stats)
            guard compilingResidual else { return (solution, nil) }
            session?.allowReplays(true)
            return (solution, CompiledSystem(solvedWithResidual: planner, plan: plan, kept: Array(kept),
                                             session: session))
        }
        try planner.checkFixedRows(plan)
        try planner.checkStrategy(plan)
        planner.stats.simplexMilliseconds = (Planner.now() - simplexStarted) * 1e3
        planner.stats.solveMilliseconds = (Planner.now() - started) * 1e3
        let solution = Solution(values: planner.values, stats: planner.stats)
        return (solution, CompiledSystem(solvedByBlocks: planner, plan: plan))
    }

    /// The planner's arrays go to the next planner (``SpareArrays``).
    deinit {
        planner.giveArrays()
    }

    /// A system whose block phase `planner` has run, leaving `plan` with no
    /// component, its fixed rows checked: its values are current. Every row
    /// is a parameter row.
    private init(solvedByBlocks planner: Planner, plan: Planner.ResidualPlan) {
        isParameter = [Bool](repeating: true, count: planner.system.rowCount)
        isChanged = [Bool](repeating: false, count: planner.system.rowCount)
        self.planner = planner
        self.plan = plan
        components = []
        stale = []
        isLarge = []
        needsFullPass = false
    }

    /// A system that `planner` has solved through the residual phase of
    /// `plan` (which has components): its values are current. Every row is
    /// a parameter row; the components are solved as a one-shot solve
    /// solves them (``FreshResidual``).
    private init(
        solvedWithResidual planner: Planner, plan: Planner.ResidualPlan, kept: [ComponentPresolve.Kept?],
        session: (any LargePartSolver)?
    ) {
        isParameter = [Bool](repeating: true, count: planner.system.rowCount)
        isChanged = [Bool](repeating: false, count: planner.system.rowCount)
        self.planner = planner
        self.plan = plan
        components = [Planner.ComponentTableau?](repeating: nil, count: plan.componentCount)
        stale = [Bool](repeating: false, count: plan.componentCount)
        isLarge = [Bool](repeating: false, count: plan.componentCount)
        needsFullPass = false
        // How the components are solved again, and their inputs, are
        // found at the first ``solve()`` after a change
        // (``prepareFreshResidual()``): the first layout pays only for
        // the one-shot solve, and a layout again with nothing changed for
        // none of it.
        freshResidual = .wholePhase
        unprepared = true
        self.kept = kept
        largeSession = session
        listsReadersOfMovedVariables = Self.keepsPresolvesForMovedVariables
        solvesOwnShapesApart = Self.solvesOwnShapesApart
        preparesAtFirstChange = Self.preparesAtFirstChange
    }

    /// For the tests: `false` compiles a system (``solveCompiling(_:options:)``)
    /// whose components share shapes so that every layout again re-runs the
    /// residual phase on every component, as before, instead of solving the
    /// components of a shape of their own apart (`sharedComponents`): the
    /// reference the split is compared with.
    @TaskLocal static var solvesOwnShapesApart = true
    /// `solvesOwnShapesApart` when the system was compiled.
    private var solvesOwnShapesApart = true

    /// Decides how the components of a system compiled by
    /// ``solveCompiling(_:options:)`` are solved again and, for
    /// ``FreshResidual/changedComponents``, lists each one's inputs with
    /// their values at the one-shot solve (the solve solved every
    /// component at them): the planner's values, and its constants with
    /// `constantsBeforeChange` put back.
    private func prepareFreshResidual() {
        let options = planner.options
        // Shapes are found from the rows without their constants: the same
        // whatever the constants (the values are only read), and so is
        // which components share one. The one-shot solve's grouping is
        // taken (its plan's rows are still in that order: they are sorted
        // again only after this).
        func shapeOfComponents() -> [Int32] {
            guard options.reuseShapes && plan.componentCount > 1 else { return [] }
            var values = planner.values
            let shapes = values.withUnsafeMutableBufferPointer { values in
                ComponentShapes(plan, system: planner.system, state: planner.state, values: values)
            }
            return shapes.shapes.isEmpty ? [] : shapes.shapeOf
        }
        let shapeOf = planner.residualShapeOf ?? shapeOfComponents()
        assert(planner.residualShapeOf == nil || shapeOf == shapeOfComponents(), "the one-shot solve's shapes differ")
        planner.residualShapeOf = nil
        // A component of a shape of its own is solved from scratch by the
        // one-shot solve (in its last run, in order, or with every component
        // when a representative conflicts, and the solve fails then) whatever
        // the constants of the others: it is solved apart as a large
        // component, and the phase runs on the others. Not when a shared
        // shape's component could hand a part to the large-part solver's
        // session (the order of the parts it meets would change).
        let apart = !shapeOf.isEmpty && solvesOwnShapesApart && options.presolve
            && (options.largePartSolver == nil || options.largePartThreshold > ComponentShapes.maxVariables)
        guard shapeOf.isEmpty || apart else {
            freshResidual = .wholePhase
            tapes = []
            kept = []
            return
        }
        let own = apart ? (0 ..< plan.componentCount).filter { shapeOf[$0] < 0 } : Array(0 ..< plan.componentCount)
        if apart {
            freshResidual = .wholePhase
            sharedComponents = (0 ..< plan.componentCount).filter { shapeOf[$0] >= 0 }
            // The one-shot solve's kept presolves are by component; the large
            // components' by their place among them.
            let byComponent = kept
            kept = byComponent.isEmpty ? [] : own.map { byComponent[$0] }
            tapes = [ComponentPresolve.Tape?](repeating: nil, count: own.count)
            presolvedAgain = [Bool](repeating: false, count: own.count)
        } else {
            if tapes.count != plan.componentCount {
                tapes = [ComponentPresolve.Tape?](repeating: nil, count: options.presolve ? plan.componentCount : 0)
                presolvedAgain = [Bool](repeating: false, count: tapes.count)
            }
            freshResidual = .changedComponents
        }
        isLarge = [Bool](repeating: !apart, count: plan.componentCount)
        var seen = [Int32](repeating: -1, count: planner.system.variableCount)
        for c in own {
            isLarge[c] = true
            // Its moved variables' readers are listed when it keeps its presolve.
            addLargeComponent(c, seen: &seen, indexingTerms: options.presolve && listsReadersOfMovedVariables
                              && plan.rows(ofComponent: c).count >= options.keptPresolveRows)
        }
        var recorded = [Double](repeating: 0, count: largeInputs.count)
        var place = [Int32](repeating: -1, count: planner.system.rowCount)
        largeInputValues = []
        recorded.withUnsafeMutableBufferPointer { recorded in
        place.withUnsafeMutableBufferPointer { place in
        planner.values.withUnsafeBufferPointer { values in
        planner.system.constants.withUnsafeBufferPointer { constants in
        largeInputs.withUnsafeBufferPointer { inputs in
            for j in inputs.indices {
                let input = inputs[j]
                if input >= 0 {
                    recorded[j] = values[Int(input)]
                } else {
                    recorded[j] = constants[Int(~input)]
                    place[Int(~input)] = Int32(j)
                }
            }
        }
        }
        }
        }
        }
        // The rows set since: their inputs are recorded at the one-shot solve's constants.
        for (r, constant) in constantsBeforeChange where place[Int(r)] >= 0 { recorded[Int(place[Int(r)])] = constant }
        constantsBeforeChange = []
        largeInputValues = recorded
        rowInputPlace = place
        for i in largeComponents.indices { largeSolved[i] = true }
        // The session the one-shot solve's large parts went through, or
        // (``SolveOptions/exactSolvesAgain``) the large-part solver itself,
        // as a fresh solve's presolve has it.
        reducer.largePartSolver = largeSession ?? options.largePartSolver
        reducer.largePartThreshold = options.largePartSolver == nil ? Int.max : options.largePartThreshold
        reducer.oneSidedSplit = options.splitsOneSidedParts
        reducer.oneSidedThreads = options.threads
        reducerCore = SimplexCore(variableCount: 0)
        localIndex = [Int32](repeating: -1, count: planner.system.variableCount)
        keptPresolveRows = options.keptPresolveRows
    }

    /// Fills ``planPlace`` and ``planComponent`` for a system whose
    /// components a fresh solve would solve from scratch.
    private func placeResidualRows() {
        guard freshResidual != nil else { return }
        // Filled through pointers into local arrays (a write to the
        // class's own array checks exclusive access each time).
        var place = [Int32](repeating: -1, count: planner.system.rowCount)
        var component = place
        let plan = self.plan
        place.withUnsafeMutableBufferPointer { place in
        component.withUnsafeMutableBufferPointer { component in
        plan.rows.withUnsafeBufferPointer { rows in
            for c in 0 ..< plan.componentCount {
                for p in plan.componentStart[c] ..< plan.componentStart[c + 1] {
                    place[Int(rows[p])] = Int32(p)
                    component[Int(rows[p])] = Int32(c)
                }
            }
        }
        }
        }
        planPlace = place
        planComponent = component
    }

    /// Sorts again, as a fresh solve of the current constants would, each
    /// component with a changed row that has a row alike but for the
    /// constant (in the canonical order such rows are neighbours, ordered by
    /// constant: when the constants cross they swap, and where optima tie
    /// the order picks one).
    private func reorderChangedComponents() {
        var reordered: [Int32] = []
        for r in changedRows where planPlace[Int(r)] >= 0 {
            let p = Int(planPlace[Int(r)]), c = planComponent[Int(r)]
            let range = plan.componentStart[Int(c)] ..< plan.componentStart[Int(c) + 1]
            let system = planner.system
            let twin = (p > range.lowerBound && CanonicalRows.alike(Int(r), Int(plan.rows[p - 1]), in: system))
                || (p + 1 < range.upperBound && CanonicalRows.alike(Int(r), Int(plan.rows[p + 1]), in: system))
            if twin && !reordered.contains(c) { reordered.append(c) }
        }
        guard !reordered.isEmpty else { return }
        var canonical = CanonicalRows(planner.system)
        for c in reordered {
            let range = plan.componentStart[Int(c)] ..< plan.componentStart[Int(c) + 1]
            // From system order, as a fresh plan's rows come (rows equal in
            // everything keep it).
            plan.rows[range].sort()
            canonical.sortByLevel(&plan.rows[range])
            for p in range { planPlace[Int(plan.rows[p])] = Int32(p) }
            // Its tape and kept presolve follow the old order: presolved
            // whole, recording anew. So do its lists of the rows that read
            // each moved input, and its noted terms' rows (their indices are
            // the old order's). (A component that shares a shape has none.)
            guard let i = largeIndex(ofComponent: Int(c)) else { continue }
            if i < tapes.count { tapes[i] = nil }
            if i < kept.count { kept[i] = nil }
            inputReaders[i] = nil
            if i < termsIndexed.count { termsIndexed[i] = false }
        }
    }

    /// The place of component `c` in `largeComponents` (ascending), or
    /// `nil` when it is not a large component.
    private func largeIndex(ofComponent c: Int) -> Int? { sortedIndex(of: c, in: largeComponents) }

    /// Which components of `plan` are solved afresh: with presolve on,
    /// those with at least `largePartThreshold` unknowns.
    private static func largeComponents(of plan: Planner.ResidualPlan, planner: Planner) -> [Bool] {
        var large = [Bool](repeating: false, count: plan.componentCount)
        let options = planner.options
        guard options.presolve, options.strategy != .dag, options.strategy != .block else { return large }
        let threshold = max(1, options.largePartThreshold)
        let system = planner.system
        var mark = [Int32](repeating: -1, count: system.variableCount)
        for c in 0 ..< plan.componentCount {
            var unknowns = 0
            for r in plan.rows(ofComponent: c) {
                for k in system.termRange(of: RowIndex(Int(r))) {
                    let v = Int(system.columns[k])
                    if planner.state[v] != .determined && mark[v] != Int32(c) {
                        mark[v] = Int32(c)
                        unknowns += 1
                    }
                }
            }
            large[c] = unknowns >= threshold
        }
        return large
    }

    /// Registers large component `c` and its inputs (not yet solved).
    /// `seen` has an entry per variable, none equal to `c`: the
    /// component's determined variables are marked with `c` there. With
    /// `indexingTerms`, its terms on determined variables are noted too
    /// (`determinedTerms`).
    private func addLargeComponent(_ c: Int, seen: inout [Int32], indexingTerms: Bool = false) {
        largeComponents.append(c)
        let system = planner.system, state = planner.state, isParameter = self.isParameter
        let rows = plan.rows(ofComponent: c), mark = Int32(c)
        // Appended to local arrays, the rest read through pointers (an
        // access to the class's own arrays is checked each time).
        var inputs = largeInputs, variables = largeVariablePlaces
        var terms: [(row: Int32, variable: Int32)] = []
        largeInputs = []
        largeVariablePlaces = []
        // Room for a row's worth more, grown geometrically: a system of
        // many components registered one by one would otherwise copy the
        // whole list at each.
        if inputs.capacity < inputs.count + rows.count {
            inputs.reserveCapacity(max(inputs.count + rows.count, 2 * inputs.capacity))
        }
        seen.withUnsafeMutableBufferPointer { seen in
        state.withUnsafeBufferPointer { state in
        isParameter.withUnsafeBufferPointer { isParameter in
        system.columns.withUnsafeBufferPointer { columns in
        system.rowStart.withUnsafeBufferPointer { rowStart in
        rows.withUnsafeBufferPointer { rows in
            for p in 0 ..< rows.count {
                let r = rows[p]
                if isParameter[Int(r)] { inputs.append(~r) }
                for k in Int(rowStart[Int(r)]) ..< Int(rowStart[Int(r) + 1]) {
                    let v = Int(columns[k])
                    // Rare (a term on a determined variable): the work is here.
                    if state[v] == .determined {
                        if indexingTerms { terms.append((Int32(p), Int32(v))) }
                        if seen[v] != mark {
                            seen[v] = mark
                            variables.append(Int32(inputs.count))
                            inputs.append(Int32(v))
                        }
                    }
                }
            }
        }
        }
        }
        }
        }
        }
        largeInputs = inputs
        largeInputStart.append(largeInputs.count)
        largeVariablePlaces = variables
        largeVariableStart.append(largeVariablePlaces.count)
        determinedTerms += terms
        termStart.append(determinedTerms.count)
        termsIndexed.append(indexingTerms)
        largeSolved.append(false)
    }

    /// Whether an input of large component `largeComponents[i]` differs from
    /// its value when the component was last solved and, with `listing`,
    /// whether only row constants did: those rows are then in
    /// ``changedLocalRows`` (as indices into the component's rows).
    ///
    /// With `notedRows`, only the row constants of `notedInputs[notedRows]`
    /// can differ from their recorded values (the last solve finished, and
    /// these are the component's rows set since, found by
    /// `noteChangedInputs(_:)`): those are taken as changed and, of the
    /// rest, only the determined variables are compared (a layout again's
    /// component reads every one of its rows' constants, and a new root
    /// width moves a few variables of many). Otherwise every input is
    /// compared. Both find the same change and list the same rows.
    private func compareInputs(_ i: Int, listing: Bool, notedRows: Range<Int>? = nil)
        -> (changed: Bool, onlyRows: Bool)
    {
        var changed = false, onlyRows = listing
        var listed = changedLocalRows
        changedLocalRows = []
        listed.removeAll(keepingCapacity: true)
        let start = Int32(plan.componentStart[largeComponents[i]])
        // A moved determined variable (the root width) is listed as the
        // rows that read it (`listReaders`), the sweep's and the layout
        // again's alike; a moved row constant is listed as itself.
        let readsVariables = freshResidual == nil || listsReadersOfMovedVariables
        var moved: [Int32] = []
        // Through pointers: an access to the class's arrays is checked each time.
        largeInputs.withUnsafeBufferPointer { inputs in
        largeInputValues.withUnsafeBufferPointer { old in
        planner.values.withUnsafeBufferPointer { values in
        planner.system.constants.withUnsafeBufferPointer { constants in
        planPlace.withUnsafeBufferPointer { place in
            /// Takes input `j` when it moved; false when nothing more need be compared.
            @inline(__always) func take(_ j: Int) -> Bool {
                let input = inputs[j]
                let now = input >= 0 ? values[Int(input)] : constants[Int(~input)]
                guard now.bitPattern != old[j].bitPattern else { return true }
                changed = true
                guard onlyRows else { return false }
                if input >= 0 && !readsVariables {
                    onlyRows = false
                    return false
                }
                // A sweep places no row in the plan (`planPlace` is empty):
                // its moved rows are listed through `listReaders` too.
                if input < 0 && !place.isEmpty {
                    listed.append(place[Int(~input)] - start)
                } else {
                    moved.append(Int32(j))
                }
                return true
            }
            if let notedRows {
                // The noted rows first (each moved), then the variables:
                // the rows and the variables go to separate lists, each
                // in the inputs' order, as the full comparison makes them.
                for j in notedInputs[notedRows] where !take(j) { return }
                largeVariablePlaces.withUnsafeBufferPointer { variables in
                    for k in largeVariableStart[i] ..< largeVariableStart[i + 1] where !take(Int(variables[k])) {
                        return
                    }
                }
            } else {
                for j in largeInputStart[i] ..< largeInputStart[i + 1] where !take(j) { return }
            }
        }
        }
        }
        }
        }
        // The rows listed directly come in the order of the component's
        // inputs (its rows' order, until they are sorted again);
        // `listReaders` adds the others' rows and sorts the list, each once.
        if onlyRows && !moved.isEmpty { listReaders(of: moved, component: i, into: &listed) }
        changedLocalRows = listed
        return (changed, onlyRows)
    }

    // MARK: Sweeps: large components solved again from their kept presolve

    /// The sweep path (``init(_:parameterRows:options:)``) keeps each large
    /// component's presolve and tape as ``solveCompiling(_:options:)``'s
    /// components do: the compile's presolve is kept (when the component has
    /// `SolveOptions.keptPresolveRows` rows), a step that moves only row
    /// constants and determined variables the kept presolve can take solves
    /// the component from it (``listReaders(of:component:into:)``), and a
    /// step it declines records a tape (replayed at the next such step) and
    /// reuses the unchanged one-variable parts of the kept presolve.
    private func keepPresolvesWhileSweeping(_ options: SolveOptions) {
        guard options.presolve, Self.keepsSweepPresolves else { return }
        tapes = [ComponentPresolve.Tape?](repeating: nil, count: largeComponents.count)
        presolvedAgain = [Bool](repeating: false, count: largeComponents.count)
        kept = [ComponentPresolve.Kept?](repeating: nil, count: largeComponents.count)
        keptPresolveRows = options.keptPresolveRows
    }

    /// For the tests: `false` compiles sweeps as before (each large component
    /// presolved whole at every step that moves one of its inputs), the
    /// reference the kept path is compared with.
    @TaskLocal static var keepsSweepPresolves = true

    /// For the tests: `false` compiles a system (``solveCompiling(_:options:)``)
    /// whose layouts again send a moved determined variable to the tape or
    /// a whole presolve, as before, instead of to the kept presolve as a
    /// change of the rows that read it: the reference the listing is
    /// compared with. (The sweep path lists them whatever this says.)
    @TaskLocal static var keepsPresolvesForMovedVariables = true
    /// `keepsPresolvesForMovedVariables` when the system was compiled.
    private var listsReadersOfMovedVariables = true

    /// Large component `largeComponents[i]`'s rows that read each of its
    /// inputs (a parameter row: that row; a determined variable: every row
    /// with a term on it), as indices into its rows in their order, by the
    /// input's place in `largeInputs`: only the inputs that have moved, each
    /// listed at the first solve (a sweep's step or a layout again) that
    /// moves it while the component has a kept presolve.
    private var inputReaders: [Int: [Int32: [Int32]]] = [:]

    /// Appends to `listed` the rows of large component `largeComponents[i]`
    /// that read the inputs `moved` (places in `largeInputs`), sorted, each
    /// once. A determined variable enters the presolve only through the
    /// constants of the rows that read it (each row's constant with its
    /// determined terms, and its magnitude), so its move is, to the
    /// presolve, a change of those rows' constants: the kept presolve takes
    /// it as it takes a changed row, or declines it (a row whose constant a
    /// decision reads).
    private func listReaders(of moved: [Int32], component i: Int, into listed: inout [Int32]) {
        var readers = inputReaders.removeValue(forKey: i) ?? [:]
        let unlisted = moved.filter { readers[$0] == nil }
        if !unlisted.isEmpty { addReaders(of: unlisted, component: i, to: &readers) }
        for j in moved { listed += readers[j]! }
        inputReaders[i] = readers
        listed.sort()
        var kept = 0
        for k in listed.indices where k == 0 || listed[k] != listed[k - 1] {
            listed[kept] = listed[k]
            kept += 1
        }
        listed.removeLast(listed.count - kept)
    }

    /// Adds to `readers` the rows of large component `largeComponents[i]`
    /// that read each input of `inputs` (places in `largeInputs`, distinct):
    /// one pass over the component's rows and their terms, looking up only
    /// a term on a determined variable and a parameter row. A few moved
    /// variables (a root width) are looked up by binary search in a short
    /// sorted list, the moved parameter rows too: no array of the system's
    /// size is made (two such arrays, made and filled at each listing, were
    /// a third of a `table` layout again's first width change at 10,000
    /// views). More than ``sortedVariableLimit`` (a width that moves a chain
    /// of determined variables) are marked in an array over the system's
    /// variables instead, one load a term. When the component's terms on
    /// determined variables were noted as its inputs were registered
    /// (`termsIndexed`), only those are passed over for the variables.
    private func addReaders(of inputs: [Int32], component i: Int, to readers: inout [Int32: [Int32]]) {
        let system = planner.system, state = planner.state, isParameter = self.isParameter
        let componentRows = plan.rows(ofComponent: largeComponents[i])
        let variables = SortedPlaces(inputs.indices.filter { largeInputs[Int(inputs[$0])] >= 0 }
            .map { (largeInputs[Int(inputs[$0])], Int32($0)) })
        let rows = SortedPlaces(inputs.indices.filter { largeInputs[Int(inputs[$0])] < 0 }
            .map { (~largeInputs[Int(inputs[$0])], Int32($0)) })
        let marked = variables.count > Self.sortedVariableLimit
        var variablePlace: [Int32] = []
        if marked {
            variablePlace = [Int32](repeating: -1, count: system.variableCount)
            for (k, j) in inputs.enumerated() where largeInputs[Int(j)] >= 0 {
                variablePlace[Int(largeInputs[Int(j)])] = Int32(k)
            }
        }
        var lists = [[Int32]](repeating: [], count: inputs.count)
        let indexed = termsIndexed[i]
        if indexed { indexedListings += 1 }
        variablePlace.withUnsafeBufferPointer { variablePlace in
        state.withUnsafeBufferPointer { state in
        isParameter.withUnsafeBufferPointer { isParameter in
        system.columns.withUnsafeBufferPointer { columns in
        system.rowStart.withUnsafeBufferPointer { rowStart in
            /// The place among `inputs` of variable `v` when it is one of them, else -1.
            @inline(__always) func placeOf(_ v: Int32) -> Int {
                marked ? Int(variablePlace[Int(v)]) : variables.place(of: v) ?? -1
            }
            let readsRows = !rows.isEmpty
            if indexed {
                // The component's terms on determined variables were noted
                // when its inputs were registered: the rows are passed
                // over only for moved parameter rows (a sweep's), and the
                // noted terms instead of every term. Each list comes out
                // as the pass over every term makes it.
                if readsRows {
                    for (p, r32) in componentRows.enumerated() where isParameter[Int(r32)] {
                        if let k = rows.place(of: r32) { lists[k].append(Int32(p)) }
                    }
                }
                guard !variables.isEmpty else { return }
                determinedTerms.withUnsafeBufferPointer { terms in
                    for t in termStart[i] ..< termStart[i + 1] {
                        let m = placeOf(terms[t].variable)
                        if m >= 0 { lists[m].append(terms[t].row) }
                    }
                }
                return
            }
            for (p, r32) in componentRows.enumerated() {
                let r = Int(r32)
                if readsRows && isParameter[r], let k = rows.place(of: r32) { lists[k].append(Int32(p)) }
                for k in Int(rowStart[r]) ..< Int(rowStart[r + 1]) where state[Int(columns[k])] == .determined {
                    let m = placeOf(columns[k])
                    if m >= 0 { lists[m].append(Int32(p)) }
                }
            }
        }
        }
        }
        }
        }
        for (k, j) in inputs.enumerated() { readers[j] = lists[k] }
    }

    /// The most moved variables ``addReaders(of:component:to:)`` looks up
    /// by binary search (at most 3 steps a term on a determined variable).
    static let sortedVariableLimit = 4

    /// Keys (variables or rows) with a place each, sorted by key, for
    /// ``addReaders(of:component:to:)``'s look-ups.
    private struct SortedPlaces {
        private var keys: [Int32] = [], places: [Int32] = []
        init(_ pairs: [(Int32, Int32)]) {
            for (key, place) in pairs.sorted(by: { $0.0 < $1.0 }) {
                keys.append(key)
                places.append(place)
            }
        }
        var isEmpty: Bool { keys.isEmpty }
        var count: Int { keys.count }
        /// The place of `key`, or `nil` when it is not a key.
        @inline(__always) func place(of key: Int32) -> Int? {
            sortedIndex(of: key, in: keys).map { Int(places[$0]) }
        }
    }

    /// Fills `notedInputs` with the places of the inputs among `rows` (the
    /// rows noted as changed since the last solve, for a change that
    /// reached no block) whose constants differ from their recorded values.
    private func noteChangedInputs(_ rows: [Int32]) {
        notedInputs.removeAll(keepingCapacity: true)
        let constants = planner.system.constants
        for r in rows {
            let j = Int(rowInputPlace[Int(r)])
            if j >= 0 && constants[Int(r)].bitPattern != largeInputValues[j].bitPattern { notedInputs.append(j) }
        }
        notedInputs.sort()
    }

    /// What `compareInputs(_:listing:)` finds for large component
    /// `largeComponents[i]` when its changed inputs are `notedInputs[noted]`
    /// (row constants only, none empty): with `listing`, those rows in
    /// `changedLocalRows`.
    private func notedChange(_ i: Int, _ noted: Range<Int>, listing: Bool) -> (changed: Bool, onlyRows: Bool) {
        changedLocalRows.removeAll(keepingCapacity: true)
        guard listing else { return (true, false) }
        let start = Int32(plan.componentStart[largeComponents[i]])
        for j in notedInputs[noted] { changedLocalRows.append(planPlace[Int(~largeInputs[j])] - start) }
        return (true, true)
    }

    /// Records the values of large component `largeComponents[i]`'s inputs:
    /// with `noted`, only those of `notedInputs[noted]` and, `withVariables`,
    /// its determined variables (nothing else changed since they were recorded).
    private func recordInputs(_ i: Int, only noted: Range<Int>? = nil, withVariables: Bool = false) {
        if let noted {
            let constants = planner.system.constants
            for j in notedInputs[noted] { largeInputValues[j] = constants[Int(~largeInputs[j])] }
            guard withVariables else { return }
            var recorded = largeInputValues
            largeInputValues = []
            recorded.withUnsafeMutableBufferPointer { recorded in
            largeInputs.withUnsafeBufferPointer { inputs in
            largeVariablePlaces.withUnsafeBufferPointer { places in
            planner.values.withUnsafeBufferPointer { values in
                for k in largeVariableStart[i] ..< largeVariableStart[i + 1] {
                    let j = Int(places[k])
                    recorded[j] = values[Int(inputs[j])]
                }
            }
            }
            }
            }
            largeInputValues = recorded
            return
        }
        let range = largeInputStart[i] ..< largeInputStart[i + 1]
        var recorded = largeInputValues
        largeInputValues = []
        recorded.withUnsafeMutableBufferPointer { recorded in
        largeInputs.withUnsafeBufferPointer { inputs in
        planner.values.withUnsafeBufferPointer { values in
        planner.system.constants.withUnsafeBufferPointer { constants in
            for j in range {
                let input = inputs[j]
                recorded[j] = input >= 0 ? values[Int(input)] : constants[Int(~input)]
            }
        }
        }
        }
        }
        largeInputValues = recorded
    }

    /// Checking mode: compares every input of large component
    /// `largeComponents[i]` and counts a disagreement with what the noted
    /// rows gave (`changed`, `onlyRows` and `changedLocalRows`, kept).
    private func checkNotedChange(_ i: Int, listing: Bool, _ changed: Bool, _ onlyRows: Bool) {
        let noted = changedLocalRows
        let scanned = compareInputs(i, listing: listing)
        // (With nothing changed, the comparison's `onlyRows` is `listing`: not compared.)
        if scanned.changed != changed
            || (changed && (scanned.onlyRows != onlyRows || (onlyRows && changedLocalRows != noted))) {
            notedInputMismatches += 1
        }
        changedLocalRows = noted
    }

    /// Marks large component `largeComponents[i]` to be solved at the next solve.
    private func invalidateLarge(_ i: Int) {
        largeSolved[i] = false
    }

    /// Solves large component `largeComponents[i]` at the current values as
    /// a one-shot solve does, and records its inputs' values; false when its
    /// required rows conflict (nothing is recorded then).
    /// `changed`: the component's rows whose constants changed since it was
    /// last solved, as indices into its rows, when nothing else it reads did.
    /// `noted`: the places in `notedInputs` of its only changed inputs, when
    /// the noted rows found them (only those are recorded again), or with
    /// `withVariables` of its only changed row constants (those and its
    /// determined variables are recorded again).
    private func solveLarge(
        _ i: Int, counting: Bool = false, changed: [Int32]? = nil, noted: Range<Int>? = nil,
        withVariables: Bool = false
    ) -> Bool {
        let c = largeComponents[i]
        let rows = plan.rows(ofComponent: c)
        let system = planner.system
        let state = planner.state
        let core = reducerCore!
        // Without presolve (only in ``FreshResidual/changedComponents``) the
        // component goes to the tableau whole, as in a one-shot solve.
        let counts = !planner.options.presolve ? nil : planner.values.withUnsafeMutableBufferPointer { values in
            presolve(i, rows: rows, system: system, state: state, values: values, core: core, changed: changed)
        }
        if let counts {
            if counting {
                planner.stats.residualComponents += 1
                planner.stats.aggregatedVariables += counts.aggregated
                planner.stats.eliminatedVariables += counts.eliminated
                planner.stats.intervalVariables += counts.intervalParts
                planner.stats.simplexComponents += counts.simplexParts
                planner.stats.simplexVariables += counts.simplexVariables
                planner.stats.largestSimplexComponent = max(planner.stats.largestSimplexComponent, counts.largestSimplexPart)
                planner.stats.largeParts += counts.largeParts
                planner.stats.largePartVariables += counts.largeVariables
                planner.stats.cutParts += counts.cutParts
                planner.stats.cutPieces += counts.cutPieces
                planner.stats.oneSidedParts += counts.oneSidedParts
            }
        } else {
            // What presolve cannot finish, a one-shot solve gives to the whole tableau.
            do {
                let tableau = try planner.buildComponent(c, of: plan)
                if counting { planner.noteSimplexComponent(tableau) }
            } catch {
                return false
            }
        }
        recordInputs(i, only: noted, withVariables: withVariables)
        largeSolved[i] = true
        return true
    }

    /// Presolves large component `largeComponents[i]` (rows `rows`) as a
    /// one-shot solve does (``FreshResidual/changedComponents``): from its
    /// kept presolve when only the constants of its optional rows
    /// `changed` changed, else by replaying its tape when it has one, else
    /// whole (recording a tape from its second solve again on, and kept
    /// when large enough).
    /// Nil when the presolve cannot finish it (the tableau solves it then).
    private func presolve(
        _ i: Int, rows: ArraySlice<Int32>, system: ConstraintSystem, state: [Planner.State],
        values: UnsafeMutableBufferPointer<Double>, core: SimplexCore, changed: [Int32]?
    ) -> ComponentPresolve.Counts? {
        guard i < tapes.count else {
            return reducer.solve(rows, system: system, state: state, values: values, localIndex: &localIndex, core: core)
        }
        var previous: ComponentPresolve.Kept? = nil
        if i < kept.count, let from = kept[i] {
            // Whatever happens below, the kept state is the component's only if it is solved from it.
            kept[i] = nil
            previous = from
            if let changed {
                switch ComponentPresolve.resolve(from, rows: changed, system: system, state: state, values: values,
                                                 core: core, tally: &requiredRowTally) {
                case .solved(let counts):
                    kept[i] = from
                    resolvedComponents += 1
                    return counts
                case .notHandled:
                    return nil
                case .diverged:
                    break
                }
            }
        }
        let keeping = rows.count >= keptPresolveRows
        if tapes[i] == nil && !presolvedAgain[i] {
            // Solved again for the first time: a plain presolve. A tape is
            // recorded the next time (a component that changes once, as a
            // tree laid out twice, does not pay for recording it).
            presolvedAgain[i] = true
            return keep(i, reducer.solve(
                rows, system: system, state: state, values: values, localIndex: &localIndex, core: core,
                keeping: keeping, previous: previous))
        }
        if let tape = tapes[i], !tape.valid {
            // Its last recording cannot be replayed (the presolve paired
            // opposite bounds, or took another path a replay does not
            // follow, or failed): recording again would cost every later
            // solve about a third of a presolve for a tape that, on the same
            // rows, comes out the same. Presolved plainly until its rows
            // are sorted again (a new tape then).
            return keep(i, reducer.solve(
                rows, system: system, state: state, values: values, localIndex: &localIndex, core: core,
                keeping: keeping, previous: previous))
        }
        if let tape = tapes[i], tape.valid {
            switch ComponentPresolve.replay(tape, system: system, state: state, values: values, core: core) {
            case .solved(let counts):
                replayedComponents += 1
                return counts
            case .notHandled:
                replayedComponents += 1
                return nil
            case .diverged:
                divergedReplays += 1
            }
        }
        let tape = tapes[i] ?? ComponentPresolve.Tape()
        tapes[i] = tape
        recordedTapes += 1
        return keep(i, reducer.solve(
            rows, system: system, state: state, values: values, localIndex: &localIndex, core: core, recording: tape,
            keeping: keeping, previous: previous))
    }

    /// Keeps the presolve of component `i` when it solved it with `keeping`
    /// (`counts` not nil, the component large enough); returns `counts`.
    private func keep(_ i: Int, _ counts: ComponentPresolve.Counts?) -> ComponentPresolve.Counts? {
        if let counts, i < kept.count,
           plan.rows(ofComponent: largeComponents[i]).count >= keptPresolveRows {
            kept[i] = reducer.handOver(counts)
        }
        return counts
    }

    /// The system with its current constants.
    public var system: ConstraintSystem { planner.system }

    /// Sets row `r`'s constant, and optionally its origin (so conflicts
    /// quote the new value), for the next ``solve()``.
    ///
    /// - Precondition: `r` was one of the `parameterRows`; `value` is finite.
    /// - Complexity: O(1).
    public func setConstant(_ value: Double, ofRow r: RowIndex, origin: Origin? = nil) {
        precondition(isParameter[r.int], "row \(r.int) is not a parameter row of this compiled system")
        // Bit for bit: 0 and -0 are different constants (a block divides
        // one into a variable's value, and a fresh solve keeps the sign).
        if value.bitPattern != planner.system.constants[r.int].bitPattern && !isChanged[r.int] {
            isChanged[r.int] = true
            changedRows.append(Int32(r.int))
            if unprepared { constantsBeforeChange.append((Int32(r.int), planner.system.constants[r.int])) }
        }
        planner.system.setConstant(value, ofRow: r, origin: origin)
    }

    /// Solves the system for its current constants, from the previous solve's state.
    ///
    /// - Throws: ``SolverError/unsatisfiable(conflict:)`` with a minimal set of
    ///   conflicting required rows, as a fresh solve would; the compiled
    ///   system can still be solved for other constants afterwards.
    /// - Complexity: when the same parameter rows changed as before the
    ///   previous solve (a sweep over one size), O(nonzeros of the blocks the
    ///   change reaches) plus, for each component it reaches, O(tracked rows ×
    ///   parameters), and dual pivots only in the components whose basis
    ///   changes. Otherwise O(nonzeros of every solved block) for the blocks.
    public func solve() throws(SolverError) -> Solution {
        let started = Planner.now()
        if unprepared {
            if changedRows.isEmpty && !needsFullPass && preparesAtFirstChange {
                // Nothing changed since the one-shot solve: its values stand
                // (the whole phase is not run, see below), and no input is
                // compared. The inputs are listed, at the one-shot solve's
                // values, by the first solve after a change: a tree laid
                // out again unchanged pays for none of it.
                preparationsPutOff += 1
            } else {
                unprepared = false
                prepareFreshResidual()
                placeResidualRows()
            }
        }
        if !planPlace.isEmpty { reorderChangedComponents() }
        let repeated = recentChanges.last == changedRows.sorted()
        // The rows set since the last solve, when it finished: no other
        // row's constant can differ from what that solve recorded.
        let setRows = needsFullPass ? nil : changedRows
        let visiting = reachOfChange()
        // A program is good only while nothing but its row changes.
        if let visiting, visiting.changedRows.isEmpty {
        } else if visiting?.changedRows.count != 1 || visiting?.changedRows.first != programRow {
            program = nil
        }
        needsFullPass = true
        if let visiting {
            guard planner.replayBlocks(visiting) else { return try freshSolve() }
        } else {
            guard planner.reevaluateBlocks() else { return try freshSolve() }
        }
        let blocksDone = Planner.now()
        try planner.checkFixedRows(visiting?.fixedRows ?? plan.fixedRows)
        reoptimise.removeAll(keepingCapacity: true)
        var residualStats: SolveStats? = nil
        // With nothing changed since a solve that finished (the one-shot
        // solve or the last one), its values are the fresh solve's: the
        // whole phase is not run again for them.
        let unchanged = visiting?.changedRows.isEmpty ?? false
        // The change reached no block and no row of a component that shares
        // a shape: the phase on those would give their values again.
        let readsNoBlock = !unchanged && (visiting?.readsNoBlock ?? false)
        var sharedSolved = 0
        if freshResidual == .wholePhase && unchanged {
        } else if freshResidual == .wholePhase, let shared = sharedComponents {
            if readsNoBlock && !visiting!.changedRows.contains(where: { r in
                let c = Int(planComponent[Int(r)])
                return c >= 0 && !isLarge[c]
            }) {
                sharedPhaseSkipped += 1
            } else {
                // The one-shot solve's statistics stand, as for large components.
                let kept = planner.stats
                do {
                    try planner.solveResidual(plan, session: largeSession, only: shared)
                } catch {
                    planner.stats = kept
                    return try freshSolve()
                }
                planner.stats = kept
                sharedSolved = shared.count
                sharedPhaseSolves += 1
            }
        } else if freshResidual == .wholePhase {
            let kept = planner.stats
            do {
                try planner.solveResidual(plan, session: largeSession)
            } catch {
                planner.stats = kept
                return try freshSolve()
            }
            residualStats = planner.stats
            planner.stats = kept
        } else if freshResidual != nil {
            // Every component is large: solved below when an input changed.
        } else if let visiting, visiting.changedRows.count == 1, program != nil {
            let now = planner.system.constants[Int(visiting.changedRows[0])]
            slopes.step(&program!, to: now, values: &planner.values, constants: planner.system.constants,
                        reoptimise: &reoptimise)
        } else if let visiting {
            slopes.step(visiting.components, values: &planner.values, constants: planner.system.constants,
                        reoptimise: &reoptimise)
        } else {
            slopes.step(0 ..< components.count, values: &planner.values, constants: planner.system.constants,
                        reoptimise: &reoptimise)
        }
        var reoptimised = 0
        for c32 in reoptimise {
            let c = Int(c32)
            if isLarge[c] { continue }
            reoptimised += 1
            if components[c] == nil {
                _ = try planner.buildComponent(c, of: plan)
            } else if stale[c] {
                let priority = editPriority(ofComponent: c)!
                let tableau = try planner.buildComponent(c, of: plan, parameters: (priority, isParameter))
                components[c] = tableau
                guard parametersHold(in: tableau) else {
                    slopes.invalidate(c)
                    return try freshSolve()
                }
                stale[c] = false
                slopes.anchor(c, at: tableau)
            } else if resolve(&components[c]!) {
                slopes.anchor(c, at: components[c]!)
            } else {
                stale[c] = true
                slopes.invalidate(c)
                return try freshSolve()
            }
        }
        // Large components: solved afresh when an input changed. Their
        // inputs are determined variables and parameter constants, all
        // current now (the blocks a change reaches were just evaluated).
        // With no parameter changed since a solve that finished, each is
        // solved at its inputs' values already (recorded then, or
        // unchanged since): they are not compared.
        if unchanged && !largeComponents.isEmpty { inputsLeftUncompared += 1 }
        // When the change reached no block, only the noted rows' constants
        // can differ from what was recorded: they are looked up instead of
        // every input compared.
        let noted = readsNoBlock && (freshResidual == .changedComponents || sharedComponents != nil)
        if noted {
            noteChangedInputs(visiting!.changedRows)
            notedInputSolves += 1
        }
        // When it reached blocks (a new root width) and the last solve
        // finished, the rows are still looked up from those set, and only
        // the determined variables compared.
        let notedRows = !unchanged && !noted && freshResidual == .changedComponents && setRows != nil
        if notedRows {
            noteChangedInputs(setRows!)
            notedRowSolves += 1
        }
        var cursor = 0
        for i in largeComponents.indices {
            var changed = !largeSolved[i], onlyRows = false
            var recording: Range<Int>? = nil, withVariables = false
            // With a kept presolve, the rows whose constants changed are listed.
            let listing = i < kept.count && kept[i] != nil
            if noted {
                let from = cursor, end = largeInputStart[i + 1]
                while cursor < notedInputs.count && notedInputs[cursor] < end { cursor += 1 }
                if !changed && cursor > from {
                    (changed, onlyRows) = notedChange(i, from ..< cursor, listing: listing)
                    recording = from ..< cursor
                }
                if checksNotedInputs && largeSolved[i] { checkNotedChange(i, listing: listing, changed, onlyRows) }
            } else if notedRows {
                let from = cursor, end = largeInputStart[i + 1]
                while cursor < notedInputs.count && notedInputs[cursor] < end { cursor += 1 }
                if !changed {
                    (changed, onlyRows) = compareInputs(i, listing: listing, notedRows: from ..< cursor)
                    recording = from ..< cursor
                    withVariables = true
                    if checksNotedInputs { checkNotedChange(i, listing: listing, changed, onlyRows) }
                }
            } else if !changed && !unchanged {
                (changed, onlyRows) = compareInputs(i, listing: listing)
            }
            guard changed else { continue }
            reoptimised += 1
            guard solveLarge(i, changed: onlyRows ? changedLocalRows : nil, noted: recording,
                             withVariables: withVariables) else {
                invalidateLarge(i)
                return try freshSolve()
            }
        }
        needsFullPass = false
        if freshResidual == nil, let visiting, visiting.changedRows.count == 1, repeated, program?.isWorn ?? true {
            makeProgram(for: visiting)
        }
        let done = Planner.now()
        var stats = residualStats ?? planner.stats
        if freshResidual == .wholePhase && !unchanged {
            reoptimised = sharedComponents == nil ? plan.componentCount : reoptimised + sharedSolved
        }
        stats.blockMilliseconds = (blocksDone - started) * 1e3
        stats.simplexMilliseconds = (done - blocksDone) * 1e3
        stats.solveMilliseconds = (done - started) * 1e3
        stats.reoptimisedComponents = reoptimised
        return Solution(values: planner.values, stats: stats)
    }

    /// Makes ``program`` for a one-row reach, all components being solved.
    private func makeProgram(for visiting: ParameterReach) {
        if programRow != visiting.changedRows[0] {
            programRow = visiting.changedRows[0]
            derivativesKnown = false
        }
        if !derivativesKnown {
            derivatives = visiting.derivatives(variableCount: planner.system.variableCount)
            derivativesKnown = true
        }
        guard let derivatives else { return }
        program = slopes.program(row: visiting.changedRows[0], components: visiting.components,
                                 derivatives: derivatives, values: planner.values, constants: planner.system.constants)
    }

    /// What the parameter rows changed since the last evaluation reach, when
    /// a solve may visit only that: the previous solve finished, and nothing
    /// changed, or the same rows changed before one of the last few solves.
    /// `nil` for a full pass. Forgets the change either way.
    private func reachOfChange() -> ParameterReach? {
        changedRows.sort()
        let change = changedRows
        for r in changedRows { isChanged[Int(r)] = false }
        changedRows.removeAll(keepingCapacity: true)
        if change.isEmpty { return needsFullPass ? nil : ParameterReach() }
        defer {
            recentChanges.removeAll { $0 == change }
            recentChanges.append(change)
            if recentChanges.count > Self.rememberedChanges { recentChanges.removeFirst() }
        }
        guard !needsFullPass else { return nil }
        if freshResidual != nil, change.allSatisfy({ !planner.solvesBlock(ofRow: Int($0)) }) {
            // No block reads a row outside the blocks: the change reaches
            // no block (an intrinsic size's hugging and resistance rows),
            // and no fixed row but those changed. The components whose
            // inputs changed are found by their inputs.
            return ParameterReach(outsideBlocks: change, fixedRows: change.filter { planner.isFixedRow(Int($0)) })
        }
        if let i = reaches.firstIndex(where: { $0.changedRows == change }) {
            let reach = reaches.remove(at: i)
            reaches.append(reach)
            return reach
        }
        guard recentChanges.contains(change) else { return nil }
        reaches.append(ParameterReach(changedRows: change, planner: planner, plan: plan))
        if reaches.count > Self.rememberedChanges { reaches.removeFirst() }
        return reaches.last
    }

    /// Suggests a component's changed inputs and reads its solution; false
    /// when an edit could not hold (the required rows conflict at these values).
    private func resolve(_ tableau: inout Planner.ComponentTableau) -> Bool {
        suggestions.removeAll(keepingCapacity: true)
        for i in tableau.parameters.indices {
            let value: Double
            switch tableau.parameters[i].source {
            case .variable(let v): value = planner.values[Int(v)]
            case .constant(let r): value = planner.system.constants[Int(r)]
            }
            if value != tableau.parameters[i].value {
                tableau.parameters[i].value = value
                suggestions.append((tableau.parameters[i].column, value))
            }
        }
        if suggestions.isEmpty { return true }
        let anomalies = tableau.core.tableau.anomalies
        tableau.core.suggest(suggestions)
        if tableau.core.tableau.anomalies != anomalies { return false }
        guard parametersHold(in: tableau) else { return false }
        planner.readValues(of: tableau)
        return true
    }

    /// Whether every parameter column holds its value: false when the
    /// required rows conflict at these values.
    private func parametersHold(in tableau: Planner.ComponentTableau) -> Bool {
        tableau.parameters.allSatisfy { p in
            abs(tableau.core.value(of: p.column) - p.value) <= Tolerances.feasibility * max(1, abs(p.value))
        }
    }

    /// A priority strictly between component `c`'s optional priorities and
    /// required, or `nil` when there is none.
    private func editPriority(ofComponent c: Int) -> Priority? {
        var highest = 1.0
        for r in plan.rows(ofComponent: c) where !planner.system.priorities[Int(r)].isRequired {
            highest = max(highest, planner.system.priorities[Int(r)].rawValue)
        }
        let middle = (highest + Priority.required.rawValue) / 2
        guard middle > highest, middle < Priority.required.rawValue else { return nil }
        return Priority(rawValue: middle)
    }

    /// Solves the current system from scratch: the path for errors, so they
    /// read exactly as a fresh solve's.
    private func freshSolve() throws(SolverError) -> Solution {
        try planner.system.solve(options: planner.options)
    }
}

/// The index of `key` in `sorted` (ascending, no key twice) by binary
/// search, or `nil` when it is not there.
@inline(__always)
private func sortedIndex<Key: Comparable>(of key: Key, in sorted: [Key]) -> Int? {
    var low = 0, high = sorted.count
    while low < high {
        let middle = (low + high) / 2
        if sorted[middle] < key { low = middle + 1 } else { high = middle }
    }
    return low < sorted.count && sorted[low] == key ? low : nil
}
