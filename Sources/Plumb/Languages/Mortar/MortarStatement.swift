/// The right side of one Mortar pairing: one side, or a tuple with one
/// single-attribute side per part (`(v2.m_width, 100)`).
enum MortarSource {
    case single(MortarAttribute)
    case tuple([MortarAttribute])

    var text: String {
        switch self {
        case .single(let s): s.text
        case .tuple(let parts): "(" + parts.map(\.text).joined(separator: ", ") + ")"
        }
    }

    /// A view the statement names, to carry a problem when the left side has none.
    var someView: View? {
        switch self {
        case .single(let s): s.view
        case .tuple(let parts): parts.lazy.compactMap(\.view).first
        }
    }
}

/// Lowers Mortar statements to ``Constraint``s: the one place where Mortar's
/// implicit attributes, arrays, tuples, margins and default priority are
/// resolved.
///
/// A statement pairs left sides with right sides: an array against a single
/// side pairs every element with it; arrays on both sides pair by index. Each
/// pairing `target ⋈ source` becomes one constraint per part of the target's
/// attribute:
///
/// - The target's attribute is its own, else the source's (`v1 |>| v2.m_top`),
///   else `edges` when the source is a bare view (`v1 |=| v2`).
/// - A bare view on the right takes the target's attribute (`v1.m_top |>| v2`).
/// - A number applies to every part; a tuple gives one value (a number or a
///   single attribute) per part.
/// - The priority is the innermost `!` (tuple element, then source, then
///   target), else ``MortarDefault``'s current one.
///
/// Mistakes are recorded on the target's view (or the source's, when the
/// target has none) and reported by its next layout; the other pairings of
/// the statement are still made.
enum MortarStatement {
    /// The constraints of one statement, in order: the first apart from the
    /// rest, so that the common statement of one constraint needs no array.
    struct Made {
        private(set) var first: Constraint?
        private(set) var rest: [Constraint] = []

        mutating func append(_ c: Constraint) {
            if first == nil {
                first = c
            } else {
                rest.append(c)
            }
        }

        var all: [Constraint] {
            guard let first else { return [] }
            return [first] + rest
        }

        /// Activates them in order (`rest`, empty for most statements, is
        /// not passed on: a call for nothing cost 19 instructions a statement).
        func activate() {
            first?.isActive = true
            if !rest.isEmpty { Constraint.activate(rest) }
        }
    }

    /// Makes and activates the constraints of `targets ⋈ sources`.
    ///
    /// - Parameter pairwise: arrays on both sides (pair by index).
    /// - Complexity: O(targets × sources × parts).
    static func make(
        _ targets: [MortarAttribute], _ sources: [MortarSource], _ relation: Relation, pairwise: Bool = false
    ) -> MortarConstraint {
        var made = Made()
        if pairwise {
            if targets.count != sources.count {
                let view = targets.lazy.compactMap(\.view).first ?? sources.lazy.compactMap(\.someView).first
                view?.recordProblem(
                    .arrayLengthMismatch(targets: targets.count, sources: sources.count),
                    origin: origin(targets.map(\.text).joined(separator: ", "), relation,
                                   sources.map(\.text).joined(separator: ", ")))
            }
            for (target, source) in zip(targets, sources) {
                lowerPair(target, source, relation, into: &made)
            }
        } else {
            for target in targets {
                for source in sources { lowerPair(target, source, relation, into: &made) }
            }
        }
        made.activate()
        return MortarConstraint.holding(consume made)
    }

    /// Makes and activates the constraints of `target ⋈ source`: the same
    /// as `make([target], [source], relation)`, without the two arrays
    /// (two allocations per statement).
    static func make(_ target: MortarAttribute, _ source: MortarSource, _ relation: Relation) -> MortarConstraint {
        var made = Made()
        lowerPair(target, source, relation, into: &made)
        made.activate()
        return MortarConstraint.holding(consume made)
    }

    /// Makes and activates the constraints of `target ⋈ source` for a single
    /// side: the common statement (`a.m_top |=| b.m_bottom + 8`) goes to
    /// ``lowerPart`` straight from the side, without wrapping it in a
    /// ``MortarSource`` (each wrapping and unwrapping copied the side,
    /// retaining its view and box); any other goes through ``lowerPair``.
    static func make(_ target: MortarAttribute, single source: MortarAttribute, _ relation: Relation) -> MortarConstraint {
        var made = Made()
        if !lowerCommon(target, source, relation, into: &made) {
            lowerPair(target, .single(source), relation, into: &made)
        }
        made.activate()
        return MortarConstraint.holding(consume made)
    }

