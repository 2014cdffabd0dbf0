/// A document's constraint strings, in order, read in place: each a range
/// of the document's own bytes, which the document keeps
/// (``LayoutDocument/Bytes``: `plumb solve`'s mapped file, or the array or
/// copy the other ways of parsing keep).
///
/// A string with no escapes is its range of the input, and the build reads
/// the very bytes the parser scanned instead of a copy of them on pages of
/// their own (about 1.2 MB at `list` 10,000); a string with escapes (or not
/// ASCII, when the parser decoded it) is decoded into the pool, its range
/// then naming the pool's entry. Beside each range is the string's name
/// run (``JSONReader/readPlainConstraint()``): where its first name ends,
/// found by the reader as it looked for the string's end.
struct ConstraintTexts: Sendable {
    /// The decoded strings (those with escapes).
    private(set) var pool = BytePool()
    /// The ranges of the strings, or `nil` before any are read.
    private var inPlace: InPlace?

    init() {}

    /// `count` strings in place in `bytes`: string `i` is bytes
    /// `bounds[3 * i] ..< bounds[3 * i + 1]` of the input, or, when
    /// `bounds[3 * i]` is negative, entry `-1 - bounds[3 * i]` of `decoded`;
    /// `bounds[3 * i + 2]` is its name run, or -1 when not known.
    /// `bounds` was made by `UnsafeMutablePointer.allocate`: this now owns it.
    init(in bytes: LayoutDocument.Bytes, bounds: UnsafeMutablePointer<Int32>, count: Int, decoded: BytePool) {
        pool = decoded
        inPlace = InPlace(bytes: bytes, bounds: bounds, count: count)
    }

    var count: Int { inPlace?.count ?? 0 }

    /// Calls `body` with the strings' bytes (valid during the call).
    @inline(__always)
    func withTexts<R>(_ body: (Texts) throws -> R) rethrows -> R {
        // `self`, borrowed for the call, keeps the pool and the input alive.
        let storage = pool.unsafeStorage
        return try body(Texts(input: inPlace?.bytes.buffer.baseAddress, bounds: inPlace.map { UnsafePointer($0.bounds) },
                              poolBytes: storage.bytes, poolEnds: storage.ends, count: count))
    }

    /// String `i` as a `String`.
    func string(_ i: Int) -> String {
        withTexts { String(decoding: $0[i], as: UTF8.self) }
    }

    /// The strings' bytes for the length of a ``withTexts(_:)`` call.
    struct Texts {
        fileprivate let input: UnsafePointer<UInt8>?
        fileprivate let bounds: UnsafePointer<Int32>?
        fileprivate let poolBytes: UnsafePointer<UInt8>
        fileprivate let poolEnds: UnsafePointer<Int32>
        fileprivate let count: Int

        /// String `i`'s bytes.
        @inline(__always)
        subscript(i: Int) -> UnsafeBufferPointer<UInt8> {
            precondition(i >= 0 && i < count, "constraint string index out of range")
            // (`i < count`: there are ranges.)
            let bounds = bounds.unsafelyUnwrapped
            let start = Int(bounds[3 &* i]), end = Int(bounds[3 &* i &+ 1])
            if _fastPath(start >= 0) { return UnsafeBufferPointer(start: input.unsafelyUnwrapped + start, count: end &- start) }
            return pooled(-1 &- start)
        }

        /// String `i`'s name run: how many of its first sixteen bytes may
        /// continue a name, or -1 when the reader did not find it (a
        /// decoded string, one near the input's end).
        @inline(__always)
        func nameRun(_ i: Int) -> Int {
            precondition(i >= 0 && i < count, "constraint string index out of range")
            return Int(bounds.unsafelyUnwrapped[3 &* i &+ 2])
        }

        /// Entry `k` of the pool.
        @inline(__always)
        private func pooled(_ k: Int) -> UnsafeBufferPointer<UInt8> {
            let start = k == 0 ? 0 : Int(poolEnds[k &- 1])
            return UnsafeBufferPointer(start: poolBytes + start, count: Int(poolEnds[k]) &- start)
        }
    }

    /// The bytes kept, and the strings' ranges in them.
    private final class InPlace: @unchecked Sendable {
        let bytes: LayoutDocument.Bytes
        let bounds: UnsafeMutablePointer<Int32>
        let count: Int

        init(bytes: LayoutDocument.Bytes, bounds: UnsafeMutablePointer<Int32>, count: Int) {
            self.bytes = bytes
            self.bounds = bounds
            self.count = count
        }

        deinit { bounds.deallocate() }
    }
}
