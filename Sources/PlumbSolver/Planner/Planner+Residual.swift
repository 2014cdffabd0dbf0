#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// A total order on rows by content: each row's terms sorted by variable,
/// compared lexicographically (variable, then coefficient), then the
/// constant, then the relation; rows equal in all of these (duplicates)
/// by position.
///
/// It orders one small set of rows at a time (a residual component's) and
/// keeps its buffers between sets.
struct CanonicalRows {
    private let system: ConstraintSystem
    private var rows: [Int32] = []
    /// Row `i`'s term positions in `system`, sorted by variable, are
    /// `positions[start[i] ..< start[i + 1]]` (4 bytes a term: the terms
    /// themselves are read from the system, not copied).
    private var start: [Int32] = [0]
    private var positions: [Int32] = []
    /// Scratch for ``sort(_:by:)``: the permutation and each loaded row's rank.
    private var order: [Int32] = []
    private var ranks: [Double] = []

    init(_ system: ConstraintSystem) {
        self.system = system
    }

    /// Sorts `rows` by `rank` (lower first), then canonically; rows equal in
    /// both keep their order.
    mutating func sort(_ rows: inout ArraySlice<Int32>, by rank: (Int32) -> Double) {
        load(rows)
        order.removeAll(keepingCapacity: true)
        order.append(contentsOf: 0 ..< Int32(rows.count))
        // Each row's rank once, not twice per comparison.
        ranks.removeAll(keepingCapacity: true)
        for r in self.rows { ranks.append(rank(r)) }
        let loaded = self
        order.sort { a, b in
            let ra = loaded.ranks[Int(a)], rb = loaded.ranks[Int(b)]
            if ra != rb { return ra < rb }
            return loaded.precedes(Int(a), Int(b))
        }
        var i = rows.startIndex
        for j in order {
            rows[i] = self.rows[Int(j)]
            i += 1
        }
    }

    private mutating func load(_ newRows: ArraySlice<Int32>) {
        rows.removeAll(keepingCapacity: true)
        rows.append(contentsOf: newRows)
        start.removeAll(keepingCapacity: true)
        start.append(0)
        positions.removeAll(keepingCapacity: true)
        for r in newRows {
            let range = system.termRange(of: RowIndex(Int(r)))
            let first = positions.count
            for k in range {
                // Insertion into the sorted run: rows have a handful of terms.
                var i = positions.count
                positions.append(Int32(k))
                while i > first && system.columns[Int(positions[i - 1])] > system.columns[k] {
                    positions[i] = positions[i - 1]
                    i -= 1
                }
                positions[i] = Int32(k)
            }
            start.append(Int32(positions.count))
        }
    }

    /// Whether loaded row `a` comes before loaded row `b`.
    private func precedes(_ a: Int, _ b: Int) -> Bool {
        var i = Int(start[a]), j = Int(start[b])
        let endA = Int(start[a + 1]), endB = Int(start[b + 1])
        while i < endA && j < endB {
            let p = Int(positions[i]), q = Int(positions[j])
            if system.columns[p] != system.columns[q] { return system.columns[p] < system.columns[q] }
            if system.coefficients[p] != system.coefficients[q] { return system.coefficients[p] < system.coefficients[q] }
            i += 1
            j += 1
        }
        if (endA - i) != (endB - j) { return endA - i < endB - j }
        let ra = Int(rows[a]), rb = Int(rows[b])
        if system.constants[ra] != system.constants[rb] { return system.constants[ra] < system.constants[rb] }
        let ka = Self.rank(system.relations[ra]), kb = Self.rank(system.relations[rb])
        if ka != kb { return ka < kb }
        return a < b
    }

    private static func rank(_ relation: Relation) -> Int {
        relation == .equal ? 0 : relation == .lessOrEqual ? 1 : 2
    }
}

/// What one worker did with its run of residual components.
struct ComponentRunOutcome: Sendable {
    /// Components (or presolved parts) solved by the simplex core, their
    /// variables and the largest.
    var components = 0
    var variables = 0
    var largest = 0
    /// What presolve did (see ``ComponentPresolve``).
    var residualComponents = 0
    var aggregated = 0
    var eliminated = 0
    var intervalVariables = 0
    /// Set when a component's required rows conflict (the worker stops there).
    var conflictTags: [Int32]? = nil
}

