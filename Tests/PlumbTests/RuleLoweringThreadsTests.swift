import Testing
import PlumbTestSupport
@testable import Plumb

/// A document's rule rows written on two threads
/// (`RuleBook.lower(into:threads:rowsThread:viewID:)`: chunks of the views in order,
/// the second thread's in blocks the builder appends whole), and its rules'
/// look-ups made ahead on a second thread (``RuleLookupsAhead``), against
/// one: the same rows, origins, schedule and diagnostics.
@Suite struct RuleLoweringThreadsTests {
    /// Two threads from 2 views with rules on, in chunks of `chunk` views;
    /// with `waiting`, the second thread's chunks are used whenever it ran.
    static func two(chunk: Int, waiting: Bool) -> LoweringThreads {
        var threads = LoweringThreads(2)
        threads.ruleThreshold = 2
        threads.ruleChunk = chunk
        threads.ruleLookupChunk = chunk
        threads.waitsForHelper = waiting
        return threads
    }

    /// `SLLTemplatePropertyTests.lower`'s outcome (rows, origins, schedule, diagnostics) with `threads`.
    static func lower(_ document: LayoutDocument, threads: LoweringThreads) -> SLLTemplatePropertyTests.Lowered {
        SLLTemplatePropertyTests.lower(document, templates: true, threads: threads)
    }

    /// The random rule documents of the template tests (about half with
    /// problems), in chunks of 1 to 4 views, the caller waiting for the
    /// second thread or not: every part the same as one thread's.
    @Test func randomRuleDocumentsLowerTheSameOnTwoThreads() throws {
        var lowered = 0
        for seed in 0 ..< 300 {
            let json = SLLTemplatePropertyTests.document(seed: seed)
            let document = try LayoutDocument.parse(Array(json.utf8), source: "random.json")
            let one = Self.lower(document, threads: .one)
            let two = Self.lower(document, threads: Self.two(chunk: 1 + seed % 4, waiting: seed % 3 != 0))
            if one != two {
                Issue.record("seed \(seed): \(SLLTemplatePropertyTests.difference(two, one)) in \(json)")
                break
            }
            if one.diagnostics.isEmpty { lowered += 1 }
        }
        #expect(lowered >= 100, "\(lowered) documents lowered without problems")
    }

    /// The rules families' documents, lowered and solved: the same rows and
    /// frames on two threads as on one, at every chunk size tried.
    @Test func theRulesFamiliesLowerTheSame() throws {
        for json in [SLLFixtures.listRules50, SLLFixtures.cardsRules50] {
            let document = try LayoutDocument.parse(Array(json.utf8), source: "family.json")
            let one = Self.lower(document, threads: .one)
            for chunk in [1, 7, 64] {
                let two = Self.lower(document, threads: Self.two(chunk: chunk, waiting: true))
                #expect(one == two, "chunk \(chunk): \(SLLTemplatePropertyTests.difference(two, one))")
                let frames = { (threads: LoweringThreads) throws -> [Rect] in
                    let layout = try document.lower(threads: threads)
                    return layout.frames(from: try layout.solve())
                }
                #expect(try frames(.one) == frames(Self.two(chunk: chunk, waiting: true)))
            }
        }
    }

