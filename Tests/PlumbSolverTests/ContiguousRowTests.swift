import Testing
@testable import PlumbSolver
import PlumbTestSupport

/// `addRow(contiguous:...)` (terms merged in stack scratch and copied in at
/// once) makes the same rows as the sequence overload (terms appended one by
/// one), on random rows with repeated variables, zero coefficients and terms
/// that cancel.
@Suite struct ContiguousRowTests {
    @Test(arguments: [1, 2, 3])
    func sameRowsAsTheSequencePath(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var general = ConstraintSystem()
        var contiguous = ConstraintSystem()
        general.addVariables(12)
        contiguous.addVariables(12)
        // Few distinct values, so that sums cancel to exactly zero often.
        let values: [Double] = [0, 1, -1, 0.5, -0.5, 2, -2, 3]
        let priorities: [Priority] = [.required, .high, .low, 250, 999]
        for row in 0 ..< 5_000 {
            let count = Int(rng.next() % 9)
            var terms: [(VariableIndex, Double)] = []
            for _ in 0 ..< count {
                // Four variables mostly, so that rows repeat them.
                let v = rng.next() % 4 == 0 ? Int(rng.next() % 12) : Int(rng.next() % 4)
                terms.append((VariableIndex(v), values[Int(rng.next() % UInt64(values.count))]))
            }
            let constant = Double(Int(rng.next() % 21) - 10)
            let relation: Relation = [.equal, .lessOrEqual, .greaterOrEqual][Int(rng.next() % 3)]
            let priority = priorities[Int(rng.next() % UInt64(priorities.count))]
            let origin = RowOrigin.stored(Origin(kind: .code, text: "row \(row % 3)"))
            let a = general.addRow(terms, constant: constant, relation: relation, priority: priority, origin: origin)
            let b = terms.withUnsafeBufferPointer {
                contiguous.addRow(contiguous: $0, constant: constant, relation: relation, priority: priority,
                                  origin: origin)
            }
            #expect(a == b)
        }
        #expect(general.rowStart == contiguous.rowStart)
        #expect(general.columns == contiguous.columns)
        #expect(general.coefficients == contiguous.coefficients)
        #expect(general.constants == contiguous.constants)
        #expect(general.relations == contiguous.relations)
        #expect(Array(general.priorities) == Array(contiguous.priorities))
        #expect(Array(general.origins) == Array(contiguous.origins))
        // Some rows lost terms that cancelled, and some kept repeated variables merged.
        #expect(general.nonzeroCount < general.rowCount * 4)
    }
}