extension Planner {
    // MARK: - Residual phase

    /// The rows left after the block phase, grouped into independent
    /// components. It depends only on which variables the block phase
    /// determined, not on their values, so a compiled system keeps it across
    /// solves.
    struct ResidualPlan {
        /// Required rows whose every variable is determined: checked at each
        /// solve, never handed to the simplex.
        var fixedRows: [Int32] = []
        /// Each component's rows in the order they are added to its tableau:
        /// required equalities, required inequalities, then optional rows from
        /// the highest priority down (so the tableau starts feasible and every
        /// optional row is added against a settled basis). Component `c` is
        /// `rows[componentStart[c] ..< componentStart[c + 1]]`.
        var rows: [Int32] = []
        var componentStart: [Int] = [0]
        /// The first row (in system order) left for the simplex, if any.
        var firstRow: Int32? = nil

        var componentCount: Int { componentStart.count - 1 }
        func rows(ofComponent c: Int) -> ArraySlice<Int32> { rows[componentStart[c] ..< componentStart[c + 1]] }
    }

    /// One component's tableau and the mapping of its columns.
    struct ComponentTableau {
        /// Where a parameter column's value comes from.
        enum ParameterSource {
            /// A variable determined by the block phase.
            case variable(Int32)
            /// A row's constant (a row whose constant the caller may change).
            case constant(Int32)
        }

        /// A column fixed by an edit variable to a value computed outside the
        /// tableau, so a new value is a suggestion, not a rebuild.
        struct Parameter {
            var column: Int32
            var source: ParameterSource
            var value: Double
        }

        let core: SimplexCore
        /// The system variable of each solved column (parameter columns excluded).
        var solved: [(column: Int32, variable: Int32)] = []
        var parameters: [Parameter] = []
    }

    /// Sorts the rows the block phase left into fixed rows and components.
    ///
    /// Per-variable and per-row scratch is released as soon as it has served,
    /// so the plan's peak memory is about two arrays of residual rows and a
    /// union-find over the variables.
    mutating func makeResidualPlan() -> ResidualPlan {
        var plan = ResidualPlan()
        var residual: [Int32] = []
        // The component of each residual row, numbered in order of first row.
        var componentOfResidual: [Int32] = []
        var componentCount = 0
        do {
            let varOfRow = definedVariable
            var uf = UnionFind(count: system.variableCount)
            for r in 0 ..< system.rowCount {
                let defined = varOfRow[r]
                if defined >= 0 && state[Int(defined)] == .determined { continue }
                var anchor: Int32 = -1
                for k in system.termRange(of: RowIndex(r)) where state[Int(system.columns[k])] != .determined {
                    let v = system.columns[k]
                    if anchor < 0 { anchor = v } else { uf.union(anchor, v) }
                }
                if anchor < 0 {
                    // Every variable is known: a required row must hold as it stands.
                    if system.priorities[r].isRequired { plan.fixedRows.append(Int32(r)) }
                } else {
                    residual.append(Int32(r))
                }
            }
            guard let first = residual.first else { return plan }
            plan.firstRow = first
            var componentOfRoot = [Int32](repeating: -1, count: system.variableCount)
            componentOfResidual.reserveCapacity(residual.count)
            for r in residual {
                var anchor: Int32 = -1
                for k in system.termRange(of: RowIndex(Int(r))) where state[Int(system.columns[k])] != .determined {
                    anchor = system.columns[k]
                    break
                }
                let root = Int(uf.find(anchor))
                if componentOfRoot[root] < 0 {
                    componentOfRoot[root] = Int32(componentCount)
                    componentCount += 1
                }
                componentOfResidual.append(componentOfRoot[root])
            }
        }

        // Group the rows by component with a counting sort (stable, so each
        // component's rows are in system order), then order each component.
        var componentStart = [Int](repeating: 0, count: componentCount + 1)
        for c in componentOfResidual { componentStart[Int(c) + 1] += 1 }
        for c in 0 ..< componentCount { componentStart[c + 1] += componentStart[c] }
        do {
            var cursor = componentStart
            plan.rows = [Int32](repeating: 0, count: residual.count)
            for (r, c) in zip(residual, componentOfResidual) {
                plan.rows[cursor[Int(c)]] = r
                cursor[Int(c)] += 1
            }
        }
        residual = []
        componentOfResidual = []
        // Required equalities, then required inequalities, then optional rows
        // from the highest priority down; within a rank, rows go in a
        // canonical order of their content (terms by variable, then constant,
        // then relation), not in the order they were written: where several
        // optima tie, the simplex then picks the same one whatever the order
        // of the constraints.
        let system = self.system
        func rank(_ r: Int32) -> Double {
            let p = system.priorities[Int(r)]
            return p.isRequired ? (system.relations[Int(r)] == .equal ? -2 : -1) : 1000 - p.rawValue
        }
        var canonical = CanonicalRows(system)
        for c in 0 ..< componentCount {
            canonical.sort(&plan.rows[componentStart[c] ..< componentStart[c + 1]], by: rank)
        }
        plan.componentStart = componentStart
        return plan
    }

