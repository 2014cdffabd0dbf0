/// Writes solved frames as the layout document output format:
/// `{"frames": {"<id>": [x, y, width, height], ...}}`.
public enum FrameWriter {
    /// The frames as JSON, one view per line, in `ids` order.
    ///
    /// Numbers are plain JSON numbers: integral values without a fraction
    /// (`16`), others in the shortest form that reads back to the same
    /// `Double` (`0.5625`). Ids are escaped as JSON strings.
    ///
    /// - Precondition: `ids.count == frames.count`.
    /// - Complexity: O(views); one output buffer, no allocation per integral number.
    public static func json(ids: [String], frames: [Rect]) -> [UInt8] {
        json(count: frames.count) { appendFrames(ids: ids, frames: frames, oneLine: false, to: &$0) }
    }

    /// ``json(ids:frames:)``'s bytes, written on two threads for many
    /// frames when `threads` allows it: chunks of frames shared with a
    /// second thread (`SecondThread.share`), which
    /// writes each of its chunks into a buffer of its own; the chunks are
    /// appended in order.
    public static func json(ids: [String], frames: [Rect], threads: LoweringThreads) -> [UInt8] {
        guard threads.splitsFrames(frames.count), ids.count == frames.count else { return json(ids: ids, frames: frames) }
        // Each thread writes from its own copies of the arrays (which keep them while it runs).
        return json(frames: frames, threads: threads) { frames, indices, out in
            ids.withUnsafeBufferPointer { ids in
                appendEntries(frames: frames, indices, room: 64, capacity: 16 << 10, to: &out) { i, p, room in
                    var id = ids[i]
                    return id.withUTF8 { writeKey(i, $0, oneLine: false, to: p, room: room) }
                } slowKey: { i, out in
                    appendSlowKey(i, ids[i], oneLine: false, to: &out)
                }
            }
        }
    }

    /// ``json(ids:frames:threads:)`` with a document's ids as it keeps
    /// them (``LoweredLayout/framesJSON(_:threads:)``): the same bytes,
    /// without a `String` an id.
    static func json(names: ViewNames, frames: [Rect], threads: LoweringThreads) -> [UInt8] {
        precondition(names.count == frames.count, "one frame per id")
        guard threads.splitsFrames(frames.count) else {
            return json(count: frames.count) { appendFrames(names: names, frames: frames, oneLine: false, to: &$0) }
        }
        return json(frames: frames, threads: threads) { frames, indices, out in
            names.ids.withBytes { pool in
                appendEntries(frames: frames, indices, room: 64, capacity: 16 << 10, to: &out) { i, p, room in
                    i == 0 ? nil : writeKey(i, UnsafeBufferPointer(rebasing: pool[names.ids.range(i)]),
                                            oneLine: false, to: p, room: room)
                } slowKey: { i, out in
                    appendSlowKey(i, i == 0 ? names.rootID : names.ids.string(i), oneLine: false, to: &out)
                }
            }
        }
    }

    /// The frames object written in chunks shared with a second thread:
    /// `entries` appends the keys and numbers of a range of frames (on
    /// either thread), and the chunks are joined in order.
    private static func json(
        frames: [Rect], threads: LoweringThreads,
        entries: @escaping (_ frames: [Rect], _ indices: Range<Int>, _ out: inout [UInt8]) -> Void
    ) -> [UInt8] {
        let count = frames.count
        let size = threads.frameChunk
        let chunks = (count + size - 1) / size
        var out: [UInt8] = []
        out.reserveCapacity(16 + count * bytesPerFrame)
        out.append(contentsOf: "{\"frames\": {".utf8)
        let written = ChunkResults<[UInt8]>(chunks, empty: [])
        SecondThread.share(chunks, waiting: threads.waitsForHelper, helper: { k in
            let range = k * size ..< min((k + 1) * size, count)
            var bytes: [UInt8] = []
            bytes.reserveCapacity(range.count * bytesPerFrame)
            entries(frames, range, &bytes)
            written[k] = bytes
            return true
        }, inOrder: { k, helped in
            if helped {
                out.append(contentsOf: written[k])
            } else {
                entries(frames, k * size ..< min((k + 1) * size, count), &out)
            }
        })
        out.append(contentsOf: "\n}}\n".utf8)
        return out
    }

