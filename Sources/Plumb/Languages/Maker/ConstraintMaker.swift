/// Makes constraints for one view, a line at a time, in the style of
/// Masonry and SnapKit. Reached through ``View/makeConstraints(file:line:_:)``,
/// ``View/updateConstraints(file:line:_:)``, ``View/remakeConstraints(file:line:_:)``
/// and a Fahrenheit block's `s.make`.
///
/// ```swift
/// card.makeConstraints { make in
///     make.top.left.equalTo(root).offset(20)        // top = root.top + 20, left = root.left + 20
///     make.width.equalTo(root).multipliedBy(0.5)    // width = 0.5 · root.width
///     make.height.equalTo(card.mas_width).dividedBy(2)
/// }
/// ```
///
/// Each line names attributes (`left right top bottom leading trailing width
/// height centerX centerY baseline`, and `edges size center` for several),
/// chained directly or with `.and`/`.with`; then a relation (`equalTo`,
/// `lessThanOrEqualTo`, `greaterThanOrEqualTo`) to a view, a view attribute
/// (`other.mas_right`) or a number; then modifiers (`offset`, `inset`,
/// `insets`, `multipliedBy`, `dividedBy`) and a `priority`, required (1000)
/// by default. The grammar is in the types: a priority before a relation
/// does not compile.
///
/// The maker only translates: each line becomes one ``Constraint`` per
/// attribute. Mistakes (a line without relation, mismatched attributes, a
/// priority out of range) make no constraint and are reported by the next
/// ``View/layout(width:height:direction:scale:measurer:)`` of a tree holding the view, as
/// ``LayoutProblem/swiftFrontEnd(_:)`` with the line and its file and line number.
public final class ConstraintMaker: ConstraintAttributeChain {
    /// The view being constrained. Once the block has ended, a maker that
    /// nothing held waits for the thread's next `makeConstraints` block
    /// holding no view of its last block: read then (through a `weak`
    /// reference), this is a placeholder view.
    public var view: View { heldView ?? Self.parkedView }
    /// The view, `nil` while the maker is parked. An optional rather than
    /// the placeholder itself: parking stored the placeholder (a lazily made
    /// global's check and a retain of it, a block), and the next block
    /// released it.
    @exclusivity(unchecked) private var heldView: View?
    /// What ``view`` reads while the maker is parked. Never changed (no
    /// subview, constraint or size is given to it).
    nonisolated(unsafe) private static let parkedView = View("")
    /// The block's lines (see ``MakerLines``).
    let lines: MakerLines
    /// The step objects of the last line, given to the next line when only
    /// the maker holds them: a line is one statement, whose steps are
    /// released at its end, so a block makes one `ConstraintMakerExtendable`
    /// and one `ConstraintMakerEditable` instead of one each a line (an
    /// allocation and a free each). A step the user keeps (in a variable, to
    /// change later) is not unique, and the next line gets a new one. The
    /// spare `Extendable` holds this maker (to reach the spare `Editable`):
    /// a step given up as the spare, and ``lower(recycling:)``, clear that
    /// reference, which breaks the cycle, so no step refers to a maker that
    /// has lowered. When the block ends, spares that only the maker holds go
    /// with the maker to the thread's next block, or to the thread's next
    /// maker (``ThreadSpares``).
    @exclusivity(unchecked) private var spareExtendable: ConstraintMakerExtendable?
    @exclusivity(unchecked) private var spareEditable: ConstraintMakerEditable?

    /// What the thread's last blocks left for its next ones, nothing else
    /// holding it.
    ///
    /// - `maker`: the maker of the last `makeConstraints` block, when nothing
    ///   held it once its block ended and nothing reads its lines
    ///   (``MakerLines/isDone``: no step was kept and every constraint keeps
    ///   its own origin). The next block's maker is that object, its lines'
    ///   room and spare steps with it (``make(view:file:line:)``): a block
    ///   then allocates none of them (three to five allocations and frees a
    ///   block otherwise). A parked maker holds no view of its last block
    ///   (none until it is used again).
    /// - `extendable`, `editable`: steps a maker gave up when its block
    ///   ended, nothing else holding them, for the thread's next maker that
    ///   needs one (blocks whose maker is not parked: Fahrenheit blocks,
    ///   ``View/updateConstraints(file:line:_:)``, kept makers).
    struct ThreadSpares {
        var maker: ConstraintMaker?
        var extendable: ConstraintMakerExtendable?
        var editable: ConstraintMakerEditable?
    }
    static let threadSpares = ThreadLocal<ThreadSpares> { ThreadSpares() }
    @exclusivity(unchecked) private var file: String
    @exclusivity(unchecked) private var line: Int

    init(view: View, file: String, line: Int) {
        self.heldView = view
        self.lines = MakerLines(viewID: view.id)
        self.file = file
        self.line = line
    }

