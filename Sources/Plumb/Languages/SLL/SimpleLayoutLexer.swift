/// Splits a Simple Layout Language rule into tokens, over its UTF-8 bytes.
///
/// As in the Simple Format Language's lexer, `lexX` consumes an X and returns
/// it, or returns `nil`/`false` and consumes nothing. The lexer never
/// allocates; white space separates tokens and is otherwise ignored.
struct SimpleLayoutLexer {
    let text: UnsafeBufferPointer<UInt8>
    /// The byte offset of the next unread byte.
    private(set) var position = 0

    init(_ text: UnsafeBufferPointer<UInt8>) { self.text = text }

    /// Reads the next token (``SimpleLayoutToken/Kind/end`` at the end of the rule).
    mutating func next() -> SimpleLayoutToken {
        skipWhiteSpace()
        let start = position
        guard position < text.count else { return SimpleLayoutToken(kind: .end, start: start, end: start) }
        let byte = text[position]
        if SimpleFormatLexer.isNameStart(byte) { return lexName() }
        if SimpleFormatLexer.isDigit(byte)
            || (byte == UInt8(ascii: ".") && position + 1 < text.count && SimpleFormatLexer.isDigit(text[position + 1]))
        {
            return lexNumber()
        }
        position += 1
        let kind: SimpleLayoutToken.Kind
        switch byte {
        case UInt8(ascii: "+"): kind = lexByte(UInt8(ascii: "=")) ? .addAssign : .plus
        case UInt8(ascii: "-"): kind = lexByte(UInt8(ascii: "=")) ? .subtractAssign : .minus
        case UInt8(ascii: "*"): kind = lexByte(UInt8(ascii: "=")) ? .multiplyAssign : .star
        case UInt8(ascii: "/"): kind = lexByte(UInt8(ascii: "=")) ? .divideAssign : .slash
        case UInt8(ascii: "="): kind = .assign
        case UInt8(ascii: "("): kind = .leftParenthesis
        case UInt8(ascii: ")"): kind = .rightParenthesis
        case UInt8(ascii: ","): kind = .comma
        case UInt8(ascii: "%"): return lexSpecifier(start: start)
        default: kind = .invalid
        }
        return SimpleLayoutToken(kind: kind, start: start, end: position)
    }

    /// The next token, without consuming it.
    func peek() -> SimpleLayoutToken {
        var copy = self
        return copy.next()
    }

    /// The token after the next one, without consuming either.
    func peekSecond() -> SimpleLayoutToken {
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

    /// name -> [A-Za-z_][A-Za-z0-9_]* ; `H:` and `V:` are direction prefixes, `nil` a keyword.
    private mutating func lexName() -> SimpleLayoutToken {
        let start = position
        position += 1
        while position < text.count, SimpleFormatLexer.isNameContinuation(text[position]) { position += 1 }
        if position - start == 1, position < text.count, text[position] == UInt8(ascii: ":") {
            switch text[start] {
            case UInt8(ascii: "H"):
                position += 1
                return SimpleLayoutToken(kind: .horizontalPrefix, start: start, end: position)
            case UInt8(ascii: "V"):
                position += 1
                return SimpleLayoutToken(kind: .verticalPrefix, start: start, end: position)
            default: break
            }
        }
        if position - start == 3, text[start] == UInt8(ascii: "n"), text[start + 1] == UInt8(ascii: "i"),
           text[start + 2] == UInt8(ascii: "l")
        {
            return SimpleLayoutToken(kind: .nilKeyword, start: start, end: position)
        }
        return SimpleLayoutToken(kind: .name, start: start, end: position)
    }

    /// number -> digits ('.' digits?)? exponent? | '.' digits exponent? ; then an optional '%'.
    /// exponent -> ('e' | 'E') ('+' | '-')? digits
    ///
    /// A number running straight into letters, digits or another '.' is one
    /// ``SimpleLayoutToken/Kind/invalidNumber`` token covering all of it.
    private mutating func lexNumber() -> SimpleLayoutToken {
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
        while position < text.count,
              SimpleFormatLexer.isNameContinuation(text[position]) || text[position] == UInt8(ascii: ".")
        {
            valid = false
            position += 1
        }
        if valid && lexByte(UInt8(ascii: "%")) {
            return SimpleLayoutToken(kind: .percentage, start: start, end: position)
        }
        return SimpleLayoutToken(kind: valid ? .number : .invalidNumber, start: start, end: position)
    }

    /// specifier -> '%' ('^' | '@')? [A-Za-z0-9_]*  (the parser checks the name)
    private mutating func lexSpecifier(start: Int) -> SimpleLayoutToken {
        _ = lexByte(UInt8(ascii: "^")) || lexByte(UInt8(ascii: "@"))
        while position < text.count, SimpleFormatLexer.isNameContinuation(text[position]) { position += 1 }
        return SimpleLayoutToken(kind: .specifier, start: start, end: position)
    }

    private mutating func skipDigits() {
        while position < text.count, SimpleFormatLexer.isDigit(text[position]) { position += 1 }
    }
}
