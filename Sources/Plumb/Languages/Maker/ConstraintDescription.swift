/// Everything one maker line says, filled in by the chain of step types and
/// lowered to ``Constraint``s in one place, ``lower(into:)``.
///
/// `make.left.right.equalTo(other).offset(8).priority(.high)` is one
/// description: attributes `left, right`, relation `=`, target `other`,
/// constant 8, priority 750.
final class ConstraintDescription {
    // Each step of a line reads or writes these: they skip the dynamic
    // exclusivity check (a line is made and lowered on one thread, inside
    // its maker block), which was about 7 % of a maker build.
    let view: View
    @exclusivity(unchecked) var attributes: ConstraintAttributes
    @exclusivity(unchecked) var relation: Relation?
    @exclusivity(unchecked) var target: ConstraintTarget?
    @exclusivity(unchecked) var multiplier: Double = 1
    @exclusivity(unchecked) var offset: Double = 0
    @exclusivity(unchecked) var insets: EdgeInsets = .zero
    @exclusivity(unchecked) var priority: LayoutPriority = .required
    /// The first mistake made on the line (reported when it is lowered).
    @exclusivity(unchecked) var problem: SwiftFrontEndProblem?
    /// The modifiers written after the relation, in order, for origins.
    @exclusivity(unchecked) var modifiers = Modifiers()
    /// Where the relation was written, else where the maker was made.
    @exclusivity(unchecked) var file: String
    @exclusivity(unchecked) var line: Int
    /// The modifiers of a line in order: the first apart from the rest, so
    /// that the common line with one (`.offset(8)`) needs no array (an
    /// allocation and a free per line).
    struct Modifiers {
        private var first: Modifier?
        private var rest: [Modifier] = []

        mutating func append(_ m: Modifier) {
            if first == nil { first = m } else { rest.append(m) }
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

    init(view: View, attributes: ConstraintAttributes, file: String, line: Int) {
        self.view = view
        self.attributes = attributes
        self.file = file
        self.line = line
    }

    /// The line as written: `make.left.right.equalTo(other).offset(8)`.
    var text: String { MakerLineOrigin(self).lineText }

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

    /// Appends the inactive constraints of this line to `made`, one per
    /// attribute; on a mistake, none: the problem is recorded on the view for
    /// its next layout.
    func lower(into made: inout [Constraint]) {
        let start = made.count
        func report(_ problem: SwiftFrontEndProblem) {
            made.removeSubrange(start...)
            view.recordProblem(problem, origin: MakerLineOrigin(self).origin(part: nil), file: file, line: line)
        }
        if let problem { return report(problem) }
        guard let relation, let target else { return report(.missingRelation(attributes.text)) }
        guard let priority = priority.priority else { return report(.priorityOutOfRange(self.priority.value)) }

        // The views are lent, not loaded (a load retains and releases):
        // the target's view is held by `target` (this description's), the
        // superview by the tree, and nothing below releases either before
        // the constraints are made (see `ViewReference`).
        let targetView: Unmanaged<View>?
        let targetAttributes: ConstraintAttributes?
        var number = 0.0
        switch target.kind {
        case .view(let other):
            targetView = Unmanaged.passUnretained(other)
            targetAttributes = nil
        case .attribute(let a):
            targetView = Unmanaged.passUnretained(a.view)
            targetAttributes = a.attributes
        case .number(let n):
            targetView = nil
            targetAttributes = nil
            number = n
        }

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
                        guard case .attribute(let a) = target.kind else { preconditionFailure() }
                        return report(.targetAttributesMismatch(attributes.text, a.description))
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
                // What the origin is made of, taken for each constraint
                // (a line names one attribute nearly always): made in place,
                // not copied from a local (a value-witness copy and destroy).
                // The text is made only when read.
                origin: .maker(MakerLineOrigin(self), part: several ? first : nil)))
        }
    }
}

/// What the origins of a maker line's constraints are made of, taken when
/// the line is lowered and copied into each of its constraints: the view ids
/// (never the views: a constraint does not keep its views alive), the target
/// as written and the modifiers. Made into text only when an origin is read
/// (see ``ConstraintOrigin``), with the same text as the line had then.
///
/// A value, not an object: kept in the constraint itself, it costs no
/// allocation and no free per line (as a class, about 320 instructions a
/// line to make and 300 to free at `list` 10,000). Each constraint of a
/// line takes its own, made from the line (a line names one attribute
/// nearly always).
struct MakerLineOrigin {
    /// The target as written: a view's id, a view's attributes, or a number.
    private enum Target {
        case view(String)
        case attribute(String, ConstraintAttributes)
        case number(Double)
    }

    private let viewID: String
    private let attributes: ConstraintAttributes
    private let relation: Relation?
    private let target: Target?
    private let modifiers: ConstraintDescription.Modifiers
    let file: String
    let line: Int

    init(_ d: ConstraintDescription) {
        viewID = d.view.id
        attributes = d.attributes
        relation = d.relation
        switch d.target?.kind {
        case .view(let v): target = .view(v.id)
        case .attribute(let a): target = .attribute(a.view.id, a.attributes)
        case .number(let n): target = .number(n)
        case nil: target = nil
        }
        modifiers = d.modifiers
        file = d.file
        line = d.line
    }

    /// The line as written: `make.left.right.equalTo(other).offset(8)`.
    var lineText: String {
        var s = "make." + attributes.text
        if let relation, let target {
            s += "." + ConstraintDescription.method(relation) + "("
            switch target {
            case .view(let id): s += id
            case .attribute(let id, let attributes): s += id + "." + attributes.text
            case .number(let n): s += NumberFormatting.shortest(n)
            }
            s += ")"
        }
        s += modifiers.text
        return s
    }

    /// The origin of the line's constraint of attribute `part` (`nil` when
    /// the line names one attribute), or of the whole line (`nil`):
    /// `card: make.left.equalTo(root).offset(16)` at the line's file and line.
    func origin(part: LayoutAttribute?) -> Origin {
        Origin(kind: .code, text: "\(viewID): \(lineText)" + (part.map { " (\($0))" } ?? ""), file: file, line: line)
    }
}
