import CClpSimplex
import Synchronization
import Testing
@testable import Plumb
import PlumbAPIWorkloads
import PlumbClp
import PlumbSolver

/// The cold dual after `chartgrid`'s failed promotion at 480 px, whose row
/// transformations grow with the pivots since the last factorisation,
/// refactorised at least every `ClpPartSolver.failedPromotionRefactorInterval`
/// pivots: against Clp's own timing, the same frames to the bit, and a
/// counter that shows the two paths differ.
@Suite struct FailedPromotionDualTests {
    /// Clp for the large parts, counting the factorisations Clp makes on
    /// the thread that solves each part.
    final class Counted: LargePartSolver, @unchecked Sendable {
        let clp: ClpPartSolver
        private let counts = Mutex<Int>(0)
        init(_ clp: ClpPartSolver) { self.clp = clp }
        var name: String { "clp, factorisations counted" }
        func solve(_ part: LinearPart) -> [Double]? {
            let before = plumb_clp_factorizations()
            let values = clp.solve(part)
            let after = plumb_clp_factorizations()
            counts.withLock { $0 += after - before }
            return values
        }
        var factorizations: Int { counts.withLock { $0 } }
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
