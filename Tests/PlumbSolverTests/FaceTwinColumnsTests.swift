import Testing
@testable import PlumbClp
import PlumbTestSupport
@testable import PlumbSolver

/// The face's inequalities pinned through columns that equality rows make
/// equal (`ClpPartSolver.twinColumns`, `pinsThroughTwinColumns`, for
/// `plumb check`'s ambiguity phase), against the same settling without
/// them and against the LP over every inequality. On rows of charts like
/// the generator's `chartgrid` vertically (each label's top 3 below its
/// row's plot, the chart's bottom at least 2 below each label and wishing
/// to be high, a free width per row of charts), the rows of the labels as
/// tall as the tallest are implicit equalities that the LP used to find.
@Suite struct FaceTwinColumnsTests {
    typealias Row = FaceRowsSettledTests.Row

    /// Rows of charts, each row `r` with variables chart top, chart height,
    /// plot top, plot height, a free width, then per chart a label top and
    /// a label height (heights from `labels`, in turn).
    static func charts(rows count: Int, charts: Int, labels: [Double]) -> LinearPart {
        var rows: [Row] = []
        var variables = 0
        var next = 0
        for r in 0 ..< count {
            let top = Int32(variables), height = top + 1, plotTop = top + 2, plotHeight = top + 3, width = top + 4
            variables += 5
            rows.append(([(top, 1)], -8 - 300 * Double(r), .equal, .required))
            // The plot 6 below the chart's top, between 30 and 100 high,
            // wished 50 high.
            rows.append(([(plotTop, 1), (top, -1)], -6, .equal, .required))
            rows.append(([(plotHeight, 1)], -30, .greaterOrEqual, .required))
            rows.append(([(plotHeight, 1)], -100, .lessOrEqual, .required))
            rows.append(([(plotHeight, 1)], -50, .equal, 750))
            // The chart's height wished 0.
            rows.append(([(height, 1)], 0, .equal, 250))
            // A free width between 20 and 100.
            rows.append(([(width, 1)], -20, .greaterOrEqual, .required))
            rows.append(([(width, 1)], -100, .lessOrEqual, .required))
            for _ in 0 ..< charts {
                let label = Int32(variables), labelHeight = label + 1
                variables += 2
                let h = labels[next % labels.count]
                next += 1
                // label.top = plot.top + plot.height + 3.
                rows.append(([(label, 1), (plotTop, -1), (plotHeight, -1)], -3, .equal, .required))
                // The label's height held by two opposite rows.
                rows.append(([(labelHeight, 1)], -h, .greaterOrEqual, .required))
                rows.append(([(labelHeight, 1)], -h, .lessOrEqual, .required))
                // chart.top + chart.height ≥ label.top + label.height + 2.
                rows.append(([(top, 1), (height, 1), (label, -1), (labelHeight, -1)], -2, .greaterOrEqual, .required))
            }
        }
        return FaceRowsSettledTests.part(variables, rows)
    }

    /// The face three ways, each on a model of its own: settled through
    /// twin columns (the default), settled without them, and by the LP over
    /// every inequality.
    static func faces(_ part: LinearPart)
        -> (twins: ClpPartSolver.Outcome, without: ClpPartSolver.Outcome, whole: ClpPartSolver.Outcome)
    {
        var without = ClpPartSolver(splitsRemainders: false)
        without.pinsThroughTwinColumns = false
        let (twins, other, whole) = FaceFixedColumnsTests.faces(part, without: without)
        return (twins, other, whole)
    }

