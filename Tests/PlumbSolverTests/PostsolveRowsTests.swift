import CClpSimplex
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
    typealias Log = ColumnRowsTests.RowsLog

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
            let lookingUp = Log(lookingUp: true, lookUp: .postsolveRows)
            let walking = Log(lookingUp: false, lookUp: .postsolveRows)
            let a = try ColumnRowsTests.solved(b.system, lookingUp).get()
            let c = try ColumnRowsTests.solved(b.system, walking).get()
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
