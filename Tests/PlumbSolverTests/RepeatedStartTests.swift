import CClpSimplex
import Testing
@testable import PlumbClp

/// When the basis a solve starts from is singular, Clp's start repairs it
/// (the columns it cannot pivot on out, slacks in) and then factorises the
/// repaired basis a second time; the shim answers that second call from the
/// factorisation the repair left (`plumb_clp_set_repeated_start`). The
/// dual simplex from such a basis ends with the same status, point, prices
/// and basis, to the bit, as with Clp's second factorisation, and the
/// checking mode finds Clp's second factorisation the same as the kept one.
@Suite struct RepeatedStartTests {
    /// A chain of `rows` rows (row `i` in [1, 10]): column `j` has a 1 in
    /// rows `j` and `j + 1` (the last column only in the last row), every
    /// column in [0, 100] with cost `1 + j / rows`, and one more column, a
    /// copy of column 0 with cost 2.5. The start basis has every column
    /// but the last chain column basic (the copy among them) and every row
    /// at its lower bound: singular, since column 0 and its copy are both
    /// in it.
    static func chain(rows: Int) throws -> OpaquePointer {
        let columns = rows + 1
        var rowStarts: [Int32] = [0], indices: [Int32] = [], elements: [Double] = []
        for i in 0 ..< rows {
            // Row i holds columns i - 1 and i, rows 0 and 1 also the copy.
            if i > 0 { indices.append(Int32(i - 1)); elements.append(1) }
            indices.append(Int32(i)); elements.append(1)
            if i <= 1 { indices.append(Int32(rows)); elements.append(1) }
            rowStarts.append(Int32(indices.count))
        }
        let columnLower = [Double](repeating: 0, count: columns), columnUpper = [Double](repeating: 100, count: columns)
        let rowLower = [Double](repeating: 1, count: rows), rowUpper = [Double](repeating: 10, count: rows)
        let made = plumb_clp_new(Int32(columns), columnLower, columnUpper, Int32(rows), rowLower, rowUpper,
                                 rowStarts, indices, elements)
        let model = try #require(made)
        var costs = (0 ..< rows).map { 1 + Double($0) / Double(rows) }
        costs.append(2.5)
        plumb_clp_set_objective(model, costs)
        // Clp's status bytes: 1 basic, 3 at the lower bound.
        var basis = [UInt8](repeating: 1, count: columns) + [UInt8](repeating: 3, count: rows)
        basis[rows - 1] = 3
        plumb_clp_set_basis(model, basis)
        return model
    }

    /// The chain solved by Clp's dual from its singular start with the
    /// repeated factorisation made in `mode`, and the counts it moved:
    /// answered from the kept one, checked, disagreeing.
    static func solved(rows: Int, mode: Int32) throws -> (outcome: [UInt64], kept: Int, checked: Int, disagreed: Int) {
        let model = try chain(rows: rows)
        defer { plumb_clp_free(model) }
        // Under the solver's lock (Clp's message handling is shared with
        // the other tests' models), on one thread: the counts are its own.
        return ClpPartSolver.lock.withLock { _ in
            plumb_clp_set_repeated_start(mode)
            defer { plumb_clp_set_repeated_start(1) }
            let kept = plumb_clp_repeated_starts_kept(), checked = plumb_clp_repeated_starts_checked()
            let disagreed = plumb_clp_repeated_starts_disagreed()
            let outcome = CheckOnceTests.outcome(model, status: plumb_clp_dual(model, .max))
            return (outcome, plumb_clp_repeated_starts_kept() - kept, plumb_clp_repeated_starts_checked() - checked,
                    plumb_clp_repeated_starts_disagreed() - disagreed)
        }
    }

    @Test(arguments: [40, 120])
    func theRepairedBasisIsFactorisedOnce(rows: Int) throws {
        let clps = try Self.solved(rows: rows, mode: 0)
        let checked = try Self.solved(rows: rows, mode: 2)
        let kept = try Self.solved(rows: rows, mode: 1)
        // Clp's start repaired the basis and asked for it again: the
        // checking mode saw that call and found Clp's factorisation the kept one.
        #expect(checked.checked == 1)
        #expect(checked.disagreed == 0)
        #expect(checked.kept == 0)
        // Clp's own way: nothing answered or checked.
        #expect(clps.kept == 0 && clps.checked == 0)
        // The shim's way answers it, and the solve is the same to the bit.
        #expect(kept.kept == 1)
        #expect(kept.checked == 0)
        #expect(clps.outcome.first == 0)
        #expect(kept.outcome == clps.outcome)
        #expect(checked.outcome == clps.outcome)
    }
}
