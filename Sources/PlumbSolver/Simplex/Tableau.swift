/// The state of ``SimplexCore``: rows, symbols, the lexicographic objective,
/// constraint records and the provenance log, as one value with mutating
/// algorithms split over `Tableau+*.swift`.
///
/// A struct (held by the `SimplexCore` class) so that the hot loops mutate
/// arrays in place under static exclusivity, with no per-access dynamic checks.
///
/// Invariants between public calls (``checkInvariants()`` verifies them):
/// - `rowOf[s]` is the slot where `s` is basic, or `.none`;
/// - rows mention only parametric symbols, sorted, with nonzero coefficients;
/// - restricted basic rows have constants `≥ −feasibilityTolerance` (primal feasible);
/// - a parametric external symbol never appears in a restricted row or in the
///   objective (so optimality only concerns restricted symbols);
/// - a basic dummy's row has constant 0 and mentions dummies only;
/// - `columns[s]` lists (possibly with stale or repeated entries) every slot
///   whose row mentions `s`;
/// - the objective is optimal: no symbol that may enter has a lexicographically
///   negative reduced cost.
struct Tableau {
    // MARK: Symbols (indexed by Symbol.index)

    var kinds: [SymbolKind] = []
    /// The slot where the symbol is basic, or `.none` when parametric.
    var rowOf: [RowSlot] = []
    /// Column occurrence lists: slots whose rows may mention the symbol
    /// (lazy deletion: entries can be stale or repeated; see ``compactColumn(_:)``).
    var columns: [[RowSlot]] = []
    /// An upper bound on the stale entries of each column: incremented when a
    /// row stops mentioning the symbol (cancellation, dropped row), reset when
    /// the column is compacted or cleared.
    var staleEntries: [Int32] = []
    /// For error symbols: the priority (raw value) of their level.
    var errorPriority: [Double] = []
    var freeSymbols: [Symbol] = []
    /// The symbols from this index up are free and clean and on no free
    /// list: since the last ``reset()`` they have not been handed out.
    /// `makeSymbol` hands them out in ascending order once `freeSymbols` is
    /// empty, so a reset clears only the symbols below it.
    var firstUnusedSymbol = 0

    // MARK: Rows (indexed by RowSlot.index)

    var rows: [Row] = []
    var freeSlots: [RowSlot] = []
    /// As ``firstUnusedSymbol``, for the slots.
    var firstUnusedSlot = 0
    /// Number of live rows.
    var liveRowCount = 0

    // MARK: Objective, constraints, history

    var objective = LexicographicObjective()
    var constraints: [ConstraintRecord] = []
    var log = ProvenanceLog()
    /// The largest magnitude of any constant seen (at least 1): the scale of
    /// the feasibility tolerance.
    var constantScale: Double = 1

    // MARK: External variables

    /// The symbol of each external variable.
    var externalSymbols: [Symbol] = []
    /// The edit record of each external variable, if any.
    var editOf: [EditRecord?] = []

    // MARK: Dual simplex

    /// Basic symbols whose rows may have become infeasible (negative constant).
    var infeasible: [Symbol] = []
    var tracksInfeasibleRows = false

    // MARK: Tentative adds

    var journal: Journal? = nil
    var journalStamp: [UInt32] = []
    var journalEpoch: UInt32 = 0
    /// Whether a failed add restores the tableau (the journal saves what it
    /// changes). Without it the journal saves nothing, and a failed add
    /// leaves the tableau unusable (``isSpoiled``) until ``reset()``: for a
    /// caller that drops a tableau once a row conflicts, which then pays
    /// no copies of the rows a phase 1 touches. The pivots are the same
    /// either way (the journal is open as before, so columns are compacted
    /// at the same moments).
    var undoesFailedAdds = true
    /// A failed add without ``undoesFailedAdds`` left the tableau as it
    /// was at the failure.
    var isSpoiled = false

    // MARK: Scratch

    var scratchSymbols: [Symbol] = []
    var scratchCoefficients: [Double] = []
    var scratchNewSymbols: [Symbol] = []
    var accumulator: [Double] = []
    var accumulatorMagnitude: [Double] = []
    var accumulatorMarked: [Bool] = []
    var accumulatorTouched: [Symbol] = []

