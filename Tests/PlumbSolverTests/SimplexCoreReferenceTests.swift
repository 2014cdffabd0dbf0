import Testing
@testable import PlumbSolver

/// Sanity checks of the test-support reference solver itself (hand-checked numbers),
/// so that the property tests compare against something known to be right.
@Suite struct SimplexCoreReferenceTests {
    @Test func boundsBeatAnOptionalEquality() {
        // x >= 10, x <= 20, x = 5 @ 500 → x = 10, violation 5.
        let rows = [
            ReferenceRow(terms: [(0, 1)], constant: -10, relation: .greaterOrEqual),
            ReferenceRow(terms: [(0, 1)], constant: -20, relation: .lessOrEqual),
            ReferenceRow(terms: [(0, 1)], constant: -5, relation: .equal, priority: 500),
        ]
        let r = referenceLexicographicOptimum(rows: rows, variableCount: 1)
        #expect(r.feasible)
        #expect(abs((r.values?[0] ?? .nan) - 10) < 1e-9)
        #expect(r.levelViolations.count == 1)
        #expect(abs(r.levelViolations[0].1 - 5) < 1e-9)
    }

    @Test func sumOfAbsoluteErrorsPicksTheMedian() {
        let rows = [0.0, 10, 20].map {
            ReferenceRow(terms: [(0, 1)], constant: -$0, relation: .equal, priority: 300)
        }
        let r = referenceLexicographicOptimum(rows: rows, variableCount: 1)
        #expect(abs((r.values?[0] ?? .nan) - 10) < 1e-9)
        #expect(abs(r.levelViolations[0].1 - 20) < 1e-9)
    }

    @Test func higherLevelBeatsManyLowerRows() {
        // x = 0 @ 600 against ten rows x = 100 @ 400: x = 0.
        var rows = [ReferenceRow(terms: [(0, 1)], constant: 0, relation: .equal, priority: 600)]
        for _ in 0 ..< 10 {
            rows.append(ReferenceRow(terms: [(0, 1)], constant: -100, relation: .equal, priority: 400))
        }
        let r = referenceLexicographicOptimum(rows: rows, variableCount: 1)
        // The level bound carries a relative slack of 1e-9, which the lower level may use.
        #expect(abs((r.values?[0] ?? .nan)) < 1e-6)
        #expect(r.levelViolations.map(\.0) == [600, 400])
        #expect(abs(r.levelViolations[1].1 - 1000) < 1e-6)
    }

    @Test func infeasibleRequiredRows() {
        // x + y = 10, x >= 6, y >= 5.
        let rows = [
            ReferenceRow(terms: [(0, 1), (1, 1)], constant: -10, relation: .equal),
            ReferenceRow(terms: [(0, 1)], constant: -6, relation: .greaterOrEqual),
            ReferenceRow(terms: [(1, 1)], constant: -5, relation: .greaterOrEqual),
        ]
        #expect(!referenceLexicographicOptimum(rows: rows, variableCount: 2).feasible)
        #expect(!referenceIsFeasible(rows, variableCount: 2))
        #expect(referenceIsFeasible(Array(rows.dropLast()), variableCount: 2))
    }

    @Test func lexicographicComparison() {
        let a: [(Priority, Double)] = [(500, 1), (250, 10)]
        let b: [(Priority, Double)] = [(500, 2), (250, 0)]
        #expect(referenceCompareLevels(a, b) == -1)
        #expect(referenceCompareLevels(b, a) == 1)
        #expect(referenceCompareLevels(a, a) == 0)
    }
}
