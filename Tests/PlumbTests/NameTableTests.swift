import Testing
import PlumbTestSupport
@testable import Plumb

/// The name table against a dictionary: names inserted in random order
/// (repeats among them, many sharing a prefix, the empty name, multi-byte
/// characters), through several doublings of the table; every name and
/// some absent ones looked up after each batch.
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
                let previous = table.insert(entry, of: pool)
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
}
