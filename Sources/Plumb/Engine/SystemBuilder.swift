@_spi(Lowering) import PlumbSolver
import Synchronization

extension Priority {
    /// 50: the priority at which a root whose height fits its content is
    /// pulled towards a height of 0 (Auto Layout's `fittingSizeLevel`).
    public static let fittingSizeLevel: Priority = 50
}

/// Lowers a view layout to a `ConstraintSystem`: the one place shared by
/// ``View/layout(width:height:direction:scale:measurer:)`` and ``LayoutDocument/lower()``.
///
/// Every view gets four variables in root coordinates (``ViewIndex/variable(_:)``);
/// the root's are fixed by four required rows; a constraint
/// `first.a ⋈ multiplier · second.b + constant` becomes the row
/// `first.a − multiplier · second.b − constant ⋈ 0` with the attributes
/// expanded by ``AttributeTerms``; an intrinsic length becomes a hugging row
/// (`≤`) and a compression resistance row (`≥`).
///
/// The builder trusts its input: callers have already rejected NaN,
/// infinities and unknown views with diagnostics naming the origin.
struct SystemBuilder {
    /// The rows added so far but those still in `pending`.
    private var built = ConstraintSystem()
    /// `built.rowCount`, kept here: read through the system for every row
    /// added, it was a call into PlumbSolver with the system's 136 bytes
    /// copied to the stack first (about 30 instructions a row).
    private var builtRows = 0
    /// Keyed rows gathered for `built` a block at a time (see `RowBatch`).
    private var pending = RowBatch()
    let viewCount: Int

    /// The system of every row added so far.
    var system: ConstraintSystem {
        mutating get {
            flushRows()
            return built
        }
    }

    /// Describes the rows added with a ``RowOrigin/key(_:)`` (documents set it).
    var originSource: (any OriginSource)? {
        get { built.originSource }
        set { built.originSource = newValue }
    }
    /// What `leading` and `trailing` mean in the constraints added.
    var direction = LayoutDirection.leftToRight

    /// Creates the variables of `viewCount` views (the root included) and
    /// reserves room for about `rows` rows; in `reusing`'s arrays when
    /// given (an emptied system, see ``SpareSystem``).
    init(viewCount: Int, rows: Int, reusing spare: consuming ConstraintSystem? = nil) {
        // Moved in: a copy would leave the spare's arrays shared, and the
        // room reserved below would then be new storage.
        if spare != nil { built = spare.take()! }
        self.viewCount = viewCount
        // Each row has at most four terms; most have two or three.
        built.reserveCapacity(variables: 4 * viewCount, rows: rows + 4, nonzeros: 3 * rows + 4)
        built.addVariables(4 * viewCount)
    }

    /// The arrays of one lowered system that a layout of views no longer
    /// needs, emptied and kept for the next layout of views that lowers,
    /// so that it writes its rows into memory already in use instead of
    /// fresh pages (each first touched page is a fault: at 10,000 views the
    /// system's rows and terms were about 460 of a first layout's 1,330).
    /// One system for the process, of at most ``byteLimit`` bytes; a layout
    /// that finds none reserves its own. Code run inside ``withOwnSlot(_:)``
    /// gives and takes from a slot of its own instead (tests that count
    /// reuses while other tests lay out trees at the same time).
    enum SpareSystem {
        /// Where one system is kept.
        final class Slot: Sendable {
            let kept = Mutex<ConstraintSystem?>(nil)
        }
        private static let process = Slot()
        @TaskLocal private static var scoped: Slot?
        private static var slot: Slot { scoped ?? process }

        /// Runs `body` with a slot of its own: what layouts inside it give
        /// they take back, and no layout outside sees it.
        static func withOwnSlot<R>(_ body: () throws -> R) rethrows -> R {
            try $scoped.withValue(Slot(), operation: body)
        }
        /// Larger systems are not kept (a 100,000-view tree's is about 64 MB reserved).
        static let byteLimit = 32 << 20

