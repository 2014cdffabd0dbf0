/// The lines of one maker block, filled in by the chain of step types and
/// lowered to ``Constraint``s in one place, ``lower(view:into:)``.
///
/// The lines are values kept together in one buffer, not an object each:
/// a step refers to its line by this object and an index (a line object
/// was an allocation, a free and about ten retains and releases a line at
/// `list` 10,000). The maker holds this object while its block runs; a
/// step kept past the block holds it too, and goes on writing into its own
/// line.
///
/// The buffer is this object's own memory, not an array: an array asked
/// whether it was unique at each append and at each step's write, and
/// emptied itself through its general range replacement (about 6 % of a
/// maker build's instructions at `list` 10,000).
///
/// The constraints of a line of the common shapes keep their origin's
/// values themselves (``MakerConstraintOrigin``). Those of other lines (two
/// modifiers, `insets`, a number target with a modifier) are made of the
/// lowered lines (``origin(ofLine:part:)``): each keeps a reference to this
/// object and its line's index. Lowering then keeps a copy of the lines
/// (`loweredLines`); a step written to later writes into its line in the
/// buffer, so an origin's text stays the one the line had when it was
/// lowered, and lets go of the target views (a line keeps their ids), so
/// a constraint still keeps no view alive through its origin. When nothing
/// reads the lines after lowering (``isDone``), they are let go, and the
/// object goes with its maker to the thread's next block.
final class MakerLines {
    // A block's lines are written and lowered on one thread, inside its
    // maker block: they skip the dynamic exclusivity check (about 7 % of a
    // maker build when the lines were objects).

    /// The constrained view's id, for origins.
    @exclusivity(unchecked) private(set) var viewID: String
    /// Every line, as the steps have written it: `count` lines at `storage`,
    /// room for `capacity` (no memory until the first line).
    @exclusivity(unchecked) private var storage: UnsafeMutablePointer<MakerLine>?
    @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private var capacity = 0
    /// The lines as they were lowered: what origins read. Set once, by lowering.
    @exclusivity(unchecked) private var loweredLines: [MakerLine] = []
    /// Set by lowering: lines written afterwards make nothing and hold no target view.
    @exclusivity(unchecked) private(set) var isLowered = false
    /// Set by the maker when a step of this block may be held by the user
    /// (a spare step found held elsewhere): the lines are then kept after
    /// lowering, for those steps to describe and write.
    @exclusivity(unchecked) var stepsGivenAway = false

    init(viewID: String) {
        self.viewID = viewID
    }

    deinit {
        if let storage {
            storage.deinitialize(count: count)
            storage.deallocate()
        }
    }

    /// Line `index`, changed in place by `change`.
    @inline(__always)
    func withLine<R>(_ index: Int, _ change: (inout MakerLine) -> R) -> R {
        precondition(index >= 0 && index < count, "maker line out of range")
        return change(&storage.unsafelyUnwrapped[index])
    }

    /// Line `index`, as written so far.
    func line(_ index: Int) -> MakerLine {
        withLine(index) { $0 }
    }

    /// Lets every line go; the room for up to `keeping` lines is kept
    /// (larger room is given back).
    private func removeAll(keeping: Int) {
        guard let storage else { return }
        storage.deinitialize(count: count)
        count = 0
        if capacity > keeping {
            storage.deallocate()
            self.storage = nil
            capacity = 0
        }
    }

    /// Whether nothing reads these lines once the block is lowered: no
    /// constraint's origin refers to them and no step was given to the
    /// user. The maker, with this object, then serves the thread's next
    /// block if nothing holds the maker either
    /// (``ConstraintMaker/lower(recycling:)``).
    private(set) var isDone = false

    /// Makes a done object (``isDone``) the empty lines of `viewID`'s
    /// block, keeping the array's room.
    func reuse(viewID: String) {
        self.viewID = viewID
        if count > 0 { removeAll(keeping: .max) }
        namesSeveral = false
        isLowered = false
        stepsGivenAway = false
        isDone = false
    }

