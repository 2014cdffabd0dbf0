/// The lines of one maker block, filled in by the chain of step types and
/// lowered to ``Constraint``s in one place, ``lower(view:into:)``.
///
/// The lines are values kept together in one array, not an object each:
/// a step refers to its line by this object and an index (a line object
/// was an allocation, a free and about ten retains and releases a line at
/// `list` 10,000). The maker holds this object while its block runs; a
/// step kept past the block holds it too, and goes on writing into its own
/// line.
///
/// The lowered lines are also what the origins of the block's constraints
/// are made of (``origin(ofLine:part:)``): each constraint keeps a
/// reference to this object and its line's index instead of a copy of the
/// line's values. Lowering keeps the lines as they are then
/// (`loweredLines`); a step written to later writes into `lines`, whose
/// storage is then copied (copy on write), so an origin's text stays the
/// one the line had when it was lowered. Lowering also lets go of the
/// target views (a line keeps their ids), so a constraint still keeps no
/// view alive through its origin.
final class MakerLines {
    // A block's lines are written and lowered on one thread, inside its
    // maker block: they skip the dynamic exclusivity check (about 7 % of a
    // maker build when the lines were objects).

    /// The constrained view's id, for origins.
    let viewID: String
    /// Every line, as the steps have written it.
    @exclusivity(unchecked) var lines: [MakerLine] = []
    /// The lines as they were lowered: what origins read. Set once, by lowering.
    @exclusivity(unchecked) private var loweredLines: [MakerLine] = []
    /// Set by lowering: lines written afterwards make nothing and hold no target view.
    @exclusivity(unchecked) private(set) var isLowered = false

    init(viewID: String) {
        self.viewID = viewID
    }

    /// Adds a line of `attributes`, written at `file` and `line` until its relation says otherwise; returns its index.
    func add(_ attributes: ConstraintAttributes, file: String, line: Int) -> Int {
        // Room for 4 lines at once (a block has a few: growing from 1 took
        // an allocation and a copy per doubling).
        if lines.isEmpty { lines.reserveCapacity(4) }
        lines.append(MakerLine(attributes: attributes, file: file, line: line))
        return lines.count - 1
    }

    /// Appends the inactive constraints of every line of `view`'s block to
    /// `made`, in order; a line with a mistake makes none and its problem is
    /// recorded on `view` for its next layout.
    func lower(view: View, into made: inout [Constraint]) {
        isLowered = true
        for index in lines.indices {
            lines[index].lower(view: view, viewID: viewID, in: self, at: index, into: &made)
        }
        loweredLines = lines
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
        /// Boxed (`indirect`): inline, its 32 bytes made every modifier, and
        /// every line, 24 bytes larger; `insets(_:)` is rare.
        indirect case insets(EdgeInsets)
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
    /// is recorded on `view` for its next layout. Then keeps the target's
    /// id instead of its view (``Target/forgetView()``).
    ///
    /// Mutating, so that the line is read in place in its array (called on
    /// an element, a non-mutating method took a copy of the line: about 270
    /// instructions a line to copy and destroy it).
    mutating func lower(view: View, viewID: String, in lines: MakerLines, at index: Int, into made: inout [Constraint]) {
        // After the line's constraints are made: they only borrowed the view.
        defer { target?.forgetView() }
        let start = made.count
        func report(_ problem: SwiftFrontEndProblem) {
            made.removeSubrange(start...)
            view.recordProblem(problem, origin: origin(viewID: viewID, part: nil), file: file, line: line)
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
                // The origin is the line itself, read from `lines` when
                // described: a reference and an index, not a copy of the
                // line's values in each constraint.
                origin: .maker(lines, line: index, part: several ? first : nil)))
        }
    }
}
