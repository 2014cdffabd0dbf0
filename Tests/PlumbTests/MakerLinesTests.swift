import Testing
@testable import Plumb

/// A maker block's lines are kept together (`MakerLines`) and are what its
/// constraints' origins read: the lines as lowered, whatever a step kept past
/// the block writes afterwards, and without keeping any view alive.
@Suite struct MakerLinesTests {
    /// Steps kept past the block, and the maker itself, write into the lines
    /// after lowering: the steps read their own lines as changed, while every
    /// constraint of the block (not only the changed line's) keeps the origin
    /// its line had when lowered. A line added after lowering makes nothing.
    @Test func originsStayAsLoweredWhileKeptStepsChangeTheirLines() {
        let root = View("root"), box = View("box"), other = View("other")
        root.addSubview(box)
        root.addSubview(other)
        var keptMaker: ConstraintMaker?
        var keptRelatable: ConstraintMakerExtendable?
        var keptEditable: ConstraintMakerEditable?
        let made = box.makeConstraints(file: "Block.swift", line: 1) { make in
            keptMaker = make
            make.width.equalTo(40, file: "Block.swift", line: 2)
            keptEditable = make.left.right.equalTo(other, file: "Block.swift", line: 3).offset(2)
            keptRelatable = make.centerY
            make.top.equalTo(other.mas_bottom, file: "Block.swift", line: 5).offset(8).priority(.high)
        }
        let expected = [
            Origin(kind: .code, text: "box: make.width.equalTo(40)", file: "Block.swift", line: 2),
            Origin(kind: .code, text: "box: make.left.right.equalTo(other).offset(2) (left)", file: "Block.swift", line: 3),
            Origin(kind: .code, text: "box: make.left.right.equalTo(other).offset(2) (right)", file: "Block.swift", line: 3),
            Origin(kind: .code, text: "box: make.top.equalTo(other.bottom).offset(8).priority(750)",
                   file: "Block.swift", line: 5),
        ]
        #expect(made.map(\.origin) == expected)

        keptEditable?.offset(3).multipliedBy(2).priority(.low)
        let late = keptRelatable?.greaterThanOrEqualTo(root, file: "Late.swift", line: 9).inset(1)
        let added = keptMaker?.height.equalTo(12)
        #expect(made.map(\.origin) == expected)
        #expect(keptEditable?.description == "make.left.right.equalTo(other).offset(2).offset(3).multipliedBy(2).priority(250)")
        #expect(late?.description == "make.centerY.greaterThanOrEqualTo(root).inset(1)")
        #expect(added?.description == "make.height.equalTo(12)")
        // The constraints themselves are as lowered, and nothing more was made.
        #expect(made.map(\.constant) == [40, 2, 2, 8])
        #expect(made.map(\.multiplier) == [1, 1, 1, 1])
        #expect(box.constraints.count == 4)
        #expect(made.allSatisfy { $0.isActive })
    }

    /// Lowering lets go of the target views: a view that only a block's lines
    /// held is gone once the block has run, while its constraints, their
    /// origins and a step kept past the block still name it. A view related
    /// after lowering is not held either.
    @Test func linesHoldNoViewOnceLowered() {
        let root = View("root"), box = View("box")
        root.addSubview(box)
        weak var goneView: View?
        weak var goneAttribute: View?
        weak var goneLate: View?
        var kept: ConstraintMakerExtendable?
        var keptEditable: ConstraintMakerEditable?
        var made: [Constraint] = []
        do {
            let a = View("a"), b = View("b")
            goneView = a
            goneAttribute = b
            made = box.makeConstraints(file: "Held.swift", line: 1) { make in
                make.width.equalTo(a, file: "Held.swift", line: 2)
                keptEditable = make.height.equalTo(b.mas_width, file: "Held.swift", line: 3).multipliedBy(0.5)
                kept = make.left
            }
        }
        #expect(goneView == nil)
        #expect(goneAttribute == nil)
        do {
            let c = View("c")
            goneLate = c
            kept?.equalTo(c.mas_right).offset(1)
        }
        #expect(goneLate == nil)
        #expect(made.map(\.origin.text) == ["box: make.width.equalTo(a)", "box: make.height.equalTo(b.width).multipliedBy(0.5)"])
        #expect(made.allSatisfy { $0.secondView == nil })
        #expect(kept?.description == "make.left.equalTo(c.right).offset(1)")
        #expect(keptEditable?.description == "make.height.equalTo(b.width).multipliedBy(0.5)")
    }

