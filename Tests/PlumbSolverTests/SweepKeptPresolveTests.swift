import Testing
import PlumbTestSupport
@_spi(Lowering) @testable import PlumbSolver

/// A compiled sweep (`CompiledSystem(_:parameterRows:)`) keeps each large
/// component's presolve (`ComponentPresolve.Kept`) and solves a step from
/// it when the step moves only row constants and determined variables whose
/// rows no decision of the presolve reads: a root width that the block
/// phase turns into a determined variable, read by a few bounds (a table's
/// column caps). Every step must give what the sweep gave before, bit for
/// bit (each large component presolved whole), and a fresh solve's values.
extension SolveCompilingTests {
    /// ``requiredRowsSystem(_:)`` with rows that read the determined
    /// variables `v0` (row 0's constant sets it, as the root width row sets
    /// the root's width) and `v1 = v0 + c`: required caps `x ≤ v0 / 2 + c`
    /// on a length (reduced rows in a part), wishes `y = v1 + c`, and
    /// sometimes a required link `y = v1 + c` (aggregated: declined).
    static func sweptSystem(_ rng: inout SplitMix64) -> (system: ConstraintSystem, parameters: [Int]) {
        var (s, required) = requiredRowsSystem(&rng)
        func small() -> Double { Double(Int.random(in: -4 ... 4, using: &rng)) * 2.5 }
        let v0 = VariableIndex(0), v1 = VariableIndex(1)
        for _ in 0 ..< Int.random(in: 1 ... 3, using: &rng) {
            let x = VariableIndex(Int.random(in: 2 ..< s.variableCount, using: &rng))
            s.addNumberedRow([(x, 1), (v0, -0.5)], -1 - small(), .lessOrEqual)
            if Bool.random(using: &rng) {
                let y = VariableIndex(Int.random(in: 2 ..< s.variableCount, using: &rng))
                s.addNumberedRow([(y, 1), (v1, -1)], small(), .equal, .low)
            }
        }
        if Int.random(in: 0 ..< 4, using: &rng) == 0 {
            let y = VariableIndex(Int.random(in: 2 ..< s.variableCount, using: &rng))
            s.addNumberedRow([(y, 1), (v1, -1)], small(), .equal)
        }
        let optional = (0 ..< s.rowCount).filter { !s.priorities[$0].isRequired }
        var parameters = [0]
        for _ in 0 ..< 2 { parameters.append(required.randomElement(using: &rng)!) }
        parameters.append(optional.randomElement(using: &rng)!)
        return (s, Array(Set(parameters)).sorted())
    }

    /// A solve's values as bit patterns, or its error (compared bit for bit).
    static func valueBits(_ r: Result<Solution, SolverError>) -> Result<[UInt64], SolverError> {
        r.map { $0.values.map(\.bitPattern) }
    }

    /// Options under which every large component is presolved and its
    /// presolve kept, none solved as another's shape: the layouts-again
    /// tests'.
    static var keptEverywhere: SolveOptions {
        var options = SolveOptions()
        options.largePartThreshold = 1
        options.keptPresolveRows = 1
        options.reuseShapes = false
        return options
    }

    /// `s` compiled for layouts again (`CompiledSystem.solveCompiling`)
    /// twice: as it is, and with moved determined variables sent to the
    /// tape or a whole presolve (the old path); `nil` when a compile fails
    /// or keeps nothing to solve again.
    static func compiledForAgain(
        _ s: ConstraintSystem, options: SolveOptions
    ) throws -> (again: CompiledSystem, old: CompiledSystem)? {
        let compile = { () throws(SolverError) -> CompiledSystem? in
            try CompiledSystem.solveCompiling(s, options: options).compiled
        }
        guard case .success(let again?) = Result(catching: compile) else { return nil }
        guard let old = try CompiledSystem.$keepsPresolvesForMovedVariables.withValue(false, operation: compile)
        else { return nil }
        return (again, old)
    }

    /// `s` compiled as a sweep over `parameters` twice: keeping its large
    /// components' presolves, and not (the old sweep); `nil` when the
    /// compile fails.
    static func compiledForSweep(
        _ s: ConstraintSystem, parameters: [Int], options: SolveOptions
    ) throws -> (swept: CompiledSystem, old: CompiledSystem)? {
        let rows = parameters.map { RowIndex($0) }
        let compile = { () throws(SolverError) -> CompiledSystem in
            try CompiledSystem(s, parameterRows: rows, options: options)
        }
        guard case .success(let swept) = Result(catching: compile) else { return nil }
        return (swept, try CompiledSystem.$keepsSweepPresolves.withValue(false) { try compile() })
    }

