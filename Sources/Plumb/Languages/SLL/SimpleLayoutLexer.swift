/// Splits a Simple Layout Language rule into tokens, over its UTF-8 bytes.
///
/// As in the Simple Format Language's lexer, `lexX` consumes an X and returns
/// it, or returns `nil`/`false` and consumes nothing. The lexer never
/// allocates; white space separates tokens and is otherwise ignored. Names
/// and numbers are scanned by ``ByteScanner``, shared with that lexer.
struct SimpleLayoutLexer {
    private var scanner: ByteScanner

    init(_ text: UnsafeBufferPointer<UInt8>) { scanner = ByteScanner(text) }

    var text: UnsafeBufferPointer<UInt8> { scanner.text }
    /// The byte offset of the next unread byte.
    var position: Int { scanner.position }

    /// Reads the next token (``SimpleLayoutToken/Kind/end`` at the end of the rule).
    mutating func next() -> SimpleLayoutToken {
        scanner.skipWhiteSpace()
        let start = scanner.position
        guard let byte = scanner.current else { return SimpleLayoutToken(kind: .end, start: start, end: start) }
        if ByteScanner.isNameStart(byte) { return lexName() }
        if scanner.atNumber() { return lexNumber() }
        scanner.position += 1
        let kind: SimpleLayoutToken.Kind
        switch byte {
        case UInt8(ascii: "+"): kind = scanner.scanByte(UInt8(ascii: "=")) ? .addAssign : .plus
        case UInt8(ascii: "-"): kind = scanner.scanByte(UInt8(ascii: "=")) ? .subtractAssign : .minus
        case UInt8(ascii: "*"): kind = scanner.scanByte(UInt8(ascii: "=")) ? .multiplyAssign : .star
        case UInt8(ascii: "/"): kind = scanner.scanByte(UInt8(ascii: "=")) ? .divideAssign : .slash
        case UInt8(ascii: "="): kind = .assign
        case UInt8(ascii: "("): kind = .leftParenthesis
        case UInt8(ascii: ")"): kind = .rightParenthesis
        case UInt8(ascii: ","): kind = .comma
        case UInt8(ascii: "%"): return lexSpecifier(start: start)
        default: kind = .invalid
        }
        return SimpleLayoutToken(kind: kind, start: start, end: scanner.position)
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

    /// name -> [A-Za-z_][A-Za-z0-9_]* ; `H:` and `V:` are direction prefixes, `nil` a keyword.
    private mutating func lexName() -> SimpleLayoutToken {
        let start = scanner.position
        scanner.position += 1
        scanner.skipNameContinuation()
        let end = scanner.position
        if end - start == 1, scanner.current == UInt8(ascii: ":") {
            switch text[start] {
            case UInt8(ascii: "H"):
                scanner.position += 1
                return SimpleLayoutToken(kind: .horizontalPrefix, start: start, end: scanner.position)
            case UInt8(ascii: "V"):
                scanner.position += 1
                return SimpleLayoutToken(kind: .verticalPrefix, start: start, end: scanner.position)
            default: break
            }
        }
        if end - start == 3, text[start] == UInt8(ascii: "n"), text[start + 1] == UInt8(ascii: "i"),
           text[start + 2] == UInt8(ascii: "l")
        {
            return SimpleLayoutToken(kind: .nilKeyword, start: start, end: end)
        }
        return SimpleLayoutToken(kind: .name, start: start, end: end)
    }

    /// A number as ``ByteScanner/scanNumber()`` reads it; a well-formed one
    /// directly followed by '%' is a percentage.
    private mutating func lexNumber() -> SimpleLayoutToken {
        let start = scanner.position
        let valid = scanner.scanNumber()
        if valid && scanner.scanByte(UInt8(ascii: "%")) {
            return SimpleLayoutToken(kind: .percentage, start: start, end: scanner.position)
        }
        return SimpleLayoutToken(kind: valid ? .number : .invalidNumber, start: start, end: scanner.position)
    }

    /// specifier -> '%' ('^' | '@')? [A-Za-z0-9_]*  (the parser checks the name)
    private mutating func lexSpecifier(start: Int) -> SimpleLayoutToken {
        _ = scanner.scanByte(UInt8(ascii: "^")) || scanner.scanByte(UInt8(ascii: "@"))
        scanner.skipNameContinuation()
        return SimpleLayoutToken(kind: .specifier, start: start, end: scanner.position)
    }
}
