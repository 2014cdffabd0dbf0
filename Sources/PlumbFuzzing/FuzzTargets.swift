import Plumb
import PlumbClp
@_spi(Fuzzing) import PlumbSolver

/// The bodies of Plumb's fuzz targets: each takes any bytes and must return
/// normally (a rejected input is an error caught here, not a crash, hang or
/// out-of-bounds read). The libFuzzer drivers in `Fuzz/` call them, and the
/// unit tests replay the seed corpus (`Fuzz/Corpus/`) through them.
public enum FuzzTargets {
    /// The names of the targets, as the corpus folders and drivers use them.
    public static let names = ["simple-format", "simple-layout", "document", "solver", "chain", "one-sided"]

    /// Runs target `name` on `bytes`.
    public static func run(_ name: String, _ bytes: UnsafeBufferPointer<UInt8>) {
        switch name {
        case "simple-format": simpleFormat(bytes)
        case "simple-layout": simpleLayout(bytes)
        case "document": document(bytes)
        case "solver": solver(bytes)
        case "chain": chain(bytes)
        case "one-sided": oneSided(bytes)
        default: preconditionFailure("no fuzz target \(name)")
        }
    }

    /// The bytes as a Simple Format Language string over three views and a
    /// metric; a constraint that parses is laid out.
    public static func simpleFormat(_ bytes: UnsafeBufferPointer<UInt8>) {
        let text = String(decoding: bytes, as: UTF8.self)
        let root = View("superview"), a = View("a"), b = View("b")
        root.addSubview(a)
        root.addSubview(b)
        let views = ["superview": root, "a": a, "b": b]
        if let constraint = try? Constraint.make(simpleFormat: text, views: views, metrics: ["pad": 8]) {
            constraint.isActive = true
            _ = try? root.layout(width: 320, height: 480)
        }
    }

    /// The bytes as Simple Layout Language rules, one per line (at most 8),
    /// on one view of a small tree with a view and a number as specifier
    /// arguments; then a layout.
    public static func simpleLayout(_ bytes: UnsafeBufferPointer<UInt8>) {
        let text = String(decoding: bytes, as: UTF8.self)
        let root = View("root"), a = View("a"), b = View("b")
        root.addSubview(a)
        root.addSubview(b)
        let layout = Layout(of: a)
        for rule in text.split(separator: "\n", maxSplits: 8) {
            try? layout.addRule(String(rule), arguments: [b, 12.5])
        }
        _ = try? root.layout(width: 320, height: 480)
    }

    /// The bytes as a layout document: parsed, lowered, solved and written.
    public static func document(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let document = try? LayoutDocument.parse(Array(bytes), source: "fuzz"),
              let lowered = try? document.lower(),
              let solution = try? lowered.solve()
        else { return }
        _ = FrameWriter.json(ids: lowered.viewIDs, frames: lowered.frames(from: solution))
    }

