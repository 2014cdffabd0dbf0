// Test support: an independent reference solver for small constraint systems.
//
// API (everything here is internal to the test target):
//
//   ReferenceRow(terms: [(variable, coefficient)], constant:, relation:, priority:)
//       one row `Σ coefficient·x[variable] + constant ⋈ 0` at a priority (1000 = required).
//
//   referenceLexicographicOptimum(rows:variableCount:)
//       -> (feasible: Bool, levelViolations: [(Priority, Double)], values: [Double]?)
//       `feasible` says whether the required rows can all hold. When they can,
//       `values` is a lexicographic optimum and `levelViolations` lists every
//       distinct optional priority present, highest first, with the total
//       violation of that level's rows at `values` (sum of absolute errors;
//       an inequality counts only the amount by which it is violated).
//       When they cannot, `values` is nil and `levelViolations` is empty.
//
//   referenceRequiredRowsHold(rows, values, tolerance:) -> Bool
//   referenceLevelViolations(rows, values) -> [(Priority, Double)]   (same levels as above)
//   referenceCompareLevels(a, b, tolerance:) -> Int                 (-1, 0, 1; lexicographic)
//   referenceIsFeasible(rows, variableCount:) -> Bool                (required rows only)
//
// Method: a dense textbook two-phase primal simplex with Bland's rule (lowest
// index enters; ratio ties leave by lowest basic index), on variables split
// into non-negative parts. The lexicographic problem is solved level by level:
// minimise the level's total error, then add "level total ≤ optimum + slack"
// as a constraint and go to the next level down. It shares no code with
// SimplexCore on purpose: it is the second method the property tests compare
// against. It is meant for a handful of variables and rows, not for speed.

@testable import PlumbSolver

/// One row of a reference problem: `Σ coefficient·x[variable] + constant ⋈ 0` at `priority`.
struct ReferenceRow: CustomStringConvertible {
    var terms: [(Int32, Double)]
    var constant: Double
    var relation: Relation
    var priority: Priority

    init(terms: [(Int32, Double)], constant: Double, relation: Relation, priority: Priority = .required) {
        self.terms = terms
        self.constant = constant
        self.relation = relation
        self.priority = priority
    }

    /// `Σ a·x + constant` at `values`.
    func evaluate(_ values: [Double]) -> Double {
        var s = constant
        for (v, a) in terms { s += a * values[Int(v)] }
        return s
    }

    /// How far `values` miss the relation (0 when it holds).
    func violation(_ values: [Double]) -> Double {
        let e = evaluate(values)
        switch relation {
        case .equal: return abs(e)
        case .lessOrEqual: return max(0, e)
        case .greaterOrEqual: return max(0, -e)
        }
    }

    var description: String {
        let lhs = terms.map { "\($0.1)·x\($0.0)" }.joined(separator: " + ")
        return "\(lhs.isEmpty ? "0" : lhs) + \(constant) \(relation) 0 @\(priority)"
    }
}

/// The lexicographic optimum of `rows` over `variableCount` free variables (see the file header).
func referenceLexicographicOptimum(rows: [ReferenceRow], variableCount: Int)
    -> (feasible: Bool, levelViolations: [(Priority, Double)], values: [Double]?)
{
    let levels = referenceLevels(rows)
    var fixed: [(level: Priority, bound: Double)] = []
    var values: [Double]? = nil
    // Phase for feasibility alone when there are no optional rows.
    let passes: [Priority?] = levels.isEmpty ? [nil] : levels.map { Optional($0) }
    for level in passes {
        let lp = ReferenceLPBuilder(rows: rows, variableCount: variableCount, fixedLevels: fixed, objectiveLevel: level)
        guard let solution = lp.solve() else { return (false, [], nil) }
        values = solution.values
        if let level {
            let bound = solution.objective + ReferenceLPTolerance.levelSlack * max(1, abs(solution.objective))
            fixed.append((level, bound))
        }
    }
    guard let values else { return (false, [], nil) }
    return (true, referenceLevelViolations(rows, values), values)
}

