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

    /// The total length of the entries (less than `bytes.count` when the
    /// pool shares a base of which the entries are only a part).
    var entryBytes: Int {
        var total = 0
        for i in 0 ..< count { total += Int(ends[i] &- starts[i]) }
        return total
    }

    /// The same entries with their bytes end to end in a pool of their own
    /// (no longer sharing a base such as a whole input file).
    /// - Complexity: O(total length of the entries).
    func compacted() -> BytePool {
        let n = count
        let total = entryBytes
        var newStarts = [Int32](repeating: 0, count: n)
        var newEnds = [Int32](repeating: 0, count: n)
        // One allocation and one copy per entry, straight into uninitialised
        // storage (appending entry by entry checks capacity each time).
        let packed = bytes.withUnsafeBufferPointer { all in
            starts.withUnsafeBufferPointer { s in
                ends.withUnsafeBufferPointer { e in
                    newStarts.withUnsafeMutableBufferPointer { ns in
                        newEnds.withUnsafeMutableBufferPointer { ne in
                            [UInt8](unsafeUninitializedCapacity: total) { out, initialized in
                                var at = 0
                                for i in 0 ..< n {
                                    let start = Int(s[i]), length = Int(e[i]) - start
                                    if length > 0 {
                                        (out.baseAddress! + at).initialize(from: all.baseAddress! + start, count: length)
                                    }
                                    ns[i] = Int32(truncatingIfNeeded: at)
                                    at += length
                                    ne[i] = Int32(truncatingIfNeeded: at)
                                }
                                initialized = at
                            }
                        }
                    }
                }
            }
        }
        var pool = BytePool(base: packed)
        pool.starts = newStarts
        pool.ends = newEnds
        return pool
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
