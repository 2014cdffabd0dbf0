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

    /// Writes `n` (below 1,000,000) in decimal; returns how many bytes. From
    /// 1,000 up, the thousands as ``writeBelowThousand(_:to:)`` writes them
    /// and the last three digits always (`2048` is `2` and `048`), with
    /// no loop: `y` values of 1,000 and more are a quarter of `grid`'s and
    /// `cards`' frame values at 10,000 views.
    @inline(__always)
    private static func writeBelowMillion(_ n: UInt32, to p: UnsafeMutablePointer<UInt8>) -> Int {
        if n < 1000 { return writeBelowThousand(n, to: p) }
        let thousands = n / 1000, rest = n % 1000
        let count = writeBelowThousand(thousands, to: p)
        let zero = UInt8(ascii: "0"), tens = rest % 100
        p[count] = zero &+ UInt8(truncatingIfNeeded: rest / 100)
        p[count &+ 1] = zero &+ UInt8(truncatingIfNeeded: tens / 10)
        p[count &+ 2] = zero &+ UInt8(truncatingIfNeeded: tens % 10)
        return count &+ 3
    }

    /// ``writeJSON(_:to:)`` for every value but the whole numbers below 1000.
    private static func writeOtherJSON(_ value: Double, to p: UnsafeMutablePointer<UInt8>) -> Int {
        if value >= 0 && value < sixteenthsLimit {
            // Truncates, and is exact in this range (as in `writeJSON`).
            let n = UInt32(value * 16)  // exact: a power-of-two scale
            if Double(n) == value * 16 { return writeSixteenths(n, to: p) }
        }
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

    /// Values below this (2²⁴) that are a whole number of sixteenths go
    /// through ``writeSixteenths(_:to:)``: at most eight digits before the
    /// point and four after it, twelve significant digits.
    private static let sixteenthsLimit = 16_777_216.0

    /// Writes `n / 16` (`n` below 2²⁸): the whole part's digits, then for a
    /// fraction its exact decimal digits (`.0625` to `.9375`, trailing zeros
    /// dropped) from a table. At most twelve significant digits, so, as in
    /// ``writeShortBinaryFraction(_:to:)``, the exact expansion is the
    /// shortest text that reads back to the value: the same text. (Half
    /// of `grid`'s frame values are quarters: `89.25`, `105.25`.)
    @inline(__always)
    private static func writeSixteenths(_ n: UInt32, to p: UnsafeMutablePointer<UInt8>) -> Int {
        let whole = n &>> 4
        var count = whole < 1_000_000 ? writeBelowMillion(whole, to: p) : writeInteger(Int64(whole), to: p)
        let low = Int(n & 15)
        if low != 0 {
            // Sixteenth k as ".dddd" (little-endian bytes, unused ones zero) and its length.
            let text: UInt64, length: Int
            switch low {
            case 1: (text, length) = (0x35_32_36_30_2E, 5)  // .0625
            case 2: (text, length) = (0x35_32_31_2E, 4)  // .125
            case 3: (text, length) = (0x35_37_38_31_2E, 5)  // .1875
            case 4: (text, length) = (0x35_32_2E, 3)  // .25
            case 5: (text, length) = (0x35_32_31_33_2E, 5)  // .3125
            case 6: (text, length) = (0x35_37_33_2E, 4)  // .375
            case 7: (text, length) = (0x35_37_33_34_2E, 5)  // .4375
            case 8: (text, length) = (0x35_2E, 2)  // .5
            case 9: (text, length) = (0x35_32_36_35_2E, 5)  // .5625
            case 10: (text, length) = (0x35_32_36_2E, 4)  // .625
            case 11: (text, length) = (0x35_37_38_36_2E, 5)  // .6875
            case 12: (text, length) = (0x35_37_2E, 3)  // .75
            case 13: (text, length) = (0x35_32_31_38_2E, 5)  // .8125
            case 14: (text, length) = (0x35_37_38_2E, 4)  // .875
            default: (text, length) = (0x35_37_33_39_2E, 5)  // .9375
            }
            // Eight bytes stored (room for `maxJSONLength` at `p`), `length` kept.
            UnsafeMutableRawPointer(p + count).storeBytes(of: text.littleEndian, as: UInt64.self)
            count &+= length
        }
        return count
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
    /// else the bytes written. (Called for every value with a fraction:
    /// `cards` and `grid` have one in four or more of their frame values.)
    ///
    /// Digit counts come from comparisons, powers of five from a switch
    /// (a table in the binary) and digits are written two at a time from a
    /// static string of the hundred pairs: no global's initialisation check,
    /// no division loop only to count digits.
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
        // (Integral values never come here: `writeOtherJSON` writes them first.)
        let low = n & ((1 << UInt64(fractionBits)) - 1)
        guard low != 0 else { return 0 }
        let fractionDigits = fractionBits &- low.trailingZeroBitCount
        let fraction = (low >> UInt64(low.trailingZeroBitCount)) &* powerOfFive(fractionDigits)
        let integerDigits = integer == 0 ? 0 : decimalDigits(integer)
        // Leading zeros of the fraction are not significant.
        let significant = integer == 0 ? decimalDigits(fraction) : integerDigits &+ fractionDigits
        guard significant <= uniqueDigits else { return 0 }
        var count = 0
        if value < 0 {
            p[0] = UInt8(ascii: "-")
            count = 1
        }
        if integer == 0 {
            p[count] = UInt8(ascii: "0")
            count &+= 1
        } else {
            writeDigits(integer, count: integerDigits, to: p + count)
            count &+= integerDigits
        }
        p[count] = UInt8(ascii: ".")
        count &+= 1
        // The fraction's digits, with its leading zeros.
        writeDigits(fraction, count: fractionDigits, to: p + count)
        return count &+ fractionDigits
    }

    /// 5ᵏ for `k` in `0 ... 16` (`m / 2ᵏ == m · 5ᵏ / 10ᵏ`).
    @inline(__always)
    private static func powerOfFive(_ k: Int) -> UInt64 {
        switch k {
        case 0: 1
        case 1: 5
        case 2: 25
        case 3: 125
        case 4: 625
        case 5: 3125
        case 6: 15625
        case 7: 78125
        case 8: 390_625
        case 9: 1_953_125
        case 10: 9_765_625
        case 11: 48_828_125
        case 12: 244_140_625
        case 13: 1_220_703_125
        case 14: 6_103_515_625
        case 15: 30_517_578_125
        default: 152_587_890_625
        }
    }

    /// How many decimal digits `x` has (`x` at least 1, below 10¹⁸).
    @inline(__always)
    private static func decimalDigits(_ x: UInt64) -> Int {
        var digits = 1
        var bound: UInt64 = 10
        while x >= bound {
            bound &*= 10
            digits &+= 1
        }
        return digits
    }

    /// Writes the `count` lowest decimal digits of `x` at `p` (leading
    /// zeros included), two at a time from the right.
    @inline(__always)
    private static func writeDigits(_ x: UInt64, count: Int, to p: UnsafeMutablePointer<UInt8>) {
        let pairs: StaticString = """
            00010203040506070809101112131415161718192021222324252627282930313233343536373839\
            40414243444546474849505152535455565758596061626364656667686970717273747576777879\
            8081828384858687888990919293949596979899
            """
        let table = pairs.utf8Start
        var x = x
        var k = count
        while k >= 2 {
            let pair = Int(truncatingIfNeeded: x % 100) &* 2
            x /= 100
            k &-= 2
            p[k] = table[pair]
            p[k &+ 1] = table[pair &+ 1]
        }
        if k == 1 { p[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: x % 10) }
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
