/// Anything with Mortar's `m_` attribute properties: a ``View`` (each
/// property is one ``MortarAttribute``) and an array of views (each property
/// is an array, one attribute per view, so `[v1, v2, v3].m_size |=| (100, 200)`
/// sizes all three).
///
/// The properties are written once here, over ``m_attribute(_:)``.
public protocol MortarAttributeProvider {
    /// What an `m_` property returns.
    associatedtype MortarOutput
    /// The attribute `kind` of this view (or of each view).
    func m_attribute(_ kind: MortarAttributeKind) -> MortarOutput
}

extension View: MortarAttributeProvider {
    public func m_attribute(_ kind: MortarAttributeKind) -> MortarAttribute {
        MortarAttribute(view: self, kind: kind)
    }
}

extension Array: MortarAttributeProvider where Element == View {
    public func m_attribute(_ kind: MortarAttributeKind) -> [MortarAttribute] {
        map { MortarAttribute(view: $0, kind: kind) }
    }
}

extension MortarAttributeProvider {
    public var m_left: MortarOutput { m_attribute(.left) }
    public var m_right: MortarOutput { m_attribute(.right) }
    public var m_top: MortarOutput { m_attribute(.top) }
    public var m_bottom: MortarOutput { m_attribute(.bottom) }
    public var m_leading: MortarOutput { m_attribute(.leading) }
    public var m_trailing: MortarOutput { m_attribute(.trailing) }
    public var m_width: MortarOutput { m_attribute(.width) }
    public var m_height: MortarOutput { m_attribute(.height) }
    public var m_centerX: MortarOutput { m_attribute(.centerX) }
    public var m_centerY: MortarOutput { m_attribute(.centerY) }
    public var m_baseline: MortarOutput { m_attribute(.baseline) }
    /// The first line's baseline of a view whose content is measured (a
    /// text); for any other view the bottom, as `m_baseline`.
    public var m_firstBaseline: MortarOutput { m_attribute(.firstBaseline) }
    /// The last line's baseline: the same as `m_baseline`.
    public var m_lastBaseline: MortarOutput { m_attribute(.lastBaseline) }
    /// `left + layoutMargins.left`.
    public var m_leftMargin: MortarOutput { m_attribute(.leftMargin) }
    /// `right - layoutMargins.right`.
    public var m_rightMargin: MortarOutput { m_attribute(.rightMargin) }
    /// `top + layoutMargins.top`.
    public var m_topMargin: MortarOutput { m_attribute(.topMargin) }
    /// `bottom - layoutMargins.bottom`.
    public var m_bottomMargin: MortarOutput { m_attribute(.bottomMargin) }
    /// `leading + layoutMargins.left`.
    public var m_leadingMargin: MortarOutput { m_attribute(.leadingMargin) }
    /// `trailing - layoutMargins.right`.
    public var m_trailingMargin: MortarOutput { m_attribute(.trailingMargin) }
    /// Midway between `m_leftMargin` and `m_rightMargin`.
    public var m_centerXWithinMargin: MortarOutput { m_attribute(.centerXWithinMargin) }
    /// Midway between `m_topMargin` and `m_bottomMargin`.
    public var m_centerYWithinMargin: MortarOutput { m_attribute(.centerYWithinMargin) }
    /// (left, right).
    public var m_sides: MortarOutput { m_attribute(.sides) }
    /// (top, bottom).
    public var m_caps: MortarOutput { m_attribute(.caps) }
    /// (width, height).
    public var m_size: MortarOutput { m_attribute(.size) }
    /// (centerX, centerY).
    public var m_center: MortarOutput { m_attribute(.center) }
    /// (left, top).
    public var m_origin: MortarOutput { m_attribute(.origin) }
    /// (top, left).
    public var m_cornerTL: MortarOutput { m_attribute(.cornerTL) }
    /// (top, right).
    public var m_cornerTR: MortarOutput { m_attribute(.cornerTR) }
    /// (bottom, left).
    public var m_cornerBL: MortarOutput { m_attribute(.cornerBL) }
    /// (bottom, right).
    public var m_cornerBR: MortarOutput { m_attribute(.cornerBR) }
    /// (top, left, bottom, right).
    public var m_edges: MortarOutput { m_attribute(.edges) }
    /// (top, left, width, height).
    public var m_frame: MortarOutput { m_attribute(.frame) }
}
