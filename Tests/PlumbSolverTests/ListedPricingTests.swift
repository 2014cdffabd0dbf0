import CClpSimplex
import Synchronization
import Testing
@testable import PlumbClp
@testable import PlumbSolver

/// The shim's pricing by the largest infeasibility from a list of the rows
/// that may be infeasible (`plumb_clp_set_listed_pricing`), against Clp's
/// scan of every row: the same pivot rows, so the same answers to the bit.
@Suite struct ListedPricingTests {
    /// Clp for the large parts with the pricing `mode` of the shim (0: Clp's
    /// scan, 1: the list, 2: the list checked against the scan at each
    /// choice, 3: the list with every moved row listed); the switch is the thread's, so it is set around each part's
    /// solve on the thread that solves it.
    final class Priced: LargePartSolver, @unchecked Sendable {
        let clp = ClpPartSolver()
        let mode: Int32
        private let counts = Mutex<(choices: Int, disagreements: Int, cold: Int, looks: Int)>((0, 0, 0, 0))
        init(mode: Int32) { self.mode = mode }
        var name: String { "clp, listed pricing \(mode)" }
        func solve(_ part: LinearPart) -> [Double]? {
            plumb_clp_set_listed_pricing(mode)
            defer { plumb_clp_set_listed_pricing(1) }
            let choices = plumb_clp_listed_choices(), disagreements = plumb_clp_listed_disagreements()
            let looks = plumb_clp_listed_looks()
            let report = clp.solveReporting(part)
            counts.withLock {
                $0.choices += plumb_clp_listed_choices() - choices
                $0.disagreements += plumb_clp_listed_disagreements() - disagreements
                $0.cold += report.levels.largestInfeasibility
                $0.looks += plumb_clp_listed_looks() - looks
            }
            return report.values
        }
        /// Pivot rows chosen from the list.
        var choices: Int { counts.withLock { $0.choices } }
        /// Of those, the ones Clp's scan would have chosen otherwise (mode 2).
        var disagreements: Int { counts.withLock { $0.disagreements } }
        /// Cold solves priced by the largest infeasibility.
        var cold: Int { counts.withLock { $0.cold } }
        /// Rows the choices looked at in the list.
        var looks: Int { counts.withLock { $0.looks } }
    }

    /// Chart grids whose first level clashes (its promotion fails, and the
    /// cold solve after it is priced by the largest infeasibility) and
    /// random coupled systems of several levels (from a part's second cold
    /// solve on, the same pricing): with the list, checked at every choice,
    /// Clp's scan never chooses another row, and the answers with the list
    /// and with Clp's scan are the same to the bit (or, where a random
    /// grid's required rows conflict, all three solves fail); Clp's scan
    /// makes no choice from the list.
    @Test func theListChoosesTheRowsClpsScanChooses() throws {
        var systems: [(String, ConstraintSystem)] = []
        for seed in 0 ..< 16 as Range<UInt64> {
            let grid = LargePartTests.chartGrid(seed: 57_000 + seed, rows: 4 + Int(seed % 5) * 6,
                                                columns: 1 + Int(seed % 3), clash: seed % 4 != 0)
            systems.append(("grid seed \(seed)", grid.system))
        }
        for seed in 0 ..< 12 as Range<UInt64> {
            let (_, system, _) = LargePartTests.mixedHardSystem(seed: 57_100 + seed, size: seed, kinds: 4)
            systems.append(("mixed seed \(seed)", system))
        }
        var choices = 0, disagreements = 0, cold = 0, conflicts = 0
        for (label, system) in systems {
            let checked = Priced(mode: 2), listed = Priced(mode: 1), scanned = Priced(mode: 0)
            let a = Result { try LargePartTests.solve(system, with: checked) }
            let b = Result { try LargePartTests.solve(system, with: listed) }
            let c = Result { try LargePartTests.solve(system, with: scanned) }
            switch (a, b, c) {
            case let (.success(a), .success(b), .success(c)):
                #expect(a.values == c.values && b.values == c.values, "\(label): the points differ")
            case (.failure, .failure, .failure):
                // Some random grids' required rows conflict: all three say so.
                conflicts += 1
            default:
                Issue.record("\(label): solved with one pricing and not with another")
            }
            #expect(scanned.choices == 0, "\(label)")
            #expect(listed.choices == checked.choices, "\(label): \(listed.choices) against \(checked.choices)")
            choices += checked.choices
            disagreements += checked.disagreements
            cold += checked.cold
        }
        #expect(conflicts < systems.count / 4, "\(conflicts) systems with conflicting required rows")
        #expect(disagreements == 0, "\(disagreements) of \(choices) choices differ from Clp's scan")
        #expect(cold >= 10 && choices >= 100, "\(cold) cold solves priced so, \(choices) choices, \(conflicts) conflicts")
    }

    /// The list's upkeep: a row the dual moves is listed only when it then
    /// lies outside the tolerance. On clashing chart grids (the cold solve
    /// after a failed promotion) the choices are those made with every
    /// moved row listed (mode 3, the upkeep before), the points the same
    /// to the bit, the list checked at every choice to hold every row
    /// outside the tolerance (mode 2), and the choices look at fewer rows.
    @Test func movedRowsInsideTheToleranceAreNotListed() throws {
        var looks = 0, looksListingEveryMove = 0, choices = 0, disagreements = 0
        for seed in 0 ..< 8 as Range<UInt64> {
            let grid = LargePartTests.chartGrid(seed: 58_000 + seed, rows: 10 + Int(seed % 4) * 6,
                                                columns: 1 + Int(seed % 3), clash: true)
            let listed = Priced(mode: 1), everyMove = Priced(mode: 3), checked = Priced(mode: 2)
            let a = Result { try LargePartTests.solve(grid.system, with: listed) }
            let b = Result { try LargePartTests.solve(grid.system, with: everyMove) }
            let c = Result { try LargePartTests.solve(grid.system, with: checked) }
            switch (a, b, c) {
            case let (.success(a), .success(b), .success(c)):
                #expect(a.values == b.values && c.values == b.values, "seed \(seed): the points differ")
            case (.failure, .failure, .failure):
                break
            default:
                Issue.record("seed \(seed): solved with one upkeep and not with another")
            }
            #expect(listed.choices == everyMove.choices && checked.choices == listed.choices, "seed \(seed)")
            looks += listed.looks
            looksListingEveryMove += everyMove.looks
            choices += listed.choices
            disagreements += checked.disagreements
        }
        #expect(disagreements == 0, "\(disagreements) of \(choices) choices missed a row or chose another")
        #expect(choices >= 50, "\(choices) choices")
        #expect(looks < looksListingEveryMove, "\(looks) rows looked at, \(looksListingEveryMove) listing every move")
    }
}
