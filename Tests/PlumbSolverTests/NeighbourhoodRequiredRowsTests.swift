import PlumbClp
import PlumbTestSupport
import Testing
@testable import PlumbSolver

/// A whole component that answers every probe as its tableau does but
/// gives `ray` as the ray of every probe (as an LP code with rounding
/// errors or a wrong answer might) and, when given, `point` as the point
/// it satisfies (`value`), so that the walks start where a test says.
private final class TableauStandIn: RequiredRowProbe {
    let tableau: TableauRequiredRows
    let ray: [Double]?
    let point: [Double]?
    init(_ tableau: TableauRequiredRows, ray: [Double]? = nil, point: [Double]? = nil) {
        (self.tableau, self.ray, self.point) = (tableau, ray, point)
    }
    var variableCount: Int { tableau.variableCount }
    func contains(_ i: Int) -> Bool { tableau.contains(i) }
    func value(_ terms: [(Int32, Double)], _ constant: Double) -> Double {
        guard let point else { return tableau.value(terms, constant) }
        return terms.reduce(constant) { $0 + $1.1 * point[Int($1.0)] }
    }
    func pushed(_ terms: [(Int32, Double)], _ constant: Double, to target: Double) -> Double {
        tableau.pushed(terms, constant, to: target)
    }
    func canPush(_ terms: [(Int32, Double)], _ constant: Double, magnitude: Double,
                 direction: Double, from base: Double) -> Bool {
        tableau.canPush(terms, constant, magnitude: magnitude, direction: direction, from: base)
    }
    func takeOut(_ i: Int) { tableau.takeOut(i) }
    func putBack(_ i: Int) { tableau.putBack(i) }
    func lastPoint() -> [Double]? { nil }
    func lastRay() -> [Double]? { ray }
}

/// A whole tableau asked as a test's reference, whose questions and answers
/// are kept on its first run: a later run (``run()`` again) that asks the
/// same questions in the same order gets the first run's answers without
/// the tableau's pivots, so a test that asks one system's tableau the same
/// things for each of its settings builds and probes it once. The answers
/// are a fresh tableau's bit for bit: a run that asks anything else (another
/// question, another expression, another order) goes on on a tableau made
/// anew and taken through the questions asked before it in that run, as a
/// reference made for that run would have been.
private final class RecordedTableau: RequiredRowProbe {
    /// A question, by what it asks: its kind and every number in it, bits
    /// and all.
    private struct Question: Equatable {
        var kind: UInt8
        var numbers: [UInt64] = []
        init(_ kind: UInt8, index: Int) { (self.kind, numbers) = (kind, [UInt64(bitPattern: Int64(index))]) }
        init(_ kind: UInt8, _ terms: [(Int32, Double)], _ values: Double...) {
            self.kind = kind
            numbers = terms.flatMap { [UInt64(UInt32(bitPattern: $0.0)), $0.1.bitPattern] } + values.map(\.bitPattern)
        }
    }

    private let make: () -> TableauRequiredRows
    let variableCount: Int
    private var record: [(question: Question, ask: (TableauRequiredRows) -> Double, answer: Double)] = []
    private var runs = 0, position = 0
    /// The tableau that answers: the first run's, or one a later run made
    /// when it left the record; nil while a later run is on the record.
    private var tableau: TableauRequiredRows?
    /// Answers given from the record, and later runs that left it.
    private(set) var replayed = 0, leftTheRecord = 0

    init(_ rows: [ConstraintSystem.InertCandidate], variableCount: Int) {
        self.variableCount = variableCount
        make = { TableauRequiredRows(rows, variableCount: variableCount, equalitiesAsInequalities: nil) }
    }

    /// Starts a run: the first on a tableau of its own, whose answers are
    /// kept; each later one from the start of the record.
    func run() -> RecordedTableau {
        runs += 1
        position = 0
        tableau = runs == 1 ? make() : nil
        return self
    }

    /// The tableau to ask now; a later run that leaves the record here makes
    /// its own, taken through the run's questions so far.
    private func live() -> TableauRequiredRows {
        if let tableau { return tableau }
        let fresh = make()
        for asked in record[..<position] { _ = asked.ask(fresh) }
        leftTheRecord += 1
        tableau = fresh
        return fresh
    }

    private func answer(_ question: Question, _ ask: @escaping (TableauRequiredRows) -> Double) -> Double {
        precondition(runs > 0, "run() starts each run")
        if tableau == nil && position < record.count && record[position].question == question {
            position += 1
            replayed += 1
            return record[position - 1].answer
        }
        let answer = ask(live())
        if runs == 1 { record.append((question, ask, answer)) }
        return answer
    }

    func contains(_ i: Int) -> Bool { answer(Question(0, index: i)) { $0.contains(i) ? 1 : 0 } == 1 }
    func value(_ terms: [(Int32, Double)], _ constant: Double) -> Double {
        answer(Question(1, terms, constant)) { $0.value(terms, constant) }
    }
    func pushed(_ terms: [(Int32, Double)], _ constant: Double, to target: Double) -> Double {
        answer(Question(2, terms, constant, target)) { $0.pushed(terms, constant, to: target) }
    }
    func canPush(_ terms: [(Int32, Double)], _ constant: Double, magnitude: Double,
                 direction: Double, from base: Double) -> Bool {
        answer(Question(3, terms, constant, magnitude, direction, base)) {
            $0.canPush(terms, constant, magnitude: magnitude, direction: direction, from: base) ? 1 : 0
        } == 1
    }
    func takeOut(_ i: Int) { _ = answer(Question(4, index: i)) { $0.takeOut(i); return 0 } }
    func putBack(_ i: Int) { _ = answer(Question(5, index: i)) { $0.putBack(i); return 0 } }
    func lastPoint() -> [Double]? { live().lastPoint() }
    func lastRay() -> [Double]? { live().lastRay() }
}

/// A probe that calls `asked` with each probe's terms before it hands
/// the probe on (``NeighbourhoodRequiredRowsTests/chainsNearAProbeAreThoseEveryRowShows()``).
private final class WatchedProbe<Probe: RequiredRowProbe>: RequiredRowProbe {
    let probe: Probe
    let asked: ([(Int32, Double)]) -> Void
    init(_ probe: Probe, asked: @escaping ([(Int32, Double)]) -> Void) {
        (self.probe, self.asked) = (probe, asked)
    }
    var variableCount: Int { probe.variableCount }
    func contains(_ i: Int) -> Bool { probe.contains(i) }
    func value(_ terms: [(Int32, Double)], _ constant: Double) -> Double { probe.value(terms, constant) }
    func pushed(_ terms: [(Int32, Double)], _ constant: Double, to target: Double) -> Double {
        asked(terms)
        return probe.pushed(terms, constant, to: target)
    }
    func canPush(_ terms: [(Int32, Double)], _ constant: Double, magnitude: Double,
                 direction: Double, from base: Double) -> Bool {
        asked(terms)
        return probe.canPush(terms, constant, magnitude: magnitude, direction: direction, from: base)
    }
    func takeOut(_ i: Int) { probe.takeOut(i) }
    func putBack(_ i: Int) { probe.putBack(i) }
    func lastPoint() -> [Double]? { probe.lastPoint() }
    func lastRay() -> [Double]? { probe.lastRay() }
}

/// What a transcript (``NeighbourhoodRequiredRowsTests``' `transcript`)
/// reads from its reference tableau, read once: which required rows are
/// in, and the value of each optional row's expression at the tableau's
/// point. That is all a transcript asks of it: the values before any row
/// is taken out, and whether row `i` is in only before row `i` is taken
/// out (`testedLastFirst`, last row first; taking a row out or putting it
/// back changes whether that row is in, no other's, and no probe of the
/// reference's follows). So the readings of one tableau answer every
/// transcript of the same rows as a tableau made for each would, bit for
/// bit, without its build and its take-outs and put-backs.
private struct ReferenceReadings {
    let isIn: [Bool]
    /// By row; nil for the rows a transcript does not ask about (required,
    /// or without terms).
    let values: [Double?]

    init(_ rows: [ConstraintSystem.InertCandidate], _ reference: some RequiredRowProbe) {
        isIn = rows.indices.map { reference.contains($0) }
        values = rows.map { $0.isRequired || $0.terms.isEmpty ? nil : reference.value($0.terms, $0.constant) }
    }

    /// The readings of a tableau of `rows` made for them.
    init(_ rows: [ConstraintSystem.InertCandidate], variableCount: Int) {
        self.init(rows, TableauRequiredRows(rows, variableCount: variableCount, equalitiesAsInequalities: nil))
    }
}

/// ``NeighbourhoodRequiredRows`` (each redundancy probe decided on the
/// rows near it first) against the probes on the whole component's
/// simplex: the same answers, probe by probe, on random coupled systems.
@Suite struct NeighbourhoodRequiredRowsTests {
    private typealias Candidate = ConstraintSystem.InertCandidate

    /// Random coupled required and optional rows: grids whose cells share
    /// column and row edges (one edge pinned per grid, so sizes stay
    /// bounded on one side only), chains of gaps, random inequalities
    /// between any two variables (some with a third term), duplicated and
    /// loosened copies (redundant rows), now and then a pinned edge pinned
    /// again (a conflict, left out by the whole simplex), and every row
    /// scaled by a huge or tiny factor now and then.
    /// The random system of ``randomRows(_:scaled:)`` drawn from `seed`,
    /// with a whole tableau of it to probe and a second as the reference.
    private func seededSystem(_ seed: UInt64, scaled: Bool)
        -> (rows: [Candidate], variables: Int, whole: TableauRequiredRows, reference: TableauRequiredRows) {
        var rng = SplitMix64(seed: seed)
        let (rows, variables) = randomRows(&rng, scaled: scaled)
        return (rows, variables,
                TableauRequiredRows(rows, variableCount: variables, equalitiesAsInequalities: nil),
                TableauRequiredRows(rows, variableCount: variables, equalitiesAsInequalities: nil))
    }

    private func randomRows(_ rng: inout SplitMix64, scaled: Bool = false) -> (rows: [Candidate], variables: Int) {
        var rows: [Candidate] = []
        var variables: Int32 = 0
        func fresh(_ n: Int32) -> Int32 { defer { variables += n }; return variables }
        func row(_ terms: [(Int32, Double)], _ constant: Double, _ relation: Relation, required: Bool = true) {
            rows.append(Candidate(row: rows.count, terms: terms, constant: constant,
                                  magnitude: max(1, abs(constant)), relation: relation, isRequired: required))
        }
        for _ in 0 ..< Int.random(in: 1 ... 3, using: &rng) {
            let columns = Int32.random(in: 1 ... 4, using: &rng), gridRows = Int32.random(in: 1 ... 3, using: &rng)
            let x = fresh(columns + 1), y = fresh(gridRows + 1)
            row([(x, 1)], 0, .equal)
            if Bool.random(using: &rng) { row([(y, 1)], 0, .greaterOrEqual) }
            for r in 0 ..< gridRows {
                for c in 0 ..< columns {
                    let w = fresh(2), h = w + 1
                    row([(x + c + 1, 1), (x + c, -1), (w, -1)], -Double(Int.random(in: 0 ... 8, using: &rng)),
                        .greaterOrEqual)
                    row([(y + r + 1, 1), (y + r, -1), (h, -1)], 0, .greaterOrEqual)
                    row([(w, 1)], -Double(Int.random(in: 10 ... 40, using: &rng)), .greaterOrEqual)
                    row([(h, 1)], -Double(Int.random(in: 5 ... 20, using: &rng)),
                        Bool.random(using: &rng) ? .greaterOrEqual : .equal)
                    row([(w, 1)], -Double(Int.random(in: 10 ... 60, using: &rng)), .lessOrEqual, required: false)
                }
            }
            if Bool.random(using: &rng) { row([(x + columns, 1)], -Double(60 * columns), .lessOrEqual) }
        }
        // A chain of gaps with a bound at its end.
        let chain = fresh(Int32.random(in: 2 ... 8, using: &rng))
        for v in chain + 1 ..< variables {
            row([(v, 1), (v - 1, -1)], -Double(Int.random(in: 0 ... 10, using: &rng)), .greaterOrEqual)
        }
        row([(variables - 1, 1)], -Double(Int.random(in: 50 ... 150, using: &rng)), .lessOrEqual)
        row([(chain, 1)], 0, .greaterOrEqual)
        // Random inequalities and equalities between any two or three variables.
        for _ in 0 ..< Int.random(in: 0 ... 6, using: &rng) {
            let a = Int32.random(in: 0 ..< variables, using: &rng), b = Int32.random(in: 0 ..< variables, using: &rng)
            guard a != b else { continue }
            var terms: [(Int32, Double)] = [(a, 1), (b, Double([-1, -2, 1, 0.5].randomElement(using: &rng)!))]
            if Bool.random(using: &rng) {
                let c = Int32.random(in: 0 ..< variables, using: &rng)
                if c != a && c != b { terms.append((c, -1)) }
            }
            let relation = [Relation.greaterOrEqual, .lessOrEqual, .equal].randomElement(using: &rng)!
            row(terms, -Double(Int.random(in: -50 ... 50, using: &rng)), relation,
                required: Int.random(in: 0 ..< 3, using: &rng) > 0)
        }
        // Redundant rows: duplicates and loosened copies.
        for _ in 0 ..< Int.random(in: 0 ... 4, using: &rng) {
            let copy = rows[Int.random(in: 0 ..< rows.count, using: &rng)]
            guard copy.isRequired else { continue }
            let loosen = Double(Int.random(in: 0 ... 5, using: &rng))
            switch copy.relation {
            case .equal: row(copy.terms, copy.constant, .equal)
            case .greaterOrEqual: row(copy.terms, copy.constant + loosen, .greaterOrEqual)
            case .lessOrEqual: row(copy.terms, copy.constant - loosen, .lessOrEqual)
            }
        }
        // A conflict: an edge pinned to two values.
        if Int.random(in: 0 ..< 4, using: &rng) == 0 {
            let a = Int32.random(in: 0 ..< variables, using: &rng)
            row([(a, 1)], -500, .equal)
            row([(a, 1)], -600, .greaterOrEqual)
        }
        // Huge and tiny coefficients: a row times a factor allows the same points.
        for i in rows.indices where Int.random(in: 0 ..< 6, using: &rng) == 0 && scaled {
            let factor = [1e-2, 1e2, 1e4].randomElement(using: &rng)!
            rows[i].terms = rows[i].terms.map { ($0.0, $0.1 * factor) }
            rows[i].constant *= factor
        }
        return (rows, Int(variables))
    }

