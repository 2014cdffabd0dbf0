import Testing
@testable import Plumb

/// Hand-checked frames of small layouts built as `View` trees.
@Suite struct ViewLayoutTests {
    /// The four-constraint example of the Simple Format Language README,
    /// inside a 320 x 480 superview: width 100, square, at the left edge,
    /// centred vertically: y = (480 - 100) / 2 = 190.
    @Test func readmeRedView() throws {
        let superview = View("superview"), redView = View("redView")
        superview.addSubview(redView)
        Constraint.activate(try Constraint.make(
            simpleFormats: [
                "redView.width = 100",
                "redView.height = redView.width",
                "redView.left = superview.left",
                "redView.centerY = superview.centerY",
            ],
            views: ["redView": redView, "superview": superview]))
        try superview.layout(width: 320, height: 480)
        #expect(superview.frame == rect(0, 0, 320, 480))
        #expect(redView.frame == rect(0, 190, 100, 100))
    }

    /// Two cells stacked 8 apart with an icon centred in each: frames are in
    /// the superview's coordinates, so both icons have the same frame.
    @Test func smallList() throws {
        let v = try layOut(
            [("root", nil), ("cell0", "root"), ("icon0", "cell0"), ("cell1", "root"), ("icon1", "cell1")],
            [
                "cell0.left = root.left + 16", "cell0.right = root.right - 16",
                "cell0.top = root.top + 8", "cell0.height = 44",
                "cell1.left = cell0.left", "cell1.width = cell0.width",
                "cell1.top = cell0.bottom + 8", "cell1.height = 1.5 * cell0.height",
                "icon0.left = cell0.left + 8", "icon0.centerY = cell0.centerY",
                "icon0.width = 28", "icon0.height = icon0.width",
                "icon1.trailing = cell1.trailing - pad", "icon1.centerY = cell1.centerY",
                "icon1.width = icon0.width", "icon1.baseline = icon1.top + 28",
            ],
            width: 320, height: 480, metrics: ["pad": 8])
        #expect(v["cell0"]?.frame == rect(16, 8, 288, 44))
        #expect(v["cell1"]?.frame == rect(16, 60, 288, 66))
        #expect(v["icon0"]?.frame == rect(8, 8, 28, 28))
        #expect(v["icon1"]?.frame == rect(252, 19, 28, 28))
    }

    /// Every attribute on both sides, with exact values: a view centred in a
    /// 200 x 100 root with leading/trailing and top/bottom insets.
    @Test func everyAttributeLowersToTheSpecGeometry() throws {
        let v = try layOut(
            [("root", nil), ("a", "root"), ("b", "a")],
            [
                "a.leading = root.leading + 10", "a.trailing = root.trailing - 30",
                "a.top = root.top + 5", "a.bottom = root.bottom - 15",
                "b.centerX = a.centerX + 2", "b.centerY = a.centerY",
                "b.width = 0.25 * a.width", "b.baseline = a.baseline - 20",
            ],
            width: 200, height: 100)
        // a: x 10 ... 170, y 5 ... 85.
        #expect(v["a"]?.frame == rect(10, 5, 160, 80))
        // b: width 40, centre x 90 + 2 = 92 → left 72 (62 in a); bottom 65 and
        // centre y 45 → height 40, top 25 (20 in a).
        #expect(v["b"]?.frame == rect(62, 20, 40, 40))
    }

    @Test func constraintsBetweenCousinsUseRootCoordinates() throws {
        let v = try layOut(
            [("root", nil), ("p", "root"), ("q", "root"), ("x", "p"), ("y", "q")],
            [
                "p.left = root.left + 10", "p.top = root.top + 10", "p.width = 100", "p.height = 100",
                "q.left = p.right + 10", "q.top = p.top", "q.width = 100", "q.height = 100",
                "x.left = p.left + 5", "x.top = p.top + 5", "x.width = 10", "x.height = 10",
                "y.left = x.right", "y.top = x.bottom", "y.width = x.width", "y.height = x.height",
            ],
            width: 300, height: 200)
        #expect(v["q"]?.frame == rect(120, 10, 100, 100))
        #expect(v["x"]?.frame == rect(5, 5, 10, 10))
        // y at root (25, 25) is (-95, 15) in q.
        #expect(v["y"]?.frame == rect(-95, 15, 10, 10))
    }

    @Test func rootOnlyAndMutableConstant() throws {
        let root = View("root"), a = View("a")
        root.addSubview(a)
        let cs = try Constraint.make(
            simpleFormats: ["a.left = root.left + 4", "a.top = root.top", "a.width = 10", "a.height = 10"],
            views: ["a": a, "root": root])
        Constraint.activate(cs)
        try root.layout(width: 50, height: 60)
        #expect(a.frame == rect(4, 0, 10, 10))
        cs[0].constant = 30
        try root.layout(width: 50, height: 60)
        #expect(a.frame == rect(30, 0, 10, 10))
        let lone = View("lone")
        try lone.layout(width: 7, height: 0)
        #expect(lone.frame == rect(0, 0, 7, 0))
    }

    @Test func constraintsMadeInCode() throws {
        let root = View("root"), a = View("a")
        root.addSubview(a)
        Constraint.activate([
            Constraint(a, .left, .equal, root, .centerX, multiplier: 0.5, constant: 1),
            Constraint(a, .top, .equal, constant: 2),
            Constraint(a, .width, .equal, root, .width, multiplier: 0.25),
            Constraint(a, .height, .equal, a, .width, multiplier: 2),
        ])
        try root.layout(width: 80, height: 100)
        #expect(a.frame == rect(21, 2, 20, 40))
    }

