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
        for _ in 0 ..< Int.random(in: 1 ... 3, using: &rng) {
            let x = VariableIndex(s.variableCount), w = VariableIndex(s.variableCount + 1)
            let t = VariableIndex(s.variableCount + 2), y = VariableIndex(s.variableCount + 3)
            s.addVariables(4)
            for length in [x, w] {
                s.addNumberedRow([(length, 1)], -20 - small(), .lessOrEqual, .low)
                s.addNumberedRow([(length, 1)], -20 - small(), .greaterOrEqual, .high)
            }
            s.addNumberedRow([(x, 1)], -30 - small(), .lessOrEqual)
            if Bool.random(using: &rng) { s.addNumberedRow([(x, 1)], -10 - small(), .greaterOrEqual) }
            s.addNumberedRow([(x, 1), (w, 1)], -45 - small(), .lessOrEqual)
            s.addNumberedRow([(t, 1), (x, -1), (w, -1)], small(), .equal)
            s.addNumberedRow([(y, 1), (x, -1)], small(), .equal)
            if Bool.random(using: &rng) { s.addNumberedRow([(y, 1), (x, -1)], -5 + small(), .lessOrEqual) }
        }
        // Sums pivoted on (as in `keptPresolvesAreFreshSolves`): `u = a + b + c`
        // with optional rows on `u`.
        for _ in 0 ..< Int.random(in: 1 ... 2, using: &rng) {
            let u = VariableIndex(s.variableCount)
            s.addVariables(1)
            let a = VariableIndex(Int.random(in: 2 ..< u.int, using: &rng))
            let b = VariableIndex(Int.random(in: 2 ..< u.int, using: &rng))
            s.addNumberedRow([(u, 1), (a, -1), (b, -1)], -5 + small(), .equal)
            s.addNumberedRow([(u, 1)], -90, .lessOrEqual, .low)
            s.addNumberedRow([(u, 1)], -60, .greaterOrEqual, .high)
            s.addNumberedRow([(u, 1), (a, -2)], -7.5, .equal, .medium)
        }
        let required = (2 ..< s.rowCount).filter { s.priorities[$0].isRequired }
        return (s, required)
    }

    @Test func keptPresolvesReplayRequiredRowsAsFreshSolves() throws {
        var rng = SplitMix64(seed: 2026_12_06_63)
        var tally = RequiredRowTally()
        var resolvedByRequired = 0, failedSteps = 0, steps = 0
        for trial in 0 ..< 400 {
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
            tally += c.requiredRowTally
        }
        // Every place was met, replayed or declined; and steps that moved
        // only required rows were solved from the kept presolve (before,
        // none was: every required change was declined).
        #expect(tally.partRows >= 40, "\(tally)")
        #expect(tally.eliminatedRows >= 20, "\(tally)")
        #expect(tally.held >= 5, "\(tally)")
        // The links are replayed from the log (stop 64), or declined.
        #expect(tally.links + tally.aggregated >= 120, "\(tally)")
        #expect(tally.links >= 60, "\(tally)")
        #expect(tally.paired >= 30, "\(tally)")
        #expect(tally.pivotRows >= 15, "\(tally)")
        #expect(tally.dominance >= 10, "\(tally)")
        #expect(resolvedByRequired >= 60, "\(resolvedByRequired) of \(steps)")
        #expect(failedSteps >= 10, "\(failedSteps)")
        #expect(steps >= 1_000, "\(steps)")
    }

    /// The presolve itself on one component: `b = a + 5` (aggregated),
    /// wishes on `a` and `b`, and required bounds `a ≤ 50`, `a ≤ 60`
    /// (parallel: compared for dominance) and `a ≥ 10`. A kept presolve
    /// replays a bound's change in its part, and declines one that pairs
    /// opposite bounds, one that moves a bound compared for dominance, and
    /// one of the link; each replayed answer is a fresh presolve's, bit for
    /// bit.
    @Test func changesThatNeedANewPresolveAreDeclined() throws {
        var s = ConstraintSystem()
        s.addVariables(2)
        let a = VariableIndex(0), b = VariableIndex(1)
        // In the planner's order: required rows first, then the optional
        // ones by priority, highest first (as `IntervalProgram` reads them).
        let link = s.addNumberedRow([(b, 1), (a, -1)], -5, .equal)
        let upper = s.addNumberedRow([(a, 1)], -50, .lessOrEqual)
        let looser = s.addNumberedRow([(a, 1)], -60, .lessOrEqual)
        let lower = s.addNumberedRow([(a, 1)], -10, .greaterOrEqual)
        _ = s.addNumberedRow([(a, 1)], -35, .greaterOrEqual, .high)
        _ = s.addNumberedRow([(a, 1)], -30, .lessOrEqual, .low)
        _ = s.addNumberedRow([(b, 1)], 0, .lessOrEqual, .low)
        let rows = ArraySlice((0 ..< Int32(s.rowCount)).map { $0 })
        let state = [Planner.State](repeating: .open, count: 2)
        let core = SimplexCore(variableCount: 0)
        /// A fresh presolve of `s` (kept when `keeping`): its values.
        func fresh(keeping: Bool) -> (values: [Double], kept: ComponentPresolve.Kept?) {
            var presolve = ComponentPresolve()
            var values = [Double](repeating: 0, count: 2), localIndex = [Int32](repeating: -1, count: 2)
            let counts = values.withUnsafeMutableBufferPointer { v in
                presolve.solve(rows, system: s, state: state, values: v, localIndex: &localIndex, core: core,
                               keeping: keeping)
            }
            return (values, counts.map { presolve.handOver($0) })
        }
        var kept = try #require(fresh(keeping: true).kept)
        /// Moves `row` to `value` and replays it on the kept presolve: the
        /// place the tally counted, and whether it was declined (then the
        /// component is presolved whole and kept again, as the compiled
        /// system does). Expects a fresh presolve's values, bit for bit.
        func step(_ value: Double, _ row: RowIndex, _ comment: Comment) -> (a: Double, tally: RequiredRowTally, declined: Bool) {
            s.setConstant(value, ofRow: row)
            var tally = RequiredRowTally()
            var values = [Double](repeating: 0, count: 2)
            let replayed = values.withUnsafeMutableBufferPointer { v in
                ComponentPresolve.resolve(kept, rows: [Int32(row.int)], system: s, state: state, values: v, core: core,
                                          tally: &tally)
            }
            let afresh = fresh(keeping: true)
            var declined = false
            switch replayed {
            case .solved:
                #expect(values.map(\.bitPattern) == afresh.values.map(\.bitPattern), comment)
            case .diverged:
                declined = true
                kept = afresh.kept!
            case .notHandled:
                Issue.record("not handled: \(comment)")
            }
            return (afresh.values[0], tally, declined)
        }
        var (x, t, declined) = step(-14, lower, "a ≥ 14: a bound in a part")
        #expect(!declined && t.partRows == 1 && t.declined == 0, "\(t)")
        #expect(x == 35)
        (x, t, declined) = step(-50, lower, "a ≥ 50 against a ≤ 50: one equality for a fresh presolve")
        #expect(declined && t.paired == 1, "\(t)")
        #expect(x == 50)
        // The presolve kept from that step paired: everything is declined.
        (x, t, declined) = step(-20, lower, "a ≥ 20")
        #expect(declined && t.paired == 1, "\(t)")
        #expect(x == 35)
        (x, t, declined) = step(-40, looser, "a ≤ 40: now the tighter of the parallel bounds")
        #expect(declined && t.dominance == 1, "\(t)")
        #expect(x == 35)
        (x, t, declined) = step(-33, upper, "a ≤ 33")
        #expect(declined && t.dominance == 1, "\(t)")
        #expect(x == 33)
        // The link's class is replayed from the log (stop 64), which moves
        // `a`'s offset (`a = b − 7`: `a` went), and so the constants of
        // every bound on `a`, among them the two compared for dominance.
        (x, t, declined) = step(-7, link, "b = a + 7: the link's offset")
        #expect(declined && t.links == 1 && t.dominance == 1, "\(t)")
        #expect(x == 33)
        (x, t, declined) = step(-22, lower, "a ≥ 22: a bound in a part again")
        #expect(!declined && t.partRows == 1 && t.declined == 0, "\(t)")
        #expect(x == 33)
        // a ≥ 34 above a ≤ 33: the part has no answer, and a fresh presolve has none.
        s.setConstant(-34, ofRow: lower)
        var tally = RequiredRowTally()
        var values = [Double](repeating: 0, count: 2)
        let replayed = values.withUnsafeMutableBufferPointer { v in
            ComponentPresolve.resolve(kept, rows: [Int32(lower.int)], system: s, state: state, values: v, core: core,
                                      tally: &tally)
        }
        if case .notHandled = replayed {} else { Issue.record("a conflict in the part was not reported: \(replayed)") }
        #expect(tally.partRows == 1)
        #expect(fresh(keeping: false).kept == nil)
    }
}
