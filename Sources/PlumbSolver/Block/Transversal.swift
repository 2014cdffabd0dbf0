/// A maximum transversal (maximum bipartite matching) between the rows of a
/// sparse pattern and its columns, computed by a cheap greedy pass followed by
/// depth-first augmenting paths (the MC21 scheme).
///
/// In Plumb the rows are required equalities and the columns are variables; a
/// row matched to a variable is the row that "defines" that variable, and the
/// matching orients the equalities into the dependency graph whose strongly
/// connected components are the blocks of the block triangular form.
struct Transversal {
    /// `variableOfRow[r]` is the column matched to row `r`, or -1.
    var variableOfRow: [Int32]
    /// `rowOfVariable[v]` is the row matched to column `v`, or -1.
    var rowOfVariable: [Int32]
    /// Number of matched pairs.
    var size: Int

    /// Takes `variableOfRow` and `rowOfVariable` as the storage for the
    /// matching (-1 for every row and every column of the pattern), matching
    /// nothing yet: see ``match(start:index:rows:eligible:)``. The arrays are
    /// filled in place when they are not shared.
    init(variableOfRow: [Int32], rowOfVariable: [Int32]) {
        self.variableOfRow = variableOfRow
        self.rowOfVariable = rowOfVariable
        size = 0
    }

    /// Matches the rows listed in `rows` of the CSR pattern `start`/`index`
    /// with its columns. Rows not in `rows` stay unmatched. Columns for which
    /// `eligible(column)` is false are never matched.
    ///
    /// - Precondition: nothing is matched yet.
    /// - Complexity: O(nonzeros) for the greedy pass, which matches every row
    ///   of an acyclic (triangular) system; each augmenting search is
    ///   O(nonzeros) in the worst case.
    mutating func match(
        start: UnsafeBufferPointer<Int32>, index: UnsafeBufferPointer<Int32>,
        rows: [Int32], eligible: (Int32) -> Bool
    ) {
        var varOfRow: [Int32] = [], rowOfVar: [Int32] = []
        swap(&varOfRow, &variableOfRow)
        swap(&rowOfVar, &rowOfVariable)
        let columnCount = rowOfVar.count
        var size = 0
        var unmatched: [Int32] = []

        // Greedy pass: each row takes its first free eligible column (through
        // the arrays' buffers: no bounds or uniqueness check a term).
        varOfRow.withUnsafeMutableBufferPointer { varOfRow in
            rowOfVar.withUnsafeMutableBufferPointer { rowOfVar in
                for r in rows {
                    var k = Int(start[Int(r)])
                    let end = Int(start[Int(r) + 1])
                    while k < end {
                        let v = index[k]
                        if rowOfVar[Int(v)] < 0 && eligible(v) {
                            rowOfVar[Int(v)] = r
                            varOfRow[Int(r)] = v
                            size += 1
                            break
                        }
                        k += 1
                    }
                    if varOfRow[Int(r)] < 0 { unmatched.append(r) }
                }
            }
        }

        // Augmenting paths for rows the greedy pass left unmatched. The search
        // is iterative (dependency chains can be 100,000 long); `stamp` marks
        // columns visited in the current search without clearing an array.
        // A path holds the root and distinct matched rows, so at most one
        // more row than `rows` has: its stacks are fixed buffers of that
        // size (uninitialised, written without a capacity check), and the
        // arrays are read through their buffers.
        if !unmatched.isEmpty {
            var stamp = [Int32](repeating: -1, count: columnCount)
            let depth = rows.count + 1
            let pathRows = UnsafeMutablePointer<Int32>.allocate(capacity: depth)
            let pathVar = UnsafeMutablePointer<Int32>.allocate(capacity: depth)
            let pathPos = UnsafeMutablePointer<Int>.allocate(capacity: depth)
            defer {
                pathRows.deallocate()
                pathVar.deallocate()
                pathPos.deallocate()
            }
            stamp.withUnsafeMutableBufferPointer { stamp in
            varOfRow.withUnsafeMutableBufferPointer { varOfRow in
            rowOfVar.withUnsafeMutableBufferPointer { rowOfVar in
                for (search, root) in unmatched.enumerated() {
                    let mark = Int32(truncatingIfNeeded: search)
                    pathRows[0] = root
                    pathPos[0] = Int(start[Int(root)])
                    var rowCount = 1, varCount = 0  // entries in pathRows (and pathPos), pathVar
                    var found = false
                    while rowCount > 0 {
                        let r = pathRows[rowCount &- 1]
                        let end = Int(start[Int(r) &+ 1])
                        var k = pathPos[rowCount &- 1]
                        var descended = false
                        while k < end {
                            let v = index[k]
                            k &+= 1
                            guard stamp[Int(v)] != mark, eligible(v) else { continue }
                            stamp[Int(v)] = mark
                            let owner = rowOfVar[Int(v)]
                            pathPos[rowCount &- 1] = k
                            pathVar[varCount] = v; varCount &+= 1
                            if owner < 0 {
                                found = true
                            } else {
                                pathRows[rowCount] = owner
                                pathPos[rowCount] = Int(start[Int(owner)])
                                rowCount &+= 1
                            }
                            descended = true
                            break
                        }
                        if found { break }
                        if !descended {
                            rowCount &-= 1
                            if varCount > 0 { varCount &-= 1 }
                        }
                    }
                    if found {
                        // pathRows[i] takes pathVar[i]; the last column was free.
                        for i in 0 ..< rowCount {
                            let r = pathRows[i], v = pathVar[i]
                            varOfRow[Int(r)] = v
                            rowOfVar[Int(v)] = r
                        }
                        size += 1
                    }
                }
            }}}
        }
        variableOfRow = varOfRow
        rowOfVariable = rowOfVar
        self.size = size
    }
}
