import Testing
@testable import PlumbClp
import PlumbTestSupport
@testable import PlumbSolver

/// The least point of a part's required rows (`RequiredLeastPoint`), the
/// redundancy tests' first point where it exists: it is Clp's first vertex
/// on chains and tied cycles like `degenerate`'s, and nil where a variable
/// has no bound from below, a cycle gains, or a row it only checks fails.
/// A `ClpRequiredRows` started from it makes Clp's first solve at its first
/// supremum, as it would have been made first, and (from the slack basis,
/// as then) answers as one that made it at once; from the point's own
/// basis, see `RequiredRowsCrashTests`.
@Suite struct RequiredLeastPointTests {
    typealias Row = FaceRowsSettledTests.Row

    /// x0 ≥ 20; x1 ≥ x0 + 6; x2 ≥ x1 and x1 ≥ x2 (tied); x3 = x2 + 4;
    /// x0 + x3 ≤ `room` (checked only); and `extra`.
    static func rows(room: Double = 100, _ extra: [Row] = []) -> [Row] {
        [([(0, 1)], -20, .greaterOrEqual, .required),
         ([(1, 1), (0, -1)], -6, .greaterOrEqual, .required),
         ([(2, 1), (1, -1)], 0, .greaterOrEqual, .required),
         ([(1, 1), (2, -1)], 0, .greaterOrEqual, .required),
         ([(3, 1), (2, -1)], -4, .equal, .required),
         ([(0, 1), (3, 1)], -room, .lessOrEqual, .required)] + extra
    }

    @Test func theLeastPointOfAChainWithATiedCycle() {
        let part = FaceRowsSettledTests.part(4, Self.rows())
        #expect(RequiredLeastPoint.of(part) == [20, 26, 26, 30])
        // Clp's first solve (the primal simplex on the zero objective) ends there too.
        let clp = ClpRequiredRows(part, leastPoint: false)
        #expect(clp?.point.map { ($0 * 1e6).rounded() / 1e6 } == [20, 26, 26, 30])
        // A second bound on x3 (2·x3 ≥ x0 + 50), the larger, raises x3 to
        // 35 and, through the equality and the tie, x2 and x1 to 31.
        let twice = FaceRowsSettledTests.part(4, Self.rows([([(3, 2), (0, -1)], -50, .greaterOrEqual, .required)]))
        #expect(RequiredLeastPoint.of(twice) == [20, 31, 31, 35])
    }

    @Test func noLeastPointWhereItIsNotOne() {
        // The checked row fails at the least point (x0 + x3 = 50 > 40).
        #expect(RequiredLeastPoint.of(FaceRowsSettledTests.part(4, Self.rows(room: 40))) == nil)
        // Nothing bounds x0 from below.
        let unbounded = Array(Self.rows().dropFirst())
        #expect(RequiredLeastPoint.of(FaceRowsSettledTests.part(4, unbounded)) == nil)
        // A cycle that gains: x2 ≥ x1 + 1 with x1 ≥ x2 (the rows conflict).
        let gaining = Self.rows([([(2, 1), (1, -1)], -1, .greaterOrEqual, .required)])
        #expect(RequiredLeastPoint.of(FaceRowsSettledTests.part(4, gaining)) == nil)
        // An optional row: not a part of required rows.
        let optional = Self.rows([([(3, 1)], -1000, .greaterOrEqual, .medium)])
        #expect(RequiredLeastPoint.of(FaceRowsSettledTests.part(4, optional)) == nil)
    }

