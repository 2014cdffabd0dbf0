/// The names a Simple Format Language string can use: views and metrics.
///
/// ``Constraint/make(simpleFormat:views:metrics:file:line:)`` binds names
/// through dictionaries; a layout document binds view ids through a hash table
/// over bytes, so that resolving a name allocates nothing.
protocol SimpleFormatScope {
    /// What a view name resolves to (a ``View``, or a ``ViewIndex`` in a document).
    associatedtype ViewHandle

    /// The view bound to `name`, or `nil`.
    func view(named name: UnsafeBufferPointer<UInt8>) -> ViewHandle?
    /// ``view(named:)`` when `name` is also one name as the Simple Format
    /// Language reads one (a name start, then bytes that may continue a
    /// name), or `nil`: a constraint template's second view name, whose
    /// bytes the template does not test (``SimpleFormatTemplates``).
    func view(namedName name: UnsafeBufferPointer<UInt8>) -> ViewHandle?
    /// The metric bound to `name`, or `nil`.
    func metric(named name: UnsafeBufferPointer<UInt8>) -> Double?
    /// A bound view name close to `name`, for "did you mean" (error path only).
    func suggestView(for name: String) -> String?
    /// A bound metric name close to `name`, for "did you mean" (error path only).
    func suggestMetric(for name: String) -> String?
    /// Templates of recent strings' shapes (``SimpleFormatTemplates``),
    /// or `nil` to read every string's shape in full.
    var shapeTemplates: SimpleFormatTemplates? { get }
}

extension SimpleFormatScope {
    var shapeTemplates: SimpleFormatTemplates? { nil }

    func view(namedName name: UnsafeBufferPointer<UInt8>) -> ViewHandle? {
        ByteScanner.isName(name) ? view(named: name) : nil
    }
}

/// A constraint with every name resolved and every number known:
/// `first.firstAttribute relation multiplier · second.secondAttribute + constant @ priority`.
struct ResolvedSimpleFormat<ViewHandle> {
    var first: ViewHandle
    var firstAttribute: LayoutAttribute
    var relation: Relation
    var multiplier: Double
    var second: ViewHandle?
    var secondAttribute: LayoutAttribute?
    var constant: Double
    var priority: Priority
}
