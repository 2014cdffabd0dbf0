/// The shapes nearly every Simple Format Language constraint has, read in
/// one pass over the bytes, with no tokens and no syntax tree:
///
/// ```
/// view.attribute relation (sign? VALUE '*')? view.attribute (('+' | '-') VALUE)? ('@' VALUE)?
/// view.attribute relation sign? VALUE ('@' VALUE)?
/// ```
///
/// where a VALUE is a number or the name of a finite metric, with white
/// space anywhere between tokens, as the lexer allows. Anything else (every
/// string with a problem: an unknown view, attribute or metric, a bad or
/// non-finite number or metric, a priority out of range, positions on two
/// axes) gives `nil`, and ``SimpleFormatSema`` reads the string with the general parser,
/// so every diagnostic still comes from one place. A constraint it gives is
/// the one the general path gives (tested on random strings).
///
/// In profiles of documents, tokens, their lookahead and the syntax tree
/// cost more than the bytes they were made from.
enum SimpleFormatFastPath {
    static func compile<Scope: SimpleFormatScope>(
        _ text: UnsafeBufferPointer<UInt8>, in scope: Scope
    ) -> ResolvedSimpleFormat<Scope.ViewHandle>? {
        withUnsafeTemporaryAllocation(of: ResolvedSimpleFormat<Scope.ViewHandle>.self, capacity: 1) { slot in
            compile(text, in: scope, into: slot.baseAddress!) ? slot.baseAddress!.move() : nil
        }
    }

    /// ``compile(_:in:)`` with the constraint written into `slot` (which is
    /// uninitialised, or holds a value without references) when there is
    /// one; returns whether there was. The constraint is made where it is
    /// kept (``SimpleFormatSema/compile(_:in:problems:into:)``). A scope
    /// with ``SimpleFormatScope/shapeTemplates`` (a document's) gets the
    /// shape from a recent string's template when one matches
    /// (``SimpleFormatTemplates``): the same shape, read with fewer passes,
    /// the first name's end taken from `nameRun` when the string's reader
    /// found it (``SimpleFormatTemplates/shape(of:nameRun:)``; -1 when not).
    static func compile<Scope: SimpleFormatScope>(
        _ text: UnsafeBufferPointer<UInt8>, in scope: Scope, into slot: UnsafeMutablePointer<ResolvedSimpleFormat<Scope.ViewHandle>>,
        nameRun: Int = -1
    ) -> Bool {
        let templates = scope.shapeTemplates
        let read = if let templates { templates.shape(of: text, nameRun: nameRun) } else { shape(of: text) }
        guard let shape = read, let resolved = bind(shape, in: text, scope: scope, secondUntested: templates != nil)
        else { return false }
        slot.initialize(to: resolved)
        return true
    }

    /// The string's common shape with its names not yet looked up, or `nil`
    /// when it has none (then the general parser reads it). It depends on
    /// the bytes alone: a name is a view when a `.` follows it, a metric
    /// otherwise, as the general parser decides.
    ///
    /// Inlined, as are the readers it calls, each where it is called: the
    /// scanner's position stays in a register and the shape is never
    /// copied out whole (called out of line, every reader passed the
    /// scanner through memory and returned an optional to test again, and
    /// the 65-byte shape was stored and loaded once more by the caller).
    ///
    /// A string spaced as documents write constraints is read by
    /// ``singleSpacedShape(of:)`` first; any other by ``anySpacingShape(of:)``.
    @inline(__always)
    static func shape(of text: UnsafeBufferPointer<UInt8>) -> SimpleFormatShape? {
        // Offsets are kept in 32 bits; no constraint string is that long.
        guard text.count < Int(Int32.max) else { return nil }
        if let shape = singleSpacedShape(of: text) { return shape }
        return anySpacingShape(of: text)
    }

