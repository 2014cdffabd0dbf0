import Testing
@testable import Plumb

/// The byte pool's own storage: entries of every length up to a few words
/// (copied a word at a time, the last word overlapping) read back as
/// written, and a copy of a pool unchanged by appends to the original.
@Suite struct BytePoolTests {
    @Test func entriesReadBackAsWritten() {
        var pool = BytePool()
        var written: [String] = []
        for length in 0 ... 40 {
            for offset in 0 ..< 3 {
                let s = String((0 ..< length).map { Character(Unicode.Scalar(UInt8(97 + ($0 + offset) % 26))) })
                written.append(s)
                #expect(pool.append(s) == written.count - 1)
            }
        }
        pool.appendEmpty()
        written.append("")
        #expect(pool.count == written.count)
        for (i, s) in written.enumerated() {
            #expect(pool.string(i) == s)
            #expect(pool.range(i).count == s.utf8.count)
            var copy = s
            #expect(copy.withUTF8 { pool.entry(i, equals: $0) })
        }
    }

    @Test func copiesOnWrite() {
        var pool = BytePool()
        pool.reserveCapacity(bytes: 1000)
        pool.append("first")
        let copy = pool
        pool.append("second")
        var third = copy
        third.append("third")
        #expect(copy.count == 1 && copy.string(0) == "first")
        #expect(pool.count == 2 && pool.string(1) == "second")
        #expect(third.count == 2 && third.string(1) == "third")
        #expect(copy.withBytes { Array($0) } == Array("first".utf8))
    }
}
