/// A value for one format specifier of a rule: the arguments of
/// ``Layout/addRule(_:_:file:line:)`` after the rule text, in the order the
/// specifiers appear.
///
/// Pass views, numbers and ``LengthProvider`` objects directly; wrap a
/// closure with ``RuleArgumentConvertible/closure(_:)``:
///
/// ```swift
/// try Layout(of: label).addRule("tt = %bt + %f, h = %^f", icon, 8, .closure { view in 20 })
/// ```
public enum RuleArgument: RuleArgumentConvertible {
    /// For `%tt … %cr`, `%w`, `%h`.
    case view(View)
    /// For `%f` (a length) and `%p` (a percentage: `50` is 50 %).
    case number(Double)
    /// For `%^f` and `%^p`: called with the rule's own view at every layout.
    case function((View) -> Double)
    /// For `%@f` and `%@p`: asked for its ``LengthProvider/length`` at every layout.
    case provider(any LengthProvider)

    public var ruleArgument: RuleArgument { self }

    /// What the argument is, in words, for diagnostics (`a view 'icon'`).
    var kindDescription: String {
        switch self {
        case .view(let view): "a view '\(view.id)'"
        case .number(let value): "a number (\(NumberFormatting.shortest(value.isFinite ? value : 0)))"
        case .function: "a closure"
        case .provider: "a LengthProvider"
        }
    }
}

/// A type whose values can be passed as arguments of a rule: ``View``,
/// `Double`, `Int`, ``LengthProvider`` conformers and ``RuleArgument`` itself.
public protocol RuleArgumentConvertible {
    /// The argument this value stands for.
    var ruleArgument: RuleArgument { get }
}

extension RuleArgumentConvertible where Self == RuleArgument {
    /// A closure argument for `%^f` or `%^p`, called with the rule's view at every layout.
    public static func closure(_ body: @escaping (View) -> Double) -> RuleArgument { .function(body) }
}

extension View: RuleArgumentConvertible {
    public var ruleArgument: RuleArgument { .view(self) }
}

extension Double: RuleArgumentConvertible {
    public var ruleArgument: RuleArgument { .number(self) }
}

extension Int: RuleArgumentConvertible {
    public var ruleArgument: RuleArgument { .number(Double(self)) }
}

/// A specifier's argument once it is resolved for one layout: a view by its
/// index, or a number (closures and providers already asked).
enum BoundArgument: Equatable {
    case view(ViewIndex)
    case number(Double)
}
