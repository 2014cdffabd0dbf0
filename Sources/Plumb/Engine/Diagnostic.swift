/// One problem found in a layout, with where it is.
///
/// Rendered as compilers do:
///
/// ```
/// constraints[3]:1:3: error: unknown attribute 'widht' (did you mean 'width'?)
///     a.widht = 3
///       ^~~~~
/// ```
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// The text the position refers to: `constraints[3]` for a document's
    /// constraint string, `constraint` for a single ``Constraint/make(simpleFormat:views:metrics:file:line:)``
    /// string, the document's source name (`doc.json`) for JSON problems, or a
    /// view id for layout problems.
    public var location: String
    /// 1-based line in that text, when the problem has a position.
    public var line: Int?
    /// 1-based column, counted in UTF-8 bytes as compilers do.
    public var column: Int?
    /// What went wrong.
    public var problem: LayoutProblem
    /// The constraint, rule or intrinsic size the problem is about, when there is one
    /// (`constraints[12] "a.widht = 3"`).
    public var origin: Origin?
    /// The source line (or a window of a long line) shown under the message.
    public var excerpt: String?
    /// Where the caret goes in ``excerpt``, in characters from its start, and
    /// how many characters it underlines.
    public var caretOffset: Int
    public var caretLength: Int
    /// Further lines shown under the message, such as the members of a conflict.
    public var notes: [String]

    public init(
        location: String, line: Int? = nil, column: Int? = nil, problem: LayoutProblem,
        origin: Origin? = nil, excerpt: String? = nil, caretOffset: Int = 0, caretLength: Int = 1,
        notes: [String] = []
    ) {
        self.location = location
        self.line = line
        self.column = column
        self.problem = problem
        self.origin = origin
        self.excerpt = excerpt
        self.caretOffset = caretOffset
        self.caretLength = caretLength
        self.notes = notes
    }

    /// The message alone, without position or excerpt.
    public var message: String { problem.description }

    /// `location:line:column: error: message`, then the excerpt with a caret
    /// line, then the notes.
    public var description: String {
        var s = location
        if let line {
            s += ":\(line)"
            if let column { s += ":\(column)" }
        }
        s += ": error: " + message
        if let excerpt {
            s += "\n    " + excerpt
            s += "\n    " + String(repeating: " ", count: caretOffset) + "^"
                + String(repeating: "~", count: max(0, caretLength - 1))
        }
        for note in notes { s += "\n  note: " + note }
        return s
    }
}
