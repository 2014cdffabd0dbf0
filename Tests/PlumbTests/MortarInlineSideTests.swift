import Testing
@testable import Plumb

/// A Mortar side of a view's attribute with one `+ x` or `- x`, and a
/// number side, keep their value inline instead of in the side's box; any
/// other change moves it into a box first. These tests build each such
/// side both ways, inline through the operators and boxed through the
/// side's own setters (what `adding` did before), then apply the same
/// further steps to both and compare everything a side and its
/// constraints show: numbers bit for bit, texts, origins and problems.
@Suite struct MortarInlineSideTests {
    /// The origin tests' small deterministic generator.
    typealias Random = LazyOriginTests.Random

    /// The side fits an existential's inline buffer (three words), so that
    /// passing it to an operator as `any MortarAttributable` allocates nothing.
    @Test func aSideIsThreeWords() {
        #expect(MemoryLayout<MortarAttribute>.size <= 3 * MemoryLayout<UnsafeRawPointer>.size)
    }

    /// `base + x` (sign 1) or `base - x` (sign -1) made through the box:
    /// the steps `adding(_:sign:)` took before the inline form.
    private static func boxed(_ base: MortarAttribute, _ x: Double, sign: Double) -> MortarAttribute {
        var r = base
        r.hasArithmetic = true
        r.appendWritten(.scalar(sign < 0 ? "-" : "+", x))
        r.add(sign * x)
        return r
    }

    /// A number side made through the box (`init(constants:)` with one number).
    private static func boxedNumber(_ x: Double) -> MortarAttribute {
        MortarAttribute(constants: [x])
    }

