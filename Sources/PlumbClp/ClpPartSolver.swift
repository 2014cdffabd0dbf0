import CClpSimplex
import PlumbSolver
import Synchronization

/// Solves the parts that stay large and coupled after presolve with COIN-OR
/// Clp (a revised simplex over a sparse LU factorisation), one priority
/// level after another, each level held at its optimum by its optimal face
/// (rows with a non-zero dual made equalities, error columns with a
/// non-zero reduced cost fixed at 0) while the next is minimised: the
/// lexicographic optimum, exact up to Clp's tolerances (1e-9).
///
/// Each optional row gets error columns: an equality `e⁺ − e⁻`, an
/// inequality one column on the side it may miss; level `p`'s objective is
/// the sum of its rows' error columns. Required rows are row bounds. The
/// first level is solved by Clp's presolve and dual simplex
/// (`plumb_clp_presolved_dual`), after trying it as required rows when it has
/// an equality between edges (see `promote`; the level after a promoted
/// one is solved by presolve and dual too); each later one by the primal
/// simplex from the last basis, capped at rows/20 pivots and refactorising
/// only when it must (see `warmRefactorInterval`), and once a level passes
/// the cap, the rest of the part by presolve and dual again. A level that
/// goes cold that way is first checked at the last basis, which may
/// already be optimal for it (see `BasisCheck`), and then, when it has an
/// equality between variables, tried at zero error by the dual simplex
/// from the last basis (see `holdsAtZero`); and from a part's third cold
/// solve on, presolve makes no doubleton substitutions (see
/// `doubletonColdSolves`). The level after a first level found at its
/// least point, when its warm probe gives up, is first tried from a crash
/// basis that Clp only has to confirm (see `crashesGreedyLevel`). Clp's presolve
/// never makes tripleton substitutions: Plumb's own presolve pivots on the
/// part's short required equalities (`ComponentPresolve`), and on the
/// chains of equalities that promoted and held levels add, Clp's grow
/// quadratic.
///
/// After each held level, held equalities that other held ones imply are
/// freed (`PartModel.freeImpliedEqualities`), and the next cold level's
/// presolve then runs until nothing more goes: a chart grid holds four
/// `height = 0.6·width` rows per row of charts where one suffices, and
/// the next level pivoted once per row through them.
///
/// After each level but the last, when the levels held so far pin what
/// coupled the part (the planner's evaluator would determine the variables
/// that joined it), the rest is handed back to the planner instead, as a
/// system of its own (`HeldRemainder`): its pieces are solved one by one,
/// small ones without Clp, rather than level after level on the whole part
/// (`priorities` at 10,000 views: 0.19 of the time).
///
/// When Clp finds no optimum (the required rows conflict, or it stops), the
/// part goes back to Plumb's tableau, which names the minimal conflict set.
/// Clp is called from one thread at a time.
public struct ClpPartSolver: LargePartSolver {
    /// Whether the first level is first tried as required when it has an
    /// equality between edges (see `promote`). On by default; the tests
    /// turn it off to compare.
    public var promotesFirstLevel: Bool

    /// How many pivots the warm primal simplex of a later level makes
    /// between two factorisations of its basis; `nil` (the default): as
    /// many as the level may make before it is solved cold instead,
    /// `max(200, rows / 20)`, so that a level refactorises when it starts,
    /// when it ends and when Clp finds its updates inaccurate. Clp's own
    /// 200 made `priorities` at 30,000 views refactorise about a dozen
    /// times a level, three quarters of its time (BENCHMARKS.md,
    /// "Refactorising less often"). The tests set it to compare.
    public var warmRefactorInterval: Int?

    /// Whether, after each level, the part is handed back to the planner
    /// when the held levels split it (see `HeldRemainder`). On by default;
    /// the tests turn it off to compare.
    public var splitsRemainders: Bool

    /// Whether, after each held level, held equalities that other held
    /// ones imply are freed (see `PartModel.freeImpliedEqualities`). On by
    /// default; the tests turn it off to compare.
    public var freesImpliedEqualities: Bool

    /// Which levels after the first are first tried at zero error (see
    /// `holdsAtZero`).
    public enum ZeroTrial: Sendable {
        /// None.
        case never
        /// A level solved by presolve and the dual simplex because one above
        /// it was, when it has an equality between variables (the default;
        /// see `holdsAtZero` for why not the others).
        case beforeColdSolves
        /// Every level after the first, before its warm primal simplex too,
        /// whatever its rows (for the tests: the trial on many more levels).
        case beforeEveryLevel
    }

    /// Which levels are first tried at zero error. The tests compare the
    /// settings.
    public var zeroTrial: ZeroTrial

    /// Whether a replay asks Clp's dual what it can know without it: if a
    /// level it held at zero error still holds when a wish of that level is
    /// kept off its value by a required row of the same terms (see
    /// `PinnedOffWishes` and `replay`; `pinnedTrials`), and what a settled
    /// level's face is (see `SettledLevel`; `settledTrials`).
    public enum PinnedTrials: Sendable {
        /// Always asked (the path before `PinnedOffWishes`).
        case run
        /// Not asked: the level is minimised at once (the default).
        case skipped
        /// Asked all the same, and counted when the dual finds it holds
        /// (for the tests: the claim checked against Clp).
        case checked
    }

    /// How a replay treats a level that cannot hold at zero error any more
    /// (see `PinnedTrials`). `.skipped` by default; the tests compare.
    public var pinnedTrials: PinnedTrials = .skipped

    /// Whether a replay runs Clp's dual on a level after a failed
    /// promotion's first level was minimised, when that level's errors are
    /// all nonbasic at their lower bounds there (see `SettledLevel`): the
    /// same three choices as `pinnedTrials`, `.skipped` by default.
    public var settledTrials: PinnedTrials = .skipped

    /// Whether a replay starts the steps after a released level (a level
    /// held at zero error, or promoted, that could not hold any more) from
    /// their recorded bases refitted to the release (see
    /// `refittedBasis`), or from the recorded bases as they are (false,
    /// the path before). True by default; the tests compare.
    public var refitsAfterRelease = true

    /// Whether a part's model keeps what `PartModel.freeImpliedEqualities`
    /// reads of the rows' terms from one call to the next (see
    /// `ImpliedEqualityTerms`), or makes it again at each call (false, the
    /// path before). True by default; the tests compare.
    public var keepsImpliedEqualityTerms = true

    /// Whether a replay's duals answer Clp's check of the part's matrix at
    /// each start from a check of the same matrix that passed and changed
    /// nothing (the shim's `plumb_clp_set_keeps_matrix_checks`: the same
    /// entries, shape, flags and counts, compared entry for entry), or run
    /// Clp's check every time (false, the path before). True by default;
    /// the tests compare.
    public var keepsReplayMatrixChecks = true

    /// Whether a zero trial runs Clp's dual with the objective set to 0
    /// (see `holdsAtZero`). With the level's error columns fixed at 0 its
    /// objective is constant on the feasible set, so the trial's question
    /// (is there a feasible point?) does not depend on it; but the fixed
    /// columns that are basic keep their costs in the duals, and on
    /// `levels` and `degenerate` three reduced costs came out of sign:
    /// Clp's dual gave up before its first pivot and handed the trial to
    /// its primal, which took the 3 pivots after its own set-up and phase
    /// one (752 M instructions at 10,000 views on `levels`). With no costs
    /// every basis is dual feasible and the dual takes the 3 pivots itself.
    /// On by default (a stored property, so the init is unchanged); the
    /// tests turn it off to compare.
    public var zeroTrialWithoutCosts = true

    /// Whether a promotion's presolve (see `promote`) makes none of Clp's
    /// dual reductions when the part has linking variables (in more than
    /// `PartModel.linkingDegree` rows of two or more variables), as the
    /// primal cold solve after a least point's presolve does not (see
    /// `dualPresolveBeforePrimal`). On `priorities`
    /// every row of items is pushed right of one shared guide
    /// (`item.left >= guide.right + 4`), so the guide's column has an entry
    /// a row; with the dual reductions Clp's doubleton and implied-free
    /// substitutions then carried the guide into every row they rewrote,
    /// each new entry added after a search of the whole column for it and
    /// each taken out again in postsolve by a walk down it: O(rows^2),
    /// `priorities` 10,000 -> 30,000 views x3.44 in instructions. Without
    /// them the promotion leaves Clp's dual a few hundred pivots, and grows
    /// with the part (BENCHMARKS.md, subst41). A part without such long
    /// columns keeps them: on the heights part of `degenerate` (no column
    /// in more than 7 rows) the promotion without them cost 5.5 times as
    /// much at 10,000 views. On by default (a stored
    /// property, so the init is unchanged); the tests turn it off to
    /// compare.
    public var promotesWithoutDualPresolve = true

    /// Whether the first cold solve after a promotion that failed (see
    /// `promote`) runs Clp's dual simplex without presolve, from the basis
    /// the failed attempt left, and priced by the largest infeasibility.
    /// That basis is the attempt's postsolved one: every row of the first
    /// level at zero error but those that cannot be, near the level's
    /// optimum. Clp's presolve carried it into the presolved model badly
    /// (`chartgrid --width 480` at 10,000 views: 4,968 of its columns
    /// rejected by the first factorisation), and the dual restarted far
    /// from it: 872 pivots there against 258 without presolve, each
    /// walking the chain of rows of charts; and from the vertex it then
    /// ends on, the next two levels hold within their warm probes (with
    /// presolve the last one ran its warm primal to the cap and was solved
    /// cold). Steepest edge's second solve with the basis per pivot does
    /// not pay from so near the optimum (as for the later cold solves, see
    /// `largestInfeasibilityFrom`). When that answer would not stand (not
    /// optimal: on some small coupled systems Clp ends it primal
    /// infeasible; or resting on an artificial bound, see
    /// `PartModel.restsOnArtificialBound`), the attempt's basis and point
    /// are put back and the level is solved with presolve as it is with
    /// this off (counted in `LevelCounts.presolvedAfterUnpresolved`). On
    /// by default (a stored property, so the init is unchanged); the tests
    /// turn it off to compare.
    public var skipsPresolveAfterFailedPromotion = true

    /// Whether a promotion (see `promote`) probes its presolved model, at
    /// the first refactorisation of Clp's dual on it or after its first
    /// `promotionProbePivots` pivots, whichever comes first, with
    /// `promotionProbePivots` dual pivots priced by the largest
    /// infeasibility on a copy. When the first level cannot hold, the usual
    /// pricing may not find the row that proves it: `chartgrid --width
    /// 480` at 30,000 views walked the chain of rows of charts to the
    /// promotion's cap of 1,350 pivots, the infeasibility falling steadily,
    /// where the probe after 25 pivots (at first: at its first
    /// refactorisation, 139 pivots) proves it. When the probe proves it,
    /// the usual dual stops there (the basis handed to the cold solve is
    /// the one it reached); when not, or when the promotion ends before
    /// either (as `chartgrid`'s, `priorities`' and the width-480 grid's up
    /// to 10,000 views do), the usual dual solves the presolved model
    /// exactly as without the probe. On by default (a stored property, so the init
    /// is unchanged); the tests turn it off to compare.
    public var probesPromotion = true

    /// The cap on the pivots of the first level's promotion when the
    /// optimal face is looked for (`optimalFace`, `plumb check`'s
    /// ambiguity phase); nil: one for each 10 rows of the part, at least
    /// 200 (a solve's is one for each 50: see `promote`). The face's
    /// part is the layout's rows before Plumb's presolve (pinned pairs
    /// merged), on which the promotion of `chartgrid`'s 750 level took
    /// 713 pivots at 10,000 views (38,520 rows; the solve's cap would be
    /// 770) and 2,713 at 30,000 (115,520 rows, against 2,310): there it
    /// hit the solve's cap, and the cold solves after it took 3.5 to 4 s
    /// more than the promoted solve (BENCHMARKS.md, check58). A promotion
    /// that cannot hold is mostly found out early by the probe
    /// (`probesPromotion`), not by the cap. Settable for the tests, which
    /// compare the face found through a promotion with the one found
    /// without.
    var facePromotionPivots: Int?

    /// Clp's presolve passes in the promotion of the optimal face's first
    /// level (a solve's promotion keeps `promotionPresolvePasses`). The
    /// face's part is not Plumb-presolved: after Clp's first five passes
    /// each further one takes out about three rows of `chartgrid`'s
    /// chain, at a pass's cost over the whole matrix, so the 100 passes
    /// cost more than the dual pivots they save (30,000 views: presolve
    /// 0.73 s for 2,713 pivots after it, against 2,998 pivots after five
    /// passes, the promotion 0.92 -> 0.41 s; BENCHMARKS.md, chk63). Settable
    /// for the tests, which compare the face found both ways.
    var facePromotionPresolvePasses: Int32 = 5

    /// Whether the probe (see `probesPromotion`) runs before the usual
    /// dual's first pivot instead, so that small parts reach it (for the
    /// tests: on the documents it costs more than it saves).
    var probesPromotionFromStart = false

    /// The usual dual's pivots after which the probe runs if no
    /// refactorisation came first; nil: `promotionProbePivots` (for the
    /// tests, whose small parts' promotions end long before 25 pivots).
    var promotionProbeAfterPivots: Int32?

    /// The probe's pivots (see `probesPromotion`): the largest
    /// infeasibility proved the width-480 chart grid's promotion
    /// infeasible in 7 from the presolve's basis (1,000 to 30,000 views).
    static let promotionProbePivots: Int32 = 25

    /// Whether a zero trial without costs takes Clp's set-up of the matrix
    /// from the failed check just before it (see `ZeroTrialSetUp`). On by
    /// default (a stored property, so the init is unchanged); the tests
    /// turn it off to compare.
    public var zeroTrialSharesSetUps = true

