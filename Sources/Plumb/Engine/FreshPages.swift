#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Memory that one thread touches first, page by page, for another that
/// will allocate in it: the kernel clears a page on first touch, and on the
/// machines the benchmarks run on a fresh 2 MiB huge page costs its first
/// toucher 120 to 330 µs of clearing (more on a busy machine). `plumb
/// solve` gives it the heap it reserved and has the second thread that read
/// a document's constraints ahead touch it while the parser finishes
/// (``LayoutDocument/parse(_:source:threads:afterReading:)``), and on into
/// the build until it starts a second thread of its own
/// (``LoweringThreads/pagesAhead``; further, ``extend(upTo:)``, when that
/// is not at once, and for the rules that thread read ahead, before it
/// touches: `RuleReadAhead`), so that the parse and the build find their pages
/// present (BENCHMARKS.md, "The build's wall time: fresh pages touched
/// ahead", "The rules' rows on two threads").
///
/// Pages are made present with `MADV_POPULATE_WRITE` (Linux 5.14 on): the
/// kernel clears only the pages not yet present, and what a page holds is
/// left alone, so the other thread may be allocating in the same memory.
/// Elsewhere, or on an older kernel, ``touch()`` does nothing.
public final class FreshPages: @unchecked Sendable {
    private let start: UnsafeMutableRawPointer
    /// The pages ``touch()`` goes through.
    public let pageCount: Int
    /// Their size in bytes.
    public let pageSize: Int
    private let stopped = Atomic<Bool>(false)
    private let done = Atomic<Int>(0)
    /// The pages ``touch()`` goes up to: ``pageCount`` until ``extend(upTo:)`` raises it.
    private let limit: Atomic<Int>
    private let regionPages: Int

    /// The first pages of `region` that hold `bytes` bytes (whole pages:
    /// `bytes` rounded up, at most all of `region`). `region` starts on a
    /// page boundary of `pageSize`, a power of two, and is whole pages.
    public init(in region: UnsafeMutableRawBufferPointer, upTo bytes: Int, pageSize: Int) {
        precondition(pageSize > 0 && pageSize & (pageSize - 1) == 0, "a page size is a power of two")
        precondition(Int(bitPattern: region.baseAddress) & (pageSize - 1) == 0 && region.count % pageSize == 0,
                     "whole pages")
        start = region.baseAddress ?? UnsafeMutableRawPointer(bitPattern: pageSize)!
        self.pageSize = pageSize
        regionPages = region.count / pageSize
        pageCount = Self.pages(bytes, pageSize: pageSize, most: regionPages)
        limit = Atomic(pageCount)
    }

    /// Whole pages of `pageSize` for `bytes` bytes, at most `most`.
    private static func pages(_ bytes: Int, pageSize: Int, most: Int) -> Int {
        min((max(bytes, 0) + pageSize - 1) / pageSize, most)
    }

    /// Has a ``touch()`` that is still running go on to the first pages
    /// that hold `bytes` bytes (never beyond the region, never fewer than
    /// before); one that has returned is not started again.
    public func extend(upTo bytes: Int) {
        let pages = Self.pages(bytes, pageSize: pageSize, most: regionPages)
        var seen = limit.load(ordering: .relaxed)
        while seen < pages {
            let (exchanged, now) = limit.compareExchange(expected: seen, desired: pages, ordering: .relaxed)
            if exchanged { break }
            seen = now
        }
    }

    /// The pages ``touch()`` goes up to now (``pageCount``, or more after ``extend(upTo:)``).
    public var pageLimit: Int { limit.load(ordering: .relaxed) }

    /// Makes the pages present one after another, from the first, on the
    /// calling thread, until they are all present (``pageLimit`` of them,
    /// read before each page) or ``stop()`` was called (checked before each
    /// page: the page being cleared is finished).
    public func touch() {
        var page = 0
        #if os(Linux)
        while page < limit.load(ordering: .relaxed), !stopped.load(ordering: .relaxed) {
            guard madvise(start + page * pageSize, pageSize, Self.populateWrite) == 0 else { break }
            page += 1
        }
        #endif
        done.store(page, ordering: .releasing)
    }

    /// Asks ``touch()`` to stop before its next page (from any thread).
    public func stop() { stopped.store(true, ordering: .relaxed) }

    /// The pages the last ``touch()`` made present or found present.
    public var touched: Int { done.load(ordering: .acquiring) }

    #if os(Linux)
    /// `MADV_POPULATE_WRITE` (<sys/mman.h>, not in every Glibc module).
    private static let populateWrite: Int32 = 23
    #endif
}

extension FreshPages: Equatable {
    /// The same pages: the same object.
    public static func == (a: FreshPages, b: FreshPages) -> Bool { a === b }
}
