@_spi(Lowering) import PlumbSolver
import Testing
@testable import Plumb

/// `SystemBuilder` gathers keyed rows in a `RowBatch` and appends them a
/// block at a time; the system must be the one that adding every row with
/// `ConstraintSystem.addRow(contiguous:constant:relation:priority:origin:)`
/// makes, row for row.
@Suite struct RowBatchTests {
    private final class Keys: OriginSource {
        func origin(forKey key: UInt64) -> Origin { Origin(kind: .constraint, text: "key \(key)") }
    }

    private struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    private func same(_ a: RowOrigin, _ b: RowOrigin) -> Bool {
        switch (a, b) {
        case (.key(let x), .key(let y)): return x == y
        case (.stored(let x), .stored(let y)): return x == y
        default: return false
        }
    }

    /// Rows of every kind (keyed and stored origins, keys past 2³¹, terms
    /// that repeat or cancel, intrinsic sizes, more than 256 distinct
    /// priorities), enough of them to fill several blocks.
    @Test(arguments: [1, 2, 3])
    func builderMatchesRowByRow(seed: UInt64) {
        compareRowByRow(seed: seed, keyedOnly: false)
    }

    /// As above with every row keyed below 2³¹, as a document's constraints
    /// are: no row goes to the system directly, so blocks fill and are
    /// appended where a row does not fit, and the row indices returned
    /// after each block must still count the rows before it.
    @Test(arguments: [4, 5])
    func keyedRowsMatchRowByRow(seed: UInt64) {
        compareRowByRow(seed: seed, keyedOnly: true)
    }

    private func compareRowByRow(seed: UInt64, keyedOnly: Bool) {
        var random = Generator(state: seed)
        let views = 40
        let source = Keys()
        var builder = SystemBuilder(viewCount: views, rows: 100)
        builder.originSource = source
        var reference = ConstraintSystem()
        reference.addVariables(4 * views)
        reference.originSource = source
        let attributes: [LayoutAttribute] = [.left, .right, .top, .bottom, .width, .height, .centerX, .centerY,
                                             .leading, .trailing]
        let relations: [Relation] = [.equal, .lessOrEqual, .greaterOrEqual]
        var rows: [RowIndex] = []
        for i in 0 ..< 3_000 {
            let priority: Priority
            switch Int.random(in: 0 ..< 10, using: &random) {
            case 0 ..< 5: priority = .required
            case 5 ..< 7: priority = .low
            default: priority = Priority(rawValue: Double(Int.random(in: 1 ... 999, using: &random)))!
            }
            let origin: RowOrigin
            switch keyedOnly ? 2 : Int.random(in: 0 ..< 20, using: &random) {
            case 0: origin = .stored(Origin(kind: .constraint, index: i, text: "stored \(i)"))
            case 1: origin = .key(UInt64(1) << 31 + UInt64(i))
            default: origin = .key(UInt64(i))
            }
            let relation = relations[Int.random(in: 0 ..< 3, using: &random)]
            let first = ViewIndex(Int.random(in: 1 ..< views, using: &random))
            if Int.random(in: 0 ..< 8, using: &random) == 0 {
                let axis: LayoutAxis = Bool.random(using: &random) ? .horizontal : .vertical
                let length = Double(Int.random(in: 0 ... 300, using: &random))
                let row = builder.addIntrinsicSize(first, axis: axis, length: length, hugging: priority,
                                                   resistance: .high, origins: (origin, .key(UInt64(i) + 7)))
                let term = [(first.variable(axis == .horizontal ? .width : .height), 1.0)]
                term.withUnsafeBufferPointer {
                    reference.addRow(contiguous: $0, constant: -length, relation: .lessOrEqual, priority: priority,
                                     origin: origin)
                    reference.addRow(contiguous: $0, constant: -length, relation: .greaterOrEqual, priority: .high,
                                     origin: .key(UInt64(i) + 7))
                }
                rows.append(row)
                rows.append(RowIndex(row.int + 1))
                continue
            }
            let firstAttribute = attributes[Int.random(in: 0 ..< attributes.count, using: &random)]
            // A view against itself now and then: terms that repeat or cancel.
            let second: ViewIndex? = switch Int.random(in: 0 ..< 6, using: &random) {
            case 0: nil
            case 1: first
            default: ViewIndex(Int.random(in: 0 ..< views, using: &random))
            }
            let secondAttribute = attributes[Int.random(in: 0 ..< attributes.count, using: &random)]
            let multiplier = [1.0, 0.5, -1, 0, 2][Int.random(in: 0 ..< 5, using: &random)]
            let constant = Double(Int.random(in: -100 ... 100, using: &random))
            rows.append(builder.addConstraint(first, firstAttribute, relation, multiplier: multiplier, second,
                                              second == nil ? nil : secondAttribute, constant: constant,
                                              priority: priority, origin: origin))
            var terms = AttributeTerms()
            terms.append(firstAttribute, of: first, scale: 1)
            if let second { terms.append(secondAttribute, of: second, scale: -multiplier) }
            terms.withUnsafeBufferPointer {
                _ = reference.addRow(contiguous: $0, constant: -constant, relation: relation, priority: priority,
                                     origin: origin)
            }
        }
        let built = builder.system
        #expect(rows.map(\.int) == Array(0 ..< reference.rowCount))
        #expect(built.rowCount == reference.rowCount)
        #expect(built.variableCount == reference.variableCount)
        #expect(built.rowStart == reference.rowStart)
        #expect(built.columns == reference.columns)
        #expect(built.coefficients == reference.coefficients)
        #expect(built.constants == reference.constants)
        #expect(built.relations == reference.relations)
        #expect(Array(built.priorities) == Array(reference.priorities))
        #expect((0 ..< built.rowCount).allSatisfy { same(built.origins.entry(at: $0), reference.origins.entry(at: $0)) })
    }

