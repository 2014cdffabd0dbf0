import CClpSimplex

/// How a warm level calls Clp's primal (see `ClpPartSolver.carriesWarmSetUp`).
///
/// With `keeps`, both of the level's calls (the probe, and the rest of the
/// level from where the probe stopped) keep Clp's work areas and
/// factorisation at their end; with `fromLevelBefore` as well, the probe
/// starts from what the warm level before kept (`plumb_clp_primal`'s
/// continuation 7, through `plumb_clp_warm_primal`, which starts afresh
/// instead unless that level's last call ended optimal, at the same
/// refactor interval, with a fresh factorisation, and no other call on the
/// model came between). Between two warm levels only bounds and the
/// objective change: `holdFace` makes a row's bound or a column's upper
/// bound equal to its other end, `PartModel.freeImpliedEqualities` frees
/// rows, `PartModel.aim(at:)` sets the next level's weights. So the basis
/// matrix is the same, and so is Clp's set-up of the matrix; Clp scales the
/// matrix afresh and copies every bound and cost into its work arrays as
/// before. Without `keeps`, the calls are the ones made before this carry: the
/// probe afresh keeping its factorisation (1), the rest from it (2).
struct WarmSetUp {
    var keeps: Bool
    var fromLevelBefore: Bool

    /// The probe: at most `pivots` pivots, refactorising every `refactorEvery`.
    func probe(_ model: OpaquePointer, pivots: Int, refactorEvery: Int) -> Int32 {
        guard keeps else { return plumb_clp_primal(model, Int32(pivots), Int32(refactorEvery), 1) }
        return plumb_clp_warm_primal(model, Int32(pivots), Int32(refactorEvery), fromLevelBefore ? 7 : 1)
    }

    /// The rest of the level, from the factorisation the probe kept.
    func onward(_ model: OpaquePointer, pivots: Int, refactorEvery: Int) -> Int32 {
        guard keeps else { return plumb_clp_primal(model, Int32(pivots), Int32(refactorEvery), 2) }
        return plumb_clp_warm_primal(model, Int32(pivots), Int32(refactorEvery), 3)
    }
}
