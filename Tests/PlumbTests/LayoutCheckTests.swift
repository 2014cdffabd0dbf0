import Testing
@testable import Plumb

/// ``LoweredLayout/check()`` on hand-made documents: exactly the expected
/// conflicts and ambiguous views, by origin.
@Suite struct LayoutCheckTests {
    private func check(_ json: String) throws -> LayoutCheck {
        try LayoutDocument.parse(Array(json.utf8), source: "doc.json").lower().check()
    }

    /// The texts of the constraints of a conflict or an ambiguity.
    private func texts(_ origins: [Origin]) -> [String] { origins.map(\.description) }

    @Test func cleanLayout() throws {
        let c = try check(document(
            views: ["a", "b"],
            constraints: ["a.left = 10", "a.width = 100", "a.top = 0", "a.height = 20",
                          "b.left = a.right + 8", "b.right = root.right - 8", "b.top = a.bottom", "b.height = a.height"]))
        #expect(c.isClean)
        #expect(c.exitStatus == 0)
        #expect(c.report(location: "doc.json")
            == "doc.json: 0 conflicts, 0 ambiguous view axes, 0 redundant constraints, 0 ineffective constraints (clean)")
    }

    @Test func everyConflictNotOnlyTheFirst() throws {
        let c = try check(document(
            views: ["a", "b", "c"],
            constraints: [
                "a.left = 0", "a.width = 100", "a.width = 200", "a.top = 0", "a.height = 10",  // 0-4
                "b.left = a.left", "b.left = 10", "b.top = 0", "b.width = 5", "b.height = 5",  // 5-9
                "c.left = 0", "c.right = 50", "c.width = 60", "c.top = 0", "c.height = 1",     // 10-14
                "c.width >= 10 @ 500",                                                          // 15
            ]))
        #expect(c.conflicts.map { texts($0.constraints) } == [
            [#"constraints[0] "a.left = 0""#, #"constraints[5] "b.left = a.left""#, #"constraints[6] "b.left = 10""#],
            [#"constraints[1] "a.width = 100""#, #"constraints[2] "a.width = 200""#],
            [#"constraints[10] "c.left = 0""#, #"constraints[11] "c.right = 50""#, #"constraints[12] "c.width = 60""#],
        ])
        // The rows left out one at a time still fix every frame: nothing is ambiguous.
        #expect(c.ambiguities.isEmpty)
        #expect(c.exitStatus == 2)
    }

    @Test func ambiguousViewsPerAxisWithTheirConstraints() throws {
        let c = try check(document(
            views: ["fixed", "floating", "stretchy", "tied"],
            constraints: [
                "fixed.left = 0", "fixed.top = 0", "fixed.width = 10", "fixed.height = 10",  // 0-3
                "floating.width = 20", "floating.height = 20", "floating.top = fixed.bottom",  // 4-6
                "stretchy.left = 0", "stretchy.top = 0", "stretchy.height = 5", "stretchy.width >= 40",  // 7-10
                // Two equal pulls at one priority: any x in [10, 20] costs the same.
                "tied.left = 10 @ 300", "tied.left = 20 @ 300", "tied.width = 1", "tied.top = 0",  // 11-14
                "tied.height = 1",  // 15
            ]))
        #expect(c.conflicts.isEmpty)
        let found = c.ambiguities.map { ($0.view, $0.axis, $0.parts, texts($0.constraints)) }
        #expect(found.count == 3)
        #expect(found[0] == ("floating", .horizontal, [.position], [#"constraints[4] "floating.width = 20""#]))
        #expect(found[1] == ("stretchy", .horizontal, [.size],
                             [#"constraints[7] "stretchy.left = 0""#, #"constraints[10] "stretchy.width >= 40""#]))
        #expect(found[2] == ("tied", .horizontal, [.position],
                             [#"constraints[11] "tied.left = 10 @ 300""#, #"constraints[12] "tied.left = 20 @ 300""#,
                              #"constraints[13] "tied.width = 1""#]))
        #expect(c.exitStatus == 1)
        let report = c.report(location: "doc.json")
        #expect(report.contains("doc.json: warning: view 'floating' is ambiguous horizontally: its x is not determined"))
        #expect(report.hasSuffix(
            "doc.json: 0 conflicts, 3 ambiguous view axes, 0 redundant constraints, 0 ineffective constraints (warnings)"))
    }

    @Test func intrinsicSizeAndPrioritiesDetermineSizes() throws {
        // A label with an intrinsic width is determined by hugging and resistance;
        // one with only a low-priority wish is determined by it; a view with
        // nothing at all is ambiguous on both axes, position and size.
        let c = try check("""
            {"root": {"width": 200, "height": 100},
             "views": [{"id": "label", "intrinsicSize": [50, 20]}, {"id": "wish"}, {"id": "lost"}],
             "constraints": ["label.left = 0", "label.top = 0", "wish.left = 0", "wish.top = 0",
                             "wish.width = 30 @ 1", "wish.height = 30 @ 1"]}
            """)
        #expect(c.ambiguities.map { "\($0.view) \($0.axis) \($0.parts.map(\.rawValue))" }
            == ["lost horizontal [\"position\", \"size\"]", "lost vertical [\"position\", \"size\"]"])
        #expect(c.ambiguities.allSatisfy { $0.constraints.isEmpty })
    }

    @Test func ruleViewsAreCheckedToo() throws {
        let c = try check("""
            {"root": {"width": 200, "height": 100}, "views": [{"id": "badge"}],
             "rules": [{"view": "badge", "rule": "tt = 8, w = h = 20"}]}
            """)
        #expect(c.ambiguities.map { "\($0.view) \($0.axis)" } == ["badge horizontal"])
        #expect(c.ambiguities.first?.parts == [.position])
        #expect(c.ambiguities.first?.constraints.map(\.kind) == [.rule])
    }

    @Test func redundantAndIneffectiveConstraints() throws {
        let c = try check("""
            {"root": {"width": 200, "height": 100},
             "views": [{"id": "a", "intrinsicSize": [40, 10]}, {"id": "b"}],
             "constraints": ["a.left = 0", "a.top = 0", "a.width = 100", "a.height = 10",
                             "a.width >= 10", "a.left = root.left", "a.width = 50 @ 500",
                             "b.left = a.right", "b.top = a.top", "b.width = 10", "b.height = 10",
                             "b.right = a.right + 10", "b.width <= 20 @ 250"]}
            """)
        #expect(c.conflicts.isEmpty && c.ambiguities.isEmpty)
        #expect(texts(c.redundant) == [#"constraints[4] "a.width >= 10""#, #"constraints[5] "a.left = root.left""#,
                                       #"constraints[11] "b.right = a.right + 10""#])
        // Intrinsic-size rows are decided too (a's width is fixed) but not reported.
        #expect(texts(c.ineffective) == [#"constraints[6] "a.width = 50 @ 500""#, #"constraints[12] "b.width <= 20 @ 250""#])
        #expect(c.exitStatus == 1)
        let report = c.report(location: "doc.json")
        #expect(report.contains(#"doc.json: warning: constraints[4] "a.width >= 10" is redundant: the other required constraints imply it"#))
        #expect(report.contains(#"doc.json: warning: constraints[6] "a.width = 50 @ 500" never has an effect: the required constraints decide it"#))
        #expect(report.hasSuffix("0 conflicts, 0 ambiguous view axes, 3 redundant constraints, 2 ineffective constraints (warnings)"))
    }

    /// The same report for a view tree laid out in Swift (here with Mortar).
    @Test func viewTreesAreCheckedToo() throws {
        let (root, v) = mortarScene(2)
        MortarDefault.priority.push(.required)
        v[0].m_frame |=| (10, 20, 30, 40)       // top, left, width, height
        v[0].m_width |=| 35                      // conflicts with the frame's width
        v[1].m_leading |=| v[0].m_trailing + 5  // no width, no vertical position
        v[1].m_height |=| 10
        try MortarDefault.priority.pop()
        let c = try root.checkLayout(width: 400, height: 300)
        #expect(c.conflicts.count == 1)
        #expect(c.conflicts.first?.constraints.count == 2)
        #expect(c.ambiguities.map { "\($0.view) \($0.axis) \($0.parts.map(\.rawValue))" }
            == [#"view2 horizontal ["size"]"#, #"view2 vertical ["position"]"#])
        #expect(c.exitStatus == 2)
        // Frames are left alone.
        #expect(v[0].frame == .zero)
    }

    /// Positions are judged in parent coordinates, as frames are: a child
    /// placed inside an ambiguous container moves with it and is not reported.
    @Test func childrenOfAnAmbiguousParentAreNotReported() throws {
        let c = try check(document(
            views: ["box", "child:box", "loose:box"],
            constraints: [
                "box.width = 100", "box.top = 0", "box.height = 50",           // box's x is free
                "child.left = box.left + 8", "child.right = box.right - 8",    // fixed inside box
                "child.top = box.top", "child.height = 10",
                "loose.width = 10", "loose.top = box.top", "loose.height = 10", // loose's x is free in box too
            ]))
        #expect(c.ambiguities.map { "\($0.view) \($0.axis) \($0.parts.map(\.rawValue))" }
            == [#"box horizontal ["position"]"#, #"loose horizontal ["position"]"#])
    }
}