    /// - Throws: ``SolverError/strategyCannotSolve(strategy:reason:)`` when a
    ///   forced DAG or block strategy leaves rows for the simplex.
    func checkStrategy(_ plan: ResidualPlan) throws(SolverError) {
        guard let first = plan.firstRow, options.strategy == .dag || options.strategy == .block else { return }
        let r = Int(first)
        let why = system.priorities[r].isRequired
            ? (system.relations[r] == .equal ? "is not determined by required equalities alone"
                : "is an inequality")
            : "is not required (priority \(system.priorities[r]))"
        throw .strategyCannotSolve(
            strategy: options.strategy.rawValue,
            reason: "\(system.origins[r]) \(why); it needs the simplex (use the auto or simplex strategy)")
    }

    /// Checks the plan's fixed rows at the current values.
    ///
    /// - Throws: ``SolverError/unsatisfiable(conflict:)`` for the first that does not hold.
    func checkFixedRows(_ plan: ResidualPlan) throws(SolverError) {
        try checkFixedRows(plan.fixedRows)
    }

    /// Checks `rows`, fixed rows of the plan, at the current values.
    ///
    /// - Throws: ``SolverError/unsatisfiable(conflict:)`` for the first that does not hold.
    func checkFixedRows(_ rows: [Int32]) throws(SolverError) {
        for r in rows {
            let (c, magnitude) = knownPart(of: Int(r))
            let slack = Tolerances.feasibility * max(1, magnitude)
            let holds: Bool
            switch system.relations[Int(r)] {
            case .equal: holds = abs(c) <= slack
            case .lessOrEqual: holds = c <= slack
            case .greaterOrEqual: holds = c >= -slack
            }
            if !holds { throw .unsatisfiable(conflict: explainConflict(seeds: [r])) }
        }
    }

    /// Row `r`'s constant plus its terms on determined variables, and the sum
    /// of their magnitudes.
    func knownPart(of r: Int) -> (value: Double, magnitude: Double) {
        var c = system.constants[r]
        var magnitude = abs(c)
        for k in system.termRange(of: RowIndex(r)) {
            let v = Int(system.columns[k])
            if state[v] == .determined {
                let t = system.coefficients[k] * values[v]
                c += t
                magnitude += abs(t)
            }
        }
        return (c, magnitude)
    }

    /// Builds component `c`'s tableau and writes its solution into ``values``.
    ///
    /// Without `parameters`, determined variables are substituted into each
    /// row's constant, and the tableau is only good for these values. With
    /// `parameters`, each determined variable the component mentions, and the
    /// constant of each row in `parameters.rows`, becomes a column held at its
    /// value by an edit variable at `parameters.priority` (above every optional
    /// priority of the component, so the edits hold whenever the required rows
    /// allow): new values are then suggestions that the dual simplex absorbs
    /// from the current basis.
    ///
    /// - Throws: ``SolverError/unsatisfiable(conflict:)`` when the component's
    ///   required rows conflict (with parameters: whatever their values).
    mutating func buildComponent(
        _ c: Int, of plan: ResidualPlan, parameters: (priority: Priority, rows: [Bool])? = nil
    ) throws(SolverError) -> ComponentTableau {
        if localIndex.count < system.variableCount {
            localIndex = [Int32](repeating: -1, count: system.variableCount)
        }
        let system = self.system
        let state = self.state
        var scratch = localIndex
        localIndex = []
        defer { localIndex = scratch }
        let built = values.withUnsafeMutableBufferPointer { values in
            Self.assembleComponent(
                plan.rows(ofComponent: c), system: system, state: state, values: values,
                localIndex: &scratch, parameters: parameters)
        }
        switch built {
        case .success(let tableau): return tableau
        case .failure(let conflict): throw .unsatisfiable(conflict: explainConflict(seeds: conflict.tags))
        }
    }

