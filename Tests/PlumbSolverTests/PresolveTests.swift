import Testing
import PlumbTestSupport
@testable import PlumbSolver

/// The presolve in front of the simplex (``ComponentPresolve`` and
/// ``IntervalProgram``): exact answers on hand-checked systems, the same
/// answers as the whole tableau (presolve off) on random coupled systems,
/// and the reference LP's lexicographic optimum on small ones.
@Suite struct PresolveTests {
    private static func origin(_ i: Int) -> Origin { Origin(kind: .constraint, index: i, text: "row \(i)") }

    private static func options(presolve: Bool) -> SolveOptions {
        var o = SolveOptions()
        o.presolve = presolve
        return o
    }

    // MARK: - Hand-checked

    /// One variable under a required cap and many parallel wishes at three
    /// levels: `w >= 30, 50, 40 @ 750` (compression resistance of three
    /// cells), `w <= 30, 50, 40 @ 250` (their hugging), `w <= 45` required:
    /// level 750 wants w >= 50, the cap allows 45, so w = 45; nothing at
    /// 250 can move it. Solved without a tableau.
    @Test func aColumnUnderACapTakesTheCap() throws {
        var s = ConstraintSystem()
        let w = s.addVariables(1)
        var i = 0
        func add(_ c: Double, _ relation: Relation, _ p: Priority) {
            s.addRow([(w, 1)], constant: -c, relation: relation, priority: p, origin: Self.origin(i))
            i += 1
        }
        for c in [30.0, 50, 40] { add(c, .greaterOrEqual, .high) }
        for c in [30.0, 50, 40] { add(c, .lessOrEqual, .low) }
        add(45, .lessOrEqual, .required)
        let solution = try s.solve()
        #expect(solution.values[0] == 45)
        #expect(solution.stats.intervalVariables == 1)
        #expect(solution.stats.simplexComponents == 0)
    }

    /// The same column without the cap: w = 50 (the widest cell), and the
    /// 250 level then has 0 + 10 + 20 = 30 of error it cannot avoid.
    @Test func aColumnIsAsWideAsItsWidestCell() throws {
        var s = ConstraintSystem()
        let w = s.addVariables(1)
        for (i, c) in [30.0, 50, 40].enumerated() {
            s.addRow([(w, 1)], constant: -c, relation: .greaterOrEqual, priority: .high, origin: Self.origin(i))
            s.addRow([(w, 1)], constant: -c, relation: .lessOrEqual, priority: .low, origin: Self.origin(10 + i))
        }
        #expect(try s.solve().values[0] == 50)
    }

    /// A median: `x = 1, 2, 7 @ 500` puts x at 2 (the sum of distances is
    /// least there); `x = 4 @ 250` cannot move it.
    @Test func equalitiesOfOneLevelMeetAtTheirMedian() throws {
        var s = ConstraintSystem()
        let x = s.addVariables(1)
        for (i, c) in [7.0, 1, 2].enumerated() {
            s.addRow([(x, 1)], constant: -c, relation: .equal, priority: .medium, origin: Self.origin(i))
        }
        s.addRow([(x, 1)], constant: -4, relation: .equal, priority: .low, origin: Self.origin(3))
        #expect(try s.solve().values[0] == 2)
    }

    /// A coefficient other than 1 weighs the row: `2x = 10 @ 500` against
    /// `x = 1 @ 500` is |2x - 10| + |x - 1|, least at x = 5.
    @Test func coefficientsWeighTheirRows() throws {
        var s = ConstraintSystem()
        let x = s.addVariables(1)
        s.addRow([(x, 2)], constant: -10, relation: .equal, priority: .medium, origin: Self.origin(0))
        s.addRow([(x, 1)], constant: -1, relation: .equal, priority: .medium, origin: Self.origin(1))
        #expect(try s.solve().values[0] == 5)
    }

