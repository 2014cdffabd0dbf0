import Testing
@testable import Plumb

/// Activation and deactivation report a change of the views' lists once per
/// call (`LayoutInputs.viewChanged()`), not once per list. A layout record
/// (`TreeLayoutCache`) that finds the count of view changes where it left
/// it reuses the last lowering; so every path that lists or unlists a
/// constraint after a layout must move the count, or the next layout would
/// solve the old constraints. Each step below changes the constraints of a
/// laid-out tree through one path and checks the next layout's frames
/// exactly, and that the count moved (when something was listed or
/// unlisted; when nothing was, that no view's list changed). The count is
/// the process's: tests running beside this one move it too, which can only
/// hide a missing report here, never make one up; run alone, a missing
/// report fails both checks.
@Suite struct ActivationAfterLayoutTests {
    /// A root 200 × 100 with views `a` and `b`; `a` placed by four public
    /// constraints, `b` by the maker, both laid out once.
    private final class Tree {
        let root = View("root"), a = View("a"), b = View("b")
        var aWidth: Constraint

        init() throws {
            root.addSubview(a)
            root.addSubview(b)
            aWidth = Constraint(a, .width, .equal, constant: 50)
            Constraint.activate([
                Constraint(a, .left, .equal, root, .left, constant: 10),
                Constraint(a, .top, .equal, root, .top),
                aWidth,
                Constraint(a, .height, .equal, constant: 20),
            ])
            b.makeConstraints { make in
                make.left.equalTo(a.mas_right)
                make.top.equalTo(a.mas_bottom).offset(5)
                make.width.equalTo(30)
                make.height.equalTo(10)
            }
            try layout()
            #expect(a.frame == Rect(x: 10, y: 0, width: 50, height: 20))
            #expect(b.frame == Rect(x: 60, y: 25, width: 30, height: 10))
        }

        func layout() throws { try root.layout(width: 200, height: 100) }

