import CClpSimplex
import Foundation
import Synchronization
import Testing
@testable import PlumbClp
import PlumbTestSupport
@testable import PlumbSolver

/// A part's first level started at the least point of its rows
/// (`LeastPointStart`): the basis it builds is the least point that a
/// second method (relaxing every row until none moves) finds, Clp takes it
/// as optimal without a pivot, and on random timelines (chains of
/// starts with gaps, dependencies between tracks, constants and
/// coefficients from 1e-3 to 1e6, duplicated and scaled rows, three or four
/// levels) the answer is the one without the start and the tableau's;
/// parts of other shapes get no start and are solved as before.
@Suite struct LeastPointStartTests {
    typealias Builder = LargePartTests.Builder

    /// Timelines like the generator's `scales`: `tracks` tracks of
    /// `events` events, each a start and a width. Required: each start at
    /// least its time, after the previous event's end plus a gap, some after
    /// the end of an event of the track above; at 750 each width at least
    /// its duration; at 250 each width at most its duration and each
    /// start at its time; at 100 some starts a little later (a level the
    /// others decide). With `noise`, some rows are written twice (the same,
    /// or times a factor from 1e-3 to 1e3) and the rows are scaled by such
    /// factors: the same feasible set with ties and huge and tiny
    /// coefficients. The optimum is one point: the earliest schedule, each
    /// width its duration.
    static func timelines(seed: UInt64, tracks: Int, events: Int, noise: Bool) -> Builder {
        var rng = SplitMix64(seed: seed)
        func uniform() -> Double { Double(rng.next() % 1_000_000) / 1_000_000 }
        func logUniform(_ low: Double, _ high: Double) -> Double {
            exp(log(low) + uniform() * (log(high) - log(low)))
        }
        func factor() -> Double { noise ? [1e-3, 0.5, 1, 7, 1e3][Int(rng.next() % 5)] : 1 }
        var b = Builder()
        func add(_ terms: [(VariableIndex, Double)], _ c: Double, _ relation: Relation, _ p: Priority = .required) {
            let f = factor()
            b.add(terms.map { ($0.0, $0.1 * f) }, c * f, relation, p)
            if noise && rng.next() % 5 == 0 {
                let g = factor()
                b.add(terms.map { ($0.0, $0.1 * g) }, c * g, relation, p)
            }
        }
        var above: [(start: VariableIndex, width: VariableIndex, time: Double)] = []
        for _ in 0 ..< tracks {
            var t = 0.0
            var track: [(start: VariableIndex, width: VariableIndex, time: Double)] = []
            for k in 0 ..< events {
                t += logUniform(1e-3, 1e3)
                let s = b.variable(), w = b.variable(), duration = logUniform(1e-3, 1e6)
                add([(s, 1)], -t, .greaterOrEqual)
                add([(w, 1)], -duration, .greaterOrEqual, 750)
                add([(w, 1)], -duration, .lessOrEqual, 250)
                add([(s, 1)], -t, .equal, 250)
                if rng.next() % 3 == 0 { add([(s, 1)], -(t + 5), .equal, 100) }
                if k > 0 {
                    let previous = track[k - 1]
                    add([(s, 1), (previous.start, -1), (previous.width, -1)], -logUniform(1e-3, 1), .greaterOrEqual)
                }
                if let other = above.last(where: { $0.time < t }), rng.next() % 4 == 0 {
                    add([(s, 1), (other.start, -1), (other.width, -1)], -1e-3, .greaterOrEqual)
                }
                track.append((s, w, t))
            }
            above = track
        }
        return b
    }

    /// Every part of two or more variables goes to Clp.
    static func options(_ solver: any LargePartSolver) -> SolveOptions {
        var o = SolveOptions()
        o.largePartSolver = solver
        o.largePartThreshold = 2
        return o
    }

