#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CPlumbKernels
import Synchronization

/// A large document's constraint strings read on a second thread while the
/// parser reads the views before them (`plumb solve` on two cores).
///
/// The second thread looks for the document's `"constraints": [` (the first
/// place those bytes appear, which is where the key is in any document that
/// does not spell them inside a view), then reads plain ASCII strings from
/// there in chunks, as the parser reads them (``JSONReader/readPlainConstraint()``),
/// recording each string's range of the input and its first name's run in a buffer of its own, and
/// publishes each chunk: the ranges and where the reader stands after them. It stops at
/// anything else (a string with escapes or non-ASCII bytes, an element that
/// is not a string, a syntax error, a full buffer) and at the array's end.
///
/// When the parser comes to the document's constraints
/// (``takeOver(at:)``), it asks the second thread to stop after the
/// chunk it is reading and, if the array begins where the second thread
/// thought, goes on from the last chunk published: every string before it
/// was read exactly as the parser reads it (a JSON array read from a given
/// byte depends on nothing before it), and anything the second thread did
/// not read (problems included) the parser reads itself, with the messages
/// and positions one thread gives. The parser waits at most ``patience``
/// for that chunk: if the second thread does not finish it by then (it was
/// descheduled), the ranges published before it are copied out and its
/// buffer is left to it. Otherwise the parser takes the buffer over as the
/// document's ranges of its constraint strings (``ConstraintTexts``).
///
/// The input's bytes are kept by ``LayoutDocument/Bytes``: the second thread
/// may still be reading them after the parse returns, and the document
/// reads its strings in them.
final class ConstraintReadAhead: @unchecked Sendable {
    /// The document's bytes, kept alive while the second thread runs.
    let bytes: LayoutDocument.Bytes
    /// The strings' ranges of the input, start, end and name run of each
    /// (``ConstraintTexts``; room for `boundCapacity` values); allocated by the second thread once it has
    /// found the array (published with the first chunk), owned here until
    /// the parser takes it (``takeOver(at:)``), then `nil`. (Allocated by
    /// the parser before the thread started, the buffers of the strings'
    /// copies this replaced cost it 150 to 350 µs at `list` 10,000: the
    /// heap's first touches of fresh huge pages, even for a document whose
    /// array is short.)
    private var bounds: UnsafeMutablePointer<Int32>?
    private var boundCapacity = 0
    /// Where the array's `[` was found (published with the first chunk).
    private var arrayStart = -1
    /// What each chunk published: strings read, the reader's offset after
    /// the last one (or after `]`), whether the array ended there. Two of
    /// each, for chunk `k` in `k & 1`: the one being read never writes the
    /// one the parser may be reading.
    private var counts = (0, 0), positions = (0, 0), ended = (false, false)

    /// The handshake with the parser.
    private let progress = ReadAheadProgress()

    /// Strings a chunk (128: a few microseconds of reading).
    let chunk: Int

    /// The document's rules, read on the same thread once the constraint
    /// strings are read (when there are none), or `nil`.
    let rules: RuleReadAhead?

    /// What the thread does once it has read ahead (or was stopped), or `nil`.
    private let then: (@Sendable () -> Void)?
    /// Where the thread waits once done (and `then` has run), for the build's work.
    var parked: ParkedThread?

    /// - Parameters:
    ///   - bytes: the document; the buffers are sized from it.
    ///   - readsRules: whether the thread goes on to the rules
    ///     (``RuleReadAhead``) when it found no constraint string.
    ///   - then: run on the thread after its reading (not by ``read(chunks:)``).
    init(
        _ bytes: LayoutDocument.Bytes, chunk: Int = 128, readsRules: Bool = true, then: (@Sendable () -> Void)? = nil
    ) {
        self.bytes = bytes
        self.chunk = chunk
        self.then = then
        rules = readsRules ? RuleReadAhead(bytes, chunk: chunk) : nil
    }

    deinit { bounds?.deallocate() }

