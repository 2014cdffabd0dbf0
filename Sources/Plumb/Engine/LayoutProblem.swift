/// What went wrong, as data: the kind of a ``Diagnostic`` with its details.
///
/// Tests compare problems, not message text; every message comes from the
/// one ``description`` switch below.
public enum LayoutProblem: Hashable, Sendable, CustomStringConvertible {
    // MARK: Simple Format Language syntax

    /// A token was required: `what` is e.g. `"attribute name after '.'"`,
    /// `found` the token there (`"'='"`, `"end of constraint"`).
    case expected(String, found: String)
    /// A byte that starts no token (`#`, `>` without `=`, a control character).
    case unexpectedCharacter(String)
    /// Text that starts like a number but is not one (`1.2.3`, `2px`, `1e`).
    case invalidNumber(String)
    /// The constraint does not start with `view.attribute`: `found` is what it
    /// starts with; `rewrite` is the same constraint in the accepted order when
    /// it could be worked out (`2 * view.width = view.height`).
    case leftSideNotAViewAttribute(found: String, rewrite: String?)
    /// Arithmetic after the left-hand `view.attribute` (`a.left + 8 = b.left`).
    case arithmeticOnLeftSide(String)
    /// A multiplier written after the view (`view.height = view.width * 2`);
    /// `rewrite` is the accepted spelling (`2 * view.width`).
    case multiplierAfterView(rewrite: String)
    /// A constant written before the view (`a.left = 8 + b.right`); `rewrite`
    /// is the accepted spelling (`b.right + 8`).
    case constantBeforeView(rewrite: String)
    /// The string has nothing but white space.
    case emptyConstraint

    // MARK: Simple Format Language meaning

    /// `name` after a `.` is not one of the eleven attributes.
    case unknownAttribute(String, suggestion: String?)
    /// No view is bound to `name` (the `views` dictionary, or a document's ids).
    case unknownView(String, suggestion: String?)
    /// No metric is bound to `name`.
    case unknownMetric(String, suggestion: String?)
    /// A name used as a number is a view: the attribute is missing (`a.left = b`).
    case viewWithoutAttribute(String)
    /// A number literal overflows a `Double` (`1e999`).
    case nonFiniteNumber(String)
    /// A metric's value is NaN or infinite.
    case nonFiniteMetric(String, Double)
    /// A priority outside `1 ... 1000`.
    case priorityOutOfRange(Double)
    /// Two positions on different axes (`a.left = b.top`); Auto Layout rejects these too.
    case incompatibleAttributes(LayoutAttribute, LayoutAttribute)

    // MARK: JSON and document structure

    /// The bytes are not JSON; the string says what was expected.
    case invalidJSON(String)
    /// A value of the wrong JSON type at `path` (`root.width`).
    case wrongType(path: String, expected: String, found: String)
    /// A required key is missing from the object at `path`.
    case missingKey(path: String, key: String)
    /// A key the document format does not define.
    case unknownKey(path: String, key: String, suggestion: String?)
    /// The same key twice in one object.
    case duplicateKey(path: String, key: String)
    /// A number that overflowed to infinity (`1e999`); JSON has no NaN.
    case nonFiniteValue(path: String)
    /// A size that must not be negative.
    case negativeValue(path: String, Double)
    /// A priority outside `1 ... 1000` at `path`.
    case invalidPriority(path: String, Double)
    /// A number outside what its key allows (`text.size` must be greater than 0).
    case valueOutOfRange(path: String, requirement: String, Double)
    /// A view with both `text` and `intrinsicSize`: a text decides its view's intrinsic size.
    case textWithIntrinsicSize(path: String)
    /// An array of the wrong length (`intrinsicSize` takes two numbers).
    case wrongArrayLength(path: String, expected: Int, found: Int)
    /// An empty view id.
    case emptyID(path: String)
    /// A view id used before, by `previous` (`root` or `views[3]`).
    case duplicateViewID(String, previous: String)
    /// A `parent` naming no view.
    case unknownParent(view: String, parent: String, suggestion: String?)
    /// A `parent` naming a view that appears later in the list (or the view itself).
    case parentNotEarlier(view: String, parent: String)

    // MARK: Lowering and solving