    /// What one run of the inert-row tests asks of its rows, asked of
    /// `probe` and `reference` side by side: for each optional row, whether
    /// its expression can be pushed either way from 0 and from its value,
    /// and how far it goes towards a target; then for each required row,
    /// last first, whether it can be pushed to its violated side once taken
    /// out (when not, it stays out, as a redundant row does). Returns the
    /// questions whose answers differ.
    private func differences(_ rows: [Candidate], _ probe: some RequiredRowProbe,
                             _ reference: some RequiredRowProbe) -> [String] {
        var found: [String] = []
        func push(_ i: Int, _ direction: Double, from base: Double) -> Bool {
            let mine = probe.canPush(rows[i].terms, rows[i].constant, magnitude: rows[i].magnitude,
                                     direction: direction, from: base)
            let theirs = reference.canPush(rows[i].terms, rows[i].constant, magnitude: rows[i].magnitude,
                                           direction: direction, from: base)
            if mine != theirs { found.append("row \(i) \(direction) from \(base): \(mine), not \(theirs)") }
            return theirs
        }
        for i in rows.indices where !rows[i].isRequired && !rows[i].terms.isEmpty {
            let current = reference.value(rows[i].terms, rows[i].constant)
            for direction in [1.0, -1.0] {
                _ = push(i, direction, from: 0)
                _ = push(i, direction, from: current)
            }
            let target = current + 25
            let mine = probe.pushed(rows[i].terms, rows[i].constant, to: target)
            let theirs = reference.pushed(rows[i].terms, rows[i].constant, to: target)
            if abs(min(mine, target) - min(theirs, target)) > 1e-6 * max(1, abs(target)) {
                found.append("row \(i) pushed to \(target): \(mine), not \(theirs)")
            }
        }
        testedLastFirst(rows, reference, takeOut: { i in
            #expect(probe.contains(i))
            probe.takeOut(i)
        }, putBack: probe.putBack, push: { push($0, $1, from: 0) })
        return found
    }

    /// The redundancy tests' order: each required row of `reference`, last
    /// first, taken out (of `reference` and by `takeOut`) and pushed to its
    /// violated side from 0 (`push(i, direction)`, which answers as
    /// `reference`); put back when violable, left out (redundant) otherwise.
    private func testedLastFirst(_ rows: [Candidate], _ reference: some RequiredRowProbe,
                                 takeOut: (Int) -> Void, putBack: (Int) -> Void,
                                 push: (Int, Double) -> Bool) {
        testedLastFirst(rows, isIn: reference.contains, takeOut: { i in
            takeOut(i)
            reference.takeOut(i)
        }, putBack: { i in
            putBack(i)
            reference.putBack(i)
        }, push: push)
    }

    /// The same order with the rows in the reference given by `isIn`
    /// (asked for row `i` before row `i` is taken out), taking out and
    /// putting back by `takeOut` and `putBack` only.
    private func testedLastFirst(_ rows: [Candidate], isIn: (Int) -> Bool,
                                 takeOut: (Int) -> Void, putBack: (Int) -> Void,
                                 push: (Int, Double) -> Bool) {
        for i in rows.indices.reversed() where rows[i].isRequired && isIn(i) {
            takeOut(i)
            let violable = switch rows[i].relation {
            case .greaterOrEqual: push(i, -1)
            case .lessOrEqual: push(i, 1)
            case .equal: push(i, 1) || push(i, -1)
            }
            if violable { putBack(i) }
        }
    }

    // Every seed in the plain pass; in scripts/test.sh's pass with the
    // simplex checking its invariants after every operation, where a seed
    // costs many times more (173 s for the 60, run alone on a busy
    // machine), the first 12.
    @Test(arguments: 0 ..< (SimplexCore.checksInvariants ? 12 : 60) as Range<UInt64>)
    func neighbourhoodsAnswerAsTheWholeSimplex(seed: UInt64) {
        var rng = SplitMix64(seed: 0x4E16 &+ seed)
        let (rows, variables) = randomRows(&rng, scaled: true)
        // The reference's questions follow its own answers only, so each
        // size asks the same: one tableau answers them, its answers replayed
        // for the later sizes.
        let reference = RecordedTableau(rows, variableCount: variables)
        // From neighbourhoods of one row (most probes then go to the whole
        // component) to neighbourhoods as large as the system.
        for maximumRows in [1, 3, 8, 30, 1000] {
            let whole = TableauRequiredRows(rows, variableCount: variables, equalitiesAsInequalities: nil)
            let near = NeighbourhoodRequiredRows(rows, whole: whole, maximumRows: maximumRows)
            let found = differences(rows, near, reference.run())
            #expect(found.isEmpty, "seed \(seed), at most \(maximumRows) rows: \(found)")
        }
        #expect(reference.leftTheRecord == 0, "seed \(seed): \(reference.leftTheRecord) runs asked other questions")
    }

    /// Every answer `near` gives to the inert-row tests' probes (as
    /// ``differences(_:_:_:)`` asks them, each `pushed` value bit for bit,
    /// from the values and rows `reference` read on a tableau of the rows),
    /// then how it decided them.
    private func transcript<Whole>(_ rows: [Candidate], _ near: NeighbourhoodRequiredRows<Whole>,
                                   _ reference: ReferenceReadings) -> [String] {
        var said: [String] = []
        func push(_ i: Int, _ direction: Double, from base: Double) -> Bool {
            let can = near.canPush(rows[i].terms, rows[i].constant, magnitude: rows[i].magnitude,
                                   direction: direction, from: base)
            said.append("row \(i) \(direction) from \(base): \(can)")
            return can
        }
        for i in rows.indices {
            guard let current = reference.values[i] else { continue }
            for direction in [1.0, -1.0] {
                _ = push(i, direction, from: 0)
                _ = push(i, direction, from: current)
            }
            let reached = near.pushed(rows[i].terms, rows[i].constant, to: current + 25)
            said.append("row \(i) pushed to \(current + 25): \(reached.bitPattern)")
        }
        testedLastFirst(rows, isIn: { reference.isIn[$0] }, takeOut: near.takeOut, putBack: near.putBack,
                        push: { push($0, $1, from: 0) })
        said.append("nearby \(near.decidedNearby), by a point \(near.decidedByWitness), by a move \(near.decidedByMove), "
            + "along the move \(near.decidedAlongTheMove) (\(near.rowsTakenAlongTheMove) rows, "
            + "\(near.roundsAlongTheMove) rounds), on the whole \(near.decidedOnWhole)")
        return said
    }

