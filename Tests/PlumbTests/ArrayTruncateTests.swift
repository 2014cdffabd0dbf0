import Testing
@testable import Plumb

/// `Array.truncate(from:)` leaves what `removeSubrange(start...)` leaves and
/// keeps the capacity, whether it takes a few elements off one by one or
/// many at once: every length up to 12 cut at every start up to 14.
@Suite struct ArrayTruncateTests {
    @Test func truncatingKeepsThePrefix() {
        var few = 0, many = 0
        for count in 0 ... 12 {
            for start in 0 ... 14 {
                var array = (0 ..< count).map { 7 * $0 + 3 }
                array.reserveCapacity(16)
                let capacity = array.capacity
                let expected = Array(array.prefix(start))
                array.truncate(from: start)
                #expect(array == expected, "\(count) elements from \(start)")
                #expect(array.capacity == capacity, "\(count) elements from \(start)")
                if start < count { if count - start <= 4 { few += 1 } else { many += 1 } }
            }
        }
        #expect(few == 42 && many == 36, "\(few) short, \(many) long truncations")
    }
}
