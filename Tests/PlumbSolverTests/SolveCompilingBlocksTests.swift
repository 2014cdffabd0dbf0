import Testing
import PlumbTestSupport
@_spi(Lowering) @testable import PlumbSolver

/// `CompiledSystem.solveCompilingBlocks`: one fresh solve that keeps its
/// planner compiled when the blocks alone solve the system. Its solution and
/// errors must be a fresh solve's, bit for bit, and the compiled system it
/// returns must then solve, after any change of its parameter rows, exactly
/// as a fresh solve of the changed system does.
@Suite struct SolveCompilingBlocksTests {
    /// A random system: chains of required equalities (`x = a·y + c`, some
    /// variables in coupled 2 × 2 blocks), sometimes a redundant required
    /// row over determined variables (which may conflict), an optional row,
    /// an inequality, or a variable left open.
    private static func randomSystem(_ rng: inout SplitMix64) -> ConstraintSystem {
        var s = ConstraintSystem()
        let n = Int.random(in: 2 ... 14, using: &rng)
        s.addVariables(n)
        func number() -> Double { Double(Int.random(in: -60 ... 240, using: &rng)) / 4 }
        func origin() -> Origin { Origin(kind: .constraint, index: s.rowCount, text: "row \(s.rowCount)") }
        let x = { (i: Int) in VariableIndex(i) }
        s.addRow([(x(0), 1)], constant: -abs(number()), relation: .equal, origin: origin())
        var i = 1
        while i < n {
            let j = Int.random(in: 0 ..< i, using: &rng)
            switch Int.random(in: 0 ..< 8, using: &rng) {
            case 0 where i + 1 < n:
                // A coupled block: x_i + x_{i+1} = x_j + c, x_i - 2 x_{i+1} = c'.
                s.addRow([(x(i), 1), (x(i + 1), 1), (x(j), -1)], constant: -number(), relation: .equal, origin: origin())
                s.addRow([(x(i), 1), (x(i + 1), -2)], constant: -number(), relation: .equal, origin: origin())
                i += 2
                continue
            case 1 where Int.random(in: 0 ..< 3, using: &rng) == 0:
                // Left open, or pulled by an optional row (the simplex's).
                if Bool.random(using: &rng) {
                    s.addRow([(x(i), 1)], constant: -number(), relation: .equal, priority: .low, origin: origin())
                }
            case 2 where Int.random(in: 0 ..< 3, using: &rng) == 0:
                s.addRow([(x(i), 1), (x(j), -1)], constant: -number(), relation: .greaterOrEqual, origin: origin())
            default:
                let a = Double(Int.random(in: 1 ... 8, using: &rng)) / 4
                s.addRow([(x(i), 1), (x(j), -a)], constant: -number(), relation: .equal, origin: origin())
            }
            i += 1
        }
        // Rows over determined variables only: a redundant one that holds or
        // conflicts, and an optional one the plan drops.
        if Bool.random(using: &rng) {
            let a = Int.random(in: 0 ..< n, using: &rng)
            s.addRow([(x(a), 1)], constant: -number(), relation: .equal, priority: .low, origin: origin())
        }
        if Int.random(in: 0 ..< 3, using: &rng) == 0 {
            s.addRow([(x(0), 1)], constant: Bool.random(using: &rng) ? s.constants[0] : -1_000,
                     relation: .equal, origin: origin())
        }
        return s
    }

    private static func bits(_ r: Result<Solution, SolverError>) -> Result<[UInt64], SolverError> {
        r.map { $0.values.map(\.bitPattern) }
    }

