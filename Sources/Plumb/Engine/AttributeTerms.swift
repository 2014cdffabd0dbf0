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
    /// `attribute` stands for (the geometry table of ``LayoutAttribute``).
    ///
    /// This is the only place where attributes become variables. `leading`
    /// and `trailing` are taken left to right here; callers resolve them for
    /// a ``LayoutDirection`` first (``SystemBuilder`` does).
    ///
    /// Inlined: called as a function, the terms went through memory and were
    /// copied back whole after each call (stalls on the copy at 100,000 views).
    @inline(__always)
    mutating func append(_ attribute: LayoutAttribute, of view: ViewIndex, scale: Double) {
        switch attribute {
        case .left, .leading:
            append(view.variable(.left), scale)
        case .right, .trailing:
            append(view.variable(.left), scale)
            append(view.variable(.width), scale)
        case .centerX:
            append(view.variable(.left), scale)
            append(view.variable(.width), scale * 0.5)
        case .top:
            append(view.variable(.top), scale)
        case .bottom, .baseline, .firstBaseline, .lastBaseline:
            append(view.variable(.top), scale)
            append(view.variable(.height), scale)
        case .centerY:
            append(view.variable(.top), scale)
            append(view.variable(.height), scale * 0.5)
        case .width:
            append(view.variable(.width), scale)
        case .height:
            append(view.variable(.height), scale)
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
