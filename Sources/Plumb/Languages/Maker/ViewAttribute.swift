/// A view together with one or more of its attributes, as the maker relates
/// to it: `other.mas_right`, `superview.mas_edges`.
///
/// Made by the `mas_` properties of ``View`` (Masonry's spelling, as
/// Fahrenheit's original wrote `view.mas_right`):
///
/// ```swift
/// label.makeConstraints { make in
///     make.left.equalTo(icon.mas_right).offset(8)
///     make.centerY.equalTo(icon)            // a bare view: the same attribute, icon.centerY
/// }
/// ```
///
/// A target with one attribute is used for every constrained attribute
/// (`make.width.height.equalTo(other.mas_width)`); a target with several must
/// name the same ones as the line, each paired with itself
/// (`make.edges.equalTo(other.mas_edges)`). Anything else
/// (`make.left.right.equalTo(other.mas_size)`) makes no constraint and is
/// reported by the next layout.
public struct ViewAttribute: CustomStringConvertible {
    /// The view.
    public let view: View
    /// The attributes named, in pairing order.
    let attributes: ConstraintAttributes

    init(_ view: View, _ attributes: ConstraintAttributes) {
        self.view = view
        self.attributes = attributes
    }

    /// The attributes named, in pairing order (four for `mas_edges`).
    public var layoutAttributes: [LayoutAttribute] { attributes.layoutAttributes }

    /// `other.right`, `root.edges`.
    public var description: String { "\(view.id).\(attributes.text)" }
}

extension View {
    /// The view's left edge.
    public var mas_left: ViewAttribute { ViewAttribute(self, .left) }
    /// The view's right edge.
    public var mas_right: ViewAttribute { ViewAttribute(self, .right) }
    /// The view's top edge.
    public var mas_top: ViewAttribute { ViewAttribute(self, .top) }
    /// The view's bottom edge.
    public var mas_bottom: ViewAttribute { ViewAttribute(self, .bottom) }
    /// The view's leading edge: its left, or its right in a right-to-left ``LayoutDirection``.
    public var mas_leading: ViewAttribute { ViewAttribute(self, .leading) }
    /// The view's trailing edge: its right, or its left in a right-to-left ``LayoutDirection``.
    public var mas_trailing: ViewAttribute { ViewAttribute(self, .trailing) }
    /// The view's width.
    public var mas_width: ViewAttribute { ViewAttribute(self, .width) }
    /// The view's height.
    public var mas_height: ViewAttribute { ViewAttribute(self, .height) }
    /// The view's horizontal center.
    public var mas_centerX: ViewAttribute { ViewAttribute(self, .centerX) }
    /// The view's vertical center.
    public var mas_centerY: ViewAttribute { ViewAttribute(self, .centerY) }
    /// The last line's baseline of a view whose content is measured (a text); else the same as `mas_bottom`.
    public var mas_baseline: ViewAttribute { ViewAttribute(self, .baseline) }
    /// The first line's baseline of a view whose content is measured; else the same as `mas_bottom`.
    public var mas_firstBaseline: ViewAttribute { ViewAttribute(self, .firstBaseline) }
    /// The same as `mas_baseline`.
    public var mas_lastBaseline: ViewAttribute { ViewAttribute(self, .lastBaseline) }
    /// top, left, bottom and right.
    public var mas_edges: ViewAttribute { ViewAttribute(self, .edges) }
    /// width and height.
    public var mas_size: ViewAttribute { ViewAttribute(self, .size) }
    /// centerX and centerY.
    public var mas_center: ViewAttribute { ViewAttribute(self, .center) }
}