/// Whether the required rows of `rows` can all hold.
func referenceIsFeasible(_ rows: [ReferenceRow], variableCount: Int) -> Bool {
    let required = rows.filter { $0.priority.isRequired }
    let lp = ReferenceLPBuilder(rows: required, variableCount: variableCount, fixedLevels: [], objectiveLevel: nil)
    return lp.solve() != nil
}

/// The distinct optional priorities of `rows`, highest first.
func referenceLevels(_ rows: [ReferenceRow]) -> [Priority] {
    Set(rows.lazy.filter { !$0.priority.isRequired }.map(\.priority)).sorted(by: >)
}

/// Total violation per optional level at `values`, highest level first.
func referenceLevelViolations(_ rows: [ReferenceRow], _ values: [Double]) -> [(Priority, Double)] {
    referenceLevels(rows).map { p in
        (p, rows.lazy.filter { $0.priority == p }.reduce(0) { $0 + $1.violation(values) })
    }
}

/// Whether every required row holds at `values` within `tolerance` (absolute).
func referenceRequiredRowsHold(_ rows: [ReferenceRow], _ values: [Double], tolerance: Double = 1e-6) -> Bool {
    rows.allSatisfy { !$0.priority.isRequired || $0.violation(values) <= tolerance }
}

/// Lexicographic comparison of two level-violation vectors over the same levels:
/// -1 when `a` is better (smaller at the first level that differs by more than
/// `tolerance`), 1 when worse, 0 when equal within tolerance.
func referenceCompareLevels(_ a: [(Priority, Double)], _ b: [(Priority, Double)], tolerance: Double = 1e-6) -> Int {
    precondition(a.map(\.0) == b.map(\.0), "level lists differ: \(a.map(\.0)) vs \(b.map(\.0))")
    for (x, y) in zip(a, b) {
        let scale = max(1, abs(x.1), abs(y.1))
        if x.1 < y.1 - tolerance * scale { return -1 }
        if x.1 > y.1 + tolerance * scale { return 1 }
    }
    return 0
}

// MARK: - Implementation

/// Tolerances of the reference method (absolute; its inputs are small integers).
enum ReferenceLPTolerance {
    /// Entries smaller than this are zero for pivoting and pricing.
    static let zero = 1e-9
    /// A phase-1 optimum above this means the required rows cannot hold.
    static let infeasible = 1e-7
    /// Relative slack granted to a fixed level's total when solving lower
    /// levels. Small: lower levels can gain what a higher one gives up
    /// times the system's sensitivity (hundreds for these small integer
    /// systems), so a slack of 1e-9 let a lower level come out 1e-6 below
    /// the true lexicographic optimum, and the comparison blamed the exact
    /// answer (seen once in CI). Round-off on these inputs is far below it.
    static let levelSlack = 1e-12
}

/// Builds the dense LP for one level and solves it.
///
/// Columns: for each variable, x⁺ and x⁻ (x = x⁺ - x⁻); for each optional row,
/// its error columns (e⁺, e⁻ for an equality, one e for an inequality).
/// Rows: every required row; every optional row with its errors; for each
/// fixed level, "sum of its errors ≤ bound". Objective: the sum of
/// `objectiveLevel`'s errors (or nothing: a pure feasibility problem).
struct ReferenceLPBuilder {
    var rows: [ReferenceRow]
    var variableCount: Int
    var fixedLevels: [(level: Priority, bound: Double)]
    var objectiveLevel: Priority?

    /// A dense constraint `Σ a·y ⋈ rhs` over the LP's columns.
    struct DenseConstraint {
        var a: [Double]
        var relation: Relation
        var rhs: Double
    }

