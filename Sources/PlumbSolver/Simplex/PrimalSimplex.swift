// The primal simplex over the lexicographic objective, with Bland's rule.

/// How an optimisation ended.
enum OptimizeStatus: Equatable {
    case optimal
    /// No row limits the entering symbol. The objective is a sum of
    /// non-negative errors, so this means the tableau's invariants are broken.
    case unbounded
    /// The safety limit on pivots was reached (Bland's rule terminates, so this
    /// also means broken invariants or numerical trouble).
    case iterationLimit
}

extension Tableau {
    /// Minimises the objective lexicographically over `components` (component
    /// 0 alone is phase 1 of an add; all components is the real objective),
    /// keeping every restricted basic row feasible.
    ///
    /// Anti-cycling is Bland's rule on the vector-valued reduced costs: the
    /// entering symbol is the lowest-numbered one whose reduced cost is
    /// lexicographically negative, and among rows tied in the ratio test the
    /// one whose basic symbol is lowest leaves. Lexicographically ordered
    /// vectors form an ordered vector space, and Bland's termination proof
    /// uses only the order and linearity, so degenerate pivots cannot cycle.
    mutating func optimize(components: Range<Int>) -> OptimizeStatus {
        let limit = 1000 + 50 * (rows.count + kinds.count)
        var iterations = 0
        while let entering = objective.blandEntering(components: components, kinds: kinds) {
            guard let slot = primalLeavingRow(for: entering) else { return .unbounded }
            pivot(entering: entering, slot: slot)
            iterations += 1
            if iterations > limit { return .iterationLimit }
        }
        return .optimal
    }

    /// The ratio test: among restricted rows where `entering` has a negative
    /// coefficient (the basic symbol falls as `entering` rises), the one that
    /// reaches 0 first; ties go to the lowest basic symbol.
    func primalLeavingRow(for entering: Symbol) -> RowSlot? {
        var best = RowSlot.none
        var bestRatio = Double.infinity
        var bestBasic = Symbol.none
        for slot in columns[entering.index] {
            let row = rows[slot.index]
            guard row.isLive, kinds[row.basic.index].isRestricted,
                  let p = row.position(of: entering)
            else { continue }
            let a = row.coefficients[p]
            guard a < -SimplexTolerance.pivot else { continue }
            let ratio = max(0, row.constant) / -a
            let band = SimplexTolerance.ratioTie * max(1, bestRatio)
            if best.isNone || ratio < bestRatio - band || (ratio <= bestRatio + band && row.basic < bestBasic) {
                bestRatio = best.isNone ? ratio : min(bestRatio, ratio)
                best = slot
                bestBasic = row.basic
            }
        }
        return best.isNone ? nil : best
    }
}
