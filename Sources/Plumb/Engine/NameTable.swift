/// A hash table from names (byte strings of a ``BytePool``) to their index in
/// the pool, looked up by bytes so that resolving a name allocates nothing.
///
/// Open addressing with linear probing over a power-of-two table kept at most
/// half full; the hash of a name is a 32-bit tag (``tag(of:)``) whose low
/// bits give the home slot. Each slot holds the entry and its name's tag, so
/// a probe that meets another name almost never reads the pool (with a
/// hundred thousand views, the pool's offsets and bytes are cache misses),
/// and growing reads no name again.
struct NameTable: Sendable {
    /// `tag << 32 | entry`, or ``empty``.
    private var slots: [UInt64]
    private var mask: Int
    private(set) var count = 0

    fileprivate static let empty = UInt64.max

    init(capacity: Int = 16) {
        var size = 16
        while size < 2 * capacity { size <<= 1 }
        slots = [UInt64](repeating: Self.empty, count: size)
        mask = size - 1
    }

    /// The pool index of `name`, or `nil`.
    ///
    /// - Complexity: O(name length) expected. Inlined (the document
    /// parser looks parents up by it).
    @inline(__always)
    func index(of name: UnsafeBufferPointer<UInt8>, in pool: BytePool) -> Int? {
        find(name, tag: Self.tag(of: name), in: pool).entry
    }

    /// Where `name` (of tag `tag`) is, or the empty slot where it would go.
    /// Inlined, and without closures: as a call from ``insert(_:of:)``
    /// through the pool's closure, it was three calls an insertion.
    @inline(__always)
    private func find(_ name: UnsafeBufferPointer<UInt8>, tag: UInt64,
                      in pool: BytePool) -> (entry: Int?, slot: Int) {
        var slot = Int(truncatingIfNeeded: tag) & mask
        return slots.withUnsafeBufferPointer { s in
            while true {
                let value = s[slot]
                if value == Self.empty { return (nil, slot) }
                if value >> 32 == tag {
                    let entry = Int(UInt32(truncatingIfNeeded: value))
                    if pool.entry(entry, equals: name) { return (entry, slot) }
                }
                slot = (slot &+ 1) & mask
            }
        }
    }

    /// Records pool entry `entry` under its name, unless the name is already
    /// there; returns the index already recorded for that name, or `nil`
    /// when `entry` was inserted.
    mutating func insert(_ entry: Int, of pool: BytePool) -> Int? {
        pool.withEntry(entry) { name in insert(entry, named: name, tag: Self.tag(of: name), in: pool) }
    }

    /// ``insert(_:of:)`` for a caller that has the entry's bytes at hand
    /// (`name`, equal to entry `entry` of `pool`: the document parser has
    /// the id it has just scanned) and its tag (``tag(of:)``): the pool is
    /// read only to compare a name whose tag is the same. Inlined; one probe.
    @inline(__always)
    mutating func insert(_ entry: Int, named name: UnsafeBufferPointer<UInt8>, tag: UInt64, in pool: BytePool) -> Int? {
        if _slowPath(2 * (count + 1) > slots.count) { grow() }
        let (existing, slot) = find(name, tag: tag, in: pool)
        if let existing { return existing }
        slots.withUnsafeMutableBufferPointer { $0[slot] = tag << 32 | UInt64(UInt32(truncatingIfNeeded: entry)) }
        count &+= 1
        return nil
    }

    /// Doubles the table. A name's home slot is the low bits of its tag,
    /// which the slot keeps: no name is read again.
    @inline(never)
    private mutating func grow() {
        let old = slots
        slots = [UInt64](repeating: Self.empty, count: old.count * 2)
        mask = slots.count - 1
        for value in old where value != Self.empty {
            var slot = Int(truncatingIfNeeded: value >> 32) & mask
            while slots[slot] != Self.empty { slot = (slot &+ 1) & mask }
            slots[slot] = value
        }
    }

