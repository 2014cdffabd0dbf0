import Testing
@testable import PlumbClp
import PlumbTestSupport
@testable import PlumbSolver

/// `ClpRequiredRows`' first Clp solve, put off after a least or tight
/// point, starts from the basis read off that point (each variable basic
/// but those put at 0, the row that set each variable at the bound it
/// holds): Clp confirms it with no pivot where the slack basis took
/// pivots (30,236 on `chartgrid`'s large component at 10,000 views), and
/// the suprema asked after it are the same.
@Suite struct RequiredRowsCrashTests {
    typealias Row = FaceRowsSettledTests.Row

    /// `count` rows of charts chained down from 0 (top t, bottom b, height h
    /// of each: b = t + h, h ≤ 100 and bounded by nothing from below, the
    /// next top at least 12 below b), then z + y ≤ 50 over two variables
    /// no row sets alone. Variables: t, b, h of row k at 3k, 3k + 1, 3k + 2;
    /// z and y last.
    static func charts(_ count: Int) -> LinearPart {
        var rows: [Row] = [([(0, 1)], 0, .equal, .required)]
        for k in 0 ..< count {
            let t = Int32(3 * k), b = t + 1, h = t + 2
            rows.append(([(b, 1), (t, -1), (h, -1)], 0, .equal, .required))
            rows.append(([(h, 1)], -100, .lessOrEqual, .required))
            if k + 1 < count { rows.append(([(t + 3, 1), (b, -1)], -12, .greaterOrEqual, .required)) }
        }
        let z = Int32(3 * count), y = z + 1
        rows.append(([(z, 1), (y, 1)], -50, .lessOrEqual, .required))
        return FaceRowsSettledTests.part(3 * count + 2, rows)
    }

