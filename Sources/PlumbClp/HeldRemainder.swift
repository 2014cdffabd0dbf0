import PlumbSolver

/// What is left of a large part once its highest levels are solved and held
/// at their optimum: every row with the bounds the held face gave it
/// (`ClpPartSolver.holdFace`), as required rows, plus the rows of the
/// levels still to solve. Solving it with the planner gives the part's
/// lexicographic optimum, and when the held rows pin what coupled the part
/// (`priorities`' guide, which every row of items pushes against), the
/// planner's evaluator fixes those variables and the rest falls apart into
/// small components, which are solved one by one instead of by one large
/// simplex level after level.
struct HeldRemainder {
    /// The part's row each remainder row comes from.
    var source: [Int32] = []
    var constants: [Double] = []
    var relations: [Relation] = []
    var priorities: [Priority] = []

    /// The remainder of `part` after the levels down to `level` (those with
    /// a priority of at least `level`) are solved and held. Row `i` of the
    /// part is Clp's row `i`: `a·x + e⁺ − e⁻` between `rowLower[i]` and
    /// `rowUpper[i]`, its error columns `plus[i]` and `minus[i]` (-1 when
    /// it has none) with upper bounds in `columnUpper` (0 once fixed).
    ///
    /// With `s = a·x`: an error column fixed at 0 (or absent) makes its
    /// side a requirement (`s ≥ lower` for `e⁺`, `s ≤ upper` for `e⁻`); a
    /// free one leaves that side to the row's level. A solved level's free
    /// sides cost nothing any more (the held face pins the level's total),
    /// so they are dropped; a later level's stay, at that level.
    init(
        _ part: LinearPart, rowLower: UnsafePointer<Double>, rowUpper: UnsafePointer<Double>,
        columnUpper: UnsafePointer<Double>, plus: [Int32], minus: [Int32], solvedDownTo level: Double,
        infinity: Double
    ) {
        func add(_ i: Int, _ lower: Double, _ upper: Double, _ priority: Priority) {
            // Σ a·x + c ⋈ 0 with c = −bound.
            if lower == upper {
                append(i, -lower, .equal, priority)
                return
            }
            if lower > -infinity / 2 { append(i, -lower, .greaterOrEqual, priority) }
            if upper < infinity / 2 { append(i, -upper, .lessOrEqual, priority) }
        }
        for i in 0 ..< part.rowCount {
            let lower = rowLower[i], upper = rowUpper[i]
            let plusFree = plus[i] >= 0 && columnUpper[Int(plus[i])] > 0
            let minusFree = minus[i] >= 0 && columnUpper[Int(minus[i])] > 0
            add(i, plusFree ? -infinity : lower, minusFree ? infinity : upper, .required)
            let p = part.priorities[i]
            if !p.isRequired && p.rawValue < level && (plusFree || minusFree) {
                add(i, plusFree ? lower : -infinity, minusFree ? upper : infinity, p)
            }
        }
    }

    private mutating func append(_ i: Int, _ constant: Double, _ relation: Relation, _ priority: Priority) {
        source.append(Int32(i))
        constants.append(constant)
        relations.append(relation)
        priorities.append(priority)
    }

    /// The number of variables in the largest component the planner would
    /// leave after evaluating what the required equalities determine one
    /// variable at a time (an equality with one unknown left fixes it): an
    /// estimate from above, since the planner also solves square blocks.
    func largestComponent(of part: LinearPart) -> Int {
        let n = part.variableCount
        func terms(_ r: Int) -> Range<Int> {
            let i = Int(source[r])
            return Int(part.rowStart[i]) ..< Int(part.rowStart[i + 1])
        }
        // Required equalities by variable.
        var unknown = [Int32](repeating: 0, count: source.count)
        var start = [Int32](repeating: 0, count: n + 1)
        for r in source.indices where relations[r] == .equal && priorities[r].isRequired {
            for k in terms(r) { start[Int(part.columns[k]) + 1] += 1 }
            unknown[r] = Int32(terms(r).count)
        }
        for v in 0 ..< n { start[v + 1] += start[v] }
        var fill = start, equalities = [Int32](repeating: 0, count: Int(start[n]))
        var ready: [Int] = []
        for r in source.indices where unknown[r] > 0 {
            for k in terms(r) {
                let v = Int(part.columns[k])
                equalities[Int(fill[v])] = Int32(r)
                fill[v] += 1
            }
            if unknown[r] == 1 { ready.append(r) }
        }
        var known = [Bool](repeating: false, count: n)
        while let r = ready.popLast() {
            guard let k = terms(r).first(where: { !known[Int(part.columns[$0])] }) else { continue }
            let v = Int(part.columns[k])
            known[v] = true
            for e in Int(start[v]) ..< Int(start[v + 1]) {
                let other = Int(equalities[e])
                unknown[other] -= 1
                if unknown[other] == 1 { ready.append(other) }
            }
        }
        // Components of the unknown variables, joined by the rows.
        var parent = Array(0 ..< n)
        func root(_ v: Int) -> Int {
            var v = v
            while parent[v] != v {
                parent[v] = parent[parent[v]]
                v = parent[v]
            }
            return v
        }
        for r in source.indices {
            var first = -1
            for k in terms(r) {
                let v = Int(part.columns[k])
                guard !known[v] else { continue }
                if first < 0 {
                    first = root(v)
                } else {
                    let w = root(v)
                    if w != first { parent[w] = first }
                }
            }
        }
        var size = [Int32](repeating: 0, count: n)
        var largest: Int32 = 0
        for v in 0 ..< n where !known[v] {
            let r = root(v)
            size[r] += 1
            largest = max(largest, size[r])
        }
        return Int(largest)
    }

    /// The remainder as a system over the part's variables.
    func system(of part: LinearPart) -> ConstraintSystem {
        var system = ConstraintSystem()
        system.originSource = LinearPart.rowOrigins
        system.addVariables(part.variableCount)
        for r in source.indices {
            let i = Int(source[r])
            let terms = (Int(part.rowStart[i]) ..< Int(part.rowStart[i + 1])).lazy.map {
                (VariableIndex(rawValue: part.columns[$0]), part.coefficients[$0])
            }
            system.addRow(terms, constant: constants[r], relation: relations[r], priority: priorities[r],
                          origin: .key(UInt64(i)))
        }
        return system
    }
}
