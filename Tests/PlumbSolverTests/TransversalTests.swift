import Testing
import PlumbTestSupport
@testable import PlumbSolver

/// The maximum transversal against the same scheme written recursively (a
/// greedy pass, then one depth-first augmenting search per row it left
/// unmatched, columns in row order, each visited once a search): the same
/// matching, pair for pair, on random patterns that need long augmenting
/// paths.
@Suite struct TransversalTests {
    private static func reference(
        start: [Int32], index: [Int32], rows: [Int32], columns: Int, eligible: (Int32) -> Bool
    ) -> (variableOfRow: [Int32], rowOfVariable: [Int32]) {
        var varOfRow = [Int32](repeating: -1, count: start.count - 1)
        var rowOfVar = [Int32](repeating: -1, count: columns)
        var unmatched: [Int32] = []
        for r in rows {
            for k in Int(start[Int(r)]) ..< Int(start[Int(r) + 1]) {
                let v = index[k]
                if rowOfVar[Int(v)] < 0 && eligible(v) {
                    rowOfVar[Int(v)] = r
                    varOfRow[Int(r)] = v
                    break
                }
            }
            if varOfRow[Int(r)] < 0 { unmatched.append(r) }
        }
        var visited = [Bool](repeating: false, count: columns)
        func augment(_ r: Int32) -> Bool {
            for k in Int(start[Int(r)]) ..< Int(start[Int(r) + 1]) {
                let v = index[k]
                guard !visited[Int(v)], eligible(v) else { continue }
                visited[Int(v)] = true
                let owner = rowOfVar[Int(v)]
                if owner < 0 || augment(owner) {
                    rowOfVar[Int(v)] = r
                    varOfRow[Int(r)] = v
                    return true
                }
            }
            return false
        }
        for r in unmatched {
            visited = [Bool](repeating: false, count: columns)
            _ = augment(r)
        }
        return (varOfRow, rowOfVar)
    }

    @Test func matchingIsTheRecursiveSchemes() {
        var rng = SplitMix64(seed: 2611)
        var augmented = 0
        for trial in 0 ..< 800 {
            let rowCount = Int(rng.next() % 50) + 1
            let columns = max(1, rowCount + Int(rng.next() % 9) - 4)
            var start: [Int32] = [0], index: [Int32] = []
            for _ in 0 ..< rowCount {
                var terms: [Int32] = []
                for _ in 0 ..< Int(rng.next() % 4) + 1 {
                    // Mostly near the diagonal, so greedy choices collide and paths are long.
                    let c = Int32((Int(rng.next() % 5) + terms.count + index.count / 3) % columns)
                    if !terms.contains(c) { terms.append(c) }
                }
                index += terms
                start.append(Int32(index.count))
            }
            let rows = (0 ..< Int32(rowCount)).filter { _ in rng.next() % 8 != 0 }.shuffled(using: &rng)
            let barred = Set((0 ..< Int32(columns)).filter { _ in rng.next() % 10 == 0 })
            let eligible: (Int32) -> Bool = { !barred.contains($0) }
            var t = Transversal(variableOfRow: [Int32](repeating: -1, count: rowCount),
                                rowOfVariable: [Int32](repeating: -1, count: columns))
            start.withUnsafeBufferPointer { s in
                index.withUnsafeBufferPointer { i in t.match(start: s, index: i, rows: rows, eligible: eligible) }
            }
            let expected = Self.reference(start: start, index: index, rows: rows, columns: columns, eligible: eligible)
            #expect(t.variableOfRow == expected.variableOfRow, "trial \(trial)")
            #expect(t.rowOfVariable == expected.rowOfVariable, "trial \(trial)")
            #expect(t.size == expected.variableOfRow.filter { $0 >= 0 }.count, "trial \(trial)")
            // Count the trials where an augmenting path moved a greedy pair.
            var greedy = [Int32](repeating: -1, count: columns)
            var greedyPairs = 0
            for r in rows {
                for k in Int(start[Int(r)]) ..< Int(start[Int(r) + 1]) where greedy[Int(index[k])] < 0 && eligible(index[k]) {
                    greedy[Int(index[k])] = r
                    greedyPairs += 1
                    break
                }
            }
            if t.size > greedyPairs { augmented += 1 }
        }
        #expect(augmented > 100, "only \(augmented) trials augmented")
    }
}
