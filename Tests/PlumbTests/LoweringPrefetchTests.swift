import Testing
import PlumbTestSupport
@testable import Plumb

/// The numbering of a tree for a layout reserves the rows from each view's
/// `listedCount`, which must follow its `constraints` array.
@Suite struct LoweringPrefetchTests {
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
