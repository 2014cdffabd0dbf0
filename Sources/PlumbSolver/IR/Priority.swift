/// The priority of a constraint: a number in `1 ... 1000`, where `1000` is
/// required.
///
/// Priorities are exact and lexicographic (see the layout document spec): a
/// satisfiable required constraint always holds; among optional constraints,
/// the total violation at a higher priority is minimised first, and lower
/// priorities only break ties. Two priorities that differ at all are different
/// levels; they are never blended into one floating-point weight.
public struct Priority: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible,
    ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral
{
    public var rawValue: Double

    /// Creates a priority, or `nil` when `rawValue` is not a finite number in `1 ... 1000`.
    @inlinable public init?(rawValue: Double) {
        guard rawValue.isFinite, rawValue >= 1, rawValue <= 1000 else { return nil }
        self.rawValue = rawValue
    }

    /// Creates a priority from a literal; traps on a literal outside `1 ... 1000`.
    public init(integerLiteral value: Int) {
        precondition((1...1000).contains(value), "priority \(value) is outside 1...1000")
        self.rawValue = Double(value)
    }

    public init(floatLiteral value: Double) {
        precondition(value.isFinite && value >= 1 && value <= 1000, "priority \(value) is outside 1...1000")
        self.rawValue = value
    }

    /// 1000: the constraint must hold.
    public static let required: Priority = 1000
    /// 750: Auto Layout's default compression resistance.
    public static let high: Priority = 750
    /// 500.
    public static let medium: Priority = 500
    /// 250: Auto Layout's default content hugging.
    public static let low: Priority = 250

    /// Whether this is the required priority, 1000.
    @inlinable public var isRequired: Bool { rawValue >= 1000 }

    @inlinable public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    public var description: String {
        rawValue == rawValue.rounded() ? String(Int(rawValue)) : String(rawValue)
    }
}