        /// Keeps `system`'s arrays, emptied, when they are within ``byteLimit``
        /// (replacing the system kept before).
        static func give(_ system: consuming ConstraintSystem) {
            guard system.reservedBytes <= byteLimit else { return }
            // Moved, not copied (emptying a shared array gives it new storage).
            var emptied = consume system
            emptied.removeAllKeepingCapacity()
            // The one kept before is freed here, outside the lock.
            let before = slot.kept.withLock { kept in
                let before = kept
                kept = emptied
                return before
            }
            _ = before
        }

        /// The system kept, emptied, if any (the slot is left empty).
        static func take() -> ConstraintSystem? {
            slot.kept.withLock { kept in
                let system = kept
                kept = nil
                return system
            }
        }
    }

    /// Appends the rows gathered in `pending` to `built`.
    private mutating func flushRows() {
        pending.append(to: &built)
        builtRows = built.rowCount
    }

    /// Appends the rows of `block` (made by a second thread, see
    /// ``RowBatch/init(block:terms:)``) after every row added so far, as
    /// adding them one by one would, and empties it; returns the first's index.
    mutating func appendBlock(_ block: inout RowBatch) -> Int {
        flushRows()
        let first = builtRows
        block.append(to: &built)
        builtRows = built.rowCount
        return first
    }

    /// Adds a row as `ConstraintSystem.addRow(contiguous:constant:relation:priority:origin:)`
    /// does: through `pending` when it takes the row, otherwise to `built`
    /// after the rows before it.
    @inline(__always)
    mutating func addRow(
        contiguous terms: UnsafeBufferPointer<(VariableIndex, Double)>, constant: Double,
        relation: Relation, priority: Priority, origin: RowOrigin
    ) -> RowIndex {
        if case .key(let key) = origin {
            if pending.add(contiguous: terms, constant: constant, relation: relation, priority: priority,
                           key: key, variableCount: built.variableCount) {
                return RowIndex(builtRows + pending.count - 1)
            }
            if addKeyedRowMerging(terms, constant: constant, relation: relation, priority: priority, key: key) {
                return RowIndex(builtRows + pending.count - 1)
            }
        }
        flushRows()
        let row = built.addRow(contiguous: terms, constant: constant, relation: relation, priority: priority,
                               origin: origin)
        builtRows = built.rowCount
        return row
    }

    /// Adds a keyed row as ``addRow(contiguous:constant:relation:priority:origin:)``
    /// does (the same row, term for term): merged as it is copied into
    /// `pending` (``RowBatch/add(merging:distinct:constant:relation:priority:key:variableCount:room:)``,
    /// the first `distinct` terms the caller's word to be distinct and valid)
    /// when it takes it, which spares a row that repeats a variable the
    /// merge in scratch first; otherwise through that method.
    @inline(__always)
    mutating func addRow(
        merging terms: UnsafeBufferPointer<(VariableIndex, Double)>, distinct: Int, constant: Double,
        relation: Relation, priority: Priority, key: UInt64
    ) -> RowIndex {
        if pending.add(merging: terms, distinct: distinct, constant: constant, relation: relation, priority: priority,
                       key: key, variableCount: built.variableCount,
                       room: (RowBatch.rowCapacity, RowBatch.termCapacity)) {
            // Both counts are below the system's row count, an `Int32`.
            return RowIndex(builtRows &+ pending.count &- 1)
        }
        return addRow(contiguous: terms, constant: constant, relation: relation, priority: priority,
                      origin: .key(key))
    }

