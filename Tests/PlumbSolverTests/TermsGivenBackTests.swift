import Testing
@testable import PlumbClp
import PlumbTestSupport
@testable import PlumbSolver

/// The presolve gives back its copy of a large part's terms while the LP
/// code solves the part (`ComponentPresolve.giveBackTerms`), and puts them
/// back when the tableau must solve the part after all. Either way every
/// value is the one a solve that kept them gives, to the bit: the other
/// parts' rows, and the eliminated rows read after the parts, are packed
/// again without the part's terms.
@Suite struct TermsGivenBackTests {
    /// An LP code that gives no answer (`nil`), or a wrong one (every
    /// variable 0, caught by the check of the required rows).
    final class Failing: LargePartSolver, @unchecked Sendable {
        let wrong: Bool
        var calls = 0
        init(wrong: Bool) { self.wrong = wrong }
        var name: String { "failing" }
        func solve(_ part: LinearPart) -> [Double]? {
            calls += 1
            return wrong ? [Double](repeating: 0, count: part.variableCount) : nil
        }
    }

    /// One thread, `solver` for every part of two or more variables.
    static func options(_ solver: (any LargePartSolver)?) -> SolveOptions {
        var options = SolveOptions()
        options.largePartSolver = solver
        options.largePartThreshold = 2
        options.threads = 1
        return options
    }

    /// `system` solved on this thread with `solver` for every part of two
    /// or more variables; with `smallest`, the parts of at least that many
    /// terms give their terms back (the default gives none back here).
    static func solved(
        _ system: ConstraintSystem, by solver: (any LargePartSolver)?, givingBackFrom smallest: Int?
    ) -> (result: Result<Solution, any Error>, probe: ComponentPresolve.TermsGivenBack?) {
        let options = Self.options(solver)
        let probe = smallest.map { ComponentPresolve.TermsGivenBack(smallest: $0) }
        let result = ComponentPresolve.$termsGivenBack.withValue(probe) {
            Result { try system.solve(options: options) }
        }
        return (result, probe)
    }

    /// How a solve went: the presolve's eliminations and one-variable
    /// parts, the tableau's parts, and the LP code's.
    static func path(_ s: SolveStats) -> [Int] {
        [s.residualComponents, s.eliminatedVariables, s.intervalVariables, s.simplexComponents, s.simplexVariables,
         s.largestSimplexComponent, s.largeParts, s.largePartVariables, s.cutParts, s.cutPieces, s.oneSidedParts]
    }

    static func expectSame(
        _ a: Result<Solution, any Error>, _ b: Result<Solution, any Error>, rows: [ReferenceRow], _ label: String
    ) -> Bool {
        switch (a, b) {
        case let (.success(a), .success(b)):
            #expect(a.values.map(\.bitPattern) == b.values.map(\.bitPattern), "\(label)")
            // Solved the same way too: a part whose rows were not all there
            // would fail or be solved otherwise, and the component go whole
            // to the tableau.
            #expect(Self.path(a.stats) == Self.path(b.stats), "\(label): \(Self.path(a.stats)) vs \(Self.path(b.stats))")
            #expect(referenceRequiredRowsHold(rows, a.values), "\(label)")
            return true
        case let (.failure(a), .failure(b)):
            #expect("\(a)" == "\(b)", "\(label)")
        default:
            Issue.record("\(label): solved one way only")
        }
        return false
    }

    /// Clp answers: the parts that gave their terms back, and everything
    /// solved after them from the repacked rows, come out as when the
    /// presolve kept the terms.
    @Test func givingTermsBackKeepsEveryValue() {
        var given = 0, solved = 0
        for seed in 0 ..< 16 as Range<UInt64> {
            let (rows, system, _) = LargePartTests.mixedHardSystem(seed: 60_000 + seed, size: seed, kinds: 4)
            let kept = Self.solved(system, by: ClpPartSolver(), givingBackFrom: nil)
            let back = Self.solved(system, by: ClpPartSolver(), givingBackFrom: 1)
            #expect(back.probe!.putBack == 0, "seed \(seed)")
            given += back.probe!.parts
            if Self.expectSame(back.result, kept.result, rows: rows, "seed \(seed)") { solved += 1 }
        }
        #expect(given >= 8 && solved >= 8, "\(given) parts gave their terms back, \(solved) systems solved")
    }

