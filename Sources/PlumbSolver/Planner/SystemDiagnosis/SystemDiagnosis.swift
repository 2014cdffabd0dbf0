/// What ``ConstraintSystem/diagnose(variables:)`` (or
/// ``ConstraintSystem/diagnose(measuring:progress:)``) found: every conflict among the
/// required rows, every variable or form that the rows leave free, and the
/// rows that are redundant or can never have an effect.
public struct SystemDiagnosis: Sendable, Hashable {
    /// Minimal conflicting sets of required rows: in each set the rows cannot
    /// all hold, and dropping any one of them lets the rest hold. Rows are
    /// ascending within a set; sets are ordered by their first row. Sets are
    /// disjoint (see ``ConstraintSystem/diagnose(variables:)``).
    public var conflicts: [[RowIndex]]
    /// The variables asked about whose value is not fixed, ascending
    /// (``ConstraintSystem/diagnose(variables:)``).
    public var freeVariables: [VariableIndex]
    /// The linear forms asked about whose value is not fixed, as ascending
    /// indices into the forms given to ``ConstraintSystem/diagnose(measuring:progress:)``
    /// (for ``ConstraintSystem/diagnose(variables:)``: into the variables
    /// sorted ascending without repeats).
    public var freeMeasures: [Int]
    /// Required rows that the other required rows imply, ascending: removing
    /// all of them at once changes nothing. Of two duplicates, the later one
    /// is reported.
    public var redundantRows: [RowIndex]
    /// Optional rows that can never influence the result, ascending: the
    /// required rows either make them always hold or fix their value where
    /// they do not hold, so their error is the same in every solution.
    public var ineffectiveRows: [RowIndex]

    public init(conflicts: [[RowIndex]] = [], freeVariables: [VariableIndex] = [], freeMeasures: [Int] = [],
                redundantRows: [RowIndex] = [], ineffectiveRows: [RowIndex] = []) {
        self.conflicts = conflicts
        self.freeVariables = freeVariables
        self.freeMeasures = freeMeasures
        self.redundantRows = redundantRows
        self.ineffectiveRows = ineffectiveRows
    }
}

extension ConstraintSystem {
    /// Finds every conflict among the required rows and every free variable,
    /// without stopping at the first problem. Slower than ``solve(options:)``
    /// by design: it favours being right over being fast (every answer is a
    /// probe on a simplex, or a shortcut that gives the same answer).
    ///
    /// **Conflicts.** The required rows are split into independent
    /// components (rows that share a variable, transitively). In each
    /// component, `ConflictFinder` finds one minimal conflicting set; its
    /// rows are then left out and the search repeats on what remains, until
    /// the remaining rows can all hold. So every reported set is minimal and
    /// the sets are disjoint; a row that takes part in two conflicts is
    /// reported with the first one found, and a conflict that only exists
    /// through it is not reported again.
    ///
    /// **Free variables.** The rows are split into independent components
    /// (rows that share a variable, whatever their priority, transitively),
    /// and each component goes on its own incremental simplex: its rows are
    /// added one by one (required rows first, in row order, then optional
    /// rows), and a required row that cannot hold with those before it is
    /// left out. The optimum of the whole system is the optimum of each
    /// component, so nothing is lost by the split. At the optimum, the
    /// solutions that are still optimal for every priority level form a
    /// convex set. A variable (or a linear form, ``diagnose(measuring:progress:)``) is
    /// fixed when it has one value over that whole set. To test form `f` at
    /// value `f0`, with `m = max(1, Σ |coefficient · value|)`, a probe row
    /// `f >= f0 + m` is added at a priority below every real level
    /// (``Tolerances/probePriority``: no real level's optimum may be given up
    /// for it; see `ExpressionProbe`) and removed again; then the same with
    /// `f <= f0 - m`. If either probe moves `f` by more than
    /// ``Tolerances/ambiguity`` times `m`, some other optimal solution has a
    /// different `f` (the set is convex), and `f` is free. A form over
    /// several components is pushed part by part (each with the whole form's
    /// `m`), and is free when some part moves. A component of at least
    /// ``SolveOptions/largePartThreshold`` variables, when a
    /// ``SolveOptions/defaultLargePartSolver`` is set, is not put on a
    /// simplex: the LP code finds its optimal set and the rows that are
    /// constant on it (``LargePartSolver/optimalFace(_:)``), and a part of
    /// a form there is fixed exactly when it is a combination of those
    /// rows (`RowSpace`); the tests compare this with the probes. If the
    /// LP code finds no optimum (a conflict), the component gets its
    /// simplex.
    ///
    /// **Redundant and ineffective rows.** Rows in conflicts are left out.
    /// The planner's block phase finds the required equalities that
    /// determine variables; those rows are kept, and the determined values
    /// are substituted into every other row. A required row left with no
    /// variable holds (it is in no conflict), so the rows that determined its
    /// variables imply it: it is redundant. The remaining rows are split into
    /// independent components again, and each component's required rows go
    /// on one simplex, where a row's expression `e` (the row is `e ⋈ 0`) is
    /// pushed by probes, as above, to see where the required rows let it go.
    /// An optional row is ineffective when `e` cannot be pushed to the side
    /// where the row is violated (it always holds) or cannot move at all (its
    /// error never changes). A required row is redundant when, after removing
    /// it, `e` still cannot be pushed to the violated side; rows are tried
    /// last first and a redundant row stays removed. So removing every
    /// reported row at once leaves the required rows' solutions unchanged.
    /// Of rows that imply each other, the one reported is the one the block
    /// phase did not use, else the later one (for duplicates: the later).
    ///
    /// Four shortcuts give the answer a probe would give without the probe
    /// (the tests compare them with the probes on random systems,
    /// `diagnose(measuring:split: false)`):
    /// - the required equalities `x − y + c = 0` that the free-form simplex
    ///   holds make classes of variables that differ by constants there; a
    ///   form is written over its classes' representatives (a view's width
    ///   becomes its column's), and how far that expression can go up and
    ///   down is probed once and remembered: the probe reaches
    ///   `min(m, sup)`, which exceeds the tolerance exactly when the
    ///   supremum does, so one probe far enough answers every form with that
    ///   expression;
    /// - an optional row with a variable that no required row mentions can
    ///   take any value: it is not ineffective;
    /// - a required row with a variable that, once the row is removed, only
    ///   "loose ends" hold — equalities over that variable and one other
    ///   variable that no other required row mentions (a table's cells hung
    ///   off their column's edges) — is not redundant: without it the
    ///   variable, and so `e`, can take any value;
    /// - the required equalities `x − y + c = 0` make classes of variables
    ///   that differ by constants; an optional row whose expression is
    ///   `A·x + C` over one class is decided from how far `x` can go up and
    ///   down, which is probed once per class and direction and remembered
    ///   (a probe reaches `min(m, sup)`, which exceeds the tolerance exactly
    ///   when the supremum does).
    ///
    /// - Parameter variables: the variables to test for freedom (all when `nil`).
    /// - Complexity: per component with `c` conflicts, `c + 1` runs of the
    ///   conflict finder over its remaining rows; then one simplex solve per
    ///   component and two probes (an add, a re-optimisation and a removal)
    ///   per variable tested, on that variable's component; then per
    ///   component of the remaining rows a simplex of its required rows and
    ///   up to four probes per optional row and one removal and probe per
    ///   required row not settled by a shortcut. A simplex costs quadratic
    ///   time in its component's size (see `SimplexCore`), so the cost is set
    ///   by the largest component. The shortcuts settle most of `table`'s
    ///   rows and forms, but the simplex of its two components of about
    ///   10,000 variables each is still built (about 11 s at 10,000 views on
    ///   a shared 2-core machine). The free forms of a component decided by
    ///   its optimal face cost an LP solve, one more LP and a sparse
    ///   elimination instead; its redundancy tests stay quadratic
    ///   (`priorities`; `chartgrid` less so since its required equalities
    ///   go on the simplex as two inequalities each). Where its simplex
    ///   fills in (16 terms a row on average), each probe is an LP solve from the
    ///   last basis instead (``LargePartSolver/requiredRowRange(_:)``),
    ///   still a pass over the component but 15 to 30 times cheaper than
    ///   the probes there (`degenerate`, `levels`). Every such probe is
    ///   first decided on the rows near the probed expression
    ///   (`NeighbourhoodRequiredRows`: a relaxation of at most 64 rows
    ///   shows it cannot move, a restriction at the solution shows it
    ///   can), which costs its neighbourhood; only the probes no
    ///   neighbourhood decides cost a pass over the component (2 of
    ///   45,000 on `priorities` at 10,000 views; about one in twenty on
    ///   `chartgrid`, whose shared edges couple every row), unless a point
    ///   found before or built for the probe by moving one variable and
    ///   putting right, row after row, each row the move breaks (`RowMoves`,
    ///   every changed row checked at the new point) answers it.
    public func diagnose(variables: [VariableIndex]? = nil) -> SystemDiagnosis {
        let candidates = Set(variables ?? (0 ..< variableCount).map { VariableIndex(rawValue: Int32($0)) })
            .sorted { $0.rawValue < $1.rawValue }
        var diagnosis = diagnose(measuring: candidates.map { [($0, 1.0)] })
        diagnosis.freeVariables = diagnosis.freeMeasures.map { candidates[$0] }
        return diagnosis
    }