    /// The least point by a second method: every variable from -∞, each
    /// row `Σ a·x ≥ b` with one positive coefficient raising its head to
    /// its bound, over and over until nothing moves (Bellman-Ford's
    /// relaxation). Nil when a variable stays at -∞.
    static func relaxedLeastPoint(_ part: LinearPart, level: Double) -> [Double]? {
        var x = [Double](repeating: -.infinity, count: part.variableCount)
        var moved = true, rounds = 0
        while moved && rounds <= part.variableCount + 1 {
            moved = false
            rounds += 1
            for i in 0 ..< part.rowCount
            where part.priorities[i].isRequired || part.priorities[i].rawValue == level {
                let signs: [Double] = part.relations[i] == .equal ? [1, -1] : part.relations[i] == .greaterOrEqual ? [1] : [-1]
                for s in signs {
                    let terms = Int(part.rowStart[i]) ..< Int(part.rowStart[i + 1])
                    let heads = terms.filter { s * part.coefficients[$0] > 0 }
                    guard heads.count == 1, let k = heads.first else { continue }
                    var rest = -s * part.constants[i]
                    for l in terms where l != k { rest -= s * part.coefficients[l] * x[Int(part.columns[l])] }
                    let value = rest / (s * part.coefficients[k]), j = Int(part.columns[k])
                    if value.isFinite && value > x[j] + 1e-9 * max(1, abs(value)) {
                        x[j] = value
                        moved = true
                    }
                }
            }
        }
        return x.allSatisfy(\.isFinite) ? x : nil
    }

    /// The parts of `system` that the planner hands to its large-part
    /// solver (recorded, not solved).
    final class Parts: LargePartSolver, @unchecked Sendable {
        private let recorded = Mutex<[LinearPart]>([])
        var parts: [LinearPart] { recorded.withLock { $0 } }
        var name: String { "recorder" }
        func solve(_ part: LinearPart) -> [Double]? {
            recorded.withLock { $0.append(part) }
            return nil
        }
    }

    static func parts(of system: ConstraintSystem) -> [LinearPart] {
        let recorder = Parts()
        _ = try? system.solve(options: options(recorder))
        return recorder.parts
    }