    /// Set when a line names several attributes (`make.edges`,
    /// `make.left.right`): the lines may then make more constraints than
    /// there are lines (``attributeCount``).
    @exclusivity(unchecked) var namesSeveral = false

    /// How many constraints the lines make at most: one per attribute named
    /// (counted only when a line names several; else one a line).
    var attributeCount: Int {
        guard namesSeveral else { return count }
        var n = 0
        for index in 0 ..< count { n += storage.unsafelyUnwrapped[index].attributes.rawValue.nonzeroBitCount }
        return n
    }

    /// Adds a line of `attributes`, written at `file` and `line` until its relation says otherwise; returns its index.
    @inline(__always)
    func add(_ attributes: ConstraintAttributes, file: String, line: Int) -> Int {
        // Room for 4 lines at once (a block has a few), then doubled.
        if count == capacity { grow() }
        if attributes.rawValue & (attributes.rawValue &- 1) != 0 { namesSeveral = true }
        (storage.unsafelyUnwrapped + count).initialize(to: MakerLine(attributes: attributes, file: file, line: line))
        count += 1
        return count - 1
    }

    private func grow() {
        let larger = max(4, 2 * capacity)
        let moved = UnsafeMutablePointer<MakerLine>.allocate(capacity: larger)
        if let storage {
            moved.moveInitialize(from: storage, count: count)
            storage.deallocate()
        }
        storage = moved
        capacity = larger
    }

    /// Appends the inactive constraints of every line of `view`'s block to
    /// `made`, in order; a line with a mistake makes none and its problem is
    /// recorded on `view` for its next layout.
    ///
    /// Most lines' constraints keep their origin in themselves
    /// (``MakerConstraintOrigin``); a line of another shape refers to this
    /// object, which then keeps the lines as lowered. When no constraint
    /// refers to it and no step was given to the user (`stepsGivenAway`),
    /// nothing reads the lines again: they are let go (with their target
    /// views), and the object may serve the thread's next block. Otherwise each
    /// line keeps its target's id instead of its view
    /// (``MakerLine/Target/forgetView()``), as kept steps may still
    /// describe their lines.
    func lower(view: View, into made: inout MadeConstraints) {
        isLowered = true
        var shared = false
        // The id read once (read each time, it was a retain and a release
        // a line).
        let viewID = viewID
        let lines = storage
        for index in 0 ..< count {
            if !lines.unsafelyUnwrapped[index].lower(view: view, viewID: viewID, in: self, at: index, into: &made) {
                shared = true
            }
        }
        if !shared && !stepsGivenAway {
            // Room for up to 16 lines is kept for a next block.
            removeAll(keeping: 16)
            isDone = true
            return
        }
        for index in 0 ..< count { lines.unsafelyUnwrapped[index].target?.forgetView() }
        guard shared else { return }
        loweredLines = Array(UnsafeBufferPointer(start: lines, count: count))
        // With no step given away, only the origins read the lines, from
        // the copy: the room goes (kept, it held the block's lines twice).
        if !stepsGivenAway { removeAll(keeping: 0) }
    }

    /// The origin of the constraint of line `index`'s attribute `part` (`nil`
    /// when the line names one attribute), as the line was when lowered:
    /// `card: make.left.equalTo(root).offset(16)` at the line's file and line.
    func origin(ofLine index: Int, part: LayoutAttribute?) -> Origin {
        loweredLines[index].origin(viewID: viewID, part: part)
    }
}

