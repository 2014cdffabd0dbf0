import Foundation
import PlumbTestSupport
import Testing
@testable import Plumb

/// A view's `ViewReference` is a slot in a slab that many views share (up
/// to 256 made on one thread). These tests make more views than a slab
/// holds, relate them by constraints (active and inactive, some naming one
/// view twice), free some, and check that every constraint reads its views
/// as they are: the same view while it lives, `nil` once it is gone, and
/// that a view named twice is listed once.
@Suite struct ViewReferenceSlabTests {
    /// Builds `count` views and constraints between neighbours and at
    /// random (seeded), frees the views `freed` picks, and checks every
    /// constraint's views, the survivors' lists and their layout.
    private static func check(seed: UInt64, count: Int) -> Int {
        var rng = SplitMix64(seed: seed)
        let root = View("root")
        var held: [View?] = (0 ..< count).map { View("v\($0)") }
        let ids = held.map { ObjectIdentifier($0!) }
        for v in held { root.addSubview(v!) }
        var made: [(c: Constraint, a: Int, b: Int?)] = []
        for i in 0 ..< count {
            let j = Int(rng.next() % UInt64(count))
            let kind = rng.next() % 4
            let c: Constraint
            let b: Int?
            switch kind {
            case 0:
                c = Constraint(held[i]!, .width, .equal, constant: 10)
                b = nil
            case 1:
                // The same view twice: listed once.
                c = Constraint(held[i]!, .height, .equal, held[i]!, .width)
                b = i
            default:
                c = Constraint(held[i]!, .left, .equal, held[j]!, .right, constant: 1)
                b = j
            }
            if rng.next() % 3 != 0 { c.isActive = true }
            made.append((c, i, b))
        }
        // Free about a third of the views (their constraints stay held here).
        var gone = [Bool](repeating: false, count: count)
        for i in 0 ..< count where rng.next() % 3 == 0 {
            held[i]!.removeFromSuperview()
            held[i] = nil
            gone[i] = true
        }
        var issues = 0
        func expect(_ ok: Bool) { if !ok { issues += 1 } }
        for (c, a, b) in made {
            if gone[a] {
                expect(c.firstView == nil)
            } else {
                expect(c.firstView.map(ObjectIdentifier.init) == ids[a])
            }
            if let b {
                if gone[b] {
                    expect(c.secondView == nil)
                } else {
                    expect(c.secondView.map(ObjectIdentifier.init) == ids[b])
                }
            } else {
                expect(c.secondView == nil)
            }
        }
        // Each live view lists each active constraint naming it exactly once.
        for (i, view) in held.enumerated() {
            guard let view else { continue }
            var expected = 0
            for (c, a, b) in made where c.isActive && (a == i || b == i) { expected += 1 }
            expect(view.constraints.count == expected)
            expect(view.constraints.allSatisfy { $0.firstView === view || $0.secondView === view })
        }
        return issues
    }

    /// Three slabs' worth of views and more, a few seeds.
    @Test func referencesReadTheirViewsUntilTheyGo() {
        for seed in 0 ..< 4 as Range<UInt64> {
            #expect(Self.check(seed: seed &+ 77, count: 700 + Int(seed) * 37) == 0, "seed \(seed)")
        }
    }

    /// The same on four threads at once: each hands out slots from its own
    /// slab, and views are freed while other threads make theirs.
    @Test func referencesOnSeveralThreads() {
        let issues = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 4) { t in
            var found = 0
            for round in 0 ..< 3 {
                found += Self.check(seed: UInt64(t * 100 + round), count: 300 + 50 * t)
            }
            issues.withLock { $0 += found }
        }
        #expect(issues.withLock { $0 } == 0)
    }

    /// A reference read after its view's slab has handed out every slot and
    /// the thread moved on to a new slab: the first slab lives as long as
    /// its references do.
    @Test func aFullSlabOutlivesItsViewsThroughItsReferences() {
        var constraints: [Constraint] = []
        var survivor: View? = nil
        do {
            var views: [View] = (0 ..< 600).map { View("w\($0)") }
            for v in views { constraints.append(Constraint(v, .width, .equal, constant: 1)) }
            survivor = views[3]
            views.removeAll()
        }
        var alive = 0
        for (i, c) in constraints.enumerated() {
            if let v = c.firstView {
                alive += 1
                #expect(i == 3 && v === survivor)
            }
        }
        #expect(alive == 1)
        survivor = nil
        #expect(constraints[3].firstView == nil)
    }
}

/// A value guarded by a lock, for counts gathered from several threads.
private final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    init(_ value: Value) { self.value = value }
    func withLock<R>(_ body: (inout Value) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
