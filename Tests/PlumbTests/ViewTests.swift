import Testing
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
        #expect(view.textMetrics != nil && view.extras == [.text, .textMetrics])
        view.text = nil
        try root.layout(width: 100, height: 100, measurer: GridMeasurer())
        #expect(view.textMetrics == nil && view.extras.isEmpty)
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
