import CClpSimplex
import Synchronization
import Testing
@testable import PlumbClp
import PlumbTestSupport
@testable import PlumbSolver

/// The shim's postsolve of Clp's implied-free substitutions
/// (`plumb_clp_set_postsolve_rows`), which answers its searches of long
/// threaded columns from an index of their rows instead of walking each
/// column: the postsolved model is CoinUtils' own, so every solve gives
/// the same values to the bit.
@Suite struct PostsolveRowsTests {
    /// Clp for the large parts, with the postsolve's rows looked up
    /// (`lookingUp`) or walked; the switch is the thread's, so it is set
    /// around each part's solve on the thread that solves it.
    final class PostsolveLog: LargePartSolver, @unchecked Sendable {
        let clp = ClpPartSolver()
        let lookingUp: Bool
        private let counts = Mutex<(found: Int, promoted: Int)>((0, 0))
        init(lookingUp: Bool) { self.lookingUp = lookingUp }
        var name: String { "clp, postsolve rows \(lookingUp ? "looked up" : "walked")" }
        func solve(_ part: LinearPart) -> [Double]? {
            let (report, found) = ColumnRowsTests.switched(lookingUp, plumb_clp_set_postsolve_rows,
                                                           plumb_clp_postsolve_rows_found) { clp.solveReporting(part) }
            counts.withLock {
                $0.found += found
                $0.promoted += report.promoted ? 1 : 0
            }
            return report.values
        }
        var found: Int { counts.withLock { $0.found } }
        var promoted: Int { counts.withLock { $0.promoted } }
    }

    static func solved(_ system: ConstraintSystem, _ solver: PostsolveLog) -> Result<Solution, any Error> {
        var options = LargePartTests.clp()
        options.largePartSolver = solver
        return Result { try system.solve(options: options) }
    }

    /// `priorities` systems (every row of items right of one guide, whose
    /// column the substitutions' postsolve searches for rows it lacks) and
    /// a chart grid of 70 rows: rows are looked up, none when walked; the
    /// same promotions, the values the same to the bit, every required row
    /// holding.
    @Test func lookedUpRowsKeepThePostsolvedModel() throws {
        var cases: [(String, LargePartTests.Builder)] = (0 ..< 3 as Range<UInt64>).map {
            ("priorities seed \($0)", LargePartTests.priorities(rows: 120 + 60 * Int($0), seed: 55_000 + $0))
        }
        cases.append(("70 rows of charts", LargePartTests.chartGrid(seed: 55_050, rows: 70, columns: 2, clash: false)))
        var found = 0
        for (label, b) in cases {
            let lookingUp = PostsolveLog(lookingUp: true), walking = PostsolveLog(lookingUp: false)
            let a = try Self.solved(b.system, lookingUp).get(), c = try Self.solved(b.system, walking).get()
            #expect(walking.found == 0, "\(label): \(walking.found)")
            #expect(lookingUp.promoted == walking.promoted && lookingUp.promoted >= 1, "\(label)")
            #expect(a.values == c.values, "\(label)")
            #expect(referenceRequiredRowsHold(b.rows, a.values), "\(label)")
            found += lookingUp.found
            if label.hasPrefix("priorities") { #expect(lookingUp.found > 50, "\(label): \(lookingUp.found)") }
        }
        #expect(found > 200, "\(found)")
    }
}
