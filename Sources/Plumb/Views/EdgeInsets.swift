/// Distances inward from each edge of a rectangle, in points.
///
/// Used for a view's ``View/layoutMargins`` (the margin attributes of Mortar,
/// `m_leftMargin` and friends) and for the maker's `.insets(_:)`. Positive
/// values move an edge toward the rectangle's centre.
public struct EdgeInsets: Hashable, Sendable, CustomStringConvertible {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    /// Creates insets from the four distances.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset on every edge.
    public init(all inset: Double) {
        self.init(top: inset, left: inset, bottom: inset, right: inset)
    }

    /// No inset.
    public static let zero = EdgeInsets(all: 0)

    public var description: String { "(top: \(top), left: \(left), bottom: \(bottom), right: \(right))" }
}
