import Testing
@testable import PlumbSolver

/// Hand-checked cases for SimplexCore: exact numbers worked out on paper.
@Suite struct SimplexCoreTests {
    /// `coefficient·x[v] + constant ⋈ 0` for one variable.
    static func add(_ core: SimplexCore, _ v: Int32, _ a: Double, _ c: Double, _ r: Relation,
                    _ p: Priority = .required, tag: Int32 = 0) throws(SimplexConflict) -> SimplexCore.Handle {
        try core.add(terms: [(v, a)], constant: c, relation: r, priority: p, tag: tag)
    }

    static func expectClose(_ x: Double, _ y: Double, _ tolerance: Double = 1e-9,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(abs(x - y) <= tolerance, "\(x) != \(y)", sourceLocation: sourceLocation)
    }

    static func expectConsistent(_ core: SimplexCore, sourceLocation: SourceLocation = #_sourceLocation) {
        let problems = core.checkInvariants()
        #expect(problems.isEmpty, "\(problems.prefix(5))", sourceLocation: sourceLocation)
    }

    @Test func boundsBeatAnOptionalEquality() throws {
        // x >= 10, x <= 20, x = 5 @ 500 → x = 10, level violation 5.
        let core = SimplexCore(variableCount: 1)
        _ = try Self.add(core, 0, 1, -10, .greaterOrEqual)
        _ = try Self.add(core, 0, 1, -20, .lessOrEqual)
        _ = try Self.add(core, 0, 1, -5, .equal, 500)
        Self.expectClose(core.value(of: 0), 10)
        #expect(core.levelTotals.count == 1)
        Self.expectClose(core.levelTotals[0].1, 5)
        Self.expectConsistent(core)
    }

    @Test func optionalFirstThenBounds() throws {
        // The same system added the other way round: x = 5 first, then the bounds move it.
        let core = SimplexCore(variableCount: 1)
        _ = try Self.add(core, 0, 1, -5, .equal, 500)
        Self.expectClose(core.value(of: 0), 5)
        _ = try Self.add(core, 0, 1, -20, .lessOrEqual)
        _ = try Self.add(core, 0, 1, -10, .greaterOrEqual)
        Self.expectClose(core.value(of: 0), 10)
        Self.expectConsistent(core)
    }

    @Test func higherOptionalLevelWins() throws {
        // x = 10 @ 750 against x = 20 @ 250, in both orders: x = 10.
        for order in [[750.0, 250], [250, 750]] {
            let core = SimplexCore(variableCount: 1)
            for p in order {
                _ = try Self.add(core, 0, 1, p == 750 ? -10 : -20, .equal, Priority(rawValue: p)!)
            }
            Self.expectClose(core.value(of: 0), 10)
            #expect(core.levelTotals.map(\.0) == [750, 250])
            Self.expectClose(core.levelTotals[0].1, 0)
            Self.expectClose(core.levelTotals[1].1, 10)
            Self.expectConsistent(core)
        }
    }

    @Test func sumOfAbsoluteErrorsPicksTheMedian() throws {
        // x = 0, x = 10, x = 20 at one level: Σ|x − tᵢ| is least at the median, x = 10, total 20.
        let core = SimplexCore(variableCount: 1)
        for t in [0.0, 20, 10] { _ = try Self.add(core, 0, 1, -t, .equal, 300) }
        Self.expectClose(core.value(of: 0), 10)
        Self.expectClose(core.levelTotals[0].1, 20)
        Self.expectConsistent(core)
    }

    @Test func manyLowerRowsCannotBeatOneHigherRow() throws {
        // x = 0 @ 600 against twenty rows x = 100 @ 599: x = 0 (a float weight of
        // 600 vs 20·599 would pick 100).
        let core = SimplexCore(variableCount: 1)
        for _ in 0 ..< 20 { _ = try Self.add(core, 0, 1, -100, .equal, 599) }
        _ = try Self.add(core, 0, 1, 0, .equal, 600)
        Self.expectClose(core.value(of: 0), 0)
        Self.expectClose(core.levelTotals[1].1, 2000)
        Self.expectConsistent(core)
    }