    /// A three-column table in one component: the cells share their
    /// column's left and width by equalities, columns chain with a gap of 1
    /// from 0, and each column is as wide as its widest cell (750 against
    /// 250), the last one capped at 35 (required). Presolve substitutes the
    /// shared edges, unravels the chain and solves three one-variable
    /// programs: lefts 0, 51, 72; widths 50, 20, 35.
    @Test func aSmallTableIsSolvedWithoutATableau() throws {
        var s = ConstraintSystem()
        let cells = [[30.0, 20, 60], [50, 10, 35]]
        // Per cell: left, width.
        var left: [[VariableIndex]] = [], width: [[VariableIndex]] = []
        for _ in cells {
            left.append((0 ..< 3).map { _ in s.addVariables(1) })
            width.append((0 ..< 3).map { _ in s.addVariables(1) })
        }
        var i = 0
        func row(_ terms: [(VariableIndex, Double)], _ c: Double, _ relation: Relation, _ p: Priority = .required) {
            s.addRow(terms, constant: c, relation: relation, priority: p, origin: Self.origin(i))
            i += 1
        }
        row([(left[0][0], 1)], 0, .equal)
        for j in 1 ..< 3 { row([(left[0][j], 1), (left[0][j - 1], -1), (width[0][j - 1], -1)], -1, .equal) }
        for r in 1 ..< cells.count {
            for j in 0 ..< 3 {
                row([(left[r][j], 1), (left[0][j], -1)], 0, .equal)
                row([(width[r][j], 1), (width[0][j], -1)], 0, .equal)
            }
        }
        for (r, sizes) in cells.enumerated() {
            for (j, size) in sizes.enumerated() {
                row([(width[r][j], 1)], -size, .greaterOrEqual, .high)
                row([(width[r][j], 1)], -size, .lessOrEqual, .low)
            }
        }
        row([(width[0][2], 1)], -35, .lessOrEqual)
        let solution = try s.solve()
        for r in cells.indices {
            #expect([0, 1, 2].map { solution[left[r][$0]] } == [0, 51, 72])
            #expect([0, 1, 2].map { solution[width[r][$0]] } == [50, 20, 35])
        }
        #expect(solution.stats.simplexComponents == 0)
        #expect(solution.stats.intervalVariables == 3)
        #expect(solution.stats.aggregatedVariables > 0)
    }