    /// The bytes as a small system (up to 4 variables and 12 rows, small
    /// integer coefficients, any relation, a few priorities), written three
    /// times on fresh variables with the third copy's constants moved. A
    /// solution must satisfy every required row and a failure must name a
    /// conflict; either breach traps. The whole tableau and Clp (for every
    /// part of two or more variables, on half the inputs with every level
    /// tried at zero error first) must reach the same level totals, or the
    /// same conflict; and so must (on half the inputs) a compiled system
    /// that solves its parts again through a Clp session after the third
    /// copy's constants move. On the other half, the system compiled as
    /// `root.layout` keeps it must give a fresh solve's values bit for bit
    /// after each of four rounds of moved constants.
    public static func solver(_ bytes: UnsafeBufferPointer<UInt8>) {
        var input = bytes.makeIterator()
        func next() -> Int { Int(input.next() ?? 0) }
        let variables = 1 + next() % 4
        var system = ConstraintSystem()
        system.addVariables(variables)
        let priorities: [Priority] = [.required, .required, 750, 500, 250]
        var rows: [([(Int, Double)], Double, Relation, Priority)] = []
        for _ in 0 ..< next() % 13 {
            let terms = (0 ..< variables).map { ($0, Double(next() % 7) - 3) }
            rows.append((terms, Double(next() % 81) - 40, Relation.allCases[next() % 3],
                         priorities[next() % priorities.count]))
        }
        // Three copies of the rows on their own variables: the same, and
        // with the constants moved by the next bytes, so that copies share a
        // shape (``SolveOptions/reuseShapes``) and may or may not keep the
        // first one's pattern.
        for copy in 0 ..< 3 {
            let base = copy == 0 ? 0 : system.addVariables(variables).int
            for (i, row) in rows.enumerated() {
                let shift = copy == 2 ? Double(next() % 11) - 5 : 0
                let index = copy * rows.count + i
                system.addRow(row.0.map { (VariableIndex(base + $0.0), $0.1) }, constant: row.1 + shift,
                              relation: row.2, priority: row.3,
                              origin: Origin(kind: .constraint, index: index, text: "row \(index)"))
            }
        }
        // Clp for every part of two or more variables (the plumb tool's
        // large-part solver, its first level promoted where it can be);
        // on every other input each later level is first tried at zero
        // error, which the default does only on a level that goes cold.
        var clp = SolveOptions()
        clp.largePartSolver = ClpPartSolver(zeroTrial: rows.count % 2 == 0 ? .beforeColdSolves : .beforeEveryLevel)
        clp.largePartThreshold = 2
        do {
            let solution = try system.solve()
            expectRequiredRows(system, solution.values)
            // The whole tableau (presolve and shapes off) reaches the same
            // optimum: the same total violation at every level, and so
            // does Clp for the parts.
            guard let other = try? system.solve(options: wholeTableau) else {
                preconditionFailure("presolve solved a system the whole tableau calls infeasible")
            }
            guard let third = try? system.solve(options: clp) else {
                preconditionFailure("presolve solved a system that fails with Clp for its parts")
            }
            let reference = levelTotals(system, other.values)
            expectLevels(levelTotals(system, solution.values), reference, "presolve")
            expectLevels(levelTotals(system, third.values), reference, "Clp")
        } catch {
            guard case .unsatisfiable(let conflict) = error else { preconditionFailure("unexpected \(error)") }
            precondition(!conflict.isEmpty, "an empty conflict")
            do {
                _ = try system.solve(options: clp)
                preconditionFailure("Clp for the parts solved a system presolve calls infeasible")
            } catch {
                guard case .unsatisfiable(let other) = error else { preconditionFailure("unexpected \(error)") }
                precondition(other == conflict, "Clp for the parts names another conflict")
            }
        }
        // `plumb check`'s diagnosis with every component of two or more
        // variables on Clp (optimal faces, and suprema for the redundancy
        // and effect tests) finds what the probes on one simplex find. On
        // a third of the inputs (a diagnosis costs several solves).
        if rows.count % 3 == 1 {
            let forms = (0 ..< system.variableCount).map { [(VariableIndex($0), 1.0)] }
            let onClp = system.diagnoseOnLargePartSolver(measuring: forms, solver: ClpPartSolver())
            let byProbes = system.diagnoseOnOneSimplex(measuring: forms)
            precondition(onClp == byProbes, "the diagnosis on Clp found \(onClp), the probes \(byProbes)")
            // And with each redundancy and effect probe decided on a
            // neighbourhood of 1 to 8 rows first, then on the component's simplex.
            let nearby = system.diagnoseOnNeighbourhoods(measuring: forms, maximumRows: 1 + rows.count % 8)
            precondition(nearby == byProbes, "the diagnosis on neighbourhoods found \(nearby), the probes \(byProbes)")
        }
        // Compiled with the third copy's rows as parameters, every part of
        // two or more variables solved by a Clp session, then solved again
        // with those constants moved by the next bytes: the second solve
        // replays the levels from the first one's bases, and must reach a
        // fresh solve's level totals at the new constants, or fail as it
        // does. On half the inputs (both settings of the zero trial): the
        // compiled solves cost several fresh ones.
        guard rows.count % 4 < 2 else {
            expectCompiledSolvesAreFresh(system, reuseShapes: rows.count % 8 < 6, keepingFrom: rows.count % 3 == 0 ? 512 : 1, next)
            return
        }
        let third = (2 * rows.count ..< 3 * rows.count).map { RowIndex($0) }
        guard let compiled = try? CompiledSystem(system, parameterRows: third, options: clp) else { return }
        for round in 0 ..< 2 {
            if round == 1 {
                for r in third { compiled.setConstant(system.constants[Int(r.rawValue)] + Double(next() % 21) - 10, ofRow: r) }
            }
            let again = Result { try compiled.solve() }
            let fresh = Result { try compiled.system.solve(options: clp) }
            switch (again, fresh) {
            case (.success(let a), .success(let b)):
                expectLevels(levelTotals(compiled.system, a.values), levelTotals(compiled.system, b.values),
                             "compiled, round \(round)")
            case (.failure(let a), .failure(let b)):
                precondition(a as? SolverError == b as? SolverError, "compiled, round \(round): another failure")
            default:
                preconditionFailure("compiled, round \(round): \(again) against a fresh solve's \(fresh)")
            }
        }
    }