    /// `add(merging:distinct:…)` stores a row as `ConstraintSystem.mergeTerms`
    /// writes it (repeats summed into their first term in order, zeros left
    /// out, exact cancellations dropped), and refuses, gathering nothing, a
    /// row with a variable out of range, a coefficient, sum or constant that
    /// is not finite, or no room: random rows of up to 12 terms over 6
    /// variables (so most repeat), a distinct prefix of the name's kind, and
    /// coefficients that cancel, overflow or are zero, NaN or infinite.
    @Test func mergingAddStoresTheSystemsMerge() {
        var random = Generator(state: 11)
        let variableCount = 6
        let source = Keys()
        let values: [Double] = [1, -1, 0.5, -0.5, 2, 0, -0.0, 3, 1e308, -1e308, 0.1, 0.2, -0.3,
                                .infinity, -.infinity, .nan]
        var batch = RowBatch(block: 50, terms: 50 * 12)
        var built = ConstraintSystem()
        built.addVariables(variableCount)
        built.originSource = source
        var reference = ConstraintSystem()
        reference.addVariables(variableCount)
        reference.originSource = source
        var taken = 0, refused = 0, summed = 0, cancelled = 0
        for i in 0 ..< 20_000 {
            // The prefix: distinct variables, finite nonzero coefficients.
            var terms: [(VariableIndex, Double)] = []
            let distinct = Int.random(in: 0 ... 3, using: &random)
            for v in (0 ..< variableCount).shuffled(using: &random).prefix(distinct) {
                let a = [1.0, -1, 0.5, -0.5][Int.random(in: 0 ..< 4, using: &random)]
                terms.append((VariableIndex(rawValue: Int32(v)), a))
            }
            for _ in 0 ..< Int.random(in: 0 ... 9, using: &random) {
                let v = Int.random(in: 0 ..< 200, using: &random) == 0
                    ? variableCount : Int.random(in: 0 ..< variableCount, using: &random)
                // Mostly the ordinary numbers; one in 40 a number that is not finite.
                let a = Int.random(in: 0 ..< 40, using: &random) == 0
                    ? values[Int.random(in: 13 ..< values.count, using: &random)]
                    : values[Int.random(in: 0 ..< 13, using: &random)]
                terms.append((VariableIndex(rawValue: Int32(v)), a))
            }
            let constant = Int.random(in: 0 ..< 300, using: &random) == 0 ? Double.nan : Double(i % 17)
            // What the system would store.
            var merged = [(VariableIndex, Double)](repeating: (VariableIndex(rawValue: 0), 0),
                                                   count: max(terms.count, 1))
            let count = terms.withUnsafeBufferPointer { t in
                merged.withUnsafeMutableBufferPointer { ConstraintSystem.mergeTerms(t, into: $0.baseAddress!) }
            }
            let valid = constant.isFinite
                && terms.allSatisfy { $0.0.int < variableCount && $0.1.isFinite }
                && merged[..<count].allSatisfy { $0.1.isFinite }
            let added = terms.withUnsafeBufferPointer {
                batch.add(merging: $0, distinct: distinct, constant: constant, relation: .equal, priority: .required,
                          key: UInt64(i), variableCount: variableCount, room: batch.room)
            }
            #expect(added == valid, "row \(i): \(terms)")
            guard added == valid else { return }
            if added {
                taken += 1
                if count < terms.count { summed += 1 }
                if count < Set(terms.filter { $0.1 != 0 }.map(\.0)).count { cancelled += 1 }
                merged[..<count].withUnsafeBufferPointer {
                    _ = reference.addRow(contiguous: $0, constant: constant,
                                         relation: .equal, priority: .required, origin: .key(UInt64(i)))
                }
            } else {
                refused += 1
            }
            if batch.count == 50 { batch.append(to: &built) }
        }
        batch.append(to: &built)
        #expect(built.rowStart == reference.rowStart)
        #expect(built.columns == reference.columns)
        #expect(built.coefficients.map(\.bitPattern) == reference.coefficients.map(\.bitPattern))
        #expect(built.constants == reference.constants)
        #expect((0 ..< built.rowCount).allSatisfy { built.origins.key(at: $0) == reference.origins.key(at: $0) })
        // Every kind of row was met.
        #expect(taken > 10_000 && refused > 1_000 && summed > 5_000 && cancelled > 500,
                "\(taken) taken, \(refused) refused, \(summed) summed, \(cancelled) with a cancellation")
    }

    /// A block refuses a row it has no room for (rows, or terms counted
    /// before merging) and gathers nothing for it.
    @Test func mergingAddRefusesWithoutRoom() {
        var batch = RowBatch(block: 2, terms: 4)
        let x = VariableIndex(rawValue: 0), y = VariableIndex(rawValue: 1)
        func add(_ terms: [(VariableIndex, Double)]) -> Bool {
            terms.withUnsafeBufferPointer {
                batch.add(merging: $0, distinct: 0, constant: 0, relation: .equal, priority: .required, key: 1,
                          variableCount: 2, room: batch.room)
            }
        }
        // Five terms that merge to one: refused all the same (room is taken before merging).
        #expect(!add([(x, 1), (x, 1), (x, 1), (x, 1), (x, 1)]))
        #expect(batch.count == 0)
        #expect(add([(x, 1), (y, 1), (x, -1)]))
        // One term stored: three left, not four.
        #expect(!add([(x, 1), (y, 1), (x, 1), (y, 1)]))
        #expect(add([(y, 2)]))
        #expect(!add([(y, 2)]))
        var system = ConstraintSystem()
        system.addVariables(2)
        system.originSource = Keys()
        batch.append(to: &system)
        #expect(system.rowStart == [0, 1, 2])
        #expect(system.columns == [1, 1])
        #expect(system.coefficients == [1, 2])
    }
}
