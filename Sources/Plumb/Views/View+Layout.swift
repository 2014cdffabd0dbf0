@_spi(Lowering) import PlumbSolver

extension View {
    /// Lays out the tree under this view: sets this view's frame to
    /// `(0, 0, width, height)` and every descendant's frame (in its
    /// superview's coordinates) to the solution of every active constraint
    /// that names a view of the tree, plus the intrinsic-size rows.
    ///
    /// Views are numbered depth first in subview order (this view is 0) and
    /// lowered by the same code as layout documents.
    ///
    /// Laying out again: this view keeps what its last successful layout
    /// lowered. When only numbers changed since — a constraint's
    /// ``Constraint/constant``, an ``intrinsicContentSize`` length, the
    /// root's `width` or `height` — they are written into the stored system,
    /// which is solved again without lowering (when required equalities
    /// alone fix every attribute, the first layout keeps its solve's blocks
    /// and later ones re-evaluate them block by block, as a sweep step does). Any change of structure (views
    /// added, removed or moved; constraints activated, deactivated or
    /// reordered; a multiplier, a priority, an intrinsic dimension appearing
    /// or going, a content priority, the direction, text, measure functions,
    /// rules) lowers afresh. Frames are bit for bit those of a fresh layout,
    /// and errors are the fresh layout's (a layout that would fail runs
    /// afresh). Trees with text, measure functions or rules are lowered at
    /// every layout. The record holds the tree's views until the next layout.
    /// When it goes (the root freed, or the tree lowered afresh), its
    /// system's memory, emptied, is kept for the next layout that lowers a
    /// tree (one for the process, of at most 32 MB).
    ///
    /// - Throws: ``LayoutError`` when the root size is negative or not finite,
    ///   a constraint relates a view of the tree to a view outside it (or to a
    ///   view that no longer exists), a constraint's multiplier or constant or
    ///   an intrinsic size is NaN or infinite (or the size negative), or
    ///   required constraints conflict (the diagnostic's notes name a minimal
    ///   conflicting set by origin), or a Swift front end recorded a problem on
    ///   a view of the tree (``LayoutProblem/swiftFrontEnd(_:)``, reported once).
    ///   Frames are left unchanged when it throws.
    /// - Parameters:
    ///   - width: the width of this view, the root of the layout.
    ///   - height: the height of this view.
    ///   - direction: what `leading` and `trailing` mean in every constraint
    ///     of the tree (``LayoutDirection``; left to right by default).
    ///   - scale: when given, frames are rounded to device pixels, `scale`
    ///     pixels per point (see ``PixelRounding``); it must be finite and
    ///     greater than 0, or the layout throws.
    ///   - measurer: measures the views' ``text`` (the installed one,
    ///     ``TextMeasurers/current``, when `nil`); views with text or a
    ///     ``measureContent`` function are laid out height for width (see
    ///     `docs/text.md`), which may take several solves.
    /// - Complexity: O(views + constraints) to lower, plus the solve; laid
    ///   out again after numbers changed, O(views + constraints) to compare
    ///   and write frames, plus the re-solve.
    public func layout(
        width: Double, height: Double, direction: LayoutDirection = .leftToRight, scale: Double? = nil,
        measurer: (any TextMeasurer)? = nil
    ) throws(LayoutError) {
        var rounding: PixelRounding? = nil
        if let scale {
            guard let r = PixelRounding(scale: scale) else {
                throw LayoutError([Diagnostic(location: id, problem: .invalidScale(scale))])
            }
            rounding = r
        }
        try layout(width: width, height: height, fitHeight: false, direction: direction, rounding: rounding,
                   measurer: measurer)
    }

