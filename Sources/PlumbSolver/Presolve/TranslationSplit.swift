/// A large part cut at its hinges: variables on which the part is held
/// together only through one variable, where the far side can be moved as a
/// whole without changing any of its own rows (a translation), so that it
/// is solved apart, with the hinge at 0, and shifted afterwards.
///
/// A dashboard's sections chain down the page: every position in a section
/// is the section's start plus heights, and the rows of a section only see
/// differences of its positions. One simplex on the whole chain is
/// superlinear (a height in the first section moves everything below it,
/// so every basis column is dense down the chain; docs/solver.md). Cut at
/// each section's start, the chain is a row of small independent parts.
///
/// Found on the rows alone, no names: in the graph of variables and rows
/// (a row joined to each of its variables; rows of one variable left out),
/// a variable `v` whose removal separates a subtree `Q` of the depth-first
/// search from the rest (Tarjan's articulation test) is a candidate hinge.
/// It is a cut when some `δ` on `Q`'s variables with `δ(v) = 1` leaves every
/// row of `Q` unchanged, `Σ a·δ = 0` (`v`'s term included). `δ` is found by
/// propagation: a row with one undecided variable fixes it (rows of one
/// variable fix it at 0: a size with a minimum does not move); when no row
/// has one, an undecided variable is taken as 0. Every row of `Q` is then
/// checked; a candidate that fails is merged into the piece around it,
/// which moves it by 0 (its rows that hold the hinge are handed on, so the
/// outer shift must keep the hinge at 0; the others see only its own
/// variables), so each row is propagated and checked at most twice.
///
/// Why it is exact: the rows outside `Q` see `v` and no variable of `Q`;
/// the rows of `Q` are unchanged by `x_Q + t·δ`. So `x_Q = y_Q + x_v·δ`
/// maps the solutions `y_Q` of `Q`'s rows with `v = 0` one to one onto the
/// solutions of `Q`'s rows for any value of `x_v`, with every row's value,
/// hence every level's error, the same: the lexicographic problem falls
/// apart into `Q` (with `v` at 0) and the rest, and the pieces are solved
/// independently. Nested cuts are shifted from the outside in.
struct TranslationSplit {
    /// The part's rows with each cut's hinge term left out of the rows on
    /// its far side (`v = 0` there).
    private(set) var rows: LinearPart
    /// The cuts kept, outer ones first: hinge, and the piece's variables
    /// (`pieceStart`) with their shift per unit of the hinge.
    private var hinges: [Int32] = []
    private var pieceStart: [Int32] = [0]
    private var pieceVariables: [Int32] = []
    private var shifts: [Double] = []
    /// The variables of the largest piece (the part outside every cut too).
    private(set) var largestPiece = 0

    /// The cuts kept.
    var cutCount: Int { hinges.count }

    /// A shift `δ` is kept only when every row of its piece is unchanged to
    /// this much of the row's size (`Σ |a·δ|`): along a chain of 30,000
    /// views `t` reaches 1e5, and a row off by `t·ε` must still hold.
    static let invariance = 1e-12
    /// A shift larger than this is not used (a small coefficient it was
    /// divided by would amplify rounding).
    static let largestShift = 1e3
    /// A rejected piece's rows that hold its hinge are found on the hinge's
    /// list of rows while it is at most this many times the piece's rows,
    /// otherwise on the piece's rows (each row's few terms read, then
    /// sorted): the cheaper walk either way, and the same rows in the same
    /// order.
    static let hingeRowsWalked = 4

    /// The planner takes the pieces when they have at least this many
    /// variables on average. Each piece costs the planner's and the
    /// tableau's fixed work, which for pieces of a few variables is more
    /// than Clp spends on them: one of `degenerate`'s parts has pieces of
    /// fewer than 8 on average, and cut it cost 4.5% more instructions at
    /// 3,000 views (the pieces' solve 115e6 of 1,072e6). `dashboard`'s have
    /// at least 8 and fewer than 16 (at 16 it was left whole), counting the
    /// hinges inside a section as cuts too.
    static let smallestMeanPiece = 8

