#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import Testing
@testable import Plumb

/// ``FreshPages`` on small pages of an anonymous mapping: the pages it is
/// given become present, in order and no further, what they hold is kept
/// (even while another thread writes them), and it stops when asked.
@Suite struct FreshPagesTests {
    static let page = 4096

    /// An anonymous private mapping of `pages` small pages (no huge-page
    /// advice: each page is present or not on its own), unmapped after `body`.
    static func withMapping<R>(pages: Int, _ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
        let size = pages * page
        let map = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)!
        precondition(map != MAP_FAILED)
        defer { munmap(map, size) }
        return try body(UnsafeMutableRawBufferPointer(start: map, count: size))
    }

    /// A touch running on a thread of its own.
    final class Touching: @unchecked Sendable {
        let finished = Atomic<Bool>(false)
        /// Returns once the touch has returned.
        func wait() { while !finished.load(ordering: .acquiring) { sched_yield() } }
    }

    /// Starts `pages.touch()` on another thread.
    static func touchOnAnotherThread(_ pages: FreshPages) throws -> Touching {
        let touching = Touching()
        try #require(SecondThread.startDetached {
            pages.touch()
            touching.finished.store(true, ordering: .releasing)
        })
        return touching
    }

    /// Which of `region`'s pages are present (`mincore`).
    static func present(_ region: UnsafeMutableRawBufferPointer) -> [Bool] {
        var flags = [UInt8](repeating: 0, count: region.count / page)
        let result = flags.withUnsafeMutableBufferPointer { mincore(region.baseAddress, region.count, $0.baseAddress) }
        precondition(result == 0)
        return flags.map { $0 & 1 == 1 }
    }

    /// Up to 5 pages and one byte is 6 pages: exactly those become present
    /// (and a page written before stays as written); none to begin with,
    /// and never more than the region.
    @Test func theFirstPagesForTheBytesBecomePresent() throws {
        #if os(Linux)
        try Self.withMapping(pages: 16) { region in
            let before = Self.present(region)
            try #require(before.allSatisfy { !$0 }, "a fresh mapping has no page present")
            // Page 2 written and page 11 written: present before the touch.
            for k in [2, 11] { region.storeBytes(of: UInt64(0x5EED_0000 + k), toByteOffset: k * Self.page + 8, as: UInt64.self) }
            let pages = FreshPages(in: region, upTo: 5 * Self.page + 1, pageSize: Self.page)
            #expect(pages.pageCount == 6)
            pages.touch()
            #expect(pages.touched == 6)
            let after = Self.present(region)
            #expect(after == (0 ..< 16).map { $0 < 6 || $0 == 11 }, "\(after)")
            for k in [2, 11] {
                #expect(region.load(fromByteOffset: k * Self.page + 8, as: UInt64.self) == UInt64(0x5EED_0000 + k))
            }
            #expect((0 ..< 6).allSatisfy { k in k == 2 || region[k * Self.page ..< (k + 1) * Self.page].allSatisfy { $0 == 0 } })
        }
        Self.withMapping(pages: 8) { region in
            #expect(FreshPages(in: region, upTo: 0, pageSize: Self.page).pageCount == 0)
            #expect(FreshPages(in: region, upTo: 3 * Self.page, pageSize: Self.page).pageCount == 3)
            let all = FreshPages(in: region, upTo: 100 * Self.page, pageSize: Self.page)
            #expect(all.pageCount == 8)
            all.touch()
            #expect(all.touched == 8)
            #expect(Self.present(region).allSatisfy { $0 })
        }
        #endif
    }

    /// Stopped before it starts, it touches nothing; stopped while it runs
    /// on another thread, it ends before the last page.
    @Test func itStopsBeforeItsNextPage() throws {
        #if os(Linux)
        Self.withMapping(pages: 16) { region in
            let pages = FreshPages(in: region, upTo: region.count, pageSize: Self.page)
            pages.stop()
            pages.touch()
            #expect(pages.touched == 0)
            #expect(Self.present(region).allSatisfy { !$0 })
        }
        // 64 MiB of small pages take the kernel milliseconds to clear; the
        // stop comes once the first page is present. A thread descheduled
        // between the two may find the touch already finished, so the try is
        // repeated until a stop lands mid-way; every try must leave present
        // exactly the pages it counts, from the first.
        let count = 16_384
        var stoppedMidway = 0
        var tries = 0
        while stoppedMidway == 0 && tries < 40 {
            tries += 1
            try Self.withMapping(pages: count) { region in
                let pages = FreshPages(in: region, upTo: region.count, pageSize: Self.page)
                let touching = try Self.touchOnAnotherThread(pages)
                while !Self.present(UnsafeMutableRawBufferPointer(rebasing: region[0 ..< Self.page]))[0] { sched_yield() }
                pages.stop()
                touching.wait()
                #expect(pages.touched >= 1, "try \(tries)")
                if pages.touched < count { stoppedMidway += 1 }
                let present = Self.present(region)
                #expect(present[..<pages.touched].allSatisfy { $0 } && present[pages.touched...].allSatisfy { !$0 },
                        "try \(tries): \(pages.touched) pages")
            }
        }
        #expect(stoppedMidway == 1, "no stop of \(tries) landed before the last page")
        #endif
    }

    /// Pages touched on one thread while another writes every page: every
    /// value written is there afterwards (the touch never writes).
    @Test func whatAnotherThreadWritesIsKept() throws {
        #if os(Linux)
        let count = 2_048
        try Self.withMapping(pages: count) { region in
            let pages = FreshPages(in: region, upTo: region.count, pageSize: Self.page)
            let touching = try Self.touchOnAnotherThread(pages)
            for k in 0 ..< count {
                for word in stride(from: 0, to: Self.page, by: 512) {
                    region.storeBytes(of: UInt64(k &* 7919 &+ word), toByteOffset: k * Self.page + word, as: UInt64.self)
                }
            }
            touching.wait()
            #expect(pages.touched == count)
            var wrong = 0
            for k in 0 ..< count {
                for word in stride(from: 0, to: Self.page, by: 512)
                where region.load(fromByteOffset: k * Self.page + word, as: UInt64.self) != UInt64(k &* 7919 &+ word) {
                    wrong += 1
                }
            }
            #expect(wrong == 0)
        }
        #endif
    }

    /// Extended before it runs, a touch goes on to the larger count: up to
    /// 2 pages extended to 5 makes 5 present; a smaller extension never
    /// lowers it, and none goes beyond the region.
    @Test func anExtensionIsTouchedToo() throws {
        #if os(Linux)
        Self.withMapping(pages: 8) { region in
            let pages = FreshPages(in: region, upTo: 2 * Self.page, pageSize: Self.page)
            #expect(pages.pageCount == 2 && pages.pageLimit == 2)
            pages.extend(upTo: 5 * Self.page)
            pages.extend(upTo: 3 * Self.page)
            #expect(pages.pageLimit == 5)
            pages.touch()
            #expect(pages.touched == 5)
            #expect(Self.present(region) == [true, true, true, true, true, false, false, false])
            pages.extend(upTo: 100 * Self.page)
            #expect(pages.pageLimit == 8)
        }
        #endif
    }

    /// Extended from another thread while it clears 64 MiB a page at a
    /// time (once its first page is present), a touch goes on past its
    /// first count to the extension, and makes exactly the pages it counts
    /// present. A thread descheduled in between may find the touch already
    /// finished, so the try is repeated until an extension lands while it
    /// runs; every try must end at one count or the other.
    @Test func anExtensionWhileItRunsIsTouched() throws {
        #if os(Linux)
        let count = 16_384
        var extended = 0
        var tries = 0
        while extended == 0 && tries < 40 {
            tries += 1
            try Self.withMapping(pages: 2 * count) { region in
                let pages = FreshPages(in: region, upTo: count * Self.page, pageSize: Self.page)
                let touching = try Self.touchOnAnotherThread(pages)
                while !Self.present(UnsafeMutableRawBufferPointer(rebasing: region[0 ..< Self.page]))[0] { sched_yield() }
                pages.extend(upTo: 2 * count * Self.page)
                touching.wait()
                let touched = pages.touched
                #expect(touched == count || touched == 2 * count, "try \(tries): \(touched) pages touched")
                if touched == 2 * count { extended += 1 }
                let present = Self.present(region)
                #expect(present.prefix(touched).allSatisfy { $0 } && present.dropFirst(touched).allSatisfy { !$0 },
                        "try \(tries)")
            }
        }
        #expect(extended == 1, "no extension of \(tries) landed while the touch ran")
        #endif
    }
}
