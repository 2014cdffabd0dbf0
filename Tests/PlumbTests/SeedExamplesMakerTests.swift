import Testing
@testable import Plumb

/// The Masonry-style maker: the seeds' maker lines (the Fahrenheit README
/// writes its constraints with Masonry's maker) and every part of the maker's
/// grammar, laid out in a 400 x 300 root with hand-computed frames (in each
/// view's superview coordinates).
@Suite struct SeedExamplesMakerTests {
    /// A root with the given subviews.
    private func scene(_ ids: String...) -> (View, [View]) {
        let root = View("root")
        let views = ids.map(View.init)
        for v in views { root.addSubview(v) }
        return (root, views)
    }

    /// The README's maker example: `make.edges.equalTo(root).inset(8)`.
    @Test func readmeEdgesInset() throws {
        let root = View("root"), box = View("box")
        root.addSubview(box)
        box.makeConstraints { make in
            make.edges.equalTo(root).inset(8)
        }
        try root.layout(width: 320, height: 200)
        expectFrame(box, 8, 8, 304, 184)
    }

    /// The README's longer example: a row with an icon and a label.
    @Test func readmeIconAndLabel() throws {
        let root = View("root"), icon = View("icon"), label = View("label")
        root.addSubview(icon)
        root.addSubview(label)
        icon.makeConstraints { make in
            make.top.left.equalTo(16)                 // 16 from the superview's top and left
            make.size.equalTo(40)
        }
        label.makeConstraints { make in
            make.left.equalTo(icon.mas_right).offset(8)
            make.right.equalTo(root).offset(-16)
            make.centerY.equalTo(icon)
            make.height.equalTo(icon).multipliedBy(0.5)
        }
        try root.layout(width: 320, height: 200)
        expectFrame(icon, 16, 16, 40, 40)
        expectFrame(label, 64, 26, 240, 20)
    }

    /// `make.left.and.right.equalTo(sv)`, `make.top.left` chaining and `.with`.
    @Test func chainingAttributes() throws {
        let (root, v) = scene("a", "b")
        v[0].makeConstraints { make in
            make.left.and.right.equalTo(root)
            make.top.equalTo(root).offset(10)
            make.height.equalTo(20)
        }
        v[1].makeConstraints { make in
            make.top.left.equalTo(v[0]).offset(5)        // top = a.top + 5, left = a.left + 5
            make.width.with.height.equalTo(30)
        }
        try root.layout(width: 400, height: 300)
        expectFrame(v[0], 0, 10, 400, 20)
        expectFrame(v[1], 5, 15, 30, 30)
    }

    /// Numbers: a size for width and height, a distance from the superview's
    /// same attribute for positions (Masonry's meaning).
    @Test func numbersMeanTheSuperview() throws {
        let root = View("root"), container = View("container"), child = View("child")
        root.addSubview(container)
        container.addSubview(child)
        container.makeConstraints { make in
            make.left.equalTo(50)
            make.top.equalTo(40)
            make.width.equalTo(200)
            make.height.equalTo(100)
        }
        child.makeConstraints { make in
            make.top.left.equalTo(10)
            make.right.bottom.equalTo(-20)
        }
        try root.layout(width: 400, height: 300)
        expectFrame(container, 50, 40, 200, 100)
        expectFrame(child, 10, 10, 170, 70)
    }

    /// View attributes of every kind (`mas_`), singly and as sets.
    @Test func viewAttributes() throws {
        let (root, v) = scene("anchor", "a", "b", "c", "d")
        v[0].makeConstraints { make in
            make.left.equalTo(100)
            make.top.equalTo(50)
            make.size.equalTo(80)
        }
        v[1].makeConstraints { make in
            make.edges.equalTo(v[0].mas_edges)           // paired top, left, bottom, right
        }
        v[2].makeConstraints { make in
            make.leading.equalTo(v[0].mas_trailing).offset(10)
            make.baseline.equalTo(v[0].mas_baseline)     // bottom: views carry no text
            make.size.equalTo(v[0].mas_size).dividedBy(2)
        }
        v[3].makeConstraints { make in
            make.center.equalTo(v[0].mas_center)
            make.width.height.equalTo(v[0].mas_height).multipliedBy(0.25)  // one attribute for both
        }
        v[4].makeConstraints { make in
            make.centerX.equalTo(v[0].mas_centerX)
            make.top.equalTo(v[0].mas_bottom)
            make.width.equalTo(v[0].mas_width)
            make.height.equalTo(v[0].mas_height).offset(-70)
        }
        try root.layout(width: 400, height: 300)
        expectFrame(v[0], 100, 50, 80, 80)
        expectFrame(v[1], 100, 50, 80, 80)
        expectFrame(v[2], 190, 90, 40, 40)
        expectFrame(v[3], 130, 80, 20, 20)
        expectFrame(v[4], 100, 130, 80, 10)
    }

