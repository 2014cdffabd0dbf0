import PropertyBased
import Testing
import PlumbTestSupport
import PlumbAPIWorkloads
@testable import Plumb

/// `root.layout` again after a change reuses what the last layout lowered
/// (`TreeLayoutCache`): the frames and errors must be exactly those of a
/// layout that lowers afresh, and the record must be reused only when
/// nothing but numbers changed.
@Suite struct LayoutCacheTests {
    // MARK: - Random trees and changes

    /// A random tree under change: every view and constraint ever made (some
    /// may have left the tree or been deactivated).
    final class Scene {
        let root = View("root")
        var views: [View]
        var constraints: [Constraint] = []
        var width: Double
        var height: Double
        var rng: SplitMix64
        /// Whether optional constraints, inequalities and intrinsic sizes
        /// appear; without them every attribute is fixed by required
        /// equalities (the compiled, blocks-only re-solve).
        let optional: Bool
        var made = 0

        init(seed: Int) {
            rng = SplitMix64(seed: UInt64(seed))
            views = [root]
            width = Double(Int.random(in: 100 ... 900, using: &rng))
            height = Double(Int.random(in: 100 ... 900, using: &rng))
            optional = Bool.random(using: &rng)
            for _ in 0 ..< Int.random(in: 1 ... 8, using: &rng) { addView() }
            if optional {
                for _ in 0 ..< Int.random(in: 0 ... 6, using: &rng) { addExtraConstraint() }
            }
        }

        func number() -> Double { Double(Int.random(in: -40 ... 200, using: &rng)) / 2 }

        /// Views in the tree now (depth first is not needed: any order).
        var inTree: [View] { views.filter { $0.isDescendant(of: root) } }

        func activate(_ c: Constraint) {
            c.isActive = true
            constraints.append(c)
        }

        /// A new view under a random view of the tree, placed relative to it.
        func addView() {
            let parents = inTree
            let parent = parents[Int.random(in: 0 ..< parents.count, using: &rng)]
            made += 1
            let v = View("v\(made)")
            parent.addSubview(v)
            views.append(v)
            let priority: Priority = optional && Int.random(in: 0 ..< 4, using: &rng) == 0 ? .high : .required
            activate(Constraint(v, .top, .equal, parent, .top, constant: number()))
            let coupled = !optional && Int.random(in: 0 ..< 3, using: &rng) == 0
            if coupled {
                // Left and width coupled (a 2 × 2 block of the block phase):
                // right = parent.right - a, left = width / 2 + b.
                activate(Constraint(v, .right, .equal, parent, .right, constant: -abs(number())))
                activate(Constraint(v, .left, .equal, v, .width, multiplier: 0.5, constant: number()))
            } else {
                activate(Constraint(v, .left, .equal, parent, .left, constant: number(), priority: priority))
            }
            if coupled {
                // The width is fixed by the pair above.
            } else if optional && Bool.random(using: &rng) {
                v.intrinsicContentSize = IntrinsicSize(width: abs(number()), height: Bool.random(using: &rng) ? abs(number()) : nil)
            } else {
                activate(Constraint(v, .width, .equal, constant: abs(number())))
            }
            if Bool.random(using: &rng) {
                activate(Constraint(v, .height, .equal, v, .width, multiplier: 0.5, constant: number()))
            } else if v.intrinsicContentSize.height == nil {
                activate(Constraint(v, .height, .equal, parent, .height,
                                    multiplier: Double(Int.random(in: 1 ... 4, using: &rng)) / 4, constant: -number()))
            }
        }

        /// An optional constraint or a required inequality between two views of the tree.
        func addExtraConstraint() {
            let tree = inTree
            let a = tree[Int.random(in: 0 ..< tree.count, using: &rng)]
            let b = tree[Int.random(in: 0 ..< tree.count, using: &rng)]
            let attributes: [LayoutAttribute] = [.left, .right, .top, .bottom, .centerX, .centerY, .width, .height]
            let relation = [Relation.equal, .lessOrEqual, .greaterOrEqual].randomElement(using: &rng)!
            let priority: Priority = relation == .equal ? [.low, .medium, .high].randomElement(using: &rng)!
                : [.required, .low, .high].randomElement(using: &rng)!
            if Bool.random(using: &rng) {
                activate(Constraint(a, attributes.randomElement(using: &rng)!, relation, b,
                                    attributes.randomElement(using: &rng)!, constant: number(), priority: priority))
            } else {
                activate(Constraint(a, [.width, .height].randomElement(using: &rng)!, relation,
                                    constant: abs(number()), priority: priority))
            }
        }