    /// Adds the keyed row of the `count` terms `term(0)` … as
    /// ``addRow(contiguous:constant:relation:priority:origin:)`` does, the
    /// terms stored into `pending` as they come
    /// (``RowBatch/add(trusted:term:constant:relation:priority:key:room:)``:
    /// the caller vouches that the variables are distinct and the
    /// coefficients finite and nonzero); a row `pending` does not take goes
    /// that method's way from `scratch` (room for `count` terms).
    @inline(__always)
    mutating func addRow(
        trusted count: Int, term: (Int) -> (Int32, Double), constant: Double, relation: Relation,
        priority: Priority, key: UInt64, scratch: UnsafeMutablePointer<(VariableIndex, Double)>
    ) -> RowIndex {
        if pending.add(trusted: count, term: term, constant: constant, relation: relation, priority: priority,
                       key: key, room: (RowBatch.rowCapacity, RowBatch.termCapacity)) {
            return RowIndex(builtRows &+ pending.count &- 1)
        }
        for i in 0 ..< count {
            let (column, coefficient) = term(i)
            scratch[i] = (VariableIndex(rawValue: column), coefficient)
        }
        return addRow(contiguous: UnsafeBufferPointer(start: scratch, count: count), constant: constant,
                      relation: relation, priority: priority, origin: .key(key))
    }

    /// Adds `rows` keyed rows of `terms` terms in all, written by `write`
    /// into `pending` (``RowBatch/add(rows:terms:key:room:_:)``, the rows
    /// the caller's word), after handing `pending`'s rows to `built` when
    /// they do not fit; `write` is given the rows' place and the first
    /// one's index. Returns false, adding nothing, when `pending` does not
    /// take them even empty (a large key, more rows than it holds): the
    /// caller adds them one by one.
    @inline(__always)
    mutating func addRows(_ rows: Int, terms: Int, key: UInt64, write: (RowBatch.Room, Int) -> Void) -> Bool {
        let room = (RowBatch.rowCapacity, RowBatch.termCapacity)
        let first = builtRows &+ pending.count
        if pending.add(rows: rows, terms: terms, key: key, room: room, { write($0, first) }) { return true }
        guard pending.count > 0 else { return false }
        flushRows()
        let afterFlush = builtRows
        return pending.add(rows: rows, terms: terms, key: key, room: room, { write($0, afterFlush) })
    }

    /// A keyed row `pending` did not take as it was: its terms merged as the
    /// system merges them (`ConstraintSystem.mergeTerms`: a rule that sets
    /// both edges of a view names its position twice, and the terms cancel),
    /// and offered to `pending` again, after handing `pending`'s rows to
    /// `built` if it is full. Returns false, adding nothing, when `pending`
    /// still does not take it (a non-finite number, a large key, a variable
    /// out of range): the caller adds it to `built`, which checks it.
    @inline(never)
    private mutating func addKeyedRowMerging(
        _ terms: UnsafeBufferPointer<(VariableIndex, Double)>, constant: Double,
        relation: Relation, priority: Priority, key: UInt64
    ) -> Bool {
        withUnsafeTemporaryAllocation(of: (VariableIndex, Double).self, capacity: max(terms.count, 1)) { scratch in
            let count = ConstraintSystem.mergeTerms(terms, into: scratch.baseAddress!)
            let merged = UnsafeBufferPointer(start: scratch.baseAddress, count: count)
            let variables = built.variableCount
            if pending.add(contiguous: merged, constant: constant, relation: relation, priority: priority,
                           key: key, variableCount: variables) {
                return true
            }
            guard pending.count > 0 else { return false }
            flushRows()
            return pending.add(contiguous: merged, constant: constant, relation: relation, priority: priority,
                               key: key, variableCount: variables)
        }
    }

    /// The rows ``fixRoot(width:height:rootID:)`` adds for the root's width
    /// and height (`root.width − width = 0`), when it is called first.
    static let rootWidthRow = RowIndex(2)
    static let rootHeightRow = RowIndex(3)

