#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// One large document's work shared with a second thread (`plumb solve` on
/// two cores), so that the result is the one a single thread gives.
///
/// The work is cut in chunks. The calling thread does them in order from
/// the first; a second thread, started for the call, does them from the
/// last towards the first until it meets a chunk the caller has taken. For
/// each chunk in order the caller either uses what the second thread made
/// (when it finished that chunk without a problem) or does the chunk itself.
/// The caller never waits for the second thread: on a machine whose other
/// core is busy, the second thread may start late, stop in the middle of a
/// chunk or not run at all, and the caller then does nearly everything as
/// one thread would, and returns. (Joining the thread, the first version
/// waited for a descheduled second thread: a build phase of 0.4 ms took a
/// median 12 ms with the machine's load at 10.) The second thread is
/// detached: what it uses it owns (its closure's captures), and it stops at
/// the first chunk the caller took. A plain POSIX thread is started per
/// call (Dispatch's first use costs more, setting up its pool).
enum SecondThread {
    /// Does chunks `0 ..< chunks`: `helper(k)` does chunk `k` on the second
    /// thread into storage of its own for that chunk (which the closure
    /// owns) and returns whether its result can be used; `inOrder(k, helped)`
    /// is called on the calling thread for each chunk in order, with
    /// `helped` true when the second thread's result for `k` is ready to
    /// use (published before the call), false when the caller is to do
    /// chunk `k` itself (the second thread had not finished it, or failed
    /// it; it is not read again).
    ///
    /// With `waiting` (for tests, which must see the second thread's results
    /// used), the caller waits for the second thread to take the last chunk
    /// before it starts, and for any chunk the second thread is on to be done.
    static func share(
        _ chunks: Int, waiting: Bool = false, helper: @escaping (Int) -> Bool, inOrder: (Int, _ helped: Bool) -> Void
    ) {
        Sharing(chunks, waiting: waiting, helper: helper).finish(inOrder)
    }

    /// ``share(_:waiting:helper:inOrder:)`` in two steps: the second thread
    /// starts when this is made, and the caller's chunks are done by
    /// ``finish(_:)``, so that the caller can do other work in between
    /// (the build sets up its system while the second thread compiles).
    final class Sharing {
        private let chunks: Int
        private let waiting: Bool
        /// Whether the second thread goes from the first chunk on (see
        /// ``init(_:waiting:ahead:helper:)``).
        private let ahead: Bool
        /// `nil` for fewer than two chunks (no thread).
        private let states: States?
        /// Whether a second thread took the work.
        let started: Bool

        /// Starts the second thread on `chunks` chunks. It goes from the
        /// last chunk towards the first, stopping at the first the caller
        /// took; or, with `ahead`, from the first towards the last, past
        /// any chunk the caller took, for work that the caller does faster
        /// with the second thread's result than the second thread does it
        /// (so that it stays ahead of the caller: the rules' look-ups).
        /// The second thread is `parked`'s when it takes the work
        /// (``ParkedThread/hand(_:)``), otherwise a new one. Once its
        /// chunks are done it runs `then`, if any (the rules' look-ups
        /// park it there for the rules' rows); ``started`` says whether
        /// a second thread took the work (`then` runs only then).
        init(_ chunks: Int, waiting: Bool = false, ahead: Bool = false, on parked: ParkedThread? = nil,
             then: (() -> Void)? = nil, helper: @escaping (Int) -> Bool) {
            self.chunks = chunks
            self.ahead = ahead
            guard chunks > 1 else {
                states = nil
                self.waiting = false
                started = false
                return
            }
            let states = States(chunks)
            self.states = states
            let work = {
                if ahead {
                    for k in 0 ..< chunks where states.claim(k, as: States.helping) {
                        states.finish(k, helper(k) ? States.helped : States.failed)
                    }
                } else {
                    var k = chunks - 1
                    while k >= 0, states.claim(k, as: States.helping) {
                        states.finish(k, helper(k) ? States.helped : States.failed)
                        k -= 1
                    }
                }
                then?()
            }
            let started = parked?.hand(work) == true || startDetached(work)
            self.started = started
            self.waiting = waiting && started
            if self.waiting && !ahead { while states.state(chunks - 1) == States.free { sched_yield() } }
        }

        /// Calls `inOrder(k, helped)` for each chunk in order (see
        /// ``SecondThread/share(_:waiting:helper:inOrder:)``); once only.
        func finish(_ inOrder: (Int, _ helped: Bool) -> Void) {
            for k in 0 ..< chunks { inOrder(k, take(k)) }
        }

        /// Takes chunk `k` for the caller, who takes them in order from the
        /// first (as ``finish(_:)`` does), once each: true when the second
        /// thread's result for it is ready to use, false when the caller
        /// does it itself (the second thread had not finished it, or
        /// failed it; it is not read again).
        @inline(__always)
        func take(_ k: Int) -> Bool {
            guard let states else { return false }
            if waiting && ahead {
                // (Tests: the second thread, going ahead, takes every chunk; its result is waited for.)
                while states.state(k) == States.free || states.state(k) == States.helping { sched_yield() }
            } else if !states.claim(k, as: States.taken) && waiting {
                while states.state(k) == States.helping { sched_yield() }
            }
            // Taken here unless the second thread took it; used only if it finished it well.
            return states.state(k) == States.helped
        }
    }

