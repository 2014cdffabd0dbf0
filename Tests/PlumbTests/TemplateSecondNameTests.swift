import Testing
import PlumbTestSupport
@testable import Plumb

/// A constraint template leaves the test of its second view name's bytes
/// (one name as the Simple Format Language reads one) to the name's lookup
/// (`SimpleFormatScope.view(namedName:)`, in a document's scope
/// `RecentNames.index(ofName:)`, which marks a recent slot once its name has
/// passed). View ids may be any string: these tests give documents ids that
/// are not names (`a+b`, `9a`, `a b`, `x.y`) in the place of a template's
/// second name, and expect what the general parser gives.
@Suite struct TemplateSecondNameTests {
    /// Ids that are not names, each as long as the ordinary id it stands
    /// in for (`v115`), so that the string keeps a template's length and
    /// bytes around its second name; and two that are names (`é12` is four
    /// bytes, `_okk`).
    static let oddIDs = ["a+bc", "9abc", "a bc", "x.yz", "abc)", "é12", "_okk", "(ab)", "a-bc", "ab\\c"]

    static let longIDs = ["abcdefghijklmnopqrstu", "abcdefghij+lmnopqrstu"]

    /// Ordinary strings in groups of three (templates on: 256 strings or
    /// more), and after every 29th group the same three with each odd id
    /// (and, given `oddRoot`, the root) as the second view.
    static func texts(oddRoot: String?) -> [String] {
        var texts: [String] = []
        for k in 100 ..< 400 {
            let j = k - 1
            texts += ["v\(k).left = v\(j).right + 8", "v\(k).height = 0.75 * v\(j).width", "v\(k).top = v\(j).top"]
            if k % 29 == 0 {
                for id in oddIDs {
                    texts += ["v\(k).left = \(id).right + 8", "v\(k).height = 0.75 * \(id).width", "v\(k).top = \(id).top"]
                }
                if let oddRoot { texts += ["v\(k).left = \(oddRoot).right + 8", "v\(k).top = \(oddRoot).top"] }
            }
        }
        return texts
    }

    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// A document of views `v0` to `v399`, the odd ids, two longer than
    /// sixteen bytes and `texts`.
    static func document(oddRoot: String?, texts: [String]) throws -> LayoutDocument {
        let views = ((0 ..< 400).map { "v\($0)" } + oddIDs + longIDs).map { #"{"id":"# + quoted($0) + "}" }
        let root = oddRoot.map { #""id":"# + quoted($0) + "," } ?? ""
        let json = #"{"root":{"# + root + #""width":800,"height":600},"views":["# + views.joined(separator: ",")
            + #"],"constraints":["# + texts.map(quoted).joined(separator: ",") + "]}"
        return try LayoutDocument.parse(Array(json.utf8), source: "doc.json")
    }

    /// Every string compiled through the templates (and the lookups that
    /// test the second name) against the general parser with a scope of
    /// its own: the same constraint, or no constraint and the same
    /// problems at the same byte ranges.
    @Test(arguments: [nil, "r+tt", "9rtt", "r_tt"] as [String?])
    func templatesGiveWhatTheGeneralParserGives(oddRoot: String?) throws {
        let texts = Self.texts(oddRoot: oddRoot)
        let document = try Self.document(oddRoot: oddRoot, texts: texts)
        let scope = DocumentScope(document: document), plain = DocumentScope(document: document)
        #expect(scope.shapeTemplates != nil)
        let slot = UnsafeMutablePointer<ResolvedSimpleFormat<ViewIndex>>.allocate(capacity: 1)
        defer { slot.deallocate() }
        var refused = 0, oddCompiled = 0, oddThroughTemplates = 0
        let count = document.constraintTexts.count
        #expect(count == texts.count)
        document.constraintTexts.withTexts { all in
            for i in 0 ..< count {
                let text = all[i], shown = String(decoding: text, as: UTF8.self)
                let odd = !shown.contains(" = v") && !shown.contains("* v")
                var fast: [(LayoutProblem, Range<Int>)] = [], general: [(LayoutProblem, Range<Int>)] = []
                let hits = scope.shapeTemplates!.hits
                let compiled = SimpleFormatSema.compile(text, in: scope, problems: &fast, into: slot, nameRun: all.nameRun(i))
                let expected = SimpleFormatSema.parseAndResolve(text, in: plain, problems: &general)
                #expect(compiled == (expected != nil), "\(shown)")
                if compiled, let expected {
                    #expect(SimpleFormatFastPathTests.same(slot.pointee, expected, ==), "\(shown)")
                    if odd { oddCompiled += 1 }
                } else {
                    refused += 1
                    #expect(fast.map { "\($0.0) \($0.1)" } == general.map { "\($0.0) \($0.1)" }, "\(shown)")
                }
                if odd, scope.shapeTemplates!.hits > hits { oddThroughTemplates += 1 }
            }
        }
        // `é1` and `_ok` are names: their strings compile; the root's too when it is one.
        let rootStrings = oddRoot == nil ? 0 : 2 * 10
        let named = 2 * 3 * 10 + (oddRoot == "r_tt" ? rootStrings : 0)
        #expect(oddCompiled == named, "\(oddCompiled)")
        #expect(refused == Self.oddIDs.count * 3 * 10 + rootStrings - named, "\(refused)")
        // The odd strings matched a template: the lookups, not the match, refused them.
        #expect(oddThroughTemplates > 150, "\(oddThroughTemplates)")
    }

    /// The diagnostics of a document whose odd strings come through the
    /// templates are those each string gets alone (no templates under 256
    /// strings): same problems, columns, excerpts and carets. (The first
    /// strings refused: suggestions stop after the first twenty unknown names.)
    @Test func diagnosticsAreThoseOfTheStringAlone() throws {
        let texts = Self.texts(oddRoot: "r+tt")
        let document = try Self.document(oddRoot: "r+tt", texts: texts)
        let error = #expect(throws: LayoutError.self) { _ = try document.lower() }
        let diagnostics = try #require(error?.diagnostics)
        let indices = Array(Set(diagnostics.compactMap { $0.origin?.index })).sorted().prefix(8)
        #expect(indices.count == 8)
        func shown(_ d: Diagnostic) -> String {
            "\(d.problem) \(d.line ?? -1):\(d.column ?? -1) \(d.excerpt ?? "") \(d.caretOffset) \(d.caretLength)"
        }
        for index in indices {
            let alone = try Self.document(oddRoot: "r+tt", texts: [texts[index]])
            let aloneError = #expect(throws: LayoutError.self) { _ = try alone.lower() }
            let expected = try #require(aloneError?.diagnostics).filter { $0.location == "constraints[0]" }.map(shown)
            let given = diagnostics.filter { $0.origin?.index == index }.map(shown)
            #expect(!given.isEmpty && given == expected, "\(texts[index])")
        }
    }

    /// `RecentNames.index(ofName:)` against `ByteScanner.isName` and the
    /// table, in a random order that evicts and refills slots, with
    /// `index(of:)` between (a marked slot must still give its entry).
    @Test func recentNamesTestNamesOnce() throws {
        let document = try Self.document(oddRoot: nil, texts: Self.texts(oddRoot: nil))
        let recent = RecentNames(document.names, pool: document.ids, firstEntry: 1)
        let ids = (0 ..< 400).map { "v\($0)" } + Self.oddIDs + Self.longIDs + ["nope", "a+", "v", "abcdefghijklmnopq+"]
        var random = SplitMix64(seed: 63)
        var wrong = 0, marked = 0
        for _ in 0 ..< 20_000 {
            var id = ids[Int(random.next() % UInt64(ids.count))]
            let byName = random.next() % 2 == 0
            id.withUTF8 { name in
                let expected = document.names.index(of: name, in: document.ids)
                if byName {
                    let given = recent.index(ofName: name)
                    if given != (ByteScanner.isName(name) ? expected : nil) { wrong += 1 }
                    if given != nil { marked += 1 }
                } else if recent.index(of: name) != expected {
                    wrong += 1
                }
            }
        }
        #expect(wrong == 0)
        #expect(marked > 5_000)
    }

    /// `ByteScanner.isName` against its definition byte by byte, for every
    /// length around the scanner's eight-byte words.
    @Test func isNameIsTheByteTest() {
        func expected(_ bytes: [UInt8]) -> Bool {
            guard let first = bytes.first, ByteScanner.isNameStart(first) else { return false }
            return bytes.dropFirst().allSatisfy(ByteScanner.isNameContinuation)
        }
        let alphabet = Array("aZ09_.- +é)\u{7F}".utf8) + [0x80, 0xFF, 0x00]
        var random = SplitMix64(seed: 15)
        var wrong = 0, names = 0
        for _ in 0 ..< 20_000 {
            let count = Int(random.next() % 21)
            let mostlyName = random.next() % 2 == 0
            let bytes = (0 ..< count).map { _ in
                mostlyName && random.next() % 8 != 0 ? UInt8(ascii: "b") : alphabet[Int(random.next() % UInt64(alphabet.count))]
            }
            let given = bytes.withUnsafeBufferPointer { ByteScanner.isName($0) }
            if given != expected(bytes) { wrong += 1 }
            if given { names += 1 }
        }
        #expect(wrong == 0)
        #expect(names > 3_000)
    }
}
