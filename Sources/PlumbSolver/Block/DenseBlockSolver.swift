import CPlumbKernels

/// Solves the square dense blocks of the block triangular form.
///
/// Small blocks are solved in Swift by Gaussian elimination with partial
/// pivoting; blocks larger than ``lapackThreshold`` go to LAPACKE
/// (`dgetrf`/`dgetrs` on OpenBLAS) through `CPlumbKernels`, which loads
/// LAPACKE on the first such block (in Swift too when it cannot be loaded). Scratch buffers are
/// kept between calls, so solving many small blocks allocates nothing.
struct DenseBlockSolver {
    /// Blocks with more rows than this are factorised by LAPACKE. Blocks in
    /// layouts are small (a row of equal-width cells is 2 × cells), so nearly
    /// all stay in Swift, where there is no call overhead.
    var lapackThreshold: Int

    private var matrix: [Double] = []
    private var rhs: [Double] = []
    private var pivots: [Int32] = []
    /// The pattern's bits for blocks of at most `maskedLimit` rows: the
    /// columns' masks, then the rows'.
    private var masks: [UInt64] = []

    init(lapackThreshold: Int = 48) {
        self.lapackThreshold = lapackThreshold
    }

    /// The largest block solved through its pattern of entries that are not
    /// zero (`solveMasked(n:a:b:columns:rows:)`): one bit a row.
    static let maskedLimit = 64

    /// Where a block's entries that are not zero may be: `fill` notes every
    /// entry it writes. For a block of at most `maskedLimit` rows, bit `i`
    /// of `columns[j]` and bit `j` of `rows[i]` for entry (i, j); larger
    /// blocks keep no pattern.
    struct Pattern {
        fileprivate let columns: UnsafeMutablePointer<UInt64>?
        fileprivate let rows: UnsafeMutablePointer<UInt64>?

        /// Notes that entry (`i`, `j`), row `i` and column `j`, may not be zero.
        @inline(__always)
        func note(row i: Int, column j: Int) {
            guard let columns, let rows else { return }
            columns[j] |= 1 &<< UInt64(truncatingIfNeeded: i)
            rows[i] |= 1 &<< UInt64(truncatingIfNeeded: j)
        }
    }

    /// Solves `A x = b` for the `n × n` column-major matrix that `fill`
    /// writes into its first argument (zeroed) and the right-hand side it
    /// writes into the second, noting in the third each entry of `A` it
    /// writes. Returns `nil` when `A` is numerically singular; otherwise `x`.
    mutating func solve(
        size n: Int,
        fill: (
            _ a: UnsafeMutableBufferPointer<Double>, _ b: UnsafeMutableBufferPointer<Double>, _ pattern: Pattern
        ) -> Void
    ) -> [Double]? {
        if matrix.count < n * n { matrix = [Double](repeating: 0, count: n * n) }
        if rhs.count < n { rhs = [Double](repeating: 0, count: n) }
        if pivots.count < n { pivots = [Int32](repeating: 0, count: n) }
        // LAPACKE is loaded by the first block that needs it; without it
        // (not installed) every block is solved in Swift.
        let useLAPACK = n > lapackThreshold && Self.lapackeLoaded()
        let masked = !useLAPACK && n <= Self.maskedLimit
        if masked && masks.isEmpty { masks = [UInt64](repeating: 0, count: 2 * Self.maskedLimit) }
        return matrix.withUnsafeMutableBufferPointer { aAll in
            rhs.withUnsafeMutableBufferPointer { bAll in
                pivots.withUnsafeMutableBufferPointer { p in
                    masks.withUnsafeMutableBufferPointer { masks in
                        let a = UnsafeMutableBufferPointer(rebasing: aAll[0 ..< n * n])
                        let b = UnsafeMutableBufferPointer(rebasing: bAll[0 ..< n])
                        a.update(repeating: 0)
                        b.update(repeating: 0)
                        guard masked else {
                            fill(a, b, Pattern(columns: nil, rows: nil))
                            let scale = Self.largestMagnitude(a)
                            guard scale > 0 else { return nil }
                            return useLAPACK
                                ? Self.solveWithLAPACKE(n: n, a: a, b: b, pivots: p, scale: scale)
                                : Self.solveInSwift(n: n, a: a, b: b, scale: scale)
                        }
                        let columns = UnsafeMutableBufferPointer(rebasing: masks[0 ..< n])
                        let rows = UnsafeMutableBufferPointer(rebasing: masks[Self.maskedLimit ..< Self.maskedLimit + n])
                        columns.update(repeating: 0)
                        rows.update(repeating: 0)
                        fill(a, b, Pattern(columns: columns.baseAddress, rows: rows.baseAddress))
                        return Self.solveMasked(n: n, a: a, b: b, columns: columns, rows: rows)
                    }
                }
            }
        }
    }

