import CPlumbKernels

/// Solves the square dense blocks of the block triangular form.
///
/// Small blocks are solved in Swift by Gaussian elimination with partial
/// pivoting; blocks larger than ``lapackThreshold`` go to LAPACKE
/// (`dgetrf`/`dgetrs` on OpenBLAS) through `CPlumbKernels`. Scratch buffers are
/// kept between calls, so solving many small blocks allocates nothing.
struct DenseBlockSolver {
    /// Blocks with more rows than this are factorised by LAPACKE. Blocks in
    /// layouts are small (a row of equal-width cells is 2 × cells), so nearly
    /// all stay in Swift, where there is no call overhead.
    var lapackThreshold: Int

    private var matrix: [Double] = []
    private var rhs: [Double] = []
    private var pivots: [Int32] = []

    init(lapackThreshold: Int = 48) {
        self.lapackThreshold = lapackThreshold
    }

    /// Solves `A x = b` for the `n × n` column-major matrix that `fill`
    /// writes into its first argument (zeroed) and the right-hand side it
    /// writes into the second. Returns `nil` when `A` is numerically singular;
    /// otherwise `x`.
    mutating func solve(
        size n: Int,
        fill: (_ a: UnsafeMutableBufferPointer<Double>, _ b: UnsafeMutableBufferPointer<Double>) -> Void
    ) -> [Double]? {
        if matrix.count < n * n { matrix = [Double](repeating: 0, count: n * n) }
        if rhs.count < n { rhs = [Double](repeating: 0, count: n) }
        if pivots.count < n { pivots = [Int32](repeating: 0, count: n) }
        let useLAPACK = n > lapackThreshold
        return matrix.withUnsafeMutableBufferPointer { aAll in
            rhs.withUnsafeMutableBufferPointer { bAll in
                pivots.withUnsafeMutableBufferPointer { p in
                    let a = UnsafeMutableBufferPointer(rebasing: aAll[0 ..< n * n])
                    let b = UnsafeMutableBufferPointer(rebasing: bAll[0 ..< n])
                    a.update(repeating: 0)
                    b.update(repeating: 0)
                    fill(a, b)
                    var scale = 0.0
                    for x in a { scale = max(scale, abs(x)) }
                    guard scale > 0 else { return nil }
                    if useLAPACK {
                        return Self.solveWithLAPACKE(n: n, a: a, b: b, pivots: p, scale: scale)
                    } else {
                        return Self.solveInSwift(n: n, a: a, b: b, scale: scale)
                    }
                }
            }
        }
    }

    /// Gaussian elimination with partial pivoting on a column-major matrix.
    private static func solveInSwift(
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