    /// A layout again of `again` after `moves` (``moveAndSolve(_:_:_:)``,
    /// `old` the old path's twin), expected to be, bit for bit, a fresh
    /// solve of the changed system and what the old path gives; its result.
    static func expectAgainStep(
        _ moves: [(Int, Double)], _ again: CompiledSystem, _ old: CompiledSystem, options: SolveOptions,
        _ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Result<Solution, SolverError> {
        let (new, reference) = moveAndSolve(moves, again, old)
        let fresh = Result { () throws(SolverError) -> Solution in try again.system.solve(options: options) }
        #expect(valueBits(new) == valueBits(fresh), comment, sourceLocation: sourceLocation)
        #expect(valueBits(new) == valueBits(reference), comment, sourceLocation: sourceLocation)
        return new
    }

    /// Sets the constants of `moves` (row, value) in `new` and in `old`,
    /// then solves each: the step of a sweep or a layout again, taken by
    /// the path under test and by the path it is compared with.
    static func moveAndSolve(_ moves: [(Int, Double)], _ new: CompiledSystem, _ old: CompiledSystem)
        -> (new: Result<Solution, SolverError>, old: Result<Solution, SolverError>)
    {
        for (r, value) in moves {
            new.setConstant(value, ofRow: RowIndex(r))
            old.setConstant(value, ofRow: RowIndex(r))
        }
        let solved = Result { () throws(SolverError) -> Solution in try new.solve() }
        return (solved, Result { () throws(SolverError) -> Solution in try old.solve() })
    }

    /// One step of a sweep or a layout again of ``sweptSystem(_:)``: the
    /// root width (`v0` moved by a few halves from `s`'s: caps meet the
    /// lengths' bounds, cross them) and, one step in three, another
    /// parameter row's constant.
    static func widthStep(_ rng: inout SplitMix64, _ s: ConstraintSystem, parameters: [Int]) -> [(Int, Double)] {
        let width = s.constants[0] - Double(Int.random(in: -12 ... 12, using: &rng)) * 1.25
        var moves = [(0, width)]
        if Int.random(in: 0 ..< 3, using: &rng) == 0 {
            let r = parameters.randomElement(using: &rng)!
            moves.append((r, s.constants[r] + Double(Int.random(in: -2 ... 2, using: &rng)) * 2.5))
        }
        return moves
    }

    /// A component whose presolve pairs opposite bounds (`a ≤ 50`, `a ≥ 50`)
    /// records one tape, at its second solve again, and that tape cannot be
    /// followed; later steps presolve it plainly instead of recording a
    /// tape again each time (which cost `degenerate`'s sweep a third more a
    /// step). Every step is still a fresh solve's values, bit for bit.
    @Test func anUnfollowableTapeIsNotRecordedAgain() throws {
        var s = ConstraintSystem()
        s.addVariables(3)
        let width = VariableIndex(0), a = VariableIndex(1), b = VariableIndex(2)
        s.addNumberedRow([(width, 1)], -1000, .equal)
        s.addNumberedRow([(a, 1)], -50, .lessOrEqual)
        s.addNumberedRow([(a, 1)], -50, .greaterOrEqual)
        s.addNumberedRow([(b, 1), (a, -1)], -10, .greaterOrEqual)
        s.addNumberedRow([(b, 1), (width, -0.5)], 1, .lessOrEqual)
        s.addNumberedRow([(b, 1)], -400, .equal, .low)
        var options = SolveOptions()
        options.largePartThreshold = 1
        options.keptPresolveRows = 1
        let swept = try CompiledSystem(s, parameterRows: [RowIndex(0)], options: options)
        for (step, w) in [900.0, 700, 500, 300, 200, 150].enumerated() {
            swept.setConstant(-w, ofRow: RowIndex(0))
            let values = try swept.solve().values
            let fresh = try swept.system.solve(options: options).values
            #expect(values.map(\.bitPattern) == fresh.map(\.bitPattern), "step \(step)")
            // b at its wish, or at its cap w / 2 − 1.
            #expect(values[2] == min(400, w / 2 - 1), "step \(step)")
        }
        #expect(swept.recordedTapes == 1, "\(swept.recordedTapes)")
        #expect(swept.replayedComponents == 0)
        #expect(swept.requiredRowTally.paired >= 4, "\(swept.requiredRowTally)")
    }

    @Test func sweptLargeComponentsSolveFromTheirKeptPresolves() throws {
        try Self.expectExactWrites(resolves: 300, someUnwritten: true) { try sweepKeptPresolves() }
    }

    private func sweepKeptPresolves() throws {
        var rng = SplitMix64(seed: 2026_12_06_64)
        var resolved = 0, byWidth = 0, failedSteps = 0, steps = 0
        for trial in 0 ..< 200 {
            let (s, parameters) = Self.sweptSystem(&rng)
            var options = SolveOptions()
            // Every component presolved (none gets a warm tableau), every
            // presolve kept.
            options.largePartThreshold = 1
            options.keptPresolveRows = 1
            guard let (swept, old) = try Self.compiledForSweep(s, parameters: parameters, options: options) else { continue }
            for step in 0 ..< 10 {
                let moves = Self.widthStep(&rng, s, parameters: parameters)
                let before = swept.resolvedComponents
                let (new, reference) = Self.moveAndSolve(moves, swept, old)
                let fresh = Result { () throws(SolverError) -> Solution in try swept.system.solve(options: options) }
                let comment: Comment = "trial \(trial), step \(step)"
                // The old sweep path, bit for bit.
                #expect(Self.valueBits(new) == Self.valueBits(reference), comment)
                steps += 1
                if swept.resolvedComponents > before && moves.count == 1 { byWidth += 1 }
                switch (new, fresh) {
                case (.success(let a), .success(let b)):
                    // A fresh solve's optimum, to the tolerance: the sweep
                    // keeps the compile's row order and plan, so its bits
                    // are the old sweep's, not always a fresh solve's (about
                    // a sixth of these steps are both).
                    let close = zip(a.values, b.values).allSatisfy { abs($0 - $1) <= 1e-9 * max(1, abs($1)) }
                    #expect(close, comment)
                case (.failure(let a), .failure(let b)):
                    #expect(a == b, comment)
                    failedSteps += 1
                default:
                    Issue.record("one of the sweep and the fresh solve failed: \(comment)")
                }
            }
            resolved += swept.resolvedComponents
            // The old path never solves from a kept presolve.
            #expect(old.resolvedComponents == 0)
        }
        // Steps that moved only the width were solved from kept presolves
        // (none was before: a determined variable's move was a whole presolve).
        #expect(resolved >= 500, "\(resolved)")
        #expect(byWidth >= 300, "\(byWidth) of \(steps)")
        #expect(failedSteps >= 10, "\(failedSteps)")
        #expect(steps >= 1_000, "\(steps)")
    }
}
