import Testing
@testable import PlumbClp
import PlumbTestSupport
@testable import PlumbSolver

/// The face's inequalities pinned through columns that rows of one column
/// fix (`ClpPartSolver.valuesFixedByRows`, `pinsThroughFixedColumns`, for
/// `plumb check`'s ambiguity phase), against the same settling without
/// them and against the LP over every inequality. On shelves of boxes
/// like the generator's `degenerate` vertically (each box's height held
/// by two opposite rows, the shelf at least 8 taller than each box and
/// wishing to be 8 tall, a free width per box), the rows of the boxes as
/// tall as the tallest are implicit equalities that the LP used to find;
/// on random parts the fixed rows are the same all three ways.
@Suite struct FaceFixedColumnsTests {
    typealias Row = FaceRowsSettledTests.Row

    /// `count` shelves, each of four boxes of heights from `heights` (in
    /// turn): variables shelf height `3s`, and per box `b` its height
    /// `3s + 1 + …`; a free width for the first box of each shelf.
    static func shelves(_ count: Int, heights: [Double]) -> LinearPart {
        var rows: [Row] = []
        var variables = 0
        var next = 0
        for _ in 0 ..< count {
            let shelf = Int32(variables)
            variables += 1
            rows.append(([(shelf, 1)], -8, .equal, 250))
            for b in 0 ..< 4 {
                let box = Int32(variables)
                variables += 1
                let h = heights[next % heights.count]
                next += 1
                // The box's height held by two opposite rows (neither an
                // equality nor a column bound), one of them scaled.
                rows.append(([(box, 1)], -h, .greaterOrEqual, .required))
                rows.append(([(box, -2)], 2 * h, .greaterOrEqual, .required))
                rows.append(([(shelf, 1), (box, -1)], -8, .greaterOrEqual, .required))
                if b == 0 {
                    // A width free to grow past 20, below 100: a free direction.
                    let width = Int32(variables)
                    variables += 1
                    rows.append(([(width, 1)], -20, .greaterOrEqual, .required))
                    rows.append(([(width, 1)], -100, .lessOrEqual, .required))
                }
            }
        }
        return FaceRowsSettledTests.part(variables, rows)
    }

    /// The face found three ways, each on a model of its own: settled
    /// through fixed columns (the default), settled without them (or as
    /// `without` settles it), and by the LP over every inequality.
    static func faces(_ part: LinearPart, without other: ClpPartSolver? = nil)
        -> (through: ClpPartSolver.Outcome, without: ClpPartSolver.Outcome, whole: ClpPartSolver.Outcome)
    {
        let through = ClpPartSolver(splitsRemainders: false)
        var without = other ?? ClpPartSolver(splitsRemainders: false)
        if other == nil { without.pinsThroughFixedColumns = false }
        let whole = ClpPartSolver(splitsRemainders: false, settlesFaceRows: false)
        return ClpPartSolver.lock.withLock { _ in
            (through.solveLocked(part, face: true), without.solveLocked(part, face: true),
             whole.solveLocked(part, face: true))
        }
    }

    @Test(arguments: [[40.0, 32, 40, 24], [40.0, 40, 40, 40], [24.0, 32, 40]])
    func tiedBoxesArePinnedWithoutTheLP(heights: [Double]) {
        let part = Self.shelves(6, heights: heights)
        let (through, without, whole) = Self.faces(part)
        #expect(through.fixedRows != nil)
        #expect(through.values == without.values && through.values == whole.values)
        #expect(through.fixedRows == without.fixedRows, "\(through.faceRows) \(without.faceRows)")
        #expect(through.fixedRows == whole.fixedRows)
        // Each box's height row and the shelf's rows are fixed, the
        // widths' rows are not (the width is free between 20 and 100).
        let fixed = through.fixedRows ?? []
        for i in 0 ..< part.rowCount where part.priorities[i].isRequired {
            let width = part.rowStart[i + 1] - part.rowStart[i] == 1
                && (part.constants[i] == -20 || part.constants[i] == -100)
            if width { #expect(!fixed[i], "row \(i)") }
        }
        // Without the fixed columns the LP gets the tied boxes' rows too;
        // with them, only the free width's row at its bound, one a shelf.
        #expect(through.faceRows.toTheLP == 6, "\(through.faceRows)")
        #expect(without.faceRows.toTheLP > through.faceRows.toTheLP, "\(without.faceRows)")
    }

    @Test(arguments: 0 ..< 300)
    func pinnedThroughFixedColumnsAsTheLPFindsThem(seed: UInt64) {
        let (through, without, whole) = Self.faces(FaceRowsSettledTests.randomPart(seed: seed))
        #expect(through.values == without.values, "seed \(seed)")
        #expect(through.fixedRows == without.fixedRows, "seed \(seed)")
        #expect(through.fixedRows == whole.fixedRows, "seed \(seed)")
        #expect(through.faceRows.toTheLP <= without.faceRows.toTheLP, "seed \(seed)")
    }

    @Test func theRandomPartsPinThroughFixedColumns() {
        // The property above only means something if the fixed columns
        // settle rows that would have gone to the LP.
        var gained = 0, parts = 0
        for seed in 0 ..< UInt64(300) {
            let (through, without, _) = Self.faces(FaceRowsSettledTests.randomPart(seed: seed))
            gained += without.faceRows.toTheLP - through.faceRows.toTheLP
            if through.faceRows.toTheLP < without.faceRows.toTheLP { parts += 1 }
        }
        #expect(parts > 20 && gained > 50, "\(parts) parts, \(gained) rows")
    }
}