    /// The common statement, one single attribute against one side with one
    /// multiplier and constant: the same checks and constraint as
    /// ``lowerPair``, without the arrays of parts and values. Returns `false`
    /// (having made nothing) when the statement is not of that shape.
    @inline(__always)
    private static func lowerCommon(
        _ target: MortarAttribute, _ s: MortarAttribute, _ relation: Relation, into made: inout Made
    ) -> Bool {
        guard let lentTarget = target.lentView, target.problem == nil, !target.hasArithmetic,
              let kind = target.kind, kind.isSingle, s.problem == nil, s.kind?.isSingle ?? true,
              let multiplier = s.singleMultiplier, let constant = s.singleConstant else { return false }
        let value = Part(
            view: s.lentView, kind: s.view == nil ? nil : (s.kind ?? kind),
            multiplier: multiplier, constant: constant, priority: s.priority)
        // The target's view lent too (`target` holds it).
        lentTarget._withUnsafeGuaranteedRef { targetView in
            if let problem = lowerPart(
                targetView, kind, relation, value, fallback: target.priority ?? MortarDefault.priority.current,
                into: &made) {
                targetView.recordProblem(problem, origin: origin(target.text, relation, MortarSource.single(s).text))
            }
        }
        return true
    }

    /// The symbol of `relation` in Mortar.
    static func symbol(_ relation: Relation) -> String {
        switch relation {
        case .equal: "|=|"
        case .greaterOrEqual: "|>|"
        case .lessOrEqual: "|<|"
        }
    }

    private static func origin(_ target: String, _ relation: Relation, _ source: String) -> Origin {
        Origin(kind: .code, text: "\(target) \(symbol(relation)) \(source)")
    }

    /// One resolved part of a source: a view attribute (with multiplier) or a number.
    private struct Part {
        /// The source's view, lent (see `ViewReference`): the statement's
        /// sides hold it until its constraints are made, and a part copied
        /// into ``lowerPart`` then retained and released it.
        var view: Unmanaged<View>?
        var kind: MortarAttributeKind?
        var multiplier: Double
        var constant: Double
        var priority: LayoutPriority?
    }

    private static func lowerPair(
        _ target: MortarAttribute, _ source: MortarSource, _ relation: Relation, into made: inout Made
    ) {
        // The statement's text is made only for a problem.
        func report(_ problem: SwiftFrontEndProblem) {
            (target.view ?? source.someView)?.recordProblem(
                problem, origin: origin(target.text, relation, source.text))
        }
        guard let targetView = target.view else { return report(.targetNotAView(target.text)) }
        if let problem = target.problem { return report(problem) }
        guard !target.hasArithmetic else { return report(.arithmeticOnTarget(target.text)) }

        // The common statement, one attribute against one side with one
        // multiplier and constant (`a.m_top |=| b.m_bottom + 8`): the same
        // checks and constraint as below, without the arrays of parts and values.
        if case .single(let s) = source, lowerCommon(target, s, relation, into: &made) { return }

        // The target's parts: its own attribute, else the source's, else edges.
        let parts: [MortarAttributeKind]
        if let kind = target.kind {
            parts = kind.components
        } else if case .single(let s) = source, s.view != nil {
            parts = (s.kind ?? .edges).components
        } else {
            return report(.missingAttribute(source: source.text))
        }

        // The source's value for each part.
        var values: [Part] = []
        values.reserveCapacity(parts.count)
        switch source {
        case .single(let s):
            if let problem = s.problem { return report(problem) }
            let sourceParts = s.kind?.components ?? parts
            if s.view != nil && sourceParts.count != parts.count {
                return report(.attributeCountMismatch(
                    target: target.text, targetCount: parts.count, source: s.text, sourceCount: sourceParts.count))
            }
            for array in [s.multipliers, s.constants] where array.count != 1 && array.count != parts.count {
                return report(.tupleLengthMismatch(attribute: target.text, components: parts.count, tuple: array.count))
            }
            for i in parts.indices {
                values.append(Part(
                    view: s.lentView, kind: s.view == nil ? nil : sourceParts[i],
                    multiplier: s.multipliers.count == 1 ? s.multipliers[0] : s.multipliers[i],
                    constant: s.constants.count == 1 ? s.constants[0] : s.constants[i],
                    priority: s.priority))
            }
        case .tuple(let elements):
            guard elements.count == parts.count else {
                return report(.tupleLengthMismatch(attribute: target.text, components: parts.count, tuple: elements.count))
            }
            for (i, e) in elements.enumerated() {
                if let problem = e.problem { return report(problem) }
                let single = e.kind.map { $0.isSingle } ?? true
                guard single, e.multipliers.count == 1, e.constants.count == 1 else {
                    return report(.tupleElementNotSingle(e.text))
                }
                values.append(Part(
                    view: e.lentView, kind: e.view == nil ? nil : (e.kind ?? parts[i]),
                    multiplier: e.multipliers[0], constant: e.constants[0], priority: e.priority))
            }
        }

        let fallback = target.priority ?? MortarDefault.priority.current
        for (part, value) in zip(parts, values) {
            if let problem = lowerPart(targetView, part, relation, value, fallback: fallback, into: &made) {
                return report(problem)
            }
        }
    }

