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
        if !value.isFinite {
            out.append(contentsOf: "null".utf8)
        } else if value.magnitude < integralLimit, value == value.rounded(.towardZero) {
            appendInteger(Int64(value), to: &out)
        } else if !appendShortBinaryFraction(value, to: &out) {
            out.append(contentsOf: value.description.utf8)
        }
    }

    /// Fractions with at most this many binary digits take the fast path
    /// (layout values are mostly halves, quarters, sixteenths...).
    private static let fractionBits = 16
    /// 5¹⁶: `f / 2¹⁶ == f · 5¹⁶ / 10¹⁶`.
    private static let fivePowerFractionBits: UInt64 = 152_587_890_625
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
    /// text `description` produces. Returns `false`, writing nothing, otherwise.
    private static func appendShortBinaryFraction(_ value: Double, to out: inout [UInt8]) -> Bool {
        let magnitude = value.magnitude
        guard magnitude >= fastPathMinimum, magnitude < integralLimit else { return false }
        let scaled = magnitude * Double(1 << fractionBits)  // exact: a power-of-two scale
        guard scaled == scaled.rounded(.towardZero), scaled < 9.007_199_254_740_992e15 else { return false }
        let n = UInt64(scaled)
        let integer = n >> UInt64(fractionBits)
        var fraction = (n & ((1 << UInt64(fractionBits)) - 1)) * fivePowerFractionBits  // 16 decimal digits
        var fractionDigits = fractionBits
        while fraction % 10 == 0 && fractionDigits > 0 {
            fraction /= 10
            fractionDigits -= 1
        }
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
        guard significant <= uniqueDigits else { return false }
        if value < 0 { out.append(UInt8(ascii: "-")) }
        appendInteger(Int64(integer), to: &out)
        out.append(UInt8(ascii: "."))
        // The fraction's digits, with its leading zeros, filled from the right.
        let base = out.count
        out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: fractionDigits))
        var f = fraction
        var k = fractionDigits
        while k > 0 {
            k -= 1
            out[base + k] = UInt8(ascii: "0") &+ UInt8(f % 10)
            f /= 10
        }
        return true
    }

    /// Appends the decimal digits of `value`.
    static func appendInteger(_ value: Int64, to out: inout [UInt8]) {
        if value == 0 {
            out.append(UInt8(ascii: "0"))
            return
        }
        var magnitude = value.magnitude
        if value < 0 { out.append(UInt8(ascii: "-")) }
        // 20 digits hold any UInt64.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            while magnitude > 0 {
                buffer[count] = UInt8(ascii: "0") &+ UInt8(magnitude % 10)
                magnitude /= 10
                count &+= 1
            }
            var i = count
            while i > 0 {
                i &-= 1
                out.append(buffer[i])
            }
        }
    }
}
