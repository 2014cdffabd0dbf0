/// What `equalTo`, `lessThanOrEqualTo` and `greaterThanOrEqualTo` accept: a
/// ``View``, a ``ViewAttribute`` (`other.mas_right`) or a number (`Int`,
/// `Double`).
///
/// - A view stands for the same attribute of that view
///   (`make.left.equalTo(other)` is `left = other.left`).
/// - A number is the size itself for `width` and `height`, and a distance
///   from the superview's same attribute for positions, as in Masonry:
///   `make.left.equalTo(8)` is `left = superview.left + 8`.
public protocol ConstraintRelatableTarget {
    /// The value as a maker target.
    var constraintTarget: ConstraintTarget { get }
}

/// A maker target, as data: see ``ConstraintRelatableTarget``.
public struct ConstraintTarget: CustomStringConvertible {
    enum Kind {
        case view(View)
        case attribute(ViewAttribute)
        case number(Double)
    }

    let kind: Kind

    public var description: String {
        switch kind {
        case .view(let v): v.id
        case .attribute(let a): a.description
        case .number(let n): NumberFormatting.shortest(n)
        }
    }
}

extension View: ConstraintRelatableTarget {
    public var constraintTarget: ConstraintTarget { ConstraintTarget(kind: .view(self)) }
}

extension ViewAttribute: ConstraintRelatableTarget {
    public var constraintTarget: ConstraintTarget { ConstraintTarget(kind: .attribute(self)) }
}

extension Int: ConstraintRelatableTarget {
    public var constraintTarget: ConstraintTarget { ConstraintTarget(kind: .number(Double(self))) }
}

extension Double: ConstraintRelatableTarget {
    public var constraintTarget: ConstraintTarget { ConstraintTarget(kind: .number(self)) }
}

/// A number the maker's modifiers accept (`offset`, `inset`, `multipliedBy`,
/// `dividedBy`): `Int` or `Double`, so both literals and variables of either
/// type read naturally.
public protocol ConstraintNumber {
    /// The number as a `Double`.
    var constraintValue: Double { get }
}

extension Int: ConstraintNumber {
    public var constraintValue: Double { Double(self) }
}

extension Double: ConstraintNumber {
    public var constraintValue: Double { self }
}
