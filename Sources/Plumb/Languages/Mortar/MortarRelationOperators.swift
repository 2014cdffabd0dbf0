// The relation operators `|=|`, `|>|` and `|<|`. Each comes in eight shapes,
// the same for all three:
//
//     target          ⋈  side                v1.m_top |=| v2.m_bottom + 8
//     target          ⋈  (a, b)              v1.m_size |=| (100, v2.m_height)
//     target          ⋈  (a, b, c, d)        v1.m_frame |<| (0, 0, 50, 100)
//     target          ⋈  [sides]             v1 |=| [v2.m_top, v3.m_bottom]
//     [targets]       ⋈  side                [v1, v2].m_height |=| v3
//     [targets]       ⋈  [sides]             [v1.m_left, v2] |=| [v3.m_right, v4]   (by index)
//     [targets]       ⋈  (a, b)              [v1, v2].m_size |=| (100, 200)
//     [targets]       ⋈  (a, b, c, d)
//
// Operands are existentials of two small protocols (``MortarTarget``,
// ``MortarAttributable``) rather than generics, and there is one return type,
// so the type checker has eight candidates per operator to try, each decided
// by the operands' shapes. Every shape forwards to ``MortarStatement``; a
// single target against a single side or a tuple (most statements) without
// arrays of targets and sources.

/// The constraints of `lhs = rhs`, activated, at the default priority unless `!` says otherwise.
@discardableResult
public func |=| (lhs: any MortarTarget, rhs: any MortarAttributable) -> MortarConstraint {
    MortarStatement.make(lhs._mortarAttribute, single: rhs._mortarAttribute, .equal)
}

@discardableResult
public func |=| (lhs: any MortarTarget, rhs: (any MortarAttributable, any MortarAttributable)) -> MortarConstraint {
    MortarStatement.make(lhs._mortarAttribute, tuple(rhs), .equal)
}

@discardableResult
public func |=| (
    lhs: any MortarTarget,
    rhs: (any MortarAttributable, any MortarAttributable, any MortarAttributable, any MortarAttributable)
) -> MortarConstraint {
    MortarStatement.make(lhs._mortarAttribute, tuple(rhs), .equal)
}

@discardableResult
public func |=| (lhs: any MortarTarget, rhs: [any MortarAttributable]) -> MortarConstraint {
    MortarStatement.make([lhs._mortarAttribute], rhs.map { .single($0._mortarAttribute) }, .equal)
}

@discardableResult
public func |=| (lhs: [any MortarTarget], rhs: any MortarAttributable) -> MortarConstraint {
    MortarStatement.make(lhs.map(\._mortarAttribute), [.single(rhs._mortarAttribute)], .equal)
}

@discardableResult
public func |=| (lhs: [any MortarTarget], rhs: [any MortarAttributable]) -> MortarConstraint {
    MortarStatement.make(lhs.map(\._mortarAttribute), rhs.map { .single($0._mortarAttribute) }, .equal, pairwise: true)
}

@discardableResult
public func |=| (lhs: [any MortarTarget], rhs: (any MortarAttributable, any MortarAttributable)) -> MortarConstraint {
    MortarStatement.make(lhs.map(\._mortarAttribute), [tuple(rhs)], .equal)
}

@discardableResult
public func |=| (
    lhs: [any MortarTarget],
    rhs: (any MortarAttributable, any MortarAttributable, any MortarAttributable, any MortarAttributable)
) -> MortarConstraint {
    MortarStatement.make(lhs.map(\._mortarAttribute), [tuple(rhs)], .equal)
}

/// The constraints of `lhs >= rhs`, activated, at the default priority unless `!` says otherwise.
@discardableResult
public func |>| (lhs: any MortarTarget, rhs: any MortarAttributable) -> MortarConstraint {
    MortarStatement.make(lhs._mortarAttribute, single: rhs._mortarAttribute, .greaterOrEqual)
}

@discardableResult
public func |>| (lhs: any MortarTarget, rhs: (any MortarAttributable, any MortarAttributable)) -> MortarConstraint {
    MortarStatement.make(lhs._mortarAttribute, tuple(rhs), .greaterOrEqual)
}

@discardableResult
public func |>| (
    lhs: any MortarTarget,
    rhs: (any MortarAttributable, any MortarAttributable, any MortarAttributable, any MortarAttributable)
) -> MortarConstraint {
    MortarStatement.make(lhs._mortarAttribute, tuple(rhs), .greaterOrEqual)
}

