/// One part of a component left coupled after presolve, as a plain sparse
/// linear program: row `i` is `Σ coefficients[k] · x[columns[k]] + constants[i]`
/// (`k` in `rowStart[i] ..< rowStart[i + 1]`) in relation `relations[i]` to
/// 0 at `priorities[i]`. Variables are free.
public struct LinearPart: Sendable {
    public var variableCount: Int
    public var rowStart: [Int32]
    public var columns: [Int32]
    public var coefficients: [Double]
    public var constants: [Double]
    public var relations: [Relation]
    public var priorities: [Priority]

    public var rowCount: Int { constants.count }

    public init(
        variableCount: Int, rowStart: [Int32], columns: [Int32], coefficients: [Double], constants: [Double],
        relations: [Relation], priorities: [Priority]
    ) {
        self.variableCount = variableCount
        self.rowStart = rowStart
        self.columns = columns
        self.coefficients = coefficients
        self.constants = constants
        self.relations = relations
        self.priorities = priorities
    }

    /// Origins for rows copied out of a large part into a system of their
    /// own (a remainder, a cut part's pieces), keyed by the row's number in
    /// the part. They are read only on a conflict, after which the part is
    /// solved whole and its own origins name it.
    public static let rowOrigins: any OriginSource = PartRowOrigins()

    /// The part's rows as a system of their own over its variables, each
    /// row's origin its number in the part (``rowOrigins``): what a split
    /// of a large part hands back to the planner.
    var system: ConstraintSystem {
        var system = ConstraintSystem()
        system.originSource = Self.rowOrigins
        system.addVariables(variableCount)
        system.reserveCapacity(rows: rowCount, nonzeros: columns.count)
        for i in 0 ..< rowCount {
            let range = Int(rowStart[i]) ..< Int(rowStart[i + 1])
            system.addRow(
                range.lazy.map { (VariableIndex(rawValue: columns[$0]), coefficients[$0]) },
                constant: constants[i], relation: relations[i], priority: priorities[i], origin: .key(UInt64(i)))
        }
        return system
    }

    /// Every row of `system` as one part (what ``system`` undoes).
    init(wholeOf system: ConstraintSystem) {
        self.init(
            variableCount: system.variableCount, rowStart: system.rowStart, columns: system.columns,
            coefficients: system.coefficients, constants: system.constants, relations: system.relations,
            priorities: (0 ..< system.rowCount).map { system.priorities[$0] })
    }
}

/// See ``LinearPart/rowOrigins``.
private final class PartRowOrigins: OriginSource {
    func origin(forKey key: UInt64) -> Origin {
        Origin(kind: .code, index: Int(key), text: "row \(key) of a large part")
    }
}

