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
/// not change is not touched. A component of at least
/// `SolveOptions.largePartThreshold` unknowns (a table sized by its
/// content, a grid of charts) has no tableau: it is solved as a fresh solve
/// solves it (presolve, then the interval or large-part solver) whenever its
/// inputs change.
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
/// A view tree gets the same treatment from
/// ``View/layout(width:height:direction:scale:measurer:)`` laid out again
/// after only numbers changed (constants, intrinsic lengths, the root size):
/// the root keeps its lowered system and re-solves it. That path keeps the
/// first layout's planner (`CompiledSystem.solveCompiling`) and solves the
/// changed components again as a fresh solve does, so its frames are a fresh
/// layout's bit for bit, but for large parts given to Clp, which (unless
/// `SolveOptions.exactSolvesAgain`) start from the last bases and agree to
/// Clp's tolerance; a `CompiledLayout` follows each component's slopes,
/// which agree with a fresh solve to the solver's tolerance.
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
    /// Measures the texts height for width, keeping its measurements and
    /// cache between solves; `nil` for a layout without text.
    private let sizer: ContentSizer?
    /// Whether the root's height fits the content: then the height given to
    /// ``solve(width:height:)`` is not used, and ``height`` is the fitted one.
    public let fitsHeight: Bool
    /// Passes and measure calls over every solve so far.
    private var totalPasses = 0

    /// What measuring text has cost over every solve so far (``ContentReport/passes``
    /// counts all their solves), and each text's metrics at the last solve.
    /// All zero for a layout without text.
    public var contentReport: ContentReport {
        guard let sizer else { return ContentReport() }
        var report = sizer.report
        report.passes = totalPasses
        return report
    }

    /// Compiles a document at its own root size.
    ///
    /// - Throws: ``LayoutError`` for every problem ``LayoutDocument/lower()``
    ///   finds, a forced strategy that cannot solve the layout, and required
    ///   constraints that conflict at every size. A conflict that depends on
    ///   the size is reported by the solve at that size.
    /// - Complexity: about one fresh solve of the document.
    ///
    /// A document with text is compiled with the rows its measurements set as
    /// parameters; each solve measures height for width as
    /// ``LoweredLayout/solve(options:)`` does, with `measurer` (the installed
    /// one when `nil`), starting from the last solve's measurements and
    /// measuring again only the texts whose width changed (cached per text
    /// and width).
    public convenience init(
        _ document: LayoutDocument, options: SolveOptions = SolveOptions(), measurer: (any TextMeasurer)? = nil
    ) throws(LayoutError) {
        try self.init(lowered: try document.lower(), width: document.rootWidth, height: document.rootHeight,
                      options: options, measurer: measurer)
    }

    /// Compiles a layout lowered by ``LayoutDocument/lower()`` whose root is `width` × `height`.
    init(
        lowered: LoweredLayout, width: Double, height: Double, options: SolveOptions,
        measurer: (any TextMeasurer)? = nil
    ) throws(LayoutError) {
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
        parameterRows += lowered.content.parameterRows
        fitsHeight = lowered.fitsHeight
        sizer = lowered.content.isEmpty
            ? nil : ContentSizer(plan: lowered.content, measurer: measurer ?? TextMeasurers.current)
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
        if height != rootHeightSet && !fitsHeight {
            compiled.setConstant(-height, ofRow: SystemBuilder.rootHeightRow,
                                 origin: SystemBuilder.rootOrigin(rootID: viewIDs[0], attribute: "height", value: height))
            rootHeightSet = height
        }
        let solution: Solution
        if let sizer {
            let compiled = self.compiled
            defer { totalPasses += sizer.passes }
            solution = try sizer.solve(
                setConstant: { value, row, origin in compiled.setConstant(value, ofRow: row, origin: origin) },
                solve: { () throws(LayoutError) -> Solution in try Self.solve(compiled) })
        } else {
            solution = try Self.solve(compiled)
        }
        self.width = width
        self.height = fitsHeight ? solution.values[ViewIndex.root.variable(.height).int] : height
        return solution
    }

    private static func solve(_ compiled: CompiledSystem) throws(LayoutError) -> Solution {
        do {
            return try compiled.solve()
        } catch {
            throw LayoutError(error)
        }
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

    /// The index of the view `id`, through an index of ids built on first use.
    private func index(of id: String) throws(LayoutError) -> Int {
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
        return view
    }

    /// Changes the text of a view that has one, for the next solves: the same
    /// layout with other strings (a list of messages laid out one after
    /// another, say). The next solve measures the new text unwrapped (its
    /// intrinsic width) and at its solved width.
    ///
    /// - Throws: ``LayoutError`` for an unknown view, a view the document gave
    ///   no text (its rows for text do not exist), or a text with a size or
    ///   line height that is not a finite number greater than 0 or negative
    ///   `lines`. Nothing changes when it throws.
    public func setText(_ text: Text, ofView id: String) throws(LayoutError) {
        let view = try index(of: id)
        guard let sizer, let entry = sizer.plan.entryOfView[Int32(view)], sizer.plan.entries[Int(entry)].text != nil else {
            throw LayoutError([Diagnostic(location: id, problem: .textNotCompiled(view: id))])
        }
        if let problem = text.problem {
            throw LayoutError([Diagnostic(location: id, problem: .invalidText(view: id, problem))])
        }
        sizer.setText(text, entry: Int(entry))
    }

    /// Changes a view's intrinsic size for the next solves. A `nil` dimension
    /// keeps its current value.
    ///
    /// Only dimensions the document gave an intrinsic size can change: the
    /// hugging and compression resistance rows of the others do not exist in
    /// the compiled system (compile a document that has them instead). A view
    /// with text takes its size from the text (see ``setText(_:ofView:)``).
    ///
    /// - Throws: ``LayoutError`` for an unknown view, a negative or
    ///   non-finite length, or a dimension the document gave no intrinsic size.
    ///   Nothing changes when it throws.
    /// - Complexity: O(1), after an O(views) index of ids on the first call.
    public func setIntrinsicSize(_ size: IntrinsicSize, ofView id: String) throws(LayoutError) {
        let view = try index(of: id)
        if sizer?.plan.entryOfView[Int32(view)] != nil {
            throw LayoutError([Diagnostic(location: id, problem: .intrinsicSizeOfText(view: id))])
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
