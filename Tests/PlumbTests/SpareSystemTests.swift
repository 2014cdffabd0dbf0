import Testing
import PlumbTestSupport
@_spi(Lowering) import PlumbSolver
@testable import Plumb

/// A view tree's layout lowers into the arrays of a system an earlier
/// layout record gave back (`SystemBuilder.SpareSystem`), emptied by
/// `ConstraintSystem.removeAllKeepingCapacity()`; and the record keeps only
/// the multipliers other than 1 (`TreeLowering.Record.otherMultipliers`).
@Suite struct SpareSystemTests {
    /// Names keyed rows by their key.
    final class Keys: OriginSource, @unchecked Sendable {
        let tag: String
        init(_ tag: String) { self.tag = tag }
        func origin(forKey key: UInt64) -> Origin { Origin(kind: .constraint, text: "\(tag) \(key)") }
    }

    /// Adds to `builder` a random layout of `views` views (the root's four
    /// rows; each view placed from its parent and sized, required; then
    /// optional rows and inequalities at `priorities`, and intrinsic sizes),
    /// all drawn from `rng`.
    static func addRandomRows(
        to builder: inout SystemBuilder, views: Int, priorities: [Priority], rng: inout SplitMix64
    ) {
        func number() -> Double { Double(Int.random(in: -200 ... 400, using: &rng)) / 4 }
        builder.fixRoot(width: Double(Int.random(in: 50 ... 900, using: &rng)), height: 480, rootID: "root",
                        fitHeight: Bool.random(using: &rng))
        var key: UInt64 = 0
        func add(_ v: Int, _ a: LayoutAttribute, _ r: Relation, _ m: Double, _ w: Int?, _ b: LayoutAttribute?,
                 _ p: Priority) {
            builder.addConstraint(ViewIndex(v), a, r, multiplier: m, w.map { ViewIndex($0) }, b, constant: number(),
                                  priority: p, origin: Bool.random(using: &rng)
                                    ? .key(key) : .stored(Origin(kind: .code, text: "stored \(key)")))
            key += 1
        }
        for v in 1 ..< views {
            let parent = Int.random(in: 0 ..< v, using: &rng)
            add(v, [.left, .centerX, .right].randomElement(using: &rng)!, .equal, 1, parent, .left, .required)
            add(v, .top, .equal, Double(Int.random(in: 1 ... 4, using: &rng)) / 2, parent, .bottom, .required)
            add(v, .width, .equal, 1, nil, nil, .required)
            add(v, .height, .equal, 0.5, v, .width, .required)
        }
        for _ in 0 ..< Int.random(in: 0 ... 3 * views, using: &rng) {
            let v = Int.random(in: 1 ..< views, using: &rng), w = Int.random(in: 0 ..< views, using: &rng)
            add(v, LayoutAttribute.allCases.filter { !$0.isBaseline }.randomElement(using: &rng)!,
                [.equal, .lessOrEqual, .greaterOrEqual].randomElement(using: &rng)!, 1, w,
                [.left, .right, .width, .centerY].randomElement(using: &rng)!, priorities.randomElement(using: &rng)!)
        }
        for v in 1 ..< views where Bool.random(using: &rng) {
            builder.addIntrinsicSize(
                ViewIndex(v), axis: Bool.random(using: &rng) ? .horizontal : .vertical, length: abs(number()),
                hugging: 250, resistance: 750,
                origins: (.stored(Origin(kind: .intrinsicSize, text: "h\(v)")), .key(key)))
            key += 1
        }
    }

    /// Every array of two systems, entry for entry (origins by their text).
    static func expectSame(_ a: ConstraintSystem, _ b: ConstraintSystem, _ note: String) {
        #expect(a.variableCount == b.variableCount, "\(note)")
        #expect(a.rowStart == b.rowStart, "\(note)")
        #expect(a.columns == b.columns, "\(note)")
        #expect(a.coefficients.map(\.bitPattern) == b.coefficients.map(\.bitPattern), "\(note)")
        #expect(a.constants.map(\.bitPattern) == b.constants.map(\.bitPattern), "\(note)")
        #expect(a.relations == b.relations, "\(note)")
        #expect(Array(a.priorities) == Array(b.priorities), "\(note)")
        #expect(a.origins.map(\.description) == b.origins.map(\.description), "\(note)")
    }