    // MARK: - Intrinsic sizes (need the simplex)

    /// A label with intrinsic width 120: alone, hugging and resistance both
    /// hold (120); squeezed by a required `<= 100` the resistance row gives
    /// way (100); stretched by `= 200 @ 500` the hugging row (250) gives way
    /// (200); with hugging raised to 750, hugging beats the 500 row (120).
    @Test(.enabled(if: simplexAvailable)) func intrinsicSizeHuggingAndResistance() throws {
        let base = ["label.left = root.left + 10", "label.top = root.top + 10"]
        let size = ["label": IntrinsicSize(width: 120, height: 20)]
        let tree: [(String, String?)] = [("root", nil), ("label", "root")]
        var v = try layOut(tree, base, width: 320, height: 480, intrinsic: size)
        #expect(v["label"]?.frame == rect(10, 10, 120, 20))
        v = try layOut(tree, base + ["label.width <= 100"], width: 320, height: 480, intrinsic: size)
        #expect(v["label"]?.frame == rect(10, 10, 100, 20))
        v = try layOut(tree, base + ["label.width = 200 @ 500"], width: 320, height: 480, intrinsic: size)
        #expect(v["label"]?.frame == rect(10, 10, 200, 20))

        let root = View("root"), label = View("label")
        root.addSubview(label)
        label.intrinsicContentSize = IntrinsicSize(width: 120)
        label.setContentHuggingPriority(.high, for: .horizontal)
        Constraint.activate(try Constraint.make(
            simpleFormats: base + ["label.width = 200 @ 500", "label.height = 30"],
            views: ["root": root, "label": label]))
        try root.layout(width: 320, height: 480)
        #expect(label.frame == rect(10, 10, 120, 30))
    }

    /// Two labels in a row between the root's edges: the one with the lower
    /// compression resistance is squeezed.
    @Test(.enabled(if: simplexAvailable)) func lowerResistanceShrinksFirst() throws {
        let root = View("root"), a = View("a"), b = View("b")
        root.addSubview(a)
        root.addSubview(b)
        a.intrinsicContentSize = IntrinsicSize(width: 100, height: 20)
        b.intrinsicContentSize = IntrinsicSize(width: 100, height: 20)
        b.setContentCompressionResistancePriority(.medium, for: .horizontal)
        Constraint.activate(try Constraint.make(simpleFormats: [
            "a.left = root.left", "b.left = a.right + 10", "b.right = root.right",
            "a.top = root.top", "b.top = root.top",
        ], views: ["root": root, "a": a, "b": b]))
        try root.layout(width: 150, height: 40)
        #expect(a.frame == rect(0, 0, 100, 20))
        #expect(b.frame == rect(110, 0, 40, 20))
    }
}

/// A constraint's constant, priority and multiplier changed between layouts,
/// in place, give the frames of a tree built with the changed values.
@Suite struct ConstraintChangeTests {
    private func tree(multiplier: Double, constant: Double, squareRequired: Bool)
        throws -> (root: View, box: View, aspect: Constraint, gap: Constraint, square: Constraint)
    {
        let root = View("root"), box = View("box")
        root.addSubview(box)
        let views = ["root": root, "box": box]
        let aspect = try Constraint.make(simpleFormat: "box.height = \(multiplier) * box.width", views: views)
        let gap = try Constraint.make(simpleFormat: "box.left = root.left + \(constant)", views: views)
        // A wish that the box be 50 wide, against a required top margin that
        // leaves room for a height of at most 120.
        let square = try Constraint.make(simpleFormat: "box.width = 50 @ \(squareRequired ? 1000 : 250)", views: views)
        Constraint.activate([
            aspect, gap, square,
            try Constraint.make(simpleFormat: "box.top = root.top", views: views),
            try Constraint.make(simpleFormat: "box.height <= 120", views: views),
            try Constraint.make(simpleFormat: "box.width = 80 @ 500", views: views),
        ])
        return (root, box, aspect, gap, square)
    }

    @Test func changesBetweenLayoutsMatchAFreshTree() throws {
        let t = try tree(multiplier: 1, constant: 10, squareRequired: false)
        try t.root.layout(width: 320, height: 480)
        // width 80 @ 500 beats width 50 @ 250; height = width = 80.
        #expect(t.box.frame == Rect(x: 10, y: 0, width: 80, height: 80))

        t.aspect.multiplier = 2
        t.gap.constant = 20
        t.square.priority = .required
        try t.root.layout(width: 320, height: 480)
        // width 50 is now required; height = 2 · 50 = 100 (under the 120 cap).
        #expect(t.box.frame == Rect(x: 20, y: 0, width: 50, height: 100))

        let fresh = try tree(multiplier: 2, constant: 20, squareRequired: true)
        try fresh.root.layout(width: 320, height: 480)
        #expect(fresh.box.frame == t.box.frame)

        // Back to optional: the 500 wish wins again, but height 2 · 80 = 160
        // breaks the required cap, so the width settles at 60 (height 120).
        t.square.priority = 250
        try t.root.layout(width: 320, height: 480)
        #expect(t.box.frame == Rect(x: 20, y: 0, width: 60, height: 120))
    }
}