    /// The document has rules; the Simple Layout Language is not supported yet.
    case rulesNotSupported(view: String, rule: String)
    /// A constraint names a view that is not in the hierarchy being laid out.
    case viewOutsideHierarchy(String)
    /// A constraint's view no longer exists (constraints hold views weakly).
    case viewDeallocated
    /// A NaN or infinite number given in code (`constant`, `multiplier`, an intrinsic size).
    case nonFiniteInput(String)
    /// A ``View/intrinsicContentSize`` dimension that is NaN, infinite or negative.
    case invalidIntrinsicSize(view: String, dimension: LayoutAttribute, Double)
    /// An invalid root size for ``View/layout(width:height:direction:scale:measurer:)``.
    case invalidRootSize(width: Double, height: Double)
    /// A string value that is none of the values its key allows
    /// (`"layoutDirection": "rlt"`).
    case invalidChoice(path: String, value: String, choices: [String])
    /// A pixel scale that is not a finite number greater than 0 (``PixelRounding``).
    case invalidScale(Double)
    /// A compiled layout was given an intrinsic size on an axis where its
    /// document had none (the rows for it do not exist).
    case intrinsicSizeNotCompiled(view: String, dimension: LayoutAttribute)
    /// A view has text but no ``TextMeasurer`` was given or installed.
    case noTextMeasurer(view: String)
    /// The text measurer could not measure a view's text (an unknown font family, say).
    case textMeasurement(view: String, String)
    /// ``CompiledLayout/setIntrinsicSize(_:ofView:)`` on a view with text.
    case intrinsicSizeOfText(view: String)
    /// ``CompiledLayout/setText(_:ofView:)`` on a view the document gave no text.
    case textNotCompiled(view: String)
    /// A ``Text`` with numbers out of range, given in code.
    case invalidText(view: String, String)
    /// Measured content kept changing: after `passes` solves these views
    /// still got a different height or baseline at their new width.
    case contentDidNotSettle(views: [String], passes: Int)
    /// Required constraints that cannot hold together: a minimal set, by origin.
    case unsatisfiable(conflict: [Origin])
    /// Any other failure reported by the solver.
    case solver(SolverError)
    /// A problem only Simple Layout Language rules have (see ``RuleProblem``).
    case rule(RuleProblem)
    /// A mistake made with a Swift front end: Mortar, the maker or Fahrenheit
    /// (see ``SwiftFrontEndProblem``).
    case swiftFrontEnd(SwiftFrontEndProblem)

