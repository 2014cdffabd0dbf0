/// A tableau symbol: a dense index into the per-symbol arrays of ``Tableau``.
///
/// Symbols are handed out in increasing order and recycled through a free
/// list; their order is the order Bland's rule uses.
struct Symbol: Hashable, Comparable, CustomStringConvertible {
    var raw: Int32

    @inline(__always) init(_ raw: Int32) { self.raw = raw }
    @inline(__always) init(_ index: Int) { self.raw = Int32(truncatingIfNeeded: index) }

    /// The index into per-symbol arrays.
    @inline(__always) var index: Int { Int(raw) }

    /// No symbol (a free row slot's basic symbol, "none found").
    static let none = Symbol(Int32(-1))
    @inline(__always) var isNone: Bool { raw < 0 }

    @inline(__always) static func < (a: Symbol, b: Symbol) -> Bool { a.raw < b.raw }
    @inline(__always) static func == (a: Symbol, b: Symbol) -> Bool { a.raw == b.raw }
    @inline(__always) static func != (a: Symbol, b: Symbol) -> Bool { a.raw != b.raw }
    var description: String { isNone ? "-" : "s\(raw)" }
}

/// What a symbol stands for, which decides how the simplex may move it.
enum SymbolKind: UInt8, CustomStringConvertible {
    /// A caller's variable: unrestricted in sign.
    case external
    /// The slack of an inequality, `≥ 0`.
    case slack
    /// An error of an optional row, `≥ 0`; it appears in the objective.
    case error
    /// The marker of a required equality, fixed at 0. Dummies are
    /// materialised only when needed (see ``ProvenanceLog``).
    case dummy
    /// The phase-1 variable of a required row being added, `≥ 0`.
    case artificial
    /// Retired; on the free list.
    case free

    /// Restricted to non-negative values (a basic row of such a symbol limits pivots).
    @inline(__always) var isRestricted: Bool {
        self == .slack || self == .error || self == .dummy || self == .artificial
    }

    /// May enter the basis in an optimising pivot.
    @inline(__always) var canEnter: Bool { self == .slack || self == .error }

    /// kiwi's letters: v, s, e, d, a.
    var description: String {
        switch self {
        case .external: "v"
        case .slack: "s"
        case .error: "e"
        case .dummy: "d"
        case .artificial: "a"
        case .free: "-"
        }
    }
}

/// The dense index of a row slot in ``Tableau/rows``.
struct RowSlot: Hashable, Comparable, CustomStringConvertible {
    var raw: Int32

    @inline(__always) init(_ raw: Int32) { self.raw = raw }
    @inline(__always) init(_ index: Int) { self.raw = Int32(truncatingIfNeeded: index) }
    @inline(__always) var index: Int { Int(raw) }

    /// No row (a parametric symbol's `rowOf`).
    static let none = RowSlot(Int32(-1))
    @inline(__always) var isNone: Bool { raw < 0 }

    @inline(__always) static func < (a: RowSlot, b: RowSlot) -> Bool { a.raw < b.raw }
    @inline(__always) static func == (a: RowSlot, b: RowSlot) -> Bool { a.raw == b.raw }
    @inline(__always) static func != (a: RowSlot, b: RowSlot) -> Bool { a.raw != b.raw }
    var description: String { "r\(raw)" }
}

extension Array where Element == Symbol {
    /// Where `symbol` stands or would be inserted in this ascending array:
    /// the first index whose symbol is not below it (binary search).
    @inline(__always) func insertionIndex(of symbol: Symbol) -> Int {
        var lo = 0
        var hi = count
        while lo < hi {
            let mid = (lo &+ hi) >> 1
            if self[mid] < symbol { lo = mid &+ 1 } else { hi = mid }
        }
        return lo
    }

    /// The position of `symbol` in this ascending array, if it is there.
    @inline(__always) func sortedPosition(of symbol: Symbol) -> Int? {
        let i = insertionIndex(of: symbol)
        return i < count && self[i] == symbol ? i : nil
    }
}