    /// The 32-bit tag of a name, whose low bits (the home slot) and the rest
    /// (compared on probes) both depend on every byte.
    ///
    /// Read a word at a time, as short keys are in wyhash: eight bytes per
    /// step and the last eight overlapping, or for a name of four to seven
    /// bytes its first and last four, or for one to three bytes its first,
    /// middle and last; the length is mixed in, so overlapping reads cannot
    /// make two names alike. Each step is one full-width multiply (FNV-1a's
    /// byte-serial multiplies showed in profiles of documents with short ids).
    @inline(__always)
    static func tag(of bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let n = bytes.count
        var h = mix(0x243F_6A88_85A3_08D3 ^ UInt64(n))
        guard let base = bytes.baseAddress, n > 0 else { return h >> 32 }
        let p = UnsafeRawPointer(base)
        @inline(__always) func word(_ at: Int) -> UInt64 { p.loadUnaligned(fromByteOffset: at, as: UInt64.self) }
        @inline(__always) func half(_ at: Int) -> UInt64 { UInt64(p.loadUnaligned(fromByteOffset: at, as: UInt32.self)) }
        if n >= 8 {
            var at = 0
            while at + 8 < n {
                h = mix(h ^ word(at))
                at += 8
            }
            h = mix(h ^ word(n - 8))
        } else if n >= 4 {
            h = mix(h ^ (half(0) << 32 | half(n - 4)))
        } else {
            h = mix(h ^ (UInt64(base[0]) << 16 | UInt64(base[n >> 1]) << 8 | UInt64(base[n - 1])))
        }
        return h >> 32
    }

    /// Both halves of a full-width product by an odd constant, folded.
    @inline(__always)
    private static func mix(_ x: UInt64) -> UInt64 {
        let product = x.multipliedFullWidth(by: 0x9E37_79B9_7F4A_7C15)
        return product.high ^ product.low
    }
}

/// A ``NameTable`` with the names found last in front of it: documents name
/// the same few views in consecutive constraints (`cell7`, `icon7`, `cell6`),
/// and name new views in about the order they were listed. With a hundred
/// thousand views, each lookup in the table misses the cache at its slot,
/// the pool's offsets and the name's bytes; here a name found recently, or
/// one of the few entries after the last one found, is found among bytes
/// that are still in the cache (or read in order).
///
/// The recent names are direct-mapped on a hash of their bytes, and each
/// slot keeps the name itself as a key of two words and its length
/// (``key(of:)``): for a name of up to sixteen bytes the key is its bytes,
/// so a hit is decided by comparing two words, without the pool or the
/// name's tag (which is computed only on a miss, for the table). A longer
/// name's key is its first and last eight bytes, and a hit on it is
/// confirmed by comparing the bytes in the pool. A stale or colliding slot
/// or a wrong guess only costs a lookup in the table. A class, so that
/// lookups through a non-mutating scope can fill it.
final class RecentNames {
    private let table: NameTable
    private let pool: BytePool
    /// A name's key (``key(of:)``) and `length << 32 | entry`, with bit 31
    /// (``namesOne``) set once the name is known to be one name as the
    /// scanner reads one (``index(ofName:)``); a length of 0 marks an empty
    /// slot (the empty name is never kept).
    private struct Slot {
        var head: UInt64 = 0
        var tail: UInt64 = 0
        var lengthAndEntry: UInt64 = 0
    }

    private let slots: UnsafeMutablePointer<Slot>
    private static let size = 64
    /// The entry after the last one found outside the recent names.
    private var next: Int
    /// How many entries from ``next`` on are compared before the table, or 0
    /// when the pool's entries are not all in the table (a duplicate name
    /// there would be found where the table has the first one).
    private let window: Int

