/// The attribute properties shared by ``ConstraintMaker`` (which starts a
/// line) and ``ConstraintMakerExtendable`` (which adds to it), written once.
public protocol ConstraintAttributeChain {
    /// The line extended by `attributes`. An implementation detail of the properties.
    func _adding(_ attributes: _ConstraintAttributeSet) -> ConstraintMakerExtendable
}

/// Attributes to add to a maker line; an implementation detail of
/// ``ConstraintAttributeChain``.
///
/// Made of bits, so that the attribute properties can be inlined into the
/// code that writes the lines.
public struct _ConstraintAttributeSet {
    // The bits of the internal `ConstraintAttributes`. The properties'
    // bodies are inlined into the code that writes the lines: a call of a
    // property, generic over the chain, then of the chain's `_adding`
    // through its witness, and a lazily made global's check for the
    // attribute's set, were about 30 instructions a line.
    @usableFromInline let bits: UInt16

    @inlinable init(_ set: ConstraintAttributes) { bits = set.rawValue }

    var set: ConstraintAttributes { ConstraintAttributes(rawValue: bits) }
}

// Each property's set is `ConstraintAttributes`' constant of that name (where
// its bit is written), which folds to a literal where the property is inlined.
extension ConstraintAttributeChain {
    /// Adds the left edge to the line.
    @inlinable public var left: ConstraintMakerExtendable { _adding(.init(.left)) }
    /// Adds the right edge to the line.
    @inlinable public var right: ConstraintMakerExtendable { _adding(.init(.right)) }
    /// Adds the top edge to the line.
    @inlinable public var top: ConstraintMakerExtendable { _adding(.init(.top)) }
    /// Adds the bottom edge to the line.
    @inlinable public var bottom: ConstraintMakerExtendable { _adding(.init(.bottom)) }
    /// Adds the leading edge (the left, or the right in a right-to-left ``LayoutDirection``) to the line.
    @inlinable public var leading: ConstraintMakerExtendable { _adding(.init(.leading)) }
    /// Adds the trailing edge (the right, or the left in a right-to-left ``LayoutDirection``) to the line.
    @inlinable public var trailing: ConstraintMakerExtendable { _adding(.init(.trailing)) }
    /// Adds the width to the line.
    @inlinable public var width: ConstraintMakerExtendable { _adding(.init(.width)) }
    /// Adds the height to the line.
    @inlinable public var height: ConstraintMakerExtendable { _adding(.init(.height)) }
    /// Adds the horizontal center to the line.
    @inlinable public var centerX: ConstraintMakerExtendable { _adding(.init(.centerX)) }
    /// Adds the vertical center to the line.
    @inlinable public var centerY: ConstraintMakerExtendable { _adding(.init(.centerY)) }
    /// Adds the baseline (the last line's) to the line: the bottom for a view whose content is not measured.
    @inlinable public var baseline: ConstraintMakerExtendable { _adding(.init(.baseline)) }
    /// Adds the first line's baseline to the line: the bottom for a view whose content is not measured.
    @inlinable public var firstBaseline: ConstraintMakerExtendable { _adding(.init(.firstBaseline)) }
    /// Adds the last line's baseline to the line (the same as `baseline`).
    @inlinable public var lastBaseline: ConstraintMakerExtendable { _adding(.init(.lastBaseline)) }
    /// Adds top, left, bottom and right to the line.
    @inlinable public var edges: ConstraintMakerExtendable { _adding(.init(.edges)) }
    /// Adds width and height to the line.
    @inlinable public var size: ConstraintMakerExtendable { _adding(.init(.size)) }
    /// Adds centerX and centerY to the line.
    @inlinable public var center: ConstraintMakerExtendable { _adding(.init(.center)) }
}
