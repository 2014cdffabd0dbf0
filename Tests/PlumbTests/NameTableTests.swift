import Testing
import PlumbTestSupport
@testable import Plumb

/// The name table against a dictionary: names inserted in random order
/// (repeats among them, many sharing a prefix, the empty name, multi-byte
/// characters), through several doublings of the table, every other one
/// through `insert(_:named:tag:in:)`; every name and some absent ones
/// looked up after each batch.
@Suite struct NameTableTests {
    @Test func agreesWithADictionary() {
        var random = SplitMix64(seed: 42)
        for round in 0 ..< 20 {
            var pool = BytePool()
            var table = NameTable(capacity: round % 2 == 0 ? 1 : 64)
            var expected: [String: Int] = [:]
            let count = Int.random(in: 1 ... 3000, using: &random)
            func name(_ i: Int) -> String {
                switch i % 4 {
                case 0: return "cell_\(i)"
                case 1: return "é\(i)x"
                case 2: return i % 7 == 0 ? "" : String(repeating: "a", count: i % 40)
                default: return "v\(i % 500)"  // repeats
                }
            }
            for step in 0 ..< count {
                let n = name(Int.random(in: 0 ..< 4 * count, using: &random))
                let entry = pool.append(n)
                // Both ways in: from the pool, and from the caller's bytes
                // with the tag it computed (as the document parser inserts).
                var bytes = n
                let previous = step % 2 == 0 ? table.insert(entry, of: pool)
                    : bytes.withUTF8 { table.insert(entry, named: $0, tag: NameTable.tag(of: $0), in: pool) }
                if let first = expected[n] {
                    #expect(previous == first, "round \(round), step \(step): \(n)")
                } else {
                    #expect(previous == nil, "round \(round), step \(step): \(n)")
                    expected[n] = entry
                }
            }
            #expect(table.count == expected.count)
            for (n, entry) in expected {
                var s = n
                let found = s.withUTF8 { table.index(of: $0, in: pool) }
                #expect(found == entry, "round \(round): \(n)")
            }
            for absent in ["cell_-1", "zz", "é", "v500x"] where expected[absent] == nil {
                var s = absent
                #expect(s.withUTF8 { table.index(of: $0, in: pool) } == nil)
            }
        }
    }

    /// The recent names in front of the table give the table's answer for
    /// every lookup: names looked up in runs near the order they were added
    /// (as documents name their views), then at random, absent names among
    /// them; pools with an empty placeholder entry 0, and some with
    /// duplicate or empty names (which the table does not hold, so the
    /// entries after the last one found must not be trusted); names of one
    /// to sixteen bytes (kept whole in a recent slot's key) and longer ones
    /// that differ only between their first and last eight bytes (whose
    /// keys are equal, so a hit must be confirmed in the pool). Lookups
    /// go through `index(of:)` or `index(ofLikelyNext:)` at random, and a
    /// last run names the views in order with earlier ones between them.
    @Test func recentNamesAgreeWithTheTable() {
        var random = SplitMix64(seed: 7)
        for round in 0 ..< 40 {
            var pool = BytePool()
            var table = NameTable()
            pool.append("")  // entry 0: the root's placeholder
            let count = Int.random(in: 1 ... 2000, using: &random)
            let messy = round % 2 == 1
            /// The name of view `i` in this round's shape.
            func v(_ i: Int) -> String {
                switch round % 4 {
                case 0, 1: "v\(i)"
                case 2: "12345678_\(i)_87654321"
                default: String(repeating: "x", count: abs(i) % 13) + "\(i)"
                }
            }
            for i in 1 ... count {
                let name: String
                if messy && Int.random(in: 0 ..< 20, using: &random) == 0 {
                    name = Int.random(in: 0 ..< 2, using: &random) == 0 ? "" : v(Int.random(in: 1 ... i, using: &random))
                } else {
                    name = v(i)
                }
                let entry = pool.append(name)
                if !name.isEmpty { _ = table.insert(entry, of: pool) }
            }
            let recent = RecentNames(table, pool: pool, firstEntry: 1)
            var queries: [String] = []
            var at = 1
            while at <= count {
                // A block naming a few views around `at`, some twice, and one absent.
                for _ in 0 ..< Int.random(in: 1 ... 12, using: &random) {
                    let offset = Int.random(in: -3 ... 4, using: &random)
                    queries.append(Int.random(in: 0 ..< 30, using: &random) == 0 ? "w\(at)" : v(at + offset))
                }
                at += Int.random(in: 1 ... 4, using: &random)
            }
            for _ in 0 ..< 500 { queries.append(v(Int.random(in: -2 ... count + 2, using: &random))) }
            // Views named in the order they were listed, as rules name their own
            // views, with names of the ones before between them (their arguments).
            for i in 1 ... count where Int.random(in: 0 ..< 8, using: &random) != 0 {
                queries.append(v(i))
                if i > 1, Int.random(in: 0 ..< 2, using: &random) == 0 { queries.append(v(i - 1)) }
            }
            queries.append("")
            for query in queries {
                var s = query
                let fromTable = s.withUTF8 { table.index(of: $0, in: pool) }
                // Either lookup, the likely next entry compared first or not.
                let fromRecent = Int.random(in: 0 ..< 2, using: &random) == 0
                    ? s.withUTF8 { recent.index(of: $0) } : s.withUTF8 { recent.index(ofLikelyNext: $0) }
                #expect(fromRecent == fromTable, "round \(round): \(query)")
            }
        }
    }

