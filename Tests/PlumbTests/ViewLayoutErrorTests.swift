import Testing
@testable import Plumb

@Suite struct ViewLayoutErrorTests {
    @Test func viewOutsideTheHierarchy() throws {
        let root = View("root"), a = View("a"), stranger = View("stranger")
        root.addSubview(a)
        let c = try Constraint.make(simpleFormat: "a.left = stranger.right", views: ["a": a, "stranger": stranger])
        c.isActive = true
        let error = #expect(throws: LayoutError.self) { try root.layout(width: 10, height: 10) }
        #expect(error?.problems == [.viewOutsideHierarchy("stranger")])
        #expect(error?.diagnostics.first?.origin == c.origin)
        #expect(error?.description.hasPrefix("constraint \"a.left = stranger.right\" at PlumbTests/ViewLayoutErrorTests.swift:") == true)

        // Found from the view inside the tree even when it is the second view.
        c.isActive = false
        let d = try Constraint.make(simpleFormat: "stranger.left = a.right", views: ["a": a, "stranger": stranger])
        d.isActive = true
        let again = #expect(throws: LayoutError.self) { try root.layout(width: 10, height: 10) }
        #expect(again?.problems == [.viewOutsideHierarchy("stranger")])
    }

    @Test func removedViewKeepsItsConstraints() throws {
        let root = View("root"), a = View("a"), b = View("b")
        root.addSubview(a)
        root.addSubview(b)
        Constraint.activate(try Constraint.make(simpleFormats: ["a.left = b.right"], views: ["a": a, "b": b]))
        b.removeFromSuperview()
        let error = #expect(throws: LayoutError.self) { try root.layout(width: 10, height: 10) }
        #expect(error?.problems == [.viewOutsideHierarchy("b")])
    }

    /// The second view goes while the constraint is inactive; activating it
    /// afterwards must not let layout trust the view's old identity (a new
    /// view may be at its address).
    @Test func secondViewDeallocatedBeforeActivation() throws {
        let root = View("root"), a = View("a")
        root.addSubview(a)
        var made: [Constraint] = []
        do {
            let gone = View("gone")
            made = try Constraint.make(simpleFormats: ["a.left = gone.right"], views: ["a": a, "gone": gone])
        }
        for i in 0 ..< 64 { root.addSubview(View("new\(i)")) }  // addresses the gone view may have had
        Constraint.activate(made)
        let error = #expect(throws: LayoutError.self) { try root.layout(width: 10, height: 10) }
        #expect(error?.problems == [.viewDeallocated])
    }

    @Test func deallocatedSecondView() throws {
        let root = View("root"), a = View("a")
        root.addSubview(a)
        do {
            let gone = View("gone")
            Constraint.activate(try Constraint.make(simpleFormats: ["a.left = gone.right"], views: ["a": a, "gone": gone]))
        }
        let error = #expect(throws: LayoutError.self) { try root.layout(width: 10, height: 10) }
        #expect(error?.problems == [.viewDeallocated])
    }

    @Test func nonFiniteNumbersAreRejectedWithTheirOrigin() throws {
        let root = View("root"), a = View("a")
        root.addSubview(a)
        let c = try Constraint.make(simpleFormat: "a.left = root.left", views: ["a": a, "root": root])
        c.constant = .nan
        c.isActive = true
        let m = Constraint(a, .width, .equal, root, .width, multiplier: .infinity)
        m.isActive = true
        a.intrinsicContentSize = IntrinsicSize(height: -.infinity)
        let error = #expect(throws: LayoutError.self) { try root.layout(width: 10, height: 10) }
        #expect(error?.problems == [
            .nonFiniteInput("the constant (nan)"),
            .nonFiniteInput("the multiplier (inf)"),
            .invalidIntrinsicSize(view: "a", dimension: .height, -.infinity),
        ])
        #expect(error?.diagnostics.first?.origin == c.origin)
        #expect(error?.diagnostics[1].origin?.kind == .code)
    }

    @Test(arguments: [(-1.0, 10.0), (10, .nan), (.infinity, 1)])
    func invalidRootSize(_ w: Double, _ h: Double) {
        let error = #expect(throws: LayoutError.self) { try View("root").layout(width: w, height: h) }
        #expect(error?.problems.count == 1)
    }

    @Test(.enabled(if: simplexAvailable)) func conflictNamesTheConstraints() throws {
        let root = View("root"), a = View("a")
        root.addSubview(a)
        let cs = try Constraint.make(
            simpleFormats: ["a.left = root.left", "a.width = 100", "a.right = root.left + 50", "a.top = 0"],
            views: ["a": a, "root": root])
        Constraint.activate(cs)
        let error = #expect(throws: LayoutError.self) { try root.layout(width: 320, height: 480) }
        guard case .unsatisfiable(let conflict)? = error?.problems.first else {
            Issue.record("expected a conflict, got \(String(describing: error))")
            return
        }
        #expect(Set(conflict) == Set(cs[0 ..< 3].map(\.origin)))
        #expect(error?.diagnostics.first?.notes.count == 3)
    }
}
