/// Every numerical tolerance of ``SimplexCore``, in one place.
///
/// Coefficients of the tableau are ratios of row coefficients, so the
/// coefficient tolerances are absolute; row constants are in the caller's
/// units (points), so the feasibility tolerance is relative to the largest
/// constant the core has seen (``Tableau/constantScale``).
enum SimplexTolerance {
    /// A coefficient must exceed this in magnitude to be pivoted on.
    static let pivot = 1e-9
    /// A reduced-cost component within ±`cost` of zero is zero when deciding
    /// the lexicographic sign or comparing dual ratios.
    static let cost = 1e-9
    /// Relative: a row constant above `-feasibility·scale` is feasible, and a
    /// phase-1 (artificial) optimum at most `feasibility·scale` means the new
    /// required row can hold.
    static let feasibility = 1e-9
    /// Relative: two ratios in a ratio test closer than this are tied (and the
    /// tie is broken by the lowest symbol, as Bland's rule requires).
    static let ratioTie = 1e-12
    /// Relative: a sum smaller than `cancellation` times its largest addend is
    /// exactly zero (the term is dropped from its row), so cancelled symbols
    /// do not linger as round-off.
    static let cancellation = 1e-11
    /// Absolute: a coefficient of a new row at most this in magnitude is
    /// zero (as in kiwi). It could never be pivoted on (see ``pivot``), and a
    /// row made only of such coefficients would otherwise be neither
    /// redundant nor solvable for any of its symbols.
    static let negligible = 1e-9
    /// Relative to the largest multiplier: constraints whose multiplier in an
    /// infeasibility certificate or in a marker column is smaller are not part
    /// of it.
    static let multiplier = 1e-11
}
