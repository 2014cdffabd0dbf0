/// A layout document parsed, lowered and planned once, then solved again
/// and again for new root sizes and new intrinsic sizes.
///
/// Compiling does everything that does not depend on those numbers: parsing
/// the constraint strings and rules, building the constraint system, the
/// block triangular form of its required equalities, the split of the rest
/// into independent components, and a dual simplex tableau per component
/// (see `CompiledSystem`). Each solve then re-evaluates the equality blocks
/// that a new root size reaches (one division per view attribute in the
/// common case) and moves each simplex component along its slopes (its
/// solution is affine in its inputs while its optimal basis stays feasible);
/// only a component whose basis changes at the new size is re-optimised by
/// the dual simplex from its previous basis, and a component whose inputs did
/// not change is not touched.
///
/// The frames are those a fresh ``LayoutDocument/lower()`` and
/// ``LoweredLayout/solve(options:)`` give at the same sizes, and so are the
/// errors: a size at which required constraints conflict throws the same
/// ``LayoutError``, and the compiled layout stays usable for other sizes.
///
/// ```swift
/// let document = try LayoutDocument.parse(bytes, source: "form.json")
/// let layout = try CompiledLayout(document)
/// for width in stride(from: 320.0, through: 1400, by: 10) {
///     let frames = try layout.frames(width: width, height: 800)
///     // frames[i] belongs to layout.viewIDs[i], in its parent's coordinates
/// }
/// try layout.setIntrinsicSize(IntrinsicSize(width: 180), ofView: "title")
/// let wider = try layout.frames(width: 1024, height: 800)
/// ```
///
/// A `CompiledLayout` is a class with mutable solver state and is not
/// `Sendable`: give each thread (or task) its own, compiled from the same
/// ``LayoutDocument`` (which is `Sendable` and cheap to share).
public final class CompiledLayout {
    /// View ids: index 0 is the root, then the views in document order.
    public let viewIDs: [String]
    /// Each view's parent index into ``viewIDs``; `-1` for the root.
    public let parents: [Int32]
    /// The root size of the last successful solve (the document's before any).
    public private(set) var width: Double
    public private(set) var height: Double

    private let compiled: CompiledSystem
    /// The root size in the compiled system's rows (which may be a size whose solve failed).
    private var rootWidthSet: Double
    private var rootHeightSet: Double
    /// View index → its hugging rows per axis (the resistance row follows each).
    private var intrinsicRows: [Int32: (horizontal: RowIndex?, vertical: RowIndex?)] = [:]
    /// View id → index, built on the first ``setIntrinsicSize(_:ofView:)``.
    private var indexOfID: [String: Int]? = nil

    /// Compiles a document at its own root size.
    ///
    /// - Throws: ``LayoutError`` for every problem ``LayoutDocument/lower()``
    ///   finds, a forced strategy that cannot solve the layout, and required
    ///   constraints that conflict at every size. A conflict that depends on
    ///   the size is reported by the solve at that size.
    /// - Complexity: about one fresh solve of the document.
    public convenience init(_ document: LayoutDocument, options: SolveOptions = SolveOptions()) throws(LayoutError) {
        try self.init(lowered: try document.lower(), width: document.rootWidth, height: document.rootHeight,
                      options: options)
    }

    /// Compiles a layout lowered by ``LayoutDocument/lower()`` whose root is `width` × `height`.
    init(lowered: LoweredLayout, width: Double, height: Double, options: SolveOptions) throws(LayoutError) {
        viewIDs = lowered.viewIDs
        parents = lowered.parents
        self.width = width
        self.height = height
        rootWidthSet = width
        rootHeightSet = height
        var parameterRows = [SystemBuilder.rootWidthRow, SystemBuilder.rootHeightRow]
        for entry in lowered.intrinsicRows {
            parameterRows.append(entry.huggingRow)
            parameterRows.append(RowIndex(entry.huggingRow.int + 1))
            var rows = intrinsicRows[entry.view] ?? (nil, nil)
            if entry.axis == .horizontal { rows.horizontal = entry.huggingRow } else { rows.vertical = entry.huggingRow }
            intrinsicRows[entry.view] = rows
        }
        do {
            compiled = try CompiledSystem(lowered.system, parameterRows: parameterRows, options: options)
        } catch {
            throw LayoutError(error)
        }
    }

