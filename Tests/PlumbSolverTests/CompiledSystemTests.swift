import Testing
@testable import PlumbSolver

/// A compiled system re-solved as one parameter row moves up and down across
/// the values where a component's basis changes: each solve against a fresh
/// solve of the same system.
@Suite struct CompiledSystemTests {
    private static func origin(_ i: Int) -> Origin { Origin(kind: .constraint, index: i, text: "row \(i)") }

    /// Solves `compiled` after setting `row` to each of `constants`, and checks
    /// every solution (or error) against a fresh solve.
    private static func sweep(_ compiled: CompiledSystem, row: RowIndex, over constants: [Double],
                              expect: (Double, [Double]) -> Void) -> (followed: Int, reoptimised: Int) {
        var followed = 0, reoptimised = 0
        for constant in constants {
            compiled.setConstant(constant, ofRow: row)
            let fresh = Result { try compiled.system.solve() }
            let again = Result { try compiled.solve() }
            switch (again, fresh) {
            case (.success(let a), .success(let b)):
                #expect(zip(a.values, b.values).allSatisfy { abs($0 - $1) <= 1e-9 * max(1, abs($1)) },
                        "at \(constant): \(a.values) vs \(b.values)")
                expect(constant, a.values)
                if a.stats.reoptimisedComponents == 0 { followed += 1 } else { reoptimised += 1 }
            case (.failure(let a), .failure(let b)):
                #expect(a as? SolverError == b as? SolverError, "at \(constant)")
            default:
                Issue.record("at \(constant): \(again) vs \(fresh)")
            }
        }
        return (followed, reoptimised)
    }

    /// A parameter row inside a simplex component: 0 <= x <= c, x = 50 @ low,
    /// y >= x + 5, y = 0 @ low. So x = min(c, 50), y = x + 5, and no c < 0.
    @Test func aConstantParameterAcrossABasisChange() throws {
        var s = ConstraintSystem()
        s.addVariables(2)
        let x = VariableIndex(0), y = VariableIndex(1)
        s.addRow([(x, 1)], constant: 0, relation: .greaterOrEqual, origin: Self.origin(0))
        let limit = s.addRow([(x, 1)], constant: -200, relation: .lessOrEqual, origin: Self.origin(1))
        s.addRow([(x, 1)], constant: -50, relation: .equal, priority: .low, origin: Self.origin(2))
        s.addRow([(y, 1), (x, -1)], constant: -5, relation: .greaterOrEqual, origin: Self.origin(3))
        s.addRow([(y, 1)], constant: 0, relation: .equal, priority: .low, origin: Self.origin(4))
        let compiled = try CompiledSystem(s, parameterRows: [limit])
        let up = Array(stride(from: 0.0, through: 120, by: 7))
        let limits = up + up.reversed() + [30, -5, 40, 45, 60, 20, 20.5]
        let (followed, reoptimised) = Self.sweep(compiled, row: limit, over: limits.map { -$0 }) { constant, values in
            #expect(values[0] == min(-constant, 50), "x at \(-constant)")
            #expect(values[1] == values[0] + 5, "y at \(-constant)")
        }
        #expect(reoptimised >= 2)
        #expect(followed > reoptimised)
    }

    /// A root width feeding a block chain (a = w / 2) that a component reads:
    /// b <= a, b = 100 @ low, so b = min(w / 2, 100).
    @Test func aDeterminedParameterAcrossABasisChange() throws {
        var s = ConstraintSystem()
        s.addVariables(3)
        let w = VariableIndex(0), a = VariableIndex(1), b = VariableIndex(2)
        let width = s.addRow([(w, 1)], constant: -300, relation: .equal, origin: Self.origin(0))
        s.addRow([(a, 2), (w, -1)], constant: 0, relation: .equal, origin: Self.origin(1))
        s.addRow([(b, 1), (a, -1)], constant: 0, relation: .lessOrEqual, origin: Self.origin(2))
        s.addRow([(b, 1)], constant: -100, relation: .equal, priority: .low, origin: Self.origin(3))
        let compiled = try CompiledSystem(s, parameterRows: [width])
        let up = Array(stride(from: 0.0, through: 400, by: 13))
        let (followed, reoptimised) = Self.sweep(compiled, row: width, over: (up + up.reversed()).map { -$0 }) { constant, values in
            #expect(values[1] == -constant / 2)
            #expect(abs(values[2] - min(-constant / 2, 100)) <= 1e-9, "b at \(-constant)")
        }
        #expect(reoptimised >= 2)
        #expect(followed > reoptimised)
    }

    /// Required rows that conflict whatever the parameters (`x = 10`,
    /// `x = 20`: the block phase solves one, the other is a fixed row) are
    /// reported by the first solve, with the fresh solve's origins, even
    /// when no constant changed since compiling.
    @Test func conflictingConstantRowsAreReportedByTheFirstSolve() throws {
        var s = ConstraintSystem()
        s.addVariables(2)
        let x = VariableIndex(0), w = VariableIndex(1)
        let width = s.addRow([(w, 1)], constant: -300, relation: .equal, origin: Self.origin(0))
        s.addRow([(x, 1)], constant: -10, relation: .equal, origin: Self.origin(1))
        s.addRow([(x, 1)], constant: -20, relation: .equal, origin: Self.origin(2))
        let fresh = Result { () throws(SolverError) -> Solution in try s.solve() }
        guard case .failure(let expected) = fresh else {
            Issue.record("the fresh solve must fail")
            return
        }
        guard case .unsatisfiable(let conflict) = expected else {
            Issue.record("a conflict, not \(expected)")
            return
        }
        #expect(Set(conflict.map(\.index)) == [1, 2])
        let compiled = try CompiledSystem(s, parameterRows: [width])
        for constant in [-300.0, -300, -400] {
            compiled.setConstant(constant, ofRow: width)
            #expect(throws: expected) { try compiled.solve() }
        }
    }

    /// A component whose required rows conflict at the compiled constants
    /// (0 <= x <= c with c = -5) compiles, fails at the first solve as a
    /// fresh solve does, and solves once the constant allows it.
    @Test func aComponentConflictAtTheCompiledConstantsIsReported() throws {
        for threshold in [200, 1] {
            var s = ConstraintSystem()
            s.addVariables(2)
            let x = VariableIndex(0), y = VariableIndex(1)
            s.addRow([(x, 1)], constant: 0, relation: .greaterOrEqual, origin: Self.origin(0))
            let limit = s.addRow([(x, 1)], constant: 5, relation: .lessOrEqual, origin: Self.origin(1))
            s.addRow([(y, 1), (x, -1)], constant: -5, relation: .greaterOrEqual, origin: Self.origin(2))
            s.addRow([(y, 1)], constant: 0, relation: .equal, priority: .low, origin: Self.origin(3))
            s.addRow([(x, 1)], constant: -50, relation: .equal, priority: .low, origin: Self.origin(4))
            var options = SolveOptions()
            options.largePartThreshold = threshold
            let compiled = try CompiledSystem(s, parameterRows: [limit], options: options)
            let (followed, reoptimised) = Self.sweep(compiled, row: limit, over: [5, 5, -30, -80, 2, -20]) { constant, values in
                #expect(values[0] == min(-constant, 50), "x at \(-constant), threshold \(threshold)")
            }
            #expect(followed + reoptimised == 3)
        }
    }

    /// A coupled chain that reaches the large-component threshold is solved
    /// afresh through presolve at each change of its inputs (a row constant
    /// inside it, and a determined variable it reads): exactly the values of
    /// a fresh solve with the same options, at every step, and the required
    /// rows' conflict at too small a width is the fresh solve's.
    @Test func largeComponentsAreSolvedAsAFreshSolveWould() throws {
        let n = 24
        var s = ConstraintSystem()
        s.addVariables(2 * n + 2)
        let w = VariableIndex(0), half = VariableIndex(1)
        func left(_ i: Int) -> VariableIndex { VariableIndex(2 + 2 * i) }
        func size(_ i: Int) -> VariableIndex { VariableIndex(3 + 2 * i) }
        var k = 0
        func origin() -> Origin { k += 1; return Self.origin(k) }
        let width = s.addRow([(w, 1)], constant: -600, relation: .equal, origin: origin())
        s.addRow([(half, 2), (w, -1)], constant: 0, relation: .equal, origin: origin())
        s.addRow([(left(0), 1)], constant: -8, relation: .equal, origin: origin())
        var gaps: [RowIndex] = []
        for i in 0 ..< n {
            s.addRow([(size(i), 1)], constant: -Double(10 + i % 5), relation: .greaterOrEqual, origin: origin())
            s.addRow([(size(i), 1)], constant: -Double(40 + 7 * (i % 3)), relation: .equal,
                     priority: Priority(rawValue: 200 + Double(i % 4) * 10)!, origin: origin())
            if i > 0 {
                gaps.append(s.addRow([(left(i), 1), (left(i - 1), -1), (size(i - 1), -1)], constant: -4,
                                     relation: .greaterOrEqual, origin: origin()))
                s.addRow([(left(i), 1), (left(i - 1), -1), (size(i - 1), -1)], constant: -4, relation: .equal,
                         priority: .medium, origin: origin())
            }
        }
        s.addRow([(left(n - 1), 1), (size(n - 1), 1), (w, -1)], constant: 8, relation: .lessOrEqual, origin: origin())
        s.addRow([(left(n / 2), 1), (half, -1)], constant: 0, relation: .greaterOrEqual, priority: .high, origin: origin())
        var options = SolveOptions()
        options.largePartThreshold = 16
        let compiled = try CompiledSystem(s, parameterRows: [width, gaps[3]], options: options)
        var solved = 0, failed = 0
        for (step, value) in [600.0, 900, 1200, 700, 350, 250, 1500, 640, 641, 2000].enumerated() {
            compiled.setConstant(-value, ofRow: width)
            if step % 3 == 1 { compiled.setConstant(-Double(4 + step * 5), ofRow: gaps[3]) }
            let fresh = Result { try compiled.system.solve(options: options) }
            let again = Result { try compiled.solve() }
            switch (again, fresh) {
            case (.success(let a), .success(let b)):
                #expect(a.values == b.values, "at width \(value)")
                solved += 1
            case (.failure(let a), .failure(let b)):
                #expect(a as? SolverError == b as? SolverError, "at width \(value)")
                failed += 1
            default:
                Issue.record("at width \(value): \(again) vs \(fresh)")
            }
        }
        #expect(solved >= 6)
        #expect(failed >= 1)
    }
}
