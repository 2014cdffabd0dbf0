/// Disjoint sets over `0 ..< count` with path halving and union by size.
struct UnionFind {
    private var parent: [Int32]
    private var size: [Int32]

    init(count: Int) {
        // Each its own parent, written through the new buffer (a `map` over
        // the range paid a closure call and a capacity check an element).
        parent = [Int32](unsafeUninitializedCapacity: count) { buffer, initialized in
            for i in 0 ..< count { buffer[i] = Int32(truncatingIfNeeded: i) }
            initialized = count
        }
        size = [Int32](repeating: 1, count: count)
    }

    /// The sets seen through their storage, for loops that join or look up
    /// once a term: an array write checks its buffer's uniqueness each time,
    /// a write through these pointers does not. Valid only inside
    /// `withStorage(_:)`.
    struct Storage {
        fileprivate let parent: UnsafeMutableBufferPointer<Int32>
        fileprivate let size: UnsafeMutableBufferPointer<Int32>

        /// The representative of `x`'s set.
        /// - Complexity: amortised nearly O(1).
        @inline(__always)
        func find(_ x: Int32) -> Int32 {
            var x = x
            while parent[Int(x)] != x {
                let grand = parent[Int(parent[Int(x)])]
                parent[Int(x)] = grand
                x = grand
            }
            return x
        }

        @inline(__always)
        func union(_ a: Int32, _ b: Int32) {
            _ = joined(a, b)
        }

        /// Joins the sets of `a` and `b` and returns the size of the set
        /// that holds both.
        @inline(__always)
        func joined(_ a: Int32, _ b: Int32) -> Int32 {
            var ra = find(a), rb = find(b)
            if ra == rb { return size[Int(ra)] }
            if size[Int(ra)] < size[Int(rb)] { swap(&ra, &rb) }
            parent[Int(rb)] = ra
            size[Int(ra)] += size[Int(rb)]
            return size[Int(ra)]
        }
    }

    /// Runs `body` with the sets' storage.
    @inline(__always)
    mutating func withStorage<R>(_ body: (Storage) throws -> R) rethrows -> R {
        try parent.withUnsafeMutableBufferPointer { parent in
            try size.withUnsafeMutableBufferPointer { size in
                try body(Storage(parent: parent, size: size))
            }
        }
    }

    /// The representative of `x`'s set.
    /// - Complexity: amortised nearly O(1).
    mutating func find(_ x: Int32) -> Int32 {
        withStorage { $0.find(x) }
    }

    mutating func union(_ a: Int32, _ b: Int32) {
        withStorage { $0.union(a, b) }
    }
}
