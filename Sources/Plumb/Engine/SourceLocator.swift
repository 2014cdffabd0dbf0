/// Turns byte offsets in a text into line, column and an excerpt with a caret.
///
/// Built only when a diagnostic is about to be made: one pass records where
/// lines start, then each lookup is a binary search. Long lines (a 100,000-view
/// document is often one line) are shown as a window around the position.
struct SourceLocator {
    /// Lines longer than this many bytes are shown as a window around the position.
    static let excerptWindow = 100
    /// How much of the window precedes the position.
    static let excerptLead = 40

    private let lineStarts: [Int]

    /// - Complexity: O(bytes).
    init(_ text: UnsafeBufferPointer<UInt8>) {
        var starts = [0]
        for i in 0 ..< text.count where text[i] == UInt8(ascii: "\n") { starts.append(i + 1) }
        lineStarts = starts
    }

    /// A diagnostic at `range` (byte offsets) of `text`.
    ///
    /// - Complexity: O(log lines + excerpt length).
    func diagnostic(
        _ problem: LayoutProblem, at range: Range<Int>, in text: UnsafeBufferPointer<UInt8>,
        location: String, origin: Origin? = nil
    ) -> Diagnostic {
        let offset = min(max(0, range.lowerBound), text.count)
        // The last line start at or before `offset`.
        var lo = 0
        var hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        let lineStart = lineStarts[lo]
        var lineEnd = lo + 1 < lineStarts.count ? lineStarts[lo + 1] - 1 : text.count
        if lineEnd > lineStart, text[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }

        var windowStart = lineStart
        var windowEnd = lineEnd
        if lineEnd - lineStart > Self.excerptWindow {
            windowStart = max(lineStart, offset - Self.excerptLead)
            windowEnd = min(lineEnd, windowStart + Self.excerptWindow)
            // Never cut a UTF-8 sequence in half.
            while windowStart > lineStart, text[windowStart] & 0xC0 == 0x80 { windowStart -= 1 }
            while windowEnd < lineEnd, text[windowEnd] & 0xC0 == 0x80 { windowEnd += 1 }
        }
        let prefix = windowStart > lineStart ? "…" : ""
        let suffix = windowEnd < lineEnd ? "…" : ""
        func show(_ a: Int, _ b: Int) -> String {
            guard a < b else { return "" }
            let s = String(decoding: UnsafeBufferPointer(rebasing: text[a ..< b]), as: UTF8.self)
            return String(s.map { $0 == "\t" ? " " : $0 })
        }
        let caretStart = min(offset, windowEnd)
        let caretEnd = min(max(range.upperBound, caretStart), windowEnd)
        let excerpt = prefix + show(windowStart, windowEnd) + suffix
        return Diagnostic(
            location: location, line: lo + 1, column: offset - lineStart + 1, problem: problem,
            origin: origin, excerpt: excerpt,
            caretOffset: prefix.count + show(windowStart, caretStart).count,
            caretLength: max(1, show(caretStart, caretEnd).count))
    }
}
