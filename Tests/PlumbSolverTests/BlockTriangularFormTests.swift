import Testing
import PlumbTestSupport
@testable import PlumbSolver

/// The block triangular form against Tarjan's algorithm written the
/// textbook way (recursive, an on-stack flag), on random patterns: the same
/// blocks in the same order, rows in the same order within each block.
@Suite struct BlockTriangularFormTests {
    /// A CSR pattern of `rows` rows over `variables` variables.
    private struct Pattern {
        var start: [Int32] = [0]
        var index: [Int32] = []
        var rowCount: Int { start.count - 1 }
    }

    /// The reference: strongly connected components of the matched rows'
    /// dependency graph (row `r` depends on the row matched to each other
    /// variable it mentions), searches started from `candidates` in order,
    /// terms visited in row order.
    private static func reference(_ p: Pattern, rowOfVariable: [Int32], variableOfRow: [Int32],
                                  candidates: [Int32]) -> (rows: [Int32], blockStart: [Int32]) {
        let n = rowOfVariable.count
        var order = [Int](repeating: -1, count: n), low = [Int](repeating: -1, count: n)
        var onStack = [Bool](repeating: false, count: n)
        var stack: [Int] = [], rows: [Int32] = [], blockStart: [Int32] = [0]
        var counter = 0
        func connect(_ v: Int) {
            order[v] = counter; low[v] = counter; counter += 1
            stack.append(v); onStack[v] = true
            let r = Int(rowOfVariable[v])
            for k in Int(p.start[r]) ..< Int(p.start[r + 1]) {
                let w = Int(p.index[k])
                if w == v || rowOfVariable[w] < 0 { continue }
                if order[w] < 0 {
                    connect(w)
                    low[v] = min(low[v], low[w])
                } else if onStack[w] {
                    low[v] = min(low[v], order[w])
                }
            }
            if low[v] == order[v] {
                while true {
                    let w = stack.removeLast()
                    onStack[w] = false
                    rows.append(rowOfVariable[w])
                    if w == v { break }
                }
                blockStart.append(Int32(rows.count))
            }
        }
        for r in candidates {
            let v = Int(variableOfRow[Int(r)])
            if v >= 0 && order[v] < 0 { connect(v) }
        }
        return (rows, blockStart)
    }

    /// Random patterns: chains written in dependency order (each row's other
    /// variables defined by rows before it), the same shuffled or reversed,
    /// and with back references that make cycles; rows of one to four terms,
    /// some variables defined by no row.
    @Test func blocksAreTarjansOnRandomPatterns() {
        var rng = SplitMix64(seed: 1527)
        for trial in 0 ..< 600 {
            let variables = Int(rng.next() % 60) + 1
            let extra = Int(rng.next() % 5)  // variables no row defines
            var p = Pattern()
            var rowsTerms: [[Int32]] = []
            let cycles = trial % 3 == 2
            for v in 0 ..< variables {
                var terms: [Int32] = [Int32(v)]
                for _ in 0 ..< Int(rng.next() % 4) {
                    let other: Int
                    if rng.next() % 4 == 0 {
                        other = variables + Int(rng.next() % UInt64(extra + 1))  // undefined (or out of the pattern)
                    } else if cycles && rng.next() % 5 == 0 {
                        other = Int(rng.next() % UInt64(variables))  // any, so cycles
                    } else if v > 0 {
                        other = Int(rng.next() % UInt64(v))  // an earlier one
                    } else {
                        continue
                    }
                    if other < variables + extra && !terms.contains(Int32(other)) { terms.append(Int32(other)) }
                }
                if rng.next() % 3 == 0 { terms.shuffle(using: &rng) }  // the defined variable not always first
                rowsTerms.append(terms)
            }
            switch trial % 3 {
            case 1: rowsTerms.shuffle(using: &rng)
            case 2: if rng.next() % 2 == 0 { rowsTerms.reverse() }
            default: break
            }
            for terms in rowsTerms {
                p.index += terms
                p.start.append(Int32(p.index.count))
            }
            let candidates = (0 ..< Int32(p.rowCount)).filter { _ in rng.next() % 10 != 0 }
            var t = Transversal(variableOfRow: [Int32](repeating: -1, count: p.rowCount),
                                rowOfVariable: [Int32](repeating: -1, count: variables + extra))
            let btf = p.start.withUnsafeBufferPointer { start in
                p.index.withUnsafeBufferPointer { index in
                    t.match(start: start, index: index, rows: candidates, eligible: { _ in true })
                    return BlockTriangularForm(start: start, index: index, transversal: t, rows: candidates)
                }
            }
            let expected = Self.reference(p, rowOfVariable: t.rowOfVariable, variableOfRow: t.variableOfRow,
                                          candidates: candidates)
            #expect(btf.rows == expected.rows, "trial \(trial)")
            #expect(btf.blockStart == expected.blockStart, "trial \(trial)")
            // Dependencies first: every matched variable a block's rows
            // mention is defined in that block or an earlier one.
            var blockOfRow = [Int](repeating: -1, count: p.rowCount)
            for b in 0 ..< btf.blockCount { for r in btf.rows(ofBlock: b) { blockOfRow[Int(r)] = b } }
            for b in 0 ..< btf.blockCount {
                for r in btf.rows(ofBlock: b) {
                    for k in Int(p.start[Int(r)]) ..< Int(p.start[Int(r) + 1]) {
                        let owner = t.rowOfVariable[Int(p.index[k])]
                        if owner >= 0 { #expect(blockOfRow[Int(owner)] <= b, "trial \(trial)") }
                    }
                }
            }
        }
    }
}
