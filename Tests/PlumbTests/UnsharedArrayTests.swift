import Testing
import PlumbTestSupport
@testable import Plumb

/// `UnsharedArray` against an `Array` given the same appends and writes:
/// random runs that start with little room (some with elements filled
/// in), so that appends grow the storage many times, some elements
/// written over between appends.
@Suite struct UnsharedArrayTests {
    @Test func keepsWhatAnArrayKeeps() {
        var random = SplitMix64(seed: 0x0A11_A4E5)
        for round in 0 ..< 40 {
            var array = UnsharedArray<(Int32, Double)>(capacity: Int(random.next() % 6))
            var model: [(Int32, Double)] = []
            if round % 2 == 1 {
                // Filled first: the appends go after the filled elements.
                let filled = Int(random.next() % 9)
                array = UnsharedArray(repeating: (-1, 2.5), count: filled)
                model = Array(repeating: (-1, 2.5), count: filled)
            }
            for step in 0 ..< 1 + Int(random.next() % 300) {
                if !model.isEmpty, random.next() % 5 == 0 {
                    let i = Int(random.next() % UInt64(model.count))
                    let value = (Int32(-step), Double(round) + 0.5)
                    array[i] = value
                    model[i] = value
                } else {
                    let value = (Int32(step), Double(random.next() % 1000) / 8)
                    array.append(value)
                    model.append(value)
                }
                #expect(array.count == model.count)
            }
            #expect(array.isEmpty == model.isEmpty)
            for i in model.indices {
                #expect(array[i] == model[i], "round \(round) element \(i)")
            }
            let read = array.withUnsafeBufferPointer { Array($0) }
            #expect(read.elementsEqual(model, by: ==), "round \(round)")
            array.reserveCapacity(model.count + 1000)
            #expect(array.withUnsafeBufferPointer { Array($0) }.elementsEqual(model, by: ==), "round \(round)")
        }
    }
}