    /// ``diagnose(variables:)`` for linear forms `Σ coefficient · variable`
    /// instead of single variables (such as a view's position relative to
    /// its parent): a form is free when some optimal solution gives it
    /// another value. The results are in ``SystemDiagnosis/freeMeasures``.
    ///
    /// `progress`, when given, is told what the diagnosis is doing as it
    /// goes (a phase begun or ended with its time, and every tenth of a
    /// large component's redundancy tests), one line at a time, for a
    /// long check on a terminal.
    public func diagnose(measuring forms: [[(VariableIndex, Double)]],
                         progress: ((String) -> Void)? = nil) -> SystemDiagnosis {
        diagnose(measuring: forms, split: true, progress: progress)
    }

    /// ``diagnose(measuring:progress:)``, with `split` false: the free forms and the
    /// inert rows on one simplex for the whole system, as before components
    /// were analysed apart (the reference the tests compare with).
    ///
    /// `faces` (with `split` only) names the LP code and the size from which
    /// a component's free forms are found by its optimal face instead of
    /// probes (see ``findFreeForms(_:split:faces:)``); by default the
    /// process-wide ``SolveOptions/defaultLargePartSolver`` from
    /// ``SolveOptions/largePartThreshold`` variables, nil for probes only.
    ///
    /// `nearby` (with `split` only) is the most rows of a neighbourhood on
    /// which a redundancy or effect probe is decided before the whole
    /// component (``NeighbourhoodRequiredRows``); nil: the whole component
    /// for every probe.
    func diagnose(measuring forms: [[(VariableIndex, Double)]], split: Bool,
                  faces: FaceOptions? = FaceOptions.standard,
                  nearby: Int? = NeighbourhoodRequiredRows<TableauRequiredRows>.standardMaximumRows,
                  progress: ((String) -> Void)? = nil) -> SystemDiagnosis {
        let clock = ContinuousClock()
        var start = clock.now
        func lap(_ what: String) {
            guard let progress else { return }
            let elapsed = (clock.now - start).components
            let centiseconds = Int(elapsed.seconds) * 100 + Int(elapsed.attoseconds / 10_000_000_000_000_000)
            progress("\(what) (\(centiseconds / 100).\(centiseconds % 100 < 10 ? "0" : "")\(centiseconds % 100) s)")
            start = clock.now
        }
        let conflicts = findAllConflicts(faces: split ? faces : nil)
        lap("conflicts: \(conflicts.count) found")
        var optimum: [Double]?
        let free = findFreeForms(forms.map { $0.map { ($0.0.rawValue, $0.1) } }, split: split, faces: faces,
                                 progress: progress, optimum: { optimum = $0 })
        lap("ambiguity: \(free.count) of \(forms.count) forms free")
        let inert = findInertRows(leavingOut: Set(conflicts.joined().map(\.int)), split: split, faces: faces,
                                  nearby: nearby, progress: progress, known: optimum)
        lap("redundancy: \(inert.redundant.count) redundant, \(inert.ineffective.count) ineffective rows")
        return SystemDiagnosis(conflicts: conflicts, freeMeasures: free,
                               redundantRows: inert.redundant, ineffectiveRows: inert.ineffective)
    }

    /// Redundant required rows and ineffective optional rows (see ``diagnose(variables:)``).
    /// With `split` (the default) each independent component of the rows
    /// left after the block phase gets its own simplex, and the shortcuts
    /// described in ``diagnose(variables:)`` stand in for probes; without
    /// it, the whole system goes on one simplex and every answer is a probe
    /// (the reference the tests compare with).
    ///
    /// `equalitiesAsInequalities` forces how required equalities go on the
    /// simplex (see `inertRows`; nil: as the component's rows make best),
    /// for the tests to compare.
    ///
    /// `known` (a value per variable: the ambiguity phase's optimum) is
    /// handed to the components tested on the LP code as a point that may
    /// answer their probes (see ``NeighbourhoodRequiredRows``, which keeps
    /// it only where every required row holds).
    func findInertRows(leavingOut conflicting: Set<Int>, split: Bool = true,
                       equalitiesAsInequalities: Bool? = nil, faces: FaceOptions? = FaceOptions.standard,
                       nearby: Int? = NeighbourhoodRequiredRows<TableauRequiredRows>.standardMaximumRows,
                       progress: ((String) -> Void)? = nil, known: [Double]? = nil)
        -> (redundant: [RowIndex], ineffective: [RowIndex]) {
        // The system without its conflicting rows, and the block phase on it.
        var kept = ConstraintSystem()
        kept.addVariables(variableCount)
        var original: [Int] = []
        for r in 0 ..< rowCount where !conflicting.contains(r) {
            kept.addRow(terms(of: RowIndex(r)), constant: constants[r], relation: relations[r],
                        priority: priorities[r], origin: origins[r])
            original.append(r)
        }
        var planner = Planner(system: kept, options: SolveOptions())
        do {
            try planner.solveBlocks()
        } catch {
            // Not expected without conflicts; then nothing counts as determined.
            planner = Planner(system: kept, options: SolveOptions())
        }

        // Every row that did not determine a variable, with the determined
        // variables substituted: (row, remaining terms, constant).
        var rest: [InertCandidate] = []
        for r in 0 ..< kept.rowCount {
            let defined = planner.definedVariable[r]
            if defined >= 0 && planner.state[Int(defined)] == .determined { continue }
            var c = kept.constants[r], magnitude = abs(c)
            var free: [(Int32, Double)] = []
            for k in kept.termRange(of: RowIndex(r)) {
                let v = kept.columns[k], a = kept.coefficients[k]
                if planner.state[Int(v)] == .determined {
                    c += a * planner.values[Int(v)]
                    magnitude += abs(a * planner.values[Int(v)])
                } else {
                    free.append((v, a))
                }
            }
            rest.append(InertCandidate(row: original[r], terms: free, constant: c, magnitude: max(1, magnitude),
                                       relation: kept.relations[r], isRequired: kept.priorities[r].isRequired))
        }

        // The groups of remaining rows that go on one simplex each, with
        // their variables renumbered from 0.
        var groups: [[Int]] = []
        var local = [Int32](repeating: -1, count: variableCount)
        var groupSize: [Int32] = []
        if split {
            var uf = UnionFind(count: variableCount)
            for row in rest where row.terms.count > 1 {
                for t in row.terms.dropFirst() { uf.union(row.terms[0].0, t.0) }
            }
            var groupOfRoot: [Int32: Int] = [:]
            var noVariables: [Int] = []
            for (i, row) in rest.enumerated() {
                guard let first = row.terms.first else { noVariables.append(i); continue }
                let root = uf.find(first.0)
                let g: Int
                if let known = groupOfRoot[root] {
                    g = known
                } else {
                    g = groups.count
                    groupOfRoot[root] = g
                    groups.append([])
                    groupSize.append(0)
                }
                groups[g].append(i)
                for (v, _) in row.terms where local[Int(v)] < 0 {
                    local[Int(v)] = groupSize[g]
                    groupSize[g] += 1
                }
            }
            if !noVariables.isEmpty {
                groups.append(noVariables)
                groupSize.append(0)
            }
        } else {
            groups = [Array(rest.indices)]
            groupSize = [Int32(variableCount)]
            for v in 0 ..< variableCount { local[v] = Int32(v) }
        }

        var redundant: [RowIndex] = [], ineffective: [RowIndex] = []
        for (g, group) in groups.enumerated() {
            let rows = group.map { i in
                var row = rest[i]
                row.terms = row.terms.map { (local[Int($0.0)], $0.1) }
                return row
            }
            // Only a large component is worth telling about.
            let tell = rows.count >= Self.progressRows ? progress : nil
            tell?("redundancy: a component of \(rows.count) rows over \(groupSize[g]) variables")
            // A large component's tests on the LP code, when there is one.
            let large = split ? faces.flatMap { Int(groupSize[g]) >= $0.threshold ? $0 : nil } : nil
            // The known point over the component's variables, for a large
            // component only: the tests on the tableau do not ask it.
            let point = large == nil ? nil : known.map { known in
                var point = [Double](repeating: 0, count: Int(groupSize[g]))
                for i in group { for (v, _) in rest[i].terms { point[Int(local[Int(v)])] = known[Int(v)] } }
                return point
            }
            let found = Self.inertRows(rows, variableCount: Int(groupSize[g]), keepPrivate: split,
                                       equalitiesAsInequalities: equalitiesAsInequalities, faces: large,
                                       nearby: nearby, progress: tell, known: point)
            redundant += found.redundant
            ineffective += found.ineffective
        }
        redundant.sort { $0.int < $1.int }
        ineffective.sort { $0.int < $1.int }
        return (redundant, ineffective)
    }

