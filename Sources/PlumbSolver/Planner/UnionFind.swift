/// Disjoint sets over `0 ..< count` with path halving and union by size.
struct UnionFind {
    private var parent: [Int32]
    private var size: [Int32]

    init(count: Int) {
        parent = (0 ..< Int32(count)).map { $0 }
        size = [Int32](repeating: 1, count: count)
    }

    /// The representative of `x`'s set.
    /// - Complexity: amortised nearly O(1).
    mutating func find(_ x: Int32) -> Int32 {
        var x = x
        while parent[Int(x)] != x {
            let grand = parent[Int(parent[Int(x)])]
            parent[Int(x)] = grand
            x = grand
        }
        return x
    }

    mutating func union(_ a: Int32, _ b: Int32) {
        var ra = find(a), rb = find(b)
        if ra == rb { return }
        if size[Int(ra)] < size[Int(rb)] { swap(&ra, &rb) }
        parent[Int(rb)] = ra
        size[Int(ra)] += size[Int(rb)]
    }
}
