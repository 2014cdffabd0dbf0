#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import Testing
@testable import Plumb

/// ``ParkedThread``: the thread that read a document ahead, kept for the
/// build's second thread.
@Suite struct ParkedThreadTests {
    /// What a thread saw, shared with the test's thread.
    final class Record: @unchecked Sendable {
        let runs = Atomic<Int>(0)
        var parkedOn = pthread_self(), ranOn = pthread_self()
    }

    /// Waits (at most about five seconds) until `done`.
    static func wait(until done: () -> Bool) {
        var spins = 0
        while !done() && spins < 5_000_000 { sched_yield(); spins += 1 }
    }

    /// Starts a thread that parks at `parked` after `before` (its own work).
    static func startParking(_ parked: ParkedThread, _ record: Record, before: @escaping () -> Void = {}) -> Bool {
        parked.expectThread()
        return SecondThread.startDetached {
            before()
            record.parkedOn = pthread_self()
            parked.park()
        }
    }

    /// Work handed to a parked thread runs there once, whether it is handed
    /// while the thread waits or while it is still on its own work.
    @Test func handedWorkRunsOnTheParkedThread() {
        for early in [false, true] {
            let parked = ParkedThread(), record = Record(), go = Atomic<Bool>(false)
            #expect(Self.startParking(parked, record, before: { Self.wait { go.load(ordering: .acquiring) } }))
            if !early {
                go.store(true, ordering: .releasing)
                usleep(2_000)  // (most likely waiting by now)
            }
            let handed = parked.hand {
                record.ranOn = pthread_self()
                record.runs.add(1, ordering: .releasing)
            }
            go.store(true, ordering: .releasing)
            #expect(handed)
            Self.wait { record.runs.load(ordering: .acquiring) == 1 }
            #expect(record.runs.load(ordering: .acquiring) == 1)
            #expect(pthread_equal(record.ranOn, record.parkedOn) != 0 && pthread_equal(record.ranOn, pthread_self()) == 0)
            parked.release()  // (after the work: nothing)
            #expect(parked.wasHanded)
        }
    }

    /// No thread takes work when none was started, when it was released
    /// (waiting, or before it was done) or when its patience ran out: the
    /// caller is told, and the thread has left.
    @Test func noWorkIsTakenWithoutAWaitingThread() {
        #expect(!ParkedThread().hand {})
        for way in ["released", "releasedEarly", "patience"] {
            let parked = ParkedThread(patienceMicroseconds: way == "patience" ? 1_000 : 50_000_000)
            let record = Record(), go = Atomic<Bool>(false)
            #expect(Self.startParking(parked, record, before: { Self.wait { go.load(ordering: .acquiring) } }))
            // Released while the thread is on its own work, or once it waits.
            if way == "releasedEarly" { parked.release() }
            go.store(true, ordering: .releasing)
            if way == "released" {
                usleep(2_000)
                parked.release()
            }
            Self.wait { !parked.hasThread }
            #expect(!parked.hasThread, "\(way)")
            #expect(!parked.hand { record.runs.add(1, ordering: .releasing) }, "\(way)")
            usleep(2_000)
            #expect(record.runs.load(ordering: .acquiring) == 0)
        }
    }