    /// Which levels after the first are first checked at the basis the
    /// last level ended on: the primal simplex from it with no pivot
    /// allowed, which factorises the basis, prices the level's objective
    /// and ends optimal when no column improves it. That basis is optimal
    /// for the levels above, so its point lies on their held face, and
    /// when it is also optimal for the level, the level needs no presolve
    /// and no pivot. A check that fails costs the factorisation and leaves
    /// the basis as it was.
    public enum BasisCheck: Sendable {
        /// None.
        case never
        /// A level that would be solved by presolve and the dual simplex
        /// because one above it was (the default). On `levels` the five
        /// levels below the equal split contradict it and each other: the
        /// split is already their optimum, and each took a cold solve
        /// (Clp's presolve on the whole part, 0 pivots: 0.25 s at 10,000
        /// views) where the check costs one factorisation (0.05 s). A
        /// level before its warm primal simplex is not checked: the warm
        /// primal from an optimal basis stops at once just as well.
        case afterColdSolves
        /// Every level after the first (for the tests: the check on many
        /// more levels).
        case beforeEveryLevel
    }

    /// Which levels are first checked at the last basis. The tests compare
    /// the settings.
    public var basisCheck: BasisCheck

    /// The most pivots of a warm level's probe (see `warmPrimal`): 50 by
    /// default. A tenth of the cap grows with the part, and so does each
    /// primal pivot's pricing: the probe that `degenerate`'s and `levels`'
    /// greedy level give up after cost 0.05 and 0.18 s at 10,000 views
    /// (210 and 510 pivots), against 2 and 6 ms at 1,000; at 50 pivots,
    /// 0.02 and 0.06 s. The tests set it lower to give up more often.
    public var probePivots: Int

    /// Whether a warm probe of the solve (not of the optimal face) goes on
    /// after its pivots when none of the level's errors was above 0 at
    /// Clp's last point before it, instead of being given up as stalled
    /// (see `warmPrimal`). That point is not where Clp's primal starts
    /// after a cold solve (on `boxes` the errors read 0 there, and the
    /// probe's start has them above 0: 37 left after its 25 pivots at
    /// 1,000 views), so a count of 0 says nothing of progress, and the
    /// probe "stalled" by construction: every later level went cold.
    /// On the face it still does: there the probe goes cold as before,
    /// because the face's cold levels are cheaper than warm ones
    /// (presolved with `faceColdPresolveActions`, checks skipped after
    /// `faceFailedTrialsBeforeSkipping`), and on `priorities`' face all
    /// 25 later levels went warm, each paying Clp's set-up and two
    /// factorisations (`plumb check` 1.029x; BENCHMARKS.md, stall73).
    /// Each level is still solved to its optimum either way. False is the
    /// old path, for the tests.
    var goesOnFromNoErrors = true

    /// Whether a warm level of the solve (not of the optimal face) whose
    /// primal ran to its cap keeps the part warm: the level is solved by
    /// Clp's dual simplex without presolve from the basis the primal
    /// stopped at (as after a failed promotion, see
    /// `skipsPresolveAfterFailedPromotion`, presolved from the same start
    /// when that answer would not stand), and the next level is warm again,
    /// instead of every later level of the part going cold. A level that
    /// fails so right after another that failed (no warm level ended
    /// optimal in between) sends the part cold as before, so a part where
    /// the primal keeps failing pays one more cap than the old path. A
    /// stalled probe (no error cleared) still sends the part cold: that is
    /// the primal walking degenerate vertices (`levels`, `degenerate`).
    /// On `ladder-loose` the failing level is the first warm one after a
    /// cold one: Clp's primal from the postsolved basis of a presolved dual
    /// walked to the cap (233 pivots on a part of 1,773 variables at 3,000
    /// views), while from the basis of a dual without presolve the next
    /// level ends optimal within its probe and so do the part's ~210
    /// later ones, which were cold (check, zero trial, presolve and dual:
    /// ~6 factorisations of the part each). Each level is still solved to
    /// its optimum, by the primal or the dual, from a basis of the level
    /// above held by its optimal face, so the answer is the lexicographic
    /// optimum either way. Counted in `LevelCounts.rewarmed`. False is the
    /// old path, for the tests.
    var rewarmsAfterFailedLevels = true

    /// The most pivots of a warm level (nil: `refactorEvery(rows:)`, the
    /// default); the tests set it low so that warm levels fail.
    var warmPivotCap: Int? = nil

    /// From which cold solve of a part on (counted from 1) the dual
    /// simplex picks the row to leave by its infeasibility alone instead
    /// of by dual steepest edge; nil: never. 2 by default. Steepest edge
    /// keeps a weight per row, which costs a second solve with the basis
    /// at every pivot; on `levels` the columns of the basis inverse run
    /// down the long box-left columns, so that solve cost as much as the
    /// pivot's own (`ClpDualRowSteepest::updateWeights` 1.83 G of 12.78 G
    /// instructions at 10,000 views, 102 times its cost at 1,000). Later
    /// cold solves start from the basis the level above ended on (Clp's
    /// presolve carries it), near the optimum, where fewer pivots do not
    /// repay that solve: `levels` at 10,000 views 12.78 -> 11.10 G
    /// instructions, the same frames. A part's first cold solve starts far
    /// from it, and there steepest edge pays: `scales`' first level
    /// priced by infeasibility took 4.5 % more instructions at 10,000 views
    /// (BENCHMARKS.md, "Hard workloads at scale, second pass").
    public var largestInfeasibilityFrom: Int?

    /// Whether a part's first level, when it is not promoted, is first
    /// tried at the least point of its rows and the required ones (see
    /// `LeastPointStart`). On by default; the tests turn it off to
    /// compare.
    public var startsFromLeastPoint: Bool

    /// Whether, when the warm probe of the level after a first level
    /// found at its least point gives up, the cold solve starts from the
    /// point's basis again instead of from where the probe stopped. On
    /// `degenerate` (the greedy level, every box 4,000 wide) the probe's
    /// 50 pivots leave a basis both primal and dual infeasible after
    /// Clp's presolve, and the dual simplex then hands over to the primal
    /// for thousands of degenerate pivots, one per dual infeasibility: at
    /// 10,000 views its cold solve took 2.51 G instructions from there and
    /// 2.24 G from the point. On by default; the tests turn it off to
    /// compare.
    public var startsAfterLeastPoint: Bool

    /// Whether a cold solve that starts from a least point's basis again
    /// (see `startsAfterLeastPoint`) is solved by Clp's primal simplex
    /// after presolve, with the rows that only repeat another left out as
    /// well as the free ones. The point is feasible for the level (it
    /// meets every required row and the level above is held where it
    /// stands), so its basis is primal feasible but not dual feasible
    /// (each greedy width nonbasic at its minimum); Clp's dual gave up on
    /// it at once and handed over to the primal anyway. A repeat is a row
    /// with the same entries as a kept one on every column not fixed at
    /// 0 (`degenerate`'s gap written again at 750 and held), bounds no
    /// tighter, and its slack basic, so the basis without it stays
    /// regular and the answer is put back as for a free row. Clp's
    /// presolve would drop those rows itself, but takes each one out of
    /// its columns by a search down the column, and the four box-left
    /// columns hold one entry per shelf. Left out before a dual simplex
    /// they made it dearer (the dual then ran its own pivots, each priced
    /// over every row); before the primal they save that search
    /// (`degenerate` at 10,000 views 3.31 -> 2.97 G instructions, the same
    /// frames). Neither change alone helps. On by default; the tests turn
    /// it off to compare.
    public var primalAfterLeastPoint: Bool

    /// Whether Clp's presolve makes its dual reductions before that primal
    /// simplex (see `primalAfterLeastPoint`). Off by default: on
    /// `degenerate`'s greedy level they make every shelf's last right edge
    /// tight at the margin, and Clp then substitutes each such row into the
    /// shared box-left column, walking that column (an entry a shelf) for
    /// each substitution and again in its postsolve: 0.4 G of that cold
    /// solve's 1.2 G instructions at 10,000 views, growing 91x for 10x the
    /// views (BENCHMARKS.md, solve35). The tests turn it on to compare.
    public var dualPresolveBeforePrimal: Bool

    /// Whether that primal cold solve (see `primalAfterLeastPoint`) is
    /// first tried from a crash basis (see `GreedyCrash`): the least
    /// point's basis with each variable of a missed wish of the level
    /// moved alone until a row or the wish stops it, Clp allowed
    /// `crashPivots` pivots from it without presolve. When that does not
    /// end optimal, the cold solve runs as before from the least point's
    /// basis. On `degenerate`'s and `levels`' greedy level the crash is
    /// the optimal basis that Clp's primal reached after about 8,000
    /// pivots at 10,000 views, three quarters of them degenerate. On by
    /// default; the tests turn it off to compare.
    public var crashesGreedyLevel: Bool

    /// The pivots Clp may make from a crash basis (see
    /// `crashesGreedyLevel`) before the level is solved cold instead.
    public var crashPivots: Int

    /// Whether Clp's confirmation of a crash basis (see
    /// `crashesGreedyLevel`, with no pivot allowed) keeps its
    /// factorisation, the lower levels' rows put back before it instead of
    /// after, so that the next level's check at the last basis starts from
    /// it as from a passed check's (see `reusesCheckFactorization`) instead
    /// of factorising the whole part again: one factorisation less on
    /// `degenerate` and `levels` (BENCHMARKS.md, solve37). On by default;
    /// the tests turn it off to compare.
    ///
    /// The rows are put back with the basis made to fit them at the
    /// crash's point (`PartModel.restoreRows(_:below:of:point:)`). Put back
    /// after the confirmation, the fit made a row's error column basic in
    /// place of its slack wherever the crash point misses the row (on
    /// `levels`, the rows of the five levels below the equal split), so the
    /// basis Clp had factorised was no longer the model's. The confirmation
    /// prices the same linear program either way: a lower row's error
    /// columns cost nothing at this level, so whether the row is open (its
    /// slack basic) or back at its bounds (its slack or one error column
    /// basic at the miss), its dual is 0 and every other dual and reduced
    /// cost is as it was; and the fit keeps the point, so the crash is
    /// confirmed on the same levels.
    public var keepsCrashFactorization: Bool

    /// Whether a check at the last basis (see `BasisCheck`, and the check
    /// of a least point) keeps Clp's factorisation of the basis when it
    /// passes, and the next level's check starts from it instead of
    /// factorising the same basis again. Between the two only
    /// the objective and bounds change (the level aimed at, the face
    /// held), never the matrix or the basis, so the basis matrix is the
    /// same. On `levels` (five checks in a row below the equal split) a
    /// check took 40 to 50 ms at 10,000 views factorising and 20 to 25
    /// from the kept factorisation. A warm probe does not start from it:
    /// Clp sized the kept factorisation's update area for a check's
    /// pivots, and the probe's 50 overran it (heap corruption on
    /// `degenerate` at 1,000 views). On by default; the tests turn it off to compare.
    public var reusesCheckFactorization: Bool

    /// Whether such a check, from a kept factorisation, also takes Clp's
    /// set-up of the matrix as the call that kept it left it (see
    /// `checkContinuation(kept:)`). On by default; the tests turn it off
    /// to compare.
    public var keepsCheckSetUp: Bool

    /// Whether a warm level's calls of Clp's primal keep its work areas and
    /// factorisation, and the next warm level's probe starts from them
    /// when nothing but bounds and the objective changed in between (no
    /// check, zero trial or cold solve; see `WarmSetUp`). Each warm level
    /// otherwise paid Clp's whole start over the part (factorising the
    /// basis, scaling, the row copy) for a few pivots: on `ladder` at
    /// 1,000 views (about 900 levels on one part) that start was 38 % of
    /// the solve (BENCHMARKS.md, warm72 and carry73). On by default; the
    /// tests turn it off to compare.
    public var carriesWarmSetUp: Bool

    /// Whether such a check, from a kept factorisation, has Clp compute
    /// the point and the prices once instead of twice where that changes
    /// nothing (see `checkAtBasis(_:continuation:)`). On by default; the
    /// tests turn it off to compare.
    public var computesCheckOnce: Bool

    /// Whether a cold solve and a zero trial open the bounds of the rows
    /// of the levels below the one they solve (see `PartModel.openRows`)
    /// and put them back after, with the basis made to fit them (see
    /// `PartModel.restoreRows`). Each such row has its own error columns,
    /// free and of no cost at this level, so it binds nothing here; open,
    /// Clp's presolve drops it at once instead of working through it, and
    /// the zero trial's dual simplex never pivots on it. On `levels` three
    /// fifths of the part's rows are the five lower levels' wishes; their
    /// cold solves opened, 9.72 -> 8.73 G instructions at 10,000 views,
    /// and with the zero trial opened too the equal split holds at zero
    /// in a few pivots (it went cold: 1,005 pivots to hold at zero with
    /// the rows in, at 1,000 views), 7.06 G. On by default; the tests turn
    /// it off to compare.
    public var opensLowerRows: Bool

    /// Whether a cold solve leaves the free rows out of the model that
    /// Clp presolves: the rows of the levels below that `opensLowerRows`
    /// opened, and held equalities freed (see
    /// `PartModel.freeImpliedEqualities`). Clp's presolve drops such rows
    /// too, but takes each one's entries out of its columns by a search
    /// down the column; on `levels`' part (66,000 opened rows at 10,000
    /// views) the four box-left columns hold 10,000 entries each. The shim
    /// solves a copy without them and puts the answer back, each such row
    /// basic with a dual of 0 (see `plumb_clp_presolved_dual`). Rows that
    /// only repeat another were tried too and made the dual simplex after
    /// presolve dearer (BENCHMARKS.md, "`levels` and `degenerate` in wall
    /// time"). A promotion (see `promote`) keeps them. On by default; the
    /// tests turn it off to compare.
    public var dropsFreeRows: Bool

