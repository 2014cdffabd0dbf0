import CPlumbKernels
/// A JSON syntax error: what was expected and the byte offset where.
struct JSONSyntaxError: Error {
    var message: String
    var offset: Int
}

/// The kind of the next JSON value, from its first byte.
enum JSONValueKind {
    case object, array, string, number, bool, null

    /// The byte every value of this kind starts with, for the kinds a
    /// document has many of: `{`, `[` or `"`; `nil` for the others.
    @inline(__always)
    var firstByte: UInt8? {
        switch self {
        case .object: UInt8(ascii: "{")
        case .array: UInt8(ascii: "[")
        case .string: UInt8(ascii: "\"")
        case .number, .bool, .null: nil
        }
    }

    /// How a message names a value of this kind: `an object`, `a string`.
    var article: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}

/// A cursor over JSON bytes (RFC 8259): the lexical layer under the layout
/// document parser, which walks the document's schema with it directly rather
/// than building a tree.
///
/// Naming follows `_RegexParser`: `expectX` consumes an X or throws a
/// ``JSONSyntaxError``; `lexX` consumes an X if there is one. Strings without
/// escapes are returned as slices of the input (no copy); numbers are read by
/// ``DecimalParsing`` after the JSON number grammar is checked.
struct JSONReader {
    let text: UnsafeBufferPointer<UInt8>
    private(set) var position = 0
    /// Decoded bytes of the last string that had escapes.
    private var scratch: [UInt8] = []
    /// Containers may nest at most this deep (deeper input is rejected, not
    /// recursed into: a stack-overflow guard; documents need depth 4).
    static let depthLimit = 512

    init(_ text: UnsafeBufferPointer<UInt8>) { self.text = text }

    /// Moves to `offset` (within the text), where another reader of the same
    /// bytes stopped (``ConstraintReadAhead``).
    mutating func resume(at offset: Int) {
        precondition(offset >= 0 && offset <= text.count, "offset outside the text")
        position = offset
    }

    // MARK: - Structure

    /// Skips white space; returns the next byte without consuming it, or `nil` at the end.
    @inline(__always) mutating func peek() -> UInt8? {
        while position < text.count {
            switch text[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position &+= 1
            default: return text[position]
            }
        }
        return nil
    }

    /// Skips white space and returns the offset of the next value (or the end).
    @inline(__always) mutating func valueOffset() -> Int {
        _ = peek()
        return position
    }

    /// The kind of the next value.
    mutating func peekKind() throws(JSONSyntaxError) -> JSONValueKind {
        guard let b = peek() else { throw fail("expected a value, found end of input") }
        switch b {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0") ... UInt8(ascii: "9"): return .number
        default: throw fail("expected a value, found \(Self.describe(b))")
        }
    }

    /// Consumes `byte` (after white space) or throws, naming `what` was expected.
    @inline(__always) mutating func expect(_ byte: UInt8, _ what: @autoclosure () -> String) throws(JSONSyntaxError) {
        guard peek() == byte else { throw failHere(what()) }
        position &+= 1
    }

    /// Consumes `byte` (after white space) if it is next.
    @inline(__always) mutating func lex(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        position &+= 1
        return true
    }

    /// Consumes `bytes`, an object key and its colon as most documents write
    /// them (`"id":`), if the input goes on (after white space) with exactly
    /// them and then a string; the reader is then at the string. A caller's
    /// fast path: anything else is read as before, key by key.
    @inline(__always) mutating func lexStringMember(_ bytes: StaticString) -> Bool {
        _ = peek()
        let end = position + bytes.utf8CodeUnitCount
        guard end < text.count, text[end] == UInt8(ascii: "\""), startsWith(bytes) else { return false }
        position = end
        return true
    }

    /// Where the strings of a view object written `{"id":"ID","parent":"NAME"}` are.
    struct PlainView {
        var id: Range<Int>
        var parent: Range<Int>
    }

