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
        var out = [UInt8]()
        out.reserveCapacity(16 + frames.count * 40)
        out.append(contentsOf: "{\"frames\": ".utf8)
        appendFrames(ids: ids, frames: frames, oneLine: false, to: &out)
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
        appendFrames(Keys(ids: ids, oneLine: oneLine), frames: frames, to: &out)
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
                                if utf8.contains(where: FrameWriter.needsEscaping) {
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
        out.append(UInt8(ascii: "{"))
        // Frames go out in blocks: each block's keys and numbers are written
        // by pointer into a scratch buffer and appended at once, so the
        // output grows by exactly what is written (no call per frame into
        // the array, and a caller's reserved capacity is enough).
        let block = 256
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: block * (keys.longestEntry + frameTextLength)) { scratch in
            keys.bytes.withUnsafeBufferPointer { bytes in
                keys.ends.withUnsafeBufferPointer { ends in
                    frames.withUnsafeBufferPointer { frames in
                        let base = scratch.baseAddress!
                        var first = 0
                        while first < frames.count {
                            let last = min(first + block, frames.count)
                            var p = base
                            var keyStart = first == 0 ? 0 : ends[first - 1]
                            for i in first ..< last {
                                let length = ends[i] - keyStart
                                p.update(from: bytes.baseAddress! + keyStart, count: length)
                                p += length
                                keyStart = ends[i]
                                p += writeNumbers(frames[i], to: p)
                            }
                            out.append(contentsOf: UnsafeBufferPointer(start: base, count: p - base))
                            first = last
                        }
                    }
                }
            }
        }
        if !keys.oneLine && !frames.isEmpty { out.append(UInt8(ascii: "\n")) }
        out.append(UInt8(ascii: "}"))
    }

    /// Appends `value` as a plain JSON number, as frames are written.
    public static func appendNumber(_ value: Double, to out: inout [UInt8]) {
        NumberFormatting.appendJSON(value, to: &out)
    }

    /// Whether `byte` is written escaped in a JSON string: `"`, `\` and control characters.
    @inline(__always)
    fileprivate static func needsEscaping(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// Appends `s` as a JSON string: `"` and `\` escaped, control characters as `\n`, `\t` or `\u00XX`.
    public static func appendString(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { bytes in
            // Most ids need no escaping: copy them whole.
            if !bytes.contains(where: needsEscaping) {
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