    /// The LP code fails: the terms are put back and the tableau solves
    /// the part from them, as it does with no LP code at all.
    @Test func termsPutBackAreTheTableausRows() {
        var putBack = 0, solved = 0
        for wrong in [false, true] {
            for seed in 0 ..< 10 as Range<UInt64> {
                let (rows, system, _) = LargePartTests.mixedHardSystem(seed: 60_100 + seed, size: seed, kinds: 4)
                let tableau = Self.solved(system, by: nil, givingBackFrom: nil)
                let failing = Failing(wrong: wrong)
                let back = Self.solved(system, by: failing, givingBackFrom: 1)
                #expect(back.probe!.putBack == back.probe!.parts, "seed \(seed)")
                #expect(back.probe!.parts <= failing.calls, "seed \(seed)")
                putBack += back.probe!.putBack
                if Self.expectSame(back.result, tableau.result, rows: rows, "seed \(seed), wrong \(wrong)") {
                    solved += 1
                }
            }
        }
        #expect(putBack >= 8 && solved >= 8, "\(putBack) parts had their terms put back, \(solved) systems solved")
    }

    /// A solve with the default threshold gives nothing back on systems
    /// this small.
    @Test func smallPartsKeepTheirTerms() {
        let (_, system, _) = LargePartTests.mixedHardSystem(seed: 60_200, size: 4, kinds: 4)
        let probe = Self.solved(system, by: ClpPartSolver(), givingBackFrom: ComponentPresolve.smallestTermsGivenBack)
            .probe!
        #expect(probe.parts == 0 && probe.putBack == 0)
    }

    /// Sets `rows`' constants in every system of `compiled` to step
    /// `step`'s values, each moved from its constant in `system` by an
    /// amount in -5 ... 5 that changes from step to step: the same sweep
    /// for each, to compare them.
    static func moveConstants(of rows: [RowIndex], from system: ConstraintSystem, step: Int,
                              in compiled: [CompiledSystem]) {
        for (i, row) in rows.enumerated() {
            let c = system.constants[row.int] + Double((step * 7 + i * 3) % 11) - 5
            for each in compiled { each.setConstant(c, ofRow: row) }
        }
    }
}

extension TermsGivenBackTests {
    /// A compiled system swept over two rows' constants (its components
    /// kept, replayed or solved again as a one-shot solve solves them, its
    /// large parts through a Clp session) gives the same values, to the
    /// bit, whether its one-shot parts give their terms back or not, and
    /// the fresh solves of the same constants that give them back agree
    /// with those that do not.
    @Test func aSweepOnACompiledSystemKeepsEveryValue() throws {
        var given = 0, steps = 0
        for seed in 0 ..< 6 as Range<UInt64> {
            let (_, system, _) = LargePartTests.mixedHardSystem(seed: 60_300 + seed, size: seed, kinds: 4)
            let options = Self.options(ClpPartSolver())
            let probe = ComponentPresolve.TermsGivenBack(smallest: 1)
            let parameters = [RowIndex(0), RowIndex(system.rowCount - 1)]
            guard let kept = try? CompiledSystem(system, parameterRows: parameters, options: options),
                  let back = try? ComponentPresolve.$termsGivenBack.withValue(probe, operation: {
                      try CompiledSystem(system, parameterRows: parameters, options: options)
                  })
            else { continue }
            for step in 0 ..< 5 {
                Self.moveConstants(of: parameters, from: system, step: step, in: [kept, back])
                let a = Result { try kept.solve() }
                let b = ComponentPresolve.$termsGivenBack.withValue(probe) { Result { try back.solve() } }
                _ = Self.expectSame(b, a, rows: [], "seed \(seed), step \(step)")
                let fresh = Self.solved(kept.system, by: ClpPartSolver(), givingBackFrom: nil)
                let freshBack = Self.solved(kept.system, by: ClpPartSolver(), givingBackFrom: 1)
                given += freshBack.probe!.parts
                _ = Self.expectSame(freshBack.result, fresh.result, rows: [], "seed \(seed), step \(step), fresh")
                steps += 1
            }
        }
        #expect(given >= 5 && steps >= 20, "\(given) parts gave their terms back over \(steps) steps")
    }
}
