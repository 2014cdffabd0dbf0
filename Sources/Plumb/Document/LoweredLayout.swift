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
    /// The document's ids as it read them, when lowered without
    /// ``viewIDs`` (``LayoutDocument/lower(namingViews:threads:)``).
    var names: ViewNames?

    /// How many views there are, the root included.
    public var viewCount: Int { parents.count }
    /// Where each intrinsic length lives in ``system``: its hugging row
    /// (`dimension − length ≤ 0`) and, right after it, its resistance row.
    /// ``CompiledLayout`` and a view tree laid out again change their
    /// constants. Empty for a layout with text (whose measured views' rows
    /// are in ``content``).
    var intrinsicRows: [IntrinsicRows] = []

    struct IntrinsicRows: Sendable {
        var view: Int32
        var axis: LayoutAxis
        var huggingRow: RowIndex
    }

    /// The views whose content is measured (texts) and the rows their
    /// measurements set; empty for a layout without text.
    var content = ContentPlan()

    /// Whether the root's height fits the content (`"height": "fit"`)
    /// rather than being fixed.
    public internal(set) var fitsHeight = false

    /// Whether some view's content is measured (a text), so that solving
    /// takes a ``TextMeasurer`` and may take several passes.
    public var hasMeasuredContent: Bool { !content.isEmpty }

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
    ///
    /// A layout with text is solved height for width (see `docs/text.md`):
    /// solved, its texts measured at their solved widths with the installed
    /// ``TextMeasurer`` (``TextMeasurers/install(_:)``), and solved again
    /// until no measurement changes.
    public func solve(options: SolveOptions = SolveOptions()) throws(LayoutError) -> Solution {
        try solveMeasuringContent(options: options).solution
    }

    /// Solves ``system`` as ``solve(options:)`` does, measuring text with
    /// `measurer` (the installed one when `nil`), and reports what measuring
    /// cost and what each text measured at its final width.
    ///
    /// - Throws: as ``solve(options:)``, and ``LayoutError`` when a view has
    ///   text and there is no measurer, the measurer fails (an unknown font),
    ///   or the measurements do not settle
    ///   (``LayoutProblem/contentDidNotSettle(views:passes:)``).
    public func solveMeasuringContent(
        options: SolveOptions = SolveOptions(), measurer: (any TextMeasurer)? = nil
    ) throws(LayoutError) -> (solution: Solution, content: ContentReport) {
        guard !content.isEmpty else { return (try Self.solve(system, options: options), ContentReport(passes: 1)) }
        let sizer = ContentSizer(plan: content, measurer: measurer ?? TextMeasurers.current)
        var working = system
        let solution = try sizer.solve(
            setConstant: { value, row, origin in working.setConstant(value, ofRow: row, origin: origin) },
            solve: { () throws(LayoutError) -> Solution in try Self.solve(working, options: options) })
        return (solution, sizer.report)
    }

    /// This layout with its texts measured at the widths a solve gives them
    /// (their intrinsic rows and baseline rows hold the settled
    /// measurements), for questions about the system itself such as
    /// ``check(progress:)``. A layout without text is returned as it is.
    ///
    /// - Throws: as ``solveMeasuringContent(options:measurer:)``.
    public func measuringContent(measurer: (any TextMeasurer)? = nil) throws(LayoutError) -> LoweredLayout {
        guard !content.isEmpty else { return self }
        let sizer = ContentSizer(plan: content, measurer: measurer ?? TextMeasurers.current)
        var working = self
        _ = try sizer.solve(
            setConstant: { value, row, origin in working.system.setConstant(value, ofRow: row, origin: origin) },
            solve: { () throws(LayoutError) -> Solution in try Self.solve(working.system) })
        return working
    }

    /// Solves `system`, its errors as ``LayoutError``s.
    static func solve(_ system: ConstraintSystem, options: SolveOptions = SolveOptions()) throws(LayoutError) -> Solution {
        do {
            return try system.solve(options: options)
        } catch {
            throw LayoutError(error)
        }
    }

    /// The document output format's bytes for `frames` (one per view, in
    /// view order), as ``FrameWriter/json(ids:frames:threads:)`` writes
    /// them with ``viewIDs``; a layout lowered without ``viewIDs`` writes
    /// the same bytes from the document's ids.
    public func framesJSON(_ frames: [Rect], threads: LoweringThreads = .one) -> [UInt8] {
        if let names, viewIDs.isEmpty { return FrameWriter.json(names: names, frames: frames, threads: threads) }
        return FrameWriter.json(ids: viewIDs, frames: frames, threads: threads)
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