    /// The neighbourhoods' small tableaux, reset for each probe and each
    /// step (``SimplexCore/reset(variableCount:)``), answer as tableaux
    /// made anew: the same answers, values and ways of deciding, whatever
    /// the tableau held before (neighbourhoods of one row up to the whole
    /// system, grown along the moves or not).
    // All 40 seeds in the plain pass, the first 8 with invariants checked
    // (as above).
    @Test(arguments: 0 ..< (SimplexCore.checksInvariants ? 8 : 40) as Range<UInt64>)
    func resetTableauxAnswerAsNewOnes(seed: UInt64) {
        var rng = SplitMix64(seed: 0x5E7 &+ seed)
        let (rows, variables) = randomRows(&rng, scaled: true)
        let reference = ReferenceReadings(rows, variableCount: variables)
        for maximumRows in [1, 3, 8, 30, 1000] {
            var transcripts: [[String]] = []
            for reuses in [true, false] {
                let whole = TableauRequiredRows(rows, variableCount: variables, equalitiesAsInequalities: nil)
                let near = NeighbourhoodRequiredRows(rows, whole: whole, maximumRows: maximumRows,
                                                     alongTheMove: maximumRows, reusesTableaux: reuses,
                                                     walksFirst: false)
                transcripts.append(transcript(rows, near, reference))
            }
            #expect(transcripts[0] == transcripts[1],
                    "seed \(seed), at most \(maximumRows) rows: \(zip(transcripts[0], transcripts[1]).filter { $0 != $1 }.prefix(3))")
        }
    }

    /// With the relaxation asked before the restriction once the
    /// relaxations have decided more redundancy tests
    /// (``NeighbourhoodRequiredRows/relaxationFirst``), every answer, value
    /// and way of deciding is as with the restriction always first
    /// (`ordersTableaux: false`), on the random systems (with their
    /// duplicated and loosened copies, which the relaxations show held) and
    /// on shelves whose bounds on every shelf but one are held through the
    /// ties; and the relaxation does go first there.
    @Test func relaxationFirstAnswersAsRestrictionFirst() {
        var relaxedFirst = 0, byRelaxation = 0, byRestriction = 0
        func compare(_ rows: [Candidate], _ variables: Int, _ label: String) {
            let reference = ReferenceReadings(rows, variableCount: variables)
            for maximumRows in [3, 8, 64] {
                var transcripts: [[String]] = []
                for orders in [true, false] {
                    let whole = TableauRequiredRows(rows, variableCount: variables, equalitiesAsInequalities: nil)
                    let near = NeighbourhoodRequiredRows(rows, whole: whole, maximumRows: maximumRows,
                                                         walksFirst: false, ordersTableaux: orders)
                    transcripts.append(transcript(rows, near, reference))
                    if orders {
                        relaxedFirst += near.relaxedFirstTests
                        byRelaxation += near.decidedByRelaxation
                        byRestriction += near.decidedByRestriction
                    } else {
                        #expect(near.relaxedFirstTests == 0)
                    }
                }
                #expect(transcripts[0] == transcripts[1],
                        "\(label), at most \(maximumRows) rows: \(zip(transcripts[0], transcripts[1]).filter { $0 != $1 }.prefix(3))")
            }
        }
        onRandomSystemsAndShelves(seeds: 20, compare)
        #expect(relaxedFirst > 20,
                "\(relaxedFirst) relaxation first; \(byRelaxation) by a relaxation, \(byRestriction) by a restriction")
    }

    /// Runs `compare` on `seeds` random scaled systems (seeds from 0x5E7)
    /// and on 12 shelves, each with its variable count and a label; with
    /// `grids`, also on that many spanning grids of 5 columns and 8 rows
    /// (seeds from `first`).
    private func onRandomSystemsAndShelves(seeds: UInt64, grids: (count: UInt64, first: UInt64)? = nil,
                                           _ compare: ([Candidate], Int, String) -> Void) {
        for seed in 0 ..< seeds {
            var rng = SplitMix64(seed: 0x5E7 &+ seed)
            let (rows, variables) = randomRows(&rng, scaled: true)
            compare(rows, variables, "seed \(seed)")
        }
        let shelves: Int32 = 12
        compare(shelfRows(shelves), Int(3 * shelves), "shelves")
        for seed in 0 ..< (grids?.count ?? 0) {
            var rng = SplitMix64(seed: grids!.first &+ seed)
            let (rows, variables) = spanningGridRows(&rng, columns: 5, gridRows: 8)
            compare(rows, variables, "grid \(seed)")
        }
    }

    /// The redundancy tests' two savings on their small tableaux against
    /// neither, on the random systems and on shelves: probe rows left in
    /// (`NeighbourhoodRequiredRows/leavesProbesIn`: the restriction's
    /// never removed, the relaxation's only before it grows again) leave
    /// every probe of those tableaux ending on the same point, bit for bit;
    /// restrictions not built where single rows bound the expression
    /// (`NeighbourhoodRequiredRows/boundsRestrictions`) leave every
    /// answer, value and way of deciding (each restriction's and
    /// relaxation's count among them) as building them all; and both
    /// spare work.
    @Test func smallTableauxSavingsAnswerAsWithout() {
        var spared = 0, points = 0, restrictionsSpared = 0
        func compare(_ rows: [Candidate], _ variables: Int, _ label: String) {
            let reference = ReferenceReadings(rows, variableCount: variables)
            for maximumRows in [3, 64] {
                var transcripts: [[String]] = [], traces: [[[UInt64]]] = []
                for (leaves, bounds) in [(false, false), (true, false), (true, true)] {
                    let whole = TableauRequiredRows(rows, variableCount: variables, equalitiesAsInequalities: nil)
                    let near = NeighbourhoodRequiredRows(rows, whole: whole, maximumRows: maximumRows,
                                                         walksFirst: false, leavesProbesIn: leaves,
                                                         boundsRestrictions: bounds)
                    near.probePoints = []
                    transcripts.append(transcript(rows, near, reference)
                        + ["by a restriction \(near.decidedByRestriction), by a relaxation \(near.decidedByRelaxation), "
                            + "relaxation first \(near.relaxedFirstTests)"])
                    traces.append(near.probePoints ?? [])
                    if leaves { spared += near.probeRemovalsSpared } else { #expect(near.probeRemovalsSpared == 0) }
                    if bounds { restrictionsSpared += near.restrictionsSpared } else { #expect(near.restrictionsSpared == 0) }
                }
                points += traces[0].count
                for k in 1 ..< transcripts.count {
                    #expect(transcripts[k] == transcripts[0],
                            "\(label), at most \(maximumRows) rows, saving \(k): \(zip(transcripts[k], transcripts[0]).filter { $0 != $1 }.prefix(3))")
                }
                let differing = zip(traces[0], traces[1]).filter { $0 != $1 }.count
                #expect(traces[0].count == traces[1].count && differing == 0,
                        "\(label), at most \(maximumRows) rows: \(traces[1].count) probes for \(traces[0].count), \(differing) ending elsewhere")
            }
        }
        onRandomSystemsAndShelves(seeds: 10, compare)
        #expect(spared > 200 && points > 400 && restrictionsSpared > 20,
                "\(spared) removals spared, \(points) probes, \(restrictionsSpared) restrictions not built")
    }

    /// A grid of cells over shared column edges, as `sheet`'s: each cell's
    /// edges equal to those of the columns it spans (1 to 3), each cell at
    /// least its content, each column at least its header's. A move of a
    /// column edge drags every cell on it, so the relaxations grown along
    /// the moves mostly fail here.
    private func spanningGridRows(_ rng: inout SplitMix64, columns: Int32, gridRows: Int)
        -> (rows: [Candidate], variables: Int) {
        var rows: [Candidate] = []
        var variables = columns + 1
        func row(_ terms: [(Int32, Double)], _ constant: Double, _ relation: Relation) {
            rows.append(Candidate(row: rows.count, terms: terms, constant: constant,
                                  magnitude: max(1, abs(constant)), relation: relation, isRequired: true))
        }
        row([(0, 1)], 0, .equal)
        for j in 0 ..< columns {
            row([(j + 1, 1), (j, -1)], -Double(4 * Int.random(in: 4 ... 15, using: &rng)), .greaterOrEqual)
        }
        row([(columns, 1)], -3000, .lessOrEqual)
        for _ in 0 ..< gridRows {
            var j: Int32 = 0
            while j < columns {
                let across = min(columns - j, Int32.random(in: 1 ... 3, using: &rng))
                let left = variables, right = variables + 1
                variables += 2
                row([(left, 1), (j, -1)], 0, .equal)
                row([(right, 1), (j + across, -1)], 0, .equal)
                row([(right, 1), (left, -1)], -Double(4 * Int.random(in: 5 ... 40, using: &rng)), .greaterOrEqual)
                j += across
            }
        }
        return (rows, Int(variables))
    }

    /// The relaxations grown along the moves kept on trial
    /// (`RowsAlongTheMove/isAsked`: after a few tests, asked only while
    /// half of their tests show the row held) give every probe the answer
    /// it gets when they are always asked: a probe not asked goes on to
    /// the ways after them. On the random systems, shelves and a spanning
    /// grid, with 1 and 4 tests on trial against none, the canPush answers
    /// are the same, and the rule leaves probes unasked.
    @Test func rowsAlongTheMoveOnTrialAnswerAsAlways() {
        var notAsked = 0, asked = 0
        func compare(_ rows: [Candidate], _ variables: Int, _ label: String) {
            var answers: [[String]] = []
            let reference = ReferenceReadings(rows, variableCount: variables)
            for onTrial in [nil, 1, 4] as [Int?] {
                let whole = TableauRequiredRows(rows, variableCount: variables, equalitiesAsInequalities: nil)
                let near = NeighbourhoodRequiredRows(rows, whole: whole, maximumRows: 3, walksFirst: false,
                                                     alongTheMoveOnTrial: onTrial)
                // The answers (the `pushed` values and the ways of deciding left out).
                answers.append(transcript(rows, near, reference).filter { $0.hasSuffix(": true") || $0.hasSuffix(": false") })
                if onTrial == nil {
                    #expect(near.notAskedAlongTheMove == 0, "\(label)")
                    asked += near.roundsAlongTheMove > 0 ? 1 : 0
                } else {
                    notAsked += near.notAskedAlongTheMove
                }
            }
            for k in 1 ..< answers.count {
                #expect(answers[k] == answers[0],
                        "\(label), trial \(k): \(zip(answers[k], answers[0]).filter { $0 != $1 }.prefix(3))")
            }
        }
        onRandomSystemsAndShelves(seeds: 10, grids: (2, 0x5EE7), compare)
        #expect(notAsked > 20 && asked > 5, "\(notAsked) probes not asked, \(asked) systems asking")
    }

    /// The relaxations grown along the moves with the equalities `x = y +
    /// c` whose `x` is new to them taken in as aliases
    /// (`RowsAlongTheMove/aliasesEqualities`) give every probe the answer
    /// it gets with every row added: on the random systems, shelves and
    /// spanning grids (whose cells' edges equal their columns'), always
    /// asked, at most 3 rows a neighbourhood (so that most tests reach
    /// them), the canPush answers are the same; rows are aliased, and the
    /// relaxations still hold rows.
    @Test func rowsAlongTheMoveAliasesAnswerAsRows() {
        var aliased = 0, held = 0
        func compare(_ rows: [Candidate], _ variables: Int, _ label: String) {
            var answers: [[String]] = []
            let reference = ReferenceReadings(rows, variableCount: variables)
            for aliases in [false, true] {
                let whole = TableauRequiredRows(rows, variableCount: variables, equalitiesAsInequalities: nil)
                let near = NeighbourhoodRequiredRows(rows, whole: whole, maximumRows: 3, walksFirst: false,
                                                     alongTheMoveOnTrial: nil, alongTheMoveAliases: aliases)
                answers.append(transcript(rows, near, reference).filter { $0.hasSuffix(": true") || $0.hasSuffix(": false") })
                if aliases {
                    aliased += near.rowsAliasedAlongTheMove
                    held += near.decidedAlongTheMove
                } else {
                    #expect(near.rowsAliasedAlongTheMove == 0, "\(label)")
                }
            }
            #expect(answers[1] == answers[0], "\(label): \(zip(answers[1], answers[0]).filter { $0 != $1 }.prefix(3))")
        }
        onRandomSystemsAndShelves(seeds: 10, grids: (3, 0xA11A5), compare)
        #expect(aliased > 20 && held > 5, "\(aliased) rows aliased, \(held) probes held along the move")
    }

    /// Each round of a relaxation grown along the move answers as the rows
    /// it stands on: with and without aliases, on the random systems,
    /// shelves, spanning grids and rows of boxes (`right = left + width`),
    /// each required row in taken out in turn and pushed both ways from 0,
    /// every round's answer (can the probe push the row's expression?) is
    /// the answer of a tableau of just the rows that round had taken in,
    /// as rows or as aliases (a second method on the same relaxation), and
    /// each of those rows holds at the point the round ended on, aliased
    /// variables read through their alias. A wrong alias (its shift, the
    /// variable it follows, a term left out) makes a relaxation that is
    /// not those rows' and shows here, whichever way the answer goes;
    /// answers that only compare with the whole component's do not show
    /// it, since a relaxation that could push leaves the probe to the
    /// other ways. Rounds on aliases answer both ways, many times.
    @Test func eachRoundAlongTheMoveAnswersAsItsRows() {
        var aliasedRounds = 0, aliasedHeld = 0, aliasedPushed = 0, rounds = 0
        func compare(_ rows: [Candidate], _ variables: Int, _ label: String) {
            let whole = TableauRequiredRows(rows, variableCount: variables, equalitiesAsInequalities: nil)
            var isIn = rows.indices.map { whole.contains($0) }
            let point = (0 ..< variables).map { whole.value([(Int32($0), 1)], 0) }
            let rowsOf = NeighbourhoodRequiredRows<TableauRequiredRows>.rowsOf(rows, isIn: isIn,
                                                                             variableCount: variables)
            for aliases in [false, true] {
                let along = RowsAlongTheMove(rows, rowsOf: rowsOf, variableCount: variables, maximumRows: 64,
                                             testsOnTrial: nil, aliasesEqualities: aliases)
                along.recordsRounds = true
                for i in rows.indices where isIn[i] && !rows[i].terms.isEmpty {
                    isIn[i] = false
                    defer { isIn[i] = true }
                    let r = rows[i]
                    for direction in [1.0, -1.0] {
                        let aliasedBefore = along.rowsAliased
                        let held = along.bounds(r.terms, r.constant, magnitude: r.magnitude, direction: direction,
                                                from: 0, point: point, isIn: isIn)
                        let tried = along.lastTestRounds
                        #expect(!tried.isEmpty && held == !tried.last!.canPush, "\(label), row \(i) \(direction)")
                        for (k, round) in tried.enumerated() {
                            let taken = round.rows.enumerated().map { j, t in
                                Candidate(row: j, terms: rows[t].terms, constant: rows[t].constant,
                                          magnitude: rows[t].magnitude, relation: rows[t].relation, isRequired: true)
                            }
                            let alone = TableauRequiredRows(taken, variableCount: variables,
                                                            equalitiesAsInequalities: nil)
                            let can = alone.canPush(r.terms, r.constant, magnitude: r.magnitude,
                                                    direction: direction, from: 0)
                            #expect(round.canPush == can,
                                    "\(label), aliases \(aliases), row \(i) \(direction), round \(k): \(round.rows)")
                            // Every row it stands on holds where it ended.
                            var at = point
                            for (v, x) in round.point { at[Int(v)] = x }
                            for t in round.rows {
                                let row = rows[t]
                                let value = row.terms.reduce(row.constant) { $0 + $1.1 * at[Int($1.0)] }
                                let size = row.terms.reduce(abs(row.constant)) { $0 + abs($1.1 * at[Int($1.0)]) }
                                #expect(row.wrongWay(value) <= 1e-9 * max(1, size),
                                        "\(label), aliases \(aliases), row \(i) \(direction), round \(k): row \(t) at \(value)")
                            }
                            rounds += 1
                        }
                        if aliases && along.rowsAliased > aliasedBefore {
                            aliasedRounds += tried.count
                            if held { aliasedHeld += 1 } else { aliasedPushed += 1 }
                        }
                    }
                }
                if !aliases { #expect(along.rowsAliased == 0, "\(label)") }
            }
        }
        onRandomSystemsAndShelves(seeds: 10, grids: (3, 0xA11A5), compare)
        for seed in 0 ..< UInt64(6) {
            var rng = SplitMix64(seed: 0xB0E5 &+ seed)
            let (rows, variables) = boxRows(&rng, rowsOfBoxes: 4, boxes: 5)
            compare(rows, variables, "boxes \(seed)")
        }
        #expect(aliasedRounds > 50 && aliasedHeld > 10 && aliasedPushed > 10,
                "\(rounds) rounds; on aliases \(aliasedRounds), \(aliasedHeld) tests held, \(aliasedPushed) not")
    }

    @Test func resetTableauxAreUsedOverAndOver() {
        // The property above only means something if the reset tableaux
        // decide many probes after holding other neighbourhoods' rows.
        var nearby = 0, alongTheMove = 0, rounds = 0
        for seed in 0 ..< UInt64(40) {
            let (rows, _, whole, reference) = seededSystem(0x5E7 &+ seed, scaled: true)
            let near = NeighbourhoodRequiredRows(rows, whole: whole, maximumRows: 8, alongTheMove: 8, walksFirst: false)
            _ = transcript(rows, near, ReferenceReadings(rows, reference))
            nearby += near.decidedNearby
            alongTheMove += near.decidedAlongTheMove
            rounds += near.roundsAlongTheMove
        }
        // 2,929 nearby, 31 along the move in 638 rounds.
        #expect(nearby > 1500, "\(nearby)")
        #expect(alongTheMove > 15, "\(alongTheMove)")
        #expect(rounds > 300, "\(rounds)")
    }

    @Test func mostProbesAreDecidedNearbyAndSomeOnTheWholeComponent() {
        // The property above only means something if the neighbourhoods
        // decide most probes both ways (a row shown violable by the
        // restriction, one shown held by the relaxation) and leave some to
        // the whole simplex (the relaxations grown along their moves, which
        // hold most of those, left out).
        var nearby = 0, onWhole = 0, violable = 0, held = 0
        for seed in 0 ..< UInt64(60) {
            var rng = SplitMix64(seed: 0x4E16 &+ seed)
            let (rows, variables) = randomRows(&rng, scaled: true)
            let whole = TableauRequiredRows(rows, variableCount: variables, equalitiesAsInequalities: nil)
            let near = NeighbourhoodRequiredRows(rows, whole: whole, maximumRows: 8, alongTheMove: 0, walksFirst: false)
            for i in rows.indices where rows[i].isRequired && near.contains(i) {
                near.takeOut(i)
                let before = near.decidedNearby
                let can = near.canPush(rows[i].terms, rows[i].constant, magnitude: rows[i].magnitude,
                                       direction: rows[i].relation == .lessOrEqual ? 1 : -1, from: 0)
                if near.decidedNearby > before {
                    if can { violable += 1 } else { held += 1 }
                }
                near.putBack(i)
            }
            nearby += near.decidedNearby
            onWhole += near.decidedOnWhole
        }
        #expect(nearby > 4 * onWhole, "\(nearby) nearby, \(onWhole) on the whole component")
        #expect(onWhole > 20, "\(onWhole)")
        #expect(violable > 200, "\(violable)")
        #expect(held > 50, "\(held)")
    }

    /// The walk along the rows tried before a probe's neighbourhoods
    /// (``NeighbourhoodRequiredRows/walksFirst``) changes which way a probe
    /// is decided, not its answer: the inert-row tests report the same
    /// redundant and ineffective rows with it as without (the old path:
    /// every walk after the neighbourhoods), on random coupled systems with
    /// neighbourhoods of 3, 8 and 64 rows; and the walk decides probes
    /// there (its count, read from the report's progress line).
    @Test(arguments: 0 ..< 40 as Range<UInt64>)
    func walksFirstReportAsWalksAfter(seed: UInt64) {
        var rng = SplitMix64(seed: 0xA1C &+ seed)
        let (rows, variables) = randomRows(&rng, scaled: seed % 2 == 1)
        for nearby in [3, 8, 64] {
            var said: [String] = []
            let first = ConstraintSystem.inertRows(rows, variableCount: variables, keepPrivate: true, nearby: nearby,
                                                   walksFirst: true, progress: { said.append($0) })
            let after = ConstraintSystem.inertRows(rows, variableCount: variables, keepPrivate: true, nearby: nearby,
                                                   walksFirst: false)
            #expect(first.redundant.map(\.int) == after.redundant.map(\.int), "seed \(seed), \(nearby) rows")
            #expect(first.ineffective.map(\.int) == after.ineffective.map(\.int), "seed \(seed), \(nearby) rows")
            #expect(Self.walkedFirst(said) >= 0, "seed \(seed), \(nearby) rows: no count in \(said)")
        }
    }

    /// The count of probes decided by the walk before their neighbourhoods
    /// in the inert-row tests' progress line (nil when there is none).
    private static func walkedFirst(_ said: [String]) -> Int {
        for line in said {
            guard let end = line.range(of: " walked before their neighbourhoods") else { continue }
            let digits = line[..<end.lowerBound].reversed().prefix { $0.isNumber }
            return Int(String(digits.reversed())) ?? -1
        }
        return -1
    }

    /// Probe by probe, with the walk first, every answer is a second whole
    /// simplex's (as ``neighbourhoodsAnswerAsTheWholeSimplex(seed:)`` asks
    /// them); the walk decides many probes, and the reports of the inert-row
    /// tests count them.
    @Test func walksFirstAnswerAsTheWholeSimplex() {
        var walked = 0, reported = 0, nearby = 0
        for seed in 0 ..< UInt64(40) {
            var rng = SplitMix64(seed: 0x4E16 &+ seed)
            let (rows, variables) = randomRows(&rng, scaled: true)
            for maximumRows in [3, 64] {
                let whole = TableauRequiredRows(rows, variableCount: variables, equalitiesAsInequalities: nil)
                let reference = TableauRequiredRows(rows, variableCount: variables, equalitiesAsInequalities: nil)
                let near = NeighbourhoodRequiredRows(rows, whole: whole, maximumRows: maximumRows, walksFirst: true)
                let found = differences(rows, near, reference)
                #expect(found.isEmpty, "seed \(seed), at most \(maximumRows) rows: \(found)")
                walked += near.decidedByFirstWalk
                nearby += near.decidedNearby
            }
            var said: [String] = []
            _ = ConstraintSystem.inertRows(rows, variableCount: variables, keepPrivate: true, walksFirst: true,
                                           progress: { said.append($0) })
            let count = Self.walkedFirst(said)
            #expect(count >= 0, "seed \(seed): no count in \(said)")
            reported += count
        }
        #expect(walked > 100, "\(walked) probes walked first, \(nearby) nearby")
        #expect(reported > 20, "\(reported) walked first in the reports")
    }

    /// The chains a probe tries first, and which of them moved a variable
    /// near its expression its way (`NeighbourhoodRequiredRows.chainOrder`,
    /// which reads each chain only where it may differ from the point and
    /// the near variables once), are those found by reading every chain at
    /// every variable of every row in that mentions one of the probe's
    /// variables (the way before walk70): asked before every probe of the
    /// random systems, with the walks first, for the probe's expression
    /// both ways. The walks' points are chains started again from the
    /// chains no longer kept, and the answers stay the whole simplex's.
    @Test func chainsNearAProbeAreThoseEveryRowShows() {
        var asked = 0, near = 0, byRows = 0, startedAgain = 0
        for seed in 0 ..< UInt64(40) {
            var rng = SplitMix64(seed: 0xC4A2 &+ seed)
            let (rows, variables) = randomRows(&rng, scaled: seed % 2 == 1)
            for maximumRows in [3, 64] {
                let whole = TableauRequiredRows(rows, variableCount: variables, equalitiesAsInequalities: nil)
                let reference = TableauRequiredRows(rows, variableCount: variables, equalitiesAsInequalities: nil)
                let probe = NeighbourhoodRequiredRows(rows, whole: whole, maximumRows: maximumRows, walksFirst: true)
                let isInAtFirst = rows.indices.map { whole.contains($0) }
                let rowsOf = NeighbourhoodRequiredRows<TableauRequiredRows>.rowsOf(rows, isIn: isInAtFirst,
                                                                                  variableCount: variables)
                let point = (0 ..< variables).map { probe.value([(Int32($0), 1)], 0) }
                var mismatches: [String] = []
                let watched = WatchedProbe(probe) { terms in
                    for direction in [1.0, -1.0] {
                        let mine = probe.chainOrder(terms, direction: direction)
                        let theirs = Self.chainsNearByEveryRow(probe.chainNewestPoints, terms, direction: direction,
                                                               rows: rows, rowsOf: rowsOf, point: point,
                                                               isIn: probe.contains)
                        asked += 1
                        near += mine.count
                        byRows += mine.filter { k, _ in
                            terms.allSatisfy { probe.chainNewestPoints[k][Int($0.0)] == point[Int($0.0)] }
                        }.count
                        if mine.map(\.0) != theirs.map(\.0) || mine.map(\.1) != theirs.map(\.1) {
                            mismatches.append("\(terms) \(direction): \(mine), not \(theirs)")
                        }
                    }
                }
                let found = differences(rows, watched, reference)
                #expect(found.isEmpty, "seed \(seed), at most \(maximumRows) rows: \(found)")
                #expect(mismatches.isEmpty, "seed \(seed), at most \(maximumRows) rows: \(mismatches.prefix(3))")
                #expect(probe.chainsMade <= NeighbourhoodRequiredRows<TableauRequiredRows>.chainCapacity
                            + NeighbourhoodRequiredRows<TableauRequiredRows>.witnessCapacity + 2)
                startedAgain += probe.chainsStartedAgain
            }
        }
        #expect(byRows > 200, "\(byRows) chains near through a row only, of \(near) near in \(asked) asks")
        #expect(startedAgain > 100, "\(startedAgain) chains started again")
    }

    /// The chains of `newest` (oldest first) near `terms`, newest first,
    /// each with whether it moved a near variable the way a term asks:
    /// every chain read at every variable of every row in (`isIn`) that
    /// mentions one of `terms`' variables.
    private static func chainsNearByEveryRow(_ newest: [[Double]], _ terms: [(Int32, Double)], direction: Double,
                                             rows: [Candidate], rowsOf: [[Int32]], point: [Double],
                                             isIn: (Int) -> Bool) -> [(Int, Bool)] {
        newest.indices.reversed().compactMap { k in
            let moved = newest[k]
            var reaches = false, agreeing = false
            for (v, a) in terms where moved[Int(v)] != point[Int(v)] {
                if (moved[Int(v)] - point[Int(v)]) * direction * a < 0 { return (k, false) }
                reaches = true
            }
            if reaches { return (k, true) }
            for (v, a) in terms {
                for r in rowsOf[Int(v)] where isIn(Int(r)) {
                    for (u, _) in rows[Int(r)].terms where moved[Int(u)] != point[Int(u)] {
                        reaches = true
                        if (moved[Int(u)] - point[Int(u)]) * direction * a > 0 { agreeing = true }
                    }
                }
            }
            return reaches ? (k, agreeing) : nil
        }
    }

    /// The walks before the neighbourhoods stop once fewer than half of
    /// them decide their probe, after their trial
    /// (`NeighbourhoodRequiredRows.firstWalksOnTrial`): 200 rows x >= c
    /// with each c four times, so that every row is redundant and no walk
    /// can show one violable. The answers stay the whole simplex's; the
    /// walks tried stop at the trial, where the redundancy tests would
    /// each walk first without the rule.
    @Test func firstWalksStopWhereMostFail() {
        var rows = (0 ..< 200).map { i in
            Candidate(row: i, terms: [(0, 1)], constant: -Double(i % 50), magnitude: 50, relation: .greaterOrEqual,
                      isRequired: true)
        }
        rows.append(Candidate(row: 200, terms: [(0, 1)], constant: -1000, magnitude: 1000, relation: .lessOrEqual,
                              isRequired: true))
        let whole = TableauRequiredRows(rows, variableCount: 1, equalitiesAsInequalities: nil)
        let reference = TableauRequiredRows(rows, variableCount: 1, equalitiesAsInequalities: nil)
        let near = NeighbourhoodRequiredRows(rows, whole: whole, maximumRows: 8, walksFirst: true)
        let found = differences(rows, near, reference)
        #expect(found.isEmpty, "\(found)")
        let trial = NeighbourhoodRequiredRows<TableauRequiredRows>.firstWalksOnTrial
        #expect(near.firstWalksTried == trial, "\(near.firstWalksTried) tried, \(near.decidedByFirstWalk) decided")
        #expect(2 * near.decidedByFirstWalk < trial)
    }

    /// The probes of `near` decided by its walk before the neighbourhoods
    /// (`decidedByFirstWalk`), each checked at the point that walk built
    /// (the newest kept, `builtPoints`; a walk whose start, the kept
    /// points' centre, already answers builds none): every row in holds
    /// there (`holdsAll`, as a known point must) and the probe's
    /// expression is where the answer says, past twice the tolerance for a
    /// redundancy test, at the target for a reach probe. Counts them, by
    /// direction, and those whose own row was out (the redundancy tests of
    /// required rows).
    private final class FirstWalksChecked: RequiredRowProbe {
        let near: NeighbourhoodRequiredRows<TableauRequiredRows>
        let rows: [Candidate]
        /// The row taken out last: the one a redundancy test probes.
        private var tested: Int?
        private(set) var decided = 0, decidedRowOut = 0, decidedDown = 0, pointsChecked = 0
        private(set) var wrong: [String] = []

        init(_ rows: [Candidate], near: NeighbourhoodRequiredRows<TableauRequiredRows>) {
            (self.rows, self.near) = (rows, near)
        }

        var variableCount: Int { near.variableCount }
        func contains(_ i: Int) -> Bool { near.contains(i) }
        func value(_ terms: [(Int32, Double)], _ constant: Double) -> Double { near.value(terms, constant) }
        func takeOut(_ i: Int) {
            tested = i
            near.takeOut(i)
        }
        func putBack(_ i: Int) { near.putBack(i) }
        func lastPoint() -> [Double]? { nil }
        func lastRay() -> [Double]? { nil }

        func canPush(_ terms: [(Int32, Double)], _ constant: Double, magnitude: Double,
                     direction: Double, from base: Double) -> Bool {
            let before = near.decidedByFirstWalk, newest = near.builtPoints.last?.found
            let can = near.canPush(terms, constant, magnitude: magnitude, direction: direction, from: base)
            if near.decidedByFirstWalk > before {
                decided += 1
                let enough = 2 * Tolerances.ambiguity * magnitude
                checkNewestPoint(terms, "\(direction) from \(base): \(can)", newest) {
                    can && direction * ($0 + constant - base) > enough
                }
                if let tested, !near.contains(tested), rows[tested].constant == constant,
                   rows[tested].terms.map(\.0) == terms.map(\.0) {
                    decidedRowOut += 1
                }
                if direction < 0 { decidedDown += 1 }
            }
            return can
        }

        func pushed(_ terms: [(Int32, Double)], _ constant: Double, to target: Double) -> Double {
            let before = near.decidedByFirstWalk, newest = near.builtPoints.last?.found
            let reached = near.pushed(terms, constant, to: target)
            if near.decidedByFirstWalk > before {
                decided += 1
                checkNewestPoint(terms, "to \(target): \(reached)", newest) {
                    reached == target && $0 + constant >= target - 1e-9 * max(1, abs(target))
                }
            }
            return reached
        }

        private func checkNewestPoint(_ terms: [(Int32, Double)], _ probe: String, _ before: Int?,
                                      _ answers: (Double) -> Bool) {
            guard let kept = near.builtPoints.last, kept.found != before else { return }
            pointsChecked += 1
            let newest = kept.values
            let isIn = rows.indices.map { near.contains($0) }
            if !NeighbourhoodRequiredRows<TableauRequiredRows>.holdsAll(rows, newest, isIn: isIn) {
                let broken = rows.indices.filter {
                    isIn[$0] && !NeighbourhoodRequiredRows<TableauRequiredRows>.holdsAll([rows[$0]], newest, isIn: [true])
                }
                wrong.append("\(terms) \(probe): the walk's point breaks rows \(broken)")
            }
            let value = terms.reduce(0) { $0 + $1.1 * newest[Int($1.0)] }
            if !answers(value) { wrong.append("\(terms) \(probe): the walk's point gives \(value)") }
        }
    }

    /// Every probe the walk before the neighbourhoods decides is decided by
    /// a point of the rows in that shows the answer (`FirstWalksChecked`),
    /// and every answer is a second whole simplex's; and those walks decide
    /// probes of every kind there: redundancy tests (the row out, pushed to
    /// its violated side) and probes pushing an expression down as well as
    /// up. Random coupled systems, some scaled by huge and tiny factors.
    @Test(arguments: 0 ..< 40 as Range<UInt64>)
    func firstWalksDecideOnPointsOfTheRowsIn(seed: UInt64) {
        var rng = SplitMix64(seed: 0xF1A5 &+ seed)
        let (rows, variables) = randomRows(&rng, scaled: seed % 2 == 0)
        for maximumRows in [3, 64] {
            let whole = TableauRequiredRows(rows, variableCount: variables, equalitiesAsInequalities: nil)
            let reference = TableauRequiredRows(rows, variableCount: variables, equalitiesAsInequalities: nil)
            let checked = FirstWalksChecked(rows, near: NeighbourhoodRequiredRows(rows, whole: whole,
                                                                                  maximumRows: maximumRows))
            let found = differences(rows, checked, reference)
            #expect(found.isEmpty, "seed \(seed), at most \(maximumRows) rows: \(found)")
            #expect(checked.wrong.isEmpty, "seed \(seed), at most \(maximumRows) rows: \(checked.wrong)")
            #expect(checked.decided == checked.near.decidedByFirstWalk)
        }
    }

    @Test func firstWalksDecideRedundancyTestsBothWays() {
        // The property above only means something if the walks before the
        // neighbourhoods decide many probes of each kind.
        var decided = 0, rowOut = 0, down = 0, points = 0
        for seed in 0 ..< UInt64(40) {
            let (rows, _, whole, reference) = seededSystem(0xF1A5 &+ seed, scaled: seed % 2 == 0)
            let checked = FirstWalksChecked(rows, near: NeighbourhoodRequiredRows(rows, whole: whole, maximumRows: 3))
            _ = differences(rows, checked, reference)
            decided += checked.decided
            rowOut += checked.decidedRowOut
            down += checked.decidedDown
            points += checked.pointsChecked
        }
        // 1,700 decided, 1,394 with their row out, 1,199 down, at 1,674 points built.
        #expect(decided > 800, "\(decided) decided, \(rowOut) with their row out, \(down) down, \(points) points")
        #expect(rowOut > 600, "\(rowOut)")
        #expect(down > 500, "\(down)")
        #expect(points > 400, "\(points) points built and checked")
    }

    /// The rule that stops the walks before the neighbourhoods where most
    /// fail (`NeighbourhoodRequiredRows.firstWalksOnTrial`) counts each
    /// component's walks alone: a component probed after one whose walks
    /// all failed (`firstWalksStopWhereMostFail`'s rows) tries and
    /// decides by them just as it does first, and so do the inert-row
    /// tests of a system after a system whose walks all fail.
    @Test func eachComponentTriesItsFirstWalksAfresh() {
        var failing = (0 ..< 200).map { i in
            Candidate(row: i, terms: [(0, 1)], constant: -Double(i % 50), magnitude: 50, relation: .greaterOrEqual,
                      isRequired: true)
        }
        failing.append(Candidate(row: 200, terms: [(0, 1)], constant: -1000, magnitude: 1000, relation: .lessOrEqual,
                                 isRequired: true))
        var walked = 0
        for seed in 0 ..< UInt64(8) {
            var rng = SplitMix64(seed: 0xF1A5 &+ seed)
            let (rows, variables) = randomRows(&rng)
            func counts() -> [Int] {
                let whole = TableauRequiredRows(rows, variableCount: variables, equalitiesAsInequalities: nil)
                let reference = TableauRequiredRows(rows, variableCount: variables, equalitiesAsInequalities: nil)
                let near = NeighbourhoodRequiredRows(rows, whole: whole, maximumRows: 8)
                _ = differences(rows, near, reference)
                return [near.firstWalksTried, near.decidedByFirstWalk]
            }
            func reported() -> Int {
                var said: [String] = []
                _ = ConstraintSystem.inertRows(rows, variableCount: variables, keepPrivate: true, walksFirst: true,
                                               progress: { said.append($0) })
                return Self.walkedFirst(said)
            }
            let (first, firstReported) = (counts(), reported())
            let whole = TableauRequiredRows(failing, variableCount: 1, equalitiesAsInequalities: nil)
            let reference = TableauRequiredRows(failing, variableCount: 1, equalitiesAsInequalities: nil)
            let stopped = NeighbourhoodRequiredRows(failing, whole: whole, maximumRows: 8)
            _ = differences(failing, stopped, reference)
            _ = ConstraintSystem.inertRows(failing, variableCount: 1, keepPrivate: true, walksFirst: true)
            #expect(counts() == first, "seed \(seed)")
            #expect(reported() == firstReported, "seed \(seed)")
            walked += first[1]
        }
        #expect(walked > 50, "\(walked) decided by the walks before the neighbourhoods")
    }

    /// Rows taken out and put back in any order, one or two at a time, with
    /// probes between: each row's expression and random sums of two or
    /// three variables, pushed either way from the current value and
    /// towards a target. With neighbourhoods of 0 rows every probe goes to
    /// the kept points or the whole simplex; with 3, some are decided
    /// nearby too. A point found while a row was out must not answer once
    /// the row is back.
    @Test(arguments: 0 ..< 16)
    func keptPointsAnswerAsTheWholeSimplexWhileRowsComeAndGo(seed: UInt64) {
        var rng = SplitMix64(seed: 0x3117 &+ seed)
        let (rows, variables) = randomRows(&rng)
        for maximumRows in [0, 3] {
            let whole = TableauRequiredRows(rows, variableCount: variables, equalitiesAsInequalities: nil)
            let near = NeighbourhoodRequiredRows(rows, whole: whole, maximumRows: maximumRows)
            let found = comeAndGo(rows, variables, near, &rng)
            #expect(found.isEmpty, "seed \(seed), at most \(maximumRows) rows: \(found)")
        }
    }

    /// As above with Clp as the whole component (``RangeRequiredRows``), which
    /// answers an unbounded probe with a ray instead of a point: the rays
    /// kept must answer as a whole tableau does, and one that a row put
    /// back does not allow must go. The grids are pinned on one side only,
    /// so many probes are unbounded.
    @Test(arguments: 0 ..< 16)
    func keptRaysAnswerAsTheWholeSimplexWhileRowsComeAndGo(seed: UInt64) throws {
        var rng = SplitMix64(seed: 0x7A55 &+ seed)
        let (rows, variables) = randomRows(&rng)
        let (kept, whole) = try #require(onClp(rows, variables))
        let near = NeighbourhoodRequiredRows(kept, whole: whole, maximumRows: 0)
        let found = comeAndGo(kept, variables, near, &rng)
        #expect(!whole.failed)
        #expect(found.isEmpty, "seed \(seed): \(found)")
    }

    @Test func keptRaysDecideProbesThatClpFindsUnbounded() {
        // The property above only means something if rays answer many
        // probes; and each ray Clp gives is checked, so count them too.
        var byRays = 0, onWhole = 0
        for seed in 0 ..< UInt64(16) {
            var rng = SplitMix64(seed: 0x7A55 &+ seed)
            let (rows, variables) = randomRows(&rng)
            guard let (kept, whole) = onClp(rows, variables) else { continue }
            // Without walks along the rows, which answer some of these first.
            let near = NeighbourhoodRequiredRows(kept, whole: whole, maximumRows: 0, movesAlong: false)
            _ = comeAndGo(kept, variables, near, &rng)
            byRays += near.decidedByRay
            onWhole += near.decidedOnWhole
        }
        #expect(byRays > 50, "\(byRays) by kept rays, \(onWhole) on Clp")
        #expect(onWhole > 50, "\(onWhole)")
    }

    @Test func aRayIsKeptOnlyWhenEveryRowAllowsIt() {
        // 0 <= x <= 10, y >= 0, z = y + 2x: y (and z) grow without end, x does not.
        let rows = [Candidate(row: 0, terms: [(0, 1)], constant: 0, magnitude: 1, relation: .greaterOrEqual, isRequired: true),
                    Candidate(row: 1, terms: [(0, 1)], constant: -10, magnitude: 10, relation: .lessOrEqual, isRequired: true),
                    Candidate(row: 2, terms: [(1, 1)], constant: 0, magnitude: 1, relation: .greaterOrEqual, isRequired: true),
                    Candidate(row: 3, terms: [(2, 1), (1, -1), (0, -2)], constant: 0, magnitude: 1, relation: .equal,
                              isRequired: true)]
        // The walk before the neighbourhoods (red69) would reach y's target
        // of 100 without asking the whole tableau, so no ray would be kept:
        // this test is about the rays the whole tableau gives.
        func near(ray: [Double]) -> NeighbourhoodRequiredRows<TableauStandIn> {
            let tableau = TableauRequiredRows(rows, variableCount: 3, equalitiesAsInequalities: nil)
            return NeighbourhoodRequiredRows(rows, whole: TableauStandIn(tableau, ray: ray), maximumRows: 0,
                                             walksFirst: false)
        }
        // Moving x as well breaks x <= 10; moving y alone breaks z = y + 2x.
        for wrong in [[1.0, 1, 3], [0, 1, 0]] {
            let probe = near(ray: wrong)
            _ = probe.pushed([(1, 1)], 0, to: 100)
            #expect(!probe.canPush([(0, 1)], 0, magnitude: 10, direction: 1, from: 10))
            #expect(probe.pushed([(0, 1)], 0, to: 50) == 10)
            #expect(probe.decidedByRay == 0)
        }
        // Clp's rounding errors go on the grid: the ray then answers y's and z's probes.
        let probe = near(ray: [1e-13, 0.5 + 1e-14, 0.5 - 3e-15])
        #expect(probe.pushed([(1, 1)], 0, to: 100) == 100)
        #expect(probe.canPush([(2, 1)], 0, magnitude: 10, direction: 1, from: 1e6))
        #expect(probe.pushed([(0, 1), (1, 1)], 0, to: 1e6) == 1e6)
        // z − y = 2x does not change along it: the tableau answers.
        #expect(abs(probe.pushed([(1, -1), (2, 1)], 0, to: 100) - 20) < 1e-9)
        #expect(!probe.canPush([(0, 1)], 0, magnitude: 10, direction: 1, from: 10))
        #expect(probe.decidedByRay == 2)
    }

    /// `rows` without the required rows that conflict with those before
    /// them (the tableau leaves them out; Clp would find no point), and
    /// their required rows on Clp.
    private func onClp(_ rows: [Candidate], _ variables: Int) -> ([Candidate], RangeRequiredRows)? {
        let tableau = TableauRequiredRows(rows, variableCount: variables, equalitiesAsInequalities: nil)
        let kept = rows.indices.filter { !rows[$0].isRequired || rows[$0].terms.isEmpty || tableau.contains($0) }
            .map { rows[$0] }
        return RangeRequiredRows(kept, variableCount: variables, solver: ClpPartSolver()).map { (kept, $0) }
    }

    /// Rows of `rows` taken out of `near` and a reference tableau in any
    /// order, one or two at a time, and put back, with probes between:
    /// each row's expression and random sums of two or three variables,
    /// pushed either way from the current value and towards a target.
    /// Returns the probes whose answers differ.
    private func comeAndGo<Whole>(_ rows: [Candidate], _ variables: Int, _ near: NeighbourhoodRequiredRows<Whole>,
                                  _ rng: inout SplitMix64) -> [String] {
        let reference = TableauRequiredRows(rows, variableCount: variables, equalitiesAsInequalities: nil)
        var found: [String] = []
        /// Which way `near` decided its last probe.
        var counts = (0, 0, 0, 0)
        func how() -> String {
            let now = (near.decidedNearby, near.decidedByWitness, near.decidedByRay, near.decidedOnWhole)
            defer { counts = now }
            return now.0 > counts.0 ? " (nearby)" : now.1 > counts.1 ? " (by a point)"
                : now.2 > counts.2 ? " (by a ray)" : " (on the whole)"
        }
        func probe(_ terms: [(Int32, Double)], _ constant: Double, _ what: String) {
            let current = reference.value(terms, constant)
            for direction in [1.0, -1.0] {
                for base in [current, current - direction * 5] {
                    let mine = near.canPush(terms, constant, magnitude: 10, direction: direction, from: base)
                    let theirs = reference.canPush(terms, constant, magnitude: 10, direction: direction, from: base)
                    let way = how()
                    if mine != theirs { found.append("\(what) \(direction) from \(base): \(mine), not \(theirs)\(way)") }
                }
            }
            let target = current + 15
            let mine = near.pushed(terms, constant, to: target)
            let theirs = reference.pushed(terms, constant, to: target)
            let way = how()
            if abs(min(mine, target) - min(theirs, target)) > 1e-6 * max(1, abs(target)) {
                found.append("\(what) pushed to \(target): \(mine), not \(theirs)\(way)")
            }
        }
        let required = rows.indices.filter { rows[$0].isRequired && reference.contains($0) }
        var out: [Int] = []
        for step in 0 ..< 8 {
            // Take out one or two rows, or put back one of those out.
            if !out.isEmpty && (out.count == 2 || Bool.random(using: &rng)) {
                let i = out.remove(at: Int.random(in: 0 ..< out.count, using: &rng))
                near.putBack(i)
                reference.putBack(i)
            } else if let i = required.filter({ !out.contains($0) }).randomElement(using: &rng) {
                out.append(i)
                near.takeOut(i)
                reference.takeOut(i)
            }
            for i in rows.indices where !rows[i].terms.isEmpty && Int.random(in: 0 ..< 8, using: &rng) == 0 {
                probe(rows[i].terms, rows[i].constant, "step \(step) row \(i)")
            }
            for _ in 0 ..< 2 {
                let terms = (0 ..< Int.random(in: 2 ... 3, using: &rng)).map { _ in
                    (Int32.random(in: 0 ..< Int32(variables), using: &rng),
                     Double([-1, 1, 2].randomElement(using: &rng)!))
                }
                probe(terms, 0, "step \(step) \(terms)")
            }
        }
        return found
    }

    @Test func keptPointsDecideProbesTheNeighbourhoodsCannot() {
        // Both ways: the property above only means something if the kept
        // points answer many probes, after rows went out and came back.
        var byPoints = 0, onWhole = 0
        for seed in 0 ..< UInt64(8) {
            var rng = SplitMix64(seed: 0x3117 &+ seed)
            let (rows, variables) = randomRows(&rng)
            let whole = TableauRequiredRows(rows, variableCount: variables, equalitiesAsInequalities: nil)
            let near = NeighbourhoodRequiredRows(rows, whole: whole, maximumRows: 0)
            for i in rows.indices.reversed() where rows[i].isRequired && near.contains(i) {
                near.takeOut(i)
                _ = near.canPush(rows[i].terms, rows[i].constant, magnitude: rows[i].magnitude, direction: 1, from: 0)
                near.putBack(i)
                for k in rows.indices where !rows[k].isRequired && (k + i) % 3 == 0 {
                    _ = near.canPush(rows[k].terms, rows[k].constant, magnitude: rows[k].magnitude,
                                     direction: -1, from: 0)
                }
            }
            byPoints += near.decidedByWitness
            onWhole += near.decidedOnWhole
        }
        #expect(byPoints > 50, "\(byPoints) by kept points, \(onWhole) on the whole simplex")
        #expect(onWhole > 50, "\(onWhole)")
    }

    @Test func aGuideEveryRowMentionsStaysOnTheBoundary() {
        // Rows `a_i >= guide + 4` for 400 items, each item's width between
        // 16 and its place: the guide is in more rows than a neighbourhood
        // takes, so each item's rows are decided without the guide's.
        var rows: [Candidate] = []
        func row(_ terms: [(Int32, Double)], _ constant: Double, _ relation: Relation) {
            rows.append(Candidate(row: rows.count, terms: terms, constant: constant, magnitude: max(1, abs(constant)),
                                  relation: relation, isRequired: true))
        }
        let items: Int32 = 400
        row([(0, 1)], 0, .greaterOrEqual)
        for i in 0 ..< items {
            let left = 1 + 2 * i, width = left + 1
            row([(left, 1), (0, -1)], -4, .greaterOrEqual)
            row([(width, 1)], -16, .greaterOrEqual)
            row([(left, 1), (width, 1)], -500, .lessOrEqual)
            row([(left, 1), (width, 1)], -600, .lessOrEqual)  // redundant
        }
        let variables = Int(1 + 2 * items)
        let whole = TableauRequiredRows(rows, variableCount: variables, equalitiesAsInequalities: nil)
        let reference = TableauRequiredRows(rows, variableCount: variables, equalitiesAsInequalities: nil)
        let near = NeighbourhoodRequiredRows(rows, whole: whole, maximumRows: 64, walksFirst: false)
        #expect(differences(rows, near, reference).isEmpty)
        #expect(near.decidedOnWhole <= 2, "\(near.decidedOnWhole)")
        #expect(near.decidedNearby >= Int(3 * items), "\(near.decidedNearby)")
    }

    /// With neighbourhoods of no rows, every probe that the kept points
    /// do not answer is first tried by a walk along the rows (``RowMoves``):
    /// probe by probe the answers must be a second whole tableau's, with
    /// the required rows tested last first and with rows coming and going.
    @Test(arguments: 0 ..< 24)
    func movesAlongTheRowsAnswerAsTheWholeSimplex(seed: UInt64) {
        var rng = SplitMix64(seed: 0x30E5 &+ seed)
        let (rows, variables) = randomRows(&rng, scaled: true)
        let whole = TableauRequiredRows(rows, variableCount: variables, equalitiesAsInequalities: nil)
        let reference = TableauRequiredRows(rows, variableCount: variables, equalitiesAsInequalities: nil)
        let near = NeighbourhoodRequiredRows(rows, whole: whole, maximumRows: 0)
        let found = differences(rows, near, reference)
        #expect(found.isEmpty, "seed \(seed), tested last first: \(found)")
        let again = NeighbourhoodRequiredRows(rows, whole: TableauRequiredRows(rows, variableCount: variables,
                                                                               equalitiesAsInequalities: nil),
                                              maximumRows: 0)
        let moved = comeAndGo(rows, variables, again, &rng)
        #expect(moved.isEmpty, "seed \(seed), rows coming and going: \(moved)")
    }

    /// Shelves of two boxes, each box's left tied to the box above's by two
    /// opposite inequalities: a tie between two shelves is violated only by
    /// moving the column below it (or above it) as a whole, which no
    /// neighbourhood of 8 rows holds. The walks decide those tests, as the
    /// whole tableau does, and leave it only the rows that are redundant.
    /// The shelves of the tests below: per shelf, a first box's left `a`
    /// and width `w` and a second box's left `b`, each left tied to the
    /// one above by two opposite inequalities; the lefts bounded on every
    /// shelf (all but one bound redundant, through the ties) or on the
    /// first only.
    /// Rows of boxes, each box's right edge its left edge plus its width
    /// (equalities of three terms), between two random widths (the
    /// widest often held by the container instead), a gap apart, within
    /// a container of random width; a box now and then
    /// aligned with the one above (left edges equal) or as wide as it.
    private func boxRows(_ rng: inout SplitMix64, rowsOfBoxes: Int, boxes: Int) -> (rows: [Candidate], variables: Int) {
        var rows: [Candidate] = []
        func row(_ terms: [(Int32, Double)], _ constant: Double, _ relation: Relation) {
            rows.append(Candidate(row: rows.count, terms: terms, constant: constant,
                                  magnitude: max(1, abs(constant)), relation: relation, isRequired: true))
        }
        let container: Int32 = 0
        row([(container, 1)], -Double(Int.random(in: 200 ... 400, using: &rng)), .lessOrEqual)
        var variables: Int32 = 1
        var above: [(left: Int32, width: Int32)] = []
        for _ in 0 ..< rowsOfBoxes {
            var here: [(left: Int32, width: Int32)] = []
            var previousRight: Int32 = -1
            for k in 0 ..< boxes {
                let left = variables, width = variables + 1, right = variables + 2
                variables += 3
                row([(right, 1), (left, -1), (width, -1)], 0, .equal)
                row([(width, 1)], -Double(Int.random(in: 10 ... 40, using: &rng)), .greaterOrEqual)
                row([(width, 1)], -Double(Int.random(in: 60 ... 400, using: &rng)), .lessOrEqual)
                if previousRight < 0 {
                    row([(left, 1)], 0, .greaterOrEqual)
                } else {
                    row([(left, 1), (previousRight, -1)], -Double(Int.random(in: 0 ... 8, using: &rng)), .greaterOrEqual)
                }
                if k < above.count, Int.random(in: 0 ..< 3, using: &rng) == 0 {
                    row([(left, 1), (above[k].left, -1)], 0, .equal)
                } else if k < above.count, Int.random(in: 0 ..< 3, using: &rng) == 0 {
                    row([(width, 1), (above[k].width, -1)], 0, .equal)
                }
                here.append((left, width))
                previousRight = right
            }
            row([(previousRight, 1), (container, -1)], 0, .lessOrEqual)
            above = here
        }
        return (rows, Int(variables))
    }

    private func shelfRows(_ shelves: Int32, boundedEveryShelf: Bool = true) -> [Candidate] {
        var rows: [Candidate] = []
        func row(_ terms: [(Int32, Double)], _ constant: Double, _ relation: Relation) {
            rows.append(Candidate(row: rows.count, terms: terms, constant: constant,
                                  magnitude: max(1, abs(constant)), relation: relation, isRequired: true))
        }
        for k in 0 ..< shelves {
            let a = 3 * k, w = a + 1, b = a + 2
            if boundedEveryShelf || k == 0 { row([(a, 1)], -8, .greaterOrEqual) }
            row([(w, 1)], -20, .greaterOrEqual)
            row([(b, 1), (a, -1), (w, -1)], -6, .greaterOrEqual)
            if boundedEveryShelf || k == 0 { row([(b, 1)], -980, .lessOrEqual) }
            if k > 0 {
                row([(a, 1), (a - 3, -1)], 0, .greaterOrEqual)
                row([(a, 1), (a - 3, -1)], 0, .lessOrEqual)
                row([(b, 1), (b - 3, -1)], 0, .greaterOrEqual)
                row([(b, 1), (b - 3, -1)], 0, .lessOrEqual)
            }
        }
        return rows
    }

    /// `rows`' tests on neighbourhoods of up to `maximumRows` rows, each
    /// answer expected to be the whole tableau's; the probe that answered.
    /// (The walk before the neighbourhoods left out: these tests count
    /// the moves and chains after them.)
    private func probedAsTheTableau(_ rows: [Candidate], variables: Int, maximumRows: Int)
        -> NeighbourhoodRequiredRows<TableauRequiredRows> {
        let whole = TableauRequiredRows(rows, variableCount: variables, equalitiesAsInequalities: nil)
        let reference = TableauRequiredRows(rows, variableCount: variables, equalitiesAsInequalities: nil)
        let near = NeighbourhoodRequiredRows(rows, whole: whole, maximumRows: maximumRows, walksFirst: false)
        let found = differences(rows, near, reference)
        #expect(found.isEmpty, "\(found)")
        return near
    }

    @Test func movesDecideTiesThatOnlyAWholeColumnBreaks() {
        let shelves: Int32 = 30
        let near = probedAsTheTableau(shelfRows(shelves), variables: Int(3 * shelves), maximumRows: 8)
        #expect(near.decidedByMove >= Int(shelves), "\(near.decidedByMove) by moves")
        // What is left to the whole tableau is the rows it shows redundant:
        // every shelf's `a >= 8` and `b <= 980` but one, held through the ties.
        #expect(near.decidedOnWhole <= 2 * Int(shelves), "\(near.decidedOnWhole) on the whole")
    }

    /// The ties of the shelves above (lefts bounded on the first shelf
    /// only, so that no row is redundant and every tie's test is a move),
    /// tested last shelf first: the walk that moved a column below one
    /// shelf is extended shelf by shelf
    /// (``RowMoves/extending(_:gain:direction:from:length:base:recheck:isIn:budget:)``)
    /// instead of walking the half-column again. The answers are the
    /// tableau's; most moves are extensions; and the walks' term visits
    /// grow with the shelves, not with their square (4 times the shelves:
    /// about 4 times the visits; fresh walks of half-columns: about 16).
    @Test func chainsExtendWalksShelfByShelf() {
        func run(_ shelves: Int32) -> (visits: Int, moves: Int, chained: Int) {
            let rows = shelfRows(shelves, boundedEveryShelf: false)
            let variables = Int(3 * shelves)
            let whole = TableauRequiredRows(rows, variableCount: variables, equalitiesAsInequalities: nil)
            let reference = TableauRequiredRows(rows, variableCount: variables, equalitiesAsInequalities: nil)
            let near = NeighbourhoodRequiredRows(rows, whole: whole, maximumRows: 8, walksFirst: false)
            let found = differences(rows, near, reference)
            #expect(found.isEmpty, "\(shelves) shelves: \(found)")
            return (near.walkVisits, near.decidedByMove, near.decidedByChain)
        }
        let small = run(20), large = run(80)
        #expect(large.chained >= large.moves * 9 / 10, "\(large.chained) of \(large.moves) moves extended")
        #expect(large.moves >= 80, "\(large.moves) moves")
        #expect(large.visits < 12 * small.visits, "\(small.visits) -> \(large.visits) term visits")
    }

    /// The points that chains' extensions keep (``ChainPoints``: the
    /// newest in full, older ones through the values each extension
    /// overwrote) read, as long as they are kept, as the full copy taken
    /// when each was found, and each holds every row in after every probe
    /// (``AuditedPoints``). On random systems with neighbourhoods of no
    /// rows, where walks decide many probes and chains are extended after
    /// the points of their earlier extensions were kept (the optional
    /// rows' probes, which take no row out, keep theirs through the
    /// redundancy tests), and on the shelves, whose ties extend chains
    /// shelf after shelf.
    @Test func keptPointsOfExtendedChainsStayAsFound() {
        var extensions = 0, readThroughLog = 0
        func audited(_ rows: [Candidate], variables: Int, maximumRows: Int, _ label: String) {
            let whole = TableauRequiredRows(rows, variableCount: variables, equalitiesAsInequalities: nil)
            let reference = TableauRequiredRows(rows, variableCount: variables, equalitiesAsInequalities: nil)
            let probe = AuditedPoints(NeighbourhoodRequiredRows(rows, whole: whole, maximumRows: maximumRows), rows)
            let found = differences(rows, probe, reference)
            #expect(found.isEmpty, "\(label): \(found)")
            #expect(probe.failures.isEmpty, "\(label): \(probe.failures.prefix(3))")
            extensions += probe.near.decidedByChain
            readThroughLog += probe.readThroughLog
        }
        for seed in 0 ..< UInt64(16) {
            var rng = SplitMix64(seed: 0x30E5 &+ seed)
            let (rows, variables) = randomRows(&rng, scaled: true)
            audited(rows, variables: variables, maximumRows: 0, "seed \(seed)")
        }
        audited(shelfRows(16, boundedEveryShelf: false), variables: 48, maximumRows: 8, "shelves")
        audited(fourBoxShelves(8), variables: 64, maximumRows: 64, "four boxes")
        #expect(extensions > 150, "\(extensions) extensions")
        #expect(readThroughLog > 1000, "\(readThroughLog) reads of points whose chain was extended since")
    }

    /// `degenerate`'s shelves (``fourBoxShelves(_:)``) with neighbourhoods
    /// of up to 64 rows, which grow to their largest in vain on the test of
    /// a tie between two shelves: the chain extended for the shelf below
    /// extends within its short try (``RowMoves/shortExtensionBudget``) for
    /// about one test a shelf here (on `degenerate` at 1,000 views: 1,852 of
    /// 2,522 extensions), before the neighbourhoods; the answers are the
    /// tableau's.
    @Test func chainsAreTriedBeforeTheNeighbourhoods() {
        let shelves: Int32 = 24
        let near = probedAsTheTableau(fourBoxShelves(shelves), variables: Int(8 * shelves), maximumRows: 64)
        #expect(near.decidedByChain >= Int(shelves), "\(near.decidedByChain) of \(near.decidedByMove) moves extended")
        #expect(near.decidedBeforeNeighbourhoods >= Int(shelves) * 3 / 4,
                "\(near.decidedBeforeNeighbourhoods) of \(near.decidedByChain) extensions before the neighbourhoods")
    }

    @Test func movesDecideProbesTheNeighbourhoodsCannot() {
        // The property above only means something if walks answer many
        // probes of the random systems, both redundancy tests and others,
        // and extensions of chains many of those (with rows put back since
        // their points were built, which each extension checks).
        var byMoves = 0, onWhole = 0, chained = 0
        for seed in 0 ..< UInt64(24) {
            var rng = SplitMix64(seed: 0x30E5 &+ seed)
            let (rows, variables) = randomRows(&rng, scaled: true)
            let whole = TableauRequiredRows(rows, variableCount: variables, equalitiesAsInequalities: nil)
            let near = NeighbourhoodRequiredRows(rows, whole: whole, maximumRows: 0, walksFirst: false)
            let reference = TableauRequiredRows(rows, variableCount: variables, equalitiesAsInequalities: nil)
            _ = differences(rows, near, reference)
            byMoves += near.decidedByMove
            onWhole += near.decidedOnWhole
            chained += near.decidedByChain
        }
        #expect(chained > 30, "\(chained) of \(byMoves) moves extended")
        #expect(byMoves > 100, "\(byMoves) by moves, \(onWhole) on the whole simplex")
        #expect(onWhole > 50, "\(onWhole)")
    }

    /// What ``RowsAlongTheMove`` holds, the whole tableau holds: on random
    /// coupled systems, each required row taken out last first (and left
    /// out when the tableau finds it redundant) and the optional rows'
    /// expressions, pushed either way, asked of both; a probe the rows
    /// along the move say cannot be pushed must be one the whole tableau
    /// cannot push. Returns the probes asked, those held along the move,
    /// and those the tableau held.
    private func heldAlongTheMove(seed: UInt64, maximumRows: Int) -> (probes: Int, held: Int, tableauHeld: Int) {
        var rng = SplitMix64(seed: 0x40E5 &+ seed)
        let (rows, variables) = randomRows(&rng, scaled: true)
        let reference = TableauRequiredRows(rows, variableCount: variables, equalitiesAsInequalities: nil)
        var isIn = rows.indices.map { reference.contains($0) }
        let point = (0 ..< variables).map { reference.value([(Int32($0), 1)], 0) }
        let along = RowsAlongTheMove(rows, rowsOf: NeighbourhoodRequiredRows<TableauRequiredRows>.rowsOf(
            rows, isIn: isIn, variableCount: variables), variableCount: variables, maximumRows: maximumRows)
        var probes = 0, held = 0, tableauHeld = 0
        func ask(_ i: Int, _ direction: Double, from base: Double) -> Bool {
            let row = rows[i]
            let mine = along.bounds(row.terms, row.constant, magnitude: row.magnitude, direction: direction,
                                    from: base, point: point, isIn: isIn)
            let can = reference.canPush(row.terms, row.constant, magnitude: row.magnitude, direction: direction,
                                        from: base)
            probes += 1
            if mine { held += 1 }
            if !can { tableauHeld += 1 }
            #expect(!(mine && can), "seed \(seed): row \(i) \(direction) from \(base) held along the move")
            return can
        }
        for i in rows.indices where !rows[i].isRequired && !rows[i].terms.isEmpty {
            let current = reference.value(rows[i].terms, rows[i].constant)
            _ = ask(i, 1, from: current)
            _ = ask(i, -1, from: current)
        }
        testedLastFirst(rows, reference, takeOut: { isIn[$0] = false }, putBack: { isIn[$0] = true },
                        push: { ask($0, $1, from: 0) })
        return (probes, held, tableauHeld)
    }

    @Test(arguments: 0 ..< 40)
    func rowsAlongTheMoveHoldOnlyWhatTheWholeSimplexHolds(seed: UInt64) {
        for maximumRows in [4, 64] { _ = heldAlongTheMove(seed: seed, maximumRows: maximumRows) }
    }

    @Test func rowsAlongTheMoveHoldMostOfWhatTheWholeSimplexHolds() {
        // The property above only means something if the rows along the
        // move hold many probes, and not all that the tableau holds at a
        // small size.
        var held = 0, tableauHeld = 0, heldSmall = 0
        for seed in 0 ..< UInt64(40) {
            let large = heldAlongTheMove(seed: seed, maximumRows: 64)
            held += large.held
            tableauHeld += large.tableauHeld
            heldSmall += heldAlongTheMove(seed: seed, maximumRows: 4).held
        }
        #expect(held * 10 >= tableauHeld * 9, "\(held) of \(tableauHeld) held along the move")
        #expect(heldSmall < held, "\(heldSmall) held within 4 rows, \(held) within 64")
    }

    /// Shelves of four boxes between the root's edges (`degenerate`'s):
    /// each box at least 20 wide and 4 from the next, the last 8 from the
    /// right edge, every box's left tied to the one above by two opposite
    /// inequalities, and each shelf's first box bounded at the right once
    /// more (a row the chain of its shelf holds: redundant). Its test is
    /// decided by no neighbourhood of 8 rows, no walk (it cannot be
    /// violated), and along the move by the rows of its shelf: the rows
    /// taken per test do not grow with the shelves.
    private func fourBoxShelves(_ shelves: Int32) -> [Candidate] {
        var rows: [Candidate] = []
        func row(_ terms: [(Int32, Double)], _ constant: Double, _ relation: Relation) {
            rows.append(Candidate(row: rows.count, terms: terms, constant: constant,
                                  magnitude: max(1, abs(constant)), relation: relation, isRequired: true))
        }
        for k in 0 ..< shelves {
            // Box b's left is 8k + 2b, its width 8k + 2b + 1.
            let left = { (b: Int32) in 8 * k + 2 * b }
            row([(left(0), 1)], -8, .greaterOrEqual)
            for b in Int32(0) ..< 4 {
                let l = left(b), w = l + 1
                row([(w, 1)], -20, .greaterOrEqual)
                if b < 3 { row([(left(b + 1), 1), (l, -1), (w, -1)], -4, .greaterOrEqual) }
                if k > 0 {
                    row([(l, 1), (l - 8, -1)], 0, .greaterOrEqual)
                    row([(l, 1), (l - 8, -1)], 0, .lessOrEqual)
                }
            }
            row([(left(3), 1), (left(3) + 1, 1)], -1016, .lessOrEqual)
            row([(left(0), 1), (left(0) + 1, 1)], -1016, .lessOrEqual)
        }
        return rows
    }

    /// The walks after the neighbourhoods that repeat the walk before them
    /// (``NeighbourhoodRequiredRows``' `skipsRepeatedTries`: the same probe
    /// and start, where the walk before found no point and no walk of it
    /// went out of budget) are skipped and change nothing: the transcripts
    /// (every answer, `pushed` bit for bit, how each probe was decided)
    /// are those of the same probes with every walk walked, and walked all
    /// the same, no skipped walk finds a point. On random coupled systems
    /// with neighbourhoods of no rows and of 3 (where the walks before the
    /// neighbourhoods fail and are walked again after them), and on
    /// `degenerate`'s shelves.
    @Test func repeatedFirstWalksAreSkippedWithTheSameAnswers() {
        var repeated = 0
        func compare(_ rows: [Candidate], variables: Int, maximumRows: Int, _ label: String) {
            var transcripts: [[String]] = []
            let reference = ReferenceReadings(rows, variableCount: variables)
            for skips in [true, false] {
                let whole = TableauRequiredRows(rows, variableCount: variables, equalitiesAsInequalities: nil)
                let near = NeighbourhoodRequiredRows(rows, whole: whole, maximumRows: maximumRows,
                                                     skipsRepeatedTries: skips)
                transcripts.append(transcript(rows, near, reference))
                if skips {
                    repeated += near.repeatedFirstWalks
                } else {
                    #expect(near.repeatedFirstWalksMisread == 0,
                            "\(label): \(near.repeatedFirstWalksMisread) of \(near.repeatedFirstWalks) walks found a point")
                }
            }
            #expect(transcripts[0] == transcripts[1],
                    "\(label): \(zip(transcripts[0], transcripts[1]).filter { $0 != $1 }.prefix(3))")
        }
        compare(fourBoxShelves(12), variables: 8 * 12, maximumRows: 8, "four boxes")
        for seed in 0 ..< UInt64(24) {
            var rng = SplitMix64(seed: 0x5C1B &+ seed)
            let (rows, variables) = randomRows(&rng, scaled: seed % 2 == 0)
            for maximumRows in [0, 3] { compare(rows, variables: variables, maximumRows: maximumRows, "seed \(seed)") }
        }
        #expect(repeated > 20, "\(repeated) walks not walked again")
    }

    /// A relaxation grown along the moves (``RowsAlongTheMove``) removes
    /// its probe row only before a next round: after a test's last round
    /// the core is emptied at the next test. So the removals are the
    /// rounds less one per test, and the answers are those of relaxations
    /// made anew for each test (`reusesCore` false).
    @Test func rowsAlongTheMoveLeaveTheirLastProbeIn() {
        var tests = 0, rounds = 0
        for seed in 0 ..< UInt64(24) {
            var rng = SplitMix64(seed: 0x1A57 &+ seed)
            let (rows, variables) = randomRows(&rng, scaled: true)
            let reference = TableauRequiredRows(rows, variableCount: variables, equalitiesAsInequalities: nil)
            var isIn = rows.indices.map { reference.contains($0) }
            let point = (0 ..< variables).map { reference.value([(Int32($0), 1)], 0) }
            let rowsOf = NeighbourhoodRequiredRows<TableauRequiredRows>.rowsOf(rows, isIn: isIn, variableCount: variables)
            let kept = RowsAlongTheMove(rows, rowsOf: rowsOf, variableCount: variables, maximumRows: 64)
            let fresh = RowsAlongTheMove(rows, rowsOf: rowsOf, variableCount: variables, maximumRows: 64,
                                         reusesCore: false)
            var calls = 0
            testedLastFirst(rows, reference, takeOut: { isIn[$0] = false }, putBack: { isIn[$0] = true }, push: {
                let row = rows[$0]
                let mine = kept.bounds(row.terms, row.constant, magnitude: row.magnitude, direction: $1, from: 0,
                                       point: point, isIn: isIn)
                let theirs = fresh.bounds(row.terms, row.constant, magnitude: row.magnitude, direction: $1, from: 0,
                                          point: point, isIn: isIn)
                #expect(mine == theirs, "seed \(seed): row \($0) \($1)")
                calls += 1
                return reference.canPush(row.terms, row.constant, magnitude: row.magnitude, direction: $1, from: 0)
            })
            #expect(kept.probeRowsRemoved == kept.rounds - calls,
                    "seed \(seed): \(kept.probeRowsRemoved) removed in \(kept.rounds) rounds of \(calls) tests")
            #expect(kept.rowsTaken == fresh.rowsTaken && kept.rounds == fresh.rounds, "seed \(seed)")
            tests += calls
            rounds += kept.rounds
        }
        #expect(rounds > tests + 100, "\(rounds) rounds in \(tests) tests")
    }

    @Test func rowsAlongTheMoveHoldShelvesTheNeighbourhoodsSendOn() {
        func run(_ shelves: Int32) -> (held: Int, rows: Int, onWhole: Int) {
            let rows = fourBoxShelves(shelves)
            let variables = Int(8 * shelves)
            let whole = TableauRequiredRows(rows, variableCount: variables, equalitiesAsInequalities: nil)
            let reference = TableauRequiredRows(rows, variableCount: variables, equalitiesAsInequalities: nil)
            let near = NeighbourhoodRequiredRows(rows, whole: whole, maximumRows: 8, alongTheMove: 128)
            let found = differences(rows, near, reference)
            #expect(found.isEmpty, "\(shelves) shelves: \(found)")
            return (near.decidedAlongTheMove, near.rowsTakenAlongTheMove, near.decidedOnWhole)
        }
        let small = run(6), large = run(24)
        #expect(large.held >= 24, "\(large.held) held along the move")
        #expect(large.onWhole * 4 <= large.held, "\(large.onWhole) on the whole, \(large.held) along the move")
        // Rows taken per test about the same at 4 times the shelves.
        #expect(large.rows * small.held <= 2 * small.rows * large.held,
                "\(small.rows) rows for \(small.held) tests -> \(large.rows) for \(large.held)")
    }
}

