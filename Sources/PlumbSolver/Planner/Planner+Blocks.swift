extension Planner {
    // MARK: - Block phase

    /// Orders the required equalities into block triangular form and solves
    /// every block they determine. Runs once, on a new planner (whose
    /// matching arrays are still all -1).
    mutating func solveBlocks() throws(SolverError) {
        let system = self.system
        // The required equalities with terms, found in one pass (room for
        // every row; the array lives only until the blocks are ordered).
        let rowCount = system.rowCount
        // (In an array an earlier layout gave back, when there is one: see
        // ``SpareArrays``; the form's arrays below too.)
        // Written as they are found: the room is not cleared first.
        var equalities: [Int32] = SpareArrays.take(count: rowCount) { found in
            system.relations.withUnsafeBufferPointer { relations in
                system.rowStart.withUnsafeBufferPointer { rowStart in
                    var n = 0
                    system.priorities.forEachRequiredRow { r in
                        if relations[r] == .equal && rowStart[r &+ 1] > rowStart[r] {
                            found[n] = Int32(truncatingIfNeeded: r)
                            n &+= 1
                        }
                    }
                    return n
                }
            }
        }
        // The matching is built in the planner's own (all -1) arrays.
        var transversal = Transversal(variableOfRow: [], rowOfVariable: [])
        swap(&transversal.variableOfRow, &definedVariable)
        swap(&transversal.rowOfVariable, &definingRow)
        system.rowStart.withUnsafeBufferPointer { start in
            system.columns.withUnsafeBufferPointer { index in
                transversal.match(start: start, index: index, rows: equalities, eligible: { _ in true })
            }
        }
        definingRow = transversal.rowOfVariable
        definedVariable = transversal.variableOfRow
        var btf = system.rowStart.withUnsafeBufferPointer { start in
            system.columns.withUnsafeBufferPointer { index in
                BlockTriangularForm(start: start, index: index, transversal: transversal, rows: equalities)
            }
        }
        SpareArrays.give(taking: &equalities)
        defer { btf.giveArrays() }

        // The system's rows through buffers for the whole phase (the
        // planner's own arrays are written while they are open).
        var dense = denseSolver
        denseSolver = DenseBlockSolver()
        let replaysBefore = dense.replays
        defer {
            stats.reusedBlocks += dense.replays - replaysBefore
            denseSolver = dense
        }
        let failure: SolverError? = system.withRowBuffers { terms in
            let varOfRow = definedVariable
            var b = 0
            while b < btf.blockCount {
                // The DAG evaluator: a run of 1×1 blocks in one tight loop.
                let runEnd = evaluateSingletons(from: b, of: btf, terms: terms)
                if runEnd > b {
                    if recordsBlockOrder { recordSolvedRun(b ..< runEnd, of: btf) }
                    b = runEnd
                    continue
                }
                defer { b += 1 }
                let rows = btf.rows(ofBlock: b)
                var determined = claimBlock(b, rows: rows, terms: terms)
                if determined {
                    if rows.count == 1 {
                        determined = solveSingleton(row: Int(rows.first!), variable: Int(varOfRow[Int(rows.first!)]),
                                                    terms: terms)
                    } else {
                        determined = solveDense(rows: rows, terms: terms, dense: &dense)
                    }
                }
                if determined {
                    if recordsBlockOrder {
                        solvedBlockRows.append(contentsOf: rows)
                        solvedBlockStart.append(Int32(solvedBlockRows.count))
                    }
                    if rows.count == 1 {
                        stats.dagVariables += 1
                    } else {
                        if options.strategy == .dag {
                            return .strategyCannotSolve(
                                strategy: "dag",
                                reason: "\(system.origins[Int(rows.first!)]) is part of \(rows.count) equalities "
                                    + "that must be solved together (use the block or auto strategy)")
                        }
                        stats.blocks += 1
                        stats.blockVariables += rows.count
                        stats.largestBlock = max(stats.largestBlock, rows.count)
                    }
                } else {
                    for r in rows { state[Int(varOfRow[Int(r)])] = .undetermined }
                }
            }
            return nil
        }
        if let failure { throw failure }
    }

    /// Marks the variables of block `b` (its `rows`, larger than 1×1) as
    /// the block's in ``blockOfVariable`` and returns whether the block is
    /// determined: every variable its rows mention is either defined inside
    /// the block or already determined (and so matched). Through the
    /// arrays' buffers: no bounds or uniqueness check a term.
    private mutating func claimBlock(_ b: Int, rows: ArraySlice<Int32>, terms: RowBuffers) -> Bool {
        let block = Int32(truncatingIfNeeded: b)
        let rowStart = terms.rowStart, columns = terms.columns
        return rows.withUnsafeBufferPointer { rows in
        definingRow.withUnsafeBufferPointer { rowOfVar in
        definedVariable.withUnsafeBufferPointer { varOfRow in
        state.withUnsafeBufferPointer { state in
        blockOfVariable.withUnsafeMutableBufferPointer { blockOfVariable in
            for r in rows { blockOfVariable[Int(varOfRow[Int(r)])] = block }
            for r in rows {
                for k in Int(rowStart[Int(r)]) ..< Int(rowStart[Int(r) &+ 1]) {
                    let v = Int(columns[k])
                    if rowOfVar[v] < 0 { return false }
                    if blockOfVariable[v] != block && state[v] != .determined { return false }
                }
            }
            return true
        }}}}}
    }

    /// Evaluates the run of 1×1 blocks that starts at block `first`, each
    /// row solved for its matched variable from already-determined ones, and
    /// returns the first block after the run (`first` when block `first` is
    /// larger). Does for each 1×1 block what the general loop of
    /// ``solveBlocks()`` does, in one pass over the row, through unsafe
    /// buffers (no bounds checks, no reference counting per block).
    private mutating func evaluateSingletons(from first: Int, of btf: BlockTriangularForm, terms: RowBuffers) -> Int {
        let rowStart = terms.rowStart, columns = terms.columns
        let coefficients = terms.coefficients, constants = terms.constants
        let varOfRow = definedVariable
        var end = first
        var dagVariables = 0
        btf.blockStart.withUnsafeBufferPointer { blockStart in
        btf.rows.withUnsafeBufferPointer { blockRows in
        varOfRow.withUnsafeBufferPointer { varOfRow in
        values.withUnsafeMutableBufferPointer { values in
        state.withUnsafeMutableBufferPointer { state in
        blockOfVariable.withUnsafeMutableBufferPointer { blockOfVariable in
            let blockCount = blockStart.count - 1
            while end < blockCount && blockStart[end + 1] - blockStart[end] == 1 {
                let r = Int(blockRows[Int(blockStart[end])])
                let v = Int(varOfRow[r])
                blockOfVariable[v] = Int32(end)
                var pivot = 0.0, largest = 0.0
                var rhs = -constants[r]
                var known = true
                for k in Int(rowStart[r]) ..< Int(rowStart[r + 1]) {
                    let u = Int(columns[k])
                    let a = coefficients[k]
                    largest = max(largest, abs(a))
                    if u == v {
                        pivot = a
                    } else if state[u] == .determined {
                        rhs -= a * values[u]
                    } else {
                        known = false
                        break
                    }
                }
                if known && abs(pivot) > Tolerances.pivot * largest {
                    values[v] = rhs / pivot
                    state[v] = .determined
                    dagVariables += 1
                } else {
                    state[v] = .undetermined
                }
                end += 1
            }
        }}}}}}
        stats.dagVariables += dagVariables
        return end
    }

    /// Records the 1×1 blocks of the run `run` that ``evaluateSingletons(from:of:terms:)``
    /// solved (``solvedBlock(_:)``). A function of its own, called by the
    /// block phase: inlined in the evaluation's body, it cost the
    /// evaluation's loop 4 instructions a row in every one-shot solve
    /// (which records nothing).
    @inline(never)
    private mutating func recordSolvedRun(_ run: Range<Int>, of btf: BlockTriangularForm) {
        let (first, end) = (run.lowerBound, run.upperBound)
        let varOfRow = definedVariable
        // The run's solved rows, read and written through buffers: both
        // arrays are grown once a run to hold every block of it, written
        // through pointers, and cut back to the blocks solved (appended
        // one by one, each append checked the array's uniqueness and
        // room: about 40 instructions a row, a quarter of the phase on
        // a list of 10,000 views).
        let rowsBefore = solvedBlockRows.count, startsBefore = solvedBlockStart.count
        solvedBlockRows.resize(to: rowsBefore + end - first, filling: 0)
        solvedBlockStart.resize(to: startsBefore + end - first, filling: 0)
        var solved = 0
        btf.blockStart.withUnsafeBufferPointer { blockStart in
        btf.rows.withUnsafeBufferPointer { blockRows in
        varOfRow.withUnsafeBufferPointer { varOfRow in
        state.withUnsafeBufferPointer { state in
        solvedBlockRows.withUnsafeMutableBufferPointer { rows in
        solvedBlockStart.withUnsafeMutableBufferPointer { starts in
            for j in first ..< end {
                let r = blockRows[Int(blockStart[j])]
                if state[Int(varOfRow[Int(r)])] == .determined {
                    rows[rowsBefore &+ solved] = r
                    starts[startsBefore &+ solved] = Int32(truncatingIfNeeded: rowsBefore &+ solved &+ 1)
                    solved &+= 1
                }
            }
        }}}}}}
        solvedBlockRows.resize(to: rowsBefore + solved, filling: 0)
        solvedBlockStart.resize(to: startsBefore + solved, filling: 0)
    }

    /// Solves again, in the same order, every block ``solveBlocks()`` solved,
    /// for the system's current constants (the structure is unchanged).
    ///
    /// - Returns: false when a block has become numerically singular (its
    ///   coefficients are unchanged, so this only happens at the edge of the
    ///   pivot tolerance); the caller then solves afresh.
    /// - Complexity: O(nonzeros of the solved blocks) when they are small.
    mutating func reevaluateBlocks() -> Bool {
        var dense = denseSolver
        denseSolver = DenseBlockSolver()
        defer { denseSolver = dense }
        let system = self.system
        return system.withRowBuffers { terms in
            for b in 0 ..< solvedBlockCount {
                let rows = solvedBlock(b)
                let ok = rows.count == 1
                    ? solveSingleton(row: Int(rows.first!), variable: Int(definedVariable[Int(rows.first!)]), terms: terms)
                    : solveDense(rows: rows, terms: terms, dense: &dense)
                if !ok { return false }
            }
            return true
        }
    }

    /// Solves the 1×1 block `row` for `variable`; false when its coefficient
    /// is numerically zero.
    private mutating func solveSingleton(row r: Int, variable v: Int, terms: RowBuffers) -> Bool {
        var pivot = 0.0
        var largest = 0.0
        var rhs = -terms.constants[r]
        for k in Int(terms.rowStart[r]) ..< Int(terms.rowStart[r + 1]) {
            let u = Int(terms.columns[k])
            let a = terms.coefficients[k]
            largest = max(largest, abs(a))
            if u == v { pivot = a } else { rhs -= a * values[u] }
        }
        guard abs(pivot) > Tolerances.pivot * largest else { return false }
        values[v] = rhs / pivot
        state[v] = .determined
        return true
    }

    /// Solves a coupled block as a dense system; false when it is singular.
    mutating func solveDense(rows: ArraySlice<Int32>, terms: RowBuffers, dense: inout DenseBlockSolver) -> Bool {
        let n = rows.count
        // Column j of the block is the variable matched to its j-th row
        // (`local[v] == j`, -1 outside the block: the planner's scratch
        // array, reset before returning, so blocks allocate no map).
        if localIndex.count < system.variableCount {
            localIndex = [Int32](repeating: -1, count: system.variableCount)
        }
        let rowStart = terms.rowStart, columns = terms.columns
        let coefficients = terms.coefficients, constants = terms.constants
        return rows.withUnsafeBufferPointer { rows in
        localIndex.withUnsafeMutableBufferPointer { local in
        definedVariable.withUnsafeBufferPointer { varOfRow in
        values.withUnsafeMutableBufferPointer { values in
        state.withUnsafeMutableBufferPointer { state in
            var entryBound = 0
            for (j, r) in rows.enumerated() {
                local[Int(varOfRow[Int(r)])] = Int32(truncatingIfNeeded: j)
                entryBound &+= Int(rowStart[Int(r) &+ 1] &- rowStart[Int(r)])
            }
            defer { for r in rows { local[Int(varOfRow[Int(r)])] = -1 } }
            return dense.solve(size: n, entryBound: entryBound, fill: { entries, b in
                for (i, r) in rows.enumerated() {
                    var rhs = -constants[Int(r)]
                    for k in Int(rowStart[Int(r)]) ..< Int(rowStart[Int(r) &+ 1]) {
                        let u = Int(columns[k])
                        let j = Int(local[u])
                        if j >= 0 {
                            entries.add(row: i, column: j, value: coefficients[k])
                        } else {
                            rhs -= coefficients[k] * values[u]
                        }
                    }
                    b[i] = rhs
                }
            }, store: { x in
                for (j, r) in rows.enumerated() {
                    let v = Int(varOfRow[Int(r)])
                    values[v] = x[j]
                    state[v] = .determined
                }
            })
        }}}}}
    }
}

/// A system's rows through unsafe buffers, for the block phase's loops: the
/// system is not changed while they are open, the planner's own arrays are.
struct RowBuffers {
    let rowStart: UnsafeBufferPointer<Int32>
    let columns: UnsafeBufferPointer<Int32>
    let coefficients: UnsafeBufferPointer<Double>
    let constants: UnsafeBufferPointer<Double>
}

extension ConstraintSystem {
    /// Calls `body` with the rows' buffers (``RowBuffers``).
    func withRowBuffers<R>(_ body: (RowBuffers) -> R) -> R {
        rowStart.withUnsafeBufferPointer { rowStart in
            columns.withUnsafeBufferPointer { columns in
                coefficients.withUnsafeBufferPointer { coefficients in
                    constants.withUnsafeBufferPointer { constants in
                        body(RowBuffers(rowStart: rowStart, columns: columns, coefficients: coefficients,
                                        constants: constants))
                    }
                }
            }
        }
    }
}
