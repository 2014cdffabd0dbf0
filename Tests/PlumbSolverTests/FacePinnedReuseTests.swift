import Testing
@testable import PlumbClp
import PlumbTestSupport
@testable import PlumbSolver

/// The second pass of `ClpPartSolver.pinnedRows` (through the columns that
/// equality rows make equal, for `plumb check`'s ambiguity phase) takes the
/// first pass's expressions for the rows the twins leave alone and groups
/// again only the rows of the hashes the twins touch. Its rows are the
/// first pass's and the second's worked out in full, on hand-made rows
/// where a row the twins leave alone is pinned only beside one they
/// change, and on the faces of charts, random parts and `priorities`
/// systems (with the reuse and without it); a first pass taken before a
/// row changed gives another set, which the comparison sees.
@Suite struct FacePinnedReuseTests {
    /// Equalities x0 + x5 = 5 and x1 + x5 = 5 (x0 and x1 twins); then
    /// x0 + x2 ≥ 3, x1 + x2 ≤ 3, 2·x1 + 2·x2 ≥ 6 (pinned only through
    /// the twins), x3 ≥ 1 and x3 ≤ `bound` (pinned without them when
    /// `bound` is 1), x4 ≥ 0 alone (never pinned), x0 + x4 ≥ 2 and
    /// x1 + x4 ≥ 2 (one expression through the twins, but not pinned: an
    /// interval).
    static func rows(bound: Double) -> (part: LinearPart, lower: [Double], upper: [Double]) {
        typealias Row = FaceRowsSettledTests.Row
        let inf = PartModel.infinity
        let rows: [(Row, Double, Double)] = [
            (([(0, 1), (5, 1)], -5, .equal, .required), 5, 5),
            (([(1, 1), (5, 1)], -5, .equal, .required), 5, 5),
            (([(0, 1), (2, 1)], -3, .greaterOrEqual, .required), 3, inf),
            (([(1, 1), (2, 1)], -3, .lessOrEqual, .required), -inf, 3),
            (([(1, 2), (2, 2)], -6, .greaterOrEqual, .required), 6, inf),
            (([(3, 1)], -1, .greaterOrEqual, .required), 1, inf),
            (([(3, 1)], -bound, .lessOrEqual, .required), -inf, bound),
            (([(4, 1)], 0, .greaterOrEqual, .required), 0, inf),
            (([(0, 1), (4, 1)], -2, .greaterOrEqual, .required), 2, inf),
            (([(1, 1), (4, 1)], -2, .greaterOrEqual, .required), 2, inf),
        ]
        return (FaceRowsSettledTests.part(6, rows.map(\.0)), rows.map(\.1), rows.map(\.2))
    }

    /// The rows pinned with the first pass's result reused, and with both
    /// passes worked out in full (`first` taken from `firstFrom`'s bounds,
    /// the model's own unless a test changes a row between them).
    static func both(_ part: LinearPart, lower: [Double], upper: [Double], firstFrom: [Double]? = nil)
        -> (reused: [Bool], full: [Bool])
    {
        let m = part.rowCount, n = part.variableCount
        let none = [Int32](repeating: -1, count: m), offBound = [Bool](repeating: false, count: m)
        let columnLower = [Double](repeating: -PartModel.infinity, count: n)
        let columnUpper = [Double](repeating: PartModel.infinity, count: n)
        let first = ClpPartSolver.pinnedRows(
            part, errors: (none, none), skipping: offBound, fixedValues: nil, rowLower: lower,
            rowUpper: firstFrom ?? upper, columnLower: columnLower, columnUpper: columnUpper)
        let twins = ClpPartSolver.twinColumns(
            part, errors: (none, none), columns: n, fixedValues: nil, rowLower: lower, rowUpper: upper,
            columnLower: columnLower, columnUpper: columnUpper)
        let reused = ClpPartSolver.pinnedRows(
            part, errors: (none, none), skipping: offBound, fixedValues: nil, twins: twins, after: first,
            rowLower: lower, rowUpper: upper, columnLower: columnLower, columnUpper: columnUpper)
        let alone = ClpPartSolver.pinnedRows(
            part, errors: (none, none), skipping: offBound, fixedValues: nil, rowLower: lower, rowUpper: upper,
            columnLower: columnLower, columnUpper: columnUpper)
        let again = ClpPartSolver.pinnedRows(
            part, errors: (none, none), skipping: offBound, fixedValues: nil, twins: twins,
            rowLower: lower, rowUpper: upper, columnLower: columnLower, columnUpper: columnUpper)
        return (reused.pinned, zip(alone.pinned, again.pinned).map { $0 || $1 })
    }