    @Test func theFirstSolveFromTheTightPointsBasisTakesNoPivot() throws {
        let count = 40
        let part = Self.charts(count)
        #expect(RequiredLeastPoint.of(part) == nil)
        let tight = try #require(RequiredTightPoint.withSetters(part))
        // z is put at 0 by no row, y set by z + y ≤ 50 at its upper bound.
        let z = 3 * count, y = z + 1
        #expect(tight.setters[z].row == -1 && tight.setters[y].sign == -1 && tight.point[y] == 50)
        #expect(tight.point[3 * (count - 1)] == Double(112 * (count - 1)))
        let crashed = try #require(ClpRequiredRows(part))
        let slack = try #require(ClpRequiredRows(part, crash: false))
        #expect(crashed.point == slack.point && crashed.point == tight.point)
        #expect(!crashed.hasStarted && !slack.hasStarted)
        // Rows out and back between the probes, as the redundancy tests take them.
        let lastTop = Int32(3 * (count - 1))
        let probes: [[(Int32, Double)]] = [
            [(lastTop, -1)], [(lastTop, 1)], [(5, 1)], [(5, -1)], [(4, 1), (3, -1)], [(Int32(z), 1)],
            [(Int32(y), 1), (Int32(z), 1)], [(3, -1), (1, 1)], [(lastTop + 1, -1)],
        ]
        for range in [crashed, slack] { range.takeOut(3) }
        for (k, terms) in probes.enumerated() {
            let answers = [crashed, slack].map { $0.supremum(of: terms) }
            let (a, b) = (try #require(answers[0], "probe \(k)"), try #require(answers[1], "probe \(k)"))
            #expect(a == b || abs(a - b) <= 1e-9 * max(1, abs(b)), "probe \(k): \(a) against \(b)")
            if k == 3 { for range in [crashed, slack] { range.putBack(3) } }
            if k == 5 { for range in [crashed, slack] { range.takeOut(Int(3 * count)) } }
        }
        // With row 3 back the second top is 12 or more below the first bottom.
        #expect(crashed.supremum(of: [(1, 1), (3, -1)]).map { abs($0 + 12) < 1e-9 } == true)
        #expect(crashed.startedFromCrash && crashed.firstSolvePivots == 0)
        #expect(!slack.startedFromCrash && (slack.firstSolvePivots ?? 0) > 0)
    }

    @Test func theLeastPointsBasisToo() throws {
        // The rows of RequiredLeastPointTests (a chain with a tied cycle).
        let part = FaceRowsSettledTests.part(4, RequiredLeastPointTests.rows())
        let crashed = try #require(ClpRequiredRows(part))
        let slack = try #require(ClpRequiredRows(part, crash: false))
        #expect(crashed.point == [20, 26, 26, 30])
        for terms: [(Int32, Double)] in [[(3, 1)], [(0, -1)], [(1, -1), (0, 1)], [(2, 1), (3, -1)]] {
            let answers = [crashed, slack].map { $0.supremum(of: terms) }
            let (a, b) = (try #require(answers[0]), try #require(answers[1]))
            #expect(a == b || abs(a - b) <= 1e-9 * max(1, abs(b)))
        }
        #expect(crashed.startedFromCrash && crashed.firstSolvePivots == 0)
        #expect(!slack.startedFromCrash && (slack.firstSolvePivots ?? 0) > 0)
    }

    /// A start Clp does not confirm within the cap (here the read-off basis
    /// with the last top made nonbasic at 0 and the row that set it basic,
    /// which breaks that row, with no pivot allowed) is given up: the basis
    /// is put back as it was (none) and the slack start is made, and the
    /// suprema are those of a range that never had a crash basis. Clp keeps
    /// the attempt's values of the free variables, so that start is not
    /// pivot for pivot a fresh one's (78 against 80 here); what is checked is
    /// that it did not go on from the unconfirmed basis, from which Clp
    /// needs a single pivot.
    @Test func aStartClpDoesNotConfirmFallsBackToTheSlackStart() throws {
        let count = 40
        let part = Self.charts(count)
        let slack = try #require(ClpRequiredRows(part, crash: false))
        let model = try #require(PartModel(part))
        let lastTop = Int32(3 * (count - 1))
        let setter = try #require(RequiredTightPoint.withSetters(part)).setters[Int(lastTop)].row
        var ranges: [ClpRequiredRows] = []
        for cap: Int32 in [0, 50] {
            let range = try #require(ClpRequiredRows(part))
            var unconfirmed = try #require(range.crash)
            #expect(unconfirmed.count == model.columnCount + model.m)
            #expect(setter >= 0 && unconfirmed[Int(lastTop)] == LeastPointStart.basic)
            unconfirmed[Int(lastTop)] = ClpRequiredRows.freeStatus
            unconfirmed[model.columnCount + Int(setter)] = LeastPointStart.basic
            range.crash = unconfirmed
            range.crashPivots = cap
            ranges.append(range)
        }
        let (fellBack, wentOn) = (ranges[0], ranges[1])
        for terms: [(Int32, Double)] in [[(lastTop, -1)], [(lastTop, 1)], [(5, 1)], [(4, 1), (3, -1)]] {
            let answers = [fellBack, wentOn, slack].map { $0.supremum(of: terms) }
            let b = try #require(answers[2])
            for answer in answers.dropLast() {
                let a = try #require(answer)
                #expect(a == b || abs(a - b) <= 1e-9 * max(1, abs(b)))
            }
        }
        #expect(fellBack.hasStarted && !fellBack.startedFromCrash)
        #expect(wentOn.startedFromCrash && (wentOn.firstSolvePivots ?? 0) > 0)
        let pivots = try #require(fellBack.firstSolvePivots), fromUnconfirmed = try #require(wentOn.firstSolvePivots)
        #expect(pivots > fromUnconfirmed && (slack.firstSolvePivots ?? 0) > fromUnconfirmed)
    }

    @Test func noBasisWhereOneRowSetsTwoVariables() throws {
        let part = FaceRowsSettledTests.part(2, [([(0, 1), (1, -1)], 0, .equal, .required)])
        let model = try #require(PartModel(part))
        #expect(ClpRequiredRows.crashBasis(setters: [(0, 1), (0, -1)], model: model) == nil)
        let basis = try #require(ClpRequiredRows.crashBasis(setters: [(0, -1), (-1, 0)], model: model))
        #expect(basis == [LeastPointStart.basic, ClpRequiredRows.freeStatus, LeastPointStart.atUpperBound])
    }
}
