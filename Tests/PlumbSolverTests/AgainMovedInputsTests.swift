import Testing
import PlumbTestSupport
@_spi(Lowering) @testable import PlumbSolver

/// Layouts again and sweep steps that move several determined variables of
/// one large component at once, then a few at a time: six width-like
/// variables, each set by a row of its own, read by caps and wishes. The
/// rows that read a moved variable are listed at the first solve that moves
/// it (the first step lists all six in one pass, more than
/// `CompiledSystem.sortedVariableLimit`: marked in an array; later steps
/// list a few by binary search) and kept by variable, so
/// a later step that moves one alone takes its own rows. A row listed under
/// another variable, or left out, leaves a stale constant in the kept
/// presolve: each solve must be what the old path gives (the move sent to
/// the tape or a whole presolve), bit for bit, and for a layout again a
/// fresh solve's values bit for bit.
extension SolveCompilingTests {
    /// ``requiredRowsSystem(_:)`` with six determined variables `w₀ … w₅`
    /// (rows `widthRows`, one each), each read by one to three caps
    /// `x ≤ wⱼ / 2 + c` on its lengths and sometimes a wish `y = wⱼ + c`.
    static func severalWidthsSystem(_ rng: inout SplitMix64)
        -> (system: ConstraintSystem, widthRows: [Int], required: [Int])
    {
        var (s, required) = requiredRowsSystem(&rng)
        func small() -> Double { Double(Int.random(in: -4 ... 4, using: &rng)) * 2.5 }
        let lengths = s.variableCount
        var widthRows: [Int] = []
        for _ in 0 ..< 6 {
            let w = VariableIndex(s.variableCount)
            s.addVariables(1)
            widthRows.append(s.rowCount)
            s.addNumberedRow([(w, 1)], -10 - small(), .equal)
            for _ in 0 ..< Int.random(in: 1 ... 3, using: &rng) {
                let x = VariableIndex(Int.random(in: 2 ..< lengths, using: &rng))
                s.addNumberedRow([(x, 1), (w, -0.5)], -1 - small(), .lessOrEqual)
                if Bool.random(using: &rng) {
                    let y = VariableIndex(Int.random(in: 2 ..< lengths, using: &rng))
                    s.addNumberedRow([(y, 1), (w, -1)], small(), .equal, .low)
                }
            }
        }
        return (s, widthRows, required)
    }

    /// Step `step`'s moves: at step 0 every width; later a random nonempty
    /// subset of them (one alone half the time), and one step in four also
    /// a required row's constant.
    static func severalWidthsStep(
        _ rng: inout SplitMix64, step: Int, _ s: ConstraintSystem, widthRows: [Int], required: [Int]
    ) -> [(Int, Double)] {
        var moved = widthRows
        if step > 0 {
            moved = Bool.random(using: &rng)
                ? [widthRows.randomElement(using: &rng)!]
                : widthRows.filter { _ in Bool.random(using: &rng) }
            if moved.isEmpty { moved = [widthRows[step % widthRows.count]] }
        }
        var moves = moved.map { ($0, s.constants[$0] - Double(Int.random(in: -12 ... 12, using: &rng)) * 1.25) }
        if step > 0 && Int.random(in: 0 ..< 4, using: &rng) == 0, let r = required.randomElement(using: &rng) {
            moves.append((r, s.constants[r] + Double(Int.random(in: -2 ... 2, using: &rng)) * 2.5))
        }
        return moves
    }

    @Test func layoutsAgainMovingSeveralWidthsAreFreshSolves() throws {
        var rng = SplitMix64(seed: 2026_12_06_166)
        var byWidths = 0, alone = 0, failedSteps = 0, steps = 0, byNotedRows = 0, byNotedTerms = 0
        // About one system in thirteen has a solution at its first constants.
        for trial in 0 ..< 1_000 {
            let (s, widthRows, required) = Self.severalWidthsSystem(&rng)
            let options = Self.keptEverywhere
            guard let (again, old) = try Self.compiledForAgain(s, options: options) else { continue }
            // Each change found from the rows set and the determined
            // variables alone is checked against comparing every input.
            again.checksNotedInputs = true
            old.checksNotedInputs = true
            for step in 0 ..< 10 {
                let moves = Self.severalWidthsStep(&rng, step: step, s, widthRows: widthRows, required: required)
                let before = again.resolvedComponents
                let new = Self.expectAgainStep(moves, again, old, options: options, "trial \(trial), step \(step)")
                if case .failure = new { failedSteps += 1 }
                steps += 1
                if again.resolvedComponents > before {
                    byWidths += 1
                    if moves.count == 1 && step > 0 { alone += 1 }
                }
            }
            #expect(again.notedInputMismatches == 0 && old.notedInputMismatches == 0, "trial \(trial)")
            byNotedRows += again.notedRowSolves
            byNotedTerms += again.indexedListings
        }
        // The widths reach blocks: the changes were found from the rows set
        // and the variables alone, and the readers listed from the noted
        // terms on determined variables.
        #expect(byNotedRows >= 200, "\(byNotedRows)")
        #expect(byNotedTerms >= 100, "\(byNotedTerms)")
        #expect(CompiledSystem.sortedVariableLimit < 6)
        // Most steps were solved from the kept presolves, many of them after
        // one width moved alone (its rows listed in the first step's pass).
        #expect(byWidths >= 120, "\(byWidths) of \(steps)")
        #expect(alone >= 35, "\(alone)")
        #expect(failedSteps >= 5, "\(failedSteps)")
        #expect(steps >= 600, "\(steps)")
    }

    @Test func sweepsMovingSeveralWidthsAreTheOldSweeps() throws {
        var rng = SplitMix64(seed: 2026_12_06_266)
        var byWidths = 0, steps = 0, byNotedTerms = 0
        for trial in 0 ..< 100 {
            let (s, widthRows, required) = Self.severalWidthsSystem(&rng)
            var options = SolveOptions()
            options.largePartThreshold = 1
            options.keptPresolveRows = 1
            // The widths and two required rows are the sweep's parameters:
            // a moved parameter row is listed with the moved variables.
            let parameters = Array(Set(widthRows + required.prefix(2))).sorted()
            guard let (swept, old) = try Self.compiledForSweep(s, parameters: parameters, options: options) else { continue }
            for step in 0 ..< 10 {
                let moves = Self.severalWidthsStep(
                    &rng, step: step, s, widthRows: widthRows, required: Array(required.prefix(2)))
                let before = swept.resolvedComponents
                let (new, reference) = Self.moveAndSolve(moves, swept, old)
                #expect(Self.valueBits(new) == Self.valueBits(reference), "trial \(trial), step \(step)")
                steps += 1
                if swept.resolvedComponents > before { byWidths += 1 }
            }
            byNotedTerms += swept.indexedListings
        }
        // The sweeps' listings too read the noted terms (and pass over the
        // rows for the moved parameter rows).
        #expect(byNotedTerms >= 50, "\(byNotedTerms)")
        // Steps solved from the kept presolves (the others declined: a
        // moved row a decision reads, or a conflict).
        #expect(byWidths >= 80, "\(byWidths) of \(steps)")
        #expect(steps >= 800, "\(steps)")
    }
}
