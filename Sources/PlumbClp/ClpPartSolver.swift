import CClp
import PlumbSolver
import Synchronization

/// Solves the parts that stay large and coupled after presolve with COIN-OR
/// Clp (a revised simplex over a sparse LU factorisation), one priority
/// level after another, each level's optimum held by a row while the next
/// is minimised: the lexicographic optimum, exact up to Clp's tolerances
/// (1e-9 on rows, relative to its scaling) and the slack a held level is
/// given (1e-9 plus 1e-12 of its optimum).
///
/// Each optional row gets error columns: an equality `e⁺ − e⁻`, an
/// inequality one column on the side it may miss; level `p`'s objective is
/// the sum of its rows' error columns. Required rows are row bounds. The
/// first level is solved from scratch (`Clp_initialSolve`, with Clp's own
/// presolve), later ones by the primal simplex from the last basis, which
/// the held row keeps feasible.
///
/// When Clp finds no optimum (the required rows conflict, or it stops), the
/// part goes back to Plumb's tableau, which names the minimal conflict set.
/// Clp is called from one thread at a time.
public struct ClpPartSolver: LargePartSolver {
    public init() {}

    public var name: String { "clp" }

    /// Serialises calls: Clp's message handling is shared between models.
    private static let lock = Mutex(())

    public func solve(_ part: LinearPart) -> [Double]? {
        Self.lock.withLock { _ in Self.solveLocked(part) }
    }

    private static func solveLocked(_ part: LinearPart) -> [Double]? {
        let n = part.variableCount, m = part.rowCount
        let infinity = 1e30
        // Columns: the part's variables (free), then error columns.
        var lower = [Double](repeating: -infinity, count: n)
        var upper = [Double](repeating: infinity, count: n)
        var levelOfError: [Double] = []
        // Rows, row-major.
        var rowLower: [Double] = [], rowUpper: [Double] = []
        var starts: [CoinBigIndex] = [0], columns: [Int32] = [], elements: [Double] = []
        rowLower.reserveCapacity(m)
        rowUpper.reserveCapacity(m)
        columns.reserveCapacity(part.columns.count + 2 * m)
        elements.reserveCapacity(part.columns.count + 2 * m)
        func addError(_ coefficient: Double, level: Double) {
            columns.append(Int32(n + levelOfError.count))
            elements.append(coefficient)
            levelOfError.append(level)
        }
        for i in 0 ..< m {
            for k in Int(part.rowStart[i]) ..< Int(part.rowStart[i + 1]) {
                columns.append(part.columns[k])
                elements.append(part.coefficients[k])
            }
            // Σ a·x + c ⋈ 0  ⇔  Σ a·x ⋈ −c
            let rhs = -part.constants[i]
            let p = part.priorities[i]
            switch part.relations[i] {
            case .equal:
                rowLower.append(rhs)
                rowUpper.append(rhs)
                if !p.isRequired {
                    addError(1, level: p.rawValue)
                    addError(-1, level: p.rawValue)
                }
            case .lessOrEqual:
                rowLower.append(-infinity)
                rowUpper.append(rhs)
                if !p.isRequired { addError(-1, level: p.rawValue) }
            case .greaterOrEqual:
                rowLower.append(rhs)
                rowUpper.append(infinity)
                if !p.isRequired { addError(1, level: p.rawValue) }
            }
            starts.append(CoinBigIndex(columns.count))
        }
        let columnCount = n + levelOfError.count
        lower += [Double](repeating: 0, count: levelOfError.count)
        upper += [Double](repeating: infinity, count: levelOfError.count)

        guard let model = Clp_newModel() else { return nil }
        defer { Clp_deleteModel(model) }
        Clp_setLogLevel(model, 0)
        // Tighter than Clp's 1e-7: layouts are compared to 1e-6 and held
        // levels must not drift.
        Clp_setPrimalTolerance(model, 1e-9)
        Clp_setDualTolerance(model, 1e-9)
        let emptyStarts = [CoinBigIndex](repeating: 0, count: columnCount + 1)
        Clp_loadProblem(model, Int32(columnCount), 0, emptyStarts, nil, nil, lower, upper, nil, nil, nil)
        Clp_addRows(model, Int32(m), rowLower, rowUpper, starts, columns, elements)

        let levels = Set(levelOfError).sorted(by: >)
        var objective = [Double](repeating: 0, count: columnCount)
        var first = true
        for level in levels.isEmpty ? [Double.nan] : levels {
            var held: [Int32] = []
            for (j, l) in levelOfError.enumerated() {
                let on = l == level
                objective[n + j] = on ? 1 : 0
                if on { held.append(Int32(n + j)) }
            }
            Clp_chgObjCoefficients(model, objective)
            if first {
                _ = Clp_initialSolve(model)
                first = false
            } else {
                _ = Clp_primal(model, 0)
            }
            guard Clp_status(model) == 0 else { return nil }
            guard !held.isEmpty else { break }
            // Hold this level at its optimum while the next ones move.
            // Errors are non-negative, so a slightly negative optimum is
            // rounding; the slack covers Clp's tolerance on the held row.
            // The slack is what lower levels may cost this one: 1e-9 plus
            // 1e-12 of the optimum (a relative 1e-8 let a layout's frames
            // drift by 5e-5 on a level whose optimum was 5,643). When Clp
            // then calls a later level infeasible (it can, with twenty held
            // rows at its tolerance), the tableau solves the part instead.
            // Holding a level by fixing the columns with non-zero reduced
            // costs (no row) was tried and gave wrong frames on `dashboard`.
            let optimum = max(0, Clp_objectiveValue(model))
            let slack = 1e-9 + 1e-12 * optimum
            let ones = [Double](repeating: 1, count: held.count)
            let heldStarts: [CoinBigIndex] = [0, CoinBigIndex(held.count)]
            let heldLower = [-infinity], heldUpper = [optimum + slack]
            Clp_addRows(model, 1, heldLower, heldUpper, heldStarts, held, ones)
        }
        guard let solution = Clp_getColSolution(model) else { return nil }
        return (0 ..< n).map { solution[$0] }
    }
}
