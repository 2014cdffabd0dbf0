/// What a change to the constants of some parameter rows of a compiled system
/// reaches: the solved blocks that read those rows or, directly or through
/// other blocks, a variable such a block fixes; the fixed rows and the simplex
/// components that read any of them. Nothing else changes value, so a
/// re-solve after such a change re-evaluates only these blocks (with the same
/// arithmetic as the block phase, so the values are the same to the last
/// bit), checks only these fixed rows and visits only these components.
///
/// The blocks are kept in solve order as a flat tape: each 1×1 block as its
/// row, variable, pivot and other terms in row order; a coupled block as a
/// reference to the planner's solved block, re-solved densely.
struct ParameterReach {
    /// The rows whose change this is, ascending.
    let changedRows: [Int32]
    /// Each block in solve order: a 1×1 block's variable, or `~b` for solved block `b` (coupled).
    private(set) var targets: [Int32] = []
    /// A 1×1 block's row (unused for a coupled block).
    private(set) var rows: [Int32] = []
    private(set) var pivots: [Double] = []
    /// Block `i`'s other terms are `termStart[i] ..< termStart[i + 1]`, in row order.
    private(set) var termStart: [Int32] = [0]
    private(set) var termVariables: [Int32] = []
    private(set) var termCoefficients: [Double] = []
    /// The plan's fixed rows that read a reached variable or a changed row.
    private(set) var fixedRows: [Int32] = []
    /// The plan's components that read a reached variable or a changed row, ascending.
    private(set) var components: [Int] = []

    /// Nothing changed: nothing to re-evaluate.
    init() { changedRows = [] }

    /// The reach of a change of `changedRows`, none of which is a row of a
    /// solved block: no block, the given fixed rows (those among
    /// `changedRows`) and no component listed (a caller that solves
    /// components by their inputs finds them so).
    init(outsideBlocks changedRows: [Int32], fixedRows: [Int32]) {
        self.changedRows = changedRows
        self.fixedRows = fixedRows
        readsNoBlock = true
    }

    /// Made by `init(outsideBlocks:fixedRows:)`: no block re-evaluated, so
    /// no determined variable changed value; only the constants of
    /// `changedRows` did.
    private(set) var readsNoBlock = false

    /// The reach of a change to `changedRows` (ascending parameter rows) in
    /// `planner`'s solved blocks and `plan`.
    ///
    /// - Complexity: O(nonzeros of the solved blocks, the fixed rows and the plan's rows).
    init(changedRows: [Int32], planner: Planner, plan: Planner.ResidualPlan) {
        self.changedRows = changedRows
        let system = planner.system
        var changed = [Bool](repeating: false, count: system.rowCount)
        for r in changedRows { changed[Int(r)] = true }
        var reached = [Bool](repeating: false, count: system.variableCount)
        func reads(_ r: Int32) -> Bool {
            if changed[Int(r)] { return true }
            for k in system.termRange(of: RowIndex(Int(r))) where reached[Int(system.columns[k])] { return true }
            return false
        }
        for b in 0 ..< planner.solvedBlockCount {
            let blockRows = planner.solvedBlock(b)
            guard blockRows.contains(where: reads) else { continue }
            if blockRows.count == 1 {
                let r = blockRows.first!
                let v = planner.definedVariable[Int(r)]
                var pivot = 0.0
                for k in system.termRange(of: RowIndex(Int(r))) {
                    if system.columns[k] == v {
                        pivot = system.coefficients[k]
                    } else {
                        termVariables.append(system.columns[k])
                        termCoefficients.append(system.coefficients[k])
                    }
                }
                targets.append(v)
                rows.append(r)
                pivots.append(pivot)
            } else {
                targets.append(~Int32(b))
                rows.append(-1)
                pivots.append(0)
            }
            termStart.append(Int32(termVariables.count))
            for r in blockRows { reached[Int(planner.definedVariable[Int(r)])] = true }
        }
        fixedRows = plan.fixedRows.filter(reads)
        for c in 0 ..< plan.componentCount where plan.rows(ofComponent: c).contains(where: reads) {
            components.append(c)
        }
    }
}

