import Testing
@testable import PlumbClp
import PlumbTestSupport
@testable import PlumbSolver

/// The rows constant on a part's optimal set (`ClpPartSolver.fixedRows`,
/// for `plumb check`'s ambiguity phase) with the inequalities settled before
/// its LP, those the optimum is off and those the rows pin to their bound,
/// against the second method: the same LP over every inequality
/// (`settlesFaceRows` off). On random parts whose required rows are tight
/// at a known point, written twice, opposed, scaled and loosened, and on
/// shelves of boxes like the generator's `degenerate`, the fixed rows are
/// the same; the LP is left the tight inequalities the rows do not pin.
@Suite struct FaceRowsSettledTests {
    typealias Row = (terms: [(Int32, Double)], constant: Double, relation: Relation, priority: Priority)

    static func part(_ variables: Int, _ rows: [Row]) -> LinearPart {
        var starts: [Int32] = [0], columns: [Int32] = [], coefficients: [Double] = []
        for row in rows {
            for (j, a) in row.terms {
                columns.append(j)
                coefficients.append(a)
            }
            starts.append(Int32(columns.count))
        }
        return LinearPart(variableCount: variables, rowStart: starts, columns: columns, coefficients: coefficients,
                          constants: rows.map(\.constant), relations: rows.map(\.relation),
                          priorities: rows.map(\.priority))
    }

    /// The face found both ways, each on a model of its own (the part is
    /// not split, as ``ClpPartSolver/optimalFace(_:)`` has it).
    static func faces(_ part: LinearPart) -> (settled: ClpPartSolver.Outcome, whole: ClpPartSolver.Outcome) {
        let settling = ClpPartSolver(splitsRemainders: false)
        let whole = ClpPartSolver(splitsRemainders: false, settlesFaceRows: false)
        return ClpPartSolver.lock.withLock { _ in
            (settling.solveLocked(part, face: true), whole.solveLocked(part, face: true))
        }
    }

    /// Rows over 3 to 8 variables that a point of small integers satisfies:
    /// required inequalities tight there or off by 2 or 7, some with their
    /// opposite (pinned), written again (scaled by 1, 2, -1 or 3), beside
    /// an equality of the same terms, or with a copy looser by 3, 5 or
    /// 5e-7; required
    /// equalities; and optional rows at three levels that pull anywhere.
    static func randomPart(seed: UInt64) -> LinearPart {
        var rng = SplitMix64(seed: 0xFACE_5E77 &+ seed)
        func pick<T>(_ values: [T]) -> T { values[Int(rng.next() % UInt64(values.count))] }
        let n = Int(3 + rng.next() % 6)
        let point = (0 ..< n).map { _ in Double(Int(rng.next() % 41) - 20) }
        func value(_ terms: [(Int32, Double)]) -> Double { terms.reduce(0) { $0 + $1.1 * point[Int($1.0)] } }
        func terms() -> [(Int32, Double)] {
            var chosen: [Int32] = []
            for _ in 0 ..< 1 + rng.next() % 3 {
                let v = Int32(rng.next() % UInt64(n))
                if !chosen.contains(v) { chosen.append(v) }
            }
            return chosen.map { ($0, pick([-2.0, -1, 1, 1, 1, 2, 3])) }
        }
        func scaled(_ terms: [(Int32, Double)], _ f: Double) -> [(Int32, Double)] { terms.map { ($0.0, $0.1 * f) } }
        var rows: [Row] = []
        for _ in 0 ..< 4 + rng.next() % 14 {
            let t = terms()
            switch rng.next() % 8 {
            case 0, 1, 2, 3:
                // Σ a·x + c ≥ 0, off by `gap` at the point, and what goes with it.
                let gap = pick([0.0, 0, 0, 2, 7])
                let c = gap - value(t)
                rows.append((t, c, .greaterOrEqual, .required))
                switch rng.next() % 6 {
                case 0 where gap == 0:
                    let f = pick([1.0, 2, 0.5, 3])
                    rows.append((scaled(t, -f), -f * c, .greaterOrEqual, .required))
                case 1 where gap == 0:
                    let f = pick([1.0, 2, -1])
                    rows.append((scaled(t, f), f * c, .equal, .required))
                case 2:
                    let f = pick([1.0, 2, -1, 3])
                    rows.append((scaled(t, f), f * c, f > 0 ? .greaterOrEqual : .lessOrEqual, .required))
                case 3:
                    // Looser by far, or by less than the optimum must be off
                    // a bound to be settled, but more than the LP's tolerance.
                    rows.append((t, c + pick([3.0, 5, 5e-7]), .greaterOrEqual, .required))
                default:
                    break
                }
            case 4:
                rows.append((t, -value(t), .equal, .required))
            default:
                let relation = pick([Relation.equal, .lessOrEqual, .greaterOrEqual])
                rows.append((t, -value(t) + Double(Int(rng.next() % 31) - 15), relation, pick([750, 500, 250])))
            }
        }
        return part(n, rows)
    }