    /// The solve is a fresh solve's (values and errors, bit for bit), it
    /// compiles exactly the systems the blocks alone solve, and the compiled
    /// system then follows random changes of its parameter rows as a fresh
    /// solve of the changed system does.
    @Test func theSolveIsAFreshOneAndTheCompiledSystemFollowsChanges() {
        var rng = SplitMix64(seed: 2026_11_27)
        var compiledCount = 0, notCompiled = 0, failed = 0, steps = 0
        for trial in 0 ..< 600 {
            let s = Self.randomSystem(&rng)
            let rows = (0 ..< s.rowCount).map { RowIndex($0) }
            let fresh = Result { () throws(SolverError) -> Solution in try s.solve() }
            let both = Result { () throws(SolverError) -> (solution: Solution, compiled: CompiledSystem?) in
                try CompiledSystem.solveCompilingBlocks(s)
            }
            #expect(Self.bits(both.map { $0.solution }) == Self.bits(fresh), "trial \(trial)")
            guard case .success(let result) = both, case .success(let solution) = fresh else {
                failed += 1
                continue
            }
            let blocksOnly = solution.stats.residualComponents == 0 && solution.stats.largeParts == 0
            #expect((result.compiled != nil) == blocksOnly, "trial \(trial)")
            #expect(result.solution.stats.dagVariables == solution.stats.dagVariables, "trial \(trial)")
            guard let compiled = result.compiled else {
                notCompiled += 1
                continue
            }
            compiledCount += 1
            for step in 0 ..< 6 where !rows.isEmpty {
                // Nothing changed at the first step; then one, two or more rows.
                for _ in 0 ..< (step == 0 ? 0 : Int.random(in: 1 ... 3, using: &rng)) {
                    let r = rows[Int.random(in: 0 ..< rows.count, using: &rng)]
                    compiled.setConstant(Double(Int.random(in: -400 ... 400, using: &rng)) / 4, ofRow: r)
                }
                let again = Result { () throws(SolverError) -> Solution in try compiled.solve() }
                let afresh = Result { () throws(SolverError) -> Solution in try compiled.system.solve() }
                #expect(Self.bits(again) == Self.bits(afresh), "trial \(trial), step \(step)")
                steps += 1
            }
        }
        // Every kind was seen.
        #expect(compiledCount >= 150)
        #expect(notCompiled >= 50)
        #expect(failed >= 20)
        #expect(steps >= 600)
    }

    /// By hand: x0 = 10, x1 = 2·x0 + 3 = 23, x2 = x1 - 4 = 19, then the
    /// first row's constant moved to x0 = 20: x1 = 43, x2 = 39.
    @Test func aChainCompiledByItsFirstSolve() throws {
        var s = ConstraintSystem()
        s.addVariables(3)
        let origin = Origin(kind: .code, text: "test")
        let first = s.addRow([(VariableIndex(0), 1)], constant: -10, relation: .equal, origin: origin)
        s.addRow([(VariableIndex(1), 1), (VariableIndex(0), -2)], constant: -3, relation: .equal, origin: origin)
        s.addRow([(VariableIndex(2), 1), (VariableIndex(1), -1)], constant: 4, relation: .equal, origin: origin)
        let (solution, compiled) = try CompiledSystem.solveCompilingBlocks(s)
        #expect(solution.values == [10, 23, 19])
        let c = try #require(compiled)
        #expect(try c.solve().values == [10, 23, 19])
        c.setConstant(-20, ofRow: first)
        #expect(try c.solve().values == [20, 43, 39])
        // An optional row over a determined variable is dropped by the plan:
        // still compiled. One over a variable no equality fixes is left for
        // the simplex: solved, not compiled.
        s.addRow([(VariableIndex(2), 1)], constant: 0, relation: .lessOrEqual, priority: .low, origin: origin)
        #expect(try CompiledSystem.solveCompilingBlocks(s).compiled != nil)
        s.addVariables(1)
        s.addRow([(VariableIndex(3), 1)], constant: -5, relation: .equal, priority: .low, origin: origin)
        let (other, none) = try CompiledSystem.solveCompilingBlocks(s)
        #expect(other.values == [10, 23, 19, 5])
        #expect(none == nil)
    }
}