    /// Each chunk's state: free, being done or done by the second thread,
    /// or taken by the caller.
    private final class States: @unchecked Sendable {
        static let free: UInt8 = 0, helping: UInt8 = 1, helped: UInt8 = 2, failed: UInt8 = 3, taken: UInt8 = 4
        private let states: UnsafeMutablePointer<Atomic<UInt8>>
        private let count: Int

        init(_ count: Int) {
            self.count = count
            states = .allocate(capacity: count)
            for k in 0 ..< count { (states + k).initialize(to: Atomic(Self.free)) }
        }

        deinit {
            states.deinitialize(count: count)
            states.deallocate()
        }

        /// Marks chunk `k` `state` if it is free; returns whether it was.
        func claim(_ k: Int, as state: UInt8) -> Bool {
            states[k].compareExchange(expected: Self.free, desired: state, ordering: .acquiringAndReleasing).exchanged
        }

        /// Publishes the second thread's chunk `k` as `state`.
        func finish(_ k: Int, _ state: UInt8) { states[k].store(state, ordering: .releasing) }

        func state(_ k: Int) -> UInt8 { states[k].load(ordering: .acquiring) }
    }

    /// Runs `work` on a new detached thread; nothing when no thread can be
    /// started (``share(_:waiting:helper:inOrder:)``'s caller then does every
    /// chunk; ``ConstraintReadAhead``'s parser reads every string).
    @discardableResult
    static func startDetached(_ work: @escaping () -> Void) -> Bool {
        let context = Unmanaged.passRetained(Box(work)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            Unmanaged<Box>.fromOpaque(context!).takeRetainedValue().work()
            return nil
        }, context) == 0
        if started {
            pthread_detach(thread)
        } else {
            Unmanaged<Box>.fromOpaque(context).release()
        }
        return started
    }

    /// The second thread's work, handed to it; what it captures is its own
    /// or, for the chunks' results, written only before the chunk's state
    /// publishes them.
    private final class Box: @unchecked Sendable {
        let work: () -> Void
        init(_ work: @escaping () -> Void) { self.work = work }
    }
}

/// Storage for each chunk's result, made by the second thread of
/// ``SecondThread/share(_:waiting:helper:inOrder:)`` and read by the caller once
/// published; shared by both (either may be the last to let it go).
final class ChunkResults<Result>: @unchecked Sendable {
    private let results: UnsafeMutablePointer<Result>
    private let count: Int

    init(_ count: Int, empty: Result) {
        self.count = count
        results = .allocate(capacity: count)
        results.initialize(repeating: empty, count: count)
    }

    deinit {
        results.deinitialize(count: count)
        results.deallocate()
    }

    /// Chunk `k`'s result: set by the second thread, read by the caller after it is published.
    subscript(k: Int) -> Result {
        get { results[k] }
        set { results[k] = newValue }
    }
}

/// One result slot for each item of the work (a constraint string, say),
/// written by the second thread of
/// ``SecondThread/share(_:waiting:helper:inOrder:)`` for the items of a chunk
/// it does, and read by the caller once that chunk is published; shared by
/// both (either may be the last to let it go). Allocated once, by the
/// caller, before the second thread starts: the second thread allocates
/// nothing (no array a chunk), so it takes no `malloc` lock against the
/// caller and each result is written once, where the caller reads it. (In
/// wall time this was not told apart from the arrays it replaced:
/// BENCHMARKS.md, "Two threads from 20,000 constraint strings".)
/// Slots are not initialised; a slot is read only after it was written.
/// For plain values only (no references: nothing is deinitialised).
final class SharedSlots<Element>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Element>

    init(_ count: Int) {
        precondition(_isPOD(Element.self), "SharedSlots holds plain values only")
        base = .allocate(capacity: max(count, 1))
    }

    deinit { base.deallocate() }
}

/// How many threads lowering a document and writing its frames may use
/// (`plumb solve --threads`), and from what size a second one pays.
public struct LoweringThreads: Sendable, Equatable {
    /// Threads that may be used: 1 or 2.
    public var count: Int