    /// A document of `count` constraint strings (four a view).
    static func document(views: Int, bad: Int? = nil) -> [UInt8] {
        var constraints: [String] = []
        for i in 1 ... views {
            constraints += ["v\(i).left = root.left + \(i % 7)", "v\(i).top = root.top + \(i)",
                            "v\(i).width = 10", "v\(i).height = 0.5 * v\(i).width"]
        }
        if let bad { constraints[bad] = "v1.width = nobody.width" }
        let ids = (1 ... views).map { "{\"id\": \"v\($0)\"}" }.joined(separator: ", ")
        let strings = constraints.map { "\"\($0)\"" }.joined(separator: ", ")
        return Array(#"{"root": {"id": "root", "width": 300, "height": 200}, "views": [\#(ids)], "constraints": [\#(strings)]}"#.utf8)
    }

    /// `plumb solve`'s way: the thread that read the document ahead parks,
    /// and the build's second thread is that thread; the rows and errors
    /// are one thread's, with the parse stopping the reader early (chunks
    /// of one string) or not, and with a string with a problem in the
    /// second thread's chunks. A parse that fails leaves the thread
    /// waiting until released, and the work handed after that is refused.
    @Test func theReadAheadThreadBuildsTheConstraints() throws {
        for (chunk, bad) in [(128, nil), (1, nil), (128, 150), (1, 3)] as [(Int, Int?)] {
            let bytes = Self.document(views: 50, bad: bad)
            let one = try TwoThreadLoweringTests.rowsWithOrigins(String(decoding: bytes, as: UTF8.self), threads: .one)
            var threads = TwoThreadLoweringTests.two(from: 8, chunk: 16)
            threads.readAheadBytes = 0
            threads.readAheadChunk = chunk
            let parked = ParkedThread()
            threads.parkedThread = parked
            let doc = try LayoutDocument.parse(LayoutDocument.Bytes(bytes), source: "doc.json", threads: threads)
            var two = ""
            do {
                let system = try doc.lower(threads: threads).system
                two = (0 ..< system.rowCount).map { r in
                    "\(system.terms(of: RowIndex(r))) \(system.constants[r]) \(system.relations[r]) "
                        + "\(system.priorities[r]) \(system.origins[r])"
                }.joined(separator: "\n")
            } catch {
                two = "error:\n\(error)"
            }
            #expect(two == one, "\(chunk) \(String(describing: bad))")
            #expect(one.hasPrefix("error:") == (bad != nil))
            #expect(parked.wasHanded, "the build's second thread was the parked one")
        }
        // A parse that fails: the thread still parks, and goes when released.
        var threads = LoweringThreads(2)
        threads.readAheadBytes = 0
        let parked = ParkedThread()
        threads.parkedThread = parked
        var bytes = Self.document(views: 20)
        bytes.removeLast()
        #expect(throws: LayoutError.self) {
            try LayoutDocument.parse(LayoutDocument.Bytes(bytes), source: "doc.json", threads: threads)
        }
        #expect(parked.hasThread)
        parked.release()
        Self.wait { !parked.hasThread }
        #expect(!parked.hand {} && !parked.wasHanded)
    }
}

/// `LoweringThreads.letGo(_:)`: an object's last reference let go on a
/// thread of its own when two threads are allowed (`plumb solve`'s mapped
/// document, unmapped beside the solve).
@Suite struct LetGoTests {
    /// Records the thread it was deinitialised on.
    final class Watched: @unchecked Sendable {
        let record: Record
        init(_ record: Record) { self.record = record }
        deinit {
            record.thread = pthread_self()
            record.goneFlag.store(true, ordering: .releasing)
        }
    }

    final class Record: @unchecked Sendable {
        let goneFlag = Atomic<Bool>(false)
        var thread = pthread_self()
        var gone: Bool { goneFlag.load(ordering: .acquiring) }
    }

    /// On one thread the object goes in the call, on the caller's thread;
    /// on two, on another thread; either way the caller's reference is nil.
    @Test func theLastReferenceGoesOnAnotherThreadWhenTwoAreAllowed() {
        for count in [1, 2] {
            let record = Record()
            var object: Watched? = Watched(record)
            LoweringThreads(count).letGo(&object)
            #expect(object == nil)
            if count == 1 { #expect(record.gone) }
            // (No clock: up to about five seconds of turns for the thread.)
            ParkedThreadTests.wait { record.gone }
            #expect(record.gone, "\(count) threads")
            #expect((pthread_equal(record.thread, pthread_self()) != 0) == (count == 1), "\(count) threads")
        }
    }

    /// A reference held elsewhere keeps the object: letting the caller's go
    /// does not deinitialise it, and nil is left as it is.
    @Test func aReferenceHeldElsewhereKeepsTheObject() {
        for count in [1, 2] {
            let record = Record()
            let kept = Watched(record)
            var object: Watched? = kept
            LoweringThreads(count).letGo(&object)
            #expect(object == nil)
            usleep(2_000)
            #expect(!record.gone)
            withExtendedLifetime(kept) {}
            var none: Watched? = nil
            LoweringThreads(count).letGo(&none)
            #expect(none == nil)
        }
    }
}
