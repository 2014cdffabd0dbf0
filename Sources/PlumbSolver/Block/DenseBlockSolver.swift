import CPlumbKernels

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Solves the square dense blocks of the block triangular form.
///
/// Small blocks are solved in Swift by Gaussian elimination with partial
/// pivoting; blocks larger than ``lapackThreshold`` go to LAPACKE
/// (`dgetrf`/`dgetrs` on OpenBLAS) through `CPlumbKernels`, which loads
/// LAPACKE on the first such block (in Swift too when it cannot be loaded). Scratch buffers are
/// kept between calls, so solving many small blocks allocates nothing.
///
/// Blocks of the same shape: a row of a grid gives the same block as every
/// other row, only the right-hand side differs. The elimination of a block
/// of at most ``maskedLimit`` rows depends on its entries alone (pivots,
/// multipliers, the upper triangle); the right-hand side only goes through
/// the row swaps and multipliers and the back substitution. So the solver
/// keeps the eliminations of the last few blocks it solved
/// (``rememberedFactorisations``), keyed by their entries exactly (each
/// entry's row, column and the bits of its value, in the order the fill
/// wrote them, since `+=` of repeated entries rounds in that order), and a
/// block whose entries are the same replays them on its right-hand side:
/// the same floating-point operations on the same values in the same order
/// as a fresh elimination, so the same bits (and the same "singular").
struct DenseBlockSolver {
    /// Blocks with more rows than this are factorised by LAPACKE. Blocks in
    /// layouts are small (a row of equal-width cells is 2 × cells), so nearly
    /// all stay in Swift, where there is no call overhead.
    var lapackThreshold: Int
    /// Whether a block whose entries are those of a recent block replays
    /// that block's elimination instead of eliminating again (see above).
    /// Off, every block is eliminated from its entries, as a second method.
    var reusesFactorisations: Bool

    private var matrix: [Double] = []
    private var rhs: [Double] = []
    private var pivots: [Int32] = []
    private var solution: [Double] = []
    /// The pattern's bits for blocks of at most `maskedLimit` rows: the
    /// columns' masks, then the rows'.
    private var masks: [UInt64] = []
    /// The entries `fill` wrote for the block being solved, in order: row
    /// `i` and column `j` packed as `i | j << 32`, and the values.
    private var entryPlaces: [Int] = []
    private var entryValues: [Double] = []
    /// The eliminations kept for blocks of the same entries, and the slot
    /// the next one replaces.
    private var factorisations: [Factorisation] = []
    private var nextSlot = 0
    /// How many blocks were solved by replaying a kept elimination (not
    /// counting blocks found singular by a replay).
    private(set) var replays = 0

    init(lapackThreshold: Int = 48, reusesFactorisations: Bool = true) {
        self.lapackThreshold = lapackThreshold
        self.reusesFactorisations = reusesFactorisations
    }

    /// The largest block solved through its pattern of entries that are not
    /// zero (`solveMasked`): one bit a row. Also the largest whose
    /// elimination is kept for reuse.
    static let maskedLimit = 64

    /// How many eliminations are kept (the most recent ones).
    static let rememberedFactorisations = 4

    /// Where `fill` writes a block's entries: ``add(row:column:value:)``
    /// for each term, repeated places summed in the order written.
    struct Entries {
        fileprivate let places: UnsafeMutablePointer<Int>
        fileprivate let values: UnsafeMutablePointer<Double>
        fileprivate let capacity: Int
        fileprivate(set) var count = 0

        /// Adds `value` to entry (`i`, `j`): row `i`, column `j`.
        @inline(__always)
        mutating func add(row i: Int, column j: Int, value: Double) {
            precondition(count < capacity, "more block entries than the bound given")
            places[count] = i | j &<< 32
            values[count] = value
            count &+= 1
        }
    }

    /// One block's elimination, replayable on another right-hand side: the
    /// entries it was made from (the key), the row swapped with each pivot
    /// row, the multipliers applied to the right-hand side in the order
    /// applied (per pivot, `b[row] -= factor · b[pivot]`), and the upper
    /// triangle with its rows' masks for the back substitution.
    private struct Factorisation {
        var size = 0
        var places: [Int] = []
        var values: [Double] = []
        var singular = false
        var swaps: [Int32] = []
        var opStart: [Int32] = []
        var opRows: [Int32] = []
        var opFactors: [Double] = []
        var upper: [Double] = []
        var rowMasks: [UInt64] = []