    /// `inset` and `insets` modifiers (the latter kept boxed in the line) add
    /// up in the order written, with the offsets, into each attribute's
    /// constant, and the origins name them in that order.
    @Test func insetsAddUpFromTheModifiers() {
        let root = View("root"), box = View("box")
        root.addSubview(box)
        let given = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        let made = box.makeConstraints(file: "Insets.swift", line: 1) { make in
            make.edges.equalTo(root, file: "Insets.swift", line: 2).insets(given).inset(1).offset(0.5)
            make.width.equalTo(root, file: "Insets.swift", line: 3).multipliedBy(0.5).inset(2).insets(given).priority(.high)
        }
        let edges = "box: make.edges.equalTo(root).insets(\(given)).inset(1).offset(0.5)"
        #expect(made.map(\.origin) == [
            Origin(kind: .code, text: edges + " (top)", file: "Insets.swift", line: 2),
            Origin(kind: .code, text: edges + " (left)", file: "Insets.swift", line: 2),
            Origin(kind: .code, text: edges + " (bottom)", file: "Insets.swift", line: 2),
            Origin(kind: .code, text: edges + " (right)", file: "Insets.swift", line: 2),
            Origin(kind: .code, text: "box: make.width.equalTo(root).multipliedBy(0.5).inset(2).insets(\(given)).priority(750)",
                   file: "Insets.swift", line: 3),
        ])
        // Insets (2, 3, 4, 5) and 0.5: top 2.5, left 3.5, bottom -3.5, right -4.5; the width -(2 + 2 + 2 + 4).
        #expect(made.map(\.constant) == [2.5, 3.5, -3.5, -4.5, -10])
        #expect(made.map(\.multiplier) == [1, 1, 1, 1, 0.5])
        #expect(made[4].priority == .high)
    }

    /// Lines with mistakes between good ones: every constraint's origin names
    /// its own line (lines and constraints are numbered apart once a line
    /// makes none, or several), and every mistake is reported with its line's
    /// text, file and line number, in order.
    @Test func mistakesAndSeveralAttributesKeepEachLinesOrigin() throws {
        let root = View("root"), a = View("a"), b = View("b")
        root.addSubview(a)
        root.addSubview(b)
        a.makeConstraints { make in make.edges.equalTo(root) }
        let made = b.makeConstraints(file: "Mixed.swift", line: 1) { make in
            make.left.equalTo(a.mas_top, file: "Mixed.swift", line: 10)                // different axes
            make.size.equalTo(a, file: "Mixed.swift", line: 11).multipliedBy(0.5)
            make.left.right.equalTo(a.mas_size, file: "Mixed.swift", line: 12)         // not the same attributes
            make.top.equalTo(a, file: "Mixed.swift", line: 13).offset(4)
            make.width.equalTo(a, file: "Mixed.swift", line: 14).dividedBy(0)
            _ = make.centerX.and.centerY                                              // no relation
            make.center.equalTo(a.mas_center, file: "Mixed.swift", line: 16).offset(1)
            make.height.equalTo(10, file: "Mixed.swift", line: 17).priority(2000)
        }
        #expect(made.map(\.origin) == [
            Origin(kind: .code, text: "b: make.size.equalTo(a).multipliedBy(0.5) (width)", file: "Mixed.swift", line: 11),
            Origin(kind: .code, text: "b: make.size.equalTo(a).multipliedBy(0.5) (height)", file: "Mixed.swift", line: 11),
            Origin(kind: .code, text: "b: make.top.equalTo(a).offset(4)", file: "Mixed.swift", line: 13),
            Origin(kind: .code, text: "b: make.center.equalTo(a.center).offset(1) (centerX)",
                   file: "Mixed.swift", line: 16),
            Origin(kind: .code, text: "b: make.center.equalTo(a.center).offset(1) (centerY)",
                   file: "Mixed.swift", line: 16),
        ])
        #expect(made.map(\.firstAttribute) == [.width, .height, .top, .centerX, .centerY])
        #expect(made.map(\.constant) == [0, 0, 4, 1, 1])
        do {
            try root.layout(width: 400, height: 300)
            Issue.record("expected an error")
        } catch {
            #expect(error.problems == [
                .swiftFrontEnd(.incompatibleAttributes("b.left", "a.top")),
                .swiftFrontEnd(.targetAttributesMismatch("left.right", "a.size")),
                .swiftFrontEnd(.divisionByZero),
                .swiftFrontEnd(.missingRelation("center")),
                .swiftFrontEnd(.priorityOutOfRange(2000)),
            ])
            #expect(error.diagnostics.map { $0.origin?.text } == [
                "b: make.left.equalTo(a.top)",
                "b: make.left.right.equalTo(a.size)",
                "b: make.width.equalTo(a).dividedBy(0)",
                "b: make.center",
                "b: make.height.equalTo(10).priority(2000)",
            ])
            #expect(error.diagnostics.map(\.line) == [10, 12, 14, 1, 17])
            #expect(error.diagnostics.allSatisfy { $0.location == "Mixed.swift" && $0.origin?.file == "Mixed.swift" })
        }
    }
}
