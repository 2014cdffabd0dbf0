import Testing
@testable import Plumb

/// The attribute properties (`make.left`, `make.edges`, ...) are inlined into
/// the code that writes the lines, with their attributes as bits: each must
/// name the attribute set it says, on a maker and on a line it extends. Each
/// bit is written once, in `ConstraintAttributes`' constant.
@Suite struct ConstraintAttributeSetBitsTests {
    /// The constants give the thirteen attributes one bit each, in the order
    /// a line's constraints are made; `attribute(bit:)` (a table) reads each
    /// bit back as its constant's attribute, and the aggregates are unions.
    @Test func theConstantsHoldTheBitOrderAndTheTableAgrees() {
        let order: [(LayoutAttribute, ConstraintAttributes)] = [
            (.top, .top), (.left, .left), (.bottom, .bottom), (.right, .right),
            (.leading, .leading), (.trailing, .trailing), (.width, .width), (.height, .height),
            (.centerX, .centerX), (.centerY, .centerY), (.baseline, .baseline),
            (.firstBaseline, .firstBaseline), (.lastBaseline, .lastBaseline),
        ]
        #expect(Set(order.map(\.0)) == Set(LayoutAttribute.allCases))
        for (bit, (attribute, constant)) in order.enumerated() {
            #expect(constant.rawValue == 1 << bit, "\(attribute)")
            #expect(ConstraintAttributes.attribute(bit: bit) == attribute, "bit \(bit)")
        }
        let all = ConstraintAttributes(rawValue: 1 << order.count - 1)
        #expect(all.layoutAttributes == order.map(\.0))
        #expect(ConstraintAttributes.edges == [.top, .left, .bottom, .right])
        #expect(ConstraintAttributes.size == [.width, .height])
        #expect(ConstraintAttributes.center == [.centerX, .centerY])
    }

    @Test func eachPropertyNamesItsAttributes() {
        let properties: [(String, (any ConstraintAttributeChain) -> ConstraintMakerExtendable, ConstraintAttributes)] = [
            ("left", { $0.left }, .left), ("right", { $0.right }, .right),
            ("top", { $0.top }, .top), ("bottom", { $0.bottom }, .bottom),
            ("leading", { $0.leading }, .leading), ("trailing", { $0.trailing }, .trailing),
            ("width", { $0.width }, .width), ("height", { $0.height }, .height),
            ("centerX", { $0.centerX }, .centerX), ("centerY", { $0.centerY }, .centerY),
            ("baseline", { $0.baseline }, .baseline), ("firstBaseline", { $0.firstBaseline }, .firstBaseline),
            ("lastBaseline", { $0.lastBaseline }, .lastBaseline),
            ("edges", { $0.edges }, .edges), ("size", { $0.size }, .size), ("center", { $0.center }, .center),
        ]
        let view = View("v")
        let maker = ConstraintMaker(view: view, file: "f", line: 1)
        for (index, (name, property, expected)) in properties.enumerated() {
            _ = property(maker)
            #expect(maker.lines.line(index).attributes == expected, "make.\(name)")
            #expect(maker.lines.line(index).text == "make." + expected.text, "make.\(name)")
        }
    }

    /// Concrete receivers (the inlined, specialized properties) name the same
    /// sets, and a chain adds each property's set to its line.
    @Test func concreteChainsAddTheSameBits() {
        let view = View("v")
        let maker = ConstraintMaker(view: view, file: "f", line: 1)
        _ = maker.top.left.bottom.right
        _ = maker.width.and.height
        _ = maker.centerX.with.centerY
        _ = maker.leading.trailing.baseline.firstBaseline.lastBaseline
        _ = maker.edges.size.center
        #expect(maker.lines.line(0).attributes == .edges)
        #expect(maker.lines.line(1).attributes == .size)
        #expect(maker.lines.line(2).attributes == .center)
        #expect(maker.lines.line(3).attributes == [.leading, .trailing, .baseline, .firstBaseline, .lastBaseline])
        #expect(maker.lines.line(4).attributes == ConstraintAttributes.edges.union(.size).union(.center))
        #expect(maker.lines.line(4).text == "make.edges.size.center")
    }
}
