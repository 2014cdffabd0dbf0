import PlumbTestSupport
import Testing
@testable import Plumb

/// `Array.truncate(from:)` leaves what `removeSubrange(start...)` leaves,
/// whether it takes a few elements off one by one or many at once, and
/// keeps the capacity.
@Suite struct ArrayTruncateTests {
    @Test func truncatingKeepsThePrefix() {
        var random = SplitMix64(seed: 0x7A1C)
        var few = 0, many = 0
        for _ in 0 ..< 500 {
            let count = Int(random.next() % 12)
            let start = Int(random.next() % 14)
            var array = (0 ..< count).map { _ in Int(random.next() % 1000) }
            let capacity = array.capacity
            var expected = array
            if start < expected.count { expected.removeSubrange(start...) }
            if start < count { if count - start <= 4 { few += 1 } else { many += 1 } }
            array.truncate(from: start)
            #expect(array == expected, "\(count) elements from \(start)")
            #expect(array.capacity == capacity)
        }
        #expect(few >= 100 && many >= 50, "\(few) short, \(many) long truncations")
    }
}