    /// `greaterThanOrEqualTo` and `lessThanOrEqualTo` (required, the
    /// default) against low equalities, which give way.
    @Test func inequalitiesAndPriorities() throws {
        let (root, v) = scene("box")
        let made = v[0].makeConstraints { make in
            make.top.left.equalTo(0)
            make.width.lessThanOrEqualTo(root).multipliedBy(0.5)
            make.width.equalTo(500).priority(.low)
            make.height.greaterThanOrEqualTo(50)
            make.height.equalTo(10).priorityLow()
        }
        #expect(made.count == 6)
        #expect(made.map(\.priority.rawValue) == [1000, 1000, 1000, 250, 1000, 250])
        try root.layout(width: 400, height: 300)
        expectFrame(v[0], 0, 0, 200, 50)
    }

    /// Numbered priorities: the higher of two optional lines wins.
    @Test func numberedPriorities() throws {
        let (root, v) = scene("a")
        v[0].makeConstraints { make in
            make.top.left.equalTo(0)
            make.height.equalTo(10)
            make.width.equalTo(100).priority(300)
            make.width.equalTo(200).priority(200)
            make.width.equalTo(300).priorityMedium()
            make.width.equalTo(50).priorityHigh()
        }
        try root.layout(width: 400, height: 300)
        expectFrame(v[0], 0, 0, 50, 10)
    }

    /// `insets(_:)`: on edges it is the inset rectangle; on sizes and
    /// centers it gives the same rectangle.
    @Test func insetsOnEdgesSizesAndCenters() throws {
        let (root, v) = scene("edges", "sizeAndCenter")
        let insets = EdgeInsets(top: 10, left: 20, bottom: 30, right: 40)
        v[0].makeConstraints { make in make.edges.equalTo(root).insets(insets) }
        v[1].makeConstraints { make in
            make.size.equalTo(root).insets(insets)
            make.center.equalTo(root).insets(insets)
        }
        try root.layout(width: 400, height: 300)
        expectFrame(v[0], 20, 10, 340, 260)
        expectFrame(v[1], 20, 10, 340, 260)
    }

    /// Constants add up: a number target, `offset` and `inset`.
    @Test func constantsAddUp() throws {
        let (root, v) = scene("a")
        v[0].makeConstraints { make in
            make.left.equalTo(8).offset(2).inset(1)    // 8 + 2 + 1
            make.top.equalTo(root).offset(3).offset(4)
            make.width.equalTo(root).multipliedBy(0.5).offset(-50)
            make.height.equalTo(v[0].mas_width).dividedBy(3)
        }
        try root.layout(width: 400, height: 300)
        expectFrame(v[0], 11, 7, 150, 50)
    }

    /// The default priority is required, and every line gets its file and line as origin.
    @Test func defaultsAndOrigins() throws {
        let (root, v) = scene("a")
        let line = #line + 2
        let made = v[0].makeConstraints { make in
            make.edges.equalTo(root).inset(4)
        }
        #expect(made.count == 4)
        #expect(made.allSatisfy { $0.priority == .required && $0.isActive })
        #expect(made.map(\.firstAttribute) == [.top, .left, .bottom, .right])
        #expect(made.map(\.constant) == [4, 4, -4, -4])
        #expect(made.allSatisfy { $0.origin.line == line && $0.origin.file?.hasSuffix("SeedExamplesMakerTests.swift") == true })
        #expect(made[1].origin.text == "a: make.edges.equalTo(root).inset(4) (left)")
        #expect(v[0].makerConstraints.count == 4)
    }
}
