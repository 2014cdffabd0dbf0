import CClpSimplex
import Testing
@testable import PlumbClp

/// Clp's start checks the model each time: its sanity check of the bounds
/// and costs, and its check of the matrix's entries. The shim answers the
/// sanity check without Clp when Clp's would change nothing
/// (`plumb_clp_set_sanity_check`), and, for a model that keeps its matrix
/// checks (a replay's), the matrix check from an earlier one with the same
/// inputs that passed and changed nothing (`plumb_clp_set_matrix_check`).
/// Either way the dual ends with the same status, point, prices and basis,
/// to the bit, as with Clp's checks; the checking modes run both and find
/// Clp agreeing with every answer.
@Suite struct StartChecksTests {
    /// A model of `rows` rows, each `1 <= x_i + x_(i+1) <= 10` (the last
    /// row `x_last` alone), columns in [0, 100] with cost `1 + j / rows`.
    /// `gap`: row 0's upper bound is then its lower bound plus `gap`.
    /// `repeated`: row 1 names its first column twice (Clp's matrix check
    /// merges the two entries).
    static func chain(rows: Int, gap: Double? = nil, repeated: Bool = false) throws -> OpaquePointer {
        var rowStarts: [Int32] = [0], indices: [Int32] = [], elements: [Double] = []
        for i in 0 ..< rows {
            indices.append(Int32(i)); elements.append(1)
            if i == 1 && repeated { indices.append(Int32(i)); elements.append(0.5) }
            if i + 1 < rows { indices.append(Int32(i + 1)); elements.append(1) }
            rowStarts.append(Int32(indices.count))
        }
        let columnLower = [Double](repeating: 0, count: rows), columnUpper = [Double](repeating: 100, count: rows)
        var rowLower = [Double](repeating: 1, count: rows), rowUpper = [Double](repeating: 10, count: rows)
        if let gap { rowLower[0] = 2; rowUpper[0] = 2 + gap }
        let made = plumb_clp_new(Int32(rows), columnLower, columnUpper, Int32(rows), rowLower, rowUpper,
                                 rowStarts, indices, elements)
        let model = try #require(made)
        plumb_clp_set_tolerances(model, 1e-9, 1e-9)
        plumb_clp_set_objective(model, (0 ..< rows).map { 1 + Double($0) / Double(rows) })
        return model
    }

    /// What two duals of `model` (the second from the first's optimal
    /// basis, after row 2's lower bound moved to 2) give, with the checks
    /// made in `sanity` and `matrix` modes and the matrix checks kept or
    /// not, and the counts they moved: sanity checks answered and
    /// disagreed, matrix checks answered and disagreed.
    static func solved(
        _ model: OpaquePointer, sanity: Int32, matrix: Int32, keeps: Bool
    ) -> (outcome: [UInt64], counts: [Int]) {
        // Under the solver's lock (Clp's message handling is shared with
        // the other tests' models), on one thread: the counts are its own.
        ClpPartSolver.lock.withLock { _ in
            plumb_clp_set_sanity_check(sanity)
            plumb_clp_set_matrix_check(matrix)
            plumb_clp_set_keeps_matrix_checks(model, keeps ? 1 : 0)
            defer {
                plumb_clp_set_sanity_check(1)
                plumb_clp_set_matrix_check(1)
                plumb_clp_set_keeps_matrix_checks(model, 0)
            }
            let before = [plumb_clp_sanity_checks_answered(), plumb_clp_sanity_checks_disagreed(),
                          plumb_clp_matrix_checks_answered(), plumb_clp_matrix_checks_disagreed()]
            let first = CheckOnceTests.outcome(model, status: plumb_clp_dual(model, .max))
            let rows = Int(plumb_clp_rows(model))
            var lower = [Double](repeating: 0, count: rows), upper = [Double](repeating: 0, count: rows)
            if let kept = plumb_clp_row_lower(model) { for i in 0 ..< rows { lower[i] = kept[i] } }
            if let kept = plumb_clp_row_upper(model) { for i in 0 ..< rows { upper[i] = kept[i] } }
            lower[2] = 2
            plumb_clp_set_row_bounds(model, lower, upper)
            let second = CheckOnceTests.outcome(model, status: plumb_clp_dual(model, .max))
            let after = [plumb_clp_sanity_checks_answered(), plumb_clp_sanity_checks_disagreed(),
                         plumb_clp_matrix_checks_answered(), plumb_clp_matrix_checks_disagreed()]
            return (first + second, zip(after, before).map { Int($0 - $1) })
        }
    }

    /// Both ways, and checked, on fresh copies of the same model.
    static func threeWays(
        _ make: () throws -> OpaquePointer
    ) throws -> (clps: (outcome: [UInt64], counts: [Int]), answered: (outcome: [UInt64], counts: [Int]),
                 checked: (outcome: [UInt64], counts: [Int])) {
        var results: [(outcome: [UInt64], counts: [Int])] = []
        for (sanity, matrix, keeps) in [(Int32(0), Int32(0), false), (1, 1, true), (2, 2, true)] {
            let model = try make()
            defer { plumb_clp_free(model) }
            results.append(solved(model, sanity: sanity, matrix: matrix, keeps: keeps))
        }
        return (results[0], results[1], results[2])
    }

