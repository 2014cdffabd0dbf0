/// One of the 18 constraint names of the Simple Layout Language (COSLayout's
/// rules): a distance from an edge or center of a view `v` to an edge of its
/// superview `s`, a size, or a bound on a size.
///
/// Each distance is positive when `v` sits inside `s` (the layout document
/// spec, "Rules (Simple Layout Language) geometry"):
///
/// | name | value | name | value |
/// |---|---|---|---|
/// | `tt` | `v.top - s.top` | `tb` | `s.bottom - v.top` |
/// | `bb` | `s.bottom - v.bottom` | `bt` | `v.bottom - s.top` |
/// | `ll` | `v.left - s.left` | `lr` | `s.right - v.left` |
/// | `rr` | `s.right - v.right` | `rl` | `v.right - s.left` |
/// | `ct` | `v.centerY - s.top` | `cb` | `s.bottom - v.centerY` |
/// | `cl` | `v.centerX - s.left` | `cr` | `s.right - v.centerX` |
/// | `w`, `h` | width, height | `minw maxw minh maxh` | bounds on width, height |
public enum RuleName: UInt8, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case tt, tb, bb, bt, ct, cb
    case ll, lr, rr, rl, cl, cr
    case w, h
    case minw, maxw, minh, maxh

    /// The name as written in a rule.
    public var description: String { Self.spellings[Int(rawValue)] }

    /// The direction the name measures along; percentages in its value are of
    /// the superview's size along this direction unless `H:` or `V:` says otherwise.
    public var axis: LayoutAxis {
        switch self {
        case .tt, .tb, .bb, .bt, .ct, .cb, .h, .minh, .maxh: .vertical
        case .ll, .lr, .rr, .rl, .cl, .cr, .w, .minw, .maxw: .horizontal
        }
    }

    /// What the name pins, which decides what a later assignment replaces
    /// (see ``Layout``'s override policy).
    public var role: Role {
        switch self {
        case .tt, .tb, .ll, .lr: .leadingEdge
        case .bb, .bt, .rr, .rl: .trailingEdge
        case .ct, .cb, .cl, .cr: .center
        case .w, .h: .size
        case .minw, .minh: .minimum
        case .maxw, .maxh: .maximum
        }
    }

    /// The part of a view a name is about, per direction.
    public enum Role: UInt8, Hashable, Sendable {
        /// The top or left edge (`tt tb ll lr`).
        case leadingEdge
        /// The bottom or right edge (`bb bt rr rl`).
        case trailingEdge
        /// The center (`ct cb cl cr`).
        case center
        /// The width or height (`w h`).
        case size
        /// A lower bound on the size (`minw minh`): an inequality, never one of the two determining constraints.
        case minimum
        /// An upper bound on the size (`maxw maxh`).
        case maximum

        /// Whether the role is one of the four that fix a view's position and
        /// size along a direction (two of them are needed per direction).
        public var isDetermining: Bool { rawValue <= Role.size.rawValue }
    }

    /// The geometry of the name: `viewSign · v.viewAttribute + superviewSign · s.superviewAttribute`
    /// (no superview term for sizes and bounds).
    ///
    /// Inlined: a call from every rule row's `emit` for one sign.
    @inline(__always)
    var geometry: (viewAttribute: LayoutAttribute, viewSign: Double, superviewAttribute: LayoutAttribute?) {
        switch self {
        case .tt: (.top, 1, .top)
        case .tb: (.top, -1, .bottom)
        case .bb: (.bottom, -1, .bottom)
        case .bt: (.bottom, 1, .top)
        case .ct: (.centerY, 1, .top)
        case .cb: (.centerY, -1, .bottom)
        case .ll: (.left, 1, .left)
        case .lr: (.left, -1, .right)
        case .rr: (.right, -1, .right)
        case .rl: (.right, 1, .left)
        case .cl: (.centerX, 1, .left)
        case .cr: (.centerX, -1, .right)
        case .w, .minw, .maxw: (.width, 1, nil)
        case .h, .minh, .maxh: (.height, 1, nil)
        }
    }

    /// The quantity this name measures for `view` against `superview`,
    /// times `scale`, appended as solver terms.
    ///
    /// This and ``FormatSpecifier`` share one geometry: the terms come from
    /// the engine's attribute lowering (`AttributeTerms`), never restated here.
    func appendTerms(of view: ViewIndex, superview: ViewIndex, scale: Double, to out: inout [(VariableIndex, Double)]) {
        for term in terms(of: view, superview: superview, scale: scale) { out.append(term) }
    }

    /// The terms of ``appendTerms(of:superview:scale:to:)`` with `scale` 1,
    /// written at `out` (which has room for four); returns how many.
    @inline(__always)
    func writeTerms(of view: ViewIndex, superview: ViewIndex, to out: UnsafeMutablePointer<(VariableIndex, Double)>) -> Int {
        // Written in place by the attribute lowering (no six slots filled
        // and then copied out one by one); the same terms as `terms`'.
        let g = geometry
        var n = AttributeTerms.write(g.viewAttribute, of: view, scale: g.viewSign, to: out)
        if let superviewAttribute = g.superviewAttribute {
            n &+= AttributeTerms.write(superviewAttribute, of: superview, scale: -g.viewSign, to: out + n)
        }
        return n
    }

    @inline(__always)
    private func terms(of view: ViewIndex, superview: ViewIndex, scale: Double) -> AttributeTerms {
        let g = geometry
        var terms = AttributeTerms()
        terms.append(g.viewAttribute, of: view, scale: g.viewSign * scale)
        if let superviewAttribute = g.superviewAttribute {
            terms.append(superviewAttribute, of: superview, scale: -g.viewSign * scale)
        }
        return terms
    }

    /// Looks a name up from its UTF-8 bytes.
    ///
    /// - Complexity: O(1): the length and the first byte pick the candidates,
    ///   then at most four bytes are compared.
    init?(utf8 name: UnsafeBufferPointer<UInt8>) {
        @inline(__always) func byte(_ i: Int) -> UInt8 { name[i] }
        let found: RuleName?
        switch name.count {
        case 1:
            switch byte(0) {
            case UInt8(ascii: "w"): found = .w
            case UInt8(ascii: "h"): found = .h
            default: found = nil
            }
        case 2:
            switch (byte(0), byte(1)) {
            case (UInt8(ascii: "t"), UInt8(ascii: "t")): found = .tt
            case (UInt8(ascii: "t"), UInt8(ascii: "b")): found = .tb
            case (UInt8(ascii: "b"), UInt8(ascii: "b")): found = .bb
            case (UInt8(ascii: "b"), UInt8(ascii: "t")): found = .bt
            case (UInt8(ascii: "c"), UInt8(ascii: "t")): found = .ct
            case (UInt8(ascii: "c"), UInt8(ascii: "b")): found = .cb
            case (UInt8(ascii: "l"), UInt8(ascii: "l")): found = .ll
            case (UInt8(ascii: "l"), UInt8(ascii: "r")): found = .lr
            case (UInt8(ascii: "r"), UInt8(ascii: "r")): found = .rr
            case (UInt8(ascii: "r"), UInt8(ascii: "l")): found = .rl
            case (UInt8(ascii: "c"), UInt8(ascii: "l")): found = .cl
            case (UInt8(ascii: "c"), UInt8(ascii: "r")): found = .cr
            default: found = nil
            }
        case 4:
            guard byte(0) == UInt8(ascii: "m") else { return nil }
            let minimum: Bool
            switch (byte(1), byte(2)) {
            case (UInt8(ascii: "i"), UInt8(ascii: "n")): minimum = true
            case (UInt8(ascii: "a"), UInt8(ascii: "x")): minimum = false
            default: return nil
            }
            switch byte(3) {
            case UInt8(ascii: "w"): found = minimum ? .minw : .maxw
            case UInt8(ascii: "h"): found = minimum ? .minh : .maxh
            default: found = nil
            }
        default:
            found = nil
        }
        guard let found else { return nil }
        self = found
    }

    /// Looks a name up by its spelling (`"tt"`, `"minw"`).
    public init?(_ name: String) {
        var copy = name
        guard let found = copy.withUTF8({ RuleName(utf8: $0) }) else { return nil }
        self = found
    }

    private static let spellings = [
        "tt", "tb", "bb", "bt", "ct", "cb", "ll", "lr", "rr", "rl", "cl", "cr", "w", "h",
        "minw", "maxw", "minh", "maxh",
    ]
}
