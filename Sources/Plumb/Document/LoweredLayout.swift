/// A layout lowered to the solver's IR, with what is needed to turn a
/// `Solution` back into frames.
///
/// Variables `4i ..< 4i + 4` are view `i`'s `left`, `top`, `width` and
/// `height` in root coordinates; view 0 is the root.
public struct LoweredLayout: Sendable {
    /// The rows: the root's four, each view's intrinsic-size rows, then one per constraint.
    public var system: ConstraintSystem
    /// View ids: index 0 is the root, then the views in document order.
    public var viewIDs: [String]
    /// Each view's parent index into ``viewIDs``; `-1` for the root.
    public var parents: [Int32]
    /// Where each intrinsic length lives in ``system``: its hugging row
    /// (`dimension − length ≤ 0`) and, right after it, its resistance row.
    /// ``CompiledLayout`` changes their constants. Empty unless the layout
    /// came from ``LayoutDocument/lower()``.
    var intrinsicRows: [IntrinsicRows] = []

    struct IntrinsicRows: Sendable {
        var view: Int32
        var axis: LayoutAxis
        var huggingRow: RowIndex
    }

    public init(system: ConstraintSystem, viewIDs: [String], parents: [Int32]) {
        self.system = system
        self.viewIDs = viewIDs
        self.parents = parents
    }

    /// Solves ``system``.
    ///
    /// - Throws: ``LayoutError``; for conflicting required constraints its one
    ///   diagnostic's notes name each constraint of a minimal conflicting set
    ///   by origin (`constraints[3] "a.width = 100"`).
    public func solve(options: SolveOptions = SolveOptions()) throws(LayoutError) -> Solution {
        do {
            return try system.solve(options: options)
        } catch {
            throw LayoutError(error)
        }
    }

    /// Every view's frame, in ``viewIDs`` order.
    ///
    /// - Parameters:
    ///   - solution: a solution of this layout's system.
    ///   - absolute: `false` (default) for each view's parent's
    ///     coordinates, as a view's frame is; `true` for root coordinates.
    ///   - scale: when given, frames are rounded to device pixels, `scale`
    ///     pixels per point, by rounding every edge in root coordinates (see
    ///     ``PixelRounding``): edges that touch still touch and sizes never
    ///     go negative.
    /// - Precondition: `scale`, when given, is finite and greater than 0.
    /// - Complexity: O(views).
    public func frames(from solution: Solution, absolute: Bool = false, scale: Double? = nil) -> [Rect] {
        SystemBuilder.frames(values: solution.values, parents: parents, absolute: absolute,
                             rounding: PixelRounding.checked(scale))
    }
}
