import Testing
@testable import Plumb

/// Every example of the Mortar README (shared/seeds/mortar-readme.txt), laid
/// out in a 400 x 300 root with hand-computed frames. Where an example leaves
/// a view underdetermined, extra Mortar lines pin the rest; where it is about
/// priorities, a competing constraint shows which side wins.
///
/// Constants on positions are in the root's coordinates (views are direct
/// subviews of the root unless said otherwise, so frames read the same).
@Suite struct SeedExamplesMortarTests {
    /// `view1.m_right |=| view2.m_left - 12.0`
    @Test func rightToLeftMinusTwelve() throws {
        let (root, v) = mortarScene(2)
        v[1].m_frame |=| (10, 200, 100, 50)  // top, left, width, height
        v[0].m_right |=| v[1].m_left - 12.0
        v[0].m_width |=| 50
        v[0].m_caps |=| v[1]
        try root.layout(width: 400, height: 300)
        expectFrame(v[1], 200, 10, 100, 50)
        expectFrame(v[0], 138, 10, 50, 50)  // right = 200 - 12
    }

    /// `[view1, view2, view3].m_size |=| (100, 200)`, and the two spellings
    /// the README gives as equivalent.
    @Test func sizeOfThreeViewsAtOnce() throws {
        let (root, v) = mortarScene(9)
        [v[0], v[1], v[2]].m_size |=| (100, 200)
        [v[3].m_size, v[4].m_size, v[5].m_size] |=| (100, 200)
        v[6].m_size |=| (100, 200)
        v[7].m_size |=| (100, 200)
        v[8].m_size |=| (100, 200)
        for (i, view) in v.enumerated() { view.m_origin |=| (Double(10 * i), Double(5 * i)) }
        try root.layout(width: 400, height: 300)
        for (i, view) in v.enumerated() { expectFrame(view, Double(10 * i), Double(5 * i), 100, 200) }
    }

    /// `[view.m_sides, view.m_bottom, view.m_height] |=| [container, container, 200]`:
    /// a 200-high view across the bottom of its container.
    @Test func pinAtTheBottomOfAContainer() throws {
        let root = View("root"), container = View("container"), view = View("view")
        root |+| [container |+| view]
        container.m_frame |=| (20, 10, 300, 250)
        [view.m_sides, view.m_bottom, view.m_height] |=| [container, container, 200]
        try root.layout(width: 400, height: 300)
        expectFrame(container, 10, 20, 300, 250)
        // Root coordinates: x 10 ... 310, bottom 270, top 70; relative to the container:
        expectFrame(view, 0, 50, 300, 200)
    }

    /// The three operators: `|=|`, `|>|` and `|<|`. The inequalities are
    /// required here, against equalities that are low, so they decide.
    @Test func equalGreaterLess() throws {
        let (root, v) = mortarScene(2)
        MortarDefault.priority.push(.required)
        v[1].m_frame |=| (200, 0, 60, 10)
        v[0].m_width |>| v[1].m_width        // Greater than or equal
        v[0].m_size |<| (100, 100)           // Less than or equal
        v[0].m_origin |=| (0, 0)
        try MortarDefault.priority.pop()
        v[0].m_width |=| 40 ! .low           // Equal, but loses to >= 60
        v[0].m_height |=| 150 ! .low         // loses to <= 100
        try root.layout(width: 400, height: 300)
        expectFrame(v[0], 0, 0, 60, 100)
        v[1].m_width |=| 30 ! .required      // now 40 fits between 30 and 100
        Constraint.deactivate(v[1].constraints.filter { $0.firstAttribute == .width && $0.constant == 60 })
        try root.layout(width: 400, height: 300)
        expectFrame(v[0], 0, 0, 40, 100)
    }

