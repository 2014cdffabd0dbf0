/// Describes rows on demand: a front end that can say later where a row came
/// from (a layout document still holds its constraint strings and view ids)
/// gives each row a 64-bit key instead of an ``Origin``, and the system asks
/// the source only when an origin is read: for an error, a conflict set or a
/// check report. A 100,000-view document then keeps 4 bytes per row for its
/// origins instead of an ``Origin`` and a string.
///
/// The source must answer the same origin for a key for as long as a system
/// refers to it, and may be read from several threads at once.
public protocol OriginSource: AnyObject, Sendable {
    /// The origin of the row that was added with `key`.
    func origin(forKey key: UInt64) -> Origin
}

/// How a row's origin is given to a ``ConstraintSystem`` or an ``OriginList``:
/// the origin itself, or a key that the list's ``OriginSource`` describes
/// when the origin is read.
public enum RowOrigin: Sendable {
    case stored(Origin)
    case key(UInt64)
}

/// The origins of a ``ConstraintSystem``'s rows, row by row.
///
/// Each row takes 4 bytes: either a key for the system's ``OriginSource``
/// (keys below 2³¹; a larger key is made into its origin when it is added,
/// and that is stored) or the position of an ``Origin`` kept here.
/// Consecutive rows with the same stored origin (a rule that makes several
/// rows) share it.
public struct OriginList: RandomAccessCollection, Sendable {
    /// Per row: `key << 1 | 1` for a key, `position << 1` for a stored origin.
    @usableFromInline var entries: [UInt32] = []
    private var stored: [Origin] = []
    /// Answers the keys; set before the first keyed row is added.
    public internal(set) var source: (any OriginSource)?

    /// An empty list whose keyed entries `source` describes.
    public init(source: (any OriginSource)? = nil) {
        self.source = source
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { entries.count }

    /// The origin of row `row`; made by the source for a keyed row.
    public subscript(row: Int) -> Origin { resolve(entry(at: row)) }

    /// Row `row`'s key, or `nil` when its origin is stored: for callers that
    /// pass a keyed row's origin on as a key, without the enum's copy.
    @inlinable
    public func key(at row: Int) -> UInt64? {
        let entry = entries[row]
        return entry & 1 == 1 ? UInt64(entry >> 1) : nil
    }

    /// Row `row`'s entry as it was added (a key stays a key).
    public func entry(at row: Int) -> RowOrigin {
        let entry = entries[row]
        return entry & 1 == 1 ? .key(UInt64(entry >> 1)) : .stored(stored[Int(entry >> 1)])
    }

    /// The origin `origin` stands for.
    /// - Precondition: ``source`` is set when `origin` is a key.
    public func resolve(_ origin: RowOrigin) -> Origin {
        switch origin {
        case .stored(let origin): return origin
        case .key(let key):
            guard let source else { preconditionFailure("origin key \(key) but no origin source") }
            return source.origin(forKey: key)
        }
    }

    public mutating func reserveCapacity(_ rows: Int) {
        entries.reserveCapacity(rows)
    }

    /// Empties the list and forgets its source, keeping the room of its entries.
    mutating func removeAllKeepingCapacity() {
        entries.removeAll(keepingCapacity: true)
        stored = []
        source = nil
    }

    /// Appends an entry. A stored origin equal to the previous entry's
    /// shares it.
    /// - Precondition: for a key, ``source`` is set.
    ///
    /// Inlined where rows are added (``ConstraintSystem``): a small key, the
    /// common case, is one append; the others are `appendOther(_:)`.
    /// Inlinable, for the rules' origins that Plumb's `RuleBook` appends one
    /// a rule (the call was about 40 instructions of a rule's 100 to register).
    @inlinable @inline(__always)
    public mutating func append(_ origin: RowOrigin) {
        if case .key(let key) = origin, key < 1 << 31, source != nil {
            entries.append(UInt32(key) << 1 | 1)
        } else {
            appendOther(origin)
        }
    }

    /// Appends the entries of rows added with the keys `keys`, in order.
    /// - Precondition: ``source`` is set and every key is below 2³¹.
    mutating func appendKeys(_ keys: UnsafeBufferPointer<UInt32>) {
        precondition(source != nil, "an origin key needs an origin source")
        var all: UInt32 = 0
        for key in keys { all |= key }
        precondition(all < 1 << 31, "origin keys of a block must be below 2³¹")
        let start = entries.count
        entries.append(contentsOf: keys)
        entries.withUnsafeMutableBufferPointer { entry in
            for i in start ..< entry.count { entry[i] = entry[i] << 1 | 1 }
        }
    }

    /// Appends a stored origin, or a key too large for an entry.
    @inline(never) @usableFromInline
    mutating func appendOther(_ origin: RowOrigin) {
        switch origin {
        case .stored(let origin):
            if let last = stored.last, last == origin, let lastEntry = entries.last,
               lastEntry & 1 == 0, Int(lastEntry >> 1) == stored.count - 1 {
                entries.append(lastEntry)
                return
            }
            entries.append(storing(origin))
        case .key:
            // Checked without binding: `guard let` retained and released the
            // source once per row. A key here is 2³¹ or more: ``append(_:)``
            // took the others.
            precondition(source != nil, "an origin key needs an origin source")
            entries.append(storing(resolve(origin)))
        }
    }

    /// Makes row `row`'s origin `origin` (stored from now on).
    mutating func replace(_ row: Int, with origin: Origin) {
        entries[row] = storing(origin)
    }

    /// Keeps `origin` and returns its entry.
    private mutating func storing(_ origin: Origin) -> UInt32 {
        precondition(stored.count < 1 << 31, "more than 2³¹ stored origins")
        stored.append(origin)
        return UInt32(stored.count - 1) << 1
    }
}