    /// Whether `optimalFace` settles before its LP the inequalities
    /// the optimum is off and those the rows pin to their bound (see
    /// `fixedRows`), leaving the LP the others. On by default; the tests
    /// turn it off to compare.
    public var settlesFaceRows: Bool

    /// Whether, settling the face's inequalities (see `settlesFaceRows`),
    /// `pinnedRows` writes each row with the columns that equality rows of
    /// one column fix as constants (see `valuesFixedByRows`), so that rows
    /// pinned through such a column are settled without the LP too. On by
    /// default; the tests turn it off to compare.
    public var pinsThroughFixedColumns = true

    /// Whether, with `pinsThroughFixedColumns`, `pinnedRows` also writes
    /// each column as its representative among the columns that equality
    /// rows make equal (see `twinColumns`). On by default; the tests turn
    /// it off to compare.
    public var pinsThroughTwinColumns = true

    /// How many pivots the LP that settles the face's inequalities (see
    /// `fixedRows`) makes between two factorisations of its basis; nil
    /// (the default): `refactorEvery(rows:)` of the LP's rows.
    /// The tests set other intervals to compare.
    public var settlingRefactorInterval: Int?

    /// Whether `fixedRows`' second `pinnedRows` pass (through the twin
    /// columns) works out again only the rows the twins change and the
    /// rows that meet them, taking the first pass's result for the others
    /// (see `pinnedRows(…, after:)`). On by default; the tests turn it off
    /// to compare with both passes worked out in full.
    var reusesFirstPinning = true

    /// Whether `fixedRows` solves its LP piece by piece, each set of rows
    /// that shares no free column with the others apart (see
    /// `settlingGroups`), instead of as one LP. On by default; the tests
    /// turn it off to compare.
    var settlesGroupsApart = true

    /// Whether the pieces of `fixedRows`' LP are found with the columns
    /// that rows fix through chains of rows written as constants
    /// (`valuesFixedThroughChains`), or only those one pass finds
    /// (`valuesFixedByRows`). On by default; the tests turn it off to
    /// show what the chains split.
    var groupsThroughChains = true

    /// Whether the slacks of `fixedRows`' LP with no free column (LPs of
    /// one column) are decided from their distances where that is plain
    /// (`settleFixedSlacks`), instead of all through Clp. On by default;
    /// the tests turn it off to compare.
    var decidesFixedSlacks = true

    /// Whether `optimalFace` first merges the variables that the part's
    /// required rows of two terms pin to each other (see `PinnedPairs`)
    /// and finds the face of what is left. On by default; the tests turn
    /// it off to compare.
    public var mergesPinnedPairs: Bool

    /// How many rounds of merging pinned pairs `optimalFace` takes at most
    /// (see `PinnedPairRounds`): 8 by default. The tests set 1, one
    /// round, to compare.
    public var pinnedPairRounds = 8

    /// How many pivots a cold solve's dual simplex makes between two
    /// factorisations of its basis; nil (the default): `max(200, rows /
    /// 20)` of the part, as a warm level's primal (see
    /// `warmRefactorInterval`). Clp's own 200 made the number of
    /// factorisations grow with the part as well as their size:
    /// `degenerate`'s greedy level takes 613 / 6,000 dual pivots at 1,000 /
    /// 10,000 views. The tests set Clp's 200 to compare. A promotion keeps
    /// Clp's.
    public var coldRefactorInterval: Int?

    /// How many pivots the cold dual after a failed promotion (the first
    /// level from the attempt's basis, without presolve; see
    /// `skipsPresolveAfterFailedPromotion`) makes at most between two
    /// factorisations, below the other cold solves' interval; nil: theirs.
    /// Its pivots each shrink one label (`chartgrid --width 480`), and the
    /// row transformations Clp keeps since the last factorisation grow by
    /// about half an entry for each pivot before: the BTRAN through them
    /// costs the square of the pivots since, so at 870 pivots (30,000 views) a
    /// factorisation every 300 costs less than Clp's own choice (one after
    /// about 445). 250 to 300 measured best there (BENCHMARKS.md, cg61);
    /// fewer pivots than this (10,000 views: 258) do not notice it.
    public var failedPromotionRefactorInterval: Int? = 300

    /// ClpPresolve's action bits added to the presolve of a cold solve of a
    /// level when the optimal face is looked for (`optimalFace`, `plumb
    /// check`), from the part's second cold solve on and only on a part
    /// with linking variables (see `addsFaceColdPresolveActions`): 1, none
    /// of its dual reductions; 128 and 256, no search for duplicate
    /// columns and rows (see `plumb_clp_set_added_presolve_actions`). With
    /// the usual presolve, the answer Clp puts back after the dual on the
    /// presolved model missed optimality in 20 of `priorities-3000`'s 25
    /// cold solves (23 at 10,000 views, 24 at 30,000), and each then paid
    /// Clp's primal clean-up on the whole model (its set-up and
    /// factorisations, about a third of the cold solve); without these
    /// reductions none did, and the presolve is cheaper too (BENCHMARKS.md,
    /// prio66 and prio67). Each level is still solved to its optimum, so
    /// the face is the same set; a solve (`plumb solve`, sweeps) keeps the
    /// usual presolve. 0 is the old path, for the tests, which compare the
    /// check's reports found both ways.
    var faceColdPresolveActions: Int32 = 1 | 128 | 256

    /// Whether the face's cold solve `ordinal` (1 for the part's first) of a
    /// part with (`linking`) or without linking variables (see
    /// `PartModel.hasLinking`) takes `faceColdPresolveActions`. Without
    /// Clp's dual reductions `dashboard`'s large part, which has none,
    /// pivots far more in the dual on its presolved model (its check 1.16x
    /// at 10,000 views), and `chartgrid`'s one cold solve, the first, ends
    /// on another vertex of the same face whose rows cost `fixedRows`' LP
    /// more (its check 1.006x); `priorities`' part has linking variables
    /// and 25 cold solves, all but its first taking the bits
    /// (BENCHMARKS.md, prio67).
    static func addsFaceColdPresolveActions(linking: Bool, ordinal: Int) -> Bool { linking && ordinal >= 2 }

    /// On the face of a part with linking variables, how many levels in a
    /// row may go cold after a failed check at the last basis (and a
    /// failed zero trial, where one was tried) before the later levels of
    /// that solve skip both and go straight to their cold solve; nil tries
    /// them on every level (the old path, for the tests). A failed check or
    /// trial changes some statuses of the basis (gap69), so a skipped one
    /// changes the start of the cold solve after it, which may end on
    /// another optimal basis of the same face: the values, fixed rows and
    /// reports came out the same bits in the tests, which compare them. One
    /// that would have held costs a cold solve, which ends on the same
    /// face. `priorities`' levels each give way to the one above: its
    /// face's 26 checks and 24 zero trials all failed, a third of the
    /// check's instructions at 3,000 and 10,000 views (BENCHMARKS.md,
    /// chk68).
    var faceFailedTrialsBeforeSkipping: Int? = 3

    /// The same count on the solve (`plumb solve`, not the face), for any
    /// part: once that many levels in a row went cold after a failed check
    /// at the last basis (and a failed zero trial, where one was tried),
    /// the later levels of the part skip both and go straight to their
    /// cold solve; nil tries them on every level (the old path, for the
    /// tests). On `boxes` and `ladder-loose`, once a part has gone cold,
    /// every level gives way to the one above: `boxes` at 1,000 views had
    /// 12 checks (14.5 M instructions each, 15 % of the solve) and 2 zero
    /// trials, none passing; `ladder-loose` at 10,000 views 215 checks and
    /// 213 zero trials, one holding. Of the old families only `levels`
    /// and `degenerate` check a level on the solve, one failure before the
    /// checks pass (or the zero trial holds), so they never reach 3. A
    /// skipped check or trial changes the cold solve's start as on the
    /// face; the frames of those shapes came out the same bytes
    /// (BENCHMARKS.md, skip74).
    var solveFailedTrialsBeforeSkipping: Int? = 3

    public init(
        promotesFirstLevel: Bool = true, warmRefactorInterval: Int? = nil, splitsRemainders: Bool = true,
        zeroTrial: ZeroTrial = .beforeColdSolves, freesImpliedEqualities: Bool = true,
        basisCheck: BasisCheck = .afterColdSolves, probePivots: Int = 50, largestInfeasibilityFrom: Int? = 2,
        startsFromLeastPoint: Bool = true, startsAfterLeastPoint: Bool = true,
        reusesCheckFactorization: Bool = true, opensLowerRows: Bool = true, dropsFreeRows: Bool = true,
        coldRefactorInterval: Int? = nil, primalAfterLeastPoint: Bool = true, settlesFaceRows: Bool = true,
        mergesPinnedPairs: Bool = true, dualPresolveBeforePrimal: Bool = false, crashesGreedyLevel: Bool = true,
        crashPivots: Int = 0, keepsCrashFactorization: Bool = true, keepsCheckSetUp: Bool = true,
        computesCheckOnce: Bool = true, carriesWarmSetUp: Bool = true
    ) {
        self.carriesWarmSetUp = carriesWarmSetUp
        self.keepsCheckSetUp = keepsCheckSetUp
        self.computesCheckOnce = computesCheckOnce
        self.keepsCrashFactorization = keepsCrashFactorization
        self.crashesGreedyLevel = crashesGreedyLevel
        self.crashPivots = crashPivots
        self.dualPresolveBeforePrimal = dualPresolveBeforePrimal
        self.mergesPinnedPairs = mergesPinnedPairs
        self.settlesFaceRows = settlesFaceRows
        self.primalAfterLeastPoint = primalAfterLeastPoint
        self.dropsFreeRows = dropsFreeRows
        self.coldRefactorInterval = coldRefactorInterval
        self.opensLowerRows = opensLowerRows
        self.reusesCheckFactorization = reusesCheckFactorization
        self.startsAfterLeastPoint = startsAfterLeastPoint
        self.startsFromLeastPoint = startsFromLeastPoint
        self.largestInfeasibilityFrom = largestInfeasibilityFrom
        self.basisCheck = basisCheck
        self.probePivots = probePivots
        self.freesImpliedEqualities = freesImpliedEqualities
        self.promotesFirstLevel = promotesFirstLevel
        self.warmRefactorInterval = warmRefactorInterval
        self.splitsRemainders = splitsRemainders
        self.zeroTrial = zeroTrial
    }

    public var name: String { "clp" }

    /// Serialises calls: Clp's message handling is shared between models.
    static let lock = Mutex(())

    public func solve(_ part: LinearPart) -> [Double]? {
        solveReporting(part).values
    }

    /// What `solveReporting` tells the tests.
    struct Report {
        var values: [Double]?
        /// Whether the first level was promoted.
        var promoted: Bool
        /// Whether the part was handed back to the planner split.
        var split: Bool
        /// How the levels were solved.
        var levels: LevelCounts
        /// Warm levels given up after the probe (see `warmPrimal`).
        var stalled: Int { levels.stalled }
    }

    /// How a part's levels were solved: warm levels given up after the
    /// probe (see `warmPrimal`), levels tried at zero error and held there
    /// (see `holdsAtZero`), cold solves (presolve and the dual), levels
    /// already optimal at the last basis (see `BasisCheck`), and
    /// whether held equalities were freed (see
    /// `PartModel.freeImpliedEqualities`).
    struct LevelCounts {
        var stalled = 0, zeroTried = 0, zeroHeld = 0, cold = 0, atLastBasis = 0
        /// Warm probes that went on with no error above 0 before them (see
        /// `goesOnFromNoErrors`).
        var wentOnFromNoErrors = 0
        /// Warm levels that failed and kept the part warm (see
        /// `rewarmsAfterFailedLevels`).
        var rewarmed = 0
        /// Zero trials that took the failed check's set-up (see
        /// `ZeroTrialSetUp`; the model's count after each part).
        var zeroTrialSetUps = 0
        /// Promotions presolved without Clp's dual reductions (see
        /// `promotesWithoutDualPresolve`).
        var promotionsWithoutDualPresolve = 0
        /// The face's cold solves presolved with `faceColdPresolveActions`
        /// added (see `addsFaceColdPresolveActions`).
        var faceColdPresolves = 0
        /// Levels that skipped the check at the last basis and the zero
        /// trial (see `faceFailedTrialsBeforeSkipping`,
        /// `solveFailedTrialsBeforeSkipping`).
        var skippedTrials = 0
        /// Promotions probed, and of those the ones the probe proved
        /// infeasible (see `probesPromotion`; the model's counts after
        /// each part).
        var promotionProbes = 0, promotionsProvedInfeasible = 0
        /// Levels a replay found held at zero before that could not be
        /// any more, minimised from the same basis instead (see `replay`).
        var zeroReleased = 0
        /// Of those, the ones a replay knew could not hold without asking
        /// Clp (see `PinnedOffWishes`), and those the checking mode found
        /// held after all (see `pinnedTrials`; 0 unless the claim is wrong).
        var pinnedTrials = 0, pinnedButHeld = 0
        /// Levels after a failed promotion's first one that a replay knew
        /// optimal without Clp's dual (see `SettledLevel`), and those whose
        /// face the checking mode's dual contradicted (see `settledTrials`;
        /// 0 unless the claim is wrong).
        var settledTrials = 0, settledButMoved = 0
        /// Replay steps started from a basis refitted to an earlier
        /// release (see `ClpPartSolver.refittedBasis`).
        var refittedStarts = 0
        /// The dual's pivots in the steps of a replay after a release
        /// (refitted or not), for the tests.
        var pivotsAfterRelease = 0
        /// Factorisations a warm probe kept that were freed before a cold
        /// solve, so that Clp's presolve, which copies the whole model,
        /// does not copy them (`degenerate` at 10,000 views: a peak of
        /// 88 MB instead of 110).
        var releasedFactorizations = 0
        var freedRows = false
        /// First levels found optimal at the least point of their rows
        /// (see `LeastPointStart`).
        var leastPoint = 0
        /// Cold solves that started from a least point's basis again after
        /// the warm probe gave up (see `startsAfterLeastPoint`).
        var leastPointRestarts = 0
        /// Cold solves whose dual simplex priced by the largest
        /// infeasibility (see `largestInfeasibilityFrom`).
        var largestInfeasibility = 0
        /// Cold solves without presolve after a failed promotion (see
        /// `skipsPresolveAfterFailedPromotion`).
        var unpresolvedColdSolves = 0
        /// Of those, the ones whose answer did not stand and that were
        /// solved again with presolve from the same start.
        var presolvedAfterUnpresolved = 0
        /// Cold solves with the rows of lower levels opened (see
        /// `opensLowerRows`), and rows whose basis could not be made to
        /// fit when they were put back (see `PartModel.restoreRows`).
        var openedColdSolves = 0, openedZeroTrials = 0, unfittedRows = 0
        /// Checks that started from the factorisation a passed check kept (see `reusesCheckFactorization`).
        var reusedFactorizations = 0
        /// Of those, the checks that kept Clp's set-up too (see `keepsCheckSetUp`).
        var setUpsKept = 0
        /// Warm probes that started from the warm level before's
        /// factorisation and set-up (see `carriesWarmSetUp`; the model's
        /// count after each warm level).
        var warmSetUpsCarried = 0
        /// Of those, the checks that had Clp compute the point and the
        /// prices once (see `computesCheckOnce`).
        var checksComputedOnce = 0
        /// Free rows left out of cold solves, over all of them (see
        /// `dropsFreeRows`).
        var droppedRows = 0
        /// Cold solves by the primal simplex from a least point's basis,
        /// and the repeated rows they left out (see
        /// `primalAfterLeastPoint`).
        var primalColdSolves = 0, droppedRepeats = 0
        /// Cold solves tried from a crash basis and ended optimal from it
        /// (see `crashesGreedyLevel`), the pivots Clp made from the crash
        /// bases that did, and the variables the crashes moved.
        var crashTried = 0, crashed = 0, crashedPivots = 0, crashMoves = 0
    }

