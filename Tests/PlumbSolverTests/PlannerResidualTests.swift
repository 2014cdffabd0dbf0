import Testing
import PlumbTestSupport
import PropertyBased
@testable import PlumbSolver

/// The planner's residual phase (the dual simplex on what the block phase
/// leaves) and its conflict reports, against the reference LP.
@Suite struct PlannerResidualTests {
    private static func origin(_ i: Int) -> Origin { Origin(kind: .constraint, index: i, text: "row \(i)") }

    /// A label between a fixed left edge and a field, as in the form family:
    /// lab.left = 16 (required), lab.width >= 40 (required),
    /// lab.width = 90 @ 250, lab.width <= 60 @ 750 (hugging-like, stronger):
    /// the higher level wins, so width = 60.
    @Test func higherPriorityWinsOverLowerOne() throws {
        var s = ConstraintSystem()
        s.addVariables(2)  // left, width
        s.addRow([(VariableIndex(0), 1)], constant: -16, relation: .equal, origin: Self.origin(0))
        s.addRow([(VariableIndex(1), 1)], constant: -40, relation: .greaterOrEqual, origin: Self.origin(1))
        s.addRow([(VariableIndex(1), 1)], constant: -90, relation: .equal, priority: .low, origin: Self.origin(2))
        s.addRow([(VariableIndex(1), 1)], constant: -60, relation: .lessOrEqual, priority: .high, origin: Self.origin(3))
        let solution = try s.solve()
        #expect(solution.values == [16, 60])
        #expect(solution.stats.dagVariables == 1)
        // One residual component of one variable: presolve solves it
        // without a tableau; with presolve off, the tableau does.
        #expect(solution.stats.residualComponents == 1)
        #expect(solution.stats.intervalVariables == 1)
        #expect(solution.stats.simplexComponents == 0)
        var whole = SolveOptions()
        whole.presolve = false
        let tableau = try s.solve(options: whole)
        #expect(tableau.values == [16, 60])
        #expect(tableau.stats.simplexComponents == 1)
        #expect(tableau.stats.simplexVariables == 1)
    }

    /// x = 5, y = x + 1, y = 10 cannot all hold; z = 3 is innocent. The
    /// conflict names exactly the three rows, whatever the order of rows.
    @Test func conflictAmongRequiredEqualitiesIsMinimal() {
        var s = ConstraintSystem()
        s.addVariables(3)
        s.addRow([(VariableIndex(2), 1)], constant: -3, relation: .equal, origin: Self.origin(0))
        s.addRow([(VariableIndex(1), 1)], constant: -10, relation: .equal, origin: Self.origin(1))
        s.addRow([(VariableIndex(1), 1), (VariableIndex(0), -1)], constant: -1, relation: .equal, origin: Self.origin(2))
        s.addRow([(VariableIndex(0), 1)], constant: -5, relation: .equal, origin: Self.origin(3))
        for strategy in [SolveOptions.Strategy.auto, .simplex] {
            #expect {
                try s.solve(options: SolveOptions(strategy: strategy))
            } throws: { error in
                guard case SolverError.unsatisfiable(let conflict) = error else { return false }
                return Set(conflict.compactMap(\.index)) == [1, 2, 3]
            }
        }
    }

    /// An inequality that a chain of equalities makes impossible.
    @Test func conflictThroughADeterminedChain() {
        var s = ConstraintSystem()
        s.addVariables(4)
        s.addRow([(VariableIndex(0), 1)], constant: 0, relation: .equal, origin: Self.origin(0))
        for i in 1 ..< 4 {
            s.addRow([(VariableIndex(i), 1), (VariableIndex(i - 1), -1)], constant: -10, relation: .equal,
                     origin: Self.origin(i))
        }
        // x3 = 30, but x3 <= 25 is required; a weak wish is not part of the conflict.
        s.addRow([(VariableIndex(3), 1)], constant: -25, relation: .lessOrEqual, origin: Self.origin(4))
        s.addRow([(VariableIndex(3), 1)], constant: 0, relation: .equal, priority: .low, origin: Self.origin(5))
        #expect {
            try s.solve()
        } throws: { error in
            guard case SolverError.unsatisfiable(let conflict) = error else { return false }
            return Set(conflict.compactMap(\.index)) == [0, 1, 2, 3, 4]
        }
    }

    /// Random small systems of every kind: the planner (all strategies that
    /// can run) reaches the reference's lexicographic optimum, every required
    /// row holds, and an infeasible system gets a conflict that is minimal.
    @Test func randomSystemsMatchTheReference() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0 ... 10_000_000)) { seed in
            var rng = SplitMix64(seed: UInt64(seed))
            let n = 1 + Int(rng.next() % 5)
            let m = 1 + Int(rng.next() % 9)
            var s = ConstraintSystem()
            s.addVariables(n)
            var reference: [ReferenceRow] = []
            let levels: [Priority] = [.required, .required, .required, .high, .medium, .low, 100]
            for i in 0 ..< m {
                var terms: [(VariableIndex, Double)] = []
                for _ in 0 ..< 1 + Int(rng.next() % 3) {
                    terms.append((VariableIndex(Int(rng.next() % UInt64(n))), Double(Int(rng.next() % 7) - 3)))
                }
                let relation = Relation.allCases[Int(rng.next() % 3)]
                let priority = levels[Int(rng.next() % UInt64(levels.count))]
                let constant = Double(Int(rng.next() % 41) - 20)
                let r = s.addRow(terms, constant: constant, relation: relation, priority: priority, origin: Self.origin(i))
                reference.append(ReferenceRow(
                    terms: s.terms(of: r).map { ($0.0.rawValue, $0.1) }, constant: constant,
                    relation: relation, priority: priority))
            }
            let expected = referenceLexicographicOptimum(rows: reference, variableCount: n)
            for strategy in [SolveOptions.Strategy.auto, .simplex] {
                do {
                    let solution = try s.solve(options: SolveOptions(strategy: strategy))
                    #expect(expected.feasible, "solved an infeasible system (\(strategy))")
                    #expect(referenceRequiredRowsHold(reference, solution.values))
                    let got = referenceLevelViolations(reference, solution.values)
                    #expect(referenceCompareLevels(got, expected.levelViolations) == 0,
                            "\(strategy): levels \(got) vs reference \(expected.levelViolations)")
                } catch SolverError.unsatisfiable(let conflict) {
                    #expect(!expected.feasible, "reported a conflict in a feasible system (\(strategy))")
                    let rows = conflict.compactMap(\.index).map { reference[$0] }.map {
                        ReferenceRow(terms: $0.terms, constant: $0.constant, relation: $0.relation)
                    }
                    #expect(!referenceIsFeasible(rows, variableCount: n), "conflict set is satisfiable")
                    for drop in rows.indices {
                        var rest = rows
                        rest.remove(at: drop)
                        #expect(referenceIsFeasible(rest, variableCount: n), "conflict set is not minimal")
                    }
                } catch {
                    Issue.record("unexpected error \(error)")
                }
            }
        }
    }
}