/// A point given to ``NeighbourhoodRequiredRows`` from outside (the
/// diagnosis's optimum): kept only where every row holds, and then it
/// answers probes as a point the whole component found does.
@Suite struct NeighbourhoodKnownPointTests {
    private typealias Candidate = ConstraintSystem.InertCandidate

    /// `x0 ≥ 0`, `x(k) ≤ x(k+1)` and `x(last) ≤ 100`: each variable reaches 100 at most.
    private func chain(_ count: Int) -> [Candidate] {
        var rows: [Candidate] = []
        func row(_ terms: [(Int32, Double)], _ constant: Double, _ relation: Relation) {
            rows.append(Candidate(row: rows.count, terms: terms, constant: constant,
                                  magnitude: max(1, abs(constant)), relation: relation, isRequired: true))
        }
        row([(0, 1)], 0, .greaterOrEqual)
        for v in 1 ..< Int32(count) { row([(v, 1), (v - 1, -1)], 0, .greaterOrEqual) }
        row([(Int32(count - 1), 1)], -100, .lessOrEqual)
        return rows
    }

    private func near(_ rows: [Candidate], _ count: Int, known: [Double]) -> NeighbourhoodRequiredRows<TableauRequiredRows> {
        NeighbourhoodRequiredRows(rows, whole: TableauRequiredRows(rows, variableCount: count,
                                                                   equalitiesAsInequalities: nil),
                                  maximumRows: 0, movesAlong: false, alongTheMove: 0, known: known)
    }

