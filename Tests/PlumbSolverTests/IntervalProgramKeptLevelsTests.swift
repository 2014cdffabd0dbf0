import Testing
import PlumbTestSupport
@_spi(Lowering) @testable import PlumbSolver

/// `IntervalProgram` keeps a named part's level minimisers between solves
/// (a sweep's moved root width reaches a column's required caps, not its
/// cells' intrinsic widths): a solve that takes them must give the bits a
/// fresh program gives, and a part whose optional rows moved must be
/// forgotten by the caller.
@Suite struct IntervalProgramKeptLevelsTests {
    /// One row of a one-variable program: `a·x + c ⋈ 0` at `priority`.
    struct Row {
        var a: Double
        var c: Double
        var relation: Relation
        var priority: Priority
    }

    /// The answer's bits, nil for a conflict.
    static func bits(_ result: Result<Double, IntervalProgram.Failure>) -> UInt64? {
        if case .success(let x) = result { return x.bitPattern }
        return nil
    }

    static func solve(_ program: inout IntervalProgram, _ rows: [Row], keeping part: Int32?) -> UInt64? {
        bits(program.solve(
            count: rows.count, a: { rows[$0].a }, c: { rows[$0].c }, relation: { rows[$0].relation },
            priority: { rows[$0].priority }, keeping: part))
    }

    /// Required rows first, then levels highest first, many of them larger
    /// than `smallestKeptLevel`; roots drawn from a few values so that ties
    /// are common; both signs of coefficient and every relation.
    static func randomProgram(_ g: inout SplitMix64) -> (rows: [Row], required: Int) {
        let relations: [Relation] = [.lessOrEqual, .greaterOrEqual, .equal]
        let coefficients: [Double] = [1, -1, 0.5, -2, 3, -0.25, 1.5]
        let roots: [Double] = [-40, -3.5, 0, 7, 12.25, 30, 55.5, 80, 120]
        var rows: [Row] = []
        let required = Int(g.next() % 6)
        for _ in 0 ..< required {
            let a = coefficients[Int(g.next() % UInt64(coefficients.count))]
            let t = roots[Int(g.next() % UInt64(roots.count))] + Double(g.next() % 40) - 20
            // Mostly bounds (an equality pins x and leaves no level to walk).
            let relation: Relation = g.next() % 8 == 0 ? .equal : (g.next() % 2 == 0 ? .lessOrEqual : .greaterOrEqual)
            rows.append(Row(a: a, c: -a * t, relation: relation, priority: .required))
        }
        let levels = 1 + Int(g.next() % 4)
        var level = 900.0
        for _ in 0 ..< levels {
            level -= Double(1 + g.next() % 200)
            let size = g.next() % 3 == 0 ? 1 + Int(g.next() % 10) : 30 + Int(g.next() % 120)
            for _ in 0 ..< size {
                let a = coefficients[Int(g.next() % UInt64(coefficients.count))]
                let t = roots[Int(g.next() % UInt64(roots.count))]
                let relation = relations[Int(g.next() % 3)]
                rows.append(Row(a: a, c: -a * t, relation: relation, priority: Priority(rawValue: level)!))
            }
        }
        return (rows, required)
    }

    @Test func keptLevelsGiveAFreshProgramsBitsAfterRequiredRowsMove() {
        var g = SplitMix64(seed: 0x7AB1E65)
        var kept = 0, conflicts = 0
        for round in 0 ..< 300 {
            var (rows, required) = Self.randomProgram(&g)
            var program = IntervalProgram()
            let part = Int32(round % 5)
            var fresh = IntervalProgram()
            #expect(Self.solve(&program, rows, keeping: part) == Self.solve(&fresh, rows, keeping: nil))
            for step in 0 ..< 12 {
                if step % 4 == 3, rows.count > required {
                    // An optional row moves: the caller forgets the part.
                    let i = required + Int(g.next() % UInt64(rows.count - required))
                    rows[i].c += rows[i].a * Double(Int(g.next() % 21) - 10)
                    program.forget(part: part)
                } else if required > 0 {
                    let i = Int(g.next() % UInt64(required))
                    rows[i].c += rows[i].a * Double(Int(g.next() % 61) - 30)
                    kept += rows.count >= IntervalProgram.smallestKeptLevel ? 1 : 0
                }
                var fresh = IntervalProgram()
                let expected = Self.solve(&fresh, rows, keeping: nil)
                conflicts += expected == nil ? 1 : 0
                #expect(Self.solve(&program, rows, keeping: part) == expected, "round \(round), step \(step)")
            }
        }
        // The draw reaches both the kept path and conflicts.
        #expect(kept > 1000)
        #expect(conflicts > 0)
    }