/// `CompiledSystem.solveCompiling`: a system with rows left for the
/// residual phase is compiled too, and each later solve must give what a
/// fresh solve of the changed system gives, bit for bit, solving afresh only
/// the components whose inputs changed (no two of one shape) or the whole
/// residual phase (components of one shape).
@Suite struct SolveCompilingTests {
    /// A random system of a determined chain and `groups` parts the blocks
    /// leave to the optimiser: a length pulled by hugging (`x <= L @ 250`) and
    /// resistance (`x >= L @ 750`) rows, edges that follow it (`y = x + c`:
    /// undetermined), sometimes a required inequality to the chain or an
    /// optional equality between two of the part's variables. Parts are
    /// often the same up to their constants (one shape). A redundant
    /// required row on the chain's start makes some changes conflict.
    static func residualSystem(_ rng: inout SplitMix64) -> (system: ConstraintSystem, lengths: [RowIndex]) {
        var s = ConstraintSystem()
        func number() -> Double { Double(Int.random(in: -60 ... 240, using: &rng)) / 4 }
        func origin() -> Origin { Origin(kind: .constraint, index: s.rowCount, text: "row \(s.rowCount)") }
        let chain = Int.random(in: 1 ... 5, using: &rng)
        s.addVariables(chain)
        s.addRow([(VariableIndex(0), 1)], constant: -abs(number()), relation: .equal, origin: origin())
        for i in 1 ..< chain {
            s.addRow([(VariableIndex(i), 1), (VariableIndex(i - 1), -1)], constant: -number(), relation: .equal,
                     origin: origin())
        }
        if Int.random(in: 0 ..< 3, using: &rng) == 0 {
            // Redundant: it conflicts once either constant moves alone.
            s.addRow([(VariableIndex(0), 1)], constant: s.constants[0], relation: .equal, origin: origin())
        }
        var lengths: [RowIndex] = []
        let sameShape = Bool.random(using: &rng)
        let shape = (follow: Int.random(in: 0 ... 3, using: &rng), bound: Bool.random(using: &rng),
                     optional: Bool.random(using: &rng))
        for _ in 0 ..< Int.random(in: 1 ... 6, using: &rng) {
            let part = sameShape ? shape : (follow: Int.random(in: 0 ... 3, using: &rng),
                                            bound: Bool.random(using: &rng), optional: Bool.random(using: &rng))
            let x = VariableIndex(s.variableCount)
            s.addVariables(1 + part.follow)
            let length = abs(number())
            lengths.append(s.addRow([(x, 1)], constant: -length, relation: .lessOrEqual, priority: .low, origin: origin()))
            lengths.append(s.addRow([(x, 1)], constant: -length, relation: .greaterOrEqual, priority: .high,
                                    origin: origin()))
            for k in 0 ..< part.follow {
                s.addRow([(VariableIndex(x.int + k + 1), 1), (VariableIndex(x.int + k), -1)], constant: -number(),
                         relation: .equal, origin: origin())
            }
            let last = VariableIndex(x.int + part.follow)
            if part.bound {
                let anchor = VariableIndex(Int.random(in: 0 ..< chain, using: &rng))
                s.addRow([(last, 1), (anchor, -1)], constant: number(), relation: .lessOrEqual, origin: origin())
            }
            if part.optional {
                s.addRow([(last, 1), (x, -2)], constant: -number(), relation: .equal, priority: .medium, origin: origin())
            }
        }
        return (s, lengths)
    }

    private static func bits(_ r: Result<Solution, SolverError>) -> Result<[UInt64], SolverError> {
        r.map { $0.values.map(\.bitPattern) }
    }

    @Test func laterSolvesAreFreshSolvesOfTheChangedSystem() throws {
        var rng = SplitMix64(seed: 2026_11_27_15)
        var byComponents = 0, byPhase = 0, steps = 0, skipped = 0, failedSteps = 0, phaseSkipped = 0
        var uncomparedRepeats = 0
        for trial in 0 ..< 400 {
            let (s, lengths) = Self.residualSystem(&rng)
            // Every fifth system without presolve (each component to the
            // tableau whole), every fifth without shapes, one in ten on two threads.
            var options = SolveOptions()
            options.presolve = trial % 5 != 3
            options.reuseShapes = trial % 5 != 4
            options.threads = trial % 10 == 7 ? 2 : 1
            let fresh = Result { () throws(SolverError) -> Solution in try s.solve(options: options) }
            let both = Result { () throws(SolverError) -> (solution: Solution, compiled: CompiledSystem?) in
                try CompiledSystem.solveCompiling(s, options: options)
            }
            #expect(Self.bits(both.map { $0.solution }) == Self.bits(fresh), "trial \(trial)")
            guard case .success(let result) = both else { continue }
            let compiled = try #require(result.compiled)
            let rows = (0 ..< s.rowCount).map { RowIndex($0) }
            for step in 0 ..< 8 {
                // Nothing, then mostly one length (both of its rows, as an
                // intrinsic size changes), sometimes any rows.
                if step > 0 {
                    if Int.random(in: 0 ..< 4, using: &rng) != 0 {
                        let k = Int.random(in: 0 ..< lengths.count / 2, using: &rng)
                        let value = -Double(Int.random(in: 0 ... 400, using: &rng)) / 4
                        compiled.setConstant(value, ofRow: lengths[2 * k])
                        compiled.setConstant(value, ofRow: lengths[2 * k + 1])
                    } else {
                        for _ in 0 ..< Int.random(in: 1 ... 3, using: &rng) {
                            let r = rows[Int.random(in: 0 ..< rows.count, using: &rng)]
                            compiled.setConstant(Double(Int.random(in: -400 ... 400, using: &rng)) / 4, ofRow: r)
                        }
                    }
                }
                let again = Result { () throws(SolverError) -> Solution in try compiled.solve() }
                let afresh = Result { () throws(SolverError) -> Solution in try compiled.system.solve(options: options) }
                #expect(Self.bits(again) == Self.bits(afresh), "trial \(trial), step \(step)")
                steps += 1
                switch again {
                case .success(let solution):
                    if compiled.freshResidual == .changedComponents,
                       solution.stats.reoptimisedComponents < (try? afresh.get().stats.residualComponents) ?? 0 {
                        skipped += 1
                    }
                    // The whole phase not run again: nothing changed since a solve that finished.
                    if compiled.freshResidual == .wholePhase, solution.stats.reoptimisedComponents == 0 {
                        phaseSkipped += 1
                    }
                case .failure: failedSteps += 1
                }
                // Every other step, once more with nothing changed: the
                // same bits, and after a solve that finished the large
                // components' inputs are not compared.
                if step % 2 == 1 {
                    let uncompared = compiled.inputsLeftUncompared
                    let repeated = Result { () throws(SolverError) -> Solution in try compiled.solve() }
                    #expect(Self.bits(repeated) == Self.bits(afresh), "trial \(trial), step \(step), repeated")
                    if compiled.freshResidual == .changedComponents, case .success = again,
                       compiled.inputsLeftUncompared == uncompared + 1 {
                        uncomparedRepeats += 1
                    }
                }
            }
            // Decided at the first solve.
            switch compiled.freshResidual {
            case .changedComponents?: byComponents += 1
            case .wholePhase?: byPhase += 1
            case nil: Issue.record("trial \(trial): compiled with tableaux")
            }
        }
        // Both ways were seen, components whose inputs did not change were
        // left as they were, the whole phase was left out when nothing
        // changed, and some steps failed (conflicting bounds).
        #expect(byComponents >= 100)
        #expect(byPhase >= 50)
        #expect(skipped >= 300)
        #expect(phaseSkipped >= 50)
        #expect(uncomparedRepeats >= 400)
        #expect(failedSteps >= 10)
        #expect(steps == 3_200)
    }
}