    /// `view1.m_edges |=| view2.m_edges` and `view1 |=| view2` are equivalent.
    @Test func edgesAreImplied() throws {
        let (root, v) = mortarScene(3)
        v[1].m_frame |=| (10, 20, 100, 50)
        let explicit = v[0].m_edges |=| v[1].m_edges
        let implicit = v[2] |=| v[1]
        try root.layout(width: 400, height: 300)
        expectFrame(v[0], 20, 10, 100, 50)
        expectFrame(v[2], 20, 10, 100, 50)
        let shape = { (c: MortarConstraint) in c.layoutConstraints.map { [$0.firstAttribute, $0.secondAttribute] } }
        #expect(shape(explicit) == shape(implicit))
        #expect(shape(explicit) == [[.top, .top], [.left, .left], [.bottom, .bottom], [.right, .right]])
    }

    /// `view1.m_top |>| view2` and `view1 |>| view2.m_top` are equivalent.
    @Test func oneSideNamesTheAttribute() throws {
        let (root, v) = mortarScene(3)
        v[1].m_frame |=| (30, 0, 10, 10)
        let a = v[0].m_top |>| v[1]
        let b = v[2] |>| v[1].m_top
        for view in [v[0], v[2]] {
            view.m_top |=| 0 ! .low
            view.m_left |=| 50
            view.m_size |=| (10, 10)
        }
        try root.layout(width: 400, height: 300)
        expectFrame(v[0], 50, 30, 10, 10)
        expectFrame(v[2], 50, 30, 10, 10)
        for c in [a, b] {
            #expect(c.layoutConstraints.count == 1)
            #expect(c.layoutConstraints[0].firstAttribute == .top)
            #expect(c.layoutConstraints[0].secondAttribute == .top)
            #expect(c.layoutConstraints[0].relation == .greaterOrEqual)
        }
    }

    /// `view1.m_top |<| view2.m_bottom`: different attributes, named on both sides.
    @Test func differentAttributesOnBothSides() throws {
        let (root, v) = mortarScene(2)
        v[1].m_frame |=| (10, 0, 10, 30)
        v[0].m_top |<| v[1].m_bottom
        v[0].m_top |=| 100 ! .low
        v[0].m_left |=| 0
        v[0].m_size |=| 5
        try root.layout(width: 400, height: 300)
        expectFrame(v[0], 0, 40, 5, 5)
    }

    /// Multipliers and constants: `* 2`, `+ 20`, and `view2.m_top * 1.4 + 20`
    /// with `m_top` implied on the left.
    @Test func multipliersAndConstants() throws {
        let (root, v) = mortarScene(3)
        v[1].m_frame |=| (50, 10, 30, 20)
        v[0].m_size |=| v[1].m_size * 2           // Multiplier
        v[0].m_left |>| v[1].m_right + 20         // Constant
        v[0].m_left |=| 0 ! .low
        v[0].m_top |=| 0
        v[2] |<| v[1].m_top * 1.4 + 20            // Both: v3.top <= 90
        v[2].m_top |=| 200 ! .low
        v[2].m_left |=| 0
        v[2].m_size |=| 1
        try root.layout(width: 400, height: 300)
        expectFrame(v[0], 60, 0, 60, 40)
        expectFrame(v[2], 0, 90, 1, 1)
    }

    /// Attributes set to constants: single, the same for every part, a tuple, a four-tuple.
    @Test func attributesSetToConstants() throws {
        let (root, v) = mortarScene(4)
        v[0].m_width |=| 100                      // Single-dimension constant
        v[1].m_size |=| 150.0                     // Every part the same
        v[2].m_size |>| (200, 50)                 // A tuple
        v[3].m_frame |<| (0, 0, 50, 100)          // Four parts
        v[0].m_height |=| 10
        v[2].m_size |=| 0 ! .low
        mortarFrame(v[3], (10, 10, 300, 300), .low)
        [v[0], v[1], v[2]].m_origin |=| (5, 6)
        try root.layout(width: 400, height: 300)
        expectFrame(v[0], 5, 6, 100, 10)
        expectFrame(v[1], 5, 6, 150, 150)
        expectFrame(v[2], 5, 6, 200, 50)
        expectFrame(v[3], 0, 0, 50, 100)
    }

