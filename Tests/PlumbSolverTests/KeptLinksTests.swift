import Testing
import PlumbTestSupport
@_spi(Lowering) @testable import PlumbSolver

/// A kept presolve solves its component again after the constant of a link
/// `x = s·y + o` (a required equality aggregation consumed) changed: the
/// link's class's offsets are computed again from the log of what
/// aggregation did (its links and path compressions, in order), then the
/// rows over the class, their parts and the values. Every solve must be a
/// fresh solve of the changed system, bit for bit; a class whose offsets a
/// fresh presolve would compute otherwise (a fixed value, opposite bounds
/// paired) is declined and presolved whole.
extension SolveCompilingTests {
    /// Trees of links over a few variables each (scales 1, −1, 2, ½, −3,
    /// ¼; some rows written twice as large), their rows in a random order
    /// so that classes merge in different orders and paths are compressed
    /// at different times, with wishes and required bounds on members, a
    /// sum a singleton elimination solves, sometimes a link between two
    /// trees, a link written twice (a row left without unknowns that must
    /// hold) and a class made fixed (`x + y = c₁`, `x − y = c₂`). Returns
    /// the system and its links.
    static func linkedSystem(_ rng: inout SplitMix64) -> (system: ConstraintSystem, links: [Int]) {
        var s = ConstraintSystem()
        func small() -> Double { Double(Int.random(in: -4 ... 4, using: &rng)) * 2.5 }
        typealias Row = (terms: [(VariableIndex, Double)], constant: Double, relation: Relation, priority: Priority,
                         link: Bool)
        var rows: [Row] = []
        let scales: [Double] = [1, -1, 2, 0.5, -3, 0.25]
        var members: [[VariableIndex]] = []
        for _ in 0 ..< Int.random(in: 1 ... 3, using: &rng) {
            let first = s.variableCount, k = Int.random(in: 2 ... 7, using: &rng)
            s.addVariables(k)
            let tree = (first ..< first + k).map { VariableIndex($0) }
            members.append(tree)
            for i in 1 ..< k {
                let up = tree[Int.random(in: 0 ..< i, using: &rng)]
                let scale = scales.randomElement(using: &rng)!
                let times: Double = Bool.random(using: &rng) ? 1 : 2
                let (x, y) = Bool.random(using: &rng) ? (tree[i], up) : (up, tree[i])
                rows.append(([(x, times), (y, -scale * times)], small() * times, .equal, .required, true))
            }
            // Wishes on two members, a required bound on one.
            for _ in 0 ..< 2 {
                let m = tree.randomElement(using: &rng)!
                rows.append(([(m, 1)], -20 - small(), .lessOrEqual, .low, false))
                rows.append(([(m, 1)], -25 - small(), .greaterOrEqual, .high, false))
            }
            rows.append(([(tree.randomElement(using: &rng)!, 1)], -200 - small(), .lessOrEqual, .required, false))
        }
        // A sum a singleton elimination solves: `t = a + b + c`.
        if Bool.random(using: &rng) {
            let t = VariableIndex(s.variableCount)
            s.addVariables(1)
            let a = members.randomElement(using: &rng)!.randomElement(using: &rng)!
            let b = members.randomElement(using: &rng)!.randomElement(using: &rng)!
            if a != b { rows.append(([(t, 1), (a, -1), (b, -1)], small(), .equal, .required, false)) }
        }
        // A link between two trees (their classes merged), and a link written twice.
        if members.count > 1 && Bool.random(using: &rng) {
            let a = members[0].randomElement(using: &rng)!, b = members[1].randomElement(using: &rng)!
            rows.append(([(a, 1), (b, -scales.randomElement(using: &rng)!)], small(), .equal, .required, true))
        }
        if Int.random(in: 0 ..< 4, using: &rng) == 0, let twice = rows.first(where: { $0.link }) {
            rows.append((twice.terms.map { ($0.0, 2 * $0.1) }, 2 * twice.constant, .equal, .required, true))
        }
        // A fixed class: `x + y = c₁` and `x − y = c₂` (x − y = c₂ is a link,
        // then x + y leaves one unknown).
        if Int.random(in: 0 ..< 3, using: &rng) == 0 {
            let x = VariableIndex(s.variableCount), y = VariableIndex(s.variableCount + 1)
            s.addVariables(2)
            rows.append(([(x, 1), (y, -1)], small(), .equal, .required, true))
            rows.append(([(x, 1), (y, 1)], -40 + small(), .equal, .required, true))
            rows.append(([(x, 1)], -20, .lessOrEqual, .low, false))
            if let m = members.first?.first { rows.append(([(m, 1), (y, -1)], small(), .equal, .required, true)) }
        }
        rows.shuffle(using: &rng)
        var links: [Int] = []
        for row in rows {
            if row.link { links.append(s.rowCount) }
            s.addNumberedRow(row.terms, row.constant, row.relation, row.priority)
        }
        return (s, links)
    }

