import Testing
import PlumbTestSupport
@testable import Plumb

/// The one-pass reader of common constraints against the general parser:
/// on random strings (valid shapes, near misses, metrics, bad numbers,
/// priorities out of range, odd white space), whenever the fast path gives
/// a constraint the general path gives the same one, and whenever the
/// general path fails the fast path gives nothing (so every diagnostic
/// still comes from the general path).
@Suite struct SimpleFormatFastPathTests {
    static let views = ["a", "b", "cell1", "é", "root", "zz", "1a", "a_b"]
    static let attributes = LayoutAttribute.allCases.map(\.name) + ["lefty", "Left", "top2", "", "5"]
    static let numbers = ["8", "0", "0.5", ".5", "16.25", "1e3", "1e", "2px", "1e400", "250", "1000", "1001", "7.",
                          // About the fifteen digits the whole numbers' one pass reads.
                          "007", "999999999999999", "9007199254740993", "12345678901234567890", "8_", "8é", "0E0"]
    static let relations = ["=", "==", "<=", ">=", "<", ">", "=>", "= ="]
    static let spaces = ["", " ", " ", " ", "  ", "\t", "\n"]

    struct Generator {
        var random: SplitMix64
        mutating func pick(_ options: [String]) -> String { options[Int(random.next() % UInt64(options.count))] }
        mutating func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }
        mutating func ws() -> String { pick(SimpleFormatFastPathTests.spaces) }

        mutating func item() -> String {
            if chance(3) { return pick(["k", "m", "a.", ".left", "a..left"]) }  // a metric or a broken item
            let dot = chance(10) ? ws() + "." + ws() : "."
            let view = chance(80) ? pick(["a", "b", "cell1", "é"]) : pick(SimpleFormatFastPathTests.views)
            let attribute = chance(85) ? pick(LayoutAttribute.allCases.map(\.name)) : pick(SimpleFormatFastPathTests.attributes)
            return view + dot + attribute
        }

        mutating func number() -> String {
            if chance(4) { return pick(["k", "m", "x"]) }  // a metric's name where a number goes
            return chance(70) ? pick(["8", "0.5", "16", "250"]) : pick(SimpleFormatFastPathTests.numbers)
        }

