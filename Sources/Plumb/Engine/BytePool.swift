/// Many short byte strings in one buffer: the ids and constraint strings of a
/// layout document, without one allocation each. Entries lie end to end, so
/// each costs its bytes and one offset.
///
/// The bytes are in a buffer of the pool's own, copied on write, rather than
/// an array: a document's parser appends tens of thousands of entries of a
/// few dozen bytes, and an array's generic `append(contentsOf:)` and a call
/// to `memcpy` cost several times the copy itself there. The entries' ends
/// are in the same storage, so that an append checks one buffer's
/// uniqueness, not two (an array of ends was a second check, a call, for
/// every entry: a fifth of an id's or a rule string's append).
struct BytePool: Sendable {
    private var storage = Storage(capacity: 0)

    var count: Int { storage.endCount }

    /// How many entries the pool holds room for without growing.
    var entryCapacity: Int { storage.endCapacity }

    init() {}

    /// Makes room for `count` more bytes of entries, and for the ends of
    /// `entries` more entries (without it the ends double from 16, each
    /// time a copy).
    mutating func reserveCapacity(bytes count: Int, entries: Int = 0) {
        makeRoom(for: count)
        storage.reserveEnds(storage.endCount + Swift.max(entries, 0))
    }

    /// Appends an empty entry and returns its index.
    @discardableResult
    mutating func appendEmpty() -> Int {
        makeRoom(for: 0)
        return storage.closeEntry()
    }

    /// Appends a copy of `entry` and returns its index.
    ///
    /// - Precondition: the pool stays under 2 GiB (documents are).
    ///
    /// Inlined: a document's parser appends every view's id and each
    /// rule's strings here, and the call (its saved registers, the pool
    /// passed through memory) was about a third of an append.
    @inline(__always)
    @discardableResult
    mutating func append(_ entry: UnsafeBufferPointer<UInt8>) -> Int {
        makeRoom(for: entry.count)
        return storage.appendInRoom(entry)
    }

    /// Moves this pool's entries into an ``Appender``, which appends
    /// without checking at each entry that the storage is the pool's own
    /// (a runtime call: about a fifth of a rule string's append); the pool
    /// reads as empty until ``restore(_:)`` puts them back. For a loop that
    /// appends many entries to a pool and reads none of them.
    mutating func takeAppender() -> Appender {
        makeRoom(for: 0)
        var taken = Storage.placeholder
        swap(&taken, &storage)
        return Appender(storage: taken)
    }

    /// Puts back the entries of `appender` (taken from this pool by
    /// ``takeAppender()``, with what was appended since).
    mutating func restore(_ appender: consuming Appender) {
        storage = appender.storage
    }

    /// A pool's storage moved out of it by ``BytePool/takeAppender()``,
    /// referenced by nothing else, and made so when it was taken: not
    /// copyable, so that it stays the only reference, it appends as
    /// the pool's own append does, with only the room checked.
    struct Appender: ~Copyable {
        fileprivate var storage: Storage

        /// Appends a copy of `entry` and returns its index.
        @inline(__always)
        @discardableResult
        mutating func append(_ entry: UnsafeBufferPointer<UInt8>) -> Int {
            let needed = storage.count + entry.count
            if _slowPath(needed > storage.capacity) {
                storage = storage.copy(capacity: Swift.max(needed, 2 * storage.capacity, 64))
            }
            return storage.appendInRoom(entry)
        }
    }

    /// Appends an entry that `write` puts straight into the pool's free
    /// space, saving a copy: `write` gets the space's start and size (call
    /// ``reserveCapacity(bytes:entries:)`` first for room) and returns the entry's
    /// length, or `nil` to append nothing (what it wrote is then ignored).
    /// Returns the new entry's index, or `nil`.
    @inline(__always)
    mutating func appendInPlace(_ write: (UnsafeMutablePointer<UInt8>, Int) -> Int?) -> Int? {
        makeRoom(for: 0)
        guard let n = write(storage.base + storage.count, storage.capacity - storage.count) else { return nil }
        precondition(n <= storage.capacity - storage.count && storage.count + n < Int(Int32.max), "entry outside the pool")
        storage.count += n
        return storage.closeEntry()
    }

