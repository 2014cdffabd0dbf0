import PlumbTestSupport
import Testing
@testable import PlumbSolver

/// ``ChainPoints``, a chain's points kept as the newest in full and a log
/// of what each extension overwrote, against full copies of every version
/// (what the chains kept before): every kept version reads bit for bit as
/// its copy, however the extensions overlap and whatever was forgotten.
@Suite struct ChainPointsTests {
    @Test(arguments: 0 ..< 20 as Range<UInt64>)
    func everyKeptVersionReadsAsAFullCopy(seed: UInt64) {
        var rng = SplitMix64(seed: 0xC4A1 &+ seed)
        let count = Int.random(in: 1 ... 40, using: &rng)
        var copy = (0 ..< count).map { _ in Double(Int.random(in: -100 ... 100, using: &rng)) }
        let points = ChainPoints(copy)
        // The versions still kept, with their full copies.
        var kept: [(version: Int, values: [Double])] = [(0, copy)]
        for _ in 0 ..< 60 {
            // A few variables written, some twice in one extension, some
            // written by extensions before (a value or its negative zero).
            var changes: [(Int32, Double)] = []
            for _ in 0 ..< Int.random(in: 0 ... 6, using: &rng) {
                let v = Int32.random(in: 0 ..< Int32(count), using: &rng)
                let value = Int.random(in: 0 ..< 8, using: &rng) == 0 ? -0.0 : Double.random(in: -1e3 ... 1e3, using: &rng)
                changes.append((v, value))
                copy[Int(v)] = value
            }
            points.extend(with: changes)
            #expect(points.newest.map(\.bitPattern) == copy.map(\.bitPattern))
            kept.append((points.version, copy))
            // Drop some of the oldest versions kept, as the built points are dropped.
            if Int.random(in: 0 ..< 3, using: &rng) == 0 {
                kept.removeFirst(Int.random(in: 0 ... kept.count - 1, using: &rng))
                points.forget(upTo: kept[0].version)
            }
            for (version, values) in kept {
                #expect(points.point(at: version).map(\.bitPattern) == values.map(\.bitPattern),
                        "seed \(seed): version \(version) of \(points.version)")
                let terms = (0 ..< Int32(count)).map { ($0, Double($0 % 3) - 1) }
                let sum = terms.reduce(2.5) { $0 + $1.1 * values[Int($1.0)] }
                #expect(points.sum(terms, 2.5, at: version).bitPattern == sum.bitPattern)
            }
        }
    }

    /// A chain started again (``ChainPoints/restart(from:tag:with:)``),
    /// from the start it last started from (same tag: only the variables
    /// written since are set back) or from another (copied), reads bit for
    /// bit as a new chain made from a copy of the start with the same
    /// writes, and so do the versions its extensions make after.
    @Test(arguments: 0 ..< 20 as Range<UInt64>)
    func aChainStartedAgainReadsAsANewOne(seed: UInt64) {
        var rng = SplitMix64(seed: 0x5E57 &+ seed)
        let count = Int.random(in: 1 ... 40, using: &rng)
        // Three starts, each named by a tag.
        let starts = (0 ..< 3).map { _ in (0 ..< count).map { _ in Double(Int.random(in: -100 ... 100, using: &rng)) } }
        func changes() -> [(Int32, Double)] {
            (0 ..< Int.random(in: 0 ... 6, using: &rng)).map { _ in
                (Int32.random(in: 0 ..< Int32(count), using: &rng),
                 Int.random(in: 0 ..< 8, using: &rng) == 0 ? -0.0 : Double.random(in: -1e3 ... 1e3, using: &rng))
            }
        }
        let points = ChainPoints(starts[0], tag: 0)
        var sameTag = 0
        for _ in 0 ..< 30 {
            let tag = Int.random(in: 0 ..< 3, using: &rng)
            if tag == points.tag { sameTag += 1 }
            let first = changes()
            points.restart(from: starts[tag], tag: tag, with: first)
            let fresh = ChainPoints(starts[tag])
            fresh.extend(with: first)
            #expect(points.version == 0 && points.tag == tag)
            #expect(points.newest.map(\.bitPattern) == fresh.newest.map(\.bitPattern), "seed \(seed)")
            // Extensions after: every version kept reads as the new chain's.
            for _ in 0 ..< Int.random(in: 0 ... 4, using: &rng) {
                let more = changes()
                points.extend(with: more)
                fresh.extend(with: more)
            }
            for version in 0 ... points.version {
                #expect(points.point(at: version).map(\.bitPattern)
                            == fresh.point(at: version + 1).map(\.bitPattern), "seed \(seed), version \(version)")
            }
        }
        #expect(sameTag > 3, "seed \(seed): \(sameTag) restarts from the same start")
    }
}