    /// 150 random layouts, each lowered into a fresh system and into one
    /// emptied after another random layout (with over 256 distinct
    /// priorities in every third, so that its priorities had gone wide, and
    /// its own origin source): the two systems are the same entry for
    /// entry, their solutions are the same bit for bit, every required row
    /// holds at the solution, and the emptied system kept its room.
    @Test func anEmptiedSystemLowersAsAFreshOne() throws {
        for seed in 0 ..< 150 {
            var rng = SplitMix64(seed: UInt64(seed))
            let many = (0 ..< 300).map { Priority(rawValue: 1 + Double($0) * 3.25)! }
            var before = SystemBuilder(viewCount: 16, rows: 64)
            before.originSource = Keys("before")
            Self.addRandomRows(to: &before, views: 16, priorities: seed % 3 == 0 ? many : [250, 500], rng: &rng)
            var spare = before.system
            before = SystemBuilder(viewCount: 1, rows: 0)  // the spare's arrays held once
            let room = spare.columns.capacity
            spare.removeAllKeepingCapacity()
            #expect(spare.rowCount == 0 && spare.nonzeroCount == 0 && spare.variableCount == 0)
            #expect(spare.columns.capacity == room, "seed \(seed): the room is kept")

            let views = Int.random(in: 2 ... 14, using: &rng)
            let priorities: [Priority] = [1, 250, 499.5, 750, 999]
            var reused = SystemBuilder(viewCount: views, rows: 8, reusing: spare)
            var fresh = SystemBuilder(viewCount: views, rows: 8)
            reused.originSource = Keys("after")
            fresh.originSource = Keys("after")
            var same = rng
            Self.addRandomRows(to: &reused, views: views, priorities: priorities, rng: &rng)
            Self.addRandomRows(to: &fresh, views: views, priorities: priorities, rng: &same)
            let a = reused.system, b = fresh.system
            Self.expectSame(a, b, "seed \(seed)")
            let x = try? a.solve(), y = try? b.solve()
            #expect(x != nil, "seed \(seed): the required rows are consistent")
            #expect(x?.values.map(\.bitPattern) == y?.values.map(\.bitPattern), "seed \(seed)")
            if let x {
                for r in 0 ..< a.rowCount where a.priorities[r].isRequired {
                    #expect(a.violation(of: RowIndex(r), at: x.values) <= 1e-9, "seed \(seed), row \(r)")
                }
            }
        }
    }