    /// Appends an entry made of a string's UTF-8 bytes.
    @discardableResult
    mutating func append(_ string: String) -> Int {
        var s = string
        return s.withUTF8 { append($0) }
    }

    /// Entry `i`'s bytes among a pool's bytes whose entries end at `ends`
    /// (``range(_:)``, ``Entries``; `i` checked by the caller).
    @inline(__always)
    fileprivate static func bounds(of i: Int, ends: UnsafePointer<Int32>) -> Range<Int> {
        (i == 0 ? 0 : Int(ends[i &- 1])) ..< Int(ends[i])
    }

    /// The byte range of entry `i` in ``withBytes(_:)``'s buffer.
    @inline(__always) func range(_ i: Int) -> Range<Int> {
        precondition(i >= 0 && i < storage.endCount, "entry index out of range")
        return Self.bounds(of: i, ends: UnsafePointer(storage.ends))
    }

    /// Calls `body` with every entry's bytes, end to end (entry `i` at ``range(_:)``).
    @inline(__always)
    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        // `self`, borrowed for the call, keeps the storage alive.
        try body(UnsafeBufferPointer(start: storage.base, count: storage.count))
    }

    /// The pool's bytes and its entries' ends (entry `i` is bytes
    /// `(i == 0 ? 0 : ends[i - 1]) ..< ends[i]`), valid while this pool
    /// lives and is not changed: for a reader that keeps it alive itself
    /// and reads many entries (``ConstraintTexts``), with no closure.
    var unsafeStorage: (bytes: UnsafePointer<UInt8>, ends: UnsafePointer<Int32>) {
        (UnsafePointer(storage.base), UnsafePointer(storage.ends))
    }

    /// The pool's entries read by index, valid while this pool lives and is
    /// not changed (as ``unsafeStorage``): for a loop that reads an entry
    /// each turn, where ``withEntry(_:_:)``'s closure was left as a call.
    var unsafeEntries: Entries {
        Entries(bytes: storage.base, ends: storage.ends, count: storage.endCount)
    }

    /// A pool's entries by index (``unsafeEntries``).
    struct Entries {
        fileprivate let bytes: UnsafePointer<UInt8>
        fileprivate let ends: UnsafePointer<Int32>
        let count: Int

        fileprivate init(bytes: UnsafeMutablePointer<UInt8>, ends: UnsafeMutablePointer<Int32>, count: Int) {
            self.bytes = UnsafePointer(bytes)
            self.ends = UnsafePointer(ends)
            self.count = count
        }

        /// Entry `i`'s bytes (``BytePool/range(_:)`` of the pool's).
        @inline(__always)
        subscript(i: Int) -> UnsafeBufferPointer<UInt8> {
            precondition(i >= 0 && i < count, "entry index out of range")
            let bounds = BytePool.bounds(of: i, ends: ends)
            return UnsafeBufferPointer(start: bytes + bounds.lowerBound, count: bounds.upperBound &- bounds.lowerBound)
        }
    }

    /// Entry `i` as a `String`.
    func string(_ i: Int) -> String {
        withEntry(i) { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether entry `i` is the bytes of `name` (lengths compared first,
    /// without a closure call for a name of another length).
    @inline(__always)
    func entry(_ i: Int, equals name: UnsafeBufferPointer<UInt8>) -> Bool {
        let r = range(i)
        guard r.count == name.count else { return false }
        return withBytes { memcmpEqual(UnsafeBufferPointer(rebasing: $0[r]), name) }
    }

    /// Calls `body` with entry `i`'s bytes.
    @inline(__always)
    func withEntry<R>(_ i: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try withBytes { try body(UnsafeBufferPointer(rebasing: $0[range(i)])) }
    }

    /// Makes the storage this pool's own, with room for `extra` more bytes
    /// (doubling, so that appends cost amortised O(1)).
    @inline(__always)
    private mutating func makeRoom(for extra: Int) {
        let needed = storage.count + extra
        if _slowPath(!isKnownUniquelyReferenced(&storage) || needed > storage.capacity) {
            storage = storage.copy(capacity: Swift.max(needed, 2 * storage.capacity, 64))
        }
    }

    /// The pool's bytes: `count` of them in use, room for `capacity`; and
    /// its entries' ends: entry `i` is bytes `(i == 0 ? 0 : ends[i - 1]) ..<
    /// ends[i]`, `endCount` of them, room for `endCapacity`.
    /// Sendable because a pool only writes to storage that it alone references.
    fileprivate final class Storage: @unchecked Sendable {
        let base: UnsafeMutablePointer<UInt8>
        let capacity: Int
        var count = 0
        private(set) var ends: UnsafeMutablePointer<Int32>
        private(set) var endCount = 0
        private(set) var endCapacity: Int

        init(capacity: Int, endCapacity: Int = 16) {
            self.capacity = capacity
            base = .allocate(capacity: capacity)
            self.endCapacity = Swift.max(endCapacity, 16)
            ends = .allocate(capacity: self.endCapacity)
        }

        deinit {
            base.deallocate()
            ends.deallocate()
        }

        /// A copy with room for `capacity` bytes (and as many ends as this one).
        func copy(capacity: Int) -> Storage {
            let new = Storage(capacity: capacity, endCapacity: endCapacity)
            new.base.update(from: base, count: count)
            new.count = count
            new.ends.update(from: ends, count: endCount)
            new.endCount = endCount
            return new
        }

        /// What a pool holds while its storage is out in an ``Appender``:
        /// empty, and shared by every such pool (so that an append to one
        /// copies it first).
        static let placeholder = Storage(capacity: 0)

        /// Appends a copy of `entry`, for which there is room; returns its
        /// index.
        ///
        /// - Precondition: the pool stays under 2 GiB (documents are).
        @inline(__always)
        func appendInRoom(_ entry: UnsafeBufferPointer<UInt8>) -> Int {
            let n = entry.count
            precondition(count + n < Int(Int32.max), "byte pool larger than 2 GiB")
            if let source = entry.baseAddress { copyBytes(n, from: source, to: base + count) }
            count += n
            return closeEntry()
        }

        /// Ends an entry at ``count``; returns its index.
        @inline(__always)
        func closeEntry() -> Int {
            if _slowPath(endCount == endCapacity) { growEnds(endCount &+ 1) }
            ends[endCount] = Int32(truncatingIfNeeded: count)
            endCount &+= 1
            return endCount &- 1
        }

        /// Makes room for `needed` ends in all, if there is less.
        func reserveEnds(_ needed: Int) {
            if needed > endCapacity { growEnds(needed) }
        }

        /// Makes room for at least `needed` ends (doubling).
        private func growEnds(_ needed: Int) {
            let capacity = Swift.max(needed, 2 * endCapacity)
            let new = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
            new.moveInitialize(from: ends, count: endCount)
            ends.deallocate()
            ends = new
            endCapacity = capacity
        }
    }
}

/// Copies `n` bytes a word at a time, the last word overlapping the one
/// before, as ``memcmpEqual(_:_:)`` reads them: no call, and no read or
/// write outside either buffer. For the short strings of documents (ids,
/// names), where a call to `memmove` cost more than the copy (a byte pool's
/// append, a frame's key).
@inline(__always)
func copyBytes(_ n: Int, from source: UnsafePointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>) {
    let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(destination)
    @inline(__always) func copyWord(_ at: Int) {
        to.storeBytes(of: from.loadUnaligned(fromByteOffset: at, as: UInt64.self), toByteOffset: at, as: UInt64.self)
    }
    @inline(__always) func copyHalf(_ at: Int) {
        to.storeBytes(of: from.loadUnaligned(fromByteOffset: at, as: UInt32.self), toByteOffset: at, as: UInt32.self)
    }
    if n >= 8 {
        var at = 0
        while at &+ 8 < n {
            copyWord(at)
            at &+= 8
        }
        copyWord(n &- 8)
    } else if n >= 4 {
        copyHalf(0)
        copyHalf(n &- 4)
    } else {
        for k in 0 ..< n { destination[k] = source[k] }
    }
}