    @Test func optionalInequalityCountsOnlyItsViolation() throws {
        // x + y = 10 (required); x <= 2 @ 500; y <= 3 @ 500; x >= 4 @ 250.
        // Level 500: (x − 2)⁺ + (y − 3)⁺ ≥ x + y − 5 = 5 whenever both are
        // violated; it is 5 for any x in [2, 7]. Level 250 then wants x ≥ 4: x = 4..7.
        let core = SimplexCore(variableCount: 2)
        _ = try core.add(terms: [(0, 1), (1, 1)], constant: -10, relation: .equal, priority: .required, tag: 0)
        _ = try Self.add(core, 0, 1, -2, .lessOrEqual, 500)
        _ = try Self.add(core, 1, 1, -3, .lessOrEqual, 500)
        _ = try Self.add(core, 0, 1, -4, .greaterOrEqual, 250)
        let x = core.value(of: 0), y = core.value(of: 1)
        Self.expectClose(x + y, 10)
        #expect(x >= 4 - 1e-9 && x <= 7 + 1e-9)
        Self.expectClose(core.levelTotals[0].1, 5)
        Self.expectClose(core.levelTotals[1].1, 0)
        Self.expectConsistent(core)
    }

    @Test func conflictNamesTheRowsAndLeavesTheCoreUnchanged() throws {
        // x + y = 10, x >= 6, then y >= 5 cannot hold.
        let core = SimplexCore(variableCount: 3)
        _ = try core.add(terms: [(0, 1), (1, 1)], constant: -10, relation: .equal, priority: .required, tag: 1)
        _ = try Self.add(core, 0, 1, -6, .greaterOrEqual, tag: 2)
        _ = try Self.add(core, 2, 1, -7, .equal, tag: 3)  // unrelated
        _ = try Self.add(core, 1, 1, -1, .equal, 400, tag: 4)  // optional: y = 1
        var before = [Double](repeating: 0, count: 3)
        core.readValues(into: &before)
        let totalsBefore = core.levelTotals.map(\.1)
        do {
            _ = try Self.add(core, 1, 1, -5, .greaterOrEqual, tag: 5)
            Issue.record("expected a conflict")
        } catch {
            #expect(Set(error.tags) == [1, 2, 5])
        }
        var after = [Double](repeating: 0, count: 3)
        core.readValues(into: &after)
        #expect(before == after)
        #expect(totalsBefore == core.levelTotals.map(\.1))
        Self.expectConsistent(core)
        // The core still works: a compatible row moves the solution.
        _ = try Self.add(core, 1, 1, -3, .greaterOrEqual, tag: 6)
        Self.expectClose(core.value(of: 1), 3)
        Self.expectClose(core.value(of: 0), 7)
        Self.expectConsistent(core)
    }

