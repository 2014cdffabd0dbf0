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
    /// depends on the cell before it, each icon on its cell.) When every
    /// node depends only on nodes below it but not so, the same order is
    /// found from each node's last dependency to come out
    /// (``orderByReleaseTree()``), without Kahn's counts and lists.
    func topologicalOrder() -> (order: [Int32], cycles: [Cycle]) {
        let n = nodeCount
        if isOrderedByNumber {
            let order = [Int32](unsafeUninitializedCapacity: n) { order, ordered in
                for node in 0 ..< n { order[node] = Int32(truncatingIfNeeded: node) }
                ordered = n
            }
            return (order, [])
        }
        if let order = orderByReleaseTree() { return (order, []) }
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

    /// Kahn's order, when every node depends only on nodes numbered below
    /// it, found without the algorithm's counts and lists of dependents
    /// (`cards-rules`' graph: each card depends on the card two before it,
    /// its picture on it, its title on both; not ordered by number), or
    /// `nil` when a node depends on itself or a later node, or when the
    /// comparisons below take more than a few steps a node (then Kahn's
    /// algorithm runs).
    ///
    /// Why it is Kahn's order: a node goes into the queue when the last of
    /// its dependencies to come out does (its *release*), and the nodes
    /// released by one node go in by number, after everything already in
    /// the queue. So the nodes, each under its release, make a forest whose
    /// roots are the sources by number and whose children are by number,
    /// and a FIFO queue takes a forest level by level: the order is the
    /// forest's breadth-first order. Of two nodes, the one at a lower level
    /// comes first; at one level, the one whose release comes first, and
    /// for two children of one node (or two sources) the lower number. Only
    /// nodes below a node decide its release, and they are placed before
    /// it is (every dependency is numbered below its node), so one pass in
    /// number order finds each node's release, linking it as its release's
    /// last child, and a second walks the forest breadth first.
    ///
    /// - Complexity: O(nodes + edges) with at most `4 · nodes + 64` steps
    ///   up the forest for nodes of one level.
    func orderByReleaseTree() -> [Int32]? {
        let n = nodeCount
        // Each node's release (`-1`: a source), level, and children: `firstChild`, then `nextSibling`.
        let release = UnsafeMutablePointer<Int32>.allocate(capacity: max(n, 1))
        let level = UnsafeMutablePointer<Int32>.allocate(capacity: max(n, 1))
        let firstChild = UnsafeMutablePointer<Int32>.allocate(capacity: max(n, 1))
        let lastChild = UnsafeMutablePointer<Int32>.allocate(capacity: max(n, 1))
        let nextSibling = UnsafeMutablePointer<Int32>.allocate(capacity: max(n, 1))
        defer {
            release.deallocate()
            level.deallocate()
            firstChild.deallocate()
            lastChild.deallocate()
            nextSibling.deallocate()
        }
        var budget = 4 &* n &+ 64
        // Whether node `a` comes after node `b` (distinct, both placed) in the order.
        @inline(__always) func after(_ a: Int32, _ b: Int32) -> Bool {
            if level[Int(a)] != level[Int(b)] { return level[Int(a)] > level[Int(b)] }
            var a = a, b = b
            while true {
                let ra = release[Int(a)], rb = release[Int(b)]
                if ra == rb { return a > b }
                a = ra
                b = rb
                budget &-= 1
            }
        }
        let placed: Bool = start.withUnsafeBufferPointer { start in
            edges.withUnsafeBufferPointer { edges in
                var k = 0
                var node: Int32 = 0
                while Int(node) < n {
                    let end = Int(start[Int(node) &+ 1])
                    firstChild[Int(node)] = -1
                    nextSibling[Int(node)] = -1
                    guard k < end else {
                        release[Int(node)] = -1
                        level[Int(node)] = 0
                        node &+= 1
                        continue
                    }
                    var last = edges[k].target
                    if last >= node { return false }
                    k &+= 1
                    while k < end {
                        let target = edges[k].target
                        if target >= node { return false }
                        if target != last && after(target, last) { last = target }
                        if budget < 0 { return false }
                        k &+= 1
                    }
                    release[Int(node)] = last
                    level[Int(node)] = level[Int(last)] &+ 1
                    if firstChild[Int(last)] < 0 {
                        firstChild[Int(last)] = node
                    } else {
                        nextSibling[Int(lastChild[Int(last)])] = node
                    }
                    lastChild[Int(last)] = node
                    node &+= 1
                }
                return true
            }
        }
        guard placed else { return nil }
        return [Int32](unsafeUninitializedCapacity: n) { order, ordered in
            var count = 0
            var node = 0
            while node < n {
                if release[node] < 0 {
                    order[count] = Int32(truncatingIfNeeded: node)
                    count &+= 1
                }
                node &+= 1
            }
            var head = 0
            while head < count {
                var child = firstChild[Int(order[head])]
                head &+= 1
                while child >= 0 {
                    order[count] = child
                    count &+= 1
                    child = nextSibling[Int(child)]
                }
            }
            ordered = count
        }
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
