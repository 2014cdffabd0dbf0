#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A second thread kept, once its own work is done, for one more piece of
/// work handed to it later: `plumb solve` keeps the thread that read the
/// constraint strings ahead (and then touched the heap's pages) for the
/// build's second thread, which then needs no thread of its own (a new
/// thread's creation cost the first thread 23 µs at 10,000 views, and up
/// to 0.6 ms at 100,000 when it waited for the toucher's page calls:
/// BENCHMARKS.md, "sfl37").
///
/// The thread, once done, waits (yielding its core) until work is handed
/// to it, the holder releases it, or its patience runs out; work handed
/// before it is done runs as soon as it is. `hand(_:)` returns false
/// when no thread will run the work (none was started, or it was released
/// or left): the caller then starts one of its own.
public final class ParkedThread: @unchecked Sendable {
    private static let noThread: UInt8 = 0, busy: UInt8 = 1, waiting: UInt8 = 2, handed: UInt8 = 3
    private static let released: UInt8 = 4, left: UInt8 = 5
    private let state = Atomic<UInt8>(ParkedThread.noThread)
    /// Written by ``hand(_:)`` before it publishes `handed`; read by the
    /// thread once it sees it.
    private var work: (() -> Void)?
    private let patience: Int

    /// A place for one thread to wait for work, at most `patienceMicroseconds`
    /// once its own is done.
    public init(patienceMicroseconds: Int = 50_000) {
        patience = patienceMicroseconds
    }

    /// Marks that a thread is being started that will ``park()`` here
    /// (before it is started: work handed from now on waits for it).
    func expectThread() { state.store(Self.busy, ordering: .releasing) }

    /// Marks that the thread expected could not be started.
    func threadNotStarted() { state.store(Self.noThread, ordering: .releasing) }

    /// On the thread, once its own work is done: runs the work handed to
    /// it, if any is or comes before it is released or its patience runs
    /// out; returns then.
    func park() {
        _ = state.compareExchange(expected: Self.busy, desired: Self.waiting, ordering: .acquiringAndReleasing)
        let deadline = Self.microseconds() + patience
        var spins = 0
        while true {
            switch state.load(ordering: .acquiring) {
            case Self.handed:
                let handed = work
                work = nil
                handed?()
                return
            case Self.waiting:
                spins &+= 1
                // The clock is read every 64 turns.
                if spins & 63 == 0, Self.microseconds() > deadline,
                   state.compareExchange(expected: Self.waiting, desired: Self.left, ordering: .acquiringAndReleasing)
                   .exchanged {
                    return
                }
                sched_yield()
            default:
                return  // released
            }
        }
    }

    /// Hands `work` to the thread; false, running nothing, when no thread
    /// will run it (none was started, or it was released or has left).
    /// Once only.
    func hand(_ work: @escaping () -> Void) -> Bool {
        self.work = work
        var current = state.load(ordering: .acquiring)
        while current == Self.busy || current == Self.waiting {
            let (exchanged, found) = state.compareExchange(
                expected: current, desired: Self.handed, ordering: .acquiringAndReleasing)
            if exchanged { return true }
            current = found
        }
        self.work = nil
        return false
    }

    /// No work will be handed: the thread returns (at once if it waits,
    /// or when its own work is done). Work handed already still runs.
    public func release() {
        var current = state.load(ordering: .acquiring)
        while current == Self.busy || current == Self.waiting {
            let (exchanged, found) = state.compareExchange(
                expected: current, desired: Self.released, ordering: .acquiringAndReleasing)
            if exchanged { return }
            current = found
        }
    }

    /// Whether a thread waits here or will (for tests).
    var hasThread: Bool {
        let current = state.load(ordering: .acquiring)
        return current == Self.busy || current == Self.waiting
    }

    /// Whether work was handed to the thread (for tests).
    var wasHanded: Bool { state.load(ordering: .acquiring) == Self.handed }

    private static func microseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now.tv_sec * 1_000_000 + now.tv_nsec / 1_000
    }
}

extension ParkedThread: Equatable {
    /// The same place: the same object.
    public static func == (a: ParkedThread, b: ParkedThread) -> Bool { a === b }
}
