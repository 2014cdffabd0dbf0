import Testing
@testable import Plumb

/// Mortar and the maker describe their constraints' origins when they are
/// read (``ConstraintOrigin``). These tests make random statements and lines
/// and check each origin against the text written out here the way the front
/// ends used to make it with every constraint, and that a layout's rows
/// (which take the origins as keys) report the same origins.
@Suite struct LazyOriginTests {
    /// A small deterministic generator (the same statements every run).
    struct Random {
        var state: UInt64
        mutating func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        mutating func pick<T>(_ xs: [T]) -> T { xs[next(xs.count)] }
    }

    private static func n(_ x: Double) -> String { NumberFormatting.shortest(x) }

    private static func symbol(_ r: Relation) -> String {
        switch r {
        case .equal: "|=|"
        case .greaterOrEqual: "|>|"
        case .lessOrEqual: "|<|"
        }
    }

    /// Mortar's text for one part, written out as the front end made it eagerly.
    private static func mortarText(
        _ target: String, _ part: String, _ r: Relation,
        source: (id: String, kind: String)?, multiplier: Double, constant: Double, priority: Double
    ) -> String {
        var s = "\(target).m_\(part) \(symbol(r)) "
        if let source {
            s += "\(source.id).m_\(source.kind)"
            if multiplier != 1 { s += " * \(n(multiplier))" }
            if constant > 0 { s += " + \(n(constant))" }
            if constant < 0 { s += " - \(n(-constant))" }
        } else {
            s += n(constant)
        }
        return s + " ! \(n(priority))"
    }

    @Test(arguments: [1, 2, 3] as [UInt64]) func mortarOriginsMatchTheEagerText(seed: UInt64) {
        var rng = Random(state: seed)
        let (root, views) = mortarScene(4)
        _ = root
        MortarDefault.priority.push(.required)
        defer { try? MortarDefault.priority.pop() }
        // Kinds grouped so that a target and its source can be related.
        let groups: [[MortarAttributeKind]] = [
            [.left, .right, .centerX, .leading, .trailing, .leftMargin, .rightMargin],
            [.top, .bottom, .centerY, .topMargin, .bottomMargin],
            [.width, .height],
        ]
        let composites: [MortarAttributeKind] = [.size, .center, .origin, .edges]
        for _ in 0 ..< 150 {
            let t = rng.pick(views), s = rng.pick(views)
            let relation = rng.pick([Relation.equal, .greaterOrEqual, .lessOrEqual])
            let multiplier = rng.pick([1, 2, 0.5, 1.25])
            let constant = rng.pick([0, 8, -12.5, 3, 1e-7])
            let priority: LayoutPriority? = rng.pick([nil, .low, .high, .required, 600])
            let composite = rng.next(4) == 0
            let tk: MortarAttributeKind, sk: MortarAttributeKind
            if composite {
                tk = rng.pick(composites)
                sk = tk
            } else {
                let group = rng.pick(groups)
                tk = rng.pick(group)
                sk = rng.pick(group)
            }
            let toNumber = !composite && rng.next(3) == 0
            var side = toNumber ? MortarAttribute(constant: constant) : s.m_attribute(sk) * multiplier + constant
            if let priority { side = side ! priority }
            let target = t.m_attribute(tk)
            let made: MortarConstraint
            switch relation {
            case .equal: made = target |=| side
            case .greaterOrEqual: made = target |>| side
            case .lessOrEqual: made = target |<| side
            }
            let parts = tk.components, sourceParts = sk.components
            #expect(made.layoutConstraints.count == parts.count)
            for (i, c) in made.layoutConstraints.enumerated() {
                let expected = Self.mortarText(
                    t.id, parts[i].name, relation,
                    source: toNumber ? nil : (s.id, sourceParts[i].name),
                    multiplier: toNumber ? 1 : multiplier, constant: constant, priority: (priority ?? .required).value)
                #expect(c.origin == Origin(kind: .code, text: expected))
            }
        }
        // The side's own text, made when read, as it was written.
        let v = views[0]
        #expect((v.m_left * 2 + 8 ! .high).description == "view1.m_left * 2 + 8 ! 750")
        #expect((v.m_size / 4 - (1, 2)).description == "view1.m_size / 4 - (1, 2)")
        #expect((v.m_edges ~ (1, 2, 3, 4.5)).description == "view1.m_edges ~ (1, 2, 3, 4.5)")
        #expect((40 ! .low).description == "40 ! 250")
        #expect(MortarAttribute(constants: [1, 2.5]).description == "(1, 2.5)")
        #expect(v._mortarAttribute.description == "view1")
        // A side with one number added keeps it without arrays; a side made
        // from a shared one copies its box, so the first keeps its text and value.
        let shifted = v.m_top + 8
        let further = shifted - 2 ! .low
        #expect(shifted.description == "view1.m_top + 8")
        #expect(shifted.constants == [8])
        #expect(further.description == "view1.m_top + 8 - 2 ! 250")
        #expect(further.constants == [6])
        #expect((v.m_size - 1.5).constants == [-1.5])
        #expect((v.m_size - 1.5).description == "view1.m_size - 1.5")
    }

