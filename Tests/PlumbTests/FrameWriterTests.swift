import Testing
import PlumbTestSupport
@testable import Plumb

@Suite struct FrameWriterTests {
    @Test func format() {
        let bytes = FrameWriter.json(
            ids: ["root", "a", "q\"\\\n\u{1}"],
            frames: [rect(0, 0, 320, 480), rect(-16, 0.5625, 1e-5, 123456.789), rect(-0.0, 1e20, 1.0 / 3, 2)])
        #expect(String(decoding: bytes, as: UTF8.self) == """
            {"frames": {
              "root": [0, 0, 320, 480],
              "a": [-16, 0.5625, 1e-05, 123456.789],
              "q\\"\\\\\\n\\u0001": [0, 1e+20, 0.3333333333333333, 2]
            }}

            """)
        #expect(String(decoding: FrameWriter.json(ids: [], frames: []), as: UTF8.self) == "{\"frames\": {}}\n")
    }

    /// Ids written once (`FrameWriter.Keys`, for `plumb sweep`) give the same bytes.
    @Test func keysWriteTheSameBytes() {
        let ids = ["root", "a", "q\"\\\n\u{1}", "é"]
        let frames = [rect(0, 0, 320, 480), rect(-16, 0.5625, 1e-5, 123456.789),
                      rect(-0.0, 1e20, 1.0 / 3, 2), rect(.nan, 7, 8, 9)]
        for oneLine in [true, false] {
            for n in [0, 1, ids.count] {
                var plain: [UInt8] = [], keyed: [UInt8] = []
                FrameWriter.appendFrames(ids: Array(ids[..<n]), frames: Array(frames[..<n]), oneLine: oneLine, to: &plain)
                let keys = FrameWriter.Keys(ids: Array(ids[..<n]), oneLine: oneLine)
                FrameWriter.appendFrames(keys, frames: Array(frames[..<n]), to: &keyed)
                FrameWriter.appendFrames(keys, frames: Array(frames[..<n]), to: &keyed)  // reusable
                #expect(String(decoding: keyed, as: UTF8.self) == String(decoding: plain + plain, as: UTF8.self))
            }
        }
    }

    /// Many frames (the writer fills its output a block of frames at a
    /// time) give, around and across block boundaries, exactly the bytes of
    /// a plain writer made here from the format: key, `: [`, four numbers
    /// joined by `, `, `]`, frames joined by `, ` (one line) or `,\n  `.
    /// With and without ids that need escaping (the keys are then written
    /// one by one, or copied whole: the first such id comes after plain
    /// ones, so the copy is given up part way), with ids longer than a
    /// small string's 15 bytes and ids that are not ASCII, and ids of 70
    /// bytes and more, one of them longer than the writer's 16 KiB scratch
    /// buffer (appended on its own).
    @Test(arguments: [true, false]) func manyFramesMatchAPlainWriter(escaping: Bool) {
        var random = SplitMix64(seed: 7)
        for n in [1, 255, 256, 257, 513, 700] {
            let ids = (0 ..< n).map { i in
                escaping && i % 97 == 3 ? "id\"\(i)"
                    : i % 211 == 7 ? String(repeating: "w", count: i == 7 ? 20_000 : 70 + i)
                    : i % 5 == 0 ? "a-view-with-a-long-identifier-\(i)" : i % 7 == 0 ? "vué\(i)" : "view\(i)"
            }
            let frames = (0 ..< n).map { _ in
                rect(Double(Int.random(in: -500 ... 500, using: &random)) / 16,
                     Double.random(in: -1e6 ... 1e6, using: &random),
                     [0, 1.0 / 3, 1e-7, 123456.5].randomElement(using: &random)!,
                     Double(Int.random(in: 0 ... 9999, using: &random)))
            }
            for oneLine in [true, false] {
                var expected: [UInt8] = Array("{".utf8)
                if !oneLine { expected += Array("\n  ".utf8) }
                for i in 0 ..< n {
                    if i > 0 { expected += Array((oneLine ? ", " : ",\n  ").utf8) }
                    FrameWriter.appendString(ids[i], to: &expected)
                    expected += Array(": [".utf8)
                    let f = frames[i]
                    for (k, x) in [f.x, f.y, f.width, f.height].enumerated() {
                        if k > 0 { expected += Array(", ".utf8) }
                        FrameWriter.appendNumber(x, to: &expected)
                    }
                    expected += Array("]".utf8)
                }
                if !oneLine { expected += Array("\n".utf8) }
                expected += Array("}".utf8)
                var written: [UInt8] = []
                FrameWriter.appendFrames(ids: ids, frames: frames, oneLine: oneLine, to: &written)
                #expect(written == expected, "\(n) frames, oneLine \(oneLine)")
            }
        }
    }

    /// The output buffer is reserved once and not grown for frames as long
    /// as `cards`' at 100,000 views (`"img12345": [518, 101234.875, 494,
    /// 277.875]`, about 46 bytes a line with its separator): its capacity stays below twice
    /// the reservation (a growth doubles it), on one thread and on two
    /// (whose joined chunks are the same bytes as one thread's).
    @Test func cardsLikeFramesFitTheReservation() {
        var random = SplitMix64(seed: 48)
        for n in [1_000, 5_000] {
            let ids = (0 ..< n).map { "img\(10_000 + $0)" }
            let frames = (0 ..< n).map { i in
                rect(518, 100_000 + Double(i) + Double(Int.random(in: 0 ... 15, using: &random)) / 16, 494,
                     277.875)
            }
            let reserved = 16 + n * FrameWriter.bytesPerFrame
            let one = FrameWriter.json(ids: ids, frames: frames)
            #expect(one.count > n * 43, "\(n)")
            #expect(one.capacity < 2 * reserved, "\(n): capacity \(one.capacity), reserved \(reserved)")
            var threads = LoweringThreads(2)
            threads.frameThreshold = 2
            threads.waitsForHelper = true
            let two = FrameWriter.json(ids: ids, frames: frames, threads: threads)
            #expect(two == one, "\(n)")
            #expect(two.capacity < 2 * reserved, "\(n): capacity \(two.capacity), reserved \(reserved)")
        }
    }

    /// Ids are checked for bytes to escape a word at a time: every byte
    /// value at every position of buffers of 1 to 20 bytes (the rest plain
    /// letters, and the rest bytes of 0x80 and up, which are not escaped),
    /// and random buffers, against the byte-by-byte definition.
    @Test func bytesToEscapeAreFoundAsByteByByte() {
        func check(_ bytes: [UInt8]) {
            let expected = bytes.contains(where: FrameWriter.needsEscaping)
            bytes.withUnsafeBufferPointer { buffer in
                #expect(FrameWriter.hasByteToEscape(buffer) == expected, "\(bytes)")
            }
        }
        check([])
        var compared = 0
        for length in 1 ... 20 {
            for filler in [UInt8(ascii: "a"), 0x80, 0xE9, 0xFF, 0x21, 0x5D] {
                for position in 0 ..< length {
                    for byte in 0 ... 255 {
                        var bytes = [UInt8](repeating: filler, count: length)
                        bytes[position] = UInt8(byte)
                        check(bytes)
                        compared += 1
                    }
                }
            }
        }
        var random = SplitMix64(seed: 0xE5C)
        for _ in 0 ..< 20_000 {
            let length = Int(random.next() % 40)
            // Mostly plain bytes, now and then a special one.
            check((0 ..< length).map { _ in
                random.next() % 50 == 0 ? UInt8(truncatingIfNeeded: random.next() % 0x23) : UInt8(0x23 + random.next() % 0xDC)
            })
        }
        #expect(compared == 6 * 256 * 210)
    }

    /// The output is valid JSON that reads back (through our own reader) to the same numbers.
    @Test func roundTrip() throws {
        let values: [Double] = [0, 1, -1, 0.1, 2.0 / 3, 1e15, 1e15 + 1, 123.456e-7, -987654321.125, .leastNonzeroMagnitude, 1.7976931348623157e308]
        let frames = stride(from: 0, to: values.count, by: 1).map { i in
            rect(values[i], values[(i + 1) % values.count], values[(i + 2) % values.count], values[(i + 3) % values.count])
        }
        let ids = frames.indices.map { "v\($0)" }
        let bytes = FrameWriter.json(ids: ids, frames: frames)
        var read: [Double] = []
        try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
            var reader = JSONReader(buffer)
            try reader.openObject(depth: 0)
            var first = true
            while try reader.nextKey(&first) != nil {
                try reader.openObject(depth: 1)
                var firstView = true
                while try reader.nextKey(&firstView) != nil {
                    try reader.openArray(depth: 2)
                    var firstNumber = true
                    while try reader.nextElement(&firstNumber) { read.append(try reader.readNumber()) }
                }
            }
        }
        #expect(read == frames.flatMap { [$0.x, $0.y, $0.width, $0.height] })
    }
}

@Suite struct NumberFormattingTests {
    /// The digit-by-digit fast path writes exactly what Swift's shortest
    /// `description` writes, for dyadic fractions of every size it takes.
    @Test func fastPathMatchesDescription() {
        var rng = SplitMix64(seed: 0x5EED)
        for _ in 0 ..< 20_000 {
            let bits = Int(rng.next() % 17)
            let magnitude = Double(rng.next() % (1 << 40)) / Double(1 << 20)
            var v = (magnitude * Double(1 << bits)).rounded() / Double(1 << bits)
            if rng.next() % 2 == 0 { v = -v }
            let written = NumberFormatting.shortest(v)
            let expected = v == v.rounded(.towardZero) && v.magnitude < 1e15
                ? String(Int64(v)) : v.description
            #expect(written == expected, "\(v)")
            #expect(Double(written) == v)
        }
        #expect(NumberFormatting.shortest(0.0001) == "0.0001")
        #expect(NumberFormatting.shortest(1.0 / 1024) == "0.0009765625")
        #expect(NumberFormatting.shortest(-281.53125) == "-281.53125")
        #expect(NumberFormatting.shortest(123456789.0625) == "123456789.0625")
        #expect(NumberFormatting.shortest(12345678901.00001525878906) == "12345678901.000015")
        // The longest texts, written through the fixed-size buffer.
        for v in [-2.2250738585072014e-308, -1.7976931348623157e308, -Double.leastNonzeroMagnitude,
                  -0.12345678901234568, -1e15 - 0.5, -0.0, 1.0 / 65536] {
            #expect(NumberFormatting.shortest(v) == (v == 0 ? "0" : v.description), "\(v)")
        }
        var json: [UInt8] = []
        FrameWriter.appendNumber(.nan, to: &json)
        FrameWriter.appendNumber(-.infinity, to: &json)
        #expect(String(decoding: json, as: UTF8.self) == "nullnull")
    }

    /// Every length of fraction the fast path takes, one to sixteen binary
    /// digits (each power of five), after whole parts of every length from
    /// none to fifteen digits and their neighbours (10ᵏ - 1, 10ᵏ), both
    /// signs: what `description` writes (or `String` for a sum that rounds
    /// to a whole number), also when the digits are too many for the fast
    /// path (which then leaves the value to `description`).
    @Test func everyFractionLengthMatchesDescription() {
        var wholes: [UInt64] = [0, 1, 7]
        var power: UInt64 = 1
        for _ in 0 ..< 15 {
            power *= 10
            wholes += [power - 1, power, power + 3]
        }
        var random = SplitMix64(seed: 0xF4AC)
        var compared = 0
        for bits in 1 ... 16 {
            for whole in wholes where Double(whole) < 1e15 {
                for _ in 0 ..< 4 {
                    // An odd numerator: exactly `bits` binary digits.
                    let numerator = (random.next() % (1 << UInt64(bits - 1))) * 2 + 1
                    for sign in [1.0, -1.0] {
                        let v = sign * (Double(whole) + Double(numerator) / Double(1 << UInt64(bits)))
                        // (A large whole part can round the sum to a whole number: written as one.)
                        let expected = v == v.rounded(.towardZero) && v.magnitude < 1e15 ? String(Int64(v)) : v.description
                        #expect(NumberFormatting.shortest(v) == expected, "\(whole) + \(numerator)/2^\(bits)")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared > 3000)
    }

    /// Integers are written two digits at a time, after counting their
    /// digits: every length from 1 to 19 digits, both signs, and the ends of
    /// `Int64`, as `String` writes them.
    @Test func integersMatchString() {
        var values: [Int64] = [0, 1, -1, 9, 10, 11, 99, 100, 101, 999, 1000, 1001, .max, .min, .max - 1, .min + 1]
        var power: Int64 = 1
        for _ in 0 ..< 18 {
            power *= 10
            values += [power - 1, power, power + 1, -(power - 1), -power]
        }
        var rng = SplitMix64(seed: 0xD161)
        for _ in 0 ..< 20_000 {
            let v = Int64(bitPattern: rng.next()) >> (rng.next() % 64)
            values.append(v)
        }
        for v in values {
            var bytes: [UInt8] = []
            NumberFormatting.appendInteger(v, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == String(v), "\(v)")
        }
        // Integral doubles below 10¹⁵ go the same way, -0 as 0.
        for v in [-0.0, 0, 7, -7, 65536, 999_999_999_999_999, -999_999_999_999_999] {
            #expect(NumberFormatting.shortest(v) == String(Int64(v)), "\(v)")
        }
        #expect(NumberFormatting.shortest(1e15) == 1e15.description)
    }

    /// Non-negative sixteenths below 2²⁴ take a path of their own (the
    /// whole part, then the fraction's digits from a table): every
    /// sixteenth below 1,100 and from 2²⁴ - 1,100 to 2²⁴ + 100, random
    /// sixteenths up to 2²⁵, the thirty-seconds and the doubles next to
    /// some of them (which do not take it), as `String` (whole numbers) or
    /// `description` (the rest) writes them.
    @Test func sixteenthsMatchDescription() {
        var values = (0 ..< 17_600).map { Double($0) / 16 }
        values += (-17_600 ..< 1_600).map { 16_777_216 + Double($0) / 16 }
        var rng = SplitMix64(seed: 0x1616)
        for _ in 0 ..< 20_000 { values.append(Double(rng.next() % (1 << 29)) / 16) }
        values += (0 ..< 2_000).map { Double(2 * $0 + 1) / 32 }
        for v in [0.0625, 89.25, 105.25, 1000.5, 123_456.9375, 16_777_215.9375] { values += [v.nextDown, v.nextUp] }
        for v in values {
            var bytes: [UInt8] = []
            NumberFormatting.appendJSON(v, to: &bytes)
            let expected = v == v.rounded(.towardZero) ? String(Int64(v)) : v.description
            #expect(String(decoding: bytes, as: UTF8.self) == expected, "\(v)")
        }
    }

    /// Whole parts from 1,000 to 999,999 (of whole numbers and of
    /// sixteenths) are written as thousands and three more digits: every
    /// whole part around 1,000, 10,000, 100,000 and 1,000,000 (with a
    /// sixteenth drawn at random), every last three digits after a few
    /// thousands (`1005`, `20_050`, `999_009`), and random values below
    /// 1,100,000, against `String` (whole numbers) or `description`.
    @Test func wholePartsBelowAMillionMatchDescription() {
        var rng = SplitMix64(seed: 0x1000)
        var wholes: [Int] = []
        for around in [1_000, 10_000, 100_000, 1_000_000] { wholes += (around - 1_200 ..< around + 1_200) }
        for thousands in [1, 7, 20, 305, 999] { wholes += (0 ..< 1000).map { thousands * 1000 + $0 } }
        for _ in 0 ..< 20_000 { wholes.append(Int(rng.next() % 1_100_000)) }
        for whole in wholes {
            for v in [Double(whole), Double(whole) + Double(rng.next() % 16) / 16, -Double(whole)] {
                var bytes: [UInt8] = []
                NumberFormatting.appendJSON(v, to: &bytes)
                let expected = v == v.rounded(.towardZero) ? String(Int64(v)) : v.description
                #expect(String(decoding: bytes, as: UTF8.self) == expected, "\(v)")
            }
        }
    }

    /// Whole numbers from 0 to 999 take a path of their own: every quarter
    /// from -1,100 to 1,100, and the doubles next to 0, 1, 9.5, 10, 99, 100,
    /// 999 and 1000, as `String` (whole numbers) or `description` (the
    /// rest) writes them.
    @Test func wholeNumbersBelowAThousandMatchString() {
        var values = (-4400 ... 4400).map { Double($0) / 4 }
        for v in [0.0, 1, 9.5, 10, 99, 100, 999, 1000] { values += [v.nextDown, v, v.nextUp] }
        values += [-0.0, .nan, .infinity, -.infinity]
        for v in values {
            var bytes: [UInt8] = []
            NumberFormatting.appendJSON(v, to: &bytes)
            let expected = !v.isFinite ? "null" : v == v.rounded(.towardZero) ? String(Int64(v)) : v.description
            #expect(String(decoding: bytes, as: UTF8.self) == expected, "\(v)")
        }
    }
}
