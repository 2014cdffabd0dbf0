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
        } else {
            out.append(contentsOf: value.description.utf8)
        }
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