    /// Builds one component's tableau from its ordered `rows` (see
    /// ``buildComponent(_:of:parameters:)``) and writes the values of the
    /// variables it solves into `values`. It reads the determined variables'
    /// entries of `values` and writes only the component's own, so workers
    /// building different components can share `values`. `localIndex` is
    /// scratch of one entry per variable, all -1, and left so. With `reusing`,
    /// the component is built in that core after a reset (its buffers kept),
    /// and the returned tableau is only good until the core's next reset.
    static func assembleComponent(
        _ rows: ArraySlice<Int32>, system: ConstraintSystem, state: [State],
        values: UnsafeMutableBufferPointer<Double>, localIndex: inout [Int32],
        parameters: (priority: Priority, rows: [Bool])?, reusing reused: SimplexCore? = nil
    ) -> Result<ComponentTableau, SimplexConflict> {
        let core: SimplexCore
        if let reused {
            reused.reset(variableCount: 0)
            core = reused
        } else {
            core = SimplexCore(variableCount: 0)
        }
        var tableau = ComponentTableau(core: core)
        defer {
            for (_, v) in tableau.solved { localIndex[Int(v)] = -1 }
            for p in tableau.parameters { if case .variable(let v) = p.source { localIndex[Int(v)] = -1 } }
        }
        func addParameter(_ source: ComponentTableau.ParameterSource, value: Double, priority: Priority) -> Int32 {
            let column = core.addVariables(1)
            core.addEdit(variable: column, priority: priority)
            core.suggest(variable: column, value: value)
            tableau.parameters.append(.init(column: column, source: source, value: value))
            return column
        }
        var terms: [(Int32, Double)] = []
        for r32 in rows {
            let r = Int(r32)
            terms.removeAll(keepingCapacity: true)
            var constant = system.constants[r]
            for k in system.termRange(of: RowIndex(r)) {
                let v = Int(system.columns[k])
                let a = system.coefficients[k]
                if state[v] == .determined {
                    guard let parameters else { constant += a * values[v]; continue }
                    if localIndex[v] < 0 {
                        localIndex[v] = addParameter(.variable(Int32(v)), value: values[v], priority: parameters.priority)
                    }
                    terms.append((localIndex[v], a))
                    continue
                }
                if localIndex[v] < 0 {
                    localIndex[v] = core.addVariables(1)
                    tableau.solved.append((localIndex[v], Int32(v)))
                }
                terms.append((localIndex[v], a))
            }
            if let parameters, parameters.rows[r] {
                terms.append((addParameter(.constant(r32), value: constant, priority: parameters.priority), 1))
                constant = 0
            }
            do {
                _ = try core.add(
                    terms: terms, constant: constant, relation: system.relations[r],
                    priority: system.priorities[r], tag: r32)
            } catch {
                return .failure(error)
            }
        }
        for (column, v) in tableau.solved { values[Int(v)] = core.value(of: column) }
        return .success(tableau)
    }

    /// Copies a component tableau's solved columns into ``values``.
    mutating func readValues(of tableau: ComponentTableau) {
        for (column, v) in tableau.solved { values[Int(v)] = tableau.core.value(of: column) }
    }

