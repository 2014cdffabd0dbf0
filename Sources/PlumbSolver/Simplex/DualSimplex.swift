// The dual simplex that re-optimises after edit suggestions change row
// constants: the objective stays optimal throughout while infeasible rows
// (negative constants) are pivoted back to feasibility.

extension Tableau {
    /// Restores primal feasibility from an optimal (dual feasible) basis.
    ///
    /// Anti-cycling is the dual form of Bland's rule: the infeasible row with
    /// the lowest basic symbol leaves, and among symbols tied in the dual
    /// ratio test the lowest enters. That is Bland's rule applied to the dual
    /// problem, so it terminates.
    mutating func dualOptimize() -> OptimizeStatus {
        tracksInfeasibleRows = true
        defer {
            tracksInfeasibleRows = false
            infeasible.removeAll(keepingCapacity: true)
        }
        let limit = 1000 + 50 * (rows.count + kinds.count)
        var iterations = 0
        while let leaving = lowestInfeasibleBasic() {
            let slot = rowOf[leaving.index]
            guard let entering = dualEntering(slot: slot) else { return .unbounded }
            pivot(entering: entering, slot: slot)
            iterations += 1
            if iterations > limit { return .iterationLimit }
        }
        return .optimal
    }

    /// Queues `slot`'s row for the dual simplex if it is restricted and infeasible.
    mutating func noteIfInfeasible(_ slot: RowSlot) {
        let b = rows[slot.index].basic
        if kinds[b.index].isRestricted && rows[slot.index].constant < -feasibilityTolerance {
            infeasible.append(b)
        }
    }

    /// The lowest basic symbol whose row is still infeasible, pruning entries
    /// that are stale (no longer basic, or feasible again).
    private mutating func lowestInfeasibleBasic() -> Symbol? {
        var w = 0
        var lowest = Symbol.none
        let tolerance = feasibilityTolerance
        for s in infeasible {
            let slot = rowOf[s.index]
            guard !slot.isNone, rows[slot.index].constant < -tolerance else { continue }
            infeasible[w] = s
            w += 1
            if lowest.isNone || s < lowest { lowest = s }
        }
        infeasible.removeLast(infeasible.count - w)
        return lowest.isNone ? nil : lowest
    }

    /// The dual ratio test on the infeasible row at `slot`: among symbols that
    /// may enter with a positive coefficient `a` (raising them raises the
    /// basic symbol), the one minimising `reducedCost / a` lexicographically;
    /// ties go to the lowest symbol. This keeps every reduced cost
    /// lexicographically non-negative after the pivot.
    private func dualEntering(slot: RowSlot) -> Symbol? {
        let row = rows[slot.index]
        let n = objective.stride
        var best = Symbol.none
        var bestRatio = [Double](repeating: 0, count: n)
        var ratio = [Double](repeating: 0, count: n)
        for (k, s) in row.symbols.enumerated() {
            let a = row.coefficients[k]
            guard a > SimplexTolerance.pivot, kinds[s.index].canEnter else { continue }
            if let e = objective.position(of: s) {
                for c in 0 ..< n { ratio[c] = objective.coefficients[e * n + c] / a }
            } else {
                for c in 0 ..< n { ratio[c] = 0 }
            }
            if best.isNone || Self.lexicographicallyLess(ratio, bestRatio) {
                best = s
                swap(&ratio, &bestRatio)
            }
        }
        return best.isNone ? nil : best
    }

    /// `x < y` lexicographically, components within ±``SimplexTolerance/cost`` being equal.
    static func lexicographicallyLess(_ x: [Double], _ y: [Double]) -> Bool {
        for c in x.indices {
            let d = x[c] - y[c]
            if d < -SimplexTolerance.cost { return true }
            if d > SimplexTolerance.cost { return false }
        }
        return false
    }
}
