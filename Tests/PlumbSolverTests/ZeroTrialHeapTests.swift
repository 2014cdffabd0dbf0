import Foundation
import Synchronization
import Testing
@testable import PlumbClp
import PlumbTestSupport
@testable import PlumbSolver

/// Zero trials that give the heap's free pages back (`ZeroTrialHeap`, on
/// for a document too large for the `plumb` tool's heap reservation):
/// each trial gives them back twice, and every trial holds or fails as
/// without, with the same values to the bit.
///
/// The tests turn the setting on for their own thread only
/// (`ZeroTrialHeap.onThisThread`) and solve on it: the process's setting
/// would reach the solves other suites run meanwhile (a stalled probe's
/// factorisation freed early leaves `aStalledProbesFactorisationIsFreedBeforeTheColdSolve`
/// nothing to free). The process's setting stays off throughout.
@Suite(.serialized) struct ZeroTrialHeapTests {
    /// `system` solved on this thread with the setting `on`, every level
    /// after the first checked and tried at zero; the solution, the trials
    /// and the times the pages were given back meanwhile.
    static func solved(_ system: ConstraintSystem, on: Bool, everyPart: Bool)
        -> (result: Result<Solution, any Error>, tried: Int, held: Int, trims: Int) {
        let log = ZeroTrialSetUpTests.TrialLog(
            ZeroTrialSetUpTests.solver(sharing: true, zeroTrial: .beforeEveryLevel, basisCheck: .beforeEveryLevel))
        let before = ZeroTrialHeap.trims
        let result = ZeroTrialHeap.onThisThread(on) {
            ZeroTrialSetUpTests.solved(system, log, everyPart: everyPart, threads: 1)
        }
        return (result, log.total(\.zeroTried), log.total(\.zeroHeld), ZeroTrialHeap.trims - before)
    }

    /// The setting made for this thread holds on it only, and goes back to
    /// the process's after the body.
    @Test func theThreadsSettingStaysOnItsThread() {
        #expect(!ZeroTrialHeap.givenBack && !ZeroTrialHeap.givenBackOnThisThread)
        let elsewhere = Mutex<Bool?>(nil)
        ZeroTrialHeap.onThisThread(true) {
            #expect(ZeroTrialHeap.givenBackOnThisThread && !ZeroTrialHeap.givenBack)
            let other = Thread { elsewhere.withLock { $0 = ZeroTrialHeap.givenBackOnThisThread } }
            other.start()
            while elsewhere.withLock({ $0 }) == nil { sched_yield() }
        }
        #expect(elsewhere.withLock { $0 } == false)
        #expect(!ZeroTrialHeap.givenBackOnThisThread)
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
            // Two a trial, and one before each check priced plainly.
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
