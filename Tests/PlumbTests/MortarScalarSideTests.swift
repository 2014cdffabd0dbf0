import Testing
@testable import Plumb

/// A Mortar side keeps one multiplier and one constant for every part as
/// numbers, and arrays only when a tuple gives one per part; a statement
/// with one target and one side goes through `MortarStatement.make` without
/// arrays of targets and sources. These tests compare what the numbers give
/// with the per-part form of the same arithmetic (tuples of equal numbers,
/// which take the arrays) and with the numbers worked out here.
@Suite struct MortarScalarSideTests {
    /// The origin tests' small deterministic generator.
    typealias Random = LazyOriginTests.Random

    /// (multiplier, constant) of each constraint, in order.
    private static func numbers(_ c: MortarConstraint) -> [(Double, Double)] {
        c.layoutConstraints.map { ($0.multiplier, $0.constant) }
    }

    private static func same(_ a: [(Double, Double)], _ b: [(Double, Double)]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy {
            $0.0.bitPattern == $1.0.bitPattern && $0.1.bitPattern == $1.1.bitPattern
        }
    }

    /// Chains of `*`, `/`, `+` and `-` with one number, on a single and on a
    /// 2-part attribute, against the same chain with a tuple of that number
    /// per part and against the numbers computed here.
    @Test(arguments: [1, 2, 3] as [UInt64]) func scalarArithmeticMatchesThePerPartForm(seed: UInt64) {
        var rng = Random(state: seed)
        let (_, views) = mortarScene(3)
        MortarDefault.priority.push(.required)
        defer { try? MortarDefault.priority.pop() }
        for _ in 0 ..< 200 {
            let t = views[0], s = views[1 + rng.next(2)]
            var scalar = s.m_width, tuple = s.m_size
            var pair = s.m_size
            var multiplier = 1.0, constant = 0.0
            for _ in 0 ..< 1 + rng.next(4) {
                let x = rng.pick([2, 0.5, 3, -1.5, 8, 0.1])
                switch rng.next(4) {
                case 0:
                    scalar = scalar * x; tuple = tuple * (x, x); pair = pair * x
                    multiplier *= x; constant *= x
                case 1:
                    scalar = scalar / x; tuple = tuple / x; pair = pair / x
                    multiplier *= 1 / x; constant *= 1 / x
                case 2:
                    scalar = scalar + x; tuple = tuple + (x, x); pair = pair + x
                    constant += x
                default:
                    scalar = scalar - x; tuple = tuple - (x, x); pair = pair - x
                    constant += -x
                }
            }
            let single = Self.numbers(t.m_width |=| scalar)
            let perPart = Self.numbers(t.m_size |=| tuple)
            let scalarOnPair = Self.numbers(t.m_size |=| pair)
            #expect(Self.same(single, [(multiplier, constant)]))
            #expect(Self.same(perPart, [(multiplier, constant), (multiplier, constant)]))
            #expect(Self.same(scalarOnPair, perPart))
            // The array forms of the operators (targets and sources in arrays) agree.
            #expect(Self.same(Self.numbers([t.m_width] |=| [scalar]), single))
        }
    }

    /// A tuple gives one number per part; a number after it applies to each.
    @Test func perPartNumbersStayPerPart() {
        let (_, views) = mortarScene(2)
        MortarDefault.priority.push(.required)
        defer { try? MortarDefault.priority.pop() }
        let c = views[0].m_size |=| (views[1].m_size + (3, 5)) * 2 - 1
        #expect(Self.same(Self.numbers(c), [(2, 5), (2, 9)]))
        let d = views[0].m_size |=| views[1].m_size * (2, 4) / 2
        #expect(Self.same(Self.numbers(d), [(1, 0), (2, 0)]))
    }

    /// A number side keeps its number as written, for texts, and `/ 0` is
    /// reported once, as before the numbers went without arrays.
    @Test func numberSidesAndDivisionByZero() {
        let (root, views) = mortarScene(2)
        MortarDefault.priority.push(.required)
        defer { try? MortarDefault.priority.pop() }
        #expect((28 as Int)._mortarAttribute.text == "28")
        #expect((12.5 + 1)._mortarAttribute.text == "13.5")
        #expect(MortarAttribute(constants: [3, 4]).text == "(3, 4)")
        #expect(MortarAttribute(constants: [7]).text == "7")
        #expect((views[1].m_width * 2 / 4 + 1).text == "view2.m_width * 2 / 4 + 1")
        let c = views[0].m_width |=| 40
        #expect(Self.same(Self.numbers(c), [(1, 40)]))
        views[0].m_height |=| views[1].m_height / 0
        #expect(frontEndProblems(of: root) == [.divisionByZero])
    }
    /// A priority outside 1 ... 1000 makes no constraint of its statement and
    /// is reported once by the next layout, with the statement as written:
    /// in the common statement (one attribute against one side, from the
    /// side's `!`, the target's or the default) and in the general one (two
    /// parts: the first stops the statement).
    @Test func prioritiesOutOfRangeAreReportedWithTheStatement() throws {
        let (root, views) = mortarScene(2)
        MortarDefault.priority.push(.required)
        defer { try? MortarDefault.priority.pop() }
        var made: [MortarConstraint] = []
        made.append(views[0].m_top |=| views[1].m_bottom + 8 ! 2000)
        made.append(views[0].m_width |=| 40 ! 0)
        made.append((views[0].m_left ! 1500) |=| views[1].m_left)
        MortarDefault.priority.push(3000)
        made.append(views[0].m_height |>| views[1].m_height * 2)
        try MortarDefault.priority.pop()
        made.append(views[0].m_size |<| views[1].m_size ! 2000)
        for c in made { #expect(c.layoutConstraints.isEmpty, "\(c)") }
        // A statement in range beside them is made.
        #expect((views[1].m_width |=| 30).layoutConstraints.count == 1)

        var reported: [(SwiftFrontEndProblem, String)] = []
        do {
            try root.layout(width: 400, height: 300)
        } catch {
            for d in error.diagnostics {
                guard case .swiftFrontEnd(let p) = d.problem else { continue }
                reported.append((p, d.origin?.text ?? ""))
            }
        }
        let expected: [(SwiftFrontEndProblem, String)] = [
            (.priorityOutOfRange(2000), "view1.m_top |=| view2.m_bottom + 8 ! 2000"),
            (.priorityOutOfRange(0), "view1.m_width |=| 40 ! 0"),
            (.priorityOutOfRange(1500), "view1.m_left ! 1500 |=| view2.m_left"),
            (.priorityOutOfRange(3000), "view1.m_height |>| view2.m_height * 2"),
            (.priorityOutOfRange(2000), "view1.m_size |<| view2.m_size ! 2000"),
        ]
        #expect(reported.map(\.0) == expected.map(\.0))
        #expect(reported.map(\.1) == expected.map(\.1))
    }
}
