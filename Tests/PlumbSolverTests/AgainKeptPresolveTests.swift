import Testing
import PlumbTestSupport
@_spi(Lowering) @testable import PlumbSolver

/// A layout again (the system `CompiledSystem.solveCompiling` compiled)
/// after the root width changed: the width reaches the residual components
/// as a determined variable, and a component with a kept presolve takes its
/// move as a change of the rows that read it (as a sweep's step does),
/// replaying them, or declining them (then the tape or a whole presolve,
/// as before). Every layout again must be a fresh solve of the changed
/// system bit for bit, and what the old path (the move sent to the tape or
/// a whole presolve) gives.
extension SolveCompilingTests {
    @Test func layoutsAgainAfterAWidthSolveFromTheKeptPresolve() throws {
        try Self.expectExactWrites(resolves: 400, someUnwritten: false) { try layoutsAgainAfterWidths() }
    }

    private func layoutsAgainAfterWidths() throws {
        var rng = SplitMix64(seed: 2026_12_06_164)
        var byWidth = 0, oldByWidth = 0, oldReplays = 0, failedSteps = 0, steps = 0
        for trial in 0 ..< 400 {
            // `sweptSystem`: row 0's constant sets `v0` (the root width),
            // read by caps on lengths, wishes and sometimes a link. About
            // one system in seven has a solution at its first constants.
            let (s, parameters) = Self.sweptSystem(&rng)
            let options = Self.keptEverywhere
            guard let (again, old) = try Self.compiledForAgain(s, options: options) else { continue }
            for step in 0 ..< 10 {
                let moves = Self.widthStep(&rng, s, parameters: parameters)
                let resolvedBefore = again.resolvedComponents, oldResolvedBefore = old.resolvedComponents
                let oldReplaysBefore = old.replayedComponents
                let new = Self.expectAgainStep(moves, again, old, options: options, "trial \(trial), step \(step)")
                if case .failure = new { failedSteps += 1 }
                steps += 1
                if moves.count == 1 {
                    if again.resolvedComponents > resolvedBefore { byWidth += 1 }
                    if old.resolvedComponents > oldResolvedBefore { oldByWidth += 1 }
                    oldReplays += old.replayedComponents - oldReplaysBefore
                }
            }
            #expect(again.freshResidual == .changedComponents, "trial \(trial)")
        }
        // Layouts again that moved only the width were solved from kept
        // presolves; the old path solved none of them so (a moved determined
        // variable went to the tape or a whole presolve) and replayed tapes.
        #expect(byWidth >= 200, "\(byWidth) of \(steps)")
        #expect(oldByWidth == 0, "\(oldByWidth)")
        #expect(oldReplays >= 300, "\(oldReplays)")
        #expect(failedSteps >= 10, "\(failedSteps)")
        #expect(steps >= 500, "\(steps)")
    }
}