    @Test func contradictoryEqualityIsAConflict() throws {
        // x = 1, y = x + 1, then y = 5: the row reduces to a constant.
        let core = SimplexCore(variableCount: 2)
        _ = try Self.add(core, 0, 1, -1, .equal, tag: 10)
        _ = try core.add(terms: [(1, 1), (0, -1)], constant: -1, relation: .equal, priority: .required, tag: 11)
        #expect(throws: SimplexConflict.self) { _ = try Self.add(core, 1, 1, -5, .equal, tag: 12) }
        do { _ = try Self.add(core, 1, 1, -5, .equal, tag: 12) } catch { #expect(Set(error.tags) == [10, 11, 12]) }
        Self.expectClose(core.value(of: 1), 2)
        Self.expectConsistent(core)
    }

    @Test func removingAnInequalityFreesTheOptimum() throws {
        let core = SimplexCore(variableCount: 1)
        let bound = try Self.add(core, 0, 1, -10, .greaterOrEqual)
        _ = try Self.add(core, 0, 1, -5, .equal, 500)
        Self.expectClose(core.value(of: 0), 10)
        core.remove(bound)
        Self.expectClose(core.value(of: 0), 5)
        Self.expectClose(core.levelTotals[0].1, 0)
        Self.expectConsistent(core)
        core.remove(bound)  // twice: no-op
        Self.expectConsistent(core)
    }

    @Test func removingAChainLinkLetsTheRestFollowAnOptionalRow() throws {
        // x0 = 0, x1 = x0 + 1, x2 = x1 + 1 (required), x1 = 10 @ 500.
        let core = SimplexCore(variableCount: 3)
        _ = try Self.add(core, 0, 1, 0, .equal)
        let link = try core.add(terms: [(1, 1), (0, -1)], constant: -1, relation: .equal, priority: .required, tag: 0)
        _ = try core.add(terms: [(2, 1), (1, -1)], constant: -1, relation: .equal, priority: .required, tag: 0)
        _ = try Self.add(core, 1, 1, -10, .equal, 500)
        Self.expectClose(core.value(of: 1), 1)
        Self.expectClose(core.value(of: 2), 2)
        core.remove(link)
        Self.expectClose(core.value(of: 0), 0)
        Self.expectClose(core.value(of: 1), 10)
        Self.expectClose(core.value(of: 2), 11)
        Self.expectConsistent(core)
    }

    @Test func redundantEqualityTakesOverWhenItsTwinIsRemoved() throws {
        // x = 5; y = x; y = 5 is implied. Remove x = 5: y = 5 still pins x.
        let core = SimplexCore(variableCount: 2)
        let pin = try Self.add(core, 0, 1, -5, .equal)
        _ = try core.add(terms: [(1, 1), (0, -1)], constant: 0, relation: .equal, priority: .required, tag: 0)
        _ = try Self.add(core, 1, 1, -5, .equal)
        _ = try Self.add(core, 0, 1, -100, .equal, 10)  // an optional pull elsewhere
        Self.expectClose(core.value(of: 0), 5)
        Self.expectConsistent(core)
        core.remove(pin)
        Self.expectClose(core.value(of: 0), 5)
        Self.expectClose(core.value(of: 1), 5)
        Self.expectConsistent(core)
    }

    @Test func editVariableFollowsSuggestionsWithinBounds() throws {
        let core = SimplexCore(variableCount: 2)
        _ = try Self.add(core, 0, 1, -100, .lessOrEqual)
        _ = try Self.add(core, 0, 1, 0, .greaterOrEqual)
        _ = try core.add(terms: [(1, 1), (0, -2)], constant: 0, relation: .equal, priority: .required, tag: 0)  // y = 2x
        core.addEdit(variable: 0, priority: 500)
        #expect(core.hasEdit(variable: 0))
        #expect(!core.hasEdit(variable: 1))
        for (suggested, expected) in [(50.0, 50.0), (150, 100), (-20, 0), (20, 20), (20, 20)] {
            core.suggest(variable: 0, value: suggested)
            Self.expectClose(core.value(of: 0), expected)
            Self.expectClose(core.value(of: 1), 2 * expected)
            Self.expectConsistent(core)
        }
        core.removeEdit(variable: 0)
        #expect(!core.hasEdit(variable: 0))
        Self.expectConsistent(core)
    }

    @Test func editAgainstAStrongerOptionalRow() throws {
        // x = 30 @ 700 beats the edit @ 500; a weaker one @ 200 does not.
        let core = SimplexCore(variableCount: 1)
        core.addEdit(variable: 0, priority: 500)
        let strong = try Self.add(core, 0, 1, -30, .equal, 700)
        core.suggest(variable: 0, value: 80)
        Self.expectClose(core.value(of: 0), 30)
        core.remove(strong)
        Self.expectClose(core.value(of: 0), 80)
        _ = try Self.add(core, 0, 1, -30, .equal, 200)
        core.suggest(variable: 0, value: 60)
        Self.expectClose(core.value(of: 0), 60)
        Self.expectConsistent(core)
    }

    @Test func undeterminedVariablesAreZeroAndNewVariablesCanBeAdded() throws {
        let core = SimplexCore(variableCount: 0)
        #expect(core.variableCount == 0)
        #expect(core.addVariables(2) == 0)
        #expect(core.addVariables(1) == 2)
        _ = try core.add(terms: [(0, 1), (1, 1)], constant: -4, relation: .equal, priority: .required, tag: 0)
        var values = [Double](repeating: .nan, count: 3)
        core.readValues(into: &values)
        Self.expectClose(values[0] + values[1], 4)
        #expect(values[2] == 0)
        Self.expectConsistent(core)
    }

    /// Beale's classic cycling LP (Beale 1955; Chvátal, "Linear Programming",
    /// §3), adapted to rows: minimise z = −¾x₄ + 20x₅ − ½x₆ + 6x₇ subject to
    ///   ¼x₄ − 8x₅ − x₆ + 9x₇ ≤ 0,  ½x₄ − 12x₅ − ½x₆ + 3x₇ ≤ 0,  x₆ ≤ 1,  x ≥ 0.
    /// The objective is the optional row `z ≤ −100`, whose violation is z + 100.
    /// Optimum: x₄ = 1, x₆ = 1, x₅ = x₇ = 0, z = −5/4 (violation 98.75).
    /// With the largest-coefficient rule the textbook tableau cycles at the
    /// degenerate origin; Bland's rule must terminate.
    @Test func bealeCyclingExampleTerminates() throws {
        let core = SimplexCore(variableCount: 4)  // x4, x5, x6, x7 = 0...3
        for v: Int32 in 0 ..< 4 { _ = try Self.add(core, v, 1, 0, .greaterOrEqual) }
        _ = try core.add(terms: [(0, 0.25), (1, -8), (2, -1), (3, 9)], constant: 0, relation: .lessOrEqual,
                         priority: .required, tag: 0)
        _ = try core.add(terms: [(0, 0.5), (1, -12), (2, -0.5), (3, 3)], constant: 0, relation: .lessOrEqual,
                         priority: .required, tag: 0)
        _ = try Self.add(core, 2, 1, -1, .lessOrEqual)
        _ = try core.add(terms: [(0, -0.75), (1, 20), (2, -0.5), (3, 6)], constant: 100, relation: .lessOrEqual,
                         priority: 500, tag: 0)
        Self.expectClose(core.value(of: 0), 1)
        Self.expectClose(core.value(of: 1), 0)
        Self.expectClose(core.value(of: 2), 1)
        Self.expectClose(core.value(of: 3), 0)
        Self.expectClose(core.levelTotals[0].1, 98.75)
        Self.expectConsistent(core)
    }

    /// Many constraints through one point (a highly degenerate vertex): x = y = 0
    /// is forced by x, y ≥ 0 and x + y ≤ 0, with redundant inequalities through
    /// the origin, and an optional pull away from it.
    @Test func degenerateVertexTerminates() throws {
        let core = SimplexCore(variableCount: 2)
        _ = try Self.add(core, 0, 1, 0, .greaterOrEqual)
        _ = try Self.add(core, 1, 1, 0, .greaterOrEqual)
        for k in 1 ... 12 {
            let a = Double(k)
            _ = try core.add(terms: [(0, a), (1, 13 - a)], constant: 0, relation: .greaterOrEqual, priority: .required, tag: 0)
        }
        _ = try core.add(terms: [(0, 1), (1, 1)], constant: 0, relation: .lessOrEqual, priority: .required, tag: 0)
        _ = try core.add(terms: [(0, 1), (1, -1)], constant: -5, relation: .equal, priority: 300, tag: 0)
        Self.expectClose(core.value(of: 0), 0)
        Self.expectClose(core.value(of: 1), 0)
        Self.expectClose(core.levelTotals[0].1, 5)
        Self.expectConsistent(core)
    }
}