    /// Consumes a view object written exactly `{"id":"ID","parent":"NAME"}`
    /// (after white space), with no white space inside, a non-empty `ID`
    /// and both strings plain ASCII with no escapes, and returns where the
    /// two strings' bytes are; consumes nothing and returns `nil` for
    /// anything else, which the caller reads member by member. The fixed
    /// bytes are compared a word at a time and the strings scanned as
    /// ``readStringRange()`` scans them.
    @inline(__always)
    mutating func lexPlainView() -> PlainView? {
        _ = peek()
        let p = position
        guard let base = text.baseAddress, p &+ 8 <= text.count else { return nil }
        let raw = UnsafeRawPointer(base)
        @inline(__always) func word(_ at: Int) -> UInt64 { raw.littleEndianWord(at: at) }
        // `{"id":"`, seven bytes in memory order.
        guard word(p) & 0x00FF_FFFF_FFFF_FFFF == 0x0022_3A22_6469_227B else { return nil }
        let idStart = p &+ 7
        let idEnd = Self.skipPlainBytes(in: text, from: idStart)
        // Then `","parent":"`: the id's closing quote, `,"parent` and `":"`.
        guard idEnd > idStart, idEnd &+ 16 <= text.count, base[idEnd] == UInt8(ascii: "\""),
              word(idEnd &+ 1) == 0x746E_6572_6170_222C,
              word(idEnd &+ 8) & 0xFFFF_FF00 == 0x223A_2200 else { return nil }
        let parentStart = idEnd &+ 12
        let parentEnd = Self.skipPlainBytes(in: text, from: parentStart)
        guard parentEnd &+ 1 < text.count, base[parentEnd] == UInt8(ascii: "\""),
              base[parentEnd &+ 1] == UInt8(ascii: "}") else { return nil }
        position = parentEnd &+ 2
        return PlainView(id: idStart ..< idEnd, parent: parentStart ..< parentEnd)
    }

    /// Where the strings of a rule object written `{"view":"V","rule":"R"}`
    /// or `{"view":"V","rule":"R","args":["A"]}` are.
    struct PlainRule {
        var view: Range<Int>
        var rule: Range<Int>
        /// The one argument, when the rule has `args`.
        var argument: Range<Int>?
    }

    /// Consumes a rule object written exactly `{"view":"V","rule":"R"}` or
    /// `{"view":"V","rule":"R","args":["A"]}` (after white space), with no
    /// white space inside and every string plain ASCII with no escapes,
    /// and returns where its strings' bytes are; consumes nothing and
    /// returns `nil` for anything else (other arguments, other orders),
    /// which the caller reads member by member. As ``lexPlainView()``: the
    /// fixed bytes compared a word at a time, the strings scanned as
    /// ``readStringRange()`` scans them.
    @inline(__always)
    mutating func lexPlainRule() -> PlainRule? {
        _ = peek()
        let p = position
        guard let base = text.baseAddress, p &+ 9 <= text.count else { return nil }
        let raw = UnsafeRawPointer(base)
        @inline(__always) func word(_ at: Int) -> UInt64 { raw.littleEndianWord(at: at) }
        // `{"view":"`: a word and a quote.
        guard word(p) == 0x3A22_7765_6976_227B, base[p &+ 8] == UInt8(ascii: "\"") else { return nil }
        let viewStart = p &+ 9
        let viewEnd = Self.skipPlainBytes(in: text, from: viewStart)
        // `","rule":"`: the view's closing quote, a word and a quote.
        guard viewEnd &+ 10 <= text.count, base[viewEnd] == UInt8(ascii: "\""),
              word(viewEnd &+ 1) == 0x3A22_656C_7572_222C, base[viewEnd &+ 9] == UInt8(ascii: "\"") else { return nil }
        let ruleStart = viewEnd &+ 10
        let ruleEnd = Self.skipPlainBytes(in: text, from: ruleStart)
        guard ruleEnd &+ 2 <= text.count, base[ruleEnd] == UInt8(ascii: "\"") else { return nil }
        if base[ruleEnd &+ 1] == UInt8(ascii: "}") {
            position = ruleEnd &+ 2
            return PlainRule(view: viewStart ..< viewEnd, rule: ruleStart ..< ruleEnd, argument: nil)
        }
        // `,"args":["`: a word, the bracket and a quote; then `"]}`.
        guard ruleEnd &+ 11 <= text.count, word(ruleEnd &+ 1) == 0x3A22_7367_7261_222C,
              base[ruleEnd &+ 9] == UInt8(ascii: "["), base[ruleEnd &+ 10] == UInt8(ascii: "\"") else { return nil }
        let argumentStart = ruleEnd &+ 11
        let argumentEnd = Self.skipPlainBytes(in: text, from: argumentStart)
        guard argumentEnd &+ 3 <= text.count, base[argumentEnd] == UInt8(ascii: "\""),
              base[argumentEnd &+ 1] == UInt8(ascii: "]"), base[argumentEnd &+ 2] == UInt8(ascii: "}") else { return nil }
        position = argumentEnd &+ 3
        return PlainRule(view: viewStart ..< viewEnd, rule: ruleStart ..< ruleEnd, argument: argumentStart ..< argumentEnd)
    }

