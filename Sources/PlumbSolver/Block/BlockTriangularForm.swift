/// The block triangular form of the matched required equalities: the strongly
/// connected components of the dependency graph, in an order where every block
/// comes after the blocks it depends on.
///
/// A matched row `r` defines the variable matched to it; `r` depends on row
/// `r'` when `r` mentions the variable that `r'` defines. Tarjan's algorithm
/// emits a component only after every component reachable from it, which is
/// exactly "dependencies first", so blocks can be solved in emission order.
/// A system whose blocks are all 1×1 is acyclic: the DAG evaluator's case.
struct BlockTriangularForm {
    /// Block `b` is `rows[blockStart[b] ..< blockStart[b + 1]]`.
    var blockStart: [Int32] = [0]
    var rows: [Int32] = []

    var blockCount: Int { blockStart.count - 1 }

    func rows(ofBlock b: Int) -> ArraySlice<Int32> {
        rows[Int(blockStart[b]) ..< Int(blockStart[b + 1])]
    }

    /// Orders the rows matched in `transversal` (over the CSR pattern
    /// `start`/`index`) into blocks. `candidates` lists the rows the transversal
    /// was given; unmatched ones are skipped, and depth-first searches start
    /// from the matched ones in this order.
    ///
    /// - Complexity: O(rows + nonzeros); iterative, so dependency chains of any
    ///   length are fine.
    init(
        start: UnsafeBufferPointer<Int32>, index: UnsafeBufferPointer<Int32>,
        transversal: Transversal, rows candidates: [Int32]
    ) {
        // Tarjan's bookkeeping is indexed by each row's matched variable (there
        // are fewer variables than rows), in one allocation: discovery order,
        // low link (-1 once the row's component is emitted, so finished rows
        // are "not on the stack" without a separate flag).
        let variableCount = transversal.rowOfVariable.count
        // (This array and the two below in arrays an earlier layout gave
        // back, when there are some: see ``SpareArrays``.)
        var scratch = SpareArrays.take(repeating: Int32(-1), count: 2 * variableCount)
        defer { SpareArrays.give(taking: &scratch) }
        // The stack of visited variables, and the call stack (variable and
        // next term position): each matched variable is pushed at most once
        // on each, so they are three fixed buffers of the matching's size,
        // left uninitialised (pages deeper than the deepest search are never
        // touched) and written without a uniqueness or capacity check.
        let matchedCount = transversal.size
        let depth = Swift.max(matchedCount, 1)
        let stack = UnsafeMutablePointer<Int32>.allocate(capacity: 3 * depth)
        defer { stack.deallocate() }
        let callVar = stack + depth
        let callPos = callVar + depth
        var out = SpareArrays.take(repeating: Int32(0), count: matchedCount)
        var emitted = 0

        // The blocks' ends, written as blocks are emitted (the room is not cleared first).
        let outStart: [Int32] = SpareArrays.take(count: matchedCount + 1) { outStart in
        var blockEnds = 0
        transversal.rowOfVariable.withUnsafeBufferPointer { rowOfVar in
        transversal.variableOfRow.withUnsafeBufferPointer { varOfRow in
        scratch.withUnsafeMutableBufferPointer { scratch in
        out.withUnsafeMutableBufferPointer { out in
            outStart[0] = 0
            blockEnds = 1
            let order = UnsafeMutableBufferPointer(rebasing: scratch[0 ..< variableCount])
            let low = UnsafeMutableBufferPointer(rebasing: scratch[variableCount ..< 2 * variableCount])
            var counter: Int32 = 0
            var stackTop = 0  // entries in `stack`
            var calls = 0  // entries in `callVar` and `callPos`
            for rootRow in candidates {
                let root = varOfRow[Int(rootRow)]
                guard root >= 0 && order[Int(root)] < 0 else { continue }
                // A root whose row depends only on rows already emitted (the
                // stack is empty between roots, so every visited variable is
                // finished) is a 1×1 block by itself, which the search below
                // would emit at once: emitted here without the stacks. Rows
                // written after what they depend on (most layouts) all go
                // this way.
                var ready = true
                for k in Int(start[Int(rootRow)]) ..< Int(start[Int(rootRow) &+ 1]) {
                    let ni = Int(index[k])
                    if order[ni] < 0 && rowOfVar[ni] >= 0 && ni != Int(root) {
                        ready = false
                        break
                    }
                }
                if ready {
                    order[Int(root)] = counter; counter &+= 1  // low stays -1: finished
                    out[emitted] = rootRow; emitted &+= 1
                    outStart[blockEnds] = Int32(emitted); blockEnds &+= 1
                    continue
                }
                order[Int(root)] = counter; low[Int(root)] = counter; counter &+= 1
                stack[stackTop] = root; stackTop &+= 1
                callVar[0] = root; callPos[0] = start[Int(rootRow)]; calls = 1
                while calls > 0 {
                    let v = callVar[calls &- 1]
                    let vi = Int(v)
                    let end = start[Int(rowOfVar[vi]) &+ 1]
                    var k = callPos[calls &- 1]
                    var pushed = false
                    while k < end {
                        let next = index[Int(k)]
                        k &+= 1
                        let ni = Int(next)
                        if next == v || rowOfVar[ni] < 0 { continue }
                        if order[ni] < 0 {
                            callPos[calls &- 1] = k
                            order[ni] = counter; low[ni] = counter; counter &+= 1
                            stack[stackTop] = next; stackTop &+= 1
                            callVar[calls] = next; callPos[calls] = start[Int(rowOfVar[ni])]; calls &+= 1
                            pushed = true
                            break
                        } else if low[ni] >= 0 && order[ni] < low[vi] {
                            low[vi] = order[ni]  // `next` is still on the stack
                        }
                    }
                    if pushed { continue }
                    // v's row is finished: emit its component if it is a root, then return.
                    let vLow = low[vi]
                    if vLow == order[vi] {
                        while true {
                            stackTop &-= 1
                            let w = stack[stackTop]
                            low[Int(w)] = -1
                            out[emitted] = rowOfVar[Int(w)]; emitted &+= 1
                            if w == v { break }
                        }
                        outStart[blockEnds] = Int32(emitted); blockEnds &+= 1
                    }
                    calls &-= 1
                    if calls > 0 {
                        let parent = Int(callVar[calls &- 1])
                        if vLow >= 0 && vLow < low[parent] { low[parent] = vLow }
                    }
                }
            }
        }}}}
        return blockEnds
        }
        self.rows = out
        blockStart = outStart
    }

    /// Gives the form's arrays to ``SpareArrays`` (the form is not used again).
    mutating func giveArrays() {
        SpareArrays.give(taking: &rows)
        SpareArrays.give(taking: &blockStart)
    }
}
