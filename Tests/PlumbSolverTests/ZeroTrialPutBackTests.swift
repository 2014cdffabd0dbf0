import CClpSimplex
import Testing
@testable import PlumbClp

/// A zero trial that does not end optimal puts back what it found
/// (`plumb_clp_dual_without_costs`): the basis, the point and the objective,
/// to the bit. The shim keeps the point's columns and the costs through the
/// dual as their entries other than zero, so these are what a lost or
/// misplaced entry would change.
@Suite struct ZeroTrialPutBackTests {
    /// The bits of the first `count` doubles of one of the model's arrays,
    /// read by `read` (the point, a bound, a row's bound); empty when the
    /// shim gives none.
    static func bits(_ model: OpaquePointer, _ count: Int, _ read: (OpaquePointer) -> UnsafePointer<Double>?) -> [UInt64] {
        guard let x = read(model) else { return [] }
        return (0 ..< count).map { x[$0].bitPattern }
    }

    /// The bits of one of the model's arrays over its columns.
    static func columnBits(_ model: OpaquePointer, _ read: (OpaquePointer) -> UnsafePointer<Double>?) -> [UInt64] {
        bits(model, Int(plumb_clp_columns(model)), read)
    }

    /// The bits of the model's column values.
    static func point(_ model: OpaquePointer) -> [UInt64] { columnBits(model, plumb_clp_solution) }

    /// Minimise y + 2z + w/3 with x + y + z + w = 6, x at most 3 (x at 3,
    /// w basic at 3, y and z at 0). With w's upper bound cut to 1 the basis
    /// is infeasible and a trial of no pivot gives up: the point and the
    /// basis read back as before it. With the bound back, Clp's primal at
    /// that basis with no pivot allowed prices the objective put back: the
    /// same status, point, activities, duals and reduced costs as before
    /// the trial, to the bit (the duals change with any cost).
    @Test func aTrialThatGivesUpLeavesThePointAndTheCosts() throws {
        // Under the solver's lock, as every Clp call of the library:
        // Clp's message handling is shared between models, and other
        // suites solve beside this one.
        try ClpPartSolver.lock.withLock { _ in try Self.trialThatGivesUp() }
    }

    static func trialThatGivesUp() throws {
        let lower: [Double] = [0, 0, 0, 0], upper: [Double] = [3, 10, 10, 10]
        let starts: [Int32] = [0, 4], indices: [Int32] = [0, 1, 2, 3], elements: [Double] = [1, 1, 1, 1]
        let rowBound: [Double] = [6]
        let made = plumb_clp_new(4, lower, upper, 1, rowBound, rowBound, starts, indices, elements)
        let m = try #require(made)
        defer { plumb_clp_free(m) }
        plumb_clp_set_objective(m, [0, 1, 2, 1.0 / 3])
        #expect(plumb_clp_primal(m, .max, 200, 0) == 0)
        let checked = plumb_clp_primal(m, 0, 200, 0)
        let before = CheckOnceTests.outcome(m, status: checked)
        let point = Self.point(m)
        var basis = [UInt8](repeating: 0, count: 5)
        _ = plumb_clp_basis(m, &basis)
        #expect(checked == 0)
        #expect(point == [3, 0, 0, 3].map { ($0 as Double).bitPattern })

        plumb_clp_set_column_upper(m, [3, 10, 10, 1])
        #expect(plumb_clp_dual_without_costs(m, 0) != 0)
        var after = [UInt8](repeating: 0, count: 5)
        _ = plumb_clp_basis(m, &after)
        #expect(Self.point(m) == point)
        #expect(after == basis)

        plumb_clp_set_column_upper(m, upper)
        let again = plumb_clp_primal(m, 0, 200, 0)
        #expect(CheckOnceTests.outcome(m, status: again) == before)
    }
}
