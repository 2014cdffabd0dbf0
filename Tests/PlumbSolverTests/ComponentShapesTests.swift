import Testing
import PlumbTestSupport
@testable import PlumbSolver

/// Components of the same shape solved through one optimum's pattern
/// (``ComponentShapes``): exact answers on a hand-checked repeated row, the
/// same lexicographic optimum as solving every component from scratch on
/// random shapes, the reference LP on small ones, and results that depend
/// neither on the order of the components nor on the number of threads.
@Suite struct ComponentShapesTests {
    private static func options(reuse: Bool, threads: Int = 0) -> SolveOptions {
        var o = SolveOptions()
        o.reuseShapes = reuse
        o.threads = threads
        return o
    }

    /// Builds copies of one shape: `rows(copy)` gives each copy's rows in
    /// local variables; every copy gets fresh variables.
    private struct Copies {
        var system = ConstraintSystem()
        var rows: [ReferenceRow] = []
        var first: [VariableIndex] = []

        mutating func add(variables n: Int, _ rows: [([(Int, Double)], Double, Relation, Priority)]) {
            let base = system.addVariables(n)
            first.append(base)
            for (terms, c, relation, p) in rows {
                let global = terms.map { (VariableIndex(base.int + $0.0), $0.1) }
                system.addRow(global, constant: c, relation: relation, priority: p,
                              origin: Origin(kind: .constraint, index: self.rows.count, text: "row \(self.rows.count)"))
                self.rows.append(ReferenceRow(terms: global.map { (Int32($0.0.int), $0.1) }, constant: c,
                                              relation: relation, priority: p))
            }
        }
    }

    /// A form row in three widths (label `a`, field `b`, button `c`) across
    /// a row of width `w` with 48 points of margins and gaps: the button
    /// wants 60 (750), the field at most 400 (500), the label its intrinsic
    /// `l` (250, and at least `l`).
    private static func formRow(width w: Double, label l: Double) -> [([(Int, Double)], Double, Relation, Priority)] {
        [
            ([(0, 1), (1, 1), (2, 1)], -(w - 48), .equal, .required),
            ([(0, 1)], -l, .greaterOrEqual, .required),
            ([(0, 1)], -l, .equal, .low),
            ([(1, 1)], -100, .greaterOrEqual, .required),
            ([(1, 1)], -400, .lessOrEqual, .medium),
            ([(2, 1)], -44, .greaterOrEqual, .required),
            ([(2, 1)], -60, .equal, .high),
        ]
    }

    /// At width 1024 every label takes the slack (976 - 400 - 60 = 516),
    /// whatever its intrinsic width: one pattern, solved once, reused by the
    /// other four rows. At width 300 the field's cap no longer binds and the
    /// label keeps its 60: another pattern, from a second representative.
    /// Two rows solved from scratch, four through a pattern.
    @Test func repeatedFormRowsReuseOnePattern() throws {
        var copies = Copies()
        for l in [60.0, 130, 50, 80, 50] { copies.add(variables: 3, Self.formRow(width: 1024, label: l)) }
        copies.add(variables: 3, Self.formRow(width: 300, label: 60))
        let solution = try copies.system.solve()
        for k in 0 ..< 5 {
            let v = copies.first[k].int
            #expect(Array(solution.values[v ..< v + 3]) == [516, 400, 60], "row \(k)")
        }
        let v = copies.first[5].int
        #expect(Array(solution.values[v ..< v + 3]) == [60, 132, 60])
        #expect(solution.stats.shapes == 2)
        #expect(solution.stats.reusedComponents == 4)
        // Off, every row is solved from scratch to the same frames.
        let scratch = try copies.system.solve(options: Self.options(reuse: false))
        #expect(scratch.values == solution.values)
        #expect(scratch.stats.reusedComponents == 0)
    }

    /// A random shape: `n` variables, rows with small integer coefficients,
    /// every relation, five levels, duplicates and contradicting wishes.
    private struct RandomShape {
        var n: Int
        var rows: [([(Int, Double)], Double, Relation, Priority)] = []

        init(_ rng: inout SplitMix64) {
            func pick(_ k: Int) -> Int { Int(rng.next() % UInt64(k)) }
            n = 2 + pick(4)
            let levels: [Priority] = [.required, .required, .high, .medium, .low, 100]
            for _ in 0 ..< n + 2 + pick(8) {
                var terms: [(Int, Double)] = []
                for v in 0 ..< n where pick(3) == 0 { terms.append((v, [1.0, -1, 2][pick(3)])) }
                if terms.isEmpty { terms.append((pick(n), 1)) }
                let p = levels[pick(levels.count)]
                // Required rows are inequalities mostly, so copies stay feasible.
                let relation: Relation = p.isRequired && pick(4) != 0
                    ? [.lessOrEqual, .greaterOrEqual][pick(2)] : Relation.allCases[pick(3)]
                rows.append((terms, -Double(pick(61) - 30), relation, p))
                if pick(6) == 0 { rows.append(rows[rows.count - 1]) }  // a duplicate
            }
            // Every variable wished somewhere, at the lowest level.
            for v in 0 ..< n { rows.append(([(v, 1)], -Double(pick(21)), .equal, 50)) }
        }

