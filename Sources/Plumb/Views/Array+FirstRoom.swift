extension Array {
    /// Appends `element`; an empty array is first made with room for
    /// `firstRoom` elements, `element` in it. A view's lists (its
    /// constraints, its subviews) start so: most views that get one get a
    /// few, and appending to an empty array made room for 1, then grew it
    /// by doubling (an allocation, a copy and a free each time). Reserving
    /// room in the empty array, then appending, went through the general
    /// path that moves the old elements.
    @inline(__always)
    mutating func append(_ element: Element, firstRoom: Int) {
        if isEmpty {
            self = Array(unsafeUninitializedCapacity: firstRoom) { buffer, count in
                buffer.initializeElement(at: 0, to: element)
                count = 1
            }
        } else {
            append(element)
        }
    }
}
