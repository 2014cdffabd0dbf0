/// The span of a set of sparse rows over `count` variables, for asking
/// whether a linear form is a combination of them (a form constant on an
/// optimal face is one of the face's equalities, see
/// ``LargePartSolver/optimalFace(_:)``).
///
/// Rows `a·x − a·y` (two variables, opposite coefficients: the shared
/// edges and differences of layouts) only merge `x` and `y` into one
/// class, and every other row and every form is written over the classes'
/// representatives: in the span of the differences, `x` and `y` are one
/// variable. Those rows go through sparse Gaussian elimination, one at a
/// time: a row is reduced by the pivot rows it meets, and what is left
/// (if anything) becomes a pivot row on its largest coefficient. A form is
/// in the span when the same reduction leaves nothing of it.
///
/// The reduction works in a dense scratch row over the variables (a value
/// and a flag for each, and the list of variables it touched), kept
/// between calls and cleared through that list, and the pivot rows are
/// kept in one flat store with their pivot variables beside them: a
/// form's reduction costs its arithmetic and no hashing (the ambiguity
/// phase asks one question a form, thousands on a large component).
struct RowSpace {
    private var classes: UnionFind
    /// The pivot row of each variable (`-1`: none); pivot rows have
    /// coefficient 1 on their pivot variable.
    private var pivotOf: [Int32]
    /// Pivot row `k` is `pivotColumns[pivotStart[k] ..< pivotStart[k + 1]]`
    /// with `pivotValues` (by increasing column), over `pivotVariable[k]`.
    private var pivotStart: [Int32] = [0]
    private var pivotColumns: [Int32] = []
    private var pivotValues: [Double] = []
    private var pivotVariable: [Int32] = []
    private var pending: [[(Int32, Double)]] = []
    private let scratch: Scratch
    /// The answers to the questions of one or two terms asked so far.
    private var answers: [Question: Bool] = [:]

    init(count: Int) {
        classes = UnionFind(count: count)
        pivotOf = [Int32](repeating: -1, count: count)
        scratch = Scratch(count: count)
    }

    /// Adds `Σ terms` to the span. Differences may come in any order with
    /// the other rows: the others are eliminated at the first query.
    mutating func add(_ terms: [(Int32, Double)]) {
        precondition(pivotVariable.isEmpty, "RowSpace: rows after the first query")
        let sum = Self.summed(terms)
        if sum.count == 2 && sum[0].1 == -sum[1].1 {
            classes.union(sum[0].0, sum[1].0)
            return
        }
        pending.append(sum)
    }

    /// `terms` with each variable once (its coefficients added in order,
    /// from 0), without zeros, by increasing variable. Short rows (a
    /// layout's) are summed in place, longer ones through a dictionary.
    static func summed(_ terms: [(Int32, Double)]) -> [(Int32, Double)] {
        var sum: [(Int32, Double)]
        if terms.count <= 16 {
            sum = []
            sum.reserveCapacity(terms.count)
            for (v, a) in terms {
                if let i = sum.firstIndex(where: { $0.0 == v }) {
                    sum[i].1 += a
                } else {
                    sum.append((v, 0 + a))
                }
            }
        } else {
            sum = ConstraintSystem.summed(terms).map { ($0.key, $0.value) }
        }
        sum.removeAll { $0.1 == 0 }
        sum.sort { $0.0 < $1.0 }
        return sum
    }

    /// Whether `Σ terms` is a combination of the rows added: what the
    /// elimination leaves of it is below `1e-9` of its largest
    /// coefficient.
    mutating func contains(_ terms: [(Int32, Double)]) -> Bool {
        if !pending.isEmpty { eliminatePending() }
        let largest = terms.reduce(0) { max($0, abs($1.1)) }
        guard largest > 0 else { return true }
        // A question of one or two terms is remembered by its terms over
        // the representatives: the same terms in the same order reduce
        // the same way, so the answer is the one found before.
        var question: Question?
        if terms.count <= 2 {
            let second = terms.count == 2 ? (classes.find(terms[1].0), terms[1].1.bitPattern) : (-1, 0)
            question = Question(first: classes.find(terms[0].0), a: terms[0].1.bitPattern,
                                second: second.0, b: second.1)
            if let known = answers[question!] { return known }
        }
        var left = false
        reduce(terms) { _, value in
            if abs(value) > 1e-9 * largest { left = true }
        }
        if let question { answers[question] = !left }
        return !left
    }

    /// A form of one or two terms over the classes' representatives
    /// (`second` is -1 for one term), coefficients bit for bit.
    private struct Question: Hashable {
        var first: Int32
        var a: UInt64
        var second: Int32
        var b: UInt64
    }

