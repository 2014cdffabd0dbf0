import Testing
import PlumbTestSupport
@_spi(Lowering) @testable import PlumbSolver

/// A planner made in the arrays a compiled system gave back
/// (`Planner.SpareArrays`) must be a fresh planner entry for entry, solve
/// bit for bit as one, and leave alone any array a solution still shares.
@Suite struct PlannerSpareArraysTests {
    /// A random system of 2 to 48 variables: a tree of required equalities
    /// with the odd 2 × 2 coupled pair, variables left to inequalities or
    /// to optional rows of several priorities, and now and then a required
    /// row over the first variable that may contradict the tree.
    static func system(_ rng: inout SplitMix64) -> ConstraintSystem {
        var s = ConstraintSystem()
        let n = Int.random(in: 2 ... 48, using: &rng)
        s.addVariables(n)
        func c() -> Double { Double(Int.random(in: -80 ... 320, using: &rng)) / 8 }
        func named() -> Origin { Origin(kind: .constraint, index: s.rowCount, text: "r\(s.rowCount)") }
        let v = { (i: Int) in VariableIndex(i) }
        let priorities: [Priority] = [.low, .medium, .high, 10, 999]
        s.addRow([(v(0), 1)], constant: -abs(c()), relation: .equal, origin: named())
        var i = 1
        while i < n {
            let p = Int.random(in: 0 ..< i, using: &rng)
            let pick = Int.random(in: 0 ..< 10, using: &rng)
            if pick == 0 && i + 1 < n {
                s.addRow([(v(i), 2), (v(i + 1), -1), (v(p), -1)], constant: c(), relation: .equal, origin: named())
                s.addRow([(v(i), 1), (v(i + 1), 3)], constant: c(), relation: .equal, origin: named())
                i += 2
                continue
            } else if pick <= 2 {
                s.addRow([(v(i), 1), (v(p), -1)], constant: c(),
                         relation: Bool.random(using: &rng) ? .lessOrEqual : .greaterOrEqual, origin: named())
                s.addRow([(v(i), 1)], constant: c(), relation: .equal,
                         priority: priorities.randomElement(using: &rng)!, origin: named())
            } else if pick == 3 {
                s.addRow([(v(i), 1), (v(p), -1)], constant: c(), relation: .equal,
                         priority: priorities.randomElement(using: &rng)!, origin: named())
            } else {
                s.addRow([(v(i), 1), (v(p), -Double(Int.random(in: 1 ... 6, using: &rng)) / 2)], constant: c(),
                         relation: .equal, origin: named())
            }
            i += 1
        }
        if Int.random(in: 0 ..< 4, using: &rng) == 0 {
            s.addRow([(v(0), 1)], constant: Bool.random(using: &rng) ? s.constants[0] : 7, relation: .equal,
                     origin: named())
        }
        return s
    }

    /// What a planner is left holding after a run (or its error).
    struct Outcome: Equatable {
        var values: [UInt64]
        var state: [Planner.State]
        var blockOfVariable, definingRow, definedVariable, solvedBlockRows, solvedBlockStart: [Int32]
        var error: SolverError?

        init(running planner: inout Planner) {
            do throws(SolverError) {
                _ = try planner.run()
                error = nil
            } catch {
                self.error = error
            }
            values = planner.values.map(\.bitPattern)
            state = planner.state
            blockOfVariable = planner.blockOfVariable
            definingRow = planner.definingRow
            definedVariable = planner.definedVariable
            solvedBlockRows = planner.solvedBlockRows
            solvedBlockStart = planner.solvedBlockStart
        }
    }

