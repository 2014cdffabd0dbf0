import Testing
@testable import PlumbSolver

/// The budget of a walk along the rows (``RowMoves``) where a variable
/// that could put a row right is in very many rows (`chartgrid`'s shared
/// column edges): a chain's extension, whose stuck and out-of-budget walks
/// end alike, stops within its budget instead of weighing that variable
/// over every row it is in.
@Suite struct RowMovesBudgetTests {
    private typealias Candidate = ConstraintSystem.InertCandidate

    /// `ties` rows `x_i − s = 0` (s is variable 0, x_i variable i), all
    /// holding at 0.
    private func tiedToOne(_ ties: Int) -> (moves: RowMoves, point: [Double], isIn: [Bool]) {
        let rows = (1 ... ties).map { i in
            Candidate(row: i - 1, terms: [(Int32(i), 1), (0, -1)], constant: 0, magnitude: 1, relation: .equal,
                      isRequired: true)
        }
        let isIn = [Bool](repeating: true, count: rows.count)
        let rowsOf = NeighbourhoodRequiredRows<TableauRequiredRows>.rowsOf(rows, isIn: isIn, variableCount: ties + 1)
        var moves = RowMoves(rows, rowsOf: rowsOf, variableCount: ties + 1)
        let point = [Double](repeating: 0, count: ties + 1)
        // The first walk of a new `RowMoves` queues no row (its row marks
        // and their epoch both start at 0, so every row reads as queued
        // already), and the check after it refuses its point; one walk
        // first, so that the walks below are walks.
        #expect(moves.extending([(1, 1)], gain: 1, direction: 1, from: point, length: 1, base: point,
                                recheck: [Int]()[...], isIn: isIn) == nil)
        #expect(moves.visited == 0)
        return (moves, point, isIn)
    }

    /// Moving x_1 breaks its tie, which only s can put right, and s is in
    /// every tie: with a budget of 64 term visits the extension gives up
    /// (as it did before) after at most one row's visits past the budget,
    /// where weighing s over its 2,000 rows cost some 8,000.
    @Test func anExtensionStopsWithinItsBudgetAtASharedVariable() {
        var (moves, point, isIn) = tiedToOne(2000)
        let found = moves.extending([(1, 1)], gain: 1, direction: 1, from: point, length: 1, base: point,
                                    recheck: [Int]()[...], isIn: isIn, budget: 64)
        #expect(found == nil)
        #expect(moves.visited <= 64 + 4, "\(moves.visited) term visits")
    }

    /// With the budget the walk needs, the same extension moves s and every
    /// x_i by the step, so that every tie holds.
    @Test func anExtensionWithinItsBudgetStillMovesTheSharedVariable() {
        var (moves, point, isIn) = tiedToOne(10)
        let found = moves.extending([(1, 1)], gain: 1, direction: 1, from: point, length: 1, base: point,
                                    recheck: [Int]()[...], isIn: isIn, budget: 4096)
        let values = Dictionary(found ?? [], uniquingKeysWith: { $1 })
        #expect(values.count == 11)
        #expect(values.values.allSatisfy { $0 == 1 }, "\(values)")
    }
}