    @Test func aPointOfEveryRowAnswersWithoutTheWholeComponent() {
        let rows = chain(6)
        let probe = near(rows, 6, known: [Double](repeating: 70, count: 6))
        #expect(probe.pushed([(0, 1)], 0, to: 60) == 60)
        #expect(probe.canPush([(2, 1)], 0, magnitude: 1, direction: 1, from: 50))
        #expect(probe.decidedByWitness == 2)
        #expect(probe.decidedOnWhole == 0)
        // Past what it reaches, the whole component answers: the supremum.
        #expect(probe.pushed([(0, 1)], 0, to: 150) == 100)
        #expect(probe.decidedOnWhole == 1)
    }


    /// x ≤ u + v, u ≤ p ≤ 10, v ≤ q1 ≤ 50 and v ≤ q2 ≤ 50 (x, u, v, p,
    /// q1, q2 numbered 0 to 5): x reaches 60. At the vertex x = 15, u = p =
    /// 10, v = q1 = q2 = 5 every row but the q's bounds is tight, and a walk
    /// that pushes x up puts `x ≤ u + v` right with u (whose other rows it
    /// breaks the fewest times), then u ≤ p with p, which its bound stops:
    /// stuck, though v had room.
    private func fork() -> [Candidate] {
        var rows: [Candidate] = []
        func row(_ terms: [(Int32, Double)], _ constant: Double) {
            rows.append(Candidate(row: rows.count, terms: terms, constant: constant,
                                  magnitude: max(1, abs(constant)), relation: .lessOrEqual, isRequired: true))
        }
        row([(0, 1), (1, -1), (2, -1)], 0)
        row([(1, 1), (3, -1)], 0)
        row([(3, 1)], -10)
        row([(2, 1), (4, -1)], 0)
        row([(2, 1), (5, -1)], 0)
        row([(4, 1)], -50)
        row([(5, 1)], -50)
        return rows
    }

