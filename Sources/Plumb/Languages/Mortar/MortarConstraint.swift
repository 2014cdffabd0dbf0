/// What a Mortar statement makes: every ``Constraint`` of one `|=|`, `|>|`
/// or `|<|` (four for `v1 |=| v2`, one per edge), handled together.
///
/// ```swift
/// let c = v1 |=| v2 ! .low        // four constraints at 250
/// c.changePriority(.high)         // all four at 750
/// c.deactivate()
/// let d = v1.m_width |=| v2 ~~ .deactivated
/// c.replaceWith(d)                // deactivates c, activates d
/// for raw in d.layoutConstraints { print(raw) }
/// ```
///
/// Keep several in a ``MortarGroup`` (an array) to handle them together.
///
/// A statement's result that nothing holds once the statement ends (the
/// common statement, whose result is discarded) is given to the thread's
/// next statement instead of being freed: it keeps that statement's
/// constraints (not their views) until then, and a weak reference to it
/// does not become nil when the statement ends.
public final class MortarConstraint: CustomStringConvertible {
    /// The statement's constraints: most statements make one, kept without
    /// an array. Written again only when the object is handed to another
    /// statement, while nothing else holds it.
    @exclusivity(unchecked) private var made: MortarStatement.Made

    /// This thread's last statement's result, kept for the next statement
    /// when nothing else holds it by then (see ``holding(_:)``).
    static let threadSpare = ThreadLocal<MortarConstraint?> { nil }

    /// The underlying constraints, in the order of the statement's parts.
    public var layoutConstraints: [Constraint] { made.all }

    /// Takes the statement's constraints, `consume`d by the caller: passed
    /// as a copy, the constraint and the array were retained into this
    /// object and released with the statement's local (2 pairs a statement).
    init(_ made: consuming MortarStatement.Made) {
        self.made = made
    }

    /// The result of a statement that made `made`: the thread's spare when
    /// only the spare slot holds it (the last statement's result was let
    /// go), given `made`, else a new object, which becomes the spare. A
    /// statement's result was allocated and freed at each statement (an
    /// allocation and a free, about 260 instructions, 10.5 M at `list`
    /// 10,000); a result the user keeps is never handed on. (A weak or
    /// unowned reference does not count as holding it, as for any object
    /// checked with `isKnownUniquelyReferenced`.)
    static func holding(_ made: consuming MortarStatement.Made) -> MortarConstraint {
        if let spare = threadSpare.withValue({ isKnownUniquelyReferenced(&$0) ? $0 : nil }) {
            spare.made = made
            return spare
        }
        let fresh = MortarConstraint(made)
        threadSpare.value = fresh
        return fresh
    }

    /// Whether every underlying constraint is active (and there is at least one).
    public var isActive: Bool {
        !layoutConstraints.isEmpty && layoutConstraints.allSatisfy(\.isActive)
    }

    /// Activates every underlying constraint.
    ///
    /// - Complexity: O(constraints).
    @discardableResult
    public func activate() -> MortarConstraint {
        Constraint.activate(layoutConstraints)
        return self
    }

    /// Deactivates every underlying constraint.
    ///
    /// - Complexity: O(constraints × constraints of their views).
    @discardableResult
    public func deactivate() -> MortarConstraint {
        Constraint.deactivate(layoutConstraints)
        return self
    }

    /// Gives every underlying constraint `priority`.
    ///
    /// As in the original (and Auto Layout), a constraint cannot change to or
    /// from required: such a change, or a priority outside `1 ... 1000`, leaves
    /// that constraint as it was and is reported by the next layout of its view.
    public func changePriority(_ priority: LayoutPriority) {
        for c in layoutConstraints {
            guard let view = c.firstView else { continue }
            guard let p = priority.priority else {
                view.recordProblem(.priorityOutOfRange(priority.value), origin: c.origin)
                continue
            }
            if c.priority.isRequired != p.isRequired {
                view.recordProblem(.requiredPriorityChange(from: c.priority, to: priority.value), origin: c.origin)
                continue
            }
            c.priority = p
        }
    }

    /// Deactivates this and activates `other`.
    public func replaceWith(_ other: MortarConstraint) {
        deactivate()
        other.activate()
    }

    public var description: String {
        "MortarConstraint(" + layoutConstraints.map(\.origin.text).joined(separator: "; ") + ")"
    }
}

/// Several Mortar statements handled together:
///
/// ```swift
/// let group: MortarGroup = [
///     v1.m_origin |=| v2,
///     v1.m_size   |=| (100, 100),
/// ]
/// group.deactivate()
/// ```
public typealias MortarGroup = [MortarConstraint]

extension Array where Element == MortarConstraint {
    /// Every underlying constraint of every statement.
    public var layoutConstraints: [Constraint] { flatMap(\.layoutConstraints) }

    /// Activates every statement's constraints.
    @discardableResult
    public func activate() -> MortarGroup {
        for c in self { c.activate() }
        return self
    }

    /// Deactivates every statement's constraints.
    @discardableResult
    public func deactivate() -> MortarGroup {
        for c in self { c.deactivate() }
        return self
    }

    /// ``MortarConstraint/changePriority(_:)`` on every statement.
    public func changePriority(_ priority: LayoutPriority) {
        for c in self { c.changePriority(priority) }
    }

    /// Deactivates this group and activates `other`.
    public func replaceWith(_ other: MortarGroup) {
        deactivate()
        other.activate()
    }
}

/// The state `~~` puts constraints in.
public enum MortarActivationState: Hashable, Sendable {
    case activated
    case deactivated
}

/// Activates or deactivates a statement's constraints and returns the statement:
/// `let c = v1 |=| v2 ~~ .deactivated`.
@discardableResult
public func ~~ (lhs: MortarConstraint, rhs: MortarActivationState) -> MortarConstraint {
    rhs == .activated ? lhs.activate() : lhs.deactivate()
}

/// Activates or deactivates every statement of a group and returns the group.
@discardableResult
public func ~~ (lhs: MortarGroup, rhs: MortarActivationState) -> MortarGroup {
    rhs == .activated ? lhs.activate() : lhs.deactivate()
}
