import Testing
import PlumbTestSupport
@testable import PlumbSolver

/// Coupled blocks of the same entries solved by replaying one elimination
/// (``SolveOptions/reuseBlockFactorisations``) against every block
/// eliminated afresh: the same bits, the same singular blocks, and no reuse
/// between blocks that differ in a coefficient or in their pattern.
@Suite struct BlockReuseTests {
    private static let origin = Origin(kind: .code, text: "test")

    /// One block: its entries in the order they are added, and a right-hand side.
    private struct Block {
        var n: Int
        var entries: [(row: Int, column: Int, value: Double)]
        var b: [Double]
        /// The entries as a comparable key (places and value bits, in order).
        var key: [UInt64] { entries.flatMap { [UInt64($0.row << 32 | $0.column), $0.value.bitPattern] } + [UInt64(n)] }
    }

    /// Solves `block` through `solver`: `x`, or nil when singular.
    private static func solve(_ block: Block, with solver: inout DenseBlockSolver) -> [Double]? {
        var x: [Double]? = nil
        let solved = solver.solve(size: block.n, entryBound: block.entries.count, fill: { entries, b in
            for e in block.entries { entries.add(row: e.row, column: e.column, value: e.value) }
            for i in 0 ..< block.n { b[i] = block.b[i] }
        }, store: { x = Array($0) })
        #expect(solved == (x != nil))
        return x
    }

    /// A random sparse block of `n` rows (two or three terms a row, one of
    /// them often the diagonal), sometimes made singular (a row repeated).
    private static func randomEntries(n: Int, singular: Bool, rng: inout SplitMix64) -> [(Int, Int, Double)] {
        var entries: [(Int, Int, Double)] = []
        for r in 0 ..< n {
            if rng.next() % 3 != 0 { entries.append((r, r, Double(Int(rng.next() % 9) + 1) / 4)) }
            for _ in 0 ..< Int(rng.next() % 3) + 1 {
                let c = Int(rng.next() % UInt64(n))
                let value: Double = rng.next() % 2 == 0 ? -1 : Double(Int(rng.next() % 2001) - 1000) / 7
                entries.append((r, c, value))
            }
        }
        if singular && n > 1 {
            // Row 1 becomes a copy of row 0.
            entries.removeAll { $0.0 == 1 }
            for e in entries where e.0 == 0 { entries.append((1, e.1, e.2)) }
        }
        return entries
    }

    private static func randomRHS(n: Int, rng: inout SplitMix64) -> [Double] {
        (0 ..< n).map { _ in
            switch rng.next() % 5 {
            case 0: 0
            case 1: -0.0
            default: Double(Int(rng.next() % 801) - 400) / 3
            }
        }
    }