/// Many independent simplex components solved by one thread and by several:
/// the same values, the same counts, and the same conflict.
@Suite struct PlannerParallelResidualTests {
    /// `count` copies of a small form row: left fixed, width between a
    /// required minimum and a weak wish, a stronger cap, and a right edge
    /// pushed by a spacing inequality.
    private static func rows(_ count: Int, breakAt broken: Int? = nil) -> ConstraintSystem {
        var s = ConstraintSystem()
        s.addVariables(3 * count)
        var index = 0
        func origin() -> Origin {
            defer { index += 1 }
            return Origin(kind: .constraint, index: index, text: "row \(index)")
        }
        for i in 0 ..< count {
            let left = VariableIndex(3 * i), width = VariableIndex(3 * i + 1), next = VariableIndex(3 * i + 2)
            let minimum = Double(20 + i % 7)
            s.addRow([(left, 1)], constant: -Double(i % 5), relation: .equal, origin: origin())
            s.addRow([(width, 1)], constant: -minimum, relation: .greaterOrEqual, origin: origin())
            s.addRow([(width, 1)], constant: -Double(40 + i % 11), relation: .equal, priority: .low, origin: origin())
            s.addRow([(width, 1)], constant: -Double(30 + i % 13), relation: .lessOrEqual, priority: .high, origin: origin())
            s.addRow([(next, 1), (left, -1), (width, -1)], constant: -8, relation: .greaterOrEqual, origin: origin())
            s.addRow([(next, 1)], constant: 0, relation: .equal, priority: Priority(rawValue: 300)!, origin: origin())
            if i == broken {
                s.addRow([(width, 1)], constant: -(minimum - 5), relation: .lessOrEqual, origin: origin())
            }
        }
        return s
    }

    /// Shapes off by default here: the rows repeat with few distinct
    /// constants, and these tests are about the tableaux the threads build.
    private static func options(threads: Int, reuseShapes: Bool = false) -> SolveOptions {
        var o = SolveOptions()
        o.threads = threads
        o.reuseShapes = reuseShapes
        return o
    }

