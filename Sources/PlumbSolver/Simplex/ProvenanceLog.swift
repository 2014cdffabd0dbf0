/// The history of row operations, from which the marker column of any
/// required equality, and the constraint multipliers of any row, can be
/// recovered on demand.
///
/// Why: Cassowary gives every required equality a dummy marker symbol so the
/// equality can be removed later and named in conflicts. A dummy is a column
/// of the inverse basis; along a dependency chain (`x[i+1] = x[i] + 1`) that
/// inverse is dense, so with explicit dummies row `i` carries `i` of them and
/// adding the chain costs O(n²) time and memory. Plumb keeps dummies out of
/// the rows and logs instead every operation applied to a row slot, as
/// linear algebra on the row *equations*:
///
/// - row `r`'s equation is `F_r = basic_r − (constant_r + Σ coefficient·symbol) = 0`;
/// - constraint `k`'s equation `G_k` is its expression plus constant plus its
///   slack and error terms (`= 0`);
/// - every `F_r` is a combination `Σ_k λ[r][k]·G_k`; the events below are the
///   elementary steps that change the λ's.
///
/// The coefficient a materialised dummy `d_k` would have in row `r` is
/// `−λ[r][k]` (``markerColumn(creationEvent:slot:slotCount:)``, a forward
/// replay), and the constraints behind a row — an infeasibility certificate
/// when the row is an artificial one — are the `k` with `λ[r][k] ≠ 0`
/// (``multipliers(ofSlot:slotCount:constraintCount:)``, a backward replay).
///
/// Memory: 17 bytes per event; one event per row substitution, scaling,
/// creation or deletion, so the log grows with the work done.
struct ProvenanceLog {
    enum Event: UInt8 {
        /// Slot `target` now holds `F = −G_operand` (a row being built reads `0 = G`).
        case create
        /// `F_target += factor · F_operand`.
        case add
        /// `F_target *= factor`.
        case scale
        /// Slot `target` was freed.
        case delete
    }

    private(set) var events: [Event] = []
    private(set) var targets: [RowSlot] = []
    private(set) var operands: [Int32] = []
    private(set) var factors: [Double] = []

    var count: Int { events.count }

    /// Forgets every event, keeping the storage.
    mutating func reset() {
        events.removeAll(keepingCapacity: true)
        targets.removeAll(keepingCapacity: true)
        operands.removeAll(keepingCapacity: true)
        factors.removeAll(keepingCapacity: true)
    }

    /// Records that `slot` starts holding constraint `constraint`'s row; returns the event index.
    mutating func recordCreate(slot: RowSlot, constraint: Int32) -> Int {
        append(.create, slot, constraint, 0)
        return events.count - 1
    }

    mutating func recordAdd(target: RowSlot, source: RowSlot, factor: Double) {
        append(.add, target, source.raw, factor)
    }

    mutating func recordScale(target: RowSlot, factor: Double) {
        append(.scale, target, -1, factor)
    }

    mutating func recordDelete(slot: RowSlot) {
        append(.delete, slot, -1, 0)
    }

    /// Forgets events from `count` on (undoing a failed add).
    mutating func truncate(to count: Int) {
        events.removeLast(events.count - count)
        targets.removeLast(targets.count - count)
        operands.removeLast(operands.count - count)
        factors.removeLast(factors.count - count)
    }

    /// `λ[r][k]` for every slot `r`, where `k` is the constraint created in
    /// `slot` at event `creationEvent`: the column a dummy marker of `k`
    /// would have (negated). Entries of free slots are 0.
    /// - Complexity: O(events since the creation + slotCount).
    func markerColumn(creationEvent: Int, slot: RowSlot, slotCount: Int) -> [Double] {
        var v = [Double](repeating: 0, count: slotCount)
        v[slot.index] = -1
        var e = creationEvent + 1
        while e < events.count {
            let t = targets[e].index
            switch events[e] {
            case .create, .delete: v[t] = 0
            case .add: v[t] += factors[e] * v[Int(operands[e])]
            case .scale: v[t] *= factors[e]
            }
            e += 1
        }
        return v
    }

    /// `λ[slot][k]` for every constraint `k`: how row `slot`'s equation is made
    /// of the constraints' equations.
    /// - Complexity: O(events + slotCount + constraintCount).
    func multipliers(ofSlot slot: RowSlot, slotCount: Int, constraintCount: Int) -> [Double] {
        var w = [Double](repeating: 0, count: slotCount)
        var lambda = [Double](repeating: 0, count: constraintCount)
        w[slot.index] = 1
        var e = events.count - 1
        while e >= 0 {
            let t = targets[e].index
            switch events[e] {
            case .create:
                lambda[Int(operands[e])] -= w[t]
                w[t] = 0
            case .delete:
                w[t] = 0
            case .add:
                let f = factors[e] * w[t]
                if f != 0 { w[Int(operands[e])] += f }
            case .scale:
                w[t] *= factors[e]
            }
            e -= 1
        }
        return lambda
    }

    @inline(__always)
    private mutating func append(_ event: Event, _ target: RowSlot, _ operand: Int32, _ factor: Double) {
        events.append(event)
        targets.append(target)
        operands.append(operand)
        factors.append(factor)
    }
}
