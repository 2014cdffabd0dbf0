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
    /// The view being constrained.
    public let view: View
    /// The block's lines (see ``MakerLines``).
    let lines: MakerLines
    /// The step objects of the last line, given to the next line when only
    /// the maker holds them: a line is one statement, whose steps are
    /// released at its end, so a block makes one `ConstraintMakerExtendable`
    /// and one `ConstraintMakerEditable` instead of one each a line (an
    /// allocation and a free each). A step the user keeps (in a variable, to
    /// change later) is not unique, and the next line gets a new one. The
    /// spare `Extendable` holds this maker (to reach the spare `Editable`):
    /// a step given up as the spare, and ``lower()``, clear that reference,
    /// which breaks the cycle, so no step refers to a maker that has lowered.
    /// When the block ends, spares that only the maker holds go to the
    /// thread's next maker (``ThreadSpares``).
    @exclusivity(unchecked) private var spareExtendable: ConstraintMakerExtendable?
    @exclusivity(unchecked) private var spareEditable: ConstraintMakerEditable?

    /// Step objects a maker of this thread gave up when its block ended,
    /// nothing else holding them, for the thread's next maker: a block of
    /// one view's lines, the common one, then makes no step object at all
    /// (two allocations and two frees a block). At most one of each; a
    /// maker takes one only when it needs a new step.
    struct ThreadSpares {
        var extendable: ConstraintMakerExtendable?
        var editable: ConstraintMakerEditable?
    }
    static let threadSpares = ThreadLocal<ThreadSpares> { ThreadSpares() }
    private let file: String
    private let line: Int

    init(view: View, file: String, line: Int) {
        self.view = view
        self.lines = MakerLines(viewID: view.id)
        self.file = file
        self.line = line
    }

    public func _adding(_ attributes: _ConstraintAttributeSet) -> ConstraintMakerExtendable {
        let index = lines.add(attributes.set, file: file, line: line)
        // Steps made after lowering are not kept as spares.
        guard !lines.isLowered else { return ConstraintMakerExtendable(lines, index, maker: nil) }
        if isKnownUniquelyReferenced(&spareExtendable), let step = spareExtendable {
            step.index = index  // the same lines: only the index changes
            return step
        }
        // The old spare is the user's now: it no longer refers to this maker
        // (its relation then makes an `Editable` of its own).
        spareExtendable?.maker = nil
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

    /// Every line's constraints (inactive), in order; mistakes are recorded on the view.
    func lower() -> [Constraint] {
        // The spares and their reference back to this maker go: after the
        // block, every step is an object of its own. Those nothing else
        // holds go to the thread's next maker; a step the user keeps stays
        // theirs, writing into its line.
        spareExtendable?.maker = nil
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
        var made: [Constraint] = []
        made.reserveCapacity(lines.lines.count)
        lines.lower(view: view, into: &made)
        return made
    }
}
