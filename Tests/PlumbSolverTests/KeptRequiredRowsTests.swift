import Testing
import PlumbTestSupport
@_spi(Lowering) @testable import PlumbSolver

/// A kept presolve (`ComponentPresolve.Kept`) solves its component again
/// after a required row's constant changed when the presolve had left the
/// row where no decision reads its constant (a reduced row in a part, one a
/// singleton elimination solved, one without unknowns that still holds), and
/// declines (the component presolved whole) where one does (a link or fixed
/// value of aggregation, opposite bounds that would pair, parallel rows
/// compared for dominance, a pivot row). Either way every solve must be a
/// fresh solve of the changed system, bit for bit.
extension SolveCompilingTests {
    /// ``presolvedSystem(_:)`` (links, a pivoted sum, opposite and parallel
    /// bounds) with more required rows of the kinds the replay takes: bounds
    /// on a length, a sum of two lengths bounded, a sum that a singleton
    /// elimination solves (`t = x + w + c`, `t` in no other row), and a
    /// difference of two linked variables (no unknowns after aggregation:
    /// it must hold). Returns the system and its required rows that the
    /// blocks do not solve (not the determined chain's).
    static func requiredRowsSystem(_ rng: inout SplitMix64) -> (system: ConstraintSystem, required: [Int]) {
        var s = presolvedSystem(&rng)
        func small() -> Double { Double(Int.random(in: -4 ... 4, using: &rng)) * 2.5 }
        func add(_ terms: [(VariableIndex, Double)], _ c: Double, _ relation: Relation, _ p: Priority = .required) {
            s.addRow(terms, constant: c, relation: relation, priority: p,
                     origin: Origin(kind: .constraint, index: s.rowCount, text: "row \(s.rowCount)"))
        }
        let free = s.variableCount
        for _ in 0 ..< Int.random(in: 1 ... 3, using: &rng) {
            let x = VariableIndex(s.variableCount), w = VariableIndex(s.variableCount + 1)
            let t = VariableIndex(s.variableCount + 2), y = VariableIndex(s.variableCount + 3)
            s.addVariables(4)
            for length in [x, w] {
                add([(length, 1)], -20 - small(), .lessOrEqual, .low)
                add([(length, 1)], -20 - small(), .greaterOrEqual, .high)
            }
            add([(x, 1)], -30 - small(), .lessOrEqual)
            if Bool.random(using: &rng) { add([(x, 1)], -10 - small(), .greaterOrEqual) }
            add([(x, 1), (w, 1)], -45 - small(), .lessOrEqual)
            add([(t, 1), (x, -1), (w, -1)], small(), .equal)
            add([(y, 1), (x, -1)], small(), .equal)
            if Bool.random(using: &rng) { add([(y, 1), (x, -1)], -5 + small(), .lessOrEqual) }
        }
        // Sums pivoted on (as in `keptPresolvesAreFreshSolves`): `u = a + b + c`
        // with optional rows on `u`.
        for _ in 0 ..< Int.random(in: 1 ... 2, using: &rng) {
            let u = VariableIndex(s.variableCount)
            s.addVariables(1)
            let a = VariableIndex(Int.random(in: 2 ..< u.int, using: &rng))
            let b = VariableIndex(Int.random(in: 2 ..< u.int, using: &rng))
            add([(u, 1), (a, -1), (b, -1)], -5 + small(), .equal)
            add([(u, 1)], -90, .lessOrEqual, .low)
            add([(u, 1)], -60, .greaterOrEqual, .high)
            add([(u, 1), (a, -2)], -7.5, .equal, .medium)
        }
        let required = (2 ..< s.rowCount).filter { s.priorities[$0].isRequired }
        _ = free
        return (s, required)
    }

    @Test func keptPresolvesReplayRequiredRowsAsFreshSolves() throws {
        var rng = SplitMix64(seed: 2026_12_06_63)
        var tally = RequiredRowTally()
        var resolvedByRequired = 0, failedSteps = 0, steps = 0
        for trial in 0 ..< 200 {
            let (s, required) = Self.requiredRowsSystem(&rng)
            var options = SolveOptions()
            options.reuseShapes = false
            options.keptPresolveRows = 1
            options.threads = trial % 10 == 7 ? 2 : 1
            guard let c = try Self.compiledIfSolved(s, options: options, "trial \(trial)") else { continue }
            for step in 0 ..< 10 {
                // One or two required rows moved a little (bounds meet,
                // cross, pair), or onto another row's constant.
                for _ in 0 ..< Int.random(in: 1 ... 2, using: &rng) {
                    Self.move(required.randomElement(using: &rng)!, of: c, by: 2.5, upTo: 2, oneIn: 5, &rng)
                }
                let before = c.resolvedComponents
                if !Self.expectFreshSolve(c, options: options, "trial \(trial), step \(step)") { failedSteps += 1 }
                if c.resolvedComponents > before { resolvedByRequired += 1 }
                steps += 1
            }
            let t = c.requiredRowTally
            tally.partRows += t.partRows
            tally.eliminatedRows += t.eliminatedRows
            tally.held += t.held
            tally.aggregated += t.aggregated
            tally.paired += t.paired
            tally.pivotRows += t.pivotRows
            tally.dominance += t.dominance
            tally.infeasible += t.infeasible
        }
        // Every place was met, replayed or declined; and steps that moved
        // only required rows were solved from the kept presolve (before,
        // none was: every required change was declined).
        #expect(tally.partRows >= 100, "\(tally)")
        #expect(tally.eliminatedRows >= 30, "\(tally)")
        #expect(tally.held >= 10, "\(tally)")
        #expect(tally.aggregated >= 100, "\(tally)")
        #expect(tally.paired >= 10, "\(tally)")
        #expect(tally.pivotRows >= 10, "\(tally)")
        #expect(tally.dominance >= 10, "\(tally)")
        #expect(resolvedByRequired >= 200, "\(resolvedByRequired) of \(steps)")
        #expect(failedSteps >= 10, "\(failedSteps)")
        #expect(steps >= 1_500, "\(steps)")
    }