    /// The bytes reserved for a frame's line: more than the benchmark
    /// families write with an id of up to 8 bytes (`cards` 43.5 at 100,000
    /// views, `--absolute`; `grid` 41.9; `list` 38.1), so their output is
    /// not copied to a buffer twice the size near its end (at 40 a frame,
    /// `cards` and `grid` at 100,000 views copied 4 MB at the last lines).
    static let bytesPerFrame = 48

    /// `{"frames": ` and the frames object `appendObject` appends (one
    /// view a line), `}` and a newline.
    static func json(count: Int, _ appendObject: (inout [UInt8]) -> Void) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(16 + count * bytesPerFrame)
        out.append(contentsOf: "{\"frames\": ".utf8)
        appendObject(&out)
        out.append(contentsOf: "}\n".utf8)
        return out
    }

    /// Appends the frames object alone, `{"<id>": [x, y, width, height], ...}`,
    /// numbers and ids written as by ``json(ids:frames:)``.
    ///
    /// - Parameters:
    ///   - ids: the views' ids, in output order.
    ///   - frames: one frame per id, in the same order.
    ///   - oneLine: `false` puts each view on its own line (as
    ///     ``json(ids:frames:)`` does); `true` writes one line, for JSON Lines
    ///     records (`plumb sweep`, `plumb batch`).
    ///   - out: the buffer the object is appended to.
    /// - Precondition: `ids.count == frames.count`.
    /// - Complexity: O(views).
    public static func appendFrames(ids: [String], frames: [Rect], oneLine: Bool, to out: inout [UInt8]) {
        precondition(ids.count == frames.count, "one frame per id")
        // Written once: each id goes straight into the block (no ``Keys``,
        // which would copy every id twice). An id that needs escaping, or
        // is too long for the block's room, is appended by `appendString`.
        ids.withUnsafeBufferPointer { ids in
            appendObject(frames: frames, oneLine: oneLine, room: 64, capacity: 16 << 10, to: &out) { i, p, room in
                var id = ids[i]
                return id.withUTF8 { writeKey(i, $0, oneLine: oneLine, to: p, room: room) }
            } slowKey: { i, out in
                appendSlowKey(i, ids[i], oneLine: oneLine, to: &out)
            }
        }
    }

    /// ``appendFrames(ids:frames:oneLine:to:)`` with a document's ids as it
    /// keeps them: the same bytes, without a `String` an id.
    static func appendFrames(names: ViewNames, frames: [Rect], oneLine: Bool, to out: inout [UInt8]) {
        precondition(names.count == frames.count, "one frame per id")
        names.ids.withBytes { pool in
            appendObject(frames: frames, oneLine: oneLine, room: 64, capacity: 16 << 10, to: &out) { i, p, room in
                // The root's id is a `String` of the document's: appended.
                i == 0 ? nil : writeKey(i, UnsafeBufferPointer(rebasing: pool[names.ids.range(i)]), oneLine: oneLine,
                                        to: p, room: room)
            } slowKey: { i, out in
                appendSlowKey(i, i == 0 ? names.rootID : names.ids.string(i), oneLine: oneLine, to: &out)
            }
        }
    }

    /// Writes id `i` (`utf8`) with the separator before it at `p`, quoted,
    /// if it needs no escaping and fits in `room`; returns the bytes written,
    /// or nil (nothing written).
    @inline(__always)
    private static func writeKey(
        _ i: Int, _ utf8: UnsafeBufferPointer<UInt8>, oneLine: Bool, to p: UnsafeMutablePointer<UInt8>, room: Int
    ) -> Int? {
        let length = utf8.count
        let lead = separatorLength(i, oneLine: oneLine)
        guard lead + length + 2 <= room, !hasByteToEscape(utf8) else { return nil }
        writeSeparator(i, oneLine: oneLine, to: p)
        p[lead] = UInt8(ascii: "\"")
        if let base = utf8.baseAddress { copyBytes(length, from: base, to: p + lead + 1) }
        p[lead + 1 + length] = UInt8(ascii: "\"")
        return lead + length + 2
    }

    /// Appends id `i` with the separator before it, escaped as needed.
    private static func appendSlowKey(_ i: Int, _ id: String, oneLine: Bool, to out: inout [UInt8]) {
        var separator = (0, 0, 0, 0) as (UInt8, UInt8, UInt8, UInt8)
        let lead = withUnsafeMutableBytes(of: &separator) { bytes in
            writeSeparator(i, oneLine: oneLine, to: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self))
            return separatorLength(i, oneLine: oneLine)
        }
        withUnsafeBytes(of: separator) { out.append(contentsOf: $0.prefix(lead)) }
        appendString(id, to: &out)
    }

    /// The bytes before id `i`: `, ` (or `,\n  ` one view a line) between
    /// ids, and `\n  ` before the first one view a line.
    @inline(__always)
    private static func separatorLength(_ i: Int, oneLine: Bool) -> Int {
        oneLine ? (i > 0 ? 2 : 0) : (i > 0 ? 4 : 3)
    }

    /// Writes the bytes before id `i` at `p`.
    @inline(__always)
    private static func writeSeparator(_ i: Int, oneLine: Bool, to p: UnsafeMutablePointer<UInt8>) {
        var p = p
        if i > 0 {
            p[0] = UInt8(ascii: ",")
            p += 1
        }
        if oneLine {
            if i > 0 { p[0] = UInt8(ascii: " ") }
        } else {
            p[0] = UInt8(ascii: "\n")
            p[1] = UInt8(ascii: " ")
            p[2] = UInt8(ascii: " ")
        }
    }

    /// Appends `{`, each frame's key and numbers, and `}`. Keys and numbers
    /// are written by pointer into a scratch buffer, which is appended to
    /// the output whenever it is full and at the end, so the output grows
    /// by exactly what is written (no call per frame into the array, and a
    /// caller's reserved capacity is enough).
    ///
    /// - Parameters:
    ///   - room: the scratch buffer is appended before a frame when less
    ///     than this much room for its key (and room for its numbers) is left.
    ///   - capacity: the scratch buffer's size.
    ///   - key: writes frame `i`'s key with the separator before it at the
    ///     pointer, given the room there; returns how many bytes, or nil
    ///     (writing nothing) for a key that `slowKey` appends instead.
    ///   - slowKey: appends key `i` with its separator to the output.
    @inline(__always)
    private static func appendObject(
        frames: [Rect], oneLine: Bool, room: Int, capacity: Int, to out: inout [UInt8],
        key: (Int, UnsafeMutablePointer<UInt8>, Int) -> Int?, slowKey: (Int, inout [UInt8]) -> Void
    ) {
        out.append(UInt8(ascii: "{"))
        appendEntries(frames: frames, frames.indices, room: room, capacity: capacity, to: &out, key: key,
                      slowKey: slowKey)
        if !oneLine && !frames.isEmpty { out.append(UInt8(ascii: "\n")) }
        out.append(UInt8(ascii: "}"))
    }

    /// Appends the keys and numbers of the frames `indices`, each key with
    /// the separator before it, as ``appendObject(frames:oneLine:room:capacity:to:key:slowKey:)``
    /// does between its braces.
    @inline(__always)
    private static func appendEntries(
        frames: [Rect], _ indices: Range<Int>, room: Int, capacity: Int, to out: inout [UInt8],
        key: (Int, UnsafeMutablePointer<UInt8>, Int) -> Int?, slowKey: (Int, inout [UInt8]) -> Void
    ) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(capacity, room + frameTextLength)) { scratch in
            frames.withUnsafeBufferPointer { frames in
                let base = scratch.baseAddress!
                let end = base + scratch.count
                var p = base
                for i in indices {
                    if end - p < room + frameTextLength {
                        out.append(contentsOf: UnsafeBufferPointer(start: base, count: p - base))
                        p = base
                    }
                    if let length = key(i, p, end - p - frameTextLength) {
                        p += length
                    } else {
                        out.append(contentsOf: UnsafeBufferPointer(start: base, count: p - base))
                        p = base
                        slowKey(i, &out)
                    }
                    p += writeNumbers(frames[i], to: p)
                }
                out.append(contentsOf: UnsafeBufferPointer(start: base, count: p - base))
            }
        }
    }

    /// Writes `: [x, y, width, height]` at `p` (room for ``frameTextLength``
    /// bytes); returns how many bytes it wrote.
    @inline(__always)
    private static func writeNumbers(_ frame: Rect, to p: UnsafeMutablePointer<UInt8>) -> Int {
        p[0] = UInt8(ascii: ":")
        p[1] = UInt8(ascii: " ")
        p[2] = UInt8(ascii: "[")
        var n = 3
        n &+= NumberFormatting.writeJSON(frame.x, to: p + n)
        p[n] = UInt8(ascii: ",")
        p[n &+ 1] = UInt8(ascii: " ")
        n &+= 2
        n &+= NumberFormatting.writeJSON(frame.y, to: p + n)
        p[n] = UInt8(ascii: ",")
        p[n &+ 1] = UInt8(ascii: " ")
        n &+= 2
        n &+= NumberFormatting.writeJSON(frame.width, to: p + n)
        p[n] = UInt8(ascii: ",")
        p[n &+ 1] = UInt8(ascii: " ")
        n &+= 2
        n &+= NumberFormatting.writeJSON(frame.height, to: p + n)
        p[n] = UInt8(ascii: "]")
        return n &+ 1
    }

    /// The most bytes ``writeNumbers(_:to:)`` writes.
    private static let frameTextLength = 8 + 4 * (NumberFormatting.maxJSONLength + 2)

    /// Views' ids written once, each with the separator before it, for
    /// writing the frames of the same views many times (`plumb sweep`).
    public struct Keys: Sendable {
        fileprivate let bytes: [UInt8]
        /// Entry i is `bytes[ends[i - 1] ..< ends[i]]` (from 0 for i = 0).
        fileprivate let ends: [Int]
        fileprivate let oneLine: Bool
        /// The most bytes one entry (an id with its separator) takes.
        fileprivate let longestEntry: Int

        /// The keys of `ids`, for objects written on one line or one view a line.
        public init(ids: [String], oneLine: Bool) {
            self.oneLine = oneLine
            // Ids that need no escaping (all of them, nearly always) are
            // copied into storage of exactly their size (their lengths
            // summed first); at the first id that does, that storage is
            // dropped and each id goes through `appendString(_:to:)`.
            var idBytes = 0
            ids.withUnsafeBufferPointer { ids in
                for i in ids.indices { idBytes &+= ids[i].utf8.count }
            }
            let separator = oneLine ? 2 : 4  // ", " or ",\n  " before every id but the first
            let lead = oneLine ? 0 : 3  // "\n  " before the first, one view a line
            var most = 0
            var plain = !ids.isEmpty
            var bytes: [UInt8] = []
            var ends: [Int] = []
            if plain {
                let total = idBytes + 2 * ids.count + lead + separator * (ids.count - 1)
                ends = [Int](repeating: 0, count: ids.count)
                bytes = [UInt8](unsafeUninitializedCapacity: total) { buffer, count in
                    count = 0
                    ends.withUnsafeMutableBufferPointer { ends in
                        let base = buffer.baseAddress!
                        var p = base
                        var start = 0
                        for (i, var id) in ids.enumerated() {
                            if i > 0 {
                                p[0] = UInt8(ascii: ",")
                                if oneLine {
                                    p[1] = UInt8(ascii: " ")
                                } else {
                                    p[1] = UInt8(ascii: "\n")
                                    p[2] = UInt8(ascii: " ")
                                    p[3] = UInt8(ascii: " ")
                                }
                                p += separator
                            } else if !oneLine {
                                p[0] = UInt8(ascii: "\n")
                                p[1] = UInt8(ascii: " ")
                                p[2] = UInt8(ascii: " ")
                                p += lead
                            }
                            p[0] = UInt8(ascii: "\"")
                            p += 1
                            id.withUTF8 { utf8 in
                                if FrameWriter.hasByteToEscape(utf8) {
                                    plain = false
                                    return
                                }
                                p.update(from: utf8.baseAddress!, count: utf8.count)
                                p += utf8.count
                            }
                            guard plain else { return }
                            p[0] = UInt8(ascii: "\"")
                            p += 1
                            let end = p - base
                            ends[i] = end
                            most = max(most, end - start)
                            start = end
                        }
                    }
                    if plain { count = total }
                }
            }
            if !plain {
                bytes = []
                ends = []
                most = 0
                ends.reserveCapacity(ids.count)
                for (i, id) in ids.enumerated() {
                    if i > 0 { bytes.append(contentsOf: (oneLine ? ", " : ",\n  ").utf8) } else if !oneLine {
                        bytes.append(contentsOf: "\n  ".utf8)
                    }
                    FrameWriter.appendString(id, to: &bytes)
                    most = max(most, bytes.count - (ends.last ?? 0))
                    ends.append(bytes.count)
                }
            }
            self.bytes = bytes
            self.ends = ends
            longestEntry = most
        }

        public var count: Int { ends.count }
    }

    /// Appends the frames object as ``appendFrames(ids:frames:oneLine:to:)``
    /// does, with ids written beforehand: the same bytes.
    ///
    /// - Precondition: `keys.count == frames.count`.
    public static func appendFrames(_ keys: Keys, frames: [Rect], to out: inout [UInt8]) {
        precondition(keys.count == frames.count, "one frame per id")
        keys.bytes.withUnsafeBufferPointer { bytes in
            keys.ends.withUnsafeBufferPointer { ends in
                appendObject(frames: frames, oneLine: keys.oneLine, room: keys.longestEntry,
                             capacity: 256 * (keys.longestEntry + frameTextLength), to: &out) { i, p, _ in
                    let start = i == 0 ? 0 : ends[i - 1]
                    p.update(from: bytes.baseAddress! + start, count: ends[i] - start)
                    return ends[i] - start
                } slowKey: { _, _ in }
            }
        }
    }

    /// Appends `value` as a plain JSON number, as frames are written.
    public static func appendNumber(_ value: Double, to out: inout [UInt8]) {
        NumberFormatting.appendJSON(value, to: &out)
    }

    /// Whether `byte` is written escaped in a JSON string: `"`, `\` and
    /// control characters (the definition ``hasByteToEscape(_:)`` is tested against).
    @inline(__always)
    static func needsEscaping(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// Whether some byte of `bytes` is written escaped (``needsEscaping(_:)``),
    /// read a word at a time as ``memcmpEqual(_:_:)`` reads: eight bytes per
    /// step and the last eight overlapping, or for four to seven bytes the
    /// first and last four, or for one to three bytes the first, middle and
    /// last (with five bytes that need no escaping); no read leaves the
    /// buffer. (Byte by byte, the check was a fifth of a short id's cost.)
    @inline(__always)
    static func hasByteToEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = bytes.count
        guard n > 0, let base = bytes.baseAddress else { return false }
        let p = UnsafeRawPointer(base)
        @inline(__always) func word(_ at: Int) -> UInt64 { p.littleEndianWord(at: at) }
        @inline(__always) func half(_ at: Int) -> UInt64 { p.littleEndianHalf(at: at) }
        if n >= 8 {
            var at = 0
            while at &+ 8 < n {
                if escapedBytes(word(at)) != 0 { return true }
                at &+= 8
            }
            return escapedBytes(word(n &- 8)) != 0
        }
        if n >= 4 { return escapedBytes(half(0) | half(n &- 4) << 32) != 0 }
        let three = UInt64(base[0]) | UInt64(base[n >> 1]) << 8 | UInt64(base[n &- 1]) << 16
        return escapedBytes(three | 0x2020_2020_2000_0000) != 0
    }

    /// Nonzero when some byte of `word` is `"`, `\` or below 0x20 (bytes of
    /// 0x80 and up are not: UTF-8 is written as it is), by the "has a zero
    /// byte" bit tricks: a borrow can mark a byte above a marked one wrongly,
    /// never a word with no such byte.
    @inline(__always)
    static func escapedBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func zeroBytes(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highs }
        let below0x20 = (word &- ones &* 0x20) & ~word & highs
        return below0x20 | zeroBytes(word ^ (ones &* UInt64(UInt8(ascii: "\""))))
            | zeroBytes(word ^ (ones &* UInt64(UInt8(ascii: "\\"))))
    }

    /// Appends `s` as a JSON string: `"` and `\` escaped, control characters as `\n`, `\t` or `\u00XX`.
    public static func appendString(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { bytes in
            // Most ids need no escaping: copy them whole.
            if !hasByteToEscape(bytes) {
                out.append(contentsOf: bytes)
                return
            }
            for b in bytes {
                switch b {
                case UInt8(ascii: "\""): out.append(contentsOf: "\\\"".utf8)
                case UInt8(ascii: "\\"): out.append(contentsOf: "\\\\".utf8)
                case 0x0A: out.append(contentsOf: "\\n".utf8)
                case 0x0D: out.append(contentsOf: "\\r".utf8)
                case 0x09: out.append(contentsOf: "\\t".utf8)
                case 0 ..< 0x20:
                    let hex: [UInt8] = Array("0123456789abcdef".utf8)
                    out.append(contentsOf: "\\u00".utf8)
                    out.append(hex[Int(b >> 4)])
                    out.append(hex[Int(b & 0xF)])
                default: out.append(b)
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