    /// A `list-rules` document of `cells` cells (two rules a cell, a
    /// cell's rule naming the cell before it), with `faults` put in: rule
    /// `i`'s view id, text or argument changed (`"view"`, `"text"`,
    /// `"argument"`, `"root"`: the rule moved onto the root), and `extra`
    /// views placed by two constraint strings each.
    static func listRules(cells: Int, faults: [Int: String] = [:], extra: Int = 0) -> String {
        var rules: [String] = []
        for c in 0 ..< cells {
            for (k, view) in ["cell\(c)", "icon\(c)"].enumerated() {
                let i = rules.count
                var id = view, arguments = ""
                var text = k == 1 ? "ll = 8, ct = 50%, w = h = 28"
                    : c == 0 ? "ll = rr = 16, tt = 8, h = 48" : "ll = rr = 16, tt = %bt + 8, h = \(40 + 4 * (c % 5))"
                if k == 0 && c > 0 { arguments = #", "args": ["cell\#(c - 1)"]"# }
                switch faults[i] {
                case "view": id = "cel\(c)"
                case "text": text = "ll = 8, ct = 50%, w = h = 28 +"
                case "argument": arguments = #", "args": ["cel\#(c)"]"#
                case "root": id = "root"
                default: break
                }
                rules.append(#"{"view": "\#(id)", "rule": "\#(text)"\#(arguments)}"#)
            }
        }
        let views = (0 ..< cells).flatMap { c in
            [#"{"id": "cell\#(c)", "parent": "root"}"#, #"{"id": "icon\#(c)", "parent": "cell\#(c)"}"#]
        } + (0 ..< extra).map { #"{"id": "extra\#($0)", "intrinsicSize": [10, 10]}"# }
        let strings = (0 ..< extra).flatMap { [#""extra\#($0).left = root.left + \#($0)""#, #""extra\#($0).top = root.top""#] }
        return #"{"root": {"id": "root", "width": 640, "height": 480}, "views": [\#(views.joined(separator: ", "))], "#
            + #""constraints": [\#(strings.joined(separator: ", "))], "rules": [\#(rules.joined(separator: ", "))]}"#
    }

    /// Many rules, with problems at several places (at a chunk's first and
    /// last rule, in the second thread's chunks and in the caller's):
    /// applied with the look-ups made ahead, in chunks of 1 to 64 rules,
    /// waiting for the second thread or not, they give one thread's rows
    /// and diagnostics (every message, in its order).
    @Test func lookupsMadeAheadGiveOneThreadsRowsAndProblems() throws {
        let faultSets: [[Int: String]] = [
            [:],
            [0: "view", 17: "argument", 63: "text", 64: "root", 129: "view", 250: "argument", 299: "text"],
            [5: "argument", 6: "argument", 7: "view", 200: "text", 201: "root"],
            Dictionary(uniqueKeysWithValues: (0 ..< 25).map { ($0 * 12 + 3, ["view", "argument", "text", "root"][$0 % 4]) }),
        ]
        for (n, faults) in faultSets.enumerated() {
            let document = try LayoutDocument.parse(Array(Self.listRules(cells: 150, faults: faults).utf8),
                                                    source: "faults.json")
            let one = Self.lower(document, threads: .one)
            #expect(faults.isEmpty == one.diagnostics.isEmpty)
            for chunk in [1, 7, 64] {
                for waiting in [true, false] {
                    let two = Self.lower(document, threads: Self.two(chunk: chunk, waiting: waiting))
                    #expect(one == two, "faults \(n), chunk \(chunk): \(SLLTemplatePropertyTests.difference(two, one))")
                }
            }
        }
    }

    /// The look-ups a second thread makes for a chunk of rules are the
    /// ones the caller makes (each rule's view and view arguments, its
    /// text's tag), for known and unknown ids and the root.
    @Test func lookupsAreTheCallersLookups() throws {
        let faults = [3: "view", 10: "argument", 20: "root"]
        let document = try LayoutDocument.parse(Array(Self.listRules(cells: 20, faults: faults).utf8), source: "f.json")
        let ahead = RuleLookupsAhead.start(document, threads: Self.two(chunk: 8, waiting: true))
        let recent = RecentNames(document.names, pool: document.ids, firstEntry: 1)
        let rootLength = document.rootID.utf8.count
        for k in 0 ..< (document.ruleCount + 7) / 8 { #expect(ahead.sharing.take(k)) }
        for i in 0 ..< document.ruleCount {
            let view = document.ruleViews.withEntry(i) {
                document.viewIndex(of: $0, through: recent, rootLength: rootLength)
            }
            #expect(ahead.rules[i].view == view?.rawValue ?? -1, "rule \(i)")
            #expect(ahead.rules[i].tag == document.ruleTexts.withEntry(i) { NameTable.tag(of: $0) })
            let start = i == 0 ? 0 : Int(document.ruleArgumentEnds[i - 1])
            for k in start ..< Int(document.ruleArgumentEnds[i]) {
                guard case .view(let entry) = document.ruleArguments[k] else { continue }
                let other = document.ruleArgumentViews.withEntry(Int(entry)) {
                    document.viewIndex(of: $0, through: recent, rootLength: rootLength)
                }
                #expect(ahead.arguments[k] == other?.rawValue ?? -1, "rule \(i) argument \(k)")
            }
        }
        #expect(ahead.rules[3].view == -1 && ahead.rules[20].view == 0)
    }

    /// Two texts whose tags fall in the same slot of a syntax cache.
    static func collidingTexts() -> (String, String) {
        let slot = { (text: String) in
            Int(truncatingIfNeeded: Array(text.utf8).withUnsafeBufferPointer { NameTable.tag(of: $0) })
                & (RuleSyntaxCache.slotCount - 1)
        }
        let first = "w = 10"
        let other = (11 ..< 10_000).lazy.map { "w = \($0)" }.first { slot($0) == slot(first) }!
        return (first, other)
    }

    /// The second thread finds, for each rule, the last rule before it
    /// whose text had a tag in the same slot when that text is the rule's
    /// (`same`), and none when it is another text or there is none: texts
    /// repeated, two texts sharing a slot in turns, and broken texts.
    @Test func lookupsFindTheLastRuleOfTheSameText() throws {
        let (a, b) = Self.collidingTexts()
        let texts = [a, a, b, a, b, b, "h = 20 +", "h = 20 +", a, "w = 10 +", a, a] + Array(repeating: a, count: 9)
        let views = texts.indices.map { #"{"id": "v\#($0)", "parent": "root"}"# }
        let rules = texts.indices.map { #"{"view": "v\#($0)", "rule": "\#(texts[$0])"}"# }
        let json = #"{"root": {"id": "root", "width": 640, "height": 480}, "views": [\#(views.joined(separator: ", "))], "#
            + #""constraints": [], "rules": [\#(rules.joined(separator: ", "))]}"#
        let document = try LayoutDocument.parse(Array(json.utf8), source: "same.json")
        let ahead = RuleLookupsAhead.start(document, threads: Self.two(chunk: 4, waiting: true))
        for k in 0 ..< (document.ruleCount + 3) / 4 { #expect(ahead.sharing.take(k)) }
        let slot = { (i: Int) in
            Int(truncatingIfNeeded: document.ruleTexts.withEntry(i) { NameTable.tag(of: $0) })
                & (RuleSyntaxCache.slotCount - 1)
        }
        for i in 0 ..< document.ruleCount {
            let last = (0 ..< i).last { slot($0) == slot(i) }
            let expected = last.map { texts[$0] == texts[i] ? Int32($0) : -1 } ?? -1
            #expect(ahead.rules[i].same == expected, "rule \(i)")
        }
        #expect(ahead.rules[1].same == 0 && ahead.rules[2].same == -1 && ahead.rules[3].same == -1)
        #expect(ahead.rules[7].same == 6 && ahead.rules[11].same == 10)
        // The same rows and diagnostics as one thread, the look-ups waited for or not.
        let one = Self.lower(document, threads: .one)
        #expect(!one.diagnostics.isEmpty)
        for chunk in [1, 3, 4] {
            for waiting in [true, false] {
                let two = Self.lower(document, threads: Self.two(chunk: chunk, waiting: waiting))
                #expect(one == two, "chunk \(chunk): \(SLLTemplatePropertyTests.difference(two, one))")
            }
        }
    }

    /// The syntax cache finds a rule's text from the number of an earlier
    /// rule of the same text when that rule is its slot's last (parsed
    /// there, or found there since), and only for a text parsed without
    /// problems; anything else is left to the parse.
    @Test func theSyntaxCacheFindsARepeatedTextFromItsSlotsLastRule() {
        var texts = BytePool()
        for text in ["w = 10", "w = 10", "w = 10", "w = 10", "h = 20 +", "h = 20 +"] { _ = texts.append(text) }
        let tag = { (i: Int) in texts.withEntry(i) { NameTable.tag(of: $0) } }
        var cache = RuleSyntaxCache()
        let parsed = texts.withEntry(0) { cache.parse($0, tag: tag(0), rule: 0, texts: texts) }
        #expect(parsed.issues?.isEmpty == true)
        #expect(cache.slot(repeating: 1, tag: tag(1), same: -1) == nil)
        #expect(cache.slot(repeating: 1, tag: tag(1), same: 0) == parsed.slot)
        // Rule 1 is the slot's last now, not rule 0.
        #expect(cache.slot(repeating: 2, tag: tag(2), same: 0) == nil)
        #expect(cache.slot(repeating: 2, tag: tag(2), same: 1) == parsed.slot)
        // Found by reading its text, rule 3 becomes the last only when noted.
        let read = texts.withEntry(3) { cache.parse($0, tag: tag(3), rule: 3, texts: texts, notingRepeat: true) }
        #expect(read.slot == parsed.slot && read.issues == nil)
        #expect(cache.slot(repeating: 3, tag: tag(3), same: 2) == nil)
        #expect(cache.slot(repeating: 3, tag: tag(3), same: 3) == parsed.slot)
        // A text with problems is parsed again each time.
        let broken = texts.withEntry(4) { cache.parse($0, tag: tag(4), rule: 4, texts: texts) }
        #expect(broken.issues?.isEmpty == false)
        #expect(cache.slot(repeating: 5, tag: tag(5), same: 4) == nil)
    }

    /// Each slot's template lives in the cache and changes in place: a
    /// text parsed without problems starts `unseen`, a repeat found by
    /// reading the text or from its slot's last rule makes it `pending`
    /// (an exact text) or `unusable` (one that reads a value), a text with
    /// problems leaves it `unusable`, and what a caller writes through
    /// `withTemplate` is what the next read finds. Other slots are left alone.
    @Test func theSyntaxCacheKeepsEachSlotsTemplateInPlace() {
        var texts = BytePool()
        for text in ["w = 10", "w = 10", "h = w", "h = w", "x = 3 +", "w = 10"] { _ = texts.append(text) }
        let tag = { (i: Int) in texts.withEntry(i) { NameTable.tag(of: $0) } }
        var cache = RuleSyntaxCache()
        let exact = texts.withEntry(0) { cache.parse($0, tag: tag(0), rule: 0, texts: texts) }.slot
        #expect(cache.templateStatus(at: exact) == .unseen)
        #expect(cache.readyTemplateArguments(at: exact) == nil)
        let reading = texts.withEntry(2) { cache.parse($0, tag: tag(2), rule: 2, texts: texts) }.slot
        #expect(reading != exact)
        #expect(cache.templateStatus(at: reading) == .unseen)
        #expect(cache.slot(repeating: 1, tag: tag(1), same: 0) == exact)
        #expect(cache.templateStatus(at: exact) == .pending)
        #expect(cache.templateStatus(at: reading) == .unseen)
        let again = texts.withEntry(3) { cache.parse($0, tag: tag(3), rule: 3, texts: texts) }
        #expect(again.slot == reading && again.issues == nil)
        #expect(cache.templateStatus(at: reading) == .unusable)
        let broken = texts.withEntry(4) { cache.parse($0, tag: tag(4), rule: 4, texts: texts) }
        #expect(broken.issues?.isEmpty == false)
        #expect(cache.templateStatus(at: broken.slot) == .unusable)
        cache.withTemplate(at: exact) { $0.restart(parsed: false) }
        #expect(cache.templateStatus(at: exact) == .unusable)
        #expect(cache.templateStatus(at: reading) == .unusable)
        // Parsed again in its slot (rule 5's text, found there): the slot's template is what was written.
        let found = texts.withEntry(5) { cache.parse($0, tag: tag(5), rule: 5, texts: texts) }
        #expect(found.slot == exact && found.issues == nil && cache.templateStatus(at: exact) == .unusable)
    }

    /// `plumb solve`'s way: the rules' look-ups are made on the thread the
    /// parse kept (``ParkedThread``), which, its look-ups done, waits for
    /// the rows and writes them (the rows' second thread is the kept one,
    /// no thread is started); rows, schedule and diagnostics are one
    /// thread's, with problems or without, waiting for it or not.
    @Test func theKeptThreadLooksUpTheRulesAndWritesTheirRows() throws {
        for faults in [[:], [3: "view", 100: "text", 250: "argument"]] as [[Int: String]] {
            let document = try LayoutDocument.parse(Array(Self.listRules(cells: 150, faults: faults).utf8),
                                                    source: "kept.json")
            let one = Self.lower(document, threads: .one)
            for chunk in [1, 7, 64] {
                for waiting in [true, false] {
                    var threads = Self.two(chunk: chunk, waiting: waiting)
                    let parked = ParkedThread(patienceMicroseconds: 60_000_000)
                    #expect(ParkedThreadTests.startParking(parked, ParkedThreadTests.Record()))
                    threads.parkedThread = parked
                    var schedule: RuleSchedule?
                    let two = SLLTemplatePropertyTests.lower(document, templates: true, threads: threads) {
                        schedule = $0
                    }
                    parked.release()
                    #expect(one == two, "chunk \(chunk): \(SLLTemplatePropertyTests.difference(two, one))")
                    #expect(parked.wasHanded, "the look-ups went to the kept thread")
                    if waiting {
                        #expect(faults.isEmpty == (schedule?.rowsOnKeptThread == true),
                                "the rows went to the look-ups' thread (chunk \(chunk))")
                    }
                    // Above the limit, the look-ups' thread ends and the rows start their own.
                    threads.ruleRowsWaitLimit = document.ruleCount - 1
                    var above: RuleSchedule?
                    let own = SLLTemplatePropertyTests.lower(document, templates: true, threads: threads) { above = $0 }
                    #expect(one == own && above?.rowsOnKeptThread != true)
                }
            }
        }
    }

    /// A document with constraint strings and rules, both on two threads:
    /// the kept thread compiles the strings (handed once only), the rules'
    /// look-ups start a thread of their own, and the frames are one
    /// thread's.
    @Test func theKeptThreadIsHandedOnceWithStringsAndRules() throws {
        let document = try LayoutDocument.parse(Array(Self.listRules(cells: 60, extra: 40).utf8), source: "both.json")
        #expect(document.constraintCount == 80 && document.ruleCount == 120)
        let frames = { (threads: LoweringThreads) throws -> [Rect] in
            let layout = try document.lower(threads: threads)
            return layout.frames(from: try layout.solve())
        }
        let one = try frames(.one)
        for waiting in [true, false] {
            var threads = Self.two(chunk: 8, waiting: waiting)
            threads.constraintThreshold = 2
            threads.constraintChunk = 8
            let parked = ParkedThread(patienceMicroseconds: 60_000_000)
            #expect(ParkedThreadTests.startParking(parked, ParkedThreadTests.Record()))
            threads.parkedThread = parked
            #expect(document.compilesConstraintsOnTwoThreads(threads) && !document.looksUpRulesOnAKeptThread(threads))
            #expect(try frames(threads) == one)
            parked.release()
            #expect(parked.wasHanded)
        }
    }
}
