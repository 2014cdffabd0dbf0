import CClpSimplex
import PlumbSolver

extension ClpPartSolver {
    /// One independent piece of `fixedRows`' LP: rows of the part that
    /// share no column with the rows of another piece once the columns
    /// fixed by their bounds or by rows (`valuesFixedByRows`) are written
    /// as constants, and the slacks `t` of the piece's open rows and open
    /// error columns (indices into `fixedRows`' `openRow` and `openError`).
    struct SettlingGroup {
        var rows: [Int32] = []
        var openRows: [Int32] = []
        var openErrors: [Int32] = []
        /// Whether this is the group of slacks with no free column to move
        /// (each an LP of one column; see `settleFixedSlacks`).
        var ofFixedColumns = false
    }

    /// The pieces of `fixedRows`' LP that hold a slack, or nil when the LP
    /// is to be solved whole: the part's rows joined by a union-find over
    /// their columns that are neither fixed by their bounds nor fixed by
    /// rows (`fixedValues`). The feasible set of the LP is the product of
    /// its pieces' sets and `Σ t` is the sum of the pieces' sums, so each
    /// slack can leave 0 in the whole LP exactly when it can in its piece;
    /// a piece with no slack is not solved. The slacks with no column left
    /// to move (an open row all of whose columns are fixed, an open error
    /// column fixed by rows) are one more group, of LPs of one column each.
    /// Nil when everything is one piece with a free column.
    static func settlingGroups(
        _ part: LinearPart, errors: (plus: [Int32], minus: [Int32]), columns: Int, fixedValues: [Double]?,
        columnLower cl: UnsafePointer<Double>, columnUpper cu: UnsafePointer<Double>,
        openRows: [Int32], openErrors: [Int32]
    ) -> [SettlingGroup]? {
        let m = part.rowCount
        func free(_ j: Int) -> Bool { cl[j] < cu[j] && !(fixedValues.map { !$0[j].isNaN } ?? false) }
        var parent = Array(0 ..< Int32(columns))
        func root(_ j: Int32) -> Int32 {
            var r = j
            while parent[Int(r)] != r { r = parent[Int(r)] }
            var k = j
            while parent[Int(k)] != r { let next = parent[Int(k)]; parent[Int(k)] = r; k = next }
            return r
        }
        // Each row's first free column (-1: none), its columns joined.
        var firstColumn = [Int32](repeating: -1, count: m)
        for i in 0 ..< m {
            var first: Int32 = -1
            func join(_ j: Int32) {
                guard free(Int(j)) else { return }
                if first < 0 { first = j; return }
                let a = root(first), b = root(j)
                if a != b { parent[Int(max(a, b))] = min(a, b) }
            }
            _ = entries(ofRow: i, part, errors: errors) { j, _ in
                join(j)
                return true
            }
            firstColumn[i] = first
        }
        // The pieces holding a slack, numbered in the order their first
        // slack comes.
        var groupOfRoot = [Int32](repeating: -1, count: columns)
        var groups: [SettlingGroup] = []
        func group(of column: Int32) -> Int {
            let r = Int(root(column))
            if groupOfRoot[r] < 0 {
                groupOfRoot[r] = Int32(groups.count)
                groups.append(SettlingGroup())
            }
            return Int(groupOfRoot[r])
        }
        // The slacks with no free column to move (an open row whose columns
        // rows fix, an open error column rows fix) go to one group of their
        // own: each is an LP of one column, `t` up to the row's constant
        // distance from its bound or the error's value.
        var settled: Int? = nil
        func settledGroup() -> Int {
            if let settled { return settled }
            groups.append(SettlingGroup(ofFixedColumns: true))
            settled = groups.count - 1
            return groups.count - 1
        }
        for (k, i) in openRows.enumerated() {
            let j = firstColumn[Int(i)]
            if j < 0 {
                let g = settledGroup()
                groups[g].rows.append(i)
                groups[g].openRows.append(Int32(k))
            } else {
                groups[group(of: j)].openRows.append(Int32(k))
            }
        }
        for (k, j) in openErrors.enumerated() {
            groups[free(Int(j)) ? group(of: j) : settledGroup()].openErrors.append(Int32(k))
        }
        guard groups.count > 1 || settled != nil else { return nil }
        for i in 0 ..< m where firstColumn[i] >= 0 {
            let g = groupOfRoot[Int(root(firstColumn[i]))]
            if g >= 0 { groups[Int(g)].rows.append(Int32(i)) }
        }
        return groups
    }

