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
}