    /// The largest magnitude among the entries of `a`, in memory order.
    private static func largestMagnitude(_ a: UnsafeMutableBufferPointer<Double>) -> Double {
        var scale = 0.0
        for x in a { scale = max(scale, abs(x)) }
        return scale
    }

    /// `solveInSwift(n:a:b:scale:)` for a block of at most 64 rows, with
    /// the same floating-point operations on the same values in the same
    /// order, so the same bits, but skipping the ones on zeros.
    ///
    /// Layout blocks are sparse (a row of equal-width cells has two or three
    /// terms a row), and the dense loops spent nearly all their time on
    /// zeros: the pivot search and the multipliers visit every entry below
    /// the diagonal, the updates every column after it, the back
    /// substitution every entry above it. Here `columns[c]` has bit `r` and
    /// `rows[r]` bit `c` for every entry (r, c) that may not be zero (a bit
    /// may be set for a zero, never missing for an entry that is not); the
    /// searches and multipliers visit the column's rows, the updates the
    /// pivot row's columns and the back substitution the row's columns, in
    /// increasing order, and the masks follow what the updates write. Why
    /// skipping the zeros gives the same bits:
    ///
    /// - A zero below the pivot never wins the search (the comparison is
    ///   strict and starts from the diagonal's magnitude), and its multiplier
    ///   0 / p is zero, which the dense loop skips (but for a NaN pivot: then
    ///   every row is visited).
    /// - No entry of the matrix is ever -0: it starts +0 (zeroed, then
    ///   `+=` of the coefficients, and +0 + -0 is +0), and `x - y` is -0 only
    ///   for x = -0. So an update `x - f · 0` leaves `x` as it is when `f` is
    ///   finite (a multiplier that is not finite updates every column), and
    ///   the back substitution's `s - 0 · x[c]` changes `s` only when `s` is
    ///   -0 (to +0, when `x[c]` is negative) or `x[c]` is not finite; a row
    ///   whose sum comes out as zero, and every row after an `x` that is not
    ///   finite, is summed again over every column.
    /// - The scale is the largest magnitude of the entries noted, which are
    ///   all that are not zero.
    static func solveMasked(
        n: Int, a: UnsafeMutableBufferPointer<Double>, b: UnsafeMutableBufferPointer<Double>,
        columns: UnsafeMutableBufferPointer<UInt64>, rows: UnsafeMutableBufferPointer<UInt64>
    ) -> [Double]? {
        precondition(n <= maskedLimit)
        var scale = 0.0
        for c in 0 ..< n {
            var m = columns[c]
            while m != 0 {
                let r = m.trailingZeroBitCount
                m &= m &- 1
                scale = max(scale, abs(a[c &* n &+ r]))
            }
        }
        guard scale > 0 else { return nil }
        let tiny = Tolerances.pivot * scale
        let every: UInt64 = n == 64 ? ~0 : (1 &<< UInt64(n)) &- 1
        for col in 0 ..< n {
            let after = ~((2 &<< UInt64(col)) &- 1)  // the rows (or columns) after `col`
            var best = col
            var bestAbs = abs(a[col &* n &+ col])
            var rest = columns[col] & after
            while rest != 0 {
                let r = rest.trailingZeroBitCount
                rest &= rest &- 1
                if abs(a[col &* n &+ r]) > bestAbs {
                    best = r
                    bestAbs = abs(a[col &* n &+ r])
                }
            }
            if bestAbs <= tiny { return nil }
            if best != col {
                let pair: UInt64 = (1 &<< UInt64(col)) | (1 &<< UInt64(best))
                for c in col ..< n {
                    a.swapAt(c &* n &+ col, c &* n &+ best)
                    let m = columns[c] & pair
                    if m != 0 && m != pair { columns[c] ^= pair }  // one of the two bits was set
                }
                rows.swapAt(col, best)  // their bits before `col` are never read again
                b.swapAt(col, best)
            }
            let p = a[col &* n &+ col]
            let pivotRow = rows[col] & after
            rest = (p.isNaN ? every : columns[col]) & after
            while rest != 0 {
                let r = rest.trailingZeroBitCount
                rest &= rest &- 1
                let f = a[col &* n &+ r] / p
                if f == 0 { continue }
                a[col &* n &+ r] = 0
                let bit: UInt64 = 1 &<< UInt64(r)
                let touched = f.isFinite ? pivotRow : every & after
                var cs = touched
                while cs != 0 {
                    let c = cs.trailingZeroBitCount
                    cs &= cs &- 1
                    a[c &* n &+ r] -= f * a[c &* n &+ col]
                    columns[c] |= bit
                }
                rows[r] |= touched
                b[r] -= f * b[col]
            }
        }
        var x = [Double](repeating: 0, count: n)
        // 0 · x[c] is NaN for an x[c] that is not finite: from then on
        // every row is summed over every column.
        var everyColumn = false
        for r in stride(from: n - 1, through: 0, by: -1) {
            var s = b[r]
            if !everyColumn {
                var rest = rows[r] & ~((2 &<< UInt64(r)) &- 1)
                while rest != 0 {
                    let c = rest.trailingZeroBitCount
                    rest &= rest &- 1
                    s -= a[c &* n &+ r] * x[c]
                }
            }
            if everyColumn || s == 0 {
                s = b[r]
                for c in (r + 1) ..< max(r + 1, n) { s -= a[c &* n &+ r] * x[c] }
            }
            x[r] = s / a[r &* n &+ r]
            if !x[r].isFinite { everyColumn = true }
        }
        return x
    }

