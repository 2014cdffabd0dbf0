/// Where a row of a ``ConstraintSystem`` came from, so that errors can name it.
///
/// Every front end stamps its rows with an origin: the layout document's
/// constraint or rule and its index, a Swift call's file and line, or the
/// view whose intrinsic size made the row. Error messages, conflict sets and
/// ambiguity reports name origins, never solver internals.
public struct Origin: Hashable, Sendable, CustomStringConvertible {
    /// Which kind of source made the row.
    public enum Kind: String, Hashable, Sendable {
        /// A Simple Format Language string (`constraints[index]` in a document).
        case constraint
        /// A Simple Layout Language rule (`rules[index]` in a document).
        case rule
        /// A view's intrinsic content size (hugging or compression resistance).
        case intrinsicSize
        /// The fixed frame of the root view.
        case root
        /// A constraint built in Swift code (solver API or a Swift front end).
        case code
    }

    public var kind: Kind
    /// The position of the source in its list (document constraint or rule
    /// index), or `nil` when it has none.
    public var index: Int?
    /// The source text or a label: the constraint string, the rule, the view id.
    public var text: String
    /// The Swift file and line that made the row, for constraints made in code.
    public var file: String?
    public var line: Int?

    public init(kind: Kind, index: Int? = nil, text: String, file: String? = nil, line: Int? = nil) {
        self.kind = kind
        self.index = index
        self.text = text
        self.file = file
        self.line = line
    }

    /// A short human-readable name, e.g. `constraints[3] "a.left = b.right + 8"`.
    public var description: String {
        var s: String
        switch kind {
        case .constraint: s = index.map { "constraints[\($0)]" } ?? "constraint"
        case .rule: s = index.map { "rules[\($0)]" } ?? "rule"
        case .intrinsicSize: s = "intrinsic size of"
        case .root: s = "root frame"
        case .code: s = "constraint"
        }
        s += kind == .intrinsicSize ? " \(text)" : " \"\(text)\""
        if let file { s += " at \(file)" + (line.map { ":\($0)" } ?? "") }
        return s
    }
}
