import CClpSimplex
import Testing
@testable import PlumbClp
import PlumbTestSupport
@testable import PlumbSolver

/// The shim's own step of Clp's presolve that takes redundant rows out of
/// their columns (`useless_constraint_action` in CoinUtils), which looks a
/// row up in a long column instead of searching the column from its start:
/// presolve's matrix comes out as CoinUtils' own step leaves it, so every
/// solve gives the same values to the bit.
@Suite struct PresolveRowsTests {
    typealias Log = ColumnRowsTests.RowsLog

    /// Chart grids whose every chart wishes its row's height tied to its own
    /// column's width, tall enough that a column's width has an entry in
    /// well over 64 rows: once the widths are held equal, the wishes of a
    /// row but one are redundant, and Clp's presolve takes them out of the
    /// long columns, found through the index; with the switch off none is,
    /// and the values are the same to the bit either way.
    @Test(arguments: [(150, 3), (300, 4)])
    func redundantRowsFoundKeepCoinUtilsOwnValues(rows: Int, columns: Int) throws {
        let b = Self.plottedChartGrid(seed: 56_000 + UInt64(rows), rows: rows, columns: columns)
        let lookingUp = Log(lookingUp: true, lookUp: .presolveRows)
        let walking = Log(lookingUp: false, lookUp: .presolveRows)
        let a = try ColumnRowsTests.solved(b.system, lookingUp).get()
        let c = try ColumnRowsTests.solved(b.system, walking).get()
        #expect(walking.found == 0, "\(walking.found)")
        #expect(lookingUp.found > rows, "\(lookingUp.found)")
        #expect(lookingUp.promoted == walking.promoted)
        #expect(a.values == c.values)
        #expect(referenceRequiredRowsHold(b.rows, a.values))
    }

    /// A chart grid (`LargePartTests.chartColumns`) with a plot in every
    /// cell, as `chartgrid` lays one out: inset from its column's edges and
    /// its row's top by a required least gap and, at a high level, by that
    /// gap exactly (two proportional rows, one of which presolve finds
    /// redundant once the other is held), 0.6 as high as wide at a medium
    /// level, and its row at least as tall as the plot and its inset. Rows
    /// follow each other down the page with a gap.
    static func plottedChartGrid(seed: UInt64, rows: Int, columns: Int) -> LargePartTests.Builder {
        let grid = LargePartTests.chartColumns(seed: seed, rows: rows, columns: columns)
        var b = grid.b, rng = grid.rng
        let (left, width, top, height, gap) = (grid.left, grid.width, grid.top, grid.height, grid.gap)
        func pick(_ n: Int) -> Double { Double(rng.next() % UInt64(n)) }
        for r in 0 ..< rows {
            if r > 0 {
                let terms = [(top[r], 1.0), (top[r - 1], -1.0), (height[r - 1], -1.0)]
                b.add(terms, -gap, .greaterOrEqual)
                b.add(terms, -gap, .equal, .high)
            }
            for j in 0 ..< columns {
                let x = b.variable(), y = b.variable(), w = b.variable(), h = b.variable()
                let inset = 6 + pick(10)
                b.add([(x, 1), (left[j], -1)], -inset, .greaterOrEqual)
                b.add([(x, 1), (left[j], -1)], -inset, .equal, .high)
                b.add([(x, 1), (w, 1), (left[j], -1), (width[j], -1)], inset, .lessOrEqual)
                b.add([(x, 1), (w, 1), (left[j], -1), (width[j], -1)], inset, .equal, .high)
                b.add([(y, 1), (top[r], -1)], -inset, .greaterOrEqual)
                b.add([(y, 1), (top[r], -1)], -inset, .equal, .high)
                b.add([(h, 1), (w, -0.6)], 0, .equal, .medium)
                b.add([(top[r], 1), (height[r], 1), (y, -1), (h, -1)], -inset, .greaterOrEqual)
            }
        }
        return b
    }
}
