import Testing
import PlumbTestSupport
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

    /// The entries read by index (what the rules' lowering reads each rule's
    /// view and text through) are each entry's bytes, empty entries and
    /// entries of every length from 0 to 40 included; they stay what they
    /// were when a copy of the pool is appended to.
    @Test func entriesByIndexAreTheEntries() {
        var pool = BytePool()
        var written: [[UInt8]] = []
        for length in 0 ... 40 {
            let bytes = (0 ..< length).map { UInt8(33 + ($0 * 7 + length) % 90) }
            written.append(bytes)
            bytes.withUnsafeBufferPointer { _ = pool.append($0) }
            if length % 9 == 0 {
                pool.appendEmpty()
                written.append([])
            }
        }
        let entries = pool.unsafeEntries
        #expect(entries.count == written.count && entries.count == pool.count)
        let read = (0 ..< entries.count).map { Array(entries[$0]) }
        let throughClosure = (0 ..< pool.count).map { pool.withEntry($0) { Array($0) } }
        #expect(read == written)
        #expect(throughClosure == written)
        var copy = pool
        copy.append("a later entry of the copy")
        let again = (0 ..< pool.count).map { Array(pool.unsafeEntries[$0]) }
        #expect(again == written && copy.count == written.count + 1)
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
        // An empty entry appended to a copy leaves the original alone too
        // (the entries' ends share the bytes' storage).
        var fourth = copy
        fourth.appendEmpty()
        #expect(copy.count == 1 && fourth.count == 2 && fourth.string(1).isEmpty)
    }

    /// Room reserved for entries: the ends grow once to the count asked
    /// for, what was there reads back, a copy taken before keeps its own
    /// storage (room and entries), and appends past the room still grow.
    @Test func reservingEntriesKeepsEntriesAndCopies() {
        var pool = BytePool()
        for s in ["a", "bc", "def"] { pool.append(s) }
        let before = pool
        #expect(before.entryCapacity == 16)
        pool.reserveCapacity(bytes: 0, entries: 1000)
        #expect(pool.entryCapacity == 1003)
        #expect(before.entryCapacity == 16 && before.count == 3)
        pool.reserveCapacity(bytes: 10, entries: 5)
        #expect(pool.entryCapacity == 1003)
        for i in 0 ..< 1100 { pool.append("v\(i)") }
        #expect(pool.count == 1103 && pool.entryCapacity >= 1103)
        #expect((0 ..< 3).map { pool.string($0) } == ["a", "bc", "def"])
        #expect(pool.string(3) == "v0" && pool.string(1102) == "v1099")
        #expect(before.count == 3 && (0 ..< 3).map { before.string($0) } == ["a", "bc", "def"])
    }

    /// A pool's entries moved into an appender (which appends with only
    /// the room checked) and back: the pool reads as empty meanwhile, its
    /// entries and the appended ones, through growths of the bytes and of
    /// the ends, read back in order after; a copy taken before keeps its
    /// own entries; two pools out at once do not share the storage they
    /// hold meanwhile; and a pool appended to while its appender is out
    /// loses that entry when the appender is put back, not the appender's.
    @Test func anAppenderAppendsAsThePoolDoes() {
        var pool = BytePool()
        for s in ["a", "bc"] { pool.append(s) }
        let before = pool
        var other = BytePool()
        other.append("other")
        var appender = pool.takeAppender()
        var otherAppender = other.takeAppender()
        #expect(pool.count == 0 && other.count == 0)
        var model = ["a", "bc"]
        for i in 0 ..< 700 {
            var s = String(repeating: "x", count: i % 37) + "\(i)"
            #expect(s.withUTF8 { appender.append($0) } == model.count)
            model.append(s)
        }
        let empty = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        #expect(appender.append(empty) == model.count)
        model.append("")
        var late = "late"
        _ = late.withUTF8 { otherAppender.append($0) }
        // The placeholder the pool holds is not written through.
        pool.append("while out")
        #expect(pool.count == 1 && other.count == 0)
        pool.restore(appender)
        other.restore(otherAppender)
        #expect(pool.count == model.count)
        #expect((0 ..< pool.count).map { pool.string($0) } == model)
        #expect(other.count == 2 && other.string(0) == "other" && other.string(1) == "late")
        #expect(before.count == 2 && before.string(0) == "a" && before.string(1) == "bc")
        // Taken from a pool that shares its storage with a copy: the copy is left alone.
        let copy = pool
        var again = pool.takeAppender()
        _ = again.append(empty)
        pool.restore(again)
        #expect(pool.count == model.count + 1 && copy.count == model.count)
    }

    /// Every way of appending, mixed at random through many growths of the
    /// bytes and of the entries' ends (one at a time, in place, empty
    /// ones), and copies taken along the way, against a model: each
    /// pool's entries read back as the model's.
    @Test func everyWayOfAppendingAgreesWithAModel() {
        var random = SplitMix64(seed: 0xB0B1)
        var pool = BytePool()
        var model: [[UInt8]] = []
        var snapshots: [(BytePool, [[UInt8]])] = []
        func bytes(_ n: Int) -> [UInt8] { (0 ..< n).map { _ in UInt8(97 + random.next() % 26) } }
        for step in 0 ..< 3000 {
            switch random.next() % 3 {
            case 0:
                let entry = bytes(Int(random.next() % 30))
                #expect(entry.withUnsafeBufferPointer { pool.append($0) } == model.count)
                model.append(entry)
            case 1:
                #expect(pool.appendEmpty() == model.count)
                model.append([])
            default:
                let entry = bytes(Int(random.next() % 30))
                pool.reserveCapacity(bytes: entry.count)
                let index = pool.appendInPlace { destination, room in
                    guard entry.count <= room else { return nil }
                    destination.update(from: entry, count: entry.count)
                    return entry.count
                }
                #expect(index == model.count)
                model.append(entry)
            }
            if step % 500 == 0 { snapshots.append((pool, model)) }
        }
        snapshots.append((pool, model))
        for (copy, expected) in snapshots {
            #expect(copy.count == expected.count)
            for (i, entry) in expected.enumerated() {
                #expect(copy.withEntry(i) { Array($0) } == entry, "entry \(i)")
            }
        }
    }
}