    /// The kept minimisers are read, not recomputed: an optional row moved
    /// without ``IntervalProgram/forget(part:)`` still answers as before,
    /// a forgotten part follows the move, and a moved cap is followed either way.
    @Test func keptLevelsAreReadUntilThePartIsForgotten() {
        var rows = [Row(a: 1, c: -100, relation: .lessOrEqual, priority: .required)]
        for _ in 0 ..< 40 { rows.append(Row(a: 1, c: -50, relation: .greaterOrEqual, priority: .high)) }
        var program = IntervalProgram()
        #expect(Self.solve(&program, rows, keeping: 3) == (50.0).bitPattern)
        rows[0].c = -45
        #expect(Self.solve(&program, rows, keeping: 3) == (45.0).bitPattern)
        rows[0].c = -100
        for i in 1 ..< rows.count { rows[i].c = -60 }
        #expect(Self.solve(&program, rows, keeping: 3) == (50.0).bitPattern)  // stale on purpose
        #expect(Self.solve(&program, rows, keeping: 4) == (60.0).bitPattern)  // another part: solved
        program.forget(part: 3)
        #expect(Self.solve(&program, rows, keeping: 3) == (60.0).bitPattern)
        program.forgetAll()
        for i in 1 ..< rows.count { rows[i].c = -70 }
        #expect(Self.solve(&program, rows, keeping: 4) == (70.0).bitPattern)
        // A level smaller than `smallestKeptLevel` is solved again every time.
        let small = Array(rows.prefix(IntervalProgram.smallestKeptLevel - 1))
        #expect(Self.solve(&program, small, keeping: 5) == (70.0).bitPattern)
        var moved = small
        for i in 1 ..< moved.count { moved[i].c = -20 }
        #expect(Self.solve(&program, moved, keeping: 5) == (20.0).bitPattern)
    }

    /// A compiled sweep of table-like columns: each column's width `c` is
    /// capped by the root width (`c ≤ w / 8 − 1`, required) and bound by
    /// 80 cells' rows (intrinsic widths with many ties, both signs, every
    /// relation, at two levels: about 40 rows a level, kept by the kept
    /// presolve), and the first cell of the first column (whose width is
    /// its widest cell's below the cap) is a parameter row that moves every
    /// third step. Each step must be a fresh solve's values and
    /// the sweep's without kept presolves, bit for bit: a stale level
    /// (a moved cell whose part was not forgotten) would show.
    @Test func sweptColumnsTakeTheirKeptLevelsBitForBit() throws {
        var rng = SplitMix64(seed: 2026_12_06_65)
        var s = ConstraintSystem()
        let columns = 4
        s.addVariables(1 + columns)
        let width = VariableIndex(0)
        s.addNumberedRow([(width, 1)], -1000, .equal)
        var cell = -1
        for j in 1 ... columns {
            let c = VariableIndex(j)
            s.addNumberedRow([(c, 1), (width, -0.125)], 1, .lessOrEqual)
            for k in 0 ..< 80 {
                let intrinsic = Double(Int.random(in: 8 ... 20, using: &rng)) * 5
                if j == 1 {
                    // The first column: at least each cell @ high, at most @ low
                    // (its width the widest cell's, or the cap); its first
                    // cell moves.
                    if cell < 0 { cell = s.rowCount }
                    s.addNumberedRow([(c, 1)], -intrinsic, k < 40 ? .greaterOrEqual : .lessOrEqual, k < 40 ? .high : .low)
                    continue
                }
                let a = [1.0, 2, -1, -0.5].randomElement(using: &rng)!
                let relation = [Relation.greaterOrEqual, .lessOrEqual, .equal].randomElement(using: &rng)!
                let priority: Priority = Bool.random(using: &rng) ? .high : .medium
                s.addNumberedRow([(c, a)], -a * intrinsic, relation, priority)
            }
        }
        var options = SolveOptions()
        options.largePartThreshold = 1
        options.keptPresolveRows = 1
        let rows = [RowIndex(0), RowIndex(cell)]
        let swept = try CompiledSystem(s, parameterRows: rows, options: options)
        let old = try CompiledSystem.$keepsSweepPresolves.withValue(false) {
            try CompiledSystem(s, parameterRows: rows, options: options)
        }
        let cellCoefficient = s.coefficients[Int(s.rowStart[cell])]
        var capped = 0
        for step in 0 ..< 40 {
            let w = 1400 - 20 * Double(step)
            var changes = [(0, -w)]
            if step % 3 == 2 {
                changes.append((cell, -cellCoefficient * Double(Int.random(in: 12 ... 32, using: &rng)) * 5))
            }
            for (r, k) in changes {
                swept.setConstant(k, ofRow: RowIndex(r))
                old.setConstant(k, ofRow: RowIndex(r))
            }
            let values = try swept.solve().values
            let reference = try old.solve().values
            let fresh = try swept.system.solve(options: options).values
            #expect(values.map(\.bitPattern) == fresh.map(\.bitPattern), "step \(step)")
            #expect(values.map(\.bitPattern) == reference.map(\.bitPattern), "step \(step)")
            // The caps (174 down to 76.5) bind from some step on.
            capped += (1 ... columns).contains { abs(values[$0] - (w / 8 - 1)) < 1e-9 } ? 1 : 0
        }
        #expect(capped > 0 && capped < 40, "\(capped)")
        #expect(swept.resolvedComponents > 0, "\(swept.resolvedComponents)")
    }
}
