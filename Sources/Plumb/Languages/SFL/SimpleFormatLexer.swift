/// Splits a Simple Format Language string into tokens, over its UTF-8 bytes.
///
/// Naming follows `_RegexParser`'s rule: `lexX` consumes an X and returns it,
/// or returns `nil` and consumes nothing. The lexer never allocates; white
/// space (spaces, tabs, new lines) separates tokens and is otherwise ignored.
struct SimpleFormatLexer {
    let text: UnsafeBufferPointer<UInt8>
    /// The byte offset of the next unread byte.
    private(set) var position = 0

    init(_ text: UnsafeBufferPointer<UInt8>) { self.text = text }

    /// Reads the next token (``SimpleFormatToken/Kind/end`` at the end of the text).
    mutating func next() -> SimpleFormatToken {
        skipWhiteSpace()
        let start = position
        guard position < text.count else { return SimpleFormatToken(kind: .end, start: start, end: start) }
        let byte = text[position]
        if Self.isNameStart(byte) { return lexName() }
        if Self.isDigit(byte) || (byte == UInt8(ascii: ".") && position + 1 < text.count && Self.isDigit(text[position + 1])) {
            return lexNumber()
        }
        position += 1
        let kind: SimpleFormatToken.Kind
        switch byte {
        case UInt8(ascii: "."): kind = .dot
        case UInt8(ascii: "*"): kind = .star
        case UInt8(ascii: "+"): kind = .plus
        case UInt8(ascii: "-"): kind = .minus
        case UInt8(ascii: "@"): kind = .at
        case UInt8(ascii: "="):
            if lexByte(UInt8(ascii: "=")) {}
            kind = .equal
        case UInt8(ascii: "<"):
            kind = lexByte(UInt8(ascii: "=")) ? .lessOrEqual : .invalid
        case UInt8(ascii: ">"):
            kind = lexByte(UInt8(ascii: "=")) ? .greaterOrEqual : .invalid
        default:
            kind = .invalid
        }
        return SimpleFormatToken(kind: kind, start: start, end: position)
    }

    /// The next token, without consuming it.
    func peek() -> SimpleFormatToken {
        var copy = self
        return copy.next()
    }

    /// The token after the next one, without consuming either.
    func peekSecond() -> SimpleFormatToken {
        var copy = self
        _ = copy.next()
        return copy.next()
    }

    // MARK: - Pieces

    private mutating func skipWhiteSpace() {
        while position < text.count {
            switch text[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): position += 1
            default: return
            }
        }
    }

    private mutating func lexByte(_ byte: UInt8) -> Bool {
        guard position < text.count, text[position] == byte else { return false }
        position += 1
        return true
    }

    private mutating func lexName() -> SimpleFormatToken {
        let start = position
        position += 1
        while position < text.count, Self.isNameContinuation(text[position]) { position += 1 }
        return SimpleFormatToken(kind: .name, start: start, end: position)
    }

    /// number -> digits ('.' digits?)? exponent? | '.' digits exponent?
    /// exponent -> ('e' | 'E') ('+' | '-')? digits
    ///
    /// A number running straight into letters, digits or another '.' is one
    /// ``SimpleFormatToken/Kind/invalidNumber`` token covering all of it.
    private mutating func lexNumber() -> SimpleFormatToken {
        let start = position
        var valid = true
        skipDigits()
        if lexByte(UInt8(ascii: ".")) { skipDigits() }
        if position < text.count, text[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            _ = lexByte(UInt8(ascii: "+")) || lexByte(UInt8(ascii: "-"))
            let digitsStart = position
            skipDigits()
            valid = position > digitsStart
        }
        // Swallow the rest of a malformed number so that it is reported once.
        while position < text.count,
              Self.isNameContinuation(text[position]) || text[position] == UInt8(ascii: ".") {
            valid = false
            position += 1
        }
        return SimpleFormatToken(kind: valid ? .number : .invalidNumber, start: start, end: position)
    }

    private mutating func skipDigits() {
        while position < text.count, Self.isDigit(text[position]) { position += 1 }
    }

    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b &- UInt8(ascii: "0") < 10 }

    @inline(__always) static func isNameStart(_ b: UInt8) -> Bool {
        (b | 0x20) &- UInt8(ascii: "a") < 26 || b == UInt8(ascii: "_") || b >= 0x80
    }

    @inline(__always) static func isNameContinuation(_ b: UInt8) -> Bool {
        isNameStart(b) || isDigit(b)
    }
}