        /// Whether its key is `count` entries at `places`/`values`, the
        /// values compared bit for bit.
        func matches(size n: Int, places p: UnsafePointer<Int>, values v: UnsafePointer<Double>, count: Int) -> Bool {
            guard size == n, places.count == count else { return false }
            return places.withUnsafeBytes { memcmp($0.baseAddress!, p, count * MemoryLayout<Int>.stride) == 0 }
                && values.withUnsafeBytes { memcmp($0.baseAddress!, v, count * MemoryLayout<Double>.stride) == 0 }
        }

        /// Solves for `b` with this elimination: its row swaps and
        /// multipliers applied to `b` in the order the elimination applied
        /// them, then its back substitution; false when the block was singular.
        func replay(b: UnsafeMutableBufferPointer<Double>, x: UnsafeMutableBufferPointer<Double>) -> Bool {
            guard !singular else { return false }
            let n = size
            swaps.withUnsafeBufferPointer { swaps in
            opStart.withUnsafeBufferPointer { opStart in
            opRows.withUnsafeBufferPointer { opRows in
            opFactors.withUnsafeBufferPointer { opFactors in
                for col in 0 ..< n {
                    let best = Int(swaps[col])
                    if best != col { b.swapAt(col, best) }
                    for k in Int(opStart[col]) ..< Int(opStart[col &+ 1]) {
                        b[Int(opRows[k])] -= opFactors[k] * b[col]
                    }
                }
            }}}}
            upper.withUnsafeBufferPointer { a in
                rowMasks.withUnsafeBufferPointer { rows in
                    DenseBlockSolver.backSubstitute(n: n, a: a, b: UnsafeBufferPointer(b), rows: rows, x: x)
                }
            }
            return true
        }
    }

    /// Where `solveMasked` writes the elimination it makes (room for `n`
    /// swaps, `n + 1` starts and `n (n - 1) / 2` operations).
    struct Recording {
        let swaps: UnsafeMutablePointer<Int32>
        let opStart: UnsafeMutablePointer<Int32>
        let opRows: UnsafeMutablePointer<Int32>
        let opFactors: UnsafeMutablePointer<Double>
    }