    /// `solve`, and how it went (for the tests). With a `session`, the
    /// part is solved through it (see `ClpSession`), and so is what the
    /// planner hands back of a split remainder.
    func solveReporting(_ part: LinearPart, session: ClpSession? = nil) -> Report {
        let outcome = Self.lock.withLock { _ in
            session.map { $0.solveLocked(part) } ?? solveLocked(part)
        }
        guard let remainder = outcome.remainder else {
            return Report(
                values: outcome.values, promoted: outcome.promoted, split: false, levels: outcome.levels)
        }
        // Outside the lock: the planner hands what stays large back to this
        // solver.
        var options = SolveOptions()
        options.largePartSolver = session ?? self
        options.threads = 1
        let solution = try? remainder.system(of: part).solve(options: options)
        return Report(
            values: solution?.values, promoted: outcome.promoted, split: true, levels: outcome.levels)
    }

    /// A session of this solver: it keeps each part's Clp model and the
    /// basis each level ended on, and solves a part of the same shape
    /// again from them (see `ClpSession`).
    public func makeSession() -> any LargePartSolver { ClpSession(self) }

    /// The lexicographic optimum and which rows are constant on the whole
    /// optimal set (see `fixedRows`), for `plumb check`. The part is never
    /// split here: the set is read from the model as the solve leaves it.
    /// With `mergesPinnedPairs`, the face is found on the part with its
    /// pinned pairs merged, in up to `pinnedPairRounds` rounds (see
    /// `PinnedPairs`, `PinnedPairRounds`), and on the part as it is
    /// when that has none or finds no optimum.
    public func optimalFace(_ part: LinearPart) -> PartFace? {
        var whole = self
        whole.splitsRemainders = false
        if mergesPinnedPairs, let pairs = PinnedPairRounds(part, limit: pinnedPairRounds) {
            let found = Self.lock.withLock { _ in whole.solveLocked(pairs.merged, face: true) }
            if let values = found.values, let fixed = found.fixedRows {
                return pairs.face(from: PartFace(values: values, fixedRows: fixed))
            }
        }
        let found = Self.lock.withLock { _ in whole.solveLocked(part, face: true) }
        guard let values = found.values, let fixed = found.fixedRows else { return nil }
        return PartFace(values: values, fixedRows: fixed)
    }

    /// What `solveLocked` found: the values (nil when Clp found no
    /// optimum, or when the part was handed back as `remainder`), whether
    /// the first level was promoted, how the levels were solved, with
    /// `face` the rows constant on the optimal set, and when recording the
    /// steps a replay takes again (see `SolveRecord`).
    struct Outcome {
        var values: [Double]?
        var promoted = false
        var remainder: HeldRemainder?
        var levels = LevelCounts()
        var fixedRows: [Bool]?
        /// With `face`, how `fixedRows` settled the inequalities.
        var faceRows = FaceRows()
        /// With `face`, how many pieces `fixedRows`' LP was solved in
        /// apart (see `settlingGroups`); 0 when it was solved whole or
        /// not at all.
        var settlingGroups = 0
        var record = SolveRecord()
    }

    /// The lexicographic solve on a new model of `part`; see the other
    /// `solveLocked`.
    func solveLocked(_ part: LinearPart, face: Bool = false) -> Outcome {
        guard let model = PartModel(part) else { return Outcome() }
        model.keepsImpliedEqualityTerms = keepsImpliedEqualityTerms
        return solveLocked(part, on: model, face: face, recording: false)
    }

