/// A growable array of plain values (no references) for the arrays of
/// ``RuleBook`` and ``RuleGraph`` that grow or change every rule or
/// table: the stored values' terms, the rules' views, the tables' views
/// and replays, the replays' argument views, each view's table, and the
/// graph's edges.
///
/// Unlike `Array`, an append checks only for room: there is no
/// copy-on-write, so no uniqueness check (a runtime call) at each append.
/// Copies of the value share its storage, so only one of them may be
/// changed; a book (or its graph) is made, filled and read in one place,
/// never copied while it is filled (growing with a copy alive stops the program rather
/// than leave the copy reading freed storage). The storage is freed with
/// its last copy.
struct UnsharedArray<Element> {
    private var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int
    private var owner: UnsharedStorageOwner

    /// An empty array with room for `capacity` elements.
    init(capacity: Int = 0) {
        precondition(_isPOD(Element.self), "a rule book array holds plain values")
        self.capacity = Swift.max(capacity, 4)
        base = Self.allocate(self.capacity)
        owner = UnsharedStorageOwner(base)
    }

    /// `count` elements `element`.
    init(repeating element: Element, count: Int) {
        self.init(capacity: count)
        base.initialize(repeating: element, count: count)
        self.count = count
    }

    /// `count` elements whose bytes are not written (plain values: the
    /// caller writes an element before it reads it, and knows which it
    /// wrote). A large array so made costs no pass over its memory.
    init(uninitializedCount count: Int) {
        self.init(capacity: count)
        self.count = count
    }

    /// Appends `count` elements whose bytes are not written (see ``init(uninitializedCount:)``).
    mutating func appendUninitialized(_ count: Int) {
        if self.count + count > capacity { grow(to: Swift.max(2 * capacity, self.count + count)) }
        self.count += count
    }

    var isEmpty: Bool { count == 0 }

    /// Makes room for `capacity` elements in all.
    mutating func reserveCapacity(_ capacity: Int) {
        if capacity > self.capacity { grow(to: capacity) }
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if _slowPath(count == capacity) { grow(to: 2 * capacity) }
        (base + count).initialize(to: element)
        count &+= 1
    }

    /// Moves the elements to storage of `capacity` (at least `count`).
    @inline(never)
    private mutating func grow(to capacity: Int) {
        precondition(isKnownUniquelyReferenced(&owner), "a rule book array grows while a copy of it is alive")
        let grown = Self.allocate(capacity)
        grown.moveInitialize(from: base, count: count)
        base.deallocate()
        base = grown
        owner.base = UnsafeMutableRawPointer(grown)
        self.capacity = capacity
    }

    /// Storage for `capacity` elements starting on a cache line (64 bytes):
    /// ``RuleBook``'s table of slots is then a whole number of lines, its
    /// four determining slots one line (a large block from `malloc` starts
    /// 16 bytes into a page, and every table's four slots would straddle two).
    private static func allocate(_ capacity: Int) -> UnsafeMutablePointer<Element> {
        UnsafeMutableRawPointer.allocate(byteCount: capacity * MemoryLayout<Element>.stride,
                                         alignment: Swift.max(MemoryLayout<Element>.alignment, 64))
            .bindMemory(to: Element.self, capacity: capacity)
    }

    /// Element `i`, bounds checked.
    @inline(__always)
    subscript(i: Int) -> Element {
        get {
            precondition(i >= 0 && i < count, "index out of range")
            return base[i]
        }
        set {
            precondition(i >= 0 && i < count, "index out of range")
            base[i] = newValue
        }
    }

    /// Calls `body` with the elements (valid during the call only: `self`,
    /// borrowed for the call, keeps the storage alive).
    @inline(__always)
    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// Calls `body` with the elements to change in place (no uniqueness
    /// check: see the type's note on copies).
    @inline(__always)
    mutating func withUnsafeMutableBufferPointer<R>(
        _ body: (UnsafeMutableBufferPointer<Element>) throws -> R
    ) rethrows -> R {
        try body(UnsafeMutableBufferPointer(start: base, count: count))
    }
}

/// Frees an ``UnsharedArray``'s storage when the array's last copy goes;
/// `base` follows the array's growth. Not generic (nor nested in the
/// generic array): a generic class's type is made at run time on its first
/// use, once for each element type, and the rules' build has five (cold
/// runtime code on the build's first thread: BENCHMARKS.md, "rules39").
private final class UnsharedStorageOwner: @unchecked Sendable {
    var base: UnsafeMutableRawPointer
    init<Element>(_ base: UnsafeMutablePointer<Element>) { self.base = UnsafeMutableRawPointer(base) }
    deinit { base.deallocate() }
}