@discardableResult
public func |>| (lhs: any MortarTarget, rhs: [any MortarAttributable]) -> MortarConstraint {
    MortarStatement.make([lhs._mortarAttribute], rhs.map { .single($0._mortarAttribute) }, .greaterOrEqual)
}

@discardableResult
public func |>| (lhs: [any MortarTarget], rhs: any MortarAttributable) -> MortarConstraint {
    MortarStatement.make(lhs.map(\._mortarAttribute), [.single(rhs._mortarAttribute)], .greaterOrEqual)
}

@discardableResult
public func |>| (lhs: [any MortarTarget], rhs: [any MortarAttributable]) -> MortarConstraint {
    MortarStatement.make(
        lhs.map(\._mortarAttribute), rhs.map { .single($0._mortarAttribute) }, .greaterOrEqual, pairwise: true)
}

@discardableResult
public func |>| (lhs: [any MortarTarget], rhs: (any MortarAttributable, any MortarAttributable)) -> MortarConstraint {
    MortarStatement.make(lhs.map(\._mortarAttribute), [tuple(rhs)], .greaterOrEqual)
}

@discardableResult
public func |>| (
    lhs: [any MortarTarget],
    rhs: (any MortarAttributable, any MortarAttributable, any MortarAttributable, any MortarAttributable)
) -> MortarConstraint {
    MortarStatement.make(lhs.map(\._mortarAttribute), [tuple(rhs)], .greaterOrEqual)
}

/// The constraints of `lhs <= rhs`, activated, at the default priority unless `!` says otherwise.
@discardableResult
public func |<| (lhs: any MortarTarget, rhs: any MortarAttributable) -> MortarConstraint {
    MortarStatement.make(lhs._mortarAttribute, single: rhs._mortarAttribute, .lessOrEqual)
}

@discardableResult
public func |<| (lhs: any MortarTarget, rhs: (any MortarAttributable, any MortarAttributable)) -> MortarConstraint {
    MortarStatement.make(lhs._mortarAttribute, tuple(rhs), .lessOrEqual)
}

@discardableResult
public func |<| (
    lhs: any MortarTarget,
    rhs: (any MortarAttributable, any MortarAttributable, any MortarAttributable, any MortarAttributable)
) -> MortarConstraint {
    MortarStatement.make(lhs._mortarAttribute, tuple(rhs), .lessOrEqual)
}

@discardableResult
public func |<| (lhs: any MortarTarget, rhs: [any MortarAttributable]) -> MortarConstraint {
    MortarStatement.make([lhs._mortarAttribute], rhs.map { .single($0._mortarAttribute) }, .lessOrEqual)
}

@discardableResult
public func |<| (lhs: [any MortarTarget], rhs: any MortarAttributable) -> MortarConstraint {
    MortarStatement.make(lhs.map(\._mortarAttribute), [.single(rhs._mortarAttribute)], .lessOrEqual)
}

@discardableResult
public func |<| (lhs: [any MortarTarget], rhs: [any MortarAttributable]) -> MortarConstraint {
    MortarStatement.make(
        lhs.map(\._mortarAttribute), rhs.map { .single($0._mortarAttribute) }, .lessOrEqual, pairwise: true)
}

@discardableResult
public func |<| (lhs: [any MortarTarget], rhs: (any MortarAttributable, any MortarAttributable)) -> MortarConstraint {
    MortarStatement.make(lhs.map(\._mortarAttribute), [tuple(rhs)], .lessOrEqual)
}

@discardableResult
public func |<| (
    lhs: [any MortarTarget],
    rhs: (any MortarAttributable, any MortarAttributable, any MortarAttributable, any MortarAttributable)
) -> MortarConstraint {
    MortarStatement.make(lhs.map(\._mortarAttribute), [tuple(rhs)], .lessOrEqual)
}

// MARK: - Tuples

private func tuple(_ t: (any MortarAttributable, any MortarAttributable)) -> MortarSource {
    .tuple([t.0._mortarAttribute, t.1._mortarAttribute])
}

private func tuple(
    _ t: (any MortarAttributable, any MortarAttributable, any MortarAttributable, any MortarAttributable)
) -> MortarSource {
    .tuple([t.0._mortarAttribute, t.1._mortarAttribute, t.2._mortarAttribute, t.3._mortarAttribute])
}