    /// The cuts of `part`; nil when it has none.
    init?(_ part: LinearPart) {
        let n = part.variableCount, m = part.rowCount
        guard n > 2 else { return nil }
        func terms(_ r: Int) -> Range<Int> { Int(part.rowStart[r]) ..< Int(part.rowStart[r + 1]) }
        // Rows of two or more variables by variable.
        let (varRowStart, varRows) = Self.rowsByVariable(part)
        // Depth-first search over nodes: variable v is node v, row r node n + r.
        let nodes = n + m
        var disc = [Int32](repeating: -1, count: nodes), low = [Int32](repeating: 0, count: nodes)
        var end = [Int32](repeating: 0, count: nodes), parent = [Int32](repeating: -1, count: nodes)
        var cursor = [Int32](repeating: 0, count: nodes)
        var order: [Int32] = []
        order.reserveCapacity(nodes)
        var cutHinge: [Int32] = [], cutChild: [Int32] = []
        var stack: [Int32] = []
        func degree(_ u: Int) -> Int {
            u < n ? Int(varRowStart[u + 1] - varRowStart[u]) : terms(u - n).count
        }
        func neighbour(_ u: Int, _ k: Int) -> Int {
            u < n ? n + Int(varRows[Int(varRowStart[u]) + k]) : Int(part.columns[Int(part.rowStart[u - n]) + k])
        }
        for s in 0 ..< n where disc[s] < 0 && degree(s) > 0 {
            disc[s] = Int32(order.count)
            low[s] = disc[s]
            order.append(Int32(s))
            stack.append(Int32(s))
            while let top = stack.last {
                let u = Int(top)
                if Int(cursor[u]) < degree(u) {
                    let w = neighbour(u, Int(cursor[u]))
                    cursor[u] += 1
                    if w == Int(parent[u]) { continue }
                    if disc[w] < 0 {
                        disc[w] = Int32(order.count)
                        low[w] = disc[w]
                        parent[w] = Int32(u)
                        order.append(Int32(w))
                        stack.append(Int32(w))
                    } else {
                        low[u] = min(low[u], disc[w])
                    }
                    continue
                }
                stack.removeLast()
                end[u] = Int32(order.count)
                let p = Int(parent[u])
                guard p >= 0 else { continue }
                low[p] = min(low[p], low[u])
                // A variable that is not the root and whose child's subtree
                // reaches nothing above it: a candidate hinge.
                if p < n && parent[p] >= 0 && low[u] >= disc[p] {
                    cutHinge.append(Int32(p))
                    cutChild.append(Int32(u))
                }
            }
        }
        guard !cutHinge.isEmpty else { return nil }
        // Each node's piece: the innermost candidate whose subtree holds it
        // (0: outside every candidate; candidate c is piece c + 1), by one
        // sweep in discovery order with the open subtrees on a stack.
        let cuts = cutHinge.count
        var cutAt = [Int32](repeating: -1, count: order.count)
        for c in 0 ..< cuts { cutAt[Int(disc[Int(cutChild[c])])] = Int32(c) }
        var owner = [Int32](repeating: 0, count: nodes)
        var enclosing = [Int32](repeating: 0, count: cuts + 1)
        var open: [Int32] = []
        for d in 0 ..< order.count {
            while let c = open.last, end[Int(cutChild[Int(c)])] <= Int32(d) { open.removeLast() }
            if cutAt[d] >= 0 {
                let c = cutAt[d]
                enclosing[Int(c) + 1] = open.last.map { $0 + 1 } ?? 0
                open.append(c)
            }
            owner[Int(order[d])] = open.last.map { $0 + 1 } ?? 0
        }
        // Each piece's own rows and variables as linked lists.
        let pieces = cuts + 1
        var rowHead = [Int32](repeating: -1, count: pieces), rowTail = rowHead
        var varHead = rowHead, varTail = rowHead
        var nextRow = [Int32](repeating: -1, count: m), nextVar = [Int32](repeating: -1, count: n)
        var varCount = [Int](repeating: 0, count: pieces)
        var rowOwner = [Int32](repeating: 0, count: m)
        for r in 0 ..< m {
            let range = terms(r)
            guard !range.isEmpty else { continue }
            let p = range.count >= 2 ? owner[n + r] : owner[Int(part.columns[range.lowerBound])]
            rowOwner[r] = p
            if rowTail[Int(p)] >= 0 { nextRow[Int(rowTail[Int(p)])] = Int32(r) } else { rowHead[Int(p)] = Int32(r) }
            rowTail[Int(p)] = Int32(r)
        }
        for v in 0 ..< n {
            let p = Int(owner[v])
            if varTail[p] >= 0 { nextVar[Int(varTail[p])] = Int32(v) } else { varHead[p] = Int32(v) }
            varTail[p] = Int32(v)
            varCount[p] += 1
        }
        // Inner candidates first (a later discovery is never around an earlier one).
        let inward = (0 ..< cuts).sorted { disc[Int(cutChild[$0])] < disc[Int(cutChild[$1])] }
        var shift = [Double](repeating: .nan, count: n)
        var stamp = [Int32](repeating: -1, count: m)
        var kept = [Bool](repeating: false, count: pieces)
        var queue: [Int32] = []
        // The rows of a rejected piece that hold the hinge, handed to the
        // piece around it (its other rows see only its own variables, held
        // at 0 from then on).
        var boundaryHead = [Int32](repeating: -1, count: pieces), nextBoundary = [Int32](repeating: -1, count: m)
        var handed: [Int32] = []
        for c in inward.reversed() {
            let piece = c + 1, hinge = Int(cutHinge[c])
            // Each of the piece's rows: its own, then those handed to it.
            func forEachRow(while go: () -> Bool = { true }, _ body: (Int) -> Void) {
                var r = rowHead[piece]
                while r >= 0 && go() { body(Int(r)); r = nextRow[Int(r)] }
                r = boundaryHead[piece]
                while r >= 0 && go() { body(Int(r)); r = nextBoundary[Int(r)] }
            }
            var pieceRows = 0
            forEachRow { stamp[$0] = Int32(piece); pieceRows += 1 }
            shift[hinge] = 1
            // Propagation: a row with one undecided variable fixes it.
            func settle() {
                while let row = queue.popLast() {
                    var sum = 0.0, free = -1, a = 0.0, undecided = 0
                    for k in terms(Int(row)) {
                        let x = Int(part.columns[k])
                        if shift[x].isNaN {
                            undecided += 1
                            free = x
                            a = part.coefficients[k]
                        } else {
                            sum += part.coefficients[k] * shift[x]
                        }
                    }
                    guard undecided == 1 else { continue }
                    decide(free, -sum / a)
                }
            }
            func decide(_ x: Int, _ value: Double) {
                shift[x] = value
                for e in Int(varRowStart[x]) ..< Int(varRowStart[x + 1]) where stamp[Int(varRows[e])] == Int32(piece) {
                    queue.append(varRows[e])
                }
            }
            forEachRow { queue.append(Int32($0)) }
            settle()
            var v = varHead[piece]
            while v >= 0 {
                if shift[Int(v)].isNaN {
                    decide(Int(v), 0)
                    settle()
                }
                v = nextVar[Int(v)]
            }
            // Every row of the piece unchanged by the shift.
            var holds = true
            forEachRow(while: { holds }) { r in
                var sum = 0.0, size = 0.0
                for k in terms(r) {
                    let t = part.coefficients[k] * shift[Int(part.columns[k])]
                    sum += t
                    size += abs(t)
                }
                holds = abs(sum) <= Self.invariance * max(1, size) && size.isFinite
            }
            v = varHead[piece]
            while v >= 0 && holds {
                holds = abs(shift[Int(v)]) <= Self.largestShift
                v = nextVar[Int(v)]
            }
            shift[hinge] = .nan
            if holds {
                kept[piece] = true
                continue
            }
            // Not a cut: it joins the piece around it, which then moves it
            // by 0. No shift of it has the hinge at 1, so the outer piece's
            // shift must hold the hinge at 0 (the rows with the hinge are
            // handed on to see to that), and 0 on the piece's own variables
            // keeps every other row of it. Nothing is walked twice.
            v = varHead[piece]
            while v >= 0 { shift[Int(v)] = 0; v = nextVar[Int(v)] }
            let outer = Int(enclosing[piece])
            // The piece's rows that hold the hinge, handed on in increasing
            // row order (the outer piece settles its rows in that order).
            // From the hinge's own list while it is short beside the piece;
            // from the piece's rows where the hinge is read by far more rows
            // than the piece has: a hinge read by every row of charts is the
            // hinge of many candidates, and walking its whole list for each
            // made the cut quadratic (`chartgrid`), while walking the piece's
            // rows for each of many short hinges cost `dashboard` 1.03x.
            handed.removeAll(keepingCapacity: true)
            let hingeRows = Int(varRowStart[hinge + 1] - varRowStart[hinge])
            if hingeRows <= Self.hingeRowsWalked * pieceRows {
                for e in Int(varRowStart[hinge]) ..< Int(varRowStart[hinge + 1]) where stamp[Int(varRows[e])] == Int32(piece) {
                    handed.append(varRows[e])
                }
            } else {
                forEachRow { r in
                    if terms(r).contains(where: { Int(part.columns[$0]) == hinge }) { handed.append(Int32(r)) }
                }
                handed.sort()
            }
            for row in handed {
                nextBoundary[Int(row)] = boundaryHead[outer]
                boundaryHead[outer] = row
            }
            varCount[outer] += varCount[piece]
        }
        // Each piece's kept piece: itself, or the one it was merged into
        // (outer pieces first, so the enclosing one is settled already).
        var keptPiece = [Int32](repeating: 0, count: pieces)
        for c in inward {
            keptPiece[c + 1] = kept[c + 1] ? Int32(c + 1) : keptPiece[Int(enclosing[c + 1])]
        }
        for c in inward where kept[c + 1] {
            let piece = c + 1
            hinges.append(cutHinge[c])
            var v = varHead[piece]
            while v >= 0 {
                pieceVariables.append(v)
                shifts.append(shift[Int(v)])
                v = nextVar[Int(v)]
            }
            pieceStart.append(Int32(pieceVariables.count))
        }
        guard !hinges.isEmpty else { return nil }
        largestPiece = (0 ..< pieces).filter { $0 == 0 || kept[$0] }.map { varCount[$0] }.max() ?? n
        // The rows, each cut's hinge left out on its far side.
        rows = LinearPart(
            variableCount: n, rowStart: [0], columns: [], coefficients: [], constants: part.constants,
            relations: part.relations, priorities: part.priorities)
        rows.rowStart.reserveCapacity(m + 1)
        rows.columns.reserveCapacity(part.columns.count)
        rows.coefficients.reserveCapacity(part.columns.count)
        for r in 0 ..< m {
            let p = Int(keptPiece[Int(rowOwner[r])])
            let hinge = p == 0 ? -1 : cutHinge[p - 1]
            for k in terms(r) where part.columns[k] != hinge {
                rows.columns.append(part.columns[k])
                rows.coefficients.append(part.coefficients[k])
            }
            rows.rowStart.append(Int32(rows.columns.count))
        }
    }

