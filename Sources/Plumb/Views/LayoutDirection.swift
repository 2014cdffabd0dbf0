/// Which way a layout reads: it decides what `leading` and `trailing` mean.
///
/// Left to right (the default), `leading` is `left` and `trailing` is
/// `right`. Right to left, `leading` is the right edge and `trailing` the
/// left edge, and both are measured as Auto Layout measures them: along an
/// axis that runs right to left from the root's right edge, so
/// `leading = rootWidth - right` and `trailing = rootWidth - left`. Hence
/// `a.leading = b.leading + 16` puts `a` 16 points inside `b`'s right edge,
/// `a.leading = b.trailing + 8` puts `a` 8 points to the left of `b`, and a
/// layout written only with `leading`, `trailing` and sizes comes out as the
/// exact mirror image of its left-to-right self. `left`, `right` and
/// `centerX` keep their meaning in both directions, and frames are always
/// measured with `x` to the right.
///
/// A layout document sets it with the top-level key
/// `"layoutDirection": "ltr" | "rtl"`; a view tree with
/// ``View/layout(width:height:direction:scale:measurer:)``. It applies to the whole
/// layout and every front end alike, because it is resolved where attributes
/// become variables (when constraints are lowered, not when they are made).
/// The Simple Layout Language has no leading or trailing names (`ll` and
/// `rr` are the left and right edges), so rules read the same both ways.
public enum LayoutDirection: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"

    /// For an attribute measured right to left in this direction, the
    /// physical edge it is the distance of from the root's right edge
    /// (`right` for `leading`, `left` for `trailing`); `nil` for every
    /// attribute that is measured left to right as it stands.
    public func mirroredEdge(of attribute: LayoutAttribute) -> LayoutAttribute? {
        switch (self, attribute) {
        case (.rightToLeft, .leading): .right
        case (.rightToLeft, .trailing): .left
        default: nil
        }
    }

    /// `"ltr"` or `"rtl"`, as written in a document.
    public var description: String { rawValue }
}
