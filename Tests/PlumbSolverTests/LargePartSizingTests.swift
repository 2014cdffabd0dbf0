import Synchronization
import Testing
@testable import PlumbClp
@testable import PlumbSolver

/// The arrays the presolve hands to the LP code (``LinearPart``) and the
/// Clp model's per-error-column arrays are sized once to their length: no
/// doubling's spare room lies beside Clp's work areas through a large
/// part's solve (BENCHMARKS.md, mem56).
@Suite struct LargePartSizingTests {
    /// Clp, noting for each part it is given how many bytes past their
    /// length the part's arrays and its model's error-column arrays hold.
    final class Sizes: LargePartSolver, @unchecked Sendable {
        let clp = ClpPartSolver()
        private let seen = Mutex<[(name: String, count: Int, spare: Int)]>([])
        var name: String { "clp, sizes noted" }

        static func spare<T>(_ array: [T]) -> Int { (array.capacity - array.count) * MemoryLayout<T>.stride }

        func solve(_ part: LinearPart) -> [Double]? {
            var found: [(name: String, count: Int, spare: Int)] = [
                ("columns", part.columns.count, Self.spare(part.columns)),
                ("coefficients", part.coefficients.count, Self.spare(part.coefficients)),
                ("constants", part.constants.count, Self.spare(part.constants)),
                ("relations", part.relations.count, Self.spare(part.relations)),
                ("priorities", part.priorities.count, Self.spare(part.priorities)),
            ]
            if let model = PartModel(part) {
                found.append(("levelOfError", model.levelOfError.count, Self.spare(model.levelOfError)))
                found.append(("rowOfError", model.rowOfError.count, Self.spare(model.rowOfError)))
            }
            seen.withLock { $0 += found }
            return clp.solve(part)
        }

        var noted: [(name: String, count: Int, spare: Int)] { seen.withLock { $0 } }
    }

    /// `n` variables, each at least 0, each in a capped sum with its
    /// neighbour and one further along (no equality to substitute, no
    /// hinge to cut at, so it stays one part), each wishing for its own
    /// value; the caps rule some wishes out.
    static func coupled(_ n: Int) -> ConstraintSystem {
        var s = ConstraintSystem()
        let x = (0 ..< n).map { _ in s.addVariables(1) }
        var row = 0
        func add(_ terms: [(VariableIndex, Double)], _ c: Double, _ relation: Relation, _ p: Priority) {
            s.addRow(terms, constant: c, relation: relation, priority: p,
                     origin: Origin(kind: .constraint, index: row, text: "row \(row)"))
            row += 1
        }
        for i in 0 ..< n {
            add([(x[i], 1)], 0, .greaterOrEqual, .required)
            add([(x[i], 1), (x[(i + 1) % n], 1), (x[(i * 7 + 3) % n], 1)], -Double(90 + i % 13), .lessOrEqual, .required)
            add([(x[i], 1)], -Double(20 + (i * 37) % 29), .equal, i % 3 == 0 ? .high : .medium)
        }
        return s
    }

    @Test func theLargePartAndItsModelHoldNoSpareRoom() throws {
        let sizes = Sizes()
        var options = SolveOptions()
        options.largePartSolver = sizes
        options.largePartThreshold = 2
        let solution = try Self.coupled(300).solve(options: options)
        #expect(solution.stats.largeParts >= 1)
        let noted = sizes.noted
        #expect(noted.contains { $0.name == "columns" && $0.count >= 900 }, "\(noted)")
        #expect(noted.contains { $0.name == "levelOfError" && $0.count >= 300 }, "\(noted)")
        // Allocators round a block up by a few bytes; an array grown by
        // appends holds up to as much again as its length.
        for entry in noted where entry.count >= 100 {
            #expect(entry.spare <= 64, "\(entry.name): \(entry.count) elements, \(entry.spare) bytes spare")
        }
        // The answer keeps the bounds and the caps.
        let x = solution.values
        for i in 0 ..< 300 {
            #expect(x[i] >= -1e-9)
            #expect(x[i] + x[(i + 1) % 300] + x[(i * 7 + 3) % 300] <= Double(90 + i % 13) + 1e-9)
        }
    }
}