/// Everything one maker line says.
///
/// `make.left.right.equalTo(other).offset(8).priority(.high)` is one line:
/// attributes `left, right`, relation `=`, target `other`, constant 8,
/// priority 750.
struct MakerLine {
    var attributes: ConstraintAttributes
    var relation: Relation?
    var target: Target?
    var multiplier: Double = 1
    var offset: Double = 0
    /// Whether an `inset` or `insets` modifier was written: the insets are
    /// then added up from the modifiers when the line is lowered
    /// (``Modifiers/insets``), not kept beside them (the line is 32 bytes
    /// smaller, and a block's lines live as long as its constraints).
    var hasInsets = false
    var priority: LayoutPriority = .required
    /// Whether the line was divided by zero, the one mistake a step can
    /// make (reported when it is lowered; the others are found there). A
    /// flag, not an optional problem: the line is 48 bytes smaller.
    var dividesByZero = false
    /// The modifiers written after the relation, in order, for origins.
    var modifiers = Modifiers()
    /// Where the relation was written, else where the maker was made.
    var file: String
    var line: Int

    init(attributes: ConstraintAttributes, file: String, line: Int) {
        self.attributes = attributes
        self.file = file
        self.line = line
    }

    /// Records where the relation was written. The file is assigned only
    /// when it is another string than the one kept (nearly always the
    /// same literal as the maker's: its assignment was a retain and a
    /// release of it, two calls into the runtime).
    mutating func relate(at file: String, _ line: Int) {
        if self.file != file { self.file = file }
        self.line = line
    }

    /// A line's target.
    enum Target {
        /// As written: a view, a view's attributes or a number. The view is
        /// held until the line is lowered (its constraints refer to it).
        case written(ConstraintTarget)
        /// A view's id and the attributes named (`nil`: the view itself), once
        /// the line is lowered or when written after that: holds no view.
        case named(String, ConstraintAttributes?)

        /// The target as written: `other`, `other.right`, `8`.
        var text: String {
            switch self {
            case .written(let target): target.description
            case .named(let id, nil): id
            case .named(let id, let attributes?): id + "." + attributes.text
            }
        }

        /// What lowering reads of a target as written: its view, lent (the
        /// target holds it), the attributes named (`nil`: the same as the
        /// line's) and the number (0 for a view); `nil` once named.
        var lent: (view: Unmanaged<View>?, attributes: ConstraintAttributes?, number: Double)? {
            guard case .written(let target) = self else { return nil }
            switch target.kind {
            case .view(let v): return (Unmanaged.passUnretained(v), nil, 0)
            case .attribute(let a): return (Unmanaged.passUnretained(a.view), a.attributes, 0)
            case .number(let n): return (nil, nil, n)
            }
        }

        /// Keeps the view's id instead of the view.
        mutating func forgetView() {
            guard case .written(let target) = self else { return }
            switch target.kind {
            case .view(let v): self = .named(v.id, nil)
            case .attribute(let a): self = .named(a.view.id, a.attributes)
            case .number: break
            }
        }
    }

    /// The modifiers of a line in order: the first apart from the rest, so
    /// that the common line with one (`.offset(8)`) needs no array (an
    /// allocation and a free per line).
    struct Modifiers {
        private var first: Modifier?
        private var rest: [Modifier] = []

        mutating func append(_ m: Modifier) {
            if first == nil { first = m } else { rest.append(m) }
        }

        /// The `inset` and `insets` modifiers added up, in the order written.
        var insets: EdgeInsets {
            var sum = EdgeInsets.zero
            func add(_ m: Modifier) {
                let i: EdgeInsets
                switch m {
                case .inset(let x): i = EdgeInsets(all: x)
                case .insets(let given): i = given
                default: return
                }
                sum.top += i.top
                sum.left += i.left
                sum.bottom += i.bottom
                sum.right += i.right
            }
            if let first { add(first) }
            for m in rest { add(m) }
            return sum
        }

        /// The one modifier written, as its kind and argument (`.none` and 0
        /// when there is none); `nil` for several, or for `insets(_:)`.
        var single: (MakerConstraintOrigin.ModifierKind, Double)? {
            guard let first else { return (.none, 0) }
            guard rest.isEmpty else { return nil }
            switch first {
            case .offset(let x): return (.offset, x)
            case .inset(let x): return (.inset, x)
            case .insets: return nil
            case .multipliedBy(let x): return (.multipliedBy, x)
            case .dividedBy(let x): return (.dividedBy, x)
            case .priority(let p): return (.priority, p.value)
            }
        }

