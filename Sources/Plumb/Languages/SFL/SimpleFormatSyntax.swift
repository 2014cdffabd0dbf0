/// One parsed Simple Format Language constraint, before names are resolved.
///
/// Names are byte ranges into the source string, so parsing allocates nothing.
struct SimpleFormatSyntax {
    /// `view.attribute`.
    struct Item {
        var view: Range<Int>
        /// `nil` when the name after the `.` is not an attribute (already diagnosed).
        var attribute: LayoutAttribute?
        var attributeRange: Range<Int>
        var range: Range<Int> { view.lowerBound ..< attributeRange.upperBound }
    }

    /// A number or a metric's name, with an optional sign in front.
    struct Value {
        /// The literal's value, or `nil` for a metric's name.
        var number: Double?
        /// The literal or the name (without the sign).
        var range: Range<Int>
        /// The range including the sign.
        var fullRange: Range<Int>
        var negated: Bool
    }

    var first: Item
    var relation: Relation
    var relationRange: Range<Int>
    var multiplier: Value?
    var second: Item?
    var constant: Value?
    var priority: Value?

    init(first: Item, relation: Relation, relationRange: Range<Int>) {
        self.first = first
        self.relation = relation
        self.relationRange = relationRange
    }

    /// An empty syntax for ``SimpleFormatParser/parse(into:)`` to fill.
    init() {
        self.init(first: Item(view: 0 ..< 0, attribute: nil, attributeRange: 0 ..< 0), relation: .equal, relationRange: 0 ..< 0)
    }
}
