import PropertyBased
import Testing
import PlumbTestSupport
@testable import Plumb

/// Random trees of views placed by random rules: every assigned name must
/// hold at the solution, and the rule schedule must reproduce it one row at a time.
@Suite struct SLLPropertyTests {
    /// A value as the generator wrote it, to be checked against the frames.
    enum Value {
        case number(Double)
        case percentage(Double, LayoutAxis)
        case measure(RuleName, of: Int)
    }

    /// One random layout: views, parents, and the assignments per view.
    struct Scene {
        var width: Double
        var height: Double
        var parents: [Int] = [-1]
        var assignments: [[(RuleName, Value)]] = [[]]
    }

    static func scene(seed: Int) -> Scene {
        var rng = SplitMix64(seed: UInt64(seed))
        var scene = Scene(width: Double(Int.random(in: 200 ... 1000, using: &rng)),
                          height: Double(Int.random(in: 200 ... 1000, using: &rng)))
        let count = Int.random(in: 1 ... 10, using: &rng)
        let spellings: [LayoutAxis: [[RuleName]]] = [
            .vertical: [[.tt, .tb], [.bb, .bt], [.ct, .cb], [.h]],
            .horizontal: [[.ll, .lr], [.rr, .rl], [.cl, .cr], [.w]],
        ]
        let measures = RuleName.allCases.filter { $0.role.isDetermining }
        for i in 1 ... count {
            scene.parents.append(Int.random(in: 0 ..< i, using: &rng))
            var assignments: [(RuleName, Value)] = []
            for axis in LayoutAxis.allCases {
                let roles = Array((0 ..< 4).shuffled(using: &rng).prefix(2))
                for role in roles {
                    let name = spellings[axis]![role].randomElement(using: &rng)!
                    let value: Value
                    switch Int.random(in: 0 ... 2, using: &rng) {
                    case 0: value = .number(Double(Int.random(in: -40 ... 200, using: &rng)))
                    case 1: value = .percentage(Double(Int.random(in: 0 ... 100, using: &rng)) / 100,
                                                Bool.random(using: &rng) ? axis : (axis == .horizontal ? .vertical : .horizontal))
                    default:
                        // Only views before this one, so the rules are acyclic.
                        value = .measure(measures.randomElement(using: &rng)!, of: Int.random(in: 0 ..< i, using: &rng))
                    }
                    assignments.append((name, value))
                }
            }
            scene.assignments.append(assignments)
        }
        return scene
    }

    /// The quantity `name` measures for the frame `v` against the frame `s` (both absolute).
    static func measure(_ name: RuleName, _ v: Rect, _ s: Rect) -> Double {
        switch name {
        case .tt: v.minY - s.minY
        case .tb: s.maxY - v.minY
        case .bb: s.maxY - v.maxY
        case .bt: v.maxY - s.minY
        case .ct: v.midY - s.minY
        case .cb: s.maxY - v.midY
        case .ll: v.minX - s.minX
        case .lr: s.maxX - v.minX
        case .rr: s.maxX - v.maxX
        case .rl: v.maxX - s.minX
        case .cl: v.midX - s.minX
        case .cr: s.maxX - v.midX
        case .w, .minw, .maxw: v.width
        case .h, .minh, .maxh: v.height
        }
    }

    @Test func assignedNamesHoldAndTheScheduleReproducesTheSolution() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0 ... 1_000_000)) { seed in
            let scene = Self.scene(seed: seed)
            var views = [View("root")]
            for i in 1 ..< scene.parents.count {
                let view = View("v\(i)")
                views[scene.parents[i]].addSubview(view)
                views.append(view)
            }
            for i in 1 ..< views.count {
                var text: [String] = []
                var arguments: [any RuleArgumentConvertible] = []
                for (name, value) in scene.assignments[i] {
                    switch value {
                    case .number(let c): text.append("\(name) = \(NumberFormatting.shortest(c))")
                    case .percentage(let f, let axis):
                        text.append("\(name) = \(axis == .horizontal ? "H" : "V"):\(NumberFormatting.shortest(f * 100))%")
                    case .measure(let m, let j):
                        text.append("\(name) = %\(m)")
                        arguments.append(views[j])
                    }
                }
                try Layout(of: views[i]).addRule(text.joined(separator: ", "), arguments: arguments)
            }
            try views[0].layout(width: scene.width, height: scene.height)

            // Absolute frames (parents come first).
            var frames: [Rect] = []
            for (i, view) in views.enumerated() {
                let p = scene.parents[i]
                frames.append(p < 0 ? view.frame : view.frame.offsetBy(dx: frames[p].x, dy: frames[p].y))
            }
            for i in 1 ..< views.count {
                let s = frames[scene.parents[i]]
                for (name, value) in scene.assignments[i] {
                    let expected: Double = switch value {
                    case .number(let c): c
                    case .percentage(let f, let axis): f * (axis == .horizontal ? s.width : s.height)
                    case .measure(let m, let j): Self.measure(m, frames[j], s)
                    }
                    let got = Self.measure(name, frames[i], s)
                    #expect(abs(got - expected) <= 1e-6 * max(1, abs(expected)), "seed \(seed): v\(i).\(name)")
                }
            }
            try Self.checkSchedule(views: views, parents: scene.parents.map(Int32.init), width: scene.width,
                                   height: scene.height, seed: seed)
        }
    }

    /// Lowers the rules as ``View/layout(width:height:)`` does and evaluates
    /// the schedule one row at a time from the root's frame alone.
    static func checkSchedule(views: [View], parents: [Int32], width: Double, height: Double, seed: Int) throws {
        for (i, view) in views.enumerated() { ViewIdentityIndex.number(view, as: Int32(i)) }
        let index = ViewIdentityIndex(numbered: views)
        var builder = SystemBuilder(viewCount: views.count, rows: 8 * views.count)
        builder.fixRoot(width: width, height: height, rootID: "root")
        var sink = DiagnosticSink()
        let schedule = try #require(Layout.lowerRules(of: views, parents: parents, index: index, into: &builder, sink: &sink))
        #expect(sink.isEmpty)
        let system = builder.system
        let solution = try system.solve()

        // Every variable of every view but the root is defined exactly once.
        #expect(Set(schedule.variables).count == schedule.variables.count)
        #expect(schedule.variables.count == 4 * (views.count - 1))
        #expect(Set(schedule.views.map(\.int)) == Set(1 ..< views.count))

        var values = [Double](repeating: .nan, count: system.variableCount)
        values[0] = 0
        values[1] = 0
        values[2] = width
        values[3] = height
        for (row, variable) in zip(schedule.rows, schedule.variables) {
            var rest = system.constants[row.int]
            var coefficient = 0.0
            for (v, a) in system.terms(of: row) {
                if v == variable { coefficient = a } else { rest += a * values[v.int] }
            }
            #expect(coefficient != 0, "seed \(seed): row \(row) does not involve the variable it defines")
            values[variable.int] = -rest / coefficient
        }
        for v in 4 ..< system.variableCount {
            #expect(abs(values[v] - solution.values[v]) <= 1e-6 * max(1, abs(solution.values[v])),
                    "seed \(seed): variable \(v) is \(values[v]) by the schedule, \(solution.values[v]) solved")
        }
    }
}