        mutating func constraint() -> String {
            var text = ws() + item() + ws() + pick(SimpleFormatFastPathTests.relations) + ws()
            switch random.next() % 4 {
            case 0:
                text += (chance(30) ? pick(["-", "+", "- ", "--"]) : "") + number()
            case 1:
                text += (chance(20) ? pick(["-", "+ "]) : "") + number() + ws() + "*" + ws() + item()
            default:
                text += item()
            }
            if chance(50) { text += ws() + pick(["+", "-", "+ -", "*"]) + ws() + number() }
            if chance(30) { text += ws() + "@" + ws() + number() }
            if chance(5) { text += pick([" 8", " a.left", "*2", ",", "@"]) }
            if chance(5) { text = pick(["8 + ", "2 * ", "", " "]) + text }
            return text + ws()
        }
    }

    static func same<V>(_ a: ResolvedSimpleFormat<V>, _ b: ResolvedSimpleFormat<V>, _ equal: (V, V) -> Bool) -> Bool {
        let seconds = switch (a.second, b.second) {
        case (nil, nil): true
        case let (x?, y?): equal(x, y)
        default: false
        }
        return equal(a.first, b.first) && a.firstAttribute == b.firstAttribute && a.relation == b.relation
            && a.multiplier.bitPattern == b.multiplier.bitPattern && seconds && a.secondAttribute == b.secondAttribute
            && a.constant.bitPattern == b.constant.bitPattern && a.priority == b.priority
    }

    /// Runs `count` random strings through both paths in `scope`; returns how many the fast path took.
    /// Whether two lent views are the same view.
    static func sameView(_ a: Unmanaged<View>, _ b: Unmanaged<View>) -> Bool {
        a.toOpaque() == b.toOpaque()
    }

    static func compare<Scope: SimpleFormatScope>(
        in scope: Scope, seed: UInt64, count: Int, equal: (Scope.ViewHandle, Scope.ViewHandle) -> Bool
    ) -> Int {
        var generator = Generator(random: SplitMix64(seed: seed))
        var taken = 0
        for _ in 0 ..< count {
            let text = generator.constraint()
            var utf8 = text
            utf8.withUTF8 { bytes in
                var problems: [(LayoutProblem, Range<Int>)] = []
                let general = SimpleFormatSema.parseAndResolve(bytes, in: scope, problems: &problems)
                let fast = SimpleFormatFastPath.compile(bytes, in: scope)
                if let fast {
                    taken += 1
                    #expect(general.map { same(fast, $0, equal) } == true, "\(text)")
                    #expect(problems.isEmpty, "\(text)")
                }
                if general == nil { #expect(fast == nil, "\(text)") }
            }
        }
        return taken
    }

    /// The fast path's attribute names, read a word at a time, against
    /// `LayoutAttribute.prefix`: every name and near misses, followed by
    /// bytes that end a name and bytes that continue it, with more and
    /// fewer than eight bytes left.
    @Test func attributeNamesAsPrefixReadsThem() {
        let names = LayoutAttribute.allCases.map(\.name) + [
            "lefty", "Left", "lef", "leadin", "centerZ", "centerx", "trailin", "baselines", "widths", "tops", "rights",
            "bottoms", "heights", "x", "", "lastBaselin", "firstBaselineX", "lEft", "toP", "wIdth", "centerXY",
        ]
        let suffixes = ["", " ", ".", "x", "X", "1", "_", "é", " + 8", "        ", "=", "\u{0}"]
        var compared = 0
        for name in names {
            for suffix in suffixes {
                for prefix in ["", "a.", "  cell12. "] {
                    var text = prefix + name + suffix
                    let shown = text.debugDescription
                    text.withUTF8 { bytes in
                        let at = prefix.utf8.count
                        let fast = LayoutAttribute.wordPrefix(of: bytes, at: at)
                        let slow = LayoutAttribute.prefix(of: bytes, at: at)
                        #expect(fast?.0 == slow?.0 && fast?.length == slow?.length, "\(shown) at \(at)")
                        if fast != nil { compared += 1 }
                    }
                }
            }
        }
        #expect(compared >= 250)
    }

    /// `LayoutAttribute.wordAt`, the word `wordPrefix` compares: for every
    /// start in texts of 1 to 20 bytes, the bytes from the start, least
    /// significant first, then zero bytes (`nil` for texts under eight bytes
    /// and at the end); and every name at the very end of a longer text,
    /// whole and cut short, read as `prefix` reads it.
    @Test func wordAtReadsTheTailShiftedDown() {
        var generator = SystemRandomNumberGenerator()
        for count in 1 ... 20 {
            let bytes = (0 ..< count).map { _ in UInt8.random(in: 1 ... 255, using: &generator) }
            bytes.withUnsafeBufferPointer { text in
                for start in 0 ... count {
                    var expected: UInt64? = nil
                    if count >= 8, start < count {
                        var w: UInt64 = 0
                        for (i, b) in text[start ..< min(count, start + 8)].enumerated() { w |= UInt64(b) << (8 * UInt64(i)) }
                        expected = w
                    }
                    #expect(LayoutAttribute.wordAt(start, in: text) == expected, "\(bytes) from \(start)")
                }
            }
        }
        var taken = 0
        for attribute in LayoutAttribute.allCases {
            let name = attribute.name
            for cut in 0 ..< min(3, name.count) {
                let written = String(name.dropLast(cut))
                for before in ["cell12.", "a.top + 8 = b.", "x.width == 2 * y."] {
                    var text = before + written
                    let shown = text
                    text.withUTF8 { bytes in
                        let at = before.utf8.count
                        let fast = LayoutAttribute.wordPrefix(of: bytes, at: at)
                        let slow = LayoutAttribute.prefix(of: bytes, at: at)
                        #expect(fast?.0 == slow?.0 && fast?.length == slow?.length, "\(shown) at \(at)")
                        if cut == 0 {
                            #expect(fast?.0 == attribute && fast?.length == name.utf8.count, "\(shown)")
                            taken += 1
                        }
                    }
                }
            }
        }
        #expect(taken == LayoutAttribute.allCases.count * 3)
    }

    @Test func agreesWithTheGeneralPathInADocument() throws {
        let json = #"{"root": {"width": 100, "height": 100}, "views": [{"id": "a"}, {"id": "b"}, {"id": "cell1"}, {"id": "é"}, {"id": "a_b"}]}"#
        let document = try parseDocument(json)
        let taken = Self.compare(in: DocumentScope(document: document), seed: 1, count: 40_000, equal: ==)
        #expect(taken > 5000)  // the fast path is exercised, not just skipped
    }

    /// `SimpleFormatSema.compile(_:in:problems:into:)`, the document path's
    /// reader, against the general parser on random strings, into a slot
    /// that holds another constraint first: it returns true exactly when
    /// the general path gives a constraint, and then the slot holds that
    /// constraint, and the problems it reports are the general path's; when
    /// it returns false the slot is as it was. (The fast path takes every
    /// string here that the general parser takes: the general branch of
    /// `compile(into:)` is for strings it cannot read, over 2 GB.)
    @Test func compilingIntoASlotGivesTheGeneralPathsConstraint() throws {
        let json = #"{"root": {"width": 100, "height": 100}, "views": [{"id": "a"}, {"id": "b"}, {"id": "cell1"}, {"id": "é"}, {"id": "a_b"}]}"#
        let scope = DocumentScope(document: try parseDocument(json))
        let other = ResolvedSimpleFormat<ViewIndex>(
            first: ViewIndex(rawValue: 77), firstAttribute: .lastBaseline, relation: .greaterOrEqual, multiplier: -3,
            second: nil, secondAttribute: nil, constant: 1234.5, priority: Priority(rawValue: 3)!)
        var generator = Generator(random: SplitMix64(seed: 5))
        var byFast = 0, byGeneral = 0, failed = 0
        let slot = UnsafeMutablePointer<ResolvedSimpleFormat<ViewIndex>>.allocate(capacity: 1)
        defer { slot.deallocate() }
        for _ in 0 ..< 20_000 {
            var text = generator.constraint()
            let shown = text.debugDescription
            text.withUTF8 { bytes in
                slot.initialize(to: other)
                var problems: [(LayoutProblem, Range<Int>)] = [], expected: [(LayoutProblem, Range<Int>)] = []
                let compiled = SimpleFormatSema.compile(bytes, in: scope, problems: &problems, into: slot)
                let general = SimpleFormatSema.parseAndResolve(bytes, in: scope, problems: &expected)
                #expect(compiled == (general != nil), "\(shown)")
                if compiled, let general {
                    #expect(Self.same(slot.pointee, general, ==), "\(shown)")
                    if SimpleFormatFastPath.compile(bytes, in: scope) == nil { byGeneral += 1 } else { byFast += 1 }
                } else {
                    failed += 1
                    #expect(Self.same(slot.pointee, other, ==), "\(shown): the slot was written")
                }
                #expect(problems.map { "\($0.0) \($0.1)" } == expected.map { "\($0.0) \($0.1)" }, "\(shown)")
            }
        }
        // Both outcomes are exercised (2,884 and 17,116 with this seed).
        #expect(byFast > 2000 && byGeneral == 0 && failed > 10_000, "\(byFast) \(byGeneral) \(failed)")
    }

    /// The random strings above only check that what the fast path takes
    /// is right; here every common shape, with white space wherever the
    /// lexer allows it (around the dot, after a sign, between every token),
    /// must be taken by the fast path and not left to the general parser.
    @Test func takesEveryCommonShape() throws {
        let json = #"{"root": {"width": 100, "height": 100}, "views": [{"id": "a"}, {"id": "b"}, {"id": "cell1"}, {"id": "a_b"}]}"#
        let scope = DocumentScope(document: try parseDocument(json))
        let texts = [
            "a.left = b.left", "a.left==b.left", " a . left <= b.right + 8 ", "a.width >= 0.5 * b.width - 4 @ 750",
            "a.width = 2*b.height", "a.top = -8", "a.top = - 8", "a.top = + 8", "a.centerX = .5 * b.width",
            "a.left = b.left-8@1", "\ta.left\t=\tb.left\t+\t8\t@\t250\t", "a.height = 1e3", "a.left = 2 * \n b . left",
            "cell1.trailing >= a_b.leading + 16", "a.width = 0.5 * b.width + 1.25", "a.top = -2 * root.height + 8",
            "a.centerY = b.centerY", "a.baseline = b.baseline + 0.5", "a.width <= 300 @ 999", "root.width = a.width",
        ]
        for text in texts {
            var utf8 = text
            utf8.withUTF8 { bytes in
                var problems: [(LayoutProblem, Range<Int>)] = []
                let general = SimpleFormatSema.parseAndResolve(bytes, in: scope, problems: &problems)
                let fast = SimpleFormatFastPath.compile(bytes, in: scope)
                #expect(general != nil && problems.isEmpty, "\(text.debugDescription)")
                #expect(fast != nil, "\(text.debugDescription)")
                if let fast, let general { #expect(Self.same(fast, general, ==), "\(text.debugDescription)") }
            }
        }
    }

    @Test func agreesWithTheGeneralPathWithMetrics() {
        let views = Dictionary(uniqueKeysWithValues: ["a", "b", "cell1", "é"].map { ($0, View($0)) })
        let taken = DictionaryScope.with(views: views, metrics: ["k": 2, "m": .infinity, "x": -3]) { scope in
            Self.compare(in: scope, seed: 2, count: 20_000, equal: Self.sameView)
        }
        #expect(taken > 2500)
    }

    /// As above with only ASCII view names, so that names are looked up in
    /// the scope's packed short names rather than its dictionary.
    @Test func agreesWithTheGeneralPathWithShortNames() {
        let views = Dictionary(uniqueKeysWithValues: ["a", "b", "cell1", "a_b"].map { ($0, View($0)) })
        let taken = DictionaryScope.with(views: views, metrics: ["k": 2, "m": .infinity, "x": -3]) { scope in
            Self.compare(in: scope, seed: 3, count: 20_000, equal: Self.sameView)
        }
        #expect(taken > 1000)  // fewer than above: the generator's "é" is unknown here
    }

    /// `Constraint.make` keeps the shapes of the strings it read: the same
    /// strings made again with other views and metrics (the second time from
    /// the kept shapes) give what the general path gives with those names,
    /// and fail when it fails.
    @Test func keptShapesBindTheNamesOfEachCall() {
        var generator = Generator(random: SplitMix64(seed: 4))
        let texts = (0 ..< 3000).map { _ in generator.constraint() }
        let names = ["a", "b", "cell1", "é"]
        let scopes = [
            (views: Dictionary(uniqueKeysWithValues: names.map { ($0, View($0)) }), metrics: ["k": 2.0, "m": .infinity, "x": -3]),
            (views: Dictionary(uniqueKeysWithValues: names.map { ($0, View($0 + "2")) }), metrics: ["k": 5.0, "x": 1e300]),
            (views: Dictionary(uniqueKeysWithValues: ["a", "b"].map { ($0, View($0)) }), metrics: ["m": 7.0]),
        ]
        var made = 0
        for round in 0 ..< 2 {
            for (views, metrics) in scopes {
                DictionaryScope.with(views: views, metrics: metrics) { scope in
                    for text in texts {
                        var bytes = text
                        let general = bytes.withUTF8 { utf8 in
                            var problems: [(LayoutProblem, Range<Int>)] = []
                            return SimpleFormatSema.parseAndResolve(utf8, in: scope, problems: &problems)
                        }
                        let c = try? Constraint.make(simpleFormat: text, views: views, metrics: metrics)
                        #expect((c == nil) == (general == nil), "\(text), round \(round)")
                        guard let c, let general else { continue }
                        made += 1
                        let resolved = ResolvedSimpleFormat(
                            first: Unmanaged.passUnretained(c.firstView!), firstAttribute: c.firstAttribute,
                            relation: c.relation, multiplier: c.multiplier,
                            second: c.secondView.map(Unmanaged.passUnretained), secondAttribute: c.secondAttribute,
                            constant: c.constant, priority: c.priority)
                        #expect(Self.same(resolved, general, Self.sameView), "\(text), round \(round)")
                    }
                }
            }
        }
        #expect(made > 1000)
    }

    /// A string changed in place after it was made (its shape kept) is read again.
    @Test func aStringChangedAfterMakingIsReadAgain() throws {
        let views = ["first": View("first"), "second": View("second")]
        var text = String(repeating: " ", count: 3) + "first.left = second.right + 8"
        let plus = try #require(text.firstIndex(of: "+"))
        for round in 0 ..< 3 {
            let before = try Constraint.make(simpleFormat: text, views: views)
            #expect(before.constant == (round == 0 ? 8 : 12), "\(text)")
            text.replaceSubrange(plus ... plus, with: "-")
            let after = try Constraint.make(simpleFormat: text, views: views)
            #expect(after.constant == (round == 0 ? -8 : -12), "\(text)")
            text.replaceSubrange(plus ... plus, with: "+")
            if round == 0 { text.replaceSubrange(text.index(before: text.endIndex) ..< text.endIndex, with: "12") }
            #expect(try Constraint.make(simpleFormat: text, views: views).constant == 12, "\(text)")
            // The same bytes with an unknown name: the general path's error, every time.
            #expect(throws: LayoutError.self) { try Constraint.make(simpleFormat: text, views: ["first": views["first"]!]) }
        }
    }

    /// The scope finds what its dictionaries find, for every name: short
    /// ASCII keys (packed), long ones, keys with a zero byte, and keys that
    /// are not ASCII (one canonically equal to an ASCII name: the Kelvin
    /// sign is "K" to a dictionary), which make it use the dictionaries.
    @Test func scopeLookupsAreTheDictionaries() {
        let keySets: [[String]] = [
            ["a", "b", "cell1", "content", "above"],
            ["a", "abcdefghijklmnop", "abcdefghijklmnopq", "a\u{0}", "A"],
            ["K", "\u{212A}x", "b"],
            ["\u{212A}", "b", "é"],
            (0 ..< 17).map { "v\($0)" },
            [],
            Array((0 ... 16).map { String("abcdefghijklmnopq".prefix($0)) }.dropFirst(1).prefix(16)),
            ["abcdefgh", "abcdefghi", "abcdefghijk", "abcdefghijklmno", "content", "abcd"],
        ]
        // Every length up to 17 (names are packed a word at a time), and
        // names that differ from a key in one byte, first or last.
        let prefixes = (0 ... 17).map { String("abcdefghijklmnopq".prefix($0)) }
        let names = ["a", "b", "A", "K", "Kx", "\u{212A}", "\u{212A}x", "cell1", "cell", "cell12", "content", "above",
                     "abcdefghijklmnop", "abcdefghijklmnopq", "abcdefghijklmnopqr", "a\u{0}", "é", "e\u{301}",
                     "v0", "v16", "v17", "", "abcdefgH", "Abcdefgh", "abcdefghijklmnoP", "abcdefghijK", "contenT"]
            + prefixes
        for keys in keySets {
            let views = Dictionary(uniqueKeysWithValues: keys.map { ($0, View($0)) })
            let metrics = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, Double($0)) })
            DictionaryScope.with(views: views, metrics: metrics) { scope in
                for name in names {
                    var bytes = name
                    bytes.withUTF8 { utf8 in
                        #expect(scope.view(named: utf8)?.toOpaque()
                                    == views[name].map { Unmanaged.passUnretained($0).toOpaque() },
                                "view \(name) among \(keys)")
                        #expect(scope.metric(named: utf8) == metrics[name], "metric \(name) among \(keys)")
                    }
                }
            }
        }
    }
}
