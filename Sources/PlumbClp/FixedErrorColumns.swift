import CClpSimplex

/// The upper bounds of the error columns a level's trial fixed at 0 (see
/// `ClpPartSolver.fixErrors`), as they were, to put back if the trial does
/// not hold. Only the level's own columns are kept: the rest of the
/// model's upper bounds are not touched by the trial, and a copy of every
/// column's (12 MB at `levels` 100,000 views) held through Clp's dual was
/// part of the peak.
struct FixedErrorColumns {
    /// The fixed columns, in increasing order.
    let columns: [Int32]
    /// Their upper bounds before they were fixed, bit for bit.
    let uppers: [Double]

    /// Fixes the columns `n + j` for which `fixes(j)` is true at 0 (of
    /// `errors` error columns from `n`); nil when the model has no bounds
    /// to read. Only those columns are written
    /// (`plumb_clp_set_column_uppers_at`): an array of every column's
    /// bound, made and freed just before the trial's dual, left touched
    /// pages under Clp's large blocks (BENCHMARKS.md, mem58).
    init?(_ model: OpaquePointer, firstError n: Int, errors: Int, fixes: (Int) -> Bool) {
        guard let cu = plumb_clp_column_upper(model) else { return nil }
        var columns: [Int32] = [], uppers: [Double] = []
        for j in 0 ..< errors where fixes(j) {
            columns.append(Int32(n + j))
            uppers.append(cu[n + j])
        }
        self.columns = columns
        self.uppers = uppers
        plumb_clp_set_column_uppers_at(model, Int32(columns.count), columns, [Double](repeating: 0, count: columns.count))
    }

    /// Puts the fixed columns' upper bounds back as they were; the other
    /// columns keep the model's.
    func putBack(_ model: OpaquePointer) {
        guard plumb_clp_column_upper(model) != nil else { return }
        plumb_clp_set_column_uppers_at(model, Int32(columns.count), columns, uppers)
    }
}