    @Test func aRowTheTwinsLeaveAloneIsPinnedBesideOneTheyChange() {
        let (part, lower, upper) = Self.rows(bound: 1)
        let (reused, full) = Self.both(part, lower: lower, upper: upper)
        // Hand-checked: rows 2, 3 and 4 through the twins (whichever of x0
        // and x1 represents the other, one of rows 2 and 3 is left alone),
        // 5 and 6 on their own.
        let expected = [false, false, true, true, true, true, true, false, false, false]
        #expect(full == expected)
        #expect(reused == expected)
    }

    @Test func aFirstPassTakenBeforeARowChangedIsSeen() {
        // The first pass taken with x3 ≤ 2 (rows 5 and 6 not pinned), the
        // second with x3 ≤ 1: rows 5 and 6 are not changed by the twins,
        // so the reuse keeps the stale answer and the comparison differs.
        // This is what a reuse across a changed row would do.
        let (part, lower, stale) = Self.rows(bound: 2)
        let upper = Self.rows(bound: 1).upper
        let (reused, full) = Self.both(part, lower: lower, upper: upper, firstFrom: stale)
        #expect(full[5] && full[6])
        #expect(!reused[5] && !reused[6])
        #expect(reused != full)
    }

    /// The face with the reuse (the default) and with both passes in full.
    static func faces(_ part: LinearPart) -> (reused: ClpPartSolver.Outcome, full: ClpPartSolver.Outcome) {
        let reusing = ClpPartSolver(splitsRemainders: false)
        var full = ClpPartSolver(splitsRemainders: false)
        full.reusesFirstPinning = false
        return ClpPartSolver.lock.withLock { _ in
            (reusing.solveLocked(part, face: true), full.solveLocked(part, face: true))
        }
    }

    @Test(arguments: 0 ..< 40)
    func theChartsFacesAreTheSame(seed: UInt64) {
        var rng = SplitMix64(seed: 0x62_0000 &+ seed)
        let labels = (0 ..< Int(2 + rng.next() % 5)).map { _ in [12.0, 14, 18, 24][Int(rng.next() % 4)] }
        let part = FaceTwinColumnsTests.charts(rows: Int(1 + rng.next() % 4), charts: Int(1 + rng.next() % 5),
                                               labels: labels)
        let (reused, full) = Self.faces(part)
        #expect(reused.fixedRows != nil, "seed \(seed)")
        #expect(reused.fixedRows == full.fixedRows, "seed \(seed)")
        #expect(reused.faceRows == full.faceRows, "seed \(seed)")
        #expect(reused.values == full.values, "seed \(seed)")
    }

    @Test(arguments: 0 ..< 150)
    func theRandomFacesAreTheSame(seed: UInt64) {
        let (reused, full) = Self.faces(FaceRowsSettledTests.randomPart(seed: seed))
        #expect(reused.fixedRows == full.fixedRows, "seed \(seed)")
        #expect(reused.faceRows == full.faceRows, "seed \(seed)")
    }

    @Test(arguments: 0 ..< 3 as Range<UInt64>)
    func thePrioritiesFacesAreTheSame(seed: UInt64) throws {
        let system = LargePartTests.priorities(rows: 120 + 40 * Int(seed), seed: 62_000 + seed).system
        let (reused, full) = Self.faces(FacePromotionCapTests.part(system))
        _ = try #require(reused.fixedRows, "seed \(seed)")
        #expect(reused.fixedRows == full.fixedRows, "seed \(seed)")
        #expect(reused.faceRows == full.faceRows, "seed \(seed)")
        #expect(reused.values == full.values, "seed \(seed)")
    }
}
