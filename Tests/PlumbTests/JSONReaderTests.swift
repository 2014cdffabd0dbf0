import Testing
import PlumbTestSupport
import CPlumbKernels
@testable import Plumb

/// The JSON reader's string scanning: the word-at-a-time skip must stop at
/// exactly the bytes the byte loop handles, wherever they fall in a word.
@Suite struct JSONReaderTests {
    /// Whether a byte needs the byte loop: '"', '\', a control character or a non-ASCII byte.
    static func isSpecial(_ b: UInt8) -> Bool { b == 0x22 || b == 0x5C || b < 0x20 || b >= 0x80 }

    /// The word test flags a word exactly when it has a special byte, and
    /// its lowest flag is the first special byte (the scan jumps there).
    @Test func specialByteTestMatchesAByteByByteOne() {
        var rng = SplitMix64(seed: 7)
        let interesting: [UInt8] = [0x00, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0xC3, 0xFF, 0x61]
        for _ in 0 ..< 50_000 {
            // Mostly plain bytes, with a few chosen next to the edges of each class.
            var bytes = (0 ..< 8).map { _ in UInt8(0x23 + rng.next() % 0x39) }
            for _ in 0 ..< Int(rng.next() % 3) {
                bytes[Int(rng.next() % 8)] = interesting[Int(rng.next() % UInt64(interesting.count))]
            }
            let word = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
            let flags = JSONReader.specialBytes(word)
            if let first = bytes.firstIndex(where: Self.isSpecial) {
                #expect(flags != 0 && flags.trailingZeroBitCount == 8 * first + 7, "\(bytes)")
            } else {
                #expect(flags == 0, "\(bytes)")
            }
        }
    }

    /// Reads one JSON string value from `json`.
    static func read(_ json: String) throws(JSONSyntaxError) -> String {
        var bytes = Array(json.utf8)
        return try bytes.withUnsafeMutableBufferPointer { buffer throws(JSONSyntaxError) in
            var reader = JSONReader(UnsafeBufferPointer(buffer))
            return try reader.readString()
        }
    }

