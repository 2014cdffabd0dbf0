#if canImport(Glibc)
import Glibc
#endif
import Plumb

/// Room in the heap for one document's work, backed by transparent huge
/// pages where the system gives them on request (`madvise` mode, as on
/// Debian and this project's machines).
///
/// A page fault costs about 1.4 µs on the machines the benchmarks run on (a
/// virtual machine), and parsing, lowering and solving a document of 10,000
/// views first touches about 1,000 pages of heap: a fifth of `plumb
/// solve`'s time. The heap is grown once, before the document is read, by
/// an amount scaled to its size, and that range is marked `MADV_HUGEPAGE`,
/// so it faults in 2 MiB at a time. Only what is touched is backed; the rest
/// stays address space. Freed memory stays in the heap for the next
/// allocation (the trim threshold is raised above the reservation).
///
/// Linux and glibc only (its `malloc` grows the main heap with `brk`); a
/// no-op elsewhere. Used by the single-document commands, whose threads
/// then share the main heap (one arena); `plumb batch`'s workers allocate
/// from glibc's other arenas.
enum HeapReserve {
    /// The bytes a document of `documentBytes` bytes is given: six times its
    /// size (the families peak at 3 to 5 times) and 16 MiB, for a document
    /// of at most `largestDocument` bytes; 0 (nothing) otherwise.
    static func size(forDocumentOf documentBytes: Int) -> Int {
        // Standard input, whose size is not known, gets none.
        guard documentBytes > 0, documentBytes <= largestDocument else { return 0 }
        return 16 << 20 + 6 * documentBytes
    }

    /// The largest document given a reservation: 64 MiB, about 350,000
    /// views of the benchmark families (a reservation of 400 MiB of
    /// address space).
    static let largestDocument = 64 << 20

    /// Grows the heap by at least `bytes` and asks for huge pages on it.
    static func reserve(_ bytes: Int) {
        #if os(Linux)
        guard bytes >= 4 << 20 else { return }
        // One block below the mmap threshold (32 MiB, set in `PlumbCommand.main`)
        // comes from the heap; the top pad makes the heap grow by the rest at
        // the same time. Freed, the block and the pad are the heap's top, kept
        // (not trimmed) for the allocations to come.
        let block = 24 << 20
        let pad = max(bytes - block, 0)
        Malloc.set(.trimThreshold, bytes + (64 << 20))
        // One arena: a second thread (lowering, or writing the frames of, a
        // document of 40,000 views or more) allocates from this heap too,
        // on its huge pages, instead of from an arena of its own whose pages
        // are touched 4 KiB at a time (`list` at 100,000 views: 3,631 page
        // faults with an arena of its own, 1,072 without; peak memory 0.2 MB
        // lower, `table`'s 7.6 MB).
        Malloc.set(.arenaMax, 1)
        Malloc.set(.topPad, pad)
        defer { Malloc.set(.topPad, 128 << 10) }  // glibc's default again
        guard let p = malloc(block) else { return }
        let top = Int(bitPattern: sbrk(0))
        let huge = 2 << 20
        let start = (Int(bitPattern: p) + huge - 1) & ~(huge - 1)
        let end = top & ~(huge - 1)
        // (A block mapped on its own, were the threshold lower, lies above the heap's top: nothing to mark.)
        guard Int(bitPattern: p) < top, end > start, let address = UnsafeMutableRawPointer(bitPattern: start) else {
            free(p)
            return
        }
        _ = madvise(address, end - start, MADV_HUGEPAGE)
        hugePages = UnsafeMutableRawBufferPointer(start: address, count: end - start)
        free(p)
        // The heap below `start` shares its 2 MiB page with memory in use, so
        // it is backed by small pages: it is taken by a block that is never
        // freed (address space only; its pages are not touched), and the
        // allocations to come start at the first huge page.
        let gap = start - Int(bitPattern: p) - 64
        if gap > 0 { below = malloc(gap) }
        #endif
    }

    /// The reservation's first huge pages that hold `bytes` bytes, to be
    /// touched ahead of the allocations (``FreshPages``); `nil` without a
    /// reservation.
    static func freshPages(upTo bytes: Int) -> FreshPages? {
        #if os(Linux)
        guard let hugePages else { return nil }
        return FreshPages(in: hugePages, upTo: bytes, pageSize: 2 << 20)
        #else
        return nil
        #endif
    }

    /// The bytes of the reservation touched ahead for a document of
    /// `documentBytes` bytes while it is parsed: three times its size, about
    /// what the parse and the build of the families at 10,000 views touch
    /// on one thread (`list`, 1.7 MB: three huge pages). More took the core
    /// from the build's second thread (a page being cleared when it starts
    /// is finished first).
    static func touchedAhead(forDocumentOf documentBytes: Int) -> Int { 3 * documentBytes }

    /// The bytes touched ahead when the build compiles no constraint
    /// strings on a second thread (the rules families): five times the
    /// document's size, what the families peak at, since the thread goes
    /// on touching while the build's first part (the rules applied in
    /// order) runs on one core, until the build starts a second thread.
    static func touchedIntoBuild(forDocumentOf documentBytes: Int) -> Int { 5 * documentBytes }

    #if os(Linux)
    /// The block that holds the heap below the first huge page (kept, so
    /// that the allocation is made at all).
    nonisolated(unsafe) private static var below: UnsafeMutableRawPointer?
    /// The reservation's range marked for huge pages, once reserved.
    nonisolated(unsafe) private static var hugePages: UnsafeMutableRawBufferPointer?
    #endif
}

