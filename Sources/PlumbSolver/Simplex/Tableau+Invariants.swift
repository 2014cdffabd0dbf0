// Consistency checks of the tableau, for tests and debugging. They recompute
// from scratch what the incremental algorithms maintain.

extension Tableau {
    /// Every broken invariant, as a message; empty when the tableau is
    /// consistent. See the invariants listed on ``Tableau``; in addition, every
    /// live constraint's equation must hold at the current symbol values, and
    /// the objective must equal the sum of the errors recomputed from the rows.
    /// - Complexity: O(tableau size × levels + constraints' terms).
    func checkInvariants() -> [String] {
        var problems: [String] = []
        let tolerance = 1e-6 * constantScale
        if anomalies > 0 { problems.append("\(anomalies) optimisation(s) did not end optimal") }
        if journal != nil { problems.append("a journal is open") }

        // Rows.
        var live = 0
        for r in rows.indices where rows[r].isLive {
            live += 1
            let row = rows[r]
            let b = row.basic
            if rowOf[b.index] != RowSlot(r) { problems.append("r\(r): basic \(b) has rowOf \(rowOf[b.index])") }
            if row.symbols.count != row.coefficients.count { problems.append("r\(r): ragged row") }
            if !row.constant.isFinite { problems.append("r\(r): constant \(row.constant)") }
            let restricted = kinds[b.index].isRestricted
            if restricted && row.constant < -tolerance { problems.append("r\(r): infeasible constant \(row.constant) for \(b)") }
            if kinds[b.index] == .dummy {
                if row.constant != 0 { problems.append("r\(r): basic dummy with constant \(row.constant)") }
                if row.symbols.contains(where: { kinds[$0.index] != .dummy }) {
                    problems.append("r\(r): basic dummy row mentions a non-dummy")
                }
            }
            for k in row.symbols.indices {
                let s = row.symbols[k]
                if k > 0 && !(row.symbols[k - 1] < s) { problems.append("r\(r): symbols not ascending") }
                if !rowOf[s.index].isNone { problems.append("r\(r): mentions basic \(s)") }
                if kinds[s.index] == .free { problems.append("r\(r): mentions free \(s)") }
                if row.coefficients[k] == 0 || !row.coefficients[k].isFinite {
                    problems.append("r\(r): coefficient \(row.coefficients[k]) of \(s)")
                }
                if restricted && kinds[s.index] == .external { problems.append("r\(r): restricted row mentions external \(s)") }
                if !columns[s.index].contains(RowSlot(r)) { problems.append("r\(r): missing from column of \(s)") }
            }
        }
        if live != liveRowCount { problems.append("liveRowCount \(liveRowCount), counted \(live)") }
        let liveConstraints = constraints.lazy.filter(\.isLive).count
        if live != liveConstraints { problems.append("\(live) rows for \(liveConstraints) constraints") }
        for s in rowOf.indices where !rowOf[s].isNone {
            if rows[rowOf[s].index].basic != Symbol(s) { problems.append("s\(s): rowOf points at a row of another symbol") }
        }

        // Objective: recompute Σ errors per level from the rows.
        let n = objective.stride
        var expected = LexicographicObjective()
        for p in objective.levels { _ = expected.ensureLevel(p) }
        for record in constraints where record.isLive && !record.priority.isRequired {
            guard let component = expected.component(ofPriority: record.priority.rawValue) else {
                problems.append("no level for priority \(record.priority)")
                continue
            }
            for e in record.errors {
                let slot = rowOf[e.index]
                if slot.isNone {
                    expected.add(1, to: e, component: component)
                } else {
                    var w = [Double](repeating: 0, count: n)
                    w[component] = 1
                    expected.add(weight: w, row: rows[slot.index])
                }
            }
        }
        for c in 0 ..< n where abs(expected.constants[c] - objective.constants[c]) > tolerance {
            problems.append("objective component \(c): constant \(objective.constants[c]), recomputed \(expected.constants[c])")
        }
        var symbolsToCheck = Set(objective.symbols)
        symbolsToCheck.formUnion(expected.symbols)
        for s in symbolsToCheck {
            if !rowOf[s.index].isNone { problems.append("objective mentions basic \(s)") }
            if kinds[s.index] == .external { problems.append("objective mentions external \(s)") }
            for c in 0 ..< n {
                let x = objective.coefficient(of: s, component: c)
                let y = expected.coefficient(of: s, component: c)
                if abs(x - y) > 1e-7 * max(1, abs(y)) {
                    problems.append("objective \(s)[\(c)] = \(x), recomputed \(y)")
                }
            }
        }
        for k in objective.symbols.indices where objective.coefficients[k * n] != 0 {
            problems.append("artificial component nonzero outside an add")
        }

        // Optimality.
        if let s = objective.fullScanEntering(components: 0 ..< n, kinds: kinds) {
            problems.append("not optimal: \(s) could enter")
        }

        // Every live constraint's equation holds at the current values.
        for (id, record) in constraints.enumerated() where record.isLive {
            var g = record.constant
            var magnitude = abs(record.constant)
            for (v, a) in record.terms {
                let x = value(of: externalSymbols[Int(v)])
                g += a * x
                magnitude = max(magnitude, abs(a * x))
            }
            let own: [(Symbol, Double)]
            switch (record.relation, record.priority.isRequired) {
            case (.equal, true): own = []
            case (.lessOrEqual, true): own = [(record.marker, 1)]
            case (.greaterOrEqual, true): own = [(record.marker, -1)]
            case (.equal, false): own = [(record.marker, -1), (record.other, 1)]
            case (.lessOrEqual, false): own = [(record.marker, 1), (record.other, -1)]
            case (.greaterOrEqual, false): own = [(record.marker, -1), (record.other, 1)]
            }
            for (s, a) in own {
                let x = value(of: s)
                g += a * x
                magnitude = max(magnitude, abs(x))
            }
            if abs(g) > 1e-7 * max(1, magnitude) { problems.append("constraint \(id) (tag \(record.tag)): equation off by \(g)") }
        }
        return problems
    }
}