    /// Starts the second thread; false if none could be started.
    func start() -> Bool {
        parked?.expectThread()
        let started = SecondThread.startDetached { [self] in
            if read() == 0 { rules?.read(after: arrayStart) }
            then?()
            // Kept for the build's second thread.
            parked?.park()
        }
        if !started { parked?.threadNotStarted() }
        return started
    }

    // MARK: - The second thread

    /// Finds the array and reads it chunk by chunk (on the second thread;
    /// tests call it on theirs, and stop it after `chunks` chunks, between
    /// two, as a thread the parser overtook). Returns how many strings it
    /// read (the thread goes on to the rules when there were none).
    @discardableResult
    func read(chunks: Int = .max) -> Int {
        let text = bytes.buffer
        guard let at = Self.constraintsArray(in: text) else {
            progress.readNothing()
            return 0
        }
        arrayStart = at
        // An element with its comma is at least 2 bytes, a typical
        // constraint 20 to 40: the reading stops if this fills up.
        let endRoom = (text.count - at) / 16 + chunk
        boundCapacity = 3 * endRoom
        let bounds = UnsafeMutablePointer<Int32>.allocate(capacity: boundCapacity)
        self.bounds = bounds
        var reader = JSONReader(text)
        reader.resume(at: at + 1)
        var first = true, count = 0
        // The reader's offset after the last string read (the parser goes on from there).
        var lastEnd = at + 1
        var k = 0
        while k < chunks, progress.begin(k) {
            var more = true, finished = false
            let stop = min(count + chunk, endRoom)
            do throws(JSONSyntaxError) {
                while count < stop {
                    guard try reader.nextElement(&first) else {
                        finished = true
                        lastEnd = reader.position
                        break
                    }
                    // Anything but a plain string is left to the parser.
                    guard let (start, end, run) = reader.readPlainConstraint() else {
                        more = false
                        break
                    }
                    bounds[3 &* count] = Int32(truncatingIfNeeded: start)
                    bounds[3 &* count &+ 1] = Int32(truncatingIfNeeded: end)
                    bounds[3 &* count &+ 2] = Int32(truncatingIfNeeded: run)
                    count += 1
                    lastEnd = reader.position
                }
            } catch {
                more = false  // a syntax error: the parser reports it
            }
            if count == endRoom { more = false }
            publish(k + 1, count: count, position: lastEnd, ended: finished)
            guard progress.end(k, more: more && !finished) else { break }
            k += 1
        }
        return count
    }

    /// Records what `k` chunks read, in slot `k & 1`.
    private func publish(_ k: Int, count: Int, position: Int, ended: Bool) {
        if k & 1 == 0 {
            counts.0 = count
            positions.0 = position
            self.ended.0 = ended
        } else {
            counts.1 = count
            positions.1 = position
            self.ended.1 = ended
        }
    }

