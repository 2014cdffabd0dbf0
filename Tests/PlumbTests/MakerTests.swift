import Testing
@testable import Plumb

/// `updateConstraints` and `remakeConstraints`, each checked against a fresh
/// layout made directly with the final lines.
@Suite struct MakerUpdateRemakeTests {
    /// Frames of `ids` after laying out a root whose subviews `ids` get `build`.
    private func frames(_ ids: [String], _ build: ([View], View) -> Void) throws -> [Rect] {
        let root = View("root")
        let views = ids.map(View.init)
        for v in views { root.addSubview(v) }
        build(views, root)
        try root.layout(width: 400, height: 300)
        return views.map(\.frame)
    }

    @Test func updateChangesTheConstantInPlace() throws {
        let root = View("root"), box = View("box")
        root.addSubview(box)
        let made = box.makeConstraints { make in
            make.top.left.equalTo(10)
            make.width.equalTo(100)
            make.height.equalTo(box.mas_width).multipliedBy(0.5)
        }
        try root.layout(width: 400, height: 300)
        expectFrame(box, 10, 10, 100, 50)

        let updated = box.updateConstraints { make in
            make.width.equalTo(140).priority(.high)
            make.left.equalTo(30)
        }
        #expect(updated.count == 2)
        #expect(updated[0] === made[2] && updated[1] === made[1])  // the same objects
        #expect(made[2].constant == 140 && made[2].priority == .high)
        #expect(made[2].origin.text == "box: make.width.equalTo(140).priority(750)")
        #expect(box.makerConstraints.count == 4)
        try root.layout(width: 400, height: 300)

        let fresh = try frames(["box"]) { v, _ in
            v[0].makeConstraints { make in
                make.top.equalTo(10)
                make.left.equalTo(30)
                make.width.equalTo(140).priority(.high)
                make.height.equalTo(v[0].mas_width).multipliedBy(0.5)
            }
        }
        #expect(box.frame == fresh[0])
        expectFrame(box, 30, 10, 140, 70)
    }

    @Test func updateAddsLinesWithoutMatchAndReplacesOtherMultipliers() throws {
        let root = View("root"), a = View("a"), b = View("b")
        root.addSubview(a)
        root.addSubview(b)
        a.makeConstraints { make in make.edges.equalTo(root).inset(50) }
        let made = b.makeConstraints { make in
            make.top.left.equalTo(0)
            make.width.equalTo(a).multipliedBy(0.5)
            make.height.lessThanOrEqualTo(a)
        }
        let updated = b.updateConstraints { make in
            make.width.equalTo(a).multipliedBy(0.25)     // same key, other multiplier: replaced
            make.height.equalTo(20).priority(.low)        // different relation: added
            make.height.greaterThanOrEqualTo(40)          // no match: added
        }
        #expect(!made[2].isActive)
        #expect(updated[0] !== made[2] && updated[0].isActive)
        #expect(made[3].isActive)                          // <= a.height is untouched
        #expect(b.makerConstraints.count == 6)
        try root.layout(width: 400, height: 300)

        let fresh = try frames(["a", "b"]) { v, root in
            v[0].makeConstraints { make in make.edges.equalTo(root).inset(50) }
            v[1].makeConstraints { make in
                make.top.left.equalTo(0)
                make.width.equalTo(v[0]).multipliedBy(0.25)
                make.height.lessThanOrEqualTo(v[0])
                make.height.equalTo(20).priority(.low)
                make.height.greaterThanOrEqualTo(40)
            }
        }
        #expect([a.frame, b.frame] == fresh)
        expectFrame(b, 0, 0, 75, 40)
    }

    @Test func remakeReplacesOnlyTheMakersConstraints() throws {
        let root = View("root"), box = View("box")
        root.addSubview(box)
        let first = box.makeConstraints { make in make.edges.equalTo(root).inset(8) }
        let other = try Constraint.make(simpleFormat: "box.width >= 10", views: ["box": box])
        other.isActive = true
        try root.layout(width: 400, height: 300)
        expectFrame(box, 8, 8, 384, 284)

        let second = box.remakeConstraints { make in
            make.size.equalTo(100)
            make.center.equalTo(root)
        }
        #expect(first.allSatisfy { !$0.isActive })
        #expect(second.count == 4 && second.allSatisfy(\.isActive))
        #expect(other.isActive)
        #expect(box.makerConstraints.map(\.firstAttribute) == [.width, .height, .centerX, .centerY])
        try root.layout(width: 400, height: 300)

        let fresh = try frames(["box"]) { v, root in
            v[0].makeConstraints { make in
                make.size.equalTo(100)
                make.center.equalTo(root)
            }
        }
        #expect(box.frame == fresh[0])
        expectFrame(box, 150, 100, 100, 100)

        // A second remake forgets the first remake's constraints too.
        box.remakeConstraints { make in make.edges.equalTo(root) }
        #expect(second.allSatisfy { !$0.isActive })
        try root.layout(width: 400, height: 300)
        expectFrame(box, 0, 0, 400, 300)
    }

