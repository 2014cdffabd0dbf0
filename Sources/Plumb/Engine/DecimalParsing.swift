/// Reads decimal numbers from UTF-8 bytes without making a `String` in the
/// common case. Shared by the Simple Format Language lexer and the JSON reader.
enum DecimalParsing {
    /// Exact powers of ten representable in a `Double` (10⁰ … 10²²).
    private static let exactPowersOfTen: [Double] = (0 ... 22).map { exponent in
        var p = 1.0
        for _ in 0 ..< exponent { p *= 10 }
        return p
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
            let scaled = exponent >= 0 ? m * exactPowersOfTen[exponent] : m / exactPowersOfTen[-exponent]
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