    /// Adds the four required rows that pin the root's frame to `(0, 0, width, height)`.
    ///
    /// With `fitHeight`, the height row is instead `root.height = 0` at
    /// ``Priority/fittingSizeLevel`` (50): the root is as short as every
    /// constraint of a higher priority allows, as Auto Layout's
    /// `systemLayoutSizeFitting` with the compressed size makes it.
    ///
    /// - Precondition: `width` and `height` are finite.
    mutating func fixRoot(width: Double, height: Double, rootID: String, fitHeight: Bool = false) {
        let pins: [(FrameVariable, Double, String)] = [
            (.left, 0, "left"), (.top, 0, "top"), (.width, width, "width"), (.height, height, "height"),
        ]
        for (variable, value, name) in pins {
            let fits = fitHeight && variable == .height
            flushRows()
            built.addRow(
                CollectionOfOne((ViewIndex.root.variable(variable), 1.0)),
                constant: fits ? 0 : -value, relation: .equal, priority: fits ? .fittingSizeLevel : .required,
                origin: fits ? Origin(kind: .root, text: "\(rootID).height = fit (0 @ \(Priority.fittingSizeLevel))")
                    : Self.rootOrigin(rootID: rootID, attribute: name, value: value))
            builtRows = built.rowCount
        }
    }

    /// The origin of the root row that pins `attribute` to `value` (`root.width = 1024`).
    static func rootOrigin(rootID: String, attribute: String, value: Double) -> Origin {
        Origin(kind: .root, text: "\(rootID).\(attribute) = \(NumberFormatting.shortest(value))")
    }

    /// The origins of an intrinsic length's hugging and resistance rows (`title: width <= 120 @ 250`).
    static func intrinsicOrigins(
        id: String, axis: LayoutAxis, length: Double, hugging: Priority, resistance: Priority
    ) -> (hugging: Origin, resistance: Origin) {
        let dimension = axis.dimension
        let shown = NumberFormatting.shortest(length)
        return (Origin(kind: .intrinsicSize, text: "\(id): \(dimension) <= \(shown) @ \(hugging)"),
                Origin(kind: .intrinsicSize, text: "\(id): \(dimension) >= \(shown) @ \(resistance)"))
    }

    /// Whether ``addConstraint(_:_:_:multiplier:_:_:constant:priority:origin:)``
    /// writes a constraint's terms as ``writeTerms(_:_:multiplier:_:_:to:)``
    /// does: no measured view, left to right.
    var writesTermsAsWritten: Bool { content.entryOfView.isEmpty && direction == .leftToRight }

    /// Adds `first.firstAttribute ⋈ multiplier · second.secondAttribute + constant`
    /// (or `first.firstAttribute ⋈ constant` when `second` is `nil`), with
    /// `leading` and `trailing` measured for ``direction``.
    ///
    /// Returns the row added, whose constant is `-constant`.
    ///
    /// - Precondition: `multiplier` and `constant` are finite.
    /// - Complexity: O(1).
    @discardableResult
    mutating func addConstraint(
        _ first: ViewIndex, _ firstAttribute: LayoutAttribute, _ relation: Relation,
        multiplier: Double, _ second: ViewIndex?, _ secondAttribute: LayoutAttribute?,
        constant: Double, priority: Priority, origin: RowOrigin
    ) -> RowIndex {
        // The common case (no measured view, left to right: every attribute
        // is its geometry): the terms written to the stack as they are
        // (no six slots zeroed, no switch on the count for each term).
        if writesTermsAsWritten {
            return withUnsafeTemporaryAllocation(of: (VariableIndex, Double).self, capacity: 4) { scratch in
                let terms = scratch.baseAddress!
                let count = Self.writeTerms(first, firstAttribute, multiplier: multiplier, second, secondAttribute,
                                            to: terms)
                return addRow(contiguous: UnsafeBufferPointer(start: terms, count: count), constant: -constant,
                              relation: relation, priority: priority, origin: origin)
            }
        }
        var terms = AttributeTerms()
        // Made only for a measured view's baseline (rare): an empty array was
        // still released once per constraint.
        var baselines: [ContentPlan.BaselineTerm]?
        // Right to left, leading and trailing are `root.width - edge` (see
        // LayoutDirection; the root's left is 0). The root's width stays a
        // variable, so the row is right for any root size it is solved at.
        // A measured view's baseline is `top + offset`; the offset goes into
        // the row's constant once measured (ContentSizer).
        // (Layouts without measured views do not ask whether the attribute is a baseline.)
        func append(_ attribute: LayoutAttribute, of view: ViewIndex, scale: Double) {
            if !content.entryOfView.isEmpty, attribute.isBaseline, let entry = content.entryOfView[view.rawValue] {
                terms.append(view.variable(.top), scale)
                baselines = (baselines ?? []) + [.init(entry: entry, last: attribute != .firstBaseline, coefficient: scale)]
            } else if let edge = direction.mirroredEdge(of: attribute) {
                terms.append(edge, of: view, scale: -scale)
                terms.append(ViewIndex.root.variable(.width), scale)
            } else {
                terms.append(attribute, of: view, scale: scale)
            }
        }
        append(firstAttribute, of: first, scale: 1)
        if let second, let secondAttribute {
            append(secondAttribute, of: second, scale: -multiplier)
        }
        let row = terms.withUnsafeBufferPointer {
            addRow(contiguous: $0, constant: -constant, relation: relation, priority: priority, origin: origin)
        }
        if let baselines {
            content.baselineRows.append(.init(row: row, base: -constant, terms: baselines))
        }
        return row
    }

