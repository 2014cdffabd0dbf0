/// Classes of variables tied by `x = sign · y + offset` with `sign` ±1, kept
/// by union-find with path compression: each variable is
/// `sign · representative + offset`.
///
/// `plumb check` uses it twice: `SystemDiagnosis` to gather the variables
/// that required rows hold at constant differences (every sign 1), and
/// PlumbClp's `PinnedPairs` to merge the variables that required pairs pin
/// to each other (`x = y + c` or `x = −y + c`). With every sign 1 the
/// arithmetic is the plain offset sums, to the bit.
public struct AffineClasses: Sendable {
    private var parent: [Int32]
    private var sign: [Double]
    private var offset: [Double]

    /// `count` variables, each its own class.
    public init(count: Int) {
        parent = [Int32](unsafeUninitializedCapacity: count) { buffer, initialized in
            for i in 0 ..< count { buffer[i] = Int32(truncatingIfNeeded: i) }
            initialized = count
        }
        sign = [Double](repeating: 1, count: count)
        offset = [Double](repeating: 0, count: count)
    }

    /// `x`'s representative `r`, with `x = sign · r + offset`.
    public mutating func find(_ x: Int32) -> (root: Int32, sign: Double, offset: Double) {
        var root = x, s = 1.0, o = 0.0
        // x = s · root + o along the path.
        while parent[Int(root)] != root {
            o += s * offset[Int(root)]
            s *= sign[Int(root)]
            root = parent[Int(root)]
        }
        // Point the path straight at the root. At w, w = ws · root + wo; w's
        // own link is w = own.s · next + own.o, so
        // next = own.s · (w − own.o) = (own.s · ws) · root + own.s · (wo − own.o).
        var w = x, ws = s, wo = o
        while parent[Int(w)] != w {
            let next = parent[Int(w)], ownSign = sign[Int(w)], ownOffset = offset[Int(w)]
            parent[Int(w)] = root
            sign[Int(w)] = ws
            offset[Int(w)] = wo
            ws = ownSign * ws
            wo = ownSign * (wo - ownOffset)
            w = next
        }
        return (root, s, o)
    }

    /// Records `x = sign · y + offset` (`sign` ±1); false, and nothing
    /// recorded, when `x` and `y` are in one class already.
    @discardableResult
    public mutating func union(_ x: Int32, _ y: Int32, sign s: Double = 1, offset d: Double) -> Bool {
        let (rx, sx, ox) = find(x), (ry, sy, oy) = find(y)
        guard rx != ry else { return false }
        // sx · rx + ox = s · (sy · ry + oy) + d, and 1 / sx = sx.
        parent[Int(rx)] = ry
        sign[Int(rx)] = sx * s * sy
        offset[Int(rx)] = sx * (s * oy + d - ox)
        return true
    }
}
