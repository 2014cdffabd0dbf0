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

    let system: ConstraintSystem
    let options: SolveOptions
    var values: [Double]
    var state: [State]
    var stats = SolveStats()
    /// The transversal and block form of the required equalities.
    var transversal: Transversal!
    var blockOfRow: [Int32]

    init(system: ConstraintSystem, options: SolveOptions) {
        self.system = system
        self.options = options
        values = [Double](repeating: 0, count: system.variableCount)
        state = [State](repeating: .open, count: system.variableCount)
        blockOfRow = [Int32](repeating: -1, count: system.rowCount)
    }

    mutating func run() throws(SolverError) -> Solution {
        let started = Self.now()
        stats.variables = system.variableCount
        stats.rows = system.rowCount
        stats.nonzeros = system.nonzeroCount
        try solveBlocks()
        try solveResidual()
        stats.solveMilliseconds = (Self.now() - started) * 1e3
        return Solution(values: values, stats: stats)
    }

    // MARK: - Block phase

    /// Orders the required equalities into block triangular form and solves
    /// every block they determine.
    mutating func solveBlocks() throws(SolverError) {
        var equalities: [Int32] = []
        equalities.reserveCapacity(system.rowCount)
        for r in 0 ..< system.rowCount
        where system.relations[r] == .equal && system.priorities[r].isRequired
            && system.rowStart[r + 1] > system.rowStart[r]
        {
            equalities.append(Int32(r))
        }
        let system = self.system
        let transversal = system.rowStart.withUnsafeBufferPointer { start in
            system.columns.withUnsafeBufferPointer { index in
                Transversal(
                    rowCount: system.rowCount, columnCount: system.variableCount,
                    start: start, index: index, rows: equalities, eligible: { _ in true })
            }
        }
        self.transversal = transversal
        let matched = equalities.filter { transversal.variableOfRow[Int($0)] >= 0 }
        let btf = system.rowStart.withUnsafeBufferPointer { start in
            system.columns.withUnsafeBufferPointer { index in
                BlockTriangularForm(start: start, index: index, transversal: transversal, matchedRows: matched)
            }
        }

        var dense = DenseBlockSolver(lapackThreshold: options.lapackThreshold)
        let rowOfVar = transversal.rowOfVariable
        let varOfRow = transversal.variableOfRow
        for b in 0 ..< btf.blockCount {
            let rows = btf.rows(ofBlock: b)
            for r in rows { blockOfRow[Int(r)] = Int32(b) }
            // A block is determined when every variable its rows mention is
            // either defined inside the block or already determined.
            var determined = true
            scan: for r in rows {
                for k in system.termRange(of: RowIndex(Int(r))) {
                    let v = Int(system.columns[k])
                    let owner = rowOfVar[v]
                    if owner < 0 { determined = false; break scan }
                    if blockOfRow[Int(owner)] != Int32(b) && state[v] != .determined {
                        determined = false; break scan
                    }
                }
            }
            if determined {
                if rows.count == 1 {
                    determined = solveSingleton(row: Int(rows.first!), variable: Int(varOfRow[Int(rows.first!)]))
                } else {
                    determined = solveDense(rows: rows, dense: &dense)
                }
            }
            if determined {
                stats.blocks += 1
                stats.largestBlock = max(stats.largestBlock, rows.count)
                stats.presolvedVariables += rows.count
            } else {
                for r in rows { state[Int(varOfRow[Int(r)])] = .undetermined }
            }
        }
    }

    /// Solves the 1×1 block `row` for `variable`; false when its coefficient
    /// is numerically zero.
    private mutating func solveSingleton(row r: Int, variable v: Int) -> Bool {
        var pivot = 0.0
        var largest = 0.0
        var rhs = -system.constants[r]
        for k in system.termRange(of: RowIndex(r)) {
            let u = Int(system.columns[k])
            let a = system.coefficients[k]
            largest = max(largest, abs(a))
            if u == v { pivot = a } else { rhs -= a * values[u] }
        }
        guard abs(pivot) > Tolerances.pivot * largest else { return false }
        values[v] = rhs / pivot
        state[v] = .determined
        return true
    }

    /// Solves a coupled block as a dense system; false when it is singular.
    private mutating func solveDense(rows: ArraySlice<Int32>, dense: inout DenseBlockSolver) -> Bool {
        let n = rows.count
        let varOfRow = transversal.variableOfRow
        // Column j of the block is the variable matched to its j-th row.
        var local: [Int: Int] = [:]
        local.reserveCapacity(n)
        for (j, r) in rows.enumerated() { local[Int(varOfRow[Int(r)])] = j }
        let system = self.system
        let values = self.values
        let x = dense.solve(size: n) { a, b in
            for (i, r) in rows.enumerated() {
                var rhs = -system.constants[Int(r)]
                for k in system.termRange(of: RowIndex(Int(r))) {
                    let u = Int(system.columns[k])
                    if let j = local[u] {
                        a[j * n + i] += system.coefficients[k]
                    } else {
                        rhs -= system.coefficients[k] * values[u]
                    }
                }
                b[i] = rhs
            }
        }
        guard let x else { return false }
        for (j, r) in rows.enumerated() {
            let v = Int(varOfRow[Int(r)])
            self.values[v] = x[j]
            state[v] = .determined
        }
        return true
    }

    // MARK: - Residual phase

    /// Substitutes the determined variables into every row not used to
    /// determine them, checks required rows that became constant, and solves
    /// the rest component by component with the dual simplex.
    mutating func solveResidual() throws(SolverError) {
        let varOfRow = transversal.variableOfRow
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

        // Group residual rows by component (the representative of any open variable).
        var componentOfRoot = [Int32](repeating: -1, count: system.variableCount)
        var componentRows: [[Int]] = []
        for (i, r) in residualRows.enumerated() {
            var anchor: Int32 = -1
            for k in system.termRange(of: RowIndex(Int(r))) where state[Int(system.columns[k])] != .determined {
                anchor = system.columns[k]
                break
            }
            let root = uf.find(anchor)
            var comp = componentOfRoot[Int(root)]
            if comp < 0 {
                comp = Int32(componentRows.count)
                componentOfRoot[Int(root)] = comp
                componentRows.append([])
            }
            componentRows[Int(comp)].append(i)
        }

        var localIndex = [Int32](repeating: -1, count: system.variableCount)
        var globalOfLocal: [Int32] = []
        var localValues: [Double] = []
        for rowsOfComponent in componentRows {
            globalOfLocal.removeAll(keepingCapacity: true)
            // Required rows first (equalities, then inequalities), then optional
            // rows from the highest priority down: the tableau starts feasible
            // and every optional row is added against a settled basis.
            let ordered = rowsOfComponent.sorted { a, b in
                let ra = Int(residualRows[a]), rb = Int(residualRows[b])
                let ka = sortKey(ra), kb = sortKey(rb)
                return ka != kb ? ka < kb : ra < rb
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

    /// Required equalities, then required inequalities, then optional rows by
    /// descending priority.
    private func sortKey(_ r: Int) -> Double {
        let p = system.priorities[r]
        if p.isRequired { return system.relations[r] == .equal ? -2 : -1 }
        return 1000 - p.rawValue
    }

    // MARK: - Conflicts

    /// Widens `seeds` (rows that cannot hold) with every block of equalities
    /// that determined a variable they mention, transitively, and returns a
    /// minimal conflicting subset by origin.
    func explainConflict(seeds: [Int32]) -> [Origin] {
        var inSet = Set<Int32>()
        var queue: [Int32] = []
        var visitedBlocks = Set<Int32>()
        let rowOfVar = transversal.rowOfVariable
        for r in seeds where system.priorities[Int(r)].isRequired && inSet.insert(r).inserted {
            queue.append(r)
        }
        // Rows of each block, found by scanning once (error path only).
        var rowsOfBlock: [Int32: [Int32]] = [:]
        for r in 0 ..< blockOfRow.count where blockOfRow[r] >= 0 {
            rowsOfBlock[blockOfRow[r], default: []].append(Int32(r))
        }
        var head = 0
        while head < queue.count {
            let r = queue[head]
            head += 1
            for k in system.termRange(of: RowIndex(Int(r))) {
                let v = Int(system.columns[k])
                guard state[v] == .determined else { continue }
                let b = blockOfRow[Int(rowOfVar[v])]
                guard visitedBlocks.insert(b).inserted else { continue }
                for d in rowsOfBlock[b] ?? [] where inSet.insert(d).inserted { queue.append(d) }
            }
        }
        let candidates = inSet.sorted()
        let specs = candidates.map { r in
            RowSpec(
                terms: system.terms(of: RowIndex(Int(r))).map { ($0.0.rawValue, $0.1) },
                constant: system.constants[Int(r)], relation: system.relations[Int(r)])
        }
        let minimal = ConflictFinder.minimize(specs)
        return minimal.map { system.origins[Int(candidates[$0])] }
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }
}
