/// A mistake in a layout written with a Swift front end (Mortar operators,
/// the maker, Fahrenheit blocks), as data.
///
/// Operators and builder calls cannot throw without making every line of a
/// layout a `try`, so these problems are recorded on the view they concern
/// and reported by the next ``View/layout(width:height:direction:scale:measurer:)`` of a tree holding
/// that view, as a ``LayoutProblem/swiftFrontEnd(_:)`` diagnostic with the
/// statement and, where Swift lets us capture it, the file and line. Each is
/// reported once: the layout that reports it forgets it.
public enum SwiftFrontEndProblem: Hashable, Sendable, CustomStringConvertible {
    /// The two sides name different numbers of attributes (`v1.m_size |=| v2.m_top`).
    case attributeCountMismatch(target: String, targetCount: Int, source: String, sourceCount: Int)
    /// Arrays on both sides of a Mortar operator with different lengths.
    case arrayLengthMismatch(targets: Int, sources: Int)
    /// Neither side names an attribute and the right side is not a view
    /// (`v1 |=| 40`): Mortar cannot tell which attribute is meant.
    case missingAttribute(source: String)
    /// The left side of a Mortar operator is a number, not a view or attribute.
    case targetNotAView(String)
    /// Arithmetic (`*`, `+`, `~`) on the left side; it belongs on the right.
    case arithmeticOnTarget(String)
    /// A tuple whose length differs from the attribute's number of parts
    /// (`v.m_size + (1, 2, 3, 4)`).
    case tupleLengthMismatch(attribute: String, components: Int, tuple: Int)
    /// The inset operator `~` applied to an attribute with a part that is not an edge.
    case insetNeedsEdges(String)
    /// A tuple element that stands for more than one attribute (`(v.m_size, 10)`).
    case tupleElementNotSingle(String)
    /// A priority outside `1 ... 1000`.
    case priorityOutOfRange(Double)
    /// Two positions on different axes (`v1.m_left |=| v2.m_top`); Auto Layout rejects these too.
    case incompatibleAttributes(String, String)
    /// `changePriority` to or from required, which Auto Layout forbids; the
    /// priority was left unchanged.
    case requiredPriorityChange(from: Priority, to: Double)
    /// A maker line with attributes but no `equalTo`, `lessThanOrEqualTo` or
    /// `greaterThanOrEqualTo` (`make.left`).
    case missingRelation(String)
    /// A maker line relating a position to a number needs the view's superview
    /// (`make.left.equalTo(8)` means `superview.left + 8`), and it has none.
    case numberNeedsSuperview(String)
    /// The target names several attributes that differ from the constrained
    /// ones (`make.left.right.equalTo(other.mas_size)`).
    case targetAttributesMismatch(String, String)
    /// `dividedBy(0)`.
    case divisionByZero
    /// `º` (`fahrenheit`) called outside any `ºº` (`fahrenheitTopLevel`): the
    /// view was not added to any superview.
    case fahrenheitOutsideTopLevel(view: String)

    public var description: String {
        switch self {
        case .attributeCountMismatch(let t, let tc, let s, let sc):
            "'\(t)' has \(tc) attribute\(tc == 1 ? "" : "s") but '\(s)' has \(sc)"
        case .arrayLengthMismatch(let t, let s):
            "arrays on both sides must have the same length (\(t) on the left, \(s) on the right)"
        case .missingAttribute(let s):
            "cannot infer an attribute: name one on the left side when the right side is '\(s)'"
        case .targetNotAView(let t):
            "the left side '\(t)' must be a view or a view attribute"
        case .arithmeticOnTarget(let t):
            "arithmetic on the left side '\(t)': multipliers, constants and insets go on the right side"
        case .tupleLengthMismatch(let a, let c, let n):
            "'\(a)' has \(c) part\(c == 1 ? "" : "s") but the tuple has \(n)"
        case .insetNeedsEdges(let a):
            "the inset operator '~' needs edge attributes (left, right, top, bottom, ...), not '\(a)'"
        case .tupleElementNotSingle(let e):
            "a tuple element must be a single attribute or a number, found '\(e)'"
        case .priorityOutOfRange(let p):
            "priority \(NumberFormatting.shortest(p)) is outside 1...1000"
        case .incompatibleAttributes(let a, let b):
            "cannot relate the horizontal and vertical positions '\(a)' and '\(b)'"
        case .requiredPriorityChange(let from, let to):
            "cannot change priority from \(from) to \(NumberFormatting.shortest(to)): a constraint cannot change to or from required (1000); the priority was left unchanged"
        case .missingRelation(let a):
            "'make.\(a)' has no relation: add equalTo, lessThanOrEqualTo or greaterThanOrEqualTo"
        case .numberNeedsSuperview(let a):
            "'\(a)' relates a position to a number, which means the superview's \(a), but the view has no superview"
        case .targetAttributesMismatch(let a, let b):
            "cannot relate '\(a)' to '\(b)': the target must name one attribute or the same ones"
        case .divisionByZero:
            "dividedBy(0): the divisor must not be zero"
        case .fahrenheitOutsideTopLevel(let v):
            "º(\(v)) was called outside any ºº block, so '\(v)' was not added to a superview; wrap the hierarchy in ºº(root) { ... }"
        }
    }
}