extension SolveCompilingTests {
    /// A constant that goes from 0 to -0 is a change: `x0 = 0` (the row
    /// `x0 + c = 0` with `c = -0`) gives `x0 = +0`, with `c = +0` it gives
    /// `-0`, and a compiled system must give the fresh solve's sign, both when
    /// the blocks alone solve it and when a component follows `x0`.
    @Test func aConstantFromZeroToMinusZeroIsAChange() throws {
        for optional in [false, true] {
            var s = ConstraintSystem()
            s.addVariables(2)
            let origin = Origin(kind: .code, text: "test")
            let row = s.addRow([(VariableIndex(0), 1)], constant: 0.0, relation: .equal, origin: origin)
            if optional {
                s.addRow([(VariableIndex(1), 1), (VariableIndex(0), -1)], constant: 0, relation: .lessOrEqual,
                         origin: origin)
                s.addRow([(VariableIndex(1), 1)], constant: -3, relation: .equal, priority: .low, origin: origin)
            } else {
                s.addRow([(VariableIndex(1), 1), (VariableIndex(0), -1)], constant: 0, relation: .equal,
                         origin: origin)
            }
            let (first, compiled) = try CompiledSystem.solveCompiling(s)
            #expect(first.values[0].bitPattern == (-0.0).bitPattern)
            let c = try #require(compiled)
            _ = try c.solve()
            c.setConstant(-0.0, ofRow: row)
            let again = try c.solve().values
            let fresh = try c.system.solve().values
            #expect(fresh[0].bitPattern == (0.0).bitPattern, "optional \(optional)")
            #expect(again.map(\.bitPattern) == fresh.map(\.bitPattern), "optional \(optional)")
        }
    }
}