    @Test func oneThreadAndSeveralAgree() throws {
        let s = Self.rows(3000)
        let one = try s.solve(options: Self.options(threads: 1))
        let many = try s.solve(options: Self.options(threads: 4))
        #expect(one.values == many.values)
        // Through the shapes' patterns, on one thread or several: the same
        // frames as well.
        let shapesOne = try s.solve(options: Self.options(threads: 1, reuseShapes: true))
        let shapesMany = try s.solve(options: Self.options(threads: 4, reuseShapes: true))
        #expect(shapesOne.values == one.values)
        #expect(shapesMany.values == one.values)
        #expect(shapesOne.stats.reusedComponents > 2000)
        #expect(one.stats.simplexComponents == 3000)
        #expect(many.stats.simplexComponents == 3000)
        #expect(one.stats.simplexVariables == many.stats.simplexVariables)
        // Hand-checked for the first row: left 0; the wish next = 0 @ 300
        // outranks width = 40 @ 250, so width drops to its required minimum
        // 20 (under the cap 30) and next = 0 + 20 + 8.
        #expect(Array(one.values[0 ..< 3]) == [0, 20, 28])
        var residuals = [Double](repeating: 0, count: s.rowCount)
        s.residuals(at: many.values, into: &residuals)
        for r in 0 ..< s.rowCount where s.priorities[r].isRequired {
            #expect(s.violation(of: RowIndex(r), at: many.values) <= 1e-9)
            #expect(residuals[r] == s.evaluate(RowIndex(r), at: many.values))
        }
    }

    @Test func theSameConflictWhateverTheThreads() {
        let s = Self.rows(3000, breakAt: 2500)
        var reports: [[Int]] = []
        for threads in [1, 2, 4] {
            do {
                _ = try s.solve(options: Self.options(threads: threads))
                Issue.record("a conflicting system solved with \(threads) threads")
            } catch {
                guard case .unsatisfiable(let conflict) = error else {
                    Issue.record("unexpected error \(error)")
                    continue
                }
                reports.append(conflict.compactMap(\.index).sorted())
            }
        }
        // Row 2500's required minimum (index 6·2500+1) and the broken cap after it.
        #expect(reports == Array(repeating: [15001, 15006], count: 3))
    }

    /// Copies of one shape (`x >= a`, `x <= b`, `x = m @ 250`), two of them
    /// infeasible; the later one has the smallest constants, so it is its
    /// shape's representative and fails first. The conflict reported is
    /// still the earlier copy's, with shapes or without, on any threads.
    @Test func theFirstConflictEvenWhenARepresentativeFails() {
        var s = ConstraintSystem()
        var index = 0
        for i in 0 ..< 3000 {
            let x = s.addVariables(1)
            var a = Double(i % 97), b = a + 50
            if i == 1500 { (a, b) = (60, 10) }
            if i == 2700 { (a, b) = (1e6, 0) }
            for (c, relation, p) in [(-a, Relation.greaterOrEqual, Priority.required), (-b, .lessOrEqual, .required),
                                     (-Double(i % 13), .equal, .low)] {
                s.addRow([(x, 1)], constant: c, relation: relation, priority: p,
                         origin: Origin(kind: .constraint, index: index, text: "row \(index)"))
                index += 1
            }
        }
        for reuse in [false, true] {
            for threads in [1, 2, 4] {
                do {
                    _ = try s.solve(options: Self.options(threads: threads, reuseShapes: reuse))
                    Issue.record("a conflicting system solved (threads \(threads), shapes \(reuse))")
                } catch {
                    guard case .unsatisfiable(let conflict) = error else {
                        Issue.record("unexpected error \(error)")
                        continue
                    }
                    #expect(conflict.compactMap(\.index).sorted() == [4500, 4501], "threads \(threads), shapes \(reuse)")
                }
            }
        }
    }
}

/// Where several solutions are equally good, the planner's choice does not
/// depend on the order in which the rows were added.
@Suite struct PlannerTieBreakingTests {
    private static func origin(_ i: Int) -> Origin { Origin(kind: .constraint, index: i, text: "row \(i)") }

    /// `x = 10 @ 300` and `x = 20 @ 300` tie (any x in [10, 20] costs 10);
    /// both orders give the same x.
    @Test func equalWishesGiveTheSameAnswerInEitherOrder() throws {
        var answers: [Double] = []
        for constants in [[-10.0, -20.0], [-20.0, -10.0]] {
            var s = ConstraintSystem()
            s.addVariables(1)
            for (i, c) in constants.enumerated() {
                s.addRow([(VariableIndex(0), 1)], constant: c, relation: .equal, priority: Priority(rawValue: 300)!,
                         origin: Self.origin(i))
            }
            answers.append(try s.solve().values[0])
        }
        #expect(answers[0] == answers[1])
        #expect(answers[0] >= 10 && answers[0] <= 20)
    }

