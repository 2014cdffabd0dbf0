import CClpSimplex

/// A level a replay can call optimal without Clp's dual, and the face the
/// dual would have held for it.
///
/// When a replay's promoted first level cannot hold at zero error, the
/// replay minimises that level, holds its face and minimises the promoted
/// level after it (`ClpPartSolver.replay`). That second dual often starts
/// at its optimum already: a required gap moved in `chartgrid` leaves every
/// error of the 500 level nonbasic at 0 once the 750 level is minimised,
/// and the dual spent 51.7 M instructions (a refactorisation, the rim, the
/// point and the prices) to make 0 pivots.
///
/// The level's objective is the sum of its error columns, each at least its
/// lower bound. When every one of them is nonbasic and its value is its
/// lower bound, the point (feasible: the previous level's optimum, on the
/// face held from it) reaches that least sum, so it is optimal, and the
/// optimal face is every such column at its lower bound. Clp's prices at
/// that basis are 0 for every row (no basic column has a cost), and the
/// reduced cost of each of the level's columns is its cost, 1: the face
/// `ClpPartSolver.holdFace` would hold from them is the same, every column
/// of the level fixed at its lower bound and no row changed. `hold` fixes
/// exactly those bounds.
///
/// The claim asks for nonbasic columns, not only values at the bound: a
/// basic error column at 0 has a cost in the basis, the prices need not be
/// 0, and the dual's face could hold rows this one leaves free.
struct SettledLevel {
    /// The level's error columns, in increasing order, and their lower bounds.
    let columns: [Int32]
    let lowers: [Double]

    /// Nil unless the model's basis and point show `level` settled: every
    /// one of its error columns nonbasic (not basic, not superbasic) and
    /// valued at its lower bound, bit for bit.
    init?(_ partModel: PartModel, level: Double) {
        let model = partModel.pointer, n = partModel.n
        let status = partModel.basis()
        guard status.count == partModel.columnCount + partModel.m, let value = plumb_clp_solution(model),
              let lower = plumb_clp_column_lower(model)
        else { return nil }
        var columns: [Int32] = [], lowers: [Double] = []
        for (j, errorLevel) in partModel.levelOfError.enumerated() where errorLevel == level {
            let column = n + j
            // Clp's status in the low three bits: 1 basic, 4 superbasic.
            let kind = status[column] & 7
            guard kind != 1, kind != 4, value[column] == lower[column] else { return nil }
            columns.append(Int32(column))
            lowers.append(lower[column])
        }
        guard !columns.isEmpty else { return nil }
        self.columns = columns
        self.lowers = lowers
    }

    /// Fixes the level's columns at their lower bounds: the face the dual's
    /// prices would have held (see the type's comment).
    func hold(_ model: OpaquePointer) {
        plumb_clp_set_column_uppers_at(model, Int32(columns.count), columns, lowers)
    }

    /// For the checking mode, after Clp's dual ran on the level: whether
    /// the face `ClpPartSolver.holdFace` holds from the dual's prices is
    /// this one, by its own rules (`ClpPartSolver.heldBound`,
    /// `ClpPartSolver.fixedOnFace`): no row is held, and the error columns
    /// (from the model's first error column to its last) it fixes are
    /// exactly `columns`.
    func agreesWithPrices(_ model: OpaquePointer, firstError n: Int) -> Bool {
        let m = Int(plumb_clp_rows(model)), count = Int(plumb_clp_columns(model))
        guard let price = plumb_clp_row_duals(model), let reduced = plumb_clp_reduced_costs(model),
              let rl = plumb_clp_row_lower(model), let ru = plumb_clp_row_upper(model)
        else { return false }
        for i in 0 ..< m where rl[i] != ru[i] {
            if ClpPartSolver.heldBound(price: price[i], lower: rl[i], upper: ru[i]) != nil { return false }
        }
        var next = 0
        for j in n ..< count where ClpPartSolver.fixedOnFace(reducedCost: reduced[j]) {
            guard next < columns.count, Int(columns[next]) == j else { return false }
            next += 1
        }
        return next == columns.count
    }
}