/// A compiled system's components are solved again by replaying the tape of
/// their last whole presolve (`ComponentPresolve.Tape`): only the arithmetic
/// on constants, with each decision that depends on the constants checked.
/// Each later solve must still be a fresh solve of the changed system, bit
/// for bit, whether the replay went through or diverged (then the component
/// is presolved whole).
extension SolveCompilingTests {
    /// A random system whose components the presolve works through every
    /// step of: chains that aggregate, a three-term equality, two lengths
    /// with two parallel required inequalities between them (which one is
    /// tighter depends on the constants) and an opposite one (one equality
    /// when the constants meet), opposite bounds on one variable,
    /// sometimes an equality written twice (a row aggregation empties: it
    /// must hold) and an optional equality. The constants come from a few
    /// values so that bounds meet and swap.
    static func presolvedSystem(_ rng: inout SplitMix64) -> ConstraintSystem {
        var s = ConstraintSystem()
        func small() -> Double { Double(Int.random(in: -4 ... 4, using: &rng)) * 2.5 }
        func origin() -> Origin { Origin(kind: .constraint, index: s.rowCount, text: "row \(s.rowCount)") }
        func v(_ i: Int) -> VariableIndex { VariableIndex(i) }
        s.addVariables(2)
        s.addRow([(v(0), 1)], constant: -10, relation: .equal, origin: origin())
        s.addRow([(v(1), 1), (v(0), -1)], constant: small(), relation: .equal, origin: origin())
        for _ in 0 ..< Int.random(in: 1 ... 4, using: &rng) {
            let x = s.variableCount, chain = Int.random(in: 1 ... 4, using: &rng)
            s.addVariables(3 + chain)
            let z = x + 1 + chain, w = z + 1
            // Two lengths pulled by optional rows.
            for length in [x, w] {
                s.addRow([(v(length), 1)], constant: -20 - small(), relation: .lessOrEqual, priority: .low,
                         origin: origin())
                s.addRow([(v(length), 1)], constant: -20 - small(), relation: .greaterOrEqual, priority: .high,
                         origin: origin())
            }
            // Parallel: w − x ≤ c1 and 2·w − 2·x ≤ c2 (one is dropped for the
            // other); sometimes w − x ≥ c3 too (one equality when c3 = c1).
            if Bool.random(using: &rng) {
                s.addRow([(v(w), 1), (v(x), -1)], constant: small(), relation: .lessOrEqual, origin: origin())
                s.addRow([(v(w), 2), (v(x), -2)], constant: 2 * small(), relation: .lessOrEqual, origin: origin())
            }
            if Bool.random(using: &rng) {
                s.addRow([(v(w), 1), (v(x), -1)], constant: small(), relation: .greaterOrEqual, origin: origin())
            }
            for k in 1 ... chain {
                s.addRow([(v(x + k), 1), (v(x + k - 1), -1)], constant: small(), relation: .equal, origin: origin())
            }
            if Bool.random(using: &rng) {
                // The first link written twice: aggregation empties the copy.
                s.addRow([(v(x + 1), 2), (v(x), -2)], constant: 2 * s.constants[s.rowCount - chain], relation: .equal,
                         origin: origin())
            }
            let last = x + chain
            // z = x + last + c: three unknowns, pivoted on.
            s.addRow([(v(z), 1), (v(x), -1), (v(last), -1)], constant: small(), relation: .equal, origin: origin())
            // Opposite bounds on z against the determined chain.
            if Bool.random(using: &rng) {
                let anchor = v(Int.random(in: 0 ... 1, using: &rng))
                s.addRow([(v(z), 1), (anchor, -1)], constant: -60 + small(), relation: .greaterOrEqual, origin: origin())
                s.addRow([(v(z), 1), (anchor, -1)], constant: -60 + small(), relation: .lessOrEqual, origin: origin())
            }
            if Bool.random(using: &rng) {
                s.addRow([(v(z), 1), (v(x), -3)], constant: small(), relation: .equal, priority: .medium, origin: origin())
            }
        }
        return s
    }

    /// `s` solved by `solveCompiling` and afresh, the same values bit for
    /// bit or the same error expected: the compiled system, nil when the
    /// solve failed.
    /// Thrown when a solve succeeded without a compiled system.
    struct CompiledMissing: Error {}

    static func compiledIfSolved(_ s: ConstraintSystem, options: SolveOptions, _ comment: Comment) throws
        -> CompiledSystem?
    {
        let both = Result { () throws(SolverError) -> (solution: Solution, compiled: CompiledSystem?) in
            try CompiledSystem.solveCompiling(s, options: options)
        }
        let fresh = Result { () throws(SolverError) -> Solution in try s.solve(options: options) }
        #expect(bits(both.map { $0.solution }) == bits(fresh), comment)
        guard case .success(let result) = both else { return nil }
        guard let compiled = result.compiled else {
            Issue.record("solved but not compiled: \(comment)")
            throw CompiledMissing()
        }
        return compiled
    }

    /// Moves row `r`'s constant in `compiled` by up to `upTo` steps of `step`
    /// either way or, one time in `oneIn`, onto another row's constant.
    static func move(
        _ r: Int, of compiled: CompiledSystem, by step: Double, upTo: Int, oneIn: Int, _ rng: inout SplitMix64
    ) {
        let constants = compiled.system.constants
        let value = Int.random(in: 0 ..< oneIn, using: &rng) == 0
            ? constants[Int.random(in: 0 ..< constants.count, using: &rng)]
            : constants[r] + Double(Int.random(in: -upTo ... upTo, using: &rng)) * step
        compiled.setConstant(value, ofRow: RowIndex(r))
    }

