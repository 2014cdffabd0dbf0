/// Checks the arguments of a rule against its format specifiers: how many,
/// and of which kind, before any value is read.
enum RuleArgumentCheck {
    /// The kinds of argument a specifier can take.
    enum Kind: Equatable {
        case view, number, closure, provider

        /// The kind `specifier` needs.
        init(for specifier: FormatSpecifier) {
            switch specifier {
            case .measure: self = .view
            case .number: self = .number
            case .closure: self = .closure
            case .provider: self = .provider
            }
        }
    }

    /// The problems with `count` arguments for the specifiers of `syntax`,
    /// whose kinds `kind` gives (and `describe`, for messages): a specifier without an
    /// argument (at the specifier), an argument of the wrong kind (at its
    /// specifier), or arguments left over (at the end of the rule).
    ///
    /// - Complexity: O(specifiers), plus O(nodes) per problem.
    static func problems(
        _ syntax: RuleSyntax, count: Int, textLength: Int, kind: (Int) -> Kind, describe: (Int) -> String
    ) -> [RuleIssue] {
        var issues: [RuleIssue] = []
        for (k, specifier) in syntax.specifiers.enumerated() {
            guard k < count else {
                issues.append(RuleIssue(.missingArgument(specifier, position: k + 1, given: count),
                                        syntax.range(ofSpecifier: k)))
                continue
            }
            if kind(k) != Kind(for: specifier) {
                issues.append(RuleIssue(.wrongArgument(specifier, position: k + 1, found: describe(k)),
                                        syntax.range(ofSpecifier: k)))
            }
        }
        if count > syntax.specifiers.count {
            issues.append(RuleIssue(.extraArguments(expected: syntax.specifiers.count, given: count),
                                    textLength ..< textLength))
        }
        return issues
    }
}