extension Planner {
    /// Whether row `r` is one of the solved blocks' rows (it defines a
    /// variable the block phase determined).
    func solvesBlock(ofRow r: Int) -> Bool {
        let v = definedVariable[r]
        return v >= 0 && state[Int(v)] == .determined
    }

    /// Whether row `r` is one of the residual plan's fixed rows: required,
    /// not a block's, every variable determined.
    func isFixedRow(_ r: Int) -> Bool {
        guard system.priorities[r].isRequired, !solvesBlock(ofRow: r) else { return false }
        for k in system.termRange(of: RowIndex(r)) where state[Int(system.columns[k])] != .determined { return false }
        return true
    }

    /// Re-evaluates the blocks of `reach` in order for the system's current
    /// constants, exactly as ``reevaluateBlocks()`` would (the other blocks'
    /// values do not change).
    ///
    /// - Returns: false when a coupled block has become numerically singular;
    ///   the caller then solves afresh.
    /// - Complexity: O(nonzeros of the reached blocks) when they are small.
    mutating func replayBlocks(_ reach: ParameterReach) -> Bool {
        var i = 0
        let count = reach.targets.count
        while i < count {
            i = replaySingletons(from: i, of: reach)
            guard i < count else { break }
            // The coupled blocks up to the next 1×1 one, with the system's
            // rows open once.
            var dense = denseSolver
            denseSolver = DenseBlockSolver()
            let system = self.system
            let ok = system.withRowBuffers { terms in
                while i < count && reach.targets[i] < 0 {
                    guard solveDense(rows: solvedBlock(Int(~reach.targets[i])), terms: terms, dense: &dense)
                    else { return false }
                    i += 1
                }
                return true
            }
            denseSolver = dense
            guard ok else { return false }
        }
        return true
    }

    /// Re-evaluates the run of 1×1 blocks of `reach` that starts at `first`
    /// and returns the index after it. Each value is `(−constant − Σ a·x) / pivot`
    /// with the terms in row order, as the block phase computes it.
    private mutating func replaySingletons(from first: Int, of reach: ParameterReach) -> Int {
        let constants = system.constants
        var i = first
        reach.targets.withUnsafeBufferPointer { targets in
        reach.rows.withUnsafeBufferPointer { rows in
        reach.pivots.withUnsafeBufferPointer { pivots in
        reach.termStart.withUnsafeBufferPointer { termStart in
        reach.termVariables.withUnsafeBufferPointer { termVariables in
        reach.termCoefficients.withUnsafeBufferPointer { termCoefficients in
        constants.withUnsafeBufferPointer { constants in
        values.withUnsafeMutableBufferPointer { values in
            while i < targets.count && targets[i] >= 0 {
                var rhs = -constants[Int(rows[i])]
                for k in Int(termStart[i]) ..< Int(termStart[i + 1]) {
                    rhs -= termCoefficients[k] * values[Int(termVariables[k])]
                }
                values[Int(targets[i])] = rhs / pivots[i]
                i += 1
            }
        }}}}}}}}
        return i
    }
}

extension ParameterReach {
    /// For a change of one row's constant: how fast each variable the reached
    /// 1×1 blocks fix moves per unit of that constant (indexed by variable;
    /// 0 for the others). `nil` when several rows changed or a coupled block
    /// is reached.
    ///
    /// - Complexity: O(variables + nonzeros of the reached blocks).
    func derivatives(variableCount: Int) -> [Double]? {
        guard changedRows.count == 1, targets.allSatisfy({ $0 >= 0 }) else { return nil }
        let changed = changedRows[0]
        var d = [Double](repeating: 0, count: variableCount)
        for i in targets.indices {
            var rhs = rows[i] == changed ? -1.0 : 0
            for k in Int(termStart[i]) ..< Int(termStart[i + 1]) {
                rhs -= termCoefficients[k] * d[Int(termVariables[k])]
            }
            d[Int(targets[i])] = rhs / pivots[i]
        }
        return d
    }
}