    /// The lexicographic solve on `model`, a new model of `part`; with
    /// `face`, also each row's standing on the optimal set, found on the
    /// model as the solve leaves it (see `fixedRows`); with `recording`,
    /// each level's kind and the basis it ended on (for `replay`).
    func solveLocked(_ part: LinearPart, on partModel: PartModel, face: Bool, recording: Bool) -> Outcome {
        let model = partModel.pointer, n = partModel.n, m = partModel.m
        let levelOfError = partModel.levelOfError, order = partModel.order
        let refactorInterval = warmRefactorInterval
        func aim(at level: Double) -> Bool { partModel.aim(at: level) }
        // The first level tried as required rows; if that holds, the
        // second level is solved with it and the loop starts there.
        let promoted = promotesFirstLevel
            && Self.promote(model, levels: order, levelOfError: levelOfError, part: part, firstError: n, aim: aim,
                            dualReductions: !(promotesWithoutDualPresolve && partModel.hasLinking),
                            probePivots: probesPromotion ? Self.promotionProbePivots : 0,
                            probeFromStart: probesPromotionFromStart,
                            probeAfterPivots: promotionProbeAfterPivots ?? Self.promotionProbePivots,
                            cap: face ? facePromotionPivots ?? Self.promotionCap(part, rowsPerPivot: 10) : nil,
                            presolvePasses: face ? facePromotionPresolvePasses : Self.promotionPresolvePasses)
        // Whether a promotion was tried and failed: the model's basis is
        // then the attempt's (see `skipsPresolveAfterFailedPromotion`).
        let failedPromotion = promotesFirstLevel && !promoted && order.count >= 2
            && Self.relates(part, level: order[0])
        var first = true, warm = false
        // Levels in a row gone cold after a failed check (see
        // `faceFailedTrialsBeforeSkipping`, `solveFailedTrialsBeforeSkipping`).
        var failedInRow = 0
        let skipLimit = face ? (partModel.hasLinking ? faceFailedTrialsBeforeSkipping : nil)
            : solveFailedTrialsBeforeSkipping
        // Whether held equalities were freed (see `freeImpliedEqualities`).
        var freedRows = false
        var outcome = Outcome(promoted: promoted)
        outcome.levels.promotionsWithoutDualPresolve = Int(plumb_clp_promotions_without_dual_reductions(model))
        outcome.levels.promotionProbes = Int(plumb_clp_promotion_probes(model))
        outcome.levels.promotionsProvedInfeasible = Int(plumb_clp_promotions_proved_infeasible(model))
        // Presolve and the dual simplex for a level; see
        // `doubletonColdSolves` for when presolve substitutes doubletons.
        // `unpresolved`: from the basis as it stands, without presolve (see
        // `rewarmsAfterFailedLevels`).
        func coldSolve(_ level: Double, feasibleStart: Bool = false, unpresolved: Bool = false) -> Bool {
            kept = false
            outcome.levels.cold += 1
            if feasibleStart && crashesGreedyLevel, let least = leastPointCrash, crashSolve(level, from: least) {
                return true
            }
            // A first level found at its least point counts as the part's
            // first cold solve, which it replaces: the later ones keep
            // their place (their doubletons and pricing).
            let ordinal = outcome.levels.cold + outcome.levels.leastPoint
            let doubletons: Int32 = ordinal <= Self.doubletonColdSolves ? 1 : 0
            let passes = freedRows ? Self.promotionPresolvePasses : 0
            let largest: Int32 = largestInfeasibilityFrom.map { ordinal >= $0 } == true ? 1 : 0
            func solve(passes: Int32, largest: Int32, intervalAtMost: Int? = nil) -> Int32 {
                let opened = opensLowerRows ? partModel.openRows(below: level, of: part) : nil
                let interval = min(coldRefactorInterval ?? Self.refactorEvery(rows: m), intervalAtMost ?? Int.max)
                if face {
                    let added = Self.addsFaceColdPresolveActions(linking: partModel.hasLinking, ordinal: ordinal)
                    plumb_clp_set_added_presolve_actions(model, added ? faceColdPresolveActions : 0)
                    if added && faceColdPresolveActions != 0 { outcome.levels.faceColdPresolves += 1 }
                }
                let status = plumb_clp_presolved_dual(
                    model, passes, Int32.max, doubletons, largest, dropsFreeRows ? 1 : 0,
                    Int32(interval), feasibleStart ? (dualPresolveBeforePrimal ? 2 : 1) : 0)
                if face { plumb_clp_set_added_presolve_actions(model, 0) }
                if let opened {
                    outcome.levels.openedColdSolves += 1
                    outcome.levels.unfittedRows += partModel.restoreRows(opened, below: level, of: part)
                }
                return status
            }
            var status: Int32
            if (unpresolved || skipsPresolveAfterFailedPromotion && failedPromotion && ordinal == 1) && !feasibleStart {
                // Without presolve from the attempt's basis; when that answer
                // would not stand (not optimal, or resting on one of Clp's
                // artificial bounds), from the same basis and point again
                // as before, presolved.
                outcome.levels.unpresolvedColdSolves += 1
                plumb_clp_keep_start(model)
                status = solve(passes: -1, largest: 1, intervalAtMost: failedPromotionRefactorInterval)
                let stands = status == 0 && !partModel.restsOnArtificialBound()
                plumb_clp_leave_start(model, stands ? 0 : 1)
                if !stands {
                    outcome.levels.presolvedAfterUnpresolved += 1
                    status = solve(passes: passes, largest: largest)
                }
            } else {
                status = solve(passes: passes, largest: largest)
            }
            outcome.levels.releasedFactorizations = Int(plumb_clp_released_factorizations(model))
            outcome.levels.largestInfeasibility = Int(plumb_clp_largest_infeasibility_solves(model))
            outcome.levels.droppedRows = Int(plumb_clp_dropped_rows(model))
            outcome.levels.droppedRepeats = Int(plumb_clp_dropped_repeats(model))
            outcome.levels.primalColdSolves = Int(plumb_clp_primal_solves(model))
            return status == 0
        }
        // The least point and its setters, for a crash of the level after
        // it (see `crashesGreedyLevel`).
        var leastPointSetters: [Int32] = []
        var leastPointCrash: GreedyCrash.Start? = nil
        // The level from a crash basis, lower rows opened as for a cold
        // solve; false, with the basis put back, when Clp does not end
        // optimal from it within `crashPivots`.
        func crashSolve(_ level: Double, from least: GreedyCrash.Start) -> Bool {
            let opened = opensLowerRows ? partModel.openRows(below: level, of: part) : nil
            let before = partModel.basis()
            var moves = 0
            var solved = false
            // Whether the lower rows are put back before Clp's confirmation,
            // which then keeps its factorisation (see `keepsCrashFactorization`).
            let keeping = keepsCrashFactorization && reusesCheckFactorization && crashPivots == 0
            var fitted: Int? = nil
            var point: [Double] = []
            if let crash = GreedyCrash.basis(
                of: part, model: partModel, level: level, status: before, from: least, moves: &moves, point: &point) {
                outcome.levels.crashTried += 1
                outcome.levels.crashMoves += moves
                plumb_clp_set_basis(model, crash)
                if keeping, let opened {
                    fitted = partModel.restoreRows(opened, below: level, of: part, point: point)
                }
                solved = plumb_clp_primal(model, Int32(crashPivots), 200, keeping ? 1 : 0) == 0
                if solved {
                    outcome.levels.crashed += 1
                    outcome.levels.crashedPivots += Int(plumb_clp_pivots(model))
                    kept = keeping
                } else {
                    plumb_clp_set_basis(model, before)
                }
            }
            if let opened {
                if solved {
                    outcome.levels.openedColdSolves += 1
                    outcome.levels.unfittedRows += fitted ?? partModel.restoreRows(opened, below: level, of: part)
                } else {
                    // Put back as they were: the cold solve opens them again.
                    plumb_clp_set_row_bounds(model, opened.lower, opened.upper)
                    plumb_clp_set_basis(model, before)
                }
            }
            return solved
        }
        // Whether Clp holds a factorisation of the model's basis as it
        // stands, kept by a check that passed (see
        // `reusesCheckFactorization`): any other call or a basis set
        // from here clears it.
        var kept = false
        // How the next check starts: from the kept factorisation
        // (and keeps it again), or afresh, keeping it when reusing is on.
        func continuation() -> Int32 {
            guard reusesCheckFactorization else { return 0 }
            if kept { outcome.levels.reusedFactorizations += 1 }
            return checkContinuation(kept: kept)
        }
        // Whether the level is optimal at the model's basis as it stands:
        // Clp's primal allowed no pivot (it factorises and prices only).
        func optimalAtBasis() -> Bool {
            let passed = checkAtBasis(model, continuation: continuation()) == 0
            kept = passed && reusesCheckFactorization
            outcome.levels.setUpsKept = Int(plumb_clp_set_ups_kept(model))
            outcome.levels.checksComputedOnce = Int(plumb_clp_checks_computed_once(model))
            return passed
        }
        func failed() -> Outcome {
            var failure = Outcome(promoted: promoted)
            failure.levels = outcome.levels
            return failure
        }
        // Whether the last call on Clp was a warm level's that ended
        // optimal keeping its work areas (see `carriesWarmSetUp`): the
        // next warm probe may start from them when nothing else ran since.
        var carried = false
        // Whether the last warm level failed and kept the part warm (see
        // `rewarmsAfterFailedLevels`).
        var rewarmedLast = false
        for index in (promoted ? 1 : 0) ..< order.count {
            let any = aim(at: order[index])
            // Whether a zero trial ran on Clp for this level.
            var triedZero = false
            let carry = carried
            carried = false
            // Whether the level was held at zero error by the trial.
            var solved = false
            // `afterCheck`: the check of this level just failed (the call
            // before the trial).
            func tryZero(afterCheck: Bool = false) {
                guard !first, zeroTrial == .beforeEveryLevel || Self.relates(part, level: order[index]) else { return }
                kept = false
                triedZero = true
                let opened = opensLowerRows ? partModel.openRows(below: order[index], of: part) : nil
                let sharing = zeroTrialSharesSetUps && zeroTrialWithoutCosts && reusesCheckFactorization
                // The check stopped at its limit of 0 pivots (Clp's status 3)
                // and kept its work areas; opening rows solves nothing.
                let fromCheck = afterCheck && plumb_clp_status(model) == 3
                solved = Self.holdsAtZero(
                    model, level: order[index], levelOfError: levelOfError, firstError: n, withoutCosts: zeroTrialWithoutCosts,
                    sharing: sharing ? ZeroTrialSetUp(afterCheck: fromCheck) : nil)
                if let opened {
                    outcome.levels.openedZeroTrials += 1
                    outcome.levels.unfittedRows += partModel.restoreRows(opened, below: order[index], of: part)
                }
                if sharing { outcome.levels.zeroTrialSetUps = Int(plumb_clp_zero_trial_set_ups(model)) }
                outcome.levels.zeroTried += 1
                if solved { outcome.levels.zeroHeld += 1 }
            }
            if promoted && index == 1 {
                // Solved by the promotion.
                first = false
                warm = true
            } else if promoted && index == 2 {
                // The level after a promotion from presolve and the dual:
                // presolve takes out the promoted level's rows, now hard,
                // which the primal simplex from the last basis would walk
                // through (`chartgrid`'s 250 level at 100,000 views: 5.6 s
                // against 15.7; warm again from the next level on).
                if zeroTrial == .beforeEveryLevel { tryZero() }
                if !solved {
                    guard coldSolve(order[index]) else { return failed() }
                }
            } else {
                // Each level from Clp's presolve and the dual simplex: the
                // presolve takes out what earlier levels fixed (error columns
                // at 0, rows made equalities), and the dual does not walk the
                // long degenerate paths the primal took from the last basis
                // (`degenerate` at 10,000 views: a level of 25,000 primal
                // pivots, 20 s, against 6,000 dual ones, under 1 s).
                // The level checked at the basis the last one ended on
                // (see `BasisCheck`).
                let skips = skipLimit.map { failedInRow >= $0 } == true
                if skips { outcome.levels.skippedTrials += 1 }
                let checked = !skips && !first
                    && (basisCheck == .beforeEveryLevel || (basisCheck == .afterColdSolves && !warm))
                if checked && optimalAtBasis() {
                    solved = true
                    outcome.levels.atLastBasis += 1
                }
                // When the warm probe of the level after a first level
                // found at its least point gives up, the cold solve starts
                // from the point's basis again, not from where the probe
                // stopped (see `startsAfterLeastPoint`).
                let leastPointBasis = startsAfterLeastPoint && warm && !solved && index == 1
                    && outcome.levels.leastPoint > 0 ? partModel.basis() : []
                if !leastPointBasis.isEmpty && crashesGreedyLevel, let x = plumb_clp_solution(model) {
                    leastPointCrash = GreedyCrash.Start(
                        values: Array(UnsafeBufferPointer(start: x, count: partModel.columnCount)), setters: leastPointSetters)
                }
                // The first level from the least point of its rows, when
                // they are of that shape (see `LeastPointStart`).
                if first && startsFromLeastPoint,
                   let start = LeastPointStart.basis(of: part, model: partModel, level: order[index], setters: &leastPointSetters) {
                    kept = false
                    plumb_clp_set_basis(model, start)
                    if optimalAtBasis() {
                        solved = true
                        outcome.levels.leastPoint += 1
                    }
                }
                if !skips && !solved && (zeroTrial == .beforeEveryLevel || (zeroTrial == .beforeColdSolves && !warm)) {
                    tryZero(afterCheck: checked)
                }
                failedInRow = checked && !solved ? failedInRow + 1 : solved ? 0 : failedInRow
                // Whether the cold solve below starts from the least point's
                // basis again (see `primalAfterLeastPoint`).
                var restarted = false
                // The level's warm primal failed and the part stays warm.
                var rewarming = false
                if warm && !solved {
                    kept = false
                    let setUp = WarmSetUp(keeps: carriesWarmSetUp, fromLevelBefore: carry && !checked && !triedZero)
                    let result = Self.warmPrimal(
                        model, cap: warmPivotCap ?? Self.refactorEvery(rows: m), probeLimit: probePivots,
                        refactorInterval: refactorInterval,
                        setUp: setUp, judgesFromNoErrors: face || !goesOnFromNoErrors,
                        wentOnFromNoErrors: &outcome.levels.wentOnFromNoErrors,
                        pending: { Self.pendingErrors(model, level: order[index], levelOfError: levelOfError, firstError: n) })
                    kept = false
                    carried = result == .optimal && carriesWarmSetUp
                    outcome.levels.warmSetUpsCarried = Int(plumb_clp_warm_set_ups_carried(model))
                    rewarming = result == .failed && rewarmsAfterFailedLevels && !face && !rewarmedLast
                    rewarmedLast = rewarming || (rewarmedLast && result != .optimal)
                    if rewarming { outcome.levels.rewarmed += 1 }
                    if result != .optimal && !rewarming { warm = false }
                    if result == .stalled { outcome.levels.stalled += 1 }
                    if result == .stalled && !leastPointBasis.isEmpty {
                        kept = false
                        // The probe's factorisation, of a basis left here,
                        // goes before the crash is worked out (only when the
                        // heap is given back: `ZeroTrialHeap`).
                        plumb_clp_release_stalled_factorization(model)
                        plumb_clp_set_basis(model, leastPointBasis)
                        outcome.levels.leastPointRestarts += 1
                        restarted = true
                    }
                }
                if rewarming {
                    _ = coldSolve(order[index], unpresolved: true)
                } else if !warm && !solved {
                    _ = coldSolve(order[index], feasibleStart: restarted && primalAfterLeastPoint)
                }
                // The least point's values and setters serve the level after
                // the first only: let go here, they do not lie beside Clp's
                // work areas through the later levels (a column's worth of
                // values, 12 MB on `levels` at 100,000 views).
                if index >= 1 {
                    leastPointCrash = nil
                    leastPointSetters = []
                }
                guard plumb_clp_status(model) == 0 else { return failed() }
                if first { first = false; warm = true }
            }
            if recording {
                let kind: SolveRecord.Kind = promoted && index == 1 ? .promoted : solved ? .heldAtZero : .solved
                outcome.record.steps.append(.init(kind: kind, level: index, basis: partModel.basis()))
            }
            guard any else { break }
            Self.holdFace(model, rows: m, columns: partModel.columnCount, firstError: n)
            if freesImpliedEqualities && partModel.freeImpliedEqualities(of: part) > 0 {
                freedRows = true
                outcome.levels.freedRows = true
            }
            if splitsRemainders && index + 1 < order.count, let remainder = partModel.splitRemainder(of: part, solvedDownTo: order[index]) {
                outcome.remainder = remainder
                outcome.record.splitAtEnd = true
                return outcome
            }
        }
        guard let solution = plumb_clp_solution(model), !partModel.restsOnArtificialBound() else { return failed() }
        outcome.values = (0 ..< n).map { solution[$0] }
        guard face else { return outcome }
        guard let (fixed, counts, groups) = Self.fixedRows(model, part: part, errors: (partModel.plus, partModel.minus),
                                                   rowOfError: partModel.rowOfError, settling: settlesFaceRows,
                                                   throughFixedColumns: pinsThroughFixedColumns,
                                                   throughTwins: pinsThroughTwinColumns,
                                                   refactorInterval: settlingRefactorInterval,
                                                   reusesFirstPinning: reusesFirstPinning,
                                                   settlesGroupsApart: settlesGroupsApart,
                                                   groupsThroughChains: groupsThroughChains,
                                                   decidesFixedSlacks: decidesFixedSlacks)
        else { return failed() }
        outcome.fixedRows = fixed
        outcome.faceRows = counts
        outcome.settlingGroups = groups
        return outcome
    }

    /// Solves `part`, a part of the same shape as the one `model` was made
    /// for and last solved with the steps of `record`, by taking those
    /// steps again: the row bounds set from `part`'s constants and every
    /// column bound put back, then for each step its errors fixed at 0 as
    /// before (a promoted first level, a level held at zero), its
    /// objective, and the dual simplex without presolve from the basis that
    /// step ended on, each level held by its optimal face as the solve
    /// holds it. Each step is the same linear program as in a fresh solve
    /// (the objective, and the faces of the levels above, which are their
    /// optimal sets whichever optimal basis gave them), solved to its
    /// optimum from another start, so the answer is the same lexicographic
    /// optimum. When only constants moved the old basis is usually still
    /// optimal, or a few dual pivots from it. A level held at 0 that cannot
    /// hold there any more is minimised from the same basis instead, and a
    /// promoted first level that cannot is minimised on its own, held, and
    /// the level promoted with it minimised after it (recorded as solved
    /// steps, as a fresh solve of such constants would take them). Where a
    /// wish of that level is kept off its value by a required row of the
    /// same terms (a required gap moved past the wished one), that is known
    /// without running the dual to find out (see `stepEndsOptimal`); and
    /// where the promoted level is already optimal once the first one is
    /// minimised and held, its face is held without the dual too (see
    /// `SettledLevel` and `settledTrials`). Returns
    /// nil when a step does not end optimal within `replayPivots`, or when a
    /// remainder that was handed
    /// back no longer splits: the part is then solved afresh. The model's
    /// bounds are then those of the failed step; a later replay on it
    /// starts by setting every bound and each step's basis, so it can
    /// still serve (`ClpSession` keeps it when the fresh solve fails too).
    func replay(_ part: LinearPart, on partModel: PartModel, record: SolveRecord) -> Outcome? {
        let model = partModel.pointer, n = partModel.n, m = partModel.m, order = partModel.order
        plumb_clp_set_keeps_matrix_checks(model, keepsReplayMatrixChecks ? 1 : 0)
        defer { plumb_clp_set_keeps_matrix_checks(model, 0) }
        partModel.resetBounds(for: part)
        var outcome = Outcome()
        outcome.promoted = record.steps.first?.kind == .promoted
        let cap = Int32(Self.replayPivots(rows: m))
        // The last released step's recorded basis and the basis it ended
        // on instead (see `refittedBasis`).
        var release: (recorded: [UInt8], ended: [UInt8])? = nil
        for (s, step) in record.steps.enumerated() {
            let level = order[step.level]
            var released: FixedErrorColumns? = nil
            switch step.kind {
            case .promoted: released = partModel.fixErrors(at: order[0])
            case .heldAtZero: released = partModel.fixErrors(at: level)
            case .solved: break
            }
            let any = partModel.aim(at: level)
            guard step.basis.count == partModel.columnCount + m else { return nil }
            let start = release.flatMap { Self.refittedBasis(step.basis, recorded: $0.recorded, ended: $0.ended) }
            if start != nil { outcome.levels.refittedStarts += 1 }
            plumb_clp_set_basis(model, start ?? step.basis)
            var kind = step.kind
            var settled: SettledLevel? = nil
            var ended = stepEndsOptimal(step, level: level, holdsAtZero: released != nil, part, partModel, cap: cap,
                                        counts: &outcome.levels)
            if !ended && start != nil && step.kind == .solved {
                // The refitted start did not serve: the recorded basis, as
                // before (a step holding a level at zero is sent below,
                // which starts from the recorded basis too).
                plumb_clp_set_basis(model, step.basis)
                ended = plumb_clp_dual(model, cap) == 0
            }
            if ended && release != nil { outcome.levels.pivotsAfterRelease += Int(plumb_clp_pivots(model)) }
            if !ended {
                // A level held at zero error that cannot be any more (a
                // required row's constant moved it off zero): minimised
                // instead, from the same basis, as a fresh solve minimises
                // a level whose zero trial fails; a promoted first level is
                // minimised first, held by its face, then this one.
                guard step.kind != .solved, let released else { return nil }
                released.putBack(model)
                plumb_clp_set_basis(model, step.basis)
                if step.kind == .promoted {
                    let anyFirst = partModel.aim(at: order[0])
                    guard plumb_clp_dual(model, cap) == 0 else { return nil }
                    outcome.record.steps.append(.init(kind: .solved, level: 0, basis: partModel.basis()))
                    outcome.promoted = false
                    if anyFirst {
                        Self.holdFace(model, rows: m, columns: partModel.columnCount, firstError: n)
                        if freesImpliedEqualities { _ = partModel.freeImpliedEqualities(of: part) }
                    }
                    _ = partModel.aim(at: level)
                    if any && s < record.steps.count - 1 {
                        settled = settledLevel(level, partModel, cap: cap, counts: &outcome.levels)
                    }
                }
                if settled == nil { guard plumb_clp_dual(model, cap) == 0 else { return nil } }
                kind = .solved
                outcome.levels.zeroReleased += 1
            }
            outcome.record.steps.append(.init(kind: kind, level: step.level, basis: partModel.basis()))
            if kind == .heldAtZero { outcome.levels.zeroHeld += 1 }
            if kind != step.kind && refitsAfterRelease, let ended = outcome.record.steps.last?.basis {
                release = (step.basis, ended)
            }
            guard any else { break }
            if let settled {
                settled.hold(model)
            } else {
                Self.holdFace(model, rows: m, columns: partModel.columnCount, firstError: n)
            }
            if freesImpliedEqualities { _ = partModel.freeImpliedEqualities(of: part) }
            if s == record.steps.count - 1 && record.splitAtEnd {
                guard let remainder = partModel.splitRemainder(of: part, solvedDownTo: level) else { return nil }
                outcome.remainder = remainder
                outcome.record.splitAtEnd = true
                return outcome
            }
        }
        guard let solution = plumb_clp_solution(model), !partModel.restsOnArtificialBound() else { return nil }
        outcome.values = (0 ..< n).map { solution[$0] }
        return outcome
    }

