import Testing
import PlumbTestSupport
@testable import Plumb

/// A large document lowered and its frames written on two threads
/// (``LoweringThreads``, ``SecondThread/share(_:waiting:helper:inOrder:)``) against
/// the same on one: the same rows, the same frames bytes, and the same
/// errors (every message, position, excerpt and suggestion, in the same
/// order), with problems in the first half, the second half, or both.
@Suite struct TwoThreadLoweringTests {
    /// Two threads that share work from `threshold` constraint strings and
    /// frames on, in small chunks (so that a document has many).
    /// With `waiting`, the second thread's chunks are used whenever it ran.
    static func two(from threshold: Int, chunk: Int = 16, waiting: Bool = true) -> LoweringThreads {
        var threads = LoweringThreads(2)
        threads.waitsForHelper = waiting
        threads.constraintThreshold = threshold
        threads.frameThreshold = threshold
        threads.constraintChunk = chunk
        threads.frameChunk = chunk
        return threads
    }

    /// A document of `viewCount` views in a column, each placed by four
    /// constraint strings, with the random strings of `inserted` (from the
    /// fast path's generator, many of them wrong) put in at their positions.
    static func document(viewCount: Int, inserted: [Int: String]) -> String {
        var constraints: [String] = []
        for i in 1 ... viewCount {
            let above = i == 1 ? "root" : "v\(i - 1)"
            constraints += ["v\(i).left = root.left + \(i % 7)", "v\(i).top = \(above).bottom + 2",
                            "v\(i).width == 0.5 * \(above).width + \(i % 5) @ 750", "v\(i).height = 10"]
        }
        for (at, text) in inserted.sorted(by: { $0.key > $1.key }) { constraints.insert(text, at: min(at, constraints.count)) }
        var json = Array(#"{"root": {"id": "root", "width": 300, "height": 200}, "views": ["#.utf8)
        let ids = ["a", "b", "cell1", "é"] + (1 ... viewCount).map { "v\($0)" }
        json += Array(ids.map { "{\"id\": \"\($0)\"}" }.joined(separator: ", ").utf8)
        json += Array(#"], "constraints": ["#.utf8)
        for (k, c) in constraints.enumerated() {
            if k > 0 { json += Array(", ".utf8) }
            FrameWriter.appendString(c, to: &json)
        }
        json += Array("]}".utf8)
        return String(decoding: json, as: UTF8.self)
    }

    /// What lowering gives: every row (terms, constant, relation, priority)
    /// and the frames solved, or the error's full text.
    static func outcome(_ json: String, threads: LoweringThreads) throws -> String {
        try outcome(lowering: try parseDocument(json), threads: threads)
    }

    /// ``outcome(_:threads:)`` of a parsed document.
    static func outcome(lowering doc: LayoutDocument, threads: LoweringThreads) throws -> String {
        do {
            let lowered = try doc.lower(threads: threads)
            let system = lowered.system
            var text = ""
            for r in 0 ..< system.rowCount {
                let row = RowIndex(r)
                text += "\(system.terms(of: row)) \(system.constants[r]) \(system.relations[r]) \(system.priorities[r])\n"
            }
            let frames = lowered.frames(from: try lowered.solve())
            return text + String(decoding: FrameWriter.json(ids: lowered.viewIDs, frames: frames), as: UTF8.self)
        } catch {
            return "error:\n" + error.description
        }
    }

    /// Random documents of 40 to 400 strings, split from 8 strings on:
    /// without problems, with wrong strings in the first half, the second
    /// half, or both (then the first error is the first half's, and the
    /// second half's follow it as one thread reports them).
    @Test func randomDocumentsLowerTheSameOnTwoThreads() throws {
        var random = SplitMix64(seed: 15)
        var generator = SimpleFormatFastPathTests.Generator(random: SplitMix64(seed: 16))
        var kinds = [0, 0, 0, 0]
        for round in 0 ..< 120 {
            let viewCount = 10 + Int(random.next() % 90)
            let total = 4 * viewCount
            var inserted: [Int: String] = [:]
            let where_ = round % 4  // 0 none, 1 first half, 2 second half, 3 both
            if where_ == 1 || where_ == 3 { inserted[Int(random.next() % UInt64(total / 2 - 1))] = generator.constraint() }
            if where_ == 2 || where_ == 3 {
                for _ in 0 ... random.next() % 3 {
                    inserted[total / 2 + 2 + Int(random.next() % UInt64(total / 2 - 2))] = generator.constraint()
                }
            }
            let json = Self.document(viewCount: viewCount, inserted: inserted)
            let one = try Self.outcome(json, threads: .one)
            let chunk = [1, 5, 16, 64][(round / 4) % 4]
            let two = try Self.outcome(json, threads: Self.two(from: 8, chunk: chunk))
            let racing = try Self.outcome(json, threads: Self.two(from: 8, chunk: chunk, waiting: false))
            #expect(one == two && one == racing, "round \(round): \(inserted)")
            // Documents without inserted strings solve; the others here fail.
            if one.hasPrefix("error:") != (where_ == 0) { kinds[where_] += 1 }
        }
        // Each kind of document occurred: clean ones, and errors in each half and in both.
        #expect(kinds[0] == 30 && kinds[1] > 5 && kinds[2] > 5 && kinds[3] > 5, "\(kinds)")
    }

    /// Every row lowering makes, with its origin (the string it came from), or the error's full text.
    static func rowsWithOrigins(_ json: String, threads: LoweringThreads) throws -> String {
        do {
            let system = try parseDocument(json).lower(threads: threads).system
            return (0 ..< system.rowCount).map { r in
                "\(system.terms(of: RowIndex(r))) \(system.constants[r]) \(system.relations[r]) "
                    + "\(system.priorities[r]) \(system.origins[r])"
            }.joined(separator: "\n")
        } catch {
            return "error:\n\(error)"
        }
    }

    /// The second thread writes the rows of the chunks it compiles into
    /// blocks that the first thread appends whole: each row and its origin
    /// are one thread's at every chunk size (chunks of one string, chunks
    /// whose last is short), with rows a block does not take (a repeated
    /// variable merged, terms that cancel, a huge coefficient) and a string
    /// with a problem in the chunks the second thread does (it goes from the
    /// last); and for the documents whose rows it leaves to the first thread
    /// (right to left, a measured view whose baseline a string names).
    @Test func rowsOfTheSecondThreadsChunksAreOneThreads() throws {
        let late = ["v30.width = 0.5 * v30.width + 10", "v31.left = v31.left + 0", "v32.centerX = v32.left + 20",
                    "v33.width <= 1e300 * v33.height", "v34.leading = v35.trailing + 3", "v36.firstBaseline = a.lastBaseline"]
        var compared = 0
        for variant in ["", "rtl", "text"] {
            for chunk in [1, 7, 16, 64] {
                for bad in [false, true] {
                    var inserted: [Int: String] = [:]
                    for (k, text) in late.enumerated() { inserted[150 - 9 * k] = text }
                    if bad { inserted[140] = "v37.width = v99x.width" }
                    var json = Self.document(viewCount: 40, inserted: inserted)
                    if variant == "rtl" { json = json.replacing(#"{"root": "#, with: #"{"layoutDirection": "rtl", "root": "#) }
                    if variant == "text" { json = json.replacing(#"{"id": "a"}"#, with: #"{"id": "a", "text": "hi"}"#) }
                    let one = try Self.rowsWithOrigins(json, threads: .one)
                    #expect(one.hasPrefix("error:") == bad, "\(one.prefix(300))")
                    for threads in [Self.two(from: 8, chunk: chunk), Self.two(from: 8, chunk: chunk, waiting: false)] {
                        #expect(try Self.rowsWithOrigins(json, threads: threads) == one, "\(variant) \(chunk) \(bad)")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared == 48)
    }

    /// An unknown view in each half: the messages keep one thread's order
    /// and suggestions (the second half's are made after the first's).
    @Test func errorsInBothHalvesKeepTheirOrder() throws {
        let json = Self.document(viewCount: 50, inserted: [3: "v1.left = v100.right", 150: "v2.top = cel1.top"])
        // Two chunks: the second thread takes the second (and fails it), the first thread the first.
        let two = try Self.outcome(json, threads: Self.two(from: 8, chunk: 128))
        #expect(two == (try Self.outcome(json, threads: .one)))
        let first = try #require(two.range(of: "constraints[3]")), second = try #require(two.range(of: "constraints[151]"))
        #expect(first.lowerBound < second.lowerBound)
        #expect(two.contains("unknown view 'cel1' (did you mean 'cell1'?)"), "\(two)")
    }

    /// Just below and at the default threshold: the same rows and frames.
    @Test func aroundTheThresholdLowersTheSame() throws {
        let threshold = LoweringThreads(2).constraintThreshold
        for total in [threshold - 1, threshold] {
            // Views of four strings each, and the rest in wrong-free extras.
            let viewCount = total / 4
            var inserted: [Int: String] = [:]
            for k in 0 ..< total - 4 * viewCount { inserted[k] = ["a.width = 7", "b.width = 8", "cell1.width = 9"][k] }
            let json = Self.document(viewCount: viewCount, inserted: inserted)
            #expect(try parseDocument(json).constraintCount == total)
            #expect(LoweringThreads(2).splitsConstraints(total) == (total >= threshold))
            let one = try Self.outcome(json, threads: .one)
            #expect(!one.hasPrefix("error:") && one.contains("\"v\(viewCount)\": ["))
            #expect(try Self.outcome(json, threads: LoweringThreads(2)) == one)
            #expect(try Self.outcome(json, threads: Self.two(from: threshold, chunk: 256)) == one)
        }
    }

    /// Frames written in two halves against one writer, on either side of
    /// the split, with ids that need escaping in either half.
    @Test func framesInTwoHalvesAreTheSameBytes() {
        var random = SplitMix64(seed: 9)
        for n in [0, 1, 2, 3, 255, 256, 257, 1000, 1999, 2000, 2001, 5003] {
            let ids = (0 ..< n).map { i in i % 301 == 17 ? "q\"\(i)" : i % 7 == 0 ? "vué\(i)" : "view\(i)" }
            let frames = (0 ..< n).map { _ in
                Rect(x: Double(Int.random(in: -500 ... 500, using: &random)) / 16,
                     y: Double.random(in: -1e6 ... 1e6, using: &random),
                     width: [0, 1.0 / 3, 1e-7, 123456.5].randomElement(using: &random)!,
                     height: Double(Int.random(in: 0 ... 9999, using: &random)))
            }
            let one = FrameWriter.json(ids: ids, frames: frames)
            for threads in [Self.two(from: 2), Self.two(from: 2, chunk: 1), Self.two(from: 2, waiting: false),
                            LoweringThreads(2), LoweringThreads.one] {
                #expect(FrameWriter.json(ids: ids, frames: frames, threads: threads) == one, "\(n) views")
            }
        }
    }

    /// A layout lowered without `viewIDs` writes its frames from the
    /// document's ids: the same bytes as the writer given the ids as
    /// `String`s, on one thread and on two (ids that need escaping, ids
    /// longer than a block's room, a root id of the document's own, on
    /// either side of every split).
    @Test func framesFromTheDocumentsIdsAreTheSameBytes() throws {
        var random = SplitMix64(seed: 12)
        for n in [0, 1, 2, 3, 255, 256, 257, 1000, 2001] {
            let ids = (0 ..< n).map { i in
                i % 301 == 17 ? "q\"\(i)\\" : i % 97 == 5 ? String(repeating: "long", count: 30) + "\(i)"
                    : i % 7 == 0 ? "vué\(i)" : "view\(i)"
            }
            var json = Array(#"{"root": {"id": "top\"most", "width": 300, "height": 200}, "views": ["#.utf8)
            for (k, id) in ids.enumerated() {
                json += Array((k > 0 ? ", " : "").utf8) + Array(#"{"id": "#.utf8)
                FrameWriter.appendString(id, to: &json)
                json += Array("}".utf8)
            }
            json += Array("]}".utf8)
            let doc = try parseDocument(String(decoding: json, as: UTF8.self))
            let named = try doc.lower(), unnamed = try doc.lower(namingViews: false)
            #expect(unnamed.viewIDs.isEmpty && unnamed.viewCount == n + 1 && named.viewCount == n + 1)
            let frames = (0 ... n).map { _ in
                Rect(x: Double(Int.random(in: -500 ... 500, using: &random)) / 16,
                     y: Double.random(in: -1e6 ... 1e6, using: &random),
                     width: [0, 1.0 / 3, 1e-7, 123456.5].randomElement(using: &random)!,
                     height: Double(Int.random(in: 0 ... 9999, using: &random)))
            }
            let expected = FrameWriter.json(ids: named.viewIDs, frames: frames)
            for threads in [Self.two(from: 2), Self.two(from: 2, chunk: 1), Self.two(from: 2, waiting: false),
                            LoweringThreads(2), LoweringThreads.one] {
                #expect(unnamed.framesJSON(frames, threads: threads) == expected, "\(n) views")
                #expect(named.framesJSON(frames, threads: threads) == expected, "\(n) views")
            }
        }
    }
}