    /// Solves `compiled` again and its system afresh, and expects the same
    /// values bit for bit or the same error; whether the solve succeeded.
    static func expectFreshSolve(_ compiled: CompiledSystem, options: SolveOptions, _ comment: Comment) -> Bool {
        let again = Result { () throws(SolverError) -> Solution in try compiled.solve() }
        let afresh = Result { () throws(SolverError) -> Solution in try compiled.system.solve(options: options) }
        #expect(bits(again) == bits(afresh), comment)
        if case .failure = again { return false }
        return true
    }

    @Test func replayedPresolvesAreFreshSolves() throws {
        var rng = SplitMix64(seed: 2026_11_27_19)
        var replayed = 0, diverged = 0, failedSteps = 0, steps = 0
        for trial in 0 ..< 400 {
            let s = Self.presolvedSystem(&rng)
            var options = SolveOptions()
            options.reuseShapes = false
            options.threads = trial % 10 == 7 ? 2 : 1
            guard let compiled = try Self.compiledIfSolved(s, options: options, "trial \(trial)") else { continue }
            for step in 0 ..< 8 {
                // One to three rows anywhere, to one of a few values (bounds
                // meet, swap, or cross), or the chain's start.
                for _ in 0 ..< Int.random(in: 1 ... 3, using: &rng) {
                    Self.move(Int.random(in: 0 ..< s.rowCount, using: &rng), of: compiled, by: 2.5, upTo: 2, oneIn: 3, &rng)
                }
                if !Self.expectFreshSolve(compiled, options: options, "trial \(trial), step \(step)") { failedSteps += 1 }
                steps += 1
            }
            #expect(compiled.freshResidual == .changedComponents, "trial \(trial)")
            replayed += compiled.replayedComponents
            diverged += compiled.divergedReplays
        }
        // Both ways were seen: replays that went through, and replays that
        // met a decision that changed (the component presolved whole). A
        // tape is recorded at a component's second solve again, so the
        // first two steps that reach it replay nothing.
        #expect(replayed >= 200, "\(replayed)")
        #expect(diverged >= 25, "\(diverged)")
        #expect(failedSteps >= 20, "\(failedSteps)")
        #expect(steps >= 1_000, "\(steps)")
    }
}

/// A compiled system keeps each component's presolve as its last whole
/// solve left it (`ComponentPresolve.Kept`; here every component, however
/// small) and, when only optional rows of a component changed, solves it
/// from there: the changed rows' reduced constants (substitution, then the
/// pivots that rewrote them), their parts, the eliminated variables and the
/// values. Each solve must still be a fresh solve of the changed system,
/// bit for bit, including after changes that reach required rows (the
/// component then presolved whole, or replayed, and kept again).
/// A resolve writes only the values that can have moved; under the
/// checking mode (`ComponentPresolve.writeCheck`) it also computes every
/// eliminated variable and every value the whole way, and no value may
/// differ from what the partial write left.
extension SolveCompilingTests {
    @Test func keptPresolvesAreFreshSolves() throws {
        // Most resolves were checked, and some left values unwritten.
        try Self.expectExactWrites(resolves: 300, someUnwritten: true) { try solveKeptPresolvesAgain() }
    }