    /// The bytes as a chain of sections down a page, the shape the planner
    /// cuts at its hinges (a variable that alone joins a piece of the rows
    /// to the rest; see docs/solver.md): each section has columns of cells
    /// stacked below its start, with minimum heights, wished heights and
    /// gaps at the priorities the bytes choose (often contradicting), and a
    /// banner below its columns from which the next section starts. Some
    /// bytes pin a cell to the page or tie it to an earlier cell, which
    /// leaves no cut or another one. Solved with every part of two or more
    /// variables given to Clp (and so cut where it can be), the answer must
    /// keep the required rows and reach the whole tableau's total at every
    /// level; when the default solve fails on conflicting rows, this one
    /// must fail with the same conflict.
    public static func chain(_ bytes: UnsafeBufferPointer<UInt8>) {
        var input = bytes.makeIterator()
        func next() -> Int { Int(input.next() ?? 0) }
        var system = ConstraintSystem()
        func wish() -> Priority { [Priority.high, .medium, .low][next() % 3] }
        var row = 0
        func add(_ terms: [(VariableIndex, Double)], _ constant: Double, _ relation: Relation, _ priority: Priority) {
            system.addRow(terms, constant: constant, relation: relation, priority: priority,
                          origin: Origin(kind: .constraint, index: row, text: "row \(row)"))
            row += 1
        }
        func v() -> VariableIndex { system.addVariables(1) }
        var start = v()
        add([(start, 1)], -8, .equal, .required)
        var tops: [VariableIndex] = []
        for _ in 0 ..< 2 + next() % 7 {
            let banner = v(), bannerHeight = v()
            for _ in 0 ..< 2 + next() % 3 {
                // A column of cells, each below the last.
                var above: (top: VariableIndex, height: VariableIndex)? = nil
                for _ in 0 ..< 2 + next() % 3 {
                    let top = v(), height = v()
                    tops.append(top)
                    if let (t, h) = above {
                        add([(top, 1), (t, -1), (h, -1)], -Double(next() % 12), .greaterOrEqual, .required)
                        if next() % 2 == 0 { add([(top, 1), (t, -1), (h, -1)], -8, .equal, wish()) }
                    } else {
                        add([(top, 1), (start, -1)], -Double(next() % 10), Relation.allCases[next() % 2 * 2], .required)
                    }
                    add([(height, 1)], -Double(next() % 80), .greaterOrEqual, .required)
                    add([(height, 1)], -Double(next() % 160), Relation.allCases[next() % 3], wish())
                    if next() % 3 == 0 {
                        // A second wish on the height, often contradicting the first.
                        add([(height, 1)], -Double(next() % 160), .equal, wish())
                    }
                    // Now and then a pin or a tie, required one time in four.
                    // (Past the end of the bytes, 0: none.)
                    let tie = next() % 32
                    if tie >= 30 {
                        let priority = next() % 4 == 3 ? Priority.required : wish()
                        if tie == 30 || tops.count < 2 {
                            add([(top, 1)], -Double(next() % 800), Relation.allCases[next() % 3], priority)
                        } else {
                            add([(top, 1), (tops[next() % (tops.count - 1)], -1)], -Double(next() % 40), .lessOrEqual, priority)
                        }
                    }
                    above = (top, height)
                }
                let (t, h) = above!
                add([(banner, 1), (t, -1), (h, -1)], -8, .greaterOrEqual, .required)
                add([(banner, 1), (t, -1), (h, -1)], -8, .equal, wish())
            }
            add([(bannerHeight, 1)], -Double(next() % 40), .greaterOrEqual, .required)
            add([(bannerHeight, 1)], -40, .equal, wish())
            let following = v()
            add([(following, 1), (banner, -1), (bannerHeight, -1)], -8, .equal, .required)
            if next() % 2 == 0 { add([(following, 1), (banner, -1)], -48, .equal, wish()) }
            start = following
        }
        var clp = SolveOptions()
        clp.largePartSolver = ClpPartSolver()
        clp.largePartThreshold = 2
        switch (Result { try system.solve(options: clp) }, Result { try system.solve() }) {
        case (.success(let solution), .success):
            expectRequiredRows(system, solution.values)
            guard let reference = try? system.solve(options: wholeTableau) else {
                preconditionFailure("the cut chain solved a system the whole tableau calls infeasible")
            }
            expectLevels(levelTotals(system, solution.values), levelTotals(system, reference.values), "cut chain")
        case (.failure(let a), .failure(let b)):
            precondition(a as? SolverError == b as? SolverError, "the cut chain names another conflict")
        case (let a, let b):
            preconditionFailure("the cut chain: \(a) against the default's \(b)")
        }
    }