    /// The value column `c` is settled at in a settling LP: its bounds' when
    /// they meet, else its entry of `fixedValues` unless that is NaN; nil
    /// for a column the LP keeps free. (`settleGroup` moves such a column
    /// into its rows' bounds, and `settleFixedSlacks` reads a row whose
    /// columns all have one as a constant: one rule for both.)
    @inline(__always)
    static func settledValue(
        ofColumn c: Int, fixedValues: [Double]?,
        columnLower cl: UnsafePointer<Double>, columnUpper cu: UnsafePointer<Double>
    ) -> Double? {
        if cl[c] == cu[c] { return cl[c] }
        if let values = fixedValues, !values[c].isNaN { return values[c] }
        return nil
    }

    /// Which of `group`'s slacks stay at 0 (true) in its own LP: the
    /// piece's rows over its free columns (the fixed ones moved into the
    /// bounds), a slack column `t` in [0, 1] for each open row and each
    /// open error column (`e − t ≥ 0`), `Σ t` maximised in rounds as
    /// `fixedRows` does over the whole (`settleSlacks`). The result lists
    /// the open rows' slacks first, then the open error columns', in
    /// `group`'s order. Nil when Clp fails. `local` is a column-sized
    /// scratch array of -1, left so.
    static func settleGroup(
        _ group: SettlingGroup, part: LinearPart, errors: (plus: [Int32], minus: [Int32]),
        fixedValues: [Double]?, openRow: [Int32], openError: [Int32],
        rowLower rl: UnsafePointer<Double>, rowUpper ru: UnsafePointer<Double>,
        columnLower cl: UnsafePointer<Double>, columnUpper cu: UnsafePointer<Double>,
        local: inout [Int32], refactorInterval: Int?
    ) -> [Bool]? {
        let infinity = PartModel.infinity
        let slacks = group.openRows.count + group.openErrors.count
        // The slacks are the piece's first columns, then its free columns
        // in the order its rows reach them.
        var globalColumn: [Int32] = []
        var lower = [Double](repeating: 0, count: slacks), upper = [Double](repeating: 1, count: slacks)
        var rowLower: [Double] = [], rowUpper: [Double] = []
        var starts: [Int32] = [0], indices: [Int32] = [], elements: [Double] = []
        var slackOfRow = [Int32: Int32]()
        for (k, r) in group.openRows.enumerated() { slackOfRow[openRow[Int(r)]] = Int32(k) }
        func localColumn(_ j: Int32) -> Int32 {
            let c = Int(j)
            if local[c] < 0 {
                local[c] = Int32(slacks + globalColumn.count)
                globalColumn.append(j)
                lower.append(cl[c])
                upper.append(cu[c])
            }
            return local[c]
        }
        for i in group.rows {
            var shift = 0.0
            func add(_ j: Int32, _ a: Double) {
                if let v = settledValue(ofColumn: Int(j), fixedValues: fixedValues, columnLower: cl, columnUpper: cu) {
                    shift += a * v
                } else {
                    indices.append(localColumn(j))
                    elements.append(a)
                }
            }
            let r = Int(i)
            _ = entries(ofRow: r, part, errors: errors) { j, a in
                add(j, a)
                return true
            }
            if let k = slackOfRow[i] {
                // Σ a·x − t ≥ rl, or Σ a·x + t ≤ ru.
                indices.append(k)
                elements.append(rl[r] > -infinity / 2 ? -1 : 1)
            }
            rowLower.append(rl[r] > -infinity / 2 ? rl[r] - shift : -infinity)
            rowUpper.append(ru[r] < infinity / 2 ? ru[r] - shift : infinity)
            starts.append(Int32(indices.count))
        }
        // e − t ≥ 0 for each open error column.
        // (t ≤ e, the value rows fix it at, when they do.)
        for (k, e) in group.openErrors.enumerated() {
            let j = openError[Int(e)]
            if let values = fixedValues, !values[Int(j)].isNaN {
                indices.append(Int32(group.openRows.count + k))
                elements.append(-1)
                rowLower.append(-values[Int(j)])
                rowUpper.append(infinity)
                starts.append(Int32(indices.count))
                continue
            }
            indices += [localColumn(j), Int32(group.openRows.count + k)]
            elements += [1, -1]
            rowLower.append(0)
            rowUpper.append(infinity)
            starts.append(Int32(indices.count))
        }
        for j in globalColumn { local[Int(j)] = -1 }
        guard let model = plumb_clp_new(
            Int32(lower.count), lower, upper, Int32(rowLower.count), rowLower, rowUpper, starts, indices, elements)
        else { return nil }
        defer { plumb_clp_free(model) }
        plumb_clp_set_tolerances(model, 1e-9, 1e-9)
        return settleSlacks(model, firstSlack: 0, slacks: slacks, columns: lower.count,
                            refactorInterval: Int32(refactorInterval ?? refactorEvery(rows: rowLower.count)))
    }
}

