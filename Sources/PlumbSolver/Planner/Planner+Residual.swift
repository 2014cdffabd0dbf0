#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// The residual rows grouped by independent component: component `c`'s rows
/// are `rows[order[start[c] ..< start[c + 1]]]`, added in `orderKey` order.
struct ResidualComponents: Sendable {
    /// System row of each residual row, and its constant with the determined
    /// variables substituted.
    var rows: [Int32]
    var constants: [Double]
    var order: [Int]
    var start: [Int]
    /// Required equalities first, then required inequalities, then optional
    /// rows from the highest priority down.
    var orderKey: [Double]
}

/// What one worker did with its run of residual components.
struct ComponentRunOutcome: Sendable {
    var components = 0
    var variables = 0
    var largest = 0
    /// Set when a component's required rows conflict (the worker stops there).
    var conflictTags: [Int32]? = nil
}

extension Planner {
    // MARK: - Residual phase

    /// Substitutes the determined variables into every row not used to
    /// determine them, checks required rows that became constant, and solves
    /// the rest component by component with the dual simplex.
    mutating func solveResidual() throws(SolverError) {
        let varOfRow = definedVariable
        var residualRows: [Int32] = []
        var residualConstant: [Double] = []
        var uf = UnionFind(count: system.variableCount)

        for r in 0 ..< system.rowCount {
            let defined = varOfRow[r]
            if defined >= 0 && state[Int(defined)] == .determined { continue }
            var c = system.constants[r]
            var magnitude = abs(c)
            var anchor: Int32 = -1
            for k in system.termRange(of: RowIndex(r)) {
                let v = system.columns[k]
                if state[Int(v)] == .determined {
                    let t = system.coefficients[k] * values[Int(v)]
                    c += t
                    magnitude += abs(t)
                } else if anchor < 0 {
                    anchor = v
                } else {
                    uf.union(anchor, v)
                }
            }
            if anchor < 0 {
                // Every variable is known: a required row must hold as it stands.
                if system.priorities[r].isRequired {
                    let slack = Tolerances.feasibility * max(1, magnitude)
                    let holds: Bool
                    switch system.relations[r] {
                    case .equal: holds = abs(c) <= slack
                    case .lessOrEqual: holds = c <= slack
                    case .greaterOrEqual: holds = c >= -slack
                    }
                    if !holds { throw .unsatisfiable(conflict: explainConflict(seeds: [Int32(r)])) }
                }
                continue
            }
            residualRows.append(Int32(r))
            residualConstant.append(c)
        }
        if residualRows.isEmpty { return }
        if options.strategy == .dag || options.strategy == .block {
            let r = Int(residualRows[0])
            let why = system.priorities[r].isRequired
                ? (system.relations[r] == .equal ? "is not determined by required equalities alone"
                    : "is an inequality")
                : "is not required (priority \(system.priorities[r]))"
            throw .strategyCannotSolve(
                strategy: options.strategy.rawValue,
                reason: "\(system.origins[r]) \(why); it needs the simplex (use the auto or simplex strategy)")
        }

        // Group residual rows by component (the representative of any open
        // variable) with a counting sort, then order each component's rows:
        // required equalities, required inequalities, then optional rows from
        // the highest priority down, so the tableau starts feasible and every
        // optional row is added against a settled basis.
        var componentOfRoot = [Int32](repeating: -1, count: system.variableCount)
        var componentOfResidual = [Int32](repeating: 0, count: residualRows.count)
        var componentCount = 0
        var orderKey = [Double](repeating: 0, count: residualRows.count)
        for (i, r) in residualRows.enumerated() {
            var anchor: Int32 = -1
            for k in system.termRange(of: RowIndex(Int(r))) where state[Int(system.columns[k])] != .determined {
                anchor = system.columns[k]
                break
            }
            let root = uf.find(anchor)
            if componentOfRoot[Int(root)] < 0 {
                componentOfRoot[Int(root)] = Int32(componentCount)
                componentCount += 1
            }
            componentOfResidual[i] = componentOfRoot[Int(root)]
            let p = system.priorities[Int(r)]
            orderKey[i] = p.isRequired ? (system.relations[Int(r)] == .equal ? -2 : -1) : 1000 - p.rawValue
        }
        var componentStart = [Int](repeating: 0, count: componentCount + 1)
        for c in componentOfResidual { componentStart[Int(c) + 1] += 1 }
        for c in 0 ..< componentCount { componentStart[c + 1] += componentStart[c] }
        var cursor = componentStart
        var residualOrder = [Int](repeating: 0, count: residualRows.count)
        for (i, c) in componentOfResidual.enumerated() {
            residualOrder[cursor[Int(c)]] = i
            cursor[Int(c)] += 1
        }

        let components = ResidualComponents(
            rows: residualRows, constants: residualConstant, order: residualOrder,
            start: componentStart, orderKey: orderKey)
        let workers = Self.workerCount(components: componentCount, rows: residualRows.count, limit: options.threads)
        // Contiguous runs of components with about the same number of rows each.
        var runStart = [0]
        for w in 1 ..< workers {
            let target = residualRows.count * w / workers
            var c = runStart[w - 1]
            while c < componentCount && componentStart[c] < target { c += 1 }
            runStart.append(c)
        }
        runStart.append(componentCount)
        let bounds = runStart

        var outcomes = [ComponentRunOutcome](repeating: ComponentRunOutcome(), count: workers)
        let system = self.system
        let state = self.state
        values.withUnsafeMutableBufferPointer { valueBuffer in
            nonisolated(unsafe) let output = valueBuffer
            outcomes.withUnsafeMutableBufferPointer { outcomeBuffer in
                nonisolated(unsafe) let results = outcomeBuffer
                if workers == 1 {
                    results[0] = Self.solveComponents(0 ..< componentCount, of: components, system: system, state: state, into: output)
                } else {
                    DispatchQueue.concurrentPerform(iterations: workers) { w in
                        results[w] = Self.solveComponents(
                            bounds[w] ..< bounds[w + 1], of: components, system: system, state: state, into: output)
                    }
                }
            }
        }
        // The first failing component in component order, whatever the number of workers.
        for outcome in outcomes {
            stats.simplexComponents += outcome.components
            stats.simplexVariables += outcome.variables
            stats.largestSimplexComponent = max(stats.largestSimplexComponent, outcome.largest)
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

    /// Solves `range` of the residual components one after the other, each
    /// in a fresh simplex core, writing each variable's value into `output`
    /// (components own disjoint variables, so workers never write the same entry).
    /// Stops at the first component whose required rows conflict.
    static func solveComponents(
        _ range: Range<Int>, of components: ResidualComponents, system: ConstraintSystem, state: [State],
        into output: UnsafeMutableBufferPointer<Double>
    ) -> ComponentRunOutcome {
        var outcome = ComponentRunOutcome()
        guard !range.isEmpty else { return outcome }
        var localIndex = [Int32](repeating: -1, count: system.variableCount)
        var globalOfLocal: [Int32] = []
        var localValues: [Double] = []
        var ordered: [Int] = []
        var terms: [(Int32, Double)] = []
        for c in range {
            globalOfLocal.removeAll(keepingCapacity: true)
            ordered.removeAll(keepingCapacity: true)
            ordered.append(contentsOf: components.order[components.start[c] ..< components.start[c + 1]])
            ordered.sort { a, b in
                components.orderKey[a] != components.orderKey[b] ? components.orderKey[a] < components.orderKey[b] : a < b
            }
            let core = SimplexCore(variableCount: 0)
            for i in ordered {
                let r = Int(components.rows[i])
                terms.removeAll(keepingCapacity: true)
                for k in system.termRange(of: RowIndex(r)) {
                    let v = Int(system.columns[k])
                    guard state[v] != .determined else { continue }
                    if localIndex[v] < 0 {
                        localIndex[v] = Int32(globalOfLocal.count)
                        globalOfLocal.append(Int32(v))
                        _ = core.addVariables(1)
                    }
                    terms.append((localIndex[v], system.coefficients[k]))
                }
                do {
                    _ = try core.add(
                        terms: terms, constant: components.constants[i], relation: system.relations[r],
                        priority: system.priorities[r], tag: Int32(r))
                } catch {
                    outcome.conflictTags = error.tags
                    return outcome
                }
            }
            if localValues.count < globalOfLocal.count {
                localValues = [Double](repeating: 0, count: globalOfLocal.count)
            }
            core.readValues(into: &localValues)
            for (l, v) in globalOfLocal.enumerated() {
                output[Int(v)] = localValues[l]
                localIndex[Int(v)] = -1
            }
            outcome.components += 1
            outcome.variables += globalOfLocal.count
            outcome.largest = max(outcome.largest, globalOfLocal.count)
        }
        return outcome
    }
}
