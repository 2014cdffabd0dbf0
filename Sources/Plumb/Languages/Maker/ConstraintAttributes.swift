/// The attributes one maker line names, as a bit set.
///
/// Single bits are the thirteen ``LayoutAttribute``s; `edges`, `size` and
/// `center` are aggregates that stand for several. ``layoutAttributes`` lists
/// the members in bit order: the order in which a line's constraints are made.
///
/// Each attribute's bit is written once, in its constant below. The constants
/// are inlinable literals: the public attribute properties of
/// ``ConstraintAttributeChain`` (`make.left`) and the `mas_` properties are
/// made from them and fold to their bits where they are inlined (no lazily
/// made global). ``attribute(bit:)`` reads the other way through a constant
/// table, which `ConstraintAttributeSetBitsTests` checks against the
/// constants.
@usableFromInline
struct ConstraintAttributes: OptionSet, Hashable, Sendable {
    @usableFromInline let rawValue: UInt16

    @inlinable init(rawValue: UInt16) { self.rawValue = rawValue }

    @inlinable static var top: Self { Self(rawValue: 1 << 0) }
    @inlinable static var left: Self { Self(rawValue: 1 << 1) }
    @inlinable static var bottom: Self { Self(rawValue: 1 << 2) }
    @inlinable static var right: Self { Self(rawValue: 1 << 3) }
    @inlinable static var leading: Self { Self(rawValue: 1 << 4) }
    @inlinable static var trailing: Self { Self(rawValue: 1 << 5) }
    @inlinable static var width: Self { Self(rawValue: 1 << 6) }
    @inlinable static var height: Self { Self(rawValue: 1 << 7) }
    @inlinable static var centerX: Self { Self(rawValue: 1 << 8) }
    @inlinable static var centerY: Self { Self(rawValue: 1 << 9) }
    @inlinable static var baseline: Self { Self(rawValue: 1 << 10) }
    @inlinable static var firstBaseline: Self { Self(rawValue: 1 << 11) }
    @inlinable static var lastBaseline: Self { Self(rawValue: 1 << 12) }

    /// The attribute of each bit, lowest first: the constants above read the
    /// other way (a literal, so the binary holds it ready made).
    private static let bitOrder: [LayoutAttribute] = [
        .top, .left, .bottom, .right, .leading, .trailing,
        .width, .height, .centerX, .centerY, .baseline,
        .firstBaseline, .lastBaseline,
    ]

    /// The attribute of bit `bit` (the order of ``layoutAttributes``).
    static func attribute(bit: Int) -> LayoutAttribute { bitOrder[bit] }

    /// top, left, bottom, right.
    @inlinable static var edges: Self { Self(rawValue: top.rawValue | left.rawValue | bottom.rawValue | right.rawValue) }
    /// width, height.
    @inlinable static var size: Self { Self(rawValue: width.rawValue | height.rawValue) }
    /// centerX, centerY.
    @inlinable static var center: Self { Self(rawValue: centerX.rawValue | centerY.rawValue) }

    /// The members, in bit order.
    var layoutAttributes: [LayoutAttribute] {
        Self.bitOrder.indices.compactMap { contains(Self(rawValue: 1 << UInt16($0))) ? Self.bitOrder[$0] : nil }
    }

    /// How the set is written after `make.`: `edges`, `size` and `center` by
    /// their names when they are whole, then the remaining single attributes
    /// joined by dots (`left.right`).
    var text: String {
        // One attribute, the common line: its name (no aggregate is a single bit).
        if rawValue != 0 && rawValue & (rawValue &- 1) == 0 {
            return Self.bitOrder[rawValue.trailingZeroBitCount].name
        }
        var rest = self
        var names: [String] = []
        for (name, aggregate) in [("edges", Self.edges), ("size", Self.size), ("center", Self.center)]
        where rest.isSuperset(of: aggregate) {
            names.append(name)
            rest.subtract(aggregate)
        }
        names += rest.layoutAttributes.map(\.name)
        return names.joined(separator: ".")
    }
}