        /// The text of every modifier, in order: `.offset(8).priority(750)`.
        var text: String {
            guard let first else { return "" }
            var s = first.text
            for m in rest { s += m.text }
            return s
        }
    }

    /// One modifier as written: `.offset(8)`, `.priority(750)`.
    enum Modifier {
        case offset(Double)
        case inset(Double)
        /// Inline: a modifier is then plain data, copied and destroyed
        /// without calls (boxed, it made every line 24 bytes smaller, when
        /// a block's lines lived as long as its constraints; now they
        /// rarely outlive their block).
        case insets(EdgeInsets)
        case multipliedBy(Double)
        case dividedBy(Double)
        case priority(LayoutPriority)

        var text: String {
            switch self {
            case .offset(let n): ".offset(\(NumberFormatting.shortest(n)))"
            case .inset(let n): ".inset(\(NumberFormatting.shortest(n)))"
            case .insets(let i): ".insets(\(i))"
            case .multipliedBy(let n): ".multipliedBy(\(NumberFormatting.shortest(n)))"
            case .dividedBy(let n): ".dividedBy(\(NumberFormatting.shortest(n)))"
            case .priority(let p): ".priority(\(p))"
            }
        }
    }

    /// The line as written: `make.left.right.equalTo(other).offset(8)`.
    var text: String {
        var s = "make." + attributes.text
        if let relation, let target {
            s += "." + Self.method(relation) + "(" + target.text + ")"
        }
        s += modifiers.text
        return s
    }

    /// The origin of the line's constraint of attribute `part` (`nil` when
    /// the line names one attribute), or of the whole line (`nil`), for the
    /// view of id `viewID`.
    func origin(viewID: String, part: LayoutAttribute?) -> Origin {
        Origin(kind: .code, text: "\(viewID): \(text)" + (part.map { " (\($0))" } ?? ""), file: file, line: line)
    }

    static func method(_ relation: Relation) -> String {
        switch relation {
        case .equal: "equalTo"
        case .lessOrEqual: "lessThanOrEqualTo"
        case .greaterOrEqual: "greaterThanOrEqualTo"
        }
    }

    /// What an inset moves each attribute by: edges inward, centers toward
    /// the middle of the inset rectangle, sizes by both insets of their axis.
    static func insetConstant(_ attribute: LayoutAttribute, _ i: EdgeInsets) -> Double {
        switch attribute {
        case .left, .leading: i.left
        case .right, .trailing: -i.right
        case .top: i.top
        case .bottom, .baseline, .firstBaseline, .lastBaseline: -i.bottom
        case .centerX: (i.left - i.right) / 2
        case .centerY: (i.top - i.bottom) / 2
        case .width: -(i.left + i.right)
        case .height: -(i.top + i.bottom)
        }
    }

