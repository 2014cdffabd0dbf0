import CClpSimplex
import Testing
@testable import PlumbClp

/// A replay's start factorises the basis it factorised at the step before;
/// for a model that keeps its matrix checks the shim keeps each start's
/// factorisation with its inputs and answers a later start with the same
/// inputs from the copy (`plumb_clp_set_kept_factorization`). The duals end
/// with the same status, point, prices and basis, to the bit, as with
/// Clp's own factorisations; the checking mode makes Clp's and finds the
/// copy the same every time.
@Suite struct KeptFactorizationTests {
    /// `body` under the solver's lock, on one thread (so the counts are its
    /// own), with the kept factorisations in `mode` and `model`'s matrix
    /// checks kept; both are put back after it.
    static func withKeptFactorizations<Result>(_ model: OpaquePointer, mode: Int32,
                                               _ body: () -> Result) -> Result {
        ClpPartSolver.lock.withLock { _ in
            plumb_clp_set_kept_factorization(mode)
            plumb_clp_set_keeps_matrix_checks(model, 1)
            defer {
                plumb_clp_set_kept_factorization(1)
                plumb_clp_set_keeps_matrix_checks(model, 0)
            }
            return body()
        }
    }

    /// Three duals of `model` in `mode`: the first from the slack basis, the
    /// second from its optimal basis after row 2's lower bound moved to 2,
    /// the third from the second's basis after it moved to `third`. The
    /// outcomes, and the starts answered (or compared) and disagreed.
    static func solved(_ model: OpaquePointer, mode: Int32, third: Double) -> (outcome: [UInt64], counts: [Int]) {
        Self.withKeptFactorizations(model, mode: mode) {
            let before = [plumb_clp_factorizations_restored(), plumb_clp_factorizations_restore_disagreed()]
            var outcome = CheckOnceTests.outcome(model, status: plumb_clp_dual(model, .max))
            let rows = Int(plumb_clp_rows(model))
            var lower = [Double](repeating: 0, count: rows), upper = [Double](repeating: 0, count: rows)
            if let kept = plumb_clp_row_lower(model) { for i in 0 ..< rows { lower[i] = kept[i] } }
            if let kept = plumb_clp_row_upper(model) { for i in 0 ..< rows { upper[i] = kept[i] } }
            for bound in [2.0, third] {
                lower[2] = bound
                plumb_clp_set_row_bounds(model, lower, upper)
                outcome += CheckOnceTests.outcome(model, status: plumb_clp_dual(model, .max))
            }
            let after = [plumb_clp_factorizations_restored(), plumb_clp_factorizations_restore_disagreed()]
            return (outcome, zip(after, before).map { Int($0 - $1) })
        }
    }

    static func threeWays(rows: Int, third: Double) throws -> [(outcome: [UInt64], counts: [Int])] {
        try [Int32(0), 1, 2].map { mode in
            let model = try StartChecksTests.chain(rows: rows)
            defer { plumb_clp_free(model) }
            return solved(model, mode: mode, third: third)
        }
    }

    /// The third start's basis is the second's (a bound moved within what
    /// keeps it optimal): answered from the copy, with Clp's result.
    @Test(arguments: [30, 90])
    func aRepeatedStartGivesClpsSolve(rows: Int) throws {
        let results = try Self.threeWays(rows: rows, third: 2.5)
        let (clps, answered, checked) = (results[0], results[1], results[2])
        #expect(clps.outcome.first == 0)
        #expect(clps.counts == [0, 0])
        #expect(answered.counts[0] >= 1 && answered.counts[1] == 0)
        #expect(answered.outcome == clps.outcome)
        #expect(checked.counts[0] >= 1 && checked.counts[1] == 0)
        #expect(checked.outcome == clps.outcome)
    }

    /// As a session solves a part (again68): the one-shot solve (Clp's
    /// presolve and dual, which first frees the model's factor arrays, so
    /// the factor object's sparse threshold is 0), then duals from the basis
    /// it ended on with row 2's lower bound at each of `bounds` in turn, in `mode`.
    /// The outcomes, and the starts answered (or compared), disagreed, and
    /// answered across another sparse threshold than the kept call's.
    static func replayed(rows: Int, mode: Int32, bounds: [Double]) throws -> (outcome: [UInt64], counts: [Int]) {
        let model = try StartChecksTests.chain(rows: rows)
        defer { plumb_clp_free(model) }
        return Self.withKeptFactorizations(model, mode: mode) {
            func counts() -> [Int] {
                [plumb_clp_factorizations_restored(), plumb_clp_factorizations_restore_disagreed(),
                 plumb_clp_factorizations_across_sparse_threshold()].map { Int($0) }
            }
            let before = counts()
            let status = plumb_clp_presolved_dual(model, 0, .max, 1, 0, 0, 0, 0)
            var outcome = CheckOnceTests.outcome(model, status: status)
            var lower = [Double](repeating: 0, count: rows), upper = [Double](repeating: 0, count: rows)
            if let kept = plumb_clp_row_lower(model) { for i in 0 ..< rows { lower[i] = kept[i] } }
            if let kept = plumb_clp_row_upper(model) { for i in 0 ..< rows { upper[i] = kept[i] } }
            for bound in bounds {
                lower[2] = bound
                plumb_clp_set_row_bounds(model, lower, upper)
                outcome += CheckOnceTests.outcome(model, status: plumb_clp_dual(model, .max))
            }
            return (outcome, zip(counts(), before).map { $0 - $1 })
        }
    }

