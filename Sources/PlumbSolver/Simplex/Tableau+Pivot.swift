// The two row operations of the method — solving a row for a symbol, and
// substituting a basic symbol's definition into the rows and objective that
// mention it — and the pivot built from them. Every change to a row's
// equation is logged in `log` (see ProvenanceLog).

extension Tableau {
    /// Solves the row in `slot` for `entering` (which the row mentions) and
    /// makes `entering` basic there; the old basic symbol, if any, becomes a
    /// parametric symbol of the row. Does not touch other rows.
    mutating func solveRow(_ slot: RowSlot, for entering: Symbol) {
        touch(slot)
        let leaving = rows[slot.index].basic
        guard let p = rows[slot.index].position(of: entering) else {
            preconditionFailure("solving a row for a symbol it does not mention")
        }
        let a = rows[slot.index].coefficients[p]
        rows[slot.index].remove(at: p)
        // leaving = c + a·entering + rest  ⇒  entering = −c/a + leaving/a − rest/a.
        let f = -1 / a
        rows[slot.index].scale(by: f)
        if !leaving.isNone {
            rowOf[leaving.index] = .none
            rows[slot.index].insert(leaving, 1 / a)
            noteOccurrence(of: leaving, in: slot)
        } else {
            liveRowCount += 1
        }
        rows[slot.index].basic = entering
        rowOf[entering.index] = slot
        log.recordScale(target: slot, factor: f)
        if undoesFailedAdds { journal?.enteredSymbols.append(entering) }
    }

    /// Replaces the (now basic) symbol `s` by its row in every other row that
    /// mentions it and in the objective. Only rows in `s`'s column are visited.
    mutating func eliminate(_ s: Symbol) {
        let slot = rowOf[s.index]
        let list = columns[s.index]
        if journal != nil && undoesFailedAdds { journal!.savedColumns.append((s, list)) }
        columns[s.index] = []
        staleEntries[s.index] = 0
        let definition = rows[slot.index]
        for target in list where target != slot && rows[target.index].isLive {
            substitute(s, in: target, by: definition, from: slot)
        }
        objective.substitute(s, by: definition)
    }

    /// `entering` becomes basic in `slot`, whose basic symbol leaves.
    mutating func pivot(entering: Symbol, slot: RowSlot) {
        solveRow(slot, for: entering)
        eliminate(entering)
        pivotCount += 1
    }

    /// In the row at `target`, replaces `s` by `definition` (the row of slot
    /// `source`, where `s` is basic): `row += a·(definition − s)` for the
    /// coefficient `a` of `s` in the row. No-op when the row does not mention `s`.
    /// - Complexity: O(row length + definition length).
    mutating func substitute(_ s: Symbol, in target: RowSlot, by definition: Row, from source: RowSlot) {
        let t = target.index
        guard let ps = rows[t].position(of: s) else { return }
        touch(target)
        let a = rows[t].coefficients[ps]
        var outS = scratchSymbols
        var outC = scratchCoefficients
        scratchSymbols = []
        scratchCoefficients = []
        let ts = rows[t].symbols
        let tc = rows[t].coefficients
        let ds = definition.symbols
        let dc = definition.coefficients
        let longest = ts.count + ds.count
        if longest < Self.bufferedMergeLength {
            outS.removeAll(keepingCapacity: true)
            outC.removeAll(keepingCapacity: true)
            var out = AppendedTerms(symbols: outS, coefficients: outC)
            outS = []
            outC = []
            merge(ts, tc, leavingOut: ps, plus: a, times: ds, dc, into: &out)
            outS = out.symbols
            outC = out.coefficients
        } else {
            // Long rows are merged through the scratch arrays' buffers, made
            // as long as the longest merge first (the scratch keeps the
            // length of the row it last held; the filler is written over)
            // and cut to the merge's length after: an append per term made
            // two calls into the runtime's uniqueness check.
            if outS.count < longest { outS.append(contentsOf: repeatElement(Symbol.none, count: longest - outS.count)) }
            if outC.count < longest { outC.append(contentsOf: repeatElement(0, count: longest - outC.count)) }
            var n = 0
            outS.withUnsafeMutableBufferPointer { symbols in
                outC.withUnsafeMutableBufferPointer { coefficients in
                    var out = BufferedTerms(symbols: symbols.baseAddress!, coefficients: coefficients.baseAddress!)
                    merge(ts, tc, leavingOut: ps, plus: a, times: ds, dc, into: &out)
                    n = out.count
                }
            }
            outS.removeLast(outS.count - n)
            outC.removeLast(outC.count - n)
        }
        rows[t].symbols = outS
        rows[t].coefficients = outC
        scratchSymbols = ts
        scratchCoefficients = tc
        rows[t].constant += a * definition.constant
        log.recordAdd(target: target, source: source, factor: a)
        // Columns are updated only now that the row is in place: noting an
        // occurrence may compact the column, which reads the rows.
        for symbol in scratchNewSymbols { noteOccurrence(of: symbol, in: target) }
        scratchNewSymbols.removeAll(keepingCapacity: true)
        if tracksInfeasibleRows {
            let b = rows[t].basic
            if kinds[b.index].isRestricted && rows[t].constant < -feasibilityTolerance { infeasible.append(b) }
        }
    }

