/// Many short byte strings stored end to end in one array: the ids and
/// constraint strings of a layout document, without one allocation each.
struct BytePool: Sendable {
    private(set) var bytes: [UInt8] = []
    /// Entry `i` is `bytes[starts[i] ..< starts[i + 1]]`.
    private(set) var starts: [Int32] = [0]

    var count: Int { starts.count - 1 }

    mutating func reserveCapacity(entries: Int, bytes total: Int) {
        starts.reserveCapacity(entries + 1)
        bytes.reserveCapacity(total)
    }

    /// Appends an entry and returns its index.
    @discardableResult
    mutating func append(_ entry: UnsafeBufferPointer<UInt8>) -> Int {
        bytes.append(contentsOf: entry)
        starts.append(Int32(bytes.count))
        return count - 1
    }

    /// Appends an entry made of a string's UTF-8 bytes.
    @discardableResult
    mutating func append(_ string: String) -> Int {
        var s = string
        return s.withUTF8 { append($0) }
    }

    /// The byte range of entry `i` in ``bytes``.
    @inline(__always) func range(_ i: Int) -> Range<Int> { Int(starts[i]) ..< Int(starts[i + 1]) }

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
