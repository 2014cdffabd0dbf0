import Testing
@testable import PlumbClp
import PlumbTestSupport
@testable import PlumbSolver

/// The least point kept for the crash of the level after it is kept by its
/// entries that are not `+0.0` while the warm probe runs, and made dense
/// again only when the crash reads it (`GreedyCrash.Start`).
@Suite struct KeptLeastPointTests {
    typealias ClpLog = LargePartTests.ClpLog

    /// Every bit of the point comes back: `-0.0`, the smallest subnormal,
    /// infinities and a NaN with a payload are kept as entries, `+0.0` is
    /// not; the kept columns increase.
    @Test func aKeptPointGivesBackEveryBit() {
        let special: [Double] = [
            0, -0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .infinity, -.infinity,
            Double(bitPattern: 0x7FF8_0000_0000_1234), 1e-300, 1, -1, 0.1, 12.5, .greatestFiniteMagnitude,
        ]
        var values: [Double] = []
        // Mostly zero, as a least point's error columns are.
        for j in 0 ..< 1_000 { values.append(j % 7 == 0 ? special[(j / 7) % special.count] : 0) }
        values.append(contentsOf: special)
        let start = GreedyCrash.Start(values: values, setters: [3, 1, 2])
        let back = start.values
        #expect(back.count == values.count && start.columnCount == values.count && start.setters == [3, 1, 2])
        #expect(zip(back, values).allSatisfy { $0.bitPattern == $1.bitPattern })
        let kept = values.filter { $0.bitPattern != 0 }.count
        #expect(start.nonzeroColumns.count == kept && start.nonzeroValues.count == kept)
        #expect(zip(start.nonzeroColumns, start.nonzeroColumns.dropFirst()).allSatisfy { $0 < $1 })
        #expect(kept < values.count / 4, "\(kept) of \(values.count) kept")
        // A point of only +0.0 keeps nothing and still gives its length back.
        let empty = GreedyCrash.Start(values: [Double](repeating: 0, count: 17), setters: [])
        #expect(empty.nonzeroColumns.isEmpty && empty.values == [Double](repeating: 0, count: 17))
    }

    /// Sixty shelves of `degenerate` and of `levels` (as the crash's own
    /// tests): the warm probe stalls, the part goes back to the least
    /// point's basis and the crash reads the kept point, and Clp confirms
    /// the crash as before; the kept point holds fewer entries than the
    /// model has columns. The answers are those without the crash, to 1e-9.
    @Test func theCrashReadsTheKeptPoint() throws {
        for contradicting in [[], [240, 230, 220, 210, 200]] as [[Priority]] {
            let b = LargePartTests.crashShelves(contradicting: contradicting, capped: false, pushed: false)
            let label = "\(contradicting.count) contradicting levels"
            let crashed = ClpLog(ClpPartSolver()), uncrashed = ClpLog(ClpPartSolver(crashesGreedyLevel: false))
            let (lp, other) = try LargePartTests.solved(b.system, by: (crashed, uncrashed))
            #expect(crashed.crashTried == 1 && crashed.crashed == 1 && crashed.leastPointRestarts == 1, "\(label)")
            #expect(uncrashed.crashTried == 0 && uncrashed.crashPointColumns == 0, "\(label)")
            #expect(crashed.crashPointColumns > 0 && crashed.crashPointEntries > 0, "\(label)")
            #expect(crashed.crashPointEntries < crashed.crashPointColumns,
                    "\(label): \(crashed.crashPointEntries) of \(crashed.crashPointColumns) kept")
            #expect(referenceRequiredRowsHold(b.rows, lp.values), "\(label)")
            let la = referenceLevelViolations(b.rows, lp.values), lb = referenceLevelViolations(b.rows, other.values)
            #expect(referenceCompareLevels(la, lb, tolerance: 1e-9) == 0, "\(label): \(la) vs \(lb)")
        }
    }
}
