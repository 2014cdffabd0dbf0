/// Many short byte strings in one array: the ids and constraint strings of a
/// layout document, without one allocation each. Entries lie end to end, so
/// each costs its bytes and one offset.
struct BytePool: Sendable {
    private(set) var bytes: [UInt8] = []
    /// Entry `i` is `bytes[(i == 0 ? 0 : ends[i - 1]) ..< ends[i]]`.
    private var ends: [Int32] = []

    var count: Int { ends.count }

    /// Makes room for `count` more bytes of entries.
    mutating func reserveCapacity(bytes count: Int) {
        bytes.reserveCapacity(bytes.count + count)
    }

    /// Appends an empty entry and returns its index.
    @discardableResult
    mutating func appendEmpty() -> Int {
        ends.append(Int32(truncatingIfNeeded: bytes.count))
        return ends.count - 1
    }

    /// Appends a copy of `entry` and returns its index.
    ///
    /// - Precondition: `entry` does not point into this pool's own storage,
    ///   and the pool stays under 2 GiB (documents are).
    @discardableResult
    mutating func append(_ entry: UnsafeBufferPointer<UInt8>) -> Int {
        bytes.append(contentsOf: entry)
        precondition(bytes.count < Int(Int32.max), "byte pool larger than 2 GiB")
        return appendEmpty()
    }

    /// Appends an entry made of a string's UTF-8 bytes.
    @discardableResult
    mutating func append(_ string: String) -> Int {
        var s = string
        return s.withUTF8 { append($0) }
    }

    /// The byte range of entry `i` in ``bytes``.
    @inline(__always) func range(_ i: Int) -> Range<Int> { (i == 0 ? 0 : Int(ends[i - 1])) ..< Int(ends[i]) }

    /// Entry `i` as a `String`.
    func string(_ i: Int) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range(i)]), as: UTF8.self) }
    }

    /// Whether entry `i` is the bytes of `name` (lengths compared first,
    /// without a closure call for a name of another length).
    @inline(__always)
    func entry(_ i: Int, equals name: UnsafeBufferPointer<UInt8>) -> Bool {
        let r = range(i)
        guard r.count == name.count else { return false }
        return bytes.withUnsafeBufferPointer { memcmpEqual(UnsafeBufferPointer(rebasing: $0[r]), name) }
    }

    /// Calls `body` with entry `i`'s bytes.
    @inline(__always)
    func withEntry<R>(_ i: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try bytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[range(i)])) }
    }
}
