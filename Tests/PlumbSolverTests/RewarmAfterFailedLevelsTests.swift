import PlumbTestSupport
import Testing
@testable import PlumbClp
@testable import PlumbSolver

/// A warm level of the solve whose primal runs to its cap keeps the part
/// warm (`ClpPartSolver.rewarmsAfterFailedLevels`): that level is solved by
/// the dual without presolve from where the primal stopped, and the next
/// level is warm again. Each level is still solved to its optimum, so the
/// answers must be the old path's and the tableau's. The warm levels here
/// are capped at a few pivots (`warmPivotCap`) so that some of them fail,
/// as the large parts' first warm level after a cold one does on
/// `ladder-loose`. (Ladders capped at 3 pivots were tried too: their warm
/// levels stall, none fails, so they do not reach the rule.)
@Suite struct RewarmAfterFailedLevelsTests {
    typealias ClpLog = LargePartTests.ClpLog

    static func solver(rewarms: Bool, cap: Int) -> ClpLog {
        var clp = ClpPartSolver(probePivots: 1)
        clp.warmPivotCap = cap
        clp.rewarmsAfterFailedLevels = rewarms
        return ClpLog(clp)
    }

    /// Random coupled systems (grids, chart grids, shelves with
    /// contradicting levels, scaled chart grids) with warm levels capped
    /// at 2 pivots: one optimum with the old path and the tableau.
    @Test func randomSystemsKeepTheOptimum() {
        var rewarmed = 0
        LargePartTests.keepOneOptimum(seeds: 24, from: 74_100) {
            (Self.solver(rewarms: true, cap: 2), Self.solver(rewarms: false, cap: 2))
        } check: { label, new, old in
            rewarmed += new.rewarmed
            #expect(old.rewarmed == 0, "\(label)")
            // Each level kept warm was solved by the dual without presolve.
            #expect(new.unpresolvedColdSolves - old.unpresolvedColdSolves >= new.rewarmed, "\(label)")
        }
        #expect(rewarmed >= 1, "\(rewarmed) levels kept their part warm")
    }
}
