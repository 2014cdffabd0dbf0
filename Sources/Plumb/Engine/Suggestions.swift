/// "Did you mean ...?" suggestions by edit distance, as swift-argument-parser makes them.
enum Suggestions {
    /// The candidate closest to `name`, if it is close enough to be a likely
    /// typo: an optimal-string-alignment distance (insertions, deletions,
    /// substitutions and adjacent transpositions) of at most a third of the
    /// name's length, and at least 1. Ties go to the earliest candidate.
    ///
    /// - Complexity: O(candidates × length²); call it only on error paths.
    static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
        let target = Array(name.unicodeScalars)
        let limit = max(1, target.count / 3)
        var best: (String, Int)?
        for candidate in candidates {
            let c = Array(candidate.unicodeScalars)
            if abs(c.count - target.count) > limit { continue }
            let d = distance(target, c)
            if d <= limit && d < (best?.1 ?? Int.max) && d > 0 { best = (candidate, d) }
        }
        return best?.0
    }

    /// Optimal string alignment distance between `a` and `b`.
    static func distance<T: Equatable>(_ a: [T], _ b: [T]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        let width = b.count + 1
        var d = [Int](repeating: 0, count: (a.count + 1) * width)
        for i in 0 ... a.count { d[i * width] = i }
        for j in 0 ... b.count { d[j] = j }
        for i in 1 ... a.count {
            for j in 1 ... b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var v = min(d[(i - 1) * width + j] + 1, d[i * width + j - 1] + 1, d[(i - 1) * width + j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    v = min(v, d[(i - 2) * width + j - 2] + 1)
                }
                d[i * width + j] = v
            }
        }
        return d[a.count * width + b.count]
    }
}