    /// Makes the pending rows pivot rows, in the order they came: each
    /// reduced by the pivot rows before it, and what is left divided by
    /// its largest coefficient (the lowest variable of those as large).
    private mutating func eliminatePending() {
        var left: [(Int32, Double)] = []
        for row in pending {
            left.removeAll(keepingCapacity: true)
            reduce(row) { v, value in left.append((v, value)) }
            guard !left.isEmpty else { continue }
            left.sort { $0.0 < $1.0 }
            var pivot = 0
            for i in 1 ..< left.count where abs(left[i].1) > abs(left[pivot].1) { pivot = i }
            let scale = left[pivot].1
            pivotOf[Int(left[pivot].0)] = Int32(pivotVariable.count)
            pivotVariable.append(left[pivot].0)
            for (v, a) in left {
                pivotColumns.append(v)
                pivotValues.append(a / scale)
            }
            pivotStart.append(Int32(pivotColumns.count))
        }
        pending = []
    }

    /// Writes `terms` over the classes' representatives, subtracts
    /// multiples of the pivot rows until no pivot variable is left, and
    /// hands `body` each entry left above `1e-12` of the largest
    /// coefficient seen (once each, in no particular order); entries at or
    /// below that on the way are dropped as round-off.
    private mutating func reduce(_ terms: [(Int32, Double)], _ body: (Int32, Double) -> Void) {
        let value = scratch.value, present = scratch.present
        // The scratch's lists, taken out for the call: local arrays are
        // written without the class's run-time access checks.
        var touched = scratch.touched
        var queue = PivotQueue(items: scratch.queue, queued: scratch.queued)
        scratch.touched = []
        scratch.queue = []
        var largest = 0.0
        for (v, a) in terms {
            let r = Int(classes.find(v))
            if present[r] {
                value[r] += a
            } else {
                present[r] = true
                value[r] = 0 + a
                touched.append(Int32(r))
            }
            largest = max(largest, abs(a))
        }
        for v in touched where pivotOf[Int(v)] >= 0 { queue.push(pivotOf[Int(v)]) }
        // Pivot rows mention only variables of pivot rows made after them,
        // so taking pivots in the order they were made, smallest first, never
        // meets a pivot twice.
        while let k = queue.pop() {
            let p = pivotVariable[Int(k)]
            guard present[Int(p)] else { continue }
            let factor = value[Int(p)]
            for j in Int(pivotStart[Int(k)]) ..< Int(pivotStart[Int(k) + 1]) {
                let v = Int(pivotColumns[j]), a = pivotValues[j]
                let had = present[v]
                let after = (had ? value[v] : 0) - factor * a
                if v == Int(p) || abs(after) <= 1e-12 * largest {
                    present[v] = false
                } else {
                    value[v] = after
                    largest = max(largest, abs(after))
                    if !had {
                        present[v] = true
                        touched.append(Int32(v))
                        if pivotOf[v] >= 0 { queue.push(pivotOf[v]) }
                    }
                }
            }
        }
        for v in touched where present[Int(v)] {
            present[Int(v)] = false
            if abs(value[Int(v)]) > 1e-12 * largest { body(v, value[Int(v)]) }
        }
        touched.removeAll(keepingCapacity: true)
        scratch.touched = touched
        scratch.queue = queue.items
    }
}

/// The dense row ``RowSpace`` reduces in: a value and a flag for each
/// variable, the variables written (each at least once: one dropped and
/// written again comes twice), and the pivot indices waiting
/// (``PivotQueue``); all empty between reductions. Raw storage, so that
/// the reduction's reads and writes check no buffer's uniqueness; copies
/// of a ``RowSpace`` share it, which is safe as it is empty between calls
/// and a span is not asked from two threads at once.
private final class Scratch {
    let value: UnsafeMutablePointer<Double>
    let present: UnsafeMutablePointer<Bool>
    let queued: UnsafeMutablePointer<Bool>
    var touched: [Int32] = []
    var queue: [Int32] = []

    init(count: Int) {
        let n = max(count, 1)
        value = .allocate(capacity: n)
        value.initialize(repeating: 0, count: n)
        present = .allocate(capacity: n)
        present.initialize(repeating: false, count: n)
        queued = .allocate(capacity: n)
        queued.initialize(repeating: false, count: n)
    }

    deinit {
        value.deallocate()
        present.deallocate()
        queued.deallocate()
    }
}

/// A binary min-heap of pivot indices, without repeats (`queued` flags
/// the indices in it).
private struct PivotQueue {
    var items: [Int32]
    let queued: UnsafeMutablePointer<Bool>

    mutating func push(_ x: Int32) {
        guard !queued[Int(x)] else { return }
        queued[Int(x)] = true
        items.append(x)
        var i = items.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard items[parent] > items[i] else { break }
            items.swapAt(parent, i)
            i = parent
        }
    }

    mutating func pop() -> Int32? {
        guard let top = items.first else { return nil }
        queued[Int(top)] = false
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var i = 0
            while true {
                let l = 2 * i + 1, r = l + 1
                var smallest = i
                if l < items.count && items[l] < items[smallest] { smallest = l }
                if r < items.count && items[r] < items[smallest] { smallest = r }
                guard smallest != i else { break }
                items.swapAt(smallest, i)
                i = smallest
            }
        }
        return top
    }
}