    /// Required rows that cannot hold are still reported as a minimal
    /// conflict set by origin (the component falls back to the tableau).
    @Test func aConflictIsStillMinimal() {
        var s = ConstraintSystem()
        let x = s.addVariables(1), y = s.addVariables(1)
        s.addRow([(x, 1), (y, -1)], constant: 0, relation: .equal, origin: Self.origin(0))
        s.addRow([(x, 1)], constant: -10, relation: .greaterOrEqual, origin: Self.origin(1))
        s.addRow([(y, 1)], constant: -5, relation: .lessOrEqual, origin: Self.origin(2))
        s.addRow([(x, 1)], constant: -1, relation: .equal, priority: .low, origin: Self.origin(3))
        #expect {
            try s.solve()
        } throws: { error in
            guard case SolverError.unsatisfiable(let conflict) = error else { return false }
            return Set(conflict.compactMap(\.index)) == [0, 1, 2]
        }
    }

    // MARK: - Random coupled systems

    /// Adds a row to `system` and the same row, as the system stores it, to
    /// the reference rows.
    static func addRow(
        _ terms: [(VariableIndex, Double)], _ c: Double, _ relation: Relation, _ p: Priority,
        to system: inout ConstraintSystem, and rows: inout [ReferenceRow]
    ) {
        let r = system.addRow(terms, constant: c, relation: relation, priority: p,
                              origin: Origin(kind: .constraint, index: rows.count, text: "row \(rows.count)"))
        rows.append(ReferenceRow(terms: system.terms(of: r).map { ($0.0.rawValue, $0.1) }, constant: c,
                                 relation: relation, priority: p))
    }

    /// A random grid of cells sharing column and row edges (equalities),
    /// chained by required gaps, with inequalities between neighbouring
    /// edges, intrinsic sizes at 750 and 250, a preferred size per column and
    /// row at 500, caps (required), duplicated rows, and optional rows that
    /// contradict each other. Every part of it is one component before
    /// presolve.
    struct RandomGrid {
        var system = ConstraintSystem()
        var rows: [ReferenceRow] = []
        /// Whether the optimum is unique by construction (no random extra
        /// inequalities between edges, which can leave ties).
        var unique = true

        init(seed: UInt64, rows rowCount: Int, columns columnCount: Int, extras: Bool) {
            var rng = SplitMix64(seed: seed)
            func pick(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
            func add(_ terms: [(VariableIndex, Double)], _ c: Double, _ relation: Relation, _ p: Priority = .required) {
                PresolveTests.addRow(terms, c, relation, p, to: &system, and: &rows)
            }
            // Per cell: left, top, width, height.
            var cell: [[[VariableIndex]]] = []
            for _ in 0 ..< rowCount {
                cell.append((0 ..< columnCount).map { _ in (0 ..< 4).map { _ in system.addVariables(1) } })
            }
            for r in 0 ..< rowCount {
                for j in 0 ..< columnCount {
                    let v = cell[r][j]
                    if r > 0 {
                        add([(v[0], 1), (cell[0][j][0], -1)], 0, .equal)
                        add([(v[2], 1), (cell[0][j][2], -1)], 0, .equal)
                    }
                    if j > 0 {
                        add([(v[1], 1), (cell[r][0][1], -1)], 0, .equal)
                        add([(v[3], 1), (cell[r][0][3], -1)], 0, .equal)
                    }
                    let w = Double(10 + pick(40)), h = Double(10 + pick(20))
                    add([(v[2], 1)], -w, .greaterOrEqual, .high)
                    add([(v[2], 1)], -w, .lessOrEqual, .low)
                    add([(v[3], 1)], -h, .greaterOrEqual, .high)
                    add([(v[3], 1)], -h, .lessOrEqual, .low)
                    if pick(5) == 0 { add([(v[2], 1)], -w, .greaterOrEqual, .high) }  // a duplicate
                }
                let top = cell[r][0][1]
                if r == 0 {
                    add([(top, 1)], 0, .equal)
                } else {
                    let above = cell[r - 1][0]
                    add([(top, 1), (above[1], -1), (above[3], -1)], -Double(pick(3)), .equal)
                }
                add([(cell[r][0][3], 1)], -Double(15 + pick(20)), .equal, .medium)
            }
            for j in 0 ..< columnCount {
                let v = cell[0][j]
                if j == 0 {
                    add([(v[0], 1)], 0, .equal)
                } else {
                    let before = cell[0][j - 1]
                    add([(v[0], 1), (before[0], -1), (before[2], -1)], -Double(pick(3)), .equal)
                }
                if pick(2) == 0 { add([(v[2], 1)], -Double(20 + pick(30)), .lessOrEqual) }  // a cap
                add([(v[2], 1)], -Double(10 + pick(50)), .equal, .medium)
                // Contradicting wishes a level below: |w - a| + |w - b| ties
                // on [a, b], which the 500 row above settles first.
                add([(v[2], 1)], -Double(pick(60)), .equal, 300)
                add([(v[2], 1)], -Double(pick(60)), .equal, 300)
            }
            if extras {
                // Inequalities between edges of neighbouring cells, some required.
                unique = false
                for _ in 0 ..< rowCount + columnCount {
                    let a = cell[pick(rowCount)][pick(columnCount)], b = cell[pick(rowCount)][pick(columnCount)]
                    let p: Priority = [.required, .high, .medium, .low, 100][pick(5)]
                    add([(a[0], 1), (a[2], 1), (b[0], -1)], Double(pick(20)), .lessOrEqual, p)
                }
            }
        }
    }

    /// Grids without extra inequalities have one optimum: presolve and the
    /// whole tableau give the same values, frame for frame.
    @Test func gridsSolveAsTheWholeTableauDoes() throws {
        for seed in 0 ..< 60 as Range<UInt64> {
            let grid = RandomGrid(seed: seed, rows: 1 + Int(seed % 7), columns: 1 + Int(seed % 5), extras: false)
            let fast = try grid.system.solve(options: Self.options(presolve: true))
            let whole = try grid.system.solve(options: Self.options(presolve: false))
            #expect(fast.stats.simplexComponents == 0, "seed \(seed): a grid needs no tableau after presolve")
            for (a, b) in zip(fast.values, whole.values) {
                #expect(abs(a - b) <= 1e-9 * max(1, abs(b)), "seed \(seed): \(a) vs \(b)")
            }
        }
    }

    /// Grids with random inequalities between edges (which may conflict,
    /// tie or couple the columns): presolve reaches the same lexicographic
    /// level totals as the whole tableau, every required row holds, and a
    /// conflict is reported the same way.
    @Test func coupledGridsReachTheSameOptimum() throws {
        for seed in 0 ..< 150 as Range<UInt64> {
            let grid = RandomGrid(seed: 1000 + seed, rows: 1 + Int(seed % 6), columns: 1 + Int(seed % 4), extras: true)
            let fast = Result { try grid.system.solve(options: Self.options(presolve: true)) }
            let whole = Result { try grid.system.solve(options: Self.options(presolve: false)) }
            switch (fast, whole) {
            case (.success(let a), .success(let b)):
                #expect(referenceRequiredRowsHold(grid.rows, a.values), "seed \(seed)")
                let la = referenceLevelViolations(grid.rows, a.values), lb = referenceLevelViolations(grid.rows, b.values)
                #expect(referenceCompareLevels(la, lb, tolerance: 1e-6) == 0, "seed \(seed): \(la) vs \(lb)")
            case (.failure(let a), .failure(let b)):
                #expect("\(a)" == "\(b)", "seed \(seed)")
            default:
                Issue.record("seed \(seed): presolve \(fast), whole tableau \(whole)")
            }
        }
    }

    /// Small grids against the reference LP (a second method sharing no
    /// code with either path).
    @Test func smallGridsMatchTheReference() throws {
        for seed in 0 ..< 40 as Range<UInt64> {
            let grid = RandomGrid(seed: 5000 + seed, rows: 1 + Int(seed % 2), columns: 1 + Int(seed % 3 == 0 ? 1 : 0),
                                  extras: seed % 2 == 1)
            Self.expectReferenceOptimum(grid.system, grid.rows, seed: seed)
        }
    }

    /// Solves `system` (presolve on) and checks it against the reference
    /// LP over the same `rows`: both infeasible, or every required row
    /// holds and the level totals are the reference's.
    private static func expectReferenceOptimum(_ system: ConstraintSystem, _ rows: [ReferenceRow], seed: UInt64) {
        let expected = referenceLexicographicOptimum(rows: rows, variableCount: system.variableCount)
        do {
            let solution = try system.solve()
            #expect(expected.feasible, "seed \(seed): solved an infeasible system")
            #expect(referenceRequiredRowsHold(rows, solution.values), "seed \(seed)")
            let got = referenceLevelViolations(rows, solution.values)
            #expect(referenceCompareLevels(got, expected.levelViolations, tolerance: 1e-6) == 0,
                    "seed \(seed): \(got) vs reference \(expected.levelViolations)")
        } catch {
            #expect(!expected.feasible, "seed \(seed): \(error)")
        }
    }

    /// Random one-variable programs (many parallel rows at three levels,
    /// coefficients of both signs, huge and tiny constants) against the
    /// whole tableau: the same level totals, and the same value whenever the
    /// tableau's value is the only optimum.
    @Test func oneVariableProgramsMatchTheTableau() throws {
        let levels: [Priority] = [.required, .high, .medium, .low]
        for seed in 0 ..< 300 as Range<UInt64> {
            var rng = SplitMix64(seed: 9000 + seed)
            let scale = [1.0, 1e-4, 1e6][Int(seed % 3)]
            var s = ConstraintSystem()
            let x = s.addVariables(1)
            var rows: [ReferenceRow] = []
            for i in 0 ..< 1 + Int(rng.next() % 40) {
                let a = [1.0, -1, 2, -0.5, 3][Int(rng.next() % 5)]
                let c = Double(Int(rng.next() % 201) - 100) * scale
                let relation = Relation.allCases[Int(rng.next() % 3)]
                let p = levels[Int(rng.next() % 4)]
                s.addRow([(x, a)], constant: c, relation: relation, priority: p, origin: Self.origin(i))
                rows.append(ReferenceRow(terms: [(0, a)], constant: c, relation: relation, priority: p))
            }
            let fast = Result { try s.solve(options: Self.options(presolve: true)) }
            let whole = Result { try s.solve(options: Self.options(presolve: false)) }
            switch (fast, whole) {
            case (.success(let a), .success(let b)):
                let la = referenceLevelViolations(rows, a.values), lb = referenceLevelViolations(rows, b.values)
                #expect(referenceCompareLevels(la, lb, tolerance: 1e-6 * scale) == 0, "seed \(seed): \(la) vs \(lb)")
                #expect(referenceRequiredRowsHold(rows, a.values, tolerance: 1e-6 * max(1, scale)), "seed \(seed)")
            case (.failure, .failure):
                break
            default:
                Issue.record("seed \(seed): presolve \(fast), whole tableau \(whole)")
            }
        }
    }

    // MARK: - Pivots on short required equalities

    /// Views in chains: `left[i+1] = left[i] + width[i] + gap` (three
    /// unknowns), right edges shared (`left + width = left' + width'`, four),
    /// centres (`left + 0.5·width = left' + 0.5·width'`), some scaled by
    /// 2 or 1e-3, a few coefficients far below the row's largest; required
    /// minimum widths and gaps, wishes at three or more levels, equalities
    /// written twice (redundant, or, when `conflict`, with another
    /// constant). Aggregation leaves the chains whole; the pivots take
    /// them apart.
    struct RandomChains {
        var system = ConstraintSystem()
        var rows: [ReferenceRow] = []

        init(seed: UInt64, views: Int, conflict: Bool) {
            var rng = SplitMix64(seed: seed)
            func pick(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
            func add(_ terms: [(VariableIndex, Double)], _ c: Double, _ relation: Relation, _ p: Priority = .required) {
                PresolveTests.addRow(terms, c, relation, p, to: &system, and: &rows)
            }
            let levels: [Priority] = [.high, .medium, .low, 300, 100]
            let left = (0 ..< views).map { _ in system.addVariables(1) }
            let width = (0 ..< views).map { _ in system.addVariables(1) }
            add([(left[0], 1)], 0, .equal)
            for i in 0 ..< views {
                add([(width[i], 1)], -Double(4 + pick(10)), .greaterOrEqual)
                add([(width[i], 1)], -Double(10 + pick(40)), .equal, levels[pick(levels.count)])
                if pick(3) == 0 { add([(left[i], 1)], -Double(pick(300)), .equal, levels[pick(levels.count)]) }
                guard i > 0 else { continue }
                let j = pick(i)  // an earlier view
                let scale = [1.0, 2, -1, 1e-3][pick(4)]
                switch pick(5) {
                case 0, 1:
                    // Chained after the one before.
                    let gap = Double(pick(4))
                    add([(left[i], scale), (left[i - 1], -scale), (width[i - 1], -scale)], -scale * gap, .equal)
                    if pick(4) == 0 {
                        // Written again: the same row doubled, or (conflict) 1 further on.
                        let extra = conflict && pick(2) == 0 ? 1.0 : 0
                        add([(left[i], 2), (left[i - 1], -2), (width[i - 1], -2)], -2 * (gap + extra), .equal)
                    }
                case 2:
                    // Right edges shared with an earlier view.
                    add([(left[i], scale), (width[i], scale), (left[j], -scale), (width[j], -scale)], 0, .equal)
                case 3:
                    // Centred on an earlier view.
                    add([(left[i], 1), (width[i], 0.5), (left[j], -1), (width[j], -0.5)], 0, .equal)
                default:
                    // After an earlier view, as a wish, and not before it, required;
                    // a term far smaller than the others rides along.
                    add([(left[i], 1), (left[j], -1), (width[j], -1), (width[i], 1e-11)], -3, .equal,
                        levels[pick(levels.count)])
                    add([(left[i], 1), (left[j], -1), (width[j], -1)], 0, .greaterOrEqual)
                }
            }
            // The chain ends inside a frame: required, so some wishes give way.
            add([(left[views - 1], 1), (width[views - 1], 1)], -Double(40 * views), .lessOrEqual)
        }
    }

    /// Chains against the whole tableau (presolve off): every required row
    /// holds, the same level totals, and a conflict reported with the same
    /// rows. Most seeds are feasible (the comparison is not vacuous).
    @Test func chainsReachTheTableausOptimum() throws {
        var solved = 0
        for seed in 0 ..< 200 as Range<UInt64> {
            let chains = RandomChains(seed: 20_000 + seed, views: 2 + Int(seed % 12), conflict: seed % 4 == 3)
            let fast = Result { try chains.system.solve(options: Self.options(presolve: true)) }
            let whole = Result { try chains.system.solve(options: Self.options(presolve: false)) }
            switch (fast, whole) {
            case (.success(let a), .success(let b)):
                #expect(referenceRequiredRowsHold(chains.rows, a.values), "seed \(seed)")
                let la = referenceLevelViolations(chains.rows, a.values)
                let lb = referenceLevelViolations(chains.rows, b.values)
                #expect(referenceCompareLevels(la, lb, tolerance: 1e-6) == 0, "seed \(seed): \(la) vs \(lb)")
                solved += 1
            case (.failure(let a), .failure(let b)):
                #expect("\(a)" == "\(b)", "seed \(seed)")
            default:
                Issue.record("seed \(seed): presolve \(fast), whole tableau \(whole)")
            }
        }
        #expect(solved >= 100, "only \(solved) seeds feasible")
    }

    /// Small chains against the reference LP.
    @Test func smallChainsMatchTheReference() throws {
        for seed in 0 ..< 40 as Range<UInt64> {
            let chains = RandomChains(seed: 30_000 + seed, views: 2 + Int(seed % 3), conflict: seed % 5 == 4)
            Self.expectReferenceOptimum(chains.system, chains.rows, seed: seed)
        }
    }

    /// A chain of 400 views, `left[i+1] = left[i] + width[i] + 1`, each
    /// width at least 10 and wishing for 20 (@ 500), the last right edge at
    /// most 6,000. No variable is a column singleton, so every elimination
    /// is a pivot on a chain row. The widths that give way are a tie; what
    /// is checked is the total: 400 · 20 + 399 = 8,399 is 2,399 too long,
    /// so the 500 level's error is exactly 2,399.
    @Test func aLongChainIsTakenApartByPivots() throws {
        var s = ConstraintSystem()
        let n = 400
        let left = (0 ..< n).map { _ in s.addVariables(1) }
        let width = (0 ..< n).map { _ in s.addVariables(1) }
        var i = 0
        func row(_ terms: [(VariableIndex, Double)], _ c: Double, _ relation: Relation, _ p: Priority = .required) {
            s.addRow(terms, constant: c, relation: relation, priority: p, origin: Self.origin(i))
            i += 1
        }
        row([(left[0], 1)], 0, .equal)
        for k in 0 ..< n {
            if k > 0 { row([(left[k], 1), (left[k - 1], -1), (width[k - 1], -1)], -1, .equal) }
            row([(width[k], 1)], -10, .greaterOrEqual)
            row([(width[k], 1)], -20, .equal, .medium)
        }
        row([(left[n - 1], 1), (width[n - 1], 1)], -6000, .lessOrEqual)
        let solution = try s.solve()
        #expect(solution.stats.eliminatedVariables >= n / 4)
        let end = solution[left[n - 1]] + solution[width[n - 1]]
        #expect(abs(end - 6000) <= 1e-9)
        var error = 0.0
        for k in 0 ..< n {
            #expect(solution[width[k]] >= 10 - 1e-9)
            error += abs(solution[width[k]] - 20)
            if k > 0 { #expect(abs(solution[left[k]] - solution[left[k - 1]] - solution[width[k - 1]] - 1) <= 1e-9) }
        }
        #expect(abs(error - 2399) <= 1e-6)
    }

    /// Components of at least 4,096 rows give their presolve scratch back
    /// between steps and after each component; solved one after another in
    /// one solve (a large one, a larger one, a small one, a large one again),
    /// each gets exactly the values it gets solved alone.
    @Test func largeComponentsInTurnMatchEachSolvedAlone() throws {
        // A component of `m` variables: bounds, neighbours coupled by a cap
        // on their sum, and a wish for each (some out of reach). Each bound
        // and cap is written again looser three times: the presolve drops
        // those, and they make a component of 4,096 rows out of about 270
        // variables (the tableau left after presolve fills in, and costs
        // minutes in a debug build at a thousand variables).
        func addComponent(to s: inout ConstraintSystem, variables m: Int, seed: Int) {
            let first = s.addVariables(m).int
            var row = s.rowCount
            func add(_ terms: [(Int, Double)], _ c: Double, _ relation: Relation, _ p: Priority) {
                s.addRow(terms.map { (VariableIndex(first + $0.0), $0.1) }, constant: c, relation: relation,
                         priority: p, origin: Self.origin(row))
                row += 1
            }
            for i in 0 ..< m {
                for looser in 0 ..< 4 {
                    let slack = Double(looser * 7)
                    add([(i, 1)], slack, .greaterOrEqual, .required)
                    add([(i, 1)], -100 - slack, .lessOrEqual, .required)
                    if i + 1 < m { add([(i, 1), (i + 1, 1)], -150 - slack, .lessOrEqual, .required) }
                }
                add([(i, 1)], -Double((i * 37 + seed) % 120), .equal, i % 3 == 0 ? .high : .medium)
            }
        }
        let sizes = [(330, 1), (400, 2), (10, 3), (316, 4)]
        var whole = ConstraintSystem()
        for (m, seed) in sizes { addComponent(to: &whole, variables: m, seed: seed) }
        let together = try whole.solve()
        #expect(together.stats.residualComponents == sizes.count)
        var offset = 0
        for (m, seed) in sizes {
            var alone = ConstraintSystem()
            addComponent(to: &alone, variables: m, seed: seed)
            let values = try alone.solve().values
            #expect(Array(together.values[offset ..< offset + m]) == values, "component of \(m) variables")
            offset += m
        }
    }
}