    /// Solves `A x = b` for the `n × n` matrix whose entries `fill` adds
    /// (at most `entryBound` of them) and the right-hand side it writes
    /// into its second argument (zeroed), then passes `x` to `store`.
    /// Returns false (without calling `store`) when `A` is numerically
    /// singular.
    mutating func solve(
        size n: Int, entryBound: Int,
        fill: (_ entries: inout Entries, _ b: UnsafeMutableBufferPointer<Double>) -> Void,
        store: (_ x: UnsafeBufferPointer<Double>) -> Void
    ) -> Bool {
        if rhs.count < n { rhs = [Double](repeating: 0, count: n) }
        if solution.count < n { solution = [Double](repeating: 0, count: n) }
        if entryPlaces.count < entryBound {
            entryPlaces = [Int](repeating: 0, count: entryBound)
            entryValues = [Double](repeating: 0, count: entryBound)
        }
        let count = entryPlaces.withUnsafeMutableBufferPointer { places in
            entryValues.withUnsafeMutableBufferPointer { values in
                rhs.withUnsafeMutableBufferPointer { bAll in
                    let b = UnsafeMutableBufferPointer(rebasing: bAll[0 ..< n])
                    b.update(repeating: 0)
                    var entries = Entries(places: places.baseAddress!, values: values.baseAddress!, capacity: entryBound)
                    fill(&entries, b)
                    return entries.count
                }
            }
        }
        // LAPACKE is loaded by the first block that needs it; without it
        // (not installed) every block is solved in Swift.
        let useLAPACK = n > lapackThreshold && Self.lapackeLoaded()
        let masked = !useLAPACK && n <= Self.maskedLimit
        if masked && reusesFactorisations {
            let found = entryPlaces.withUnsafeBufferPointer { places in
                entryValues.withUnsafeBufferPointer { values in
                    factorisations.firstIndex {
                        $0.matches(size: n, places: places.baseAddress!, values: values.baseAddress!, count: count)
                    }
                }
            }
            if let found {
                let solved = rhs.withUnsafeMutableBufferPointer { bAll in
                    solution.withUnsafeMutableBufferPointer { xAll in
                        factorisations[found].replay(b: UnsafeMutableBufferPointer(rebasing: bAll[0 ..< n]),
                                                     x: UnsafeMutableBufferPointer(rebasing: xAll[0 ..< n]))
                    }
                }
                if solved {
                    replays += 1
                    solution.withUnsafeBufferPointer { store(UnsafeBufferPointer(rebasing: $0[0 ..< n])) }
                }
                return solved
            }
        }
        if matrix.count < n * n { matrix = [Double](repeating: 0, count: n * n) }
        if pivots.count < n { pivots = [Int32](repeating: 0, count: n) }
        if masked && masks.isEmpty { masks = [UInt64](repeating: 0, count: 2 * Self.maskedLimit) }
        // The matrix from the entries, and for a masked block their pattern.
        matrix.withUnsafeMutableBufferPointer { aAll in
            masks.withUnsafeMutableBufferPointer { masks in
                entryPlaces.withUnsafeBufferPointer { places in
                    entryValues.withUnsafeBufferPointer { values in
                        let a = UnsafeMutableBufferPointer(rebasing: aAll[0 ..< n * n])
                        a.update(repeating: 0)
                        if masked {
                            let columns = UnsafeMutableBufferPointer(rebasing: masks[0 ..< n])
                            let rows = UnsafeMutableBufferPointer(rebasing: masks[Self.maskedLimit ..< Self.maskedLimit + n])
                            columns.update(repeating: 0)
                            rows.update(repeating: 0)
                            for k in 0 ..< count {
                                let i = places[k] & 0xFFFF_FFFF, j = places[k] &>> 32
                                a[j &* n &+ i] += values[k]
                                columns[j] |= 1 &<< UInt64(truncatingIfNeeded: i)
                                rows[i] |= 1 &<< UInt64(truncatingIfNeeded: j)
                            }
                        } else {
                            for k in 0 ..< count {
                                let i = places[k] & 0xFFFF_FFFF, j = places[k] &>> 32
                                a[j &* n &+ i] += values[k]
                            }
                        }
                    }
                }
            }
        }
        guard masked else {
            let x: [Double]? = matrix.withUnsafeMutableBufferPointer { aAll in
                rhs.withUnsafeMutableBufferPointer { bAll in
                    pivots.withUnsafeMutableBufferPointer { p in
                        let a = UnsafeMutableBufferPointer(rebasing: aAll[0 ..< n * n])
                        let b = UnsafeMutableBufferPointer(rebasing: bAll[0 ..< n])
                        let scale = Self.largestMagnitude(a)
                        guard scale > 0 else { return nil }
                        return useLAPACK
                            ? Self.solveWithLAPACKE(n: n, a: a, b: b, pivots: p, scale: scale)
                            : Self.solveInSwift(n: n, a: a, b: b, scale: scale)
                    }
                }
            }
            guard let x else { return false }
            x.withUnsafeBufferPointer { store($0) }
            return true
        }
        // The slot this elimination goes into: its arrays are reused.
        var kept = Factorisation()
        var slot = -1
        if reusesFactorisations {
            if factorisations.count < Self.rememberedFactorisations {
                factorisations.append(Factorisation())
                slot = factorisations.count - 1
            } else {
                slot = nextSlot
                nextSlot = (nextSlot + 1) % Self.rememberedFactorisations
            }
            swap(&kept, &factorisations[slot])
            kept.size = n
            kept.places.resize(to: count, filling: 0)
            kept.values.resize(to: count, filling: 0)
            for k in 0 ..< count {
                kept.places[k] = entryPlaces[k]
                kept.values[k] = entryValues[k]
            }
            kept.swaps.resize(to: n, filling: 0)
            kept.opStart.resize(to: n + 1, filling: 0)
            kept.opRows.resize(to: max(1, n * (n - 1) / 2), filling: 0)
            kept.opFactors.resize(to: max(1, n * (n - 1) / 2), filling: 0)
        }
        let recording = slot >= 0
        let solved = matrix.withUnsafeMutableBufferPointer { aAll in
            rhs.withUnsafeMutableBufferPointer { bAll in
                masks.withUnsafeMutableBufferPointer { masks in
                    solution.withUnsafeMutableBufferPointer { xAll in
                        kept.swaps.withUnsafeMutableBufferPointer { swaps in
                        kept.opStart.withUnsafeMutableBufferPointer { opStart in
                        kept.opRows.withUnsafeMutableBufferPointer { opRows in
                        kept.opFactors.withUnsafeMutableBufferPointer { opFactors in
                            Self.solveMasked(
                                n: n, a: UnsafeMutableBufferPointer(rebasing: aAll[0 ..< n * n]),
                                b: UnsafeMutableBufferPointer(rebasing: bAll[0 ..< n]),
                                columns: UnsafeMutableBufferPointer(rebasing: masks[0 ..< n]),
                                rows: UnsafeMutableBufferPointer(rebasing: masks[Self.maskedLimit ..< Self.maskedLimit + n]),
                                x: UnsafeMutableBufferPointer(rebasing: xAll[0 ..< n]),
                                recording: recording
                                    ? Recording(swaps: swaps.baseAddress!, opStart: opStart.baseAddress!,
                                                opRows: opRows.baseAddress!, opFactors: opFactors.baseAddress!)
                                    : nil)
                        }}}}
                    }
                }
            }
        }
        if recording {
            kept.singular = !solved
            if solved {
                kept.upper.resize(to: n * n, filling: 0)
                kept.rowMasks.resize(to: n, filling: 0)
                for k in 0 ..< n * n { kept.upper[k] = matrix[k] }
                for i in 0 ..< n { kept.rowMasks[i] = masks[Self.maskedLimit + i] }
            }
            swap(&kept, &factorisations[slot])
        }
        if solved { solution.withUnsafeBufferPointer { store(UnsafeBufferPointer(rebasing: $0[0 ..< n])) } }
        return solved
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
        var x = [Double](repeating: 0, count: n)
        let solved = x.withUnsafeMutableBufferPointer { x in
            solveMasked(n: n, a: a, b: b, columns: columns, rows: rows, x: x, recording: nil)
        }
        return solved ? x : nil
    }

