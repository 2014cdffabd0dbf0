import Synchronization

extension Planner {
    /// The planner's arrays of one entry per variable or per row (the
    /// values, the states, the matching and the blocks' order), kept by the
    /// process when a compiled system goes so that the next planner fills
    /// them again: at 10,000 views their first touch was about 200 fresh
    /// pages of a view tree's first layout (one fault each). One set for the
    /// process, of at most ``byteLimit`` bytes of room; a planner that finds
    /// none allocates its own, as a one-shot solve always does.
    ///
    /// Only the room is kept: a planner made over kept arrays writes every
    /// entry it reads before it starts (``fill(_:variables:rows:)``), so it
    /// is the planner a fresh one would be, entry for entry. An array some
    /// ``Solution`` still shares is copied on its first write, as any array.
    struct SpareArrays {
        var values: [Double]
        var state: [State]
        var blockOfVariable: [Int32]
        var definingRow: [Int32]
        var definedVariable: [Int32]
        var solvedBlockRows: [Int32]
        var solvedBlockStart: [Int32]

        private static let slot = Mutex<SpareArrays?>(nil)
        /// Larger sets are not kept (about 1.2 MB at 10,000 views).
        static let byteLimit = 32 << 20

        /// About how many bytes the arrays have room for.
        var reservedBytes: Int {
            8 * values.capacity + state.capacity
                + 4 * (blockOfVariable.capacity + definingRow.capacity + definedVariable.capacity
                    + solvedBlockRows.capacity + solvedBlockStart.capacity)
        }

        /// `planner`'s arrays, as they are; `planner` is left with none.
        init(takingFrom planner: inout Planner) {
            values = Self.moved(&planner.values)
            state = Self.moved(&planner.state)
            blockOfVariable = Self.moved(&planner.blockOfVariable)
            definingRow = Self.moved(&planner.definingRow)
            definedVariable = Self.moved(&planner.definedVariable)
            solvedBlockRows = Self.moved(&planner.solvedBlockRows)
            solvedBlockStart = Self.moved(&planner.solvedBlockStart)
        }

        /// Keeps `planner`'s arrays (replacing those kept before) when
        /// their room is within ``byteLimit``; `planner` is left with none.
        static func give(_ planner: inout Planner) {
            let arrays = SpareArrays(takingFrom: &planner)
            guard arrays.reservedBytes <= byteLimit else { return }
            // The set kept before is freed here, outside the lock.
            let before = slot.withLock { kept in
                let before = kept
                kept = arrays
                return before
            }
            _ = before
        }

        /// The arrays kept, if any (the slot is left empty).
        static func take() -> SpareArrays? {
            slot.withLock { kept in
                let arrays = kept
                kept = nil
                return arrays
            }
        }

        private static func moved<T>(_ array: inout [T]) -> [T] {
            var taken: [T] = []
            swap(&taken, &array)
            return taken
        }
    }

    /// Sets the planner's arrays to what ``init(system:options:recordsBlockOrder:)``
    /// makes for `variables` variables and `rows` rows (all 0, `.open` or
    /// -1; no block solved), in `spare`'s buffers (moved out of it, so that
    /// no second reference makes them copy).
    mutating func fill(_ spare: inout SpareArrays, variables: Int, rows: Int) {
        Self.refill(&values, from: &spare.values, count: variables, with: 0)
        Self.refill(&state, from: &spare.state, count: variables, with: .open)
        Self.refill(&blockOfVariable, from: &spare.blockOfVariable, count: variables, with: -1)
        Self.refill(&definingRow, from: &spare.definingRow, count: variables, with: -1)
        Self.refill(&definedVariable, from: &spare.definedVariable, count: rows, with: -1)
        Self.refill(&solvedBlockRows, from: &spare.solvedBlockRows, count: 0, with: 0)
        Self.refill(&solvedBlockStart, from: &spare.solvedBlockStart, count: 1, with: 0)
    }

    /// Moves `spare`'s buffer into `array` and fills it with `count` copies
    /// of `filler`: in place when it has the room and nothing else shares it.
    private static func refill<T>(_ array: inout [T], from spare: inout [T], count: Int, with filler: T) {
        swap(&array, &spare)
        array.removeAll(keepingCapacity: true)
        array.reserveCapacity(count)
        array.append(contentsOf: repeatElement(filler, count: count))
    }
}
