import PlumbClp
import PlumbTestSupport
import Testing
@testable import PlumbSolver

/// ``RowSpace`` (the span of a face's fixed rows) and the optimal face on
/// small systems whose answer is known.
@Suite struct RowSpaceTests {
    @Test func differencesMergeAndOtherRowsEliminate() {
        var span = RowSpace(count: 6)
        span.add([(0, 1), (1, -1)])            // x0 − x1
        span.add([(2, 2), (1, -2)])            // 2·x2 − 2·x1: x0, x1, x2 one class
        span.add([(3, 1), (4, 1), (0, -2)])    // x3 + x4 − 2·x0
        span.add([(4, 1), (5, -0.5)])          // x4 − 0.5·x5
        func has(_ terms: [(Int32, Double)]) -> Bool { span.contains(terms) }
        #expect(has([(0, 1), (2, -1)]))
        #expect(has([(3, 1), (4, 1), (1, -2)]))
        #expect(has([(3, 1), (5, 0.5), (2, -2)]))  // (x3 + x4 − 2·x2) − (x4 − 0.5·x5)
        #expect(has([]))
        #expect(!has([(0, 1)]))
        #expect(!has([(3, 1)]))
        #expect(!has([(3, 1), (4, -1)]))
        #expect(!has([(5, 1), (0, -1)]))
    }

    @Test func dependentRowsAddNothing() {
        var span = RowSpace(count: 3)
        span.add([(0, 1), (1, 2)])
        span.add([(1, 1), (2, 3)])
        span.add([(0, 1), (2, -6)])  // the first less twice the second
        func has(_ terms: [(Int32, Double)]) -> Bool { span.contains(terms) }
        #expect(!has([(2, 1)]))
        #expect(has([(0, 2), (1, 2), (2, -6)]))
    }

    /// A random system for the span tests: differences, rows of one to
    /// five terms or now and then 15 to 20 (a variable sometimes twice, coefficients in quarters,
    /// now and then one far smaller), rows that are combinations of two
    /// before them, and questions: combinations of the rows written over
    /// other members of a difference's class, rows with a term changed,
    /// single variables, random forms and the empty form; then the short
    /// questions again over other members of their classes, and with one
    /// term changed (``RowSpace`` remembers short questions' answers by
    /// their classes and coefficients). With `integers`,
    /// whole coefficients only and no small ones.
    static func randomSpan(_ g: inout SplitMix64, integers: Bool = false)
        -> (count: Int, rows: [[(Int32, Double)]], questions: [[(Int32, Double)]]) {
        let count = Int.random(in: 3 ... 24, using: &g)
        func variable() -> Int32 { Int32.random(in: 0 ..< Int32(count), using: &g) }
        func coefficient() -> Double {
            let whole = Double(Int.random(in: 1 ... 4, using: &g)) * (Bool.random(using: &g) ? 1 : -1)
            if integers { return whole }
            if Int.random(in: 0 ..< 12, using: &g) == 0 { return whole * 1e-13 }
            return whole * [1, 0.25, 0.5, 1.5][Int.random(in: 0 ..< 4, using: &g)]
        }
        var rows: [[(Int32, Double)]] = []
        for _ in 0 ..< Int.random(in: 0 ... count + 2, using: &g) {
            switch Int.random(in: 0 ..< 4, using: &g) {
            case 0:
                let a = coefficient()
                rows.append([(variable(), a), (variable(), -a)])
            case 1 where rows.count >= 2:
                let i = Int.random(in: 0 ..< rows.count, using: &g), j = Int.random(in: 0 ..< rows.count, using: &g)
                let (a, b) = (coefficient(), coefficient())
                rows.append(rows[i].map { ($0.0, a * $0.1) } + rows[j].map { ($0.0, b * $0.1) })
            default:
                // Now and then a long row, summed through a dictionary.
                let n = Int.random(in: 0 ..< 10, using: &g) == 0 ? Int.random(in: 15 ... 20, using: &g)
                    : Int.random(in: 1 ... 5, using: &g)
                rows.append((0 ..< n).map { _ in (variable(), coefficient()) })
            }
        }
        var questions: [[(Int32, Double)]] = [[]]
        for _ in 0 ..< 12 {
            switch Int.random(in: 0 ..< 4, using: &g) {
            case 0 where !rows.isEmpty:
                var form: [(Int32, Double)] = []
                for _ in 0 ..< Int.random(in: 1 ... 3, using: &g) {
                    let a = coefficient()
                    form += rows[Int.random(in: 0 ..< rows.count, using: &g)].map { ($0.0, a * $0.1) }
                }
                // x − y in the span lets a form name y for x.
                let differences = rows.filter { $0.count == 2 && $0[0].1 == -$0[1].1 }
                if let d = differences.randomElement(using: &g) {
                    let a = coefficient()
                    form += [(d[0].0, a), (d[1].0, -a)]
                }
                questions.append(form)
            case 1 where !rows.isEmpty:
                var form = rows[Int.random(in: 0 ..< rows.count, using: &g)]
                form.append((variable(), coefficient()))
                questions.append(form)
            case 2:
                questions.append([(variable(), 1)])
            default:
                questions.append((0 ..< Int.random(in: 1 ... 4, using: &g)).map { _ in (variable(), coefficient()) })
            }
        }
        // The short questions again, with each variable written as its
        // partner in a difference when it has one, and as another
        // variable or coefficient now and then: the same question over the
        // classes, and questions alike but for one term.
        let differences = rows.filter { $0.count == 2 && $0[0].1 == -$0[1].1 }
        for question in questions where (1 ... 2).contains(question.count) {
            questions.append(question.map { term in
                if let d = differences.first(where: { $0[0].0 == term.0 }) { return (d[1].0, term.1) }
                if let d = differences.first(where: { $0[1].0 == term.0 }) { return (d[0].0, term.1) }
                return term
            })
            var other = question
            other[other.count - 1].0 = variable()
            questions.append(other)
            var scaled = question
            scaled[scaled.count - 1].1 = coefficient()
            questions.append(scaled)
        }
        return (count, rows, questions)
    }

