import CClpSimplex

/// How a zero trial (see `ClpPartSolver.holdsAtZero`) takes Clp's set-up of
/// the matrix from the check before it, when
/// `ClpPartSolver.zeroTrialSharesSetUps` is on (`plumb_clp_zero_trial`).
///
/// A level is tried at zero right after its check at the last basis
/// failed (Clp's primal stopped at its limit of 0 pivots). That check kept
/// Clp's work areas (`checkContinuation(kept:)`), and between the two only
/// the level's error columns were fixed at 0 (an upper bound made equal to
/// its lower end), lower rows opened, statuses fitted to them and the
/// objective set to 0: so the trial's dual takes the check's set-up of the
/// matrix (its row copy; no new search for duplicate entries, no sanity
/// check of bounds and costs) instead of building it again. It still
/// scales the matrix afresh, copies every bound and cost, and factorises
/// the basis itself: the check's factorisation is not offered (the rows
/// opened for the trial may have changed the basis), and Clp's dual
/// factorised again when it was (BENCHMARKS.md, zero38).
///
/// What it saves is set-up, which grows with the part like everything
/// else (`levels` at 10,000 views: the trial 591 -> 556 M instructions,
/// BENCHMARKS.md, zero39). The trial's growth faster than the part was in
/// Clp's factorisation of the basis its pivots end on: CoinUtils'
/// column-singleton step searched the long shared columns, which the shim
/// now does by look-up (`plumb_clp_set_column_rows`; BENCHMARKS.md, zero40).
struct ZeroTrialSetUp {
    /// Whether the call just before the trial was the level's check, which
    /// stopped at its limit and kept Clp's work areas.
    let afterCheck: Bool

    /// Runs the trial from the model's basis with the level's error
    /// columns fixed, at most `pivots` pivots; Clp's status.
    func run(_ model: OpaquePointer, pivots: Int32) -> Int32 {
        plumb_clp_zero_trial(model, pivots, afterCheck ? 1 : 0)
    }
}
