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
    /// Three duals of `model` in `mode`: the first from the slack basis, the
    /// second from its optimal basis after row 2's lower bound moved to 2,
    /// the third from the second's basis after it moved to `third`. The
    /// outcomes, and the starts answered (or compared) and disagreed.
    static func solved(_ model: OpaquePointer, mode: Int32, third: Double) -> (outcome: [UInt64], counts: [Int]) {
        // Under the solver's lock, on one thread: the counts are its own.
        ClpPartSolver.lock.withLock { _ in
            plumb_clp_set_kept_factorization(mode)
            plumb_clp_set_keeps_matrix_checks(model, 1)
            defer {
                plumb_clp_set_kept_factorization(1)
                plumb_clp_set_keeps_matrix_checks(model, 0)
            }
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
        return ClpPartSolver.lock.withLock { _ in
            plumb_clp_set_kept_factorization(mode)
            plumb_clp_set_keeps_matrix_checks(model, 1)
            defer {
                plumb_clp_set_kept_factorization(1)
                plumb_clp_set_keeps_matrix_checks(model, 0)
            }
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
