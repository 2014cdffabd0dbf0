import Testing
@testable import Plumb

/// `attribute ⋈ attribute` (both sides ``MortarAttribute``s) and `attribute ⋈
/// Double` have operators of their own that take the sides unboxed; they
/// must make exactly what the
/// general `target ⋈ side` operators make of the same sides, passed as
/// existentials: the same constraints (views, attributes, relation, numbers
/// bit for bit, priority, origin text) and the same problems.
@Suite struct MortarAttributeOperatorTests {
    typealias Random = LazyOriginTests.Random

    /// Statement `r` (0 `|=|`, 1 `|>|`, 2 `|<|`) through the attribute
    /// operators, the `Double` ones, and the general ones (existentials).
    private static func attributes(_ r: Int, _ t: MortarAttribute, _ s: MortarAttribute) -> MortarConstraint {
        r == 0 ? (t |=| s) : r == 1 ? (t |>| s) : (t |<| s)
    }

    private static func double(_ r: Int, _ t: MortarAttribute, _ s: Double) -> MortarConstraint {
        r == 0 ? (t |=| s) : r == 1 ? (t |>| s) : (t |<| s)
    }

    private static func general(_ r: Int, _ t: any MortarTarget, _ s: any MortarAttributable) -> MortarConstraint {
        r == 0 ? (t |=| s) : r == 1 ? (t |>| s) : (t |<| s)
    }

    /// Everything a statement made and reported, as text.
    private static func outcome(_ result: MortarConstraint, root: View) -> [String] {
        var lines = result.layoutConstraints.map { c in
            [c.firstView?.id ?? "-", "\(c.firstAttribute)", "\(c.relation)", "\(c.multiplier.bitPattern)",
             c.secondView?.id ?? "-", c.secondAttribute.map { "\($0)" } ?? "-", "\(c.constant.bitPattern)",
             "\(c.priority.rawValue)", c.origin.text].joined(separator: " ")
        }
        result.deactivate()
        lines += frontEndProblems(of: root).map { "problem: \($0)" }
        return lines
    }

    /// Random statements of attribute sides: single attributes, margins,
    /// two- and four-part attributes, with `+`, `-`, `*` and `!` on the
    /// right, number sides, and mistakes (arithmetic on the target, parts
    /// that do not match, attributes that cannot be related, a priority out
    /// of range), each made once through the attribute operators and once
    /// through the general ones, on a fresh scene.
    @Test(arguments: [1, 2, 3] as [UInt64]) func attributeSidesMakeWhatTheGeneralOperatorsMake(seed: UInt64) {
        var rng = Random(state: seed)
        let kinds: [MortarAttributeKind] = [
            .left, .right, .top, .bottom, .width, .height, .centerX, .centerY, .leftMargin, .bottomMargin,
            .size, .edges, .center,
        ]
        for step in 0 ..< 150 {
            let targetKind = rng.pick(kinds), sourceKind = rng.pick(kinds)
            let shape = rng.next(7), relation = rng.next(3)
            let x = Double(rng.pick([-12, 0, 0.5, 8, 40]))
            let level = rng.pick([LayoutPriority.low, .high, .required, LayoutPriority(1200)])
            var results: [[String]] = []
            for general in [false, true] {
                let (root, views) = mortarScene(2)
                views[1].layoutMargins = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
                var target = views[0].m_attribute(targetKind)
                var source = views[1].m_attribute(sourceKind)
                switch shape {
                case 0: source = source + x
                case 1: source = source * 2 - x
                case 2: source = source ! level
                case 3: source = MortarAttribute(constant: x)
                case 4: target = target + x  // arithmetic on the target: a problem
                case 5: source = source / 4 + x ! level
                default: break
                }
                let result = general
                    ? Self.general(relation, target, source) : Self.attributes(relation, target, source)
                results.append(Self.outcome(result, root: root))
            }
            #expect(results[0] == results[1], "seed \(seed), step \(step): \(targetKind) \(sourceKind) shape \(shape)")
        }
    }

    /// An attribute against a `Double` (a variable: the `Double` operators;
    /// the general ones given it as an existential), for every relation,
    /// single and several-part attributes, margins, arithmetic on the
    /// target, a `!` on the target, and a NaN.
    @Test func doubleSidesMakeWhatTheGeneralOperatorsMake() {
        let kinds: [MortarAttributeKind] = [.left, .height, .topMargin, .size, .edges]
        let numbers: [Double] = [0, -7.5, 28, .nan]
        for kind in kinds {
            for number in numbers {
                for relation in 0 ..< 3 {
                    for targetShape in 0 ..< 3 {
                        var results: [[String]] = []
                        for general in [false, true] {
                            let (root, views) = mortarScene(1)
                            var target = views[0].m_attribute(kind)
                            if targetShape == 1 { target = target + 2 }
                            if targetShape == 2 { target = target ! .high }
                            let result = general
                                ? Self.general(relation, target, number) : Self.double(relation, target, number)
                            results.append(Self.outcome(result, root: root))
                        }
                        #expect(results[0] == results[1], "\(kind) \(number) relation \(relation) target \(targetShape)")
                    }
                }
            }
        }
    }
}
