import Testing
import PlumbTestSupport
@_spi(Lowering) @testable import PlumbSolver

/// A layout again with nothing changed since the one-shot solve of a system
/// compiled by `CompiledSystem.solveCompiling` returns that solve's values
/// and prepares nothing: the components solved apart are registered and
/// their inputs listed by the first layout again after a change, at the
/// one-shot solve's values. Every layout again must be a fresh solve of the
/// changed system bit for bit, and what the system that prepared at its
/// first solve (`preparesAtFirstChange` off) gives, statistics included.
extension SolveCompilingTests {
    /// A solve's statistics with its times left out (they differ run to run).
    static func countBits(_ r: Result<Solution, SolverError>) -> String? {
        guard case .success(let solution) = r else { return nil }
        var stats = solution.stats
        stats.blockMilliseconds = 0
        stats.simplexMilliseconds = 0
        stats.solveMilliseconds = 0
        return String(describing: stats)
    }

    @Test func aLayoutAgainWithNothingChangedPreparesNothing() throws {
        var rng = SplitMix64(seed: 2026_12_07_68)
        var compiled = 0, putOff = 0, preparedAtChange = 0, registeredAtChange = 0, apart = 0, byComponents = 0
        var steps = 0, failedSteps = 0, changedTrials = 0
        for trial in 0 ..< 400 {
            let (s, parameters, smallRows) = Self.sharedShapesSystem(&rng)
            var options = SolveOptions()
            options.largePartSolver = nil
            options.keptPresolveRows = trial % 3 == 2 ? 1_000_000 : 1
            // One system in four without shapes: every component apart
            // (`FreshResidual.changedComponents`); the others share shapes.
            options.reuseShapes = trial % 4 != 3
            options.threads = trial % 10 == 7 ? 2 : 1
            let compile = { () throws(SolverError) -> CompiledSystem? in
                try CompiledSystem.solveCompiling(s, options: options).compiled
            }
            guard case .success(let lazy?) = Result(catching: compile) else { continue }
            let eager = try #require(try CompiledSystem.$preparesAtFirstChange.withValue(false, operation: compile))
            compiled += 1
            // Laid out again once to three times with nothing changed.
            let nothings = Int.random(in: 1 ... 3, using: &rng)
            for k in 0 ..< nothings {
                let comment: Comment = "trial \(trial), nothing \(k)"
                let (new, reference) = Self.moveAndSolve([], lazy, eager)
                let fresh = Result { () throws(SolverError) -> Solution in try s.solve(options: options) }
                #expect(Self.valueBits(new) == Self.valueBits(fresh), comment)
                #expect(Self.valueBits(new) == Self.valueBits(reference), comment)
                #expect(Self.countBits(new) == Self.countBits(reference), comment)
                #expect(!lazy.preparedInputs && lazy.registeredComponents == 0 && lazy.registeredInputs == 0, comment)
                #expect(lazy.preparationsPutOff == k + 1, comment)
                #expect(eager.preparedInputs && eager.preparationsPutOff == 0, comment)
            }
            putOff += lazy.preparationsPutOff
            // Then changes (a width, a small component's row, any row) and
            // now and then nothing again; the first change prepares.
            var changed = false, expectedPutOff = nothings
            for step in 0 ..< 6 {
                var moves: [(Int, Double)]
                switch Int.random(in: 0 ..< 4, using: &rng) {
                case 0: moves = Self.widthStep(&rng, s, parameters: parameters)
                case 1:
                    let r = smallRows.randomElement(using: &rng)!
                    moves = [(r, s.constants[r] + Double(Int.random(in: -4 ... 4, using: &rng)) * 2.5)]
                case 2:
                    let r = Int.random(in: 1 ..< s.rowCount, using: &rng)
                    moves = [(r, s.constants[r] + Double(Int.random(in: -2 ... 2, using: &rng)) * 2.5)]
                default: moves = step == 0 ? Self.widthStep(&rng, s, parameters: parameters) : []
                }
                let comment: Comment = "trial \(trial), step \(step)"
                // (A move to the value a row has is no change.)
                let changes = moves.contains { lazy.system.constants[$0.0].bitPattern != $0.1.bitPattern }
                let (new, reference) = Self.moveAndSolve(moves, lazy, eager)
                let fresh = Result { () throws(SolverError) -> Solution in try lazy.system.solve(options: options) }
                #expect(Self.valueBits(new) == Self.valueBits(fresh), comment)
                #expect(Self.valueBits(new) == Self.valueBits(reference), comment)
                #expect(Self.countBits(new) == Self.countBits(reference), comment)
                steps += 1
                if case .failure = new { failedSteps += 1 }
                if !changed && !changes {
                    // Still nothing changed: still nothing prepared.
                    #expect(!lazy.preparedInputs && lazy.registeredInputs == 0, comment)
                    expectedPutOff += 1
                }
                if changes && !changed {
                    changed = true
                    // Prepared now, as the eager system did at its first solve.
                    #expect(lazy.preparedInputs, comment)
                    #expect(lazy.registeredComponents == eager.registeredComponents, comment)
                    #expect(lazy.registeredInputs == eager.registeredInputs, comment)
                    if lazy.preparedInputs { preparedAtChange += 1 }
                    if lazy.registeredInputs > 0 { registeredAtChange += 1 }
                }
            }
            #expect(lazy.preparationsPutOff == expectedPutOff, "trial \(trial)")
            if changed { changedTrials += 1 }
            if lazy.sharedComponents != nil { apart += 1 }
            if lazy.freshResidual == .changedComponents { byComponents += 1 }
        }
        // Nothing was prepared before a change, and everything at it: both
        // ways of solving again (shared shapes apart, every component apart).
        #expect(compiled >= 50, "\(compiled)")
        #expect(putOff >= compiled, "\(putOff)")
        #expect(changedTrials >= compiled - 2, "\(changedTrials) of \(compiled)")
        #expect(preparedAtChange == changedTrials, "\(preparedAtChange) of \(changedTrials)")
        #expect(registeredAtChange == changedTrials, "\(registeredAtChange) of \(changedTrials)")
        #expect(apart >= 30, "\(apart)")
        #expect(byComponents >= 10, "\(byComponents)")
        #expect(failedSteps >= 10, "\(failedSteps)")
        #expect(steps == 6 * compiled)
    }
}
