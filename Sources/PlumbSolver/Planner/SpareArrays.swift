import Synchronization

/// Large arrays that a layout no longer needs, emptied and kept for the next
/// layout, so that it writes into memory the process already has instead of
/// fresh pages.
///
/// A tree's first layout allocates a few megabytes of arrays sized by the
/// tree (the planner's per-variable and per-row arrays, the block order,
/// the record of the lowered tree). When the tree goes, glibc frees them
/// and, as they were the newest and highest allocations, returns the top of
/// the heap to the system; the next tree's first layout then faults every
/// page in again (about 570 at 10,000 views, a fifth of the layout's time).
/// A library cannot change the host's allocator settings, so instead the
/// arrays are given here when their owner goes and taken by the next layout
/// that needs arrays of their element type.
///
/// - One shelf for the process, behind a lock: an array is on the shelf or
///   in exactly one owner, never both (``take(_:capacity:)`` moves it out,
///   emptied; ``give(_:)`` moves it in). Arrays are values, so an array
///   still shared with another owner when given gets storage of its own
///   (copy on write) when it is next changed, and cannot change what the
///   other reads. Arrays of plain bits (integers, floats) keep their
///   elements on the shelf, which ``take(count:initializingWith:)`` hands
///   out as room not cleared; the other `take`s empty them.
/// - At most ``byteLimit`` bytes in all and ``perType`` arrays of an element
///   type; arrays given beyond that are freed as before. Memory kept is what
///   the last layouts used, not more: an array keeps the capacity of its
///   last use.
/// - A kept array is not taken for a much smaller need (more than
///   ``sizeRatio`` times the bytes asked, and at least ``slackBytes`` more):
///   a small tree after a large one makes arrays of its own size, and the
///   large ones stay for the next large tree.
/// - Code run inside ``withOwnShelf(_:_:)`` gives and takes from a shelf of
///   its own (tests that count what they get back while other tests run).
/// - A process that lays out one document and ends (`plumb solve`) turns
///   keeping off (``Shelf/isKeeping``): what is given is freed at once, so that
///   the solve's later phases reuse it instead of it lying on the shelf
///   (the block phase's arrays, about 9 MB of a 100,000-view `table`).
@_spi(Lowering) public enum SpareArrays {
    /// Where spare arrays are kept: per element type, the arrays, emptied
    /// (as `Any`, each holding one `[T]`), and their bytes in all.
    public final class Shelf: Sendable {
        fileprivate let contents = Mutex<Contents>(Contents())
        private let keeping = Atomic<Bool>(true)
        public init() {}
        /// Whether ``SpareArrays/give(_:)`` keeps arrays here (true unless
        /// turned off): a process that lays out one document and ends has no
        /// later layout to give them to.
        public var isKeeping: Bool {
            get { keeping.load(ordering: .relaxed) }
            set { keeping.store(newValue, ordering: .relaxed) }
        }
        /// Arrays on the shelf and their bytes (for tests).
        public var counts: (arrays: Int, bytes: Int) {
            contents.withLock { ($0.arrays.values.reduce(0) { $0 + $1.count }, $0.bytes) }
        }
    }
    fileprivate struct Contents: Sendable {
        var arrays: [ObjectIdentifier: [Kept]] = [:]
        var bytes = 0
    }
    /// One kept array (a `[T]` as `Any`) and its capacity.
    fileprivate struct Kept: @unchecked Sendable {
        // @unchecked: an array moves in or out of the shelf whole, under its
        // lock; nothing else holds it while it is kept.
        let capacity: Int
        let array: Any
    }

    /// Bytes kept in all (a 100,000-view tree's arrays are larger and are freed as before).
    public static let byteLimit = 32 << 20
    /// Arrays kept of one element type.
    public static let perType = 16
    /// A kept array is taken only if its bytes are at most this many times
    /// the bytes asked, or at most ``slackBytes`` more than them.
    public static let sizeRatio = 4
    /// See ``sizeRatio``: a small need may take a kept array this much larger.
    public static let slackBytes = 64 << 10


    private static let process = Shelf()
    @TaskLocal private static var scoped: Shelf?
    /// The shelf that `take` and `give` use here.
    public static var shelf: Shelf { scoped ?? process }

    /// Runs `body` with a shelf of its own: what it gives it takes back, and
    /// no code outside sees it.
    public static func withOwnShelf<R>(_ shelf: Shelf = Shelf(), _ body: () throws -> R) rethrows -> R {
        try $scoped.withValue(shelf, operation: body)
    }

    /// An empty array with room for `capacity` elements: the kept array of
    /// the smallest capacity that holds them, else the largest kept (grown),
    /// else a new one.
    public static func take<T>(_ type: T.Type = T.self, capacity: Int) -> [T] {
        var array = takeKept(T.self, capacity: capacity) ?? []
        array.removeAll(keepingCapacity: true)
        array.reserveCapacity(capacity)
        return array
    }