        /// Applies one random change; returns whether it was structural
        /// (the record must not be reused) or only numbers.
        func change() -> Bool {
            let treeViews = inTree
            // Constraints the tree's views list (a change to one that only
            // views outside the tree name is no change to the layout).
            func listed(_ c: Constraint) -> Bool {
                c.firstView?.isDescendant(of: root) == true || c.secondView?.isDescendant(of: root) == true
            }
            let active = constraints.filter { $0.isActive && listed($0) }
            switch Int.random(in: 0 ..< 12, using: &rng) {
            case 0, 1, 2:  // a constant
                guard let c = active.randomElement(using: &rng) else { return false }
                switch Int.random(in: 0 ..< 20, using: &rng) {
                case 0: c.constant = .nan
                case 1: c.constant = -0.0
                case 2: break  // set to what it is
                default: c.constant = number()
                }
                return false
            case 3, 4:  // the root size
                if Int.random(in: 0 ..< 20, using: &rng) == 0 { width = -1; return false }
                width = Double(Int.random(in: 100 ... 900, using: &rng))
                if Bool.random(using: &rng) { height = Double(Int.random(in: 100 ... 900, using: &rng)) }
                return false
            case 5:  // an intrinsic length, or an intrinsic dimension appearing or going
                let sized = treeViews.filter { $0.intrinsicContentSize.width != nil }
                if let v = sized.randomElement(using: &rng), Int.random(in: 0 ..< 4, using: &rng) != 0 {
                    if Int.random(in: 0 ..< 15, using: &rng) == 0 {
                        v.intrinsicContentSize.width = -3
                    } else {
                        v.intrinsicContentSize.width = abs(number())
                    }
                    return false
                }
                guard optional, let v = treeViews.randomElement(using: &rng) else { return false }
                if v.intrinsicContentSize.height == nil {
                    v.intrinsicContentSize.height = abs(number())
                } else {
                    v.intrinsicContentSize.height = nil
                }
                return true
            case 6:  // a view added
                addView()
                return true
            case 7:  // a view removed, its constraints deactivated first or not
                guard treeViews.count > 1 else { return false }
                let v = treeViews.dropFirst().randomElement(using: &rng)!
                if Int.random(in: 0 ..< 3, using: &rng) != 0 {
                    for w in views where w.isDescendant(of: v) { Constraint.deactivate(w.constraints) }
                }
                v.removeFromSuperview()
                return true
            case 8:  // a constraint deactivated, or one reactivated (it goes last)
                if let c = active.randomElement(using: &rng), Bool.random(using: &rng) {
                    c.isActive = false
                    return true
                }
                guard let c = constraints.filter({ !$0.isActive && listed($0) }).randomElement(using: &rng) else {
                    return false
                }
                c.isActive = true
                return c.isActive
            case 9:  // a priority or a multiplier
                guard let c = active.randomElement(using: &rng) else { return false }
                if Bool.random(using: &rng) {
                    c.priority = c.priority == .required ? .high : .required
                } else {
                    c.multiplier += 0.5
                }
                return true
            case 10:  // a content priority, or a view moved, or an extra constraint
                guard let v = treeViews.randomElement(using: &rng) else { return false }
                switch Int.random(in: 0 ..< 3, using: &rng) {
                case 0:
                    let axis = LayoutAxis.allCases.randomElement(using: &rng)!
                    let hugging: Priority = v.contentHuggingPriority(for: axis) == .low ? .medium : .low
                    v.setContentHuggingPriority(hugging, for: axis)
                    // Read by lowering only for an axis with an intrinsic length.
                    return v.intrinsicContentSize[axis] != nil
                case 1:
                    let targets = treeViews.filter { !$0.isDescendant(of: v) && $0 !== v.superview }
                    guard v !== root, let target = targets.randomElement(using: &rng) else { return false }
                    target.addSubview(v)
                    return true
                default:
                    guard optional else { return false }
                    addExtraConstraint()
                    return true
                }
            default:  // nothing
                return false
            }
        }
    }

