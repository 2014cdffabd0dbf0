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
    /// `start`/`index`) into blocks.
    ///
    /// - Complexity: O(rows + nonzeros); iterative, so dependency chains of any
    ///   length are fine.
    init(
        start: UnsafeBufferPointer<Int32>, index: UnsafeBufferPointer<Int32>,
        transversal: Transversal, matchedRows: [Int32]
    ) {
        let rowCount = transversal.variableOfRow.count
        // Tarjan's bookkeeping in one allocation: discovery order, low link
        // (-1 once the row's component is emitted, so finished rows are
        // "not on the stack" without a separate flag), and the two stacks.
        var scratch = [Int32](repeating: -1, count: 2 * rowCount)
        var stack = [Int32](repeating: 0, count: matchedRows.count)
        var callRow = [Int32](repeating: 0, count: matchedRows.count)
        var callPos = [Int32](repeating: 0, count: matchedRows.count)
        var out = [Int32](repeating: 0, count: matchedRows.count)
        var outStart: [Int32] = [0]
        outStart.reserveCapacity(matchedRows.count + 1)
        var emitted = 0

        transversal.rowOfVariable.withUnsafeBufferPointer { rowOfVar in
        scratch.withUnsafeMutableBufferPointer { scratch in
        stack.withUnsafeMutableBufferPointer { stack in
        callRow.withUnsafeMutableBufferPointer { callRow in
        callPos.withUnsafeMutableBufferPointer { callPos in
        out.withUnsafeMutableBufferPointer { out in
            let order = UnsafeMutableBufferPointer(rebasing: scratch[0 ..< rowCount])
            let low = UnsafeMutableBufferPointer(rebasing: scratch[rowCount ..< 2 * rowCount])
            var counter: Int32 = 0
            var top = 0  // size of `stack`
            var depth = 0  // size of the call stack
            for root in matchedRows where order[Int(root)] < 0 {
                order[Int(root)] = counter; low[Int(root)] = counter; counter &+= 1
                stack[top] = root; top &+= 1
                callRow[0] = root; callPos[0] = start[Int(root)]; depth = 1
                while depth > 0 {
                    let r = callRow[depth &- 1]
                    let ri = Int(r)
                    let end = start[ri &+ 1]
                    var k = callPos[depth &- 1]
                    var pushed = false
                    while k < end {
                        let next = rowOfVar[Int(index[Int(k)])]
                        k &+= 1
                        if next < 0 || next == r { continue }
                        let ni = Int(next)
                        if order[ni] < 0 {
                            callPos[depth &- 1] = k
                            order[ni] = counter; low[ni] = counter; counter &+= 1
                            stack[top] = next; top &+= 1
                            callRow[depth] = next; callPos[depth] = start[ni]; depth &+= 1
                            pushed = true
                            break
                        } else if low[ni] >= 0 && order[ni] < low[ri] {
                            low[ri] = order[ni]  // `next` is still on the stack
                        }
                    }
                    if pushed { continue }
                    // r is finished: emit its component if it is a root, then return.
                    let rLow = low[ri]
                    if rLow == order[ri] {
                        while true {
                            top &-= 1
                            let w = stack[top]
                            low[Int(w)] = -1
                            out[emitted] = w; emitted &+= 1
                            if w == r { break }
                        }
                        outStart.append(Int32(emitted))
                    }
                    depth &-= 1
                    if depth > 0 {
                        let parent = Int(callRow[depth &- 1])
                        if rLow >= 0 && rLow < low[parent] { low[parent] = rLow }
                    }
                }
            }
        }}}}}}
        rows = out
        blockStart = outStart
    }
}