    /// Appends the inactive constraints of this line, line `index` of
    /// `lines`, to `made`, one per attribute; on a mistake, none: the problem
    /// is recorded on `view` for its next layout. Returns `false` when the
    /// constraints' origins refer to `lines` (``ConstraintOrigin/maker(_:line:part:)``),
    /// which must then keep the line as lowered; `true` when each keeps its
    /// own (``MakerConstraintOrigin``) or none was made.
    ///
    /// Mutating, so that the line is read in place in its array (called on
    /// an element, a non-mutating method took a copy of the line: about 270
    /// instructions a line to copy and destroy it).
    mutating func lower(view: View, viewID: String, in lines: MakerLines, at index: Int, into made: inout MadeConstraints) -> Bool {
        let start = made.count
        func report(_ problem: SwiftFrontEndProblem) -> Bool {
            made.removeLast(from: start)
            view.recordProblem(problem, origin: origin(viewID: viewID, part: nil), file: file, line: line)
            return true
        }
        if dividesByZero { return report(.divisionByZero) }
        // The target read without binding it (a binding copied it: a retain
        // and a release, outlined).
        guard let relation, let lent = target?.lent else { return report(.missingRelation(attributes.text)) }
        guard let priority = priority.priority else { return report(.priorityOutOfRange(self.priority.value)) }

        let insets = hasInsets ? modifiers.insets : .zero

        // The views are lent, not loaded (a load retains and releases):
        // the target's view is held by `target` (this line's), the
        // superview by the tree, and nothing below releases either before
        // the constraints are made (see `ViewReference`).
        let (targetView, targetAttributes, number) = lent
        // Whether each constraint keeps its origin (a line of a shape it can
        // hold), and the one number and modifier kind it keeps. Decided
        // here without strings; the origin is made in place in each
        // constraint (made as a local and moved in, it was copied and
        // destroyed: about 500 instructions a constraint).
        let own = MakerConstraintOrigin.shape(
            of: self, targetIsView: targetView != nil, targetAttributes: targetAttributes, number: number)

        // The attributes in their order (``ConstraintAttributes/layoutAttributes``),
        // read bit by bit rather than made into an array.
        let several = attributes.rawValue.nonzeroBitCount > 1
        var bits = attributes.rawValue
        while bits != 0 {
            let first = ConstraintAttributes.attribute(bit: bits.trailingZeroBitCount)
            bits &= bits &- 1
            var second: (view: Unmanaged<View>, attribute: LayoutAttribute)?
            var constant = offset + Self.insetConstant(first, insets)
            if let targetView {
                if let others = targetAttributes?.rawValue {
                    if others.nonzeroBitCount == 1 {
                        second = (targetView, ConstraintAttributes.attribute(bit: others.trailingZeroBitCount))
                    } else if others == attributes.rawValue {
                        second = (targetView, first)
                    } else {
                        return report(.targetAttributesMismatch(attributes.text, target!.text))
                    }
                } else {
                    second = (targetView, first)
                }
            } else {
                constant += number
                if !first.isDimension {
                    guard let superview = view.lentSuperview else { return report(.numberNeedsSuperview(first.name)) }
                    second = (superview, first)
                }
            }
            if let second, !first.canBeRelated(to: second.attribute) {
                let secondID = second.view._withUnsafeGuaranteedRef { $0.id }
                return report(.incompatibleAttributes("\(view.id).\(first)", "\(secondID).\(second.attribute)"))
            }
            made.append(Constraint(
                view, first, relation, multiplier: second == nil ? 1 : multiplier, lent: second?.view,
                second?.attribute, constant: constant, priority: priority,
                origin: own.kept
                    ? .makerLine(MakerConstraintOrigin(
                        viewID: viewID, relation: relation, modifier: own.modifier, part: several ? first : nil,
                        targetID: targetView.map { $0._withUnsafeGuaranteedRef { $0.id } } ?? "",
                        file: file, number: own.number, line: own.line, attributes: attributes,
                        targetAttributes: targetAttributes ?? []))
                    // The line itself, read from `lines` when described: a
                    // reference and an index.
                    : .maker(lines, line: index, part: several ? first : nil)))
        }
        return own.kept
    }
}

/// The constraints of a block as lowering makes them, written in order into
/// the memory of the array the block returns, made once with room for one
/// constraint per attribute its lines name (``MakerLines/attributeCount``).
/// An array appended to asked at each append whether it was unique and had
/// room.
struct MadeConstraints {
    private let base: UnsafeMutablePointer<Constraint>
    private let capacity: Int
    /// The constraints written so far, at the start of the room.
    private(set) var count = 0

    init(_ room: UnsafeMutableBufferPointer<Constraint>) {
        base = room.baseAddress.unsafelyUnwrapped
        capacity = room.count
    }

    @inline(__always)
    mutating func append(_ constraint: __owned Constraint) {
        // A line makes at most one constraint per attribute it names.
        assert(count < capacity, "more maker constraints than attributes")
        (base + count).initialize(to: constraint)
        count += 1
    }