    /// An object key: a slice of the input, or its decoded bytes when it had escapes.
    struct Key {
        var range: Range<Int>
        var decoded: [UInt8]?
        /// The byte offset of the key's opening quote.
        var offset: Int
    }

    /// Consumes the `{` of an object nested `depth` containers deep.
    mutating func openObject(depth: Int) throws(JSONSyntaxError) {
        guard depth < Self.depthLimit else { throw failHere("nesting at most \(Self.depthLimit) levels deep") }
        try expect(UInt8(ascii: "{"), "'{'")
    }

    /// Reads up to the next member's value: returns its key (the reader is
    /// then at the value, which the caller must consume), or `nil` after the
    /// closing `}`. `first` must start `true` for each object.
    ///
    /// The closing `}` is looked for inline (every object ends once, and a
    /// view's usually right after the members its parser reads itself); the
    /// rest is in ``memberKey(_:)``.
    @inline(__always)
    mutating func nextKey(_ first: inout Bool) throws(JSONSyntaxError) -> Key? {
        if lex(UInt8(ascii: "}")) {
            first = false
            return nil
        }
        return try memberKey(&first)
    }

    /// ``nextKey(_:)`` when the object does not end at once.
    private mutating func memberKey(_ first: inout Bool) throws(JSONSyntaxError) -> Key? {
        if first {
            first = false
            if lex(UInt8(ascii: "}")) { return nil }
        } else if !lex(UInt8(ascii: ",")) {
            try expect(UInt8(ascii: "}"), "',' or '}' after an object member")
            return nil
        }
        guard peek() == UInt8(ascii: "\"") else { throw failHere("a string key") }
        let offset = position
        let key: Key
        switch try readStringRange() {
        case .input(let r): key = Key(range: r, decoded: nil, offset: offset)
        case .decoded: key = Key(range: 0 ..< 0, decoded: scratch, offset: offset)
        }
        try expect(UInt8(ascii: ":"), "':' after the key")
        return key
    }

    /// Calls `body` with a key's bytes.
    func withKey<R>(_ key: Key, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let decoded = key.decoded { return decoded.withUnsafeBufferPointer(body) }
        return body(UnsafeBufferPointer(rebasing: text[key.range]))
    }

    /// Consumes the `[` of an array nested `depth` containers deep.
    mutating func openArray(depth: Int) throws(JSONSyntaxError) {
        guard depth < Self.depthLimit else { throw failHere("nesting at most \(Self.depthLimit) levels deep") }
        try expect(UInt8(ascii: "["), "'['")
    }

