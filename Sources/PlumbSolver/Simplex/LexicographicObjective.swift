/// The exact lexicographic objective: one component per priority level, plus
/// component 0 for the artificial (phase-1) objective of a required row being
/// added.
///
/// Component `c` is the linear form `constants[c] + Σ coefficient(s, c)·s`
/// over parametric symbols `s`. Component 0 is zero except while a required
/// row is being added; components `1...` are the priority levels from the
/// highest down (``levels``). Component `1 + i` is the total error of the
/// rows at `levels[i]`, each error weighted 1, so its constant is that
/// level's current total violation once the tableau is optimal.
///
/// Storage is a sparse row of coefficient vectors: ``symbols`` ascending and,
/// for the entry at position `k`, its components at
/// `coefficients[k·stride ..< (k+1)·stride]`. Keeping symbols sorted makes
/// Bland's rule (lowest eligible symbol) a scan that stops at the first hit,
/// and keeps updates to a merge in O(entries + row length).
struct LexicographicObjective {
    /// Priorities of components `1...`, strictly descending.
    private(set) var levels: [Double] = []
    /// Symbols with a nonzero coefficient vector, ascending.
    private(set) var symbols: [Symbol] = []
    /// `symbols.count × stride` coefficients, component-major within an entry.
    private(set) var coefficients: [Double] = []
    /// The constant of each component.
    private(set) var constants: [Double] = [0]

    private var scratchSymbols: [Symbol] = []
    private var scratchCoefficients: [Double] = []

    /// Number of components: the artificial one and one per level.
    @inline(__always) var stride: Int { levels.count &+ 1 }

