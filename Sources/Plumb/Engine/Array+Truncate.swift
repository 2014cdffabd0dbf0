extension Array {
    /// Removes the elements from `start` on, keeping the capacity, as
    /// `removeSubrange(start...)` does; when there are none, returns at once.
    ///
    /// Emptying a scratch array is a call to the generic `replaceSubrange`
    /// (about 80 instructions) even when it is already empty, which lowering
    /// rules did several times a rule.
    @inline(__always)
    mutating func truncate(from start: Int) {
        if start < count { removeSubrange(start...) }
    }
}