    /// The offset of the `[` after the first `"constraints"` followed by a
    /// colon (white space allowed around it), or `nil`.
    static func constraintsArray(in text: UnsafeBufferPointer<UInt8>) -> Int? {
        ReadAheadProgress.arrayStart(after: #""constraints""#, in: text)
    }

    // MARK: - The parser

    /// What the second thread read, handed to the parser: the ranges of
    /// `count` strings (start, end and name run of each, in a buffer of
    /// `boundCapacity` values the parser now owns), where to go on
    /// reading, and whether the array ended there.
    struct Handover {
        var bounds: UnsafeMutablePointer<Int32>
        var boundCapacity: Int
        var count: Int
        var position: Int
        var ended: Bool
    }

    /// Stops the second thread, for the parser at the document's
    /// constraints array, whose `[` is at `offset`; returns what the second
    /// thread read there, or `nil` when it has nothing to give (the array
    /// is elsewhere, or it had not read a chunk).
    func takeOver(at offset: Int) -> Handover? {
        guard let (k, between) = progress.stop(patience: Self.patience),
              k > 0, arrayStart == offset, (k & 1 == 0 ? counts.0 : counts.1) > 0 else { return nil }
        let handover = between && !copiesForTests ? adopt(k) : copy(k)
        handedOver = handover.count
        return handover
    }

    /// Strings handed to the parser (tests see that it took them).
    private(set) var handedOver = 0
    /// Whether ``takeOver(at:)`` copies what was read even between
    /// chunks (tests: the copy otherwise happens only when the second
    /// thread is in the middle of a chunk).
    var copiesForTests = false

    /// Stops the second thread (if the parser has not taken it over):
    /// the parse is over, or failed before the constraints.
    func stop() {
        progress.stop()
        rules?.stop()
    }

    /// Microseconds the parser waits for a chunk to end before it copies
    /// the chunks before it: a chunk is read in about 5 (128 strings of
    /// `list`), so a second thread that has not finished one in 50 was
    /// descheduled, and is not waited for. (Copying what it read was a
    /// fresh buffer's page faults and a copy: 0.1 to 0.3 ms at 40,000
    /// strings when their bytes were copied, not only their ranges as now.
    /// A first version waited 4,000 loads, about 4 µs, and copied in half
    /// the runs of `list` 10,000.)
    static let patience = 50

    /// The buffer itself, once the second thread has stopped between chunks (after `k`).
    private func adopt(_ k: Int) -> Handover {
        let h = Handover(bounds: bounds!, boundCapacity: boundCapacity, count: k & 1 == 0 ? counts.0 : counts.1,
                         position: k & 1 == 0 ? positions.0 : positions.1, ended: k & 1 == 0 ? ended.0 : ended.1)
        bounds = nil
        return h
    }

    /// A copy of the `k` chunks published, the second thread being in the
    /// middle of the next one (and still writing after them).
    private func copy(_ k: Int) -> Handover {
        let count = k & 1 == 0 ? counts.0 : counts.1
        let capacity = max(6 * count, 768)
        let newBounds = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        newBounds.update(from: bounds!, count: 3 * count)
        return Handover(bounds: newBounds, boundCapacity: capacity, count: count,
                        position: k & 1 == 0 ? positions.0 : positions.1, ended: k & 1 == 0 ? ended.0 : ended.1)
    }
}

/// The handshake between a thread that reads an array of a document ahead,
/// chunk by chunk, and the parser that takes over what it read (see
/// ``ConstraintReadAhead`` and ``RuleReadAhead``).
///
/// One atomic word: `2 * k` with `k` chunks published and none being read,
/// `2 * k + 1` while chunk `k` is read; ``last`` when the reading thread
/// reads no more; ``stopping`` once the parser asked it to stop after the
/// chunk it is reading (it publishes that one and starts no other);
/// ``taken`` once the parser has stopped it (it then starts no chunk, and
/// publishes nothing more).
struct ReadAheadProgress: ~Copyable {
    private let state = Atomic<Int>(0)
    private static let stopping = 1 << 60, last = 1 << 61, taken = 1 << 62
    private static let flags = stopping | last | taken

    init() {}

    // MARK: - The reading thread

    /// Marks that nothing will be read (no array found).
    func readNothing() {
        _ = state.compareExchange(expected: 0, desired: Self.last, ordering: .releasing)
    }

    /// Starts chunk `k` (counted from 0); false when the reading is to stop
    /// (the parser asked it to, or took over).
    func begin(_ k: Int) -> Bool {
        state.compareExchange(expected: 2 * k, desired: 2 * k + 1, ordering: .acquiringAndReleasing).exchanged
    }

    /// Publishes chunk `k`, just read (what it read was recorded before
    /// the call), with `more` false when nothing follows it; returns
    /// whether to go on to the next chunk. A request to stop is kept (the
    /// next chunk is then not started); once the parser has taken over,
    /// nothing is published.
    func end(_ k: Int, more: Bool) -> Bool {
        var current = 2 * k + 1
        while true {
            let next = 2 * (k + 1) | (more ? 0 : Self.last) | current & Self.stopping
            let (done, now) = state.compareExchange(expected: current, desired: next, ordering: .acquiringAndReleasing)
            if done { return more }
            if now & Self.taken != 0 { return false }
            current = now
        }
    }

