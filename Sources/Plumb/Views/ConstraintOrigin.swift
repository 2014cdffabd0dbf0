/// A ``Constraint``'s origin, or the few values that describe it when it is
/// read.
///
/// A Swift front end makes one constraint per part of a statement, and its
/// origin text (`card.m_left |=| root.m_left + 16 ! 1000`, or
/// `card: make.left.equalTo(root).offset(16)` with a file and line) is read
/// only when something is reported about the constraint. Building that text
/// for every constraint cost more than making the constraint, so Mortar and
/// the maker keep what the text is made of instead, and ``origin`` makes it
/// on demand. The values kept are copies taken when the constraint is made
/// (view ids, never views), so the text made later is the one that would
/// have been made at once, and a constraint still keeps no view alive.
///
/// Layout passes a described origin to the system as a key of a
/// ``ViewTreeOrigins`` (see `View.lowerTree`), so that laying out does not
/// make the text either.
enum ConstraintOrigin {
    /// The origin itself (constraints made with ``Constraint``'s initializers,
    /// Simple Format Language strings, and origins set later).
    case stored(Origin)
    /// One part of a Mortar statement.
    case mortar(MortarPartOrigin)
    /// One attribute of a maker line; `part` is the attribute when the line
    /// names several (the text then ends with it).
    case maker(MakerLineOrigin, part: LayoutAttribute?)

    /// The origin, made now when it is described.
    var origin: Origin {
        switch self {
        case .stored(let origin): origin
        case .mortar(let part): Origin(kind: .code, text: part.text)
        case .maker(let line, let part): line.origin(part: part)
        }
    }

    /// Whether the origin is kept as it is (nothing to make when it is read).
    var isStored: Bool {
        if case .stored = self { return true }
        return false
    }
}

/// The origins of the rows a view tree's constraints made, described when
/// read: the key of a row is its position here. Filled while the tree is
/// lowered, then only read (from any thread).
final class ViewTreeOrigins: OriginSource, @unchecked Sendable {
    // @unchecked: appended to only while the one lowering that made it runs;
    // afterwards read-only. A maker line's description is shared by its
    // constraints and never changes after it is made.
    private(set) var origins: [ConstraintOrigin] = []

    /// Keeps `origin` and returns its key.
    func key(for origin: ConstraintOrigin) -> UInt64 {
        origins.append(origin)
        return UInt64(origins.count - 1)
    }

    func origin(forKey key: UInt64) -> Origin {
        origins[Int(key)].origin
    }
}