    /// The size from which a component's redundancy tests are reported as
    /// progress.
    static let progressRows = 2000

    /// A row left after the block phase: its index in the system, its terms
    /// over the variables not determined, and its constant with the
    /// determined values substituted.
    struct InertCandidate {
        var row: Int
        var terms: [(Int32, Double)]
        var constant: Double
        var magnitude: Double
        var relation: Relation
        var isRequired: Bool

        /// How much a value (or a change) of the row's `Σ terms + constant`
        /// goes the way its relation forbids (0 when none).
        func wrongWay(_ value: Double) -> Double {
            switch relation {
            case .equal: abs(value)
            case .greaterOrEqual: max(0, -value)
            case .lessOrEqual: max(0, value)
            }
        }
    }

    /// Each variable of `terms` with its coefficients summed.
    static func summed(_ terms: [(Int32, Double)]) -> [Int32: Double] {
        var sum: [Int32: Double] = [:]
        for (v, a) in terms { sum[v, default: 0] += a }
        return sum
    }

    /// The redundant and ineffective rows among `rest` (in row order), whose
    /// required rows bound the points over `variableCount` variables. With
    /// `keepPrivate`, the shortcuts of ``diagnose(variables:)`` answer
    /// where they can: rows with a variable that nothing else holds (or only
    /// loose-end equalities), and optional rows over one class of variables
    /// tied by `x − y + c = 0`. With `faces` (its LP code bounds forms
    /// over required rows, see ``LargePartSolver/requiredRowRange(_:)``),
    /// the probes are the LP code's suprema instead of the tableau's when
    /// the tableau's rows have filled in to `faces.filledRowLength` terms
    /// on average; when the LP code cannot answer, the component goes on
    /// the tableau after all. `walksFirst` false leaves the walks along
    /// the rows until after the neighbourhoods (for the tests, which
    /// compare the two: ``NeighbourhoodRequiredRows``).
    static func inertRows(_ rest: [InertCandidate], variableCount: Int, keepPrivate: Bool,
                          equalitiesAsInequalities: Bool? = nil, faces: FaceOptions? = nil,
                          nearby: Int? = NeighbourhoodRequiredRows<TableauRequiredRows>.standardMaximumRows,
                          walksFirst: Bool = true, progress: ((String) -> Void)? = nil, known: [Double]? = nil)
        -> (redundant: [RowIndex], ineffective: [RowIndex])
    {
        var tableau = TableauRequiredRows(rest, variableCount: variableCount,
                                          equalitiesAsInequalities: equalitiesAsInequalities,
                                          stoppingAbove: faces?.filledRowLength)
        if let faces, case let fill = tableau.meanRowLength, tableau.stopped || fill >= faces.filledRowLength,
           let rows = RangeRequiredRows(rest, variableCount: variableCount, solver: faces.solver) {
            let name = faces.solver.name
            progress?("redundancy: the simplex filled in (\(Int(fill)) terms a row"
                + "\(tableau.stopped ? ", stopped early" : "")); tested with \(name)")
            let found = inertRows(rest, on: rows, keepPrivate: keepPrivate, nearby: nearby, walksFirst: walksFirst,
                                  progress: progress, known: known)
            if !rows.failed { return found }
            progress?("redundancy: \(name) could not answer; probing on the simplex instead")
        }
        if tableau.stopped {
            tableau = TableauRequiredRows(rest, variableCount: variableCount,
                                          equalitiesAsInequalities: equalitiesAsInequalities)
        }
        return inertRows(rest, on: tableau, keepPrivate: keepPrivate, nearby: nearby, walksFirst: walksFirst,
                         progress: progress)
    }

    /// ``inertRows(_:on:keepPrivate:progress:)`` with each probe decided on
    /// the rows near it first (``NeighbourhoodRequiredRows``) when `nearby`
    /// gives the largest neighbourhood (and `keepPrivate`: the reference
    /// without it probes the whole system), on `whole` alone otherwise.
    private static func inertRows(_ rest: [InertCandidate], on whole: some RequiredRowProbe, keepPrivate: Bool,
                                  nearby: Int?, walksFirst: Bool, progress: ((String) -> Void)?,
                                  known: [Double]? = nil)
        -> (redundant: [RowIndex], ineffective: [RowIndex])
    {
        guard keepPrivate, let nearby else {
            return inertRows(rest, on: whole, keepPrivate: keepPrivate, progress: progress)
        }
        let near = NeighbourhoodRequiredRows(rest, whole: whole, maximumRows: nearby, walksFirst: walksFirst,
                                             known: known)
        let found = inertRows(rest, on: near, keepPrivate: keepPrivate, progress: progress)
        progress?("redundancy: \(near.decidedNearby) probes decided on their neighbourhood "
            + "(of the redundancy tests \(near.decidedByRestriction) by a restriction, "
            + "\(near.decidedByRelaxation) by a relaxation with a boundary; "
            + "\(near.relaxedFirstTests) tests asked the relaxation first), "
            + "\(near.decidedByWitness) by a point found before, \(near.decidedByRay) by a ray found before, "
            + "\(near.decidedByMove) by a move along the rows (\(near.decidedByChain) extending an earlier one, "
            + "\(near.decidedBeforeNeighbourhoods) of them before their neighbourhoods, "
            + "\(near.decidedFromKnown) from the known point, \(near.decidedByFirstWalk) walked before their neighbourhoods), "
            + "\(near.decidedAlongTheMove) held on the rows a move breaks (\(near.rowsTakenAlongTheMove) rows, \(near.rowsAliasedAlongTheMove) aliased, \(near.roundsAlongTheMove) rounds; \(near.notAskedAlongTheMove) not tried, the trial over), "
            + "\(near.decidedOnWhole) on the whole component")
        return found
    }

    /// The mean row length of a component's simplex from which its
    /// redundancy tests go to the LP code. A probe on the simplex costs
    /// pivots over its rows, so it grows with the square of their length,
    /// while a supremum on the LP code costs a few passes over the
    /// component's rows and variables whatever its fill. Rows of layouts
    /// stay short (2 to 10 terms: `table`, `dashboard`, `priorities`,
    /// `scales`, `chartgrid`), where the probes are 5 to 20 times cheaper
    /// than the LP code's solves; on `degenerate` and `levels` they fill in
    /// to 20 terms and more at 300 views and 65 to 110 at 1,000, where the
    /// probes are quadratic (BENCHMARKS.md, "`plumb check` on filled-in
    /// components").
    static let filledRowLength = 16.0