    /// The second start from the one-shot solve's basis meets the factor
    /// object's sparse threshold that the first start's factorisation set
    /// (above 300 rows), where the first met 0: it is answered from the
    /// first start's copy all the same (Clp's call sets the threshold to 0
    /// before it reads it), with Clp's result to the bit, and the checking
    /// mode finds the copy what Clp's call made.
    @Test(arguments: [400, 900])
    func aReplaysSecondStartIsAnsweredAcrossTheSparseThreshold(rows: Int) throws {
        // 5 moves the optimum: the last start is from another basis, which
        // must not meet the first basis's copy.
        let bounds = [1.0, 1.0, 1.5, 5, 5]
        let clps = try Self.replayed(rows: rows, mode: 0, bounds: bounds)
        let answered = try Self.replayed(rows: rows, mode: 1, bounds: bounds)
        let checked = try Self.replayed(rows: rows, mode: 2, bounds: bounds)
        #expect(clps.outcome.first == 0)
        #expect(clps.counts == [0, 0, 0])
        #expect(answered.counts[0] >= 1 && answered.counts[1] == 0 && answered.counts[2] >= 1)
        #expect(answered.outcome == clps.outcome)
        #expect(checked.counts[0] >= 1 && checked.counts[1] == 0 && checked.counts[2] >= 1)
        #expect(checked.outcome == clps.outcome)
    }

    /// A model of `blocks` rows apart, row i holding u_i + 2 v_i in
    /// [`lower`, 10], u_i in [0, 2] at cost 1 and v_i in [0, 100] at cost
    /// 3 (so 1.5 a unit of the row, against u_i's 1). Row 0's lower bound
    /// at 1, every lower bound at 1: each u_i basic at 1, each v_i at 0.
    /// Row 0's at 5: u_0 at its upper bound 2 and v_0 basic at 1.5. Two
    /// optimal bases, each with one basic column a row and none degenerate.
    static func pairs(blocks: Int, lower: Double) throws -> OpaquePointer {
        var rowStarts: [Int32] = [0], indices: [Int32] = [], elements: [Double] = []
        for i in 0 ..< blocks {
            indices += [Int32(2 * i), Int32(2 * i + 1)]
            elements += [1, 2]
            rowStarts.append(Int32(indices.count))
        }
        let columnLower = [Double](repeating: 0, count: 2 * blocks)
        let columnUpper = (0 ..< 2 * blocks).map { $0 % 2 == 0 ? 2.0 : 100 }
        var rowLower = [Double](repeating: 1, count: blocks)
        let rowUpper = [Double](repeating: 10, count: blocks)
        rowLower[0] = lower
        let made = plumb_clp_new(Int32(2 * blocks), columnLower, columnUpper, Int32(blocks), rowLower, rowUpper,
                                 rowStarts, indices, elements)
        let model = try #require(made)
        plumb_clp_set_tolerances(model, 1e-9, 1e-9)
        plumb_clp_set_objective(model, (0 ..< 2 * blocks).map { $0 % 2 == 0 ? 1.0 : 3 })
        return model
    }

    /// The basis a dual of `pairs(blocks:lower:)` ends on from the slack
    /// basis.
    static func optimalBasis(blocks: Int, lower: Double) throws -> [UInt8] {
        let model = try Self.pairs(blocks: blocks, lower: lower)
        defer { plumb_clp_free(model) }
        let (status, basis, has) = ClpPartSolver.lock.withLock { _ in
            let status = plumb_clp_dual(model, .max)
            var basis = [UInt8](repeating: 0, count: 3 * blocks)
            let has = plumb_clp_basis(model, &basis)
            return (status, basis, has)
        }
        try #require(status == 0 && has == 1)
        return basis
    }

