#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A large document's constraint strings read on a second thread while the
/// parser reads the views before them (`plumb solve` on two cores).
///
/// The second thread looks for the document's `"constraints": [` (the first
/// place those bytes appear, which is where the key is in any document that
/// does not spell them inside a view), then reads plain ASCII strings from
/// there in chunks, into a buffer of its own, as the parser reads them
/// (``JSONReader/readASCIIString(to:room:)``), and publishes each chunk:
/// the strings' ends and where the reader stands after them. It stops at
/// anything else (a string with escapes or non-ASCII bytes, an element that
/// is not a string, a syntax error, a full buffer) and at the array's end.
///
/// When the parser comes to the document's constraints
/// (``takeOver(at:room:)``), it asks the second thread to stop after the
/// chunk it is reading and, if the array begins where the second thread
/// thought, goes on from the last chunk published: every string before it
/// was read exactly as the parser reads it (a JSON array read from a given
/// byte depends on nothing before it), and anything the second thread did
/// not read (problems included) the parser reads itself, with the messages
/// and positions one thread gives. The parser waits at most ``patience``
/// for that chunk: if the second thread does not finish it by then (it was
/// descheduled), the chunks published before it are copied out and its
/// buffers are left to it. Otherwise the parser takes the buffers over as
/// the document's pool of constraint strings.
///
/// The input's bytes are kept by ``LayoutDocument/Bytes``: the second thread
/// may still be reading them after the parse returns.
final class ConstraintReadAhead: @unchecked Sendable {
    /// The document's bytes, kept alive while the second thread runs.
    let bytes: LayoutDocument.Bytes
    /// Strings end to end (room for every byte of the input after the
    /// array's start and 16 more), and their ends; allocated by the second
    /// thread once it has found the array (published with the first
    /// chunk), owned here until the parser takes them (``takeOver(at:)``),
    /// then `nil`. (Allocated by the parser before the thread started, they
    /// cost it 150 to 350 µs at `list` 10,000: the heap's first touches of
    /// two fresh huge pages, even for a document whose array is short.)
    private var strings: UnsafeMutablePointer<UInt8>?
    private var stringCapacity = 0
    private var ends: UnsafeMutablePointer<Int32>?
    private var endCapacity = 0
    /// Where the array's `[` was found (published with the first chunk).
    private var arrayStart = -1
    /// What each chunk published: strings read, the reader's offset after
    /// the last one (or after `]`), whether the array ended there. Two of
    /// each, for chunk `k` in `k & 1`: the one being read never writes the
    /// one the parser may be reading.
    private var counts = (0, 0), positions = (0, 0), ended = (false, false)

    /// The second thread's progress: `2 * k` with `k` chunks published and
    /// none being read, `2 * k + 1` while chunk `k` is read; ``last`` when it
    /// reads no more; ``stopping`` once the parser asked it to stop after
    /// the chunk it is reading (it publishes that one and starts no other);
    /// ``taken`` once the parser has stopped it (it then starts no chunk,
    /// and publishes nothing more).
    private let state = Atomic<Int>(0)
    private static let stopping = 1 << 60, last = 1 << 61, taken = 1 << 62
    private static let flags = stopping | last | taken

    /// Strings a chunk (128: a few microseconds of reading).
    let chunk: Int

    /// - Parameter bytes: the document; the buffers are sized from it.
    init(_ bytes: LayoutDocument.Bytes, chunk: Int = 128) {
        self.bytes = bytes
        self.chunk = chunk
    }

    deinit {
        strings?.deallocate()
        ends?.deallocate()
    }

    /// Starts the second thread; false if none could be started.
    func start() -> Bool {
        SecondThread.startDetached { [self] in read() }
    }

    // MARK: - The second thread

