// How the rows of an optimal tableau move with an edit variable's value while
// the basis is kept: the slopes a caller needs to follow the solution along a
// parameter without pivoting (see `ComponentSlopes`).

extension Tableau {
    /// Calls `body(slot, rate)` once for every row whose constant changes when
    /// edit variable `v`'s value rises by δ and the basis is kept: the row's
    /// constant changes by `rate · δ`. These are exactly the shifts that
    /// ``suggest(variable:value:)`` makes before it re-optimises. Nothing
    /// when `v` is not an edit variable.
    ///
    /// - Complexity: O(rows that mention the edit's positive error).
    func forEachEditShift(of v: Int32, _ body: (RowSlot, Double) -> Void) {
        guard let edit = editOf[Int(v)] else { return }
        let plus = constraints[Int(edit.constraint)].marker
        let minus = constraints[Int(edit.constraint)].other
        if !rowOf[plus.index].isNone {
            body(rowOf[plus.index], -1)
        } else if !rowOf[minus.index].isNone {
            body(rowOf[minus.index], 1)
        } else {
            // The column may hold stale and repeated slots: each live row once.
            var slots = columns[plus.index]
            slots.sort()
            var previous = RowSlot.none
            for slot in slots where slot != previous {
                previous = slot
                guard rows[slot.index].isLive else { continue }
                let a = rows[slot.index].coefficient(of: plus)
                if a != 0 { body(slot, a) }
            }
        }
    }
}
