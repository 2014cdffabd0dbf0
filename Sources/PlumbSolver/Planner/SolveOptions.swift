/// Settings for ``ConstraintSystem/solve(options:)``.
public struct SolveOptions: Sendable {
    /// Blocks of the block triangular form with more rows than this are
    /// factorised with LAPACKE instead of in Swift.
    public var lapackThreshold: Int = 48

    public init() {}
}
