import CClpSimplex
import Testing
@testable import PlumbClp

/// The shim's setters that write a level's costs and open rows in Clp's
/// own arrays (`PartModel.aim(at:)`, `PartModel.openRows`) leave the model
/// as Clp's setters of every column or row do when handed the whole array:
/// the same bounds to the bit, and the same answer from Clp's primal.
@Suite struct InPlaceSettersTests {
    /// Two variables and four error columns (from column 2) in three rows:
    /// x + y + e2 - e3 = 4 in [4, 4], x - y + e4 - e5 in [-5e20, 2] and
    /// x in [1, 3e21] (bounds beyond 1e20 that Clp's setters make
    /// infinite, on the rows left as they are too). Opening row 2 in
    /// place, and the level 1 (columns 2 and 4) made the objective in
    /// place, give the model that the whole-array setters give: the same
    /// row bounds, bit for bit (row 1's lower one made infinite in both),
    /// and the same point, duals, reduced costs and basis from Clp's
    /// primal.
    @Test func openingRowsAndAimingInPlaceIsSettingEveryRowAndColumn() throws {
        let lower: [Double] = [0, 0, 0, 0, 0, 0], upper: [Double] = [10, 10, .infinity, .infinity, .infinity, .infinity]
        let rowLower: [Double] = [4, -5e20, 1], rowUpper: [Double] = [4, 2, 3e21]
        let starts: [Int32] = [0, 4, 8, 9], indices: [Int32] = [0, 1, 2, 3, 0, 1, 4, 5, 0]
        let elements: [Double] = [1, 1, 1, -1, 1, -1, 1, -1, 1]
        func model() throws -> OpaquePointer {
            let made = plumb_clp_new(6, lower, upper, 3, rowLower, rowUpper, starts, indices, elements)
            return try #require(made)
        }
        let whole = try model(), inPlace = try model()
        defer { plumb_clp_free(whole); plumb_clp_free(inPlace) }

        let levelOfError: [Double] = [1, 2, 1, 2]
        plumb_clp_set_objective(whole, [0, 0, 1, 0, 1, 0])
        let atOne = plumb_clp_set_level_objective(inPlace, 2, 4, levelOfError, 1)
        #expect(atOne == 2)
        plumb_clp_set_row_bounds(whole, [4, -5e20, -1e30], [4, 2, 1e30])
        plumb_clp_open_rows(inPlace, 1, [2])

        let infinite = Double.greatestFiniteMagnitude
        #expect(ZeroTrialPutBackTests.bits(inPlace, 3, plumb_clp_row_lower) == ZeroTrialPutBackTests.bits(whole, 3, plumb_clp_row_lower))
        #expect(ZeroTrialPutBackTests.bits(inPlace, 3, plumb_clp_row_upper) == ZeroTrialPutBackTests.bits(whole, 3, plumb_clp_row_upper))
        #expect(ZeroTrialPutBackTests.bits(inPlace, 3, plumb_clp_row_lower) == [4, -infinite, -infinite].map(\.bitPattern))
        #expect(ZeroTrialPutBackTests.bits(inPlace, 3, plumb_clp_row_upper) == [4, 2, infinite].map(\.bitPattern))
        // Under the solver's lock: Clp's message handling is shared with the
        // other tests' models.
        let (fromWhole, fromInPlace) = ClpPartSolver.lock.withLock { _ in
            (CheckOnceTests.outcome(whole, status: plumb_clp_primal(whole, .max, 200, 0)),
             CheckOnceTests.outcome(inPlace, status: plumb_clp_primal(inPlace, .max, 200, 0)))
        }
        #expect(fromWhole.first == 0)
        #expect(fromInPlace == fromWhole)
        // A level with no columns sets every cost to 0.
        let atNone = plumb_clp_set_level_objective(inPlace, 2, 4, levelOfError, 3)
        #expect(atNone == 0)
    }
}
