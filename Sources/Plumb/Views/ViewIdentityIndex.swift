/// The views of a tree being laid out, numbered, found by identity: what
/// lowering asks for every constraint (the number of its second view, or
/// whether its first is in the tree).
///
/// An open-addressing table of the views' addresses (unique while the views
/// live, and the tree holds them), probed linearly from a mixed hash of
/// the address. `Dictionary` hashes each key with its seeded
/// hasher, which was a tenth of lowering a tree of 10,000 views.
struct ViewIdentityIndex {
    /// Per slot: a view's address (0 for an empty slot) and its number.
    private var slots: [(key: UInt, value: Int32)]
    /// The table has 2^(64 - shift) slots.
    private let shift: UInt
    private let mask: Int

    /// The index of `views`, numbered by their positions.
    init(_ views: [View]) {
        var bits: UInt = 4
        // At most two thirds full, so that probes stay short.
        while (1 << bits) * 2 < views.count * 3 { bits += 1 }
        shift = 64 - bits
        mask = (1 << bits) - 1
        slots = Array(repeating: (0, 0), count: 1 << bits)
        for (i, view) in views.enumerated() {
            let key = UInt(bitPattern: ObjectIdentifier(view))
            var s = slot(of: key)
            while slots[s].key != 0 { s = (s + 1) & mask }
            slots[s] = (key, Int32(i))
        }
    }

    /// The number of the view with identity `id`, or `nil` when it is not in the tree.
    subscript(id: ObjectIdentifier) -> Int32? {
        let key = UInt(bitPattern: id)
        var s = slot(of: key)
        while true {
            let entry = slots[s]
            if entry.key == key { return entry.value }
            if entry.key == 0 { return nil }
            s = (s + 1) & mask
        }
    }

    /// The first slot to probe for `key`: the top bits of the address
    /// mixed by two multiplications and a shift (the constants of
    /// MurmurHash3's 64-bit finalizer). A single multiplication (Fibonacci
    /// hashing) is linear in the address, so views allocated at regular
    /// strides collided or not depending on the stride: lookups cost 22 to
    /// 86 instructions on average across the `list` and `cards` trees and
    /// object sizes; mixed, 33 on both. Inlined: called, it also made the
    /// compiler outline lowering's loop body.
    @inline(__always)
    private func slot(of key: UInt) -> Int {
        var h = key &* 0xFF51_AFD7_ED55_8CCD
        h ^= h >> 32
        h = h &* 0xC4CE_B9FE_1A85_EC53
        return Int(truncatingIfNeeded: h >> shift)
    }
}