    /// Solves the rows the block phase left: checks the fixed rows, then
    /// solves each component with the dual simplex, determined variables
    /// substituted as constants. Components are independent, so runs of them
    /// go to up to ``SolveOptions/threads`` workers; the first conflict in
    /// component order is reported whatever the split.
    mutating func solveResidual() throws(SolverError) {
        let plan = makeResidualPlan()
        try checkFixedRows(plan)
        try checkStrategy(plan)
        let componentCount = plan.componentCount
        guard componentCount > 0 else { return }
        let workers = Self.workerCount(components: componentCount, rows: plan.rows.count, limit: options.threads)
        // Contiguous runs of components with about the same number of rows each.
        var runStart = [0]
        for w in 1 ..< workers {
            let target = plan.rows.count * w / workers
            var c = runStart[w - 1]
            while c < componentCount && plan.componentStart[c] < target { c += 1 }
            runStart.append(c)
        }
        runStart.append(componentCount)
        let bounds = runStart

        var outcomes = [ComponentRunOutcome](repeating: ComponentRunOutcome(), count: workers)
        let system = self.system
        let state = self.state
        let presolve = options.presolve
        values.withUnsafeMutableBufferPointer { valueBuffer in
            nonisolated(unsafe) let shared = valueBuffer
            outcomes.withUnsafeMutableBufferPointer { outcomeBuffer in
                nonisolated(unsafe) let results = outcomeBuffer
                let run: @Sendable (Int) -> Void = { w in
                    results[w] = Self.solveComponents(
                        bounds[w] ..< bounds[w + 1], of: plan, system: system, state: state, values: shared,
                        presolve: presolve)
                }
                if workers == 1 {
                    run(0)
                } else {
                    DispatchQueue.concurrentPerform(iterations: workers, execute: run)
                }
            }
        }
        for outcome in outcomes {
            stats.simplexComponents += outcome.components
            stats.simplexVariables += outcome.variables
            stats.largestSimplexComponent = max(stats.largestSimplexComponent, outcome.largest)
            stats.residualComponents += outcome.residualComponents
            stats.aggregatedVariables += outcome.aggregated
            stats.eliminatedVariables += outcome.eliminated
            stats.intervalVariables += outcome.intervalVariables
        }
        if let failed = outcomes.first(where: { $0.conflictTags != nil }) {
            throw .unsatisfiable(conflict: explainConflict(seeds: failed.conflictTags!))
        }
    }

    /// How many threads solve the residual components: one unless there are
    /// enough components and rows to pay for starting more.
    static func workerCount(components: Int, rows: Int, limit: Int) -> Int {
        let cores = limit > 0 ? limit : max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        // A component is solved in tens of microseconds; below about a
        // thousand rows per thread the start-up costs more than it saves.
        return max(1, min(cores, components / 16, rows / 1024))
    }

    /// Solves `range` of the plan's components one after the other in one
    /// simplex core, reset between components; stops at the first whose
    /// required rows conflict. With `presolve`, each component is first
    /// shrunk and split by ``ComponentPresolve``; a component it cannot
    /// finish (a conflict) is solved whole by the tableau.
    static func solveComponents(
        _ range: Range<Int>, of plan: ResidualPlan, system: ConstraintSystem, state: [State],
        values: UnsafeMutableBufferPointer<Double>, presolve: Bool = true
    ) -> ComponentRunOutcome {
        var outcome = ComponentRunOutcome()
        guard !range.isEmpty else { return outcome }
        var localIndex = [Int32](repeating: -1, count: system.variableCount)
        // One core and one presolve for the whole run: each component resets
        // them, so their buffers are allocated once, not once per component.
        let core = SimplexCore(variableCount: 0)
        var reducer = ComponentPresolve()
        for c in range {
            outcome.residualComponents += 1
            if presolve, let counts = reducer.solve(
                plan.rows(ofComponent: c), system: system, state: state, values: values,
                localIndex: &localIndex, core: core)
            {
                outcome.aggregated += counts.aggregated
                outcome.eliminated += counts.eliminated
                outcome.intervalVariables += counts.intervalParts
                outcome.components += counts.simplexParts
                outcome.variables += counts.simplexVariables
                outcome.largest = max(outcome.largest, counts.largestSimplexPart)
                continue
            }
            switch assembleComponent(
                plan.rows(ofComponent: c), system: system, state: state, values: values,
                localIndex: &localIndex, parameters: nil, reusing: core)
            {
            case .success(let tableau):
                outcome.components += 1
                outcome.variables += tableau.solved.count
                outcome.largest = max(outcome.largest, tableau.solved.count)
            case .failure(let conflict):
                outcome.conflictTags = conflict.tags
                return outcome
            }
        }
        return outcome
    }

    mutating func noteSimplexComponent(_ tableau: ComponentTableau) {
        stats.simplexComponents += 1
        stats.simplexVariables += tableau.solved.count
        stats.largestSimplexComponent = max(stats.largestSimplexComponent, tableau.solved.count)
    }
}