    /// The basis a replay's step starts from after an earlier step was
    /// released: the step's `recorded` basis with every status that the
    /// released step's basis changed (from `recorded` to `ended`, Clp's
    /// status in the low three bits) taken from `ended`; nil when nothing
    /// changed or the result has not as many basic columns as the step's
    /// (then the step starts from its recorded basis as before).
    ///
    /// The recorded basis of a step after a promoted level was made with
    /// that level's errors fixed at 0. When the promotion is released (a
    /// required gap moved past a wish), the first level's errors that the
    /// minimisation leaves positive are basic and other columns left the
    /// basis for them; the recorded basis of the next step knows none of
    /// this, and Clp's dual from it makes a few pivots and then checks its
    /// status twice (again61: 82.7 M instructions, against 52.6 M for the
    /// same step after a width change, 28 M of it the status checks). The
    /// release changed the basis where the moved row acts, and the
    /// recorded steps differ from one another where their own levels act;
    /// when those places do not meet, the refitted basis is optimal
    /// already (`chartgrid`: no pivot). Either way the dual
    /// solves the same linear program, so this is a start only.
    static func refittedBasis(_ step: [UInt8], recorded: [UInt8], ended: [UInt8]) -> [UInt8]? {
        guard step.count == recorded.count, recorded.count == ended.count else { return nil }
        // Where the release changed the basis (a few places of the part).
        var changes: [Int] = []
        recorded.withUnsafeBufferPointer { r in
            ended.withUnsafeBufferPointer { e in
                for i in 0 ..< r.count where (r[i] ^ e[i]) & 7 != 0 { changes.append(i) }
            }
        }
        guard !changes.isEmpty else { return nil }
        // `step` is Clp's basis at the end of a step, with as many basic
        // columns as rows; the refitted one must keep that count.
        var start = step, basic = 0
        for i in changes {
            basic += (ended[i] & 7 == 1 ? 1 : 0) - (step[i] & 7 == 1 ? 1 : 0)
            start[i] = ended[i]
        }
        return basic == 0 ? start : nil
    }

    /// Runs a replay's step (its bounds, objective and basis set): Clp's
    /// dual from the step's basis; whether it ended optimal. A step that
    /// holds a level at zero error (`holdsAtZero`: a promoted first level,
    /// a level held at zero) whose level a wish kept off its value by a
    /// required row of the same terms cannot hold any more
    /// (`PinnedOffWishes`) ends there without the dual, unless
    /// `pinnedTrials` says otherwise: `.checked` runs the dual all the same
    /// and counts each such step it found feasible (`pinnedButHeld`: the
    /// claim was wrong), and goes on as the dual decided.
    private func stepEndsOptimal(
        _ step: SolveRecord.Step, level: Double, holdsAtZero: Bool, _ part: LinearPart, _ partModel: PartModel,
        cap: Int32, counts: inout LevelCounts
    ) -> Bool {
        let model = partModel.pointer
        let held = step.kind == .promoted ? partModel.order[0] : level
        guard holdsAtZero, pinnedTrials != .run, partModel.cannotHoldAtZero(held, in: part) else {
            return plumb_clp_dual(model, cap) == 0
        }
        counts.pinnedTrials += 1
        guard pinnedTrials == .checked else { return false }
        let optimal = plumb_clp_dual(model, cap) == 0
        if optimal { counts.pinnedButHeld += 1 }
        return optimal
    }

    /// After a failed promotion's first level was minimised and held
    /// (`aim`ed at `level` since), whether `level` is already optimal at
    /// that point with every one of its error columns nonbasic at its
    /// lower bound (`SettledLevel`): the face Clp's dual would hold is then
    /// known without running it. `settledTrials` chooses: `.skipped` trusts
    /// the claim, `.run` never makes it, `.checked` runs the dual all the
    /// same, counts each claim whose face the dual's prices contradict
    /// (`settledButMoved`), and follows the dual (nil).
    private func settledLevel(
        _ level: Double, _ partModel: PartModel, cap: Int32, counts: inout LevelCounts
    ) -> SettledLevel? {
        guard settledTrials != .run, let settled = SettledLevel(partModel, level: level) else { return nil }
        counts.settledTrials += 1
        guard settledTrials == .checked else { return settled }
        let model = partModel.pointer
        if plumb_clp_dual(model, cap) != 0 || !settled.agreesWithPrices(model, firstError: partModel.n) {
            counts.settledButMoved += 1
        }
        return nil
    }

    /// The primal simplex from the last basis for a later level, at most
    /// `cap` pivots. It first runs a probe of a tenth of the cap, at most
    /// `probeLimit`, and when those pivots have not brought a single one
    /// of the level's errors to 0, it gives up there instead of at the
    /// cap: the primal is walking degenerate vertices, as on `degenerate`'s
    /// 500 level (8,000 errors, none cleared in 210 pivots, and an attempt
    /// that cost more than the cold solve after it). Slow progress is not
    /// taken as a sign: one late pivot may clear many errors (`scales` moves
    /// a chain of events at once, 279 pivots at 10,000 views, but clears
    /// some in the first 50 at 10,000 and 30,000 views).
    ///
    /// When none of the level's errors was above 0 at Clp's last point
    /// before the probe, that count is no measure (Clp starts elsewhere):
    /// unless `judgesFromNoErrors`, the probe then goes on to the cap
    /// (counted in `wentOnFromNoErrors`; see `goesOnFromNoErrors`).
    private static func warmPrimal(
        _ model: OpaquePointer, cap: Int, probeLimit: Int, refactorInterval: Int?, setUp: WarmSetUp,
        judgesFromNoErrors: Bool, wentOnFromNoErrors: inout Int, pending: () -> Int
    ) -> WarmOutcome {
        let before = pending()
        let probe = max(1, min(max(20, cap / 10), probeLimit))
        let status = setUp.probe(model, pivots: probe, refactorEvery: refactorInterval ?? cap)
        if status != 3 { return status == 0 ? .optimal : .failed }
        if before == 0 && !judgesFromNoErrors {
            wentOnFromNoErrors += 1
        } else if pending() >= before {
            return .stalled
        }
        // On from where the probe stopped, with its factorisation.
        return setUp.onward(model, pivots: cap - probe, refactorEvery: refactorInterval ?? cap) == 0 ? .optimal : .failed
    }


    /// How a warm level ended: at its optimum, given up after the probe, or
    /// stopped otherwise (the cap, or Clp's trouble); the level is then
    /// solved cold.
    private enum WarmOutcome { case optimal, stalled, failed }

    /// How many of `level`'s error columns are above 0 at Clp's last point.
    private static func pendingErrors(
        _ model: OpaquePointer, level: Double, levelOfError: [Double], firstError n: Int
    ) -> Int {
        guard let x = plumb_clp_solution(model) else { return 0 }
        var count = 0
        for (j, l) in levelOfError.enumerated() where l == level && x[n + j] > 1e-9 { count += 1 }
        return count
    }

    /// Which rows are constant on the optimal set the solve left held in
    /// `model` (each level's face made row equalities and error columns
    /// fixed at 0, see `holdFace`). The inequalities there are rows with a
    /// bound still open and error columns still free above 0; those that
    /// hold with equality at every point of the set (implicit equalities)
    /// are found by one LP: a slack `t` in [0, 1] for each, asked to stay
    /// at least `t` from its bound, and the sum of the `t` maximised, from
    /// the optimal basis (which is feasible with every `t` at 0). An
    /// inequality whose `t` comes out positive is not an implicit equality;
    /// its `t` is then fixed at 0 and the LP solved again for the others,
    /// until none moves (the ones left are implicit equalities: none can
    /// leave its bound by more than `slackTolerance`). A row is fixed when
    /// it holds as an equality and each of its error columns is 0 on the
    /// set: the error columns are the row's own, so an error free to move
    /// absorbs any change of the row's expression.
    ///
    /// With `settling`, two kinds of inequality are settled before the LP
    /// (they get no `t`), which is left the others. The optimum the solve
    /// ended on is a point of the set: an inequality off its bound there
    /// by more than `settledSlack` is not an implicit equality (that point,
    /// with each such `t` at its slack up to 1, is feasible for the LP, so
    /// the LP would have found it off its bound in some round). And an
    /// inequality that the model's rows pin to its bound on their own
    /// (`pinnedRows`: `a·x ≥ b` beside `a·x ≤ b`) is one (its `t` could
    /// not leave 0). The rows found fixed are the same either way. The
    /// LP's pivots grow with its columns, one for each `t` whether it moves
    /// or not, and so does the pricing of each pivot: on `degenerate` half
    /// the inequalities are off their bound and most of the rest are pinned,
    /// and the LP over all of them grew with the square of the part
    /// (BENCHMARKS.md, "`plumb check`: the optimal face's inequalities
    /// settled before its LP").
    ///
    /// The LP refactorises its basis every `refactorInterval` pivots (nil:
    /// `refactorEvery(rows:)`). From the optimal basis it takes
    /// about two degenerate pivots per slack, so with Clp's 200 the
    /// number of factorisations grew with the part as well as their size.
    ///
    /// With `settlesGroupsApart` the LP is solved piece by piece where its
    /// rows split into pieces that share no free column
    /// (`settlingGroups`, `settleGroup`): each pivot of the one LP priced
    /// and updated over the whole face, so its cost grew faster than the
    /// part (BENCHMARKS.md, prio62b). The slacks that leave 0 are the same.
    private static func fixedRows(
        _ model: OpaquePointer, part: LinearPart, errors: (plus: [Int32], minus: [Int32]), rowOfError: [Int32],
        settling: Bool, throughFixedColumns: Bool, throughTwins: Bool, refactorInterval: Int?,
        reusesFirstPinning: Bool = true, settlesGroupsApart: Bool = true, groupsThroughChains: Bool = true,
        decidesFixedSlacks: Bool = true
    ) -> (fixed: [Bool], counts: FaceRows, groups: Int)? {
        let m = part.rowCount, n = part.variableCount
        let columnCount = Int(plumb_clp_columns(model))
        guard let rl = plumb_clp_row_lower(model), let ru = plumb_clp_row_upper(model),
              let cl = plumb_clp_column_lower(model), let cu = plumb_clp_column_upper(model)
        else { return nil }
        guard let activity = plumb_clp_row_activity(model), let point = plumb_clp_solution(model) else { return nil }
        var fixedRow = [Bool](repeating: true, count: m)
        var zeroError = [Bool](repeating: true, count: columnCount - n)
        // The inequalities: a row with rl < ru (one side finite), or an
        // error column with cl < cu. Each gets a slack column t, unless
        // it is settled here: pinned, or the optimum is off its bound.
        var openRow: [Int32] = [], openError: [Int32] = []
        var tStarts: [Int32] = [0], tRows: [Int32] = [], tElements: [Double] = []
        var counts = FaceRows()
        // Whether the optimum is off the side of each open row that the LP measures from.
        var offBound = [Bool](repeating: false, count: m)
        for i in 0 ..< m where settling && rl[i] < ru[i] {
            if rl[i] > -infinity / 2 {
                offBound[i] = activity[i] - rl[i] > settledSlack(rl[i])
            } else if ru[i] < infinity / 2 {
                offBound[i] = ru[i] - activity[i] > settledSlack(ru[i])
            }
        }
        let fixedValues = settling && throughFixedColumns
            ? valuesFixedByRows(part, errors: errors, columns: columnCount, rowLower: rl, rowUpper: ru,
                                columnLower: cl, columnUpper: cu)
            : nil
        let first = settling
            ? pinnedRows(part, errors: errors, skipping: offBound, fixedValues: fixedValues, rowLower: rl, rowUpper: ru,
                         columnLower: cl, columnUpper: cu)
            : nil
        var pinned = first?.pinned ?? [Bool](repeating: false, count: m)
        // When rows are left for the LP, they are settled again with the
        // columns that equality rows make equal written as one (see
        // `twinColumns`): where none is left (`degenerate`, `levels`), the
        // twins are not looked for. The second pass reads what the first
        // read but the twins (the model is not changed between them), so it
        // takes the first's expressions for the rows the twins leave alone
        // (`pinnedRows(…, after:)`).
        if let first, throughFixedColumns && throughTwins
            && (0 ..< m).contains(where: { rl[$0] < ru[$0] && !pinned[$0] && !offBound[$0] }) {
            let twins = twinColumns(part, errors: errors, columns: columnCount, fixedValues: fixedValues,
                                    rowLower: rl, rowUpper: ru, columnLower: cl, columnUpper: cu)
            if reusesFirstPinning {
                pinned = pinnedRows(part, errors: errors, skipping: offBound, fixedValues: fixedValues, twins: twins,
                                    after: first, rowLower: rl, rowUpper: ru, columnLower: cl, columnUpper: cu).pinned
            } else {
                let again = pinnedRows(part, errors: errors, skipping: offBound, fixedValues: fixedValues, twins: twins,
                                       rowLower: rl, rowUpper: ru, columnLower: cl, columnUpper: cu)
                for i in 0 ..< m where again.pinned[i] { pinned[i] = true }
            }
        }
        for i in 0 ..< m where rl[i] < ru[i] && !pinned[i] {
            let element: Double
            if rl[i] > -infinity / 2 {
                element = -1  // Σ a·x − t ≥ rl
            } else if ru[i] < infinity / 2 {
                element = 1  // Σ a·x + t ≤ ru
            } else {
                continue  // a free row (the parts have none)
            }
            if offBound[i] {
                fixedRow[i] = false
                counts.offBound += 1
                continue
            }
            tElements.append(element)
            tRows.append(Int32(i))
            tStarts.append(Int32(tRows.count))
            openRow.append(Int32(i))
        }
        for j in n ..< columnCount where cl[j] < cu[j] {
            if settling && point[j] - cl[j] > settledSlack(cl[j]) {
                zeroError[j - n] = false
                counts.offBound += 1
                continue
            }
            tStarts.append(Int32(tRows.count))
            openError.append(Int32(j))
        }
        let slacks = openRow.count + openError.count
        counts.pinned = pinned.lazy.filter { $0 }.count
        counts.toTheLP = slacks
        var groupCount = 0
        if slacks > 0 {
            // The pieces of the LP that share no free column are settled
            // apart (see `settlingGroups`): the same slacks leave 0, over
            // LPs the size of a piece.
            let chained = !settlesGroupsApart || !groupsThroughChains ? fixedValues
                : valuesFixedThroughChains(part, errors: errors, columns: columnCount, rowLower: rl, rowUpper: ru,
                                           columnLower: cl, columnUpper: cu)
            let groups = settlesGroupsApart
                ? settlingGroups(part, errors: errors, columns: columnCount, fixedValues: chained,
                                 columnLower: cl, columnUpper: cu, openRows: openRow, openErrors: openError)
                : nil
            var open: [Bool]
            if let groups {
                groupCount = groups.count
                open = [Bool](repeating: true, count: slacks)
                var local = [Int32](repeating: -1, count: columnCount)
                for group in groups {
                    let settle = group.ofFixedColumns && decidesFixedSlacks ? settleFixedSlacks : settleGroup
                    // (The same arguments, in `settleGroup`'s order.)
                    guard let stays = settle(group, part, errors, chained, openRow, openError, rl, ru, cl, cu,
                                             &local, refactorInterval)
                    else { return nil }
                    for (s, k) in group.openRows.enumerated() { open[Int(k)] = stays[s] }
                    for (s, k) in group.openErrors.enumerated() {
                        open[openRow.count + Int(k)] = stays[group.openRows.count + s]
                    }
                }
            } else {
                let zeros = [Double](repeating: 0, count: slacks), ones = [Double](repeating: 1, count: slacks)
                plumb_clp_add_columns(model, Int32(slacks), zeros, ones, tStarts, tRows, tElements)
                // e − t ≥ 0 for each open error column.
                var starts: [Int32] = [0], columns: [Int32] = [], elements: [Double] = []
                for (k, j) in openError.enumerated() {
                    columns += [j, Int32(columnCount + openRow.count + k)]
                    elements += [1, -1]
                    starts.append(Int32(columns.count))
                }
                if !openError.isEmpty {
                    plumb_clp_add_rows(
                        model, Int32(openError.count), [Double](repeating: 0, count: openError.count),
                        [Double](repeating: infinity, count: openError.count), starts, columns, elements)
                }
                let interval = Int32(refactorInterval ?? refactorEvery(rows: m + openError.count))
                guard let stays = settleSlacks(model, firstSlack: columnCount, slacks: slacks,
                                               columns: columnCount + slacks, refactorInterval: interval)
                else { return nil }
                open = stays
            }
            for (k, i) in openRow.enumerated() where !open[k] { fixedRow[Int(i)] = false }
            for (k, j) in openError.enumerated() where !open[openRow.count + k] { zeroError[Int(j) - n] = false }
        }
        for (e, i) in rowOfError.enumerated() where !zeroError[e] { fixedRow[Int(i)] = false }
        return (fixedRow, counts, groupCount)
    }