    // MARK: Statistics

    var pivotCount = 0
    /// Optimisations that ended other than optimal; always 0 unless the
    /// invariants are broken (``checkInvariants()`` reports it).
    var anomalies = 0

    /// `SimplexTolerance.feasibility` scaled to the constants in play.
    @inline(__always) var feasibilityTolerance: Double { SimplexTolerance.feasibility * constantScale }

    // MARK: - Symbols

    /// A new (or recycled) symbol of `kind`.
    mutating func makeSymbol(_ kind: SymbolKind) -> Symbol {
        if let s = freeSymbols.popLast() {
            kinds[s.index] = kind
            rowOf[s.index] = .none
            errorPriority[s.index] = 0
            return s
        }
        if firstUnusedSymbol < kinds.count {
            // Cleared by the last reset, and untouched since.
            let s = Symbol(firstUnusedSymbol)
            firstUnusedSymbol += 1
            kinds[s.index] = kind
            return s
        }
        let s = Symbol(kinds.count)
        kinds.append(kind)
        rowOf.append(.none)
        columns.append([])
        staleEntries.append(0)
        errorPriority.append(0)
        accumulator.append(0)
        accumulatorMagnitude.append(0)
        accumulatorMarked.append(false)
        firstUnusedSymbol = kinds.count
        return s
    }

    /// Retires a parametric symbol: removes it from every row and from the
    /// objective (it is fixed at 0 from now on), and frees it.
    mutating func retireSymbol(_ s: Symbol) {
        precondition(rowOf[s.index].isNone, "retiring a basic symbol")
        for slot in columns[s.index] where rows[slot.index].isLive {
            if let p = rows[slot.index].position(of: s) {
                touch(slot)
                rows[slot.index].remove(at: p)
            }
        }
        columns[s.index].removeAll()
        staleEntries[s.index] = 0
        objective.remove(s)
        kinds[s.index] = .free
        freeSymbols.append(s)
    }

    /// Empties the tableau (no symbols, rows, constraints or edits) but keeps
    /// every buffer, so that one tableau can solve many small systems one
    /// after another without allocating for each.
    ///
    /// Symbols and slots are then handed out in ascending order (the free
    /// lists are empty, and the unused ones follow: ``firstUnusedSymbol``,
    /// ``firstUnusedSlot``), as in a new tableau: the same additions then
    /// make the same pivots. Only the symbols and slots handed out since
    /// the last reset are cleared, so a tableau that once held a large
    /// system resets at the cost of the small one it held last.
    mutating func reset() {
        precondition(journal == nil, "reset during a tentative add")
        for i in 0 ..< firstUnusedSymbol {
            kinds[i] = .free
            rowOf[i] = .none
            if !columns[i].isEmpty { columns[i].removeAll(keepingCapacity: true) }
            staleEntries[i] = 0
            errorPriority[i] = 0
            accumulator[i] = 0
            accumulatorMagnitude[i] = 0
            accumulatorMarked[i] = false
        }
        freeSymbols.removeAll(keepingCapacity: true)
        firstUnusedSymbol = 0
        for r in 0 ..< firstUnusedSlot { rows[r].clear() }
        freeSlots.removeAll(keepingCapacity: true)
        firstUnusedSlot = 0
        liveRowCount = 0
        objective.reset()
        constraints.removeAll(keepingCapacity: true)
        log.reset()
        constantScale = 1
        externalSymbols.removeAll(keepingCapacity: true)
        editOf.removeAll(keepingCapacity: true)
        infeasible.removeAll(keepingCapacity: true)
        tracksInfeasibleRows = false
        accumulatorTouched.removeAll(keepingCapacity: true)
        pivotCount = 0
        anomalies = 0
        isSpoiled = false
    }

    // MARK: - Slots

    /// A free slot for a row being built.
    mutating func makeSlot() -> RowSlot {
        if let slot = freeSlots.popLast() {
            rows[slot.index].clear()
            return slot
        }
        if firstUnusedSlot < rows.count {
            // Cleared by the last reset, and untouched since.
            let slot = RowSlot(firstUnusedSlot)
            firstUnusedSlot += 1
            return slot
        }
        rows.append(Row())
        journalStamp.append(0)
        firstUnusedSlot = rows.count
        return RowSlot(rows.count - 1)
    }