    /// Lays out the tree under this view with its width fixed and its height
    /// as small as the constraints allow (Auto Layout's
    /// `systemLayoutSizeFitting` with the compressed height): the root's
    /// height is pulled towards 0 at `Priority.fittingSizeLevel` (50), so
    /// every constraint above that priority decides it. Sets every frame as
    /// ``layout(width:height:direction:scale:measurer:)`` does and returns
    /// the root's size.
    ///
    /// The content must reach the root's bottom through constraints (a
    /// chain from top to bottom, as a self-sizing cell needs); otherwise the
    /// height is 0.
    ///
    /// - Throws: as ``layout(width:height:direction:scale:measurer:)``.
    @discardableResult
    public func systemLayoutSizeFitting(
        width: Double, direction: LayoutDirection = .leftToRight, scale: Double? = nil,
        measurer: (any TextMeasurer)? = nil
    ) throws(LayoutError) -> (width: Double, height: Double) {
        var rounding: PixelRounding? = nil
        if let scale {
            guard let r = PixelRounding(scale: scale) else {
                throw LayoutError([Diagnostic(location: id, problem: .invalidScale(scale))])
            }
            rounding = r
        }
        try layout(width: width, height: 0, fitHeight: true, direction: direction, rounding: rounding,
                   measurer: measurer)
        return (frame.width, frame.height)
    }

    private func layout(
        width: Double, height: Double, fitHeight: Bool, direction: LayoutDirection, rounding: PixelRounding?,
        measurer: (any TextMeasurer)?, caching: Bool = true
    ) throws(LayoutError) {
        if caching, let cache = layoutCache {
            if let values = cache.solve(root: self, width: width, height: height, fitHeight: fitHeight,
                                        direction: direction) {
                cache.writeFrames(values: values, rounding: rounding)
                return
            }
            // Dropped before lowering afresh: views that left the tree and
            // that only the cache held go now, as they would have without it.
            layoutCache = nil
        }
        let tree = try lowerTree(width: width, height: height, direction: direction, fitHeight: fitHeight,
                                 namingViews: false)
        let (views, lowered) = (tree.views, tree.lowered)
        let solution: Solution, texts: [Int: TextMetrics]
        if caching, let cache = TreeLayoutCache(tree, fitHeight: fitHeight, direction: direction) {
            // A recorded tree (no text, measure functions or rules) is
            // solved by its record, which keeps the solve's planner when
            // the blocks alone solve it.
            (solution, texts) = (try cache.solveFirst(), [:])
            layoutCache = cache
        } else {
            (solution, texts) = try Self.solve(lowered, views: views, measurer: measurer)
        }
        // Each frame straight into its view (no array of frames: fresh
        // memory at a first layout), the text metrics with it.
        views.withUnsafeBufferPointer { views in
            SystemBuilder.forEachFrame(values: solution.values, parents: lowered.parents, absolute: false,
                                       rounding: rounding) { i, frame in
                let view = views[i]
                view.frame = frame
                if !view.extras.isDisjoint(with: [.text, .textMetrics]) { view.textMetrics = texts[i] }
            }
        }
    }

    /// Lays out the tree as ``layout(width:height:direction:scale:measurer:)``
    /// does, without reading or storing the layout cache (the reference the
    /// tests compare cached layouts with).
    func uncachedLayout(
        width: Double, height: Double, direction: LayoutDirection = .leftToRight, scale: Double? = nil,
        measurer: (any TextMeasurer)? = nil
    ) throws(LayoutError) {
        try layout(width: width, height: height, fitHeight: false, direction: direction,
                   rounding: scale.flatMap { PixelRounding(scale: $0) }, measurer: measurer, caching: false)
    }

