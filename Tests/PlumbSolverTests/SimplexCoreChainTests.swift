import Testing
@testable import PlumbSolver

/// Long dependency chains: the case where explicit dummy columns make a
/// Cassowary tableau quadratic. These check exact values; they print their
/// timings (run them in a release build to measure) but assert none.
@Suite struct SimplexCoreChainTests {
    static let n = 10_000

    /// x0 = 0, x[i+1] = x[i] + 1 (required, in dependency order), plus optional rows
    /// x[5000] = 3 @ 500, x[9999] <= 100 @ 250, x[1234] >= 2000 @ 100, which the chain outvotes.
    @Test func chainInDependencyOrder() throws {
        let n = Self.n
        let core = SimplexCore(variableCount: n)
        let clock = ContinuousClock()
        var links: [SimplexCore.Handle] = []
        let elapsed = try clock.measure {
            _ = try core.add(terms: [(0, 1)], constant: 0, relation: .equal, priority: .required, tag: 0)
            for i in 0 ..< n - 1 {
                links.append(try core.add(terms: [(Int32(i + 1), 1), (Int32(i), -1)], constant: -1, relation: .equal,
                                          priority: .required, tag: Int32(i + 1)))
            }
            _ = try core.add(terms: [(5000, 1)], constant: -3, relation: .equal, priority: 500, tag: -1)
            _ = try core.add(terms: [(9999, 1)], constant: -100, relation: .lessOrEqual, priority: 250, tag: -1)
            _ = try core.add(terms: [(1234, 1)], constant: -2000, relation: .greaterOrEqual, priority: 100, tag: -1)
        }
        print("SimplexCore chain: \(n) required links + 3 optional rows added in \(elapsed); pivots \(core.tableau.pivotCount), log events \(core.tableau.log.count)")
        var values = [Double](repeating: .nan, count: n)
        core.readValues(into: &values)
        #expect((0 ..< n).allSatisfy { values[$0] == Double($0) })
        #expect(core.levelTotals.map(\.1) == [4997, 9899, 766])
        #expect(core.checkInvariants().isEmpty)

        // Removing link 5001 (x[5001] = x[5000] + 1) frees the tail, which the
        // optional x[9999] <= 100 then pulls down: x[j] = 100 − (9999 − j) for j > 5000.
        let removal = clock.measure { core.remove(links[5000]) }
        print("SimplexCore chain: removing a middle link took \(removal)")
        core.readValues(into: &values)
        #expect((0 ... 5000).allSatisfy { values[$0] == Double($0) })
        #expect((5001 ..< n).allSatisfy { abs(values[$0] - Double(100 - (9999 - $0))) < 1e-9 })
        #expect(core.levelTotals.map(\.1) == [4997, 0, 766])
        #expect(core.checkInvariants().isEmpty)

        // A conflict along the chain is named by the links involved.
        do {
            _ = try core.add(terms: [(3000, 1)], constant: -7, relation: .equal, priority: .required, tag: -2)
            Issue.record("expected a conflict")
        } catch {
            #expect(Set(error.tags) == Set((0 ... 3000).map(Int32.init) + [-2]))
        }
        #expect(core.checkInvariants().isEmpty)
    }

    /// The same chain added last link first, with x0 = 0 last: each link is
    /// solved for its new variable, and the final pin substitutes once.
    @Test func chainInReverseOrder() throws {
        let n = Self.n
        let core = SimplexCore(variableCount: n)
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            for i in stride(from: n - 2, through: 0, by: -1) {
                _ = try core.add(terms: [(Int32(i + 1), 1), (Int32(i), -1)], constant: -1, relation: .equal,
                                 priority: .required, tag: Int32(i + 1))
            }
            _ = try core.add(terms: [(0, 1)], constant: 0, relation: .equal, priority: .required, tag: 0)
        }
        print("SimplexCore chain (reverse order): \(n) rows added in \(elapsed)")
        var values = [Double](repeating: .nan, count: n)
        core.readValues(into: &values)
        #expect((0 ..< n).allSatisfy { abs(values[$0] - Double($0)) < 1e-9 })
    }

    /// Views in a row with gaps of at least 8 and optional widths: an
    /// inequality chain. Cassowary rows here grow with the chain (x[i] depends on
    /// every earlier slack), so this is kept short; it prints its time.
    @Test func inequalityChain() throws {
        let n = 1000
        let core = SimplexCore(variableCount: 2 * n)  // left[i] = 2i, width[i] = 2i + 1
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            _ = try core.add(terms: [(0, 1)], constant: 0, relation: .equal, priority: .required, tag: 0)
            for i in 0 ..< n {
                let left = Int32(2 * i), width = left + 1
                _ = try core.add(terms: [(width, 1)], constant: -10, relation: .greaterOrEqual, priority: .required, tag: 0)
                _ = try core.add(terms: [(width, 1)], constant: -40, relation: .equal, priority: 250, tag: 0)
                if i + 1 < n {
                    _ = try core.add(terms: [(left + 2, 1), (left, -1), (width, -1)], constant: -8,
                                     relation: .greaterOrEqual, priority: .required, tag: 0)
                }
            }
        }
        print("SimplexCore inequality chain: \(n) views added in \(elapsed); pivots \(core.tableau.pivotCount)")
        // Widths get their optional 40; gaps are free above 8 and nothing pulls them, so lefts follow.
        for i in 0 ..< n { #expect(abs(core.value(of: Int32(2 * i + 1)) - 40) < 1e-9) }
        for i in 1 ..< n {
            let gap = core.value(of: Int32(2 * i)) - core.value(of: Int32(2 * i - 2)) - 40
            #expect(gap >= 8 - 1e-9)
        }
    }
}
