import Testing
import PlumbTestSupport
import PropertyBased
@testable import PlumbSolver

/// The planner's block phase: required equalities solved in block triangular order.
@Suite struct PlannerBlockTests {
    private static let origin = Origin(kind: .code, text: "test")

    /// x0 = 5; x_{i+1} = x_i + 2 (a dependency chain, written last-to-first so
    /// the order of rows does not help): x_i = 5 + 2i.
    @Test func chainIsSolvedInDependencyOrder() throws {
        var s = ConstraintSystem()
        let n = 1000
        s.addVariables(n)
        for i in stride(from: n - 2, through: 0, by: -1) {
            s.addRow([(VariableIndex(i + 1), 1), (VariableIndex(i), -1)], constant: -2, relation: .equal, origin: Self.origin)
        }
        s.addRow([(VariableIndex(0), 1)], constant: -5, relation: .equal, origin: Self.origin)
        let solution = try s.solve()
        for i in 0 ..< n { #expect(solution.values[i] == 5 + 2 * Double(i)) }
        #expect(solution.stats.dagVariables == n)
        #expect(solution.stats.blocks == 0)
        #expect(solution.stats.simplexComponents == 0)
    }

    /// One row of the grid family: 4 cells of equal width between margins of 8
    /// in a 400-wide root: l0 = 8, l_j = l_{j-1} + w_{j-1} + 8, w_j = w0,
    /// l3 + w3 = 392, so l3 = 8 + 3(w + 8) gives 4w + 32 = 392: w = 90, l_j = 8 + 98j.
    @Test func coupledBlockOfEqualWidths() throws {
        var s = ConstraintSystem()
        s.addVariables(8)  // l0..l3 = 0..3, w0..w3 = 4..7
        func l(_ j: Int) -> VariableIndex { VariableIndex(j) }
        func w(_ j: Int) -> VariableIndex { VariableIndex(4 + j) }
        s.addRow([(l(0), 1)], constant: -8, relation: .equal, origin: Self.origin)
        for j in 1 ..< 4 {
            s.addRow([(l(j), 1), (l(j - 1), -1), (w(j - 1), -1)], constant: -8, relation: .equal, origin: Self.origin)
            s.addRow([(w(j), 1), (w(0), -1)], constant: 0, relation: .equal, origin: Self.origin)
        }
        s.addRow([(l(3), 1), (w(3), 1)], constant: -392, relation: .equal, origin: Self.origin)
        for threshold in [1000, 0] {  // Swift elimination, then LAPACKE
            var options = SolveOptions(strategy: .block)
            options.lapackThreshold = threshold
            let solution = try s.solve(options: options)
            for j in 0 ..< 4 {
                #expect(abs(solution.values[w(j).int] - 90) < 1e-9)
                #expect(abs(solution.values[l(j).int] - (8 + 98 * Double(j))) < 1e-9)
            }
            #expect(solution.stats.largestBlock > 1)
            // l0 alone (one division), then l1...l3 and w0...w3 in one coupled block.
            #expect(solution.stats.dagVariables == 1)
            #expect(solution.stats.blocks == 1)
            #expect(solution.stats.blockVariables == 7)
        }
        // The DAG evaluator alone cannot solve a coupled block, and says so.
        #expect {
            try s.solve(options: SolveOptions(strategy: .dag))
        } throws: { error in
            guard case SolverError.strategyCannotSolve(let strategy, let reason) = error else { return false }
            return strategy == "dag" && reason.contains("must be solved together")
        }
    }

