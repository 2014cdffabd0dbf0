import Testing
@testable import PlumbClp
import PlumbTestSupport
@testable import PlumbSolver

/// Zero trials that give the heap's free pages back (`ZeroTrialHeap`, on
/// for a document too large for the `plumb` tool's heap reservation):
/// each trial gives them back twice, and every trial holds or fails as
/// without, with the same values to the bit.
@Suite(.serialized) struct ZeroTrialHeapTests {
    /// `system` solved with the setting `on`, every level after the first
    /// checked and tried at zero; the solution, the trials and the times
    /// the pages were given back meanwhile.
    static func solved(_ system: ConstraintSystem, on: Bool, everyPart: Bool)
        -> (result: Result<Solution, any Error>, tried: Int, held: Int, trims: Int) {
        let log = ZeroTrialSetUpTests.TrialLog(
            ZeroTrialSetUpTests.solver(sharing: true, zeroTrial: .beforeEveryLevel, basisCheck: .beforeEveryLevel))
        let before = ZeroTrialHeap.trims
        ZeroTrialHeap.givenBack = on
        defer { ZeroTrialHeap.givenBack = false }
        let result = ZeroTrialSetUpTests.solved(system, log, everyPart: everyPart)
        return (result, log.total(\.zeroTried), log.total(\.zeroHeld), ZeroTrialHeap.trims - before)
    }

    @Test func givingTheHeapBackKeepsEveryTrialsAnswer() {
        #expect(!ZeroTrialHeap.givenBack)
        var systems: [(ConstraintSystem, [ReferenceRow], Bool, String)] = []
        for contradicting in [[], [240, 230, 220, 210, 200]] as [[Priority]] {
            let b = LargePartTests.degenerateShelves(60, contradicting: contradicting)
            systems.append((b.system, b.rows, false, "shelves, \(contradicting.count) contradicting levels"))
        }
        for seed in 0 ..< 12 as Range<UInt64> {
            let (rows, system, _) = LargePartTests.mixedHardSystem(seed: 59_000 + seed, size: seed, kinds: 4)
            systems.append((system, rows, true, "seed \(seed)"))
        }
        var held = 0, failed = 0, solved = 0
        for (system, rows, everyPart, label) in systems {
            let off = Self.solved(system, on: false, everyPart: everyPart)
            let on = Self.solved(system, on: true, everyPart: everyPart)
            #expect(off.trims == 0, "\(label)")
            // Other suites' trials may run while the setting is on: at least
            // this solve's two a trial.
            #expect(on.trims >= 2 * on.tried, "\(label): \(on.trims) for \(on.tried) trials")
            #expect(on.tried == off.tried && on.held == off.held, "\(label)")
            switch (on.result, off.result) {
            case let (.success(a), .success(b)):
                #expect(a.values.map(\.bitPattern) == b.values.map(\.bitPattern), "\(label)")
                #expect(referenceRequiredRowsHold(rows, a.values), "\(label)")
                solved += 1
            case let (.failure(a), .failure(b)):
                // A system whose required rows clash fails the same way.
                #expect("\(a)" == "\(b)", "\(label)")
            default:
                Issue.record("\(label): solved one way only")
            }
            held += on.held
            failed += on.tried - on.held
        }
        #expect(held >= 3 && failed >= 3 && solved >= 8, "held \(held), failed \(failed), solved \(solved)")
        #expect(!ZeroTrialHeap.givenBack)
    }
}
