import PlumbTestSupport
import Testing
@testable import PlumbClp
@testable import PlumbSolver

/// The slacks of the face-settling LP with no free column (an open row all
/// of whose columns are fixed, an open error column fixed by rows) are LPs
/// of one column each; `ClpPartSolver.settleFixedSlacks` decides them from
/// their distances where that is plain and sends only the others to Clp.
/// Against exact expectations, the one Clp model of them all
/// (`settleGroup`, the old path), the face with `decidesFixedSlacks` off
/// and the tableau's probes.
@Suite struct FaceFixedSlacksTests {
    @Test func theDecisionIsPlainOnlyFarFromTheTolerance() {
        typealias S = ClpPartSolver
        #expect(S.fixedSlackStays(upTo: 0, from: nil) == true)
        #expect(S.fixedSlackStays(upTo: 1e-9, from: nil) == true)
        #expect(S.fixedSlackStays(upTo: 1e-8, from: -3) == true)
        #expect(S.fixedSlackStays(upTo: 1e-6, from: nil) == false)
        #expect(S.fixedSlackStays(upTo: 250, from: 0) == false)
        // Near the tolerance, or not plainly feasible: left to Clp.
        #expect(S.fixedSlackStays(upTo: 2e-8, from: nil) == nil)
        #expect(S.fixedSlackStays(upTo: 9e-7, from: nil) == nil)
        #expect(S.fixedSlackStays(upTo: -1e-12, from: nil) == nil)
        #expect(S.fixedSlackStays(upTo: 0.5, from: 1e-12) == nil)
    }

    /// A group of slacks over fixed columns, with distances from the bound
    /// picked from a list that spans the tolerance: rows `≥`, `≤` and
    /// ranges over columns fixed by their bounds or by rows, and error
    /// columns fixed by rows. Returns what `settleFixedSlacks` and
    /// `settleGroup` decide and what the exact LP does (`t = min(1, d)`
    /// stays at 0 exactly when `d ≤ 1e-7`), and how many of the slacks were
    /// plain.
    static func randomGroup(seed: UInt64) -> (byValue: [Bool]?, byClp: [Bool]?, exact: [Bool], plain: Int) {
        var rng = SplitMix64(seed: 0xF1ED_51AC &+ seed)
        func pick<T>(_ values: [T]) -> T { values[Int(rng.next() % UInt64(values.count))] }
        let distances = [0, 1e-12, 1e-9, 1e-8, 5e-8, 2e-7, 1e-6, 3e-4, 0.25, 1, 40]
        let n = 6, errorColumns = Int(1 + rng.next() % 6)
        let infinity = PartModel.infinity
        var cl = [Double](repeating: -infinity, count: n + errorColumns)
        var cu = [Double](repeating: infinity, count: n + errorColumns)
        var fixedValues = [Double](repeating: .nan, count: n + errorColumns)
        var value = [Double](repeating: 0, count: n)
        for j in 0 ..< n {
            value[j] = Double(Int(rng.next() % 21) - 10) * pick([1, 0.5, 1.25])
            if rng.next() % 2 == 0 {
                cl[j] = value[j]
                cu[j] = value[j]
            } else {
                fixedValues[j] = value[j]
            }
        }
        var rows: [FaceRowsSettledTests.Row] = [], rl: [Double] = [], ru: [Double] = [], exact: [Bool] = []
        let rowCount = Int(2 + rng.next() % 8)
        for _ in 0 ..< rowCount {
            var terms: [(Int32, Double)] = []
            for j in 0 ..< n where rng.next() % 3 == 0 { terms.append((Int32(j), pick([1.0, -1, 2, 0.5]))) }
            if terms.isEmpty { terms.append((Int32(rng.next() % UInt64(n)), 1)) }
            let s = terms.reduce(0.0) { $0 + $1.1 * value[Int($1.0)] }
            let d = pick(distances)
            // The model's bounds put the row's value `s` exactly `d` from
            // the side `fixedRows` measures from (a sum in another order
            // may round otherwise: the exact LP reads the same `s`).
            switch rng.next() % 3 {
            case 0: rl.append(s - d); ru.append(infinity)
            case 1: rl.append(-infinity); ru.append(s + d)
            default: rl.append(s - d); ru.append(s + pick([0.5, 3]))
            }
            rows.append((terms, 0, .greaterOrEqual, .required))
            exact.append(min(1, rl.last! > -infinity / 2 ? s - rl.last! : ru.last! - s) <= 1e-7)
        }
        var errorExact: [Bool] = []
        for e in 0 ..< errorColumns {
            let v = pick(distances)
            cl[n + e] = 0
            fixedValues[n + e] = v
            errorExact.append(min(1, v) <= 1e-7)
        }
        let part = FaceRowsSettledTests.part(n, rows)
        let none = [Int32](repeating: -1, count: rowCount)
        let openRow = (0 ..< Int32(rowCount)).map { $0 }
        let openError = (0 ..< Int32(errorColumns)).map { Int32(n) + $0 }
        let group = ClpPartSolver.SettlingGroup(rows: openRow, openRows: openRow,
                                                openErrors: (0 ..< Int32(errorColumns)).map { $0 },
                                                ofFixedColumns: true)
        var local = [Int32](repeating: -1, count: n + errorColumns)
        let (byValue, byClp) = ClpPartSolver.lock.withLock { _ in
            (ClpPartSolver.settleFixedSlacks(
                group, part: part, errors: (none, none), fixedValues: fixedValues, openRow: openRow,
                openError: openError, rowLower: rl, rowUpper: ru, columnLower: cl, columnUpper: cu, local: &local,
                refactorInterval: nil),
             ClpPartSolver.settleGroup(
                group, part: part, errors: (none, none), fixedValues: fixedValues, openRow: openRow,
                openError: openError, rowLower: rl, rowUpper: ru, columnLower: cl, columnUpper: cu, local: &local,
                refactorInterval: nil))
        }
        var plain = 0
        for i in 0 ..< rowCount {
            let s = rows[i].terms.reduce(0.0) { $0 + $1.1 * value[Int($1.0)] }
            let stays = rl[i] > -infinity / 2
                ? ClpPartSolver.fixedSlackStays(upTo: s - rl[i], from: ru[i] < infinity / 2 ? s - ru[i] : nil)
                : ClpPartSolver.fixedSlackStays(upTo: ru[i] - s, from: nil)
            if stays != nil { plain += 1 }
        }
        for e in 0 ..< errorColumns where ClpPartSolver.fixedSlackStays(upTo: fixedValues[n + e], from: nil) != nil {
            plain += 1
        }
        #expect(local.allSatisfy { $0 == -1 }, "seed \(seed): the scratch array is left as it came")
        return (byValue, byClp, exact + errorExact, plain)
    }

