#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import Testing
import PlumbTestSupport
@testable import Plumb

/// A document's rules read ahead on the second thread (``RuleReadAhead``,
/// after ``ConstraintReadAhead`` found no constraint string) against the
/// same document parsed on one thread: the same document (ids, parents,
/// constraint strings, every rule's view, text and arguments) or the same
/// error text (every message, position and excerpt), whatever the second
/// thread read before the parser came to the rules and whatever the array
/// holds.
@Suite struct RuleReadAheadTests {
    /// A random document: a few views, then rules that are mostly written
    /// as documents write them (with and without a view argument), and
    /// some of everything the second thread leaves to the parser (spacing,
    /// other member orders, escapes, non-ASCII bytes, numbers and two
    /// arguments, and in one round in three unknown keys, missing members
    /// and other values; syntax errors, an early end), with the constraints empty, absent, holding
    /// strings or after the rules, and now and then a view with a `rules`
    /// key of its own before the document's.
    static func document(_ random: inout SplitMix64, round: Int) -> [UInt8] {
        func below(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
        var views = ConstraintReadAheadTests.randomViews(&random)
        let viewCount = views.count
        if round % 6 == 5 { views[below(views.count)] = #"{"id":"x","rules":[{"view":"v1","rule":"h = 1"}]}"# }
        var elements: [String] = []
        for _ in 0 ..< below(500) {
            let a = 1 + below(viewCount), b = 1 + below(viewCount)
            switch below(100) {
            case 0 ..< 45: elements.append(#"{"view":"v\#(a)","rule":"ll = rr = 16, h = \#(below(90))"}"#)
            case 45 ..< 80: elements.append(#"{"view":"v\#(a)","rule":"tt = %bt + \#(below(20))","args":["v\#(b)"]}"#)
            case 80 ..< 82: elements.append(#"{"view": "v\#(a)", "rule": "h = 8"}"#)
            case 82 ..< 84: elements.append(#"{"rule":"h = 8","view":"v\#(a)"}"#)
            case 84 ..< 86: elements.append(#"{"view":"v\#(a)","rule":"h = \"8\""}"#)
            case 86 ..< 87: elements.append("{\"view\":\"v\(a)\",\"rule\":\"h = é\"}")
            case 87 ..< 89: elements.append(#"{"view":"v\#(a)","rule":"w = %f","args":[\#(below(50))]}"#)
            case 89 ..< 90: elements.append(#"{"view":"v\#(a)","rule":"tt = %bt, ll = %rr","args":["v\#(b)","v1"]}"#)
            case 90 ..< 91 where round % 3 == 0: elements.append(#"{"view":"v\#(a)","rule":"h = 8","extra":1}"#)
            case 91 ..< 92 where round % 3 == 0: elements.append(#"{"view":"v\#(a)"}"#)
            case 92 ..< 93 where round % 3 == 0: elements.append(["12", "null", "[]", #""h = 8""#][below(4)])
            case 93 ..< 95: elements.append(#"{"view":"","rule":""}"#)
            case 95 ..< 97: elements.append(#"{"view":"v\#(a)","rule":"h = 8","args":["\u0076\#(b)"]}"#)
            default: elements.append(#"{"view":"v\#(a)","rule":"w = 10"}"#)
            }
        }
        let separator = [",", ", ", ",\n  "][below(3)]
        // One round in five has a syntax error in the array.
        let array = ConstraintReadAheadTests.array(elements, separator: separator, broken: round % 5 == 4, &random)
        let key = [#""rules":"#, #""rules" : "#, #""rules":  "#][below(3)]
        let root = ConstraintReadAheadTests.rootMember
        let rules = key + array
        let viewsMember = #""views":["# + views.joined(separator: ",") + "]"
        let members: [String]
        switch round % 4 {
        case 0: members = [root, viewsMember, #""constraints":[]"#, rules]
        case 1: members = [root, viewsMember, rules]
        case 2: members = [root, rules, viewsMember, #""constraints":["v1.left = 0"]"#]
        default: members = [root, viewsMember, rules, #""constraints":[]"#]
        }
        var bytes = Array(("{" + members.joined(separator: ",") + "}").utf8)
        // One round in seven ends early, somewhere in the array or after it.
        if round % 7 == 6, let start = bytes.withUnsafeBufferPointer({ RuleReadAhead.rulesArray(in: $0) }) {
            bytes.removeLast(below(bytes.count - start))
        }
        return bytes
    }

    static func summary(_ parse: () throws(LayoutError) -> LayoutDocument) -> String {
        ConstraintReadAheadTests.summary(parse)
    }

    /// Every random document with its rules read ahead in full, stopped
    /// between chunks (after none to five), and on a real second thread
    /// racing the parser: the one-thread parse every time. The second
    /// thread's rules were used in most documents.
    @Test func readingRulesAheadParsesAsOneThreadDoes() {
        var random = SplitMix64(seed: 17)
        var used = 0, errors = 0
        for (round, chunk) in zip(0 ..< 160, [1, 3, 16, 128].cycled) {
            let bytes = Self.document(&random, round: round)
            // The one-thread parse, and the rules read ahead in full, then stopped between chunks.
            let one = Self.summary { () throws(LayoutError) in try LayoutDocument.parse(bytes, source: "doc.json") }
            errors += one.hasPrefix("error:") ? 1 : 0
            for mode in 0 ..< 2 {
                let kept = LayoutDocument.Bytes(bytes)
                let ahead = ConstraintReadAhead(kept, chunk: chunk)
                let hint = bytes.withUnsafeBufferPointer { ConstraintReadAhead.constraintsArray(in: $0) } ?? 0
                if ahead.read() == 0 { ahead.rules?.read(after: hint, chunks: mode == 0 ? .max : Int(random.next() % 6)) }
                let read = Self.summary { () throws(LayoutError) in
                    try LayoutDocument.parse(kept, source: "doc.json", readAhead: ahead)
                }
                #expect(read == one, "round \(round), mode \(mode)")
                if (ahead.rules?.handedOver ?? 0) > 0 { used += 1 }
            }
            #expect(ConstraintReadAheadTests.racingSummary(bytes, chunk: chunk) == one, "round \(round), racing")
        }
        #expect(used > 100 && errors > 25 && errors < 150, "used \(used), errors \(errors)")
    }

    /// Rules of the plain form (recorded through the rule columns'
    /// writer) between rules of other forms (read member by member into
    /// the document's columns), first and last of both kinds, on one
    /// thread: each rule's view, text and arguments are the ones written,
    /// in order, so the columns go back into the document whole at each
    /// change of form.
    @Test func plainAndOtherRulesKeepTheirOrder() throws {
        let written: [(view: String, text: String, argument: String?, plain: Bool)] = [
            ("v1", "h = 1", nil, true), ("v2", "h = 2", "v1", false), ("v3", "tt = %bt", "v2", true),
            ("v1", "w = 3", nil, true), ("v2", "w = 4", nil, false), ("v3", "w = 5", nil, false),
            ("v1", "h = 6", "v3", true), ("v2", "h = 7", nil, false),
        ]
        // The last rule of each form, in turn.
        for lastPlain in [false, true] {
            var rules = written
            rules[rules.count - 1].plain = lastPlain
            let elements = rules.map { r in
                let args = r.argument.map { r.plain ? #","args":["\#($0)"]"# : #", "args": ["\#($0)"]"# } ?? ""
                return r.plain ? #"{"view":"\#(r.view)","rule":"\#(r.text)"\#(args)}"#
                    : #"{"view": "\#(r.view)", "rule": "\#(r.text)"\#(args)}"#
            }
            let views = (1 ... 3).map { #"{"id":"v\#($0)"}"# }.joined(separator: ",")
            let json = "{" + ConstraintReadAheadTests.rootMember + #","views":["# + views + #"],"rules":["#
                + elements.joined(separator: ",") + "]}"
            let document = try LayoutDocument.parse(Array(json.utf8), source: "doc.json")
            #expect(document.ruleCount == rules.count)
            for (i, r) in rules.enumerated() {
                #expect(document.ruleViews.string(i) == r.view && document.ruleTexts.string(i) == r.text, "rule \(i)")
                let arguments = document.arguments(ofRule: i).map { argument -> String in
                    if case .view(let id) = argument { return id }
                    return "?"
                }
                #expect(arguments == (r.argument.map { [$0] } ?? []), "rule \(i)")
            }
        }
    }

    /// A rules document of `views` views and `rules` rules written as the
    /// second thread reads them, but for the rule at `odd` (spaced: left
    /// to the parser, so the thread stops there).
    static func rulesDocument(views: Int, rules: Int, odd: Int? = nil) -> [UInt8] {
        let viewList = (1 ... views).map { #"{"id":"v\#($0)"}"# }.joined(separator: ",")
        let ruleList = (0 ..< rules).map { i in
            i == odd ? #"{"view": "v1", "rule": "h = 8"}"# : #"{"view":"v\#(1 + i % views)","rule":"ll = rr = 16, h = \#(i % 90)"}"#
        }.joined(separator: ",")
        return Array(("{" + ConstraintReadAheadTests.rootMember + #","views":["# + viewList
            + #"],"constraints":[],"rules":["# + ruleList + "]}").utf8)
    }

    /// The heap's pages touched ahead (``FreshPages``, here small pages
    /// of a mapping, two to begin with) get their limit raised by
    /// ``RuleReadAhead/heapBytesPerRule`` for each rule the thread read,
    /// in full, stopped between chunks or at a rule it leaves to the
    /// parser, and not at all when it read none; raising it touches
    /// nothing.
    @Test func rulesReadAheadRaiseTheLimitOfThePagesTouchedAhead() throws {
        #if os(Linux)
        let page = FreshPagesTests.page
        // Pages for `read` rules read: the first two, and the rules' bytes after them.
        func expected(_ read: Int) -> Int { read == 0 ? 2 : (2 * page + read * RuleReadAhead.heapBytesPerRule + page - 1) / page }
        let cases: [(bytes: [UInt8], chunks: Int, read: Int)] = [
            (Self.rulesDocument(views: 30, rules: 100), .max, 100),
            (Self.rulesDocument(views: 30, rules: 100), 2, 32),
            (Self.rulesDocument(views: 30, rules: 100, odd: 40), .max, 40),
            (Self.rulesDocument(views: 30, rules: 100, odd: 0), .max, 0),
            (Self.rulesDocument(views: 30, rules: 0), .max, 0),
            (Array(#"{"root":{"width":1,"height":1},"views":[{"id":"v1"}],"constraints":[]}"#.utf8), .max, 0),
        ]
        for (k, test) in cases.enumerated() {
            try FreshPagesTests.withMapping(pages: 64) { region in
                let pages = FreshPages(in: region, upTo: 2 * page, pageSize: page)
                let ahead = ConstraintReadAhead(LayoutDocument.Bytes(test.bytes), chunk: 16)
                let rules = try #require(ahead.rules)
                rules.pagesAhead = pages
                #expect(ahead.read() == 0)
                rules.read(after: 0, chunks: test.chunks)
                #expect(pages.pageLimit == expected(test.read), "case \(k)")
                #expect(FreshPagesTests.present(region).allSatisfy { !$0 }, "case \(k): nothing touched")
            }
        }
        // Without pages, reading rules ahead is as before.
        let ahead = ConstraintReadAhead(LayoutDocument.Bytes(cases[0].bytes), chunk: 16)
        #expect(ahead.read() == 0)
        ahead.rules?.read()
        #expect(ahead.rules?.pagesAhead == nil)
        #endif
    }

    /// ``LayoutDocument/parse(_:source:threads:afterReading:)`` gives its
    /// threads' pages touched ahead to the rules' reading on the second
    /// thread, which raises their limit before the work after reading
    /// runs (most parses: the parser may come to the rules first, as it
    /// did in every one of 60 parses of 3,000 views while the rest of the
    /// suite ran, so parses on two threads go on, up to 60, until one has
    /// raised it); one thread leaves it alone.
    @Test func theParseGivesThePagesTouchedAheadToTheRulesReadAhead() throws {
        #if os(Linux)
        let page = FreshPagesTests.page
        // Views enough that the parse takes some milliseconds to reach the
        // rules: the second thread, started late under load, still comes first.
        let bytes = Self.rulesDocument(views: 30_000, rules: 600)
        final class Seen: @unchecked Sendable {
            let runs = Atomic<Int>(0)
            var limit = 0
        }
        var raised = 0, parses = 0
        for (k, count) in ([2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1] + Array(repeating: 2, count: 50)).enumerated() {
            if k >= 11 && raised > 0 { break }
            if count == 2 { parses += 1 }
            try FreshPagesTests.withMapping(pages: 256) { region in
                let pages = FreshPages(in: region, upTo: 2 * page, pageSize: page)
                var threads = LoweringThreads(count)
                threads.readAheadBytes = 0
                threads.pagesAhead = pages
                let seen = Seen()
                let document = try LayoutDocument.parse(LayoutDocument.Bytes(bytes), source: "doc.json", threads: threads,
                                                        afterReading: {
                    seen.limit = pages.pageLimit
                    seen.runs.add(1, ordering: .releasing)
                })
                #expect(document.ruleCount == 600)
                var spins = 0
                while count == 2 && seen.runs.load(ordering: .acquiring) == 0 && spins < 5_000_000 { sched_yield(); spins += 1 }
                if count == 1 {
                    #expect(seen.runs.load(ordering: .acquiring) == 0 && pages.pageLimit == 2)
                } else {
                    let limit = seen.limit
                    #expect(limit >= 2 && limit <= (2 * page + 600 * RuleReadAhead.heapBytesPerRule + page - 1) / page)
                    if limit > 2 { raised += 1 }
                }
            }
        }
        #expect(raised > 0, "the limit was raised in \(raised) of \(parses) parses on two threads")
        #endif
    }

    /// The rules array is found after its key, however spaced, from the
    /// offset given first and then from the start, and not where the key's
    /// bytes are escaped in a string or followed by anything else.
    @Test func theRulesArrayIsFoundAfterItsKey() {
        func find(_ json: String, from: Int = 0) -> Int? {
            let bytes = Array((json + String(repeating: " ", count: 32)).utf8)
            return bytes.withUnsafeBufferPointer { ReadAheadProgress.arrayStart(after: #""rules""#, in: $0, from: from) }
        }
        #expect(find(#"{"rules":[{}]}"#) == 9)
        #expect(find(#"{"rules" :  [{}]}"#) == 12)
        #expect(find("{\"rules\"\n:\t[{}]}") == 11)
        #expect(find(#"{"id":"rules","rules":[]}"#) == 22)
        #expect(find(#"{"id":"\"rules\":[","x":1}"#) == nil)
        #expect(find(#"{"rules":{"a":1}}"#) == nil)
        #expect(find(#"{"rule":[],"view":[]}"#) == nil)
        #expect(find(#"{"rules":[],"x":{"rules":[]}}"#, from: 5) == 25)
        for pad in 0 ..< 40 {
            #expect(find("{" + String(repeating: " ", count: pad) + #""rules":[]}"#) == pad + 9)
        }
    }
}

extension Array {
    /// The elements over and over, without end.
    var cycled: some Sequence<Element> {
        sequence(state: 0) { (k: inout Int) -> Element? in
            defer { k = (k + 1) % count }
            return isEmpty ? nil : self[k]
        }
    }
}
