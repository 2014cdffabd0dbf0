import Foundation
import Testing
import PlumbTestSupport
import PlumbAPIWorkloads
@_spi(Lowering) import PlumbSolver
@testable import Plumb

/// A tree's first layout takes the arrays earlier layouts gave back
/// (`SpareArrays`: the planner's, the block order's, the lowered tree's
/// record and origins), and whether an array was kept or fresh changes no
/// frame; an array is taken by one layout at a time, also with layouts on
/// several threads sharing one shelf.
@Suite struct SpareArraysTests {
    /// A tree of `shape` with about `views` views, its lengths drawn from
    /// `seed`, built with `frontEnd`.
    static func tree(_ shape: APIShape, views: Int, seed: UInt64, frontEnd: APIFrontEnd) -> APITree {
        let lengths = shape.lengths(units: shape.units(views: views), seed: seed)
        return APIWorkloads.build(shape, frontEnd: frontEnd, lengths: lengths)
    }

    /// Every frame of `tree`, root first, as bits.
    static func frames(_ tree: APITree) -> [UInt64] {
        ([tree.root] + tree.views).flatMap { view in
            [view.frame.x, view.frame.y, view.frame.width, view.frame.height].map(\.bitPattern)
        }
    }

    /// The frames of the tree `make` builds, laid out on a shelf of its own
    /// that starts empty (every array fresh), at `width` and then at 700.
    static func freshFrames(_ make: () -> APITree, width: Double) throws -> [[UInt64]] {
        try SpareArrays.withOwnShelf {
            try SystemBuilder.SpareSystem.withOwnSlot {
                let tree = make()
                try tree.root.layout(width: width, height: 768)
                let first = frames(tree)
                try tree.root.layout(width: 700, height: 768)
                return [first, frames(tree)]
            }
        }
    }

    /// Trees of the four shapes and sizes from 20 to 120 views, one after
    /// another on one shelf (larger and smaller than the arrays kept, so
    /// kept arrays are grown and are larger than asked): each tree's frames,
    /// first and again after a width change, are those of the same tree laid
    /// out with fresh arrays; the shelf holds arrays once the first tree is gone.
    @Test func keptArraysGiveAFreshLayoutsFrames() throws {
        let shelf = SpareArrays.Shelf()
        var rng = SplitMix64(seed: 34_001)
        var kept: [Int] = []
        for round in 0 ..< 8 {
            let shape = APIShape.allCases.randomElement(using: &rng)!
            let frontEnd = APIFrontEnd.allCases.randomElement(using: &rng)!
            let views = Int.random(in: 20 ... 120, using: &rng), seed = rng.next()
            let width = Double(Int.random(in: 600 ... 1200, using: &rng))
            let make = { Self.tree(shape, views: views, seed: seed, frontEnd: frontEnd) }
            let expected = try Self.freshFrames(make, width: width)
            let got = try SpareArrays.withOwnShelf(shelf) {
                try SystemBuilder.SpareSystem.withOwnSlot {
                    let tree = make()
                    try tree.root.layout(width: width, height: 768)
                    let first = Self.frames(tree)
                    try tree.root.layout(width: 700, height: 768)
                    return [first, Self.frames(tree)]
                }
            }
            #expect(got == expected, "round \(round): \(shape) \(views) views, \(frontEnd)")
            kept.append(shelf.counts.arrays)
        }
        // Each tree's record and planner gave their arrays when the tree went.
        #expect(kept.allSatisfy { $0 >= 8 }, "arrays on the shelf after each tree: \(kept)")
        #expect(shelf.counts.bytes <= SpareArrays.byteLimit)
    }

    /// Arrays are taken emptied, with at least the room asked; the smallest
    /// that fits is taken first; what exceeds the bound is not kept.
    @Test func takeAndGive() {
        SpareArrays.withOwnShelf {
            SpareArrays.give([Int32](repeating: 7, count: 100))
            SpareArrays.give([Int32](repeating: 8, count: 1_000))
            SpareArrays.give([Double](repeating: 9, count: 50))
            #expect(SpareArrays.shelf.counts.arrays == 3)
            let a: [Int32] = SpareArrays.take(capacity: 90)
            #expect(a.isEmpty && a.capacity >= 100 && a.capacity < 1_000)
            let b = SpareArrays.take(repeating: Int32(-1), count: 2_000)
            #expect(b == [Int32](repeating: -1, count: 2_000))
            let c: [Int32] = SpareArrays.take(capacity: 5)
            #expect(c.isEmpty && c.capacity >= 5)
            #expect(SpareArrays.shelf.counts.arrays == 1)
            SpareArrays.give([UInt8](repeating: 0, count: SpareArrays.byteLimit))
            #expect(SpareArrays.shelf.counts.arrays == 1)
            for _ in 0 ..< SpareArrays.perType + 2 { SpareArrays.give([Int16](repeating: 1, count: 8)) }
            #expect(SpareArrays.shelf.counts.arrays == 1 + SpareArrays.perType)
        }
    }

