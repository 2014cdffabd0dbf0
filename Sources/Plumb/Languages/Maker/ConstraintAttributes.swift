/// The attributes one maker line names, as a bit set.
///
/// Single bits are the thirteen ``LayoutAttribute``s; `edges`, `size` and
/// `center` are aggregates that stand for several. ``layoutAttributes`` lists
/// the members in bit order: the order in which a line's constraints are made.
struct ConstraintAttributes: OptionSet, Hashable, Sendable {
    let rawValue: UInt16

    init(rawValue: UInt16) { self.rawValue = rawValue }

    /// The set holding one attribute.
    init(_ attribute: LayoutAttribute) {
        self.init(rawValue: 1 << UInt16(Self.bitOrder.firstIndex(of: attribute)!))
    }

    /// The attribute of each bit, lowest first.
    private static let bitOrder: [LayoutAttribute] = [
        .top, .left, .bottom, .right, .leading, .trailing,
        .width, .height, .centerX, .centerY, .baseline,
        .firstBaseline, .lastBaseline,
    ]

    static let top = Self(.top)
    static let left = Self(.left)
    static let bottom = Self(.bottom)
    static let right = Self(.right)
    static let leading = Self(.leading)
    static let trailing = Self(.trailing)
    static let width = Self(.width)
    static let height = Self(.height)
    static let centerX = Self(.centerX)
    static let centerY = Self(.centerY)
    static let baseline = Self(.baseline)
    static let firstBaseline = Self(.firstBaseline)
    static let lastBaseline = Self(.lastBaseline)

    /// top, left, bottom, right.
    static let edges: Self = [.top, .left, .bottom, .right]
    /// width, height.
    static let size: Self = [.width, .height]
    /// centerX, centerY.
    static let center: Self = [.centerX, .centerY]

    /// The members, in bit order.
    /// The attribute of bit `bit` (the order of ``layoutAttributes``).
    static func attribute(bit: Int) -> LayoutAttribute { bitOrder[bit] }

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
