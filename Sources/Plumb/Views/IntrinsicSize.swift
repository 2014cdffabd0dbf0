/// A view's natural size: what its content would like, per dimension.
///
/// A dimension that is `nil` has no intrinsic metric (Auto Layout's
/// `noIntrinsicMetric`): the view adds no hugging or resistance rows on that
/// axis. For each given dimension the layout adds, as Auto Layout does,
///
/// - content hugging: `width <= intrinsic width @ hugging priority`
///   (default 250, `Priority/low`), and
/// - compression resistance: `width >= intrinsic width @ resistance priority`
///   (default 750, `Priority/high`),
///
/// and the same for the height.
public struct IntrinsicSize: Hashable, Sendable, CustomStringConvertible {
    /// The natural width, or `nil` for none.
    public var width: Double?
    /// The natural height, or `nil` for none.
    public var height: Double?

    /// Creates an intrinsic size; leave a dimension `nil` when the content has no opinion on it.
    public init(width: Double? = nil, height: Double? = nil) {
        self.width = width
        self.height = height
    }

    /// No intrinsic size on either axis (the default for a ``View``).
    public static let none = IntrinsicSize()

    /// The intrinsic length along `axis`.
    public subscript(axis: LayoutAxis) -> Double? {
        get { axis == .horizontal ? width : height }
        set {
            if axis == .horizontal { width = newValue } else { height = newValue }
        }
    }

    public var description: String {
        func show(_ v: Double?) -> String { v.map { "\($0)" } ?? "none" }
        return "(\(show(width)), \(show(height)))"
    }
}
