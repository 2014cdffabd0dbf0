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
    /// - Complexity: O(name length) expected.
    func index(of name: UnsafeBufferPointer<UInt8>, in pool: BytePool) -> Int? {
        find(name, tag: Self.tag(of: name), in: pool).entry
    }

    /// The pool index of `name`, whose tag (``tag(of:)``) is `tag`, or `nil`.
    func index(of name: UnsafeBufferPointer<UInt8>, tag: UInt64, in pool: BytePool) -> Int? {
        find(name, tag: tag, in: pool).entry
    }

    /// Where `name` (of tag `tag`) is, or the empty slot where it would go.
    private func find(_ name: UnsafeBufferPointer<UInt8>, tag: UInt64,
                      in pool: BytePool) -> (entry: Int?, slot: Int) {
        var slot = Int(truncatingIfNeeded: tag) & mask
        return slots.withUnsafeBufferPointer { s in
            pool.withBytes { bytes in
                while true {
                    let value = s[slot]
                    if value == Self.empty { return (nil, slot) }
                    if value >> 32 == tag {
                        let entry = Int(UInt32(truncatingIfNeeded: value))
                        let r = pool.range(entry)
                        if r.count == name.count && memcmpEqual(UnsafeBufferPointer(rebasing: bytes[r]), name) {
                            return (entry, slot)
                        }
                    }
                    slot = (slot &+ 1) & mask
                }
            }
        }
    }

    /// Records pool entry `entry` under its name, unless the name is already
    /// there; returns the index already recorded for that name, or `nil`
    /// when `entry` was inserted.
    mutating func insert(_ entry: Int, of pool: BytePool) -> Int? {
        if 2 * (count + 1) > slots.count { grow() }
        let (existing, slot, tag) = pool.withEntry(entry) { name in
            let tag = Self.tag(of: name)
            let (found, slot) = find(name, tag: tag, in: pool)
            return (found, slot, tag)
        }
        if let existing { return existing }
        slots[slot] = tag << 32 | UInt64(UInt32(entry))
        count += 1
        return nil
    }

    /// Doubles the table. A name's home slot is the low bits of its tag,
    /// which the slot keeps: no name is read again.
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
/// The recent names are direct-mapped on the low bits of their tags; every
/// hit is confirmed by comparing the bytes, so a stale or colliding slot or a
/// wrong guess only costs a lookup in the table. A class, so that lookups
/// through a non-mutating scope can fill it.
final class RecentNames {
    private let table: NameTable
    private let pool: BytePool
    /// `tag << 32 | entry`, or `NameTable.empty`.
    private let slots: UnsafeMutablePointer<UInt64>
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
        slots.initialize(repeating: NameTable.empty, count: Self.size)
    }

    deinit { slots.deallocate() }

    /// The pool index of `name`, or `nil`: the same answer as
    /// `table.index(of: name, in: pool)`. Inlined: the call was a tenth of
    /// the cost of a constraint's view lookup in the fast path.
    @inline(__always)
    func index(of name: UnsafeBufferPointer<UInt8>) -> Int? {
        let tag = NameTable.tag(of: name)
        let slot = Int(truncatingIfNeeded: tag) & (Self.size - 1)
        let value = slots[slot]
        if value != NameTable.empty && value >> 32 == tag {
            let entry = Int(UInt32(truncatingIfNeeded: value))
            if pool.entry(entry, equals: name) { return entry }
        }
        guard let entry = afterLast(name) ?? table.index(of: name, tag: tag, in: pool) else { return nil }
        slots[slot] = tag << 32 | UInt64(UInt32(entry))
        next = entry + 1
        return entry
    }

    /// The entry named `name` among the ``window`` entries from ``next`` on.
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
