#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import Testing
import CPlumbKernels
import PlumbTestSupport
@testable import Plumb

/// A document's constraint strings read ahead on a second thread
/// (``ConstraintReadAhead``) against the same document parsed on one: the
/// same document (ids, parents, every constraint string, rules) or the same
/// error text (every message, position and excerpt), whatever the second
/// thread read before the parser came to the array, whether its buffers are
/// taken over or copied, and whatever the array holds.
@Suite struct ConstraintReadAheadTests {
    /// A random document: a few views, then an array of constraints that
    /// are mostly plain strings, and some of everything the second thread
    /// leaves to the parser (escapes, non-ASCII bytes, other values, empty
    /// strings, syntax errors, an early end), in one of several key orders
    /// (the constraints first, rules after them, a view with a key
    /// `constraints` before the document's own), spaced in several ways.
    static func document(_ random: inout SplitMix64, round: Int) -> [UInt8] {
        func below(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
        var views = randomViews(&random)
        let viewCount = views.count
        let order = round % 4
        if order == 3 { views[below(views.count)] = #"{"id":"x","constraints":["v1.left = 0"]}"# }
        let separators = [",", ", ", ",\n  ", " ,"]
        let separator = separators[below(4)]
        var elements: [String] = []
        // Values of other types (each a problem) in one round in three.
        let others = round % 3 == 0
        for _ in 0 ..< below(400) {
            let a = 1 + below(viewCount), b = 1 + below(viewCount)
            switch below(100) {
            case 0 ..< 78: elements.append(#""v\#(a).left = v\#(b).right + \#(below(1000))""#)
            case 78 ..< 82: elements.append(#""v\#(a).width = 0.5 * v\#(b).width - \#(below(10)) @ \#(1 + below(999))""#)
            case 82 ..< 85: elements.append(#""v\#(a).top = v\#(b).top \"q\" + 1""#)
            case 85 ..< 87: elements.append(#""v\#(a).top = \u0076\#(b).top""#)
            case 87 ..< 90: elements.append("\"v\(a).top = é.top\"")
            case 90 ..< 92 where others: elements.append(["12", "null", "{}", #"["v1.left = 0"]"#, "true"][below(5)])
            case 92 ..< 94: elements.append(#""""#)
            case 94 ..< 96: elements.append(#""v\#(a).height = \#(below(50))""#)
            default: elements.append(#""a.b=1""#)
            }
        }
        // One round in five has a syntax error in the array.
        let array = Self.array(elements, separator: separator, broken: round % 5 == 4, &random)
        let key = [#""constraints":"#, #""constraints" : "#, #""constraints":  "#][below(3)]
        let root = Self.rootMember
        let viewsMember = #""views":["# + views.joined(separator: ",") + "]"
        let constraints = key + array
        let rules = #""rules":[{"view":"v1","rule":"h = 20"}]"#
        let members: [String]
        switch order {
        case 0: members = [root, viewsMember, constraints]
        case 1: members = [constraints, root, viewsMember]
        case 2: members = [root, viewsMember, constraints, rules]
        default: members = [root, viewsMember, constraints]
        }
        var bytes = Array(("{" + members.joined(separator: ",") + "}").utf8)
        // One round in seven ends early, somewhere in the array or after it.
        if round % 7 == 6, let start = ConstraintReadAhead.constraintsArray(in: bytes.withUnsafeBufferPointer { $0 }) {
            bytes.removeLast(below(bytes.count - start))
        }
        return bytes
    }

    /// `elements` as a JSON array; when `broken`, with one of them (at
    /// random) written wrong: twice without a comma, with a comma after
    /// it, a quote after it, or a `[` before it.
    static func array(_ elements: [String], separator: String, broken: Bool, _ random: inout SplitMix64) -> String {
        var elements = elements
        if broken, !elements.isEmpty {
            let k = Int(random.next() % UInt64(elements.count))
            let e = elements[k]
            elements[k] = [e + " " + e, e + ",", e + "\"", "[" + e][Int(random.next() % 4)]
        }
        return "[" + elements.joined(separator: separator) + "]"
    }

    static let rootMember = #""root":{"id":"root","width":320,"height":200}"#

    /// Two to 31 views `v1`, `v2` … as documents write them, each a child
    /// of the root or of a view before it.
    static func randomViews(_ random: inout SplitMix64) -> [String] {
        func below(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
        return (1 ... 2 + below(30)).map { i in
            let parent = i == 1 || below(3) == 0 ? "root" : "v\(1 + below(i - 1))"
            return #"{"id":"v\#(i)","parent":"\#(parent)"}"#
        }
    }

    /// The parse of `bytes` with two threads, the second reading ahead
    /// (in chunks of `chunk`) whatever the document's size.
    static func racingSummary(_ bytes: [UInt8], chunk: Int) -> String {
        var threads = LoweringThreads(2)
        threads.readAheadBytes = 0
        threads.readAheadChunk = chunk
        return summary { () throws(LayoutError) in
            try LayoutDocument.parse(LayoutDocument.Bytes(bytes), source: "doc.json", threads: threads)
        }
    }

    /// What a parse gives: the document's contents (every rule's view,
    /// text and arguments included), or the error's text.
    static func summary(_ parse: () throws(LayoutError) -> LayoutDocument) -> String {
        do {
            let doc = try parse()
            return "\(doc.rootID) \(doc.viewIDs) \(doc.parentIndices) \(doc.constraints) \(doc.rules)"
        } catch {
            return "error:\n" + error.description
        }
    }

    /// Every random document, read ahead in full, in part (stopped between
    /// chunks, its buffers taken over or copied), and on a real second
    /// thread racing the parser: the one-thread parse every time. The
    /// second thread's strings were used in most documents.
    @Test func readingAheadParsesAsOneThreadDoes() {
        var random = SplitMix64(seed: 16)
        var used = 0, copied = 0, errors = 0
        for round in 0 ..< 240 {
            let bytes = Self.document(&random, round: round)
            let one = Self.summary { () throws(LayoutError) in try LayoutDocument.parse(bytes, source: "doc.json") }
            if one.hasPrefix("error:") { errors += 1 }
            let chunk = [1, 3, 16, 128][round % 4]
            for mode in 0 ..< 3 {
                let kept = LayoutDocument.Bytes(bytes)
                let ahead = ConstraintReadAhead(kept, chunk: chunk)
                ahead.copiesForTests = mode == 2
                ahead.read(chunks: mode == 0 ? .max : Int(random.next() % 6))
                let read = Self.summary { () throws(LayoutError) in
                    try LayoutDocument.parse(kept, source: "doc.json", readAhead: ahead)
                }
                #expect(read == one, "round \(round), mode \(mode)")
                if ahead.handedOver > 0 { if mode == 2 { copied += 1 } else { used += 1 } }
            }
            #expect(Self.racingSummary(bytes, chunk: chunk) == one, "round \(round), racing")
        }
        #expect(used > 150 && copied > 60 && errors > 60 && errors < 220, "used \(used), copied \(copied), errors \(errors)")
    }

    /// The array is found after its key, however spaced, and not where the
    /// key's bytes are escaped in a string or followed by anything else.
    @Test func theArrayIsFoundAfterItsKey() {
        func find(_ json: String) -> Int? {
            let bytes = Array((json + String(repeating: " ", count: 32)).utf8)
            return bytes.withUnsafeBufferPointer { ConstraintReadAhead.constraintsArray(in: $0) }
        }
        #expect(find(#"{"constraints":["a"]}"#) == 15)
        #expect(find(#"{"constraints" :  ["a"]}"#) == 18)
        #expect(find("{\"constraints\"\n:\t[\"a\"]}") == 17)
        #expect(find(#"{"id":"constraints","constraints":["a"]}"#) == 34)
        #expect(find(#"{"id":"\"constraints\":[","x":1}"#) == nil)
        #expect(find(#"{"constraints":{"a":1}}"#) == nil)
        #expect(find(#"{"views":[]}"#) == nil)
        // At every offset of a block and across blocks.
        for pad in 0 ..< 40 {
            #expect(find("{" + String(repeating: " ", count: pad) + #""constraints":[]}"#) == pad + 15)
        }
    }

    /// `plumb_key_candidates16` (the search's sixteen places at a time)
    /// against a byte loop, on random bytes of a small alphabet (so that
    /// blocks have several candidates), for keys of 4 to 13 bytes.
    @Test func keyCandidatesAreTheBytesCompared() {
        var random = SplitMix64(seed: 36)
        let alphabet = Array(#""cs:["#.utf8)
        var candidates = 0
        for _ in 0 ..< 3_000 {
            let n = 4 + Int(random.next() % 10), letters = UInt64(random.next() % 2 == 0 ? 2 : alphabet.count)
            func pick() -> UInt8 { alphabet[Int(random.next() % letters)] }
            let bytes = (0 ..< n + 15).map { _ in pick() }
            let (a, b, c, d) = (pick(), pick(), pick(), pick())
            var expected: UInt32 = 0
            for i in 0 ..< 16 where bytes[i] == a && bytes[i + 1] == b && bytes[i + n - 2] == c && bytes[i + n - 1] == d {
                expected |= 1 << UInt32(i)
            }
            candidates += expected.nonzeroBitCount
            let found = plumb_key_candidates16(bytes, Int32(n), a, b, c, d)
            #expect(found == expected)
        }
        #expect(candidates > 1_000)
    }

    /// The work given to the second thread (`afterReading`) runs once, on
    /// that thread, and the document is the one-thread parse's. With one
    /// thread, or a document below the read-ahead size, it does not run.
    @Test func theSecondThreadsWorkRunsOnceOnIt() {
        let constraints = (0 ..< 3_000).map { "\"v\($0 % 50).left = v\(($0 + 1) % 50).left + \($0 % 7)\"" }
        let views = (0 ..< 50).map { "{\"id\": \"v\($0)\"}" }
        let json = #"{"root": {"width": 400, "height": 300}, "views": ["# + views.joined(separator: ", ")
            + #"], "constraints": ["# + constraints.joined(separator: ", ") + "]}"
        let bytes = Array(json.utf8)
        let one = Self.summary { () throws(LayoutError) in try LayoutDocument.parse(bytes, source: "doc.json") }
        #expect(!one.hasPrefix("error:"), "\(one.prefix(300))")

        /// What the work saw: how many times it ran, and on which thread.
        final class Record: @unchecked Sendable {
            let runs = Atomic<Int>(0)
            var thread = pthread_self()
        }
        func parse(_ threads: LoweringThreads, _ record: Record) -> String {
            Self.summary { () throws(LayoutError) in
                try LayoutDocument.parse(LayoutDocument.Bytes(bytes), source: "doc.json", threads: threads,
                                         afterReading: {
                    record.thread = pthread_self()
                    record.runs.add(1, ordering: .releasing)
                })
            }
        }
        var two = LoweringThreads(2)
        two.readAheadBytes = 0
        for _ in 0 ..< 20 {
            let record = Record()
            #expect(parse(two, record) == one)
            var spins = 0
            while record.runs.load(ordering: .acquiring) == 0 && spins < 5_000_000 { sched_yield(); spins += 1 }
            usleep(1_000)
            #expect(record.runs.load(ordering: .acquiring) == 1)
            #expect(pthread_equal(record.thread, pthread_self()) == 0, "on the second thread")
        }
        for (count, readAheadBytes) in [(1, 0), (2, bytes.count + 1)] {
            var threads = LoweringThreads(count)
            threads.readAheadBytes = readAheadBytes
            let record = Record()
            #expect(parse(threads, record) == one)
            usleep(20_000)
            #expect(record.runs.load(ordering: .acquiring) == 0, "\(count) thread(s), read ahead from \(readAheadBytes) bytes")
        }
    }

    /// A document of 2 GiB or more is refused by name before any byte is
    /// read, by both entry points (with two threads, before a second
    /// thread starts reading it): the bytes are address space that was
    /// never made readable, so a read would crash the test.
    @Test func documentsOf2GiBAreRefusedBeforeAnythingReadsThem() throws {
        #if os(Linux)
        let size = Int(Int32.max)
        let map = mmap(nil, size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
        try #require(map != nil && map != MAP_FAILED)
        let address = Int(bitPattern: map)
        let buffer = UnsafeBufferPointer(start: map!.assumingMemoryBound(to: UInt8.self), count: size)
        func refused(_ summary: String) -> Bool {
            summary.hasPrefix("error:") && summary.contains("big.json") && summary.contains("documents are limited to 2 GiB")
        }
        #expect(refused(Self.summary { () throws(LayoutError) in try LayoutDocument.parse(buffer, source: "big.json") }))
        var threads = LoweringThreads(2)
        threads.readAheadBytes = 0
        let bytes = LayoutDocument.Bytes(buffer, release: { munmap(UnsafeMutableRawPointer(bitPattern: address), size) })
        #expect(refused(Self.summary { () throws(LayoutError) in
            try LayoutDocument.parse(bytes, source: "big.json", threads: threads)
        }))
        #endif
    }
}
