/// A token of the Simple Layout Language: its kind and its byte range in the rule.
struct SimpleLayoutToken: Equatable {
    enum Kind: UInt8, Equatable {
        /// `[A-Za-z_][A-Za-z0-9_]*` (any non-ASCII byte counts as a letter):
        /// a constraint name, or a misspelling of one.
        case name
        /// `nil`.
        case nilKeyword
        /// Digits with an optional fraction and exponent, no sign (`12`, `0.5`, `.5`).
        case number
        /// A number immediately followed by `%` (`50%`).
        case percentage
        /// `%` and the specifier's name (`%bt`, `%^f`, `%@p`); the name may be unknown.
        case specifier
        /// `H:`.
        case horizontalPrefix
        /// `V:`.
        case verticalPrefix
        case plus
        case minus
        case star
        case slash
        case leftParenthesis
        case rightParenthesis
        case comma
        /// `=`.
        case assign
        /// `+=`.
        case addAssign
        /// `-=`.
        case subtractAssign
        /// `*=`.
        case multiplyAssign
        /// `/=`.
        case divideAssign
        /// A byte that starts no token.
        case invalid
        /// Something that starts like a number but is not one (`1.2.3`, `2px`).
        case invalidNumber
        case end

        /// Whether the token is one of the five assignment operators.
        var isAssignment: Bool { rawValue >= Kind.assign.rawValue && rawValue <= Kind.divideAssign.rawValue }
    }

    var kind: Kind
    var start: Int
    var end: Int

    var range: Range<Int> { start ..< end }
}
