import Testing
import PlumbTestSupport
@testable import Plumb

/// `SimpleFormatFastPath.singleSpacedShape(of:)`, the reader of strings
/// spaced as documents write them, against `anySpacingShape(of:)`, which
/// reads white space anywhere: on random strings that are single-spaced,
/// nearly so (a space missing, doubled or a tab) or near misses (signs,
/// metrics, odd numbers, bad attributes, axes that differ, trailing
/// bytes), every shape it gives is the one the other gives; and it takes
/// the strings documents are made of.
@Suite struct SingleSpacedShapeTests {
    static func same(_ a: SimpleFormatShape, _ b: SimpleFormatShape) -> Bool {
        func name(_ x: SimpleFormatShape.Name, _ y: SimpleFormatShape.Name) -> Bool { x.start == y.start && x.end == y.end }
        func item(_ x: SimpleFormatShape.Item, _ y: SimpleFormatShape.Item) -> Bool {
            name(x.view, y.view) && x.attribute == y.attribute
        }
        func value(_ x: SimpleFormatShape.Value, _ y: SimpleFormatShape.Value) -> Bool {
            switch (x, y) {
            case let (.number(p), .number(q)): p.bitPattern == q.bitPattern
            case let (.metric(p, m), .metric(q, n)): name(p, q) && m == n
            default: false
            }
        }
        let seconds = switch (a.second, b.second) {
        case (nil, nil): true
        case let (x?, y?): item(x, y)
        default: false
        }
        let priorities = switch (a.priority, b.priority) {
        case (nil, nil): true
        case let (x?, y?): value(x, y)
        default: false
        }
        return item(a.first, b.first) && a.relation == b.relation && seconds && value(a.multiplier, b.multiplier)
            && value(a.constant, b.constant) && priorities
    }

    struct Generator {
        var random: SplitMix64
        mutating func pick(_ options: [String]) -> String { options[Int(random.next() % UInt64(options.count))] }
        mutating func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }

        /// One space, now and then none, two, a tab or a line break.
        mutating func gap() -> String { chance(92) ? " " : pick(["", "  ", "\t", "\n"]) }

        mutating func item() -> String {
            if chance(3) { return pick(["k", "m1", "a.", ".left", "a..left", "a .left", "a. left"]) }
            let view = pick(["a", "b", "cell12", "c0_1", "é", "content", "_x", "abcdefghijklmnopq", "1a"])
            let attribute = chance(90) ? pick(LayoutAttribute.allCases.map(\.name))
                : pick(["lefty", "Left", "top2", "", "centerZ", "baselin"])
            return view + "." + attribute
        }

        mutating func number() -> String {
            if chance(5) { return pick(["k", "m", "-8", "+8", "- 8"]) }
            return chance(60) ? pick(["8", "16", "0", "48", "0.75", "0.5", "250"])
                : pick(["007", "1e3", "1e", "2px", "8.", ".5", "16.25", "1e400", "999999999999999", "9007199254740993",
                        "12345678901234567890", "8_", "0E0", "1000", "1001", "0x10"])
        }

        mutating func constraint() -> String {
            var text = item() + gap() + pick(["=", "=", "==", "<=", ">=", "<", "=>", "= ="]) + gap()
            switch random.next() % 4 {
            case 0: text += number()
            case 1: text += number() + gap() + pick(["*", "*", "x"]) + gap() + item()
            default: text += item()
            }
            if chance(50) { text += gap() + pick(["+", "-", "+", "-", "*", "+-"]) + gap() + number() }
            if chance(25) { text += gap() + "@" + gap() + number() }
            if chance(4) { text += pick([" ", " 8", " a.left", ",", "@", "\t"]) }
            if chance(4) { text = pick([" ", "8 + ", "\t"]) + text }
            return text
        }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func givesTheShapeAnySpacingGives(seed: UInt64) {
        var generator = Generator(random: SplitMix64(seed: seed))
        var taken = 0, misses = 0
        for _ in 0 ..< 20_000 {
            var text = generator.constraint()
            let shown = text.debugDescription
            text.withUTF8 { bytes in
                let any = SimpleFormatFastPath.anySpacingShape(of: bytes)
                guard let single = SimpleFormatFastPath.singleSpacedShape(of: bytes) else {
                    if any != nil { misses += 1 }
                    return
                }
                taken += 1
                #expect(any.map { Self.same(single, $0) } == true, "\(shown)")
                #expect(SimpleFormatFastPath.shape(of: bytes).map { Self.same(single, $0) } == true, "\(shown)")
            }
        }
        // Both ways are exercised: about a tenth of the strings are read
        // single-spaced (the rest have a near miss somewhere), and some the
        // other reader takes are left to it.
        #expect(taken > 1_500)
        #expect(misses > 500)
    }

    /// The strings of every generated family's shapes (and priorities) must
    /// be read single-spaced, not left to the other reader.
    @Test func takesTheStringsDocumentsHave() {
        let texts = [
            "content.left = root.left", "cell0.left = content.left + 16", "cell0.right = content.right - 16",
            "cell0.height = 48", "icon0.height = icon0.width", "c0_0.height = 0.75 * c0_0.width",
            "card0.width = 0.5 * root.width - 18", "title0.top = img0.bottom + 8", "a.width <= 300 @ 999",
            "a.left >= b.right + 8 @ 250", "a.centerX == b.centerX", "a.width = 2 * b.height + 0.5 @ 1",
            "a.top = 0", "a.baseline = b.lastBaseline - 1e3",
        ]
        for text in texts {
            var utf8 = text
            utf8.withUTF8 { bytes in
                let single = SimpleFormatFastPath.singleSpacedShape(of: bytes)
                let any = SimpleFormatFastPath.anySpacingShape(of: bytes)
                #expect(single != nil, "\(text)")
                #expect(any != nil, "\(text)")
                if let single, let any { #expect(Self.same(single, any), "\(text)") }
            }
        }
    }
}
