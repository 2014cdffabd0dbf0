import CClpSimplex
import Synchronization
import Testing
@testable import Plumb
@testable import PlumbClp
import PlumbAPIWorkloads
import PlumbSolver

/// The shim's own step of Clp's presolve that takes redundant rows out of
/// their columns (`useless_constraint_action` in CoinUtils), which looks a
/// row up in a long column instead of searching the column from its start:
/// presolve's matrix comes out as CoinUtils' own step leaves it, so every
/// frame is the same to the bit.
@Suite struct PresolveRowsTests {
    /// Clp for the large parts with the rows looked up (`lookingUp`) or the
    /// step left to CoinUtils; the switch is the thread's, so it is set
    /// around each part's solve on the thread that solves it.
    final class PresolveLog: LargePartSolver, @unchecked Sendable {
        let clp = ClpPartSolver()
        let lookingUp: Bool
        private let counts = Mutex<(found: Int, promoted: Int)>((0, 0))
        init(lookingUp: Bool) { self.lookingUp = lookingUp }
        var name: String { "clp, presolve's rows \(lookingUp ? "looked up" : "searched")" }
        func solve(_ part: LinearPart) -> [Double]? {
            let (report, found) = Self.lookingUp(lookingUp) { clp.solveReporting(part) }
            counts.withLock { $0 = (found: $0.found + found, promoted: $0.promoted + (report.promoted ? 1 : 0)) }
            return report.values
        }
        /// `body`'s answer with the thread's switch set, and the rows
        /// presolve looked up meanwhile.
        static func lookingUp<T>(_ on: Bool, _ body: () -> T) -> (T, Int) {
            plumb_clp_set_column_rows(on ? 1 : 0)
            defer { plumb_clp_set_column_rows(1) }
            let before = plumb_clp_presolve_rows_found()
            let answer = body()
            return (answer, Int(plumb_clp_presolve_rows_found() - before))
        }
        var found: Int { counts.withLock { $0.found } }
        var promoted: Int { counts.withLock { $0.promoted } }
    }

    /// `chartgrid` trees (generate.py's, through the API workloads) tall
    /// enough that the column edges have an entry in well over 64 rows:
    /// Clp's presolve in the promotion and in the cold level after it takes
    /// out a repeated row a row of charts, each with an entry in a column
    /// edge's long column, found through the index; with the switch off
    /// none is, and the frames are the same to the bit either way.
    @Test(arguments: [2_000, 3_000])
    func chartGridFramesAreCoinUtilsOwn(views: Int) throws {
        let shape = APIShape.chartgrid
        let lengths = shape.lengths(units: shape.units(views: views))
        var frames: [[Rect]] = []
        var logs: [PresolveLog] = []
        for lookingUp in [true, false] {
            let log = PresolveLog(lookingUp: lookingUp)
            var options = SolveOptions()
            options.largePartSolver = log
            let tree = APIWorkloads.build(shape, frontEnd: .sfl, lengths: lengths)
            try TreeLayoutCache.$options.withValue(options) { try tree.root.layout(width: 1024, height: 768) }
            frames.append(([tree.root] + tree.views).map(\.frame))
            logs.append(log)
        }
        #expect(logs[0].found > 500 && logs[1].found == 0, "\(logs[0].found), \(logs[1].found)")
        #expect(logs[0].promoted == 1 && logs[1].promoted == 1, "\(logs[0].promoted), \(logs[1].promoted)")
        #expect(frames[0] == frames[1])
        #expect(frames[0].count > views)
    }
}
