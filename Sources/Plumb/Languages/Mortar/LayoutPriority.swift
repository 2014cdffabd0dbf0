/// A priority as written in the Swift front ends (Mortar's `!`, the maker's
/// `.priority(_:)`, Mortar's default stack): a named level or any number.
///
/// Unlike the solver's `Priority`, making one never traps: a number outside
/// `1 ... 1000` (`! 2000`) is kept as written and reported, naming the
/// constraint, by the next ``View/layout(width:height:direction:scale:measurer:)`` of a tree that holds
/// the constraint's view.
///
/// ```swift
/// v1 |=| container.m_height ! .low      // 250
/// v2 |=| container.m_height ! .default  // 500 (Mortar's name)
/// v3 |=| container.m_height ! 300
/// make.width.equalTo(100).priority(.high)
/// ```
public struct LayoutPriority: Hashable, Sendable, CustomStringConvertible,
    ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral
{
    /// The number as written.
    public var value: Double

    /// A priority of `value`, checked when a constraint uses it.
    public init(_ value: Double) { self.value = value }

    /// The same level as a solver `Priority`.
    public init(_ priority: Priority) { self.value = priority.rawValue }

    public init(integerLiteral value: Int) { self.value = Double(value) }

    public init(floatLiteral value: Double) { self.value = value }

    /// 1000: the constraint must hold.
    public static let required: LayoutPriority = 1000
    /// 750.
    public static let high: LayoutPriority = 750
    /// 500 (SnapKit's name for the middle level).
    public static let medium: LayoutPriority = 500
    /// 500 (Mortar's name for the middle level, and its default).
    public static let `default`: LayoutPriority = 500
    /// 250.
    public static let low: LayoutPriority = 250

    /// The solver priority, or `nil` when ``value`` is not a finite number in `1 ... 1000`.
    public var priority: Priority? { Priority(rawValue: value) }

    public var description: String { NumberFormatting.shortest(value) }
}

/// Mortar's name for ``LayoutPriority``.
public typealias MortarLayoutPriority = LayoutPriority
