/// What is wrong with a Simple Layout Language rule, as data.
///
/// Syntax problems the Simple Format Language shares (`expected …`, invalid
/// characters and numbers) use ``LayoutProblem``'s own cases; these are the
/// ones only rules have. Every message comes from the one ``description`` switch.
public enum RuleProblem: Hashable, Sendable, CustomStringConvertible {
    /// Not one of the 18 constraint names.
    case unknownName(String, suggestion: String?)
    /// `%` followed by something that is not one of the 20 specifiers.
    case unknownSpecifier(String, suggestion: String?)
    /// `nil` inside an expression or after a compound operator.
    case misplacedNil
    /// `H:` or `V:` before something other than a percentage.
    case directionWithoutPercentage(String)
    /// Parentheses, unary minus or assignments nested deeper than the parser's depth limit (`limit`).
    case nestedTooDeeply(limit: Int)
    /// A constraint used as a value, or updated by `+=` and friends, that has
    /// no value in this layout (never assigned, reset by `nil`, or replaced
    /// under the override policy).
    case constraintWithoutValue(RuleName)
    /// A product of two values that both depend on views (`%w * %h`, `50% * 50%`).
    case nonlinearProduct
    /// A division by a value that depends on views (`10 / %w`).
    case divisionByNonConstant
    /// A division by a constant that is zero.
    case divisionByZero
    /// A value whose arithmetic overflowed (`1e300 * 1e300`).
    case nonFiniteValue(RuleName)
    /// A specifier has no argument left: `position` is 1-based, `given` the number of arguments.
    case missingArgument(FormatSpecifier, position: Int, given: Int)
    /// More arguments than specifiers.
    case extraArguments(expected: Int, given: Int)
    /// The argument at `position` (1-based) is not what `specifier` takes; `found` describes it.
    case wrongArgument(FormatSpecifier, position: Int, found: String)
    /// A number argument or a closure's or provider's result is NaN or infinite.
    case nonFiniteArgument(FormatSpecifier, position: Int, value: Double)
    /// A view argument names no view of the layout (documents: an unknown id).
    case unknownArgumentView(String, suggestion: String?)
    /// The view argument is not in the hierarchy being laid out.
    case argumentOutsideHierarchy(position: Int)
    /// The view argument no longer exists (rules hold their views weakly).
    case argumentDeallocated(position: Int)
    /// Rules place a view in its superview; the root of a layout has a fixed frame.
    case rulesOnRoot(view: String)
    /// Rules whose views depend on each other in a circle; `members` are the
    /// rules on it, each followed by the one it depends on, the first repeated at the end.
    case cycle(members: [String])

    public var description: String {
        switch self {
        case .unknownName(let name, let suggestion):
            "unknown constraint name '\(name)'" + Self.didYouMean(suggestion)
                + (suggestion == nil ? " (names: \(RuleName.allCases.map(\.description).joined(separator: " ")))" : "")
        case .unknownSpecifier(let text, let suggestion):
            "unknown format specifier '\(text)'" + Self.didYouMean(suggestion)
                + (suggestion == nil
                    ? " (specifiers: \(FormatSpecifier.allCases.map(\.description).joined(separator: " ")))" : "")
        case .misplacedNil:
            "'nil' resets a constraint and can only be the whole right-hand side of '='"
        case .directionWithoutPercentage(let prefix):
            "'\(prefix)' must be followed by a percentage (50%, %p, %^p or %@p)"
        case .nestedTooDeeply(let limit):
            "rule is nested more than \(limit) levels deep"
        case .constraintWithoutValue(let name):
            "constraint '\(name)' has no value in this layout (it was never set, was reset by 'nil', or was replaced by a later constraint)"
        case .nonlinearProduct:
            "cannot multiply two values that both depend on views; one factor must be a number"
        case .divisionByNonConstant:
            "cannot divide by a value that depends on views; the divisor must be a number"
        case .divisionByZero:
            "division by zero"
        case .nonFiniteValue(let name):
            "the value of '\(name)' is not a finite number"
        case .missingArgument(let specifier, let position, let given):
            "'\(specifier)' needs argument \(position) (\(specifier.expectedArgument)), but \(given == 0 ? "no arguments were" : given == 1 ? "only 1 argument was" : "only \(given) arguments were") given"
        case .extraArguments(let expected, let given):
            "rule has \(expected) format specifier\(expected == 1 ? "" : "s") but \(given) argument\(given == 1 ? " was" : "s were") given"
        case .wrongArgument(let specifier, let position, let found):
            "argument \(position) for '\(specifier)' must be \(specifier.expectedArgument), found \(found)"
        case .nonFiniteArgument(let specifier, let position, let value):
            "argument \(position) for '\(specifier)' gave \(value), not a finite number"
        case .unknownArgumentView(let id, let suggestion):
            "unknown view '\(id)'" + Self.didYouMean(suggestion)
        case .argumentOutsideHierarchy(let position):
            "the view given as argument \(position) is not in the hierarchy being laid out"
        case .argumentDeallocated(let position):
            "the view given as argument \(position) no longer exists"
        case .rulesOnRoot(let view):
            "view '\(view)' is the root of the layout: its frame is fixed, so rules cannot place it"
        case .cycle(let members):
            "rules form a cycle: " + members.joined(separator: " -> ")
        }
    }

    private static func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { " (did you mean '\($0)'?)" } ?? ""
    }
}
