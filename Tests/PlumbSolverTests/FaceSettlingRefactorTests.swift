import Testing
@testable import PlumbClp
@testable import PlumbSolver

/// The LP that settles the optimal face's inequalities
/// (`ClpPartSolver.fixedRows`, for `plumb check`'s ambiguity phase)
/// refactorises its basis every `refactorEvery(rows:)` pivots, a
/// twentieth of its rows from 200 up, instead of Clp's 200. How often the
/// basis is factorised changes the LP's work, not its answer: on
/// `priorities` systems the face found with the default interval is the
/// face found with Clp's 200, with a factorisation every 3 pivots and with
/// none inside the LP.
@Suite struct FaceSettlingRefactorTests {
    @Test func theIntervalIsATwentiethOfTheRowsFromClpsOwn() {
        #expect(ClpPartSolver.refactorEvery(rows: 0) == 200)
        #expect(ClpPartSolver.refactorEvery(rows: 4_019) == 200)
        #expect(ClpPartSolver.refactorEvery(rows: 4_040) == 202)
        // `priorities` at 10,000 and 30,000 views: the face's rows and the
        // LP's rows for its open error columns.
        #expect(ClpPartSolver.refactorEvery(rows: 37_490 + 1_720) == 1_960)
        #expect(ClpPartSolver.refactorEvery(rows: 112_490 + 5_092) == 5_879)
    }

    @Test(arguments: 0 ..< 3 as Range<UInt64>)
    func theFaceIsTheSameAtEveryInterval(seed: UInt64) throws {
        let system = LargePartTests.priorities(rows: 120 + 40 * Int(seed), seed: 61_000 + seed).system
        let part = FacePromotionCapTests.part(system)
        func face(_ interval: Int?) -> ClpPartSolver.Outcome {
            var solver = ClpPartSolver(splitsRemainders: false)
            solver.settlingRefactorInterval = interval
            return ClpPartSolver.lock.withLock { _ in solver.solveLocked(part, face: true) }
        }
        let byDefault = face(nil), clps = face(200), often = face(3), never = face(1_000_000)
        let fixed = try #require(byDefault.fixedRows, "seed \(seed)")
        // The LP has slacks to settle (the open error columns), so the
        // interval is used.
        #expect(byDefault.faceRows.toTheLP > 20, "seed \(seed): \(byDefault.faceRows)")
        #expect(fixed.contains(true) && fixed.contains(false), "seed \(seed)")
        for (label, other) in [("200", clps), ("3", often), ("none", never)] {
            #expect(other.fixedRows == fixed, "seed \(seed), every \(label)")
            #expect(other.faceRows == byDefault.faceRows, "seed \(seed), every \(label)")
            #expect(other.values == byDefault.values, "seed \(seed), every \(label)")
        }
    }
}
