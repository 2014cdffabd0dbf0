/// Plain decimal text for numbers in frames, origins and messages.
///
/// Integral values are written without a fraction (`16`, not `16.0`); other
/// values use Swift's shortest representation that reads back to the same
/// `Double` (`0.5625`, `1e-05`). Both forms are valid JSON numbers. `-0` is
/// written `0`.
enum NumberFormatting {
    /// Integral values below this magnitude are written digit by digit; it
    /// is below 2⁵³, so every such value is an exact integer.
    private static let integralLimit = 1e15

    /// The text of `value`, as ``appendJSON(_:to:)`` would write it
    /// (`nan`, `inf` and `-inf` for the values JSON cannot hold).
    static func shortest(_ value: Double) -> String {
        guard value.isFinite else { return value.description }
        var bytes = [UInt8]()
        appendJSON(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `value` as a JSON number; `null` for NaN and infinities, which
    /// JSON cannot hold (the solver never produces them from finite input).
    ///
    /// - Complexity: O(digits); no allocation for integral values.
    static func appendJSON(_ value: Double, to out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxJSONLength) { buffer in
            let count = writeJSON(value, to: buffer.baseAddress!)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// The most bytes ``writeJSON(_:to:)`` writes: Swift's longest `description`
    /// of a finite `Double` is 24 characters (`-2.2250738585072014e-308`).
    static let maxJSONLength = 32

    /// Writes `value` as ``appendJSON(_:to:)`` appends it, at `p`, which has
    /// room for ``maxJSONLength`` bytes; returns how many it wrote.
    ///
    /// Whole numbers from 0 to 999 (nine frame values in ten in the
    /// benchmark families) are written here, inlined where frames are
    /// written: their one to three digits with no loop and no call.
    @inline(__always)
    static func writeJSON(_ value: Double, to p: UnsafeMutablePointer<UInt8>) -> Int {
        if value >= 0 && value < 1000 {
            // Truncates, and is exact in this range (`-0` gives 0, written `0`).
            let n = UInt32(value)
            if Double(n) == value { return writeBelowThousand(n, to: p) }
        }
        return writeOtherJSON(value, to: p)
    }

    /// Writes `n` (below 1000) in decimal; returns how many bytes.
    @inline(__always)
    private static func writeBelowThousand(_ n: UInt32, to p: UnsafeMutablePointer<UInt8>) -> Int {
        let zero = UInt8(ascii: "0")
        if n < 10 {
            p[0] = zero &+ UInt8(truncatingIfNeeded: n)
            return 1
        }
        if n < 100 {
            p[0] = zero &+ UInt8(truncatingIfNeeded: n / 10)
            p[1] = zero &+ UInt8(truncatingIfNeeded: n % 10)
            return 2
        }
        let rest = n % 100
        p[0] = zero &+ UInt8(truncatingIfNeeded: n / 100)
        p[1] = zero &+ UInt8(truncatingIfNeeded: rest / 10)
        p[2] = zero &+ UInt8(truncatingIfNeeded: rest % 10)
        return 3
    }

    /// ``writeJSON(_:to:)`` for every value but the whole numbers below 1000.
    private static func writeOtherJSON(_ value: Double, to p: UnsafeMutablePointer<UInt8>) -> Int {
        if !value.isFinite {
            return copy("null".utf8, to: p)
        } else if value.magnitude < integralLimit, Double(Int64(value)) == value {
            // (The conversion truncates and is exact below the limit: the test
            // `value == value.rounded(.towardZero)` without a call into libm.)
            return writeInteger(Int64(value), to: p)
        } else {
            let n = writeShortBinaryFraction(value, to: p)
            return n > 0 ? n : copy(value.description.utf8, to: p)
        }
    }

    private static func copy(_ bytes: some Sequence<UInt8>, to p: UnsafeMutablePointer<UInt8>) -> Int {
        var n = 0
        for b in bytes {
            p[n] = b
            n &+= 1
        }
        return n
    }

    /// Fractions with at most this many binary digits take the fast path
    /// (layout values are mostly halves, quarters, sixteenths...).
    private static let fractionBits = 16
    /// 5⁰ ... 5¹⁶: `m / 2ᵏ == m · 5ᵏ / 10ᵏ`.
    private static let powersOfFive: [UInt64] = (0 ... 16).map { k in (0 ..< k).reduce(1) { p, _ in p * 5 } }
    /// The fast path writes values at least this large without an exponent,
    /// as Swift's `description` does.
    private static let fastPathMinimum = 1e-3
    /// Decimals of at most this many significant digits read back to one
    /// `Double` only (`DBL_DIG`), so such an exact expansion is also the
    /// shortest representation.
    private static let uniqueDigits = 15

    /// Writes `value` digit by digit when it is `n / 2¹⁶` and its exact
    /// decimal expansion has at most 15 significant digits: that expansion is
    /// then the shortest representation that reads back to `value`, the same
    /// text `description` produces. Returns 0, writing nothing, otherwise;
    /// else the bytes written.
    private static func writeShortBinaryFraction(_ value: Double, to p: UnsafeMutablePointer<UInt8>) -> Int {
        let magnitude = value.magnitude
        guard magnitude >= fastPathMinimum, magnitude < integralLimit else { return 0 }
        let scaled = magnitude * Double(1 << fractionBits)  // exact: a power-of-two scale
        guard scaled < 9.007_199_254_740_992e15 else { return 0 }
        let n = UInt64(scaled)
        guard Double(n) == scaled else { return 0 }  // integral: exact below 2⁵³
        let integer = n >> UInt64(fractionBits)
        // low / 2¹⁶ with low = m · 2ᵗ, m odd, is m / 2¹⁶⁻ᵗ: exactly 16 - t
        // decimal digits, m · 5¹⁶⁻ᵗ (the expansion without its trailing zeros).
        let low = n & ((1 << UInt64(fractionBits)) - 1)
        let fractionDigits = low == 0 ? 0 : fractionBits - low.trailingZeroBitCount
        let fraction = low == 0 ? 0 : (low >> UInt64(low.trailingZeroBitCount)) * powersOfFive[fractionDigits]
        var integerDigits = 0
        var i = integer
        while i > 0 { i /= 10; integerDigits += 1 }
        var significant = integerDigits + fractionDigits
        if integer == 0 {
            // Leading zeros of the fraction are not significant.
            var f = fraction, digits = 0
            while f > 0 { f /= 10; digits += 1 }
            significant = digits
        }
        guard significant <= uniqueDigits else { return 0 }
        var count = 0
        if value < 0 {
            p[0] = UInt8(ascii: "-")
            count = 1
        }
        count &+= writeInteger(Int64(integer), to: p + count)
        p[count] = UInt8(ascii: ".")
        count &+= 1
        // The fraction's digits, with its leading zeros, filled from the right.
        var f = fraction
        var k = fractionDigits
        while k > 0 {
            k -= 1
            p[count + k] = UInt8(ascii: "0") &+ UInt8(f % 10)
            f /= 10
        }
        return count + fractionDigits
    }

    /// Appends the decimal digits of `value`.
    static func appendInteger(_ value: Int64, to out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            let count = writeInteger(value, to: buffer.baseAddress!)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// Writes the decimal digits of `value` at `p` (at most 20 bytes);
    /// returns how many it wrote.
    @inline(__always)
    static func writeInteger(_ value: Int64, to p: UnsafeMutablePointer<UInt8>) -> Int {
        if value == 0 {
            p[0] = UInt8(ascii: "0")
            return 1
        }
        var magnitude = value.magnitude
        var count = 0
        if value < 0 {
            p[0] = UInt8(ascii: "-")
            count = 1
        }
        var digits = 1
        var bound: UInt64 = 10
        while digits < 19 && magnitude >= bound {
            bound &*= 10
            digits &+= 1
        }
        // Filled from the right, two digits at a time.
        var k = count &+ digits
        while magnitude >= 100 {
            let pair = UInt8(truncatingIfNeeded: magnitude % 100)
            magnitude /= 100
            k &-= 2
            p[k] = UInt8(ascii: "0") &+ pair / 10
            p[k &+ 1] = UInt8(ascii: "0") &+ pair % 10
        }
        let rest = UInt8(truncatingIfNeeded: magnitude)
        if rest >= 10 {
            p[k &- 2] = UInt8(ascii: "0") &+ rest / 10
            p[k &- 1] = UInt8(ascii: "0") &+ rest % 10
        } else {
            p[k &- 1] = UInt8(ascii: "0") &+ rest
        }
        return count &+ digits
    }
}
