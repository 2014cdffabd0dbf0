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
    /// Adds the left edge to the line.
    public var left: ConstraintMakerExtendable { _adding(.init(set: .left)) }
    /// Adds the right edge to the line.
    public var right: ConstraintMakerExtendable { _adding(.init(set: .right)) }
    /// Adds the top edge to the line.
    public var top: ConstraintMakerExtendable { _adding(.init(set: .top)) }
    /// Adds the bottom edge to the line.
    public var bottom: ConstraintMakerExtendable { _adding(.init(set: .bottom)) }
    /// Adds the leading edge (the left, or the right in a right-to-left ``LayoutDirection``) to the line.
    public var leading: ConstraintMakerExtendable { _adding(.init(set: .leading)) }
    /// Adds the trailing edge (the right, or the left in a right-to-left ``LayoutDirection``) to the line.
    public var trailing: ConstraintMakerExtendable { _adding(.init(set: .trailing)) }
    /// Adds the width to the line.
    public var width: ConstraintMakerExtendable { _adding(.init(set: .width)) }
    /// Adds the height to the line.
    public var height: ConstraintMakerExtendable { _adding(.init(set: .height)) }
    /// Adds the horizontal center to the line.
    public var centerX: ConstraintMakerExtendable { _adding(.init(set: .centerX)) }
    /// Adds the vertical center to the line.
    public var centerY: ConstraintMakerExtendable { _adding(.init(set: .centerY)) }
    /// Adds the baseline (the last line's) to the line: the bottom for a view whose content is not measured.
    public var baseline: ConstraintMakerExtendable { _adding(.init(set: .baseline)) }
    /// Adds the first line's baseline to the line: the bottom for a view whose content is not measured.
    public var firstBaseline: ConstraintMakerExtendable { _adding(.init(set: .firstBaseline)) }
    /// Adds the last line's baseline to the line (the same as `baseline`).
    public var lastBaseline: ConstraintMakerExtendable { _adding(.init(set: .lastBaseline)) }
    /// Adds top, left, bottom and right to the line.
    public var edges: ConstraintMakerExtendable { _adding(.init(set: .edges)) }
    /// Adds width and height to the line.
    public var size: ConstraintMakerExtendable { _adding(.init(set: .size)) }
    /// Adds centerX and centerY to the line.
    public var center: ConstraintMakerExtendable { _adding(.init(set: .center)) }
}
