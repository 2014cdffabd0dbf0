import Testing
import PlumbTestSupport
@testable import Plumb

@Suite struct ViewTests {
    /// A view's `extras` (what lowering reads instead of the properties)
    /// follow the properties through every setter, both ways.
    @Test func extrasFollowTheirProperties() throws {
        let view = View("v")
        #expect(view.extras.isEmpty)
        view.intrinsicContentSize = IntrinsicSize(height: 20)
        #expect(view.extras == [.intrinsicSize])
        view.intrinsicContentSize.height = nil
        #expect(view.extras.isEmpty)
        view.intrinsicContentSize.width = 5
        view.text = Text("hello")
        view.measureContent = { _ in ContentSize(height: 1) }
        #expect(view.extras == [.intrinsicSize, .text, .measureContent])
        view.text = nil
        view.measureContent = nil
        view.intrinsicContentSize = .none
        #expect(view.extras.isEmpty)

        view.recordProblem(.missingAttribute(source: "40"))
        #expect(view.extras == [.frontEndProblems])
        #expect(view.takeFrontEndDiagnostics().count == 1)
        #expect(view.extras.isEmpty)

        let observer = Observer.observer(for: View("watcher"))
        observer.addTarget(view, property: .frame) { _, _, _ in }
        #expect(view.extras == [.observed])
        observer.removeTarget(view)
        #expect(view.extras.isEmpty)

        let root = View("root")
        root.addSubview(view)
        view.text = Text("x")
        try root.layout(width: 100, height: 100, measurer: GridMeasurer())
        // Laid out: its changes are now logged by name, for layout records (and stay so).
        #expect(view.textMetrics != nil && view.extras == [.text, .textMetrics, .recorded])
        view.text = nil
        try root.layout(width: 100, height: 100, measurer: GridMeasurer())
        #expect(view.textMetrics == nil && view.extras == [.recorded])
    }

    @Test func hierarchy() {
        let root = View("root"), a = View("a"), b = View("b"), c = View("c")
        root.addSubview(a)
        root.addSubview(b)
        a.addSubview(c)
        #expect(root.subviews.map(\.id) == ["a", "b"])
        #expect(c.superview === a && a.superview === root && root.superview == nil)
        #expect(c.isDescendant(of: root) && !root.isDescendant(of: c))

        b.addSubview(c)  // moves it
        #expect(a.subviews.isEmpty && b.subviews.map(\.id) == ["c"] && c.superview === b)

        c.removeFromSuperview()
        #expect(b.subviews.isEmpty && c.superview == nil)
        c.removeFromSuperview()  // no-op
        #expect(c.superview == nil)
    }

    @Test func superviewIsWeak() {
        let child = View("child")
        do {
            let parent = View("parent")
            parent.addSubview(child)
            #expect(child.superview === parent)
        }
        #expect(child.superview == nil)
    }

    @Test func intrinsicSizeAndPriorities() {
        let v = View("v")
        #expect(v.intrinsicContentSize == .none)
        #expect(v.contentHuggingPriority(for: .horizontal) == 250 && v.contentHuggingPriority(for: .vertical) == 250)
        #expect(v.contentCompressionResistancePriority(for: .horizontal) == 750)
        #expect(v.contentCompressionResistancePriority(for: .vertical) == 750)
        v.setContentHuggingPriority(.required, for: .vertical)
        v.setContentCompressionResistancePriority(.medium, for: .horizontal)
        #expect(v.contentHuggingPriority(for: .vertical) == .required && v.contentHuggingPriority(for: .horizontal) == .low)
        #expect(v.contentCompressionResistancePriority(for: .horizontal) == .medium)
        #expect(v.contentCompressionResistancePriority(for: .vertical) == .high)
        v.intrinsicContentSize = IntrinsicSize(width: 120)
        #expect(v.intrinsicContentSize[.horizontal] == 120 && v.intrinsicContentSize[.vertical] == nil)
    }

    @Test func activation() throws {
        let root = View("root"), a = View("a")
        root.addSubview(a)
        let cs = try Constraint.make(simpleFormats: ["a.left = root.left", "a.width = 10"], views: ["a": a, "root": root])
        #expect(cs.allSatisfy { !$0.isActive } && a.constraints.isEmpty)
        Constraint.activate(cs)
        #expect(cs.allSatisfy { $0.isActive })
        #expect(a.constraints.count == 2 && root.constraints.count == 1)
        cs[0].isActive = true  // idempotent
        #expect(a.constraints.count == 2)
        Constraint.deactivate([cs[0]])
        #expect(!cs[0].isActive && a.constraints.count == 1 && root.constraints.isEmpty)
        cs[1].isActive = false
        #expect(a.constraints.isEmpty)
    }

    @Test func constraintsHoldTheirViewsWeakly() throws {
        var made: Constraint?
        do {
            let v = View("v")
            made = try Constraint.make(simpleFormat: "v.width = 10", views: ["v": v])
            #expect(made?.firstView === v)
        }
        #expect(made?.firstView == nil)
        made?.isActive = true  // the view is gone: nothing to register with
        #expect(made?.isActive == false)
    }
}