    /// Solves a lowered tree, measuring the views' texts and measure
    /// functions height for width (``ContentSizer``).
    private static func solve(
        _ lowered: LoweredLayout, views: [View], measurer: (any TextMeasurer)?
    ) throws(LayoutError) -> (Solution, [Int: TextMetrics]) {
        var functions: [Int32: ContentSizer.Function] = [:]
        for entry in lowered.content.entries where entry.text == nil {
            let view = views[Int(entry.view)]
            if let measure = view.measureContent {
                functions[entry.view] = .init(measure: measure, intrinsicWidth: view.intrinsicContentSize.width)
            }
        }
        if lowered.content.isEmpty { return (try lowered.solve(), [:]) }
        let sizer = ContentSizer(plan: lowered.content, measurer: measurer ?? TextMeasurers.current, functions: functions)
        var system = lowered.system
        let solution = try sizer.solve(
            setConstant: { value, row, origin in system.setConstant(value, ofRow: row, origin: origin) },
            solve: { () throws(LayoutError) -> Solution in try LoweredLayout.solve(system) })
        return (solution, sizer.report.texts)
    }

    /// Checks the tree under this view as ``layout(width:height:direction:scale:measurer:)``
    /// would lay it out, and reports every conflict among required
    /// constraints, every view whose frame is not determined (per axis), and
    /// every redundant or ineffective constraint (see ``LayoutCheck``).
    /// Frames are left unchanged.
    ///
    /// - Throws: ``LayoutError`` for the problems that stop lowering (see
    ///   ``layout(width:height:direction:scale:measurer:)``); conflicts are reported,
    ///   not thrown. Problems a Swift front end recorded are thrown here and
    ///   so not again by the next layout.
    /// - Complexity: see ``LoweredLayout/check(progress:)``.
    public func checkLayout(
        width: Double, height: Double, direction: LayoutDirection = .leftToRight
    ) throws(LayoutError) -> LayoutCheck {
        let tree = try lowerTree(width: width, height: height, direction: direction, namingViews: true)
        let (views, lowered) = (tree.views, tree.lowered)
        guard !lowered.content.isEmpty else { return lowered.check() }
        // Check the system with the measurements a layout would settle on.
        var functions: [Int32: ContentSizer.Function] = [:]
        for entry in lowered.content.entries where entry.text == nil {
            if let measure = views[Int(entry.view)].measureContent {
                functions[entry.view] = .init(measure: measure, intrinsicWidth: views[Int(entry.view)].intrinsicContentSize.width)
            }
        }
        let sizer = ContentSizer(plan: lowered.content, measurer: TextMeasurers.current, functions: functions)
        var settled = lowered
        _ = try sizer.solve(
            setConstant: { value, row, origin in settled.system.setConstant(value, ofRow: row, origin: origin) },
            solve: { () throws(LayoutError) -> Solution in try LoweredLayout.solve(settled.system) })
        return settled.check()
    }

    /// Reports a constraint's multiplier and constant that are NaN or infinite.
    private static func reportNonFinite(_ c: Constraint, into sink: inout DiagnosticSink) {
        for (name, value) in [("multiplier", c.multiplier), ("constant", c.constant)] where !value.isFinite {
            sink.append(Diagnostic(location: c.origin.description,
                                   problem: .nonFiniteInput("the \(name) (\(value))"), origin: c.origin))
        }
    }

