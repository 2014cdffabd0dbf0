/// The dense index of a view in one layout: 0 is the root, the others follow
/// in document order (documents) or depth-first subview order (``View`` trees).
///
/// View `i` owns the four solver variables `4i ..< 4i + 4`: its `left`, `top`,
/// `width` and `height`, all in root coordinates (see ``FrameVariable``).
struct ViewIndex: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    var rawValue: Int32

    @inline(__always) init(rawValue: Int32) { self.rawValue = rawValue }
    @inline(__always) init(_ value: Int) { self.rawValue = Int32(truncatingIfNeeded: value) }

    /// The root view of every layout.
    static let root = ViewIndex(rawValue: 0)

    @inline(__always) var int: Int { Int(rawValue) }

    /// The solver variable holding `variable` of this view.
    @inline(__always) func variable(_ variable: FrameVariable) -> VariableIndex {
        VariableIndex(rawValue: rawValue &* 4 &+ Int32(variable.rawValue))
    }

    static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    var description: String { "view\(rawValue)" }
}

/// The four solver variables of a view, in root coordinates, in the order
/// they are numbered within the view's block of four.
enum FrameVariable: UInt8, CaseIterable {
    case left = 0
    case top = 1
    case width = 2
    case height = 3
}
