/// The dense index of a variable in a ``ConstraintSystem``.
///
/// Variables are numbered `0 ..< variableCount` in the order they were added.
/// The index is typed so that it cannot be confused with a row index.
public struct VariableIndex: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public var rawValue: Int32

    @inlinable public init(rawValue: Int32) { self.rawValue = rawValue }
    @inlinable public init(_ value: Int) { self.rawValue = Int32(truncatingIfNeeded: value) }

    /// The index as an `Int`, for subscripting arrays.
    @inlinable public var int: Int { Int(rawValue) }

    @inlinable public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "x\(rawValue)" }
}

/// The dense index of a row in a ``ConstraintSystem``.
public struct RowIndex: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public var rawValue: Int32

    @inlinable public init(rawValue: Int32) { self.rawValue = rawValue }
    @inlinable public init(_ value: Int) { self.rawValue = Int32(truncatingIfNeeded: value) }

    @inlinable public var int: Int { Int(rawValue) }

    @inlinable public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "r\(rawValue)" }
}