    private static func same(_ a: [Double], _ b: [Double]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.bitPattern == $1.bitPattern }
    }

    private static func same(_ a: Double?, _ b: Double?) -> Bool {
        a?.bitPattern == b?.bitPattern
    }

    /// Everything the two sides show, compared.
    private static func expectSame(
        _ a: MortarAttribute, _ b: MortarAttribute, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(same(a.multipliers, b.multipliers), "\(what): multipliers", sourceLocation: sourceLocation)
        #expect(same(a.constants, b.constants), "\(what): constants", sourceLocation: sourceLocation)
        #expect(same(a.singleMultiplier, b.singleMultiplier), "\(what): multiplier", sourceLocation: sourceLocation)
        #expect(same(a.singleConstant, b.singleConstant), "\(what): constant", sourceLocation: sourceLocation)
        #expect(a.hasArithmetic == b.hasArithmetic, "\(what): arithmetic", sourceLocation: sourceLocation)
        #expect(a.priority == b.priority, "\(what): priority", sourceLocation: sourceLocation)
        #expect(a.problem == b.problem, "\(what): problem", sourceLocation: sourceLocation)
        #expect(a.text == b.text, "\(what): text \(a.text) against \(b.text)", sourceLocation: sourceLocation)
        #expect(a.componentCount == b.componentCount, "\(what): parts", sourceLocation: sourceLocation)
    }

    /// What a statement made from a side gives: each constraint's numbers,
    /// priority and origin, and the problems the next layout reports.
    private static func made(
        _ side: MortarAttribute, relation: Int, target: View, root: View
    ) -> (numbers: [[Double]], origins: [String], problems: [SwiftFrontEndProblem]) {
        let c: MortarConstraint
        switch relation {
        case 0: c = target.m_width |=| side
        case 1: c = target.m_height |>| side
        default: c = target.m_left |<| side
        }
        let numbers = c.layoutConstraints.map { [$0.multiplier, $0.constant, $0.priority.rawValue] }
        let origins = c.layoutConstraints.map(\.origin.text)
        let problems = frontEndProblems(of: root)
        c.deactivate()
        return (numbers, origins, problems)
    }

    /// Inline and boxed sides, with up to three further steps each (more
    /// arithmetic, a priority, a division by zero), read directly and
    /// through the statements they make.
    @Test(arguments: [1, 2, 3] as [UInt64]) func inlineSidesReadAsTheirBoxedForms(seed: UInt64) {
        var rng = Random(state: seed)
        let values: [Double] = [8, -8, 0, -0.0, 0.1, 16, 1e300, -2.5, 28]
        for _ in 0 ..< 150 {
            let (root, views) = mortarScene(3)
            MortarDefault.priority.push(.required)
            defer { try? MortarDefault.priority.pop() }
            let source = views[1 + rng.next(2)]
            let x = rng.pick(values)
            var inline: MortarAttribute, boxed: MortarAttribute
            let what: String
            switch rng.next(5) {
            case 0:
                inline = source.m_width + x; boxed = Self.boxed(source.m_width, x, sign: 1); what = "+ \(x)"
            case 1:
                inline = source.m_bottom - x; boxed = Self.boxed(source.m_bottom, x, sign: -1); what = "- \(x)"
            case 2:
                inline = x._mortarAttribute; boxed = Self.boxedNumber(x); what = "number \(x)"
            case 3:
                let n = Int(x.isFinite && abs(x) < 1e9 ? x : 7)
                inline = n._mortarAttribute; boxed = Self.boxedNumber(Double(n)); what = "Int \(n)"
            default:
                // A bare view with `+ x` (its attribute taken from the target).
                inline = source._mortarAttribute + x
                boxed = Self.boxed(source._mortarAttribute, x, sign: 1); what = "view + \(x)"
            }
            Self.expectSame(inline, boxed, what)
            var steps = what
            for _ in 0 ..< rng.next(4) {
                let y = rng.pick(values)
                switch rng.next(6) {
                case 0: inline = inline + y; boxed = boxed + y; steps += " + \(y)"
                case 1: inline = inline - y; boxed = boxed - y; steps += " - \(y)"
                case 2: inline = inline * y; boxed = boxed * y; steps += " * \(y)"
                case 3: inline = inline / 0; boxed = boxed / 0; steps += " / 0"
                case 4: inline = inline ! .high; boxed = boxed ! .high; steps += " ! high"
                default: inline = inline + (y, y); boxed = boxed + (y, y); steps += " + (\(y), \(y))"
                }
                Self.expectSame(inline, boxed, steps)
            }
            let relation = rng.next(3)
            let a = Self.made(inline, relation: relation, target: views[0], root: root)
            let b = Self.made(boxed, relation: relation, target: views[0], root: root)
            #expect(a.numbers.count == b.numbers.count && zip(a.numbers, b.numbers).allSatisfy { Self.same($0, $1) },
                    "\(steps): \(a.numbers) against \(b.numbers)")
            #expect(a.origins == b.origins, "\(steps)")
            #expect(a.problems == b.problems, "\(steps)")
        }
    }

    /// An inline side is a value: a copy changed later (which moves it
    /// into a box) leaves the original as it was, and a boxed side shared
    /// by two copies is copied before either changes.
    @Test func copiesOfAnInlineSideChangeApart() {
        let (_, views) = mortarScene(2)
        let side = views[1].m_top + 8
        var copy = side
        copy = copy ! .low
        copy = copy * 2
        #expect(side.text == "view2.m_top + 8")
        #expect(side.priority == nil && side.singleConstant == 8 && side.singleMultiplier == 1)
        #expect(copy.text == "view2.m_top + 8 ! 250 * 2")
        #expect(copy.priority == .low && copy.singleConstant == 16 && copy.singleMultiplier == 2)
        var again = copy
        again = again - 1
        #expect(copy.singleConstant == 16 && copy.text == "view2.m_top + 8 ! 250 * 2")
        #expect(again.singleConstant == 15 && again.text == "view2.m_top + 8 ! 250 * 2 - 1")
        let number = 40._mortarAttribute
        var changed = number
        changed = changed + 2
        #expect(number.text == "40" && number.singleConstant == 40 && !number.hasArithmetic)
        #expect(changed.text == "40 + 2" && changed.singleConstant == 42 && changed.hasArithmetic)
    }
}