    /// On random timelines the basis is the least point the relaxation
    /// finds (each variable basic at its value, read back from Clp after
    /// it factorised the basis) and Clp takes it as optimal for the first
    /// level without a pivot.
    @Test func theStartIsTheLeastPointAndOptimal() throws {
        var started = 0
        for seed in 0 ..< 24 as Range<UInt64> {
            let b = Self.timelines(seed: 91_000 + seed, tracks: 2 + Int(seed % 3), events: 3 + Int(seed % 7),
                                   noise: seed % 2 == 1)
            for part in Self.parts(of: b.system) {
                let model = try #require(PartModel(part))
                let level = model.order[0]
                let expected = try #require(Self.relaxedLeastPoint(part, level: level), "seed \(seed)")
                let basis = try #require(LeastPointStart.basis(of: part, model: model, level: level), "seed \(seed)")
                #expect(basis.count == model.columnCount + part.rowCount)
                // As many basic columns as rows.
                #expect(basis.filter { $0 == LeastPointStart.basic }.count == part.rowCount, "seed \(seed)")
                _ = model.aim(at: level)
                plumb_clp_set_basis(model.pointer, basis)
                // Under the solver's lock, as every Clp call of the library.
                #expect(ClpPartSolver.lock.withLock { _ in plumb_clp_primal(model.pointer, 0, 200, 0) } == 0, "seed \(seed)")
                #expect(plumb_clp_pivots(model.pointer) == 0, "seed \(seed)")
                let solution = try #require(plumb_clp_solution(model.pointer))
                for j in 0 ..< part.variableCount {
                    #expect(abs(solution[j] - expected[j]) <= 1e-9 * max(1, abs(expected[j])),
                            "seed \(seed), variable \(j): \(solution[j]) against \(expected[j])")
                }
                started += 1
            }
        }
        #expect(started >= 24, "\(started) parts started")
    }

    /// On random timelines, with and without duplicated and scaled rows,
    /// the first level is found at its least point and the answer is the
    /// one without the start (each level cold or warm as before) and the
    /// tableau's: one point, to 1e-9 of each value's size.
    @Test func timelinesReachTheSameOptimum() throws {
        var starts = 0
        for seed in 0 ..< 30 as Range<UInt64> {
            let b = Self.timelines(seed: 92_000 + seed, tracks: 2 + Int(seed % 4), events: 4 + Int(seed % 9),
                                   noise: seed % 3 != 0)
            let log = LargePartTests.ClpLog(ClpPartSolver())
            let started = try b.system.solve(options: Self.options(log))
            starts += log.leastPoints
            let plain = try b.system.solve(options: Self.options(ClpPartSolver(startsFromLeastPoint: false)))
            var tableau = SolveOptions()
            tableau.largePartSolver = nil
            let whole = try b.system.solve(options: tableau)
            #expect(started.stats.largeParts >= 1, "seed \(seed)")
            #expect(referenceRequiredRowsHold(b.rows, started.values), "seed \(seed)")
            for (i, x) in started.values.enumerated() {
                for other in [plain.values[i], whole.values[i]] {
                    #expect(abs(x - other) <= 1e-9 * max(1, abs(other)), "seed \(seed), variable \(i): \(x) against \(other)")
                }
            }
        }
        #expect(starts >= 30, "\(starts) first levels at their least point")
    }

    /// Parts of other shapes get no start, and a part whose required rows
    /// conflict at the least point still has its conflict named as the
    /// tableau names it.
    @Test func otherShapesGetNoStart() throws {
        typealias Row = (terms: [(Int, Double)], constant: Double, relation: Relation, priority: Priority)
        // Parts of three variables x, y, z, given row by row, each with
        // z ≥ x + y + 1 at 750 (their first level).
        func part(_ rows: [Row]) -> LinearPart {
            let all: [Row] = [([(0, 1), (1, 1), (2, -1)], 1, .lessOrEqual, 750)] + rows
            var starts: [Int32] = [0], columns: [Int32] = [], coefficients: [Double] = []
            for row in all {
                for (j, a) in row.terms { columns.append(Int32(j)); coefficients.append(a) }
                starts.append(Int32(columns.count))
            }
            return LinearPart(variableCount: 3, rowStart: starts, columns: columns, coefficients: coefficients,
                              constants: all.map(\.constant), relations: all.map(\.relation),
                              priorities: all.map(\.priority))
        }
        func start(_ p: LinearPart) -> [UInt8]? {
            guard let model = PartModel(p) else {
                Issue.record("the part has no model")
                return nil
            }
            #expect(model.order[0] == 750)
            return LeastPointStart.basis(of: p, model: model, level: model.order[0])
        }
        // The shape: x ≥ 1, y ≥ x + 2, z ≥ x + y + 1 (at 750), z ≤ 100,
        // x + z = 50 at 250: the least point (1, 3, 5).
        let shape: [Row] = [([(0, 1)], -1, .greaterOrEqual, .required),
                            ([(1, 1), (0, -1)], -2, .greaterOrEqual, .required),
                            ([(2, 1)], -100, .lessOrEqual, .required),
                            ([(0, 1), (2, 1)], -50, .equal, 250)]
        let chain = part(shape)
        let basis = try #require(start(chain))
        let model = try #require(PartModel(chain))
        _ = model.aim(at: 750)
        plumb_clp_set_basis(model.pointer, basis)
        #expect(ClpPartSolver.lock.withLock { _ in plumb_clp_primal(model.pointer, 0, 200, 0) } == 0)
        let point = try #require(plumb_clp_solution(model.pointer))
        #expect(point[0] == 1 && point[1] == 3 && point[2] == 5, "\(point[0]), \(point[1]), \(point[2])")
        // A cycle: y ≥ x + 2 and x ≥ y − 5.
        #expect(start(part(shape + [([(0, 1), (1, -1)], 5, .greaterOrEqual, .required)])) == nil)
        // Nothing pushes x up.
        #expect(start(part(Array(shape.dropFirst()))) == nil)
        // A required equality between variables.
        #expect(start(part(shape + [([(1, 1), (0, -1)], -2, .equal, .required)])) == nil)
        // A cap the least point breaks: z ≥ 5 there, z ≤ 4 required.
        #expect(start(part(shape + [([(2, 1)], -4, .lessOrEqual, .required)])) == nil)
        // A wish of a lower level that the point misses is taken up by its
        // error column: still a start.
        #expect(start(part(shape + [([(2, 1)], -4, .lessOrEqual, 100)])) != nil)
        // Required rows that conflict where the least point is checked:
        // named by the tableau either way.
        var conflict = Builder()
        let x = conflict.variable(), y = conflict.variable()
        conflict.add([(x, 1)], -10, .greaterOrEqual)
        conflict.add([(y, 1), (x, -1)], -2, .greaterOrEqual)
        conflict.add([(x, 1), (y, 1)], -5, .lessOrEqual)
        conflict.add([(y, 1)], -3, .greaterOrEqual, 750)
        conflict.add([(x, 1), (y, -1)], 0, .equal, 250)
        var tableau = SolveOptions()
        tableau.largePartSolver = nil
        let errors = [Self.options(ClpPartSolver()), Self.options(ClpPartSolver(startsFromLeastPoint: false)), tableau]
            .map { o in Result { try conflict.system.solve(options: o) } }
            .map { result -> String in
                if case .failure(let error) = result { return "\(error)" }
                return "solved"
            }
        #expect(errors[0] != "solved" && errors[0] == errors[1] && errors[0] == errors[2], "\(errors)")
    }
}

