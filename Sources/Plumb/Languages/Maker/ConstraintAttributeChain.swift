/// The attribute properties shared by ``ConstraintMaker`` (which starts a
/// line) and ``ConstraintMakerExtendable`` (which adds to it), written once.
public protocol ConstraintAttributeChain {
    /// The line extended by `attributes`. An implementation detail of the properties.
    func _adding(_ attributes: _ConstraintAttributeSet) -> ConstraintMakerExtendable
}

/// Attributes to add to a maker line; an implementation detail of
/// ``ConstraintAttributeChain``.
public struct _ConstraintAttributeSet {
    let set: ConstraintAttributes
}

extension ConstraintAttributeChain {
    public var left: ConstraintMakerExtendable { _adding(.init(set: .left)) }
    public var right: ConstraintMakerExtendable { _adding(.init(set: .right)) }
    public var top: ConstraintMakerExtendable { _adding(.init(set: .top)) }
    public var bottom: ConstraintMakerExtendable { _adding(.init(set: .bottom)) }
    public var leading: ConstraintMakerExtendable { _adding(.init(set: .leading)) }
    public var trailing: ConstraintMakerExtendable { _adding(.init(set: .trailing)) }
    public var width: ConstraintMakerExtendable { _adding(.init(set: .width)) }
    public var height: ConstraintMakerExtendable { _adding(.init(set: .height)) }
    public var centerX: ConstraintMakerExtendable { _adding(.init(set: .centerX)) }
    public var centerY: ConstraintMakerExtendable { _adding(.init(set: .centerY)) }
    /// The same as `bottom`: views carry no text.
    public var baseline: ConstraintMakerExtendable { _adding(.init(set: .baseline)) }
    /// top, left, bottom and right.
    public var edges: ConstraintMakerExtendable { _adding(.init(set: .edges)) }
    /// width and height.
    public var size: ConstraintMakerExtendable { _adding(.init(set: .size)) }
    /// centerX and centerY.
    public var center: ConstraintMakerExtendable { _adding(.init(set: .center)) }
}
