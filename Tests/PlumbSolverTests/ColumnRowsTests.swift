import CClpSimplex
import Synchronization
import Testing
@testable import PlumbClp
import PlumbTestSupport
@_spi(Fuzzing) @testable import PlumbSolver

/// The shim's own column-singleton step of CoinUtils' factorisation
/// (`plumb_clp_set_column_rows`), which looks a pivot row up in a long
/// column instead of searching the column from its start: every
/// factorisation comes out as CoinUtils' own step makes it, so every solve
/// gives the same values to the bit.
@Suite struct ColumnRowsTests {
    /// Clp for the large parts, with the rows looked up (`lookingUp`) or
    /// left to CoinUtils; the switch is the thread's, so it is set around
    /// each part's solve on the thread that solves it.
    final class RowsLog: LargePartSolver, @unchecked Sendable {
        let clp: ClpPartSolver
        let lookingUp: Bool
        /// Which of the shim's look-ups `lookingUp` switches and counts: the
        /// factorisation's (`plumb_clp_set_column_rows`), the substitutions'
        /// postsolve's (`plumb_clp_set_postsolve_rows`), or presolve's
        /// removal of redundant rows (switched with the factorisation's,
        /// counted apart).
        enum LookUp { case columnRows, postsolveRows, presolveRows }
        let lookUp: LookUp
        private let counts = Mutex<(found: Int, zeroHeld: Int, atLastBasis: Int, reused: Int, promoted: Int)>(
            (0, 0, 0, 0, 0))
        init(lookingUp: Bool, _ clp: ClpPartSolver = ClpPartSolver(), lookUp: LookUp = .columnRows) {
            self.clp = clp
            self.lookingUp = lookingUp
            self.lookUp = lookUp
        }
        var name: String { "clp, \(lookUp) \(lookingUp ? "looked up" : "searched")" }
        func solve(_ part: LinearPart) -> [Double]? {
            let set: (Int32) -> Void, counter: () -> Int
            switch lookUp {
            case .columnRows: (set, counter) = ({ plumb_clp_set_column_rows($0) }, { plumb_clp_column_rows_found() })
            case .postsolveRows: (set, counter) = ({ plumb_clp_set_postsolve_rows($0) }, { plumb_clp_postsolve_rows_found() })
            case .presolveRows: (set, counter) = ({ plumb_clp_set_column_rows($0) }, { plumb_clp_presolve_rows_found() })
            }
            set(lookingUp ? 1 : 0)
            defer { set(1) }
            let before = counter()
            let report = clp.solveReporting(part)
            let found = counter() - before
            counts.withLock {
                $0.found += found
                $0.zeroHeld += report.levels.zeroHeld
                $0.atLastBasis += report.levels.atLastBasis
                $0.reused += report.levels.reusedFactorizations
                $0.promoted += report.promoted ? 1 : 0
            }
            return report.values
        }
        var found: Int { counts.withLock { $0.found } }
        /// Parts whose first level was promoted.
        var promoted: Int { counts.withLock { $0.promoted } }
        /// What the solve did besides the look-ups: zero trials held, checks
        /// passed, checks from a kept factorisation.
        var steps: [Int] { counts.withLock { [$0.zeroHeld, $0.atLastBasis, $0.reused] } }
    }

    static func solved(_ system: ConstraintSystem, _ solver: RowsLog, everyPart: Bool = false) -> Result<Solution, any Error> {
        var options = LargePartTests.clp()
        options.largePartSolver = solver
        options.splitsOneSidedParts = false
        if everyPart { options.largePartThreshold = 2 }
        return Result { try system.solve(options: options) }
    }

    /// A square matrix, column by column: `long` columns with an entry in
    /// nine rows of ten (every other one all of magnitude 1, the others
    /// from 0.5 to 4), every other column with its own row (a permutation)
    /// and now and then one more entry (never on its own row). Most short
    /// columns are singletons, so the factorisation's first steps take
    /// their rows out of the long columns.
    static func matrix(size: Int, long: Int, seed: UInt64) -> (starts: [Int32], rows: [Int32], values: [Double]) {
        var random = SplitMix64(seed: seed)
        let own = (0 ..< size).shuffled(using: &random)
        var starts: [Int32] = [0], rows: [Int32] = [], values: [Double] = []
        for j in 0 ..< size {
            var entries: [Int: Double] = [own[j]: Double.random(in: 1 ... 3, using: &random)]
            if j < long {
                for i in 0 ..< size where i != own[j] && Int.random(in: 0 ..< 10, using: &random) < 9 {
                    entries[i] = j % 2 == 0 ? (Bool.random(using: &random) ? 1 : -1) : Double.random(in: 0.5 ... 4, using: &random)
                }
            } else if Int.random(in: 0 ..< 4, using: &random) == 0 {
                let i = Int.random(in: 0 ..< size, using: &random)
                if entries[i] == nil { entries[i] = Double.random(in: -2 ... 2, using: &random) }
            }
            for (i, v) in entries.sorted(by: { $0.key < $1.key }) {
                rows.append(Int32(i))
                values.append(v)
            }
            starts.append(Int32(rows.count))
        }
        return (starts, rows, values)
    }