    @Test(arguments: 0 ..< 200 as Range<UInt64>)
    func theGroupIsDecidedAsTheOneModelDecidesIt(seed: UInt64) throws {
        let (byValue, byClp, exact, _) = Self.randomGroup(seed: seed)
        let decided = try #require(byValue, "seed \(seed)")
        #expect(decided == exact, "seed \(seed)")
        #expect(byClp == byValue, "seed \(seed)")
    }

    @Test func theRandomGroupsMixPlainAndToleranceSlacks() {
        // Both kinds occur, so both paths of `settleFixedSlacks` are tried.
        var plain = 0, all = 0
        for seed in 0 ..< 200 as Range<UInt64> {
            let group = Self.randomGroup(seed: seed)
            plain += group.plain
            all += group.exact.count
        }
        #expect(plain > all / 2 && plain < all - 100, "\(plain) plain of \(all)")
    }

    /// The face with the plain slacks decided by value (the default) and
    /// with all of them through Clp.
    static func faces(_ part: LinearPart) -> (byValue: ClpPartSolver.Outcome, byClp: ClpPartSolver.Outcome) {
        let byValue = ClpPartSolver(splitsRemainders: false)
        var byClp = byValue
        byClp.decidesFixedSlacks = false
        return ClpPartSolver.lock.withLock { _ in
            (byValue.solveLocked(part, face: true), byClp.solveLocked(part, face: true))
        }
    }

    @Test(arguments: 0 ..< 120)
    func theGuideFacesAreTheSame(seed: UInt64) {
        let (byValue, byClp) = Self.faces(FaceChainedColumnsTests.guidePart(seed: seed))
        #expect(byValue.fixedRows != nil, "seed \(seed)")
        #expect(byValue.fixedRows == byClp.fixedRows, "seed \(seed)")
        #expect(byValue.faceRows == byClp.faceRows, "seed \(seed)")
        #expect(byValue.settlingGroups == byClp.settlingGroups, "seed \(seed)")
    }

    @Test(arguments: 0 ..< 3 as Range<UInt64>)
    func thePrioritiesFacesAreTheSame(seed: UInt64) throws {
        // Every column of these faces is fixed through the chains: the
        // settling LP is the group of one-column LPs alone.
        let system = LargePartTests.priorities(rows: 120 + 40 * Int(seed), seed: 62_100 + seed).system
        let (byValue, byClp) = Self.faces(FacePromotionCapTests.part(system))
        let fixed = try #require(byValue.fixedRows, "seed \(seed)")
        #expect(fixed.contains(true) && fixed.contains(false), "seed \(seed)")
        #expect(byValue.settlingGroups == 1 && byValue.faceRows.toTheLP > 20, "seed \(seed): \(byValue.faceRows)")
        #expect(byValue.fixedRows == byClp.fixedRows, "seed \(seed)")
        #expect(byValue.faceRows == byClp.faceRows, "seed \(seed)")
    }
}
