/// Components that differ only in their constants, solved once.
///
/// Repeated rows and cells produce thousands of small residual components
/// with the same rows, coefficients, relations and priorities: only the
/// constants differ (an intrinsic size, a position from the block phase).
/// The optimum of a linear program is a vertex where some rows are tight;
/// which rows are tight, and on which side every other row lies, is the
/// component's *pattern*. The certificate of optimality (the dual) depends
/// only on the coefficients and the pattern, not on the constants. So once
/// one component of a shape is solved, another of the same shape whose
/// constants keep the same pattern has its optimum where the same rows are
/// tight: an `n × n` linear solve with a stored inverse, then one pass over
/// the rows to check that every row keeps its side. When a row does not,
/// the component is solved from scratch as before.
///
/// Only patterns whose tight rows pin every variable (a vertex) are kept.
/// A shape may have several patterns (a row of a form whose field is capped
/// at one width and not at another): the planner solves in rounds, each
/// round taking one more representative from the components that no
/// pattern fitted yet (see ``Planner/solveResidual()``). Representatives
/// are chosen by content (the least hash of their constants), not by
/// position or thread split, so results stay deterministic and independent
/// of the order of the constraints and of the number of threads.
struct ComponentShapes {
    /// Larger components are not described: they are rarely repeated, and
    /// the inverse grows with the square of the variables.
    static let maxVariables = 16
    static let maxRows = 64
    /// Patterns per shape, and so rounds of representatives, at most.
    static let maxPatterns = 4

    /// One component's rows in local terms: variables numbered in order of
    /// first appearance, determined variables folded into the constants.
    struct Description {
        var rowStart: [Int32] = [0]
        var columns: [Int32] = []
        var coefficients: [Double] = []
        var relations: [Relation] = []
        var priorities: [Double] = []
        /// Row constants with determined variables substituted, and the sum
        /// of the magnitudes that went into each (for relative tolerances).
        var constants: [Double] = []
        var magnitudes: [Double] = []
        /// The system variable of each local variable.
        var globals: [Int32] = []
        /// A hash of the rows without their constants (the shape), and of
        /// the constants alone (to choose representatives by content).
        var hash: UInt64 = 0
        var constantsHash: UInt64 = 0

        var rowCount: Int { constants.count }
        var variableCount: Int { globals.count }

