import Testing
import PlumbTestSupport
@_spi(Lowering) @testable import PlumbSolver

/// A layout again of a system whose residual components share shapes
/// (`CompiledSystem.solveCompiling` with `reuseShapes`): the components that
/// share a shape are solved by the residual phase as a one-shot solve runs
/// it, the others (each of a shape of its own) apart, each only when one of
/// its inputs changed, from its kept presolve or its tape. Every layout
/// again must be a fresh solve of the changed system bit for bit, and what
/// the old path (the whole phase over every component) gives.
extension SolveCompilingTests {
    /// ``sweptSystem(_:)`` (components of shapes of their own, reading the
    /// width `v0`) with groups of small components of one shape: pairs
    /// `x ≥ 0`, `y ≥ x + 5`, `x = 10 + a` (high), `y = 12 + b` (medium) and a
    /// required cap `y ≤ v0 / 2 + c` that the width moves (binding at some
    /// widths, conflicting at a few), and chains `p ≤ q ≤ r` pulled by
    /// optional rows; sometimes one pair of a shape of its own. Returns the
    /// system, the parameter rows of `sweptSystem`, and the rows of the
    /// small components.
    static func sharedShapesSystem(_ rng: inout SplitMix64)
        -> (system: ConstraintSystem, parameters: [Int], small: [Int])
    {
        var (s, parameters) = sweptSystem(&rng)
        func small() -> Double { Double(Int.random(in: -4 ... 4, using: &rng)) * 2.5 }
        let v0 = VariableIndex(0)
        var rows: [Int] = []
        func pair(_ skew: Double) {
            let x = VariableIndex(s.variableCount), y = VariableIndex(s.variableCount + 1)
            s.addVariables(2)
            rows.append(s.addNumberedRow([(x, 1)], 0, .greaterOrEqual).int)
            rows.append(s.addNumberedRow([(y, 1), (x, -skew)], -5, .greaterOrEqual).int)
            rows.append(s.addNumberedRow([(x, 1)], -10 - small(), .equal, .high).int)
            rows.append(s.addNumberedRow([(y, 1)], -12 - small(), .equal, .medium).int)
            rows.append(s.addNumberedRow([(y, 1), (v0, -0.5)], -12 - small(), .lessOrEqual).int)
        }
        for _ in 0 ..< Int.random(in: 2 ... 5, using: &rng) { pair(1) }
        if Bool.random(using: &rng) {
            for _ in 0 ..< Int.random(in: 2 ... 4, using: &rng) {
                let p = VariableIndex(s.variableCount)
                s.addVariables(3)
                rows.append(s.addNumberedRow([(VariableIndex(p.int + 1), 1), (p, -1)], small(), .greaterOrEqual).int)
                rows.append(s.addNumberedRow([(VariableIndex(p.int + 2), 1), (VariableIndex(p.int + 1), -1)], 0,
                                             .greaterOrEqual).int)
                rows.append(s.addNumberedRow([(p, 1)], -20 - small(), .equal, .low).int)
                rows.append(s.addNumberedRow([(VariableIndex(p.int + 2), 1)], -25 - small(), .equal, .medium).int)
            }
        }
        if Bool.random(using: &rng) { pair(2) }
        return (s, parameters, rows)
    }

    @Test func layoutsAgainSolveComponentsOfTheirOwnShapeApart() throws {
        var rng = SplitMix64(seed: 2026_12_06_67)
        var apart = 0, steps = 0, failedSteps = 0, resolved = 0, oldResolved = 0, replayed = 0
        var phases = 0, skipped = 0, oldApart = 0, compiled = 0
        for trial in 0 ..< 300 {
            let (s, parameters, smallRows) = Self.sharedShapesSystem(&rng)
            var options = SolveOptions()
            options.largePartSolver = nil
            options.keptPresolveRows = trial % 3 == 2 ? 1_000_000 : 1
            options.threads = trial % 10 == 7 ? 2 : 1
            let compile = { () throws(SolverError) -> CompiledSystem? in
                try CompiledSystem.solveCompiling(s, options: options).compiled
            }
            guard case .success(let again?) = Result(catching: compile) else { continue }
            let old = try #require(try CompiledSystem.$solvesOwnShapesApart.withValue(false, operation: compile))
            compiled += 1
            let optional = (0 ..< s.rowCount).filter { !s.priorities[$0].isRequired && !smallRows.contains($0) }
            let required = (2 ..< s.rowCount).filter { s.priorities[$0].isRequired && !smallRows.contains($0) }
            for step in 0 ..< 10 {
                var moves: [(Int, Double)]
                switch Int.random(in: 0 ..< 5, using: &rng) {
                case 0: moves = Self.widthStep(&rng, s, parameters: parameters)
                case 1:
                    // A row of a small component: patterns fit or not.
                    let r = smallRows.randomElement(using: &rng)!
                    moves = [(r, s.constants[r] + Double(Int.random(in: -4 ... 4, using: &rng)) * 2.5)]
                case 2:
                    // An optional row of a component of its own shape: the
                    // change reaches no block and no shared component.
                    let r = optional.randomElement(using: &rng)!
                    moves = [(r, s.constants[r] + Double(Int.random(in: -4 ... 4, using: &rng)) * 2.5)]
                case 3:
                    let r = required.randomElement(using: &rng)!
                    moves = [(r, s.constants[r] + Double(Int.random(in: -2 ... 2, using: &rng)) * 2.5)]
                default: moves = []
                }
                let before = (again.resolvedComponents, old.resolvedComponents, again.replayedComponents)
                let new = Self.expectAgainStep(moves, again, old, options: options, "trial \(trial), step \(step)")
                if case .failure = new { failedSteps += 1 }
                steps += 1
                resolved += again.resolvedComponents - before.0
                oldResolved += old.resolvedComponents - before.1
                replayed += again.replayedComponents - before.2
            }
            #expect(again.freshResidual == .wholePhase && old.freshResidual == .wholePhase, "trial \(trial)")
            if again.sharedComponents != nil { apart += 1 }
            if old.sharedComponents != nil { oldApart += 1 }
            phases += again.sharedPhaseSolves
            skipped += again.sharedPhaseSkipped
        }
        // Components of their own shape were solved apart (from kept
        // presolves and tapes), the phase on the shared ones run and left
        // out; the old path ran the whole phase (no kept presolve).
        // (About one system in six has a solution at its first constants.)
        #expect(compiled >= 40, "\(compiled)")
        #expect(apart == compiled, "\(apart) of \(compiled)")
        #expect(oldApart == 0, "\(oldApart)")
        #expect(resolved >= 150, "\(resolved)")
        #expect(replayed >= 15, "\(replayed)")
        #expect(oldResolved == 0, "\(oldResolved)")
        #expect(phases >= 150, "\(phases)")
        #expect(skipped >= 100, "\(skipped)")
        #expect(failedSteps >= 10, "\(failedSteps)")
        #expect(steps >= 400, "\(steps)")
    }
}
