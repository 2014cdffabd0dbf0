extension Array {
    /// Removes the elements from `start` on, keeping the capacity, as
    /// `removeSubrange(start...)` does; when there are none, returns at once.
    ///
    /// Emptying a scratch array is a call to the generic `replaceSubrange`
    /// (about 80 instructions) even when it is already empty, which lowering
    /// rules did several times a rule.
    ///
    /// A few elements are taken off the end one by one instead: that is
    /// the same generic call (a rule's one or two arguments were emptied
    /// so once a rule).
    @inline(__always)
    mutating func truncate(from start: Int) {
        guard start < count else { return }
        if count &- start <= 4 {
            repeat { removeLast() } while count > start
        } else {
            removeSubrange(start...)
        }
    }
}
