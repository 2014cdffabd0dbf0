/// One row of the tableau in solved form: `basic = constant + Σ coefficients[i]·symbols[i]`.
///
/// Invariants (checked by ``Tableau/checkInvariants()``): `symbols` is strictly
/// ascending, holds only parametric symbols and never `basic`; every
/// coefficient is nonzero. A free slot and a row still being built have
/// `basic == .none`; a row being built reads `0 = constant + Σ …`.
struct Row {
    var basic: Symbol = .none
    var constant: Double = 0
    var symbols: [Symbol] = []
    var coefficients: [Double] = []

    /// Whether the slot holds a row of the tableau.
    @inline(__always) var isLive: Bool { !basic.isNone }

    /// The position of `symbol` in ``symbols``, by binary search.
    func position(of symbol: Symbol) -> Int? { symbols.sortedPosition(of: symbol) }

    /// The coefficient of `symbol` (0 when absent).
    func coefficient(of symbol: Symbol) -> Double {
        position(of: symbol).map { coefficients[$0] } ?? 0
    }

    /// Inserts a symbol that is not in the row, keeping the order.
    mutating func insert(_ symbol: Symbol, _ coefficient: Double) {
        let lo = symbols.insertionIndex(of: symbol)
        assert(lo == symbols.count || symbols[lo] != symbol, "symbol already in row")
        symbols.insert(symbol, at: lo)
        coefficients.insert(coefficient, at: lo)
    }

    mutating func remove(at position: Int) {
        symbols.remove(at: position)
        coefficients.remove(at: position)
    }

    /// Multiplies the constant and every coefficient by `factor`.
    mutating func scale(by factor: Double) {
        constant *= factor
        for i in coefficients.indices { coefficients[i] *= factor }
    }

    /// Empties the row, keeping its storage.
    mutating func clear() {
        basic = .none
        constant = 0
        if !symbols.isEmpty { symbols.removeAll(keepingCapacity: true) }
        if !coefficients.isEmpty { coefficients.removeAll(keepingCapacity: true) }
    }
}