    /// `take(count:initializingWith:)` hands its body room for the count
    /// asked, fresh or kept (then holding what it held, or zeros beyond
    /// that), and the array is what the body wrote, as many as it says.
    @Test func takeWithRoomIsWhatTheBodyWrote() {
        SpareArrays.withOwnShelf {
            // None kept: fresh room.
            let fresh: [Int32] = SpareArrays.take(count: 1_000) { room in
                #expect(room.count == 1_000)
                for i in 0 ..< 600 { room[i] = Int32(i) * 3 }
                return 600
            }
            #expect(fresh == (0 ..< 600).map { Int32($0) * 3 })
            // A kept array longer than asked: its room is cut to the count.
            SpareArrays.give([Int32](repeating: 5, count: 2_000))
            let cut: [Int32] = SpareArrays.take(count: 1_500) { room in
                #expect(room.count == 1_500)
                for i in 0 ..< 1_500 { room[i] = -Int32(i) }
                return 1_500
            }
            #expect(cut == (0 ..< 1_500).map { -Int32($0) })
            #expect(SpareArrays.shelf.counts.arrays == 0)
            // A kept array shorter than asked: grown to the count.
            SpareArrays.give(cut)
            let grown: [Int32] = SpareArrays.take(count: 3_000) { room in
                #expect(room.count == 3_000)
                for i in 0 ..< 10 { room[i] = 9 }
                return 10
            }
            #expect(grown == [Int32](repeating: 9, count: 10))
            #expect(SpareArrays.shelf.counts.arrays == 0)
            // The other takes still hand out kept arrays emptied or filled.
            SpareArrays.give(grown)
            let filled = SpareArrays.take(repeating: Int32(4), count: 20)
            #expect(filled == [Int32](repeating: 4, count: 20))
            SpareArrays.give(filled)
            let empty: [Int32] = SpareArrays.take(capacity: 20)
            #expect(empty.isEmpty && empty.capacity >= 20)
        }
    }

    /// A kept array much larger than the need (past `sizeRatio` and
    /// `slackBytes`) stays on the shelf and the need gets a fresh array; a
    /// need large enough takes it.
    @Test func aMuchLargerArrayIsNotTakenForASmallNeed() {
        SpareArrays.withOwnShelf {
            SpareArrays.give([Int32](repeating: 1, count: 400_000))
            let small: [Int32] = SpareArrays.take(capacity: 1_000)
            #expect(small.isEmpty && small.capacity < 400_000)
            let smallFilled = SpareArrays.take(repeating: Int32(0), count: 2_000)
            #expect(smallFilled.capacity < 400_000)
            let smallRoom: [Int32] = SpareArrays.take(count: 3_000) { _ in 0 }
            #expect(smallRoom.capacity < 400_000)
            #expect(SpareArrays.shelf.counts.arrays == 1)
            // Within the ratio: taken.
            let large: [Int32] = SpareArrays.take(capacity: 150_000)
            #expect(large.capacity >= 400_000)
            #expect(SpareArrays.shelf.counts.arrays == 0)
            // A small array is taken for a smaller need within the slack.
            SpareArrays.give([Int32](repeating: 1, count: 10_000))
            let withinSlack: [Int32] = SpareArrays.take(capacity: 10)
            #expect(withinSlack.capacity >= 10_000)
        }
    }

    /// A shelf with keeping turned off frees what it is given.
    @Test func aShelfThatDoesNotKeep() {
        let shelf = SpareArrays.Shelf()
        shelf.isKeeping = false
        SpareArrays.withOwnShelf(shelf) {
            SpareArrays.give([Int32](repeating: 1, count: 100))
            SpareArrays.give([Double](repeating: 1, count: 100))
        }
        #expect(shelf.counts.arrays == 0 && shelf.counts.bytes == 0)
        shelf.isKeeping = true
        SpareArrays.withOwnShelf(shelf) { SpareArrays.give([Int32](repeating: 1, count: 100)) }
        #expect(shelf.counts.arrays == 1)
    }

    /// Four threads lay out trees of different shapes and sizes at once,
    /// all giving to and taking from one shelf: every tree's frames are
    /// those of the same tree laid out with fresh arrays.
    @Test func threadsSharingAShelf() throws {
        let shelf = SpareArrays.Shelf()
        let threads = 4, rounds = 3
        // Expected frames first, on this thread.
        var plans: [[(make: @Sendable () -> APITree, width: Double, expected: [[UInt64]])]] = []
        var rng = SplitMix64(seed: 34_002)
        for _ in 0 ..< threads {
            var plan: [(make: @Sendable () -> APITree, width: Double, expected: [[UInt64]])] = []
            for _ in 0 ..< rounds {
                let shape = APIShape.allCases.randomElement(using: &rng)!
                let frontEnd = APIFrontEnd.allCases.randomElement(using: &rng)!
                let views = Int.random(in: 20 ... 120, using: &rng), seed = rng.next()
                let width = Double(Int.random(in: 600 ... 1200, using: &rng))
                let make: @Sendable () -> APITree = { Self.tree(shape, views: views, seed: seed, frontEnd: frontEnd) }
                plan.append((make, width, try Self.freshFrames(make, width: width)))
            }
            plans.append(plan)
        }
        let mismatches = Mismatches()
        let group = DispatchGroup()
        for (t, plan) in plans.enumerated() {
            let box = PlanBox(plan: plan)
            group.enter()
            Thread {
                SpareArrays.withOwnShelf(shelf) {
                    for (round, step) in box.plan.enumerated() {
                        let tree = step.make()
                        try? tree.root.layout(width: step.width, height: 768)
                        let first = Self.frames(tree)
                        try? tree.root.layout(width: 700, height: 768)
                        if [first, Self.frames(tree)] != step.expected { mismatches.add("thread \(t) round \(round)") }
                    }
                }
                group.leave()
            }.start()
        }
        group.wait()
        #expect(mismatches.all.isEmpty, "\(mismatches.all)")
        #expect(shelf.counts.arrays > 0)
    }

    final class PlanBox: @unchecked Sendable {
        let plan: [(make: @Sendable () -> APITree, width: Double, expected: [[UInt64]])]
        init(plan: [(make: @Sendable () -> APITree, width: Double, expected: [[UInt64]])]) { self.plan = plan }
    }

    final class Mismatches: @unchecked Sendable {
        private let lock = NSLock()
        private var notes: [String] = []
        func add(_ note: String) { lock.withLock { notes.append(note) } }
        var all: [String] { lock.withLock { notes } }
    }
}
