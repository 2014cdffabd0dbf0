import Testing
@testable import PlumbClp
import PlumbTestSupport
@testable import PlumbSolver

/// With the heap given back (`ZeroTrialHeap`), a Clp call allowed no pivot
/// (a check of a level at a basis, a crash basis confirmed) prices without
/// the steepest-edge weights, which are let go before it: every value is
/// the one the weighted checks give, to the bit, and the calls after a
/// check (a warm primal from its basis, a zero trial from its set-up, a
/// compiled system's re-solves) make whatever weights they use afresh.
/// In `ZeroTrialHeapTests`, whose tests run one at a time; each turns the
/// setting on for its own thread only and solves on it.
extension ZeroTrialHeapTests {
    /// `system` solved on this thread with `solver` for every part of two
    /// or more variables, the heap given back (`on`) or not; the result and
    /// the checks priced plainly meanwhile.
    static func solvedPlainly(_ system: ConstraintSystem, by solver: any LargePartSolver, on: Bool)
        -> (result: Result<Solution, any Error>, plain: Int, released: Int) {
        let before = ZeroTrialHeap.plainChecks, releasedBefore = ZeroTrialHeap.stalledFactorizationsReleased
        let result = ZeroTrialHeap.onThisThread(on) {
            TermsGivenBackTests.solved(system, by: solver, givingBackFrom: nil).result
        }
        return (result, ZeroTrialHeap.plainChecks - before, ZeroTrialHeap.stalledFactorizationsReleased - releasedBefore)
    }

    /// The solvers: the default one (a first level at its least point, the
    /// crash of the next, checks after cold solves, zero trials before
    /// them), and one that checks and tries at zero before every level.
    static let pricingSolvers: [(ClpPartSolver, String)] = [
        (ClpPartSolver(), "default"),
        (ZeroTrialSetUpTests.solver(sharing: true, zeroTrial: .beforeEveryLevel, basisCheck: .beforeEveryLevel),
         "checked before every level"),
    ]

    @Test func plainChecksKeepEveryValue() {
        #expect(!ZeroTrialHeap.givenBack)
        var systems: [(ConstraintSystem, [ReferenceRow], String)] = []
        for contradicting in [[], [240, 230, 220, 210, 200]] as [[Priority]] {
            let b = LargePartTests.degenerateShelves(60, contradicting: contradicting)
            systems.append((b.system, b.rows, "shelves, \(contradicting.count) contradicting levels"))
        }
        for seed in 0 ..< 14 as Range<UInt64> {
            let (rows, system, _) = LargePartTests.mixedHardSystem(seed: 61_000 + seed, size: seed, kinds: 4)
            systems.append((system, rows, "seed \(seed)"))
        }
        var plain = 0, solved = 0, released = 0
        for (solver, name) in Self.pricingSolvers {
            for (system, rows, label) in systems {
                let off = Self.solvedPlainly(system, by: solver, on: false)
                let on = Self.solvedPlainly(system, by: solver, on: true)
                #expect(off.plain == 0 && off.released == 0, "\(name), \(label)")
                released += on.released
                if TermsGivenBackTests.expectSame(on.result, off.result, rows: rows, "\(name), \(label)") { solved += 1 }
                plain += on.plain
            }
        }
        #expect(plain >= 20 && solved >= 20, "\(plain) checks priced plainly, \(solved) systems solved")
        #expect(released >= 1, "\(released) stalled probes' factorisations freed")
        #expect(!ZeroTrialHeap.givenBack)
    }

    /// A compiled system (Clp sessions, each part's model kept and its
    /// steps replayed) swept with the heap given back, against one swept
    /// without: the same values at every step.
    @Test func aSweepWithPlainChecksKeepsEveryValue() {
        #expect(!ZeroTrialHeap.givenBack)
        var steps = 0, plain = 0
        for seed in 0 ..< 6 as Range<UInt64> {
            let (_, system, _) = LargePartTests.mixedHardSystem(seed: 61_300 + seed, size: seed, kinds: 4)
            let options = TermsGivenBackTests.options(ClpPartSolver())
            let parameters = [RowIndex(0), RowIndex(system.rowCount - 1)]
            let before = ZeroTrialHeap.plainChecks
            guard let kept = try? CompiledSystem(system, parameterRows: parameters, options: options) else { continue }
            let plainCompiled = ZeroTrialHeap.onThisThread(true) {
                try? CompiledSystem(system, parameterRows: parameters, options: options)
            }
            guard let plainCompiled else { Issue.record("seed \(seed): compiled one way only"); continue }
            for step in 0 ..< 5 {
                TermsGivenBackTests.moveConstants(of: parameters, from: system, step: step, in: [kept, plainCompiled])
                let a = Result { try kept.solve() }
                let b = ZeroTrialHeap.onThisThread(true) { Result { try plainCompiled.solve() } }
                _ = TermsGivenBackTests.expectSame(b, a, rows: [], "seed \(seed), step \(step)")
                steps += 1
            }
            plain += ZeroTrialHeap.plainChecks - before
        }
        #expect(steps >= 20 && plain >= 6, "\(steps) steps, \(plain) checks priced plainly")
        #expect(!ZeroTrialHeap.givenBack)
    }
}