    /// Solves the layout with the root at `width` × `height`.
    ///
    /// - Throws: ``LayoutError`` for a negative or non-finite size, and for
    ///   required constraints that conflict at this size (naming them, as a
    ///   fresh solve does).
    /// - Complexity: O(nonzeros of the equality blocks the new size reaches)
    ///   when the last solves changed the same dimensions (a sweep over
    ///   widths), else O(nonzeros of the equality blocks); plus a pass over the
    ///   variables of the components whose inputs changed, and dual simplex
    ///   pivots only in those whose basis changes.
    public func solve(width: Double, height: Double) throws(LayoutError) -> Solution {
        guard width.isFinite, height.isFinite, width >= 0, height >= 0 else {
            throw LayoutError([Diagnostic(location: "layout", problem: .invalidRootSize(width: width, height: height))])
        }
        // The origins quote the size, so a conflict names the one asked for.
        if width != rootWidthSet {
            compiled.setConstant(-width, ofRow: SystemBuilder.rootWidthRow,
                                 origin: SystemBuilder.rootOrigin(rootID: viewIDs[0], attribute: "width", value: width))
            rootWidthSet = width
        }
        if height != rootHeightSet {
            compiled.setConstant(-height, ofRow: SystemBuilder.rootHeightRow,
                                 origin: SystemBuilder.rootOrigin(rootID: viewIDs[0], attribute: "height", value: height))
            rootHeightSet = height
        }
        let solution: Solution
        do {
            solution = try compiled.solve()
        } catch {
            throw LayoutError(error)
        }
        self.width = width
        self.height = height
        return solution
    }

    /// Every view's frame with the root at `width` × `height`, in ``viewIDs`` order.
    ///
    /// - Parameters:
    ///   - width: the root's width.
    ///   - height: the root's height.
    ///   - absolute: `false` (default) for each view's parent's coordinates;
    ///     `true` for root coordinates.
    ///   - scale: when given, frames are rounded to device pixels, `scale`
    ///     pixels per point (see ``PixelRounding``).
    /// - Throws: as ``solve(width:height:)``, and for a `scale` that is not a
    ///   finite number greater than 0.
    public func frames(width: Double, height: Double, absolute: Bool = false, scale: Double? = nil) throws(LayoutError) -> [Rect] {
        if let scale, PixelRounding(scale: scale) == nil {
            throw LayoutError([Diagnostic(location: "layout", problem: .invalidScale(scale))])
        }
        return frames(from: try solve(width: width, height: height), absolute: absolute, scale: scale)
    }

    /// Every view's frame from a solution of this layout, in ``viewIDs`` order.
    ///
    /// - Precondition: `scale`, when given, is finite and greater than 0.
    /// - Complexity: O(views).
    public func frames(from solution: Solution, absolute: Bool = false, scale: Double? = nil) -> [Rect] {
        SystemBuilder.frames(values: solution.values, parents: parents, absolute: absolute,
                             rounding: PixelRounding.checked(scale))
    }

    /// Changes a view's intrinsic size for the next solves. A `nil` dimension
    /// keeps its current value.
    ///
    /// Only dimensions the document gave an intrinsic size can change: the
    /// hugging and compression resistance rows of the others do not exist in
    /// the compiled system (compile a document that has them instead).
    ///
    /// - Throws: ``LayoutError`` for an unknown view, a negative or
    ///   non-finite length, or a dimension the document gave no intrinsic size.
    ///   Nothing changes when it throws.
    /// - Complexity: O(1), after an O(views) index of ids on the first call.
    public func setIntrinsicSize(_ size: IntrinsicSize, ofView id: String) throws(LayoutError) {
        if indexOfID == nil {
            var index: [String: Int] = [:]
            index.reserveCapacity(viewIDs.count)
            for (i, viewID) in viewIDs.enumerated() where index[viewID] == nil { index[viewID] = i }
            indexOfID = index
        }
        guard let view = indexOfID?[id] else {
            throw LayoutError([Diagnostic(
                location: "layout",
                problem: .unknownView(id, suggestion: Suggestions.closest(to: id, among: viewIDs)))])
        }
        let rows = intrinsicRows[Int32(view)] ?? (nil, nil)
        var changes: [(RowIndex, LayoutAxis, Double)] = []
        for axis in LayoutAxis.allCases {
            guard let length = size[axis] else { continue }
            let dimension: LayoutAttribute = axis == .horizontal ? .width : .height
            guard length.isFinite, length >= 0 else {
                throw LayoutError([Diagnostic(
                    location: id, problem: .invalidIntrinsicSize(view: id, dimension: dimension, length))])
            }
            guard let row = axis == .horizontal ? rows.horizontal : rows.vertical else {
                throw LayoutError([Diagnostic(
                    location: id, problem: .intrinsicSizeNotCompiled(view: id, dimension: dimension))])
            }
            changes.append((row, axis, length))
        }
        for (row, axis, length) in changes {
            let resistanceRow = RowIndex(row.int + 1)
            let priorities = compiled.system.priorities
            let origins = SystemBuilder.intrinsicOrigins(
                id: id, axis: axis, length: length, hugging: priorities[row.int], resistance: priorities[resistanceRow.int])
            compiled.setConstant(-length, ofRow: row, origin: origins.hugging)
            compiled.setConstant(-length, ofRow: resistanceRow, origin: origins.resistance)
        }
    }
}