    /// On the solver target's other half: the system compiled by
    /// `CompiledSystem.solveCompiling` (what `root.layout` keeps), then four
    /// rounds of one to three rows' constants moved by the next bytes. Each
    /// later solve (blocks re-evaluated, changed components solved again:
    /// from the presolve kept at the first solve when only optional rows
    /// changed and the component has `keepingFrom` rows, else with the
    /// presolve replayed from a tape from the third solve on) must give a
    /// fresh solve's values bit for bit, or fail as it fails.
    private static func expectCompiledSolvesAreFresh(
        _ system: ConstraintSystem, reuseShapes: Bool, keepingFrom: Int, _ next: () -> Int
    ) {
        guard system.rowCount > 0 else { return }
        var options = SolveOptions()
        options.reuseShapes = reuseShapes
        options.keptPresolveRows = keepingFrom
        // Bit for bit also where a large-part solver is set (no session).
        options.exactSolvesAgain = true
        guard let compiled = (try? CompiledSystem.solveCompiling(system, options: options))?.compiled else { return }
        for round in 0 ..< 4 {
            for _ in 0 ... next() % 3 {
                let r = RowIndex(next() % system.rowCount)
                compiled.setConstant(compiled.system.constants[Int(r.rawValue)] + Double(next() % 9) - 4, ofRow: r)
            }
            let again = Result { () throws(SolverError) -> [UInt64] in try compiled.solve().values.map(\.bitPattern) }
            let fresh = Result { () throws(SolverError) -> [UInt64] in
                try compiled.system.solve(options: options).values.map(\.bitPattern)
            }
            precondition(again == fresh, "compiled by solveCompiling, round \(round): \(again) against a fresh solve's \(fresh)")
        }
    }

