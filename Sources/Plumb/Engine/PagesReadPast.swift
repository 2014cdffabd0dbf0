#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A mapped document's pages that the build gives back as it reads past
/// them (`plumb solve` on a large file): once the constraint strings before
/// a point are compiled, the file's pages before it leave the process's
/// resident memory (`MADV_DONTNEED`), so that they are not held at the
/// build's end beside the whole system. They stay in the page cache; a
/// byte read again after that maps its page again (a minor fault), with
/// the same contents, so whatever reads them later, another thread
/// included, reads what it read before.
///
/// ``readPast(_:)`` is called by one thread (the build's first); the region
/// must be a read-only private mapping of a file, mapped for as long as
/// this is used. Elsewhere than Linux it does nothing.
public final class PagesReadPast: @unchecked Sendable {
    private let start: UnsafeRawPointer
    private let count: Int
    private let step: Int
    private let pageSize: Int
    /// Bytes from `start` whose pages were given back.
    private var given = 0
    /// Bytes from `start` above which the second thread gave the pages back
    /// (``readDownTo(_:)``; `count` before it gave any).
    private var givenDownTo: Int

    /// The pages of `region` (a mapping: it starts on a page boundary),
    /// given back `step` bytes or more at a time.
    public init(_ region: UnsafeRawBufferPointer, step: Int = 1 << 20) {
        start = region.baseAddress ?? UnsafeRawPointer(bitPattern: 1 << 12)!
        count = region.baseAddress == nil ? 0 : region.count
        self.step = max(step, 1)
        givenDownTo = count
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        pageSize = max(Int(sysconf(Int32(_SC_PAGESIZE))), 1)
        #else
        pageSize = 4096
        #endif
    }

    /// The pages given back so far: the region's first bytes that they held.
    public var bytesGiven: Int { given }

    /// The build needs nothing more of the region before `byte` (a byte in
    /// it; a pointer elsewhere, such as a decoded string's, is ignored):
    /// the whole pages before it are given back once they reach the step
    /// bytes past those given before.
    public func readPast(_ byte: UnsafeRawPointer?) {
        guard let byte, byte >= start, byte < start + count else { return }
        let end = (byte - start) & ~(pageSize - 1)
        guard end - given >= step else { return }
        #if os(Linux)
        _ = madvise(UnsafeMutableRawPointer(mutating: start + given), end - given, MADV_DONTNEED)
        given = end
        #endif
    }

    /// ``readPast(_:)`` from the other end, for the build's second thread,
    /// which compiles the constraint strings from the last one down: it needs
    /// nothing more of the region from `byte` on, so the whole pages from it
    /// on (not a page it falls inside: that page's first bytes may still be
    /// the first thread's) are given back once they reach the step bytes
    /// below those given before. Called by one thread only (not the one that calls
    /// ``readPast(_:)``); the two may give back the same pages.
    public func readDownTo(_ byte: UnsafeRawPointer?) {
        guard let byte, byte >= start, byte < start + count else { return }
        let from = ((byte - start) + pageSize - 1) & ~(pageSize - 1)
        guard givenDownTo - from >= step else { return }
        #if os(Linux)
        _ = madvise(UnsafeMutableRawPointer(mutating: start + from), givenDownTo - from, MADV_DONTNEED)
        givenDownTo = from
        #endif
    }

    /// The region's last bytes whose pages ``readDownTo(_:)`` gave back.
    public var bytesGivenFromEnd: Int { count - givenDownTo }
}

extension PagesReadPast: Equatable {
    /// The same pages: the same object.
    public static func == (a: PagesReadPast, b: PagesReadPast) -> Bool { a === b }
}
