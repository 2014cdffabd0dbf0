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
        var s = ByteScanner(text)
        guard let (first, firstAttribute) = item(&s, scope) else { return nil }
        s.skipWhiteSpace()
        guard let relation = relation(&s) else { return nil }
        s.skipWhiteSpace()
        var multiplier = 1.0
        var constant = 0.0
        var second: (view: Scope.ViewHandle, attribute: LayoutAttribute)?
        if let byte = s.current, ByteScanner.isNameStart(byte), startsItem(s) {
            guard let found = item(&s, scope) else { return nil }
            second = found
        } else {
            guard let factor = signedValue(&s, scope) else { return nil }
            s.skipWhiteSpace()
            if s.scanByte(UInt8(ascii: "*")) {
                guard let found = item(&s, scope) else { return nil }
                multiplier = factor
                second = found
            } else {
                constant = factor
            }
        }
        s.skipWhiteSpace()
        if second != nil, let op = s.current, op == UInt8(ascii: "+") || op == UInt8(ascii: "-") {
            s.position += 1
            s.skipWhiteSpace()
            guard let value = value(&s, scope) else { return nil }
            constant = op == UInt8(ascii: "-") ? -value : value
            s.skipWhiteSpace()
        }
        var priority = Priority.required
        if s.scanByte(UInt8(ascii: "@")) {
            s.skipWhiteSpace()
            guard let value = value(&s, scope), let valid = Priority(rawValue: value) else { return nil }
            priority = valid
            s.skipWhiteSpace()
        }
        guard s.current == nil else { return nil }
        if let b = second?.attribute, !firstAttribute.isDimension, !b.isDimension, firstAttribute.axis != b.axis {
            return nil
        }
        return ResolvedSimpleFormat(
            first: first, firstAttribute: firstAttribute, relation: relation, multiplier: multiplier,
            second: second?.view, secondAttribute: second?.attribute, constant: constant, priority: priority)
    }

    /// `view.attribute`, both known, after optional white space. The
    /// attribute is read and looked up in one pass (its name is one of a
    /// few, picked by its first bytes).
    @inline(__always)
    private static func item<Scope: SimpleFormatScope>(
        _ s: inout ByteScanner, _ scope: Scope
    ) -> (Scope.ViewHandle, LayoutAttribute)? {
        s.skipWhiteSpace()
        guard let view = name(&s) else { return nil }
        s.skipWhiteSpace()
        guard s.scanByte(UInt8(ascii: ".")) else { return nil }
        s.skipWhiteSpace()
        guard let (known, length) = LayoutAttribute.prefix(of: s.text, at: s.position),
              let handle = scope.view(named: view) else { return nil }
        s.position += length
        return (handle, known)
    }

    /// Whether the name at the scanner is followed by a `.` (after optional
    /// white space), so that it starts an item: otherwise it is a metric,
    /// as the general parser decides by the token after the name.
    @inline(__always)
    private static func startsItem(_ s: ByteScanner) -> Bool {
        var probe = s
        _ = name(&probe)
        probe.skipWhiteSpace()
        return probe.current == UInt8(ascii: ".")
    }

    @inline(__always)
    private static func name(_ s: inout ByteScanner) -> UnsafeBufferPointer<UInt8>? {
        guard let byte = s.current, ByteScanner.isNameStart(byte) else { return nil }
        let start = s.position
        s.position += 1
        s.skipNameContinuation()
        return UnsafeBufferPointer(rebasing: s.text[start ..< s.position])
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
        let end = Swift.min(s.text.count, start + 15)
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

    /// A number, or the name of a metric whose value is finite.
    @inline(__always)
    private static func value<Scope: SimpleFormatScope>(_ s: inout ByteScanner, _ scope: Scope) -> Double? {
        guard let byte = s.current, ByteScanner.isNameStart(byte) else { return number(&s) }
        guard let metric = name(&s), let value = scope.metric(named: metric), value.isFinite else { return nil }
        return value
    }

    /// A value with an optional `+` or `-` in front (white space may follow the sign).
    @inline(__always)
    private static func signedValue<Scope: SimpleFormatScope>(_ s: inout ByteScanner, _ scope: Scope) -> Double? {
        var negated = false
        if let byte = s.current, byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
            negated = byte == UInt8(ascii: "-")
            s.position += 1
            s.skipWhiteSpace()
        }
        guard let value = value(&s, scope) else { return nil }
        return negated ? -value : value
    }
}
