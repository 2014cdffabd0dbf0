/// A layout direction: `horizontal` (x, widths) or `vertical` (y, heights).
///
/// Content hugging and compression resistance priorities are set per axis, as
/// in Auto Layout.
public enum LayoutAxis: UInt8, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case horizontal
    case vertical

    public var description: String {
        switch self {
        case .horizontal: "horizontal"
        case .vertical: "vertical"
        }
    }

    /// The dimension measured along this axis: `width` or `height`.
    public var dimension: LayoutAttribute { self == .horizontal ? .width : .height }
}