    /// Looks names up in `table`, whose entries are in `pool`; entries before
    /// `firstEntry` are not names (a document's entry 0 stands for the root).
    init(_ table: NameTable, pool: BytePool, firstEntry: Int) {
        self.table = table
        self.pool = pool
        next = firstEntry
        window = table.count == pool.count - firstEntry ? 4 : 0
        slots = .allocate(capacity: Self.size)
        slots.initialize(repeating: Slot(), count: Self.size)
    }

    deinit { slots.deallocate() }

    /// Two words that, with the length, are the bytes of a name of one to
    /// sixteen bytes: its first eight and last eight (overlapping), or for
    /// four to seven bytes its first four and last four, or for one to
    /// three its first, middle and last byte (as ``NameTable/tag(of:)``
    /// reads them; no read leaves the name). For a longer name, its first
    /// and last eight bytes. `(0, 0)` for the empty name.
    @inline(__always)
    static func key(of name: UnsafeBufferPointer<UInt8>) -> (head: UInt64, tail: UInt64) {
        let n = name.count
        guard let base = name.baseAddress, n > 0 else { return (0, 0) }
        let p = UnsafeRawPointer(base)
        if n >= 8 {
            return (p.loadUnaligned(as: UInt64.self), p.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self))
        }
        if n >= 4 {
            let first = UInt64(p.loadUnaligned(as: UInt32.self))
            let last = UInt64(p.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self))
            return (first | last << 32, 0)
        }
        return (UInt64(base[0]) | UInt64(base[n >> 1]) << 8 | UInt64(base[n - 1]) << 16, 0)
    }

    /// The pool index of `name`, or `nil`: the same answer as
    /// `table.index(of: name, in: pool)`. Inlined: the call was a tenth of
    /// the cost of a constraint's view lookup in the fast path.
    @inline(__always)
    func index(of name: UnsafeBufferPointer<UInt8>) -> Int? {
        let n = name.count
        let (head, tail) = Self.key(of: name)
        let slot = slot(head: head, tail: tail, length: n)
        let kept = slot.pointee
        if kept.lengthAndEntry >> 32 == UInt64(truncatingIfNeeded: n), kept.head == head, kept.tail == tail, n > 0 {
            let entry = Int(UInt32(truncatingIfNeeded: kept.lengthAndEntry) & Self.entryBits)
            if n <= 16 || pool.entry(entry, equals: name) { return entry }
        }
        return miss(name, slot: slot, head: head, tail: tail)
    }

    /// Marks a slot whose name is one name as ``ByteScanner`` reads one.
    private static let namesOne: UInt32 = 1 << 31
    /// The entry's bits of a slot's low word.
    private static let entryBits: UInt32 = 0x7FFF_FFFF

    /// ``index(of:)`` for bytes that must also be one name as
    /// ``ByteScanner`` reads one (``ByteScanner/isName(_:)``), or `nil`:
    /// a view's id may be any string, and the constraint templates leave
    /// this test of a second view's name to its lookup. A name of up to
    /// sixteen bytes found in its recent slot is tested on the slot's key,
    /// which is its bytes, and the slot marked: a later hit costs one bit's
    /// test more than ``index(of:)``.
    @inline(__always)
    func index(ofName name: UnsafeBufferPointer<UInt8>) -> Int? {
        let n = name.count
        let (head, tail) = Self.key(of: name)
        let slot = slot(head: head, tail: tail, length: n)
        let kept = slot.pointee
        if kept.lengthAndEntry >> 32 == UInt64(truncatingIfNeeded: n), kept.head == head, kept.tail == tail, n > 0, n <= 16 {
            let low = UInt32(truncatingIfNeeded: kept.lengthAndEntry)
            if low & Self.namesOne == 0 {
                guard Self.keyIsName(head: head, tail: tail, length: n) else { return nil }
                slot.pointee.lengthAndEntry = kept.lengthAndEntry | UInt64(Self.namesOne)
            }
            return Int(low & Self.entryBits)
        }
        return unmarked(name, slot: slot)
    }

    /// Whether a name of one to sixteen bytes whose key is `head`, `tail`
    /// (``key(of:)``: every byte of the name is in it) is one name as
    /// ``ByteScanner/isName(_:)`` says.
    @inline(__always)
    static func keyIsName(head: UInt64, tail: UInt64, length n: Int) -> Bool {
        // One to three bytes: the key's low three bytes; four to seven: all of `head`; more: both words.
        let notContinuing = n < 8 ? ByteScanner.notNameContinuations(head) & (n < 4 ? 0x80_8080 : ~0)
            : ByteScanner.notNameContinuations(head) | ByteScanner.notNameContinuations(tail)
        return notContinuing == 0 && ByteScanner.isNameStart(UInt8(truncatingIfNeeded: head))
    }

    /// ``index(ofName:)`` for a name not in its recent slot, or longer than
    /// sixteen bytes: its bytes tested, then looked up; the slot, which
    /// then holds it, marked.
    @inline(never)
    private func unmarked(_ name: UnsafeBufferPointer<UInt8>, slot: UnsafeMutablePointer<Slot>) -> Int? {
        guard ByteScanner.isName(name), let entry = index(of: name) else { return nil }
        if slot.pointee.lengthAndEntry == UInt64(name.count) << 32 | UInt64(UInt32(entry)) {
            slot.pointee.lengthAndEntry |= UInt64(Self.namesOne)
        }
        return entry
    }

    /// The recent slot of a name of `length` bytes whose key is `head`, `tail`.
    @inline(__always)
    private func slot(head: UInt64, tail: UInt64, length: Int) -> UnsafeMutablePointer<Slot> {
        let mixed = (head ^ tail &* 0xC2B2_AE3D_27D4_EB4F ^ UInt64(truncatingIfNeeded: length)) &* 0x9E37_79B9_7F4A_7C15
        return slots + Int(truncatingIfNeeded: mixed >> 58)
    }

    /// ``index(of:)`` for a name that is most likely the entry after the
    /// last one found outside the recent names: a rule's own view, as rules
    /// name new views in the order they were listed (and miss the recent
    /// names). That entry is compared first, before the name's slot; found
    /// there, the name is kept in its slot as a miss keeps it. The same
    /// answer: with ``window`` above 0 every name is the pool's only entry
    /// of its bytes, so its slot could hold no other entry for it.
    @inline(__always)
    func index(ofLikelyNext name: UnsafeBufferPointer<UInt8>) -> Int? {
        let entry = next
        let n = name.count
        if window > 0, n > 0, entry < pool.count, pool.entry(entry, equals: name) {
            let (head, tail) = Self.key(of: name)
            slot(head: head, tail: tail, length: n).pointee =
                Slot(head: head, tail: tail, lengthAndEntry: UInt64(n) << 32 | UInt64(UInt32(entry)))
            next = entry + 1
            return entry
        }
        return index(of: name)
    }

    /// ``index(of:)`` when `name` is not in its recent slot: the entries
    /// after the last one found, then the table; a name found is kept in
    /// `slot` (the empty name is not).
    private func miss(_ name: UnsafeBufferPointer<UInt8>, slot: UnsafeMutablePointer<Slot>,
                      head: UInt64, tail: UInt64) -> Int? {
        guard let entry = afterLast(name) ?? table.index(of: name, in: pool) else { return nil }
        if name.count > 0 {
            slot.pointee = Slot(head: head, tail: tail,
                                lengthAndEntry: UInt64(name.count) << 32 | UInt64(UInt32(entry)))
        }
        next = entry + 1
        return entry
    }

    /// The entry named `name` among the ``window`` entries from ``next`` on.
    /// Inlined into ``miss(_:slot:head:tail:)``, its one caller.
    @inline(__always)
    private func afterLast(_ name: UnsafeBufferPointer<UInt8>) -> Int? {
        let end = min(next + window, pool.count)
        var entry = next
        while entry < end {
            if pool.entry(entry, equals: name) { return entry }
            entry += 1
        }
        return nil
    }
}