    /// ``inertRows(_:variableCount:keepPrivate:equalitiesAsInequalities:faces:progress:)``
    /// with the required rows (and the probes over their points) in `core`.
    private static func inertRows(_ rest: [InertCandidate], on core: some RequiredRowProbe, keepPrivate: Bool,
                                  progress: ((String) -> Void)?)
        -> (redundant: [RowIndex], ineffective: [RowIndex])
    {
        let variableCount = core.variableCount
        func value(_ i: Int) -> Double { core.value(rest[i].terms, rest[i].constant) }
        func canPush(_ i: Int, _ direction: Double, from base: Double) -> Bool {
            core.canPush(rest[i].terms, rest[i].constant, magnitude: rest[i].magnitude, direction: direction, from: base)
        }
        /// Whether the required rows in the core keep remaining row `i` from being violated.
        func alwaysHolds(_ i: Int) -> Bool {
            switch rest[i].relation {
            case .greaterOrEqual: !canPush(i, -1, from: 0)
            case .lessOrEqual: !canPush(i, 1, from: 0)
            case .equal: !canPush(i, 1, from: 0) && !canPush(i, -1, from: 0)
            }
        }
        let inCore = rest.indices.filter { core.contains($0) }

        // How many required rows in the core mention each variable, and each
        // row's variables with their (summed) coefficients.
        var uses = [Int32](repeating: 0, count: keepPrivate ? variableCount : 0)
        var merged: [Int: [Int32: Double]] = [:]
        if keepPrivate {
            for i in inCore {
                let sum = Self.summed(rest[i].terms)
                for v in sum.keys { uses[Int(v)] += 1 }
                merged[i] = sum
            }
        }
        // With `keepPrivate`: the required equalities `x − y + c = 0` make x
        // its class's representative plus a constant. An optional row whose
        // expression is then `A·x + C` for one representative x is decided
        // from how far x can go each way, found by probes on x once and kept
        // (the core does not change while optional rows are tested).
        var classes = AffineClasses(count: keepPrivate ? variableCount : 0)
        if keepPrivate {
            for i in inCore where rest[i].relation == .equal {
                let sum = merged[i]!.filter { $0.value != 0 }.sorted { $0.key < $1.key }
                guard sum.count == 2, sum[0].value == -sum[1].value else { continue }
                // a·x − a·y + c = 0: x = y − c / a.
                classes.union(sum[0].key, sum[1].key, offset: -rest[i].constant / sum[0].value)
            }
        }
        /// Row `i` as `A·x + C` over one representative, or `C` alone.
        func canonical(_ i: Int) -> (variable: Int32, coefficient: Double, constant: Double)? {
            var coefficients: [Int32: Double] = [:]
            var c = rest[i].constant, largest = 0.0
            for (v, a) in rest[i].terms {
                let (root, _, offset) = classes.find(v)
                coefficients[root, default: 0] += a
                c += a * offset
                largest = max(largest, abs(a))
            }
            let left = coefficients.filter { abs($0.value) > 1e-12 * largest }
            if left.isEmpty { return (-1, 0, c) }
            guard left.count == 1, let only = left.first else { return nil }
            return (only.key, only.value, c)
        }
        // The largest s·x seen in a solution, per (x, s), and whether it is the supremum.
        var reach: [Int: (best: Double, exact: Bool)] = [:]
        /// Whether some solution of the required rows has `s·x > q`.
        func exceeds(_ x: Int32, _ s: Double, _ q: Double) -> Bool {
            let key = 2 * Int(x) + (s > 0 ? 1 : 0)
            var known = reach[key] ?? (core.value([(x, s)], 0), false)
            if known.best <= q && !known.exact {
                let target = q + max(1, abs(q))
                let achieved = core.pushed([(x, s)], 0, to: target)
                known = (max(known.best, achieved), achieved < target - 1e-9 * max(1, abs(target)))
            }
            reach[key] = known
            return known.best > q
        }
        /// ``RequiredRowProbe/canPush`` for row `i` in its canonical form: the
        /// probe reaches `min(m, sup direction·(e − base))`, which exceeds
        /// `ambiguity·m` exactly when the supremum does.
        func canPushCanonical(_ form: (variable: Int32, coefficient: Double, constant: Double), _ i: Int,
                              _ direction: Double, from base: Double) -> Bool {
            let tolerance = Tolerances.ambiguity * rest[i].magnitude
            guard form.variable >= 0 else { return direction * (form.constant - base) > tolerance }
            let a = direction * form.coefficient
            return exceeds(form.variable, a > 0 ? 1 : -1, (tolerance + direction * (base - form.constant)) / abs(a))
        }

        var ineffective: [RowIndex] = []
        for i in rest.indices where !rest[i].isRequired {
            if keepPrivate, Self.summed(rest[i].terms).contains(where: { uses[Int($0.key)] == 0 && abs($0.value) > 1e-9 }) {
                // A variable that no required row mentions: the expression can take any value.
                continue
            }
            let current = value(i)
            if keepPrivate, let form = canonical(i) {
                func push(_ direction: Double, from base: Double) -> Bool { canPushCanonical(form, i, direction, from: base) }
                let holds = switch rest[i].relation {
                case .greaterOrEqual: !push(-1, from: 0)
                case .lessOrEqual: !push(1, from: 0)
                case .equal: !push(1, from: 0) && !push(-1, from: 0)
                }
                if holds || (!push(1, from: current) && !push(-1, from: current)) {
                    ineffective.append(RowIndex(rest[i].row))
                }
                continue
            }
            if alwaysHolds(i) || (!canPush(i, 1, from: current) && !canPush(i, -1, from: current)) {
                ineffective.append(RowIndex(rest[i].row))
            }
        }

        // The required rows in the core that mention each variable.
        var present = [Bool](repeating: false, count: rest.count)
        var rowsOf = [[Int]](repeating: [], count: keepPrivate ? variableCount : 0)
        if keepPrivate {
            for i in inCore {
                present[i] = true
                for v in merged[i]!.keys { rowsOf[Int(v)].append(i) }
            }
        }
        /// Whether, without required row `i`, nothing but loose ends holds
        /// `v`: every other required row that mentions `v` is an equality
        /// `u = v + c` (or any equality over `v` and `u`) whose `u` no other
        /// required row mentions. Then `v` can take any value (each such `u`
        /// follows it), and so can row `i`'s expression.
        func isLoose(_ v: Int32, without i: Int) -> Bool {
            for k in rowsOf[Int(v)] where k != i && present[k] {
                guard rest[k].relation == .equal, let sum = merged[k], sum.count == 2,
                      let (u, a) = sum.first(where: { $0.key != v }), abs(a) > 1e-9, abs(sum[v] ?? 0) > 1e-9,
                      uses[Int(u)] == 1
                else { return false }
            }
            return true
        }
        var redundant: [RowIndex] = []
        let requiredCount = rest.lazy.filter(\.isRequired).count
        var tested = 0
        for i in rest.indices.reversed() where rest[i].isRequired {
            tested += 1
            if let progress, tested % max(1, requiredCount / 10) == 0 {
                progress("redundancy: \(tested) of \(requiredCount) required rows tested")
            }
            let row = rest[i]
            guard core.contains(i) else {
                // A row over determined variables only, which holds: the rows that determined them imply it.
                if row.terms.isEmpty && alwaysHolds(i) { redundant.append(RowIndex(row.row)) }
                continue
            }
            if keepPrivate, merged[i, default: [:]].contains(where: { abs($0.value) > 1e-9 && isLoose($0.key, without: i) }) {
                continue
            }
            core.takeOut(i)
            if alwaysHolds(i) {
                redundant.append(RowIndex(row.row))
                present[i] = false
                if keepPrivate { for v in merged[i, default: [:]].keys { uses[Int(v)] -= 1 } }
                continue
            }
            // It held with the others before, so putting it back cannot fail.
            core.putBack(i)
        }
        return (redundant.reversed(), ineffective)
    }

    private func spec(of r: Int) -> RowSpec {
        RowSpec(terms: terms(of: RowIndex(r)).map { ($0.0.rawValue, $0.1) },
                constant: constants[r], relation: relations[r])
    }

    /// Disjoint minimal conflicting sets of required rows (see ``diagnose(variables:)``).
    ///
    /// With `faces`, a component of at least `faces.threshold` variables
    /// whose simplex fills in (`holdTogether`) is handed to its LP code
    /// instead: its solve (``LargePartSolver/solve(_:)``, every row
    /// required), else the first point over its rows
    /// (``LargePartSolver/requiredRowRange(_:)``). When the point found
    /// satisfies every row of the component, each summed here to within
    /// 1e-9 of its terms' size (a hundredth of the simplex's feasibility
    /// tolerance), the rows can all hold and the component has no
    /// conflict, without the rest of the incremental simplex (`degenerate`
    /// and `levels` at 3,000 views: most of the check). The solve comes
    /// first because Clp presolves it (`degenerate`'s repeated and
    /// parallel rows go): the conflicts of `degenerate` and `levels` at
    /// 10,000 views take 0.3 to 0.6 s in all, where the first point alone,
    /// a primal simplex over every row, cost 1.5 to 2.2 s (20,540 pivots,
    /// x15 from 1,000 views). A simplex that does not fill in answers as
    /// before.
    func findAllConflicts(faces: FaceOptions? = nil) -> [[RowIndex]] {
        // Components of the required rows, by shared variables.
        var uf = UnionFind(count: variableCount)
        var required: [Int] = []
        for r in 0 ..< rowCount where priorities[r].isRequired {
            required.append(r)
            let range = termRange(of: RowIndex(r))
            for k in range.dropFirst() { uf.union(columns[range.lowerBound], columns[k]) }
        }
        var groups: [Int32: [Int]] = [:]
        var groupOrder: [Int32] = []
        for r in required {
            let range = termRange(of: RowIndex(r))
            // A row without variables is a component of its own (keyed below every variable).
            let key = range.isEmpty ? Int32(-1 - r) : uf.find(columns[range.lowerBound])
            if groups[key] == nil { groupOrder.append(key) }
            groups[key, default: []].append(r)
        }
        var found: [[RowIndex]] = []
        for key in groupOrder {
            var remaining = groups[key] ?? []
            if let faces, holdTogether(remaining, faces: faces) { continue }
            while !remaining.isEmpty {
                let minimal = ConflictFinder.minimize(remaining.map(spec(of:)))
                guard !minimal.isEmpty else { break }
                found.append(minimal.map { RowIndex(remaining[$0]) })
                let drop = Set(minimal)
                remaining = remaining.enumerated().filter { !drop.contains($0.offset) }.map(\.element)
            }
        }
        return found.sorted { $0[0].int < $1[0].int }
    }