    /// Makes the constraint of one part, `targetView.part ⋈ value`. Returns
    /// the problem that stops the statement (a priority out of range), for
    /// the caller to record with the statement's text; an incompatible pair
    /// is recorded here and skipped. (Not a closure that records it: a
    /// closure over the statement's sides copied them into its context,
    /// retaining their views and boxes, for every statement.)
    private static func lowerPart(
        _ targetView: View, _ part: MortarAttributeKind, _ relation: Relation, _ value: Part,
        fallback: LayoutPriority, into made: inout Made
    ) -> SwiftFrontEndProblem? {
        let written = value.priority ?? fallback
        guard let priority = written.priority else { return .priorityOutOfRange(written.value) }
        guard let first = part.base else { return nil }  // parts are always single
        let described = MortarPartOrigin(
            targetID: targetView.id, part: part, relation: relation,
            sourceID: value.kind == nil ? nil : value.view?._withUnsafeGuaranteedRef { $0.id },
            sourceKind: value.view == nil ? nil : value.kind,
            multiplier: value.multiplier, constant: value.constant, priority: written.value)
        if let source = value.view, let kind = value.kind, let second = kind.base {
            if !first.canBeRelated(to: second) {
                source._withUnsafeGuaranteedRef { view in
                    targetView.recordProblem(
                        .incompatibleAttributes("\(targetView.id).\(part)", "\(view.id).\(kind)"),
                        origin: ConstraintOrigin.mortar(described).origin)
                }
                return nil
            }
            // Margin attributes are their base attribute plus an offset:
            // t + ot ⋈ m · (s + os) + k  ⇔  t ⋈ m · s + (k + m · os − ot).
            // The source's offset read with its view lent, and the
            // constraint made outside that closure, which would capture the
            // origin's values and copy them into the constraint.
            let sourceOffset = source._withUnsafeGuaranteedRef { kind.marginOffset($0.layoutMargins) }
            let constant = value.constant + value.multiplier * sourceOffset - part.marginOffset(targetView.layoutMargins)
            made.append(Constraint(
                targetView, first, relation, multiplier: value.multiplier, lent: source, second,
                constant: constant, priority: priority, origin: .mortar(described)))
            return nil
        }
        made.append(Constraint(
            targetView, first, relation, multiplier: 1, nil, nil,
            constant: value.constant - part.marginOffset(targetView.layoutMargins),
            priority: priority, origin: .mortar(described)))
        return nil
    }
}

/// What the origin of one constraint of a Mortar statement is made of, kept
/// with the constraint and made into its text only when the origin is read
/// (see ``ConstraintOrigin``): the part as a statement of its own,
/// `card.m_leftMargin |=| root.m_left * 2 + 8 ! 500`.
struct MortarPartOrigin {
    var targetID: String
    var part: MortarAttributeKind
    var relation: Relation
    /// The source view's id and attribute; `nil` for a number.
    var sourceID: String?
    var sourceKind: MortarAttributeKind?
    var multiplier: Double
    var constant: Double
    /// The priority as written (or the default's), before it is checked.
    var priority: Double

    /// The text, built by appending pieces to one string rather than by
    /// interpolation (which goes through each value's description generically).
    var text: String {
        var s = ""
        s.reserveCapacity(64)
        s += targetID
        s += ".m_"
        s += part.name
        s += " "
        s += MortarStatement.symbol(relation)
        s += " "
        if let sourceID, let sourceKind {
            s += sourceID
            s += ".m_"
            s += sourceKind.name
            if multiplier != 1 {
                s += " * "
                s += NumberFormatting.shortest(multiplier)
            }
            if constant > 0 {
                s += " + "
                s += NumberFormatting.shortest(constant)
            }
            if constant < 0 {
                s += " - "
                s += NumberFormatting.shortest(-constant)
            }
        } else {
            s += NumberFormatting.shortest(constant)
        }
        s += " ! "
        s += NumberFormatting.shortest(priority)
        return s
    }
}
