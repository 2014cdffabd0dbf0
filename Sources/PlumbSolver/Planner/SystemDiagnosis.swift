/// What ``ConstraintSystem/diagnose(variables:)`` found: every conflict among
/// the required rows and every variable that the rows leave free.
public struct SystemDiagnosis: Sendable, Hashable {
    /// Minimal conflicting sets of required rows: in each set the rows cannot
    /// all hold, and dropping any one of them lets the rest hold. Rows are
    /// ascending within a set; sets are ordered by their first row. Sets are
    /// disjoint (see ``ConstraintSystem/diagnose(variables:)``).
    public var conflicts: [[RowIndex]]
    /// The variables asked about whose value is not fixed, ascending.
    public var freeVariables: [VariableIndex]

    public init(conflicts: [[RowIndex]] = [], freeVariables: [VariableIndex] = []) {
        self.conflicts = conflicts
        self.freeVariables = freeVariables
    }
}

extension ConstraintSystem {
    /// Finds every conflict among the required rows and every free variable,
    /// without stopping at the first problem. Slower than ``solve(options:)``
    /// by design: it favours being right and simple over being fast.
    ///
    /// **Conflicts.** The required rows are split into independent
    /// components (rows that share a variable, transitively). In each
    /// component, ``ConflictFinder`` finds one minimal conflicting set; its
    /// rows are then left out and the search repeats on what remains, until
    /// the remaining rows can all hold. So every reported set is minimal and
    /// the sets are disjoint; a row that takes part in two conflicts is
    /// reported with the first one found, and a conflict that only exists
    /// through it is not reported again.
    ///
    /// **Free variables.** Rows are added one by one (required rows first, in
    /// row order, then optional rows) to one incremental simplex; a required
    /// row that cannot hold with those before it is left out. At the optimum,
    /// the solutions that are still optimal for every priority level form a
    /// convex set. A variable is fixed when it has one value over that whole
    /// set. To test variable `x` at value `x0`, with `m = max(1, |x0|)`, a
    /// probe row `x >= x0 + m` is added at a priority below every real level
    /// (``Tolerances/probePriority``: no real level's optimum may be given up
    /// for it) and removed again; then the same with `x <= x0 - m`. If either
    /// probe moves `x` by more than ``Tolerances/ambiguity`` times `m`, some
    /// other optimal solution has a different `x` (the set is convex), and
    /// `x` is free.
    ///
    /// - Parameter variables: the variables to test for freedom (all when `nil`).
    /// - Complexity: per component with `c` conflicts, `c + 1` runs of the
    ///   conflict finder over its remaining rows; then one simplex solve of
    ///   the whole system and two probes (an add, a re-optimisation and a
    ///   removal) per variable tested.
    public func diagnose(variables: [VariableIndex]? = nil) -> SystemDiagnosis {
        let conflicts = findAllConflicts()
        let free = findFreeVariables(variables ?? (0 ..< variableCount).map { VariableIndex(rawValue: Int32($0)) })
        return SystemDiagnosis(conflicts: conflicts, freeVariables: free)
    }

    private func spec(of r: Int) -> RowSpec {
        RowSpec(terms: terms(of: RowIndex(r)).map { ($0.0.rawValue, $0.1) },
                constant: constants[r], relation: relations[r])
    }

    /// Disjoint minimal conflicting sets of required rows (see ``diagnose(variables:)``).
    func findAllConflicts() -> [[RowIndex]] {
        // Components of the required rows, by shared variables.
        var uf = UnionFind(count: variableCount)
        var required: [Int] = []
        for r in 0 ..< rowCount where priorities[r].isRequired {
            required.append(r)
            let range = termRange(of: RowIndex(r))
            for k in range.dropFirst() { uf.union(columns[range.lowerBound], columns[k]) }
        }
        var groups: [Int32: [Int]] = [:]
        var groupOrder: [Int32] = []
        for r in required {
            let range = termRange(of: RowIndex(r))
            // A row without variables is a component of its own (keyed below every variable).
            let key = range.isEmpty ? Int32(-1 - r) : uf.find(columns[range.lowerBound])
            if groups[key] == nil { groupOrder.append(key) }
            groups[key, default: []].append(r)
        }
        var found: [[RowIndex]] = []
        for key in groupOrder {
            var remaining = groups[key] ?? []
            while !remaining.isEmpty {
                let minimal = ConflictFinder.minimize(remaining.map(spec(of:)))
                guard !minimal.isEmpty else { break }
                found.append(minimal.map { RowIndex(remaining[$0]) })
                let drop = Set(minimal)
                remaining = remaining.enumerated().filter { !drop.contains($0.offset) }.map(\.element)
            }
        }
        return found.sorted { $0[0].int < $1[0].int }
    }

    /// The variables of `candidates` that the optimum leaves free (see ``diagnose(variables:)``).
    func findFreeVariables(_ candidates: [VariableIndex]) -> [VariableIndex] {
        let core = SimplexCore(variableCount: variableCount)
        let order = (0 ..< rowCount).sorted { a, b in
            let pa = priorities[a].rawValue, pb = priorities[b].rawValue
            return pa != pb ? pa > pb : a < b
        }
        for r in order {
            let row = spec(of: r)
            // A required row that conflicts with those added before it is left out.
            _ = try? core.add(terms: row.terms, constant: row.constant, relation: row.relation,
                              priority: priorities[r], tag: Int32(r))
        }
        var probe = Priority.low
        probe.rawValue = Tolerances.probePriority
        var free: [VariableIndex] = []
        for v in Set(candidates).sorted(by: { $0.rawValue < $1.rawValue }) {
            let x = v.rawValue
            for direction in [1.0, -1.0] {
                let before = core.value(of: x)
                let magnitude = max(1, abs(before))
                // direction · (x − before) − magnitude >= 0
                guard let handle = try? core.add(terms: [(x, direction)], constant: -direction * before - magnitude,
                                                 relation: .greaterOrEqual, priority: probe, tag: -1)
                else { continue }
                let after = core.value(of: x)
                core.remove(handle)
                if abs(after - before) > Tolerances.ambiguity * magnitude {
                    free.append(v)
                    break
                }
            }
        }
        return free
    }
}
