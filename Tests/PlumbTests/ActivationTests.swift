import PlumbTestSupport
import Testing
@testable import Plumb

/// Activation lists a constraint with its views (``View/constraints``) and
/// deactivation takes it off again; both read the views through their
/// `ViewReference`, lent without a retain. These tests drive both at random
/// against a plain model: which constraints are active, in which order each
/// view lists them, and which views are in the tree, outside it or gone.
@Suite struct ActivationTests {
    /// Where a view of the test is.
    private enum Place { case inTree, outside, gone }

    /// What a layout of the tree reports for one active constraint (every
    /// constant is NaN, so each constraint the layout lowers is reported).
    private enum Report: Hashable {
        case nonFinite, outside(String), gone
    }

    /// Random steps on a tree of up to 10 views and 30 constraints between
    /// them (some with one view, some naming the same view twice): a
    /// constraint activated or deactivated (through `isActive` or the static
    /// functions, sometimes to the value it has), a view taken out of the
    /// tree or put back, a view freed. After every step each live view lists
    /// exactly the model's active constraints naming it, in activation order;
    /// each constraint's `isActive` and views read as the model's; and a
    /// layout of the tree reports exactly one problem per active constraint
    /// it reaches, of the kind the model predicts (a NaN constant, a view
    /// outside the tree, a view gone), and nothing else.
    @Test func viewsListExactlyTheActiveConstraints() throws {
        var steps = 0, reports = 0, goneReports = 0
        for seed in 0 ..< 120 {
            var rng = SplitMix64(seed: UInt64(seed) &+ 9001)
            let n = 4 + Int(rng.next() % 7)
            let root = View("root")
            var held: [View?] = (0 ..< n).map { View("v\($0)") }
            let tracked = held.map { Tracked(view: $0) }
            var place = [Place](repeating: .inTree, count: n)
            for v in held { root.addSubview(v!) }

            // The constraints: (constraint, first view, second view or nil).
            var constraints: [(c: Constraint, a: Int, b: Int?)] = []
            for k in 0 ..< 2 * n + Int(rng.next() % UInt64(n)) {
                let a = Int(rng.next() % UInt64(n)), b = Int(rng.next() % UInt64(n))
                let c = rng.next() % 4 == 0
                    ? Constraint(held[a]!, .width, .equal, constant: .nan, line: k + 1)
                    : Constraint(held[a]!, .left, .equal, held[b]!, .right, constant: .nan, line: k + 1)
                constraints.append((c, a, c.secondAttribute == nil ? nil : b))
            }
            // The model: which constraints are active, and each view's list.
            var active = [Bool](repeating: false, count: constraints.count)
            var lists = [[Int]](repeating: [], count: n)

            func views(of k: Int) -> [Int] {
                let (_, a, b) = constraints[k]
                guard let b, b != a else { return [a] }
                return [a, b]
            }
            func setActive(_ k: Int, _ on: Bool) {
                switch rng.next() % 3 {
                case 0: constraints[k].c.isActive = on
                case 1: on ? Constraint.activate([constraints[k].c]) : Constraint.deactivate([constraints[k].c])
                default:
                    // Sometimes a list of several, in order.
                    let other = Int(rng.next() % UInt64(constraints.count))
                    guard other != k else { return setActive(k, on) }
                    let both = [constraints[k].c, constraints[other].c]
                    on ? Constraint.activate(both) : Constraint.deactivate(both)
                    model(k, on)
                    model(other, on)
                    return
                }
                model(k, on)
            }
            func model(_ k: Int, _ on: Bool) {
                guard on != active[k] else { return }
                if on {
                    // A constraint whose first view is gone is not activated.
                    guard place[constraints[k].a] != .gone else { return }
                    active[k] = true
                    for v in views(of: k) where place[v] != .gone { lists[v].append(k) }
                } else {
                    active[k] = false
                    for v in views(of: k) where place[v] != .gone { lists[v].removeAll { $0 == k } }
                }
            }
            /// What laying out the tree reports for active constraint `k`.
            func expected(_ k: Int) -> Report? {
                let (_, a, b) = constraints[k]
                let inTree = { (v: Int) in place[v] == .inTree }
                if place[a] == .gone || b.map({ place[$0] == .gone }) == true {
                    // Reported once, from the live view if it is in the tree.
                    let live = place[a] == .gone ? b : a
                    return live.map(inTree) == true ? .gone : nil
                }
                if inTree(a) {
                    if let b, !inTree(b) { return .outside("v\(b)") }
                    return .nonFinite
                }
                if let b, inTree(b) { return .outside("v\(a)") }
                return nil
            }

            for step in 0 ..< 70 {
                let context = "seed \(seed), step \(step)"
                let roll = rng.next() % 20
                if roll < 14 {
                    let k = Int(rng.next() % UInt64(constraints.count))
                    // Mostly toggled; sometimes set to the value it has.
                    setActive(k, rng.next() % 5 == 0 ? active[k] : !active[k])
                } else {
                    let v = Int(rng.next() % UInt64(n))
                    switch (place[v], roll) {
                    case (.inTree, 14 ..< 17):
                        held[v]!.removeFromSuperview()
                        place[v] = .outside
                    case (.outside, 14 ..< 18):
                        root.addSubview(held[v]!)
                        place[v] = .inTree
                    case (.inTree, 17...), (.outside, 18...):
                        held[v]!.removeFromSuperview()
                        held[v] = nil
                        // A successful layout's record keeps the subview
                        // lists it lowered until the tree's next layout:
                        // dropped, so that the view goes now.
                        root.layoutCache = nil
                        place[v] = .gone
                        lists[v] = []
                        #expect(tracked[v].view == nil, "\(context): v\(v) should be freed")
                    default:
                        continue
                    }
                }
                steps += 1

                for v in 0 ..< n {
                    guard let view = tracked[v].view else { continue }
                    let listed = view.constraints.map { c in constraints.firstIndex { $0.c === c } ?? -1 }
                    #expect(listed == lists[v], "\(context): v\(v) lists \(listed), the model \(lists[v])")
                }
                var wanted: [Int: Report] = [:]
                for (k, (c, a, b)) in constraints.enumerated() {
                    #expect(c.isActive == active[k], "\(context): constraint \(k + 1)")
                    #expect(c.firstView === tracked[a].view, "\(context): constraint \(k + 1)")
                    #expect(c.secondView === b.flatMap { tracked[$0].view }, "\(context): constraint \(k + 1)")
                    if active[k], let report = expected(k) { wanted[k + 1] = report }
                }

                var found: [Int: Report] = [:], extra = 0
                for d in Self.problems(laying: root) {
                    let report: Report
                    switch d.problem {
                    case .nonFiniteInput: report = .nonFinite
                    case .viewOutsideHierarchy(let id): report = .outside(id)
                    case .viewDeallocated: report = .gone
                    default: extra += 1; continue
                    }
                    guard let line = d.origin?.line, found[line] == nil else { extra += 1; continue }
                    found[line] = report
                }
                #expect(extra == 0, "\(context): \(extra) reports of no constraint or twice")
                #expect(found == wanted, "\(context): reported \(found), the model \(wanted)")
                reports += wanted.count
                goneReports += wanted.values.filter { $0 == .gone }.count
            }
        }
        // The walk reached every case often.
        #expect(steps > 7000 && reports > 20000 && goneReports > 1000, "\(steps) steps, \(reports) reports, \(goneReports) gone")
    }

