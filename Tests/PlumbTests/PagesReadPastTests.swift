#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import Plumb

/// ``PagesReadPast`` on a mapped file: the whole pages before a byte leave
/// the mapping's resident pages once they make a step, what is read again
/// is the file's bytes, and a document lowered while its pages are given
/// back gives the rows and frames of one lowered without.
@Suite struct PagesReadPastTests {
    static let page = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// `bytes` written to a file of its own and mapped as `plumb solve`
    /// maps a document (read-only, private, its pages read in), unmapped
    /// after `body`.
    static func withMappedFile<R>(_ bytes: [UInt8], _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pages-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        let fd = open(path, O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        let map = try #require(mmap(nil, bytes.count, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0))
        try #require(map != MAP_FAILED)
        defer { munmap(map, bytes.count) }
        return try body(UnsafeRawBufferPointer(start: map, count: bytes.count))
    }

    /// The resident kB of the mapping at `address` (its `Rss:` line in /proc/self/smaps).
    static func residentKB(of address: UnsafeRawPointer) throws -> Int {
        // (Read to its end: /proc files have no size to read up to.)
        let file = try #require(FileHandle(forReadingAtPath: "/proc/self/smaps"))
        let smaps = String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
        let start = String(UInt(bitPattern: address), radix: 16)
        var inMapping = false
        for line in smaps.split(separator: "\n") {
            if let dash = line.firstIndex(of: "-"), !line.hasPrefix(" "), line[..<dash].allSatisfy(\.isHexDigit) {
                inMapping = line[..<dash].drop(while: { $0 == "0" }) == start[...]
            } else if inMapping, line.hasPrefix("Rss:") {
                return Int(line.split(separator: " ")[1])!
            }
        }
        Issue.record("no mapping at \(start)")
        return -1
    }

    /// `json` mapped, parsed and lowered with `threads` while its pages are
    /// given back a page at a time: the outcome
    /// (`TwoThreadLoweringTests.outcome`) and the bytes given back from the
    /// start and from the end.
    static func loweredMapped(_ json: String, threads: LoweringThreads) throws -> (String, Int, Int) {
        var threads = threads
        return try withMappedFile(Array(json.utf8)) { region throws -> (String, Int, Int) in
            let bytes = LayoutDocument.Bytes(region.bindMemory(to: UInt8.self), release: {})
            let doc = try LayoutDocument.parse(bytes, source: "doc.json", threads: threads)
            let given = PagesReadPast(region, step: page)
            threads.pagesReadPast = given
            let outcome = try TwoThreadLoweringTests.outcome(lowering: doc, threads: threads)
            return (outcome, given.bytesGiven, given.bytesGivenFromEnd)
        }
    }

    /// Steps of 8 pages: nothing given before a step is reached, then the
    /// whole pages before the byte (not the one it is in); a pointer
    /// outside the region is ignored; the pages given are no longer
    /// resident, and reading them again gives the file's bytes.
    @Test func wholePagesBeforeTheByteAreGivenBackInSteps() throws {
        #if os(Linux)
        let page = Self.page, pages = 64
        let bytes = (0 ..< pages * page).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 12) }
        try Self.withMappedFile(bytes) { region throws in
            let base = region.baseAddress!
            #expect(try Self.residentKB(of: base) == pages * page / 1024)
            let given = PagesReadPast(region, step: 8 * page)
            given.readPast(base + 3 * page + 5)
            #expect(given.bytesGiven == 0)
            given.readPast(base + 9 * page + 100)
            #expect(given.bytesGiven == 9 * page)
            #expect(try Self.residentKB(of: base) == (pages - 9) * page / 1024)
            given.readPast(base + 12 * page)  // 3 pages past: less than a step
            given.readPast(nil)
            bytes.withUnsafeBytes { other in given.readPast(other.baseAddress! + 40 * page) }
            #expect(given.bytesGiven == 9 * page)
            given.readPast(base + 17 * page + 1)
            #expect(given.bytesGiven == 17 * page)
            #expect(try Self.residentKB(of: base) == (pages - 17) * page / 1024)
            // Read again, every byte is the file's.
            #expect(Array(region) == bytes)
        }
        #endif
    }

    /// The same from the region's end (the build's second thread): the
    /// whole pages from the byte on (not the one it is in) once they make a
    /// step; a pointer outside is ignored; both ends may give back the same
    /// pages; what is read again is the file's bytes.
    @Test func wholePagesFromTheByteOnAreGivenBackFromTheEnd() throws {
        #if os(Linux)
        let page = Self.page, pages = 64
        let bytes = (0 ..< pages * page).map { UInt8(truncatingIfNeeded: $0 &* 5 &+ $0 >> 12) }
        try Self.withMappedFile(bytes) { region throws in
            let base = region.baseAddress!
            let given = PagesReadPast(region, step: 8 * page)
            given.readDownTo(base + 59 * page + 5)  // 4 pages from the 60th: less than a step
            #expect(given.bytesGivenFromEnd == 0)
            given.readDownTo(base + 50 * page + 1)
            #expect(given.bytesGivenFromEnd == 13 * page)
            #expect(try Self.residentKB(of: base) == (pages - 13) * page / 1024)
            given.readDownTo(nil)
            bytes.withUnsafeBytes { other in given.readDownTo(other.baseAddress! + 2 * page) }
            given.readDownTo(base + 45 * page)  // 6 pages below: less than a step
            #expect(given.bytesGivenFromEnd == 13 * page)
            given.readDownTo(base + 40 * page)  // a page boundary: that page goes too
            #expect(given.bytesGivenFromEnd == 24 * page)
            given.readPast(base + 44 * page)  // the first thread's end, past the second's
            #expect(given.bytesGiven == 44 * page)
            #expect(try Self.residentKB(of: base) == 0)
            #expect(Array(region) == bytes)
        }
        #endif
    }

    /// The views' pages (before the first constraint string) are given
    /// back as the build starts, before any chunk is compiled: here one
    /// chunk of every string, after which nothing else is given.
    @Test func theViewsPagesGoAsTheBuildStarts() throws {
        #if os(Linux)
        let json = TwoThreadLoweringTests.document(viewCount: 1_200, inserted: [:])
        let expected = try TwoThreadLoweringTests.outcome(json, threads: .one)
        let firstString = try #require(json.utf8.firstRange(of: #""constraints": [""#.utf8)).upperBound
        let viewsBytes = json.utf8.distance(from: json.utf8.startIndex, to: firstString)
        #expect(viewsBytes > 4 * Self.page)
        var threads = LoweringThreads.one
        threads.constraintChunk = 1 << 20
        let got = try Self.loweredMapped(json, threads: threads)
        #expect(got.0 == expected)
        #expect(got.1 == viewsBytes & ~(Self.page - 1))
        #endif
    }

    /// On two threads, the second gives back the pages of the strings it
    /// compiled, from the end: it has the last chunk here (the first thread
    /// waits for it), so its pages have gone when the build ends.
    @Test func theSecondThreadGivesBackThePagesOfItsStrings() throws {
        #if os(Linux)
        let json = TwoThreadLoweringTests.document(viewCount: 1_200, inserted: [:])
        let expected = try TwoThreadLoweringTests.outcome(json, threads: .one)
        // 12 chunks of 400 strings, about 14 KB each.
        let got = try Self.loweredMapped(json, threads: TwoThreadLoweringTests.two(from: 8, chunk: 400, waiting: true))
        #expect(got.0 == expected)
        #expect(got.2 >= 2 * Self.page, "\(got.2) bytes from the end")
        #endif
    }

    /// A document of 1,200 views and 4,800 strings, mapped, lowered on
    /// one thread and on two (chunks of 16 strings) while its pages are
    /// given back a page at a time: pages were given, and the rows and
    /// frames are those of the same document lowered without.
    @Test func loweringWhileGivingPagesBackGivesTheSameRows() throws {
        #if os(Linux)
        let json = TwoThreadLoweringTests.document(viewCount: 1_200, inserted: [:])
        let expected = try TwoThreadLoweringTests.outcome(json, threads: .one)
        try #require(!expected.hasPrefix("error:"))
        for threads in [LoweringThreads.one, TwoThreadLoweringTests.two(from: 8, chunk: 16, waiting: false)] {
            let got = try Self.loweredMapped(json, threads: threads)
            #expect(got.0 == expected, "\(threads.count) thread(s)")
            // The strings start after the views (about a fifth of the file): most of the rest was given.
            #expect(got.1 > json.utf8.count / 2, "\(threads.count) thread(s): \(got.1) of \(json.utf8.count) bytes")
        }
        #endif
    }
}
