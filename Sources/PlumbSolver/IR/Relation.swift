/// How a row's linear expression relates to zero: `expression ⋈ 0`.
public enum Relation: UInt8, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case equal
    case lessOrEqual
    case greaterOrEqual

    /// The relation as written in the layout languages: `=`, `<=`, `>=`.
    public var description: String {
        switch self {
        case .equal: "="
        case .lessOrEqual: "<="
        case .greaterOrEqual: ">="
        }
    }

    /// The relation that holds after both sides are multiplied by -1.
    @inlinable public var flipped: Relation {
        switch self {
        case .equal: .equal
        case .lessOrEqual: .greaterOrEqual
        case .greaterOrEqual: .lessOrEqual
        }
    }
}
