/// Splits a Simple Format Language string into tokens, over its UTF-8 bytes.
///
/// Naming follows `_RegexParser`'s rule: `lexX` consumes an X and returns it,
/// or returns `nil` and consumes nothing. The lexer never allocates; white
/// space (spaces, tabs, new lines) separates tokens and is otherwise ignored.
/// Names and numbers are scanned by ``ByteScanner``, as in the Simple Layout
/// Language.
struct SimpleFormatLexer {
    private var scanner: ByteScanner

    init(_ text: UnsafeBufferPointer<UInt8>) { scanner = ByteScanner(text) }

    var text: UnsafeBufferPointer<UInt8> { scanner.text }
    /// The byte offset of the next unread byte.
    var position: Int { scanner.position }

    /// Reads the next token (``SimpleFormatToken/Kind/end`` at the end of the text).
    mutating func next() -> SimpleFormatToken {
        scanner.skipWhiteSpace()
        let start = scanner.position
        guard let byte = scanner.current else { return SimpleFormatToken(kind: .end, start: start, end: start) }
        if ByteScanner.isNameStart(byte) {
            scanner.position += 1
            scanner.skipNameContinuation()
            return SimpleFormatToken(kind: .name, start: start, end: scanner.position)
        }
        if scanner.atNumber() {
            let valid = scanner.scanNumber()
            return SimpleFormatToken(kind: valid ? .number : .invalidNumber, start: start, end: scanner.position)
        }
        scanner.position += 1
        let kind: SimpleFormatToken.Kind
        switch byte {
        case UInt8(ascii: "."): kind = .dot
        case UInt8(ascii: "*"): kind = .star
        case UInt8(ascii: "+"): kind = .plus
        case UInt8(ascii: "-"): kind = .minus
        case UInt8(ascii: "@"): kind = .at
        case UInt8(ascii: "="):
            _ = scanner.scanByte(UInt8(ascii: "="))
            kind = .equal
        case UInt8(ascii: "<"):
            kind = scanner.scanByte(UInt8(ascii: "=")) ? .lessOrEqual : .invalid
        case UInt8(ascii: ">"):
            kind = scanner.scanByte(UInt8(ascii: "=")) ? .greaterOrEqual : .invalid
        default:
            kind = .invalid
        }
        return SimpleFormatToken(kind: kind, start: start, end: scanner.position)
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
}