    /// `rows` as an LP of their own for a ``LargePartSolver``: each
    /// variable numbered by `localColumn` (called term by term, in row
    /// order), at the rows' own priorities or all `required`. Without
    /// `variableCount`, the part has as many variables as the numbers
    /// `localColumn` gave (it numbers them from 0 as it first meets them).
    fileprivate func linearPart(
        _ rows: [Int], required: Bool, variableCount: Int? = nil, localColumn: (Int32) -> Int32
    ) -> LinearPart {
        var part = LinearPart(variableCount: variableCount ?? 0, rowStart: [0], columns: [], coefficients: [],
                              constants: [], relations: [], priorities: [])
        var largest: Int32 = -1
        for r in rows {
            for k in termRange(of: RowIndex(r)) {
                let l = localColumn(columns[k])
                largest = max(largest, l)
                part.columns.append(l)
                part.coefficients.append(coefficients[k])
            }
            part.rowStart.append(Int32(part.columns.count))
            part.constants.append(constants[r])
            part.relations.append(relations[r])
            part.priorities.append(required ? .required : priorities[r])
        }
        if variableCount == nil { part.variableCount = Int(largest) + 1 }
        return part
    }

    /// Whether `rows` (required, one component) are known to hold
    /// together (see ``findAllConflicts(faces:)``): they all go on a
    /// simplex in order, as the conflict finder's first pass puts them, and
    /// hold when it takes every one; when its rows fill in past twice
    /// `faces.filledRowLength` terms for every row (checked every
    /// sixteenth of them), the LP code's point decides instead. False when
    /// the component is small, a row conflicts, or the LP code's point is
    /// off a row: then the conflict finder runs as before.
    private func holdTogether(_ rows: [Int], faces: FaceOptions) -> Bool {
        var local: [Int32: Int32] = [:]
        let part = linearPart(rows, required: true) { v in
            let l = local[v] ?? Int32(local.count)
            local[v] = l
            return l
        }
        guard local.count >= faces.threshold else { return false }
        // A failed add ends this build (the conflict finder takes over), so
        // the core keeps no journal to undo one: the same pivots, without the
        // copies of the rows each phase 1 touches.
        let core = SimplexCore(variableCount: part.variableCount,
                               undoesFailedAdds: !TableauRequiredRows.buildsWithoutJournal)
        var watch = FillWatch(stoppingAbove: faces.filledRowLength, coming: part.rowCount)
        var filled = false
        for i in 0 ..< part.rowCount {
            let terms = (Int(part.rowStart[i]) ..< Int(part.rowStart[i + 1])).map { (part.columns[$0], part.coefficients[$0]) }
            guard (try? core.add(terms: terms, constant: part.constants[i], relation: part.relations[i],
                                 priority: .required, tag: Int32(i))) != nil
            else { return false }
            if watch.hasFilled(core.tableau, added: i + 1) {
                filled = true
                break
            }
        }
        guard filled else { return true }
        if let point = faces.solver.solve(part), Self.holdsEveryRow(part, at: point) { return true }
        guard let range = faces.solver.requiredRowRange(part) else { return false }
        return Self.holdsEveryRow(part, at: range.point)
    }

    /// Whether every row of `part` holds at `point`, each summed here to
    /// within 1e-9 of its terms' size.
    private static func holdsEveryRow(_ part: LinearPart, at point: [Double]) -> Bool {
        guard point.count == part.variableCount else { return false }
        for i in 0 ..< part.rowCount {
            let terms = Int(part.rowStart[i]) ..< Int(part.rowStart[i + 1])
            var value = part.constants[i], size = abs(part.constants[i])
            for k in terms {
                value += part.coefficients[k] * point[Int(part.columns[k])]
                size += abs(part.coefficients[k] * point[Int(part.columns[k])])
            }
            let slack = 1e-9 * max(1, size)
            let holds = switch part.relations[i] {
            case .equal: abs(value) <= slack
            case .greaterOrEqual: value >= -slack
            case .lessOrEqual: value <= slack
            }
            if !holds { return false }
        }
        return true
    }

    /// The indices of the `forms` that the optimum leaves free (see ``diagnose(variables:)``).
    /// With `split` (the default) each independent component of the rows
    /// (by shared variables, whatever their priority) gets its own simplex,
    /// and forms are probed as expressions over classes of `x = y + c`
    /// variables, once per expression and direction; without it, the whole
    /// system goes on one simplex and every form is probed.
    ///
    /// With `split` and `faces`, a component of at least `faces.threshold`
    /// variables goes to `faces.solver` instead
    /// (``LargePartSolver/optimalFace(_:)``): a form's part there is fixed
    /// exactly when it is a combination of the rows that are constant on
    /// the optimal set (``RowSpace``). When the solver has no answer (the
    /// required rows conflict, say), the component gets its simplex.
    ///
    /// With `split`, `optimum` is given each variable's value at the
    /// optimum the forms were measured from (each component's face or
    /// simplex), for the redundancy tests (``findInertRows(leavingOut:split:equalitiesAsInequalities:faces:nearby:progress:known:)``).
    func findFreeForms(_ forms: [[(Int32, Double)]], split: Bool = true,
                       faces: FaceOptions? = FaceOptions.standard, progress: ((String) -> Void)? = nil,
                       optimum: (([Double]) -> Void)? = nil) -> [Int] {
        let order = (0 ..< rowCount).sorted { a, b in
            let pa = priorities[a].rawValue, pb = priorities[b].rawValue
            return pa != pb ? pa > pb : a < b
        }
        // component[v]: the simplex of variable v; local[v]: its index there.
        var component = [Int32](repeating: 0, count: variableCount)
        var local = [Int32](repeating: 0, count: variableCount)
        var cores: [SimplexCore] = []
        // The components decided by their optimal face: its values and the
        // span of its fixed rows.
        var spaces: [Int32: FaceSpan] = [:]
        if split {
            var uf = UnionFind(count: variableCount)
            for r in 0 ..< rowCount {
                let range = termRange(of: RowIndex(r))
                for k in range.dropFirst() { uf.union(columns[range.lowerBound], columns[k]) }
            }
            var coreOfRoot = [Int32](repeating: -1, count: variableCount)
            for v in 0 ..< variableCount {
                let root = Int(uf.find(Int32(v)))
                if coreOfRoot[root] < 0 {
                    coreOfRoot[root] = Int32(cores.count)
                    cores.append(SimplexCore(variableCount: 0))
                }
                let c = Int(coreOfRoot[root])
                component[v] = Int32(c)
                local[v] = cores[c].addVariables(1)
            }
            if let faces {
                var sizes = [Int](repeating: 0, count: cores.count)
                for v in 0 ..< variableCount { sizes[Int(component[v])] += 1 }
                spaces = faceSpaces(component: component, local: local, sizes: sizes, faces: faces)
                if let progress, let largest = sizes.max() {
                    progress("ambiguity: \(cores.count) components, the largest of \(largest) variables; "
                        + "\(spaces.count) decided by their optimal face")
                }
            }
        } else {
            cores = [SimplexCore(variableCount: variableCount)]
            for v in 0 ..< variableCount { local[v] = Int32(v) }
        }
        var classes = AffineClasses(count: split ? variableCount : 0)
        for r in order {
            let range = termRange(of: RowIndex(r))
            // A row without variables cannot change any variable.
            guard !range.isEmpty || !split else { continue }
            // A component decided by its face needs no simplex.
            guard range.isEmpty || spaces[component[Int(columns[range.lowerBound])]] == nil else { continue }
            let core = range.isEmpty ? cores[0] : cores[Int(component[Int(columns[range.lowerBound])])]
            let terms = range.map { (local[Int(columns[$0])], coefficients[$0]) }
            // A required row that conflicts with those added before it is left out.
            let added = (try? core.add(terms: terms, constant: constants[r], relation: relations[r],
                                       priority: priorities[r], tag: Int32(r))) != nil
            // With `split`: the required equalities `x − y + c = 0` in the
            // core make classes of variables that differ by constants.
            if split && added && priorities[r].isRequired && relations[r] == .equal {
                let sum = Self.summed(range.map { (columns[$0], coefficients[$0]) })
                    .filter { $0.value != 0 }.sorted { $0.key < $1.key }
                if sum.count == 2 && sum[0].value == -sum[1].value {
                    classes.union(sum[0].key, sum[1].key, offset: -constants[r] / sum[0].value)
                }
            }
        }
        // With `split`, a form's part is written over its classes'
        // representatives (it differs from that by a constant on the
        // optimal set), and how far each such expression goes each way is
        // probed once and remembered: a probe reaches `min(m, sup)`, which
        // exceeds the tolerance exactly when the supremum does.
        var reach: [[Int64]: (best: Double, exact: Bool)] = [:]
        func canMove(_ c: Int32, _ part: [(Int32, Double)], magnitude: Double) -> Bool {
            var coefficients: [Int32: Double] = [:]
            var largest = 0.0
            for (v, a) in part {
                coefficients[classes.find(v).0, default: 0] += a
                largest = max(largest, abs(a))
            }
            let terms = coefficients.filter { abs($0.value) > 1e-12 * largest }.sorted { $0.key < $1.key }
                .map { (local[Int($0.key)], $0.value) }
            // Constant on the optimal set: it cannot move.
            guard !terms.isEmpty else { return false }
            let probe = ExpressionProbe(core: cores[Int(c)])
            let current = probe.value(terms, 0), tolerance = Tolerances.ambiguity * magnitude
            for direction in [1.0, -1.0] {
                let key = [Int64(c), Int64(direction)] + terms.flatMap { [Int64($0.0), Int64(bitPattern: $0.1.bitPattern)] }
                let q = direction * current + tolerance
                var known = reach[key] ?? (direction * current, false)
                if known.best <= q && !known.exact {
                    let target = q + max(1, abs(q))
                    let achieved = probe.pushed(terms.map { ($0.0, direction * $0.1) }, 0, to: target)
                    known = (max(known.best, achieved), achieved < target - 1e-9 * max(1, abs(target)))
                }
                reach[key] = known
                if known.best > q { return true }
            }
            return false
        }
        func value(_ v: Int32) -> Double {
            let c = component[Int(v)]
            return spaces[c]?.values[Int(local[Int(v)])] ?? cores[Int(c)].value(of: local[Int(v)])
        }
        if split, let optimum { optimum((0 ..< Int32(variableCount)).map(value)) }
        // Whether the form's part in component `c` can move (its terms as
        // `split` writes them: over the variables, or over `c`'s simplex).
        func partMoves(_ c: Int32, _ part: [(Int32, Double)], magnitude: Double) -> Bool {
            if let space = spaces[c] {
                return !space.span.contains(part.map { (local[Int($0.0)], $0.1) })
            }
            if split { return canMove(c, part, magnitude: magnitude) }
            let probe = ExpressionProbe(core: cores[Int(c)])
            let before = probe.value(part, 0)
            return probe.canPush(part, 0, magnitude: magnitude, direction: 1, from: before)
                || probe.canPush(part, 0, magnitude: magnitude, direction: -1, from: before)
        }
        var free: [Int] = []
        for (i, form) in forms.enumerated() {
            let magnitude = max(1, form.reduce(0) { $0 + abs($1.1 * value($1.0)) })
            // A form within one component (a view's x less its parent's, its
            // width) is its own part, found without a dictionary.
            if let first = form.first {
                let c = component[Int(first.0)]
                if form.allSatisfy({ component[Int($0.0)] == c }) {
                    if partMoves(c, split ? form : form.map { (local[Int($0.0)], $0.1) }, magnitude: magnitude) {
                        free.append(i)
                    }
                    continue
                }
            }
            // The form's part in each simplex; it is free when some part can move.
            var parts: [Int32: [(Int32, Double)]] = [:]
            var partOrder: [Int32] = []
            for (v, a) in form {
                let c = component[Int(v)]
                if parts[c] == nil { partOrder.append(c) }
                parts[c, default: []].append((split ? v : local[Int(v)], a))
            }
            for c in partOrder where partMoves(c, parts[c]!, magnitude: magnitude) {
                free.append(i)
                break
            }
        }
        return free
    }
}