extension LeastPointStartTests {
    /// Shelves of boxes with contradicting lower levels (like the
    /// generator's `levels`): the first level is found at its least point,
    /// and it counts as the part's first cold solve, so every cold solve
    /// after it is priced by the largest infeasibility (from the second,
    /// by default) and the answer is the one without the start and the
    /// tableau's.
    @Test func aLeastPointCountsAsThePartsFirstColdSolve() throws {
        let b = LargePartTests.degenerateShelves(60, contradicting: [240, 230, 220])
        // The greedy level's crash (`crashesGreedyLevel`) off: from it the
        // level's cold solve needs no dual simplex to price.
        let log = LargePartTests.ClpLog(ClpPartSolver(crashesGreedyLevel: false))
        var options = SolveOptions()
        options.largePartSolver = log
        let started = try b.system.solve(options: options)
        #expect(log.leastPoints == 1, "\(log.leastPoints)")
        let cold = log.coldSolves.reduce(0, +)
        #expect(cold >= 1 && log.largestInfeasibility == cold, "\(log.largestInfeasibility) of \(cold)")
        options.largePartSolver = ClpPartSolver(startsFromLeastPoint: false)
        let plain = try b.system.solve(options: options)
        options.largePartSolver = nil
        let whole = try b.system.solve(options: options)
        for (i, x) in started.values.enumerated() {
            for other in [plain.values[i], whole.values[i]] {
                #expect(abs(x - other) <= 1e-6 * max(1, abs(other)), "variable \(i): \(x) against \(other)")
            }
        }
    }
}

extension LeastPointStartTests {
    /// On shelves of boxes the greedy level (every box 4,000 wide) is not
    /// optimal at the least point of the first: its warm probe walks
    /// degenerate vertices and gives up, and by default its cold solve
    /// starts from the point's basis again (with `startsAfterLeastPoint`
    /// off, from where the probe stopped). Both answers are the tableau's.
    @Test func aGivenUpProbeAfterALeastPointStartsColdFromThePoint() throws {
        let b = LargePartTests.degenerateShelves(60)
        var options = SolveOptions()
        let log = LargePartTests.ClpLog(ClpPartSolver())
        options.largePartSolver = log
        let restarted = try b.system.solve(options: options)
        let probing = LargePartTests.ClpLog(ClpPartSolver(startsAfterLeastPoint: false))
        options.largePartSolver = probing
        let probed = try b.system.solve(options: options)
        let whole = try LargePartTests.shelvesTableau()
        #expect(log.leastPoints == 1 && probing.leastPoints == 1, "\(log.leastPoints), \(probing.leastPoints)")
        #expect(log.stalls.reduce(0, +) == 1 && probing.stalls.reduce(0, +) == 1, "\(log.stalls), \(probing.stalls)")
        #expect(log.leastPointRestarts == 1 && probing.leastPointRestarts == 0,
                "\(log.leastPointRestarts), \(probing.leastPointRestarts)")
        #expect(log.coldSolves == probing.coldSolves, "\(log.coldSolves) against \(probing.coldSolves)")
        for (i, x) in restarted.values.enumerated() {
            for other in [probed.values[i], whole.values[i]] {
                #expect(abs(x - other) <= 1e-6 * max(1, abs(other)), "variable \(i): \(x) against \(other)")
            }
        }
    }
}