/// An LP code for the parts the presolve leaves coupled and large (a grid of
/// charts whose neighbours are related by inequalities): the incremental
/// tableau fills in on such parts and grows worse than quadratically, while
/// a revised simplex over a sparse factorisation does not.
///
/// `solve` returns the lexicographic optimum of `part` (required rows hold;
/// each optional level, highest first, minimises the sum of its rows'
/// absolute errors with every higher level held at its optimum), or nil
/// when it has none or cannot tell, in which case the planner solves the
/// whole component with the tableau as before (which also names a minimal
/// conflict set when the required rows conflict). It may be called from
/// several threads at once.
///
/// The core does not link any such code: a program that wants one (the
/// `plumb` tool installs `PlumbClp`'s) sets
/// ``SolveOptions/largePartSolver`` or the process-wide
/// ``SolveOptions/defaultLargePartSolver``.
public protocol LargePartSolver: Sendable {
    /// A short name for `--stats` and the docs.
    var name: String { get }
    func solve(_ part: LinearPart) -> [Double]?
    /// The lexicographic optimum of `part` and which of its rows are
    /// constant on the whole optimal set (see ``PartFace``), for
    /// `plumb check`'s free-form test; nil when it has no optimum or cannot
    /// tell. The default answers nil, and the diagnosis then uses the
    /// tableau's probes.
    func optimalFace(_ part: LinearPart) -> PartFace?
    /// A solver for one caller that solves parts of the same shape again
    /// and again with other constants (a ``CompiledSystem``'s large
    /// components, at each size of a sweep): it may keep what it learnt
    /// of each part between calls and start from it, as long as it answers
    /// what `solve` would (the same lexicographic optimum). It is used
    /// from one thread at a time. The default is the solver itself.
    func makeSession() -> any LargePartSolver
    /// For a session: whether it may start a part from what it kept
    /// (`true`, as a session starts), or must answer every part as `solve`
    /// does, bit for bit, while still keeping what it learns (`false`: a
    /// ``CompiledSystem`` compiled by
    /// ``CompiledSystem/solveCompiling(_:options:)`` during its one-shot
    /// solve, whose values must be a fresh solve's even where two parts
    /// share a shape). The default does nothing (the solver itself keeps
    /// nothing).
    func allowReplays(_ allowed: Bool)
    /// The points that satisfy `part`'s rows (all of them required), as an
    /// object that bounds linear forms over them while rows are taken out
    /// and put back, for `plumb check`'s redundancy and effect tests on a
    /// large component; nil when the rows have no point or the LP code
    /// cannot tell. The default answers nil, and the diagnosis then uses
    /// the tableau's probes.
    func requiredRowRange(_ part: LinearPart) -> (any RequiredRowRange)?
    /// The solver a session was made from, which keeps nothing between
    /// calls: what a caller uses for systems of its own that must be
    /// solved as a fresh solve solves them whatever the session has kept
    /// (`OneSidedSplit`'s). The default is the solver itself.
    var freshSolver: any LargePartSolver { get }
}

extension LargePartSolver {
    public func optimalFace(_ part: LinearPart) -> PartFace? { nil }
    public func makeSession() -> any LargePartSolver { self }
    public func allowReplays(_ allowed: Bool) {}
    public func requiredRowRange(_ part: LinearPart) -> (any RequiredRowRange)? { nil }
    public var freshSolver: any LargePartSolver { self }
}

/// What ``LargePartSolver/requiredRowRange(_:)`` gives: the set of points
/// that satisfy a part's rows that are in (at first all of them), over
/// which it bounds linear forms. It is used from one thread at a time.
public protocol RequiredRowRange: AnyObject {
    /// A point that satisfies every row of the part (found when the object
    /// was made; it stays in the set as rows are taken out).
    var point: [Double] { get }
    /// The supremum of `Σ a·x` (`terms` as (variable, a), variables may
    /// repeat) over the points that satisfy every row that is in: `+∞` when
    /// it has none, nil when the LP code cannot tell.
    func supremum(of terms: [(Int32, Double)]) -> Double?
    /// Takes row `row` out of the set's rows (it no longer bounds the points).
    func takeOut(_ row: Int)
    /// Puts row `row`, taken out before, back.
    func putBack(_ row: Int)
    /// The point at which the last ``supremum(of:)`` ended, when it found
    /// one (it satisfies every row that was in); nil otherwise, and by
    /// default.
    func lastSolution() -> [Double]?
    /// When the last ``supremum(of:)`` was `+∞`: a direction (one value a
    /// variable) along which the LP code saw the form grow without end, if
    /// it gives one; nil otherwise, and by default. The caller checks it
    /// against the rows before relying on it.
    func lastRay() -> [Double]?
}

extension RequiredRowRange {
    public func lastSolution() -> [Double]? { nil }
    public func lastRay() -> [Double]? { nil }
}

/// What ``LargePartSolver/optimalFace(_:)`` says of a part's optimal set
/// (the points that are optimal for every level): one optimal point, and
/// for each row whether `Σ a·x` takes one value over the whole set (the row
/// holds as an equality there, explicitly or implicitly, and its error, if
/// any, is 0 throughout). The affine hull of the optimal set is then
/// `{x : Σ a·x = that value for every such row}`, so a linear form is
/// constant on the optimal set exactly when it is a combination of those
/// rows' expressions.
public struct PartFace: Sendable {
    public var values: [Double]
    public var fixedRows: [Bool]

    public init(values: [Double], fixedRows: [Bool]) {
        self.values = values
        self.fixedRows = fixedRows
    }
}
