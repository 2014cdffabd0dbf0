import Testing
@testable import PlumbClp
import PlumbTestSupport
@testable import PlumbSolver

/// The optimal face found with pinned pairs merged in rounds
/// (`PinnedPairRounds`, `ClpPartSolver.pinnedPairRounds`): a row of more
/// than two terms that the first round's merge leaves with two (a chart's
/// bottom equal to its row's first chart's, once their tops are merged) is
/// merged by the next round. Compared with one round and with the part as
/// it is: the same fixed rows and the same value of each fixed row.
@Suite struct PinnedPairRoundsTests {
    typealias Row = FaceRowsSettledTests.Row

    /// The face three ways: rounds (the default), one round, no merge.
    static func faces(_ part: LinearPart) -> (rounds: PartFace?, one: PartFace?, whole: PartFace?) {
        var one = ClpPartSolver()
        one.pinnedPairRounds = 1
        return (ClpPartSolver().optimalFace(part), one.optimalFace(part),
                ClpPartSolver(mergesPinnedPairs: false).optimalFace(part))
    }

    /// Charts in a row: each chart `k` has a top `t_k` and a height `h_k`
    /// (variables `2k`, `2k + 1`), the first one's top at 8; each other
    /// chart's top is the first's (`t_k = t_0`, an equality or both
    /// inequalities) and so is its bottom (`t_k + h_k = t_0 + h_0`, four
    /// terms, or both inequalities); each chart at least as tall as its
    /// label (`h_k ≥ label_k`); the first chart's height wished 0 at 500.
    /// A free variable in [0, 10] after them gives the face a free
    /// direction. With `looser`, the bottom of chart 1 has a looser copy
    /// too (`t_1 + h_1 ≥ t_0 + h_0 - 3`), which keeps that pair from being
    /// merged (as the looser row beside a pair does in `PinnedPairs`).
    static func charts(_ labels: [Double], equalities: [Bool], looser: Bool = false) -> LinearPart {
        let count = labels.count
        var rows: [Row] = [([(0, 1)], -8, .equal, .required)]
        for k in 1 ..< count {
            let t = Int32(2 * k), h = Int32(2 * k + 1)
            let top: [(Int32, Double)] = [(t, 1), (0, -1)]
            let bottom: [(Int32, Double)] = [(t, 1), (h, 1), (0, -1), (1, -1)]
            if equalities[k % equalities.count] {
                rows.append((top, 0, .equal, .required))
                rows.append((bottom, 0, .equal, .required))
            } else {
                rows.append((top, 0, .greaterOrEqual, .required))
                rows.append((top, 0, .lessOrEqual, .required))
                rows.append((bottom, 0, .lessOrEqual, .required))
                rows.append((bottom, 0, .greaterOrEqual, .required))
            }
            if looser && k == 1 { rows.append((bottom, 3, .greaterOrEqual, .required)) }
        }
        for k in 0 ..< count { rows.append(([(Int32(2 * k + 1), 1)], -labels[k], .greaterOrEqual, .required)) }
        rows.append(([(1, 1)], 0, .equal, 500))
        let free = Int32(2 * count)
        rows.append(([(free, 1)], 0, .greaterOrEqual, .required))
        rows.append(([(free, 1)], -10, .lessOrEqual, .required))
        return FaceRowsSettledTests.part(2 * count + 1, rows)
    }

    /// `part`'s row `i` at `values`.
    static func rowValue(_ part: LinearPart, _ i: Int, _ values: [Double]) -> Double {
        PinnedPairsTests.rowValue(part, i, values)
    }

    @Test func aChartsBottomIsMergedInTheSecondRound() {
        // Two charts, labels 24 and 30: t_0 = t_1 = 8, h_0 = h_1 = 30.
        let part = Self.charts([24, 30], equalities: [true])
        let rounds = try! #require(PinnedPairRounds(part, limit: 8))
        // Round 1 merges t_1 into t_0; the bottom row is then h_1 − h_0 = 0,
        // merged by round 2; round 3 finds nothing.
        #expect(rounds.rounds.count == 2)
        #expect(rounds.rounds[0].merged.variableCount == 4 && rounds.merged.variableCount == 3)
        #expect(rounds.rounds.map(\.mergedRows) == [1, 1])
        let (merged, one, whole) = Self.faces(part)
        let face = try! #require(merged)
        #expect(Array(face.values[0 ..< 4].map { ($0 * 1e9).rounded() / 1e9 }) == [8, 30, 8, 30])
        // Rows: t_0 = 8, t_1 = t_0, bottoms equal, h_0 ≥ 24 (off: 30),
        // h_1 ≥ 30 (pinned: the tallest label), h_0 = 0 at 500 (missed by
        // 30: its error is not 0), the free variable's two bounds.
        #expect(face.fixedRows == [true, true, true, false, true, false, false, false])
        #expect(one?.fixedRows == face.fixedRows && whole?.fixedRows == face.fixedRows)
    }

    @Test(arguments: 0 ..< 120)
    func roundsFindTheFaceOfOneRoundAndOfThePart(seed: UInt64) {
        var rng = SplitMix64(seed: 0xC4A7_0000 &+ seed)
        let count = Int(2 + rng.next() % 5)
        // Labels often tied for the tallest, as on `chartgrid`.
        let labels = (0 ..< count).map { _ in [12.0, 14, 18, 24][Int(rng.next() % 4)] }
        let equalities = (0 ..< 3).map { _ in rng.next() % 3 != 0 }
        let part = Self.charts(labels, equalities: equalities, looser: rng.next() % 4 == 0)
        let (rounds, one, whole) = Self.faces(part)
        let face = try! #require(rounds, "seed \(seed)")
        #expect(one?.fixedRows == face.fixedRows, "seed \(seed)")
        #expect(whole?.fixedRows == face.fixedRows, "seed \(seed)")
        let tallest = labels.max()!
        for i in 0 ..< part.rowCount where face.fixedRows[i] {
            let a = Self.rowValue(part, i, face.values)
            for other in [one, whole].compactMap({ $0 }) {
                let b = Self.rowValue(part, i, other.values)
                #expect(abs(a - b) <= 1e-6 * max(1, abs(b)), "seed \(seed) row \(i): \(a) \(b)")
            }
        }
        // Every chart as tall as the tallest label.
        for k in 0 ..< count { #expect(abs(face.values[2 * k + 1] - tallest) < 1e-6, "seed \(seed) chart \(k)") }
    }

    @Test func theRandomChartsMergeInMoreThanOneRound() {
        // The property above means something only if rounds beyond the
        // first merge on many of its parts.
        var more = 0
        for seed in 0 ..< UInt64(120) {
            var rng = SplitMix64(seed: 0xC4A7_0000 &+ seed)
            let count = Int(2 + rng.next() % 5)
            let labels = (0 ..< count).map { _ in [12.0, 14, 18, 24][Int(rng.next() % 4)] }
            let equalities = (0 ..< 3).map { _ in rng.next() % 3 != 0 }
            let part = Self.charts(labels, equalities: equalities, looser: rng.next() % 4 == 0)
            if let rounds = PinnedPairRounds(part, limit: 8), rounds.rounds.count > 1 { more += 1 }
        }
        #expect(more > 60, "\(more)")
    }
}
