import Dispatch
import Testing
@testable import Plumb

/// A Mortar statement's result that nothing holds once the statement ends
/// is handed to the thread's next statement (`MortarConstraint.holding`,
/// the thread's spare); a result the user keeps never is, and keeps its own
/// constraints.
@Suite struct MortarSpareStatementTests {
    typealias Random = LazyOriginTests.Random

    /// The object in this thread's spare slot, by identity: read without
    /// holding it (a held spare is not handed on).
    private static func spareID() -> ObjectIdentifier? {
        MortarConstraint.threadSpare.withValue { $0.map(ObjectIdentifier.init) }
    }

    /// What a kept result held when its statement ended.
    private struct Kept {
        var result: MortarConstraint
        var constraints: [Constraint]
        var texts: [String]
    }

    /// One random statement of `views`: one constraint, a view's four
    /// edges, a two-part tuple or an array of two targets.
    private static func statement(_ rng: inout Random, _ views: [View]) -> (MortarConstraint, parts: Int) {
        let a = rng.pick(views), b = rng.pick(views.filter { $0 !== a })
        let x = Double(rng.next(50))
        switch rng.next(4) {
        case 0: return (a.m_width |=| b.m_width + x, 1)
        case 1: return (a |=| b ! .low, 4)
        case 2: return (a.m_size |>| (x, b.m_height), 2)
        default: return ([a, b].m_height |<| x, 2)
        }
    }

    /// Random statements one after another, about a third of their results
    /// kept. A result let go is the object the next statement returns
    /// (given that statement's constraints); after a kept one, the next
    /// statement makes a new object. Every kept result still holds the same
    /// constraint objects, in order and with the same texts, after all the
    /// later statements, and deactivating it takes exactly those off their views.
    @Test(arguments: [1, 2, 3, 4] as [UInt64]) func keptResultsKeepTheirConstraints(seed: UInt64) {
        var rng = Random(state: seed)
        let (root, views) = mortarScene(5)
        MortarDefault.priority.push(.required)
        defer { try! MortarDefault.priority.pop() }
        var kept: [Kept] = []
        var previousKept = true
        var handedOn = 0
        for step in 0 ..< 200 {
            let before = Self.spareID()
            let (result, parts) = Self.statement(&rng, views)
            let made = result.layoutConstraints
            #expect(made.count == parts && made.allSatisfy(\.isActive), "seed \(seed), step \(step)")
            let reused = ObjectIdentifier(result) == before
            if step > 0 {
                #expect(reused == !previousKept, "seed \(seed), step \(step): reused \(reused)")
            }
            if reused { handedOn += 1 }
            previousKept = rng.next(3) == 0
            if previousKept { kept.append(Kept(result: result, constraints: made, texts: made.map(\.description))) }
        }
        #expect(handedOn > 100, "seed \(seed): \(handedOn) results handed on")
        for (i, k) in kept.enumerated() {
            let now = k.result.layoutConstraints
            #expect(now.count == k.constraints.count && zip(now, k.constraints).allSatisfy { $0 === $1 },
                    "seed \(seed), kept \(i): other constraints")
            #expect(now.map(\.description) == k.texts, "seed \(seed), kept \(i)")
            #expect(k.result.isActive)
        }
        let listedBefore = views.map { $0.constraints.count }.reduce(0, +)
        var taken = 0
        for k in kept {
            k.result.deactivate()
            #expect(!k.result.isActive)
            // A constraint between two views is listed by both.
            taken += k.constraints.map { $0.secondView == nil ? 1 : 2 }.reduce(0, +)
        }
        #expect(views.map { $0.constraints.count }.reduce(0, +) == listedBefore - taken, "seed \(seed)")
        _ = root
    }

    /// The spare keeps a statement's constraints, not its views: views
    /// that go away after a statement whose result was let go are freed.
    @Test func theSpareKeepsNoView() {
        weak var gone: View?
        do {
            let root = View("root"), box = View("box")
            root.addSubview(box)
            gone = box
            box.m_width |=| root.m_width - 8
            #expect(Self.spareID() != nil)
        }
        #expect(gone == nil)
        let spare = MortarConstraint.threadSpare.value
        #expect(spare?.layoutConstraints.count == 1)
        #expect(spare?.layoutConstraints.first?.firstView == nil)
    }

    /// Statements on several threads at once: each thread hands its spare
    /// only to its own statements, and every kept result keeps its own.
    @Test func statementsOnSeveralThreads() {
        DispatchQueue.concurrentPerform(iterations: 4) { t in
            let (_, views) = mortarScene(3)
            var kept: [(MortarConstraint, Double)] = []
            for k in 0 ..< 300 {
                let constant = Double(1000 * t + k)
                let result = views[k % 3].m_height |=| constant
                if k % 4 == 0 { kept.append((result, constant)) }
                if result.layoutConstraints.map(\.constant) != [constant] {
                    Issue.record("thread \(t), statement \(k): \(result)")
                }
            }
            for (result, constant) in kept where result.layoutConstraints.map(\.constant) != [constant] {
                Issue.record("thread \(t): kept \(result), expected \(constant)")
            }
        }
    }
}
