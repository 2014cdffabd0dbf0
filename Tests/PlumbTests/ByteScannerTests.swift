import Testing
import PlumbTestSupport
@testable import Plumb

/// The word-at-a-time name scan against the byte-by-byte definition of a
/// name's bytes (``ByteScanner/isNameContinuation(_:)``).
@Suite struct ByteScannerTests {
    /// Bytes next to the edges of every class.
    static let edges: [UInt8] = [0x00, 0x20, 0x2E, 0x2F, 0x30, 0x39, 0x3A, 0x40, 0x41, 0x5A, 0x5B, 0x5E, 0x5F,
                                 0x60, 0x61, 0x7A, 0x7B, 0x7F, 0x80, 0xC3, 0xDF, 0xFF]

    @Test func everyByteOfAWordIsClassifiedAsTheByteTestSays() {
        // Each byte value at each position, among name bytes.
        for b in 0 ... 255 {
            for p in 0 ..< 8 {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 8)
                bytes[p] = UInt8(b)
                check(bytes)
            }
        }
        var random = SplitMix64(seed: 11)
        for _ in 0 ..< 100_000 {
            let bytes = (0 ..< 8).map { _ in
                random.next() % 2 == 0 ? Self.edges[Int(random.next() % UInt64(Self.edges.count))]
                    : UInt8(truncatingIfNeeded: random.next())
            }
            check(bytes)
        }
    }

    private func check(_ bytes: [UInt8]) {
        let word = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
        let flags = ByteScanner.notNameContinuations(word)
        for (i, b) in bytes.enumerated() {
            #expect((flags >> (8 * UInt64(i) + 7)) & 1 == (ByteScanner.isNameContinuation(b) ? 0 : 1), "\(bytes) at \(i)")
        }
        #expect(flags & ~0x8080_8080_8080_8080 == 0)
    }

    /// Skipping a name stops where the byte loop stops, from every start in
    /// random strings of name bytes, operators and edge bytes.
    @Test func skippingANameStopsWhereTheByteLoopDoes() {
        var random = SplitMix64(seed: 12)
        let common = Array("cell12_x.= +".utf8)
        for _ in 0 ..< 3000 {
            let count = Int(random.next() % 40)
            let bytes = (0 ..< count).map { _ -> UInt8 in
                random.next() % 4 == 0 ? Self.edges[Int(random.next() % UInt64(Self.edges.count))]
                    : common[Int(random.next() % UInt64(common.count))]
            }
            bytes.withUnsafeBufferPointer { text in
                for start in 0 ... count {
                    var scanner = ByteScanner(text)
                    scanner.position = start
                    scanner.skipNameContinuation()
                    var end = start
                    while end < count, ByteScanner.isNameContinuation(text[end]) { end += 1 }
                    #expect(scanner.position == end, "\(bytes) from \(start)")
                }
            }
        }
    }
}