    /// The component of level `priority`, if present.
    func component(ofPriority priority: Double) -> Int? {
        // `levels` is descending: find the first index with levels[i] <= priority.
        var lo = 0
        var hi = levels.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if levels[mid] > priority { lo = mid + 1 } else { hi = mid }
        }
        return lo < levels.count && levels[lo] == priority ? lo + 1 : nil
    }

    /// The component of level `priority`, inserting the level if needed.
    /// - Complexity: O(1) when the level exists; O(entries × levels) to insert one.
    mutating func ensureLevel(_ priority: Double) -> Int {
        if let c = component(ofPriority: priority) { return c }
        var lo = 0
        while lo < levels.count && levels[lo] > priority { lo += 1 }
        let newComponent = lo + 1
        let oldStride = stride
        levels.insert(priority, at: lo)
        let newStride = stride
        var relaid = [Double](repeating: 0, count: symbols.count * newStride)
        for k in 0 ..< symbols.count {
            for c in 0 ..< oldStride {
                relaid[k * newStride + (c < newComponent ? c : c + 1)] = coefficients[k * oldStride + c]
            }
        }
        coefficients = relaid
        constants.insert(0, at: newComponent)
        return newComponent
    }

    /// The position of `symbol` in ``symbols``.
    func position(of symbol: Symbol) -> Int? {
        var lo = 0
        var hi = symbols.count
        while lo < hi {
            let mid = (lo &+ hi) >> 1
            let s = symbols[mid]
            if s == symbol { return mid }
            if s < symbol { lo = mid &+ 1 } else { hi = mid }
        }
        return nil
    }

    /// Component `component` of `symbol`'s coefficient vector (0 when absent).
    func coefficient(of symbol: Symbol, component: Int) -> Double {
        guard let k = position(of: symbol) else { return 0 }
        return coefficients[k * stride + component]
    }

    /// Adds `amount` to component `component` of `symbol`'s coefficient.
    mutating func add(_ amount: Double, to symbol: Symbol, component: Int) {
        let n = stride
        if let k = position(of: symbol) {
            let old = coefficients[k * n + component]
            let new = old + amount
            coefficients[k * n + component] = Self.cancels(new, old, amount) ? 0 : new
            if isZeroVector(at: k) { removeEntry(at: k) }
        } else {
            var lo = 0
            while lo < symbols.count && symbols[lo] < symbol { lo += 1 }
            symbols.insert(symbol, at: lo)
            var vector = [Double](repeating: 0, count: n)
            vector[component] = amount
            coefficients.insert(contentsOf: vector, at: lo * n)
        }
    }

    /// Adds `amount` to the constant of `component`.
    mutating func addConstant(_ amount: Double, component: Int) {
        constants[component] += amount
    }

    /// Adds `weight ⊗ row` (every component `c` gets `weight[c]·(constant + Σ a·s)`).
    /// `weight.count == stride`.
    mutating func add(weight: [Double], row: Row) {
        merge(weight: weight, row: row, dropping: .none)
    }

    /// Replaces `symbol`, which has just become basic with definition `row`,
    /// by that definition. No-op when `symbol` has no entry.
    /// - Complexity: O((entries + row length) × stride).
    mutating func substitute(_ symbol: Symbol, by row: Row) {
        guard let k = position(of: symbol) else { return }
        let n = stride
        let weight = Array(coefficients[k * n ..< (k + 1) * n])
        merge(weight: weight, row: row, dropping: symbol)
    }

    /// Removes `symbol`'s entry, returning its coefficient vector.
    @discardableResult
    mutating func remove(_ symbol: Symbol) -> [Double]? {
        guard let k = position(of: symbol) else { return nil }
        let n = stride
        let vector = Array(coefficients[k * n ..< (k + 1) * n])
        removeEntry(at: k)
        return vector
    }

    /// Sets component `component` to zero everywhere (its constant too) and
    /// drops entries whose vector becomes zero.
    mutating func clearComponent(_ component: Int) {
        let n = stride
        constants[component] = 0
        var w = 0
        for k in 0 ..< symbols.count {
            coefficients[k * n + component] = 0
            if isZeroVector(at: k) { continue }
            if w != k {
                symbols[w] = symbols[k]
                for c in 0 ..< n { coefficients[w * n + c] = coefficients[k * n + c] }
            }
            w += 1
        }
        symbols.removeLast(symbols.count - w)
        coefficients.removeLast(coefficients.count - w * n)
    }

    /// The lexicographic sign of the vector at entry `k` over `components`:
    /// the sign of its first component outside ±``SimplexTolerance/cost``.
    @inline(__always)
    func sign(atEntry k: Int, components: Range<Int>) -> Int {
        let base = k &* stride
        for c in components {
            let v = coefficients[base &+ c]
            if v < -SimplexTolerance.cost { return -1 }
            if v > SimplexTolerance.cost { return 1 }
        }
        return 0
    }

    /// Bland's rule for the lexicographic objective: the lowest symbol whose
    /// kind may enter and whose reduced-cost vector over `components` is
    /// lexicographically negative.
    func blandEntering(components: Range<Int>, kinds: [SymbolKind]) -> Symbol? {
        for k in 0 ..< symbols.count {
            let s = symbols[k]
            guard kinds[s.index].canEnter else { continue }
            if sign(atEntry: k, components: components) < 0 { return s }
        }
        return nil
    }

    // MARK: - Private

    @inline(__always)
    private static func cancels(_ sum: Double, _ x: Double, _ y: Double) -> Bool {
        abs(sum) <= SimplexTolerance.cancellation * max(abs(x), abs(y))
    }

    private func isZeroVector(at k: Int) -> Bool {
        let n = stride
        for c in 0 ..< n where coefficients[k * n + c] != 0 { return false }
        return true
    }

    private mutating func removeEntry(at k: Int) {
        let n = stride
        symbols.remove(at: k)
        coefficients.removeSubrange(k * n ..< (k + 1) * n)
    }

    /// `self += weight ⊗ row`, dropping `dropping`'s entry, in one merge.
    private mutating func merge(weight: [Double], row: Row, dropping: Symbol) {
        let n = stride
        for c in 0 ..< n where weight[c] != 0 { constants[c] += weight[c] * row.constant }
        var outS = scratchSymbols
        var outC = scratchCoefficients
        scratchSymbols = []
        scratchCoefficients = []
        outS.removeAll(keepingCapacity: true)
        outC.removeAll(keepingCapacity: true)
        let oldS = symbols
        let oldC = coefficients
        let rowS = row.symbols
        let rowC = row.coefficients
        var i = 0
        var j = 0
        while i < oldS.count || j < rowS.count {
            if j == rowS.count || (i < oldS.count && oldS[i] < rowS[j]) {
                if oldS[i] != dropping {
                    outS.append(oldS[i])
                    for c in 0 ..< n { outC.append(oldC[i * n + c]) }
                }
                i += 1
            } else if i == oldS.count || rowS[j] < oldS[i] {
                let a = rowC[j]
                var any = false
                for c in 0 ..< n {
                    let v = weight[c] * a
                    outC.append(v)
                    any = any || v != 0
                }
                if any { outS.append(rowS[j]) } else { outC.removeLast(n) }
                j += 1
            } else {
                let a = rowC[j]
                var any = false
                for c in 0 ..< n {
                    let x = oldC[i * n + c]
                    let y = weight[c] * a
                    let v = x + y
                    let kept = Self.cancels(v, x, y) ? 0 : v
                    outC.append(kept)
                    any = any || kept != 0
                }
                if any { outS.append(oldS[i]) } else { outC.removeLast(n) }
                i += 1
                j += 1
            }
        }
        symbols = outS
        coefficients = outC
        scratchSymbols = oldS
        scratchCoefficients = oldC
    }
}
