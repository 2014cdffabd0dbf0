/// An object that supplies a length (or a percentage) to a rule's `%@f` or
/// `%@p` specifier, as COSLayout's `COSCGFloatProtocol` objects do.
///
/// The layout asks for ``length`` at every ``View/layout(width:height:direction:scale:measurer:)``, so
/// a provider whose length changes moves the views that use it on the next
/// layout, without the rule being added again.
///
/// ```swift
/// final class Gutter: LengthProvider { var length = 16.0 }
/// let gutter = Gutter()
/// try Layout(of: card).addRule("ll = rr = %@f", gutter, gutter)
/// ```
public protocol LengthProvider: RuleArgumentConvertible {
    /// The length in points for `%@f`, or the percentage (`50` for 50 %) for `%@p`.
    var length: Double { get }
}

extension LengthProvider {
    public var ruleArgument: RuleArgument { .provider(self) }
}