        /// Describes `rows`; false (and nothing kept) when the component is
        /// too large to be worth describing. `localIndex` is scratch of one
        /// entry per system variable, all -1, and is left so.
        ///
        /// The arrays are sized once (terms: at most the rows' terms, cut to
        /// what is left at the end) and written through pointers: appended
        /// to one element at a time, each write checked its buffer's
        /// uniqueness and capacity, most of the cost of a component that the
        /// planner then solves through a pattern in a few hundred
        /// instructions.
        mutating func load(
            _ rows: ArraySlice<Int32>, system: ConstraintSystem, state: [Planner.State],
            values: UnsafeMutableBufferPointer<Double>, localIndex: inout [Int32]
        ) -> Bool {
            globals.removeAll(keepingCapacity: true)
            defer { for v in globals { localIndex[Int(v)] = -1 } }
            guard rows.count <= ComponentShapes.maxRows else { return false }
            var termBound = 0
            for r in rows { termBound += system.termRange(of: RowIndex(Int(r))).count }
            let m = rows.count
            rowStart.resize(to: m + 1, filling: 0)
            relations.resize(to: m, filling: .equal)
            priorities.resize(to: m, filling: 0)
            constants.resize(to: m, filling: 0)
            magnitudes.resize(to: m, filling: 0)
            columns.resize(to: termBound, filling: 0)
            coefficients.resize(to: termBound, filling: 0)
            var h: UInt64 = 0x9E37_79B9_7F4A_7C15
            func mix(_ x: UInt64) {
                h = (h ^ x) &* 0xBF58_476D_1CE4_E5B9
                h ^= h >> 29
            }
            var terms = 0
            var fits = true
            // Held outside self while the closures below write self's arrays.
            var found = globals
            globals = []
            defer { globals = found }
            rowStart.withUnsafeMutableBufferPointer { rowStart in
            relations.withUnsafeMutableBufferPointer { relations in
            priorities.withUnsafeMutableBufferPointer { priorities in
            constants.withUnsafeMutableBufferPointer { constants in
            magnitudes.withUnsafeMutableBufferPointer { magnitudes in
            columns.withUnsafeMutableBufferPointer { columns in
            coefficients.withUnsafeMutableBufferPointer { coefficients in
                rowStart[0] = 0
                for (i, r32) in rows.enumerated() {
                    let r = Int(r32)
                    var c = system.constants[r]
                    var magnitude = abs(c)
                    for k in system.termRange(of: RowIndex(r)) {
                        let v = Int(system.columns[k])
                        let a = system.coefficients[k]
                        if state[v] == .determined {
                            let t = a * values[v]
                            c += t
                            magnitude += abs(t)
                            continue
                        }
                        if localIndex[v] < 0 {
                            guard found.count < ComponentShapes.maxVariables else { fits = false; return }
                            localIndex[v] = Int32(found.count)
                            found.append(Int32(v))
                        }
                        columns[terms] = localIndex[v]
                        coefficients[terms] = a
                        terms += 1
                        mix(UInt64(UInt32(bitPattern: localIndex[v])))
                        mix(a.bitPattern)
                    }
                    rowStart[i + 1] = Int32(terms)
                    let relation = system.relations[r], priority = system.priorities[r].rawValue
                    relations[i] = relation
                    priorities[i] = priority
                    constants[i] = c
                    magnitudes[i] = magnitude
                    mix(0xFFFF_0000 | UInt64(relation.rawValue))
                    mix(priority.bitPattern)
                }
            }
            }
            }
            }
            }
            }
            }
            guard fits else { return false }
            columns.removeLast(termBound - terms)
            coefficients.removeLast(termBound - terms)
            mix(UInt64(found.count))
            hash = h
            h = 0x2545_F491_4F6C_DD1D
            for c in constants { mix((c == 0 ? 0 : c).bitPattern) }
            constantsHash = h
            return true
        }

        /// Whether this component has `shape`'s rows, up to the constants.
        func matches(_ shape: Shape) -> Bool {
            variableCount == shape.variableCount && rowStart == shape.rowStart && columns == shape.columns
                && coefficients == shape.coefficients && relations == shape.relations
                && priorities == shape.priorities
        }

        /// Row `i`'s residual (terms plus constant) at `x`, local variables.
        func residual(_ i: Int, at x: UnsafeMutableBufferPointer<Double>) -> (value: Double, magnitude: Double) {
            var s = constants[i]
            var magnitude = magnitudes[i]
            for k in Int(rowStart[i]) ..< Int(rowStart[i + 1]) {
                let t = coefficients[k] * x[Int(columns[k])]
                s += t
                magnitude += abs(t)
            }
            return (s, magnitude)
        }
    }

    /// A shape: the rows of its components without their constants, and
    /// the patterns of the optima of its representatives so far.
    struct Shape {
        var rowStart: [Int32]
        var columns: [Int32]
        var coefficients: [Double]
        var relations: [Relation]
        var priorities: [Double]
        var variableCount: Int
        var patterns: [Pattern] = []
        /// Set when a representative's optimum gave no usable pattern (not a
        /// vertex): no more rounds for this shape.
        var barren = false

        init(_ d: Description) {
            rowStart = d.rowStart
            columns = d.columns
            coefficients = d.coefficients
            relations = d.relations
            priorities = d.priorities
            variableCount = d.variableCount
        }
    }

    /// Which rows are tight at an optimum and on which side the others lie,
    /// with the inverse of the tight rows that pin the variables.
    struct Pattern {
        /// Per row: 0 tight, +1 residual above zero, -1 below.
        var side: [Int8]
        /// `n` tight rows whose coefficients form a non-singular matrix.
        var basis: [Int32]
        /// The inverse of that matrix, row-major: `x = -inverse · constants[basis]`.
        var inverse: [Double]
    }