    /// Writes the terms of `first.firstAttribute − multiplier · second.secondAttribute`
    /// (of `first.firstAttribute` alone when `second` is `nil`) at `terms`,
    /// as ``addConstraint(_:_:_:multiplier:_:_:constant:priority:origin:)``
    /// writes them when no view is measured and the direction is left to
    /// right; returns how many (at most four, the room `terms` must have).
    @inline(__always)
    static func writeTerms(
        _ first: ViewIndex, _ firstAttribute: LayoutAttribute, multiplier: Double,
        _ second: ViewIndex?, _ secondAttribute: LayoutAttribute?, to terms: UnsafeMutablePointer<(VariableIndex, Double)>
    ) -> Int {
        var count = AttributeTerms.write(firstAttribute, of: first, scale: 1, to: terms)
        if let second, let secondAttribute {
            count &+= AttributeTerms.write(secondAttribute, of: second, scale: -multiplier, to: terms + count)
        }
        return count
    }

    /// The origin of a measured view's intrinsic rows until they are measured.
    static let unmeasuredOrigin = Origin(kind: .intrinsicSize, text: "a measured size, not measured yet")

    /// The measured views added so far and the rows that depend on their
    /// measurements (see ``ContentPlan``).
    private(set) var content = ContentPlan()

    /// Makes `view` a view whose content is measured: adds its intrinsic
    /// height rows (and width rows when `hasIntrinsicWidth`) with a length of
    /// 0 until the ``ContentSizer`` measures it, and lowers its baselines in
    /// later constraints as `top + offset`. Call it before adding the
    /// constraints that name the view.
    mutating func addMeasuredView(
        _ view: ViewIndex, id: String, location: String? = nil, text: Text?, hasIntrinsicWidth: Bool,
        hugging: (horizontal: Priority, vertical: Priority), resistance: (horizontal: Priority, vertical: Priority)
    ) {
        // The ContentSizer sets each row's constant and origin before the first solve.
        func rows(_ axis: LayoutAxis) -> RowIndex {
            addIntrinsicSize(view, axis: axis, length: 0,
                             hugging: axis == .horizontal ? hugging.horizontal : hugging.vertical,
                             resistance: axis == .horizontal ? resistance.horizontal : resistance.vertical,
                             origins: (.stored(Self.unmeasuredOrigin), .stored(Self.unmeasuredOrigin)))
        }
        let widthRow = hasIntrinsicWidth ? rows(.horizontal) : nil
        let heightRow = rows(.vertical)
        content.entryOfView[view.rawValue] = Int32(content.entries.count)
        content.entries.append(.init(view: view.rawValue, text: text, widthRow: widthRow, heightRow: heightRow,
                                     id: id, location: location ?? id, hugging: hugging, resistance: resistance))
    }