    /// ``solveMasked(n:a:b:columns:rows:)`` into `x`; false when singular.
    /// With a `recording`, also writes there the row swapped with each
    /// pivot row and the multipliers applied to `b`, in order, which
    /// `Factorisation.replay(b:x:)` applies to another right-hand side.
    static func solveMasked(
        n: Int, a: UnsafeMutableBufferPointer<Double>, b: UnsafeMutableBufferPointer<Double>,
        columns: UnsafeMutableBufferPointer<UInt64>, rows: UnsafeMutableBufferPointer<UInt64>,
        x: UnsafeMutableBufferPointer<Double>, recording: Recording?
    ) -> Bool {
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
        guard scale > 0 else { return false }
        let tiny = Tolerances.pivot * scale
        let every: UInt64 = n == 64 ? ~0 : (1 &<< UInt64(n)) &- 1
        var ops: Int32 = 0
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
            if bestAbs <= tiny { return false }
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
            if let recording {
                recording.swaps[col] = Int32(truncatingIfNeeded: best)
                recording.opStart[col] = ops
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
                if let recording {
                    recording.opRows[Int(ops)] = Int32(truncatingIfNeeded: r)
                    recording.opFactors[Int(ops)] = f
                    ops &+= 1
                }
            }
        }
        recording?.opStart[n] = ops
        backSubstitute(n: n, a: UnsafeBufferPointer(a), b: UnsafeBufferPointer(b), rows: UnsafeBufferPointer(rows), x: x)
        return true
    }

    /// Solves the upper triangle of `a` (column-major, the rows' masks in
    /// `rows`) for `b` into `x`, through each row's mask: see
    /// ``solveMasked(n:a:b:columns:rows:)`` for why this gives the dense
    /// loop's bits.
    fileprivate static func backSubstitute(
        n: Int, a: UnsafeBufferPointer<Double>, b: UnsafeBufferPointer<Double>, rows: UnsafeBufferPointer<UInt64>,
        x: UnsafeMutableBufferPointer<Double>
    ) {
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