        /// Runs `change`; when it `lists` (or unlists) something, checks
        /// that the view-change count moved, else that every view's list is
        /// the same array as before; lays the tree out again.
        func step(_ name: String, lists: Bool = true, _ change: () throws -> Void) throws {
            let before = LayoutInputs.views
            let views = [root] + root.subviews
            let old = views.map(\.constraints)
            try change()
            if lists {
                #expect(LayoutInputs.views != before, "\(name)")
            } else {
                for (v, list) in zip(views, old) {
                    #expect(v.constraints.withUnsafeBufferPointer { $0.baseAddress }
                            == list.withUnsafeBufferPointer { $0.baseAddress } && v.constraints.count == list.count,
                            "\(name): \(v.id)")
                }
            }
            try layout()
        }
    }

    @Test func eachPathChangesTheNextLayout() throws {
        let t = try Tree()
        let (a, b, root) = (t.a, t.b, t.root)

        // One constraint at a time, through `isActive`.
        try t.step("isActive") {
            t.aWidth.isActive = false
            t.aWidth = Constraint(a, .width, .equal, constant: 70)
            t.aWidth.isActive = true
        }
        #expect(a.frame.width == 70 && b.frame.x == 80)

        // Through the static functions, several at once.
        let wider = Constraint(a, .width, .equal, constant: 90)
        let lower = Constraint(b, .height, .equal, constant: 12)
        let bHeight = b.makerConstraints.first { $0.firstAttribute == .height }!
        try t.step("deactivate an array") { Constraint.deactivate([t.aWidth, bHeight]) }
        // Neither width nor b's height is fixed now: add them back in one batch.
        try t.step("activate an array") { Constraint.activate([wider, lower]) }
        #expect(a.frame.width == 90 && b.frame == Rect(x: 100, y: 25, width: 30, height: 12))

        // Activating what is active, and deactivating what is not, lists nothing.
        try t.step("activate active", lists: false) { Constraint.activate([wider, lower]) }
        try t.step("deactivate inactive", lists: false) { Constraint.deactivate([t.aWidth, bHeight]) }
        try t.step("isActive again", lists: false) { wider.isActive = true }
        #expect(a.frame.width == 90)

        // The maker: a new block, a remake (deactivates, then makes).
        try t.step("makeConstraints") {
            Constraint.deactivate([lower])
            b.makeConstraints { make in make.height.equalTo(14) }
        }
        #expect(b.frame.height == 14)
        try t.step("remakeConstraints") {
            b.remakeConstraints { make in
                make.left.equalTo(root).offset(3)
                make.top.equalTo(root).offset(4)
                make.width.equalTo(5)
                make.height.equalTo(6)
            }
        }
        #expect(b.frame == Rect(x: 3, y: 4, width: 5, height: 6))
        // An update that only moves a constant changes no list.
        try t.step("updateConstraints", lists: false) { b.updateConstraints { make in make.width.equalTo(8) } }
        #expect(b.frame.width == 8)

        // Mortar: a statement activates its constraints; `deactivate` and `~~`.
        let c = View("c")
        root.addSubview(c)
        var placed: [MortarConstraint] = []
        try t.step("Mortar statements") {
            placed = [c.m_left |=| root.m_left + 20 ! .required, c.m_top |=| root.m_top + 30 ! .required,
                      c.m_width |=| 40 ! .required, c.m_height |=| 50 ! .required]
        }
        #expect(c.frame == Rect(x: 20, y: 30, width: 40, height: 50))
        try t.step("Mortar deactivate and ~~") {
            placed[2].deactivate()
            _ = c.m_width |=| 45 ! .required ~~ .deactivated
            placed[2] = (c.m_width |=| 60 ! .required)
        }
        #expect(c.frame.width == 60)

        // Simple Format strings, activated as an array.
        let d = View("d")
        root.addSubview(d)
        try t.step("Simple Format") {
            Constraint.activate(try Constraint.make(simpleFormats: [
                "d.left = c.right + 1", "d.top = c.top", "d.width = 2", "d.height = c.height - 1",
            ], views: ["c": c, "d": d]))
        }
        #expect(d.frame == Rect(x: 81, y: 30, width: 2, height: 49))

        // A constraint whose first view is gone is not activated: nothing listed.
        var gone: View? = View("gone")
        let orphan = Constraint(gone!, .width, .equal, d, .width)
        gone = nil
        try t.step("first view gone", lists: false) { Constraint.activate([orphan]) }
        #expect(!orphan.isActive && d.constraints.allSatisfy { $0 !== orphan })

        // Deactivating a constraint whose second view is in the tree takes it
        // off both lists, and the next layout no longer has it.
        let tie = Constraint(d, .height, .equal, a, .height, priority: 1000)
        try t.step("tie") {
            Constraint.deactivate(d.constraints.filter { $0.firstView === d && $0.firstAttribute == .height })
            tie.isActive = true
        }
        #expect(d.frame.height == 20)
        try t.step("tie off") {
            tie.isActive = false
            Constraint(d, .height, .equal, constant: 9).isActive = true
        }
        #expect(d.frame.height == 9 && !a.constraints.contains { $0 === tie })
    }

    /// Activation keeps the order constraints were activated in within each
    /// view's list, across batches and single activations, counting a
    /// constraint given twice in one batch once; deactivating a batch keeps
    /// the others' order.
    @Test func listsKeepActivationOrder() {
        let root = View("root"), a = View("a"), b = View("b")
        root.addSubview(a)
        root.addSubview(b)
        var c: [Constraint] = []
        for k in 0 ..< 9 {
            let n = Double(k)
            if k % 3 == 0 {
                c.append(Constraint(a, .width, .lessOrEqual, constant: 100 + n))
            } else {
                c.append(Constraint(a, .left, .greaterOrEqual, b, .left, constant: n))
            }
        }
        Constraint.activate([c[3], c[1], c[3], c[0]])
        c[5].isActive = true
        Constraint.activate([c[2], c[8], c[4]])
        #expect(a.constraints.map(\.constant) == [103, 1, 100, 5, 2, 8, 4])
        #expect(b.constraints.map(\.constant) == [1, 5, 2, 8, 4])
        #expect(a.listedCount == 7 && b.listedCount == 5)
        Constraint.deactivate([c[1], c[0], c[8], c[1]])
        #expect(a.constraints.map(\.constant) == [103, 5, 2, 4])
        #expect(b.constraints.map(\.constant) == [5, 2, 4])
        #expect(a.listedCount == 4 && b.listedCount == 3)
        Constraint.activate([c[1], c[7], c[6]])
        #expect(a.constraints.map(\.constant) == [103, 5, 2, 4, 1, 7, 106])
        #expect(b.constraints.map(\.constant) == [5, 2, 4, 1, 7])
        for k in c.indices {
            #expect(c[k].isActive == a.constraints.contains { $0 === c[k] }, "c[\(k)]")
        }
    }
}
