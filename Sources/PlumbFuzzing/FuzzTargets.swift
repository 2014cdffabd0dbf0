import Plumb

/// The bodies of Plumb's fuzz targets: each takes any bytes and must return
/// normally (a rejected input is an error caught here, not a crash, hang or
/// out-of-bounds read). The libFuzzer drivers in `Fuzz/` call them, and the
/// unit tests replay the seed corpus (`Fuzz/Corpus/`) through them.
public enum FuzzTargets {
    /// The names of the targets, as the corpus folders and drivers use them.
    public static let names = ["simple-format", "simple-layout", "document", "solver"]

    /// Runs target `name` on `bytes`.
    public static func run(_ name: String, _ bytes: UnsafeBufferPointer<UInt8>) {
        switch name {
        case "simple-format": simpleFormat(bytes)
        case "simple-layout": simpleLayout(bytes)
        case "document": document(bytes)
        case "solver": solver(bytes)
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
    /// integer coefficients, any relation, a few priorities). A solution must
    /// satisfy every required row and a failure must name a conflict; either
    /// breach traps.
    public static func solver(_ bytes: UnsafeBufferPointer<UInt8>) {
        var input = bytes.makeIterator()
        func next() -> Int { Int(input.next() ?? 0) }
        let variables = 1 + next() % 4
        var system = ConstraintSystem()
        system.addVariables(variables)
        let priorities: [Priority] = [.required, .required, 750, 500, 250]
        for row in 0 ..< next() % 13 {
            let terms = (0 ..< variables).map { (VariableIndex($0), Double(next() % 7) - 3) }
            let constant = Double(next() % 81) - 40
            let relation = Relation.allCases[next() % 3]
            let priority = priorities[next() % priorities.count]
            system.addRow(terms, constant: constant, relation: relation, priority: priority,
                          origin: Origin(kind: .constraint, index: row, text: "row \(row)"))
        }
        do {
            let solution = try system.solve()
            for r in 0 ..< system.rowCount where system.priorities[r].isRequired {
                let miss = system.violation(of: RowIndex(r), at: solution.values)
                precondition(miss <= 1e-6, "required row \(r) misses by \(miss)")
            }
            // The whole tableau (presolve off) reaches the same optimum: the
            // same total violation at every level.
            var whole = SolveOptions()
            whole.presolve = false
            guard let other = try? system.solve(options: whole) else {
                preconditionFailure("presolve solved a system the whole tableau calls infeasible")
            }
            var levels: [Double: (Double, Double)] = [:]
            for r in 0 ..< system.rowCount where !system.priorities[r].isRequired {
                let p = system.priorities[r].rawValue
                let (a, b) = levels[p] ?? (0, 0)
                levels[p] = (a + system.violation(of: RowIndex(r), at: solution.values),
                             b + system.violation(of: RowIndex(r), at: other.values))
            }
            // Highest level first: each must agree before the next counts.
            for p in levels.keys.sorted(by: >) {
                let (a, b) = levels[p]!
                precondition(abs(a - b) <= 1e-6 * max(1, abs(b)), "level \(p): presolve \(a), tableau \(b)")
            }
        } catch {
            guard case .unsatisfiable(let conflict) = error else { preconditionFailure("unexpected \(error)") }
            precondition(!conflict.isEmpty, "an empty conflict")
        }
    }
}