    /// Drops the row in `slot` (its basic symbol becomes parametric and
    /// appears nowhere) and frees the slot.
    mutating func dropRow(_ slot: RowSlot) {
        let b = rows[slot.index].basic
        if !b.isNone {
            rowOf[b.index] = .none
            liveRowCount -= 1
        }
        for s in rows[slot.index].symbols { staleEntries[s.index] &+= 1 }
        rows[slot.index].clear()
        log.recordDelete(slot: slot)
        freeSlots.append(slot)
    }

    // MARK: - Columns

    /// Appends `slot` to `s`'s column, compacting the column once at least
    /// half of it may be stale (so compaction is amortised over the events
    /// that made entries stale, and a column that merely grows is never scanned).
    @inline(__always)
    mutating func noteOccurrence(of s: Symbol, in slot: RowSlot) {
        columns[s.index].append(slot)
        let stale = Int(staleEntries[s.index])
        if stale > 16 && 2 * stale >= columns[s.index].count && journal == nil {
            compactColumn(s)
        }
    }

    /// Records that the row at some slot stopped mentioning `s`.
    @inline(__always)
    mutating func noteRemoval(of s: Symbol) {
        staleEntries[s.index] &+= 1
    }

    /// Rewrites `s`'s column to the distinct live slots whose rows mention `s`.
    /// - Complexity: O(k log k + Σ log(row length)) for a column of k entries.
    mutating func compactColumn(_ s: Symbol) {
        var list = columns[s.index]
        columns[s.index] = []
        list.sort()
        var w = 0
        var previous = RowSlot.none
        for slot in list where slot != previous {
            previous = slot
            if rows[slot.index].isLive && rows[slot.index].position(of: s) != nil {
                list[w] = slot
                w += 1
            }
        }
        list.removeLast(list.count - w)
        staleEntries[s.index] = 0
        columns[s.index] = list
    }

    // MARK: - Journal (tentative adds)

    /// What a tentative add changed, so that a failed add can restore the
    /// tableau exactly. Rows and columns are saved on first touch (copy on
    /// write makes the save O(1) until the row is modified); the objective
    /// keeps its own undo log (``LexicographicObjective/beginRecording()``).
    struct Journal {
        var savedRows: [(RowSlot, Row)] = []
        var savedColumns: [(Symbol, [RowSlot])] = []
        var enteredSymbols: [Symbol] = []
        var liveRowCount: Int
    }

    /// Saves `slot`'s row before its first modification during a tentative add.
    @inline(__always)
    mutating func touch(_ slot: RowSlot) {
        guard journal != nil, undoesFailedAdds, journalStamp[slot.index] != journalEpoch else { return }
        journalStamp[slot.index] = journalEpoch
        journal!.savedRows.append((slot, rows[slot.index]))
    }

    mutating func beginJournal() {
        journalEpoch &+= 1
        if journalEpoch == 0 {
            for i in journalStamp.indices { journalStamp[i] = 0 }
            journalEpoch = 1
        }
        journal = Journal(liveRowCount: liveRowCount)
        if undoesFailedAdds { objective.beginRecording() }
    }

    /// Keeps the tentative changes.
    mutating func commitJournal() {
        journal = nil
        objective.endRecording()
    }

    /// Undoes the row, column, basis and objective changes since ``beginJournal()``.
    /// (The caller frees the slot and symbols it made and truncates the log.)
    mutating func rollBackJournal() {
        guard let j = journal else { return }
        journal = nil
        for s in j.enteredSymbols where s.index < rowOf.count { rowOf[s.index] = .none }
        for (slot, row) in j.savedRows {
            let current = rows[slot.index].basic
            if !current.isNone && current.index < rowOf.count && rowOf[current.index] == slot {
                rowOf[current.index] = .none
            }
            rows[slot.index] = row
        }
        for (slot, row) in j.savedRows where row.isLive { rowOf[row.basic.index] = slot }
        for (s, list) in j.savedColumns.reversed() { columns[s.index] = list }
        objective.rollBack()
        liveRowCount = j.liveRowCount
    }
}
