import Testing
@testable import PlumbSolver

/// Row origins: stored ones, ones made on demand from keys, and replacement.
@Suite struct OriginListTests {
    /// Counts how often it is asked, to show that keyed origins are made only when read.
    final class Labels: OriginSource, @unchecked Sendable {
        var asked = 0
        func origin(forKey key: UInt64) -> Origin {
            asked += 1
            return Origin(kind: .constraint, index: Int(key), text: "label \(key)")
        }
    }

    @Test func keyedAndStoredRowsReadBackInRowOrder() {
        var system = ConstraintSystem()
        let x = system.addVariables(2)
        let labels = Labels()
        system.originSource = labels
        let shared = Origin(kind: .rule, index: 0, text: "ll = 8")
        system.addRow([(x, 1.0)], constant: -8, relation: .equal, origin: shared)
        system.addRow([(VariableIndex(1), 1.0)], constant: -8, relation: .equal, origin: shared)
        system.addRow([(x, 1.0), (VariableIndex(1), -1.0)], constant: 0, relation: .lessOrEqual, origin: .key(41))
        system.addRow([(x, 1.0)], constant: 0, relation: .greaterOrEqual, origin: Origin(kind: .code, text: "x >= 0"))
        #expect(labels.asked == 0)
        #expect(system.origins.count == 4)
        #expect(system.origins[0] == shared)
        #expect(system.origins[1] == shared)
        #expect(system.origins[2] == Origin(kind: .constraint, index: 41, text: "label 41"))
        #expect(labels.asked == 1)
        #expect(system.origins[3].text == "x >= 0")
        #expect(system.origins.map(\.kind) == [.rule, .rule, .constraint, .code])
    }

    @Test func replacingOneRowOfASharedOriginLeavesTheOthers() {
        var system = ConstraintSystem()
        let x = system.addVariables(1)
        let shared = Origin(kind: .rule, index: 3, text: "ww = 10")
        system.addRow([(x, 1.0)], constant: -10, relation: .lessOrEqual, origin: shared)
        system.addRow([(x, 1.0)], constant: -10, relation: .greaterOrEqual, origin: shared)
        system.setConstant(-12, ofRow: RowIndex(1), origin: Origin(kind: .rule, index: 3, text: "ww = 12"))
        #expect(system.origins[0].text == "ww = 10")
        #expect(system.origins[1].text == "ww = 12")
        #expect(system.constants == [-10, -12])
    }

    @Test func aKeyTooLargeForAnEntryIsMadeIntoItsOriginWhenAdded() {
        var list = OriginList(source: Labels())
        let labels = list.source as! Labels
        list.append(.key(1 << 31 - 1))
        list.append(.key(1 << 31))
        list.append(.key(UInt64.max >> 1))
        // The small key stays a key; the two large ones were asked for at once.
        #expect(labels.asked == 2)
        guard case .key(let small) = list.entry(at: 0) else { Issue.record("row 0 is not a key"); return }
        #expect(small == 1 << 31 - 1)
        guard case .stored(let large) = list.entry(at: 1) else { Issue.record("row 1 is not stored"); return }
        #expect(large.text == "label 2147483648")
        #expect(list[2].text == "label \(UInt64.max >> 1)")
        #expect(list[0].text == "label 2147483647")
        #expect(labels.asked == 3)
    }
}