    /// ``shape(of:)`` for a string spaced as documents (and `generate.py`)
    /// write constraints: nothing around a `.` and at either end, one space
    /// on each side of the relation and of `*`, `+`, `-` and `@`, numbers
    /// without a sign, no metrics (`cell3.left = content.left + 16`,
    /// `c0_1.height = 0.75 * c0_1.width`, `a.width <= 300 @ 999`). Each space
    /// is one byte compared where it must be, not a run skipped at every gap
    /// (the white space between tokens was a fifth of a string's reading).
    /// `nil` for any other string, which ``anySpacingShape(of:)`` then reads
    /// from its start; a shape given is the one that reading gives.
    @inline(__always)
    static func singleSpacedShape(of text: UnsafeBufferPointer<UInt8>) -> SimpleFormatShape? {
        // The readers are functions of the scanner, not closures over it (a
        // closure capturing it was checked for exclusive access at each call).
        var s = ByteScanner(text)
        guard let firstView = name(&s), let firstAttribute = tightAttribute(&s),
              s.scanByte(UInt8(ascii: " ")), let relation = relation(&s), s.scanByte(UInt8(ascii: " ")),
              let byte = s.current
        else { return nil }
        var multiplier = SimpleFormatShape.Value.number(1)
        var constant = SimpleFormatShape.Value.number(0)
        var second: SimpleFormatShape.Item?
        if ByteScanner.isNameStart(byte) {
            guard let view = name(&s), let attribute = tightAttribute(&s) else { return nil }
            second = SimpleFormatShape.Item(view: view, attribute: attribute)
        } else {
            guard let factor = number(&s) else { return nil }
            if spaced(&s, UInt8(ascii: "*")) {
                guard let view = name(&s), let attribute = tightAttribute(&s) else { return nil }
                multiplier = .number(factor)
                second = SimpleFormatShape.Item(view: view, attribute: attribute)
            } else {
                constant = .number(factor)
            }
        }
        if let second {
            let secondAttribute = second.attribute
            if !firstAttribute.isDimension, !secondAttribute.isDimension, firstAttribute.axis != secondAttribute.axis {
                return nil
            }
            if spaced(&s, UInt8(ascii: "+")) {
                guard let value = number(&s) else { return nil }
                constant = .number(value)
            } else if spaced(&s, UInt8(ascii: "-")) {
                guard let value = number(&s) else { return nil }
                constant = .number(-value)
            }
        }
        var priority: SimpleFormatShape.Value?
        if spaced(&s, UInt8(ascii: "@")) {
            guard let value = number(&s) else { return nil }
            priority = .number(value)
        }
        guard s.position == text.count else { return nil }
        return SimpleFormatShape(
            first: SimpleFormatShape.Item(view: firstView, attribute: firstAttribute), relation: relation,
            second: second, multiplier: multiplier, constant: constant, priority: priority)
    }

    /// ``shape(of:)`` with white space anywhere between tokens, as the lexer
    /// allows. Inlined as ``shape(of:)`` is.
    @inline(__always)
    static func anySpacingShape(of text: UnsafeBufferPointer<UInt8>) -> SimpleFormatShape? {
        var s = ByteScanner(text)
        s.skipWhiteSpace()
        guard let firstView = name(&s) else { return nil }
        s.skipWhiteSpace()
        guard let firstAttribute = attribute(&s) else { return nil }
        s.skipWhiteSpace()
        guard let relation = relation(&s) else { return nil }
        s.skipWhiteSpace()
        var multiplier = SimpleFormatShape.Value.number(1)
        var constant = SimpleFormatShape.Value.number(0)
        // A name here is the second item's view when a `.` follows it,
        // otherwise a metric (read again below, as a value).
        var secondView: SimpleFormatShape.Name?
        var probe = s
        if let view = name(&probe) {
            probe.skipWhiteSpace()
            if probe.current == UInt8(ascii: ".") {
                s = probe
                secondView = view
            }
        }
        if secondView == nil {
            guard let factor = signedValue(&s) else { return nil }
            s.skipWhiteSpace()
            if s.scanByte(UInt8(ascii: "*")) {
                s.skipWhiteSpace()
                guard let view = name(&s) else { return nil }
                s.skipWhiteSpace()
                multiplier = factor
                secondView = view
            } else {
                constant = factor
            }
        }
        var second: SimpleFormatShape.Item?
        if let secondView {
            guard let secondAttribute = attribute(&s) else { return nil }
            if !firstAttribute.isDimension, !secondAttribute.isDimension, firstAttribute.axis != secondAttribute.axis {
                return nil
            }
            second = SimpleFormatShape.Item(view: secondView, attribute: secondAttribute)
            s.skipWhiteSpace()
            if let op = s.current, op == UInt8(ascii: "+") || op == UInt8(ascii: "-") {
                s.position += 1
                s.skipWhiteSpace()
                guard let value = value(&s, negated: op == UInt8(ascii: "-")) else { return nil }
                constant = value
            }
        }
        s.skipWhiteSpace()
        var priority: SimpleFormatShape.Value?
        if s.scanByte(UInt8(ascii: "@")) {
            s.skipWhiteSpace()
            guard let value = value(&s, negated: false) else { return nil }
            priority = value
            s.skipWhiteSpace()
        }
        guard s.current == nil else { return nil }
        return SimpleFormatShape(
            first: SimpleFormatShape.Item(view: firstView, attribute: firstAttribute), relation: relation,
            second: second, multiplier: multiplier, constant: constant, priority: priority)
    }

