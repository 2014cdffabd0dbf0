/// The byte-level scanning that the Simple Format and Simple Layout lexers
/// share: a position over a string's UTF-8 bytes, white space, single
/// bytes, names and numbers. Each lexer keeps its own tokens and operators;
/// what a name or a number is, and where one ends, is decided here once.
///
/// `scanX` consumes an X and says so, or consumes nothing; `skipX` consumes
/// as many Xs as there are. Nothing allocates.
struct ByteScanner {
    let text: UnsafeBufferPointer<UInt8>
    /// The byte offset of the next unread byte.
    var position = 0

    init(_ text: UnsafeBufferPointer<UInt8>) { self.text = text }

    /// The next unread byte, or nil at the end.
    @inline(__always) var current: UInt8? { position < text.count ? text[position] : nil }

    /// Skips spaces, tabs and line breaks.
    @inline(__always) mutating func skipWhiteSpace() {
        while position < text.count {
            switch text[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): position += 1
            default: return
            }
        }
    }

    /// Consumes `byte` if it is next.
    @inline(__always) mutating func scanByte(_ byte: UInt8) -> Bool {
        guard position < text.count, text[position] == byte else { return false }
        position += 1
        return true
    }

    /// Skips the bytes that may continue a name: eight at a time straight to
    /// the first byte that may not (a byte loop mispredicted its exit on
    /// most names), then the last few one by one.
    @inline(__always) mutating func skipNameContinuation() {
        position = Self.skipWords(in: text, from: position, to: Self.notNameContinuations)
        // Eight bytes or more left: the word loop stopped at a byte that may not continue a name.
        if text.count &- position >= 8 { return }
        while position < text.count, Self.isNameContinuation(text[position]) { position += 1 }
    }

    /// The offset of the first byte from `position` on that `flags` marks,
    /// reading eight bytes at a time, or of the first of the last few bytes
    /// (fewer than eight) when none before them is marked. `flags` gives the
    /// high bit of each marked byte of a word read in memory order (least
    /// significant first); its lowest bit must be exact, higher ones not.
    @inline(__always)
    static func skipWords(in text: UnsafeBufferPointer<UInt8>, from position: Int,
                          to flags: (UInt64) -> UInt64) -> Int {
        guard let base = text.baseAddress else { return position }
        let raw = UnsafeRawPointer(base)
        var at = position
        while at &+ 8 <= text.count {
            let marked = flags(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self)))
            if marked != 0 { return at &+ marked.trailingZeroBitCount >> 3 }
            at &+= 8
        }
        return at
    }

    /// The high bit of each byte of `word` (in memory order, least
    /// significant first) that may not continue a name, exactly as
    /// ``isNameContinuation(_:)`` says. With the high bits cleared no byte
    /// sum below carries into the next byte, so each range test is exact for
    /// every byte; bytes of 0x80 and above continue names.
    @inline(__always)
    static func notNameContinuations(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let low7 = word & ~highs
        /// The high bit of each byte of `x` (all below 0x80) in `lo ... hi`.
        @inline(__always) func within(_ x: UInt64, _ lo: UInt64, _ hi: UInt64) -> UInt64 {
            let atLeastLo = x &+ ones &* (0x80 - lo)
            let aboveHi = x &+ ones &* (0x7F - hi)
            return atLeastLo & ~aboveHi & highs
        }
        let digits = within(low7, UInt64(UInt8(ascii: "0")), UInt64(UInt8(ascii: "9")))
        let letters = within(low7 | ones &* 0x20, UInt64(UInt8(ascii: "a")), UInt64(UInt8(ascii: "z")))
        let underscores = within(low7, UInt64(UInt8(ascii: "_")), UInt64(UInt8(ascii: "_")))
        return ~(word | digits | letters | underscores) & highs
    }

    /// Whether a number starts at the next byte: a digit, or '.' then a digit.
    @inline(__always) func atNumber() -> Bool {
        guard position < text.count else { return false }
        let byte = text[position]
        return Self.isDigit(byte)
            || (byte == UInt8(ascii: ".") && position + 1 < text.count && Self.isDigit(text[position + 1]))
    }

    /// Consumes a number where ``atNumber()`` holds and says whether it is
    /// well formed:
    ///
    ///     number   -> digits ('.' digits?)? exponent? | '.' digits exponent?
    ///     exponent -> ('e' | 'E') ('+' | '-')? digits
    ///
    /// A number running straight into letters, digits or another '.' is
    /// consumed with all of that run and is not well formed, so that a
    /// malformed number is one token, reported once.
    mutating func scanNumber() -> Bool {
        var valid = true
        skipDigits()
        if scanByte(UInt8(ascii: ".")) { skipDigits() }
        if position < text.count, text[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            _ = scanByte(UInt8(ascii: "+")) || scanByte(UInt8(ascii: "-"))
            let digitsStart = position
            skipDigits()
            valid = position > digitsStart
        }
        while position < text.count,
              Self.isNameContinuation(text[position]) || text[position] == UInt8(ascii: ".")
        {
            valid = false
            position += 1
        }
        return valid
    }

    @inline(__always) private mutating func skipDigits() {
        while position < text.count, Self.isDigit(text[position]) { position += 1 }
    }

    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b &- UInt8(ascii: "0") < 10 }

    /// A name starts with a letter, '_' or any byte of a multi-byte UTF-8
    /// character.
    @inline(__always) static func isNameStart(_ b: UInt8) -> Bool {
        (b | 0x20) &- UInt8(ascii: "a") < 26 || b == UInt8(ascii: "_") || b >= 0x80
    }

    @inline(__always) static func isNameContinuation(_ b: UInt8) -> Bool {
        isNameStart(b) || isDigit(b)
    }

    /// Whether all of `bytes` is one name, as the scanner reads one: a name
    /// start, then bytes that may continue a name. False for no bytes.
    static func isName(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, isNameStart(first) else { return false }
        var s = ByteScanner(bytes)
        s.position = 1
        s.skipNameContinuation()
        return s.position == bytes.count
    }
}

extension UnsafeRawPointer {
    /// The eight bytes at `offset` as one little-endian word (the first byte lowest), read unaligned.
    @inline(__always)
    func littleEndianWord(at offset: Int) -> UInt64 {
        UInt64(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// The four bytes at `offset` as the low half of a little-endian word, read unaligned.
    @inline(__always)
    func littleEndianHalf(at offset: Int) -> UInt64 {
        UInt64(UInt32(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
    }
}