    @Test(arguments: [30, 90])
    func answeredChecksGiveClpsSolve(rows: Int) throws {
        let (clps, answered, checked) = try Self.threeWays { try Self.chain(rows: rows) }
        #expect(clps.outcome.first == 0)
        // Clp's own checks: nothing answered.
        #expect(clps.counts == [0, 0, 0, 0])
        // Both starts' sanity checks answered; the second start's matrix
        // check answered from the first's (the same entries), the first's
        // too when the model took the place of the one before with the
        // same entries (its check kept on this thread: the same inputs).
        #expect(answered.counts[0] == 2 && answered.counts[1] == 0)
        #expect(answered.counts[2] >= 1 && answered.counts[2] <= 2 && answered.counts[3] == 0)
        #expect(answered.outcome == clps.outcome)
        // Checked: Clp's checks ran as well and agreed every time.
        #expect(checked.counts[0] == 2 && checked.counts[1] == 0)
        #expect(checked.counts[2] >= 1 && checked.counts[2] <= 2 && checked.counts[3] == 0)
        #expect(checked.outcome == clps.outcome)
    }

    /// A gap Clp's sanity check closes (above the tolerance 1e-9, at most
    /// 1.1 times it) is left to Clp: that start's check is not answered.
    @Test func aGapClpClosesIsLeftToClp() throws {
        let (clps, answered, checked) = try Self.threeWays { try Self.chain(rows: 30, gap: 1.05e-9) }
        #expect(answered.counts[0] == 0)
        #expect(checked.counts[0] == 0 && checked.counts[1] == 0)
        #expect(answered.outcome == clps.outcome)
        #expect(checked.outcome == clps.outcome)
    }

    /// A matrix Clp's check changes (a repeated entry merged) is never
    /// answered: no earlier check left it as it was.
    @Test func aMatrixClpChangesIsCheckedByClp() throws {
        let (clps, answered, checked) = try Self.threeWays { try Self.chain(rows: 30, repeated: true) }
        #expect(answered.counts[2] == 0)
        #expect(answered.outcome == clps.outcome)
        #expect(checked.outcome == clps.outcome)
    }

    /// Without the model keeping its matrix checks nothing is answered; and
    /// a row added between two duals changes the entries, so the check
    /// after it is Clp's.
    @Test func onlyKeepingModelsWithTheSameEntriesAreAnswered() throws {
        let model = try Self.chain(rows: 30)
        defer { plumb_clp_free(model) }
        let notKept = Self.solved(model, sanity: 1, matrix: 1, keeps: false)
        #expect(notKept.counts[2] == 0)
        let kept = Self.solved(model, sanity: 1, matrix: 1, keeps: true)
        #expect(kept.counts[2] == 1)
        let starts: [Int32] = [0, 2], columns: [Int32] = [0, 29], values = [1.0, 1.0]
        plumb_clp_add_rows(model, 1, [1.0], [50.0], starts, columns, values)
        let added = ClpPartSolver.lock.withLock { _ in
            plumb_clp_set_keeps_matrix_checks(model, 1)
            defer { plumb_clp_set_keeps_matrix_checks(model, 0) }
            let before = plumb_clp_matrix_checks_answered()
            let status = plumb_clp_dual(model, .max)
            return (status, Int(plumb_clp_matrix_checks_answered() - before))
        }
        #expect(added.0 == 0)
        #expect(added.1 == 0)
    }

