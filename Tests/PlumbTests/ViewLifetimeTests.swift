import PlumbTestSupport
import Testing
@testable import Plumb

/// What refers to a view without keeping it alive — its subviews' superview,
/// constraints (active or not), rule arguments, its own rules and observer,
/// observations of it — reads `nil` once the view is gone (the view's deinit
/// clears them: none is a weak reference), in whatever order views go.
@Suite struct ViewLifetimeTests {
    /// Random trees, constraints, rules and observers; then, in random
    /// order, the test's references to views are dropped, views are removed
    /// from their superviews and constraints deactivated. After every step,
    /// everything that names a view names it while it lives and reads `nil`
    /// after, observers fire only while both views live, and laying out each
    /// remaining tree reports a deallocated view exactly when an active
    /// constraint or a rule of the tree names one.
    @Test func referencesReadNilOnceTheViewIsGone() throws {
        for seed in 0 ..< 150 {
            var rng = SplitMix64(seed: UInt64(seed))
            let n = 3 + Int(rng.next() % 7)
            var held: [View?] = (0 ..< n).map { View("v\($0)") }
            var parent = [Int?](repeating: nil, count: n)
            for k in 1 ..< n where rng.next() % 4 != 0 {
                let p = Int(rng.next() % UInt64(k))
                held[p]!.addSubview(held[k]!)
                parent[k] = p
            }
            // (constraint, first view, second view or nil)
            var constraints: [(Constraint, Int, Int?)] = []
            for _ in 0 ..< 2 * n {
                let a = Int(rng.next() % UInt64(n)), b = Int(rng.next() % UInt64(n))
                let c = rng.next() % 3 == 0
                    ? Constraint(held[a]!, .width, .equal, constant: Double(a))
                    : Constraint(held[a]!, .left, .equal, held[b]!, .right, constant: 1)
                if rng.next() % 3 != 0 { c.isActive = true }
                constraints.append((c, a, c.secondView == nil ? nil : b))
            }
            // (layout, its view, its argument view)
            var layouts: [(Layout, Int, Int)] = []
            for k in 0 ..< n where rng.next() % 3 == 0 {
                let other = Int(rng.next() % UInt64(n))
                let layout = Layout(of: held[k]!)
                try layout.addRule("ll = tt = 0, w = %w, h = 1", held[other]!)
                layouts.append((layout, k, other))
            }
            // (observer, its object, its target, calls)
            final class Count { var calls = 0 }
            var observers: [(Observer, Int, Int, Count)] = []
            for k in 0 ..< n where rng.next() % 3 == 0 {
                let target = Int(rng.next() % UInt64(n)), count = Count()
                let observer = Observer.observer(for: held[k]!)
                observer.addTarget(held[target]!, property: .intrinsicContentSize) { _, _, _ in count.calls += 1 }
                observers.append((observer, k, target, count))
            }
            // The views, tracked without being kept.
            let tracked = held.map { Tracked(view: $0) }
            func alive(_ k: Int) -> View? { tracked[k].view }

            var bump = 0.0
            func check(_ step: Int) {
                let context = "seed \(seed), step \(step)"
                for k in 0 ..< n {
                    guard let v = alive(k) else { continue }
                    if let p = parent[k], let up = alive(p) {
                        #expect(v.superview === up && up.subviews.contains { $0 === v }, "\(context)")
                    } else {
                        #expect(v.superview == nil, "\(context)")
                    }
                }
                for (c, a, b) in constraints {
                    #expect(c.firstView === alive(a), "\(context)")
                    #expect(c.secondView === b.flatMap(alive), "\(context)")
                }
                for (layout, k, _) in layouts { #expect(layout.view === alive(k), "\(context)") }
                for (observer, k, target, count) in observers {
                    #expect(observer.object === alive(k), "\(context)")
                    let live = alive(k) != nil && alive(target) != nil
                    #expect(observer.observationCount == (alive(target) != nil ? 1 : 0), "\(context)")
                    let before = count.calls
                    bump += 1  // a new value each time, so that every set notifies
                    if let t = alive(target) { t.intrinsicContentSize = IntrinsicSize(width: bump) }
                    #expect(count.calls == before + (live ? 1 : 0), "\(context)")
                }
                // Each remaining tree, laid out.
                for k in 0 ..< n {
                    guard let root = alive(k), root.superview == nil else { continue }
                    let inTree = (0 ..< n).map { j in alive(j).map { $0.isDescendant(of: root) } ?? false }
                    let namesGone = constraints.contains { c, a, b in
                        c.isActive && (inTree[a] || b.map { inTree[$0] } == true)
                            && (alive(a) == nil || b.map { alive($0) == nil } == true)
                    }
                    let argumentGone = layouts.contains { layout, v, other in
                        inTree[v] && v != k && alive(other) == nil
                    }
                    do {
                        try root.layout(width: 100, height: 100)
                        #expect(!namesGone && !argumentGone, "\(context)")
                    } catch {
                        #expect(error.problems.contains(.viewDeallocated) == namesGone, "\(context)")
                        #expect(error.problems.contains(.rule(.argumentDeallocated(position: 1))) == argumentGone,
                                "\(context)")
                    }
                }
            }

            check(0)
            var step = 0
            while held.contains(where: { $0 != nil }) {
                step += 1
                let k = Int(rng.next() % UInt64(n))
                switch rng.next() % 4 {
                case 0 where alive(k) != nil:
                    alive(k)!.removeFromSuperview()
                    parent[k] = nil
                case 1:
                    let (c, _, _) = constraints[Int(rng.next() % UInt64(constraints.count))]
                    c.isActive = false
                default:
                    held[k] = nil
                }
                check(step)
            }
            // Every view is gone: nothing keeps them, layout records included.
            for t in tracked { #expect(t.view == nil, "seed \(seed)") }
        }
    }

    /// A superview that goes before its subview: the subview is a root
    /// again, and its constraints to the gone superview are reported.
    @Test func superviewGoesFirst() throws {
        let child = View("child")
        do {
            let parent = View("parent")
            parent.addSubview(child)
            Constraint.activate(try Constraint.make(simpleFormats: ["child.left = parent.left", "child.width = 10"],
                                                    views: ["child": child, "parent": parent]))
            try parent.layout(width: 50, height: 50)
        }
        #expect(child.superview == nil)
        #expect(child.constraints.count == 2 && child.constraints[0].secondView == nil)
        let error = #expect(throws: LayoutError.self) { try child.layout(width: 10, height: 10) }
        #expect(error?.problems == [.viewDeallocated])
        let other = View("other")
        other.addSubview(child)
        #expect(child.superview === other)
    }
}

/// A view tracked by the test without keeping it alive.
private struct Tracked {
    weak var view: View?
}
