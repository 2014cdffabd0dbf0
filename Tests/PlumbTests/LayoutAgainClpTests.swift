import Synchronization
import Testing
@testable import Plumb
@testable import PlumbClp
import PlumbAPIWorkloads
import PlumbSolver

/// A chart grid tree laid out again through `root.layout` with its large
/// part on Clp (the options given to the tree's record, as a program that
/// sets `SolveOptions.defaultLargePartSolver` gets them): the first layout
/// is a fresh layout's frames bit for bit, and each layout again after a
/// change (the width, a wish's constant, an intrinsic height, a required
/// gap widened past the wished one, narrowed, back) is a fresh layout's of the changed tree to Clp's tolerance, from the
/// bases the first solve kept; with `exactSolvesAgain`, bit for bit.
@Suite struct LayoutAgainClpTests {
    /// Counts the replays of the Clp sessions the records ask for.
    final class Replays: LargePartSolver, @unchecked Sendable {
        let clp = ClpPartSolver()
        private let sessions = Mutex<[ClpSession]>([])
        var name: String { "clp, replays counted" }
        var total: Int { sessions.withLock { all in all.map(\.replays).reduce(0, +) } }
        /// Levels the replays knew could not hold at zero error any more
        /// (a wish kept off its value by a required row of the same terms),
        /// and levels released after a dual that found them infeasible.
        var pinned: Int { sessions.withLock { all in all.map(\.pinnedTrials).reduce(0, +) } }
        var released: Int { sessions.withLock { all in all.map(\.releasedLevels).reduce(0, +) } }
        func solve(_ part: LinearPart) -> [Double]? { clp.solve(part) }
        func makeSession() -> any LargePartSolver {
            let made = ClpSession(clp)
            sessions.withLock { $0.append(made) }
            return made
        }
    }

    /// The changes, in order: each layout again follows one more.
    static var changes: [(name: String, width: Double, apply: (APITree) -> Void)] { [
        ("nothing", 1024, { _ in }),
        ("width", 800, { _ in }),
        ("a wish's constant", 800, { $0.firstLength.constant += 4 }),
        ("an intrinsic height", 800, { $0.intrinsicView!.intrinsicContentSize.height! += 4 }),
        // 12 -> 16: past the gap of 12 wished at 750, which can no longer hold.
        ("a required gap", 800, { $0.requiredConstant!.constant += 4 }),
        ("the required gap narrowed", 800, { $0.requiredConstant!.constant -= 6 }),
        ("the required gap back", 800, { $0.requiredConstant!.constant += 2 }),
        ("width again", 960, { _ in }),
    ] }

    static func frames(_ tree: APITree) -> [Rect] { ([tree.root] + tree.views).map(\.frame) }

    static func layout(_ tree: APITree, width: Double, options: SolveOptions) throws {
        try TreeLayoutCache.$options.withValue(options) { try tree.root.layout(width: width, height: 768) }
    }

    @Test(arguments: [false, true])
    func chartgridLaidOutAgainIsAFreshLayout(exact: Bool) throws {
        let shape = APIShape.chartgrid
        let lengths = shape.lengths(units: shape.units(views: 600))
        let replays = Replays()
        var options = SolveOptions()
        options.largePartSolver = replays
        options.largePartThreshold = 50
        options.exactSolvesAgain = exact
        var fresh = options
        fresh.largePartSolver = ClpPartSolver()
        let tree = APIWorkloads.build(shape, frontEnd: .sfl, lengths: lengths)
        var largest = 0.0
        for (step, change) in Self.changes.enumerated() {
            let replaysBefore = replays.total
            change.apply(tree)
            try Self.layout(tree, width: change.width, options: options)
            // Each change after the first layout (a required gap too) starts Clp from its last bases.
            if !exact && step > 0 { #expect(replays.total > replaysBefore, "\(change.name) was not replayed") }
            // The same tree built with every change so far, laid out once.
            let reference = APIWorkloads.build(shape, frontEnd: .sfl, lengths: lengths)
            for earlier in Self.changes[...step] { earlier.apply(reference) }
            try Self.layout(reference, width: change.width, options: fresh)
            let (a, b) = (Self.frames(tree), Self.frames(reference))
            if step == 0 || exact {
                #expect(a == b, "\(change.name)")
                continue
            }
            for (p, q) in zip(a, b) {
                for (x, y) in [(p.x, q.x), (p.y, q.y), (p.width, q.width), (p.height, q.height)] {
                    largest = max(largest, abs(x - y) / max(1, abs(y)))
                }
            }
            #expect(largest <= 1e-6, "\(change.name): frames \(largest) apart")
        }
        // Every layout again went through the record.
        #expect(tree.root.layoutCache?.reuses == Self.changes.count - 1)
        if exact {
            #expect(replays.total == 0)
        } else {
            #expect(replays.total >= 4, "\(replays.total) replays")
            // The widened gap released the wishes' level, known from the pair without asking Clp.
            #expect(replays.pinned >= 1 && replays.pinned == replays.released, "\(replays.pinned) of \(replays.released)")
        }
    }
}
