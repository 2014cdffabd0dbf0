/// Mortar's defaults: the priority given to constraints that have no `!`.
///
/// ```swift
/// v1 |=| v2                               // 500, Mortar's base default
/// MortarDefault.priority.push(.required)
/// v1.m_width |=| 100                      // 1000
/// try MortarDefault.priority.pop()
/// MortarDefault.priority.set(base: .high) // every later constraint without `!`: 750
/// ```
///
/// The defaults belong to the current thread (the original's belonged to the
/// main thread), so layouts built on different threads do not see each
/// other's pushes.
public enum MortarDefault {
    /// The default priority: a base value under a stack of pushed values.
    public static var priority: MortarDefaultPriority { MortarDefaultPriority() }
}

/// The default priority of Mortar constraints on the current thread: the top
/// of a stack of pushed priorities, or the base when the stack is empty.
///
/// Reach it through ``MortarDefault/priority``.
public struct MortarDefaultPriority: Sendable {
    private struct State {
        var base: LayoutPriority = .default { didSet { update() } }
        var stack: [LayoutPriority] = [] { didSet { update() } }
        /// The top of the stack, else the base: kept as they change, so that
        /// every Mortar statement reads one value (not a copy of the stack).
        private(set) var current: LayoutPriority = .default

        private mutating func update() { current = stack.last ?? base }
    }

    private static let state = ThreadLocal { State() }

    /// The priority a Mortar constraint without `!` gets now.
    public var current: LayoutPriority {
        Self.state.withValue { $0.current }
    }

    /// The priority under the stack (500 unless ``set(base:)`` changed it).
    public var base: LayoutPriority { Self.state.withValue { $0.base } }

    /// How many priorities are pushed.
    public var depth: Int { Self.state.withValue { $0.stack.count } }

    /// Sets the priority used when nothing is pushed.
    public func set(base priority: LayoutPriority) {
        Self.state.withValue { $0.base = priority }
    }

    /// Makes `priority` the default until the matching ``pop()``.
    public func push(_ priority: LayoutPriority) {
        Self.state.withValue { $0.stack.append(priority) }
    }

    /// Removes the most recently pushed priority.
    ///
    /// - Throws: ``MortarError/unbalancedPop`` when nothing is pushed (the
    ///   original raised an exception); the defaults are left as they are.
    public func pop() throws(MortarError) {
        let popped = Self.state.withValue { $0.stack.popLast() }
        if popped == nil { throw .unbalancedPop }
    }
}

/// Misuse of Mortar's imperative API.
public enum MortarError: Error, Hashable, Sendable, CustomStringConvertible {
    /// ``MortarDefaultPriority/pop()`` without a matching ``MortarDefaultPriority/push(_:)``.
    case unbalancedPop

    public var description: String {
        switch self {
        case .unbalancedPop:
            "MortarDefault.priority.pop() without a matching push(_:): the default priority stack is empty"
        }
    }
}
