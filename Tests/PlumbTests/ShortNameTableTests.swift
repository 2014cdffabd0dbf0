import Testing
import PlumbTestSupport
@testable import Plumb

/// `ShortNameTable` writes a small dictionary's packed names into storage its
/// maker provides (`DictionaryScope.with` keeps it on the stack) and finds
/// them there.
@Suite struct ShortNameTableTests {
    typealias Table = ShortNameTable<Double>

    /// Random dictionaries of 0 to 18 keys (short ASCII, long ASCII, with a
    /// zero byte, not ASCII): a table is complete exactly when the dictionary
    /// has at most 16 keys, all ASCII; a complete table finds what the
    /// dictionary finds for every short ASCII name (its keys and near
    /// misses), an incomplete one nothing. The table writes no entry past
    /// its 16 (a marked entry after them is left as it was).
    @Test func tablesFindWhatTheirDictionariesFind() {
        let pool = ["a", "b", "A", "cell", "cell1", "content", "above", "abcdefgh", "abcdefghi", "abcdefghijklmnop",
                    "abcdefghijklmnopq", "abcdefghijklmnopqrstuvwxyz", "a\u{0}", "\u{0}", "v0", "v1", "v2", "v3",
                    "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v13", "v14", "v15", "v16", "zz"]
        let foreign = ["é", "\u{212A}", "ab\u{301}"]
        let probes = pool + foreign + ["", "K", "B", "cel", "cell12", "contenT", "abcdefgH", "abcdefghijklmnoP", "a\u{1}"]
        let capacity = Table.capacity
        let storage = UnsafeMutableBufferPointer<Table.Entry>.allocate(capacity: capacity + 1)
        defer { storage.deallocate() }
        let marker = Array("marker".utf8).withUnsafeBufferPointer { ShortName($0)! }
        var completeTables = 0, foundNames = 0
        for seed in 0 ..< 300 {
            var random = SplitMix64(seed: UInt64(seed))
            let size = Int(random.next() % 19)
            var dictionary: [String: Double] = [:]
            while dictionary.count < size {
                let useForeign = random.next() % 12 == 0
                let key = useForeign ? foreign[Int(random.next() % UInt64(foreign.count))]
                    : pool[Int(random.next() % UInt64(pool.count))]
                dictionary[key] = Double(Int(random.next() % 2001) - 1000) / 8
            }
            storage.initializeElement(at: capacity, to: (marker, -1))
            let table = Table(dictionary, into: UnsafeMutableBufferPointer(rebasing: storage[0 ..< capacity])) { $0 }
            let expectComplete = dictionary.count <= capacity && dictionary.keys.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }
            #expect(table.isComplete == expectComplete, "seed \(seed): \(dictionary.keys.sorted())")
            #expect(storage[capacity].key == marker && storage[capacity].value == -1, "seed \(seed)")
            if table.isComplete { completeTables += 1 }
            for probe in probes {
                var text = probe
                guard let key = text.withUTF8({ ShortName($0) }) else { continue }
                let expected = table.isComplete ? dictionary[probe] : nil
                #expect(table[key] == expected, "seed \(seed): \(probe.debugDescription) in \(dictionary.keys.sorted())")
                if expected != nil { foundNames += 1 }
            }
        }
        #expect(completeTables > 100 && completeTables < 280)
        #expect(foundNames > 500)
    }

    /// Through `make`, with the most keys a table holds (every one of the 16
    /// found, the first and the last of the dictionary's order among them)
    /// and one more (looked up in the dictionary): the constraints bind the
    /// views and metrics named.
    @Test func makeBindsEveryKeyOfAFullTable() throws {
        for count in [15, 16, 17] {
            let names = (0 ..< count).map { "v\($0)" }
            let views = Dictionary(uniqueKeysWithValues: names.map { ($0, View($0)) })
            let metrics = Dictionary(uniqueKeysWithValues: names.enumerated().map { ("m\($1)", Double($0) + 0.5) })
            let strings = names.indices.map { i in
                "\(names[i]).left = \(names[(i + 1) % count]).right + m\(names[(i + 3) % count])"
            }
            let made = try Constraint.make(simpleFormats: strings, views: views, metrics: metrics)
            #expect(made.count == count)
            for (i, c) in made.enumerated() {
                #expect(c.firstView === views[names[i]], "\(count) keys, \(strings[i])")
                #expect(c.secondView === views[names[(i + 1) % count]], "\(count) keys, \(strings[i])")
                #expect(c.constant == Double((i + 3) % count) + 0.5, "\(count) keys, \(strings[i])")
            }
            // A name missing from a full table is still reported, with its column.
            #expect {
                try Constraint.make(simpleFormats: ["v0.left = w0.right"], views: views, metrics: metrics)
            } throws: { error in
                "\(error)".contains("constraints[0]:1:11") && "\(error)".contains("w0")
            }
        }
    }
}
