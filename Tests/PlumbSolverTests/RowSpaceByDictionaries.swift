@testable import PlumbSolver

/// ``RowSpace`` as it was before its dense scratch row (stop 52): the same
/// elimination over dictionaries, kept as the reference the tests compare
/// the answers with, question by question (`RowSpaceTests`).
struct RowSpaceByDictionaries {
    private var classes: UnionFind
    /// The pivot row of each variable (`-1`: none); pivot rows have
    /// coefficient 1 on their pivot variable.
    private var pivotOf: [Int32]
    private var pivotRows: [[(Int32, Double)]] = []
    private var pending: [[(Int32, Double)]] = []

    init(count: Int) {
        classes = UnionFind(count: count)
        pivotOf = [Int32](repeating: -1, count: count)
    }

    /// Adds `Σ terms` to the span. Differences may come in any order with
    /// the other rows: the others are eliminated at the first query.
    mutating func add(_ terms: [(Int32, Double)]) {
        precondition(pivotRows.isEmpty, "RowSpaceByDictionaries: rows after the first query")
        let sum = ConstraintSystem.summed(terms).filter { $0.value != 0 }
        if sum.count == 2 {
            let pair = sum.sorted { $0.key < $1.key }
            if pair[0].value == -pair[1].value {
                classes.union(pair[0].key, pair[1].key)
                return
            }
        }
        pending.append(sum.map { ($0.key, $0.value) }.sorted { $0.0 < $1.0 })
    }

    /// Whether `Σ terms` is a combination of the rows added: what the
    /// elimination leaves of it is below `1e-9` of its largest
    /// coefficient.
    mutating func contains(_ terms: [(Int32, Double)]) -> Bool {
        if !pending.isEmpty {
            for row in pending {
                var left = reduced(row)
                guard let pivot = left.max(by: { abs($0.value) < abs($1.value) || (abs($0.value) == abs($1.value) && $0.key > $1.key) })
                else { continue }
                let scale = pivot.value
                for key in left.keys { left[key]! /= scale }
                pivotOf[Int(pivot.key)] = Int32(pivotRows.count)
                pivotRows.append(left.map { ($0.key, $0.value) }.sorted { $0.0 < $1.0 })
            }
            pending = []
        }
        let largest = terms.reduce(0) { max($0, abs($1.1)) }
        guard largest > 0 else { return true }
        let left = reduced(terms)
        return !left.values.contains { abs($0) > 1e-9 * largest }
    }

    /// `terms` over the classes' representatives, less multiples of the
    /// pivot rows until it mentions no pivot variable; entries below
    /// `1e-12` of the largest coefficient seen are dropped as round-off.
    private mutating func reduced(_ terms: [(Int32, Double)]) -> [Int32: Double] {
        var row: [Int32: Double] = [:]
        var largest = 0.0
        for (v, a) in terms {
            row[classes.find(v), default: 0] += a
            largest = max(largest, abs(a))
        }
        // Pivot rows mention only variables of pivot rows made after them,
        // so taking pivots in the order they were made, smallest first, never
        // meets a pivot twice.
        var heap = ReferenceMinHeap()
        for (v, _) in row where pivotOf[Int(v)] >= 0 { heap.push(pivotOf[Int(v)]) }
        while let k = heap.pop() {
            let pivotRow = pivotRows[Int(k)]
            guard let p = pivotRow.first(where: { pivotOf[Int($0.0)] == k })?.0, let factor = row[p] else { continue }
            for (v, a) in pivotRow {
                let before = row[v]
                let after = (before ?? 0) - factor * a
                if v == p || abs(after) <= 1e-12 * largest {
                    row[v] = nil
                } else {
                    row[v] = after
                    largest = max(largest, abs(after))
                    if before == nil, pivotOf[Int(v)] >= 0 { heap.push(pivotOf[Int(v)]) }
                }
            }
        }
        return row.filter { abs($0.value) > 1e-12 * largest }
    }
}

/// The pivot indices still to take, smallest first: a set, as the order
/// a min-heap pops in is the set's order whatever the pushes' order.
private struct ReferenceMinHeap {
    private var items: Set<Int32> = []

    mutating func push(_ x: Int32) { items.insert(x) }

    mutating func pop() -> Int32? {
        guard let top = items.min() else { return nil }
        items.remove(top)
        return top
    }
}
