// Scratch arrays resized in place, shared by the residual phase's per-row
// loops (the canonical order, component shapes, presolve).

extension Array {
    /// Sets the array to `count` elements, `filler` where it grows, keeping
    /// its buffer: scratch that per-row loops then write through a pointer.
    /// A buffer that must grow grows to `count` exactly (an append would
    /// double it), so large components peak no higher than before.
    mutating func resize(to count: Int, filling filler: Element) {
        if self.count > count {
            removeLast(self.count - count)
        } else if self.count < count {
            reserveCapacity(count)
            append(contentsOf: repeatElement(filler, count: count - self.count))
        }
    }
}
