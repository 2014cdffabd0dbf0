// Edit variables: optional equalities `x = value` whose value changes cheaply,
// re-optimised by the dual simplex from the current basis.

extension Tableau {
    /// Makes external variable `v` an edit variable at `priority` (not required).
    mutating func addEdit(variable v: Int32, priority: Priority) {
        precondition(!priority.isRequired, "edit variables cannot be required")
        guard editOf[Int(v)] == nil else { return }
        // An optional row always finds a subject, so this cannot fail.
        if case .success(let id) = addConstraint(
            terms: [(v, 1)], constant: 0, relation: .equal, priority: priority, tag: -1)
        {
            editOf[Int(v)] = EditRecord(constraint: id, value: 0)
        }
    }

    mutating func removeEdit(variable v: Int32) {
        guard let edit = editOf[Int(v)] else { return }
        editOf[Int(v)] = nil
        removeConstraint(edit.constraint)
    }

    /// Moves edit variable `v`'s target to `value` and re-optimises with the
    /// dual simplex. The edit row is `x − value = e⁺ − e⁻`; changing the value
    /// by δ changes each row's constant by δ times its coefficient on e⁺
    /// (−δ in e⁺'s own row, +δ in e⁻'s), which is all the rows that depend on it.
    /// - Complexity: O(rows that mention e⁺) plus the dual pivots.
    mutating func suggest(variable v: Int32, value: Double) {
        if moveEdit(variable: v, to: value) { noteStatus(dualOptimize()) }
    }

    /// Moves several edit variables' targets, then re-optimises once: one
    /// dual simplex run for the whole change instead of one per variable.
    /// - Complexity: O(rows that mention each e⁺) plus the dual pivots.
    mutating func suggest(_ suggestions: some Sequence<(variable: Int32, value: Double)>) {
        var moved = false
        for (v, value) in suggestions {
            if moveEdit(variable: v, to: value) { moved = true }
        }
        if moved { noteStatus(dualOptimize()) }
    }

    /// Moves edit variable `v`'s target to `value` without re-optimising
    /// (rows may be left infeasible, queued for ``dualOptimize()``).
    /// Returns false when nothing changed.
    private mutating func moveEdit(variable v: Int32, to value: Double) -> Bool {
        guard var edit = editOf[Int(v)] else { return false }
        let delta = value - edit.value
        guard delta != 0 else { return false }
        edit.value = value
        editOf[Int(v)] = edit
        let id = Int(edit.constraint)
        constraints[id].constant = -value
        constantScale = max(constantScale, abs(value))
        let plus = constraints[id].marker
        let minus = constraints[id].other
        if !rowOf[plus.index].isNone {
            shiftConstant(of: rowOf[plus.index], by: -delta)
        } else if !rowOf[minus.index].isNone {
            shiftConstant(of: rowOf[minus.index], by: delta)
        } else {
            // The column may repeat a slot; compacting makes each row count once.
            compactColumn(plus)
            for slot in columns[plus.index] {
                let a = rows[slot.index].coefficient(of: plus)
                if a != 0 { shiftConstant(of: slot, by: delta * a) }
            }
        }
        return true
    }

    /// Adds `amount` to a row's constant, keeping the objective's constants
    /// (level totals) in step and queueing the row if it became infeasible.
    private mutating func shiftConstant(of slot: RowSlot, by amount: Double) {
        rows[slot.index].constant += amount
        let b = rows[slot.index].basic
        if kinds[b.index] == .error, let component = objective.component(ofPriority: errorPriority[b.index]) {
            objective.addConstant(amount, component: component)
        }
        noteIfInfeasible(slot)
    }
}