    /// A coupled block that mentions a variable the block phase leaves to
    /// the simplex is not solved by the planner (its variable is matched to
    /// a row that depends on a variable only an optional row sets): rows of
    /// 2 to 7 cells of equal width between margins of 8 across a total
    /// R = 2d, with d = 200 preferred (medium): R = 400, every width
    /// (400 - 8(n + 1)) / n, as the simplex finds with every row its own.
    @Test func coupledBlockOnAVariableLeftToTheSimplex() throws {
        for n in 2 ... 7 {
            var s = ConstraintSystem()
            s.addVariables(2 + 2 * n)  // R, d, l0..l(n-1), w0..w(n-1)
            let total = VariableIndex(0), d = VariableIndex(1)
            func l(_ j: Int) -> VariableIndex { VariableIndex(2 + j) }
            func w(_ j: Int) -> VariableIndex { VariableIndex(2 + n + j) }
            // R first: the greedy matching gives R this row, which depends on the open d.
            s.addRow([(total, 1), (d, -2)], constant: 0, relation: .equal, origin: Self.origin)
            s.addRow([(l(0), 1)], constant: -8, relation: .equal, origin: Self.origin)
            for j in 1 ..< n {
                s.addRow([(l(j), 1), (l(j - 1), -1), (w(j - 1), -1)], constant: -8, relation: .equal, origin: Self.origin)
                s.addRow([(w(j), 1), (w(0), -1)], constant: 0, relation: .equal, origin: Self.origin)
            }
            s.addRow([(l(n - 1), 1), (w(n - 1), 1), (total, -1)], constant: 8, relation: .equal, origin: Self.origin)
            s.addRow([(d, 1)], constant: -200, relation: .equal, priority: .medium, origin: Self.origin)
            let solution = try s.solve()
            let simplex = try s.solve(options: SolveOptions(strategy: .simplex))
            let width = (400 - 8 * Double(n + 1)) / Double(n)
            #expect(abs(solution.values[total.int] - 400) < 1e-9, "n = \(n)")
            for j in 0 ..< n {
                #expect(abs(solution.values[w(j).int] - width) < 1e-9, "n = \(n)")
                #expect(abs(solution.values[l(j).int] - (8 + (width + 8) * Double(j))) < 1e-9, "n = \(n)")
            }
            for v in 0 ..< 2 + 2 * n { #expect(abs(solution.values[v] - simplex.values[v]) < 1e-9, "n = \(n)") }
            // Only l0 is the planner's; the cells' block goes to the simplex with R.
            #expect(solution.stats.blocks == 0, "n = \(n)")
            #expect(solution.stats.dagVariables == 1, "n = \(n)")
        }
    }

    /// A forced block or DAG strategy refuses a system with an inequality
    /// left over, naming the row that needs the simplex.
    @Test func forcedStrategyNamesTheRowItCannotSolve() {
        var s = ConstraintSystem()
        s.addVariables(2)
        s.addRow([(VariableIndex(0), 1)], constant: -3, relation: .equal, origin: Self.origin)
        s.addRow([(VariableIndex(1), 1), (VariableIndex(0), -1)], constant: 0, relation: .greaterOrEqual,
                 origin: Origin(kind: .constraint, index: 1, text: "b.left >= a.left"))
        for strategy in [SolveOptions.Strategy.dag, .block] {
            #expect {
                try s.solve(options: SolveOptions(strategy: strategy))
            } throws: { error in
                guard case SolverError.strategyCannotSolve(_, let reason) = error else { return false }
                return reason.contains("constraints[1]") && reason.contains("inequality")
            }
        }
    }

    /// Terms that cancel inside one row are dropped before planning, so the
    /// row defines the variable that is really left.
    @Test func rowsThatCancelLeaveNoTerms() throws {
        var s = ConstraintSystem()
        s.addVariables(2)
        // a.right = a.left + 10 → width = 10 once `left` cancels.
        s.addRow([(VariableIndex(0), 1), (VariableIndex(1), 1), (VariableIndex(0), -1)], constant: -10,
                 relation: .equal, origin: Self.origin)
        #expect(s.terms(of: RowIndex(0)).count == 1)
        let solution = try s.solve()
        #expect(solution.values[1] == 10)
        #expect(solution.values[0] == 0)  // mentioned by no row: 0
    }

    /// Random lower-triangular systems with a few coupled pairs: every row holds,
    /// and the Swift and LAPACKE block paths agree.
    @Test func randomSquareSystemsHoldOnEveryRow() async {
        let gen = Gen.int(in: 0 ... 1_000_000)
        await propertyCheck(count: 200, input: gen) { seed in
            var rng = SplitMix64(seed: UInt64(seed))
            let n = 2 + Int(rng.next() % 30)
            var s = ConstraintSystem()
            s.addVariables(n)
            var i = 0
            while i < n {
                // Either a 1×1 row defining x_i from earlier variables, or a
                // coupled 2×2 pair defining x_i and x_{i+1} together.
                let pair = i + 1 < n && rng.next() % 3 == 0
                let defined = pair ? [i, i + 1] : [i]
                for row in 0 ..< defined.count {
                    var terms: [(VariableIndex, Double)] = []
                    for (d, v) in defined.enumerated() {
                        let a = Double(Int(rng.next() % 5) + 1) * (d == row ? 6 : 1)  // diagonally dominant: never singular
                        terms.append((VariableIndex(v), a))
                    }
                    for _ in 0 ..< Int(rng.next() % 3) where i > 0 {
                        terms.append((VariableIndex(Int(rng.next() % UInt64(i))), Double(Int(rng.next() % 7) - 3)))
                    }
                    s.addRow(terms, constant: Double(Int(rng.next() % 200) - 100), relation: .equal, origin: Self.origin)
                }
                i += defined.count
            }
            var swiftOnly = SolveOptions(); swiftOnly.lapackThreshold = 1000
            var lapack = SolveOptions(); lapack.lapackThreshold = 1
            guard let a = try? s.solve(options: swiftOnly), let b = try? s.solve(options: lapack) else {
                Issue.record("solve failed")
                return
            }
            for r in 0 ..< s.rowCount {
                #expect(s.violation(of: RowIndex(r), at: a.values) < 1e-6)
            }
            for v in 0 ..< n { #expect(abs(a.values[v] - b.values[v]) < 1e-6 * max(1, abs(a.values[v]))) }
        }
    }
}
