import PlumbTestSupport
import Testing
@testable import PlumbSolver

/// ``FillWatch`` (when a simplex built only to learn whether it fills in can
/// stop) against the rows' mean length counted here after every row, and
/// against the rule it replaced (twice the fill for every row to come).
@Suite struct FillWatchTests {
    /// Random required rows over `variables` variables, all held at 0 by
    /// `x ≥ 0` and each row `Σ a·x ≤ c` (c > 0) satisfied there: most rows
    /// of 2 or 3 terms, and a share `dense` of them of 20 to 60 terms.
    private func rows(_ count: Int, variables: Int32, dense: Double,
                      _ rng: inout SplitMix64) -> [([(Int32, Double)], Double, Relation)] {
        var out: [([(Int32, Double)], Double, Relation)] = (0 ..< variables).map { ([($0, 1)], 0, .greaterOrEqual) }
        while out.count < count {
            let terms = rng.fillTestTerms(variables: variables, dense: dense, long: 20 ... 60)
            out.append((terms, -Double(Int.random(in: 1 ... 100, using: &rng)), .lessOrEqual))
        }
        return out
    }

    /// The rows go in one by one; returns the count at which the watch
    /// stopped the build (nil: never), the count at which the rule it
    /// replaced would have, and checks each of the watch's answers against
    /// the mean row length counted here at the points it looks at. Once the
    /// watch has stopped, the rows go on only up to the `last`th (all by
    /// default), so the older rule's count is nil if it comes after that.
    private func build(_ rows: [([(Int32, Double)], Double, Relation)], variables: Int32,
                       rowLength: Double, last: Int = .max) -> (watch: Int?, older: Int?) {
        let core = SimplexCore(variableCount: Int(variables))
        var watch = FillWatch(stoppingAbove: rowLength, coming: rows.count)
        let every = max(256, rows.count / 16)
        var stopped: Int?, older: Int?
        for (i, row) in rows.enumerated() {
            _ = try? core.add(terms: row.0, constant: row.1, relation: row.2, priority: .required, tag: Int32(i))
            let added = i + 1
            let terms = core.tableau.rows.reduce(0) { $0 + $1.symbols.count }
            var live = 0
            for row in core.tableau.rows where !row.basic.isNone { live += 1 }
            let looks = added % every == 0 || (added >= 256 && added & (added - 1) == 0)
            let filled = looks && Double(terms) >= 2 * rowLength * Double(live)
            if older == nil, added % every == 0, Double(terms) >= 2 * rowLength * Double(rows.count) {
                older = added
            }
            if stopped == nil {
                let answer = watch.hasFilled(core.tableau, added: added)
                #expect(answer == filled, "row \(added): \(terms) terms over \(live) rows")
                if answer { stopped = added }
            }
            if stopped != nil && added >= last { break }
        }
        return (stopped, older)
    }

    @Test(arguments: 0 ..< 6 as Range<UInt64>)
    func stopsWhereTheRowsHaveFilledInAndNoLaterThanTheOlderRule(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let dense = [0, 0.05, 0.5, 1][Int(seed) % 4]
        let count = Int.random(in: 600 ... 1_400, using: &rng)
        let variables = Int32.random(in: 80 ... 200, using: &rng)
        let (watch, older) = build(rows(count, variables: variables, dense: dense, &rng),
                                   variables: variables, rowLength: 16)
        if let older { #expect(watch != nil && watch! <= older, "watch \(String(describing: watch)), older \(older)") }
        if dense == 0 { #expect(watch == nil, "rows of 1 to 3 terms stopped at \(watch!)") }
    }

    /// Rows that fill in from the start (after the 100 rows `x ≥ 0`) stop
    /// the build at the same early look, the 512th row, whatever the size;
    /// the older rule waited for most of the rows, more the more there are.
    /// (That it waited past half of them is known once half are in: the
    /// rows after those are not built.)
    @Test func filledRowsStopAtTheSameEarlyLookWhateverTheSize() {
        var stops: [Int?] = []
        for count in [1_000, 4_000] {
            var rng = SplitMix64(seed: 7)
            let (watch, older) = build(rows(count, variables: 100, dense: 1, &rng), variables: 100, rowLength: 16,
                                       last: count / 2)
            stops.append(watch)
            #expect(watch.map { $0 <= 512 } == true, "\(count) rows: stopped at \(String(describing: watch))")
            #expect(older.map { $0 > count / 2 } ?? true, "\(count) rows: the older rule at \(String(describing: older))")
        }
        // 10,000 rows look every 625 rows, and at 512 too (the older rule's
        // alone would first look at 625).
        var rng = SplitMix64(seed: 7)
        stops.append(build(rows(10_000, variables: 100, dense: 1, &rng), variables: 100, rowLength: 16,
                           last: 0).watch)
        #expect(stops[0] == stops[1] && stops[1] == stops[2], "\(stops)")
    }
}

extension SplitMix64 {
    /// A random row's terms for the fill-in tests (here and
    /// `TableauRequiredRowsTests`): with chance `dense` a length in `long`,
    /// else 2 or 3; distinct variables below `variables`, coefficients 1
    /// to 9.
    mutating func fillTestTerms(variables: Int32, dense: Double, long: ClosedRange<Int>) -> [(Int32, Double)] {
        let length = Double.random(in: 0 ..< 1, using: &self) < dense
            ? Int.random(in: long, using: &self) : Int.random(in: 2 ... 3, using: &self)
        var seen: Set<Int32> = []
        var terms: [(Int32, Double)] = []
        while terms.count < length {
            let v = Int32.random(in: 0 ..< variables, using: &self)
            if seen.insert(v).inserted { terms.append((v, Double(Int.random(in: 1 ... 9, using: &self)))) }
        }
        return terms
    }
}
