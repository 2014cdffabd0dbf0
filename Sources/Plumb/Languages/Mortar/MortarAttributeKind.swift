/// The attributes Mortar names with its `m_` properties: twenty single
/// attributes and eleven composites of several.
///
/// Single attributes are the thirteen of ``LayoutAttribute`` and eight margin
/// attributes, which measure from the view's edges inward by its
/// ``View/layoutMargins``: `leftMargin` is `left + margins.left`,
/// `rightMargin` is `right - margins.right`, `centerXWithinMargin` the middle
/// of the two, and likewise vertically (`leading`/`trailing` are `left`/`right`, or
/// `right`/`left` in a right-to-left ``LayoutDirection``).
///
/// Composites list their parts in the order a tuple on the other side gives
/// values for them (`v.m_frame |=| (top, left, width, height)`):
///
/// | composite | parts |
/// |---|---|
/// | `sides` | left, right |
/// | `caps` | top, bottom |
/// | `size` | width, height |
/// | `center` | centerX, centerY |
/// | `origin` | left, top |
/// | `cornerTL` | top, left |
/// | `cornerTR` | top, right |
/// | `cornerBL` | bottom, left |
/// | `cornerBR` | bottom, right |
/// | `edges` | top, left, bottom, right |
/// | `frame` | top, left, width, height |
public enum MortarAttributeKind: UInt8, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case left, right, top, bottom, leading, trailing, width, height, centerX, centerY, baseline
    case firstBaseline, lastBaseline
    case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
    case centerXWithinMargin, centerYWithinMargin
    case sides, caps, size, center, origin, cornerTL, cornerTR, cornerBL, cornerBR, edges, frame

    /// The single attributes this one stands for, in tuple order (itself when single).
    public var components: [MortarAttributeKind] {
        switch self {
        case .sides: [.left, .right]
        case .caps: [.top, .bottom]
        case .size: [.width, .height]
        case .center: [.centerX, .centerY]
        case .origin: [.left, .top]
        case .cornerTL: [.top, .left]
        case .cornerTR: [.top, .right]
        case .cornerBL: [.bottom, .left]
        case .cornerBR: [.bottom, .right]
        case .edges: [.top, .left, .bottom, .right]
        case .frame: [.top, .left, .width, .height]
        default: [self]
        }
    }

    /// Whether this is a single attribute rather than a composite.
    public var isSingle: Bool { rawValue < MortarAttributeKind.sides.rawValue }

    /// The name after `m_` (`leftMargin`, `cornerTL`).
    public var name: String {
        switch self {
        case .left: "left"
        case .right: "right"
        case .top: "top"
        case .bottom: "bottom"
        case .leading: "leading"
        case .trailing: "trailing"
        case .width: "width"
        case .height: "height"
        case .centerX: "centerX"
        case .centerY: "centerY"
        case .baseline: "baseline"
        case .firstBaseline: "firstBaseline"
        case .lastBaseline: "lastBaseline"
        case .leftMargin: "leftMargin"
        case .rightMargin: "rightMargin"
        case .topMargin: "topMargin"
        case .bottomMargin: "bottomMargin"
        case .leadingMargin: "leadingMargin"
        case .trailingMargin: "trailingMargin"
        case .centerXWithinMargin: "centerXWithinMargin"
        case .centerYWithinMargin: "centerYWithinMargin"
        case .sides: "sides"
        case .caps: "caps"
        case .size: "size"
        case .center: "center"
        case .origin: "origin"
        case .cornerTL: "cornerTL"
        case .cornerTR: "cornerTR"
        case .cornerBL: "cornerBL"
        case .cornerBR: "cornerBR"
        case .edges: "edges"
        case .frame: "frame"
        }
    }

    public var description: String { "m_" + name }

    /// The engine attribute a single attribute is measured from; `nil` for composites.
    var base: LayoutAttribute? {
        switch self {
        case .left, .leftMargin: .left
        case .right, .rightMargin: .right
        case .top, .topMargin: .top
        case .bottom, .bottomMargin: .bottom
        case .leading, .leadingMargin: .leading
        case .trailing, .trailingMargin: .trailing
        case .width: .width
        case .height: .height
        case .centerX, .centerXWithinMargin: .centerX
        case .centerY, .centerYWithinMargin: .centerY
        case .baseline: .baseline
        case .firstBaseline: .firstBaseline
        case .lastBaseline: .lastBaseline
        default: nil
        }
    }

    /// What a single attribute adds to its ``base`` for a view with `margins`
    /// (0 for the non-margin attributes): the attribute's value is
    /// `base + marginOffset`.
    func marginOffset(_ margins: EdgeInsets) -> Double {
        switch self {
        case .leftMargin, .leadingMargin: margins.left
        case .rightMargin, .trailingMargin: -margins.right
        case .topMargin: margins.top
        case .bottomMargin: -margins.bottom
        case .centerXWithinMargin: (margins.left - margins.right) / 2
        case .centerYWithinMargin: (margins.top - margins.bottom) / 2
        default: 0
        }
    }

    /// The sign with which the inset operator `~` moves this edge inward:
    /// `+1` for left, top and leading edges, `-1` for right, bottom, trailing
    /// and baseline; `nil` for sizes, centers and composites.
    var insetSign: Double? {
        switch self {
        case .left, .top, .leading, .leftMargin, .topMargin, .leadingMargin: 1
        case .right, .bottom, .trailing, .baseline, .firstBaseline, .lastBaseline, .rightMargin, .bottomMargin, .trailingMargin: -1
        default: nil
        }
    }
}