    /// Finds the array and reads it chunk by chunk (on the second thread;
    /// tests call it on theirs, and stop it after `chunks` chunks, between
    /// two, as a thread the parser overtook).
    func read(chunks: Int = .max) {
        let text = bytes.buffer
        guard let at = Self.constraintsArray(in: text) else {
            _ = state.compareExchange(expected: 0, desired: Self.last, ordering: .releasing)
            return
        }
        arrayStart = at
        let room = text.count - at + 16
        stringCapacity = room
        let strings = UnsafeMutablePointer<UInt8>.allocate(capacity: room)
        self.strings = strings
        // An element with its comma is at least 2 bytes, a typical
        // constraint 20 to 40: the reading stops if this fills up.
        let endRoom = (text.count - at) / 16 + chunk
        endCapacity = endRoom
        let ends = UnsafeMutablePointer<Int32>.allocate(capacity: endRoom)
        self.ends = ends
        var reader = JSONReader(text)
        reader.resume(at: at + 1)
        var first = true, count = 0, written = 0
        // The reader's offset after the last string read (the parser goes on from there).
        var lastEnd = at + 1
        var k = 0
        while true {
            guard k < chunks,
                  state.compareExchange(expected: 2 * k, desired: 2 * k + 1, ordering: .acquiringAndReleasing).exchanged
            else { return }
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
                    guard let length = reader.readASCIIString(to: strings + written, room: room - written) else {
                        more = false
                        break
                    }
                    written += length
                    ends[count] = Int32(truncatingIfNeeded: written)
                    count += 1
                    lastEnd = reader.position
                }
            } catch {
                more = false  // a syntax error: the parser reports it
            }
            if count == endRoom { more = false }
            publish(k + 1, count: count, position: lastEnd, ended: finished)
            // Published unless the parser took over meanwhile; a request
            // to stop is kept (the next chunk is then not started).
            var current = 2 * k + 1
            while true {
                let next = 2 * (k + 1) | (more && !finished ? 0 : Self.last) | current & Self.stopping
                let (done, now) = state.compareExchange(expected: current, desired: next, ordering: .acquiringAndReleasing)
                if done { break }
                if now & Self.taken != 0 { return }
                current = now
            }
            guard more && !finished else { return }
            k += 1
        }
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
    /// colon (white space allowed around it), or `nil`. Candidates are
    /// found sixteen bytes at a time: a quote, then `c`, with `s` and a
    /// quote eleven and twelve bytes on.
    static func constraintsArray(in text: UnsafeBufferPointer<UInt8>) -> Int? {
        let key: StaticString = #""constraints""#
        let n = key.utf8CodeUnitCount
        guard let base = text.baseAddress, text.count > n + 16 else { return nil }
        let raw = UnsafeRawPointer(base)
        let keyBytes = UnsafeBufferPointer(start: key.utf8Start, count: n)
        @inline(__always) func block(_ at: Int) -> SIMD16<Int8> { raw.loadUnaligned(fromByteOffset: at, as: SIMD16<Int8>.self) }
        let quote = SIMD16<Int8>(repeating: 0x22), c = SIMD16<Int8>(repeating: 0x63), s = SIMD16<Int8>(repeating: 0x73)
        var from = 0
        while from + n + 16 <= text.count {
            let marked = (block(from) .== quote) .& (block(from + 1) .== c) .& (block(from + 11) .== s)
                .& (block(from + 12) .== quote)
            var lanes = unsafeBitCast(marked, to: SIMD2<UInt64>.self)
            while lanes.x | lanes.y != 0 {
                let lane = JSONReader.firstMarkedLane(lanes)
                if lane < 8 { lanes.x &= ~(0xFF << (8 * UInt64(lane))) } else { lanes.y &= ~(0xFF << (8 * UInt64(lane - 8))) }
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

    // MARK: - The parser

    /// What the second thread read, handed to the parser: the strings (a
    /// buffer of `capacity` bytes the parser now owns, the first `written`
    /// of them in use), their ends (`count` of them, in a buffer of
    /// `endCapacity` the parser now owns), where to go on reading, and
    /// whether the array ended there.
    struct Handover {
        var strings: UnsafeMutablePointer<UInt8>
        var capacity: Int
        var ends: UnsafeMutablePointer<Int32>
        var endCapacity: Int
        var count: Int
        var position: Int
        var ended: Bool
        var written: Int { count == 0 ? 0 : Int(ends[count - 1]) }
    }

    /// Stops the second thread, for the parser at the document's
    /// constraints array, whose `[` is at `offset`; returns what the second
    /// thread read there, or `nil` when it has nothing to give (the array
    /// is elsewhere, or it had not read a chunk).
    ///
    /// - Parameter room: bytes of strings the parser may still add (those of
    ///   the input after `offset`, and 16): a copied handover gets them.
    func takeOver(at offset: Int, room: Int) -> Handover? {
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
                let k = (v & ~Self.flags) >> 1
                guard k > 0, arrayStart == offset, (k & 1 == 0 ? counts.0 : counts.1) > 0 else { return nil }
                let handover = v & 1 == 0 && !copiesForTests ? adopt(k) : copy(k, room: room)
                handedOver = handover.count
                return handover
            }
            // The clock is read every 256 loads (a load is a few nanoseconds).
            if spins & 255 == 0 {
                let now = Self.microseconds()
                if spins == 0 { deadline = now + Self.patience } else if now >= deadline { spins = -1; continue }
            }
            spins += 1
            v = state.load(ordering: .acquiring)
        }
    }

    /// The monotonic clock in microseconds.
    private static func microseconds() -> Int {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return t.tv_sec * 1_000_000 + t.tv_nsec / 1_000
    }

    /// Strings handed to the parser (tests see that it took them).
    private(set) var handedOver = 0
    /// Whether ``takeOver(at:room:)`` copies what was read even between
    /// chunks (tests: the copy otherwise happens only when the second
    /// thread is in the middle of a chunk).
    var copiesForTests = false

    /// Stops the second thread (if the parser has not taken it over):
    /// the parse is over, or failed before the constraints.
    func stop() {
        state.bitwiseOr(Self.taken, ordering: .acquiringAndReleasing)
    }

    /// Microseconds the parser waits for a chunk to end before it copies
    /// the chunks before it: a chunk is read in about 5 (128 strings of
    /// `list`), so a second thread that has not finished one in 50 was
    /// descheduled, and is not waited for. (Copying what it read is a
    /// fresh buffer's page faults and a copy: 0.1 to 0.3 ms at 40,000
    /// strings. A first version waited 4,000 loads, about 4 µs, and copied
    /// in half the runs of `list` 10,000.)
    static let patience = 50

    /// The buffers themselves, once the second thread has stopped between chunks (after `k`).
    private func adopt(_ k: Int) -> Handover {
        let h = Handover(strings: strings!, capacity: stringCapacity, ends: ends!, endCapacity: endCapacity,
                         count: k & 1 == 0 ? counts.0 : counts.1, position: k & 1 == 0 ? positions.0 : positions.1,
                         ended: k & 1 == 0 ? ended.0 : ended.1)
        strings = nil
        ends = nil
        return h
    }

    /// A copy of the `k` chunks published, the second thread being in the
    /// middle of the next one (and still writing after them).
    private func copy(_ k: Int, room: Int) -> Handover {
        let count = k & 1 == 0 ? counts.0 : counts.1
        let written = count == 0 ? 0 : Int(ends![count - 1])
        let capacity = written + room
        let newStrings = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        newStrings.update(from: strings!, count: written)
        let newEndCapacity = max(2 * count, 256)
        let newEnds = UnsafeMutablePointer<Int32>.allocate(capacity: newEndCapacity)
        newEnds.update(from: ends!, count: count)
        return Handover(strings: newStrings, capacity: capacity, ends: newEnds, endCapacity: newEndCapacity,
                        count: count, position: k & 1 == 0 ? positions.0 : positions.1,
                        ended: k & 1 == 0 ? ended.0 : ended.1)
    }
}
