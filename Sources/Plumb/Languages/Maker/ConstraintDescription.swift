/// Everything one maker line says, filled in by the chain of step types and
/// lowered to ``Constraint``s in one place, ``lower()``.
///
/// `make.left.right.equalTo(other).offset(8).priority(.high)` is one
/// description: attributes `left, right`, relation `=`, target `other`,
/// constant 8, priority 750.
final class ConstraintDescription {
    let view: View
    var attributes: ConstraintAttributes
    var relation: Relation?
    var target: ConstraintTarget?
    var multiplier: Double = 1
    var offset: Double = 0
    var insets: EdgeInsets = .zero
    var priority: LayoutPriority = .required
    /// The first mistake made on the line (reported when it is lowered).
    var problem: SwiftFrontEndProblem?
    /// The modifiers as written after the relation (`.offset(8).priority(750)`), for origins.
    var modifiers = ""
    /// Where the relation was written, else where the maker was made.
    var file: String
    var line: Int

    init(view: View, attributes: ConstraintAttributes, file: String, line: Int) {
        self.view = view
        self.attributes = attributes
        self.file = file
        self.line = line
    }

    /// The line as written: `make.left.right.equalTo(other).offset(8)`.
    var text: String {
        var s = "make." + attributes.text
        if let relation, let target { s += ".\(Self.method(relation))(\(target))" }
        return s + modifiers
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

    /// The inactive constraints of this line, one per attribute; on a mistake,
    /// none: the problem is recorded on the view for its next layout.
    func lower() -> [Constraint] {
        let statement = Origin(kind: .code, text: "\(view.id): \(text)", file: file, line: line)
        func report(_ problem: SwiftFrontEndProblem) -> [Constraint] {
            view.recordProblem(problem, origin: statement, file: file, line: line)
            return []
        }
        if let problem { return report(problem) }
        guard let relation, let target else { return report(.missingRelation(attributes.text)) }
        guard let priority = priority.priority else { return report(.priorityOutOfRange(self.priority.value)) }

        let firsts = attributes.layoutAttributes
        var made: [Constraint] = []
        made.reserveCapacity(firsts.count)
        for first in firsts {
            var second: (view: View, attribute: LayoutAttribute)?
            var constant = offset + Self.insetConstant(first, insets)
            switch target.kind {
            case .view(let other):
                second = (other, first)
            case .attribute(let a):
                let others = a.layoutAttributes
                if others.count == 1 {
                    second = (a.view, others[0])
                } else if a.attributes == attributes {
                    second = (a.view, first)
                } else {
                    return report(.targetAttributesMismatch(attributes.text, a.description))
                }
            case .number(let n):
                constant += n
                if !first.isDimension {
                    guard let superview = view.superview else { return report(.numberNeedsSuperview(first.name)) }
                    second = (superview, first)
                }
            }
            if let second, !first.canBeRelated(to: second.attribute) {
                return report(.incompatibleAttributes("\(view.id).\(first)", "\(second.view.id).\(second.attribute)"))
            }
            let origin = Origin(
                kind: .code, text: "\(view.id): \(text)" + (firsts.count > 1 ? " (\(first))" : ""),
                file: file, line: line)
            made.append(Constraint(resolved: ResolvedSimpleFormat(
                first: view, firstAttribute: first, relation: relation,
                multiplier: second == nil ? 1 : multiplier, second: second?.view,
                secondAttribute: second?.attribute, constant: constant, priority: priority), origin: origin))
        }
        return made
    }
}
