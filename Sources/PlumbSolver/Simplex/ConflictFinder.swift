/// A required row for `ConflictFinder`: `Σ terms + constant ⋈ 0`.
struct RowSpec {
    var terms: [(Int32, Double)]
    var constant: Double
    var relation: Relation
}

/// Minimal conflicting subsets of required rows.
enum ConflictFinder {
    /// Given required rows that cannot all hold, returns the indices (into
    /// `rows`, ascending) of a minimal subset that cannot hold: dropping any
    /// one index leaves a satisfiable set. Variables may be any `Int32`s.
    /// Returns `[]` when the rows can all hold.
    ///
    /// Method: a deletion filter accelerated by certificates. Each
    /// feasibility check adds the candidate rows to a fresh ``SimplexCore``;
    /// when a check fails, its ``SimplexConflict`` names an infeasible subset,
    /// and the candidate set shrinks to it at once. Then each row in turn is
    /// left out: if the rest still conflicts, the row goes (and the set
    /// shrinks to the new certificate); otherwise the row is necessary. A row
    /// found necessary stays necessary in every subset, so one pass suffices.
    ///
    /// - Complexity: one check of all `n` rows, then at most `k` checks of at
    ///   most `k` rows, for a first certificate of `k` rows: O(n + k²) row
    ///   additions (each costing the substitutions and pivots it triggers).
    static func minimize(_ rows: [RowSpec]) -> [Int] {
        // Dense local variable numbers (the caller's may be sparse).
        var local: [Int32: Int32] = [:]
        let localRows = rows.map { row in
            RowSpec(terms: row.terms.map { (v, a) in
                if let l = local[v] { return (l, a) }
                let l = Int32(local.count)
                local[v] = l
                return (l, a)
            }, constant: row.constant, relation: row.relation)
        }
        let variableCount = local.count

        /// nil when `subset` can hold; else the (sorted) indices of an infeasible subset of it.
        func conflict(in subset: [Int]) -> [Int]? {
            let core = SimplexCore(variableCount: variableCount)
            for i in subset {
                let row = localRows[i]
                do {
                    _ = try core.add(terms: row.terms, constant: row.constant, relation: row.relation,
                                     priority: .required, tag: Int32(i))
                } catch {
                    return error.tags.map { Int($0) }.sorted()
                }
            }
            return nil
        }

        guard var candidates = conflict(in: Array(rows.indices)) else { return [] }
        var position = 0
        while position < candidates.count {
            let row = candidates[position]
            var rest = candidates
            rest.remove(at: position)
            if let smaller = conflict(in: rest) {
                candidates = smaller
                position = candidates.firstIndex { $0 > row } ?? candidates.count
            } else {
                position += 1
            }
        }
        return candidates
    }
}
