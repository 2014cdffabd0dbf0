import CClpSimplex
import Synchronization
import Testing
@testable import Plumb
import PlumbAPIWorkloads
import PlumbClp
import PlumbSolver

/// The cost of each pivot of the cold dual after `chartgrid`'s failed
/// promotion at 480 px (whose every FTRAN gives some thousand entries from
/// four, and whose row transformations grow with the pivots since the last
/// factorisation), made lower without moving a pivot: the shim's choice of
/// the U solve by the size of the last one (`plumb_clp_set_sized_u_solve`)
/// and `ClpPartSolver.failedPromotionRefactorInterval`. Each against
/// Clp's own path: the same frames to the bit, and counters that show the
/// two paths differ.
@Suite struct FailedPromotionDualTests {
    /// Clp for the large parts (`clp`) with the shim's U solve choice in
    /// `mode` (0: Clp's, 1: by the last size, 2: as 1, each moved solve also
    /// made Clp's way and compared); the switch is the thread's, so it is set
    /// around each part's solve on the thread that solves it.
    final class Counted: LargePartSolver, @unchecked Sendable {
        let clp: ClpPartSolver
        let mode: Int32
        private let counts = Mutex<(moved: Int, checked: Int, disagreed: Int, factorizations: Int)>((0, 0, 0, 0))
        init(_ clp: ClpPartSolver = ClpPartSolver(), mode: Int32 = 1) {
            self.clp = clp
            self.mode = mode
        }
        var name: String { "clp, sized U solve \(mode)" }
        func solve(_ part: LinearPart) -> [Double]? {
            plumb_clp_set_sized_u_solve(mode)
            defer { plumb_clp_set_sized_u_solve(1) }
            let moved = plumb_clp_sized_u_solves_moved(), checked = plumb_clp_sized_u_solves_checked()
            let disagreed = plumb_clp_sized_u_solves_disagreed(), factorizations = plumb_clp_factorizations()
            let values = clp.solve(part)
            counts.withLock {
                $0.moved += plumb_clp_sized_u_solves_moved() - moved
                $0.checked += plumb_clp_sized_u_solves_checked() - checked
                $0.disagreed += plumb_clp_sized_u_solves_disagreed() - disagreed
                $0.factorizations += plumb_clp_factorizations() - factorizations
            }
            return values
        }
        var moved: Int { counts.withLock { $0.moved } }
        var checked: Int { counts.withLock { $0.checked } }
        var disagreed: Int { counts.withLock { $0.disagreed } }
        var factorizations: Int { counts.withLock { $0.factorizations } }
    }

    /// A `chartgrid` tree of `views` views (`scripts/generate.py`'s, as
    /// `APIWorkloads` builds it) laid out at 480 x 768 with `solver` for its
    /// large part: the frames.
    static func frames(views: Int, seed: UInt64, solver: Counted) throws -> [Rect] {
        let shape = APIShape.chartgrid
        let lengths = shape.lengths(units: shape.units(views: views), seed: seed)
        let tree = APIWorkloads.build(shape, frontEnd: .sfl, lengths: lengths)
        var options = SolveOptions()
        options.largePartSolver = solver
        try TreeLayoutCache.$options.withValue(options) { try tree.root.layout(width: 480, height: 768) }
        return ([tree.root] + tree.views).map(\.frame)
    }

    /// The U solve chosen by the last size: the frames Clp's own choice
    /// gives, the walk taken, and every solve that took it compared with
    /// Clp's search made on a copy: the same entries, the same bits.
    @Test func theSizedUSolveGivesClpsBits() throws {
        // At 3,000 views the promotion's solves move (8); at 10,000 the cold
        // dual's, one a pivot.
        for (views, seed, least) in [(3_000, 61_000 as UInt64, 4), (10_000, 61_001, 200)] {
            let own = Counted(mode: 0), sized = Counted(mode: 1), checked = Counted(mode: 2)
            let a = try Self.frames(views: views, seed: seed, solver: own)
            let b = try Self.frames(views: views, seed: seed, solver: sized)
            let c = try Self.frames(views: views, seed: seed, solver: checked)
            #expect(a == b && a == c, "\(views) views: the frames differ")
            #expect(sized.moved >= least, "\(views) views: \(sized.moved) solves moved")
            #expect(checked.moved == sized.moved && checked.checked == checked.moved,
                    "\(views) views: \(checked.moved) moved, \(checked.checked) checked")
            #expect(checked.disagreed == 0, "\(views) views: \(checked.disagreed) results differ from Clp's")
            #expect(own.moved == 0 && own.checked == 0, "\(views) views: \(own.moved) moved with Clp's choice")
        }
    }

    /// The cold dual after the failed promotion refactorised every 20
    /// pivots (its 60-odd pivots at 3,000 views refactorise then, and not
    /// with the interval off): the same frames to the bit.
    @Test func refactorisingSoonerKeepsTheFrames() throws {
        var often = ClpPartSolver()
        often.failedPromotionRefactorInterval = 20
        var usual = ClpPartSolver()
        usual.failedPromotionRefactorInterval = nil
        for (views, seed) in [(3_000, 61_000 as UInt64), (4_000, 61_001)] {
            let a = Counted(usual), b = Counted(often)
            let framesA = try Self.frames(views: views, seed: seed, solver: a)
            let framesB = try Self.frames(views: views, seed: seed, solver: b)
            #expect(framesA == framesB, "\(views) views: the frames differ")
            #expect(b.factorizations >= a.factorizations + 2,
                    "\(views) views: \(b.factorizations) factorisations against \(a.factorizations)")
        }
    }
}
