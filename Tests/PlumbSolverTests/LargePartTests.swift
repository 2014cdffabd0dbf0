import Testing
import PlumbClp
import PlumbTestSupport
@testable import PlumbSolver

/// Parts left coupled after presolve handed to an LP code (``LargePartSolver``,
/// here ``ClpPartSolver``): the same lexicographic optimum as the tableau on
/// random coupled grids, the reference LP's on small ones, conflicts still
/// named by the tableau, and an LP code's wrong answer caught.
@Suite struct LargePartTests {
    /// Every part of two or more variables goes to Clp.
    private static func clp() -> SolveOptions {
        var o = SolveOptions()
        o.largePartSolver = ClpPartSolver()
        o.largePartThreshold = 2
        return o
    }

    private static func tableau() -> SolveOptions {
        var o = SolveOptions()
        o.largePartSolver = nil
        return o
    }

    /// Grids of cells with random inequalities between edges at five levels,
    /// duplicates, caps and contradicting wishes: Clp and the tableau reach
    /// the same level totals, and fail on the same systems with the same
    /// conflict.
    @Test func coupledGridsReachTheTableausOptimum() throws {
        var handed = 0
        for seed in 0 ..< 120 as Range<UInt64> {
            let grid = PresolveTests.RandomGrid(
                seed: 20_000 + seed, rows: 2 + Int(seed % 6), columns: 2 + Int(seed % 4), extras: true)
            let lp = Result { try grid.system.solve(options: Self.clp()) }
            let whole = Result { try grid.system.solve(options: Self.tableau()) }
            switch (lp, whole) {
            case (.success(let a), .success(let b)):
                handed += a.stats.largeParts
                #expect(referenceRequiredRowsHold(grid.rows, a.values), "seed \(seed)")
                let la = referenceLevelViolations(grid.rows, a.values), lb = referenceLevelViolations(grid.rows, b.values)
                #expect(referenceCompareLevels(la, lb, tolerance: 1e-6) == 0, "seed \(seed): \(la) vs \(lb)")
                if grid.unique {
                    for (x, y) in zip(a.values, b.values) { #expect(abs(x - y) <= 1e-6 * max(1, abs(y)), "seed \(seed)") }
                }
            case (.failure(let a), .failure(let b)):
                #expect("\(a)" == "\(b)", "seed \(seed)")
            default:
                Issue.record("seed \(seed): Clp \(lp), tableau \(whole)")
            }
        }
        #expect(handed > 50, "only \(handed) parts went to Clp")
    }

    /// Small coupled grids against the reference LP.
    @Test func smallGridsMatchTheReference() throws {
        for seed in 0 ..< 30 as Range<UInt64> {
            let grid = PresolveTests.RandomGrid(seed: 30_000 + seed, rows: 2, columns: 1 + Int(seed % 2), extras: true)
            let expected = referenceLexicographicOptimum(rows: grid.rows, variableCount: grid.system.variableCount)
            do {
                let solution = try grid.system.solve(options: Self.clp())
                #expect(expected.feasible, "seed \(seed): solved an infeasible system")
                #expect(referenceRequiredRowsHold(grid.rows, solution.values), "seed \(seed)")
                let got = referenceLevelViolations(grid.rows, solution.values)
                #expect(referenceCompareLevels(got, expected.levelViolations, tolerance: 1e-6) == 0,
                        "seed \(seed): \(got) vs reference \(expected.levelViolations)")
            } catch {
                #expect(!expected.feasible, "seed \(seed): \(error)")
            }
        }
    }

    /// An LP code that answers wrongly (every variable 0) is caught by the
    /// check of the required rows, and the tableau solves the part.
    @Test func aWrongAnswerFallsBackToTheTableau() throws {
        final class Zeros: LargePartSolver, @unchecked Sendable {
            var calls = 0
            var name: String { "zeros" }
            func solve(_ part: LinearPart) -> [Double]? {
                calls += 1
                return [Double](repeating: 0, count: part.variableCount)
            }
        }
        let zeros = Zeros()
        var s = ConstraintSystem()
        let x = s.addVariables(1), y = s.addVariables(1)
        let origin = Origin(kind: .constraint, index: 0, text: "row")
        s.addRow([(x, 1), (y, 1)], constant: -10, relation: .greaterOrEqual, origin: origin)
        s.addRow([(x, 1), (y, -1)], constant: -2, relation: .equal, priority: .low, origin: origin)
        var o = SolveOptions()
        o.largePartSolver = zeros
        o.largePartThreshold = 2
        o.threads = 1
        let solution = try s.solve(options: o)
        #expect(zeros.calls == 1)
        #expect(solution.stats.largeParts == 0)
        #expect(solution.values[x.int] + solution.values[y.int] >= 10 - 1e-9)
        #expect(abs(solution.values[x.int] - solution.values[y.int] - 2) <= 1e-9)
    }
}