    /// Blocks drawn from a few shapes, each solved with a new right-hand
    /// side, interleaved with near repeats of them: one coefficient moved by
    /// an ulp or changed, an entry moved to another column, an entry added
    /// with value zero, the same entries in another order, and singular
    /// shapes. Solved by one solver that reuses and one that does not: the
    /// same bits and the same singular blocks every time, and a reuse only
    /// of entries solved before (bit for bit).
    @Test func replayedEliminationsGiveTheFreshBits() {
        var rng = SplitMix64(seed: 12)
        var reusing = DenseBlockSolver(reusesFactorisations: true)
        var fresh = DenseBlockSolver(reusesFactorisations: false)
        var seen = Set<[UInt64]>()
        var exactRepeats = 0
        for round in 0 ..< 40 {
            let shapeCount = Int(rng.next() % 6) + 1  // more shapes than are kept, sometimes
            let shapes: [Block] = (0 ..< shapeCount).map { _ in
                let n = Int(rng.next() % 20) + 1
                let singular = rng.next() % 5 == 0
                let entries = Self.randomEntries(n: n, singular: singular, rng: &rng)
                return Block(n: n, entries: entries.map { ($0.0, $0.1, $0.2) }, b: [])
            }
            for step in 0 ..< 60 {
                var block = shapes[Int(rng.next() % UInt64(shapeCount))]
                block.b = Self.randomRHS(n: block.n, rng: &rng)
                let variant = rng.next() % 8
                let k = Int(rng.next() % UInt64(block.entries.count))
                switch variant {
                case 0: block.entries[k].value = block.entries[k].value.nextUp
                case 1: block.entries[k].value *= 1.5
                case 2: block.entries[k].column = (block.entries[k].column + 1) % block.n
                case 3: block.entries.append((block.entries[k].row, (block.entries[k].column + 1) % block.n, 0))
                case 4: block.entries.reverse()
                default: break
                }
                let before = reusing.replays
                let x1 = Self.solve(block, with: &reusing)
                let x2 = Self.solve(block, with: &fresh)
                let note = "round \(round), step \(step), variant \(variant), n \(block.n)"
                #expect((x1 == nil) == (x2 == nil), "\(note): singular one way only")
                if let x1, let x2 { #expect(x1.map(\.bitPattern) == x2.map(\.bitPattern), "\(note)") }
                let key = block.key
                if reusing.replays > before {
                    #expect(seen.contains(key), "\(note): reused for entries never solved")
                    exactRepeats += 1
                }
                seen.insert(key)
            }
        }
        #expect(fresh.replays == 0)
        #expect(exactRepeats > 100, "only \(exactRepeats) blocks reused")
    }

    /// The grid family's rows as a system: `rows` rows of `cells` equal-width
    /// cells between margins (4, 6 or 8: only the constants differ), each
    /// cell 0.75 times as high as wide. `change(i)` gives row `i`'s kind:
    /// 0 the common block, 1 another coefficient in it (the last width is
    /// 1.0000001 times the first), 2 another pattern (the last width equals
    /// the second's), 3 a singular block (the right edge replaced by a
    /// repeated equal-width row; a wish of priority 500 then sets the
    /// widths).
    private static func grid(
        rows: Int, cells: Int, width: Double, change: (Int) -> Int
    ) -> (system: ConstraintSystem, widthRow: RowIndex) {
        var s = ConstraintSystem()
        let root = s.addVariables(1)  // the root's width
        let widthRow = s.addRow([(root, 1)], constant: -width, relation: .equal, origin: origin)
        for i in 0 ..< rows {
            let kind = change(i)
            let gap = Double(4 + i % 3 * 2)
            let first = s.addVariables(3 * cells)
            func left(_ j: Int) -> VariableIndex { VariableIndex(first.int + 3 * j) }
            func w(_ j: Int) -> VariableIndex { VariableIndex(first.int + 3 * j + 1) }
            func h(_ j: Int) -> VariableIndex { VariableIndex(first.int + 3 * j + 2) }
            s.addRow([(left(0), 1)], constant: -gap, relation: .equal, origin: origin)
            for j in 1 ..< cells {
                s.addRow([(left(j), 1), (left(j - 1), -1), (w(j - 1), -1)], constant: -gap, relation: .equal, origin: origin)
                let reference = kind == 2 && j == cells - 1 ? w(1) : w(0)
                let scale = kind == 1 && j == cells - 1 ? -1.0000001 : -1
                s.addRow([(w(j), 1), (reference, scale)], constant: 0, relation: .equal, origin: origin)
            }
            if kind == 3 {
                s.addRow([(w(1), 1), (w(0), -1)], constant: 0, relation: .equal, origin: origin)
                // Something for the simplex to decide the free width by.
                s.addRow([(w(0), 1)], constant: -40, relation: .equal, priority: .medium, origin: origin)
            } else {
                s.addRow([(left(cells - 1), 1), (w(cells - 1), 1), (root, -1)], constant: gap, relation: .equal,
                         origin: origin)
            }
            for j in 0 ..< cells { s.addRow([(h(j), 1), (w(j), -0.75)], constant: 0, relation: .equal, origin: origin) }
        }
        return (s, widthRow)
    }

    private static func options(reuse: Bool) -> SolveOptions {
        var o = SolveOptions()
        o.reuseBlockFactorisations = reuse
        return o
    }

    /// Grids of random widths and cell counts, with rows whose block is the
    /// same as the others', and near repeats (another coefficient, another
    /// pattern, a singular block): one solve with reuse and one without
    /// give the same bits, and only repeated blocks are reused.
    @Test func gridRowsGiveTheSameBitsWithAndWithoutReuse() throws {
        var rng = SplitMix64(seed: 1215)
        for trial in 0 ..< 30 {
            let rows = Int(rng.next() % 40) + 2
            let cells = Int(rng.next() % 7) + 2
            let width = Double(Int(rng.next() % 2000) + 200) / 3
            var kinds = (0 ..< rows).map { _ in rng.next() % 4 == 0 ? Int(rng.next() % 3) + 1 : 0 }
            if cells < 3 { kinds = kinds.map { $0 == 2 ? 0 : $0 } }
            let (s, _) = Self.grid(rows: rows, cells: cells, width: width) { kinds[$0] }
            let on = try s.solve(options: Self.options(reuse: true))
            let off = try s.solve(options: Self.options(reuse: false))
            #expect(on.values.map(\.bitPattern) == off.values.map(\.bitPattern), "trial \(trial)")
            #expect(on.stats.blocks == off.stats.blocks)
            #expect(off.stats.reusedBlocks == 0)
            // Every block of a kind after the first of its kind is a repeat
            // (at most four kinds, all kept); singular ones are not counted
            // as solved blocks.
            let solvedKinds = kinds.filter { $0 != 3 }
            let distinct = Set(solvedKinds).count
            #expect(on.stats.reusedBlocks == solvedKinds.count - distinct, "trial \(trial): \(kinds)")
            #expect(on.stats.blocks == solvedKinds.count)
        }
    }

    /// A compiled grid re-solved over root widths (its blocks re-evaluated
    /// by the solver kept from compiling, with its eliminations) gives the
    /// bits of the same compiled grid without reuse at every width.
    @Test func compiledGridReusesAcrossWidths() throws {
        let kinds = [0, 0, 1, 0, 2, 0, 3, 0, 0, 1]
        let (s, widthRow) = Self.grid(rows: kinds.count, cells: 5, width: 700) { kinds[$0] }
        let on = try CompiledSystem(s, parameterRows: [widthRow], options: Self.options(reuse: true))
        let off = try CompiledSystem(s, parameterRows: [widthRow], options: Self.options(reuse: false))
        for width in stride(from: 320.0, through: 1400, by: 97) {
            on.setConstant(-width, ofRow: widthRow)
            off.setConstant(-width, ofRow: widthRow)
            let a = try on.solve(), b = try off.solve()
            #expect(a.values.map(\.bitPattern) == b.values.map(\.bitPattern), "width \(width)")
            #expect(abs(a.values[Int(1 + 3 * 5 + 1)] - (width - 6 * 6) / 5) < 1e-9, "width \(width)")
        }
    }
}