    /// Lets go of the constraints written from `start` on (a line's, when
    /// the line turns out to be a mistake).
    mutating func removeLast(from start: Int) {
        (base + start).deinitialize(count: count - start)
        count = start
    }
}

/// The origin of a maker constraint, kept in the constraint: the ids, file
/// and line number, and the one number of a line of the common shapes (a
/// view or view-attribute target with at most one modifier, or a number
/// target with none: `make.left.equalTo(other.mas_right).offset(8)`,
/// `make.width.equalTo(28)`). Other lines' constraints refer to their
/// block's lines instead (``ConstraintOrigin/maker(_:line:part:)``).
///
/// It fits in the room a constraint has for its origin (Mortar's part
/// origin is as large), so it costs a constraint no memory, while the
/// block's lines (about 600 bytes a block of four lines, kept as long as
/// the constraints when every origin referred to them) are let go with the
/// block. The text it makes is the one the line makes
/// (``MakerLine/origin(viewID:part:)``).
///
/// The fields are in this order for ``ConstraintOrigin``'s size: bytes 19
/// to 23 are padding, as in every other case's payload, and the enum keeps
/// its case there (with a string at byte 16, `Constraint` grew a byte, to
/// 153, and each a 16-byte larger allocation).
struct MakerConstraintOrigin {
    var viewID: String
    var relation: Relation
    /// The modifier written after the relation (its argument in `number`),
    /// or a number target (in `number`, no modifier).
    var modifier: ModifierKind
    /// The attribute of this constraint when the line names several.
    var part: LayoutAttribute?
    /// The target view's id; empty for a number target.
    var targetID: String
    var file: String
    /// The target's number, or the modifier's argument.
    var number: Double
    var line: Int32
    var attributes: ConstraintAttributes
    /// The target's attributes; empty when the target is the view itself.
    var targetAttributes: ConstraintAttributes

    enum ModifierKind: UInt8 {
        case none, offset, inset, multipliedBy, dividedBy, priority
        /// No modifier, and the target is a number.
        case numberTarget
    }

    /// What a constraint of `line` keeps besides its strings: whether the
    /// line has a shape its constraints can hold (`kept`), the number and the
    /// modifier's kind, and the line number. `targetIsView`,
    /// `targetAttributes` and `number` are what lowering read of the target.
    static func shape(
        of line: MakerLine, targetIsView: Bool, targetAttributes: ConstraintAttributes?, number: Double
    ) -> (kept: Bool, number: Double, modifier: ModifierKind, line: Int32) {
        let none = (false, 0.0, ModifierKind.none, Int32(0))
        guard let lineNumber = Int32(exactly: line.line), let (kind, argument) = line.modifiers.single else { return none }
        if targetIsView {
            if let targetAttributes, targetAttributes.isEmpty { return none }
            return (true, argument, kind, lineNumber)
        }
        // The number and a modifier's argument would need two numbers.
        guard kind == .none else { return none }
        return (true, number, .numberTarget, lineNumber)
    }

    /// The origin, made as the line makes it.
    var origin: Origin {
        var s = viewID
        s += ": make."
        s += attributes.text
        s += "."
        s += MakerLine.method(relation)
        s += "("
        if modifier == .numberTarget {
            s += NumberFormatting.shortest(number)
        } else {
            s += targetID
            if !targetAttributes.isEmpty {
                s += "."
                s += targetAttributes.text
            }
        }
        s += ")"
        let modifier: MakerLine.Modifier? = switch self.modifier {
        case .none, .numberTarget: nil
        case .offset: .offset(number)
        case .inset: .inset(number)
        case .multipliedBy: .multipliedBy(number)
        case .dividedBy: .dividedBy(number)
        case .priority: .priority(LayoutPriority(number))
        }
        if let modifier { s += modifier.text }
        if let part { s += " (\(part))" }
        return Origin(kind: .code, text: s, file: file, line: Int(line))
    }
}
