import PlumbSolver

/// A part's rows transposed: for each variable `j`, the rows it is in
/// (`rows[k]`, in increasing order) and the entry of the part that holds its
/// coefficient there (`entries[k]`), `k` in `start[j] ..< start[j + 1]`.
/// Built in two passes over the part's entries.
struct PartColumns {
    let start: [Int32]
    let rows: [Int32]
    let entries: [Int32]

    init(_ part: LinearPart) {
        let n = part.variableCount, m = part.rowCount
        var start = [Int32](repeating: 0, count: n + 1)
        for k in 0 ..< Int(part.rowStart[m]) { start[Int(part.columns[k]) + 1] += 1 }
        for j in 0 ..< n { start[j + 1] += start[j] }
        var rows = [Int32](repeating: 0, count: Int(start[n]))
        var entries = [Int32](repeating: 0, count: Int(start[n]))
        var fill = Array(start[0 ..< n])
        for i in 0 ..< m {
            for k in Int(part.rowStart[i]) ..< Int(part.rowStart[i + 1]) {
                let j = Int(part.columns[k])
                rows[Int(fill[j])] = Int32(i)
                entries[Int(fill[j])] = Int32(k)
                fill[j] += 1
            }
        }
        self.start = start
        self.rows = rows
        self.entries = entries
    }

    /// The positions in `rows` and `entries` of variable `j`'s rows.
    func of(_ j: Int) -> Range<Int> { Int(start[j]) ..< Int(start[j + 1]) }
}