    /// Random link constants moved, each solve a fresh solve bit for bit
    /// (and, under the checking mode, every value the partial write left
    /// the whole write's): most changed links are replayed, some declined.
    @Test func keptPresolvesReplayLinksAsFreshSolves() throws {
        let check = ComponentPresolve.WriteCheck()
        var rng = SplitMix64(seed: 2026_12_06_64)
        var tally = RequiredRowTally()
        var resolved = 0, steps = 0
        try ComponentPresolve.$writeCheck.withValue(check) {
            for trial in 0 ..< 300 {
                let (s, links) = Self.linkedSystem(&rng)
                var options = SolveOptions()
                options.reuseShapes = false
                options.keptPresolveRows = 1
                guard let c = try Self.compiledIfSolved(s, options: options, "trial \(trial)") else { continue }
                for step in 0 ..< 8 {
                    for _ in 0 ..< Int.random(in: 1 ... 2, using: &rng) {
                        Self.move(links.randomElement(using: &rng)!, of: c, by: 2.5, upTo: 2, oneIn: 6, &rng)
                    }
                    let before = c.resolvedComponents
                    _ = Self.expectFreshSolve(c, options: options, "trial \(trial), step \(step)")
                    if c.resolvedComponents > before { resolved += 1 }
                    steps += 1
                }
                tally += c.requiredRowTally
            }
        }
        #expect(check.mismatches == 0, "\(check.mismatches)")
        #expect(tally.links >= 500, "\(tally)")
        #expect(tally.aggregated >= 30, "\(tally)")
        #expect(tally.partRows >= 100, "\(tally)")
        #expect(resolved >= 600, "\(resolved) of \(steps)")
    }

    /// One at a time: a link of a free class is replayed; a link of a
    /// class with a fixed value (`u = w + 3`, `w` fixed by `x − y + w = 10`
    /// once `x − y = 4` made `x` and `y` one class) is declined, and so is
    /// `x − y = 4` (the row that fixed `w` read its offset); each solve
    /// gives a fresh solve's values, and the exact ones.
    @Test func linksWhoseOffsetsReachAFixedValueAreDeclined() throws {
        var s = ConstraintSystem()
        s.addVariables(6)
        let x = VariableIndex(0), y = VariableIndex(1), w = VariableIndex(2), u = VariableIndex(3)
        let a = VariableIndex(4), b = VariableIndex(5)
        let xy = s.addNumberedRow([(x, 1), (y, -1)], -4, .equal)
        _ = s.addNumberedRow([(x, 1), (y, -1), (w, 1)], -10, .equal)
        let uw = s.addNumberedRow([(u, 1), (w, -1)], -3, .equal)
        _ = s.addNumberedRow([(x, 1)], -100, .lessOrEqual)
        let ab = s.addNumberedRow([(b, 1), (a, -0.5)], -3, .equal)
        _ = s.addNumberedRow([(a, 1)], -100, .lessOrEqual)
        _ = s.addNumberedRow([(x, 1)], -25, .greaterOrEqual, .high)
        _ = s.addNumberedRow([(a, 1)], -40, .greaterOrEqual, .high)
        _ = s.addNumberedRow([(b, 1)], -10, .lessOrEqual, .low)
        _ = s.addNumberedRow([(x, 1)], -20, .lessOrEqual, .low)
        var options = SolveOptions()
        options.reuseShapes = false
        options.keptPresolveRows = 1
        let c = try #require(try Self.compiledIfSolved(s, options: options, "first"))
        func solved(_ comment: Comment) throws -> [Double] {
            #expect(Self.expectFreshSolve(c, options: options, comment))
            return try c.solve().values
        }
        c.setConstant(-7, ofRow: ab)
        let resolved = c.resolvedComponents
        // b = a/2 + 7, a at its wish 40.
        #expect(try solved("free link")[5] == 27)
        #expect(c.requiredRowTally.links == 1, "\(c.requiredRowTally)")
        #expect(c.resolvedComponents == resolved + 1)
        c.setConstant(-5, ofRow: uw)
        // w = 10 − 4, u = w + 5.
        #expect(try solved("link of a fixed class")[3] == 11)
        #expect(c.requiredRowTally.aggregated == 1, "\(c.requiredRowTally)")
        c.setConstant(-6, ofRow: xy)
        let values = try solved("link read by a fixed value")
        // x at its wish 25, y = x − 6, w = 10 − 6, u = w + 5.
        #expect(values[0] == 25 && values[1] == 19 && values[2] == 4 && values[3] == 9)
        #expect(c.requiredRowTally.aggregated == 2, "\(c.requiredRowTally)")
        #expect(c.requiredRowTally.links == 1, "\(c.requiredRowTally)")
    }
}