    /// Duals of one `pairs(blocks:lower:)` model in `mode`, the first from
    /// the slack basis, each with row 0's lower bound at its step's
    /// `lower`, from its step's `basis` when given (set just before), else
    /// from where the dual before it ended. Per step: the outcome, the
    /// pivots, and the starts answered (or compared) and disagreed.
    static func stepped(
        blocks: Int, mode: Int32, steps: [(lower: Double, basis: [UInt8]?)]
    ) throws -> [(outcome: [UInt64], pivots: Int, counts: [Int])] {
        let model = try Self.pairs(blocks: blocks, lower: steps[0].lower)
        defer { plumb_clp_free(model) }
        return Self.withKeptFactorizations(model, mode: mode) {
            var lower = [Double](repeating: 1, count: blocks)
            let upper = [Double](repeating: 10, count: blocks)
            return steps.map { step in
                let before = [plumb_clp_factorizations_restored(), plumb_clp_factorizations_restore_disagreed()]
                lower[0] = step.lower
                plumb_clp_set_row_bounds(model, lower, upper)
                if let basis = step.basis { plumb_clp_set_basis(model, basis) }
                let status = plumb_clp_dual(model, .max)
                let outcome = CheckOnceTests.outcome(model, status: status)
                let after = [plumb_clp_factorizations_restored(), plumb_clp_factorizations_restore_disagreed()]
                return (outcome, Int(plumb_clp_pivots(model)), zip(after, before).map { Int($0 - $1) })
            }
        }
    }

    /// A copy is answered only for its own basis (gap69). The two optimal
    /// bases of `pairs` (row 0's lower bound at 1 and at 5), with as many
    /// basic columns, are each set in turn after a dual of no pivots, so
    /// that the factor object's pivot count and every other input but the
    /// basic set are those the other basis's copy was kept with. The start
    /// from the second basis keeps its own copy (none answered), the later
    /// starts from either basis are answered from theirs, and every dual
    /// ends as with Clp's own factorisations, to the bit; the checking mode
    /// finds each copy what Clp's call made. A shim that took a copy kept
    /// for another basis with the same pivot count (the basic set not
    /// compared, or only its number of basic columns) fails here, where the
    /// chains above do not meet such a copy.
    @Test(arguments: [30, 400])
    func aCopyIsAnsweredForItsOwnBasisOnly(blocks: Int) throws {
        let first = try Self.optimalBasis(blocks: blocks, lower: 1)
        let second = try Self.optimalBasis(blocks: blocks, lower: 5)
        let basicColumns = { (basis: [UInt8]) in basis[..<(2 * blocks)].filter { $0 & 7 == 1 }.count }
        #expect(first != second)
        #expect(basicColumns(first) == blocks && basicColumns(second) == blocks)
        // From the slack basis; twice at the first basis; the second basis
        // set (the start that must not meet the first's copy) and again
        // from it; the first set back.
        let steps: [(lower: Double, basis: [UInt8]?)] = [(1, nil), (1, nil), (1, nil), (5, second), (5, nil), (1, first)]
        let clps = try Self.stepped(blocks: blocks, mode: 0, steps: steps)
        let answered = try Self.stepped(blocks: blocks, mode: 1, steps: steps)
        let checked = try Self.stepped(blocks: blocks, mode: 2, steps: steps)
        #expect(clps.map(\.outcome.first) == Array(repeating: 0, count: steps.count))
        // No pivot after the first dual: each later start meets the pivot
        // count a dual of no pivots left.
        #expect(clps.dropFirst().map(\.pivots) == Array(repeating: 0, count: steps.count - 1))
        #expect(clps.allSatisfy { $0.counts == [0, 0] })
        for (name, run) in [("answered", answered), ("checked", checked)] {
            for (step, (mine, clp)) in zip(run, clps).enumerated() {
                #expect(mine.outcome == clp.outcome, "\(name), step \(step)")
                #expect(mine.counts[1] == 0, "\(name), step \(step): \(mine.counts[1]) disagreed")
            }
            #expect(run.map { $0.counts[0] }.suffix(3) == [0, 1, 1], "\(name): \(run.map { $0.counts[0] })")
        }
    }

    /// A model that does not keep its matrix checks keeps no factorisation.
    @Test func onlyKeepingModelsAreAnswered() throws {
        let model = try StartChecksTests.chain(rows: 30)
        defer { plumb_clp_free(model) }
        let answered = ClpPartSolver.lock.withLock { _ in
            let before = plumb_clp_factorizations_restored()
            for _ in 0 ..< 3 { _ = plumb_clp_dual(model, .max) }
            return Int(plumb_clp_factorizations_restored() - before)
        }
        #expect(answered == 0)
    }
}