    /// Maximises the sum of the slack columns `firstSlack ..< firstSlack +
    /// slacks` of `model` (bounds [0, 1], the model's other `columns` at
    /// cost 0) with the primal simplex from the model's basis, in rounds:
    /// a slack above `slackTolerance` proves its inequality can leave its
    /// bound, is fixed at 0 and the LP solved again for the others, until
    /// none moves. Returns for each slack whether it stayed at 0 (true),
    /// or nil when Clp fails.
    static func settleSlacks(
        _ model: OpaquePointer, firstSlack: Int, slacks: Int, columns: Int, refactorInterval interval: Int32
    ) -> [Bool]? {
        var objective = [Double](repeating: 0, count: columns)
        for k in 0 ..< slacks { objective[firstSlack + k] = -1 }
        guard let newUpper = plumb_clp_column_upper(model) else { return nil }
        var upper = Array(UnsafeBufferPointer(start: newUpper, count: columns))
        var open = [Bool](repeating: true, count: slacks)
        var rounds = 0
        while true {
            plumb_clp_set_objective(model, objective)
            plumb_clp_set_column_upper(model, upper)
            guard plumb_clp_primal(model, Int32.max, interval, 0) == 0, let solution = plumb_clp_solution(model)
            else { return nil }
            var moved = false
            for k in 0 ..< slacks where open[k] && solution[firstSlack + k] > slackTolerance {
                open[k] = false
                moved = true
                objective[firstSlack + k] = 0
                upper[firstSlack + k] = 0
            }
            rounds += 1
            // Each round settles at least one slack, so this ends; the
            // cap only guards against a stalled LP code.
            guard moved else { break }
            guard rounds <= slacks + 1 else { return nil }
        }
        return open
    }

    /// The pivots between two factorisations of a solve over `rows` rows,
    /// wherever the part solver sets the interval itself (a warm level's
    /// primal, a cold level, `fixedRows`' LP): Clp's 200, or a twentieth of
    /// the rows when that is more, so that the factorisations do not grow
    /// in number with the part as well as in size. `priorities`' face at
    /// 10,000 views: 3,272 pivots over 39,210 rows, about 17 factorisations
    /// at 200 and 2 at 1,960; its LP 1,305 -> 472 M instructions, the same
    /// answer (BENCHMARKS.md, prio61).
    static func refactorEvery(rows: Int) -> Int { max(200, rows / 20) }

    /// How `fixedRows` settled the inequalities of a face: off their bound
    /// at the optimum, pinned to it by the rows, or by its LP.
    struct FaceRows: Equatable {
        var offBound = 0
        var pinned = 0
        var toTheLP = 0
    }

    /// A slack above this moves its inequality off its bound: the rows
    /// and tolerances are those of layouts, where a row that can leave its
    /// bound at all can leave it by far more.
    static let slackTolerance = 1e-7

    /// The inequalities (rows with `rowLower < rowUpper`) that the rows of
    /// the model as it stands hold at their bound on their own: each row
    /// is written over its columns not fixed (`columnLower == columnUpper`
    /// moves a fixed error's part into the bounds), divided by its first
    /// coefficient, as an interval of that expression; where the rows of
    /// one expression meet in a single value (`a·x ≥ b` and `a·x ≤ b`, or
    /// an inequality beside an equality of the same terms), `a·x` is that
    /// value at every point, and an inequality of those rows whose bound
    /// is that value (the side `fixedRows` measures from) is an implicit
    /// equality. Only exact equality of the scaled coefficients and bounds
    /// counts; any other row is left to the LP. With `fixedValues` (see
    /// `valuesFixedByRows`), a column that rows fix is written as its value
    /// as well, like a column fixed by its bounds; with `twins` (see
    /// `twinColumns`), each other column as its representative.
    ///
    /// With `first`, the result of this function on the same model with
    /// the same `offBound` and `fixedValues` but no twins, the rows pinned
    /// by either pass are returned, and only what the twins change is
    /// worked out again: a row none of whose columns (those not fixed) has
    /// another representative has the expression, and the hash, it had in
    /// the first pass; a group of rows of one expression none of which the
    /// twins change is the first pass's group, and pins what it pinned
    /// there. So the expressions of the rows the twins change are written
    /// again, and only the runs of their hashes (with the first pass's rows
    /// of those hashes) are grouped. On `priorities` at 10,000 views the
    /// second pass over every row cost about as much as the first
    /// (BENCHMARKS.md, prio62).
    static func pinnedRows(
        _ part: LinearPart, errors: (plus: [Int32], minus: [Int32]), skipping offBound: [Bool], fixedValues: [Double]?,
        twins: [Int32]? = nil, after first: PinnedScan? = nil,
        rowLower rl: UnsafePointer<Double>, rowUpper ru: UnsafePointer<Double>,
        columnLower cl: UnsafePointer<Double>, columnUpper cu: UnsafePointer<Double>
    ) -> PinnedScan {
        let m = part.rowCount
        // Column j's value when its bounds or `fixedValues` fix it.
        func fixed(_ j: Int32) -> Double? {
            if cl[Int(j)] == cu[Int(j)] { return cl[Int(j)] }
            if let fixedValues, !fixedValues[Int(j)].isNaN { return fixedValues[Int(j)] }
            return nil
        }
        func entries(of i: Int, _ body: (Int32, Double) -> Bool) -> Bool {
            Self.entries(ofRow: i, part, errors: errors, body)
        }
        // Row i's terms over the columns not fixed, summed by column and
        // divided by the first, the bounds of that expression, and whether
        // the lower one is the side measured from; nil when a coefficient
        // sums to 0 or no column is left.
        func expression(_ i: Int) -> (terms: [(Int32, Double)], lower: Double, upper: Double, measuresLower: Bool)? {
            var shift = 0.0
            var terms: [(Int32, Double)] = []
            _ = entries(of: i) { j, a in
                if let v = fixed(j) { shift += a * v } else { terms.append((twins?[Int(j)] ?? j, a)) }
                return true
            }
            terms.sort { $0.0 < $1.0 }
            var summed: [(Int32, Double)] = []
            for (j, a) in terms {
                if summed.last?.0 == j { summed[summed.count - 1].1 += a } else { summed.append((j, a)) }
            }
            guard let first = summed.first?.1, !summed.contains(where: { $0.1 == 0 }) else { return nil }
            var lower = (rl[i] - shift) / first, upper = (ru[i] - shift) / first
            if first < 0 { swap(&lower, &upper) }
            return (summed.map { ($0.0, $0.1 / first) }, lower, upper, rl[i] > -infinity / 2 ? first > 0 : first < 0)
        }
        // Whether every column of row i is fixed (by its bounds or by
        // `fixedValues`) and the row's value is exactly its bound on the
        // side `fixedRows` measures from.
        func constantAtBound(_ i: Int) -> Bool {
            var value = 0.0
            let allFixed = entries(of: i) { j, a in
                guard let v = fixed(j) else { return false }
                value += a * v
                return true
            }
            return allFixed && value == (rl[i] > -infinity / 2 ? rl[i] : ru[i])
        }
        // The rows by a hash of their expression, sorted, so that the rows
        // of one expression are side by side (the rows the optimum is off
        // are left out: none of them can be pinned, nor meet another row's
        // bound at a single value, as the optimum is near that value).
        var keyed: [(hash: Int, row: Int32)] = []
        var pinned = first?.pinned ?? [Bool](repeating: false, count: m)
        func hash(_ e: (terms: [(Int32, Double)], lower: Double, upper: Double, measuresLower: Bool)) -> Int {
            var hasher = Hasher()
            for (j, a) in e.terms {
                hasher.combine(j)
                hasher.combine(a)
            }
            return hasher.finalize()
        }
        if let first, let twins {
            // The rows the twins change (a column not fixed whose
            // representative is another), keyed again; then the first
            // pass's other rows of the same hashes. (A row the twins do
            // not change that had no expression has none now; one
            // constant at its bound was pinned by the first pass.)
            var changed = [Bool](repeating: false, count: m)
            var hashes = Set<Int>()
            for i in 0 ..< m where !offBound[i] {
                let alike = entries(of: i) { j, _ in twins[Int(j)] == j || fixed(j) != nil }
                guard !alike else { continue }
                changed[i] = true
                guard let e = expression(i) else { continue }
                let h = hash(e)
                hashes.insert(h)
                keyed.append((h, Int32(i)))
            }
            keyed += first.keyed.lazy.filter { !changed[Int($0.row)] && hashes.contains($0.hash) }
        } else {
            for i in 0 ..< m where !offBound[i] {
                guard let e = expression(i) else {
                    // With the fixed values, an inequality may have no column
                    // left: it is constant on the set, pinned when that
                    // constant is its bound.
                    if fixedValues != nil && rl[i] < ru[i] && constantAtBound(i) { pinned[i] = true }
                    continue
                }
                keyed.append((hash(e), Int32(i)))
            }
        }
        keyed.sort { $0.hash < $1.hash }
        var start = 0
        while start < keyed.count {
            var end = start + 1
            while end < keyed.count && keyed[end].hash == keyed[start].hash { end += 1 }
            defer { start = end }
            // One row alone cannot be pinned by others.
            guard end - start > 1 else { continue }
            // The run's rows by expression (hashes may collide), each with
            // the interval its rows meet in.
            var groups: [(terms: [(Int32, Double)], lower: Double, upper: Double, rows: [(row: Int, measured: Double)])] = []
            for k in start ..< end {
                let i = Int(keyed[k].row)
                guard let e = expression(i) else { continue }
                let measured = e.measuresLower ? e.lower : e.upper
                if let g = groups.firstIndex(where: { $0.terms.elementsEqual(e.terms) { $0.0 == $1.0 && $0.1 == $1.1 } }) {
                    groups[g].lower = max(groups[g].lower, e.lower)
                    groups[g].upper = min(groups[g].upper, e.upper)
                    groups[g].rows.append((i, measured))
                } else {
                    groups.append((e.terms, e.lower, e.upper, [(i, measured)]))
                }
            }
            for group in groups where group.lower == group.upper && abs(group.lower) < infinity / 2 {
                for (i, measured) in group.rows where rl[i] < ru[i] && measured == group.lower { pinned[i] = true }
            }
        }
        return PinnedScan(pinned: pinned, keyed: keyed)
    }

