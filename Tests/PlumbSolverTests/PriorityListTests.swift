import Testing
@testable import PlumbSolver
import PlumbTestSupport

/// Row priorities: one-byte codes while there are at most 256 distinct
/// values, full values after that, the same rows read back either way.
@Suite struct PriorityListTests {
    /// `count` distinct priorities in 1 ... 1000, in a scrambled order.
    static func distinct(_ count: Int) -> [Priority] {
        (0 ..< count).map { i in Priority(rawValue: 1 + Double((i * 389) % 997) + Double(i / 997) * 0.5)! }
    }

    @Test(arguments: [1, 8, 9, 256, 257, 1000])
    func readsBackEveryRow(distinctCount: Int) {
        let values = Self.distinct(distinctCount)
        #expect(Set(values).count == distinctCount)
        var list = PriorityList()
        var expected: [Priority] = []
        var rng = SplitMix64(seed: UInt64(distinctCount))
        // Runs of repeats and jumps back to earlier values, across the switch to full values.
        for i in 0 ..< 3 * distinctCount + 50 {
            let p = i < distinctCount ? values[i] : values[Int(rng.next() % UInt64(distinctCount))]
            list.append(p)
            expected.append(p)
            if i % 7 == 0 {
                list.append(p)
                expected.append(p)
            }
        }
        #expect(list.count == expected.count)
        #expect(Array(list) == expected)
    }

    /// Blocks appended whole (`append(contentsOf:)`, as a document's chunks
    /// of rows are) give the list that appending their rows one by one
    /// gives: long runs of one priority (filled at once), a run continuing
    /// the previous block's, alternations, runs broken by one other row,
    /// empty blocks, and the switch to full values inside a block.
    @Test(arguments: [1, 3, 9, 300])
    func blocksAppendAsTheirRowsDo(distinctCount: Int) {
        let values = Self.distinct(distinctCount)
        var rng = SplitMix64(seed: UInt64(distinctCount) &+ 11)
        var whole = PriorityList(), oneByOne = PriorityList()
        for block in 0 ..< 40 {
            var rows: [Priority] = []
            let length = block % 9 == 4 ? 0 : Int(rng.next() % 300)
            while rows.count < length {
                let p = values[Int(rng.next() % UInt64(distinctCount))]
                // Runs of 1 to 200 rows of one priority.
                let run = Swift.min(length - rows.count, 1 + Int(rng.next() % (rng.next() % 2 == 0 ? 3 : 200)))
                rows += Array(repeating: p, count: run)
            }
            rows.withUnsafeBufferPointer { whole.append(contentsOf: $0) }
            for p in rows { oneByOne.append(p) }
            #expect(Array(whole) == Array(oneByOne), "block \(block) of \(distinctCount) priorities")
        }
        #expect(whole.count == oneByOne.count)
    }

    @Test func systemRowsKeepTheirPrioritiesPastTheCodeTable() {
        var system = ConstraintSystem()
        let x = system.addVariables(1)
        let values = Self.distinct(300)
        for p in values {
            system.addRow([(x, 1.0)], constant: 0, relation: .lessOrEqual, priority: p,
                          origin: Origin(kind: .code, text: "p"))
        }
        #expect(system.priorities.count == 300)
        #expect((0 ..< 300).allSatisfy { system.priorities[$0] == values[$0] })
    }

    /// `forEachRequiredRow` visits the rows whose priority is required, in
    /// order, as a filter over the subscript does: with few priorities
    /// (codes), with required rows among 300 others (full values), and
    /// with none or all required.
    @Test(arguments: [0, 1, 8, 300])
    func requiredRowsAreTheSubscriptsRequiredOnes(optionalCount: Int) {
        let optional = Self.distinct(optionalCount)
        var rng = SplitMix64(seed: UInt64(optionalCount) &+ 7)
        for requiredShare in [0, 1, 2, 3] {  // in quarters
            var list = PriorityList()
            for _ in 0 ..< 2000 {
                let required = optional.isEmpty || Int(rng.next() % 4) < requiredShare
                list.append(required ? .required : optional[Int(rng.next() % UInt64(optional.count))])
            }
            var visited: [Int] = []
            list.forEachRequiredRow { visited.append($0) }
            #expect(visited == list.indices.filter { list[$0].isRequired }, "\(optionalCount), \(requiredShare)")
        }
    }
}