    /// Constraint strings from which a document's are compiled on two
    /// threads (BENCHMARKS.md, "Two threads from 20,000 constraint
    /// strings"). With the build of the constraint families as it is now
    /// (about 760 instructions a string, of which the second thread can
    /// take the compiling), two threads take a tenth to a quarter off the
    /// build of `list`, `cards` and `grid` from 8,000 strings on when the
    /// second core is free (10,000 views, 40,000 strings: 0.72 to 0.79 of
    /// one thread), and nothing at 4,000; with the other core busy they
    /// lost 0.06 to 0.08 ms at 4,000 to 12,000 strings and broke even from
    /// 20,000. (Stop 30 measured a loss up to 150,000, with a build of about
    /// 1,200 instructions a string.)
    var constraintThreshold = 20_000
    /// Frames from which the frames are written on two threads (on a quiet
    /// machine: 1.01 to 1.05 of one thread at 20,000 frames, 0.82 to 0.97
    /// at 50,000).
    var frameThreshold = 40_000
    /// Views with rules from which a document's rule rows are written on
    /// two threads (`RuleBook.lower(into:threads:rowsThread:viewID:)`): about four rows
    /// a view in the rules families, so 5,000 views make about the 20,000
    /// rows of ``constraintThreshold``'s strings.
    var ruleThreshold = 5_000
    /// Views with rules a chunk of that lowering (about 500 rows).
    var ruleChunk = 128
    /// Rules a chunk of their look-ups made ahead on a second thread (each
    /// rule's view, its text's tag and its view arguments, for the rules'
    /// application: `LayoutDocument.lowerRules`), from ``ruleThreshold`` rules.
    var ruleLookupChunk = 256
    /// Rules up to which the thread that made their look-ups waits, once
    /// done, to lower their rows (`RuleLookupsAhead`). It waits spinning on
    /// its core while the first thread applies and orders the rules: at
    /// 10,000 rules a few hundred microseconds, and the rows then need no
    /// thread of their own; at 100,000 rules, 10-20 ms that slowed the first
    /// thread's build 1.06-1.17x (BENCHMARKS.md, "rules39"). Above, the
    /// thread ends with its look-ups and the rows start one of their own.
    var ruleRowsWaitLimit = 20_000
    /// Document bytes from which `LayoutDocument.parse(_:source:threads:afterReading:)`
    /// reads the constraint strings on a second thread
    /// (``ConstraintReadAhead``) while it reads the views.
    var readAheadBytes = 1 << 18
    /// Constraint strings a chunk of that reading.
    var readAheadChunk = 128
    /// Constraint strings and frames a chunk (``SecondThread/share(_:waiting:helper:inOrder:)``).
    var constraintChunk = 256, frameChunk = 1024
    /// Whether the first thread waits for the second one's chunks (tests;
    /// ``SecondThread/share(_:waiting:helper:inOrder:)``).
    var waitsForHelper = false
    /// Pages another thread touches ahead of the build (`plumb solve`: the
    /// thread that read the document ahead, ``FreshPages``), stopped
    /// before the build starts a second thread, which then has the core.
    /// Until then (a build that has none, or before it starts one) that
    /// thread goes on touching while the build's first thread works.
    /// Given to the parse too, whose second thread, having read rules
    /// ahead, touches further for their build (`RuleReadAhead`).
    public var pagesAhead: FreshPages?
    /// The thread that read the document ahead, kept once done
    /// (`plumb solve`): the build's second thread when it takes the
    /// build's work, so that no new thread is started. Given to the parse,
    /// whose second thread parks there; its holder releases it when the
    /// build needs none (or has started).
    public var parkedThread: ParkedThread?
    /// The document's mapped pages, given back as the build compiles the
    /// constraint strings in them (`plumb solve` on a large file), or nil.
    public var pagesReadPast: PagesReadPast?

    /// At most `count` threads (values above 2 are taken as 2, below 1 as 1).
    public init(_ count: Int) { self.count = min(max(count, 1), 2) }

    /// One thread: everything on the caller's.
    public static let one = LoweringThreads(1)

    /// Whether `constraints` constraint strings are compiled on two threads.
    func splitsConstraints(_ constraints: Int) -> Bool { count > 1 && constraints >= max(constraintThreshold, 2) }
    /// Whether the rows of `tables` views with rules are written on two threads.
    func splitsRules(_ tables: Int) -> Bool { count > 1 && tables >= max(ruleThreshold, 2) }
    /// Whether the look-ups of `rules` rules are made ahead on a second thread.
    func looksUpRulesAhead(_ rules: Int) -> Bool { count > 1 && rules >= max(ruleThreshold, 2) }
    /// Whether a document of `bytes` bytes is parsed on two threads.
    func readsAhead(_ bytes: Int) -> Bool { count > 1 && bytes >= readAheadBytes }
    /// Whether `frames` frames are written on two threads.
    func splitsFrames(_ frames: Int) -> Bool { count > 1 && frames >= max(frameThreshold, 2) }
}

extension LoweringThreads {
    /// Lets `object` go, and with it the work of its deinitialisation (a
    /// mapped document's `munmap`, which takes a first thread 100-140 µs
    /// at 10,000 views), on a new thread when two threads are allowed, so
    /// that it runs beside the caller's next work; here when one is, or
    /// when no thread can be started. `object` is nil afterwards.
    ///
    /// A reference held elsewhere (the rules' read-ahead thread still holds
    /// a document's bytes) goes where its holder lets it go: then no thread
    /// is started, and only the caller's reference is let go, here.
    public func letGo<Object: AnyObject>(_ object: inout Object?) {
        guard count > 1, isKnownUniquelyReferenced(&object) else {
            object = nil
            return
        }
        guard let held = object.map({ Unmanaged.passRetained($0) }) else { return }
        // The caller's reference goes first, so that the thread's is the last.
        object = nil
        if SecondThread.startDetached({ held.release() }) { return }
        held.release()
    }
}
