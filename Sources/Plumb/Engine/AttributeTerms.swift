/// Up to six `(variable, coefficient)` terms held inline (two attributes of
/// at most two terms each, plus the root's width for each right-to-left
/// `leading` or `trailing`), so that lowering a
/// constraint allocates nothing before `ConstraintSystem/addRow(contiguous:constant:relation:priority:origin:)`
/// copies them.
struct AttributeTerms: Sequence, IteratorProtocol {
    private var storage: ((VariableIndex, Double), (VariableIndex, Double), (VariableIndex, Double),
                          (VariableIndex, Double), (VariableIndex, Double), (VariableIndex, Double))
    private(set) var count = 0
    private var cursor = 0

    init() {
        let zero = (VariableIndex(rawValue: 0), 0.0)
        storage = (zero, zero, zero, zero, zero, zero)
    }

    /// Appends `scale ·` the linear function of `view`'s variables that
    /// `attribute` stands for (``write(_:of:scale:to:)``).
    ///
    /// Inlined: called as a function, the terms went through memory and were
    /// copied back whole after each call (stalls on the copy at 100,000 views).
    @inline(__always)
    mutating func append(_ attribute: LayoutAttribute, of view: ViewIndex, scale: Double) {
        // Written to a pair of locals and appended one by one: writing into
        // the six slots through a pointer kept them in memory, and the rules'
        // build (which keeps these terms in registers) grew by 1.5 %.
        let zero = (VariableIndex(rawValue: 0), 0.0)
        var pair = (zero, zero)
        let written = withUnsafeMutableBytes(of: &pair) { raw in
            Self.write(attribute, of: view, scale: scale,
                       to: raw.baseAddress!.assumingMemoryBound(to: (VariableIndex, Double).self))
        }
        append(pair.0.0, pair.0.1)
        if written == 2 { append(pair.1.0, pair.1.1) }
    }

    /// Writes `scale ·` the linear function of `view`'s variables that
    /// `attribute` stands for (the geometry table of ``LayoutAttribute``) at
    /// `terms`, and returns how many terms it wrote: one or two.
    ///
    /// This is the only place where attributes become variables. `leading`
    /// and `trailing` are taken left to right here; callers resolve them for
    /// a ``LayoutDirection`` first (``SystemBuilder`` does). A pointer and a
    /// count rather than ``append(_:of:scale:)``'s six slots, so that the
    /// system builder's common case writes a row's terms to the stack
    /// without zeroing six slots first or switching on the count per term.
    ///
    /// - Precondition: `terms` has room for two terms.
    @inline(__always)
    static func write(
        _ attribute: LayoutAttribute, of view: ViewIndex, scale: Double,
        to terms: UnsafeMutablePointer<(VariableIndex, Double)>
    ) -> Int {
        switch attribute {
        case .left, .leading:
            terms[0] = (view.variable(.left), scale)
            return 1
        case .right, .trailing:
            terms[0] = (view.variable(.left), scale)
            terms[1] = (view.variable(.width), scale)
            return 2
        case .centerX:
            terms[0] = (view.variable(.left), scale)
            terms[1] = (view.variable(.width), scale * 0.5)
            return 2
        case .top:
            terms[0] = (view.variable(.top), scale)
            return 1
        case .bottom, .baseline, .firstBaseline, .lastBaseline:
            terms[0] = (view.variable(.top), scale)
            terms[1] = (view.variable(.height), scale)
            return 2
        case .centerY:
            terms[0] = (view.variable(.top), scale)
            terms[1] = (view.variable(.height), scale * 0.5)
            return 2
        case .width:
            terms[0] = (view.variable(.width), scale)
            return 1
        case .height:
            terms[0] = (view.variable(.height), scale)
            return 1
        }
    }

    /// Appends one term.
    @inline(__always)
    mutating func append(_ variable: VariableIndex, _ coefficient: Double) {
        let term = (variable, coefficient)
        switch count {
        case 0: storage.0 = term
        case 1: storage.1 = term
        case 2: storage.2 = term
        case 3: storage.3 = term
        case 4: storage.4 = term
        default:
            precondition(count == 5, "a constraint has at most six terms")
            storage.5 = term
        }
        count += 1
    }

    /// Calls `body` with the terms appended so far, in order, as one buffer
    /// (a tuple of one element type is laid out as an array of it).
    ///
    /// Mutating only to reach the terms in place: `withUnsafeBytes(of:)` on
    /// a value copied all six terms to the stack first.
    mutating func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<(VariableIndex, Double)>) -> R) -> R {
        let count = count
        return withUnsafeMutableBytes(of: &storage) { raw in
            body(UnsafeBufferPointer(start: raw.baseAddress!.assumingMemoryBound(to: (VariableIndex, Double).self),
                                     count: count))
        }
    }

    mutating func next() -> (VariableIndex, Double)? {
        guard cursor < count else { return nil }
        defer { cursor += 1 }
        switch cursor {
        case 0: return storage.0
        case 1: return storage.1
        case 2: return storage.2
        case 3: return storage.3
        case 4: return storage.4
        default: return storage.5
        }
    }
}