    private func forkProbe(known: [Double]?) -> NeighbourhoodRequiredRows<TableauStandIn> {
        let rows = fork()
        let whole = TableauStandIn(TableauRequiredRows(rows, variableCount: 6, equalitiesAsInequalities: nil),
                                   point: [15, 10, 5, 10, 5, 5])
        return NeighbourhoodRequiredRows(rows, whole: whole, maximumRows: 0, alongTheMove: 0, known: known)
    }

    @Test func aWalkFromTheKnownPointAnswersBeforeTheWholeComponent() {
        // From the vertex the walk is stuck: the whole component answers.
        let alone = forkProbe(known: nil)
        #expect(alone.canPush([(0, 1)], 0, magnitude: 1, direction: 1, from: 15))
        #expect(alone.decidedByMove == 0)
        #expect(alone.decidedOnWhole == 1)
        // From a known point with x below u + v, x moves up at once.
        let probe = forkProbe(known: [0, 10, 50, 10, 50, 50])
        #expect(probe.canPush([(0, 1)], 0, magnitude: 1, direction: 1, from: 15))
        #expect(probe.decidedFromKnown == 1)
        #expect(probe.decidedOnWhole == 0)
        // The point it built answers the next probe that it passes.
        #expect(probe.canPush([(0, 1)], 0, magnitude: 1, direction: 1, from: 16))
        #expect(probe.decidedByWitness == 1)
        // Past the supremum (60) no walk finds a point: the whole component says no.
        #expect(!probe.canPush([(0, 1)], 0, magnitude: 1, direction: 1, from: 60))
        #expect(probe.decidedFromKnown == 1)
        #expect(probe.decidedOnWhole == 1)
    }