    /// The bytes as items that must start right of a guide (a floor the
    /// items push down, held by a bound from the bytes or by none), each
    /// item with wishes at levels 2 to 41 and sometimes a cap on its width
    /// that may conflict, and the guide's own wish at level 1: with Clp for
    /// every part of two or more variables, the part is split on the guide
    /// (`OneSidedSplit`, the default) where it has levels enough. That
    /// solve, the same with the part kept whole for Clp, and the whole
    /// tableau must reach the same level totals with every required row
    /// holding, or all fail; and on a third of the inputs `plumb check`'s
    /// diagnosis with every component on Clp (its optimal face through the
    /// same split) must find what the probes on one simplex find.
    public static func oneSided(_ bytes: UnsafeBufferPointer<UInt8>) {
        var input = bytes.makeIterator()
        func next() -> Int { Int(input.next() ?? 0) }
        var system = ConstraintSystem()
        func add(_ terms: [(VariableIndex, Double)], _ c: Double, _ relation: Relation, _ p: Priority) {
            let index = system.rowCount
            system.addRow(terms, constant: c, relation: relation, priority: p,
                          origin: Origin(kind: .constraint, index: index, text: "row \(index)"))
        }
        let guide = system.addVariables(1)
        if next() % 4 != 0 { add([(guide, 1)], Double(next() % 200), .greaterOrEqual, .required) }
        add([(guide, 1)], -Double(next() % 100), .equal, 1)
        for _ in 0 ..< 4 + next() % 12 {
            let left = system.addVariables(1), width = system.addVariables(1)
            add([(left, 1), (guide, -1)], -Double(next() % 9), .greaterOrEqual, .required)
            add([(width, 1)], -Double(next() % 20), .greaterOrEqual, .required)
            for _ in 0 ..< 1 + next() % 4 {
                let terms: [(VariableIndex, Double)] = switch next() % 3 {
                case 0: [(left, 1)]
                case 1: [(width, 1)]
                default: [(left, 1), (width, 1)]
                }
                add(terms, -Double(next() % 300), Relation.allCases[next() % 3], Priority(rawValue: Double(2 + next() % 40))!)
            }
            if next() % 5 == 0 { add([(width, 1)], -Double(next() % 30), .lessOrEqual, .required) }
        }
        var split = SolveOptions()
        split.largePartSolver = ClpPartSolver()
        split.largePartThreshold = 2
        var whole = split
        whole.splitsOneSidedParts = false
        let results = [split, whole, wholeTableau].map { options in Result { try system.solve(options: options) } }
        guard case .success(let reference) = results[2] else {
            for result in results.prefix(2) {
                if case .success = result { preconditionFailure("Clp's parts solved a system the tableau calls infeasible") }
            }
            return
        }
        let totals = levelTotals(system, reference.values)
        for (result, what) in zip(results.prefix(2), ["the one-sided split", "Clp whole"]) {
            guard case .success(let solution) = result else { preconditionFailure("\(what) failed where the tableau did not") }
            expectRequiredRows(system, solution.values)
            expectLevels(levelTotals(system, solution.values), totals, what)
        }
        if system.rowCount % 3 == 0 {
            let forms = (0 ..< system.variableCount).map { [(VariableIndex($0), 1.0)] }
            let onClp = system.diagnoseOnLargePartSolver(measuring: forms, solver: ClpPartSolver())
            let byProbes = system.diagnoseOnOneSimplex(measuring: forms)
            precondition(onClp == byProbes, "the diagnosis on Clp found \(onClp), the probes \(byProbes)")
        }
    }

    /// One tableau for each component, presolve and shapes off: the
    /// reference the targets compare the other paths with.
    private static var wholeTableau: SolveOptions {
        var options = SolveOptions()
        options.presolve = false
        options.reuseShapes = false
        return options
    }

    /// Traps unless every required row of `system` holds at `values`.
    private static func expectRequiredRows(_ system: ConstraintSystem, _ values: [Double]) {
        for r in 0 ..< system.rowCount where system.priorities[r].isRequired {
            let miss = system.violation(of: RowIndex(r), at: values)
            precondition(miss <= 1e-6, "required row \(r) misses by \(miss)")
        }
    }

    /// Each optional level's total violation at `values`.
    private static func levelTotals(_ system: ConstraintSystem, _ values: [Double]) -> [Double: Double] {
        var levels: [Double: Double] = [:]
        for r in 0 ..< system.rowCount where !system.priorities[r].isRequired {
            levels[system.priorities[r].rawValue, default: 0] += system.violation(of: RowIndex(r), at: values)
        }
        return levels
    }

    /// Traps unless `found` has `reference`'s total at every level, highest
    /// first (each must agree before the next counts).
    private static func expectLevels(_ found: [Double: Double], _ reference: [Double: Double], _ what: String) {
        for p in reference.keys.sorted(by: >) {
            let a = found[p] ?? 0, b = reference[p]!
            precondition(abs(a - b) <= 1e-6 * max(1, abs(b)), "level \(p): \(what) \(a), tableau \(b)")
        }
    }
}