    /// Constraints made in a Fahrenheit block's `s.make` are the maker's too.
    @Test func remakeAfterFahrenheit() throws {
        let root = View("root")
        var v: View!
        ºº(root) {
            v = º(View("v")) { s in s.make.edges.equalTo(s.superview) }
        }
        #expect(v.makerConstraints.count == 4)
        v.remakeConstraints { make in make.edges.equalTo(root).inset(20) }
        try root.layout(width: 400, height: 300)
        expectFrame(v, 20, 20, 360, 260)
    }
}

/// Maker mistakes: no constraint for the line, a problem reported by the
/// next layout at the line's file and line, the other lines still made.
@Suite struct MakerErrorTests {
    @Test func lineWithoutRelation() throws {
        let root = View("root"), box = View("box")
        root.addSubview(box)
        let line = #line + 1
        let made = box.makeConstraints { make in
            _ = make.left.and.right   // the compiler warns about the unused line; the layout reports it
            make.edges.equalTo(root)
        }
        #expect(made.count == 4)
        do {
            try root.layout(width: 400, height: 300)
            Issue.record("expected an error")
        } catch {
            #expect(error.problems == [.swiftFrontEnd(.missingRelation("left.right"))])
            let d = error.diagnostics[0]
            #expect(d.location.hasSuffix("MakerTests.swift") && d.line == line)
            #expect(d.origin?.text == "box: make.left.right")
            #expect("\(error)".contains("'make.left.right' has no relation"))
        }
        try root.layout(width: 400, height: 300)  // reported once
        expectFrame(box, 0, 0, 400, 300)
    }

    @Test func mistakesInRelations() throws {
        let root = View("root"), a = View("a"), b = View("b")
        root.addSubview(a)
        root.addSubview(b)
        a.makeConstraints { make in make.edges.equalTo(root) }
        let made = b.makeConstraints { make in
            make.left.equalTo(a.mas_top)                       // different axes
            make.left.right.equalTo(a.mas_size)                // several attributes, not the same ones
            make.size.equalTo(a.mas_edges)
            make.width.equalTo(a).dividedBy(0)
            make.height.equalTo(10).priority(2000)
            make.edges.equalTo(a)
        }
        #expect(made.count == 4)
        let problems = frontEndProblems(of: root)
        #expect(problems == [
            .incompatibleAttributes("b.left", "a.top"),
            .targetAttributesMismatch("left.right", "a.size"),
            .targetAttributesMismatch("size", "a.edges"),
            .divisionByZero,
            .priorityOutOfRange(2000),
        ])
    }

    @Test func numberWithoutSuperview() throws {
        let lone = View("lone")
        lone.makeConstraints { make in
            make.left.equalTo(5)
            make.width.equalTo(5)   // a size needs no superview
        }
        #expect(frontEndProblems(of: lone) == [.numberNeedsSuperview("left")])
        #expect(lone.makerConstraints.map(\.firstAttribute) == [.width])
    }

    @Test func problemLocationIsTheRelationsLine() throws {
        let root = View("root"), box = View("box")
        root.addSubview(box)
        box.makeConstraints { make in
            make.edges.equalTo(root)
            make.width.equalTo(10).priority(0)
        }
        let expectedLine = #line - 2
        do {
            try root.layout(width: 400, height: 300)
            Issue.record("expected an error")
        } catch {
            #expect(error.problems == [.swiftFrontEnd(.priorityOutOfRange(0))])
            #expect(error.diagnostics[0].line == expectedLine)
            #expect(error.diagnostics[0].origin?.text == "box: make.width.equalTo(10).priority(0)")
        }
    }
}

/// Targets whose type is known only at run time (`any ConstraintRelatableTarget`,
/// a conditional of a view and a number) take the same lines as typed ones.
@Suite struct MakerRunTimeTargetTests {
    private func layOut(alignToView: Bool) throws -> (View, View) {
        let root = View("root"), a = View("a"), b = View("b")
        root.addSubview(a)
        root.addSubview(b)
        a.makeConstraints { make in
            make.top.left.equalTo(20)
            make.width.height.equalTo(50)
        }
        b.makeConstraints { make in
            make.top.equalTo(alignToView ? a : 7)
            make.left.greaterThanOrEqualTo(alignToView ? a.mas_right : 3)
            make.width.lessThanOrEqualTo(alignToView ? a : 30)
            let sides: [any ConstraintRelatableTarget] = [40, a.mas_width]
            make.height.equalTo(sides[alignToView ? 1 : 0])
        }
        try root.layout(width: 400, height: 300)
        return (a, b)
    }

    @Test func aConditionalTargetPicksTheView() throws {
        let (a, b) = try layOut(alignToView: true)
        expectFrame(a, 20, 20, 50, 50)
        #expect(b.frame.y == 20 && b.frame.height == 50)
        #expect(b.frame.x >= 70 && b.frame.width <= 50)
    }

    @Test func aConditionalTargetPicksTheNumber() throws {
        let (_, b) = try layOut(alignToView: false)
        #expect(b.frame.y == 7 && b.frame.height == 40)
        #expect(b.frame.x >= 3 && b.frame.width <= 30)
    }
}