    /// Moves to the next element: `true` when there is one (the caller must
    /// consume it), `false` after the closing `]`. `first` must start `true`.
    /// Inlined: documents are long arrays of short elements.
    @inline(__always)
    mutating func nextElement(_ first: inout Bool) throws(JSONSyntaxError) -> Bool {
        if first {
            first = false
            return !lex(UInt8(ascii: "]"))
        }
        if lex(UInt8(ascii: ",")) { return true }
        try expect(UInt8(ascii: "]"), "',' or ']' after an array element")
        return false
    }

    /// Consumes any value, checking its syntax.
    mutating func skipValue(depth: Int = 0) throws(JSONSyntaxError) {
        switch try peekKind() {
        case .object:
            try openObject(depth: depth)
            var first = true
            while try nextKey(&first) != nil { try skipValue(depth: depth + 1) }
        case .array:
            try openArray(depth: depth)
            var first = true
            while try nextElement(&first) { try skipValue(depth: depth + 1) }
        case .string: _ = try readStringRange()
        case .number: _ = try readNumber()
        case .bool: _ = try readBool()
        case .null: try readNull()
        }
    }

    // MARK: - Scalars

    mutating func readBool() throws(JSONSyntaxError) -> Bool {
        if lexWord("true") { return true }
        if lexWord("false") { return false }
        throw failHere("'true' or 'false'")
    }

    mutating func readNull() throws(JSONSyntaxError) {
        guard lexWord("null") else { throw failHere("'null'") }
    }

    /// Reads a number: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    /// Overflow gives an infinity, which the caller reports with the value's path.
    mutating func readNumber() throws(JSONSyntaxError) -> Double {
        _ = peek()
        let start = position
        if position < text.count && text[position] == UInt8(ascii: "-") { position += 1 }
        guard position < text.count, Self.isDigit(text[position]) else { throw failHere("a digit") }
        if text[position] == UInt8(ascii: "0") {
            position += 1
        } else {
            while position < text.count && Self.isDigit(text[position]) { position += 1 }
        }
        if position < text.count && text[position] == UInt8(ascii: ".") {
            position += 1
            guard position < text.count, Self.isDigit(text[position]) else { throw failHere("a digit after '.'") }
            while position < text.count && Self.isDigit(text[position]) { position += 1 }
        }
        if position < text.count && text[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < text.count && (text[position] == UInt8(ascii: "+") || text[position] == UInt8(ascii: "-")) {
                position += 1
            }
            guard position < text.count, Self.isDigit(text[position]) else { throw failHere("a digit in the exponent") }
            while position < text.count && Self.isDigit(text[position]) { position += 1 }
        }
        return DecimalParsing.value(of: UnsafeBufferPointer(rebasing: text[start ..< position]))
    }

    /// Where a string's bytes are: a slice of the input, or (when it had
    /// escapes) the reader's scratch buffer.
    enum StringRange {
        case input(Range<Int>)
        case decoded
    }

    /// Reads a string, checking escapes, control characters and UTF-8.
    ///
    /// A string of ASCII bytes with no escapes whose closing quote is found
    /// by the first word-at-a-time scan (nearly every id and name) is read
    /// inline; every other string, from its start again, by ``scanString()``.
    @inline(__always)
    mutating func readStringRange() throws(JSONSyntaxError) -> StringRange {
        if peek() == UInt8(ascii: "\"") {
            let stop = Self.skipPlainBytes(in: text, from: position + 1)
            if stop < text.count && text[stop] == UInt8(ascii: "\"") {
                defer { position = stop + 1 }
                return .input(position + 1 ..< stop)
            }
        }
        return try scanString()
    }