    /// Numbers the tree under this view depth first (this view is 0) and
    /// lowers it: the one lowering shared by ``layout(width:height:direction:scale:measurer:)``
    /// and ``checkLayout(width:height:direction:)``. The lowered layout's
    /// `viewIDs` are filled only when `namingViews` (the check's report names
    /// views by them; a layout reads its views' ids only for a diagnostic,
    /// from the views, and the array was 160 KB of fresh memory at 10,000 views).
    private func lowerTree(
        width: Double, height: Double, direction: LayoutDirection, fitHeight: Bool = false, namingViews: Bool
    ) throws(LayoutError) -> TreeLowering {
        guard width.isFinite, height.isFinite, width >= 0, height >= 0 else {
            throw LayoutError([Diagnostic(location: id, problem: .invalidRootSize(width: width, height: height))])
        }
        // Number the tree depth first.
        var views: [View] = []
        var parents: [Int32] = []
        var stack: [(View, Int32)] = [(self, -1)]
        var rowEstimate = 0
        // Whether some view has text or a measure function (most trees have
        // none, and then the pass over the views for them is skipped: it read
        // each view's `extras`, in the object's second cache line, once more).
        var anyMeasured = false
        // What a layout record (`TreeLayoutCache`) needs to know the tree again.
        var record = TreeLowering.Record(views: LayoutInputs.views, constraintInputs: LayoutInputs.constraints)
        // The per-view arrays get their room at once: grown by doubling, the
        // six of them were reallocated and copied about 14 times each at
        // 10,000 views, touching twice their memory (fresh pages, faulted
        // in, at a first layout).
        // Those a layout record keeps are taken from the arrays an earlier
        // record gave back when there are some (``SpareArrays``).
        let count = Int(subtreeCount)
        views.reserveCapacity(count)
        parents = SpareArrays.take(capacity: count)
        stack.reserveCapacity(count)
        record.refs = SpareArrays.take(capacity: count)
        record.stamps = SpareArrays.take(capacity: count)
        record.subviewLists = SpareArrays.take(capacity: count)
        while let (view, parent) = stack.popLast() {
            let me = Int32(views.count)
            ViewIdentityIndex.number(view, as: me)
            views.append(view)
            parents.append(parent)
            rowEstimate += Int(view.listedCount) + 4
            let subviews = view.subviews
            for child in subviews.reversed() { stack.append((child, me)) }
            record.refs.append(Unmanaged.passUnretained(view))
            record.stamps.append(view.layoutStamp)
            view.extras.insert(.recorded)
            record.subviewLists.append(subviews)
            if let rules = view.ruleLayout, !rules.storedRules.isEmpty { record.hasRules = true }
            if !view.extras.isDisjoint(with: .measured) { anyMeasured = true }
        }
        let index = ViewIdentityIndex(numbered: views)
        // Room for every listed constraint at once (a constraint between two
        // views is listed twice, so about twice what is lowered): grown by
        // doubling, such arrays were copied about as many times as they
        // hold elements, a twentieth of lowering at 10,000 views. (The
        // multipliers other than 1 are few and not reserved.)
        let listed = rowEstimate - 4 * views.count
        record.rows = SpareArrays.take(capacity: listed)

        var sink = DiagnosticSink()
        var intrinsicRows: [LoweredLayout.IntrinsicRows] = []
        // In the arrays of a system a layout record gave back, when there is one.
        var builder = SystemBuilder(viewCount: views.count, rows: rowEstimate, reusing: SystemBuilder.SpareSystem.take())
        // Describes the constraints' and intrinsic sizes' rows: their origins are made when asked.
        let origins = ViewTreeOrigins(views: views.count, constraints: listed)
        builder.originSource = origins
        builder.fixRoot(width: width, height: height, rootID: id, fitHeight: fitHeight)
        builder.direction = direction

        // Views that measure their content (text, measure functions) first,
        // so that constraints naming their baselines know them.
        if anyMeasured {
            for (i, view) in views.enumerated() where !view.extras.isDisjoint(with: .measured) {
                if let problem = view.text?.problem {
                    sink.append(Diagnostic(location: view.id, problem: .invalidText(view: view.id, problem)))
                    continue
                }
                let hasWidth = view.text != nil || view.intrinsicContentSize.width != nil
                if view.text == nil, let w = view.intrinsicContentSize.width, !(w.isFinite && w >= 0) {
                    sink.append(Diagnostic(location: view.id, problem: .invalidIntrinsicSize(view: view.id, dimension: .width, w)))
                    continue
                }
                builder.addMeasuredView(
                    ViewIndex(i), id: view.id, text: view.text, hasIntrinsicWidth: hasWidth,
                    hugging: (view.contentHuggingPriority(for: .horizontal), view.contentHuggingPriority(for: .vertical)),
                    resistance: (view.contentCompressionResistancePriority(for: .horizontal),
                                 view.contentCompressionResistancePriority(for: .vertical)))
            }
        }

        for (i, view) in views.enumerated() {
            // The memory the next views' lowering reads, asked for ahead
            // (see `LoweringPrefetch`).
            LoweringPrefetch.views(views, after: i)
            // Problems the Swift front ends recorded on the view (reported once).
            if view.extras.contains(.frontEndProblems) {
                for d in view.takeFrontEndDiagnostics() { sink.append(d) }
            }
            let me = ObjectIdentifier(view)
            let list = view.constraints
            origins.hold(list)
            // `list` holds its constraints while they are lowered: each is
            // read unretained (`for c in list` retained and released every
            // one, from both of its views, a tenth of lowering).
            list.withUnsafeBufferPointer { listed in
                listed.withMemoryRebound(to: Unmanaged<Constraint>.self) { refs in
                    for (k, ref) in refs.enumerated() {
                        LoweringPrefetch.constraints(refs, after: k, of: me)
                        ref._withUnsafeGuaranteedRef { c in
                            let row = Self.lower(
                                c, listedBy: view, at: i, me: me, index: index, origins: origins,
                                into: &builder, sink: &sink)
                            if row >= 0 {
                                record.rows.append(row)
                                let bits = c.multiplier.bitPattern
                                if bits != TreeLowering.Record.unitMultiplier {
                                    record.otherMultipliers.append((Int32(record.rows.count &- 1), bits))
                                }
                            }
                        }
                    }
                }
            }
            // A measured view's intrinsic rows were added above.
            let intrinsic = view.extras.contains(.intrinsicSize) && view.extras.isDisjoint(with: .measured)
            for axis in LayoutAxis.allCases where intrinsic {
                guard let length = view.intrinsicContentSize[axis] else { continue }
                guard length.isFinite, length >= 0 else {
                    sink.append(Diagnostic(location: view.id, problem: .invalidIntrinsicSize(
                        view: view.id, dimension: axis.dimension, length)))
                    continue
                }
                let hugging = view.contentHuggingPriority(for: axis)
                let resistance = view.contentCompressionResistancePriority(for: axis)
                // Keys: the texts are made only when a row is described.
                let keys = origins.intrinsicOrigins(
                    id: view.id, axis: axis, length: length, hugging: hugging, resistance: resistance)
                let row = builder.addIntrinsicSize(
                    ViewIndex(i), axis: axis, length: length, hugging: hugging, resistance: resistance,
                    origins: keys)
                intrinsicRows.append(.init(view: Int32(i), axis: axis, huggingRow: row))
            }
        }
        // Simple Layout Language rules (Layout), in dependency order (the
        // numbering above saw whether any view has some).
        if record.hasRules {
            Layout.lowerRules(of: views, parents: parents, index: index, into: &builder, sink: &sink)
        }
        try sink.throwIfAny()
        // The lowered constraints in row order and the lists that hold them (shared, not copied).
        record.constraints = origins.constraints
        record.constraintLists = origins.lists

        // A closure, not the key path `\.id`: a key path reads a class's
        // property with a dynamic exclusivity check, one per view.
        var lowered = LoweredLayout(system: builder.system, viewIDs: namingViews ? views.map { $0.id } : [],
                                    parents: parents)
        lowered.content = builder.content
        lowered.intrinsicRows = intrinsicRows
        return TreeLowering(views: views, lowered: lowered, record: record)
    }