    @Test func everyLengthWithAnEscapeOrNonASCIIAtEveryPosition() throws {
        let specials: [(json: String, decoded: String)] = [(#"\""#, "\""), (#"\\"#, "\\"), ("é", "é"), (#"\n"#, "\n"), ("😀", "😀")]
        for length in 0 ... 20 {
            let plain = String((0 ..< length).map { Character(UnicodeScalar(UInt8(0x61 + $0 % 26))) })
            #expect(try Self.read("\"\(plain)\"") == plain)
            for p in 0 ... length {
                let i = plain.index(plain.startIndex, offsetBy: p)
                for s in specials {
                    let json = "\"" + plain[..<i] + s.json + plain[i...] + "\""
                    #expect(try Self.read(json) == String(plain[..<i]) + s.decoded + String(plain[i...]), "\(json)")
                }
            }
        }
    }

    @Test func aControlCharacterIsReportedWhereItIs() {
        for length in 1 ... 20 {
            for p in 0 ..< length {
                var body = Array(repeating: UInt8(ascii: "x"), count: length)
                body[p] = 0x09
                let json = String(decoding: [0x22] + body + [0x22], as: UTF8.self)
                let error = #expect(throws: JSONSyntaxError.self) { try Self.read(json) }
                #expect(error?.message == "control character byte 0x9 in a string; escape it")
                #expect(error?.offset == p + 1)
            }
        }
    }

    @Test func anUnterminatedStringIsReportedAtItsQuote() {
        for length in 0 ... 20 {
            let json = "  \"" + String(repeating: "y", count: length)
            let error = #expect(throws: JSONSyntaxError.self) { try Self.read(json) }
            #expect(error?.message == "unterminated string")
            #expect(error?.offset == 2)
        }
    }

    /// `readASCIIString(into:)` gives the bytes `readStringRange()` gives
    /// for a plain ASCII string wherever its end falls in a word, and for
    /// any other string (an escape, a control character, a non-ASCII byte,
    /// the last bytes of the input) gives `nil` with the reader where it was.
    @Test func asciiStringsReadStraightIntoAPool() throws {
        var rng = SplitMix64(seed: 11)
        let odd: [UInt8] = [0x5C, 0x01, 0xC3]
        for length in 0 ..< 40 {
            for trailer in [0, 1, 7, 8, 20] {
                var body = (0 ..< length).map { _ in UInt8(0x23 + rng.next() % 0x39) }
                let special = length > 0 && rng.next() % 3 == 0
                if special { body[Int(rng.next() % UInt64(length))] = odd[Int(rng.next() % 3)] }
                let input = Array(" \"".utf8) + body + Array("\"".utf8) + [UInt8](repeating: 0x20, count: trailer)
                input.withUnsafeBufferPointer { text in
                    var reader = JSONReader(text)
                    var pool = BytePool()
                    pool.reserveCapacity(bytes: text.count)
                    if let entry = reader.readASCIIString(into: &pool) {
                        #expect(!special && pool.count == 1 && pool.string(entry) == String(decoding: body, as: UTF8.self))
                        #expect(reader.position == length + 3)
                    } else {
                        #expect(special || trailer + 1 < 8, "length \(length), trailer \(trailer)")
                        #expect(pool.count == 0 && reader.position == 1)
                    }
                }
            }
        }
        // Only the words that fit in the pool's free space are read: a
        // longer string is left to readStringRange.
        for (length, room, read) in [(12, 0, false), (20, 8, true), (100, 8, false), (100, 200, true)] {
            (Array("\"".utf8) + [UInt8](repeating: 0x61, count: length) + Array("\"          ".utf8)).withUnsafeBufferPointer { text in
                var reader = JSONReader(text)
                var pool = BytePool()
                if room > 0 { pool.reserveCapacity(bytes: room) }  // at least 64 bytes
                let entry = reader.readASCIIString(into: &pool)
                #expect((entry != nil) == read && reader.position == (read ? length + 2 : 0), "\(length), \(room)")
            }
        }
    }


    /// `plumb_json_special16` (the first special byte of sixteen, which
    /// `skipPlainBytes` stops at): every byte value at every lane of plain
    /// bytes, alone and with a second special byte after it, against the
    /// byte test; 16 for a block with none.
    @Test func sixteenByteSpecialTestAgreesWithTheByteTest() {
        var mismatches = 0
        let plain = [UInt8](repeating: 0x61, count: 16)
        if plain.withUnsafeBytes({ plumb_json_special16($0.baseAddress!) }) != 16 { mismatches += 1 }
        for b in 0 ... 255 {
            for lane in 0 ..< 16 {
                var block = plain
                block[lane] = UInt8(b)
                if lane < 15 { block[15] = 0x22 }
                let expected = Self.isSpecial(UInt8(b)) ? lane : lane < 15 ? 15 : 16
                if block.withUnsafeBytes({ Int(plumb_json_special16($0.baseAddress!)) }) != expected { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    /// `skipPlainBytes` (sixteen bytes at a time, then eight) against a
    /// byte-by-byte scan, from every start, on random bytes with special
    /// bytes and their neighbours sprinkled in: it stops at the first
    /// special byte, or, when there is none before them, at one of the last
    /// seven bytes or the end.
    @Test func plainByteSkipMatchesAByteByByteScan() {
        var rng = SplitMix64(seed: 23)
        let special: [UInt8] = [0x22, 0x5C, 0x00, 0x1F, 0x80, 0xC3, 0xFF]
        let near: [UInt8] = [0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7E, 0x7F, 0x61]
        for _ in 0 ..< 400 {
            let n = Int(rng.next() % 70)
            var bytes = (0 ..< n).map { _ in near[Int(rng.next() % UInt64(near.count))] }
            if n > 0 {
                for _ in 0 ..< Int(rng.next() % 3) { bytes[Int(rng.next() % UInt64(n))] = special[Int(rng.next() % UInt64(special.count))] }
            }
            bytes.withUnsafeBufferPointer { text in
                for start in 0 ... n {
                    let stop = JSONReader.skipPlainBytes(in: text, from: start)
                    let first = (start ..< n).first { Self.isSpecial(bytes[$0]) } ?? n
                    if stop < n && Self.isSpecial(bytes[stop]) {
                        #expect(stop == first, "\(bytes) from \(start)")
                    } else {
                        #expect(stop >= start && stop <= first && n - stop < 8, "\(bytes) from \(start): \(stop)")
                    }
                }
            }
        }
    }
}