    @Test func aPointThatBreaksARowIsNotKept() {
        let rows = chain(6)
        // x0 = 150 breaks x0 ≤ x1 (and x5 ≤ 100 once the rest follow).
        var known = [Double](repeating: 10, count: 6)
        known[0] = 150
        let probe = near(rows, 6, known: known)
        #expect(probe.pushed([(0, 1)], 0, to: 120) == 100)
        #expect(probe.decidedByWitness == 0)
        #expect(probe.decidedOnWhole == 1)
        // Off by rounding only (10⁻¹² of 100) it is kept.
        let close = near(rows, 6, known: [0, 20, 40, 60, 80, 100 + 1e-10])
        #expect(close.pushed([(5, 1)], 0, to: 90) == 90)
        #expect(close.decidedByWitness == 1)
    }
}


/// ``NeighbourhoodRequiredRows`` checked after each probe: every point its
/// walks keep (``NeighbourhoodRequiredRows/builtPoints``) must read as it
/// did when first seen (its full copy then) and hold every row in
/// (``NeighbourhoodRequiredRows/holdsAll(_:_:isIn:)``).
private final class AuditedPoints: RequiredRowProbe {
    let near: NeighbourhoodRequiredRows<TableauRequiredRows>
    private let rows: [ConstraintSystem.InertCandidate]
    private var isIn: [Bool]
    private var copies: [Int: [Double]] = [:]
    /// What went wrong, and the kept points read whose chain was extended
    /// after they were kept (read through its log), summed over the audits.
    private(set) var failures: [String] = []
    private(set) var readThroughLog = 0