    /// A residual at most this, relative to the magnitudes that made it, is zero.
    static let tightness = 1e-9

    /// The pattern of `d`'s solution (the values of its variables in
    /// `values`), or nil when its tight rows do not pin every variable.
    static func pattern(of d: Description, values: UnsafeMutableBufferPointer<Double>) -> Pattern? {
        let n = d.variableCount, m = d.rowCount
        guard n > 0 else { return nil }
        var x = [Double](repeating: 0, count: n)
        for j in 0 ..< n { x[j] = values[Int(d.globals[j])] }
        var side = [Int8](repeating: 0, count: m)
        x.withUnsafeMutableBufferPointer { x in
            for i in 0 ..< m {
                let (r, magnitude) = d.residual(i, at: x)
                if abs(r) > tightness * max(1, magnitude) { side[i] = r > 0 ? 1 : -1 }
            }
        }
        // Pick n independent tight rows, in row order (required equalities
        // come first), by elimination against the rows already picked.
        var basis: [Int32] = []
        var reduced: [[Double]] = []
        var pivotColumn: [Int] = []
        for i in 0 ..< m where side[i] == 0 && basis.count < n {
            var v = [Double](repeating: 0, count: n)
            var largest = 0.0
            for k in Int(d.rowStart[i]) ..< Int(d.rowStart[i + 1]) {
                v[Int(d.columns[k])] += d.coefficients[k]
                largest = max(largest, abs(d.coefficients[k]))
            }
            for (p, row) in zip(pivotColumn, reduced) where v[p] != 0 {
                let f = v[p]
                for j in 0 ..< n { v[j] -= f * row[j] }
            }
            var best = -1, bestMagnitude = Tolerances.pivot * largest
            for j in 0 ..< n where abs(v[j]) > bestMagnitude { best = j; bestMagnitude = abs(v[j]) }
            guard best >= 0 else { continue }
            let f = v[best]
            for j in 0 ..< n { v[j] /= f }
            basis.append(Int32(i))
            reduced.append(v)
            pivotColumn.append(best)
        }
        guard basis.count == n, let inverse = invert(d, rows: basis) else { return nil }
        let pattern = Pattern(side: side, basis: basis, inverse: inverse)
        // The pattern must reproduce the solution it came from.
        var y = [Double](repeating: 0, count: n)
        let reproduces = y.withUnsafeMutableBufferPointer { y in
            apply(pattern, to: d, into: y) && (0 ..< n).allSatisfy {
                abs(y[$0] - x[$0]) <= 1e-9 * max(1, abs(x[$0]))
            }
        }
        return reproduces ? pattern : nil
    }

    /// The inverse of the `n × n` matrix of `rows`' coefficients (Gauss-Jordan
    /// with partial pivoting), or nil when it is numerically singular.
    static func invert(_ d: Description, rows: [Int32]) -> [Double]? {
        let n = d.variableCount
        var a = [Double](repeating: 0, count: n * n)
        var inv = [Double](repeating: 0, count: n * n)
        for (i, r) in rows.enumerated() {
            for k in Int(d.rowStart[Int(r)]) ..< Int(d.rowStart[Int(r) + 1]) {
                a[i * n + Int(d.columns[k])] += d.coefficients[k]
            }
            inv[i * n + i] = 1
        }
        let scale = a.reduce(0) { max($0, abs($1)) }
        for col in 0 ..< n {
            var p = col
            for i in col + 1 ..< n where abs(a[i * n + col]) > abs(a[p * n + col]) { p = i }
            guard abs(a[p * n + col]) > Tolerances.pivot * scale else { return nil }
            if p != col {
                for j in 0 ..< n {
                    a.swapAt(p * n + j, col * n + j)
                    inv.swapAt(p * n + j, col * n + j)
                }
            }
            let f = a[col * n + col]
            for j in 0 ..< n {
                a[col * n + j] /= f
                inv[col * n + j] /= f
            }
            for i in 0 ..< n where i != col && a[i * n + col] != 0 {
                let g = a[i * n + col]
                for j in 0 ..< n {
                    a[i * n + j] -= g * a[col * n + j]
                    inv[i * n + j] -= g * inv[col * n + j]
                }
            }
        }
        return inv
    }