    /// One variable between optional rows, with required bounds `a ≤ 50`,
    /// `a ≤ 60` (parallel: compared for dominance) and `a ≥ 10`.
    @Test func changesThatNeedANewPresolveAreDeclined() throws {
        var s = ConstraintSystem()
        s.addVariables(2)
        let a = VariableIndex(0), b = VariableIndex(1)
        func add(_ c: Double, _ relation: Relation, _ p: Priority = .required) -> RowIndex {
            s.addRow([(a, 1)], constant: c, relation: relation, priority: p,
                     origin: Origin(kind: .constraint, index: s.rowCount, text: "row \(s.rowCount)"))
        }
        // `b = a + 5`, pulled towards 0: the component is presolved (`b` aggregated).
        s.addRow([(b, 1), (a, -1)], constant: -5, relation: .equal,
                 origin: Origin(kind: .constraint, index: s.rowCount, text: "b"))
        s.addRow([(b, 1)], constant: 0, relation: .lessOrEqual, priority: .low,
                 origin: Origin(kind: .constraint, index: s.rowCount, text: "b small"))
        _ = add(-30, .lessOrEqual, .low)
        _ = add(-35, .greaterOrEqual, .high)
        let upper = add(-50, .lessOrEqual)
        let looser = add(-60, .lessOrEqual)
        let lower = add(-10, .greaterOrEqual)
        var options = SolveOptions()
        options.reuseShapes = false
        options.keptPresolveRows = 1
        let c = try #require(try Self.compiledIfSolved(s, options: options, "start"))
        /// Moves `row` to `value`, solves, expects a fresh solve's values bit
        /// for bit; the value of `a` and what the tally gained.
        func step(_ value: Double, _ row: RowIndex, _ comment: Comment) -> (a: Double?, gained: RequiredRowTally) {
            let before = c.requiredRowTally
            c.setConstant(value, ofRow: row)
            let again = Result { () throws(SolverError) -> Solution in try c.solve() }
            let afresh = Result { () throws(SolverError) -> Solution in try c.system.solve(options: options) }
            #expect(again.map { $0.values.map(\.bitPattern) } == afresh.map { $0.values.map(\.bitPattern) }, comment)
            var gained = c.requiredRowTally
            gained.partRows -= before.partRows
            gained.paired -= before.paired
            gained.dominance -= before.dominance
            gained.aggregated -= before.aggregated
            gained.eliminatedRows -= before.eliminatedRows
            gained.held -= before.held
            return ((try? again.get())?.values[0], gained)
        }
        // The first solve again may presolve whole; either way it keeps the presolve.
        _ = step(-12, lower, "first")
        var (x, t) = step(-14, lower, "a ≥ 14: a bound in a part, replayed")
        #expect(t.partRows == 1 && t.declined == 0, "\(t)")
        #expect(x == 35)
        // a ≥ 50 against a ≤ 50: one equality for a fresh presolve.
        (x, t) = step(-50, lower, "a ≥ 50: pairs")
        #expect(t.paired == 1 && t.replayed == 0, "\(t)")
        #expect(x == 50)
        // Apart again: the presolve kept from the last step paired, so this
        // is declined too; the one presolved now pairs nothing.
        (x, t) = step(-20, lower, "a ≥ 20")
        #expect(t.paired == 1 && t.replayed == 0, "\(t)")
        #expect(x == 35)
        // a ≤ 40 would now be the tighter of the two parallel bounds.
        (x, t) = step(-40, looser, "a ≤ 40: dominance")
        #expect(t.dominance == 1 && t.replayed == 0, "\(t)")
        #expect(x == 35)
        // a ≤ 34: below the high wish.
        (x, t) = step(-34, upper, "a ≤ 34: dominance again")
        #expect(t.dominance == 1, "\(t)")
        #expect(x == 34)
    }
}