    /// Random matrices with long columns, factorised by CoinUtils with the
    /// rows looked up and with its own step: the same status, pivot order,
    /// pivots, entries of U in order, and solves to the bit; rows were
    /// looked up (none by CoinUtils' step), and the digests of different
    /// matrices differ.
    @Test func factorisationsAreCoinUtilsOwn() {
        var digests = Set<UInt64>()
        for seed in 0 ..< 12 as Range<UInt64> {
            let (starts, rows, values) = Self.matrix(size: 300 + Int(seed) * 20, long: 2 + Int(seed % 4), seed: 40_100 + seed)
            let size = Int32(starts.count - 1)
            let before = plumb_clp_column_rows_found()
            let lookedUp = plumb_clp_factorization_digest(size, starts, rows, values, 1)
            let middle = plumb_clp_column_rows_found()
            let own = plumb_clp_factorization_digest(size, starts, rows, values, 0)
            #expect(lookedUp == own, "seed \(seed)")
            #expect(middle - before > 100 && plumb_clp_column_rows_found() == middle, "seed \(seed): \(middle - before)")
            digests.insert(own)
        }
        #expect(digests.count == 12)
    }

    /// Two hundred shelves of `degenerate` and of `levels` (the box-left
    /// columns hold an entry a shelf, 200 long): rows are looked up in
    /// them, none with CoinUtils' own step; the same zero trial holds, the
    /// same checks pass and start from kept factorisations, and the values
    /// are the same to the bit, with every required row holding.
    @Test func theShelvesFactoriseAsCoinUtilsDoes() throws {
        for contradicting in [[], [240, 230, 220, 210, 200]] as [[Priority]] {
            let b = LargePartTests.degenerateShelves(200, contradicting: contradicting)
            let lookingUp = RowsLog(lookingUp: true), searching = RowsLog(lookingUp: false)
            let label = "\(contradicting.count) contradicting levels"
            let a = try Self.solved(b.system, lookingUp).get(), c = try Self.solved(b.system, searching).get()
            #expect(lookingUp.found > 1_000 && searching.found == 0, "\(label): \(lookingUp.found), \(searching.found)")
            #expect(lookingUp.steps == searching.steps && lookingUp.steps[0] == 1, "\(label): \(lookingUp.steps)")
            #expect(a.values == c.values, "\(label)")
            #expect(referenceRequiredRowsHold(b.rows, a.values), "\(label)")
        }
    }

    /// Random coupled systems with every level checked and tried at zero
    /// (grids, chart grids with and without a clash, shelves with
    /// contradicting levels, chart grids with coefficients from 1e-3 to
    /// 1e4): the same values to the bit either way, one optimum with the
    /// tableau.
    @Test func lookedUpRowsKeepTheAnswersOnCoupledSystems() {
        for seed in 0 ..< 16 as Range<UInt64> {
            let (rows, system, unique) = LargePartTests.mixedHardSystem(seed: 40_000 + seed, size: seed, kinds: 4)
            let every = ClpPartSolver(zeroTrial: .beforeEveryLevel, basisCheck: .beforeEveryLevel)
            let lookingUp = RowsLog(lookingUp: true, every), searching = RowsLog(lookingUp: false, every)
            let a = Self.solved(system, lookingUp, everyPart: true), b = Self.solved(system, searching, everyPart: true)
            let c = Result<Solution, any Error> { try system.solve(options: LargePartTests.tableau()) }
            #expect(lookingUp.steps == searching.steps, "seed \(seed)")
            LargePartTests.expectIdenticalAndOneOptimum(a, b, tableau: c, rows: rows, unique: unique,
                                                        variableCount: system.variableCount, "seed \(seed)",
                                                        names: ("looked up", "searched"))
        }
    }
}
