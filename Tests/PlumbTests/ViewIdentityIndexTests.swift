import Testing
import PlumbTestSupport
@testable import Plumb

@Suite struct ViewIdentityIndexTests {
    /// Numbers `views` as lowering does and makes their index.
    private static func numbered(_ views: [View]) -> ViewIdentityIndex {
        for (i, v) in views.enumerated() { ViewIdentityIndex.number(v, as: Int32(i)) }
        return ViewIdentityIndex(numbered: views)
    }

    /// Every view of the tree is found with its position; views never
    /// numbered are not, nor views numbered in other trees since (their
    /// numbers are stale but within the tree's range), checked against a
    /// dictionary of the latest tree's identities.
    @Test func findsTheTreesViewsAndNoOthers() {
        var rng = SplitMix64(seed: 15_019)
        let pool = (0 ..< 600).map { View("v\($0)") }
        let never = (0 ..< 50).map { View("never\($0)") }
        for round in 0 ..< 60 {
            let count = Int.random(in: 0 ... 400, using: &rng)
            let tree = Array(pool.shuffled(using: &rng).prefix(count))
            let index = Self.numbered(tree)
            var expected: [ObjectIdentifier: Int32] = [:]
            for (i, v) in tree.enumerated() { expected[ObjectIdentifier(v)] = Int32(i) }
            for v in pool + never {
                let want = expected[ObjectIdentifier(v)]
                #expect(index[v] == want, "round \(round): \(v.id)")
                #expect(index[alive: ObjectIdentifier(v)] == want, "round \(round): \(v.id)")
            }
        }
    }

    /// Forests whose constraints cross between trees, laid out tree after
    /// tree (so views of the other trees hold numbers from their own
    /// lowerings) while subtrees move between trees, placed against their
    /// new parent (the optional ties between any two views cross trees): a layout throws
    /// exactly when an active constraint of its tree names a view outside
    /// it, naming each such view once, and otherwise every required
    /// constraint holds at the frames.
    @Test func layoutsFindViewsOutsideTheirTree() throws {
        struct Tie {
            let constraint: Constraint
            let first: View, second: View?
            let attribute: LayoutAttribute, constant: Double
        }
        var laidOut = 0, refused = 0
        for seed in UInt64(1) ... 12 {
            var rng = SplitMix64(seed: seed)
            let treeCount = 3
            var roots: [View] = []
            var views: [View] = []
            var ties: [Tie] = []
            for t in 0 ..< treeCount {
                let root = View("t\(t)")
                roots.append(root)
                var members = [root]
                for k in 0 ..< Int.random(in: 4 ... 40, using: &rng) {
                    let parent = members.randomElement(using: &rng)!
                    let child = View("t\(t)v\(k)")
                    parent.addSubview(child)
                    members.append(child)
                    // Placed against the parent and sized: determined while the parent shares its tree.
                    for (attribute, constant) in [(LayoutAttribute.left, Double(k)), (.top, Double(2 * k)),
                                                  (.width, Double(k + 1)), (.height, 3.0)] {
                        let c = attribute == .width || attribute == .height
                            ? Constraint(child, attribute, .equal, constant: constant)
                            : Constraint(child, attribute, .equal, parent, attribute, constant: constant)
                        c.isActive = true
                        ties.append(Tie(constraint: c, first: child,
                                        second: attribute == .width || attribute == .height ? nil : parent,
                                        attribute: attribute, constant: constant))
                    }
                }
                views += members
            }
            // Optional ties between any two views, most of them inactive.
            var optional: [Tie] = []
            for _ in 0 ..< 12 {
                let a = views.randomElement(using: &rng)!, b = views.randomElement(using: &rng)!
                guard a !== b else { continue }
                let c = Constraint(a, .centerX, .equal, b, .centerX, priority: 10)
                optional.append(Tie(constraint: c, first: a, second: b, attribute: .centerX, constant: 0))
            }
            func root(of v: View) -> View {
                var r = v
                while let up = r.superview { r = up }
                return r
            }
            func absolute(_ v: View) -> (x: Double, y: Double) {
                var x = 0.0, y = 0.0, n: View? = v
                while let m = n, m.superview != nil { x += m.frame.x; y += m.frame.y; n = m.superview }
                return (x, y)
            }
            for step in 0 ..< 60 {
                // Toggle a few optional ties; now and then move a subtree to another place.
                for _ in 0 ..< 2 {
                    let tie = optional.randomElement(using: &rng)!
                    tie.constraint.isActive = Int.random(in: 0 ..< 6, using: &rng) == 0
                }
                if Int.random(in: 0 ..< 3, using: &rng) == 0 {
                    let moved = views.randomElement(using: &rng)!
                    let target = views.randomElement(using: &rng)!
                    var ancestor: View? = target, inside = false
                    while let a = ancestor { if a === moved { inside = true }; ancestor = a.superview }
                    if moved.superview != nil && !inside {
                        moved.removeFromSuperview()
                        target.addSubview(moved)
                        // Placed against its new parent (tied to the old one, it could
                        // make a cycle of required rows).
                        for (k, tie) in ties.enumerated() where tie.first === moved && tie.second != nil {
                            tie.constraint.isActive = false
                            let c = Constraint(moved, tie.attribute, .equal, target, tie.attribute,
                                               constant: tie.constant)
                            c.isActive = true
                            ties[k] = Tie(constraint: c, first: moved, second: target,
                                          attribute: tie.attribute, constant: tie.constant)
                        }
                    }
                }
                let tree = roots[Int.random(in: 0 ..< treeCount, using: &rng)]
                let active = (ties + optional).filter { $0.constraint.isActive }
                var outside: [String] = []
                for tie in active {
                    let ends = [tie.first] + (tie.second.map { [$0] } ?? [])
                    let inTree = ends.filter { root(of: $0) === tree }
                    if !inTree.isEmpty && inTree.count < ends.count {
                        outside += ends.filter { root(of: $0) !== tree }.map(\.id)
                    }
                }
                do throws(LayoutError) {
                    try tree.layout(width: 500, height: 400)
                    laidOut += 1
                    #expect(outside.isEmpty, "seed \(seed) step \(step): \(outside)")
                    for tie in active where tie.constraint.priority == .required && root(of: tie.first) === tree {
                        let f = tie.first.frame
                        switch tie.attribute {
                        case .width: #expect(f.width == tie.constant, "seed \(seed) step \(step) \(tie.first.id)")
                        case .height: #expect(f.height == tie.constant, "seed \(seed) step \(step) \(tie.first.id)")
                        default:
                            let here = absolute(tie.first), there = absolute(tie.second!)
                            let (a, b) = tie.attribute == .left ? (here.x, there.x) : (here.y, there.y)
                            #expect(abs(a - (b + tie.constant)) <= 1e-9, "seed \(seed) step \(step) \(tie.first.id)")
                        }
                    }
                } catch {
                    let named = error.problems.compactMap { problem -> String? in
                        if case .viewOutsideHierarchy(let id) = problem { return id }
                        return nil
                    }
                    refused += 1
                    #expect(named.count == error.problems.count, "seed \(seed) step \(step): \(error.problems)")
                    #expect(named.sorted() == outside.sorted(), "seed \(seed) step \(step)")
                }
            }
        }
        // Both outcomes, many times each.
        #expect(laidOut >= 150 && refused >= 150, "\(laidOut) laid out, \(refused) refused")
    }
}