    @Test(arguments: 0 ..< 300)
    func settledRowsAreFixedAsTheLPFindsThem(seed: UInt64) {
        let (settled, whole) = Self.faces(Self.randomPart(seed: seed))
        #expect(settled.values == whole.values, "seed \(seed)")
        #expect(settled.fixedRows == whole.fixedRows, "seed \(seed)")
        #expect(whole.faceRows.offBound == 0 && whole.faceRows.pinned == 0, "seed \(seed)")
        #expect(settled.faceRows.toTheLP + settled.faceRows.offBound + settled.faceRows.pinned
            == whole.faceRows.toTheLP, "seed \(seed)")
    }

    @Test func theRandomPartsSettleRowsOfBothKinds() {
        // The property above only means something if its parts have faces
        // with rows of each kind: fixed and not, off their bound, pinned.
        var faced = 0, fixed = 0, notFixed = 0, total = FaceRows()
        for seed in 0 ..< UInt64(300) {
            let (settled, _) = Self.faces(Self.randomPart(seed: seed))
            guard let rows = settled.fixedRows else { continue }
            faced += 1
            fixed += rows.filter { $0 }.count
            notFixed += rows.filter { !$0 }.count
            total.offBound += settled.faceRows.offBound
            total.pinned += settled.faceRows.pinned
            total.toTheLP += settled.faceRows.toTheLP
        }
        #expect(faced > 250, "\(faced)")
        #expect(fixed > 1000 && notFixed > 1000, "\(fixed) \(notFixed)")
        #expect(total.offBound > 1000 && total.pinned > 300 && total.toTheLP > 300, "\(total)")
    }

    typealias FaceRows = ClpPartSolver.FaceRows

    /// `degenerate`'s shelves across: four boxes between the root's edges
    /// (a left at least 8 in, at most 8 from the right), the gaps written
    /// twice at 6 and once more at 3, each box at least 20 wide and wanting
    /// 4,000 at 500, equal widths at 250; each box's left held to the one
    /// above by two opposite inequalities.
    static func shelves(_ count: Int) -> LinearPart {
        var rows: [Row] = []
        let right: Int32 = 0
        rows.append(([(right, 1)], -400, .equal, .required))
        func left(_ i: Int, _ j: Int) -> Int32 { Int32(1 + 8 * i + 2 * j) }
        func width(_ i: Int, _ j: Int) -> Int32 { left(i, j) + 1 }
        for i in 0 ..< count {
            for j in 0 ..< 4 {
                let (l, w) = (left(i, j), width(i, j))
                rows.append(([(w, 1)], -20, .greaterOrEqual, .required))
                rows.append(([(w, 1)], -4000, .greaterOrEqual, 500))
                rows.append(([(l, 1), (w, 1), (right, -1)], 8, .lessOrEqual, .required))
                if j == 0 {
                    rows.append(([(l, 1)], -8, .greaterOrEqual, .required))
                } else {
                    let (before, wide) = (left(i, j - 1), width(i, j - 1))
                    rows.append(([(l, 1), (before, -1), (wide, -1)], -6, .greaterOrEqual, .required))
                    rows.append(([(before, 1), (wide, 1), (l, -1)], 6, .lessOrEqual, .required))
                    rows.append(([(l, 1), (before, -1), (wide, -1)], -6, .greaterOrEqual, 750))
                    rows.append(([(l, 1), (before, -1), (wide, -1)], -3, .greaterOrEqual, .required))
                    rows.append(([(w, 1), (width(i, 0), -1)], 0, .equal, 250))
                }
                if i > 0 {
                    rows.append(([(l, 1), (left(i - 1, j), -1)], 0, .greaterOrEqual, .required))
                    rows.append(([(l, 1), (left(i - 1, j), -1)], 0, .lessOrEqual, .required))
                }
            }
        }
        return part(1 + 8 * count, rows)
    }

    @Test(arguments: [10, 40])
    func shelvesLeaveTheLPOnlyWhatTheRowsDoNotPin(count: Int) {
        let (settled, whole) = Self.faces(Self.shelves(count))
        #expect(settled.fixedRows != nil)
        #expect(settled.fixedRows == whole.fixedRows)
        // Both rows of each pair that ties a left to the one above are pinned.
        #expect(settled.faceRows.pinned >= 2 * 4 * (count - 1), "\(settled.faceRows)")
        // The LP gets under a fifth of the inequalities, a few a shelf.
        #expect(5 * settled.faceRows.toTheLP < whole.faceRows.toTheLP, "\(settled.faceRows) \(whole.faceRows)")
        #expect(settled.faceRows.toTheLP <= 4 * count, "\(settled.faceRows)")
    }
}