    /// Tags spread the ids documents use: a hundred thousand ids of the
    /// generator's shapes (`cell12`, `c3_45`, `label99999`), short ones, and
    /// long ones differing in one byte, collide about as often as random
    /// 32-bit values would (about one pair), and fill the home slots of a
    /// table of 2^18 evenly (no slot is home to more than a handful).
    @Test func tagsSpreadDocumentIDs() {
        var ids: [String] = []
        for i in 0 ..< 20_000 {
            ids += ["cell\(i)", "icon\(i)", "label\(i)", "c\(i / 100)_\(i % 100)"]
            ids.append(String(repeating: "x", count: 40) + "\(i)" + String(repeating: "y", count: i % 9))
        }
        for a in UInt8(ascii: "a") ... UInt8(ascii: "z") {
            for b in UInt8(ascii: "a") ... UInt8(ascii: "z") {
                ids.append(String(decoding: [a], as: UTF8.self))
                ids.append(String(decoding: [a, b], as: UTF8.self))
                ids.append(String(decoding: [a, b, a], as: UTF8.self))
            }
        }
        let distinct = Set(ids)
        var tags = Set<UInt64>()
        var home = [Int](repeating: 0, count: 1 << 18)
        for id in distinct {
            var s = id
            let tag = s.withUTF8 { NameTable.tag(of: $0) }
            #expect(tag >> 32 == 0)
            tags.insert(tag)
            home[Int(tag) & (home.count - 1)] += 1
        }
        #expect(tags.count >= distinct.count - 5)
        #expect(home.max()! <= 8)
    }

    /// The word-at-a-time `memcmpEqual` against a byte comparison: every
    /// length up to 40 (both of the overlapping cases), equal buffers and
    /// buffers differing in one byte at every position, and lengths that differ.
    @Test func memcmpEqualAgreesWithBytewiseEquality() {
        var rng = SplitMix64(seed: 15)
        for n in 0 ... 40 {
            for _ in 0 ..< 20 {
                let a = (0 ..< n).map { _ in UInt8(truncatingIfNeeded: rng.next() % 4 + 97) }
                var cases: [[UInt8]] = [a, a + [0], Array(a.dropLast())]
                for k in 0 ..< n {
                    var b = a
                    b[k] ^= UInt8(truncatingIfNeeded: 1 + rng.next() % 255)
                    cases.append(b)
                }
                for b in cases {
                    let fast = a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in memcmpEqual(x, y) } }
                    #expect(fast == (a == b), "\(a) against \(b)")
                }
            }
        }
    }
}
