/// "Did you mean ...?" suggestions by edit distance, as swift-argument-parser makes them.
enum Suggestions {
    /// The candidate closest to `name`, if it is close enough to be a likely
    /// typo: an optimal-string-alignment distance (insertions, deletions,
    /// substitutions and adjacent transpositions, over UTF-8 bytes) of at most
    /// a third of the name's length, and at least 1. Ties go to the earliest
    /// candidate; an exact match is not a suggestion.
    ///
    /// - Complexity: O(candidates × length²), without allocating per
    ///   candidate; call it only on error paths.
    static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
        let target = Array(name.utf8)
        let limit = max(1, target.count / 3)
        var scratch = DistanceScratch()
        var best: (String, Int)?
        for candidate in candidates {
            var c = candidate
            let d = c.withUTF8 { bytes -> Int in
                if abs(bytes.count - target.count) > limit { return Int.max }
                return target.withUnsafeBufferPointer { scratch.distance($0, bytes) }
            }
            if d <= limit && d > 0 && d < (best?.1 ?? Int.max) { best = (candidate, d) }
        }
        return best?.0
    }

    /// Optimal string alignment distance between two strings' UTF-8 bytes.
    static func distance(_ a: String, _ b: String) -> Int {
        var scratch = DistanceScratch()
        return Array(a.utf8).withUnsafeBufferPointer { x in
            Array(b.utf8).withUnsafeBufferPointer { y in scratch.distance(x, y) }
        }
    }
}

/// The dynamic-programming table of ``Suggestions``, reused across candidates.
private struct DistanceScratch {
    private var table: [Int] = []

    mutating func distance(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        let width = b.count + 1
        let size = (a.count + 1) * width
        if table.count < size { table = [Int](repeating: 0, count: size) }
        return table.withUnsafeMutableBufferPointer { d in
            for i in 0 ... a.count { d[i * width] = i }
            for j in 0 ... b.count { d[j] = j }
            for i in 1 ... a.count {
                for j in 1 ... b.count {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var v = min(d[(i - 1) * width + j] + 1, d[i * width + j - 1] + 1,
                                d[(i - 1) * width + j - 1] + cost)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                        v = min(v, d[(i - 2) * width + j - 2] + 1)
                    }
                    d[i * width + j] = v
                }
            }
            return d[a.count * width + b.count]
        }
    }
}