    /// Adds the rows of the Simple Layout Language rules in `book`, in
    /// dependency order, on up to `threads` threads (see `RuleBook.lower(into:threads:rowsThread:viewID:)`).
    mutating func addRules(
        _ book: inout RuleBook, threads: LoweringThreads = .one, rowsThread: ParkedThread? = nil,
        viewID: (ViewIndex) -> String
    ) -> Result<RuleSchedule, LayoutError> {
        book.lower(into: &self, threads: threads, rowsThread: rowsThread, viewID: viewID)
    }

    /// Adds the intrinsic-size rows of `view` along `axis`: hugging
    /// `dimension <= length @ hugging` and compression resistance
    /// `dimension >= length @ resistance`, with `origins` (see
    /// ``intrinsicOrigins(id:axis:length:hugging:resistance:)``).
    ///
    /// - Precondition: `length` is finite.
    /// - Returns: the hugging row; the resistance row follows it.
    @discardableResult
    mutating func addIntrinsicSize(
        _ view: ViewIndex, axis: LayoutAxis, length: Double,
        hugging: Priority, resistance: Priority, origins: (hugging: RowOrigin, resistance: RowOrigin)
    ) -> RowIndex {
        withUnsafePointer(to: (view.variable(axis == .horizontal ? .width : .height), 1.0)) { term in
            let terms = UnsafeBufferPointer(start: term, count: 1)
            let huggingRow = addRow(
                contiguous: terms, constant: -length, relation: .lessOrEqual, priority: hugging,
                origin: origins.hugging)
            _ = addRow(
                contiguous: terms, constant: -length, relation: .greaterOrEqual, priority: resistance,
                origin: origins.resistance)
            return huggingRow
        }
    }

    /// Every view's frame from solved variable values.
    ///
    /// - Parameters:
    ///   - values: the solution, indexed by ``VariableIndex`` (four per view).
    ///   - parents: each view's parent index, `-1` for the root.
    ///   - absolute: `true` for root coordinates; `false` (the default
    ///     elsewhere) for each view's parent's coordinates.
    ///   - rounding: when given, edges are rounded to device pixels first
    ///     (see ``PixelRounding``).
    /// - Complexity: O(views).
    static func frames(values: [Double], parents: [Int32], absolute: Bool, rounding: PixelRounding? = nil) -> [Rect] {
        if let rounding {
            // Rounding reads every edge in root coordinates first.
            let exact = frames(values: values, parents: parents, absolute: true)
            return rounding.round(absoluteFrames: exact, parents: parents, absolute: absolute)
        }
        var frames = [Rect]()
        frames.reserveCapacity(parents.count)
        forEachFrame(values: values, parents: parents, absolute: absolute, rounding: nil) { _, frame in
            frames.append(frame)
        }
        return frames
    }

    /// Hands `body` each view's frame, in view order, as ``frames(values:parents:absolute:rounding:)``
    /// computes them, without gathering them in an array first (a layout
    /// of views writes each straight into its view: at 10,000 views the
    /// array was 320 KB of fresh memory at a first layout).
    @inline(__always)
    static func forEachFrame(
        values: [Double], parents: [Int32], absolute: Bool, rounding: PixelRounding?, _ body: (Int, Rect) -> Void
    ) {
        if rounding != nil {
            for (i, frame) in frames(values: values, parents: parents, absolute: absolute, rounding: rounding).enumerated() {
                body(i, frame)
            }
            return
        }
        precondition(values.count >= 4 * parents.count, "solution is smaller than the layout")
        values.withUnsafeBufferPointer { v in
            for i in 0 ..< parents.count {
                let base = 4 * i
                var x = v[base]
                var y = v[base + 1]
                let p = Int(parents[i])
                if !absolute && p >= 0 {
                    x -= v[4 * p]
                    y -= v[4 * p + 1]
                }
                body(i, Rect(x: x, y: y, width: v[base + 2], height: v[base + 3]))
            }
        }
    }
}