    /// Solves `d` with `pattern`: the variables into `x` (local order).
    /// False when some row leaves its side, so the pattern is not optimal
    /// for these constants.
    static func apply(_ pattern: Pattern, to d: Description, into x: UnsafeMutableBufferPointer<Double>) -> Bool {
        let n = d.variableCount
        pattern.inverse.withUnsafeBufferPointer { inverse in
            pattern.basis.withUnsafeBufferPointer { basis in
                for j in 0 ..< n {
                    var s = 0.0
                    for i in 0 ..< n { s -= inverse[j * n + i] * d.constants[Int(basis[i])] }
                    x[j] = s
                }
            }
        }
        return pattern.side.withUnsafeBufferPointer { side in
            for i in 0 ..< d.rowCount {
                let (r, magnitude) = d.residual(i, at: x)
                let tolerance = tightness * max(1, magnitude)
                switch side[i] {
                case 0: if abs(r) > tolerance { return false }
                case 1: if r < -tolerance { return false }
                default: if r > tolerance { return false }
                }
            }
            return true
        }
    }

    // MARK: - Survey

    /// The shape of each component of the plan (-1: none, or the only one
    /// of its shape), the shapes, and each component's constants hash.
    var shapeOf: [Int32] = []
    var constantsHash: [UInt64] = []
    var shapes: [Shape] = []

    /// Describes every small component of `plan` and groups them by shape.
    /// A shape that only one component has is not kept.
    init(
        _ plan: Planner.ResidualPlan, system: ConstraintSystem, state: [Planner.State],
        values: UnsafeMutableBufferPointer<Double>
    ) {
        let count = plan.componentCount
        shapeOf = [Int32](repeating: -1, count: count)
        constantsHash = [UInt64](repeating: 0, count: count)
        var localIndex = [Int32](repeating: -1, count: system.variableCount)
        var d = Description()
        var byHash: [UInt64: Int32] = [:]
        var members: [Int] = []
        for c in 0 ..< count {
            guard d.load(plan.rows(ofComponent: c), system: system, state: state, values: values,
                         localIndex: &localIndex) else { continue }
            constantsHash[c] = d.constantsHash
            if let s = byHash[d.hash] {
                // Another shape with the same hash: left alone.
                guard d.matches(shapes[Int(s)]) else { continue }
                shapeOf[c] = s
                members[Int(s)] += 1
            } else {
                byHash[d.hash] = Int32(shapes.count)
                shapeOf[c] = Int32(shapes.count)
                shapes.append(Shape(d))
                members.append(1)
            }
        }
        // Shapes seen once gain nothing: drop them and number the rest.
        var renumbered = [Int32](repeating: -1, count: shapes.count)
        var kept: [Shape] = []
        for (s, shape) in shapes.enumerated() where members[s] >= 2 {
            renumbered[s] = Int32(kept.count)
            kept.append(shape)
        }
        shapes = kept
        for c in 0 ..< count where shapeOf[c] >= 0 { shapeOf[c] = renumbered[Int(shapeOf[c])] }
    }

    /// One representative for each shape among `pending` components (in
    /// increasing order): the one with the least constants hash (the first
    /// of equals: equal hashes are equal constants but for a collision).
    /// Shapes that are barren or have all their patterns get none.
    func representatives(among pending: [Int]) -> [Int] {
        var best = [Int](repeating: -1, count: shapes.count)
        for c in pending {
            let s = Int(shapeOf[c])
            guard s >= 0, !shapes[s].barren, shapes[s].patterns.count < Self.maxPatterns else { continue }
            if best[s] < 0 || constantsHash[c] < constantsHash[best[s]] { best[s] = c }
        }
        return best.filter { $0 >= 0 }.sorted()
    }
}
