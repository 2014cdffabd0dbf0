/// One of the 20 format specifiers of the Simple Layout Language: a value
/// given by the next argument of ``Layout/addRule(_:_:file:line:)`` (or of a
/// document rule's `args`).
///
/// | specifier | argument | value |
/// |---|---|---|
/// | `%tt %tb %ll %lr %bb %bt %rr %rl %ct %cb %cl %cr` | a view `o` | that distance for `o`, measured against the rule's superview `s` |
/// | `%w %h` | a view `o` | `o`'s width or height |
/// | `%f` | a number | the number |
/// | `%p` | a number | that percentage of the superview's width or height |
/// | `%^f`, `%^p` | a closure `(View) -> Double` | its result for the rule's view, as a length or a percentage |
/// | `%@f`, `%@p` | a ``LengthProvider`` | its ``LengthProvider/length``, as a length or a percentage |
///
/// Closures and providers are asked at every layout, so their value may change
/// between layouts. Specifiers consume the arguments in the order they appear
/// in the rule text.
public enum FormatSpecifier: Hashable, Sendable, CustomStringConvertible {
    /// `%tt … %cr`, `%w`, `%h`: the quantity ``RuleName`` names, for the argument view.
    case measure(RuleName)
    /// `%f` (`percent == false`) or `%p`: a number argument.
    case number(percent: Bool)
    /// `%^f` or `%^p`: a closure argument.
    case closure(percent: Bool)
    /// `%@f` or `%@p`: a ``LengthProvider`` argument.
    case provider(percent: Bool)

    /// The specifier as written, with its `%`.
    public var description: String {
        switch self {
        case .measure(let name): "%\(name)"
        case .number(let p): p ? "%p" : "%f"
        case .closure(let p): p ? "%^p" : "%^f"
        case .provider(let p): p ? "%@p" : "%@f"
        }
    }

    /// Whether the value is a percentage of the superview's size (the ones an
    /// `H:` or `V:` prefix may direct).
    public var isPercentage: Bool {
        switch self {
        case .measure: false
        case .number(let p), .closure(let p), .provider(let p): p
        }
    }

    /// What the argument must be, in words, for diagnostics.
    var expectedArgument: String {
        switch self {
        case .measure: "a view"
        case .number: "a number"
        case .closure: "a closure (View) -> Double"
        case .provider: "a LengthProvider"
        }
    }

    /// Every specifier, in the order of the language's table.
    public static let allCases: [FormatSpecifier] =
        RuleName.allCases.filter { $0.role != .minimum && $0.role != .maximum }.map { .measure($0) }
        + [.number(percent: false), .number(percent: true), .closure(percent: false), .closure(percent: true),
           .provider(percent: false), .provider(percent: true)]

    /// Looks a specifier up from the bytes after its `%` (`bt`, `^f`, `@p`).
    ///
    /// - Complexity: O(1).
    init?(utf8 body: UnsafeBufferPointer<UInt8>) {
        guard let first = body.first else { return nil }
        switch first {
        case UInt8(ascii: "^"), UInt8(ascii: "@"):
            guard body.count == 2 else { return nil }
            let percent: Bool
            switch body[1] {
            case UInt8(ascii: "f"): percent = false
            case UInt8(ascii: "p"): percent = true
            default: return nil
            }
            self = first == UInt8(ascii: "^") ? .closure(percent: percent) : .provider(percent: percent)
        case UInt8(ascii: "f") where body.count == 1:
            self = .number(percent: false)
        case UInt8(ascii: "p") where body.count == 1:
            self = .number(percent: true)
        default:
            guard let name = RuleName(utf8: body), name.role != .minimum, name.role != .maximum else { return nil }
            self = .measure(name)
        }
    }
}
