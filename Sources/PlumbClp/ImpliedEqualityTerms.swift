import PlumbSolver

/// What `PartModel.freeImpliedEqualities` reads of its part's terms, kept
/// for the model's life: for each row, its first local coefficient (its
/// scale) and the hash of its scaled local terms; for each pair of a row
/// and the first row of its group, whether their local terms are the same
/// up to those scales, and their difference on the linking variables
/// (sorted, zeros left out) with that difference's hash so far.
///
/// None of it depends on the constants: only on the part's variables,
/// rows and coefficients, which every part solved on the model shares
/// (`ClpSession` replays a model only for a part of the same shape). The
/// row bounds, which do move with the constants, and which rows are held
/// equalities are read at each call. Before, each level a replay held
/// computed all of it again: 12 M instructions a level on `chartgrid`
/// 10,000, 25 M of a sweep step's 263 M (BENCHMARKS.md, "cgstep64").
///
/// Every value is the one the call would compute (the same arithmetic on
/// the same numbers), so the rows freed are the same.
struct ImpliedEqualityTerms {
    /// A row with local terms and linking ones: its scale and local hash.
    struct Row {
        let lead: Double
        let hash: UInt64
    }

    /// A row `r` against its group's first `g`.
    struct Pair {
        /// Whether their local terms are the same up to their scales.
        let sameLocal: Bool
        /// `r − g` on the linking variables, scaled, sorted, no zeros.
        let linking: [(Int32, Double)]
        /// `mix` over `linking`, before the bound's entry.
        let hash: UInt64
    }

    private let linking: [Bool]
    /// Per row: not yet looked at, nil when it has no local or no linking
    /// term.
    private var rows: [Row??]
    private var pairs: [Int: Pair] = [:]

    init(rowCount m: Int, linking: [Bool]) {
        self.linking = linking
        rows = [Row??](repeating: .none, count: m)
    }

    private static func terms(_ part: LinearPart, _ i: Int) -> Range<Int> {
        Int(part.rowStart[i]) ..< Int(part.rowStart[i + 1])
    }

    static func mix(_ h: inout UInt64, _ x: UInt64) {
        h = (h ^ x) &* 0x9E37_79B9_7F4A_7C15
        h ^= h >> 29
    }

    /// Row `i`'s scale and local hash; nil when it has no local term or no
    /// linking one.
    mutating func row(_ i: Int, of part: LinearPart) -> Row? {
        if let known = rows[i] { return known }
        var local: Double?, shared = false
        for k in Self.terms(part, i) {
            if linking[Int(part.columns[k])] { shared = true } else if local == nil { local = part.coefficients[k] }
        }
        var made: Row? = nil
        if shared, let fi = local {
            var h: UInt64 = 0
            for k in Self.terms(part, i) where !linking[Int(part.columns[k])] {
                Self.mix(&h, UInt64(UInt32(bitPattern: part.columns[k])))
                Self.mix(&h, (part.coefficients[k] / fi).bitPattern)
            }
            made = Row(lead: fi, hash: h)
        }
        rows[i] = .some(made)
        return made
    }

    /// Row `r` against `g` (both rows with a scale).
    mutating func pair(_ r: Int, _ g: Int, of part: LinearPart) -> Pair {
        let key = r &* rows.count &+ g
        if let known = pairs[key] { return known }
        guard let fr = row(r, of: part)?.lead, let fg = row(g, of: part)?.lead else {
            preconditionFailure("a pair of rows without a scale")
        }
        let a = Self.terms(part, r).filter { !linking[Int(part.columns[$0])] }
        let b = Self.terms(part, g).filter { !linking[Int(part.columns[$0])] }
        let same = a.count == b.count && zip(a, b).allSatisfy { k, l in
            part.columns[k] == part.columns[l] && part.coefficients[k] / fr == part.coefficients[l] / fg
        }
        var d: [(Int32, Double)] = []
        for k in Self.terms(part, r) where linking[Int(part.columns[k])] {
            d.append((part.columns[k], part.coefficients[k] / fr))
        }
        for k in Self.terms(part, g) where linking[Int(part.columns[k])] {
            d.append((part.columns[k], -part.coefficients[k] / fg))
        }
        d.sort { $0.0 < $1.0 }
        var merged: [(Int32, Double)] = []
        for (v, x) in d {
            if let last = merged.last, last.0 == v { merged[merged.count - 1].1 += x } else { merged.append((v, x)) }
        }
        merged = merged.filter { $0.1 != 0 }
        var h: UInt64 = 0
        for (v, x) in merged {
            Self.mix(&h, UInt64(UInt32(bitPattern: v)))
            Self.mix(&h, x.bitPattern)
        }
        let made = Pair(sameLocal: same, linking: merged, hash: h)
        pairs[key] = made
        return made
    }
}
