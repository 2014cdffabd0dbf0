import Testing
import PlumbTestSupport
@testable import Plumb

/// `RuleGraph` against a model of plain arrays: random graphs (some with
/// cycles, repeated edges and self-loops), each node's dependencies as
/// added without repeats, Kahn's order checked edge by edge and against
/// a queue over the model's arrays, and the nodes
/// it leaves out found again by a depth-first search for cycles.
@Suite struct RuleGraphTests {
    @Test func agreesWithAModelOfItsEdges() {
        var random = SplitMix64(seed: 0x5EED_600D)
        var acyclic = 0, cyclic = 0
        for round in 0 ..< 400 {
            let n = Int(random.next() % 40) + 1
            // Mostly edges to earlier nodes (acyclic); in half the rounds a few back edges.
            let backEdges = round % 2 == 0 ? 0 : Int(random.next() % 3) + 1
            var model: [[(target: Int32, label: Int32)]] = Array(repeating: [], count: n)
            var graph = RuleGraph(reservingNodes: round % 3 == 0 ? 0 : n, edges: round % 3 == 0 ? 0 : 2 * n)
            var backLeft = backEdges
            var label: Int32 = 0
            for node in 0 ..< n {
                let tries = Int(random.next() % 6)
                for _ in 0 ..< tries {
                    var target: Int32
                    if node > 0 && (backLeft == 0 || random.next() % 4 != 0) {
                        target = Int32(random.next() % UInt64(node))
                    } else if backLeft > 0 {
                        target = Int32(random.next() % UInt64(n))
                        backLeft -= 1
                    } else {
                        continue
                    }
                    label += 1
                    graph.addDependency(target, label: label)
                    if !model[node].contains(where: { $0.target == target }) { model[node].append((target, label)) }
                    // The same edge again, with another label: kept once, with the first label.
                    if random.next() % 5 == 0 {
                        graph.addDependency(target, label: label + 1000)
                    }
                }
                graph.closeNode()
            }
            #expect(graph.nodeCount == n)
            for node in 0 ..< n {
                let range = Int(graph.start[node]) ..< Int(graph.start[node + 1])
                let edges = graph.edges.withUnsafeBufferPointer { Array($0[range]) }
                #expect(edges.map(\.target) == model[node].map(\.target), "round \(round) node \(node)")
                #expect(edges.map(\.label) == model[node].map(\.label), "round \(round) node \(node)")
            }

            let (order, cycles) = graph.topologicalOrder()
            // The very order of Kahn's algorithm as first written (the rules' rows are added in it,
            // so the system and the frames depend on it): sources by number, then a FIFO queue in
            // which each node's dependents come in the order of the nodes and edges naming them.
            #expect(order == Self.kahnOrder(model), "round \(round)")
            // Every ordered node comes after each of its dependencies, which are ordered too.
            var position = [Int](repeating: -1, count: n)
            for (k, node) in order.enumerated() {
                #expect(position[Int(node)] == -1, "round \(round): node \(node) ordered twice")
                position[Int(node)] = k
            }
            for node in order {
                for (target, _) in model[Int(node)] {
                    #expect(position[Int(target)] >= 0 && position[Int(target)] < position[Int(node)],
                            "round \(round): \(node) before its dependency \(target)")
                }
            }
            // A node is left out exactly when it reaches a cycle (depth-first search on the model).
            let reachesCycle = Self.nodesReachingCycles(model)
            for node in 0 ..< n {
                #expect((position[node] < 0) == reachesCycle[node], "round \(round) node \(node)")
            }
            #expect(cycles.isEmpty == !reachesCycle.contains(true), "round \(round)")
            // Each cycle reported is one: consecutive members joined by edges with those labels.
            for cycle in cycles {
                for (k, member) in cycle.enumerated() {
                    let next = cycle[(k + 1) % cycle.count].node
                    #expect(model[Int(member.node)].contains(where: { $0.target == next && $0.label == member.label }),
                            "round \(round): \(member.node) -> \(next) is not an edge labelled \(member.label)")
                }
            }
            if cycles.isEmpty { acyclic += 1 } else { cyclic += 1 }
        }
        #expect(acyclic >= 150 && cyclic >= 50, "\(acyclic) acyclic, \(cyclic) cyclic graphs")
    }

    /// Graphs built as chains (sources first, then nodes whose highest
    /// dependency never decreases, as `list-rules`'s) are ordered by number
    /// without Kahn's algorithm; the same graphs with one node broken (a
    /// late source, a highest dependency lower than the node before's, an
    /// edge to itself or a later node) are not. Both give Kahn's order of
    /// the model.
    @Test func chainedGraphsAreOrderedByNumber() {
        var random = SplitMix64(seed: 0xC4A1_0DE5)
        var byNumber = 0, notByNumber = 0
        for round in 0 ..< 300 {
            let n = Int(random.next() % 30) + 2
            let sources = min(Int(random.next() % 3) + 1, n - 1)
            // 0: chained; 1: a late source; 2: a lower highest dependency; 3: a loop or a forward edge.
            let breakage = round % 4
            let broken = Int(random.next() % UInt64(n - sources)) + sources
            var applied = false
            var model: [[(target: Int32, label: Int32)]] = Array(repeating: [], count: n)
            var graph = RuleGraph()
            var latest: Int32 = 0
            var label: Int32 = 0
            for node in 0 ..< n {
                func add(_ target: Int32) {
                    label += 1
                    graph.addDependency(target, label: label)
                    if !model[node].contains(where: { $0.target == target }) { model[node].append((target, label)) }
                }
                if node < sources || (breakage == 1 && node == broken) {
                    // A source right after the first ones is one of them.
                    applied = applied || node > sources
                    graph.closeNode()
                    continue
                }
                var highest = min(latest + Int32(random.next() % 3), Int32(node - 1))
                if breakage == 2, node == broken, latest > 0 {
                    highest = latest - 1
                    applied = true
                }
                // Other edges below the highest, some repeated.
                for _ in 0 ..< Int(random.next() % 3) where highest > 0 { add(Int32(random.next() % UInt64(highest))) }
                add(highest)
                if random.next() % 3 == 0, highest > 0 { add(Int32(random.next() % UInt64(highest))) }
                if breakage == 3, node == broken {
                    add(Int32(node + 1 < n ? node + Int(random.next() % 2) : node))
                    applied = true
                }
                latest = max(latest, highest)
                graph.closeNode()
            }
            let (order, _) = graph.topologicalOrder()
            #expect(order == Self.kahnOrder(model), "round \(round)")
            #expect(graph.isOrderedByNumber == !applied, "round \(round)")
            if graph.isOrderedByNumber {
                byNumber += 1
                #expect(order == (0 ..< n).map { Int32($0) }, "round \(round)")
            } else {
                notByNumber += 1
            }
        }
        #expect(byNumber >= 60 && notByNumber >= 60, "\(byNumber) by number, \(notByNumber) not")
    }

    /// Graphs whose every node depends only on nodes below it are ordered
    /// from each node's last dependency to come out, Kahn's order of the
    /// model, including `cards-rules`' shape (not ordered by number); a
    /// graph with an edge to the node itself or a later one is not, nor
    /// one whose nodes of one level take many steps to compare (two long
    /// chains of one length, then nodes depending on both ends): Kahn's
    /// algorithm orders those, the same order.
    @Test func graphsWithEdgesDownAreOrderedByRelease() {
        func build(_ model: [[Int32]]) -> RuleGraph {
            var graph = RuleGraph()
            var label: Int32 = 0
            for targets in model {
                for target in targets {
                    label += 1
                    graph.addDependency(target, label: label)
                }
                graph.closeNode()
            }
            return graph
        }
        func labelled(_ model: [[Int32]]) -> [[(target: Int32, label: Int32)]] {
            model.map { Array(Set($0)).sorted().map { (target: $0, label: 0) } }
        }
        // Cards: each card on the card two before it, a picture on its card, a title on both, a badge on the picture.
        var cards: [[Int32]] = []
        for card in 0 ..< 50 {
            let c = Int32(4 * card)
            cards.append(card >= 2 ? [c - 8] : [])
            cards += [[c], [c, c + 1], [c + 1]]
        }
        let cardsGraph = build(cards)
        #expect(!cardsGraph.isOrderedByNumber)
        let released = cardsGraph.orderByReleaseTree()
        #expect(released != nil)
        #expect(released == Self.kahnOrder(labelled(cards)))
        #expect(cardsGraph.topologicalOrder().order == Self.kahnOrder(labelled(cards)))

        var random = SplitMix64(seed: 0x7EE5_0F0D)
        for round in 0 ..< 200 {
            let n = Int(random.next() % 40) + 1
            var model: [[Int32]] = []
            for node in 0 ..< n {
                let tries = node == 0 ? 0 : Int(random.next() % 4)
                model.append((0 ..< tries).map { _ in Int32(random.next() % UInt64(node)) })
            }
            // Every third round, one edge to the node itself or a later one.
            let forward = round % 3 == 0 && n > 1
            if forward {
                let node = Int(random.next() % UInt64(n))
                model[node].append(Int32(node + Int(random.next() % UInt64(n - node))))
            }
            let graph = build(model)
            let order = graph.orderByReleaseTree()
            if forward {
                #expect(order == nil, "round \(round)")
            } else {
                #expect(order == Self.kahnOrder(labelled(model)), "round \(round)")
            }
        }

        // Two chains of 60 from two sources, then 60 nodes on both ends: 3,600 steps up the chains.
        var chains: [[Int32]] = [[], []]
        for k in 0 ..< 60 { chains += [[Int32(2 * k)], [Int32(2 * k + 1)]] }
        for _ in 0 ..< 60 { chains.append([120, 121]) }
        let chainsGraph = build(chains)
        #expect(chainsGraph.orderByReleaseTree() == nil)
        #expect(chainsGraph.topologicalOrder().order == Self.kahnOrder(labelled(chains)))
        // Fewer such nodes fit the steps allowed.
        let fewer = Array(chains.prefix(124))
        #expect(build(fewer).orderByReleaseTree() == Self.kahnOrder(labelled(fewer)))
    }

    /// Kahn's order of the model, with plain arrays and a queue.
    private static func kahnOrder(_ model: [[(target: Int32, label: Int32)]]) -> [Int32] {
        let n = model.count
        var waiting = model.map(\.count)
        var dependents = [[Int]](repeating: [], count: n)
        for node in 0 ..< n {
            for (target, _) in model[node] { dependents[Int(target)].append(node) }
        }
        var queue = (0 ..< n).filter { waiting[$0] == 0 }
        var head = 0
        while head < queue.count {
            let done = queue[head]
            head += 1
            for dependent in dependents[done] {
                waiting[dependent] -= 1
                if waiting[dependent] == 0 { queue.append(dependent) }
            }
        }
        return queue.map { Int32($0) }
    }

    /// For each node, whether a cycle can be reached from it (itself on one included).
    private static func nodesReachingCycles(_ model: [[(target: Int32, label: Int32)]]) -> [Bool] {
        let n = model.count
        // 0 unvisited, 1 on the stack, 2 done; `bad` once a cycle is reachable.
        var state = [UInt8](repeating: 0, count: n)
        var bad = [Bool](repeating: false, count: n)
        func visit(_ node: Int) {
            state[node] = 1
            for (target, _) in model[node] {
                let t = Int(target)
                if state[t] == 1 { bad[node] = true; bad[t] = true } else {
                    if state[t] == 0 { visit(t) }
                    if bad[t] { bad[node] = true }
                }
            }
            state[node] = 2
        }
        for node in 0 ..< n where state[node] == 0 { visit(node) }
        // A node on a cycle found from a later start is marked through its successors: repeat to a fixed point.
        var changed = true
        while changed {
            changed = false
            for node in 0 ..< n where !bad[node] {
                if model[node].contains(where: { bad[Int($0.target)] }) { bad[node] = true; changed = true }
            }
        }
        return bad
    }
}
