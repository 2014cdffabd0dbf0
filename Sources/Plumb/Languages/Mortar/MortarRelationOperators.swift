// The relation operators `|=|`, `|>|` and `|<|`. Each comes in ten shapes,
// the same for all three:
//
//     target          ⋈  side                v1.m_top |=| v2.m_bottom + 8
//     attribute       ⋈  attribute           (the same, both sides attributes; see below)
//     attribute       ⋈  Double              (the same, a `Double` on the right; see below)
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
// so the type checker has ten candidates per operator to try, each decided
// by the operands' shapes. Every shape forwards to ``MortarStatement``; a
// single target against a single side or a tuple (most statements) without
// arrays of targets and sources.
//
// `attribute ⋈ attribute` takes two ``MortarAttribute``s as they are (the
// most common statement: `v1.m_top |=| v2.m_bottom + 8`, `v1.m_width |=|
// 100 ! .low`). It makes the same statement as `target ⋈ side`, which the
// type checker ranks below it when both apply (that one's operands are
// converted to existentials), without boxing each side into an existential,
// reading it back through the protocol's witness and destroying the box
// through the side's value witness: about 260 instructions a statement.
// `attribute ⋈ Double` does the same for a `Double` on the right
// (`v1.m_height |=| h`); an integer literal (`v1.m_width |=| 28`) still takes
// `target ⋈ side`, where it keeps its default type (`Int`), which the type
// checker ranks better than making it a `Double`. Any other operand (a view,
// an `Int`) takes `target ⋈ side` too.

/// The constraints of `lhs = rhs`, activated, at the default priority unless `!` says otherwise.
@discardableResult
public func |=| (lhs: any MortarTarget, rhs: any MortarAttributable) -> MortarConstraint {
    MortarStatement.make(lhs._mortarAttribute, single: rhs._mortarAttribute, .equal)
}

/// `lhs = rhs` with both sides attributes: the same statement, the sides not boxed.
@discardableResult
public func |=| (lhs: MortarAttribute, rhs: MortarAttribute) -> MortarConstraint {
    MortarStatement.make(lhs, single: rhs, .equal)
}

/// `lhs = rhs` with an attribute and a `Double`: the same statement, the sides not boxed.
@discardableResult
public func |=| (lhs: MortarAttribute, rhs: Double) -> MortarConstraint {
    MortarStatement.make(lhs, single: MortarAttribute(constant: rhs), .equal)
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

/// `lhs >= rhs` with both sides attributes: the same statement, the sides not boxed.
@discardableResult
public func |>| (lhs: MortarAttribute, rhs: MortarAttribute) -> MortarConstraint {
    MortarStatement.make(lhs, single: rhs, .greaterOrEqual)
}

/// `lhs >= rhs` with an attribute and a `Double`: the same statement, the sides not boxed.
@discardableResult
public func |>| (lhs: MortarAttribute, rhs: Double) -> MortarConstraint {
    MortarStatement.make(lhs, single: MortarAttribute(constant: rhs), .greaterOrEqual)
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

/// `lhs <= rhs` with both sides attributes: the same statement, the sides not boxed.
@discardableResult
public func |<| (lhs: MortarAttribute, rhs: MortarAttribute) -> MortarConstraint {
    MortarStatement.make(lhs, single: rhs, .lessOrEqual)
}

/// `lhs <= rhs` with an attribute and a `Double`: the same statement, the sides not boxed.
@discardableResult
public func |<| (lhs: MortarAttribute, rhs: Double) -> MortarConstraint {
    MortarStatement.make(lhs, single: MortarAttribute(constant: rhs), .lessOrEqual)
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