    /// Frames of `views`, bit for bit.
    static func bits(_ views: [View]) -> [[UInt64]] {
        views.map { [$0.frame.x, $0.frame.y, $0.frame.width, $0.frame.height].map(\.bitPattern) }
    }

    static func outcome(_ body: () throws(LayoutError) -> Void, views: [View]) -> Result<[[UInt64]], LayoutError> {
        do {
            try body()
            return .success(bits(views))
        } catch {
            return .failure(error)
        }
    }

    /// After each of 25 random changes of `Scene(seed:)`, the cached
    /// layout's frames (or error) are bit for bit those of a layout that
    /// lowers afresh, and the record is reused exactly when only numbers changed.
    static func expectFreshLayouts(seed: Int) {
        let scene = Scene(seed: seed)
        let root = scene.root
        var structural = true
        for step in 0 ..< 25 {
            let hadRecord = root.layoutCache != nil
            let reusesBefore = root.layoutCache?.reuses ?? 0
            let cached = Self.outcome({ () throws(LayoutError) in
                try root.layout(width: scene.width, height: scene.height)
            }, views: scene.views)
            let reusedRecord = root.layoutCache.map { $0.reuses == reusesBefore + 1 } ?? false
            let fresh = Self.outcome({ () throws(LayoutError) in
                try root.uncachedLayout(width: scene.width, height: scene.height)
            }, views: scene.views)
            #expect(cached == fresh, "seed \(seed), step \(step)")
            if case .success = cached {
                // Only numbers changed since a successful layout: reused.
                // Anything structural: lowered afresh (a new record).
                #expect(reusedRecord == (hadRecord && !structural), "seed \(seed), step \(step)")
                if structural { #expect(root.layoutCache?.reuses == 0, "seed \(seed), step \(step)") }
            }
            structural = scene.change()
        }
    }

    /// Random trees and changes: see ``expectFreshLayouts(seed:)``.
    @Test func cachedLayoutsAreTheFreshOnesBitForBit() async {
        await propertyCheck(count: 150, input: Gen.int(in: 0 ... 1_000_000)) { seed in
            Self.expectFreshLayouts(seed: seed)
        }
        // The compiled re-solve is among those checked, of trees the blocks
        // alone solve and of trees the optimiser solves too (their residual
        // components solved again): count both kinds of reuse over a fixed
        // set of seeds.
        // (A tape is recorded when a component is solved again the second
        // time and replayed from the next: 200 trees of 20 steps.)
        var compiledReuses = 0, optimisedReuses = 0, replays = 0
        for seed in 0 ..< 200 {
            let scene = Scene(seed: seed)
            for _ in 0 ..< 20 {
                let before = scene.root.layoutCache?.reuses ?? 0
                let record = scene.root.layoutCache
                let replaysBefore = record?.replayedComponents ?? 0
                try? scene.root.layout(width: scene.width, height: scene.height)
                if let record = scene.root.layoutCache, record.isCompiled, record.reuses == before + 1 {
                    if record.optimised { optimisedReuses += 1 } else { compiledReuses += 1 }
                    // Residual components solved again by their presolve's tape.
                    replays += record.replayedComponents - replaysBefore
                }
                _ = scene.change()
            }
        }
        #expect(compiledReuses >= 20)
        #expect(optimisedReuses >= 20)
        #expect(replays >= 3, "\(replays)")
    }

    /// Seeds the property above found failing: 314049 sets a constant of
    /// a block's row from 0 to -0 (a compiled system took it for no change,
    /// and its block kept the value of the other sign); 39583 moves
    /// `v2.width >= 17 @ 750` to 87, past `v2.width = 66.5 @ 750` (the
    /// compiled system kept the two rows in their old order, which decides
    /// the tie between 66.5 and 87).
    @Test func seedsThatFailedOnce() {
        for seed in [314049, 39583] { Self.expectFreshLayouts(seed: seed) }
    }

    /// A self-sizing column (labels stacked 8 apart, their heights constants)
    /// fitted and laid out in both directions: each call after a constant
    /// change gives, bit for bit, what the same tree built afresh with that
    /// constant gives, whether the record was reused or (the height mode or
    /// direction changed) lowered afresh.
    @Test func fittingAndDirectionsMatchAFreshTree() throws {
        func column(firstHeight: Double) -> (root: View, views: [View], first: Constraint) {
            let root = View("root")
            var views = [root], above: View? = nil
            var first: Constraint? = nil
            for i in 0 ..< 4 {
                let label = View("l\(i)")
                root.addSubview(label)
                views.append(label)
                let height = Constraint(label, .height, .equal, constant: i == 0 ? firstHeight : 20 + Double(i))
                Constraint.activate([
                    height,
                    Constraint(label, .leading, .equal, root, .leading, constant: 10 + Double(i)),
                    Constraint(label, .width, .equal, root, .width, multiplier: 0.5),
                    above.map { Constraint(label, .top, .equal, $0, .bottom, constant: 8) }
                        ?? Constraint(label, .top, .equal, root, .top, constant: 8),
                ])
                if i == 0 { first = height }
                above = label
            }
            // Optional, so that a fixed root height other than the content's can hold.
            Constraint(root, .bottom, .equal, above!, .bottom, constant: 8, priority: .medium).isActive = true
            return (root, views, first!)
        }
        let kept = column(firstHeight: 30)
        var reuses = 0
        for (step, height) in [30.0, 31, 17.5, 17.5, 40].enumerated() {
            kept.first.constant = height
            let fresh = column(firstHeight: height)
            for call in 0 ..< 3 {
                for tree in [kept, fresh] {
                    switch call {
                    case 0: try tree.root.systemLayoutSizeFitting(width: 300)
                    case 1: try tree.root.layout(width: 300, height: 400, direction: .rightToLeft)
                    default: try tree.root.layout(width: 300, height: 400)
                    }
                }
                #expect(Self.bits(kept.views) == Self.bits(fresh.views), "step \(step), call \(call)")
                reuses += kept.root.layoutCache?.reuses ?? 0
                if call == 0 {  // fitted: the labels and the five gaps
                    #expect(kept.root.frame.height == 8 + height + 8 + 21 + 8 + 22 + 8 + 23 + 8)
                }
            }
        }
        // Every call above changed the height mode or the direction, so none
        // reused the record.
        #expect(reuses == 0)
        // The same mode twice: reused.
        kept.first.constant = 12
        try kept.root.systemLayoutSizeFitting(width: 300)
        try kept.root.systemLayoutSizeFitting(width: 320)
        #expect(kept.root.layoutCache?.reuses == 1)
        let fresh = column(firstHeight: 12)
        try fresh.root.systemLayoutSizeFitting(width: 320)
        #expect(Self.bits(kept.views) == Self.bits(fresh.views))
    }

    // MARK: - Hand-checked frames

    /// A 100 × 100 square 10 from the left, centred vertically in 320 × 480:
    /// y = (480 - 100) / 2 = 190. Then width 120: y = (480 - 120) / 2 = 180;
    /// root 600 × 400: y = (400 - 120) / 2 = 140; all from the record,
    /// compiled (every attribute is fixed by required equalities).
    @Test func constantsAndTheRootSizeReuseTheCompiledRecord() throws {
        let root = View("root"), red = View("red")
        root.addSubview(red)
        let width = Constraint(red, .width, .equal, constant: 100)
        let centerY = Constraint(red, .centerY, .equal, root, .centerY)
        Constraint.activate([
            width,
            Constraint(red, .height, .equal, red, .width),
            Constraint(red, .left, .equal, root, .left, constant: 10),
            centerY,
        ])
        try root.layout(width: 320, height: 480)
        #expect(red.frame == Rect(x: 10, y: 190, width: 100, height: 100))
        #expect(root.layoutCache?.reuses == 0)
        // The first layout's solve is kept compiled: the next one does not plan again.
        #expect(root.layoutCache?.isCompiled == true)

        width.constant = 120
        try root.layout(width: 320, height: 480)
        #expect(red.frame == Rect(x: 10, y: 180, width: 120, height: 120))
        #expect(root.layoutCache?.reuses == 1)
        #expect(root.layoutCache?.isCompiled == true)

        try root.layout(width: 600, height: 400)
        #expect(root.frame == Rect(x: 0, y: 0, width: 600, height: 400))
        #expect(red.frame == Rect(x: 10, y: 140, width: 120, height: 120))
        #expect(root.layoutCache?.reuses == 2)

        // A structural change: a new record.
        centerY.isActive = false
        Constraint(red, .top, .equal, root, .top, constant: 150).isActive = true
        try root.layout(width: 600, height: 400)
        #expect(red.frame == Rect(x: 10, y: 150, width: 120, height: 120))
        #expect(root.layoutCache?.reuses == 0)
    }

    /// A record finds the constraints changed since its last layout in the
    /// process-wide log when it still holds them all, and walks every
    /// lowered constraint when it does not: a constant changed among a few
    /// changes to another tree, and among more than the log keeps, is
    /// picked up either way, and the other tree's changes are not.
    @Test func constantsFoundInTheLogOrByTheWalk() throws {
        func column() -> (root: View, box: View, height: Constraint, other: Constraint) {
            let root = View("root"), box = View("box")
            root.addSubview(box)
            let height = Constraint(box, .height, .equal, constant: 40)
            let other = Constraint(box, .width, .equal, constant: 10)
            Constraint.activate([
                Constraint(box, .left, .equal, root, .left, constant: 8),
                Constraint(box, .top, .equal, root, .top, constant: 8),
                other, height,
            ])
            return (root, box, height, other)
        }
        let mine = column(), theirs = column()
        try mine.root.layout(width: 320, height: 480)
        try theirs.root.layout(width: 320, height: 480)
        for (step, others) in [3, LayoutInputs.logSize + 5, 0, 1].enumerated() {
            let value = Double(50 + 10 * step)
            theirs.other.constant += 1
            mine.height.constant = value
            for _ in 0 ..< others { theirs.height.constant += 1 }
            try mine.root.layout(width: 320, height: 480)
            #expect(mine.box.frame == Rect(x: 8, y: 8, width: 10, height: value), "step \(step)")
            #expect(mine.root.layoutCache?.reuses == step + 1, "step \(step)")
        }
        try theirs.root.layout(width: 320, height: 480)
        #expect(theirs.box.frame.width == 14)
    }

    /// A record visits only the views the log of view changes names when it
    /// holds every change since the record last matched, and walks every
    /// view otherwise (more changes than the log keeps, or an activation,
    /// which names no view). Random trees take up to three random changes
    /// at a time (structural or numbers), and one time in two an intrinsic
    /// width moved, with changes to a second tree between them (few, or more than the log keeps): every layout's frames
    /// or error must be a fresh layout's bit for bit, the record reused
    /// exactly when only numbers changed, and the checking mode (the walk
    /// over every view run beside the logged one) must find the same
    /// changes each time. The logged walk must have run, on reused records.
    @Test func loggedViewsFindTheChangesTheWholeWalkFinds() {
        var loggedWalks = 0, reusedAfterLogged = 0, checked = 0
        TreeLayoutCache.$checksLoggedViews.withValue(true) {
            for seed in 0 ..< 120 {
                let scene = Scene(seed: 7_000 + seed), other = Scene(seed: 90_000 + seed)
                // Laid out, so that its views' changes are logged by name too.
                try? other.root.layout(width: other.width, height: other.height)
                var rng = SplitMix64(seed: UInt64(seed))
                var structural = true
                for step in 0 ..< 16 {
                    let hadRecord = scene.root.layoutCache != nil
                    let record = scene.root.layoutCache
                    let (walksBefore, reusesBefore) = (record?.loggedViewWalks ?? 0, record?.reuses ?? 0)
                    let cached = Self.outcome({ () throws(LayoutError) in
                        try scene.root.layout(width: scene.width, height: scene.height)
                    }, views: scene.views)
                    let fresh = Self.outcome({ () throws(LayoutError) in
                        try scene.root.uncachedLayout(width: scene.width, height: scene.height)
                    }, views: scene.views)
                    #expect(cached == fresh, "seed \(seed), step \(step)")
                    if let record, record === scene.root.layoutCache {
                        checked += 1
                        #expect(record.loggedViewMismatches == 0, "seed \(seed), step \(step)")
                        let logged = record.loggedViewWalks - walksBefore
                        loggedWalks += logged
                        if logged > 0 && record.reuses == reusesBefore + 1 { reusedAfterLogged += 1 }
                    }
                    if case .success = cached {
                        let reused = scene.root.layoutCache.map { $0.reuses == reusesBefore + 1 } ?? false
                        #expect(reused == (hadRecord && !structural), "seed \(seed), step \(step)")
                    }
                    structural = false
                    // One time in two, an intrinsic width moved (numbers: a logged view).
                    let sized = scene.inTree.filter { $0.intrinsicContentSize.width != nil }
                    if !sized.isEmpty && Bool.random(using: &rng) {
                        sized[Int.random(in: 0 ..< sized.count, using: &rng)].intrinsicContentSize.width! += 3
                    }
                    for _ in 0 ..< Int.random(in: 0 ... 3, using: &rng) {
                        if scene.change() { structural = true }
                        // The other tree's changes: a few, or more than the log keeps.
                        let others = Int.random(in: 0 ..< 6, using: &rng) == 0 ? LayoutInputs.logSize + 1
                            : Int.random(in: 0 ... 2, using: &rng)
                        for _ in 0 ..< others { _ = other.change() }
                    }
                }
            }
        }
        #expect(checked >= 250, "\(checked)")
        // (The log is the process's: other tests' view changes made
        // alongside without a name, of views never laid out or by
        // activations, send some walks over every view; 94-109 logged
        // walks seen.)
        #expect(loggedWalks >= 20, "\(loggedWalks)")
        #expect(reusedAfterLogged >= 10, "\(reusedAfterLogged)")
        print("logged view walks: checked \(checked), logged \(loggedWalks), reused \(reusedAfterLogged)")
    }

    /// The example of "Laying out again" in GettingStarted.md: a badge 8
    /// from the top right corner, right edge at 320 - 8 = 312.
    @Test func gettingStartedExample() throws {
        let root = View("root"), badge = View("badge")
        root.addSubview(badge)
        let size = Constraint(badge, .width, .equal, constant: 20)
        Constraint.activate([
            size,
            Constraint(badge, .height, .equal, badge, .width),
            Constraint(badge, .right, .equal, root, .right, constant: -8),
            Constraint(badge, .top, .equal, root, .top, constant: 8),
        ])
        try root.layout(width: 320, height: 480)
        #expect(badge.frame == Rect(x: 292, y: 8, width: 20, height: 20))
        size.constant = 24
        try root.layout(width: 320, height: 480)
        #expect(badge.frame == Rect(x: 288, y: 8, width: 24, height: 24))
        try root.layout(width: 400, height: 480)
        #expect(badge.frame == Rect(x: 368, y: 8, width: 24, height: 24))
        #expect(root.layoutCache?.reuses == 2)
        size.priority = 750
        try root.layout(width: 400, height: 480)
        #expect(badge.frame == Rect(x: 368, y: 8, width: 24, height: 24))
        #expect(root.layoutCache?.reuses == 0)
    }

    /// A label with intrinsic width 50 pinned 8 from the left, in a row
    /// that pulls it to 200 at priority 200 (below hugging, 250): 50 wide,
    /// then 70 after its intrinsic width changes, solved from the record's
    /// compiled system (the hugging rows' component solved again from
    /// scratch, as a fresh layout solves it).
    @Test func anIntrinsicLengthReusesTheRecord() throws {
        let root = View("root"), label = View("label")
        root.addSubview(label)
        label.intrinsicContentSize = IntrinsicSize(width: 50, height: 20)
        Constraint.activate([
            Constraint(label, .left, .equal, root, .left, constant: 8),
            Constraint(label, .top, .equal, root, .top, constant: 8),
            Constraint(label, .width, .equal, constant: 200, priority: 200),
        ])
        try root.layout(width: 320, height: 480)
        #expect(label.frame == Rect(x: 8, y: 8, width: 50, height: 20))
        label.intrinsicContentSize.width = 70
        try root.layout(width: 320, height: 480)
        #expect(label.frame == Rect(x: 8, y: 8, width: 70, height: 20))
        #expect(root.layoutCache?.reuses == 1)
        #expect(root.layoutCache?.isCompiled == true)
        #expect(root.layoutCache?.optimised == true)

        // The height's presence is structure: its rows must go.
        label.intrinsicContentSize.height = nil
        Constraint(label, .height, .equal, constant: 30).isActive = true
        try root.layout(width: 320, height: 480)
        #expect(label.frame == Rect(x: 8, y: 8, width: 70, height: 30))
        #expect(root.layoutCache?.reuses == 0)
    }

    /// The record does not keep a view that left the tree alive: released
    /// by its owner, it is gone at the next layout, which reports the
    /// constraint naming it as the uncached path does.
    @Test func aRemovedViewIsReleasedAndItsConstraintReported() throws {
        let root = View("root"), a = View("a")
        var b: View? = View("b")
        weak let weakB = b
        root.addSubview(a)
        root.addSubview(b!)
        Constraint.activate([
            Constraint(a, .left, .equal, b!, .right, constant: 4),
            Constraint(a, .top, .equal, constant: 0), Constraint(a, .width, .equal, constant: 10),
            Constraint(a, .height, .equal, constant: 10),
            Constraint(b!, .left, .equal, constant: 0), Constraint(b!, .top, .equal, constant: 0),
            Constraint(b!, .width, .equal, constant: 10), Constraint(b!, .height, .equal, constant: 10),
        ])
        try root.layout(width: 100, height: 100)
        #expect(a.frame == Rect(x: 14, y: 0, width: 10, height: 10))
        b!.removeFromSuperview()
        b = nil
        #expect(weakB != nil)  // the record still holds it
        do {
            try root.layout(width: 100, height: 100)
            Issue.record("a constraint naming a deallocated view must fail")
        } catch {
            #expect(error.problems == [.viewDeallocated])
            #expect(error.description.contains("a.left = b.right + 4"))
        }
        #expect(weakB == nil)
        #expect(root.layoutCache == nil)
    }

    /// Errors of a layout with a record are the uncached path's: a NaN
    /// constant names its constraint; a conflict names both constraints.
    @Test func errorsAfterAReuseAreTheFreshOnes() throws {
        let root = View("root"), v = View("v")
        root.addSubview(v)
        let w = Constraint(v, .width, .equal, constant: 10)
        Constraint.activate([w, Constraint(v, .width, .lessOrEqual, root, .width),
                             Constraint(v, .left, .equal, constant: 0), Constraint(v, .top, .equal, constant: 0),
                             Constraint(v, .height, .equal, constant: 10)])
        try root.layout(width: 100, height: 100)
        try root.layout(width: 50, height: 100)
        #expect(root.layoutCache?.reuses == 1)
        for constant in [Double.nan, 80] {
            w.constant = constant
            var errors: [String] = []
            for cached in [true, false] {
                do {
                    if cached { try root.layout(width: 50, height: 100) } else { try root.uncachedLayout(width: 50, height: 100) }
                } catch {
                    errors.append(error.description)
                }
            }
            #expect(errors.count == 2)
            #expect(errors.first == errors.last)
            #expect(errors.first?.contains("v.width = ") == true)
        }
    }
}

extension LayoutCacheTests {
    /// The benchmark's `list` tree with its first unit's height intrinsic
    /// (a few hundred units: every edge below the unit is left to the
    /// optimiser, one residual component of about a thousand rows, above
    /// the size whose presolve a record keeps). Each layout after that
    /// height changed solves the component from the kept presolve (only its
    /// two optional rows changed) and must give the frames of a tree built
    /// with that height and laid out once, bit for bit.
    @Test func anIntrinsicHeightOfALargeTreeIsSolvedFromTheKeptPresolve() throws {
        let lengths = APIShape.list.lengths(units: APIShape.list.units(views: 600))
        func tree(height: Double) -> APITree {
            let tree = APIWorkloads.build(.list, frontEnd: .sfl, lengths: lengths)
            tree.firstLength.isActive = false
            tree.firstLength.firstView!.intrinsicContentSize = IntrinsicSize(height: height)
            return tree
        }
        let kept = tree(height: lengths[0])
        try kept.root.layout(width: 1024, height: 768)
        let heights = [lengths[0] + 4, lengths[0] - 3.25, 0, 1e-3, lengths[0] * 3 + 0.1]
        for (step, height) in heights.enumerated() {
            kept.firstLength.firstView!.intrinsicContentSize.height = height
            try kept.root.layout(width: 1024, height: 768)
            let fresh = tree(height: height)
            try fresh.root.layout(width: 1024, height: 768)
            #expect(Self.bits([kept.root] + kept.views) == Self.bits([fresh.root] + fresh.views), "step \(step)")
        }
        #expect(kept.root.layoutCache?.resolvedComponents == heights.count)
    }
}