    init(_ near: NeighbourhoodRequiredRows<TableauRequiredRows>, _ rows: [ConstraintSystem.InertCandidate]) {
        self.near = near
        self.rows = rows
        isIn = rows.indices.map { near.contains($0) }
    }

    private func audit() {
        for (found, values, extendedSince) in near.builtPoints {
            if let copy = copies[found] {
                if values.map(\.bitPattern) != copy.map(\.bitPattern) { failures.append("point \(found) changed") }
            } else {
                copies[found] = values
            }
            if !NeighbourhoodRequiredRows<TableauRequiredRows>.holdsAll(rows, values, isIn: isIn) {
                failures.append("point \(found) breaks a row in")
            }
            if extendedSince { readThroughLog += 1 }
        }
    }

    var variableCount: Int { near.variableCount }
    func contains(_ i: Int) -> Bool { near.contains(i) }
    func value(_ terms: [(Int32, Double)], _ constant: Double) -> Double { near.value(terms, constant) }
    func pushed(_ terms: [(Int32, Double)], _ constant: Double, to target: Double) -> Double {
        defer { audit() }
        return near.pushed(terms, constant, to: target)
    }
    func canPush(_ terms: [(Int32, Double)], _ constant: Double, magnitude: Double,
                 direction: Double, from base: Double) -> Bool {
        defer { audit() }
        return near.canPush(terms, constant, magnitude: magnitude, direction: direction, from: base)
    }
    func takeOut(_ i: Int) {
        near.takeOut(i)
        isIn[i] = false
    }
    func putBack(_ i: Int) {
        near.putBack(i)
        isIn[i] = true
        audit()
    }
    func lastPoint() -> [Double]? { near.lastPoint() }
    func lastRay() -> [Double]? { near.lastRay() }
}