    /// The constraint `shape` (read from `text`) makes with the names of
    /// `scope`, or `nil` when a view or metric is unknown, a metric is not
    /// finite or the priority is out of range (the general parser then
    /// reports it). With `secondUntested` (a shape from a template), also
    /// `nil` when the second view's name is not one name as the language
    /// reads one (``SimpleFormatScope/view(namedName:)``).
    @inline(__always)
    static func bind<Scope: SimpleFormatScope>(
        _ shape: SimpleFormatShape, in text: UnsafeBufferPointer<UInt8>, scope: Scope, secondUntested: Bool = false
    ) -> ResolvedSimpleFormat<Scope.ViewHandle>? {
        @inline(__always) func bytes(_ name: SimpleFormatShape.Name) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: text[Int(name.start) ..< Int(name.end)])
        }
        @inline(__always) func number(_ value: SimpleFormatShape.Value) -> Double? {
            switch value {
            case .number(let n): return n
            case .metric(let name, let negated):
                guard let v = scope.metric(named: bytes(name)), v.isFinite else { return nil }
                return negated ? -v : v
            }
        }
        guard let first = scope.view(named: bytes(shape.first.view)) else { return nil }
        var second: Scope.ViewHandle?
        var secondAttribute: LayoutAttribute?
        if let item = shape.second {
            let name = bytes(item.view)
            guard let found = secondUntested ? scope.view(namedName: name) : scope.view(named: name) else { return nil }
            second = found
            secondAttribute = item.attribute
        }
        guard let multiplier = number(shape.multiplier), let constant = number(shape.constant) else { return nil }
        // Not `.required`: a global's addressor called for every constraint;
        // this folds to the constant.
        var priority = Priority(rawValue: 1000)!
        if let written = shape.priority {
            guard let value = number(written), let valid = Priority(rawValue: value) else { return nil }
            priority = valid
        }
        return ResolvedSimpleFormat(
            first: first, firstAttribute: shape.first.attribute, relation: shape.relation, multiplier: multiplier,
            second: second, secondAttribute: secondAttribute, constant: constant, priority: priority)
    }

    /// Consumes ` op ` (one space on each side) when it is next.
    @inline(__always)
    private static func spaced(_ s: inout ByteScanner, _ op: UInt8) -> Bool {
        let at = s.position, text = s.text
        guard text.count &- at >= 3, text[at] == UInt8(ascii: " "), text[at &+ 1] == op,
              text[at &+ 2] == UInt8(ascii: " ") else { return false }
        s.position = at &+ 3
        return true
    }

    /// `.attribute` with nothing between the dot and the name.
    @inline(__always)
    private static func tightAttribute(_ s: inout ByteScanner) -> LayoutAttribute? {
        guard s.scanByte(UInt8(ascii: ".")),
              let (known, length) = LayoutAttribute.wordPrefix(of: s.text, at: s.position) else { return nil }
        s.position &+= length
        return known
    }

    /// `.attribute` (white space allowed after the dot), the scanner at the
    /// dot. The attribute is read and looked up in one pass (its name is
    /// one of a few, picked by its first bytes).
    @inline(__always)
    private static func attribute(_ s: inout ByteScanner) -> LayoutAttribute? {
        guard s.scanByte(UInt8(ascii: ".")) else { return nil }
        s.skipWhiteSpace()
        guard let (known, length) = LayoutAttribute.wordPrefix(of: s.text, at: s.position) else { return nil }
        s.position += length
        return known
    }

    @inline(__always)
    private static func name(_ s: inout ByteScanner) -> SimpleFormatShape.Name? {
        guard let byte = s.current, ByteScanner.isNameStart(byte) else { return nil }
        let start = s.position
        s.position += 1
        s.skipNameContinuation()
        return SimpleFormatShape.Name(start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: s.position))
    }

    /// `=`, `==`, `<=` or `>=`.
    @inline(__always)
    private static func relation(_ s: inout ByteScanner) -> Relation? {
        guard let byte = s.current else { return nil }
        s.position += 1
        switch byte {
        case UInt8(ascii: "="):
            _ = s.scanByte(UInt8(ascii: "="))
            return .equal
        case UInt8(ascii: "<"): return s.scanByte(UInt8(ascii: "=")) ? .lessOrEqual : nil
        case UInt8(ascii: ">"): return s.scanByte(UInt8(ascii: "=")) ? .greaterOrEqual : nil
        default: return nil
        }
    }

    /// A well-formed, finite number.
    @inline(__always)
    private static func number(_ s: inout ByteScanner) -> Double? {
        if let whole = wholeNumber(&s) { return whole }
        guard s.atNumber() else { return nil }
        let start = s.position
        guard s.scanNumber() else { return nil }
        let value = DecimalParsing.value(of: UnsafeBufferPointer(rebasing: s.text[start ..< s.position]))
        return value.isFinite ? value : nil
    }

    /// A number of one to fifteen digits and nothing more (nearly every
    /// constant and multiplier written), read in one pass: its value is the
    /// integer, exactly, as `DecimalParsing` gives it. `nil`, having read
    /// nothing, for any other number, which ``number(_:)`` reads in full.
    @inline(__always)
    private static func wholeNumber(_ s: inout ByteScanner) -> Double? {
        let start = s.position
        let end = s.text.count < start &+ 15 ? s.text.count : start &+ 15
        var at = start
        var value: UInt64 = 0
        while at < end {
            let digit = s.text[at] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            value = value &* 10 &+ UInt64(digit)
            at += 1
        }
        guard at > start else { return nil }
        // A fraction, an exponent, a sixteenth digit or a name run on: not this case.
        if at < s.text.count, ByteScanner.isNameContinuation(s.text[at]) || s.text[at] == UInt8(ascii: ".") { return nil }
        s.position = at
        return Double(value)
    }

    /// A number (negated when `negated`), or the name of a metric (looked
    /// up, and checked finite, when the shape is bound).
    @inline(__always)
    private static func value(_ s: inout ByteScanner, negated: Bool) -> SimpleFormatShape.Value? {
        guard let byte = s.current, ByteScanner.isNameStart(byte) else {
            return number(&s).map { .number(negated ? -$0 : $0) }
        }
        guard let metric = name(&s) else { return nil }
        return .metric(metric, negated: negated)
    }

    /// A value with an optional `+` or `-` in front (white space may follow the sign).
    @inline(__always)
    private static func signedValue(_ s: inout ByteScanner) -> SimpleFormatShape.Value? {
        var negated = false
        if let byte = s.current, byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
            negated = byte == UInt8(ascii: "-")
            s.position += 1
            s.skipWhiteSpace()
        }
        return value(&s, negated: negated)
    }
}

/// A Simple Format Language string in one of the fast path's shapes, its
/// names kept as byte ranges of the string: what `SimpleFormatFastPath`
/// reads from the bytes alone, before any name is looked up. Plain values
/// (no references), so that a shape can be kept and bound again with other
/// names (``Constraint/make(simpleFormats:views:metrics:file:line:)`` keeps
/// the shapes of recent strings).
struct SimpleFormatShape {
    /// A name's byte range in the string.
    struct Name {
        var start: Int32
        var end: Int32
    }

    /// A number as written (its sign applied), or a metric's name and whether it is negated.
    enum Value {
        case number(Double)
        case metric(Name, negated: Bool)
    }

    /// A view's name and one of its attributes, `view.attribute`.
    struct Item {
        var view: Name
        var attribute: LayoutAttribute
    }

    /// `first relation multiplier · second + constant @ priority`; no
    /// `second` for `first relation constant @ priority`.
    var first: Item
    var relation: Relation
    var second: Item?
    var multiplier: Value
    var constant: Value
    /// `nil` when none is written (required).
    var priority: Value?
}
