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
    /// to read.
    init?(_ model: OpaquePointer, firstError n: Int, errors: Int, fixes: (Int) -> Bool) {
        guard let cu = plumb_clp_column_upper(model) else { return nil }
        var upper = Array(UnsafeBufferPointer(start: cu, count: Int(plumb_clp_columns(model))))
        var columns: [Int32] = [], uppers: [Double] = []
        for j in 0 ..< errors where fixes(j) {
            columns.append(Int32(n + j))
            uppers.append(upper[n + j])
            upper[n + j] = 0
        }
        self.columns = columns
        self.uppers = uppers
        plumb_clp_set_column_upper(model, upper)
    }

    /// Puts the fixed columns' upper bounds back as they were; the other
    /// columns keep the model's.
    func putBack(_ model: OpaquePointer) {
        guard let cu = plumb_clp_column_upper(model) else { return }
        var upper = Array(UnsafeBufferPointer(start: cu, count: Int(plumb_clp_columns(model))))
        for (k, j) in columns.enumerated() { upper[Int(j)] = uppers[k] }
        plumb_clp_set_column_upper(model, upper)
    }
}
