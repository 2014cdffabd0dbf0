import Testing
import PlumbTestSupport
@testable import Plumb

/// `SimpleFormatShapeCache` keeps a string's shape in either slot of the
/// pair its key picks: a new key goes first, the entry there second, the
/// second's dropped. Checked on caches of their own (the shared one is used
/// by every test at once).
@Suite struct SimpleFormatShapeCacheTests {
    typealias Cache = SimpleFormatShapeCache

    /// One access as `shape(of:bytes:inPlace:)` makes it: found, or kept.
    /// Returns whether it was found.
    private static func access(_ cache: inout Cache, _ key: Cache.Key, pair: Int) -> Bool {
        if let entry = cache.entry(for: key, pair: pair) {
            #expect(entry.key == key)
            return true
        }
        cache.keep(Cache.Entry(key: key, shape: nil), text: "", pair: pair)
        return false
    }

    /// Two keys of one pair made in turn (a template's two strings whose
    /// addresses fall in the same pair) are both found after their first
    /// use; a third key in the pair drops the older of the two.
    @Test func twoKeysOfOnePairStay() {
        var cache = Cache()
        let a = Cache.Key.storage(0x1000, 20), b = Cache.Key.storage(0x2000, 24), c = Cache.Key.storage(0x3000, 30)
        var found: [Bool] = []
        for _ in 0 ..< 4 {
            for key in [a, b] { found.append(Self.access(&cache, key, pair: 6)) }
        }
        #expect(found == [false, false, true, true, true, true, true, true])
        #expect(!Self.access(&cache, c, pair: 6))  // c, b kept; a dropped
        #expect(Self.access(&cache, b, pair: 6))
        #expect(!Self.access(&cache, a, pair: 6))  // a, c kept; b dropped
        #expect(Self.access(&cache, c, pair: 6))
        #expect(!Self.access(&cache, b, pair: 6))
        // Other pairs are untouched.
        #expect(cache.entry(for: a, pair: 4) == nil && cache.entry(for: a, pair: 8) == nil)
    }

    /// Random accesses to keys spread over a few pairs, against a model:
    /// per pair, the last two keys kept, newest first.
    @Test func accessesMatchTheTwoNewestKeptPerPair() {
        for seed in 0 ..< 50 {
            var random = SplitMix64(seed: UInt64(seed))
            var cache = Cache()
            var model: [Int: [Cache.Key]] = [:]
            let keys: [(Cache.Key, Int)] = (0 ..< 12).map { k in
                let key: Cache.Key = k % 3 == 0
                    ? .bytes(Array("n\(k)".utf8).withUnsafeBufferPointer { ShortName($0)! })
                    : .storage(UInt(0x10_0000 + 64 * k), 17 + k)
                return (key, 2 * (k % 4))  // four pairs of three keys each
            }
            for step in 0 ..< 400 {
                let (key, pair) = keys[Int(random.next() % UInt64(keys.count))]
                let kept = model[pair, default: []]
                let expected = kept.contains(key)
                if !expected { model[pair] = Array(([key] + kept).prefix(2)) }
                #expect(Self.access(&cache, key, pair: pair) == expected, "seed \(seed), step \(step)")
            }
        }
    }
}