    /// Lowers constraint `c`, found in the ``constraints`` of `view` (number
    /// `i` of the tree, identity `me`), when `view` is its first view; from
    /// its second view it only checks that the first is in the tree. Returns
    /// the row added, or -1.
    ///
    /// Both views alive (the common case): they are found by identity,
    /// without loading the weak references. Otherwise (``Constraint/viewGone``)
    /// the references are loaded and a view that is gone is reported.
    @inline(__always)
    private static func lower(
        _ c: Constraint, listedBy view: View, at i: Int, me: ObjectIdentifier, index: ViewIdentityIndex,
        origins: ViewTreeOrigins, into builder: inout SystemBuilder, sink: inout DiagnosticSink
    ) -> Int32 {
        func outside(_ other: View) -> Int32 {
            sink.append(Diagnostic(location: c.origin.description, problem: .viewOutsideHierarchy(other.id), origin: c.origin))
            return -1
        }
        func gone() -> Int32 {
            sink.append(Diagnostic(location: c.origin.description, problem: .viewDeallocated, origin: c.origin))
            return -1
        }
        var second: ViewIndex?
        if !c.viewGone, let firstID = c.firstViewID {
            guard firstID == me else {
                if index[alive: firstID] == nil, let first = c.firstView { return outside(first) }
                return -1
            }
            if let secondID = c.secondViewID {
                guard let j = index[alive: secondID] else {
                    if let other = c.secondView { return outside(other) }
                    return -1
                }
                second = ViewIndex(rawValue: j)
            }
        } else {
            guard let first = c.firstView else { return gone() }
            guard first === view else {
                if index[first] == nil { return outside(first) }
                return -1
            }
            if c.hasSecondView {
                guard let other = c.secondView else { return gone() }
                guard let j = index[other] else { return outside(other) }
                second = ViewIndex(rawValue: j)
            }
        }
        // The tail both paths share: the numbers must be finite.
        guard c.multiplier.isFinite, c.constant.isFinite else {
            reportNonFinite(c, into: &sink)
            return -1
        }
        // The origin goes in as a key: it is read from the constraint only if asked.
        let row = builder.addConstraint(
            ViewIndex(i), c.firstAttribute, c.relation, multiplier: c.multiplier,
            second, c.secondAttribute, constant: c.constant, priority: c.priority, origin: .key(origins.key(for: c)))
        return Int32(row.int)
    }
}

