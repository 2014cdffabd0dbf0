import CClpSimplex

extension ClpPartSolver {
    /// How a check at the last basis calls Clp's primal (see
    /// `plumb_clp_primal`): from the factorisation the call before kept
    /// (`kept`), also keeping it again, and with `keepsCheckSetUp` taking
    /// Clp's set-up of the matrix as that call left it (7); afresh, keeping
    /// the factorisation (1).
    ///
    /// Between the call that kept the factorisation (a passed check, or
    /// the confirmation of a crash) and such a check, the matrix is the
    /// same and only bounds and the objective change: `holdFace` makes a
    /// row's bound or a column's upper bound equal to its other end,
    /// `PartModel.freeImpliedEqualities` frees rows, `PartModel.aim(at:)`
    /// sets the level's weights. So Clp's set-up of the matrix for the
    /// last call still holds, and its sanity check of the bounds and costs
    /// can find nothing (no bound crosses the other, no number is huge).
    /// Clp then skips rebuilding its row copy and work arrays, the search
    /// for duplicate entries and the sanity check: on `levels` at 10,000
    /// views 36 of a check's 280 M instructions, five checks (BENCHMARKS.md,
    /// solve38). It still scales the matrix afresh (the scale factors can
    /// change when columns are fixed), copies every bound and cost into its
    /// work arrays and computes the point and the prices as before, which
    /// come out the same to the bit (a trace of every call's values,
    /// prices and reduced costs on the 13 benchmark families).
    func checkContinuation(kept: Bool) -> Int32 {
        guard kept else { return 1 }
        return keepsCheckSetUp ? 7 : 3
    }
}
