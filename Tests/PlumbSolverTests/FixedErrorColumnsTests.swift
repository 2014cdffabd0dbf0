import CClpSimplex
import Testing
@testable import PlumbClp

/// A level's error columns fixed at 0 for a trial keep only their own upper
/// bounds to put back (`FixedErrorColumns`), and putting them back leaves
/// every column's upper bound as it was before, to the bit.
@Suite struct FixedErrorColumnsTests {
    /// The bits of the model's column upper bounds.
    static func uppers(_ model: OpaquePointer) -> [UInt64] {
        ZeroTrialPutBackTests.columnBits(model, plumb_clp_column_upper)
    }

    /// Two variables and four error columns (from column 2) of levels 1, 2,
    /// 1, 2, with uppers that differ bit for bit (-0.0, infinity, 7.5):
    /// fixing level 1 sets columns 2 and 4 to 0 and keeps theirs; putting
    /// back restores them, and a column the caller moved meanwhile (an
    /// unfixed one) keeps the caller's bound.
    @Test func fixingALevelKeepsItsOwnColumnsAndPutsThemBack() throws {
        let lower: [Double] = [0, 0, 0, 0, -1, 0]
        let upper: [Double] = [10, 20, .infinity, 7.5, -0.0, 3]
        let starts: [Int32] = [0, 6], indices: [Int32] = [0, 1, 2, 3, 4, 5]
        let elements: [Double] = [1, 1, 1, -1, 1, -1]
        let rowBound: [Double] = [4]
        let made = plumb_clp_new(6, lower, upper, 1, rowBound, rowBound, starts, indices, elements)
        let m = try #require(made)
        defer { plumb_clp_free(m) }
        let before = Self.uppers(m)
        let levelOfError: [Double] = [1, 2, 1, 2]

        let fixed = try #require(ClpPartSolver.fixErrors(m, level: 1, levelOfError: levelOfError, firstError: 2))
        #expect(fixed.columns == [2, 4])
        #expect(fixed.uppers.map(\.bitPattern) == [before[2], before[4]])
        #expect(before[4] == (-0.0 as Double).bitPattern)
        #expect(Self.uppers(m) == [before[0], before[1], 0, before[3], 0, before[5]])

        fixed.putBack(m)
        #expect(Self.uppers(m) == before)

        // The other level's columns, with an unfixed column's bound changed
        // between fixing and putting back: only the fixed columns go back.
        let other = try #require(ClpPartSolver.fixErrors(m, level: 2, levelOfError: levelOfError, firstError: 2))
        #expect(other.columns == [3, 5])
        plumb_clp_set_column_upper(m, [10, 9, .infinity, 0, -0.0, 0])
        other.putBack(m)
        #expect(Self.uppers(m) == [before[0], (9 as Double).bitPattern, before[2], before[3], before[4], before[5]])
    }

    /// Setting a few columns' upper bounds in place
    /// (`plumb_clp_set_column_uppers_at`, what `FixedErrorColumns` uses)
    /// leaves the model as Clp's setter of every column does when handed
    /// the model's own bounds with those few changed: bounds above 1e20
    /// (here 5e20 and 1e25 left alone, and 1e30 written) become Clp's
    /// infinity in both, the rest are kept to the bit (-0.0 among them);
    /// and Clp's primal then ends at the same point with the same duals.
    @Test func settingAFewColumnsIsSettingEveryColumn() throws {
        let lower: [Double] = [0, 0, 0, 0, -1, 0]
        let upper: [Double] = [10, 5e20, 1e25, 7.5, -0.0, 3]
        let starts: [Int32] = [0, 6], indices: [Int32] = [0, 1, 2, 3, 4, 5]
        let elements: [Double] = [1, 1, 1, -1, 1, -1]
        func model() throws -> OpaquePointer {
            // Made outside `#require`: the macro evaluates each argument of a
            // call it takes apart on its own, so an array literal turned into
            // a pointer there is freed before the call reads it (this test
            // read the freed row bounds in about 3 runs of 8).
            let rowBound: [Double] = [4]
            let made = plumb_clp_new(6, lower, upper, 1, rowBound, rowBound, starts, indices, elements)
            let m = try #require(made)
            plumb_clp_set_objective(m, [1, 2, 0.5, 0, 1, 3])
            return m
        }
        let every = try model(), few = try model()
        defer { plumb_clp_free(every); plumb_clp_free(few) }
        let cu = try #require(plumb_clp_column_upper(every))
        var changed = Array(UnsafeBufferPointer(start: cu, count: 6))
        changed[3] = 0
        changed[5] = 1e30
        plumb_clp_set_column_upper(every, changed)
        plumb_clp_set_column_uppers_at(few, 2, [3, 5], [0, 1e30])

        #expect(Self.uppers(few) == Self.uppers(every))
        #expect(Self.uppers(few) == [10, .greatestFiniteMagnitude, .greatestFiniteMagnitude, 0, -0.0,
                                     .greatestFiniteMagnitude].map { ($0 as Double).bitPattern })
        // Under the solver's lock: Clp's message handling is shared with the
        // other tests' models.
        let (outcomeEvery, outcomeFew) = ClpPartSolver.lock.withLock { _ in
            let solvedEvery = plumb_clp_primal(every, .max, 200, 0), solvedFew = plumb_clp_primal(few, .max, 200, 0)
            return (CheckOnceTests.outcome(every, status: solvedEvery), CheckOnceTests.outcome(few, status: solvedFew))
        }
        #expect(outcomeEvery.first == 0)
        #expect(outcomeEvery[7] == (4 as Double).bitPattern)  // the row's activity, at its bound
        #expect(outcomeFew == outcomeEvery)
    }
}
