/// Reads decimal numbers from UTF-8 bytes without making a `String` in the
/// common case. Shared by the Simple Format Language lexer and the JSON reader.
enum DecimalParsing {
    /// 10^`exponent`, exact in a `Double` for `exponent` in 0 ... 22.
    ///
    /// A switch of constants rather than a static array: the compiler makes
    /// it a table in read-only data, so reading it costs no `swift_once` and
    /// no bounds check on every number.
    @inline(__always)
    private static func exactPowerOfTen(_ exponent: Int) -> Double {
        switch exponent {
        case 0: 1e0
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        case 18: 1e18
        case 19: 1e19
        case 20: 1e20
        case 21: 1e21
        default: 1e22
        }
    }

    /// Significant digits that always fit below 2⁵³ exactly.
    private static let exactDigits = 15

    /// The value of a number whose bytes the caller's grammar already accepted:
    /// an optional `-`, digits with an optional `.` fraction (either side may
    /// be empty but not both), then an optional exponent `e`/`E`, sign, digits.
    ///
    /// With at most 15 significant digits and a decimal exponent of at most
    /// 22 in magnitude, the value is one exact multiplication or division of
    /// two exactly representable doubles, hence correctly rounded (Clinger's
    /// fast path). Anything else goes through the standard library's parser.
    /// Overflow gives an infinity, which callers report.
    ///
    /// - Complexity: O(bytes).
    static func value(of bytes: UnsafeBufferPointer<UInt8>) -> Double {
        var i = 0
        let n = bytes.count
        var negative = false
        if i < n, bytes[i] == UInt8(ascii: "-") {
            negative = true
            i += 1
        }
        var mantissa: UInt64 = 0
        var significant = 0
        var exponent = 0
        var sawNonzero = false
        while i < n, bytes[i] &- UInt8(ascii: "0") < 10 {
            let digit = bytes[i] &- UInt8(ascii: "0")
            if digit != 0 || sawNonzero {
                sawNonzero = true
                if significant < 19 { mantissa = mantissa &* 10 &+ UInt64(digit) } else { exponent += 1 }
                significant += 1
            }
            i += 1
        }
        if i < n, bytes[i] == UInt8(ascii: ".") {
            i += 1
            while i < n, bytes[i] &- UInt8(ascii: "0") < 10 {
                let digit = bytes[i] &- UInt8(ascii: "0")
                if digit != 0 || sawNonzero {
                    sawNonzero = true
                    if significant < 19 {
                        mantissa = mantissa &* 10 &+ UInt64(digit)
                        exponent -= 1
                    }
                    significant += 1
                } else {
                    exponent -= 1
                }
                i += 1
            }
        }
        if i < n, bytes[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            var exponentNegative = false
            if i < n, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
                exponentNegative = bytes[i] == UInt8(ascii: "-")
                i += 1
            }
            var written = 0
            while i < n, bytes[i] &- UInt8(ascii: "0") < 10 {
                // Saturate: anything this large overflows or underflows anyway.
                if written < 100_000 { written = written * 10 + Int(bytes[i] &- UInt8(ascii: "0")) }
                i += 1
            }
            exponent += exponentNegative ? -written : written
        }
        if !sawNonzero { return negative ? -0.0 : 0 }
        if significant <= exactDigits && exponent.magnitude <= 22 {
            let m = Double(mantissa)
            let scaled = exponent >= 0 ? m * exactPowerOfTen(exponent) : m / exactPowerOfTen(-exponent)
            return negative ? -scaled : scaled
        }
        return slowValue(of: bytes)
    }

    /// The standard library's parser, after writing a `0` on each empty side
    /// of the `.` (our grammar allows `.5` and `5.`; the standard library does not).
    private static func slowValue(of bytes: UnsafeBufferPointer<UInt8>) -> Double {
        var normalized = [UInt8]()
        normalized.reserveCapacity(bytes.count + 2)
        for (i, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: ".") {
                let before = normalized.last.map { $0 &- UInt8(ascii: "0") < 10 } ?? false
                if !before { normalized.append(UInt8(ascii: "0")) }
                normalized.append(byte)
                let after = i + 1 < bytes.count && bytes[i + 1] &- UInt8(ascii: "0") < 10
                if !after { normalized.append(UInt8(ascii: "0")) }
            } else {
                normalized.append(byte)
            }
        }
        return Double(String(decoding: normalized, as: UTF8.self)) ?? .nan
    }
}