    /// Tuple arithmetic: `+ (50, 30)` and `* (2, 3) + (10, 10)`.
    @Test func tupleArithmetic() throws {
        let (root, v) = mortarScene(3)
        v[1].m_frame |=| (0, 0, 40, 20)
        v[0].m_size |=| v[1].m_size + (50, 30)
        v[2].m_size |>| v[1].m_size * (2, 3) + (10, 10)
        v[2].m_size |=| 0 ! .low
        [v[0], v[2]].m_origin |=| (1, 2)
        try root.layout(width: 400, height: 300)
        expectFrame(v[0], 1, 2, 90, 50)
        expectFrame(v[2], 1, 2, 90, 70)
    }

    /// The inset operator: `view1 |=| view2.m_edges ~ (20, 20, 20, 20)`.
    @Test func insetOperator() throws {
        let (root, v) = mortarScene(2)
        v[1].m_frame |=| (10, 10, 200, 100)
        v[0] |=| v[1].m_edges ~ (20, 20, 20, 20)
        try root.layout(width: 400, height: 300)
        expectFrame(v[0], 30, 30, 160, 60)
    }

    /// Attributes inside tuples: `view1.m_size |=| (view2.m_width, 100)`.
    @Test func attributesInTuples() throws {
        let (root, v) = mortarScene(2)
        v[1].m_frame |=| (0, 0, 70, 5)
        v[0].m_size |=| (v[1].m_width, 100)
        v[0].m_origin |=| (3, 4)
        try root.layout(width: 400, height: 300)
        expectFrame(v[0], 3, 4, 70, 100)
    }

    /// `view1 |=| [view2.m_top, view3.m_bottom, view4.m_size]` is the three
    /// statements one by one.
    @Test func oneTargetManySources() throws {
        let (root, v) = mortarScene(7)
        v[1].m_frame |=| (5, 0, 1, 1)
        v[2].m_frame |=| (0, 0, 1, 65)
        v[3].m_frame |=| (0, 0, 50, 60)
        let all = v[0] |=| [v[1].m_top, v[2].m_bottom, v[3].m_size]
        v[0].m_left |=| 0
        // The same, one statement at a time, against copies of the sources.
        v[4] |=| v[1].m_top
        v[4] |=| v[2].m_bottom
        v[4] |=| v[3].m_size
        v[4].m_left |=| 0
        v[5].m_frame |=| (0, 0, 1, 1)
        v[6].m_frame |=| (0, 0, 1, 1)
        try root.layout(width: 400, height: 300)
        expectFrame(v[0], 0, 5, 50, 60)
        expectFrame(v[4], 0, 5, 50, 60)
        #expect(all.layoutConstraints.map(\.firstAttribute) == [.top, .bottom, .width, .height])
    }

    /// Arrays of views: `[view1, view2, view3].m_centerY |=| otherView` and `.m_height`.
    @Test func alignAnArrayOfViews() throws {
        let (root, v) = mortarScene(4)
        let other = v[3]
        other.m_frame |=| (100, 0, 50, 40)
        [v[0], v[1], v[2]].m_centerY |=| other
        [v[0], v[1], v[2]].m_height |=| other
        [v[0], v[1], v[2]].m_width |=| 10
        [v[0].m_left, v[1].m_left, v[2].m_left] |=| [60, 80, 100]
        try root.layout(width: 400, height: 300)
        expectFrame(v[0], 60, 100, 10, 40)
        expectFrame(v[1], 80, 100, 10, 40)
        expectFrame(v[2], 100, 100, 10, 40)
    }