    /// `multiplierBits(of:in:)` against a dictionary of the same multipliers,
    /// for 200 random sparse lists (and every position, listed or not).
    @Test func otherMultipliersAreFoundByPosition() {
        var rng = SplitMix64(seed: 17)
        for _ in 0 ..< 200 {
            let count = Int.random(in: 0 ... 60, using: &rng)
            var listed: [(constraint: Int32, bits: UInt64)] = []
            var expected: [Int: UInt64] = [:]
            for k in 0 ..< count where Int.random(in: 0 ..< 4, using: &rng) == 0 {
                let bits = (Double(Int.random(in: -8 ... 8, using: &rng)) / 4).bitPattern
                guard bits != TreeLowering.Record.unitMultiplier else { continue }
                listed.append((Int32(k), bits))
                expected[k] = bits
            }
            for k in 0 ..< count {
                #expect(TreeLowering.Record.multiplierBits(of: k, in: listed)
                        == expected[k] ?? (1.0).bitPattern, "position \(k) of \(count)")
            }
        }
    }

    /// A multiplier changed between layouts, from 1 and back to 1 (the
    /// record lists only those other than 1), lowers afresh: the frames are
    /// the ones of a tree that lowers every time.
    @Test func multipliersChangedToAndFromOneLowerAfresh() throws {
        let root = View("root"), a = View("a"), b = View("b")
        root.addSubview(a)
        root.addSubview(b)
        let width = Constraint(b, .width, .equal, a, .width, multiplier: 1, constant: 10)
        Constraint.activate([
            Constraint(a, .left, .equal, root, .left), Constraint(a, .top, .equal, root, .top),
            Constraint(a, .width, .equal, root, .width, multiplier: 0.25),
            Constraint(a, .height, .equal, root, .height, multiplier: 0.5),
            Constraint(b, .left, .equal, a, .right), Constraint(b, .top, .equal, a, .top),
            width, Constraint(b, .height, .equal, a, .height),
        ])
        for (multiplier, expected) in [(1.0, 110.0), (2, 210), (1, 110), (0.5, 60), (1, 110)] {
            width.multiplier = multiplier
            try root.layout(width: 400, height: 300)
            #expect(b.frame == Rect(x: 100, y: 0, width: expected, height: 150), "\(multiplier)")
        }
    }

    /// A constant set while another copy of the system shares the
    /// constants (as a compiled system's first solve keeps them) leaves the
    /// written system with its reserved room, not an array of exactly its
    /// rows, with the values written, and the other copy as it was. (Emptied
    /// and filled again, such a system then holds the next lowering's rows
    /// without reallocating its constants.)
    @Test func constantsSetWhileSharedKeepTheirRoom() {
        var rng = SplitMix64(seed: 19_015)
        for round in 0 ..< 40 {
            let views = Int.random(in: 2 ... 60, using: &rng)
            var builder = SystemBuilder(viewCount: views, rows: 12 * views)
            builder.originSource = Keys("k")
            Self.addRandomRows(to: &builder, views: views, priorities: [.required, 250, 750], rng: &rng)
            var system = builder.system
            let room = system.constants.capacity
            #expect(room > system.rowCount, "round \(round)")
            let shared = system
            let before = system.constants.map(\.bitPattern)
            var expected = before
            for _ in 0 ..< Int.random(in: 1 ... 5, using: &rng) {
                let r = Int.random(in: 0 ..< system.rowCount, using: &rng)
                let value = Double(Int.random(in: -400 ... 400, using: &rng)) / 8
                system.setConstant(value, ofRow: RowIndex(r))
                expected[r] = value.bitPattern
            }
            #expect(system.constants.capacity >= room, "round \(round)")
            #expect(system.constants.map(\.bitPattern) == expected, "round \(round)")
            #expect(shared.constants.map(\.bitPattern) == before, "round \(round)")
        }
    }

    /// Where `system`'s rows and terms are stored.
    private static func storage(_ system: ConstraintSystem) -> [UInt] {
        func at<T>(_ a: [T]) -> UInt { a.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } }
        return [at(system.rowStart), at(system.columns), at(system.coefficients), at(system.constants),
                at(system.relations)]
    }

    /// A builder given an emptied system (as a layout gives it the spare)
    /// writes its rows into that system's storage: the system is moved in,
    /// not copied (the room reserved for a copy would be new storage).
    @Test func aBuilderWritesIntoTheSystemItIsGiven() {
        var rng = SplitMix64(seed: 22_002)
        for round in 0 ..< 30 {
            let views = Int.random(in: 2 ... 60, using: &rng)
            var first = SystemBuilder(viewCount: views, rows: 12 * views)
            first.originSource = Keys("a")
            Self.addRandomRows(to: &first, views: views, priorities: [.required, 250], rng: &rng)
            var spare = first.system
            first = SystemBuilder(viewCount: 1, rows: 0)  // the builder's copy goes
            spare.removeAllKeepingCapacity()
            let storage = Self.storage(spare)
            let fewer = Int.random(in: 2 ... views, using: &rng)
            var builder = SystemBuilder(viewCount: fewer, rows: 12 * fewer, reusing: Optional(consume spare))
            builder.originSource = Keys("b")
            Self.addRandomRows(to: &builder, views: fewer, priorities: [.required, 750], rng: &rng)
            #expect(Self.storage(builder.system) == storage, "round \(round)")
        }
    }

    /// Trees of the same shape laid out one after another, each freed
    /// before the next is built (laid out again after a constant and the
    /// width changed first, as an application would): each tree's system
    /// is stored where the previous tree's was. The record hands its
    /// system to the spare by a move: a copy still alive when the arrays
    /// were emptied made them new storage (the same room, fresh memory).
    /// The rounds run with a spare of their own (other tests lay out trees
    /// at the same time and would take the process's): every round after
    /// the first reuses the storage (a copy made that none did).
    @Test func treesOneAfterAnotherLowerIntoTheSameStorage() throws {
        try SystemBuilder.SpareSystem.withOwnSlot { try Self.layOutTreesOneAfterAnother() }
    }

    private static func layOutTreesOneAfterAnother() throws {
        var rng = SplitMix64(seed: 22_001)
        var previous: [UInt]? = nil
        var reused = 0
        let rounds = 12
        for round in 0 ..< rounds {
            let root = View("root")
            var constraints: [Constraint] = []
            var last = root
            for i in 0 ..< 40 {
                let v = View("v\(i)")
                root.addSubview(v)
                constraints += [
                    Constraint(v, .left, .equal, root, .left, constant: Double(i)),
                    Constraint(v, .top, .equal, last, .top, constant: Double(Int.random(in: 1 ... 9, using: &rng))),
                    Constraint(v, .width, .equal, root, .width, multiplier: 0.5),
                    Constraint(v, .height, .equal, constant: 8),
                ]
                last = v
            }
            Constraint.activate(constraints)
            try root.layout(width: 320, height: 480)
            let cache = try #require(root.layoutCache)
            let first = Self.storage(cache.currentSystem)
            if first == previous { reused += 1 }
            constraints[1].constant += 1
            try root.layout(width: 320, height: 480)
            try root.layout(width: 300, height: 480)
            #expect(Self.storage(cache.currentSystem) == first, "round \(round)")
            #expect(cache.reuses == 2, "round \(round)")
            previous = first
        }
        #expect(reused == rounds - 1, "\(reused) of \(rounds - 1) lowerings reused the previous tree's storage")
    }
}