    /// The kept array ``take(_:capacity:)`` would grow, taken off the shelf,
    /// or nil when none of its element type is kept that is not too large
    /// (``sizeRatio``).
    private static func takeKept<T>(_ type: T.Type, capacity: Int) -> [T]? {
        let found = shelf.contents.withLock { contents -> Kept? in
            let key = ObjectIdentifier(T.self)
            let most = largestTaken(for: capacity, stride: MemoryLayout<T>.stride)
            guard let best = contents.arrays[key].flatMap({ bestFit(in: $0, for: capacity, most: most) }) else {
                return nil
            }
            let entry = contents.arrays[key]!.remove(at: best)
            if contents.arrays[key]!.isEmpty { contents.arrays[key] = nil }
            contents.bytes -= entry.capacity * MemoryLayout<T>.stride
            return entry
        }
        // The shelf's reference ends with `kept`, before the caller grows
        // the array: the array is unique then, so its storage is kept.
        guard let kept = consume found else { return nil }
        return (kept.array as! [T])
    }

    /// The largest capacity taken off the shelf for a need of `capacity`
    /// elements of `stride` bytes (``sizeRatio``, ``slackBytes``).
    static func largestTaken(for capacity: Int, stride: Int) -> Int {
        let stride = Swift.max(stride, 1)
        return Swift.max(sizeRatio * capacity, capacity + slackBytes / stride)
    }

    /// The index in `list` of the smallest capacity of at least `capacity`
    /// and at most `most`, else of the largest below `capacity`; nil when
    /// every capacity is above `most`.
    private static func bestFit(in list: [Kept], for capacity: Int, most: Int) -> Int? {
        var best: Int? = nil
        for i in list.indices where list[i].capacity <= most {
            guard let j = best else { best = i; continue }
            let (c, b) = (list[i].capacity, list[j].capacity)
            if c >= capacity ? (b < capacity || c < b) : (b < capacity && c > b) { best = i }
        }
        return best
    }

    /// `count` copies of `value`, in a kept array when there is one (``take(_:capacity:)``).
    public static func take<T>(repeating value: T, count: Int) -> [T] {
        // None kept (always so in a one-shot `plumb solve`): the array made
        // as before, filled in one go rather than element by element (the
        // append below made `form`'s and `table`'s solve phase at 1,000
        // views 1.11x; BENCHMARKS.md, "Stop 48's merged main").
        guard var array = takeKept(T.self, capacity: count) else { return [T](repeating: value, count: count) }
        array.removeAll(keepingCapacity: true)
        array.reserveCapacity(count)
        array.append(contentsOf: repeatElement(value, count: count))
        return array
    }

    /// An array of `count` elements whose contents `body` writes: it is
    /// given room for `count` (not cleared: what a kept array held, or
    /// uninitialised memory) and returns how many of the first elements it
    /// wrote, at most `count`, which become the array. For arrays that are
    /// filled as they are made (a kept array's room is not cleared first,
    /// nor a fresh one's).
    public static func take<T: FixedWidthInteger>(
        count: Int, initializingWith body: (UnsafeMutableBufferPointer<T>) -> Int
    ) -> [T] {
        guard var array = takeKept(T.self, capacity: count) else {
            return [T](unsafeUninitializedCapacity: count) { buffer, written in
                written = body(buffer)
                precondition(written >= 0 && written <= count, "more elements written than asked")
            }
        }
        // A kept array holds what it held when given (integers: nothing to
        // destroy); only the elements beyond those are set, to zero.
        if array.count > count {
            array.removeLast(array.count - count)
        } else if array.count < count {
            array.reserveCapacity(count)
            array.append(contentsOf: repeatElement(0, count: count - array.count))
        }
        let written = array.withUnsafeMutableBufferPointer { body($0) }
        precondition(written >= 0 && written <= count, "more elements written than asked")
        array.removeLast(count - written)
        return array
    }

    /// Gives `array`'s storage (``give(_:)``), leaving it empty.
    public static func give<T>(taking array: inout [T]) {
        var taken: [T] = []
        swap(&taken, &array)
        give(taken)
    }

    /// Keeps `array`'s storage for a later `take` when the shelf has room
    /// and keeping is on (else it is freed here).
    public static func give<T>(_ array: consuming [T]) {
        var emptied = consume array
        let shelf = shelf
        guard emptied.capacity > 0, shelf.isKeeping else { return }
        // Elements that are plain bits are left in place (nothing to
        // destroy, and ``take(count:initializingWith:)`` can hand them out
        // as room); others are destroyed now.
        if !_isPOD(T.self) { emptied.removeAll(keepingCapacity: true) }
        let bytes = emptied.capacity * MemoryLayout<T>.stride
        // What is not kept is freed when `kept` goes, after the lock is let go.
        let kept = Kept(capacity: emptied.capacity, array: emptied)
        _ = consume emptied
        shelf.contents.withLock { contents in
            let key = ObjectIdentifier(T.self)
            guard contents.bytes + bytes <= byteLimit, contents.arrays[key, default: []].count < perType else { return }
            contents.arrays[key, default: []].append(kept)
            contents.bytes += bytes
        }
    }
}