/// Which LP code finds the optimal faces of the diagnosis's large
/// components, and from how many variables (see
/// ``ConstraintSystem/findFreeForms(_:split:faces:)``); it also takes the
/// redundancy tests of such a component whose simplex has filled in to
/// `filledRowLength` terms a row (see ``ConstraintSystem/filledRowLength``).
struct FaceOptions {
    var solver: any LargePartSolver
    var threshold: Int
    var filledRowLength = ConstraintSystem.filledRowLength
    /// Whether a component held together by one-sided variables has its
    /// face found through `OneSidedSplit.face(of:with:threshold:)` (the
    /// tests turn it off to compare).
    var splitsOneSided = true

    /// The process-wide LP code (``SolveOptions/defaultLargePartSolver``,
    /// which the `plumb` tool sets) from the solve's threshold; nil when
    /// there is none.
    static var standard: FaceOptions? {
        let options = SolveOptions()
        return options.largePartSolver.map { FaceOptions(solver: $0, threshold: options.largePartThreshold) }
    }
}

/// When a simplex built row by row only to learn whether it fills in past
/// `rowLength` terms a row (``ConstraintSystem/filledRowLength``) can stop:
/// once the rows it holds have twice that many terms on average. It looks
/// after 256, 512, 1,024, ... rows, and after every sixteenth of the rows
/// coming (`coming`), where a rule that waited for twice `rowLength` terms
/// for every row still to come as well (the whole build's fill, unless
/// later pivots thinned the rows out by half) stopped before it; that rule
/// implies this one at the same point, which stops where the rows have
/// filled in, not where the component's size is reached. On `degenerate`
/// the rows' length grows with the rows in, so the older rule built a
/// share of the component that grew with it, each row pivoted over ever
/// longer rows (at 3,000 views the conflicts' and redundancy tests'
/// builds were a quarter of the check's samples, stopped at 83 and 104
/// terms a row); this one stops at 32 to 37 terms a row at 1,000 and
/// 3,000 views (BENCHMARKS.md, "`plumb check`: the fill-in build stops
/// where the rows have filled in").
struct FillWatch {
    let rowLength: Double
    let every: Int
    private var next = 256

    init(stoppingAbove rowLength: Double, coming: Int) {
        self.rowLength = rowLength
        every = max(256, coming / 16)
    }

    /// Whether `tableau`, with `added` rows gone in (counted one by one),
    /// has filled in: at a check, its rows hold at least twice
    /// `rowLength` terms for each.
    mutating func hasFilled(_ tableau: Tableau, added: Int) -> Bool {
        let atPowerOfTwo = added == next
        if atPowerOfTwo { next *= 2 }
        guard atPowerOfTwo || added % every == 0 else { return false }
        let terms = tableau.rows.reduce(0) { $0 + $1.symbols.count }
        return Double(terms) >= 2 * rowLength * Double(tableau.liveRowCount)
    }
}

extension ConstraintSystem {
    /// For each component (`component`, `local` as in ``findFreeForms(_:split:faces:)``)
    /// of at least `faces.threshold` variables (`sizes`), its rows as one
    /// ``LinearPart`` handed to `faces.solver`, and when that finds the
    /// optimal face, the optimal values and the span of the fixed rows.
    fileprivate func faceSpaces(
        component: [Int32], local: [Int32], sizes: [Int], faces: FaceOptions
    ) -> [Int32: FaceSpan] {
        var rowsOf: [Int32: [Int]] = [:]
        for r in 0 ..< rowCount {
            let range = termRange(of: RowIndex(r))
            guard let first = range.first else { continue }
            let c = component[Int(columns[first])]
            if sizes[Int(c)] >= faces.threshold { rowsOf[c, default: []].append(r) }
        }
        var spaces: [Int32: FaceSpan] = [:]
        for (c, rows) in rowsOf.sorted(by: { $0.key < $1.key }) {
            let part = linearPart(rows, required: false, variableCount: sizes[Int(c)]) { local[Int($0)] }
            let split = faces.splitsOneSided
                ? OneSidedSplit.face(of: part, with: faces.solver, threshold: faces.threshold) : nil
            guard let face = split ?? faces.solver.optimalFace(part) else { continue }
            var span = RowSpace(count: part.variableCount)
            for (i, fixed) in face.fixedRows.enumerated() where fixed {
                let range = Int(part.rowStart[i]) ..< Int(part.rowStart[i + 1])
                span.add(range.map { (part.columns[$0], part.coefficients[$0]) })
            }
            spaces[c] = FaceSpan(values: face.values, span: span)
        }
        return spaces
    }
}