/// A tree numbered and lowered by `lowerTree`, with what a layout record
/// needs to recognise it (see `TreeLayoutCache`).
struct TreeLowering {
    /// The views depth first, this view (the root) first.
    var views: [View]
    var lowered: LoweredLayout
    var record: Record

    struct Record {
        /// Per view, in `views` order: the view (not retained),
        /// its ``View/layoutStamp``, and its ``View/subviews`` and
        /// ``View/constraints`` arrays as lowered.
        init(views: UInt64, constraintInputs: UInt64) {
            self.views = views
            self.constraintInputs = constraintInputs
        }

        var refs: [Unmanaged<View>] = []
        var stamps: [UInt64] = []
        var subviewLists: [[View]] = []
        var constraintLists: [[Constraint]] = []
        /// Per lowered constraint: the constraint (not retained) and its row.
        var constraints: [Unmanaged<Constraint>] = []
        var rows: [Int32] = []
        /// The lowered constraints whose multiplier is not 1 (bit for bit),
        /// by rising position in `constraints`, with their multipliers'
        /// bits; every other one's is 1's. Most multipliers are 1: an array of
        /// every constraint's was 320 KB of fresh memory at 10,000 views.
        var otherMultipliers: [(constraint: Int32, bits: UInt64)] = []
        /// The bits of a multiplier of 1.
        static let unitMultiplier = (1.0).bitPattern

        /// The bits of the multiplier lowered constraint `k` had, from `otherMultipliers`.
        static func multiplierBits(
            of k: Int, in otherMultipliers: [(constraint: Int32, bits: UInt64)]
        ) -> UInt64 {
            var lo = 0, hi = otherMultipliers.count
            while lo < hi {
                let mid = (lo &+ hi) / 2
                if Int(otherMultipliers[mid].constraint) < k { lo = mid &+ 1 } else { hi = mid }
            }
            return lo < otherMultipliers.count && Int(otherMultipliers[lo].constraint) == k
                ? otherMultipliers[lo].bits : unitMultiplier
        }
        /// Whether some view has Simple Layout Language rules.
        var hasRules = false
        /// ``LayoutInputs/views`` and ``LayoutInputs/constraints`` before the tree was read.
        var views: UInt64
        var constraintInputs: UInt64
    }
}
