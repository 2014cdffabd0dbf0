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
        let rowOfVar = transversal.rowOfVariable
        var order = [Int32](repeating: -1, count: rowCount)  // discovery index
        var low = [Int32](repeating: 0, count: rowCount)
        var onStack = [Bool](repeating: false, count: rowCount)
        var stack: [Int32] = []
        var callRow: [Int32] = []
        var callPos: [Int32] = []
        var counter: Int32 = 0
        rows.reserveCapacity(matchedRows.count)
        blockStart.reserveCapacity(matchedRows.count + 1)

        for root in matchedRows where order[Int(root)] < 0 {
            order[Int(root)] = counter; low[Int(root)] = counter; counter += 1
            stack.append(root); onStack[Int(root)] = true
            callRow.append(root); callPos.append(start[Int(root)])
            while let r = callRow.last {
                let ri = Int(r)
                let end = start[ri + 1]
                var k = callPos[callPos.count - 1]
                var pushed = false
                while k < end {
                    let next = rowOfVar[Int(index[Int(k)])]
                    k += 1
                    if next < 0 || next == r { continue }
                    let ni = Int(next)
                    if order[ni] < 0 {
                        callPos[callPos.count - 1] = k
                        order[ni] = counter; low[ni] = counter; counter += 1
                        stack.append(next); onStack[ni] = true
                        callRow.append(next); callPos.append(start[ni])
                        pushed = true
                        break
                    } else if onStack[ni] {
                        low[ri] = min(low[ri], order[ni])
                    }
                }
                if pushed { continue }
                // r is finished: pop its component if it is a root, then return.
                if low[ri] == order[ri] {
                    while true {
                        let w = stack.removeLast()
                        onStack[Int(w)] = false
                        rows.append(w)
                        if w == r { break }
                    }
                    blockStart.append(Int32(rows.count))
                }
                callRow.removeLast(); callPos.removeLast()
                if let parent = callRow.last {
                    low[Int(parent)] = min(low[Int(parent)], low[ri])
                }
            }
        }
    }
}
