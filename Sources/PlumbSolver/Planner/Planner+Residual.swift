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

        var localIndex = [Int32](repeating: -1, count: system.variableCount)
        var globalOfLocal: [Int32] = []
        var localValues: [Double] = []
        for c in 0 ..< componentCount {
            globalOfLocal.removeAll(keepingCapacity: true)
            let ordered = residualOrder[componentStart[c] ..< componentStart[c + 1]].sorted { a, b in
                orderKey[a] != orderKey[b] ? orderKey[a] < orderKey[b] : a < b
            }
            var terms: [(Int32, Double)] = []
            let core = SimplexCore(variableCount: 0)
            for i in ordered {
                let r = Int(residualRows[i])
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
                        terms: terms, constant: residualConstant[i], relation: system.relations[r],
                        priority: system.priorities[r], tag: Int32(r))
                } catch {
                    throw .unsatisfiable(conflict: explainConflict(seeds: error.tags))
                }
            }
            if localValues.count < globalOfLocal.count {
                localValues = [Double](repeating: 0, count: globalOfLocal.count)
            }
            core.readValues(into: &localValues)
            for (l, v) in globalOfLocal.enumerated() {
                values[Int(v)] = localValues[l]
                localIndex[Int(v)] = -1
            }
            stats.simplexComponents += 1
            stats.simplexVariables += globalOfLocal.count
            stats.largestSimplexComponent = max(stats.largestSimplexComponent, globalOfLocal.count)
        }
    }
}