    public var description: String {
        switch self {
        case .expected(let what, let found):
            "expected \(what), found \(found)"
        case .unexpectedCharacter(let c):
            "unexpected character \(c)"
        case .invalidNumber(let text):
            "invalid number '\(text)'"
        case .leftSideNotAViewAttribute(let found, let rewrite):
            "a constraint starts with 'view.attribute', found \(found); multipliers and constants go on the right-hand side"
                + (rewrite.map { ": write '\($0)'" } ?? "")
        case .arithmeticOnLeftSide(let op):
            "the left-hand side is a single 'view.attribute', found '\(op)'; move the arithmetic to the right-hand side"
        case .multiplierAfterView(let rewrite):
            "a multiplier goes before the view attribute: write '\(rewrite)'"
        case .constantBeforeView(let rewrite):
            "a constant goes after the view attribute: write '\(rewrite)'"
        case .emptyConstraint:
            "empty constraint"
        case .unknownAttribute(let name, let suggestion):
            "unknown attribute '\(name)'" + Self.didYouMean(suggestion)
                + (suggestion == nil ? " (attributes: \(LayoutAttribute.allCases.map(\.name).joined(separator: ", ")))" : "")
        case .unknownView(let name, let suggestion):
            "unknown view '\(name)'" + Self.didYouMean(suggestion)
        case .unknownMetric(let name, let suggestion):
            "unknown metric '\(name)'" + Self.didYouMean(suggestion)
        case .viewWithoutAttribute(let name):
            "'\(name)' is a view, not a number: expected '.' and an attribute after it"
        case .nonFiniteNumber(let text):
            "number '\(text)' is not finite"
        case .nonFiniteMetric(let name, let value):
            "metric '\(name)' is \(value), not a finite number"
        case .priorityOutOfRange(let p):
            "priority \(NumberFormatting.shortest(p)) is outside 1...1000"
        case .incompatibleAttributes(let a, let b):
            "cannot relate \(a.axis) position '\(a)' to \(b.axis) position '\(b)'"
        case .invalidJSON(let what):
            "invalid JSON: \(what)"
        case .wrongType(let path, let expected, let found):
            "'\(path)' must be \(expected), found \(found)"
        case .missingKey(let path, let key):
            "'\(path)' is missing the key '\(key)'"
        case .unknownKey(let path, let key, let suggestion):
            "unknown key '\(key)' in '\(path)'" + Self.didYouMean(suggestion)
        case .duplicateKey(let path, let key):
            "duplicate key '\(key)' in '\(path)'"
        case .nonFiniteValue(let path):
            "'\(path)' is not a finite number"
        case .negativeValue(let path, let value):
            "'\(path)' must not be negative, found \(NumberFormatting.shortest(value))"
        case .invalidPriority(let path, let value):
            "'\(path)': priority \(NumberFormatting.shortest(value)) is outside 1...1000"
        case .valueOutOfRange(let path, let requirement, let value):
            "'\(path)' must be \(requirement), found \(NumberFormatting.shortest(value))"
        case .textWithIntrinsicSize(let path):
            "'\(path)' has both 'text' and 'intrinsicSize'; a text decides its view's intrinsic size, remove 'intrinsicSize'"
        case .wrongArrayLength(let path, let expected, let found):
            "'\(path)' must have \(expected) elements, found \(found)"
        case .emptyID(let path):
            "'\(path)' must not be empty"
        case .duplicateViewID(let id, let previous):
            "duplicate view id '\(id)' (first used by \(previous))"
        case .unknownParent(let view, let parent, let suggestion):
            "view '\(view)' has unknown parent '\(parent)'" + Self.didYouMean(suggestion)
        case .parentNotEarlier(let view, let parent):
            "view '\(view)' has parent '\(parent)', which must appear earlier in 'views'"
        case .rulesNotSupported(let view, let rule):
            "the Simple Layout Language is not supported yet: cannot apply rule \"\(rule)\" to view '\(view)'"
        case .viewOutsideHierarchy(let id):
            "view '\(id)' is not in the hierarchy being laid out"
        case .viewDeallocated:
            "a view of this constraint no longer exists"
        case .nonFiniteInput(let what):
            "\(what) is not a finite number"
        case .invalidIntrinsicSize(let view, let dimension, let value):
            "intrinsic \(dimension) \(value) of view '\(view)' must be finite and not negative"
        case .invalidRootSize(let w, let h):
            "root size \(w) x \(h) must be finite and not negative"
        case .invalidChoice(let path, let value, let choices):
            "'\(path)' must be " + choices.map { "\"\($0)\"" }.joined(separator: " or ") + ", found \"\(value)\""
        case .invalidScale(let scale):
            "pixel scale \(scale) must be a finite number greater than 0"
        case .intrinsicSizeNotCompiled(let view, let dimension):
            "view '\(view)' has no intrinsic \(dimension) in the compiled layout; only sizes the document gives can change"
        case .noTextMeasurer(let view):
            "view '\(view)' has text but no text measurer is installed (link PlumbText and call PlumbText.install(), or pass a measurer)"
        case .textMeasurement(let view, let message):
            "cannot measure the text of view '\(view)': \(message)"
        case .intrinsicSizeOfText(let view):
            "view '\(view)' has text, which decides its intrinsic size; change the text instead (setText)"
        case .textNotCompiled(let view):
            "view '\(view)' has no text in the compiled layout; only texts the document gives can change"
        case .invalidText(let view, let message):
            "the text of view '\(view)' is invalid: \(message)"
        case .contentDidNotSettle(let views, let passes):
            "measured content did not settle after \(passes) solves: the height or baselines of "
                + views.prefix(5).map { "'\($0)'" }.joined(separator: ", ")
                + (views.count > 5 ? " and \(views.count - 5) more" : "")
                + " still change with the width they are given (does a width depend on a text's height?)"
        case .unsatisfiable(let conflict):
            "required constraints conflict (\(conflict.count) cannot all hold; dropping any one lets the rest hold)"
        case .solver(let error):
            error.description
        case .rule(let problem):
            problem.description
        case .swiftFrontEnd(let problem):
            problem.description
        }
    }

    private static func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { " (did you mean '\($0)'?)" } ?? ""
    }
}