    /// 300 pairs of random systems: the first solved by a planner whose
    /// arrays are then taken as spare (a solution sharing its values in
    /// every third), the second planned in those arrays and by a planner
    /// of its own. Before the run the reused planner holds what a fresh one
    /// holds, in the spare's buffers where they had room; after it, every
    /// array is the same as the other planner's (values bit for bit), the
    /// same error or none, every required row holds, and the shared values
    /// are untouched.
    @Test func aPlannerInKeptArraysIsAFreshOne() {
        var reusedRoom = 0
        for seed in 0 ..< 300 {
            var rng = SplitMix64(seed: UInt64(seed) &* 7 &+ 3)
            let first = Self.system(&rng)
            var used = Planner(system: first, options: SolveOptions(), recordsBlockOrder: true)
            _ = try? used.run()
            let shared = seed % 3 == 0 ? used.values : nil
            let sharedBits = shared?.map(\.bitPattern)
            var spare = Planner.SpareArrays(takingFrom: &used)
            #expect(used.values.isEmpty && used.definedVariable.isEmpty && used.solvedBlockStart.isEmpty)
            let spareValues = spare.values.withUnsafeBufferPointer { $0.baseAddress }
            let spareRows = spare.definedVariable.withUnsafeBufferPointer { $0.baseAddress }
            let roomForValues = spare.values.capacity, roomForRows = spare.definedVariable.capacity

            let second = Self.system(&rng)
            let n = second.variableCount, m = second.rowCount
            var reused = Planner(system: second, options: SolveOptions(), recordsBlockOrder: true)
            reused.fill(&spare, variables: n, rows: m)
            #expect(reused.values.map(\.bitPattern) == [UInt64](repeating: 0, count: n), "seed \(seed)")
            #expect(reused.state == [Planner.State](repeating: .open, count: n), "seed \(seed)")
            #expect(reused.blockOfVariable == [Int32](repeating: -1, count: n), "seed \(seed)")
            #expect(reused.definingRow == [Int32](repeating: -1, count: n), "seed \(seed)")
            #expect(reused.definedVariable == [Int32](repeating: -1, count: m), "seed \(seed)")
            #expect(reused.solvedBlockRows.isEmpty && reused.solvedBlockStart == [0], "seed \(seed)")
            if shared == nil && roomForValues >= n {
                #expect(reused.values.withUnsafeBufferPointer { $0.baseAddress } == spareValues, "seed \(seed)")
                reusedRoom += 1
            }
            if roomForRows >= m {
                #expect(reused.definedVariable.withUnsafeBufferPointer { $0.baseAddress } == spareRows,
                        "seed \(seed)")
            }

            var own = Planner(system: second, options: SolveOptions(), recordsBlockOrder: true)
            let expected = Outcome(running: &own)
            let got = Outcome(running: &reused)
            #expect(got == expected, "seed \(seed)")
            #expect(shared?.map(\.bitPattern) == sharedBits, "seed \(seed): a shared array is copied, not written")
            if got.error == nil {
                for r in 0 ..< m where second.priorities[r].isRequired {
                    #expect(second.violation(of: RowIndex(r), at: reused.values) <= 1e-9, "seed \(seed), row \(r)")
                }
            }
        }
        #expect(reusedRoom > 50, "the values' buffer was reused \(reusedRoom) times")
    }

    /// Compiled systems made and dropped one after another (each gives its
    /// planner's arrays to the next planner, unless a test running beside
    /// takes them first): each one's first solve, and its solve after every
    /// constant was moved, are the fresh solve's of the same system, bit for
    /// bit, errors included.
    @Test func compiledSystemsOneAfterAnotherSolveAsFreshOnes() {
        func bits(_ result: Result<Solution, SolverError>) -> Result<[UInt64], SolverError> {
            result.map { $0.values.map(\.bitPattern) }
        }
        for seed in 0 ..< 150 {
            var rng = SplitMix64(seed: 9_001 &+ UInt64(seed))
            var system = Self.system(&rng)
            let compiledFirst = Result { () throws(SolverError) -> (solution: Solution, compiled: CompiledSystem?) in
                try CompiledSystem.solveCompiling(system)
            }
            let fresh = Result { () throws(SolverError) -> Solution in try system.solve() }
            #expect(bits(compiledFirst.map(\.solution)) == bits(fresh), "seed \(seed)")
            guard case .success(let pair) = compiledFirst, let compiled = pair.compiled else { continue }
            let shift = Double(Int.random(in: -16 ... 16, using: &rng)) / 4
            for r in 0 ..< system.rowCount {
                system.setConstant(system.constants[r] + shift, ofRow: RowIndex(r))
                compiled.setConstant(system.constants[r], ofRow: RowIndex(r))
            }
            let again = Result { () throws(SolverError) -> Solution in try compiled.solve() }
            let afresh = Result { () throws(SolverError) -> Solution in try system.solve() }
            #expect(bits(again) == bits(afresh), "seed \(seed), moved")
        }
    }
}