    /// ``readStringRange()`` for any string.
    private mutating func scanString() throws(JSONSyntaxError) -> StringRange {
        guard peek() == UInt8(ascii: "\"") else { throw failHere("a string") }
        position += 1
        let start = position
        var sawHigh = false
        while true {
            // Go eight bytes at a time straight to the next byte that is
            // '"', '\\', a control character or a byte of a multi-byte UTF-8
            // sequence; the last few bytes of the input go one at a time.
            position = Self.skipPlainBytes(in: text, from: position)
            guard position < text.count else { break }
            let b = text[position]
            if b == UInt8(ascii: "\"") {
                let range = start ..< position
                position += 1
                if sawHigh { try validateUTF8(range) }
                return .input(range)
            }
            if b == UInt8(ascii: "\\") { return try readEscapedString(from: start) }
            if b < 0x20 { throw fail("control character \(Self.describe(b)) in a string; escape it", at: position) }
            if b >= 0x80 { sawHigh = true }
            position += 1
        }
        throw fail("unterminated string", at: start - 1)
    }

    /// Reads a string of ASCII bytes with no escapes and returns where its
    /// bytes are in the input (after its opening quote, up to its closing
    /// one), copying nothing; `nil` with nothing consumed for any other
    /// string (or anything else), which ``readStringRange()`` then reads
    /// and checks. For a constraint string it also gives `nameRun`: how
    /// many of the string's first sixteen bytes may continue a name
    /// (`ByteScanner.isNameContinuation`, 16 when all may; the closing
    /// quote stops the run), found in the same first block the string's
    /// end is looked for in; -1 when the input has fewer than sixteen bytes
    /// from the string's start (the string is then read a word at a time).
    /// The Simple Format templates take the first name's end from it
    /// (``SimpleFormatTemplates/shape(of:nameRun:)``).
    @inline(__always)
    mutating func readPlainConstraint() -> (start: Int, end: Int, nameRun: Int)? {
        guard peek() == UInt8(ascii: "\""), let base = text.baseAddress else { return nil }
        let from = position &+ 1
        var stop: Int, run = -1
        if from &+ 16 <= text.count {
            let both = Int(plumb_json_special_name16(base + from))
            let special = both & 0xFF
            run = both &>> 8
            stop = special < 16 ? from &+ special : Self.skipPlainBytes(in: text, from: from &+ 16)
        } else {
            stop = Self.skipPlainBytes(in: text, from: from)
        }
        guard stop < text.count, text[stop] == UInt8(ascii: "\"") else { return nil }
        position = stop &+ 1
        return (from, stop, run)
    }

    /// Reads a string of ASCII bytes with no escapes straight into a new
    /// entry of `pool` (one pass: each eight bytes are stored as they are
    /// scanned) when the pool's free space holds every word read; returns
    /// the entry, or `nil` with the reader at the string for any other
    /// string (and a string near the end of the input, or longer than the
    /// free space), which ``readStringRange()`` reads and checks as before.
    @inline(__always)
    mutating func readASCIIString(into pool: inout BytePool) -> Int? {
        guard peek() == UInt8(ascii: "\""), let base = text.baseAddress else { return nil }
        var closing = -1
        let entry = pool.appendInPlace { destination, room in
            Self.copyPlainString(from: base, start: position + 1, end: text.count, to: destination, room: room, closing: &closing)
        }
        if entry != nil { position = closing + 1 }
        return entry
    }

    /// Copies the string whose bytes start at `start` (just after its
    /// opening quote) to `destination` as it scans it, sixteen bytes at a
    /// time and then eight: returns its length and sets `closing` to its
    /// closing quote's offset when it is plain ASCII with no escapes and
    /// closes before the last bytes of the input and within `room`; `nil`
    /// otherwise. Blocks and words are stored whole: only those that fit
    /// are read.
    @inline(__always)
    private static func copyPlainString(
        from base: UnsafePointer<UInt8>, start: Int, end: Int,
        to destination: UnsafeMutablePointer<UInt8>, room: Int, closing: inout Int
    ) -> Int? {
        let source = UnsafeRawPointer(base)
        let limit = Swift.min(end, start &+ room)
        let target = UnsafeMutableRawPointer(destination)
        var at = start
        while at &+ 16 <= limit {
            let block = source.loadUnaligned(fromByteOffset: at, as: SIMD16<Int8>.self)
            target.storeBytes(of: block, toByteOffset: at &- start, as: SIMD16<Int8>.self)
            let first = Int(plumb_json_special16(source + at))
            if first < 16 {
                let stop = at &+ first
                guard base[stop] == UInt8(ascii: "\"") else { return nil }
                closing = stop
                return stop &- start
            }
            at &+= 16
        }
        while at &+ 8 <= limit {
            let word = source.loadUnaligned(fromByteOffset: at, as: UInt64.self)
            target.storeBytes(of: word, toByteOffset: at &- start, as: UInt64.self)
            let marked = specialBytes(UInt64(littleEndian: word))
            if marked != 0 {
                let stop = at &+ marked.trailingZeroBitCount >> 3
                guard base[stop] == UInt8(ascii: "\"") else { return nil }
                closing = stop
                return stop &- start
            }
            at &+= 8
        }
        return nil
    }

