/// A token of the Simple Format Language: its kind and its byte range in the string.
struct SimpleFormatToken: Equatable {
    enum Kind: UInt8, Equatable {
        /// `[A-Za-z_][A-Za-z0-9_]*`, where any non-ASCII byte counts as a letter.
        case name
        /// Digits with an optional fraction and exponent, no sign (`12`, `0.5`, `.5`, `1e3`).
        case number
        case dot
        case star
        case plus
        case minus
        case at
        /// `=` or `==`.
        case equal
        /// `<=`.
        case lessOrEqual
        /// `>=`.
        case greaterOrEqual
        /// A byte that starts no token.
        case invalid
        /// Something that starts like a number but is not one (`1.2.3`, `2px`).
        case invalidNumber
        case end
    }

    var kind: Kind
    var start: Int
    var end: Int

    var range: Range<Int> { start ..< end }

    /// The relation a relation token stands for.
    var relation: Relation? {
        switch kind {
        case .equal: .equal
        case .lessOrEqual: .lessOrEqual
        case .greaterOrEqual: .greaterOrEqual
        default: nil
        }
    }
}
