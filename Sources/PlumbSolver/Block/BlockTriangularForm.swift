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
        var scratch = [Int32](repeating: -1, count: 2 * variableCount)
        // The stack of visited variables, and the call stack (variable and
        // next term position): they grow only as deep as the dependency
        // chains go.
        var stack: [Int32] = []
        var callVar: [Int32] = []
        var callPos: [Int32] = []
        let matchedCount = transversal.size
        var out = [Int32](repeating: 0, count: matchedCount)
        var outStart: [Int32] = [0]
        outStart.reserveCapacity(matchedCount + 1)
        var emitted = 0

        transversal.rowOfVariable.withUnsafeBufferPointer { rowOfVar in
        transversal.variableOfRow.withUnsafeBufferPointer { varOfRow in
        scratch.withUnsafeMutableBufferPointer { scratch in
        out.withUnsafeMutableBufferPointer { out in
            let order = UnsafeMutableBufferPointer(rebasing: scratch[0 ..< variableCount])
            let low = UnsafeMutableBufferPointer(rebasing: scratch[variableCount ..< 2 * variableCount])
            var counter: Int32 = 0
            for rootRow in candidates {
                let root = varOfRow[Int(rootRow)]
                guard root >= 0 && order[Int(root)] < 0 else { continue }
                order[Int(root)] = counter; low[Int(root)] = counter; counter &+= 1
                stack.append(root)
                callVar.append(root); callPos.append(start[Int(rootRow)])
                while let v = callVar.last {
                    let vi = Int(v)
                    let end = start[Int(rowOfVar[vi]) &+ 1]
                    var k = callPos[callPos.count &- 1]
                    var pushed = false
                    while k < end {
                        let next = index[Int(k)]
                        k &+= 1
                        let ni = Int(next)
                        if next == v || rowOfVar[ni] < 0 { continue }
                        if order[ni] < 0 {
                            callPos[callPos.count &- 1] = k
                            order[ni] = counter; low[ni] = counter; counter &+= 1
                            stack.append(next)
                            callVar.append(next); callPos.append(start[Int(rowOfVar[ni])])
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
                            let w = stack.removeLast()
                            low[Int(w)] = -1
                            out[emitted] = rowOfVar[Int(w)]; emitted &+= 1
                            if w == v { break }
                        }
                        outStart.append(Int32(emitted))
                    }
                    callVar.removeLast()
                    callPos.removeLast()
                    if let parent = callVar.last, vLow >= 0 && vLow < low[Int(parent)] {
                        low[Int(parent)] = vLow
                    }
                }
            }
        }}}}
        self.rows = out
        blockStart = outStart
    }
}
