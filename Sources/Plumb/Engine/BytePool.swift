/// Many short byte strings in one array: the ids and constraint strings of a
/// layout document, without one allocation each.
///
/// A pool may start from a base array (the document's own bytes, shared, not
/// copied), so that an entry is just a range of it; entries that are not
/// slices of the base (strings with JSON escapes, once decoded) are appended
/// at the end.
struct BytePool: Sendable {
    private(set) var bytes: [UInt8]
    /// Entry `i` is `bytes[starts[i] ..< ends[i]]`.
    private(set) var starts: [Int32] = []
    private(set) var ends: [Int32] = []

    /// Creates a pool whose entries may be ranges of `base`.
    ///
    /// - Precondition: `base.count` fits in an `Int32` (callers reject larger input).
    init(base: [UInt8] = []) {
        precondition(base.count < Int(Int32.max), "pool base larger than 2 GiB")
        bytes = base
    }

    var count: Int { starts.count }

    mutating func reserveCapacity(entries: Int) {
        starts.reserveCapacity(entries)
        ends.reserveCapacity(entries)
    }

    /// Makes room for `count` more bytes of entries.
    mutating func reserveCapacity(bytes count: Int) {
        bytes.reserveCapacity(bytes.count + count)
    }

    /// Adds an entry that is `range` of the bytes already in the pool (the base).
    @discardableResult
    mutating func appendRange(_ range: Range<Int>) -> Int {
        starts.append(Int32(truncatingIfNeeded: range.lowerBound))
        ends.append(Int32(truncatingIfNeeded: range.upperBound))
        return starts.count - 1
    }

    /// Appends a copy of `entry` and returns its index.
    ///
    /// - Precondition: `entry` does not point into this pool's own storage.
    @discardableResult
    mutating func append(_ entry: UnsafeBufferPointer<UInt8>) -> Int {
        let start = bytes.count
        bytes.append(contentsOf: entry)
        return appendRange(start ..< bytes.count)
    }

    /// Appends an entry made of a string's UTF-8 bytes.
    @discardableResult
    mutating func append(_ string: String) -> Int {
        var s = string
        return s.withUTF8 { append($0) }
    }

    /// The byte range of entry `i` in ``bytes``.
    @inline(__always) func range(_ i: Int) -> Range<Int> { Int(starts[i]) ..< Int(ends[i]) }

    /// Entry `i` as a `String`.
    func string(_ i: Int) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range(i)]), as: UTF8.self) }
    }

    /// Calls `body` with entry `i`'s bytes.
    @inline(__always)
    func withEntry<R>(_ i: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try bytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[range(i)])) }
    }
}
