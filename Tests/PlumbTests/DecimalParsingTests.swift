import Testing
@testable import Plumb

/// Numbers read by `DecimalParsing.value(of:)` against the standard
/// library's parser: every power of ten of the fast path (scaled up and
/// down), either side of its limits, and the forms the grammar allows.
@Suite struct DecimalParsingTests {
    private func value(_ text: String) -> Double {
        Array(text.utf8).withUnsafeBufferPointer { DecimalParsing.value(of: $0) }
    }

    @Test func everyExactPowerOfTen() {
        for exponent in 0 ... 23 {
            for mantissa in ["1", "7", "123456789012345"] {
                for text in ["\(mantissa)e\(exponent)", "\(mantissa)e-\(exponent)", "-\(mantissa)e\(exponent)"] {
                    #expect(value(text) == Double(text), "\(text)")
                }
            }
        }
    }

    @Test func formsOfTheGrammar() {
        // 1234567890123456789 reads as the nearest Double, 1234567890123456768.
        for (text, expected) in [("0", 0.0), ("16", 16), ("-8.5", -8.5), (".5", 0.5), ("5.", 5), ("0.1", 0.1),
                                 ("1234567890123456789", 1_234_567_890_123_456_768), ("2.5E+3", 2500)] {
            #expect(value(text) == expected, "\(text)")
        }
        #expect(value("-0").sign == .minus)
    }
}
