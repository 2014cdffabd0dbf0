/// The dependency graph of views with rules: node `n` depends on the nodes
/// listed for it, each edge labelled with the rule that makes it.
///
/// Stored as compressed rows (`start`, `edges`) so that 100,000 views make
/// two arrays. Ordering is Kahn's algorithm, iterative; nodes
/// left over lie on or behind cycles, and one cycle per group of them is
/// extracted by following dependencies until a node repeats.
struct RuleGraph {
    /// Dependencies of node `n` are `edges[start[n] ..< start[n + 1]]`
    /// (``UnsharedArray``s: an edge or a node is added without the
    /// uniqueness check of an `Array`'s append).
    private(set) var start: UnsharedArray<Int32>
    private(set) var edges: UnsharedArray<Edge>
    /// The first edge of the node being built.
    private var nodeStart = 0

    /// A dependency: the node depended on and the rule that makes the edge.
    /// (Kept together, an edge is one append: two arrays were two
    /// uniqueness checks, calls, an edge.)
    struct Edge {
        var target: Int32
        var label: Int32
    }

    var nodeCount: Int { start.count - 1 }

    init(reservingNodes nodes: Int = 0, edges: Int = 0) {
        start = UnsharedArray(capacity: nodes + 1)
        start.append(0)
        self.edges = UnsharedArray(capacity: edges)
    }

    /// Adds an edge from the node being built (the next one to be closed by
    /// ``closeNode()``) to `target`, unless that node already has one to `target`.
    @inline(__always)
    mutating func addDependency(_ target: Int32, label: Int32) {
        let first = nodeStart
        let known = edges.withUnsafeBufferPointer { edges in
            var k = first
            while k < edges.count {
                if edges[k].target == target { return true }
                k &+= 1
            }
            return false
        }
        if !known { edges.append(Edge(target: target, label: label)) }
    }

    /// Adds an edge from the node being built to `target`, which the
    /// caller knows the node has no edge to yet (no search).
    @inline(__always)
    mutating func addNewDependency(_ target: Int32, label: Int32) {
        edges.append(Edge(target: target, label: label))
    }

    /// Ends the dependencies of the current node and starts the next.
    mutating func closeNode() {
        start.append(Int32(edges.count))
        nodeStart = edges.count
    }

    /// A dependency cycle: each member is a node and the label of its edge to
    /// the next member (the last member's edge leads back to the first).
    typealias Cycle = [(node: Int32, label: Int32)]

    /// The nodes with every node after all of its dependencies, or, when there
    /// are cycles, the nodes that could be ordered and one cycle for each
    /// group of nodes that could not.
    ///
    /// - Complexity: O(nodes + edges).
    ///
    /// When every node depends only on nodes numbered below it, the nodes
    /// without dependencies come first, and the highest dependency of each
    /// later node is at least that of the node before, Kahn's order is the
    /// nodes by number (``isOrderedByNumber``, one pass over the edges that
    /// stops at the first node that breaks it), given without the
    /// algorithm's counts and lists. Why: the queue starts with the sources
    /// `0 ..< k` by number; while the nodes come out by number, a node
    /// `i ≥ k` goes in when its highest dependency `h(i) < i` comes out
    /// (the last of its dependencies to), after the nodes that went in
    /// before, and nodes going in at one node's turn go in by number; so
    /// the queue holds the nodes by `(h(i), i)`, which is by number when
    /// `h` never decreases. (`list-rules`'s graph is one: each cell
    /// depends on the cell before it, each icon on its cell.)
    func topologicalOrder() -> (order: [Int32], cycles: [Cycle]) {
        let n = nodeCount
        if isOrderedByNumber {
            let order = [Int32](unsafeUninitializedCapacity: n) { order, ordered in
                for node in 0 ..< n { order[node] = Int32(truncatingIfNeeded: node) }
                ordered = n
            }
            return (order, [])
        }
        // Read and written through buffers: the arrays' bounds and overflow
        // checks were about half of the instructions (168 a node in `list-rules`).
        var waiting = [Int32](repeating: 0, count: n)
        // Each node's dependents are `dependents[firstDependent[node] ..< firstDependent[node + 1]]`.
        var firstDependent = [Int32](repeating: 0, count: n + 1)
        var dependents = [Int32](repeating: 0, count: edges.count)
        let order = [Int32](unsafeUninitializedCapacity: n) { order, ordered in
            start.withUnsafeBufferPointer { start in
                edges.withUnsafeBufferPointer { edges in
                    waiting.withUnsafeMutableBufferPointer { waiting in
                        firstDependent.withUnsafeMutableBufferPointer { first in
                            dependents.withUnsafeMutableBufferPointer { dependents in
                                // Count each node's dependencies and dependents; `first[t]` becomes the
                                // end of `t`'s dependents, then, filled from the back, their start.
                                for node in 0 ..< n {
                                    waiting[node] = start[node &+ 1] &- start[node]
                                    for k in Int(start[node]) ..< Int(start[node &+ 1]) {
                                        first[Int(edges[k].target)] &+= 1
                                    }
                                }
                                var sum: Int32 = 0
                                for node in 0 ..< n {
                                    sum &+= first[node]
                                    first[node] = sum
                                }
                                first[n] = sum
                                // Backwards, so that each node's dependents are in the order of the
                                // nodes (and of their edges) that depend on it.
                                for node in stride(from: n &- 1, through: 0, by: -1) {
                                    for k in stride(from: Int(start[node &+ 1]) &- 1, through: Int(start[node]), by: -1) {
                                        let target = Int(edges[k].target)
                                        first[target] &-= 1
                                        dependents[Int(first[target])] = Int32(truncatingIfNeeded: node)
                                    }
                                }
                                // Kahn's algorithm, the order filled as the queue.
                                var count = 0
                                for node in 0 ..< n where waiting[node] == 0 {
                                    order[count] = Int32(truncatingIfNeeded: node)
                                    count &+= 1
                                }
                                var head = 0
                                while head < count {
                                    let done = Int(order[head])
                                    head &+= 1
                                    for k in Int(first[done]) ..< Int(first[done &+ 1]) {
                                        let dependent = Int(dependents[k])
                                        waiting[dependent] &-= 1
                                        if waiting[dependent] == 0 {
                                            order[count] = Int32(truncatingIfNeeded: dependent)
                                            count &+= 1
                                        }
                                    }
                                }
                                ordered = count
                            }
                        }
                    }
                }
            }
        }
        guard order.count < n else { return (order, []) }
        return (order, cycles(waiting: waiting))
    }