    @Test func aLateFirstSolveAnswersAsAnEarlyOne() throws {
        // The same takeOuts, putBacks and suprema on a model that solved
        // first when made and on one that starts from the least point.
        let part = FaceRowsSettledTests.part(4, Self.rows())
        let early = try #require(ClpRequiredRows(part, leastPoint: false))
        let late = try #require(ClpRequiredRows(part, crash: false))
        #expect(late.point == [20, 26, 26, 30])
        #expect(!late.hasStarted && early.hasStarted)
        for range in [early, late] {
            range.takeOut(5)
            range.takeOut(1)
        }
        let probes: [[(Int32, Double)]] = [[(3, 1)], [(1, -1), (0, 1)], [(0, -1)], [(2, 1), (3, -1)]]
        let expected: [Double] = [.infinity, .infinity, -20, -4]
        for (k, terms) in probes.enumerated() {
            let answers = [early, late].map { $0.supremum(of: terms) }
            #expect(answers[0].map { $0 == expected[k] || abs($0 - expected[k]) < 1e-9 } == true, "probe \(k)")
            #expect(answers[0] == answers[1], "probe \(k)")
            #expect(early.lastSolution() == late.lastSolution(), "probe \(k)")
            if k == 1 { for range in [early, late] { range.putBack(5) } }
        }
        #expect(late.hasStarted)
        // x3 unbounded with rows 5 and 1 out, at most 80 with row 5 back;
        // x0 − x1 at most −6 once row 1 is back too.
        #expect(late.supremum(of: [(3, 1)]).map { abs($0 - 80) < 1e-9 } == true)
        for range in [early, late] { range.putBack(1) }
        #expect(late.supremum(of: [(0, 1), (1, -1)]).map { abs($0 + 6) < 1e-9 } == true)
        #expect(late.supremum(of: [(3, 1)]).map { abs($0 - 80) < 1e-9 } == true)
    }

    /// Without a least point (nothing bounds x0 from below; the rows of
    /// ``rows(room:_:)`` but the first and the last), the tight point (x0,
    /// the first variable no row sets, at 0; every row then made tight from
    /// it) is the first point, and Clp's first solve is put off
    /// as after a least point: the same answers as a model that solved at
    /// once. Where a row fails at the tight point there is none (Clp's point
    /// then), and a least point goes before it.
    @Test func theTightPointWhereThereIsNoLeastPoint() throws {
        let rows = Array(Self.rows().dropFirst().dropLast())
        let part = FaceRowsSettledTests.part(4, rows)
        #expect(RequiredTightPoint.of(part) == [0, 6, 6, 10])
        let early = try #require(ClpRequiredRows(part, leastPoint: false))
        let late = try #require(ClpRequiredRows(part, crash: false))
        #expect(late.point == [0, 6, 6, 10])
        #expect(!late.hasStarted)
        for range in [early, late] { range.takeOut(0) }
        let probes: [[(Int32, Double)]] = [[(0, 1), (3, 1)], [(0, -1), (1, 1)], [(3, 1), (2, -1)], [(1, 1)]]
        for (k, terms) in probes.enumerated() {
            let answers = [early, late].map { $0.supremum(of: terms) }
            #expect(answers[0] != nil && answers[0] == answers[1], "probe \(k)")
            #expect(early.lastSolution() == late.lastSolution(), "probe \(k)")
            if k == 1 { for range in [early, late] { range.putBack(0) } }
        }
        #expect(late.hasStarted)
        // x1 ≥ x0 + 6 out, then back: x0 − x1 at most −6 again.
        #expect(late.supremum(of: [(0, 1), (1, -1)]).map { abs($0 + 6) < 1e-9 } == true)
        // 2·x0 ≥ x1 + 1, set by no row (x1 is set first), fails at the
        // tight point; so does x3 = x2 + 4 when x0 + x3 ≤ 100 is made
        // tight first (x3 = 100, x2 = 6).
        let failing = FaceRowsSettledTests.part(4, rows + [([(0, 2), (1, -1)], -1, .greaterOrEqual, .required)])
        #expect(RequiredTightPoint.of(FaceRowsSettledTests.part(4, Array(Self.rows().dropFirst()))) == nil)
        #expect(RequiredTightPoint.of(failing) == nil)
        let range = try #require(ClpRequiredRows(failing))
        #expect(range.hasStarted)
        // A repeated variable, an optional row: none.
        #expect(RequiredTightPoint.of(FaceRowsSettledTests.part(4, Self.rows([([(0, 1), (0, 1)], -1, .greaterOrEqual, .required)]))) == nil)
        #expect(RequiredTightPoint.of(FaceRowsSettledTests.part(4, Self.rows([([(3, 1)], -1000, .greaterOrEqual, .medium)]))) == nil)
        // Where there is a least point, it is the first point.
        let least = try #require(ClpRequiredRows(FaceRowsSettledTests.part(4, Self.rows())))
        #expect(least.point == [20, 26, 26, 30] && !least.hasStarted)
    }
}