    /// Runs `body` under the presolve's write check
    /// (`ComponentPresolve.writeCheck`, which computes every value a resolve
    /// leaves unwritten) and expects no such value to have moved, at least
    /// `resolves` resolves checked and, with `someUnwritten`, some values
    /// left unwritten.
    static func expectExactWrites(
        resolves: Int, someUnwritten: Bool, sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () throws -> Void
    ) throws {
        let check = ComponentPresolve.WriteCheck()
        try ComponentPresolve.$writeCheck.withValue(check) { try body() }
        #expect(check.mismatches == 0, "\(check.mismatches)", sourceLocation: sourceLocation)
        #expect(check.resolves >= resolves, "\(check.resolves)", sourceLocation: sourceLocation)
        if someUnwritten {
            #expect(check.written < check.variables, "\(check.written) of \(check.variables)",
                    sourceLocation: sourceLocation)
        }
    }

    private func solveKeptPresolvesAgain() throws {
        var rng = SplitMix64(seed: 2026_11_27_36)
        var resolved = 0, failedSteps = 0, steps = 0
        for trial in 0 ..< 160 {
            var s = Self.presolvedSystem(&rng)
            // Sums that stay three unknowns after aggregation, pivoted on:
            // `y = a + b + c` with optional rows on `y`, which a pivot on `y`
            // (or on `a` or `b`) rewrites.
            for _ in 0 ..< Int.random(in: 0 ... 2, using: &rng) {
                let y = VariableIndex(s.variableCount)
                s.addVariables(1)
                let a = VariableIndex(Int.random(in: 2 ..< y.int, using: &rng))
                let b = VariableIndex(Int.random(in: 2 ..< y.int, using: &rng))
                s.addNumberedRow([(y, 1), (a, -1), (b, -1)], -5, .equal, .required)
                s.addNumberedRow([(y, 1)], -90, .lessOrEqual, .low)
                s.addNumberedRow([(y, 1)], -60, .greaterOrEqual, .high)
                s.addNumberedRow([(y, 1), (a, -2)], -7.5, .equal, .medium)
            }
            // Variables only an optional row mentions (`y = a + 3`, then
            // `z = y + 2`): singletons, computed from those rows, which a
            // resolve computes again when one's constant changes.
            for _ in 0 ..< Int.random(in: 0 ... 2, using: &rng) {
                let y = VariableIndex(s.variableCount)
                s.addVariables(2)
                let a = VariableIndex(Int.random(in: 2 ..< y.int, using: &rng))
                s.addNumberedRow([(y, 1), (a, -1)], -3, .equal, .medium)
                s.addNumberedRow([(VariableIndex(y.int + 1), 1), (y, -1)], -2, .equal, .low)
            }
            var options = SolveOptions()
            options.reuseShapes = false
            options.keptPresolveRows = 1
            options.threads = trial % 10 == 7 ? 2 : 1
            guard let c = try Self.compiledIfSolved(s, options: options, "trial \(trial)") else { continue }
            let optional = (0 ..< s.rowCount).filter { !s.priorities[$0].isRequired }
            for step in 0 ..< 8 {
                // Mostly one or two optional rows (a length's two rows, as an
                // intrinsic size changes, or the optional equality), moved a
                // little or onto another row's constant; one step in four
                // any row.
                let anyRow = Int.random(in: 0 ..< 4, using: &rng) == 0
                for _ in 0 ..< Int.random(in: 1 ... 2, using: &rng) {
                    let r = anyRow ? Int.random(in: 0 ..< s.rowCount, using: &rng) : optional.randomElement(using: &rng)!
                    Self.move(r, of: c, by: 1.25, upTo: 3, oneIn: 4, &rng)
                }
                if !Self.expectFreshSolve(c, options: options, "trial \(trial), step \(step)") { failedSteps += 1 }
                steps += 1
            }
            resolved += c.resolvedComponents
        }
        // (Systems whose required rows conflict from the start are skipped.)
        #expect(resolved >= 400, "\(resolved)")
        #expect(failedSteps >= 20, "\(failedSteps)")
        #expect(steps >= 500, "\(steps)")
    }
}

/// The block phase records the 1×1 blocks it solves run by run, leaving
/// out the rows of a run it could not solve (they read a variable no
/// equality fixes). A compiled system re-evaluates exactly the recorded
/// blocks: long chains cut by such rows must solve again as fresh solves.
@Suite struct SingletonRunRecordingTests {
    @Test func chainsCutByOpenVariablesSolveAgainAsFreshSolves() throws {
        var rng = SplitMix64(seed: 2026_12_02)
        var steps = 0, skipped = 0
        for trial in 0 ..< 80 {
            var s = ConstraintSystem()
            let n = Int.random(in: 20 ... 300, using: &rng)
            s.addVariables(n + 1)
            let open = VariableIndex(n)  // fixed by no equality; pulled by an optional row
            func origin() -> Origin { Origin(kind: .constraint, index: s.rowCount, text: "row \(s.rowCount)") }
            s.addRow([(VariableIndex(0), 1)], constant: -5, relation: .equal, origin: origin())
            for i in 1 ..< n {
                let j = Int.random(in: max(0, i - 3) ..< i, using: &rng)
                // Some rows read the open variable: undetermined, and so
                // every row after them that reads their variable.
                let cut = Int.random(in: 0 ..< 12, using: &rng) == 0
                let c = -Double(Int.random(in: -40 ... 40, using: &rng)) / 4
                if cut {
                    s.addRow([(VariableIndex(i), 1), (open, -1)], constant: c, relation: .equal, origin: origin())
                    skipped += 1
                } else {
                    s.addRow([(VariableIndex(i), 1), (VariableIndex(j), -Double(Int.random(in: 1 ... 4, using: &rng)) / 2)],
                             constant: c, relation: .equal, origin: origin())
                }
            }
            s.addRow([(open, 1)], constant: -3, relation: .equal, priority: .low, origin: origin())
            let (solution, compiled) = try CompiledSystem.solveCompiling(s)
            #expect(solution.values.map(\.bitPattern) == (try s.solve()).values.map(\.bitPattern), "trial \(trial)")
            let c = try #require(compiled)
            for step in 0 ..< 5 {
                for _ in 0 ..< Int.random(in: 1 ... 4, using: &rng) {
                    let r = RowIndex(Int.random(in: 0 ..< s.rowCount, using: &rng))
                    c.setConstant(-Double(Int.random(in: -80 ... 80, using: &rng)) / 4, ofRow: r)
                }
                let again = try c.solve().values.map(\.bitPattern)
                let fresh = try c.system.solve().values.map(\.bitPattern)
                #expect(again == fresh, "trial \(trial), step \(step)")
                steps += 1
            }
        }
        #expect(steps == 400)
        #expect(skipped >= 100)
    }
}

