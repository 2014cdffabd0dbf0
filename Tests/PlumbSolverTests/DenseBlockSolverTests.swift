import Testing
import PlumbTestSupport
@testable import PlumbSolver

/// The masked elimination of small blocks against the dense one it replaces:
/// the same bits for every solution, on sparse blocks like the layouts' and
/// on cases made to reach its fallbacks (zero sums, -0 on the right, NaN).
@Suite struct DenseBlockSolverTests {
    /// Solves `a x = b` both ways, each on its own copy; `nil` when singular.
    /// The masked solve gets the entries that are not zero, and with
    /// `extra` some zeros too (a pattern may over-state, never miss).
    private static func bothWays(
        n: Int, a: [Double], b: [Double], extra: inout SplitMix64?
    ) -> (masked: [Double]?, dense: [Double]?) {
        var a1 = a, b1 = b, a2 = a, b2 = b
        var columns = [UInt64](repeating: 0, count: n), rows = [UInt64](repeating: 0, count: n)
        for c in 0 ..< n {
            for r in 0 ..< n {
                var noted = a[c * n + r] != 0
                if !noted, var generator = extra {
                    noted = generator.next() % 5 == 0
                    extra = generator
                }
                if noted {
                    columns[c] |= 1 << UInt64(r)
                    rows[r] |= 1 << UInt64(c)
                }
            }
        }
        let masked = a1.withUnsafeMutableBufferPointer { a in
            b1.withUnsafeMutableBufferPointer { b in
                columns.withUnsafeMutableBufferPointer { columns in
                    rows.withUnsafeMutableBufferPointer { rows in
                        DenseBlockSolver.solveMasked(n: n, a: a, b: b, columns: columns, rows: rows)
                    }
                }
            }
        }
        let dense = a2.withUnsafeMutableBufferPointer { a in
            b2.withUnsafeMutableBufferPointer { b -> [Double]? in
                var scale = 0.0
                for x in a { scale = max(scale, abs(x)) }
                guard scale > 0 else { return nil }
                return DenseBlockSolver.solveInSwift(n: n, a: a, b: b, scale: scale)
            }
        }
        return (masked, dense)
    }

    private static func bothWays(n: Int, a: [Double], b: [Double]) -> (masked: [Double]?, dense: [Double]?) {
        var exact: SplitMix64? = nil
        return bothWays(n: n, a: a, b: b, extra: &exact)
    }

    private static func expectSameBits(_ masked: [Double]?, _ dense: [Double]?, _ note: String) {
        #expect((masked == nil) == (dense == nil), "\(note): one of the two found the block singular")
        guard let masked, let dense else { return }
        #expect(masked.map(\.bitPattern) == dense.map(\.bitPattern), "\(note)")
    }

    /// Random sparse blocks of 1 to 64 rows (column-major), two to four
    /// terms a row, diagonals often zero so rows are swapped, right-hand
    /// sides with zeros of both signs.
    @Test func sparseBlocksGiveTheDenseBits() {
        var rng = SplitMix64(seed: 15)
        for trial in 0 ..< 3000 {
            let n = trial < 64 ? trial + 1 : Int(rng.next() % 64) + 1
            var a = [Double](repeating: 0, count: n * n)
            for r in 0 ..< n {
                let terms = Int(rng.next() % 3) + 2
                for _ in 0 ..< terms {
                    let c = Int(rng.next() % UInt64(n))
                    let value: Double
                    switch rng.next() % 4 {
                    case 0: value = 1
                    case 1: value = -1
                    case 2: value = Double(Int(rng.next() % 17) - 8) / 4
                    default: value = Double(Int(rng.next() % 2001) - 1000) / 7
                    }
                    a[c * n + r] += value
                }
            }
            var b = [Double](repeating: 0, count: n)
            for i in 0 ..< n {
                switch rng.next() % 4 {
                case 0: b[i] = 0
                case 1: b[i] = -0.0
                default: b[i] = Double(Int(rng.next() % 801) - 400) / 3
                }
            }
            let (masked, dense) = Self.bothWays(n: n, a: a, b: b)
            Self.expectSameBits(masked, dense, "trial \(trial), n \(n)")
            var extra: SplitMix64? = SplitMix64(seed: UInt64(trial))
            let (overstated, _) = Self.bothWays(n: n, a: a, b: b, extra: &extra)
            Self.expectSameBits(overstated, dense, "trial \(trial), n \(n), zeros noted")
        }
    }

    /// A chain whose right-hand side is all -0 with a negative solution
    /// before it: the back substitution's sums come out as zero of either
    /// sign, which the dense loop decides through its products with zeros.
    @Test func zeroSumsTakeTheDenseSigns() {
        // x2 = -3 (b2 = -3); rows 0 and 1 sum to -0 or +0 depending on the
        // zero entries' products with x2.
        let n = 3
        var a = [Double](repeating: 0, count: n * n)
        a[0 * n + 0] = 1; a[1 * n + 1] = 2; a[2 * n + 2] = 1; a[1 * n + 0] = 1
        let b: [Double] = [-0.0, -0.0, -3]
        let (masked, dense) = Self.bothWays(n: n, a: a, b: b)
        Self.expectSameBits(masked, dense, "zero sums")
        // The dense loop turns row 1's -0 into +0 (-0 - 0 · -3 = +0), so the
        // masked one must sum it again: row 1 has no entry after its
        // diagonal, and its sparse sum alone would stay -0.
        #expect(dense?[1].sign == .plus)
        #expect(masked?[1].sign == .plus)
    }

    /// NaN and infinity in the block or the right-hand side: the same bits
    /// (NaN payloads included) as the dense loop.
    @Test func valuesThatAreNotFiniteGiveTheDenseBits() {
        let n = 4
        var a = [Double](repeating: 0, count: n * n)
        for i in 0 ..< n { a[i * n + i] = Double(i + 1) }
        a[3 * n + 0] = 2; a[2 * n + 1] = -1
        for special in [Double.nan, .infinity, -.infinity, 1e308] {
            for place in 0 ..< n {
                var b: [Double] = [1, -0.0, 0, 5]
                b[place] = special
                let (masked, dense) = Self.bothWays(n: n, a: a, b: b)
                Self.expectSameBits(masked, dense, "b[\(place)] = \(special)")
                var a2 = a
                a2[place * n + place] = special
                let (masked2, dense2) = Self.bothWays(n: n, a: a2, b: [1, 2, -0.0, 4])
                Self.expectSameBits(masked2, dense2, "a[\(place), \(place)] = \(special)")
            }
        }
    }
}