    /// The diagnostics of a layout of `root`, none when it succeeds.
    private static func problems(laying root: View) -> [Diagnostic] {
        do {
            try root.layout(width: 100, height: 100)
            return []
        } catch {
            return error.diagnostics
        }
    }

    /// A constraint made before its views go and activated after: with its
    /// first view gone it stays inactive and is listed nowhere; with only
    /// its second view gone it is active, listed by its first view, and a
    /// layout reports the deallocated view.
    @Test func activatingAfterAViewWentAway() throws {
        let root = View("root"), kept = View("kept")
        root.addSubview(kept)
        var firstGone: Constraint!, secondGone: Constraint!
        do {
            let doomed = View("doomed")
            root.addSubview(doomed)
            firstGone = Constraint(doomed, .left, .equal, kept, .left)
            secondGone = Constraint(kept, .left, .equal, doomed, .right, constant: 4)
            doomed.removeFromSuperview()
        }
        #expect(firstGone.firstView == nil && secondGone.secondView == nil)
        firstGone.isActive = true
        #expect(!firstGone.isActive && kept.constraints.isEmpty)
        secondGone.isActive = true
        #expect(secondGone.isActive && kept.constraints.count == 1 && kept.constraints[0] === secondGone)
        let error = #expect(throws: LayoutError.self) { try root.layout(width: 10, height: 10) }
        #expect(error?.problems == [.viewDeallocated])
        secondGone.isActive = false
        #expect(!secondGone.isActive && kept.constraints.isEmpty)
        try root.layout(width: 10, height: 10)
    }
}

/// A view tracked by the test without keeping it alive.
private struct Tracked {
    weak var view: View?
}

/// `Constraint.activate` lends each constraint of its array and activation
/// lends the second view's reference: neither may keep anything alive.
@Suite struct ActivationLendingTests {
    /// Constraints activated in arrays (between two views, one view, a view
    /// and itself) are held by their views' lists alone once the arrays go,
    /// and go with the views; views freed first leave the constraints
    /// (kept by the test) reading them as gone.
    @Test func activatedConstraintsLiveWithTheirViews() throws {
        for round in 0 ..< 20 {
            var rng = SplitMix64(seed: 9_100 + UInt64(round))
            var weakOnes: [() -> Constraint?] = []
            var views: [View]? = (0 ..< 5).map { View("v\($0)") }
            do {
                var made: [Constraint] = []
                for _ in 0 ..< 12 {
                    let a = views![Int(rng.next() % 5)], b = views![Int(rng.next() % 5)]
                    switch rng.next() % 3 {
                    case 0: made.append(Constraint(a, .left, .equal, b, .right, constant: 1))
                    case 1: made.append(Constraint(a, .width, .equal, constant: 2))
                    default: made.append(Constraint(a, .top, .equal, a, .bottom))
                    }
                }
                Constraint.activate(made)
                for c in made {
                    #expect(c.isActive)
                    #expect(c.firstView!.constraints.contains { $0 === c })
                    if let second = c.secondView { #expect(second.constraints.contains { $0 === c }) }
                }
                for c in made {
                    weak let w = c
                    weakOnes.append { w }
                }
            }
            // The lists hold them.
            #expect(weakOnes.allSatisfy { $0() != nil }, "round \(round)")
            views = nil
            #expect(weakOnes.allSatisfy { $0() == nil }, "round \(round): a constraint outlived its views")
        }
    }
}
