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