/// A component decided by its optimal face (``ConstraintSystem/findFreeForms(_:split:faces:)``):
/// the optimal values and the span of the fixed rows, held by reference so
/// that looking one up per row and per form copies nothing and a form's
/// span test works on the one span in place.
private final class FaceSpan {
    let values: [Double]
    var span: RowSpace

    init(values: [Double], span: RowSpace) {
        self.values = values
        self.span = span
    }
}

/// Pushes a linear expression over a ``SimplexCore`` with a probe row at a
/// priority below every real one, to see whether the core's rows (required,
/// and optional at their optimum) let the expression move.
struct ExpressionProbe {
    let core: SimplexCore

    /// Below every real priority (those are at least 1), so no real level
    /// gives anything up for a probe.
    static let priority: Priority = {
        var p = Priority.low
        p.rawValue = Tolerances.probePriority
        return p
    }()

    /// The value of `Σ terms + constant` at the core's current solution.
    func value(_ terms: [(Int32, Double)], _ constant: Double) -> Double {
        terms.reduce(constant) { $0 + $1.1 * core.value(of: $1.0) }
    }

    /// The value `e = Σ terms + constant` reaches when a probe row asks for
    /// `e >= target` (the largest value of `e` when that is below `target`).
    /// The probe is removed again.
    /// `reached`, when given, reads the core at the point the probe ended on.
    func pushed(_ terms: [(Int32, Double)], _ constant: Double, to target: Double,
                reached reading: ((SimplexCore) -> Void)? = nil) -> Double {
        guard let handle = try? core.add(terms: terms, constant: constant - target, relation: .greaterOrEqual,
                                         priority: Self.priority, tag: -1)
        else { return target }
        let reached = value(terms, constant)
        reading?(core)
        core.remove(handle)
        return reached
    }

    /// Whether `direction · (e − base)` can reach `magnitude`, where
    /// `e = Σ terms + constant`: a probe row asks for it, and the answer is
    /// yes when `e` gets past `base` by more than ``Tolerances/ambiguity``
    /// times `magnitude`. The probe is removed again.
    func canPush(_ terms: [(Int32, Double)], _ constant: Double, magnitude: Double,
                 direction: Double, from base: Double, reached reading: ((SimplexCore) -> Void)? = nil) -> Bool {
        let (can, probe) = canPushLeavingProbe(terms, constant, magnitude: magnitude, direction: direction,
                                               from: base, reached: reading)
        if let probe { core.remove(probe) }
        return can
    }

    /// As ``canPush(_:_:magnitude:direction:from:reached:)``, with the
    /// probe row left in the core and its handle given (nil when there is
    /// none: no terms, or the add failed), for a caller that removes it
    /// only if it goes on with the core: a core emptied next needs no
    /// removal (``RowsAlongTheMove``'s last round).
    func canPushLeavingProbe(_ terms: [(Int32, Double)], _ constant: Double, magnitude: Double,
                             direction: Double, from base: Double, reached reading: ((SimplexCore) -> Void)? = nil)
        -> (can: Bool, probe: SimplexCore.Handle?) {
        let tolerance = Tolerances.ambiguity * magnitude
        guard !terms.isEmpty else { return (direction * (constant - base) > tolerance, nil) }
        // direction · (Σ a·x + c − base) − magnitude >= 0
        guard let handle = try? core.add(
            terms: terms.map { ($0.0, direction * $0.1) }, constant: direction * (constant - base) - magnitude,
            relation: .greaterOrEqual, priority: Self.priority, tag: -1)
        else { return (true, nil) }
        let reached = direction * (value(terms, constant) - base)
        reading?(core)
        return (reached > tolerance, handle)
    }
}

/// The required rows of one component in the inert-row tests
/// (``ConstraintSystem/inertRows(_:variableCount:keepPrivate:equalitiesAsInequalities:faces:progress:)``),
/// with rows taken out and put back, and the probes of
/// ``ExpressionProbe`` over the points they allow. Rows are numbered as
/// the tests' candidates.
protocol RequiredRowProbe {
    var variableCount: Int { get }
    /// Whether required row `i` is among the rows (not left out as
    /// conflicting with those before it, nor taken out).
    func contains(_ i: Int) -> Bool
    /// `Σ terms + constant` at one point that satisfies the rows.
    func value(_ terms: [(Int32, Double)], _ constant: Double) -> Double
    /// As ``ExpressionProbe/pushed(_:_:to:)``: at least `min(target, sup e)`,
    /// and below `target` only at the supremum.
    func pushed(_ terms: [(Int32, Double)], _ constant: Double, to target: Double) -> Double
    /// As ``ExpressionProbe/canPush(_:_:magnitude:direction:from:)``.
    func canPush(_ terms: [(Int32, Double)], _ constant: Double, magnitude: Double,
                 direction: Double, from base: Double) -> Bool
    func takeOut(_ i: Int)
    /// Puts back row `i`, taken out before (it holds with the others).
    func putBack(_ i: Int)
    /// The point the last probe ended on, which satisfies every row in at
    /// the time (nil when there is none to give), asked for right after the
    /// probe.
    func lastPoint() -> [Double]?
    /// When the last probe found its expression unbounded: a direction
    /// (one value a variable) along which the rows let it grow without
    /// end, if the LP code gives one (the caller checks it against the
    /// rows); nil otherwise.
    func lastRay() -> [Double]?
}

/// The rows on an incremental simplex (``SimplexCore``), probed by probe
/// rows below every priority.
final class TableauRequiredRows: RequiredRowProbe {
    let variableCount: Int
    private let rest: [ConstraintSystem.InertCandidate]
    private let core: SimplexCore
    private let probe: ExpressionProbe
    private let splitsEqualities: Bool
    private var handles: [Int: [SimplexCore.Handle]] = [:]

    /// The required rows of `rest` with terms, each added unless it
    /// conflicts with those before it. When most of them are equalities,
    /// each goes in as two inequalities (or as `equalitiesAsInequalities`
    /// says), whose slacks mark them, so that taking one out for its
    /// redundancy test does not rebuild an equality's marker column (which
    /// replays the tableau's whole history: quadratic on a large component;
    /// `chartgrid` at 2,000 views 28 s against 2.3 s). The rows allow the
    /// same points either way; where inequalities are most of the rows, the
    /// extra rows cost more than the markers (`degenerate` at 300 views
    /// 18 s against 15 s).
    ///
    /// With `stoppingAbove`, the rows stop going in (``stopped``) once the
    /// simplex's rows hold, at a check every sixteenth of the rows, twice
    /// that many terms for every row still to come as well as those in:
    /// the mean row length at the end would be at least twice
    /// `stoppingAbove` unless the later pivots thinned the rows out by half
    /// again, so the caller that only wants to know whether it fills in
    /// past `stoppingAbove` need not build the rest (`chartgrid` at 10,000
    /// views, `degenerate` at 3,000: most of the build).
    ///
    /// The rows go in first on a core that keeps no journal to undo a
    /// failed add (`SimplexCore(variableCount:undoesFailedAdds:)`:
    /// the same pivots, without the copies of the rows each phase 1
    /// touches). A row that conflicts with those before it (rare: the
    /// conflicting rows are left out before) spoils that core; then the
    /// rows go in again from the start on the emptied core, undoing failed
    /// adds, as they always did: up to that row both builds made the same
    /// pivots, so the simplex, and where the watch stops, are the same
    /// either way. The probes afterwards undo their failed adds.
    init(_ rest: [ConstraintSystem.InertCandidate], variableCount: Int, equalitiesAsInequalities: Bool?,
         stoppingAbove fill: Double? = nil) {
        self.variableCount = variableCount
        self.rest = rest
        core = SimplexCore(variableCount: variableCount, undoesFailedAdds: !Self.buildsWithoutJournal)
        probe = ExpressionProbe(core: core)
        let required = rest.lazy.filter { $0.isRequired && !$0.terms.isEmpty }
        splitsEqualities = equalitiesAsInequalities
            ?? (2 * required.filter { $0.relation == .equal }.count >= required.count)
        let coming = required.reduce(0) { $0 + ($1.relation == .equal && splitsEqualities ? 2 : 1) }
        if !addRequiredRows(stoppingAbove: fill, coming: coming) {
            core.reset(variableCount: variableCount)
            core.tableau.undoesFailedAdds = true
            handles = [:]
            rebuilt = true
            _ = addRequiredRows(stoppingAbove: fill, coming: coming)
        }
        core.tableau.undoesFailedAdds = true
    }

    /// Whether the rows first go in without a journal, here and in the
    /// conflicts' fill-in build (see the initializer);
    /// false: undoing failed adds from the start, the old builds, for the
    /// tests to compare with.
    @TaskLocal static var buildsWithoutJournal = true