    /// Arrays on both sides pair by index:
    /// `[view1.m_left, view2, view3] |=| [view4.m_right, view5, view6]`.
    @Test func arraysOnBothSidesPairByIndex() throws {
        let (root, v) = mortarScene(6)
        v[3].m_frame |=| (0, 20, 80, 10)
        v[4].m_frame |=| (50, 60, 70, 80)
        v[5].m_frame |=| (5, 6, 7, 8)
        let c = [v[0].m_left, v[1], v[2]] |=| [v[3].m_right, v[4], v[5]]
        v[0].m_cornerTR |=| (0, 150)  // top, right
        v[0].m_height |=| 0
        try root.layout(width: 400, height: 300)
        expectFrame(v[0], 100, 0, 50, 0)
        expectFrame(v[1], 60, 50, 70, 80)
        expectFrame(v[2], 6, 5, 7, 8)
        #expect(c.layoutConstraints.count == 9)
    }

    /// Priorities with `!`: `.low`, `.default`, `.high`, `.required` and a
    /// number, each against a competing height of 10 at 400.
    @Test func priorities() throws {
        let (root, v) = mortarScene(7)
        let container = v[6]
        container.m_frame |=| (0, 0, 100, 200)
        v[0] |=| container.m_height
        v[1] |=| container.m_height ! .low
        v[2] |=| container.m_height ! .default
        v[3] |=| container.m_height ! .high
        v[4] |=| container.m_height ! .required
        v[5] |=| container.m_height ! 300
        for view in v.prefix(6) {
            view.m_height |=| 10 ! 400
            mortarFrame(view, (0, 0, 10, 1), .low)  // top, left and width come from here
        }
        try root.layout(width: 400, height: 300)
        let heights = v.prefix(6).map(\.frame.height)
        #expect(heights == [200, 10, 200, 200, 200, 10])
        #expect(v[1].constraints.first { $0.firstAttribute == .height && $0.secondAttribute == .height }?.priority == .low)
        #expect(v[5].constraints.first { $0.secondAttribute == .height }?.priority.rawValue == 300)
    }

    /// Priorities inside arrays and tuples.
    @Test func prioritiesInsideArraysAndTuples() throws {
        let (root, v) = mortarScene(3)
        mortarFrame(v[1], (60, 50, 100, 80), .required)  // so that only view1 and view3 can give way
        v[0] |=| [v[1].m_caps ! .high, v[1].m_sides ! .low]
        mortarFrame(v[0], (0, 0, 10, 10), 500)
        v[2].m_size |=| (v[1].m_height ! .high, v[1].m_width + 20 ! .low)
        v[2].m_size |=| 5 ! 500
        v[2].m_origin |=| (0, 0)
        try root.layout(width: 400, height: 300)
        expectFrame(v[0], 0, 60, 10, 80)   // caps (high) beat 500; 500 beats sides (low)
        expectFrame(v[2], 0, 0, 80, 5)     // width = view2's height (high); height 5 (500 beats low)
    }

    /// The default priority is 500; `set(base:)`, `push` and `pop` change it,
    /// and an unbalanced `pop` is an error.
    @Test func defaultPriority() throws {
        let (root, v) = mortarScene(1)
        #expect(MortarDefault.priority.current == 500)
        let plain = v[0].m_width |=| 10
        #expect(plain.layoutConstraints[0].priority.rawValue == 500)

        MortarDefault.priority.set(base: .required)
        defer { MortarDefault.priority.set(base: .default) }
        let required = v[0].m_width |=| 10
        #expect(required.layoutConstraints[0].priority == .required)

        MortarDefault.priority.push(.low)
        let low = v[0].m_height |=| 10              // given .low automatically
        MortarDefault.priority.push(.high)
        let high = v[0].m_height |=| 30
        try MortarDefault.priority.pop()
        try MortarDefault.priority.pop()
        #expect(low.layoutConstraints[0].priority == .low)
        #expect(high.layoutConstraints[0].priority == .high)
        #expect(MortarDefault.priority.current == .required)
        #expect(throws: MortarError.unbalancedPop) { try MortarDefault.priority.pop() }
        #expect(MortarDefault.priority.current == .required)

        v[0].m_origin |=| (0, 0)
        try root.layout(width: 400, height: 300)
        expectFrame(v[0], 0, 0, 10, 30)  // high beats low
    }