    /// What `pinnedRows` found: the rows pinned, and each row it wrote as
    /// an expression with that expression's hash, sorted by hash (the
    /// second pass through the twins takes them from the first; after a
    /// first pass, only the rows worked out again are listed).
    struct PinnedScan {
        var pinned: [Bool]
        var keyed: [(hash: Int, row: Int32)]
    }

    /// How far off its bound `bound` an inequality must be at the optimum
    /// for `fixedRows` to settle it without the LP: a thousand times
    /// Clp's primal tolerance (1e-9) and ten times `slackTolerance`,
    /// relative to the bound past 1, so that a row the optimum meets only
    /// up to rounding still goes to the LP.
    private static func settledSlack(_ bound: Double) -> Double {
        10 * slackTolerance * max(1, abs(bound))
    }

    /// Tries the first level as if it were required, when it has an
    /// equality between two or more variables (a gap that should be 12, a
    /// plot as wide as the first): its error columns are fixed at 0 and the
    /// second level is minimised. When Clp finds that feasible, the first
    /// level's optimum is 0 and its optimal face is exactly "every error
    /// 0", which the fixed columns hold as `holdFace` would; the second
    /// level is then solved with it held. The answer is the same
    /// lexicographic optimum, but equalities made hard are what Clp's
    /// presolve takes out: on `chartgrid` at 10,000 views the 750 level
    /// cost 4,517 dual pivots alone, and the promoted solve of the 500
    /// level takes a dozen after presolve.
    ///
    /// A level of inequalities only is not tried: a hard inequality stays
    /// a row, so nothing is gained, and the level's duals (which make its
    /// tight rows equalities for the levels below, and which `dashboard`'s
    /// later levels need to stay cheap) would be lost. The attempt is
    /// capped at `max(200, rows / 50)` pivots: when the first level cannot
    /// hold exactly, Clp rarely proves it quickly, and the cap bounds what
    /// the attempt wastes (BENCHMARKS.md, "Promoting the first level").
    /// For the optimal face (`optimalFace`) the cap is `faceCap`, larger
    /// (see `facePromotionPivots`).
    /// Clp's presolve runs until it removes nothing more (up to 100 passes
    /// instead of its default 5): the hardened equalities form chains. The
    /// face's promotion takes `presolvePasses` instead (see
    /// `facePromotionPresolvePasses`).
    ///
    /// Returns whether the first level was promoted (the second is then
    /// solved); when not, the bounds are put back.
    private static func promote(
        _ model: OpaquePointer, levels: [Double], levelOfError: [Double], part: LinearPart,
        firstError n: Int, aim: (Double) -> Bool, dualReductions: Bool = true, probePivots: Int32 = 0,
        probeFromStart: Bool = false, probeAfterPivots: Int32 = 0, cap faceCap: Int? = nil,
        presolvePasses: Int32 = promotionPresolvePasses
    ) -> Bool {
        guard levels.count >= 2, let first = levels.first else { return false }
        guard relates(part, level: first),
              let saved = fixErrors(model, level: first, levelOfError: levelOfError, firstError: n)
        else { return false }
        _ = aim(levels[1])
        // Presolve until nothing more goes (at most 100 passes): the
        // hardened equalities chain (a row of charts 12 below the one above
        // it), and Clp's default of five passes took apart `chartgrid` at
        // 10,000 views but not at 30,000, where the attempt then hit its cap.
        let cap = Int32(faceCap ?? promotionCap(part, rowsPerPivot: 50))
        // Without Clp's dual reductions unless asked (see
        // `promotesWithoutDualPresolve`).
        // With a probe of the presolved model first when asked (see
        // `probesPromotion`).
        if plumb_clp_probed_promoted_dual(
            model, presolvePasses, cap, dualReductions ? 1 : 0, probePivots, probeFromStart ? 1 : 0,
            probeAfterPivots) == 0 {
            return true
        }
        saved.putBack(model)
        return false
    }

    /// The most pivots a promotion of `part`'s first level may take: one
    /// for each `rowsPerPivot` of its rows, at least 200.
    static func promotionCap(_ part: LinearPart, rowsPerPivot: Int) -> Int {
        max(200, part.rowCount / rowsPerPivot)
    }

    /// The presolve passes of a promotion, and of a cold solve once held
    /// equalities were freed (see `PartModel.freeImpliedEqualities`): until
    /// nothing more goes. What the freed rows leave falls apart over more
    /// than Clp's default of five passes (`chartgrid` at 30,000 views: 19
    /// rows after 20 passes, 2,275 after five).
    static let promotionPresolvePasses: Int32 = 100

    /// Tries `level` at zero error: its error columns fixed at 0 and Clp's
    /// dual simplex from the last basis, at most `zeroTrialPivots` pivots,
    /// no presolve. With those columns fixed, the level's objective is
    /// constant on the feasible set, so the trial runs with the objective
    /// set to 0 (see `zeroTrialWithoutCosts`): every basis is then dual
    /// feasible and the dual simplex only has to make the basis primal
    /// feasible. When it does, the level's optimum is 0 and its optimal face is exactly
    /// "every error 0", which the fixed columns hold as `holdFace` would;
    /// otherwise the bounds are put back and the level is solved as before.
    /// `degenerate`'s last level (each box as wide as the first, which
    /// the shelves allow) took presolve and 2,000 dual pivots cold, 0.7 to
    /// 1 s at 10,000 views and 4 s at 30,000, and holds at zero in 3 pivots
    /// (30 and 200 ms). A trial that fails costs its pivots and one
    /// factorisation (2 ms on `dashboard` at 1,000 views, 14 at 10,000,
    /// against its cold solve's 20 and 35 to 90); it puts the bounds back
    /// but not every status of the basis (gap69). So by default only a
    /// level that is likely to hold is tried: one with an equality between variables (see `relates`), and
    /// only when it goes cold because one above it did. `dashboard`'s cold
    /// levels are preferred heights, which give way, and tried at zero
    /// they made it 4 to 17 per cent slower; the level whose own warm
    /// primal just gave up, and the level after a promotion, did not hold
    /// at zero on any family.
    private static func holdsAtZero(
        _ model: OpaquePointer, level: Double, levelOfError: [Double], firstError n: Int, withoutCosts: Bool,
        sharing: ZeroTrialSetUp? = nil
    ) -> Bool {
        guard let saved = fixErrors(model, level: level, levelOfError: levelOfError, firstError: n) else { return false }
        let pivots = Int32(zeroTrialPivots)
        let status = if let sharing { sharing.run(model, pivots: pivots) }
            else if withoutCosts { plumb_clp_dual_without_costs(model, pivots) } else { plumb_clp_dual(model, pivots) }
        if status == 0 { return true }
        saved.putBack(model)
        return false
    }

    /// Whether `level` has an equality between two or more variables (a
    /// gap that should be 12, a plot as wide as the first): the wishes
    /// that usually hold exactly, where a preferred size or position
    /// (one variable) usually gives way.
    private static func relates(_ part: LinearPart, level: Double) -> Bool {
        (0 ..< part.rowCount).contains { i in
            part.priorities[i].rawValue == level && !part.priorities[i].isRequired
                && part.relations[i] == .equal && part.rowStart[i + 1] - part.rowStart[i] >= 2
        }
    }

    /// Fixes `level`'s error columns at 0; returns their upper bounds as
    /// they were, to put back.
    static func fixErrors(
        _ model: OpaquePointer, level: Double, levelOfError: [Double], firstError n: Int
    ) -> FixedErrorColumns? {
        FixedErrorColumns(model, firstError: n, errors: levelOfError.count) { levelOfError[$0] == level }
    }

    /// The pivots one level of a replay may take before the part is solved
    /// afresh instead. After a small change (the next width of a sweep) a
    /// level takes none or a few; after a large one (a chart grid at 400
    /// points after 1,024) the old basis can be a thousand pivots or more
    /// away per level, and dual pivots without presolve on the whole part
    /// then cost more than a fresh solve (chartgrid at 10,000 views: 0.6 s
    /// against 0.2 s). So the cap is a fiftieth of the rows.
    static func replayPivots(rows: Int) -> Int { max(200, rows / 50) }

    /// How many cold solves of a part may use Clp's doubleton
    /// substitutions in presolve. Each held level leaves more rows as
    /// equalities, which chain, and substituting along a chain copies a
    /// growing column: on `levels` (five cold levels after four held ones)
    /// the presolve of each level took longer than the one before, 0.04 to
    /// 1.3 s at 3,000 views, for levels it solves alone. Without doubletons
    /// those take 0.07 to 0.09 s each, but the first cold levels need them:
    /// `degenerate`'s greedy level (its part's second cold solve) took 0.39 s
    /// instead of 0.22 at 10,000 views. The third cold solve goes without:
    /// `levels`' equal split (its third) took 4.0 s at 10,000 views with
    /// them, 0.5 s without (2,496 and 1,107 dual pivots; its presolve
    /// searched the long columns of the box lefts held down the shelves,
    /// `presolve_find_minor1`, once per doubleton). No other family has
    /// more than two cold solves on a part.
    private static let doubletonColdSolves = 2

    /// The pivots a zero trial may take. A level that holds at zero after
    /// the levels above it does so in a few (3 on `degenerate`); one that
    /// cannot rarely shows it that fast, so the cap bounds the waste.
    private static let zeroTrialPivots = 20

    /// Holds the level just solved at its optimum by its optimal face
    /// instead of a row on its objective. With `y` the row duals and `d`
    /// the reduced costs of the optimum, every feasible `x` has
    /// `c·x = y·(A·x) + d·x`; so the points where each row with `y ≠ 0` sits
    /// at the bound it is at and each column with `d ≠ 0` at its bound cost
    /// exactly the optimum, and by complementary slackness every optimum is
    /// such a point: those rows become equalities and those error columns
    /// are fixed at 0, for the rest of the solve. No tolerance is given to
    /// later levels to spend (a held row with slack let `priorities`' 28
    /// levels drift or turn infeasible at Clp's tolerance). Duals and
    /// reduced costs of at most `faceTolerance` count as 0 (round-off): on
    /// layouts they are sums of small rational multiples of the
    /// coefficients, far above it when they are not 0.
    private static func holdFace(_ model: OpaquePointer, rows m: Int, columns: Int, firstError n: Int) {
        guard let price = plumb_clp_row_duals(model), let reduced = plumb_clp_reduced_costs(model),
              let rl = plumb_clp_row_lower(model), let ru = plumb_clp_row_upper(model),
              let cl = plumb_clp_column_lower(model), let cu = plumb_clp_column_upper(model)
        else { return }
        var rowLower = Array(UnsafeBufferPointer(start: rl, count: m))
        var rowUpper = Array(UnsafeBufferPointer(start: ru, count: m))
        for i in 0 ..< m where rowLower[i] != rowUpper[i] {
            switch heldBound(price: price[i], lower: rowLower[i], upper: rowUpper[i]) {
            case .lower?: rowUpper[i] = rowLower[i]
            case .upper?: rowLower[i] = rowUpper[i]
            case nil: break
            }
        }
        var columnUpper = Array(UnsafeBufferPointer(start: cu, count: columns))
        for j in n ..< columns where fixedOnFace(reducedCost: reduced[j]) {
            columnUpper[j] = cl[j]
        }
        plumb_clp_set_row_bounds(model, rowLower, rowUpper)
        plumb_clp_set_column_upper(model, columnUpper)
    }

    /// The bound of an inequality row (bounds `lower`, `upper`) that the
    /// optimal face holds it at, from Clp's price `y` there: minimising, a
    /// row at its lower bound has y ≥ 0, at its upper y ≤ 0. None when the
    /// price is within `faceTolerance` of 0 or on a side the row has no
    /// bound. `holdFace`'s rule for rows, and `SettledLevel`'s check of it.
    static func heldBound(price y: Double, lower: Double, upper: Double) -> HeldBound? {
        if y > faceTolerance && lower > -infinity / 2 { return .lower }
        if y < -faceTolerance && upper < infinity / 2 { return .upper }
        return nil
    }

    enum HeldBound { case lower, upper }

    /// Whether the optimal face fixes an error column at its lower bound,
    /// from its reduced cost `d` at the optimum: `holdFace`'s rule for
    /// columns, and `SettledLevel`'s check of it.
    static func fixedOnFace(reducedCost d: Double) -> Bool { d > faceTolerance }

    /// A remainder is handed back when its largest component has at most
    /// this share of the part's variables. On the families it is all or
    /// nothing: `priorities`' held levels determine every variable (0), the
    /// others' leave one component of all of them.
    static let splitFraction = 0.5

    private static let faceTolerance = 1e-7
    private static let infinity = PartModel.infinity
}