    /// For each variable, the rows of two or more variables it is in
    /// (`rows[start[v] ..< start[v + 1]]`).
    private static func rowsByVariable(_ part: LinearPart) -> (start: [Int32], rows: [Int32]) {
        let n = part.variableCount
        var start = [Int32](repeating: 0, count: n + 1)
        for r in 0 ..< part.rowCount where part.rowStart[r + 1] - part.rowStart[r] >= 2 {
            for k in Int(part.rowStart[r]) ..< Int(part.rowStart[r + 1]) { start[Int(part.columns[k]) + 1] += 1 }
        }
        for v in 0 ..< n { start[v + 1] += start[v] }
        var rows = [Int32](repeating: 0, count: Int(start[n]))
        var fill = start
        for r in 0 ..< part.rowCount where part.rowStart[r + 1] - part.rowStart[r] >= 2 {
            for k in Int(part.rowStart[r]) ..< Int(part.rowStart[r + 1]) {
                let v = Int(part.columns[k])
                rows[Int(fill[v])] = Int32(r)
                fill[v] += 1
            }
        }
        return (start, rows)
    }

    /// The part's values from `y`, the values of ``rows``: each piece moved
    /// by its hinge's value times its shift, outer pieces first (a piece's
    /// hinge is a variable of the piece around it, already moved).
    func values(from y: [Double]) -> [Double] {
        var x = y
        for c in hinges.indices {
            let t = x[Int(hinges[c])]
            for e in Int(pieceStart[c]) ..< Int(pieceStart[c + 1]) {
                let v = Int(pieceVariables[e])
                x[v] = y[v] + t * shifts[e]
            }
        }
        return x
    }

    /// Solves the cut part: ``rows`` as a system of their own, whose
    /// pieces the planner solves one by one (small ones on the tableau or
    /// through shapes, large ones with `solver`), then shifted. Nil when
    /// that system has no answer (the caller then solves the part whole).
    /// The statistics are the pieces' solve's.
    func solve(with solver: any LargePartSolver, threshold: Int) -> (values: [Double], stats: SolveStats)? {
        let system = rows.system
        var options = SolveOptions()
        options.largePartSolver = solver
        options.largePartThreshold = threshold
        options.threads = 1
        guard let solution = try? system.solve(options: options) else { return nil }
        return (values(from: solution.values), solution.stats)
    }
}
