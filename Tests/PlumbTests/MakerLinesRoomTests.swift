import PlumbTestSupport
import Testing
@testable import Plumb

/// A block's lines live in room its lines object keeps by hand: room for 4
/// lines, doubled as a block needs more, given back after a block of more
/// than 16 lines, kept for the thread's next block otherwise.
@Suite struct MakerLinesRoomTests {
    /// A root with one subview, `box`.
    private static func tree() -> (root: View, box: View) {
        let tree = (root: View("root"), box: View("box"))
        tree.root.addSubview(tree.box)
        return tree
    }

    /// Blocks of 1 to 40 lines, one after another on one thread (each block's
    /// maker and its lines serve the next): every line makes its constraint,
    /// with its own constant and its own origin, in order.
    @Test func blocksOfManyLinesMakeEveryLinesConstraint() throws {
        let (root, box) = Self.tree()
        for count in [40, 3, 17, 1, 5, 33, 4] {
            let made = box.makeConstraints(file: "Room.swift", line: count) { make in
                for i in 0 ..< count {
                    make.width.greaterThanOrEqualTo(i, file: "Room.swift", line: 100 + i)
                }
            }
            #expect(made.count == count)
            #expect(made.map(\.constant) == (0 ..< count).map(Double.init))
            #expect(made.map(\.origin) == (0 ..< count).map {
                Origin(kind: .code, text: "box: make.width.greaterThanOrEqualTo(\($0))", file: "Room.swift", line: 100 + $0)
            })
            Constraint.deactivate(made)
        }
        box.makeConstraints { make in make.width.equalTo(20); make.height.equalTo(root).offset(-10) }
        try root.layout(width: 200, height: 100)
        #expect(box.frame.width == 20 && box.frame.height == 90)
    }

    /// The returned array is made once with room for one constraint per
    /// attribute the lines name: lines of several attributes (named at once,
    /// or chained with `.and`), lines among them that turn out to be
    /// mistakes after some of their constraints were made, and blocks of
    /// one attribute a line one after another, each block's constraints in
    /// order, none lost and none left over from a mistaken line; then a
    /// block of chained lines only, which makes twice as many constraints as
    /// it has lines (in debug builds, writing past the room stops at an
    /// assertion).
    @Test func severalAttributesAndMistakesFillTheReturnedArrayInOrder() throws {
        let (root, box) = Self.tree()
        let other = View("other")
        root.addSubview(other)
        other.makeConstraints { make in make.left.top.equalTo(root); make.size.equalTo(10) }
        for round in 0 ..< 3 {
            let made = box.makeConstraints { make in
                make.top.equalTo(root).offset(Double(round))
                make.top.left.equalTo(other.mas_top)           // top made, then left cannot relate to a top: none
                make.left.and.right.equalTo(root).inset(4)
                make.size.lessThanOrEqualTo(root).multipliedBy(2)
                _ = make.center                                // no relation: none
                make.bottom.lessThanOrEqualTo(root)
            }
            #expect(made.map(\.firstAttribute) == [.top, .left, .right, .width, .height, .bottom])
            #expect(made.map(\.constant) == [Double(round), 4, -4, 0, 0, 0])
            #expect(box.makerConstraints.count == 6)
            #expect(frontEndProblems(of: root) == [.incompatibleAttributes("box.left", "other.top"), .missingRelation("center")])
            box.remakeConstraints { make in make.width.equalTo(1) }
            #expect(box.makerConstraints.map(\.firstAttribute) == [.width])
            Constraint.deactivate(box.makerConstraints)
        }
        // Only chained lines: twice as many constraints as lines.
        let chained = box.makeConstraints { make in
            make.left.and.right.equalTo(root)
            make.top.bottom.equalTo(other)
        }
        #expect(chained.map(\.firstAttribute) == [.left, .right, .top, .bottom])
        #expect(chained.map { $0.secondView?.id } == ["root", "root", "other", "other"])
    }

    /// A step kept from a block of many lines describes its line and writes
    /// into it after the block, while the origins keep the text the lines
    /// had when they were lowered.
    @Test func aKeptStepOfALongBlockWritesItsOwnLine() {
        let (root, box) = Self.tree()
        var kept: [ConstraintMakerEditable] = []
        let made = box.makeConstraints { make in
            for i in 0 ..< 20 {
                let step = make.left.equalTo(root).offset(i).multipliedBy(2)
                if i % 7 == 0 { kept.append(step) }
            }
        }
        #expect(made.count == 20)
        #expect(kept.map(\.description) == [0, 7, 14].map { "make.left.equalTo(root).offset(\($0)).multipliedBy(2)" })
        kept[1].offset(1)
        #expect(kept[1].description == "make.left.equalTo(root).offset(7).multipliedBy(2).offset(1)")
        #expect(made[7].origin.text == "box: make.left.equalTo(root).offset(7).multipliedBy(2)")
        #expect(made[7].constant == 7)
    }
}