    /// Merges (by symbol) of the rows ``substitute(_:in:by:from:)`` writes
    /// through buffers: from this many terms in the two rows. Below it the
    /// buffers' set-up costs more than the appends it spares (`form`'s
    /// components of five variables).
    static var bufferedMergeLength: Int { 16 }

    /// Writes the terms of `(ts, tc)` without its `leftOut`-th, plus `a`
    /// times `(ds, dc)`, merged by symbol into `out`: terms that cancel
    /// (``SimplexTolerance/cancellation``) are left out and noted, and the
    /// symbols new to the row are kept in `scratchNewSymbols`.
    @inline(__always)
    private mutating func merge<Out: MergedTerms>(_ ts: [Symbol], _ tc: [Double], leavingOut leftOut: Int, plus a: Double,
                                                  times ds: [Symbol], _ dc: [Double], into out: inout Out) {
        var i = 0
        var j = 0
        while i < ts.count || j < ds.count {
            if j == ds.count || (i < ts.count && ts[i] < ds[j]) {
                if i != leftOut { out.put(ts[i], tc[i]) }
                i &+= 1
            } else if i == ts.count || ds[j] < ts[i] {
                let v = a * dc[j]
                if v != 0 {
                    out.put(ds[j], v)
                    scratchNewSymbols.append(ds[j])
                }
                j &+= 1
            } else {
                let x = tc[i]
                let y = a * dc[j]
                let v = x + y
                if abs(v) > SimplexTolerance.cancellation * max(abs(x), abs(y)) {
                    out.put(ts[i], v)
                } else {
                    noteRemoval(of: ts[i])
                }
                i &+= 1
                j &+= 1
            }
        }
    }
}

/// Where ``Tableau``'s merge of two rows writes its terms.
protocol MergedTerms {
    mutating func put(_ symbol: Symbol, _ coefficient: Double)
}

/// Terms appended to two arrays.
struct AppendedTerms: MergedTerms {
    var symbols: [Symbol]
    var coefficients: [Double]

    @inline(__always) mutating func put(_ symbol: Symbol, _ coefficient: Double) {
        symbols.append(symbol)
        coefficients.append(coefficient)
    }
}

/// Terms written into two buffers long enough for them all.
struct BufferedTerms: MergedTerms {
    let symbols: UnsafeMutablePointer<Symbol>
    let coefficients: UnsafeMutablePointer<Double>
    private(set) var count = 0

    init(symbols: UnsafeMutablePointer<Symbol>, coefficients: UnsafeMutablePointer<Double>) {
        self.symbols = symbols
        self.coefficients = coefficients
    }

    @inline(__always) mutating func put(_ symbol: Symbol, _ coefficient: Double) {
        symbols[count] = symbol
        coefficients[count] = coefficient
        count &+= 1
    }
}