    /// Twins straight from `twinColumns`: pairs of equalities alike but for
    /// one column make those columns one only when the left-out columns'
    /// coefficients, the other terms and the values are all the same; a
    /// column fixed by its bounds counts as its value.
    @Test func twinsOnlyFromRowsAlikeButForOneColumn() {
        typealias T = [(Int32, Double)]
        // x0 + x9 = 5 and x1 + x9 = 5: twins. x2 + x8 = 5 beside 2·x3 + x8 = 5:
        // another coefficient. x4 + x9 = 6: another value. x5 + 2·x9 = 5:
        // other terms. x6 + x7 + x9 = 5 with x7 fixed at 0 by its bounds:
        // x6 + x9 = 5, the twin of x0.
        let equalities: [(T, Double)] = [
            ([(0, 1), (9, 1)], 5), ([(1, 1), (9, 1)], 5), ([(2, 1), (8, 1)], 5), ([(3, 2), (8, 1)], 5),
            ([(4, 1), (9, 1)], 6), ([(5, 1), (9, 2)], 5), ([(6, 1), (7, 1), (9, 1)], 5),
        ]
        let part = FaceRowsSettledTests.part(10, equalities.map { ($0.0, -$0.1, .equal, .required) })
        let m = equalities.count, n = 10
        let values = equalities.map(\.1)
        let lower = (0 ..< n).map { $0 == 7 ? 0.0 : -PartModel.infinity }
        let upper = (0 ..< n).map { $0 == 7 ? 0.0 : PartModel.infinity }
        let none = [Int32](repeating: -1, count: m)
        let twins = ClpPartSolver.twinColumns(
            part, errors: (none, none), columns: n, fixedValues: nil,
            rowLower: values, rowUpper: values, columnLower: lower, columnUpper: upper)
        #expect(twins[0] == twins[1] && twins[0] == twins[6])
        for j in [2, 3, 4, 5, 7, 8, 9] { #expect(twins[j] == Int32(j), "column \(j)") }
    }

    @Test(arguments: [[24.0, 12, 24, 18], [14.0, 14, 14, 14], [12.0, 18, 24]])
    func tiedLabelsArePinnedWithoutTheLP(labels: [Double]) {
        let part = Self.charts(rows: 5, charts: 4, labels: labels)
        let (twins, without, whole) = Self.faces(part)
        let fixed = try! #require(twins.fixedRows)
        #expect(twins.values == without.values && twins.values == whole.values)
        #expect(twins.fixedRows == without.fixedRows, "\(twins.faceRows) \(without.faceRows)")
        #expect(twins.fixedRows == whole.fixedRows)
        // Hand-checked: each chart as tall as its row's tallest label
        // allows (6 + 50 + 3 + label + 2), the widths free.
        let values = try! #require(twins.values)
        var next = 0
        for r in 0 ..< 5 {
            let tallest = (0 ..< 4).map { labels[(next + $0) % labels.count] }.max()!
            #expect(abs(values[13 * r + 1] - (61 + tallest)) < 1e-9, "row \(r)")
            // Each label's bottom row is fixed exactly when its label is
            // the tallest; the width's rows are not.
            for k in 0 ..< 4 {
                let h = labels[(next + k) % labels.count]
                let bottomRow = 24 * r + 8 + 4 * k + 3
                #expect(fixed[bottomRow] == (h == tallest), "row \(r) chart \(k)")
            }
            #expect(!fixed[24 * r + 6] && !fixed[24 * r + 7])
            next += 4
        }
        // Without the twins the LP gets the tied labels' rows too; with
        // them, only each width's row at its bound.
        #expect(twins.faceRows.toTheLP == 5, "\(twins.faceRows)")
        #expect(without.faceRows.toTheLP > twins.faceRows.toTheLP, "\(without.faceRows)")
    }

    @Test(arguments: 0 ..< 60)
    func pinnedThroughTwinsAsTheLPFindsThem(seed: UInt64) {
        var rng = SplitMix64(seed: 0x7A1E_0000 &+ seed)
        let labels = (0 ..< Int(2 + rng.next() % 5)).map { _ in [12.0, 14, 18, 24][Int(rng.next() % 4)] }
        let part = Self.charts(rows: Int(1 + rng.next() % 4), charts: Int(1 + rng.next() % 5), labels: labels)
        let (twins, without, whole) = Self.faces(part)
        #expect(twins.fixedRows != nil, "seed \(seed)")
        #expect(twins.values == without.values, "seed \(seed)")
        #expect(twins.fixedRows == without.fixedRows, "seed \(seed)")
        #expect(twins.fixedRows == whole.fixedRows, "seed \(seed)")
        #expect(twins.faceRows.toTheLP <= without.faceRows.toTheLP, "seed \(seed)")
    }

    @Test(arguments: 0 ..< 150)
    func theRandomPartsAgreeWithTwins(seed: UInt64) {
        // check25's random parts: twins or not, the LP's fixed rows.
        let (twins, without, whole) = Self.faces(FaceRowsSettledTests.randomPart(seed: seed))
        #expect(twins.fixedRows == without.fixedRows, "seed \(seed)")
        #expect(twins.fixedRows == whole.fixedRows, "seed \(seed)")
    }
}