    /// Whether every node depends only on nodes numbered below it, the
    /// nodes without dependencies come first, and each later node's highest
    /// dependency is at least that of the node before: then Kahn's order is
    /// the nodes by number (see ``topologicalOrder()``).
    ///
    /// - Complexity: O(nodes + edges) at most.
    var isOrderedByNumber: Bool {
        start.withUnsafeBufferPointer { start in
            edges.withUnsafeBufferPointer { edges in
                // The highest dependency of the last node that had any (`-1`: no such node yet).
                var last: Int32 = -1
                // The edges one after another (a range a node checked its bounds).
                var k = 0
                var node: Int32 = 0
                while Int(node) < start.count &- 1 {
                    let end = Int(start[Int(node) &+ 1])
                    var highest: Int32 = -1
                    while k < end {
                        highest = max(highest, edges[k].target)
                        k &+= 1
                    }
                    // A node without dependencies after one with (`-1 < last`) goes into Kahn's queue early.
                    if highest >= node || highest < last { return false }
                    last = highest
                    node &+= 1
                }
                return true
            }
        }
    }

    /// One cycle per walk through the nodes that Kahn's algorithm left
    /// (`waiting > 0`). Each such node has a dependency that was also left,
    /// so following those from any of them must revisit a node.
    private func cycles(waiting: [Int32]) -> [Cycle] {
        let n = nodeCount
        // 0: not walked; 1: on the current walk; 2: walked earlier.
        var mark = [UInt8](repeating: 0, count: n)
        var positionOnWalk = [Int32](repeating: -1, count: n)
        var found: [Cycle] = []
        var walk: Cycle = []
        for first in 0 ..< n where waiting[first] > 0 && mark[first] == 0 {
            walk.removeAll(keepingCapacity: true)
            var node = first
            while true {
                mark[node] = 1
                positionOnWalk[node] = Int32(walk.count)
                // The first dependency that is still waiting.
                var next = -1
                var label: Int32 = -1
                for k in Int(start[node]) ..< Int(start[node + 1]) where waiting[Int(edges[k].target)] > 0 {
                    next = Int(edges[k].target)
                    label = edges[k].label
                    break
                }
                assert(next >= 0, "a node left by Kahn's algorithm waits on another left node")
                walk.append((Int32(node), label))
                if next < 0 || mark[next] == 2 { break }
                if mark[next] == 1 {
                    found.append(Array(walk[Int(positionOnWalk[next])...]))
                    break
                }
                node = next
            }
            for (member, _) in walk { mark[Int(member)] = 2 }
        }
        return found
    }
}