    static let rowGen = zip(
        Gen.int(in: -2 ... 2).array(of: 3), Gen.int(in: -20 ... 20), Gen.int(in: 0 ... 2), Gen.int(in: 0 ... 3)
    )

    /// Random small systems (required and optional rows over three
    /// variables) solve to the same values, or fail alike, in any order.
    @Test func rowOrderDoesNotChangeTheSolution() async {
        let priorities: [Priority] = [.required, 700, 300, 300]
        // The shuffled order sorts the rows by random keys (ties by position).
        await propertyCheck(count: 300, input: Self.rowGen.array(of: 1 ... 9), Gen.int(in: 0 ... 99).array(of: 9)) { rows, keys in
            func system(_ order: [Int]) -> ConstraintSystem {
                var s = ConstraintSystem()
                s.addVariables(3)
                for i in order {
                    let (coefficients, constant, relation, priority) = rows[i]
                    s.addRow((0 ..< 3).map { (VariableIndex($0), Double(coefficients[$0])) }, constant: Double(constant),
                             relation: Relation.allCases[relation], priority: priorities[priority], origin: Self.origin(i))
                }
                return s
            }
            let shuffled = rows.indices.sorted { (keys[$0], $0) < (keys[$1], $1) }
            let a = try? system(Array(rows.indices)).solve().values
            let b = try? system(shuffled).solve().values
            #expect((a == nil) == (b == nil), "one order fails, the other does not: \(rows), order \(shuffled)")
            if let a, let b {
                for (x, y) in zip(a, b) {
                    #expect(abs(x - y) <= 1e-9 * max(1, abs(x)), "\(a) vs \(b) for \(rows), order \(shuffled)")
                }
            }
        }
    }

    /// A system the block phase solves whole but for one row, wherever
    /// that row is: a chain x0 = 3, xi = xi-1 + 2 (n variables) with one
    /// more row put at every place (first, between any two, last): a
    /// required equality that contradicts the chain (unsatisfiable), one
    /// that agrees with it (redundant), and y = 7 at medium priority on a
    /// variable no required row sets. Each against the simplex strategy
    /// (the whole system in the tableau): the same error or the same
    /// values. (`makeResidualPlan` returns an empty plan at once when no
    /// row is left; a scan that missed any place would lose the row.)
    @Test func oneRowLeftAtAnyPlaceIsSolvedOrChecked() throws {
        for n in [1, 2, 3, 7, 20] {
            for place in 0 ... n {
                for kind in 0 ..< 3 {
                    var s = ConstraintSystem()
                    s.addVariables(n + 1)  // x0 ..< xn, y
                    let y = VariableIndex(n)
                    var rows: [([(VariableIndex, Double)], Double, Priority)] = [([(VariableIndex(0), 1)], -3, .required)]
                    for i in 1 ..< n {
                        rows.append(([(VariableIndex(i), 1), (VariableIndex(i - 1), -1)], -2, .required))
                    }
                    let last = 3 + 2 * Double(n - 1)
                    let extra: ([(VariableIndex, Double)], Double, Priority) = switch kind {
                    case 0: ([(VariableIndex(n - 1), 1)], -(last + 1), .required)
                    case 1: ([(VariableIndex(n - 1), 2)], -2 * last, .required)
                    default: ([(y, 1)], -7, .medium)
                    }
                    rows.insert(extra, at: place)
                    for (k, row) in rows.enumerated() {
                        s.addRow(row.0, constant: row.1, relation: .equal, priority: row.2, origin: Self.origin(k))
                    }
                    let label = "n \(n), row at \(place), kind \(kind)"
                    if kind == 0 {
                        for strategy in [SolveOptions.Strategy.auto, .simplex] {
                            #expect(throws: SolverError.self, "\(label), \(strategy)") {
                                try s.solve(options: SolveOptions(strategy: strategy))
                            }
                        }
                        continue
                    }
                    let planned = try s.solve()
                    let simplex = try s.solve(options: SolveOptions(strategy: .simplex))
                    for i in 0 ..< n { #expect(planned.values[i] == 3 + 2 * Double(i), "\(label)") }
                    #expect(planned.values[n] == (kind == 2 ? 7 : simplex.values[n]), "\(label)")
                    for v in 0 ... n { #expect(abs(planned.values[v] - simplex.values[v]) < 1e-9, "\(label)") }
                }
            }
        }
    }
}
