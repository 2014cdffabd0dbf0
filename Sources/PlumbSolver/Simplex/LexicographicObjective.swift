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

    /// Symbols whose coefficient vector changed since a full-range entering
    /// search last found them non-negative. Every entry outside this list is
    /// lexicographically non-negative, so Bland's search scans only the list
    /// (kept short by pruning), not the whole objective.
    private var touched: [Symbol] = []
    private var isTouched: [Bool] = []

    /// While recording (a tentative add), the previous vector (nil: absent)
    /// of every entry changed since ``beginRecording()``, first change only,
    /// and the previous constants.
    private var undoLog: [(Symbol, [Double]?)] = []
    private var undoConstants: [Double]? = nil
    private var undoStamp: [UInt32] = []
    private var undoEpoch: UInt32 = 0

    private var scratchSymbols: [Symbol] = []
    private var scratchCoefficients: [Double] = []
    /// The vector ``substitute(_:by:)`` adds (its storage kept between calls).
    private var scratchWeight: [Double] = []

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
    func position(of symbol: Symbol) -> Int? { symbols.sortedPosition(of: symbol) }

    /// Component `component` of `symbol`'s coefficient vector (0 when absent).
    func coefficient(of symbol: Symbol, component: Int) -> Double {
        guard let k = position(of: symbol) else { return 0 }
        return coefficients[k * stride + component]
    }

    /// Adds `amount` to component `component` of `symbol`'s coefficient.
    mutating func add(_ amount: Double, to symbol: Symbol, component: Int) {
        touch(symbol)
        record(symbol)
        let n = stride
        if let k = position(of: symbol) {
            let old = coefficients[k * n + component]
            let new = old + amount
            coefficients[k * n + component] = Self.cancels(new, old, amount) ? 0 : new
            if isZeroVector(at: k) { removeEntry(at: k) }
        } else {
            let lo = symbols.insertionIndex(of: symbol)
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
        update(weight: weight, row: row, dropping: .none)
    }

    /// Replaces `symbol`, which has just become basic with definition `row`,
    /// by that definition. No-op when `symbol` has no entry.
    /// - Complexity: O((entries + row length) × stride).
    mutating func substitute(_ symbol: Symbol, by row: Row) {
        guard let k = position(of: symbol) else { return }
        let n = stride
        var weight = scratchWeight
        scratchWeight = []
        weight.removeAll(keepingCapacity: true)
        weight.append(contentsOf: coefficients[k * n ..< (k + 1) * n])
        update(weight: weight, row: row, dropping: symbol)
        scratchWeight = weight
    }

    /// Removes `symbol`'s entry, returning its coefficient vector.
    @discardableResult
    mutating func remove(_ symbol: Symbol) -> [Double]? {
        guard let k = position(of: symbol) else { return nil }
        record(symbol)
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
            if coefficients[k * n + component] != 0 { touch(symbols[k]) }
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
    ///
    /// Only touched entries are examined (see ``touched``); a search over all
    /// components drops from the list the entries it finds non-negative, so
    /// the cost is proportional to what changed since the last search.
    mutating func blandEntering(components: Range<Int>, kinds: [SymbolKind]) -> Symbol? {
        let prunes = components.lowerBound == 0 && components.upperBound == stride
        var best = Symbol.none
        var w = 0
        for t in touched.indices {
            let s = touched[t]
            var keep = false
            if let k = position(of: s), kinds[s.index].canEnter {
                let negative = sign(atEntry: k, components: components) < 0
                keep = negative || !prunes
                if negative && (best.isNone || s < best) { best = s }
            }
            if keep {
                touched[w] = s
                w &+= 1
            } else {
                isTouched[s.index] = false
            }
        }
        touched.removeLast(touched.count - w)
        return best.isNone ? nil : best
    }

    /// The same choice by a scan of every entry (for invariant checks).
    func fullScanEntering(components: Range<Int>, kinds: [SymbolKind]) -> Symbol? {
        for k in 0 ..< symbols.count {
            let s = symbols[k]
            guard kinds[s.index].canEnter else { continue }
            if sign(atEntry: k, components: components) < 0 { return s }
        }
        return nil
    }

    /// Empties the objective (no levels, no entries), keeping its storage.
    mutating func reset() {
        levels.removeAll(keepingCapacity: true)
        symbols.removeAll(keepingCapacity: true)
        coefficients.removeAll(keepingCapacity: true)
        constants.removeAll(keepingCapacity: true)
        constants.append(0)
        for s in touched { isTouched[s.index] = false }
        touched.removeAll(keepingCapacity: true)
        undoLog.removeAll(keepingCapacity: true)
        undoConstants = nil
    }

    // MARK: - Undo (tentative adds)

    /// Starts remembering changes so that ``rollBack()`` can undo them.
    /// - Complexity: O(1); each changed entry is then saved once.
    mutating func beginRecording() {
        undoEpoch &+= 1
        if undoEpoch == 0 {
            for i in undoStamp.indices { undoStamp[i] = 0 }
            undoEpoch = 1
        }
        undoLog.removeAll(keepingCapacity: true)
        undoConstants = constants
    }

    /// Keeps the changes since ``beginRecording()``.
    mutating func endRecording() {
        undoConstants = nil
        undoLog.removeAll(keepingCapacity: true)
    }

    /// Restores the objective as it was at ``beginRecording()``.
    /// - Complexity: O(changed entries × (log entries + stride)), plus the
    ///   insertions and removals that restore the entries.
    mutating func rollBack() {
        guard let saved = undoConstants else { return }
        for (s, vector) in undoLog.reversed() {
            touch(s)
            let k = position(of: s)
            switch (k, vector) {
            case (nil, nil): break
            case (let k?, nil): removeEntry(at: k)
            case (let k?, let v?):
                for c in 0 ..< stride { coefficients[k * stride + c] = v[c] }
            case (nil, let v?):
                let lo = symbols.insertionIndex(of: s)
                symbols.insert(s, at: lo)
                coefficients.insert(contentsOf: v, at: lo * stride)
            }
        }
        constants = saved
        endRecording()
    }

    /// Saves `s`'s vector before its first change while recording.
    @inline(__always)
    private mutating func record(_ s: Symbol) {
        guard undoConstants != nil else { return }
        if s.index >= undoStamp.count {
            undoStamp.append(contentsOf: repeatElement(0, count: s.index + 1 - undoStamp.count + 64))
        }
        guard undoStamp[s.index] != undoEpoch else { return }
        undoStamp[s.index] = undoEpoch
        let saved = position(of: s).map { k in Array(coefficients[k * stride ..< (k + 1) * stride]) }
        undoLog.append((s, saved))
    }

    // MARK: - Private

    @inline(__always)
    private static func cancels(_ sum: Double, _ x: Double, _ y: Double) -> Bool {
        abs(sum) <= SimplexTolerance.cancellation * max(abs(x), abs(y))
    }

    @inline(__always)
    private mutating func touch(_ s: Symbol) {
        if s.index >= isTouched.count {
            isTouched.append(contentsOf: repeatElement(false, count: s.index + 1 - isTouched.count + 64))
        }
        if !isTouched[s.index] {
            isTouched[s.index] = true
            touched.append(s)
        }
    }

    /// `self += weight ⊗ row`, dropping `dropping`'s entry: in place by
    /// binary search when the row is short next to the objective (inserts
    /// are memmoves), else by one merge of the two sorted lists.
    private mutating func update(weight: [Double], row: Row, dropping: Symbol) {
        for s in row.symbols { touch(s) }
        if undoConstants != nil {
            for s in row.symbols { record(s) }
            if !dropping.isNone { record(dropping) }
        }
        if row.symbols.count &* 16 >= symbols.count {
            merge(weight: weight, row: row, dropping: dropping)
            return
        }
        let n = stride
        for c in 0 ..< n where weight[c] != 0 { constants[c] += weight[c] * row.constant }
        if !dropping.isNone, let k = position(of: dropping) { removeEntry(at: k) }
        var zeroed = false
        for j in row.symbols.indices {
            let s = row.symbols[j]
            let a = row.coefficients[j]
            if let k = position(of: s) {
                var any = false
                for c in 0 ..< n {
                    let x = coefficients[k * n + c]
                    let y = weight[c] * a
                    let v = x + y
                    let kept = Self.cancels(v, x, y) ? 0 : v
                    coefficients[k * n + c] = kept
                    any = any || kept != 0
                }
                zeroed = zeroed || !any
            } else {
                let lo = symbols.insertionIndex(of: s)
                var any = false
                for c in 0 ..< n where weight[c] * a != 0 { any = true }
                guard any else { continue }
                symbols.insert(s, at: lo)
                coefficients.insert(contentsOf: weight.lazy.map { $0 * a }, at: lo * n)
            }
        }
        if zeroed {
            var k = symbols.count - 1
            while k >= 0 {
                if isZeroVector(at: k) { removeEntry(at: k) }
                k -= 1
            }
        }
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