        /// The rows with their constants moved: not at all, a little (the
        /// pattern usually holds) or a lot (it often does not).
        func copy(_ rng: inout SplitMix64) -> [([(Int, Double)], Double, Relation, Priority)] {
            let spread = [0.0, 0.5, 20][Int(rng.next() % 3)]
            return rows.map { row in
                let shift = spread == 0 ? 0 : (Double(rng.next() % 2001) / 1000 - 1) * spread
                return (row.0, row.1 + shift, row.2, row.3)
            }
        }
    }

    /// Many copies of random shapes with moved constants reach the same
    /// lexicographic optimum with and without reuse (each component is
    /// optimal on its own, so equal totals mean every copy is optimal),
    /// every required row holds, and a conflict is reported the same way.
    @Test func copiesReachTheOptimumFromScratch() throws {
        var reused = 0
        for seed in 0 ..< 120 as Range<UInt64> {
            var rng = SplitMix64(seed: 70_000 + seed)
            let shape = RandomShape(&rng)
            var copies = Copies()
            for _ in 0 ..< 2 + Int(rng.next() % 30) { copies.add(variables: shape.n, shape.copy(&rng)) }
            let fast = Result { try copies.system.solve(options: Self.options(reuse: true)) }
            let scratch = Result { try copies.system.solve(options: Self.options(reuse: false)) }
            switch (fast, scratch) {
            case (.success(let a), .success(let b)):
                reused += a.stats.reusedComponents
                #expect(referenceRequiredRowsHold(copies.rows, a.values), "seed \(seed)")
                let la = referenceLevelViolations(copies.rows, a.values)
                let lb = referenceLevelViolations(copies.rows, b.values)
                #expect(referenceCompareLevels(la, lb, tolerance: 1e-7) == 0, "seed \(seed): \(la) vs \(lb)")
            case (.failure(let a), .failure(let b)):
                #expect("\(a)" == "\(b)", "seed \(seed)")
            default:
                Issue.record("seed \(seed): reuse \(fast), from scratch \(scratch)")
            }
        }
        // The property is only worth something if the patterns were used.
        #expect(reused > 500, "only \(reused) components went through a pattern")
    }

    /// Three copies of small random shapes against the reference LP, a
    /// second method that shares no code with the planner.
    @Test func smallCopiesMatchTheReference() throws {
        for seed in 0 ..< 40 as Range<UInt64> {
            var rng = SplitMix64(seed: 80_000 + seed)
            let shape = RandomShape(&rng)
            var copies = Copies()
            for _ in 0 ..< 3 { copies.add(variables: shape.n, shape.copy(&rng)) }
            let expected = referenceLexicographicOptimum(rows: copies.rows, variableCount: copies.system.variableCount)
            do {
                let solution = try copies.system.solve()
                #expect(expected.feasible, "seed \(seed): solved an infeasible system")
                #expect(referenceRequiredRowsHold(copies.rows, solution.values), "seed \(seed)")
                let got = referenceLevelViolations(copies.rows, solution.values)
                #expect(referenceCompareLevels(got, expected.levelViolations, tolerance: 1e-6) == 0,
                        "seed \(seed): \(got) vs reference \(expected.levelViolations)")
            } catch {
                #expect(!expected.feasible, "seed \(seed): \(error)")
            }
        }
    }

    /// A shape whose optimum is not unique (`x + y = c`, both at least 0,
    /// nothing else): which optimum each copy gets must not depend on the
    /// order the copies were written in, nor on the number of threads.
    @Test func tiesDoNotDependOnOrderOrThreads() throws {
        let constants = (0 ..< 600).map { Double(($0 * 37) % 101) + 1 }
        func build(_ order: [Int]) -> Copies {
            var copies = Copies()
            for i in order {
                copies.add(variables: 2, [
                    ([(0, 1), (1, 1)], -constants[i], .equal, .required),
                    ([(0, 1)], 0, .greaterOrEqual, .required),
                    ([(1, 1)], 0, .greaterOrEqual, .required),
                    ([(0, 1), (1, -1)], -constants[i] / 3, .lessOrEqual, .low),
                ])
            }
            return copies
        }
        let forward = Array(0 ..< constants.count)
        let a = build(forward), b = build(forward.reversed())
        let one = try a.system.solve(options: Self.options(reuse: true, threads: 1))
        let two = try a.system.solve(options: Self.options(reuse: true, threads: 2))
        let reversed = try b.system.solve(options: Self.options(reuse: true, threads: 2))
        #expect(one.values == two.values)
        for i in forward {
            let j = constants.count - 1 - i
            let va = a.first[i].int, vb = b.first[j].int
            #expect(one.values[va] == reversed.values[vb] && one.values[va + 1] == reversed.values[vb + 1], "copy \(i)")
        }
        #expect(one.stats.reusedComponents > 0)
    }
}
