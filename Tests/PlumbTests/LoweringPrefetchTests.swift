import Testing
import PlumbTestSupport
@testable import Plumb

/// Lowering asks for memory ahead (`LoweringPrefetch`): the next views'
/// objects and constraint lists, the next constraints and the views they
/// name. That reads positions ahead of the one lowered, so these trees put
/// lists of every short length at every position, the last views included,
/// where a position read one too far would be past the list or the tree
/// (a trap in a debug build). And the numbering reserves the rows from each
/// view's `listedCount`, which must follow its `constraints` array.
@Suite struct LoweringPrefetchTests {
    /// Chains of views under a root, each view with a child: a view's list
    /// holds its own constraints (size, place, 0 to 3 repeats), the next
    /// view's top and its child's, and the child's holds 0 to 3 (the child
    /// is placed against its view, partly or not at all: an ambiguous child
    /// is solved anyhow, and only the chain's frames are checked). Lists of
    /// every length from 0 fall at every position of the tree, the last
    /// views included, and of a list: every chain view's frame is the one
    /// its constraints fix.
    @Test func listsOfEveryLengthLayOutAtEveryPosition() throws {
        var rng = SplitMix64(seed: 23_001)
        var layouts = 0
        var childLists: Set<Int> = []
        for viewCount in 1 ... 9 {
            for _ in 0 ..< 12 {
                let root = View("root")
                var views: [View] = []
                var children: [View] = []
                var tops: [Double] = []
                for k in 0 ..< viewCount {
                    let v = View("v\(k)"), child = View("c\(k)")
                    root.addSubview(v)
                    v.addSubview(child)
                    views.append(v)
                    children.append(child)
                    tops.append(Double(k) * 30 + 5)
                }
                for (k, v) in views.enumerated() {
                    let repeats = Int.random(in: 0 ... 3, using: &rng)
                    var formats = ["v.left = root.left + \(k)", "v.width = \(10 + k)", "v.height = 20"]
                    formats += Array(repeating: "v.width = \(10 + k)", count: repeats)
                    formats.append(k == 0 ? "v.top = root.top + 5" : "v.top = above.bottom + 10")
                    let childCount = Int.random(in: 0 ... 3, using: &rng)
                    childLists.insert(childCount)
                    formats += ["c.left = v.left", "c.top = v.top + 1", "c.width = 5"].prefix(childCount)
                    var names = ["v": v, "c": children[k], "root": root]
                    if k > 0 { names["above"] = views[k - 1] }
                    Constraint.activate(try Constraint.make(simpleFormats: formats.shuffled(using: &rng), views: names))
                }
                try root.layout(width: 400, height: 400)
                layouts += 1
                for (k, v) in views.enumerated() {
                    #expect(v.frame == Rect(x: Double(k), y: tops[k], width: Double(10 + k), height: 20),
                            "\(viewCount) views: v\(k) \(v.frame)")
                }
            }
        }
        #expect(layouts == 108)
        #expect(childLists == [0, 1, 2, 3])
    }

    /// A view's `listedCount` is its `constraints.count` after every change:
    /// constraints activated in arrays and alone, deactivated, remade by the
    /// maker, listed by views that go (their constraints stay listed by the
    /// other view); and the rows the numbering reserves from it hold every
    /// layout's rows (frames checked against the fixed sizes).
    @Test func listedCountFollowsTheConstraintsArray() throws {
        var rng = SplitMix64(seed: 23_002)
        var checked = 0
        for round in 0 ..< 20 {
            let root = View("root")
            var views: [View] = []
            for k in 0 ..< 12 {
                let v = View("r\(round)v\(k)")
                root.addSubview(v)
                views.append(v)
            }
            var active: [Constraint] = []
            func check(_ step: String) {
                for v in [root] + views {
                    #expect(Int(v.listedCount) == v.constraints.count, "round \(round), \(step): \(v.id)")
                    checked += 1
                }
            }
            check("made")
            for step in 0 ..< 40 {
                let a = views.randomElement(using: &rng)!, b = views.randomElement(using: &rng)!
                switch Int.random(in: 0 ..< 5, using: &rng) {
                case 0:
                    let made = [Constraint(a, .width, .lessOrEqual, constant: 300),
                                Constraint(a, .left, .greaterOrEqual, b, .left, constant: -500)]
                    Constraint.activate(made)
                    active += made
                case 1:
                    let c = Constraint(a, .height, .lessOrEqual, b, .height, constant: 200)
                    c.isActive = true
                    active.append(c)
                case 2:
                    guard !active.isEmpty else { continue }
                    let i = Int.random(in: 0 ..< active.count, using: &rng)
                    active.remove(at: i).isActive = false
                case 3:
                    a.remakeConstraints { make in
                        make.top.equalTo(root).offset(Double(step))
                        make.bottom.lessThanOrEqualTo(root).offset(-1)
                    }
                default:
                    Constraint.deactivate(active)
                    active.removeAll()
                }
                check("step \(step)")
            }
            // A view that goes (removed, and nothing else holds it): its
            // constraints with other views stay listed by them, marked, and
            // are then deactivated from the survivors' lists.
            views.removeLast().removeFromSuperview()
            check("a view gone")
            for v in [root] + views {
                Constraint.deactivate(v.constraints.filter { $0.firstView == nil || $0.secondView == nil && $0.hasSecondView })
            }
            check("the gone view's constraints deactivated")
            Constraint.deactivate(active)
            for v in views {
                Constraint.activate([Constraint(v, .left, .equal, root, .left, constant: 7),
                                     Constraint(v, .width, .equal, constant: 40),
                                     Constraint(v, .top, .equal, root, .top, priority: 500),
                                     Constraint(v, .height, .equal, constant: 30, priority: 999)])
            }
            check("placed")
            try root.layout(width: 1000, height: 1000)
            for v in views {
                #expect(v.frame.x == 7 && v.frame.width == 40, "round \(round): \(v.id) \(v.frame)")
            }
        }
        #expect(checked > 10_000)
    }
}