/// A view's `subtreeCount` (what a layout reserves its per-view arrays
/// with) is the number of views under it, itself included, through every
/// change of the hierarchy.
@Suite struct ViewSubtreeCountTests {
    /// The views under `view`, itself included, counted by walking its subviews.
    private func walked(_ view: View) -> Int {
        1 + view.subviews.reduce(0) { $0 + walked($1) }
    }

    /// Random adds and removes against a model of every view's ordered
    /// subviews: a first subview (whose list is made with room for 4),
    /// further ones, the same view added again (it moves to the end), moves
    /// between superviews. After each step every list, superview and count
    /// matches the model, and each add moved the count of view changes that
    /// layout records compare. Then a laid-out view's first subview, added
    /// after the layout, is laid out by the next one.
    @Test func subviewListsFollowAModel() throws {
        for seed in 0 ..< 60 {
            var rng = SplitMix64(seed: UInt64(seed) &+ 4_242)
            let views = (0 ..< 10).map { View("v\($0)") }
            var model = [[Int]](repeating: [], count: 10)
            var parent = [Int?](repeating: nil, count: 10)
            for step in 0 ..< 80 {
                let a = Int(rng.next() % 10), b = Int(rng.next() % 10)
                if rng.next() % 5 == 0 {
                    views[b].removeFromSuperview()
                    if let p = parent[b] { model[p].removeAll { $0 == b } }
                    parent[b] = nil
                } else if !views[a].isDescendant(of: views[b]) {
                    let before = LayoutInputs.views
                    views[a].addSubview(views[b])
                    #expect(LayoutInputs.views != before, "seed \(seed), step \(step)")
                    if let p = parent[b] { model[p].removeAll { $0 == b } }
                    model[a].append(b)
                    parent[b] = a
                }
                for (k, v) in views.enumerated() {
                    #expect(v.subviews.map { s in views.firstIndex { $0 === s }! } == model[k], "seed \(seed), step \(step): v\(k)")
                    #expect(v.superview.map { s in views.firstIndex { $0 === s }! } == parent[k], "seed \(seed), step \(step): v\(k)")
                    #expect(Int(v.subtreeCount) == walked(v), "seed \(seed), step \(step): v\(k)")
                }
            }
        }
        let root = View("root"), box = View("box"), inner = View("inner")
        root.addSubview(box)
        Constraint.activate([Constraint(box, .left, .equal, root, .left, constant: 5),
                             Constraint(box, .top, .equal, root, .top, constant: 6),
                             Constraint(box, .width, .equal, constant: 50), Constraint(box, .height, .equal, constant: 40)])
        try root.layout(width: 100, height: 100)
        box.addSubview(inner)
        Constraint.activate([Constraint(inner, .left, .equal, box, .left, constant: 1),
                             Constraint(inner, .top, .equal, box, .top, constant: 2),
                             Constraint(inner, .width, .equal, constant: 3), Constraint(inner, .height, .equal, constant: 4)])
        try root.layout(width: 100, height: 100)
        #expect(box.subviews.count == 1 && inner.frame == Rect(x: 1, y: 2, width: 3, height: 4))
    }

    /// Random adds (to a new superview, to the same one again, to an
    /// ancestor or a descendant's sibling: moves within one tree and across
    /// trees) and removes; after each, every view's count equals the walk's.
    @Test func countsFollowAddsMovesAndRemoves() {
        for seed in 0 ..< 100 {
            var rng = SplitMix64(seed: UInt64(seed))
            let views = (0 ..< 12).map { View("v\($0)") }
            for step in 0 ..< 60 {
                let a = views[Int(rng.next() % 12)], b = views[Int(rng.next() % 12)]
                if rng.next() % 4 == 0 {
                    b.removeFromSuperview()
                } else if !a.isDescendant(of: b) {
                    a.addSubview(b)  // b may already be a subview of a, or elsewhere in a's tree
                }
                for v in views {
                    #expect(Int(v.subtreeCount) == walked(v), "seed \(seed), step \(step): \(v.id)")
                }
            }
        }
    }