    /// `changePriority` on a constraint and on a group.
    @Test func changePriority() throws {
        let (root, v) = mortarScene(2)
        mortarFrame(v[1], (10, 20, 30, 40), .required)
        let c = v[0] |=| v[1] ! .low       // Creates 4 low-priority constraints (1 per edge)
        mortarFrame(v[0], (0, 0, 1, 1), 500)
        try root.layout(width: 400, height: 300)
        expectFrame(v[0], 0, 0, 1, 1)
        c.changePriority(.high)            // Sets all 4 constraints to high priority
        #expect(c.layoutConstraints.map(\.priority) == Array(repeating: .high, count: 4))
        try root.layout(width: 400, height: 300)
        expectFrame(v[0], 20, 10, 30, 40)
        let group: MortarGroup = [c]
        group.changePriority(.low)
        try root.layout(width: 400, height: 300)
        expectFrame(v[0], 0, 0, 1, 1)
    }

    /// `~~ .deactivated`, `.activate()`, `~~ .activated`, and groups.
    @Test func deactivatedConstraints() throws {
        let (root, v) = mortarScene(4)
        v[1].m_frame |=| (10, 20, 30, 40)
        v[3].m_frame |=| (1, 2, 3, 4)
        let constraint = v[0] |=| v[1] ~~ .deactivated
        #expect(!constraint.isActive)
        mortarFrame(v[0], (0, 0, 5, 5), .low)
        try root.layout(width: 400, height: 300)
        expectFrame(v[0], 0, 0, 5, 5)
        constraint.activate()
        try root.layout(width: 400, height: 300)
        expectFrame(v[0], 20, 10, 30, 40)
        constraint ~~ .deactivated
        constraint ~~ .activated
        #expect(constraint.isActive)

        let group = [
            v[0] |=| v[1],
            v[2] |=| v[3],
        ] ~~ .deactivated
        #expect(group.allSatisfy { !$0.isActive })
        mortarFrame(v[2], (7, 7, 7, 7), .low)
        try root.layout(width: 400, height: 300)
        expectFrame(v[2], 7, 7, 7, 7)
        group.activate()
        try root.layout(width: 400, height: 300)
        expectFrame(v[2], 2, 1, 3, 4)
    }

    /// `layoutConstraints` reaches the raw constraints.
    @Test func keepingConstraintReferences() {
        let (_, v) = mortarScene(2)
        let mortarConstraint = v[0].m_top |=| v[1].m_bottom
        #expect(mortarConstraint.layoutConstraints.count == 1)
        for raw in mortarConstraint.layoutConstraints {
            #expect(raw.firstView === v[0] && raw.firstAttribute == .top)
            #expect(raw.secondView === v[1] && raw.secondAttribute == .bottom)
            #expect(raw.isActive)
            #expect(raw.origin.kind == .code)
            #expect(raw.origin.text == "view1.m_top |=| view2.m_bottom ! 500")
        }
    }

