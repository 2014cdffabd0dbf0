// `|+|` and `|^|`: build a view hierarchy in the shape of the code.
//
//     root |+| [
//         background,
//         panel |+| [
//             nameLabel,
//             nameField,
//         ],
//     ]

/// Adds `rhs` as the last subview of `lhs` and returns `lhs`.
@discardableResult
public func |+| (lhs: View, rhs: View) -> View {
    lhs.addSubview(rhs)
    return lhs
}

/// Adds `rhs` as subviews of `lhs`, first to last, and returns `lhs`.
@discardableResult
public func |+| (lhs: View, rhs: [View]) -> View {
    for view in rhs { lhs.addSubview(view) }
    return lhs
}

/// Adds `rhs` as the last subview of `lhs` and returns `lhs` (the same as `|+|` for one view).
@discardableResult
public func |^| (lhs: View, rhs: View) -> View {
    lhs.addSubview(rhs)
    return lhs
}

/// Adds `rhs` as subviews of `lhs` last to first, so the first view listed is
/// added last and ends up on top, and returns `lhs`.
@discardableResult
public func |^| (lhs: View, rhs: [View]) -> View {
    for view in rhs.reversed() { lhs.addSubview(view) }
    return lhs
}