    /// The high bit of each byte of `word` (in memory order, least
    /// significant first) that is '"', '\\', below 0x20 or at least 0x80,
    /// by the classic "has a zero byte" bit tricks. A trick's borrow can
    /// flag a byte above a flagged one wrongly, never below: the lowest
    /// flag is exact, and the word has such a byte exactly when any is set.
    @inline(__always)
    static func specialBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func zeroBytes(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highs }
        let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
        let below0x20 = (word &- ones &* 0x20) & ~word & highs
        return word & highs | below0x20 | zeroBytes(quote) | zeroBytes(backslash)
    }

    /// ``ByteScanner/skipWords(in:from:to:)`` with ``specialBytes(_:)``,
    /// sixteen bytes at a time first (`plumb_json_special16`: the bytes
    /// ``specialBytes(_:)`` marks): the offset of the first special byte
    /// from `position` on, or of the first of the last few bytes (fewer
    /// than eight) when none before them is special.
    @inline(__always)
    static func skipPlainBytes(in text: UnsafeBufferPointer<UInt8>, from position: Int) -> Int {
        guard let base = text.baseAddress else { return position }
        let source = UnsafeRawPointer(base)
        var at = position
        while at &+ 16 <= text.count {
            let first = Int(plumb_json_special16(source + at))
            if first < 16 { return at &+ first }
            at &+= 16
        }
        return ByteScanner.skipWords(in: text, from: at, to: specialBytes)
    }

    /// Calls `body` with a string's bytes (valid until the next string is read).
    @inline(__always)
    func withString<R>(_ range: StringRange, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        switch range {
        case .input(let r): return body(UnsafeBufferPointer(rebasing: text[r]))
        case .decoded: return scratch.withUnsafeBufferPointer(body)
        }
    }

    /// Reads a string value into a `String`.
    mutating func readString() throws(JSONSyntaxError) -> String {
        let range = try readStringRange()
        return withString(range) { String(decoding: $0, as: UTF8.self) }
    }

    // MARK: - Positions and errors

    /// A syntax error at the next non-space byte: "expected X, found Y".
    mutating func failHere(_ expected: String) -> JSONSyntaxError {
        let found = peek().map(Self.describe) ?? "end of input"
        return fail("expected \(expected), found \(found)", at: position)
    }

    mutating func fail(_ message: String) -> JSONSyntaxError {
        _ = peek()
        return fail(message, at: position)
    }

    func fail(_ message: String, at offset: Int) -> JSONSyntaxError {
        JSONSyntaxError(message: message, offset: offset)
    }

    /// How a message names a byte: `'x'`, or `byte 0x07` for control and non-ASCII bytes.
    static func describe(_ b: UInt8) -> String {
        if b >= 0x20 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        return "byte 0x" + String(b, radix: 16, uppercase: true)
    }

    // MARK: - Private

    /// Whether the input goes on with `bytes` from the reader's position.
    @inline(__always) private func startsWith(_ bytes: StaticString) -> Bool {
        let n = bytes.utf8CodeUnitCount
        guard position + n <= text.count else { return false }
        return memcmpEqual(UnsafeBufferPointer(rebasing: text[position ..< position + n]),
                           UnsafeBufferPointer(start: bytes.utf8Start, count: n))
    }

    private mutating func lexWord(_ word: StaticString) -> Bool {
        let n = word.utf8CodeUnitCount
        guard startsWith(word) else { return false }
        // `nullx` is not `null`.
        if position + n < text.count, ByteScanner.isNameContinuation(text[position + n]) { return false }
        position += n
        return true
    }

    /// Decodes a string with escapes into ``scratch``; `start` is just after the opening quote.
    private mutating func readEscapedString(from start: Int) throws(JSONSyntaxError) -> StringRange {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: text[start ..< position]))
        var sawHigh = false
        while position < text.count {
            let b = text[position]
            switch b {
            case UInt8(ascii: "\""):
                position += 1
                if sawHigh, String(validating: scratch, as: UTF8.self) == nil {
                    throw fail("invalid UTF-8 in a string", at: start)
                }
                return .decoded
            case UInt8(ascii: "\\"):
                let escapeStart = position
                position += 1
                guard position < text.count else { throw fail("unterminated string", at: start - 1) }
                let e = text[position]
                position += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(e)
                case UInt8(ascii: "b"): scratch.append(0x08)
                case UInt8(ascii: "f"): scratch.append(0x0C)
                case UInt8(ascii: "n"): scratch.append(0x0A)
                case UInt8(ascii: "r"): scratch.append(0x0D)
                case UInt8(ascii: "t"): scratch.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try readHex4(escapeStart)
                    if scalar >= 0xD800 && scalar < 0xDC00 {
                        // A high surrogate must be followed by an escaped low one.
                        guard position + 1 < text.count, text[position] == UInt8(ascii: "\\"),
                              text[position + 1] == UInt8(ascii: "u") else {
                            throw fail("unpaired surrogate in \\u escape", at: escapeStart)
                        }
                        position += 2
                        let low = try readHex4(escapeStart)
                        guard low >= 0xDC00 && low < 0xE000 else { throw fail("unpaired surrogate in \\u escape", at: escapeStart) }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if scalar >= 0xDC00 && scalar < 0xE000 {
                        throw fail("unpaired surrogate in \\u escape", at: escapeStart)
                    }
                    guard let u = Unicode.Scalar(scalar) else { throw fail("invalid \\u escape", at: escapeStart) }
                    UTF8.encode(u) { scratch.append($0) }
                default:
                    throw fail("invalid escape '\\\(Character(Unicode.Scalar(e)))' in a string", at: escapeStart)
                }
            default:
                if b < 0x20 { throw fail("control character \(Self.describe(b)) in a string; escape it", at: position) }
                if b >= 0x80 { sawHigh = true }
                scratch.append(b)
                position += 1
            }
        }
        throw fail("unterminated string", at: start - 1)
    }

    private mutating func readHex4(_ escapeStart: Int) throws(JSONSyntaxError) -> UInt32 {
        guard position + 4 <= text.count else { throw fail("\\u needs four hex digits", at: escapeStart) }
        var v: UInt32 = 0
        for _ in 0 ..< 4 {
            let c = text[position]
            let d: UInt8
            switch c {
            case UInt8(ascii: "0") ... UInt8(ascii: "9"): d = c - UInt8(ascii: "0")
            case UInt8(ascii: "a") ... UInt8(ascii: "f"): d = c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A") ... UInt8(ascii: "F"): d = c - UInt8(ascii: "A") + 10
            default: throw fail("\\u needs four hex digits", at: escapeStart)
            }
            v = v << 4 | UInt32(d)
            position += 1
        }
        return v
    }

    private func validateUTF8(_ range: Range<Int>) throws(JSONSyntaxError) {
        if String(validating: UnsafeBufferPointer(rebasing: text[range]), as: UTF8.self) == nil {
            throw fail("invalid UTF-8 in a string", at: range.lowerBound - 1)
        }
    }

    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b &- UInt8(ascii: "0") < 10 }
}