    @Test(arguments: [4, 5, 6] as [UInt64]) func makerOriginsMatchTheEagerText(seed: UInt64) {
        var rng = Random(state: seed)
        // The root stays alive: a number target on a position needs the superview.
        let (root, views) = mortarScene(4)
        defer { withExtendedLifetime(root) {} }
        typealias Chain = (ConstraintMaker) -> ConstraintMakerExtendable
        let singles: [(String, Chain, KeyPath<View, ViewAttribute>)] = [
            ("left", { $0.left }, \.mas_left), ("right", { $0.right }, \.mas_right),
            ("top", { $0.top }, \.mas_top), ("bottom", { $0.bottom }, \.mas_bottom),
            ("width", { $0.width }, \.mas_width), ("height", { $0.height }, \.mas_height),
            ("centerX", { $0.centerX }, \.mas_centerX), ("centerY", { $0.centerY }, \.mas_centerY),
        ]
        let aggregates: [(String, [String], Chain, KeyPath<View, ViewAttribute>)] = [
            ("edges", ["top", "left", "bottom", "right"], { $0.edges }, \.mas_edges),
            ("size", ["width", "height"], { $0.size }, \.mas_size),
            ("center", ["centerX", "centerY"], { $0.center }, \.mas_center),
        ]
        for round in 0 ..< 60 {
            let v = rng.pick(views), other = rng.pick(views.filter { $0 !== v })
            var expected: [(text: String, line: Int)] = []
            let made = v.makeConstraints { make in
                for k in 0 ..< 1 + rng.next(3) {
                    let aggregate = rng.next(4) == 0
                    let name: String, parts: [String], chain: ConstraintMakerExtendable
                    let same: KeyPath<View, ViewAttribute>
                    if aggregate {
                        let a = rng.pick(aggregates)
                        (name, parts, chain, same) = (a.0, a.1, a.2(make), a.3)
                    } else {
                        let s = rng.pick(singles)
                        (name, parts, chain, same) = (s.0, [s.0], s.1(make), s.2)
                    }
                    let line = 1000 * round + k
                    let relation = rng.pick([Relation.equal, .greaterOrEqual, .lessOrEqual])
                    let target: any ConstraintRelatableTarget, targetText: String
                    switch rng.next(3) {
                    case 0: (target, targetText) = (other, other.id)
                    case 1: (target, targetText) = (other[keyPath: same], "\(other.id).\(name)")
                    default:
                        let x = rng.pick([0, 8, -4.5, 100])
                        (target, targetText) = (x, Self.n(x))
                    }
                    var editable: ConstraintMakerEditable
                    let method: String
                    switch relation {
                    case .equal:
                        editable = chain.equalTo(target, file: "Lines.swift", line: line)
                        method = "equalTo"
                    case .greaterOrEqual:
                        editable = chain.greaterThanOrEqualTo(target, file: "Lines.swift", line: line)
                        method = "greaterThanOrEqualTo"
                    case .lessOrEqual:
                        editable = chain.lessThanOrEqualTo(target, file: "Lines.swift", line: line)
                        method = "lessThanOrEqualTo"
                    }
                    var text = "\(v.id): make.\(name).\(method)(\(targetText))"
                    for _ in 0 ..< rng.next(3) {
                        let x = rng.pick([1, 2, 0.5, 12.25])
                        switch rng.next(4) {
                        case 0: editable = editable.offset(x); text += ".offset(\(Self.n(x)))"
                        case 1: editable = editable.inset(x); text += ".inset(\(Self.n(x)))"
                        case 2: editable = editable.multipliedBy(x); text += ".multipliedBy(\(Self.n(x)))"
                        default: editable = editable.dividedBy(x); text += ".dividedBy(\(Self.n(x)))"
                        }
                    }
                    if rng.next(2) == 0 {
                        let p = rng.pick([LayoutPriority.low, .high, .required])
                        editable.priority(p)
                        text += ".priority(\(Self.n(p.value)))"
                    }
                    for part in parts {
                        expected.append((parts.count > 1 ? text + " (\(part))" : text, line))
                    }
                }
            }
            #expect(made.count == expected.count)
            for (c, e) in zip(made, expected) {
                #expect(c.origin == Origin(kind: .code, text: e.text, file: "Lines.swift", line: e.line))
            }
            v.remakeConstraints { _ in }
        }
    }

