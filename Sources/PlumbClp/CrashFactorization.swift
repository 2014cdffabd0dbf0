import PlumbSolver

extension ClpPartSolver {
    /// Puts back the lower levels' rows that a crash of the greedy level
    /// opened (see `crashesGreedyLevel` and `PartModel.openRows`), with
    /// the basis made to fit them at the crash's `point`, before Clp
    /// confirms the crash basis instead of after: Clp's factorisation of
    /// the basis it confirms is then the factorisation of the basis the
    /// next level's check at the last basis starts from, and Clp keeps it
    /// for that check (see `reusesCheckFactorization`), which otherwise
    /// factorised the whole part again. Put back after the confirmation,
    /// the fit made a row's error column basic in place of its slack
    /// wherever the crash point misses the row (on `levels`, the rows of
    /// the five levels below the equal split), so the basis Clp had
    /// factorised was no longer the model's.
    ///
    /// The confirmation prices the same linear program either way: a
    /// lower row's error columns cost nothing at this level, so whether
    /// the row is open (its slack basic) or back at its bounds (its slack
    /// or one error column basic at the miss), its dual is 0 and every
    /// other dual and reduced cost is as it was; and the fit keeps the
    /// point, so the crash is confirmed on the same levels. Returns the
    /// rows the fit could not make fit (see `PartModel.restoreRows`).
    static func restoreRowsBeforeConfirming(
        _ model: PartModel, _ opened: (lower: [Double], upper: [Double]), below level: Double, of part: LinearPart,
        at point: [Double]
    ) -> Int {
        model.restoreRows(opened, below: level, of: part, point: point)
    }
}
