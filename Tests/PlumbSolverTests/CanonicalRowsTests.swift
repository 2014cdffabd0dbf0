import Testing
import PlumbTestSupport
@testable import PlumbSolver

/// The canonical order of a component's rows, against a comparator written
/// out here from its definition: rank, then the terms sorted by variable
/// (variable, then coefficient, lexicographically), then the number of
/// terms, the constant, the relation, and the position in the set.
@Suite struct CanonicalRowsTests {
    private struct Key {
        var rank: Double
        var terms: [(Int32, Double)]
        var constant: Double
        var relation: Int
        var position: Int
    }

    private static func before(_ a: Key, _ b: Key) -> Bool {
        if a.rank != b.rank { return a.rank < b.rank }
        for (s, t) in zip(a.terms, b.terms) {
            if s.0 != t.0 { return s.0 < t.0 }
            if s.1 != t.1 { return s.1 < t.1 }
        }
        if a.terms.count != b.terms.count { return a.terms.count < b.terms.count }
        if a.constant != b.constant { return a.constant < b.constant }
        if a.relation != b.relation { return a.relation < b.relation }
        return a.position < b.position
    }

    /// A system of a number of variables and rows drawn from the ranges,
    /// rows of 0 to `maxTerms` terms with few distinct coefficients,
    /// constants and relations, and a priority drawn from `priorities`.
    private static func randomSystem(
        variables: ClosedRange<Int>, rows: ClosedRange<Int>, maxTerms: Int, priorities: [Priority],
        using random: inout SplitMix64
    ) -> ConstraintSystem {
        var s = ConstraintSystem()
        let variables = Int.random(in: variables, using: &random)
        s.addVariables(variables)
        let count = Int.random(in: rows, using: &random)
        let relations: [Relation] = [.equal, .lessOrEqual, .greaterOrEqual]
        for i in 0 ..< count {
            let termCount = Int.random(in: 0 ... maxTerms, using: &random)
            let terms = (0 ..< termCount).map { _ in
                (VariableIndex(Int.random(in: 0 ..< variables, using: &random)),
                 [-1.0, 1, 2, -0.5].randomElement(using: &random)!)
            }
            let constant = [0.0, -8, 8].randomElement(using: &random)!
            let relation = relations.randomElement(using: &random)!
            let priority = priorities.randomElement(using: &random)!
            s.addRow(terms, constant: constant, relation: relation, priority: priority,
                     origin: Origin(kind: .constraint, index: i, text: "row \(i)"))
        }
        return s
    }

    /// `given` in the order the definition gives, ranks by `rank`.
    private static func expectedOrder(of given: [Int32], in s: ConstraintSystem, rank: (Int32) -> Double) -> [Int32] {
        let keys = given.enumerated().map { position, r in
            Key(rank: rank(r),
                terms: s.terms(of: RowIndex(Int(r))).map { ($0.0.rawValue, $0.1) }.sorted { $0.0 < $1.0 },
                constant: s.constants[Int(r)],
                relation: s.relations[Int(r)] == .equal ? 0 : s.relations[Int(r)] == .lessOrEqual ? 1 : 2,
                position: position)
        }
        return keys.indices.sorted { before(keys[$0], keys[$1]) }.map { given[$0] }
    }

    /// The planner's rank written out from its definition: required
    /// equalities, required inequalities, then optional rows from the
    /// highest priority down.
    private static func level(_ r: Int32, in s: ConstraintSystem) -> Double {
        let p = s.priorities[Int(r)]
        guard p == .required else { return 1000 - p.rawValue }
        return s.relations[Int(r)] == .equal ? -2 : -1
    }

