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

    /// A check at the model's basis (Clp's primal allowed no pivot), started
    /// as `continuation` says. From a kept factorisation and with
    /// `computesCheckOnce`, through `plumb_clp_check_once`: Clp's primal
    /// otherwise computes the point and the prices twice before it reports
    /// optimal with no pivot, the second time only because the first found
    /// no primal infeasibility while its weight of infeasibility stood at
    /// its default, which it then lowers. For the call the weight is set
    /// just below that default, where the point the last solve left lies
    /// within every bound (so Clp finds no infeasible variable for the weight
    /// to price): the same status, point, prices and basis, to the bit, for
    /// one `gutsOfSolution` less (53 of a check's 184 M instructions on
    /// `levels` at 10,000 views; BENCHMARKS.md, solve39).
    func checkAtBasis(_ model: OpaquePointer, continuation: Int32) -> Int32 {
        guard computesCheckOnce, continuation & 2 != 0 else { return plumb_clp_primal(model, 0, 200, continuation) }
        return plumb_clp_check_once(model, continuation)
    }
}