    func solve() -> (values: [Double], objective: Double)? {
        // Lay out the columns.
        var columnCount = 2 * variableCount
        var errorColumns: [[Int]] = []  // per row
        for row in rows {
            if row.priority.isRequired {
                errorColumns.append([])
            } else if row.relation == .equal {
                errorColumns.append([columnCount, columnCount + 1])
                columnCount += 2
            } else {
                errorColumns.append([columnCount])
                columnCount += 1
            }
        }
        var constraints: [DenseConstraint] = []
        var cost = [Double](repeating: 0, count: columnCount)
        for (i, row) in rows.enumerated() {
            var a = [Double](repeating: 0, count: columnCount)
            for (v, coefficient) in row.terms {
                a[2 * Int(v)] += coefficient
                a[2 * Int(v) + 1] -= coefficient
            }
            let errors = errorColumns[i]
            switch (row.relation, errors.count) {
            case (.equal, 2):
                a[errors[0]] = -1  // expression = e⁺ - e⁻
                a[errors[1]] = 1
            case (.lessOrEqual, 1):
                a[errors[0]] = -1  // expression ≤ e
            case (.greaterOrEqual, 1):
                a[errors[0]] = 1  // expression ≥ -e
            default:
                break
            }
            constraints.append(DenseConstraint(a: a, relation: row.relation, rhs: -row.constant))
            if let level = objectiveLevel, row.priority == level {
                for e in errors { cost[e] = 1 }
            }
        }
        for (level, bound) in fixedLevels {
            var a = [Double](repeating: 0, count: columnCount)
            for (i, row) in rows.enumerated() where row.priority == level {
                for e in errorColumns[i] { a[e] = 1 }
            }
            constraints.append(DenseConstraint(a: a, relation: .lessOrEqual, rhs: bound))
        }
        guard let (y, objective) = ReferenceDenseSimplex.minimize(cost: cost, constraints: constraints) else {
            return nil
        }
        let values = (0 ..< variableCount).map { y[2 * $0] - y[2 * $0 + 1] }
        return (values, objective)
    }
}

/// A dense two-phase primal simplex: minimise `cost·y` subject to the
/// constraints and `y ≥ 0`, with Bland's rule throughout.
///
/// The tableau is one flat row-major array of `m` constraint rows plus a
/// reduced-cost row, each `width` wide (the last column is the right-hand
/// side; the cost row's holds minus the objective value).
enum ReferenceDenseSimplex {
    /// The optimum `(y, cost·y)`, or nil when the constraints cannot hold.
    /// (The problems built above are bounded below: every cost is ≥ 0.)
    static func minimize(cost: [Double], constraints: [ReferenceLPBuilder.DenseConstraint]) -> ([Double], Double)? {
        let n = cost.count
        let m = constraints.count
        // Standard form: one slack column per inequality, rows flipped so rhs ≥ 0,
        // one artificial column per row.
        let slackCount = constraints.lazy.filter { $0.relation != .equal }.count
        let structural = n + slackCount
        let width = structural + m + 1
        let rhs = width - 1
        var t = [Double](repeating: 0, count: (m + 1) * width)
        var basis = [Int](repeating: 0, count: m)
        var nextSlack = n
        for (i, c) in constraints.enumerated() {
            let row = i * width
            for j in 0 ..< n { t[row + j] = c.a[j] }
            switch c.relation {
            case .equal: break
            case .lessOrEqual:
                t[row + nextSlack] = 1
                nextSlack += 1
            case .greaterOrEqual:
                t[row + nextSlack] = -1
                nextSlack += 1
            }
            t[row + rhs] = c.rhs
            if t[row + rhs] < 0 {
                for j in 0 ..< structural { t[row + j] = -t[row + j] }
                t[row + rhs] = -t[row + rhs]
            }
            t[row + structural + i] = 1
            basis[i] = structural + i
        }
        var alive = [Bool](repeating: true, count: m)

        // Phase 1: minimise the sum of artificials.
        var phase1 = [Double](repeating: 0, count: width - 1)
        for j in structural ..< structural + m { phase1[j] = 1 }
        setCostRow(&t, basis: basis, alive: alive, cost: phase1, width: width)
        runSimplex(&t, &basis, alive: alive, width: width, allowed: width - 1)
        if -t[m * width + rhs] > ReferenceLPTolerance.infeasible { return nil }

        // Drive artificials out of the basis; rows where that is impossible are redundant.
        for i in 0 ..< m where basis[i] >= structural {
            if let j = (0 ..< structural).first(where: { abs(t[i * width + $0]) > ReferenceLPTolerance.zero }) {
                pivot(&t, &basis, row: i, column: j, width: width)
            } else {
                alive[i] = false
                for j in 0 ..< width { t[i * width + j] = 0 }
            }
        }

        // Phase 2 over structural columns only.
        var phase2 = [Double](repeating: 0, count: width - 1)
        for j in 0 ..< n { phase2[j] = cost[j] }
        setCostRow(&t, basis: basis, alive: alive, cost: phase2, width: width)
        runSimplex(&t, &basis, alive: alive, width: width, allowed: structural)
        var y = [Double](repeating: 0, count: n)
        for i in 0 ..< m where alive[i] && basis[i] < n { y[basis[i]] = t[i * width + rhs] }
        var objective = 0.0
        for j in 0 ..< n { objective += cost[j] * y[j] }
        return (y, objective)
    }