    /// The dense scratch row's elimination answers every question as the
    /// elimination over dictionaries did (``RowSpaceByDictionaries``), on
    /// 400 random systems: the same rows in, the same pivots out, so the
    /// same answers.
    @Test func answersAsTheEliminationOverDictionaries() {
        var g = SplitMix64(seed: 52)
        var (inSpan, outside) = (0, 0)
        for system in 0 ..< 400 {
            let (count, rows, questions) = Self.randomSpan(&g)
            var span = RowSpace(count: count)
            var reference = RowSpaceByDictionaries(count: count)
            for row in rows {
                span.add(row)
                reference.add(row)
            }
            for (q, question) in questions.enumerated() {
                let answer = span.contains(question)
                #expect(answer == reference.contains(question), "system \(system), question \(q)")
                if answer { inSpan += 1 } else { outside += 1 }
            }
        }
        // Both answers come often enough for the comparison to mean something.
        #expect(inSpan > 1_000 && outside > 1_000, "\(inSpan) in the span, \(outside) outside")
    }

    /// On whole coefficients, a form is in the span exactly when adding it
    /// to the rows leaves their rank as it was (dense elimination with
    /// partial pivoting); 300 random systems.
    @Test func answersAsADenseRankTest() {
        func rank(_ rows: [[(Int32, Double)]], _ count: Int) -> Int {
            var m = rows.map { row in
                var dense = [Double](repeating: 0, count: count)
                for (v, a) in row { dense[Int(v)] += a }
                return dense
            }
            var rank = 0
            for column in 0 ..< count where rank < m.count {
                guard let pivot = (rank ..< m.count).max(by: { abs(m[$0][column]) < abs(m[$1][column]) }),
                      abs(m[pivot][column]) > 1e-9 else { continue }
                m.swapAt(rank, pivot)
                for i in rank + 1 ..< m.count {
                    let f = m[i][column] / m[rank][column]
                    for j in column ..< count { m[i][j] -= f * m[rank][j] }
                }
                rank += 1
            }
            return rank
        }
        var g = SplitMix64(seed: 5_200)
        var (inSpan, outside) = (0, 0)
        for system in 0 ..< 300 {
            let (count, rows, questions) = Self.randomSpan(&g, integers: true)
            var span = RowSpace(count: count)
            for row in rows { span.add(row) }
            let base = rank(rows, count)
            for (q, question) in questions.enumerated() {
                let answer = span.contains(question)
                #expect(answer == (rank(rows + [question], count) == base), "system \(system), question \(q)")
                if answer { inSpan += 1 } else { outside += 1 }
            }
        }
        #expect(inSpan > 1_000 && outside > 1_000, "\(inSpan) in the span, \(outside) outside")
    }

    private func v(_ i: Int32) -> VariableIndex { VariableIndex(rawValue: i) }

    /// x0 ≤ x1 and x1 ≤ x0 + 0 hold only with equality (an implicit
    /// equality), x1 is pulled to 7 at one level and x2 is pushed between
    /// 0 and x1 by a level that only cares that x2 ≥ 1: x0, x1 fixed, x2
    /// free; x3 tied to x2 by an equality at a level whose face pins it.
    @Test func implicitEqualitiesAndHeldLevelsFixForms() {
        var s = ConstraintSystem()
        s.addVariables(4)
        let rows: [([(Int32, Double)], Double, Relation, Priority)] = [
            ([(1, 1), (0, -1)], 0, .greaterOrEqual, .required),
            ([(0, 1), (1, -1)], 0, .greaterOrEqual, .required),
            ([(1, 1)], -7, .equal, .high),
            ([(2, 1)], 0, .greaterOrEqual, .required),
            ([(1, 1), (2, -1)], 0, .greaterOrEqual, .required),
            ([(2, 1)], -1, .greaterOrEqual, .medium),
            ([(3, 1), (2, -1)], -2, .equal, .low),
        ]
        for (i, row) in rows.enumerated() {
            s.addRow(row.0.map { (v($0.0), $0.1) }, constant: row.1, relation: row.2, priority: row.3,
                     origin: Origin(kind: .constraint, index: i, text: "row \(i)"))
        }
        let forms: [[(VariableIndex, Double)]] = [[(v(0), 1)], [(v(1), 1)], [(v(2), 1)], [(v(3), 1)],
                                                  [(v(3), 1), (v(2), -1)], [(v(1), 1), (v(0), -1)]]
        let byFaces = s.diagnose(measuring: forms, split: true,
                                 faces: FaceOptions(solver: ClpPartSolver(), threshold: 2))
        let byProbes = s.diagnose(measuring: forms, split: false, faces: nil)
        #expect(byFaces.freeMeasures == [2, 3])
        #expect(byFaces == byProbes)
    }
}
