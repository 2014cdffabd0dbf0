/// A hash table from names (byte strings of a ``BytePool``) to their index in
/// the pool, looked up by bytes so that resolving a name allocates nothing.
///
/// Open addressing with linear probing over a power-of-two table kept at most
/// half full; the hash is 64-bit FNV-1a.
struct NameTable: Sendable {
    private var slots: [Int32]
    private var mask: Int
    private(set) var count = 0

    init(capacity: Int = 16) {
        var size = 16
        while size < 2 * capacity { size <<= 1 }
        slots = [Int32](repeating: -1, count: size)
        mask = size - 1
    }

    /// The pool index of `name`, or `nil`.
    ///
    /// - Complexity: O(name length) expected.
    func index(of name: UnsafeBufferPointer<UInt8>, in pool: BytePool) -> Int? {
        var slot = Self.hash(name) & mask
        return slots.withUnsafeBufferPointer { s in
            pool.bytes.withUnsafeBufferPointer { bytes in
                while true {
                    let entry = Int(s[slot])
                    if entry < 0 { return nil }
                    let r = pool.range(entry)
                    if r.count == name.count && memcmpEqual(UnsafeBufferPointer(rebasing: bytes[r]), name) {
                        return entry
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
        if 2 * (count + 1) > slots.count { grow(pool) }
        let existing: Int? = pool.withEntry(entry) { name in
            if let found = index(of: name, in: pool) { return found }
            var slot = Self.hash(name) & mask
            while slots[slot] >= 0 { slot = (slot &+ 1) & mask }
            slots[slot] = Int32(entry)
            return nil
        }
        if existing == nil { count += 1 }
        return existing
    }

    private mutating func grow(_ pool: BytePool) {
        let old = slots
        slots = [Int32](repeating: -1, count: old.count * 2)
        mask = slots.count - 1
        for entry in old where entry >= 0 {
            var slot = pool.withEntry(Int(entry)) { Self.hash($0) } & mask
            while slots[slot] >= 0 { slot = (slot &+ 1) & mask }
            slots[slot] = entry
        }
    }

    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes {
            h ^= UInt64(b)
            h = h &* 0x0000_0100_0000_01b3
        }
        return Int(truncatingIfNeeded: h ^ (h >> 29))
    }
}
