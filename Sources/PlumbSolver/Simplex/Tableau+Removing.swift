// Removing a constraint through its marker (kiwi's "leaving row for marker"),
// with the dummy of a required equality materialised from the log first.

extension Tableau {
    /// Removes constraint `id` and re-optimises.
    mutating func removeConstraint(_ id: Int32) {
        let record = constraints[Int(id)]
        guard record.isLive else { return }
        // Its errors leave the objective.
        if !record.priority.isRequired, let component = objective.component(ofPriority: record.priority.rawValue) {
            for e in record.errors { addToObjective(e, weight: -1, component: component) }
        }
        var marker = record.marker
        if marker.isNone { marker = materializeDummy(forConstraint: id) }
        // Make the marker basic, then drop its row: the row is the only one
        // whose equation still involves the constraint.
        if rowOf[marker.index].isNone, let slot = markerLeavingRow(marker) {
            pivot(entering: marker, slot: slot)
        }
        if !rowOf[marker.index].isNone { dropRow(rowOf[marker.index]) }
        for s in [marker, record.other] where !s.isNone {
            if !rowOf[s.index].isNone {
                // Cannot happen in exact arithmetic (the marker and the other
                // symbol cannot both be basic); drop the row rather than keep
                // an orphan restriction.
                anomalies += 1
                dropRow(rowOf[s.index])
            }
            retireSymbol(s)
        }
        constraints[Int(id)].isLive = false
        constraints[Int(id)].terms = []
        noteStatus(optimize(components: 0 ..< objective.stride))
    }

    /// Writes the dummy marker of required equality `id` into every row (its
    /// column is `−λ[·][id]`, replayed from the log) and into the objective.
    /// - Complexity: O(log events since the constraint's creation + row slots).
    private mutating func materializeDummy(forConstraint id: Int32) -> Symbol {
        let record = constraints[Int(id)]
        let v = log.markerColumn(creationEvent: record.creationEvent, slot: record.creationSlot, slotCount: rows.count)
        let d = makeSymbol(.dummy)
        var largest = 0.0
        for r in rows.indices where rows[r].isLive { largest = max(largest, abs(v[r])) }
        let threshold = SimplexTolerance.multiplier * largest
        for r in rows.indices where rows[r].isLive && abs(v[r]) > threshold {
            let slot = RowSlot(r)
            rows[r].insert(d, -v[r])
            noteOccurrence(of: d, in: slot)
            let b = rows[r].basic
            if kinds[b.index] == .error, let component = objective.component(ofPriority: errorPriority[b.index]) {
                objective.add(-v[r], to: d, component: component)
            }
        }
        constraints[Int(id)].marker = d
        return d
    }

    /// The row to pivot the parametric `marker` into before dropping it, in
    /// order of preference:
    /// 1. a basic dummy's row (a redundant equality that takes over; the pivot
    ///    is degenerate);
    /// 2. a restricted row where the marker's coefficient is negative, with the
    ///    smallest ratio (raising the marker keeps every row feasible);
    /// 3. a restricted row where it is positive, smallest ratio (lowering it does);
    /// 4. an unrestricted (external) row;
    /// 5. any row, by largest coefficient, if every coefficient is tiny.
    /// Ties go to the lowest basic symbol.
    private func markerLeavingRow(_ marker: Symbol) -> RowSlot? {
        var dummyRow = RowSlot.none, dummyBasic = Symbol.none
        var first = RowSlot.none, firstRatio = Double.infinity, firstBasic = Symbol.none
        var second = RowSlot.none, secondRatio = Double.infinity, secondBasic = Symbol.none
        var third = RowSlot.none, thirdBasic = Symbol.none
        var fallback = RowSlot.none, fallbackMagnitude = 0.0
        for slot in columns[marker.index] {
            let row = rows[slot.index]
            guard row.isLive, let p = row.position(of: marker) else { continue }
            let a = row.coefficients[p]
            let b = row.basic
            if abs(a) > fallbackMagnitude {
                fallbackMagnitude = abs(a)
                fallback = slot
            }
            if kinds[b.index] == .dummy {
                if dummyBasic.isNone || b < dummyBasic { (dummyRow, dummyBasic) = (slot, b) }
                continue
            }
            guard abs(a) > SimplexTolerance.pivot else { continue }
            if kinds[b.index] == .external {
                if thirdBasic.isNone || b < thirdBasic { (third, thirdBasic) = (slot, b) }
            } else if a < 0 {
                let ratio = max(0, row.constant) / -a
                if ratio < firstRatio || (ratio == firstRatio && b < firstBasic) {
                    (first, firstRatio, firstBasic) = (slot, ratio, b)
                }
            } else {
                let ratio = max(0, row.constant) / a
                if ratio < secondRatio || (ratio == secondRatio && b < secondBasic) {
                    (second, secondRatio, secondBasic) = (slot, ratio, b)
                }
            }
        }
        for candidate in [dummyRow, first, second, third, fallback] where !candidate.isNone { return candidate }
        return nil
    }
}
