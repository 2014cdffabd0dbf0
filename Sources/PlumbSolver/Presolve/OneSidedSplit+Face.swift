extension OneSidedSplit {
    /// `part`'s optimal face (see ``LargePartSolver/optimalFace(_:)``) for
    /// `plumb check`, through the split of what is left of it once the
    /// variables its required equalities fix (if any) are put in; nil when
    /// that has no split, when the split's held system needs error variables (a
    /// group of several rows, whose rows have terms the part's have not),
    /// when a row of fixed variables alone does not hold, or when a step
    /// has no answer (the caller then asks `solver` for the whole part's
    /// face).
    ///
    /// The diagnosis hands over a component as written, where a guide's
    /// width and the rows' edges are still tied to the root by equalities
    /// (`guide.width = 2`, `row.left = root.left`), so no variable is
    /// one-sided until those are put in: an equality with one variable not
    /// fixed fixes it, until none is left. The held system has the reduced
    /// part's optimal set as its own, so its rows constant there span the
    /// same forms; each has the terms of the reduced row it comes from, so
    /// that row's part row is marked fixed when one of them is. A part row
    /// of fixed variables alone is fixed, and the equalities that fixed
    /// them span each fixed variable, so the marked rows span the forms
    /// constant on the part's optimal set. With Clp, the held system's
    /// face is one LP for the levels at and below `level`, where the whole
    /// part's took one a level.
    static func face(of part: LinearPart, with solver: any LargePartSolver, threshold: Int) -> PartFace? {
        guard hasLevelsEnough(part), let fixed = FixedByEqualities(part) else { return nil }
        let reduced = fixed.reduced
        guard let split = OneSidedSplit(reduced.rows) else { return nil }
        let options = Self.options(solver, threshold: threshold, threads: 1)
        guard let held = split.held(reduced.rows, options: options),
              held.system.variableCount == part.variableCount,
              let face = solver.optimalFace(LinearPart(wholeOf: held.system))
        else { return nil }
        var fixedRows = fixed.rowsOfFixedVariables
        for (j, isFixed) in face.fixedRows.enumerated() where isFixed {
            fixedRows[Int(reduced.source[Int(held.source[j])])] = true
        }
        var values = face.values
        for v in 0 ..< part.variableCount where fixed.isFixed[v] { values[v] = fixed.values[v] }
        return PartFace(values: values, fixedRows: fixedRows)
    }
}

/// The variables of a part that its required equalities fix, found as the
/// block phase finds them one at a time (an equality with one variable not
/// yet fixed fixes it), and the part with them put in.
struct FixedByEqualities {
    var isFixed: [Bool]
    var values: [Double]
    /// For each row of the part, whether all its variables are fixed.
    var rowsOfFixedVariables: [Bool]
    /// The rows with a variable not fixed, the fixed ones' terms folded
    /// into the constants, over the part's variables; `source` gives each
    /// one's row in the part.
    var reduced: (rows: LinearPart, source: [Int32])

    /// Nil when a row of fixed variables alone does not hold. With no
    /// variable fixed, the reduced part is the part.
    init?(_ part: LinearPart) {
        let n = part.variableCount, m = part.rowCount
        func terms(_ r: Int) -> Range<Int> { Int(part.rowStart[r]) ..< Int(part.rowStart[r + 1]) }
        // Required equalities by variable, and each one's variables not fixed.
        var start = [Int32](repeating: 0, count: n + 1)
        var open = [Int32](repeating: 0, count: m)
        for r in 0 ..< m where part.priorities[r].isRequired && part.relations[r] == .equal {
            for k in terms(r) { start[Int(part.columns[k]) + 1] += 1 }
            open[r] = Int32(terms(r).count)
        }
        for v in 0 ..< n { start[v + 1] += start[v] }
        var fill = start, equalities = [Int32](repeating: 0, count: Int(start[n]))
        var ready: [Int] = []
        for r in 0 ..< m where open[r] > 0 {
            for k in terms(r) {
                let v = Int(part.columns[k])
                equalities[Int(fill[v])] = Int32(r)
                fill[v] += 1
            }
            if open[r] == 1 { ready.append(r) }
        }
        isFixed = [Bool](repeating: false, count: n)
        values = [Double](repeating: 0, count: n)
        var count = 0
        while let r = ready.popLast() {
            var s = part.constants[r], at = -1
            var a = 0.0
            for k in terms(r) {
                let v = Int(part.columns[k])
                if isFixed[v] {
                    s += part.coefficients[k] * values[v]
                } else {
                    at = v
                    a = part.coefficients[k]
                }
            }
            guard at >= 0, a != 0 else { continue }
            isFixed[at] = true
            values[at] = -s / a
            count += 1
            for e in Int(start[at]) ..< Int(start[at + 1]) {
                let other = Int(equalities[e])
                open[other] -= 1
                if open[other] == 1 { ready.append(other) }
            }
        }
        rowsOfFixedVariables = [Bool](repeating: false, count: m)
        guard count > 0 else {
            reduced = (part, (0 ..< m).map { Int32($0) })
            return
        }
        var rows = LinearPart(
            variableCount: n, rowStart: [0], columns: [], coefficients: [], constants: [], relations: [],
            priorities: [])
        var source: [Int32] = []
        for r in 0 ..< m {
            var constant = part.constants[r], magnitude = abs(constant)
            let before = rows.columns.count
            for k in terms(r) {
                let v = Int(part.columns[k])
                if isFixed[v] {
                    constant += part.coefficients[k] * values[v]
                    magnitude += abs(part.coefficients[k] * values[v])
                } else {
                    rows.columns.append(part.columns[k])
                    rows.coefficients.append(part.coefficients[k])
                }
            }
            guard rows.columns.count == before else {
                rows.rowStart.append(Int32(rows.columns.count))
                rows.constants.append(constant)
                rows.relations.append(part.relations[r])
                rows.priorities.append(part.priorities[r])
                source.append(Int32(r))
                continue
            }
            rowsOfFixedVariables[r] = true
            // A required row of fixed variables alone must hold there.
            guard !part.priorities[r].isRequired || Tolerances.holds(constant, part.relations[r], magnitude: magnitude)
            else { return nil }
        }
        reduced = (rows, source)
    }
}