    /// Whether the parser has taken over (or stopped the reading).
    var isTaken: Bool { state.load(ordering: .acquiring) & Self.taken != 0 }

    // MARK: - The parser

    /// Stops the reading thread after the chunk it is reading, waiting up
    /// to `patience` microseconds for it, and returns the chunks published
    /// and whether the thread stopped between two chunks (false: it is in
    /// the middle of one, still writing after them); `nil` when the
    /// reading was stopped before.
    func stop(patience: Int) -> (chunks: Int, betweenChunks: Bool)? {
        var v = state.load(ordering: .acquiring)
        var spins = 0, deadline = 0
        while true {
            if v & Self.taken != 0 { return nil }
            if v & 1 != 0 && v & Self.stopping == 0 {
                // In the middle of a chunk: to stop after it.
                v = state.bitwiseOr(Self.stopping, ordering: .acquiringAndReleasing).newValue
                continue
            }
            if v & 1 == 0 || spins < 0 {
                let (frozen, now) = state.compareExchange(expected: v, desired: v | Self.taken, ordering: .acquiringAndReleasing)
                guard frozen else {
                    v = now
                    continue
                }
                return ((v & ~Self.flags) >> 1, v & 1 == 0)
            }
            // The clock is read every 256 loads (a load is a few nanoseconds).
            if spins & 255 == 0 {
                let now = Self.microseconds()
                if spins == 0 { deadline = now + patience } else if now >= deadline { spins = -1; continue }
            }
            spins += 1
            v = state.load(ordering: .acquiring)
        }
    }

    /// Stops the reading (if the parser has not taken it over): the parse
    /// is over, or failed before the array.
    func stop() {
        state.bitwiseOr(Self.taken, ordering: .acquiringAndReleasing)
    }

    /// The monotonic clock in microseconds.
    private static func microseconds() -> Int {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return t.tv_sec * 1_000_000 + t.tv_nsec / 1_000
    }

    /// The offset of the `[` after the first `key` (its bytes, quotes
    /// included, at least four) followed by a colon (white space allowed
    /// around it) at or after offset `from`, or `nil`. Candidates are found
    /// sixteen bytes at a time: the key's first two and last two bytes;
    /// then compared in full.
    static func arrayStart(after key: StaticString, in text: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int? {
        let n = key.utf8CodeUnitCount
        guard n >= 4, let base = text.baseAddress, text.count > n + 16 else { return nil }
        let keyBytes = UnsafeBufferPointer(start: key.utf8Start, count: n)
        let b0 = keyBytes[0], b1 = keyBytes[1], b2 = keyBytes[n - 2], b3 = keyBytes[n - 1]
        var from = max(start, 0)
        while from + n + 16 <= text.count {
            var lanes = plumb_key_candidates16(base + from, Int32(n), b0, b1, b2, b3)
            while lanes != 0 {
                let lane = lanes.trailingZeroBitCount
                lanes &= lanes &- 1
                let hit = from + lane
                guard memcmpEqual(UnsafeBufferPointer(rebasing: text[hit ..< hit + n]), keyBytes) else { continue }
                var at = hit + n
                while at < text.count, text[at] == 0x20 || text[at] == 0x0A || text[at] == 0x0D || text[at] == 0x09 { at += 1 }
                guard at < text.count, text[at] == UInt8(ascii: ":") else { continue }
                at += 1
                while at < text.count, text[at] == 0x20 || text[at] == 0x0A || text[at] == 0x0D || text[at] == 0x09 { at += 1 }
                if at < text.count, text[at] == UInt8(ascii: "[") { return at }
            }
            from += 16
        }
        return nil
    }
}