    /// Whether a row conflicted on the core without a journal, so that the
    /// rows went in again undoing failed adds.
    private(set) var rebuilt = false

    /// Adds the required rows with terms in order, those that conflict with
    /// the rows before them left out, until the watch (with `fill`) says the
    /// simplex has filled in (`stopped`). False when a row conflicted on
    /// a core that does not undo failed adds: that core is spoiled.
    private func addRequiredRows(stoppingAbove fill: Double?, coming: Int) -> Bool {
        var watch = fill.map { FillWatch(stoppingAbove: $0, coming: coming) }
        var added = 0
        for (i, row) in rest.enumerated() where row.isRequired && !row.terms.isEmpty {
            if let h = add(i) {
                handles[i] = h
            } else if core.tableau.isSpoiled {
                return false
            }
            added += 1
            if watch?.hasFilled(core.tableau, added: added) == true {
                stopped = true
                return true
            }
        }
        return true
    }

    /// Whether the rows stopped going in (see ``init(_:variableCount:equalitiesAsInequalities:stoppingAbove:)``):
    /// then the simplex is not to be probed.
    private(set) var stopped = false

    /// Adds required row `i` (an equality as two inequalities with
    /// `splitsEqualities`); nil, with nothing added, if it conflicts.
    private func add(_ i: Int) -> [SimplexCore.Handle]? {
        let row = rest[i]
        let sides: [Relation] = row.relation == .equal && splitsEqualities
            ? [.greaterOrEqual, .lessOrEqual] : [row.relation]
        var added: [SimplexCore.Handle] = []
        for side in sides {
            guard let h = try? core.add(terms: row.terms, constant: row.constant, relation: side,
                                        priority: .required, tag: Int32(i))
            else {
                // A spoiled core is emptied before any other use.
                if !core.tableau.isSpoiled { for h in added { core.remove(h) } }
                return nil
            }
            added.append(h)
        }
        return added
    }

    func contains(_ i: Int) -> Bool { handles[i] != nil }

    /// The mean number of terms of the simplex's rows.
    var meanRowLength: Double {
        let live = core.tableau.liveRowCount
        guard live > 0 else { return 0 }
        return Double(core.tableau.rows.reduce(0) { $0 + $1.symbols.count }) / Double(live)
    }

    func value(_ terms: [(Int32, Double)], _ constant: Double) -> Double { probe.value(terms, constant) }

    func pushed(_ terms: [(Int32, Double)], _ constant: Double, to target: Double) -> Double {
        probe.pushed(terms, constant, to: target, reached: keepsPoints ? keep : nil)
    }

    func canPush(_ terms: [(Int32, Double)], _ constant: Double, magnitude: Double,
                 direction: Double, from base: Double) -> Bool {
        probe.canPush(terms, constant, magnitude: magnitude, direction: direction, from: base,
                      reached: keepsPoints ? keep : nil)
    }

    /// Whether each probe keeps the point it reached (a pass over the
    /// variables), for ``lastPoint()``.
    var keepsPoints = false
    private var reached: [Double]?

    private func keep(_ core: SimplexCore) {
        var values = [Double](repeating: 0, count: variableCount)
        core.readValues(into: &values)
        reached = values
    }

    func lastPoint() -> [Double]? {
        defer { reached = nil }
        return reached
    }

    /// A probe on the simplex stops at its target: no ray.
    func lastRay() -> [Double]? { nil }

    func takeOut(_ i: Int) {
        for h in handles[i] ?? [] { core.remove(h) }
        handles[i] = nil
    }

    func putBack(_ i: Int) { handles[i] = add(i) }
}

/// The rows handed to an LP code (``LargePartSolver/requiredRowRange(_:)``),
/// which answers each probe with the form's supremum. `failed` says whether
/// it could not answer one (then the answers given are not to be used).
final class RangeRequiredRows: RequiredRowProbe {
    let variableCount: Int
    private let range: any RequiredRowRange
    /// The LP code's point (``RequiredRowRange/point``).
    private let point: [Double]
    /// Each candidate's row in the LP (-1: none).
    private let rowOf: [Int32]
    private var taken: [Bool]
    private(set) var failed = false

    /// nil when `solver` has no such object for these rows.
    init?(_ rest: [ConstraintSystem.InertCandidate], variableCount: Int, solver: any LargePartSolver) {
        var part = LinearPart(variableCount: variableCount, rowStart: [0], columns: [], coefficients: [],
                              constants: [], relations: [], priorities: [])
        var rowOf = [Int32](repeating: -1, count: rest.count)
        for (i, row) in rest.enumerated() where row.isRequired && !row.terms.isEmpty {
            rowOf[i] = Int32(part.rowCount)
            for (v, a) in row.terms {
                part.columns.append(v)
                part.coefficients.append(a)
            }
            part.rowStart.append(Int32(part.columns.count))
            part.constants.append(row.constant)
            part.relations.append(row.relation)
            part.priorities.append(.required)
        }
        guard let range = solver.requiredRowRange(part) else { return nil }
        self.variableCount = variableCount
        self.range = range
        point = range.point
        self.rowOf = rowOf
        taken = [Bool](repeating: false, count: rest.count)
    }

    func contains(_ i: Int) -> Bool { rowOf[i] >= 0 && !taken[i] }

    func value(_ terms: [(Int32, Double)], _ constant: Double) -> Double {
        terms.reduce(constant) { $0 + $1.1 * point[Int($1.0)] }
    }

    /// The supremum of `Σ terms`, or `+∞` (and `failed`) when the LP code cannot tell.
    private func supremum(_ terms: [(Int32, Double)]) -> Double {
        guard let sup = range.supremum(of: terms) else {
            failed = true
            return .infinity
        }
        return sup
    }

    func pushed(_ terms: [(Int32, Double)], _ constant: Double, to target: Double) -> Double {
        min(target, supremum(terms) + constant)
    }

    func canPush(_ terms: [(Int32, Double)], _ constant: Double, magnitude: Double,
                 direction: Double, from base: Double) -> Bool {
        let tolerance = Tolerances.ambiguity * magnitude
        guard !terms.isEmpty else { return direction * (constant - base) > tolerance }
        let sup = supremum(terms.map { ($0.0, direction * $0.1) })
        return sup + direction * (constant - base) > tolerance
    }

    func lastPoint() -> [Double]? { range.lastSolution() }

    func lastRay() -> [Double]? { range.lastRay() }

    func takeOut(_ i: Int) {
        guard rowOf[i] >= 0, !taken[i] else { return }
        taken[i] = true
        range.takeOut(Int(rowOf[i]))
    }

    func putBack(_ i: Int) {
        guard rowOf[i] >= 0, taken[i] else { return }
        taken[i] = false
        range.putBack(Int(rowOf[i]))
    }
}

extension ConstraintSystem {
    /// ``diagnose(measuring:progress:)`` with every component of two or
    /// more variables handed to `solver`: its free forms from the optimal
    /// face, and its redundancy and effect tests from the solver's suprema
    /// whether its simplex fills in or not. For the fuzz targets, which
    /// compare it with ``diagnoseOnOneSimplex(measuring:)``. With
    /// `splitsOneSided` false, no face goes through `OneSidedSplit` (the
    /// tests of Clp's own face keep their parts whole).
    @_spi(Fuzzing)
    public func diagnoseOnLargePartSolver(measuring forms: [[(VariableIndex, Double)]],
                                          solver: any LargePartSolver, splitsOneSided: Bool = true) -> SystemDiagnosis {
        var faces = FaceOptions(solver: solver, threshold: 2, filledRowLength: 0)
        faces.splitsOneSided = splitsOneSided
        return diagnose(measuring: forms, split: true, faces: faces)
    }

    /// ``diagnose(measuring:progress:)`` with the redundancy and effect
    /// probes decided on neighbourhoods of at most `maximumRows` rows first
    /// (``NeighbourhoodRequiredRows``; a few rows: many probes go on to the
    /// whole component) and on each component's simplex, never on an LP
    /// code. For the fuzz targets, which compare it with
    /// ``diagnoseOnOneSimplex(measuring:)``.
    @_spi(Fuzzing)
    public func diagnoseOnNeighbourhoods(measuring forms: [[(VariableIndex, Double)]],
                                         maximumRows: Int) -> SystemDiagnosis {
        diagnose(measuring: forms, split: true, faces: nil, nearby: maximumRows)
    }

    /// ``diagnose(measuring:progress:)`` with every answer a probe on one
    /// simplex for the whole system (the reference the tests compare with).
    @_spi(Fuzzing)
    public func diagnoseOnOneSimplex(measuring forms: [[(VariableIndex, Double)]]) -> SystemDiagnosis {
        diagnose(measuring: forms, split: false, faces: nil)
    }
}