    /// Random sets of 1 to 300 rows over a few variables, with few distinct
    /// coefficients, constants and ranks, so that heads, whole rows and
    /// duplicates tie often; both the short (insertion) and the long path.
    @Test func orderMatchesTheDefinition() {
        var random = SplitMix64(seed: 0xC0FFEE)
        for round in 0 ..< 200 {
            let s = Self.randomSystem(
                variables: 1 ... 6, rows: round < 40 ? 1 ... 24 : 25 ... 300, maxTerms: 3,
                priorities: [.required, .required, Priority(rawValue: 750)!, .medium], using: &random)
            let count = s.rowCount
            // Rows given in a shuffled order; positions count in that order.
            var given = (0 ..< Int32(count)).shuffled(using: &random)
            let expected = Self.expectedOrder(of: given, in: s) { Self.level($0, in: s) }
            var canonical = CanonicalRows(s)
            var slice = given[...]
            canonical.sortByLevel(&slice)
            given = Array(slice)
            #expect(given == expected, "round \(round), \(count) rows")
        }
    }
    /// The planner's order (`sortByLevel`, which ranks rows itself) against
    /// the definition: required equalities, required inequalities, then
    /// optional rows from the highest priority down, each canonically. Rows
    /// with 0 to 4 terms over a few variables and five priorities, so that
    /// the term positions it loads (sorted by variable) and every rank tie.
    @Test func levelOrderMatchesTheDefinition() {
        var random = SplitMix64(seed: 0x1EAF)
        let priorities: [Priority] = [.required, .required, .high, .medium, .low, Priority(rawValue: 400)!]
        for round in 0 ..< 200 {
            let s = Self.randomSystem(
                variables: 1 ... 8, rows: round < 60 ? 1 ... 24 : 25 ... 200, maxTerms: 4, priorities: priorities,
                using: &random)
            let count = s.rowCount
            // Parts of the rows, then all, then fewer, with one sorter: its
            // buffers are reused (and shrink), as the planner reuses them
            // from component to component.
            var sorter = CanonicalRows(s)
            for take in [max(1, count / 3), count, max(1, count / 4)] {
                let given = Array((0 ..< Int32(count)).shuffled(using: &random).prefix(take))
                let expected = Self.expectedOrder(of: given, in: s) { Self.level($0, in: s) }
                var slice = given[...]
                sorter.sortByLevel(&slice)
                #expect(Array(slice) == expected, "round \(round), \(take) of \(count) rows")
            }
        }
    }
    /// Sets of 2,048 rows and more (radix digits of up to 11 bits) whose
    /// first variables spread over a wide range (70,000 variables: keys of
    /// 17 bits and more, two or three passes), with few distinct variables,
    /// coefficients and constants, so that heads and whole rows still tie.
    @Test func largeSetsWithWideKeysMatchTheDefinition() {
        var random = SplitMix64(seed: 0x5EED_7AB1E)
        let priorities: [Priority] = [.required, .required, .high, .medium, .low]
        let relations: [Relation] = [.equal, .lessOrEqual, .greaterOrEqual]
        for round in 0 ..< 6 {
            var s = ConstraintSystem()
            let variables = round < 3 ? 70_000 : 3_000_000
            s.addVariables(variables)
            // A few variables, spread from the lowest to the highest index.
            let used = (0 ..< 24).map { _ in VariableIndex(Int.random(in: 0 ..< variables, using: &random)) }
            let count = Int.random(in: 2_048 ... 5_000, using: &random)
            for i in 0 ..< count {
                let terms = (0 ..< Int.random(in: 0 ... 3, using: &random)).map { _ in
                    (used.randomElement(using: &random)!, [-1.0, 1, 2].randomElement(using: &random)!)
                }
                s.addRow(terms, constant: [0.0, 8].randomElement(using: &random)!,
                         relation: relations.randomElement(using: &random)!,
                         priority: priorities.randomElement(using: &random)!,
                         origin: Origin(kind: .constraint, index: i, text: "row \(i)"))
            }
            let given = (0 ..< Int32(count)).shuffled(using: &random)
            let expected = Self.expectedOrder(of: given, in: s) { Self.level($0, in: s) }
            var sorter = CanonicalRows(s)
            var slice = given[...]
            sorter.sortByLevel(&slice)
            #expect(Array(slice) == expected, "round \(round), \(count) rows")
        }
    }

    /// Keys of more than 32 bits (the class of one of 100 ranks above a
    /// first variable among 2^27) take the 8-byte radix keys, and those of
    /// at most 32 the 4-byte ones; one sorter does both in turn, in either
    /// order, and matches the definition each time.
    @Test func keysWiderThan32BitsMatchTheDefinition() {
        var random = SplitMix64(seed: 0xC1A5_5E5)
        let relations: [Relation] = [.equal, .lessOrEqual, .greaterOrEqual]
        let wide = 1 << 27
        var s = ConstraintSystem()
        s.addVariables(wide)
        // Variables at both ends of the range, so that the column span needs 27 bits.
        let used = [0, wide - 1] + (0 ..< 22).map { _ in Int.random(in: 0 ..< wide, using: &random) }
        let narrowUsed = (0 ..< 24).map { _ in Int.random(in: 0 ..< 4_000, using: &random) }
        func addRows(_ count: Int, variables: [Int], priorities: [Priority]) -> [Int32] {
            let first = s.rowCount
            for i in 0 ..< count {
                let terms = (0 ..< Int.random(in: 0 ... 3, using: &random)).map { _ in
                    (VariableIndex(variables.randomElement(using: &random)!), [-1.0, 1, 2].randomElement(using: &random)!)
                }
                s.addRow(terms, constant: [0.0, 8].randomElement(using: &random)!,
                         relation: relations.randomElement(using: &random)!,
                         priority: priorities.randomElement(using: &random)!,
                         origin: Origin(kind: .constraint, index: first + i, text: "row \(first + i)"))
            }
            return (Int32(first) ..< Int32(s.rowCount)).shuffled(using: &random)
        }
        // 100 distinct optional priorities and the required ones: 7 bits of class.
        let manyPriorities = [Priority.required] + (1 ... 100).map { Priority(rawValue: Double($0 * 9))! }
        let wideSet = addRows(4_000, variables: used, priorities: manyPriorities)
        let narrowSet = addRows(3_000, variables: narrowUsed, priorities: [.required, .high, .low])
        let secondWideSet = addRows(2_500, variables: used, priorities: manyPriorities)
        var sorter = CanonicalRows(s)
        for (name, given) in [("wide", wideSet), ("narrow", narrowSet), ("wide again", secondWideSet)] {
            let expected = Self.expectedOrder(of: given, in: s) { Self.level($0, in: s) }
            var slice = given[...]
            sorter.sortByLevel(&slice)
            #expect(Array(slice) == expected, "\(name) set of \(given.count) rows")
        }
    }
}
