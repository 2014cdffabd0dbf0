// Operator and precedence declarations of the Mortar front end.
//
// From loosest to tightest:
//
//     ~~            activation            c = v1 |=| v2 ~~ .deactivated
//     |=| |>| |<|   relation              v1.m_top |=| v2.m_bottom
//     !             priority              v1 |=| v2.m_top + 8 ! .low
//     ~             inset                 v1 |=| v2.m_edges ~ (8, 8, 8, 8)
//     + - * /       the standard arithmetic precedences
//
// `|+|` and `|^|` build view hierarchies and bind just above assignment.

// Each group names its standard neighbours itself: Swift orders two groups
// only along declared edges, so `|=|` next to `+` needs its own `lowerThan`.
precedencegroup MortarActivationPrecedence {
    associativity: left
    higherThan: AssignmentPrecedence
    lowerThan: AdditionPrecedence
}

precedencegroup MortarRelationPrecedence {
    associativity: none
    higherThan: MortarActivationPrecedence
    lowerThan: AdditionPrecedence
}

precedencegroup MortarPriorityPrecedence {
    associativity: left
    higherThan: MortarRelationPrecedence
    lowerThan: AdditionPrecedence
}

precedencegroup MortarInsetPrecedence {
    associativity: left
    higherThan: MortarPriorityPrecedence
    lowerThan: AdditionPrecedence
}

precedencegroup MortarHierarchyPrecedence {
    associativity: left
    higherThan: AssignmentPrecedence
}

/// Equal: `v1.m_width |=| 40`.
infix operator |=| : MortarRelationPrecedence
/// Greater than or equal: `v1.m_width |>| v2.m_width`.
infix operator |>| : MortarRelationPrecedence
/// Less than or equal: `v1.m_size |<| (100, 100)`.
infix operator |<| : MortarRelationPrecedence
/// Priority: `v1 |=| v2 ! .low`.
infix operator ! : MortarPriorityPrecedence
/// Inset: `v1 |=| v2.m_edges ~ (20, 20, 20, 20)`.
infix operator ~ : MortarInsetPrecedence
/// Activation: `let c = v1 |=| v2 ~~ .deactivated`.
infix operator ~~ : MortarActivationPrecedence
/// Add subviews, first to last: `root |+| [background, panel]`.
infix operator |+| : MortarHierarchyPrecedence
/// Add subviews, last to first (the first listed ends up on top): `root |^| [panel, background]`.
infix operator |^| : MortarHierarchyPrecedence