    /// A maker constraint keeps a copy of its line's origin values taken
    /// when the line was lowered: a step kept past the block and changed
    /// later, and a line's views gone, leave the origin text as it was;
    /// each constraint of a several-attribute line has its own part, and
    /// the origins keep no view alive.
    @Test func makerOriginsAreCopiesTakenWhenLowered() {
        let root = View("root")
        var kept: ConstraintMakerEditable?
        var made: [Constraint] = []
        weak var gone: View?
        do {
            let box = View("box"), other = View("other")
            root.addSubview(box)
            root.addSubview(other)
            gone = other
            made = box.makeConstraints(file: "Kept.swift", line: 7) { make in
                kept = make.left.top.equalTo(other, file: "Kept.swift", line: 9).offset(4)
                make.width.equalTo(20, file: "Kept.swift", line: 10)
            }
            kept?.offset(5).priority(.low)
            other.removeFromSuperview()
        }
        #expect(made.map(\.origin) == [
            Origin(kind: .code, text: "box: make.top.left.equalTo(other).offset(4) (top)", file: "Kept.swift", line: 9),
            Origin(kind: .code, text: "box: make.top.left.equalTo(other).offset(4) (left)", file: "Kept.swift", line: 9),
            Origin(kind: .code, text: "box: make.width.equalTo(20)", file: "Kept.swift", line: 10),
        ])
        #expect(kept?.description == "make.top.left.equalTo(other).offset(4).offset(5).priority(250)")
        kept = nil  // the step held the line, and the line its target
        #expect(gone == nil)
        #expect(made[1].origin.text == "box: make.top.left.equalTo(other).offset(4) (left)")
        #expect(made[1].secondView == nil)
    }

    /// A layout's rows take the described origins as keys: a conflict names
    /// the same origins as the constraints.
    @Test(.enabled(if: simplexAvailable)) func conflictsNameTheDescribedOrigins() throws {
        let (root, views) = mortarScene(2)
        let a = views[0]
        let mortar = [a.m_left |=| root.m_left + 10 ! .required, a.m_width |=| 100 ! .required]
        let maker = a.makeConstraints { make in make.right.equalTo(root.mas_left).offset(50) }
        let error = #expect(throws: LayoutError.self) { try root.layout(width: 320, height: 480) }
        guard case .unsatisfiable(let conflict)? = error?.problems.first else {
            Issue.record("expected a conflict, got \(String(describing: error))")
            return
        }
        let expected = mortar.layoutConstraints.map(\.origin) + maker.map(\.origin)
        #expect(Set(conflict) == Set(expected))
        #expect(expected.map(\.text) == [
            "view1.m_left |=| root.m_left + 10 ! 1000", "view1.m_width |=| 100 ! 1000",
            "view1: make.right.equalTo(root.left).offset(50)",
        ])
    }

    /// An intrinsic length's two rows take keys too (their texts were made
    /// for every length at lowering, two fifths of a `table` tree's first
    /// layout): each key gives the text made at once before, from the values
    /// lowering saw, whatever the view becomes after, and constraint keys
    /// made between them still name their constraints.
    @Test func intrinsicSizeOriginsAreKeysWithTheEagerText() {
        let (_, views) = mortarScene(1)
        let made = views[0].m_width |=| 30 ! .required
        let constraint = made.layoutConstraints[0]
        let origins = ViewTreeOrigins(views: 1, constraints: 2)
        origins.hold([constraint])
        let sizes: [(String, LayoutAxis, Double, Priority, Priority)] = [
            ("label", .horizontal, 120, .low, .high), ("cell3_7", .vertical, 18.25, 300, .required),
            ("x", .horizontal, 0, 1, 999.5),
        ]
        var keys: [(hugging: RowOrigin, resistance: RowOrigin)] = []
        var constraintKeys: [UInt64] = []
        for (id, axis, length, hugging, resistance) in sizes {
            keys.append(origins.intrinsicOrigins(id: id, axis: axis, length: length, hugging: hugging,
                                                 resistance: resistance))
            constraintKeys.append(origins.key(for: constraint))
        }
        #expect(constraintKeys == [0, 1, 2])
        for (k, (id, axis, length, hugging, resistance)) in sizes.enumerated() {
            guard case .key(let h) = keys[k].hugging, case .key(let r) = keys[k].resistance else {
                Issue.record("intrinsic size \(k)'s origins were stored, not keyed")
                continue
            }
            // Below 2³¹: an origin list keeps them as keys (larger ones are resolved as added).
            #expect(h < 1 << 31 && r < 1 << 31 && h != r)
            let eager = SystemBuilder.intrinsicOrigins(
                id: id, axis: axis, length: length, hugging: hugging, resistance: resistance)
            #expect(origins.origin(forKey: h) == eager.hugging)
            #expect(origins.origin(forKey: r) == eager.resistance)
        }
        func described(_ origin: RowOrigin) -> String {
            switch origin {
            case .key(let key): origins.origin(forKey: key).description
            case .stored(let stored): stored.description
            }
        }
        #expect(described(keys[1].resistance) == "intrinsic size of cell3_7: height >= 18.25 @ 1000")
        #expect(described(keys[0].hugging) == "intrinsic size of label: width <= 120 @ 250")
        for key in constraintKeys { #expect(origins.origin(forKey: key) == constraint.origin) }
        // A constraint key past the intrinsic keys' range (2³⁰ constraints and more) carries a tag of its own.
        #expect(origins.origin(forKey: ViewTreeOrigins.largeTag | 2) == constraint.origin)
    }

    /// A layout's intrinsic-size rows, keyed, are named in a conflict by
    /// the text that was made at lowering.
    @Test(.enabled(if: simplexAvailable)) func conflictsNameIntrinsicSizes() throws {
        let (root, views) = mortarScene(2)
        let label = views[1]
        label.intrinsicContentSize = IntrinsicSize(width: 120, height: 16)
        label.setContentCompressionResistancePriority(.required, for: .horizontal)
        let made = [label.m_left |=| root.m_left ! .required, label.m_top |=| root.m_top ! .required,
                    label.m_width |=| 50 ! .required]
        _ = views[0].m_frame |=| (0, 0, 10, 10)
        let error = #expect(throws: LayoutError.self) { try root.layout(width: 320, height: 480) }
        guard case .unsatisfiable(let conflict)? = error?.problems.first else {
            Issue.record("expected a conflict, got \(String(describing: error))")
            return
        }
        #expect(Set(conflict) == [made.layoutConstraints[2].origin,
                                  Origin(kind: .intrinsicSize, text: "view2: width >= 120 @ 1000")])
    }
}
