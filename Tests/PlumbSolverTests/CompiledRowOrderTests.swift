import Testing
import PlumbTestSupport
@testable import PlumbSolver

/// A fresh solve orders each component's rows canonically, by content and
/// the constant among them (rows with the same terms at one level), so that
/// tied optima come out the same whatever order the rows were written in. A
/// compiled system whose constants move must order them as a fresh solve of
/// the changed system would, or it picks the other end of a tie.
@Suite struct CompiledRowOrderTests {
    /// Small coupled systems, each variable in several rows of the same
    /// terms at one level (`x = a @ 750`, `x >= b @ 750`: a tie between
    /// `a` and `b` when `b > a`), coupled to its neighbour by required
    /// inequalities and by optional ones at lower levels. Constants of the
    /// parallel rows move so that their order by constant swaps back and forth.
    @Test func constantsThatReorderParallelRowsGiveTheFreshSolve() throws {
        var rng = SplitMix64(seed: 2026_11_27_19)
        var swapped = 0, steps = 0
        for trial in 0 ..< 150 {
            var s = ConstraintSystem()
            func number() -> Double { Double(Int.random(in: 0 ... 400, using: &rng)) / 4 }
            func origin() -> Origin { Origin(kind: .constraint, index: s.rowCount, text: "row \(s.rowCount)") }
            let n = Int.random(in: 2 ... 5, using: &rng)
            s.addVariables(n)
            var parallel: [[RowIndex]] = []
            for v in 0 ..< n {
                let x = VariableIndex(v)
                var group: [RowIndex] = []
                let level: Priority = [.high, .medium].randomElement(using: &rng)!
                for _ in 0 ..< Int.random(in: 2 ... 3, using: &rng) {
                    let relation = [Relation.equal, .greaterOrEqual, .lessOrEqual].randomElement(using: &rng)!
                    group.append(s.addRow([(x, 1)], constant: -number(), relation: relation, priority: level,
                                          origin: origin()))
                }
                parallel.append(group)
                if v > 0 {
                    let y = VariableIndex(v - 1)
                    s.addRow([(x, 1), (y, -0.5)], constant: -number(), relation: .greaterOrEqual, origin: origin())
                    if Bool.random(using: &rng) {
                        s.addRow([(x, 1), (y, -1)], constant: -number(), relation: .equal, priority: .low,
                                 origin: origin())
                    }
                }
            }
            var options = SolveOptions()
            options.reuseShapes = trial % 3 != 2
            let (_, compiledOrNil) = try CompiledSystem.solveCompiling(s, options: options)
            let compiled = try #require(compiledOrNil)
            for step in 0 ..< 6 {
                let group = parallel.randomElement(using: &rng)!
                let r = group.randomElement(using: &rng)!
                let before: [Double] = group.map { compiled.system.constants[$0.int] }
                compiled.setConstant(-number(), ofRow: r)
                let after: [Double] = group.map { compiled.system.constants[$0.int] }
                let orderBefore: [Int] = before.indices.sorted { before[$0] < before[$1] }
                let orderAfter: [Int] = after.indices.sorted { after[$0] < after[$1] }
                if orderBefore != orderAfter { swapped += 1 }
                let again = Result { () throws(SolverError) -> [UInt64] in try compiled.solve().values.map(\.bitPattern) }
                let fresh = Result { () throws(SolverError) -> [UInt64] in
                    try compiled.system.solve(options: options).values.map(\.bitPattern)
                }
                #expect(again == fresh, "trial \(trial), step \(step)")
                steps += 1
            }
        }
        #expect(swapped >= 100)
        #expect(steps == 900)
    }
}