    /// The maker of a `makeConstraints` block of `view`: the thread's parked
    /// maker (see ``ThreadSpares``) when only the thread's slot held it,
    /// else a new one.
    static func make(view: View, file: String, line: Int) -> ConstraintMaker {
        guard var parked = threadSpares.withValue({ $0.maker.take() }) else {
            return ConstraintMaker(view: view, file: file, line: line)
        }
        // A weak reference made strong after its block holds it too: then it
        // is not used again.
        // A step it made then may write to its lines: neither is used again.
        guard isKnownUniquelyReferenced(&parked), !parked.lines.stepsGivenAway else {
            return ConstraintMaker(view: view, file: file, line: line)
        }
        parked.heldView = view
        parked.file = file
        parked.line = line
        parked.lines.reuse(viewID: view.id)
        parked.spareExtendable?.maker = parked
        return parked
    }

    public func _adding(_ attributes: _ConstraintAttributeSet) -> ConstraintMakerExtendable {
        let index = lines.add(attributes.set, file: file, line: line)
        // Steps made after lowering are not kept as spares; they are the user's.
        guard !lines.isLowered else {
            lines.stepsGivenAway = true
            return ConstraintMakerExtendable(lines, index, maker: nil)
        }
        if isKnownUniquelyReferenced(&spareExtendable), let step = spareExtendable {
            step.index = index  // the same lines: only the index changes
            return step
        }
        // The old spare is the user's now: it no longer refers to this maker
        // (its relation then makes an `Editable` of its own), and it may
        // describe or write its line after the block.
        if let given = spareExtendable {
            given.maker = nil
            lines.stepsGivenAway = true
        }
        let step: ConstraintMakerExtendable
        if let kept = Self.threadSpares.withValue({ $0.extendable.take() }) {
            kept.move(to: lines, index)
            kept.maker = self
            step = kept
        } else {
            step = ConstraintMakerExtendable(lines, index, maker: self)
        }
        spareExtendable = step
        return step
    }

    /// The `ConstraintMakerEditable` for line `index`, whose relation was
    /// just written: the spare one when nothing else holds it, else a new
    /// one (kept as the spare).
    func editable(for index: Int) -> ConstraintMakerEditable {
        guard !lines.isLowered else { return ConstraintMakerEditable(lines, index) }
        if isKnownUniquelyReferenced(&spareEditable), let step = spareEditable {
            step.index = index
            return step
        }
        if spareEditable != nil { lines.stepsGivenAway = true }  // the old spare is the user's
        let step: ConstraintMakerEditable
        if let kept = Self.threadSpares.withValue({ $0.editable.take() }) {
            kept.move(to: lines, index)
            step = kept
        } else {
            step = ConstraintMakerEditable(lines, index)
        }
        spareEditable = step
        return step
    }

    /// Lets go of the spare `Extendable`'s reference to this maker (see
    /// ``lower(recycling:)``, which does it too), so that a reference the
    /// block kept is the only other one.
    func endBlock() {
        // The step lent (the maker holds it), not loaded.
        if let step = spareExtendable.map({ Unmanaged.passUnretained($0) }) {
            step._withUnsafeGuaranteedRef { $0.maker = nil }
        }
    }

    /// Every line's constraints (inactive), in order; mistakes are recorded
    /// on the view. With `recycling` (nothing but the caller holds this
    /// maker, and the caller lets it go), the maker is parked for the
    /// thread's next block when nothing reads its lines any more
    /// (``MakerLines/isDone``; see ``ThreadSpares``): a maker kept past its
    /// block may still add lines to its object.
    func lower(recycling: Bool = false) -> [Constraint] {
        // The spares' reference back to this maker goes: after the block,
        // every step is an object of its own. A spare that something else
        // holds is the user's, and may still write its line.
        endBlock()
        if !isKnownUniquelyReferenced(&spareExtendable) && spareExtendable != nil
            || !isKnownUniquelyReferenced(&spareEditable) && spareEditable != nil
        {
            lines.stepsGivenAway = true
        }
        // The lines and the view lent: this maker holds both until it
        // returns (loaded, each was a retain and a release a block). The
        // array is made once, with room for every constraint the lines
        // can make (at least one, so that there is memory to write to).
        let lentView = Unmanaged.passUnretained(heldView!)
        let made = Unmanaged.passUnretained(lines)._withUnsafeGuaranteedRef { lines in
            [Constraint](unsafeUninitializedCapacity: max(lines.attributeCount, 1)) { room, written in
                var into = MadeConstraints(room)
                lentView._withUnsafeGuaranteedRef { lines.lower(view: $0, into: &into) }
                written = into.count
            }
        }
        if recycling && lines.isDone {
            // Parked with its spares (only it holds them), holding no view.
            heldView = nil
            Self.threadSpares.withValue { $0.maker = self }
            return made
        }
        // Spares nothing else holds go to the thread's next maker.
        let extendable = isKnownUniquelyReferenced(&spareExtendable) ? spareExtendable.take() : nil
        let editable = isKnownUniquelyReferenced(&spareEditable) ? spareEditable.take() : nil
        spareExtendable = nil
        spareEditable = nil
        if extendable != nil || editable != nil {
            Self.threadSpares.withValue { spares in
                if let extendable { spares.extendable = extendable }
                if let editable { spares.editable = editable }
            }
        }
        return made
    }
}