    /// Gaussian elimination with partial pivoting on a column-major matrix.
    static func solveInSwift(
        n: Int, a: UnsafeMutableBufferPointer<Double>, b: UnsafeMutableBufferPointer<Double>, scale: Double
    ) -> [Double]? {
        let tiny = Tolerances.pivot * scale
        for col in 0 ..< n {
            var best = col
            var bestAbs = abs(a[col * n + col])
            for r in (col + 1) ..< max(col + 1, n) where abs(a[col * n + r]) > bestAbs {
                best = r
                bestAbs = abs(a[col * n + r])
            }
            if bestAbs <= tiny { return nil }
            if best != col {
                for c in col ..< n { a.swapAt(c * n + col, c * n + best) }
                b.swapAt(col, best)
            }
            let p = a[col * n + col]
            for r in (col + 1) ..< max(col + 1, n) {
                let f = a[col * n + r] / p
                if f == 0 { continue }
                a[col * n + r] = 0
                for c in (col + 1) ..< n { a[c * n + r] -= f * a[c * n + col] }
                b[r] -= f * b[col]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for r in stride(from: n - 1, through: 0, by: -1) {
            var s = b[r]
            for c in (r + 1) ..< max(r + 1, n) { s -= a[c * n + r] * x[c] }
            x[r] = s / a[r * n + r]
        }
        return x
    }

    /// Whether LAPACKE is usable: loads it on the first call (`dlopen`, once
    /// for the process; a warning on stderr when it cannot be loaded).
    static func lapackeLoaded() -> Bool {
        plumb_dense_load() == nil
    }

    private static func solveWithLAPACKE(
        n: Int, a: UnsafeMutableBufferPointer<Double>, b: UnsafeMutableBufferPointer<Double>,
        pivots: UnsafeMutableBufferPointer<Int32>, scale: Double
    ) -> [Double]? {
        guard let n32 = Int32(exactly: n) else { return nil }
        // 1-norm of A, for the condition estimate after factorisation.
        var anorm = 0.0
        for c in 0 ..< n {
            var s = 0.0
            for r in 0 ..< n { s += abs(a[c * n + r]) }
            anorm = max(anorm, s)
        }
        let info = plumb_dense_solve(n32, a.baseAddress, b.baseAddress, pivots.baseAddress)
        guard info == 0 else { return nil }
        let rcond = plumb_dense_rcond(n32, a.baseAddress, anorm)
        guard rcond > Tolerances.reciprocalCondition else { return nil }
        return Array(b)
    }
}