    /// Writes the reduced costs `c_j − Σ_i c_{basis[i]}·t[i][j]` (and minus the
    /// objective in the rhs column) into the last row.
    private static func setCostRow(_ t: inout [Double], basis: [Int], alive: [Bool], cost: [Double], width: Int) {
        let m = basis.count
        let z = m * width
        for j in 0 ..< width - 1 { t[z + j] = cost[j] }
        t[z + width - 1] = 0
        for i in 0 ..< m where alive[i] {
            let cb = cost[basis[i]]
            if cb == 0 { continue }
            for j in 0 ..< width { t[z + j] -= cb * t[i * width + j] }
        }
    }

    /// Primal simplex with Bland's rule on columns `0 ..< allowed`.
    private static func runSimplex(_ t: inout [Double], _ basis: inout [Int], alive: [Bool], width: Int, allowed: Int) {
        let m = basis.count
        let rhs = width - 1
        let z = m * width
        var iterations = 0
        while true {
            iterations += 1
            precondition(iterations < 100_000, "reference simplex did not terminate")
            guard let entering = (0 ..< allowed).first(where: { t[z + $0] < -ReferenceLPTolerance.zero }) else { return }
            var leaving = -1
            var best = Double.infinity
            for i in 0 ..< m where alive[i] && t[i * width + entering] > ReferenceLPTolerance.zero {
                let ratio = t[i * width + rhs] / t[i * width + entering]
                if ratio < best - ReferenceLPTolerance.zero
                    || (ratio <= best + ReferenceLPTolerance.zero && leaving >= 0 && basis[i] < basis[leaving])
                {
                    best = min(best, ratio)
                    leaving = i
                }
            }
            precondition(leaving >= 0, "reference LP is unbounded (costs are non-negative, so this is a bug)")
            pivot(&t, &basis, row: leaving, column: entering, width: width)
        }
    }

    /// Pivots on `(r, c)`, updating every row including the cost row.
    private static func pivot(_ t: inout [Double], _ basis: inout [Int], row r: Int, column c: Int, width: Int) {
        let rows = t.count / width
        t.withUnsafeMutableBufferPointer { p in
            let pr = r * width
            let inverse = 1 / p[pr + c]
            for j in 0 ..< width { p[pr + j] *= inverse }
            p[pr + c] = 1
            for i in 0 ..< rows where i != r {
                let pi = i * width
                let f = p[pi + c]
                if f == 0 { continue }
                for j in 0 ..< width { p[pi + j] -= f * p[pr + j] }
                p[pi + c] = 0
            }
        }
        basis[r] = c
    }
}
