import Synchronization
import Testing
@testable import PlumbClp
import PlumbTestSupport
@testable import PlumbSolver

/// A zero trial takes Clp's set-up of the matrix from the failed check
/// before it (`ClpPartSolver.zeroTrialSharesSetUps`, `ZeroTrialSetUp`):
/// every trial holds or fails as before, with the same values to the bit.
@Suite struct ZeroTrialSetUpTests {
    /// The large-part solver `clp`, keeping each part's counts.
    final class TrialLog: LargePartSolver, @unchecked Sendable {
        let clp: ClpPartSolver
        private let counts = Mutex<[ClpPartSolver.LevelCounts]>([])
        init(_ clp: ClpPartSolver) { self.clp = clp }
        var name: String { "clp, trials logged" }
        func solve(_ part: LinearPart) -> [Double]? {
            let report = clp.solveReporting(part)
            counts.withLock { $0.append(report.levels) }
            return report.values
        }
        /// `key` summed over the parts.
        func total(_ key: KeyPath<ClpPartSolver.LevelCounts, Int>) -> Int {
            counts.withLock { $0.reduce(0) { $0 + $1[keyPath: key] } }
        }
    }

    static func solver(sharing: Bool, zeroTrial: ClpPartSolver.ZeroTrial = .beforeColdSolves,
                       basisCheck: ClpPartSolver.BasisCheck = .afterColdSolves) -> ClpPartSolver {
        var clp = ClpPartSolver(zeroTrial: zeroTrial, basisCheck: basisCheck)
        clp.zeroTrialSharesSetUps = sharing
        return clp
    }

    /// `system` solved with `solver` for its large parts; with `everyPart`,
    /// every part of two or more variables; with `threads` 1, on this thread.
    static func solved(_ system: ConstraintSystem, _ solver: TrialLog, everyPart: Bool = false, threads: Int = 0)
        -> Result<Solution, any Error> {
        var options = SolveOptions()
        options.largePartSolver = solver
        options.threads = threads
        if everyPart { options.largePartThreshold = 2 }
        return Result { try system.solve(options: options) }
    }

    /// Sixty shelves of `degenerate` and of `levels`: the equal split's
    /// check fails, and its trial takes the check's set-up and holds (none
    /// without sharing); the same checks pass and start from kept
    /// factorisations, and the values are the same bit for bit, where
    /// every required row holds.
    @Test func theShelvesTakeTheChecksSetUp() throws {
        for contradicting in [[], [240, 230, 220, 210, 200]] as [[Priority]] {
            let b = LargePartTests.degenerateShelves(60, contradicting: contradicting)
            let sharing = TrialLog(Self.solver(sharing: true)), plain = TrialLog(Self.solver(sharing: false))
            let label = "\(contradicting.count) contradicting levels"
            let lp = try Self.solved(b.system, sharing).get(), other = try Self.solved(b.system, plain).get()
            #expect(sharing.total(\.zeroTried) == 1 && sharing.total(\.zeroHeld) == 1, "\(label)")
            #expect(plain.total(\.zeroTried) == 1 && plain.total(\.zeroHeld) == 1, "\(label)")
            #expect(sharing.total(\.zeroTrialSetUps) == 1 && plain.total(\.zeroTrialSetUps) == 0, "\(label)")
            #expect(sharing.total(\.reusedFactorizations) == plain.total(\.reusedFactorizations), "\(label)")
            #expect(sharing.total(\.atLastBasis) == plain.total(\.atLastBasis), "\(label)")
            #expect(lp.values == other.values, "\(label)")
            #expect(referenceRequiredRowsHold(b.rows, lp.values), "\(label)")
        }
    }

    /// Random coupled systems with every level after the first checked and
    /// then tried at zero (grids, chart grids with and without a clash,
    /// shelves with contradicting levels, chart grids with coefficients
    /// from 1e-3 to 1e4, which Clp scales): with sharing and without, the
    /// same trials hold and fail, the same checks pass, and the values are
    /// the same bit for bit, one optimum with the tableau; trials that took
    /// the checks' set-up both held and failed.
    @Test func sharedSetUpsKeepTheAnswersOnCoupledSystems() {
        var took = 0, held = 0, failed = 0
        for seed in 0 ..< 24 as Range<UInt64> {
            let (rows, system, unique) = LargePartTests.mixedHardSystem(seed: 39_000 + seed, size: seed, kinds: 4)
            let sharing = TrialLog(Self.solver(sharing: true, zeroTrial: .beforeEveryLevel, basisCheck: .beforeEveryLevel))
            let plain = TrialLog(Self.solver(sharing: false, zeroTrial: .beforeEveryLevel, basisCheck: .beforeEveryLevel))
            let a = Self.solved(system, sharing, everyPart: true), b = Self.solved(system, plain, everyPart: true)
            let c = Result<Solution, any Error> { try system.solve(options: LargePartTests.tableau()) }
            #expect(sharing.total(\.zeroTried) == plain.total(\.zeroTried), "seed \(seed)")
            #expect(sharing.total(\.zeroHeld) == plain.total(\.zeroHeld), "seed \(seed)")
            #expect(sharing.total(\.atLastBasis) == plain.total(\.atLastBasis), "seed \(seed)")
            LargePartTests.expectIdenticalAndOneOptimum(a, b, tableau: c, rows: rows, unique: unique,
                                                        variableCount: system.variableCount, "seed \(seed)",
                                                        names: ("sharing", "plain"))
            took += sharing.total(\.zeroTrialSetUps)
            #expect(plain.total(\.zeroTrialSetUps) == 0, "seed \(seed)")
            held += sharing.total(\.zeroHeld)
            failed += sharing.total(\.zeroTried) - sharing.total(\.zeroHeld)
        }
        #expect(took >= 10 && held >= 5 && failed >= 5, "took \(took), held \(held), failed \(failed)")
    }
}
