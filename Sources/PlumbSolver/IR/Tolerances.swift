/// Every numerical tolerance of the solver, in one place.
///
/// Tolerances are relative: a test multiplies them by the magnitude of the
/// numbers involved (`max(1, |terms|)`), so a layout in points and the same
/// layout scaled by 1,000 make the same decisions.
public enum Tolerances {
    /// A pivot (or a 1×1 block's coefficient) smaller than this, relative to
    /// the largest coefficient it competes with, is treated as zero: the block
    /// is numerically singular and is left to the dual simplex.
    public static let pivot = 1e-9
    /// A required row holds when its residual is at most this, relative to the
    /// magnitude of its terms.
    public static let feasibility = 1e-7

    /// Whether `c ⋈ 0` holds within ``feasibility`` relative to `magnitude`
    /// (the row's terms and constant in absolute value).
    static func holds(_ c: Double, _ relation: Relation, magnitude: Double) -> Bool {
        let slack = feasibility * max(1, magnitude)
        switch relation {
        case .equal: return abs(c) <= slack
        case .lessOrEqual: return c <= slack
        case .greaterOrEqual: return c >= -slack
        }
    }
    /// Below this reciprocal condition estimate a LAPACKE-solved block is
    /// numerically singular.
    public static let reciprocalCondition = 1e-12
    /// A variable that an ambiguity probe moves by more than this, relative
    /// to `max(1, |value|)`, is free (``ConstraintSystem/diagnose(variables:)``).
    public static let ambiguity = 1e-7
    /// The priority of an ambiguity probe: below every real priority (which
    /// are at least 1), so no real level gives anything up for it.
    public static let probePriority = 0.5
}