/// A change that reaches no block (optional rows, an intrinsic size's
/// hugging and resistance rows) moves no determined variable, so a compiled
/// system finds the components to solve again from the rows
/// `setConstant` noted instead of comparing every input. In checking mode
/// each component's inputs are also compared one by one: the two must agree
/// after every change, and the solves must stay fresh solves bit for bit
/// (a row written without being noted would leave its component's old
/// values).
extension SolveCompilingTests {
    @Test func notedRowsFindTheChangedComponentsAsTheComparisonDoes() throws {
        var rng = SplitMix64(seed: 2026_12_06_62)
        var noted = 0, listed = 0, steps = 0, failedSteps = 0
        for trial in 0 ..< 240 {
            // Half the systems of lengths and edges, half the presolve's;
            // every other one with kept presolves (the changed rows listed).
            let (s, lengths): (ConstraintSystem, [RowIndex])
            if trial % 2 == 0 {
                (s, lengths) = Self.residualSystem(&rng)
            } else {
                s = Self.presolvedSystem(&rng)
                lengths = (0 ..< s.rowCount).filter { !s.priorities[$0].isRequired }.map { RowIndex($0) }
            }
            var options = SolveOptions()
            options.reuseShapes = false
            if trial % 4 >= 2 { options.keptPresolveRows = 1 }
            guard let c = try Self.compiledIfSolved(s, options: options, "trial \(trial)") else { continue }
            c.checksNotedInputs = true
            for step in 0 ..< 8 {
                // Mostly optional rows (one, two, or one moved and moved
                // back); one step in five any row, so that blocks move too.
                switch Int.random(in: 0 ..< 5, using: &rng) {
                case 0:
                    Self.move(Int.random(in: 0 ..< s.rowCount, using: &rng), of: c, by: 2.5, upTo: 2, oneIn: 3, &rng)
                case 1:
                    let r = lengths.randomElement(using: &rng)!.int, before = c.system.constants[r]
                    Self.move(r, of: c, by: 2.5, upTo: 2, oneIn: 3, &rng)
                    c.setConstant(before, ofRow: RowIndex(r))
                    Self.move(lengths.randomElement(using: &rng)!.int, of: c, by: 2.5, upTo: 2, oneIn: 4, &rng)
                default:
                    for _ in 0 ..< Int.random(in: 1 ... 2, using: &rng) {
                        Self.move(lengths.randomElement(using: &rng)!.int, of: c, by: 2.5, upTo: 2, oneIn: 4, &rng)
                    }
                }
                let before = c.notedInputSolves, resolvedBefore = c.resolvedComponents
                if !Self.expectFreshSolve(c, options: options, "trial \(trial), step \(step)") { failedSteps += 1 }
                steps += 1
                if c.notedInputSolves > before {
                    noted += 1
                    if c.resolvedComponents > resolvedBefore { listed += 1 }
                }
            }
            #expect(c.notedInputMismatches == 0, "trial \(trial)")
        }
        // The noted path was taken, with and without the rows listed for a
        // kept presolve, and some steps failed (conflicting rows).
        #expect(noted >= 600, "\(noted)")
        #expect(listed >= 100, "\(listed)")
        #expect(failedSteps >= 10, "\(failedSteps)")
        #expect(steps >= 1_200, "\(steps)")
    }
}
