/// A problem found in one rule, with the byte range it is about; turned into a
/// ``Diagnostic`` (with line, column and excerpt) only when it is reported.
struct RuleIssue: Hashable, Sendable {
    var problem: LayoutProblem
    /// Byte offsets in the rule text.
    var range: Range<Int>

    init(_ problem: LayoutProblem, _ range: Range<Int>) {
        self.problem = problem
        self.range = range
    }

    init(_ problem: RuleProblem, _ range: Range<Int>) {
        self.init(.rule(problem), range)
    }

    /// The diagnostic for this issue in `text`, at `location` (`rules[4] (view "row2")`).
    func diagnostic(in text: String, location: String, origin: Origin?) -> Diagnostic {
        var text = text
        return text.withUTF8 { bytes in
            SourceLocator(bytes).diagnostic(problem, at: range, in: bytes, location: location, origin: origin)
        }
    }
}
