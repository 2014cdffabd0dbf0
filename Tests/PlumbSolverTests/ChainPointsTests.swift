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
}