    /// Each part's origin text spells its multiplier, its constant's sign
    /// and its priority as written (the text error messages quote).
    @Test func partOriginTexts() {
        let (_, v) = mortarScene(2)
        let texts = [
            v[0].m_left |=| v[1].m_right * 2 + 8,
            v[0].m_top |>| v[1].m_bottom - 2.5 ! 750,
            v[0].m_width |<| 120 ! 12.5,
            v[0].m_height |=| v[1].m_height * 0.5,
        ].flatMap(\.layoutConstraints).map(\.origin.text)
        #expect(texts == [
            "view1.m_left |=| view2.m_right * 2 + 8 ! 500",
            "view1.m_top |>| view2.m_bottom - 2.5 ! 750",
            "view1.m_width |<| 120 ! 12.5",
            "view1.m_height |=| view2.m_height * 0.5 ! 500",
        ])
    }

    /// A group: `[view1.m_origin |=| view2, view1.m_size |=| (100, 100)]`,
    /// deactivated and activated together.
    @Test func groups() throws {
        let (root, v) = mortarScene(2)
        v[1].m_frame |=| (10, 20, 30, 40)
        let group = [
            v[0].m_origin |=| v[1],
            v[0].m_size |=| (100, 100),
        ]
        mortarFrame(v[0], (0, 0, 5, 5), .low)
        try root.layout(width: 400, height: 300)
        expectFrame(v[0], 20, 10, 100, 100)
        group.deactivate()
        try root.layout(width: 400, height: 300)
        expectFrame(v[0], 0, 0, 5, 5)
        group.activate()
        try root.layout(width: 400, height: 300)
        expectFrame(v[0], 20, 10, 100, 100)
        #expect(group.layoutConstraints.count == 4)
    }

    /// `replaceWith` for a constraint and for a group.
    @Test func replacing() throws {
        let (root, v) = mortarScene(2)
        v[1].m_frame |=| (10, 20, 30, 40)
        mortarFrame(v[0], (0, 0, 5, 5), .low)

        let constraint1 = v[0].m_sides |=| v[1]
        let constraint2 = v[0].m_width |=| v[1] ~~ .deactivated
        try root.layout(width: 400, height: 300)
        expectFrame(v[0], 20, 0, 30, 5)
        constraint1.replaceWith(constraint2)
        try root.layout(width: 400, height: 300)
        expectFrame(v[0], 0, 0, 30, 5)
        #expect(!constraint1.isActive && constraint2.isActive)

        constraint2.deactivate()
        v[0].m_height |=| 40 ! .high
        let group1 = [
            v[0].m_sides |<| v[1],
            v[0].m_caps |>| v[1],
        ]
        let group2 = [
            v[0].m_height |=| v[1],
        ] ~~ .deactivated
        // sides <= (left <= 20, right <= 50) and caps >= (top >= 10, bottom >= 50),
        // height 40, the rest pulled to (0, 0, 5, 5):
        try root.layout(width: 400, height: 300)
        expectFrame(v[0], 0, 10, 5, 40)
        group1.replaceWith(group2)
        try root.layout(width: 400, height: 300)
        expectFrame(v[0], 0, 0, 5, 40)
    }

    /// `|+|` and `|^|` build hierarchies in the shape of the code.
    @Test func visualHierarchy() throws {
        let view = View("view"), background = View("background"), panel = View("panel")
        let nameLabel = View("nameLabel"), nameField = View("nameField")
        view |+| [
            background,
            panel |+| [
                nameLabel,
                nameField,
            ],
        ]
        #expect(view.subviews.map(\.id) == ["background", "panel"])
        #expect(panel.subviews.map(\.id) == ["nameLabel", "nameField"])

        let top = View("top"), back = View("back"), cool = View("cool")
        let field = View("field"), label = View("label")
        top |^| [
            cool |^| [  // added second, so on top of back
                field,
                label,
            ],
            back,
        ]
        #expect(top.subviews.map(\.id) == ["back", "cool"])
        #expect(cool.subviews.map(\.id) == ["label", "field"])

        // And the tree lays out like any other.
        [background, nameField].m_frame |=| (0, 0, 1, 1)
        panel |=| view.m_edges ~ (10, 10, 10, 10)
        nameLabel.m_frame |=| (panel.m_top + 5, panel.m_left + 5, 50, 20)
        try view.layout(width: 200, height: 100)
        expectFrame(panel, 10, 10, 180, 80)
        expectFrame(nameLabel, 5, 5, 50, 20)
    }
}