    /// A chain moved around keeps exact counts at every level, and a layout
    /// of the tree (whose arrays are reserved by the count) numbers every view.
    @Test func chainsAndLayouts() throws {
        let root = View("root"), a = View("a"), b = View("b"), c = View("c"), d = View("d")
        a.addSubview(b)
        b.addSubview(c)
        #expect([a, b, c].map(\.subtreeCount) == [3, 2, 1])
        root.addSubview(a)
        root.addSubview(d)
        #expect([root, a, b, c, d].map(\.subtreeCount) == [5, 3, 2, 1, 1])
        d.addSubview(b)  // moved across branches of one tree
        #expect([root, a, b, c, d].map(\.subtreeCount) == [5, 1, 2, 1, 3])
        root.addSubview(b)  // to an ancestor of its old superview
        #expect([root, a, b, c, d].map(\.subtreeCount) == [5, 1, 2, 1, 1])
        c.removeFromSuperview()
        #expect([root, a, b, c, d].map(\.subtreeCount) == [4, 1, 1, 1, 1])
        try Constraint.activate(Constraint.make(simpleFormats: [
            "a.left = root.left + 1", "a.top = root.top", "a.width = 10", "a.height = 10",
            "b.left = a.right", "b.top = root.top", "b.width = 10", "b.height = 10",
            "d.left = b.right", "d.top = root.top", "d.width = 10", "d.height = 10",
        ], views: ["root": root, "a": a, "b": b, "d": d]))
        try root.layout(width: 100, height: 100)
        #expect([a.frame.x, b.frame.x, d.frame.x] == [1, 11, 21])
    }
}

/// The walks up the tree (``View/addSubview(_:)``'s cycle check and counts,
/// `removeFromSuperview`'s counts, ``View/isDescendant(of:)``) lend each
/// ancestor instead of retaining it: they must work through ancestors that
/// only their superviews hold, and keep none of them alive.
@Suite struct ViewWalkUpTests {
    /// Random chains whose inner views only their superviews hold (the test
    /// keeps the roots, the leaves and a constraint on every view, which
    /// does not keep it alive): leaves are added under other leaves, moved,
    /// removed; after each step every kept view's count, superview chain and
    /// `isDescendant` answers are the model's. Then the roots are dropped:
    /// every inner view must be gone (read through its constraint), and
    /// the leaves left without a superview or under a live leaf.
    @Test func ancestorsOnlyTheirSuperviewsHold() {
        for seed in 0 ..< 40 {
            var rng = SplitMix64(seed: 7_000 + UInt64(seed))
            var roots: [View] = []
            var leaves: [View] = []
            var probes: [Constraint] = []  // one a view: `firstView` reads nil once it is gone
            var parentOf: [ObjectIdentifier: ObjectIdentifier] = [:]
            var names: [ObjectIdentifier: String] = [:]
            for r in 0 ..< 3 {
                let root = View("root\(r)")
                roots.append(root)
                names[ObjectIdentifier(root)] = root.id
                var top = root
                for d in 0 ..< Int(rng.next() % 4) + 1 {
                    let inner = View("r\(r)i\(d)")
                    names[ObjectIdentifier(inner)] = inner.id
                    top.addSubview(inner)
                    parentOf[ObjectIdentifier(inner)] = ObjectIdentifier(top)
                    probes.append(Constraint(inner, .width, .equal, constant: 1))
                    top = inner
                }
                let leaf = View("r\(r)leaf")
                names[ObjectIdentifier(leaf)] = leaf.id
                top.addSubview(leaf)
                parentOf[ObjectIdentifier(leaf)] = ObjectIdentifier(top)
                leaves.append(leaf)
            }
            func chain(_ v: ObjectIdentifier) -> [String] {
                var out: [String] = []
                var node: ObjectIdentifier? = v
                while let n = node {
                    out.append(names[n]!)
                    node = parentOf[n]
                }
                return out
            }
            func modelCount(_ v: ObjectIdentifier) -> Int {
                1 + parentOf.filter { $0.value == v }.keys.reduce(0) { $0 + modelCount($1) }
            }
            for step in 0 ..< 30 {
                let a = leaves[Int(rng.next() % UInt64(leaves.count))]
                let b = leaves[Int(rng.next() % UInt64(leaves.count))]
                if rng.next() % 3 == 0 {
                    b.removeFromSuperview()
                    parentOf[ObjectIdentifier(b)] = nil
                } else if !chain(ObjectIdentifier(a)).contains(b.id) {
                    a.addSubview(b)
                    parentOf[ObjectIdentifier(b)] = ObjectIdentifier(a)
                }
                for v in roots + leaves {
                    var seen: [String] = []
                    var node: View? = v
                    while let n = node {
                        seen.append(n.id)
                        node = n.superview
                    }
                    #expect(seen == chain(ObjectIdentifier(v)), "seed \(seed), step \(step): \(v.id)")
                    #expect(Int(v.subtreeCount) == modelCount(ObjectIdentifier(v)), "seed \(seed), step \(step): \(v.id)")
                    for w in roots + leaves {
                        #expect(v.isDescendant(of: w) == chain(ObjectIdentifier(v)).contains(w.id),
                                "seed \(seed), step \(step): \(v.id) under \(w.id)")
                    }
                }
            }
            roots.removeAll()
            for probe in probes {
                #expect(probe.firstView == nil, "seed \(seed): an inner view outlived its root")
            }
            for leaf in leaves {
                if let superview = leaf.superview {
                    #expect(leaves.contains { $0 === superview }, "seed \(seed): \(leaf.id) under \(superview.id)")
                }
            }
        }
    }
}
