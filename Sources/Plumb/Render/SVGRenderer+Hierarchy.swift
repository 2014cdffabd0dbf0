extension SVGRenderer {
    /// A view in drawing order with its depth below its root.
    struct DrawEntry: Equatable {
        var view: Int
        var depth: Int
    }

    /// The views in pre-order of the hierarchy given by `parents`, children in
    /// index order. Views whose parent is `-1`, out of range or themselves
    /// are roots; views only reachable through a cycle are started from in
    /// index order, so every view appears exactly once.
    ///
    /// - Complexity: O(n).
    static func preorder(parents: ArraySlice<Int32>) -> [DrawEntry] {
        let count = parents.count
        let base = parents.startIndex
        func parent(of view: Int) -> Int? {
            let p = Int(parents[base + view])
            return (p >= 0 && p < count && p != view) ? p : nil
        }

        // Children lists in compressed form: childStart[v] ..< childStart[v + 1]
        // indexes `children`, filled in increasing child index.
        var childStart = [Int](repeating: 0, count: count + 1)
        for view in 0..<count {
            if let p = parent(of: view) { childStart[p + 1] += 1 }
        }
        for view in 0..<count { childStart[view + 1] += childStart[view] }
        var fill = childStart
        var children = [Int](repeating: 0, count: childStart[count])
        for view in 0..<count {
            if let p = parent(of: view) {
                children[fill[p]] = view
                fill[p] += 1
            }
        }

        var order: [DrawEntry] = []
        order.reserveCapacity(count)
        var visited = [Bool](repeating: false, count: count)
        var stack: [DrawEntry] = []
        func walk(from root: Int) {
            stack.append(DrawEntry(view: root, depth: 0))
            visited[root] = true
            while let entry = stack.popLast() {
                order.append(entry)
                // Pushed in reverse so the lowest index is drawn first.
                for slot in (childStart[entry.view]..<childStart[entry.view + 1]).reversed() {
                    let child = children[slot]
                    if !visited[child] {
                        visited[child] = true
                        stack.append(DrawEntry(view: child, depth: entry.depth + 1))
                    }
                }
            }
        }
        for view in 0..<count where parent(of: view) == nil { walk(from: view) }
        for view in 0..<count where !visited[view] { walk(from: view) }
        return order
    }
}