    /// As a session solves a part: two presolved solves (the second after
    /// row 2's lower bound moved), then two duals from the basis the last
    /// ended on (the bound moved again each time), with `presolve` the mode
    /// of `plumb_clp_set_presolve_matrix_checks`, `matrix` the matrix
    /// checks' mode and `keeps` whether the model keeps its presolve's
    /// checks. `changed`: row 4's entry in column 5 set to it between the
    /// presolves and the duals (`plumb_clp_set_element_for_tests`: the
    /// model's shape stays). The outcomes, and the matrix checks answered
    /// and disagreed.
    static func presolvedThenReplayed(rows: Int, presolve: Int32, matrix: Int32, keeps: Bool = true,
                                      changed: Double? = nil) throws
        -> (outcome: [UInt64], counts: [Int])
    {
        let model = try chain(rows: rows)
        defer { plumb_clp_free(model) }
        plumb_clp_set_keeps_presolve_matrix_checks(model, keeps ? 1 : 0)
        return ClpPartSolver.lock.withLock { _ in
            plumb_clp_set_presolve_matrix_checks(presolve)
            plumb_clp_set_matrix_check(matrix)
            defer {
                plumb_clp_set_presolve_matrix_checks(1)
                plumb_clp_set_matrix_check(1)
            }
            let before = [plumb_clp_matrix_checks_answered(), plumb_clp_matrix_checks_disagreed()]
            var lower = [Double](repeating: 0, count: rows), upper = [Double](repeating: 0, count: rows)
            if let kept = plumb_clp_row_lower(model) { for i in 0 ..< rows { lower[i] = kept[i] } }
            if let kept = plumb_clp_row_upper(model) { for i in 0 ..< rows { upper[i] = kept[i] } }
            var outcome: [UInt64] = []
            for bound in [1.0, 2.0] {
                lower[2] = bound
                plumb_clp_set_row_bounds(model, lower, upper)
                outcome += CheckOnceTests.outcome(model, status: plumb_clp_presolved_dual(model, 0, .max, 1, 0, 0, 0, 0))
            }
            if let changed { plumb_clp_set_element_for_tests(model, 4, 5, changed) }
            plumb_clp_set_keeps_matrix_checks(model, 1)
            defer { plumb_clp_set_keeps_matrix_checks(model, 0) }
            for bound in [2.5, 3.0] {
                lower[2] = bound
                plumb_clp_set_row_bounds(model, lower, upper)
                outcome += CheckOnceTests.outcome(model, status: plumb_clp_dual(model, .max))
            }
            let after = [plumb_clp_matrix_checks_answered(), plumb_clp_matrix_checks_disagreed()]
            return (outcome, zip(after, before).map { Int($0 - $1) })
        }
    }

    /// Clp's presolve checks the matrix of the model it presolves as a
    /// dual's start does (first69): kept, that check answers the second
    /// presolve's and the first dual's, with Clp's outcome to the bit; the
    /// checking mode runs Clp's checks too and finds them agreeing. Without
    /// it (or for a model that does not keep them) the first dual's start
    /// makes Clp's check and only the second dual's is answered.
    @Test(arguments: [90, 400])
    func aPresolvesCheckAnswersTheNextSolvesChecks(rows: Int) throws {
        let clps = try Self.presolvedThenReplayed(rows: rows, presolve: 0, matrix: 1)
        let answered = try Self.presolvedThenReplayed(rows: rows, presolve: 1, matrix: 1)
        let checked = try Self.presolvedThenReplayed(rows: rows, presolve: 1, matrix: 2)
        let notKept = try Self.presolvedThenReplayed(rows: rows, presolve: 1, matrix: 1, keeps: false)
        #expect(notKept.counts == clps.counts)
        #expect(notKept.outcome == clps.outcome)
        #expect(clps.outcome.first == 0)
        #expect(clps.counts[0] >= 1 && clps.counts[1] == 0)
        // The second presolve's check and the first dual's, at least.
        #expect(answered.counts[0] >= clps.counts[0] + 2 && answered.counts[1] == 0)
        #expect(answered.outcome == clps.outcome)
        #expect(checked.counts[0] == answered.counts[0] && checked.counts[1] == 0)
        #expect(checked.outcome == clps.outcome)
    }

    /// An entry of the matrix changed between the presolves and the duals,
    /// the model's shape, bounds and flags as they were: to 2 (a
    /// coefficient moved, which Clp's check passes), to 1e-25 (below the
    /// check's smallest, which it takes out) or to 1e30 (above its
    /// largest, which fails the start). The presolve's kept check (first69)
    /// still answers the second presolve's, but not the first dual's: its
    /// entries are not the kept ones, so that check is Clp's, and the
    /// outcomes are Clp's to the bit; the checking mode finds every answer
    /// given agreeing with Clp's.
    @Test(arguments: [2.0, 1e-25, 1e30])
    func aPresolvesCheckIsNotKeptAcrossAChangedEntry(changed: Double) throws {
        let clps = try Self.presolvedThenReplayed(rows: 90, presolve: 0, matrix: 1, changed: changed)
        let answered = try Self.presolvedThenReplayed(rows: 90, presolve: 1, matrix: 1, changed: changed)
        let checked = try Self.presolvedThenReplayed(rows: 90, presolve: 1, matrix: 2, changed: changed)
        let unchanged = try Self.presolvedThenReplayed(rows: 90, presolve: 1, matrix: 1)
        let unchangedClps = try Self.presolvedThenReplayed(rows: 90, presolve: 0, matrix: 1)
        #expect(answered.outcome == clps.outcome)
        #expect(checked.outcome == clps.outcome)
        #expect(checked.counts[1] == 0 && answered.counts[1] == 0)
        // Unchanged, the kept check answers the second presolve's and the
        // first dual's (and more); changed, all but the first dual's.
        #expect(unchanged.counts[0] - unchangedClps.counts[0] >= 2)
        #expect(answered.counts[0] - clps.counts[0] == unchanged.counts[0] - unchangedClps.counts[0] - 1)
        #expect(checked.counts[0] == answered.counts[0])
    }
}
