/// The required rows of one component in the inert-row tests, where each
/// probe is decided on the rows near the probed expression first, and on the
/// whole component (`whole`) only when the neighbourhood cannot decide.
///
/// A probe asks whether the rows let `direction · (e − base)` exceed the
/// tolerance (``RequiredRowProbe/canPush(_:_:magnitude:direction:from:)``).
/// Around `e`'s variables, the neighbourhood grows by graph distance: its
/// interior variables, every row that is in and mentions one of them, and
/// the boundary (the other variables of those rows). Two small problems
/// bound the answer:
/// - the *relaxation*, those rows alone with every variable free: it allows
///   every point the whole component allows (and more), so when the probe
///   cannot push `e` there, it cannot on the whole component either;
/// - the *restriction*, those rows with the boundary variables fixed at a
///   point that satisfies every row (`point`): each of its points, with the
///   variables outside the interior at `point`, satisfies every row (a row
///   outside the neighbourhood mentions no interior variable), so when the
///   probe pushes `e` there, it can on the whole component.
///
/// When neither decides, the interior takes in the boundary and both are
/// tried again, up to ``maximumRows`` rows; then the probe goes to `whole`.
/// When the boundary is empty, the relaxation is the whole connected part
/// of the rows around `e`, and its answer is exact. Either way the answer is
/// the one the probe on `whole` would give (up to rounding near the
/// tolerance), so the tests' findings are unchanged; only where most probes
/// are decided near their row is the cost of a test bounded by the
/// neighbourhood instead of a pass over the component.
///
/// Rows taken out (for a redundancy test) are left out of neighbourhoods at
/// once, and taken out of `whole` only before it answers a probe, so a test
/// decided locally costs `whole` nothing.
///
/// Before the neighbourhoods, a probe asks the points `whole`'s last
/// answers ended on (``witnesses``): each satisfies every row that was in
/// when it was found, so while those rows stay in or out as they were, a
/// point that pushes the expression past the tolerance (twice over, so
/// that rounding in `whole` cannot tell otherwise) or to the target shows
/// that `whole` can. Where a probe needs the whole component because moving
/// the expression moves a long chain or a shared edge, the point found for
/// one often moves the others' too (`degenerate`'s columns of boxes, whose
/// left edges are tied from shelf to shelf: the point that widens one box
/// shifts its column on every shelf).
///
/// Where `whole` finds a probe's expression unbounded (Clp's reach probes
/// on `chartgrid`'s shared edges), it has no point to give; it may give a
/// ray instead (``RequiredRowProbe/lastRay()``). A ray is kept
/// (``rays``) once it is rounded to a coarse grid and then checked against
/// every row that is in, in floating point with no tolerance: an equality
/// must not change along it, an inequality only towards its side. Every
/// point `point + t·ray` (t ≥ 0) then satisfies those rows as `point`
/// does, so a later probe whose expression grows along a kept ray is
/// unbounded: it can be pushed past any tolerance and to any target.
/// Putting back a row drops the rays it does not allow.
///
/// A redundancy test (``canPush(_:_:magnitude:direction:from:)``) first
/// tries, for a few steps each, to extend the points that walks along the
/// rows built for earlier probes (``chains``; a probe that needs a chain
/// moved grows its neighbourhoods to their largest in vain), then the
/// neighbourhoods, then the walks with their whole budgets.
///
/// A probe that none of these decides, nor a walk along the rows
/// (``RowMoves``: it shows a row violable), is tried on a relaxation grown
/// by the rows its moves break (``RowsAlongTheMove``), which shows a row
/// held by a chain that no neighbourhood reaches, and (a probe whether
/// the expression can move) by a walk from the point given from outside
/// (``known``), before it goes to `whole`.
final class NeighbourhoodRequiredRows<Whole: RequiredRowProbe>: RequiredRowProbe {
    let variableCount: Int
    let whole: Whole
    private let rest: [ConstraintSystem.InertCandidate]
    /// A point that satisfies every row (`whole`'s when this was made).
    private let point: [Double]
    /// Whether each candidate is among the rows here.
    private var isIn: [Bool]
    /// Rows taken out here but still in `whole`.
    private var pending: [Int] = []
    private var isPending: [Bool]
    /// The candidates that `whole` holds, by variable.
    private let rowsOf: [[Int32]]
    /// Marks for one neighbourhood (``NeighbourhoodMarks``).
    private var marks: NeighbourhoodMarks

    /// Probes decided on a neighbourhood, by a point `whole` found before,
    /// and probes sent to `whole`.
    private(set) var decidedNearby = 0
    private(set) var decidedByWitness = 0
    private(set) var decidedByRay = 0
    private(set) var decidedByMove = 0
    private(set) var decidedOnWhole = 0

    /// A point of every row here given from outside (the diagnosis's
    /// optimum: ``init(_:whole:maximumRows:movesAlong:alongTheMove:reusesTableaux:walksFirst:ordersTableaux:known:skipsRepeatedTries:leavesProbesIn:boundsRestrictions:alongTheMoveOnTrial:alongTheMoveAliases:)``),
    /// asked after the kept points. Taking rows out keeps it a point of
    /// the rows in, and it was one before any was taken out, so it is
    /// never dropped; the walks do not start from it.
    private let known: [Double]?

    /// The points `whole`'s last answers ended on, oldest first, with the
    /// time each was found (see ``clock``). A point found while row `i` was
    /// out may violate it, so putting `i` back drops the points found since
    /// it was taken out (`outSince`); the others satisfy it.
    private var witnesses: [(found: Int, values: [Double])] = []
    /// Counts takeOuts and points found, to order them.
    private var clock = 0
    private var outSince: [Int]
    /// The most points kept: 32 (`degenerate` at 1,000 views has 1,600
    /// variables; each point is checked against a probe's few terms only).
    static var witnessCapacity: Int { 32 }

    /// Points built from `point` by a walk along the rows (``RowMoves``),
    /// tried when no neighbourhood decides; nil to send those probes on.
    private var moves: RowMoves?
    /// The term visits of the walks so far (``RowMoves/visited``).
    var walkVisits: Int { moves?.visited ?? 0 }

    /// The probes so far (``canPush(_:_:magnitude:direction:from:)`` and
    /// ``pushed(_:_:to:)``), naming the current one.
    private var probes = 0
    /// The starts (their tags) whose walk before the neighbourhoods
    /// (``walkedFirst(_:gain:direction:)``) found no point with no walk
    /// out of budget, in probe `settledProbe`: the walks after the
    /// neighbourhoods (same probe, rows in and start) would start with
    /// those same walks at the same first budget, take the same paths
    /// (``RowMoves/endedOverBudget``) and find no point either, so they
    /// are not walked again.
    private var settledStarts: [Int] = []
    private var settledProbe = -1
    /// Whether the repeated walks above are skipped; false walks them all
    /// the same and counts those that find a point (for the tests).
    let skipsRepeatedTries: Bool
    /// The walks after the neighbourhoods skipped (or, without
    /// `skipsRepeatedTries`, walked all the same) as repeats of a first
    /// walk, and those that found a point all the same.
    private(set) var repeatedFirstWalks = 0
    private(set) var repeatedFirstWalksMisread = 0

    /// Relaxations grown by the rows their moves break (``RowsAlongTheMove``),
    /// tried on a probe that would go to the whole component; nil when
    /// neighbourhoods take no rows.
    private var alongTheMove: RowsAlongTheMove?
    /// The rows taken in by those relaxations so far.
    var rowsTakenAlongTheMove: Int { alongTheMove?.rowsTaken ?? 0 }
    /// The equalities they took in as aliases (``RowsAlongTheMove/aliasesEqualities``).
    var rowsAliasedAlongTheMove: Int { alongTheMove?.rowsAliased ?? 0 }
    /// And the rounds they took.
    var roundsAlongTheMove: Int { alongTheMove?.rounds ?? 0 }
    /// The probes they decided (the rows held them).
    var decidedAlongTheMove: Int { alongTheMove?.held ?? 0 }
    /// The probes that would have been tried on such a relaxation but were
    /// not, its trial over (``RowsAlongTheMove/isAsked``).
    private(set) var notAskedAlongTheMove = 0

    /// Checked rays of the rows in (see the type's comment), oldest first.
    private var rays: [[Double]] = []
    /// The most rays kept (each is checked against a probe's few terms).
    static var rayCapacity: Int { 32 }

    /// Of the redundancy tests (``canPush(_:_:magnitude:direction:from:)``)
    /// decided on a neighbourhood with a boundary, those its restriction
    /// showed violable and those its relaxation showed held.
    private(set) var decidedByRestriction = 0
    private(set) var decidedByRelaxation = 0
    /// Whether a redundancy test's neighbourhoods ask the relaxation before
    /// the restriction at each step: once the relaxations have decided more
    /// of the tests than the restrictions have. Either order gives the same
    /// answers at the same step (a step's restriction can push only where
    /// its relaxation can too), and the tableau asked second is not built
    /// at the step where the first answers: on `degenerate`, half of whose
    /// required rows are redundant, a held row's restriction was built at
    /// its last step in vain (the relaxations decide 3,404 tests at 1,000
    /// views, the restrictions 1,598: the check 0.966x instructions), while
    /// where most rows are violable the restriction stays first.
    var relaxationFirst: Bool { ordersTableaux && decidedByRelaxation > decidedByRestriction }
    /// Whether ``relaxationFirst`` may put the relaxation first (false:
    /// the restriction always first, for the tests, which compare the two).
    let ordersTableaux: Bool
    /// The redundancy tests whose neighbourhoods asked the relaxation first.
    private(set) var relaxedFirstTests = 0

    /// Whether a redundancy test leaves its probe row in the small tableau
    /// it asked, where nothing reads that tableau again before it is
    /// emptied or grown (false: every probe row removed at once, for the
    /// tests, which compare the two): the restriction is emptied before
    /// its next use, and the relaxation's row is removed only before it
    /// grows again, so that the tableau makes the same operations up to
    /// the walk's last probe, whose removal (a pivot and a
    /// re-optimisation) is not made. On `degenerate` at 1,000 views the
    /// removals were 153 M instructions (6,379 restrictions' and 9,782
    /// relaxations' probes, some 5,500 of the latter the walk's last).
    let leavesProbesIn: Bool
    /// The probe rows' removals not made (`leavesProbesIn`).
    private(set) var probeRemovalsSpared = 0

    /// Whether a redundancy test's restriction is first bounded by its
    /// single rows (`RowBounds`) and not built when those bounds keep
    /// the probed expression within half the tolerance of its base on the
    /// side it is pushed to (false: every restriction built, for the
    /// tests, which compare the two). Such a restriction cannot answer:
    /// its tableau reaches at most the bound, up to rounding far below
    /// the other half. On `degenerate`, where a row's parallel and
    /// duplicated copies pin it once their other variables are fixed, most
    /// restrictions built answer nothing (6,379 built at 1,000 views for
    /// 1,598 answers).
    let boundsRestrictions: Bool
    /// The restrictions not built (`boundsRestrictions`).
    private(set) var restrictionsSpared = 0
    /// When not nil, every point a redundancy test's probe of a small
    /// tableau ends on (its variables' values, bit for bit) is appended
    /// (for the tests: the tableaux's states, compared with and without
    /// `leavesProbesIn`).
    var probePoints: [[UInt64]]?

    /// The most rows a neighbourhood takes before its probe goes to the whole component.
    let maximumRows: Int
    /// Whether a probe that the kept points do not decide is first tried
    /// by a walk along the rows at its first budget, before its
    /// neighbourhoods (``walkedFirst(_:gain:direction:)``): `chartgrid`'s
    /// redundancy tests, nearly all of whose rows are violable, each cost
    /// some 50 rows added to the small tableaux there.
    let walksFirst: Bool
    /// ``maximumRows`` unless the tests say otherwise.
    /// 64: `degenerate` at 1,000 views 13 s, at 256 rows 33 s (its small
    /// tableaux fill in), at 1,024 rows 390 s; `chartgrid` at 3,000 views
    /// sends on the same 630 probes at 64 and 256 rows.
    static var standardMaximumRows: Int { 64 }

    /// `alongTheMove` is the most rows a relaxation grown along its moves
    /// takes (``RowsAlongTheMove``; `maximumRows` unless given, none at 0).
    /// `degenerate`'s tests take about 30; a move that breaks many rows at
    /// once (`chartgrid`'s shared edges: 200 in one round) costs its small
    /// tableau billions of instructions at 250 rows.
    ///
    /// `reusesTableaux` false makes every small tableau anew instead of
    /// resetting one (for the tests, which compare the two).
    ///
    /// `walksFirst` false leaves the walks along the rows until after the
    /// neighbourhoods (for the tests, which compare the two; see
    /// ``walksFirst``).
    ///
    /// `ordersTableaux` false keeps the restriction first at every step
    /// of every neighbourhood (for the tests; see ``relaxationFirst``).
    ///
    /// `leavesProbesIn` false removes every probe row of the small
    /// tableaux at once (for the tests; see `leavesProbesIn`).
    ///
    /// `boundsRestrictions` false builds every restriction (for the tests;
    /// see `boundsRestrictions`).
    ///
    /// `alongTheMoveOnTrial` is how many probes the relaxations grown
    /// along their moves are tried on before they are asked only while
    /// at least half of their tests show the expression held (nil: always;
    /// ``RowsAlongTheMove/isAsked``).
    ///
    /// `alongTheMoveAliases` false takes every row those relaxations
    /// take in as a row of their tableau (for the tests; see
    /// ``RowsAlongTheMove/aliasesEqualities``).
    ///
    /// `known` is a point over the variables here that some earlier solve
    /// found (the ambiguity phase's optimum, where `degenerate`'s boxes
    /// share their shelves): it is kept when every row in holds there
    /// (``holdsAll(_:_:isIn:)``), and then answers a probe as the points
    /// `whole` found do. Without it, the probe that pushes `degenerate`'s
    /// top first box from its width at `point` (20) to 40 went to Clp,
    /// whose primal simplex moves the shelves one by one: 5,504 pivots,
    /// 2.6 s at 10,000 views against 501 and 0.03 s at 1,000.
    init(_ rest: [ConstraintSystem.InertCandidate], whole: Whole, maximumRows: Int, movesAlong: Bool = true,
         alongTheMove: Int? = nil, reusesTableaux: Bool = true, walksFirst: Bool = true,
         ordersTableaux: Bool = true, known: [Double]? = nil, skipsRepeatedTries: Bool = true,
         leavesProbesIn: Bool = true, boundsRestrictions: Bool = true,
         alongTheMoveOnTrial: Int? = RowsAlongTheMove.standardTestsOnTrial,
         alongTheMoveAliases: Bool = true) {
        self.maximumRows = maximumRows
        self.boundsRestrictions = boundsRestrictions
        self.leavesProbesIn = leavesProbesIn
        self.ordersTableaux = ordersTableaux
        self.skipsRepeatedTries = skipsRepeatedTries
        self.walksFirst = walksFirst && movesAlong
        relaxationCore = KeptCore(reuses: reusesTableaux)
        restrictionCore = KeptCore(reuses: reusesTableaux)
        variableCount = whole.variableCount
        self.whole = whole
        self.rest = rest
        point = (0 ..< whole.variableCount).map { whole.value([(Int32($0), 1)], 0) }
        isIn = rest.indices.map { whole.contains($0) }
        self.known = known.flatMap { [isIn] in
            $0.count == whole.variableCount && Self.holdsAll(rest, $0, isIn: isIn) ? $0 : nil
        }
        isPending = [Bool](repeating: false, count: rest.count)
        outSince = [Int](repeating: 0, count: rest.count)
        (whole as? TableauRequiredRows)?.keepsPoints = true
        rowsOf = Self.rowsOf(rest, isIn: isIn, variableCount: whole.variableCount)
        moves = movesAlong ? RowMoves(rest, rowsOf: rowsOf, variableCount: whole.variableCount) : nil
        let alongRows = alongTheMove ?? maximumRows
        self.alongTheMove = alongRows > 0
            ? RowsAlongTheMove(rest, rowsOf: rowsOf, variableCount: whole.variableCount, maximumRows: alongRows,
                               reusesCore: reusesTableaux, testsOnTrial: alongTheMoveOnTrial,
                               aliasesEqualities: alongTheMoveAliases)
            : nil
        marks = NeighbourhoodMarks(variableCount: whole.variableCount, rowCount: rest.count)
        near = NearTerms(variableCount: whole.variableCount)
    }

    /// The rows of `rest` that are in (`isIn`) mentioning each variable, each once.
    static func rowsOf(_ rest: [ConstraintSystem.InertCandidate], isIn: [Bool], variableCount: Int) -> [[Int32]] {
        var rowsOf = [[Int32]](repeating: [], count: variableCount)
        for (i, row) in rest.enumerated() where isIn[i] {
            var last: Int32 = -1
            for (v, _) in row.terms.sorted(by: { $0.0 < $1.0 }) where v != last {
                rowsOf[Int(v)].append(Int32(i))
                last = v
            }
        }
        return rowsOf
    }

    func contains(_ i: Int) -> Bool { isIn[i] }

    /// Whether every row in (`isIn`) holds at `values`, each missing its
    /// bound by at most 10⁻⁹ of its size (its constant's and its terms'
    /// largest, or 1): rounding of the solve that found it, far below the
    /// twice ``Tolerances/ambiguity`` a kept point must pass a probe by.
    static func holdsAll(_ rest: [ConstraintSystem.InertCandidate], _ values: [Double], isIn: [Bool]) -> Bool {
        for (i, row) in rest.enumerated() where isIn[i] {
            var sum = row.constant, size = max(1, abs(row.constant))
            for (v, a) in row.terms {
                let term = a * values[Int(v)]
                guard term.isFinite else { return false }
                sum += term
                size = max(size, abs(term))
            }
            if row.wrongWay(sum) > 1e-9 * size { return false }
        }
        return true
    }

    /// `Σ terms + constant` at `point`, summed as `whole` sums it.
    func value(_ terms: [(Int32, Double)], _ constant: Double) -> Double {
        terms.reduce(constant) { $0 + $1.1 * point[Int($1.0)] }
    }

    func takeOut(_ i: Int) {
        guard isIn[i] else { return }
        isIn[i] = false
        clock += 1
        outSince[i] = clock
        if whole.contains(i) && !isPending[i] {
            isPending[i] = true
            pending.append(i)
        }
    }

    func putBack(_ i: Int) {
        guard !isIn[i] else { return }
        isIn[i] = true
        putBacks.append(i)
        let kept = witnesses.count
        witnesses.removeAll { $0.found > outSince[i] }
        if witnesses.count != kept { centre = nil }
        built.removeAll { $0.found > outSince[i] }
        rays.removeAll { !Self.allows(rest[i], $0) }
        if isPending[i] {
            isPending[i] = false
        } else {
            whole.putBack(i)
        }
    }

    /// This keeps no points of its own.
    func lastPoint() -> [Double]? { nil }
    /// Nor rays.
    func lastRay() -> [Double]? { nil }

    /// Keeps the ray `whole`'s last answer gave, if any, once it is rounded
    /// (``rounded(_:)``) and every row in allows it.
    private func keepWholeRay() {
        guard let found = whole.lastRay(), found.count == variableCount, let ray = Self.rounded(found) else { return }
        for (i, row) in rest.enumerated() where isIn[i] && !Self.allows(row, ray) { return }
        if rays.count == Self.rayCapacity { rays.removeFirst() }
        rays.append(ray)
    }

    /// `ray` scaled so that its largest entry is 1 in size, each entry
    /// rounded to a multiple of 2⁻³⁰ (exact in binary): the LP code's
    /// rounding errors go, so that a row that should not change along it
    /// sums to exactly 0 where its coefficients are short binary numbers
    /// (a layout's ±1 and small integers). nil when it has no finite
    /// entry other than 0.
    static func rounded(_ ray: [Double]) -> [Double]? {
        let largest = ray.reduce(0) { max($0, abs($1)) }
        guard largest > 0, largest.isFinite else { return nil }
        let grid = 0x1p30
        let rounded = ray.map { ($0 / largest * grid).rounded() / grid }
        return rounded.contains { $0 != 0 } ? rounded : nil
    }

    /// Whether moving along `ray` keeps `row` as it is or moves it only
    /// towards its side, summed in floating point with no tolerance.
    static func allows(_ row: ConstraintSystem.InertCandidate, _ ray: [Double]) -> Bool {
        let change = row.terms.reduce(0) { $0 + $1.1 * ray[Int($1.0)] }
        return switch row.relation {
        case .equal: change == 0
        case .greaterOrEqual: change >= 0
        case .lessOrEqual: change <= 0
        }
    }

    /// Whether `direction · Σ terms` grows along a kept ray, by more than
    /// rounding could account for.
    private func unboundedAlongRay(_ terms: [(Int32, Double)], direction: Double = 1) -> Bool {
        for ray in rays.reversed() {
            var change = 0.0, size = 0.0
            for (v, a) in terms {
                change += a * ray[Int(v)]
                size += abs(a * ray[Int(v)])
            }
            if direction * change > 1e-9 * size { return true }
        }
        return false
    }

    /// The mean of `point` and the kept points: it satisfies every row in
    /// (each of them does, and the set of points is convex), and where the
    /// points differ it has room on both sides, so a walk from it meets
    /// fewer tight rows than from `point` alone, a vertex. Made again when
    /// the kept points change.
    private var centre: [Double]?

    /// The points walks built (``moved(_:gain:direction:)``), kept and
    /// dropped as ``witnesses`` are, but not in the centre (each is near
    /// it). Each is a version of a chain's points (``ChainPoints``): a
    /// chain's extension keeps its new point without copying the old.
    private var built: [(found: Int, points: ChainPoints, version: Int)] = []

    private func centreOfPoints() -> [Double] {
        if let centre { return centre }
        var sum = point
        for witness in witnesses {
            for v in sum.indices { sum[v] += witness.values[v] }
        }
        let count = Double(1 + witnesses.count)
        let made = sum.map { $0 / count }
        centre = made
        centreTag += 1
        centreOff = made.indices.compactMap { made[$0] != point[$0] ? Int32($0) : nil }
        centreOffRows = centreOff.reduce(0) { $0 + rowsOf[Int($1)].count }
        return made
    }

    /// Names the centre each time it is made again (1, 2, ...; 0 names
    /// `point`, -1 ``known``), for the chains' starts (``ChainPoints``).
    private var centreTag = 0
    /// The variables where the centre differs from `point`.
    private var centreOff: [Int32] = []
    private var centreOffRows = 0

    /// The starts of the walks of ``walked(_:gain:direction:upTo:)``:
    /// the centre of the kept points (when there are any), then `point`;
    /// each with its tag and the variables where it differs from `point`.
    private func walkStarts() -> [Start] {
        let fromPoint = Start(values: point, tag: 0, off: [])
        guard !witnesses.isEmpty else { return [fromPoint] }
        let centre = centreOfPoints()
        return [Start(values: centre, tag: centreTag, off: centreOff, offRows: centreOffRows), fromPoint]
    }

    /// A point a walk starts from (``walkStarts()``).
    private struct Start {
        let values: [Double]
        let tag: Int
        let off: [Int32]
        /// The rows of the variables in `off`, counted with repeats.
        var offRows = 0
    }

    /// The chains no longer kept are started again for the next walks'
    /// points (``ChainPoints/restart(from:tag:with:)``); every chain made
    /// is here.
    private var chainStore: [ChainPoints] = []

    /// A chain whose first point is `start` with `changes` written in: one
    /// from ``chainStore`` that nothing else holds, one last started from
    /// the same start first (it costs the variables written since), else
    /// a new one.
    private func chainPoints(from start: Start, with changes: [(Int32, Double)]) -> ChainPoints {
        var free: Int?
        for k in chainStore.indices where isKnownUniquelyReferenced(&chainStore[k]) {
            if chainStore[k].tag == start.tag {
                free = k
                break
            }
            if free == nil { free = k }
        }
        if let free {
            chainsStartedAgain += 1
            chainStore[free].restart(from: start.values, tag: start.tag, with: changes)
            return chainStore[free]
        }
        let made = ChainPoints(start.values, tag: start.tag)
        made.restart(from: start.values, tag: start.tag, with: changes)
        chainStore.append(made)
        return made
    }

    /// The chains started again (``chainPoints(from:with:)``), and those made.
    private(set) var chainsStartedAgain = 0
    var chainsMade: Int { chainStore.count }

    /// A point of the rows in, built by extending a chain (``chains``) or
    /// else by walking from the centre of the kept points and then from
    /// `point` (``RowMoves``), where `direction · Σ terms` gains `gain` on
    /// its value at the point walked from; the value of `Σ terms` there
    /// and at the start, nil when no walk finds one.
    /// The point is kept as the whole component's are (``built``).
    ///
    /// With `shortTries`, each chain's extension may take only
    /// ``RowMoves/shortExtensionBudget`` term visits, and no other walk is
    /// tried (see ``canPush(_:_:magnitude:direction:from:)``).
    private func moved(_ terms: [(Int32, Double)], gain: (_ start: Double) -> Double, direction: Double,
                       shortTries: Bool = false) -> (start: Double, reached: Double)? {
        // `moves` is walked in place (`moves!`): a copy would copy its arrays.
        guard moves != nil else { return nil }
        // The chains first, newest first; one that is extended becomes the newest.
        chains.removeAll { putBacks.count - $0.putBacks > Self.chainRechecks }
        // Those that moved a neighbour of the expression's variables the way
        // a walk would move them first (the others mostly walk a long way
        // to fail), then the others that moved a neighbour at all.
        let order = chainsNear(terms, direction: direction)
        for (k, _) in order.filter({ $0.1 }) + order.filter({ !$0.1 }) {
            let chain = chains[k]
            let start = chain.points.sum(terms, 0, at: chain.points.version)
            let needed = gain(start)
            // A chain's point may violate rows put back since: it answers only once checked.
            guard needed > 0,
                  let changes = moves!.extending(terms, gain: needed, direction: direction,
                                                 from: chain.points.newest, length: chain.length, base: point,
                                                 recheck: putBacks[chain.putBacks...], isIn: isIn,
                                                 budget: shortTries ? RowMoves.shortExtensionBudget
                                                     : RowMoves.extensionBudget)
            else { continue }
            // In place: the chain's older points still kept are read through its log.
            chain.points.extend(with: changes)
            chains.remove(at: k)
            chains.append(Chain(points: chain.points, length: chain.length, putBacks: putBacks.count,
                                start: chain.start))
            keepBuilt(chain.points)
            decidedByChain += 1
            return (start, chain.points.sum(terms, 0, at: chain.points.version))
        }
        if shortTries { return nil }
        return walked(terms, gain: gain, direction: direction)
    }

    /// The walks of ``moved(_:gain:direction:shortTries:)`` from the centre
    /// of the kept points and from `point`, each walk's budget capped at
    /// `upTo` when given (``RowMoves/reaching(_:gain:direction:from:isIn:upTo:)``);
    /// a point found is kept as a chain.
    private func walked(_ terms: [(Int32, Double)], gain: (_ start: Double) -> Double, direction: Double,
                        upTo cap: Int? = nil) -> (start: Double, reached: Double)? {
        guard moves != nil else { return nil }
        for from in walkStarts() {
            let start = terms.reduce(0) { $0 + $1.1 * from.values[Int($1.0)] }
            let needed = gain(start)
            guard needed > 0 else { return (start, start) }
            let settled = cap == nil && settledProbe == probes && settledStarts.contains(from.tag)
            if settled {
                repeatedFirstWalks += 1
                if skipsRepeatedTries { continue }
            }
            if let found = moves!.reaching(terms, gain: needed, direction: direction, from: from.values, isIn: isIn,
                                           upTo: cap) {
                if settled { repeatedFirstWalksMisread += 1 }
                let points = chainPoints(from: from, with: found.changes)
                keepBuilt(points)
                if chains.count == Self.chainCapacity { chains.removeFirst() }
                chains.append(Chain(points: points, length: found.length, putBacks: putBacks.count, start: from))
                return (start, found.reached)
            }
            if cap != nil && !moves!.endedOverBudget {
                if settledProbe != probes {
                    settledProbe = probes
                    settledStarts.removeAll(keepingCapacity: true)
                }
                settledStarts.append(from.tag)
            }
        }
        return nil
    }

    /// A walk along the rows (``walked(_:gain:direction:upTo:)``) at its
    /// first budget only, tried before a probe's neighbourhoods when
    /// ``walksFirst``: where the rows leave room (a layout's rows, most of
    /// whose redundancy tests find their row violable), it shows that in a
    /// few hundred term visits, where the neighbourhoods' small tableaux
    /// cost tens of rows added and removed. nil when it finds no point;
    /// the walks after the neighbourhoods then start over with their whole
    /// budget.
    private func walkedFirst(_ terms: [(Int32, Double)], gain: (_ start: Double) -> Double,
                             direction: Double) -> (start: Double, reached: Double)? {
        guard walksFirst,
              OnTrial.goesOn(tried: firstWalksTried, decided: decidedByFirstWalk, onTrial: Self.firstWalksOnTrial)
        else { return nil }
        firstWalksTried += 1
        return walked(terms, gain: gain, direction: direction, upTo: RowMoves.firstBudget)
    }

    /// The value of `Σ terms` at a point of the rows in built by a walk
    /// along the rows (``RowMoves``) from ``known``, where `direction · Σ
    /// terms` gains `gain` on its value there; nil without a known point or
    /// when no walk finds one. The point is kept as the walks' are
    /// (``built``), not as a chain: a chain's extensions are checked
    /// against `point`.
    ///
    /// Asked only by a probe that would go to `whole` next. The walks from
    /// `point` start at a vertex where `degenerate`'s boxes are as narrow
    /// as they may be (20), so widening a box beyond the first of its shelf
    /// moves the columns to its right on every shelf, which the walks give
    /// up on, and Clp's primal simplex does shelf by shelf (3,953 pivots,
    /// 2.4 s at 10,000 views; 413, 0.03 s at 1,000). At the known point
    /// (the equal split of each shelf) the same probe needs only the first
    /// box narrowed.
    private func movedFromKnown(_ terms: [(Int32, Double)], gain: (_ start: Double) -> Double,
                                direction: Double) -> Double? {
        guard let known, moves != nil else { return nil }
        let start = terms.reduce(0) { $0 + $1.1 * known[Int($1.0)] }
        let needed = gain(start)
        guard needed > 0,
              let found = moves!.reaching(terms, gain: needed, direction: direction, from: known, isIn: isIn)
        else { return nil }
        keepBuilt(chainPoints(from: Start(values: known, tag: -1, off: []), with: found.changes))
        return found.reached
    }

    /// Keeps the newest point of `points` among ``built`` (dropping the
    /// oldest kept when full), and lets `points` forget what only its
    /// versions no longer kept need.
    private func keepBuilt(_ points: ChainPoints) {
        clock += 1
        if built.count == Self.witnessCapacity { built.removeFirst() }
        built.append((clock, points, points.version))
        let oldest = built.lazy.filter { $0.points === points }.map(\.version).min() ?? points.version
        points.forget(upTo: oldest)
    }

    /// The points walks built that are kept, oldest first, each in full
    /// with the time it was found (``clock``) and whether its chain has
    /// been extended since (for the tests).
    var builtPoints: [(found: Int, values: [Double], extendedSince: Bool)] {
        built.map { ($0.found, $0.points.point(at: $0.version), $0.version < $0.points.version) }
    }

    /// The chains to try for `terms`, newest first, each with whether it
    /// moved one of the variables near the expression the way a walk
    /// pushing `direction · Σ terms` moves that term's variable: a chain
    /// whose newest point differs from `point` at one of `terms`'
    /// variables is near, and goes that way unless it moved one of them
    /// the other way; else one that differs from `point` at a variable of
    /// a row in that mentions one of them is near, and goes that way when
    /// it moved such a variable the way the term's coefficient asks. A
    /// chain that differs nowhere near is left out (a walk from it starts
    /// as one from `point` would, and a chain that far away is not tried).
    ///
    /// The variables near the expression (`NearTerms`) are found once for
    /// all the chains, and a chain is read only at the variables where it
    /// may differ from `point`: those its start differs at (counted once
    /// for each start, not for each chain) and those written since. A
    /// pass over the near rows for each chain, 8 of them, was 20 % of
    /// `plumb check`'s time on `chartgrid` at 10,000 views, where a
    /// column's shared edge is in a row of every grid row.
    private func chainsNear(_ terms: [(Int32, Double)], direction: Double) -> [(Int, Bool)] {
        var found = [Bool?](repeating: nil, count: chains.count)
        var farther: [Int] = []
        for k in chains.indices {
            let moved = chains[k].points.newest
            // A variable of `terms` that the chain moved decides.
            var reaches = false, away = false
            for (v, a) in terms where moved[Int(v)] != point[Int(v)] {
                if (moved[Int(v)] - point[Int(v)]) * direction * a < 0 {
                    away = true
                    break
                }
                reaches = true
            }
            if away {
                found[k] = false
            } else if reaches {
                found[k] = true
            } else {
                farther.append(k)
            }
        }
        if !farther.isEmpty {
            // The marks as a local value while they are read (no exclusivity checks).
            var near = self.near
            self.near = NearTerms(variableCount: 0)
            defer { self.near = near }
            near.start(terms)
            // Every near variable marked at once, unless the variables
            // where the chains may differ from `point` are in fewer rows
            // than the terms' variables (then each is asked about alone).
            var termRows = 0
            for (v, _) in terms { termRows += rowsOf[Int(v)].count }
            var chainRows = 0
            var starts: [Int] = []
            for k in farther where chainRows <= termRows {
                let chain = chains[k]
                if !starts.contains(chain.start.tag) {
                    starts.append(chain.start.tag)
                    chainRows += chain.start.offRows
                }
                for v in chain.points.written {
                    if chainRows > termRows { break }
                    chainRows += rowsOf[Int(v)].count
                }
            }
            if chainRows > termRows { near.markAll(terms, rest: rest, rowsOf: rowsOf, isIn: isIn) }
            // Each start's own differences near the expression, once.
            var ofStart: [(tag: Int, counts: (differing: Int, agreeing: Int))] = []
            for k in farther {
                let chain = chains[k]
                let start = chain.start
                // With every near variable marked and fewer of them than
                // the chain wrote, the chain is read at those: a chain
                // that is extended shelf by shelf (`degenerate`) writes
                // far more variables than a probe has near.
                if near.allMarked && near.markedCount <= chain.points.written.count {
                    let counts = near.countsAtMarked(chain.points.newest, point: point, direction: direction)
                    if counts.differing > 0 { found[k] = counts.agreeing > 0 }
                    continue
                }
                var counts: (differing: Int, agreeing: Int)
                if let known = ofStart.first(where: { $0.tag == start.tag }) {
                    counts = known.counts
                } else {
                    counts = near.counts(start.off, in: start.values, point: point, direction: direction,
                                         rest: rest, rowsOf: rowsOf, isIn: isIn)
                    ofStart.append((start.tag, counts))
                }
                // Then the variables the chain wrote: their start's part out, the chain's in.
                let moved = chain.points.newest
                near.nextSeen()
                for v in chain.points.written
                    where near.firstSeen(v) && near.isNear(v, rest: rest, rowsOf: rowsOf, isIn: isIn) {
                    let was = near.count(v, start.values[Int(v)], point: point, direction: direction)
                    let now = near.count(v, moved[Int(v)], point: point, direction: direction)
                    counts.differing += now.differing - was.differing
                    counts.agreeing += now.agreeing - was.agreeing
                }
                if counts.differing > 0 { found[k] = counts.agreeing > 0 }
            }
        }
        return chains.indices.reversed().compactMap { k in found[k].map { (k, $0) } }
    }

    /// The marks of ``chainsNear(_:direction:)``.
    private var near: NearTerms

    /// ``chainsNear(_:direction:)`` (for the tests: chain `k` is the k-th
    /// of ``chainNewestPoints``).
    func chainOrder(_ terms: [(Int32, Double)], direction: Double) -> [(Int, Bool)] {
        chainsNear(terms, direction: direction)
    }

    /// The chains' newest points, oldest chain first (for the tests).
    var chainNewestPoints: [[Double]] { chains.map(\.points.newest) }

    /// The points walks built, each with the length of its step and the
    /// count of ``putBacks`` when it was built, newest last: a walk from
    /// one of them may extend it to answer a later probe
    /// (``RowMoves/extending(_:gain:direction:from:length:base:recheck:isIn:budget:)``),
    /// even once the rows out at its making are back. `degenerate`'s tests
    /// of the rows between two shelves each need a whole half-column moved;
    /// they come shelf by shelf, column by column, both ways, so the
    /// capacity holds one chain for each column and way (4 × 2).
    private var chains: [Chain] = []
    /// A chain's points, the length of its step, the count of ``putBacks``
    /// when it was last built or extended, and the start its first point
    /// was walked from.
    private struct Chain {
        let points: ChainPoints
        let length: Double
        let putBacks: Int
        let start: Start
    }
    static var chainCapacity: Int { 8 }
    /// A chain with more rows put back since it was extended is dropped
    /// (each extension checks them all).
    static var chainRechecks: Int { 256 }
    /// Every row put back, in order.
    private var putBacks: [Int] = []
    /// Of the probes decided by a move along the rows, those decided by
    /// extending a chain.
    private(set) var decidedByChain = 0
    /// Of those, the ones decided by a short try before their
    /// neighbourhoods (see ``canPush(_:_:magnitude:direction:from:)``).
    private(set) var decidedBeforeNeighbourhoods = 0
    /// Of the probes decided by a move along the rows, those decided by a
    /// walk from ``known`` (``movedFromKnown(_:gain:direction:)``).
    private(set) var decidedFromKnown = 0
    /// Of the probes decided by a move along the rows, those decided by
    /// the walk before their neighbourhoods (``walkedFirst(_:gain:direction:)``).
    private(set) var decidedByFirstWalk = 0
    /// The walks tried before their probes' neighbourhoods.
    private(set) var firstWalksTried = 0
    /// After this many walks before the neighbourhoods, they go on only
    /// while at least half of them decided their probe: on `degenerate`
    /// and `levels` two in three fail, and a failed walk's 4,096 term
    /// visits cost more than the neighbourhoods it was to spare (walking
    /// first on every probe made their checks 1.75x dearer at 1,000 views).
    static var firstWalksOnTrial: Int { 64 }

    /// Keeps the point `whole`'s last answer ended on, if it gives one.
    private func keepWholePoint() {
        guard let values = whole.lastPoint() else { return }
        centre = nil
        clock += 1
        if witnesses.count == Self.witnessCapacity { witnesses.removeFirst() }
        witnesses.append((clock, values))
    }

    /// `Σ terms + constant` at the newest kept point where `direction` times
    /// it reaches `enough`; nil when none does.
    private func witnessed(_ terms: [(Int32, Double)], _ constant: Double, reaching enough: Double,
                           direction: Double = 1) -> Double? {
        for point in witnesses.reversed() {
            let value = terms.reduce(constant) { $0 + $1.1 * point.values[Int($1.0)] }
            if direction * value >= enough { return value }
        }
        for point in built.reversed() {
            let value = point.points.sum(terms, constant, at: point.version)
            if direction * value >= enough { return value }
        }
        if let known {
            let value = terms.reduce(constant) { $0 + $1.1 * known[Int($1.0)] }
            if direction * value >= enough { return value }
        }
        return nil
    }

    /// Takes out of `whole` the rows taken out here since it last answered.
    private func synchronise() {
        for i in pending where isPending[i] {
            isPending[i] = false
            whole.takeOut(i)
        }
        pending.removeAll(keepingCapacity: true)
    }

    /// As ``RequiredRowProbe/pushed(_:_:to:)``: the restriction reaching
    /// `target` shows that the whole component does; a relaxation that
    /// stops short of it at the value the restriction reaches shows that
    /// value to be the supremum.
    func pushed(_ terms: [(Int32, Double)], _ constant: Double, to target: Double) -> Double {
        probes += 1
        if witnessed(terms, constant, reaching: target) != nil {
            decidedByWitness += 1
            return target
        }
        if unboundedAlongRay(terms) {
            decidedByRay += 1
            return target
        }
        let slack = 1e-9 * max(1, abs(target))
        if let (_, reached) = walkedFirst(terms, gain: { target + slack - ($0 + constant) }, direction: 1),
           reached + constant >= target - slack {
            decidedByMove += 1
            decidedByFirstWalk += 1
            return target
        }
        var feasible = -Double.infinity
        let answer: Double? = onNeighbourhoods(of: terms, restricted: { probe, local, fixed, _ in
            feasible = probe.pushed(local, constant + fixed, to: target)
            return feasible >= target - slack ? feasible : nil
        }, relaxed: { probe, local, exact, _ in
            let bound = probe.pushed(local, constant, to: target)
            if exact { return bound }
            guard bound < target - slack, feasible >= bound - slack else { return nil }
            return bound
        })
        if let answer {
            decidedNearby += 1
            return answer
        }
        if let (_, reached) = moved(terms, gain: { target + slack - ($0 + constant) }, direction: 1),
           reached + constant >= target - slack {
            decidedByMove += 1
            return target
        }
        synchronise()
        decidedOnWhole += 1
        let reached = whole.pushed(terms, constant, to: target)
        keepWholePoint()
        keepWholeRay()
        return reached
    }

    func canPush(_ terms: [(Int32, Double)], _ constant: Double, magnitude: Double,
                 direction: Double, from base: Double) -> Bool {
        probes += 1
        let tolerance = Tolerances.ambiguity * magnitude
        guard !terms.isEmpty else { return direction * (constant - base) > tolerance }
        // Past twice the tolerance, so that `whole` rounding near it cannot say otherwise.
        if witnessed(terms, constant - base, reaching: 2 * tolerance, direction: direction) != nil {
            decidedByWitness += 1
            return true
        }
        if unboundedAlongRay(terms, direction: direction) {
            decidedByRay += 1
            return true
        }
        // A point past twice the tolerance (as for the kept points), aiming at four times.
        func gain(_ start: Double) -> Double { 4 * tolerance - direction * (start + constant - base) }
        func past(_ reached: Double) -> Bool { direction * (reached + constant - base) > 2 * tolerance }
        // The chains first, each for a few steps: where a probe needs a
        // long chain of rows moved (`degenerate`'s rows between two
        // shelves), its neighbourhoods grow to their largest in vain, and
        // the chain that the probe of the shelf below extended extends
        // here in a shelf's rows. Elsewhere each try stops within those
        // few steps.
        let extended = moved(terms, gain: gain, direction: direction, shortTries: true)
        if let (_, reached) = extended, past(reached) {
            decidedByMove += 1
            decidedBeforeNeighbourhoods += 1
            return true
        }
        // Then a walk at its first budget (``walksFirst``), before any small tableau.
        if extended == nil, let (_, reached) = walkedFirst(terms, gain: gain, direction: direction), past(reached) {
            decidedByMove += 1
            decidedByFirstWalk += 1
            return true
        }
        // The probe row is left in the small tableau (see `leavesProbesIn`).
        func push(_ probe: ExpressionProbe, _ local: [(Int32, Double)], _ fixed: Double = 0,
                  leaving leftIn: inout SimplexCore.Handle?) -> Bool {
            let reading: ((SimplexCore) -> Void)? = probePoints == nil ? nil : { [self] core in
                var values = [Double](repeating: 0, count: core.variableCount)
                core.readValues(into: &values)
                probePoints!.append(values.map(\.bitPattern))
            }
            guard leavesProbesIn else {
                return probe.canPush(local, constant + fixed, magnitude: magnitude, direction: direction, from: base,
                                     reached: reading)
            }
            let (can, handle) = probe.canPushLeavingProbe(local, constant + fixed, magnitude: magnitude,
                                                          direction: direction, from: base, reached: reading)
            leftIn = handle
            return can
        }
        // The small tableau that has decided more of these probes so far goes first (see ``relaxationFirst``).
        let relaxedFirst = relaxationFirst
        if relaxedFirst { relaxedFirstTests += 1 }
        // A restriction answers only by pushing `direction · (e − base)`
        // past the tolerance; where single rows bound it to half the
        // tolerance (say a parallel row, the boundary at `point`), it
        // cannot: the tableau would reach at most that bound, give or take
        // its rounding (see `boundsRestrictions`).
        let cannotPush: ((Double, Double, Double) -> Bool)? = !boundsRestrictions ? nil : { lower, upper, fixed in
            direction * ((direction > 0 ? upper : lower) + fixed + constant - base) <= tolerance / 2
        }
        let answer: Bool? = onNeighbourhoods(of: terms, relaxedFirst: relaxedFirst, cannotPush: cannotPush,
                                             restricted: { probe, local, fixed, leftIn in
            guard push(probe, local, fixed, leaving: &leftIn) else { return nil }
            decidedByRestriction += 1
            return true
        }, relaxed: { probe, local, exact, leftIn in
            let can = push(probe, local, leaving: &leftIn)
            if exact { return can }
            guard !can else { return nil }
            decidedByRelaxation += 1
            return false
        })
        if let answer {
            decidedNearby += 1
            return answer
        }
        // Then the chains with their whole budget and the walks, unless a
        // short try above found a point (short of the mark: the first walk
        // that finds a point ends the walks, as here).
        if extended == nil, let (_, reached) = moved(terms, gain: gain, direction: direction), past(reached) {
            decidedByMove += 1
            return true
        }
        if let alongTheMove {
            if !alongTheMove.isAsked {
                notAskedAlongTheMove += 1
            } else if alongTheMove.bounds(terms, constant, magnitude: magnitude, direction: direction, from: base,
                                          point: point, isIn: isIn) {
                return false
            }
        }
        if let reached = movedFromKnown(terms, gain: gain, direction: direction), past(reached) {
            decidedByMove += 1
            decidedFromKnown += 1
            return true
        }
        synchronise()
        decidedOnWhole += 1
        let can = whole.canPush(terms, constant, magnitude: magnitude, direction: direction, from: base)
        keepWholePoint()
        keepWholeRay()
        return can
    }

    /// Walks the growing neighbourhoods of `terms`' variables, each time
    /// asking `restricted` (on the restriction, when the neighbourhood has a
    /// boundary and `e` an interior variable: `terms`' interior part
    /// renumbered, and the value of the rest at `point`) and then `relaxed`
    /// (on the relaxation, `terms` renumbered; `exact` when there is no
    /// boundary, so that the relaxation allows `e` just what the whole
    /// component allows it) for an answer; nil when none answers. With
    /// `relaxedFirst`, each step asks `relaxed` first and `restricted` only
    /// when it does not answer (see ``relaxationFirst``).
    ///
    /// `cannotPush`, when given, is asked before the restriction is built,
    /// with the bounds that single rows of the restriction put on the
    /// interior part of `terms` (`RowBounds`) and the value of the rest
    /// at `point`: true when those bounds already keep the restriction
    /// from answering, which then is not built.
    ///
    /// Each closure may leave its probe row in the tableau it was given
    /// and hand back the row's handle (`leftIn`; see `leavesProbesIn`):
    /// the restriction's is never removed (the restriction is emptied
    /// before its next use), the relaxation's only before the relaxation
    /// grows again.
    ///
    /// A neighbourhood grows by taking in boundary variables, those in
    /// fewest rows first, while its rows stay within twice what they were
    /// (so that a neighbourhood whose small tableau fills in stops early)
    /// or, when no variable fits that, within ``maximumRows``; a
    /// variable in more rows than that (a guide every row of a layout
    /// mentions) stays on the boundary, where the restriction holds it at
    /// `point` and the relaxation leaves it free with only the rows taken
    /// in for other variables. When no variable can be taken in, the walk
    /// ends without an answer.
    private func onNeighbourhoods<Answer>(
        of terms: [(Int32, Double)], relaxedFirst: Bool = false,
        cannotPush: ((_ lower: Double, _ upper: Double, _ fixed: Double) -> Bool)? = nil,
        restricted: (ExpressionProbe, [(Int32, Double)], _ fixed: Double, _ leftIn: inout SimplexCore.Handle?) -> Answer?,
        relaxed: (ExpressionProbe, [(Int32, Double)], _ exact: Bool, _ leftIn: inout SimplexCore.Handle?) -> Answer?
    ) -> Answer? {
        // The marks as a local value while the walk lasts (no exclusivity
        // checks on the class's storage in the loops below).
        var marks = self.marks
        self.marks = NeighbourhoodMarks(variableCount: 0, rowCount: 0)
        defer { self.marks = marks }
        marks.nextNeighbourhood()
        let epoch = marks.epoch
        var candidates: [Int32] = []
        marks.nextBoundary()
        for (v, _) in terms where marks.boundary[Int(v)] != marks.boundaryEpoch {
            marks.boundary[Int(v)] = marks.boundaryEpoch
            candidates.append(v)
        }
        var interior: [Int32] = []
        var rows: [Int] = []
        let relaxation = relaxationCore.emptied(variableCount: 0)
        // The relaxation's last probe row, when left in: removed before the
        // relaxation grows again, and not at all when the walk ends there.
        var relaxationProbe: SimplexCore.Handle?
        defer { if relaxationProbe != nil { probeRemovalsSpared += 1 } }
        func relaxedVariable(_ v: Int32) -> Int32 {
            if marks.relaxed[Int(v)] == epoch { return marks.relaxedIndex[Int(v)] }
            let index = relaxation.addVariables(1)
            marks.relaxed[Int(v)] = epoch
            marks.relaxedIndex[Int(v)] = index
            return index
        }
        while true {
            // Take in the candidates that fit, fewest rows first, with their rows.
            let firstNew = rows.count
            candidates.sort { rowsOf[Int($0)].count < rowsOf[Int($1)].count }
            // At most twice the rows each step (so that a relaxation that
            // fills in is stopped early), or up to ``maximumRows`` when no
            // candidate fits that.
            var taken = 0
            for limit in [min(maximumRows, max(16, 2 * firstNew)), maximumRows] where taken == 0 {
                for v in candidates where marks.variable[Int(v)] != epoch && rows.count + rowsOf[Int(v)].count <= limit {
                    taken += 1
                    marks.variable[Int(v)] = epoch
                    marks.interiorIndex[Int(v)] = Int32(interior.count)
                    interior.append(v)
                    for r in rowsOf[Int(v)] where isIn[Int(r)] && marks.row[Int(r)] != epoch {
                        marks.row[Int(r)] = epoch
                        rows.append(Int(r))
                    }
                }
            }
            // No variable fits: nothing more to learn.
            if taken == 0 { return nil }
            // The rows' variables outside the interior, and `e`'s: the boundary.
            var boundary: [Int32] = []
            marks.nextBoundary()
            for r in rows {
                for (v, _) in rest[r].terms where marks.variable[Int(v)] != epoch && marks.boundary[Int(v)] != marks.boundaryEpoch {
                    marks.boundary[Int(v)] = marks.boundaryEpoch
                    boundary.append(v)
                }
            }
            for (v, _) in terms where marks.variable[Int(v)] != epoch && marks.boundary[Int(v)] != marks.boundaryEpoch {
                marks.boundary[Int(v)] = marks.boundaryEpoch
                boundary.append(v)
            }
            // The restriction: the boundary at `point`, the interior free.
            func restrictionAnswer() -> Answer? {
                var fixed = 0.0
                var local: [(Int32, Double)] = []
                for (v, a) in terms {
                    if marks.variable[Int(v)] == epoch { local.append((marks.interiorIndex[Int(v)], a)) } else { fixed += a * point[Int(v)] }
                }
                guard !boundary.isEmpty && !local.isEmpty else { return nil }
                // What single rows, with the boundary at `point`, say of the
                // expression's interior part, before any tableau (`RowBounds`).
                if let cannotPush {
                    var bounds = RowBounds(local)
                    var interiorTerms: [(Int32, Double)] = []
                    for r in rows {
                        var c = rest[r].constant
                        interiorTerms.removeAll(keepingCapacity: true)
                        for (v, a) in rest[r].terms {
                            if marks.variable[Int(v)] == epoch {
                                interiorTerms.append((marks.interiorIndex[Int(v)], a))
                            } else {
                                c += a * point[Int(v)]
                            }
                        }
                        bounds.take(interiorTerms, c, rest[r].relation)
                    }
                    let (lower, upper) = bounds.sum
                    if cannotPush(lower, upper, fixed) {
                        restrictionsSpared += 1
                        return nil
                    }
                }
                let restriction = restrictionCore.emptied(variableCount: interior.count)
                for r in rows {
                    var c = rest[r].constant
                    var rowTerms: [(Int32, Double)] = []
                    rowTerms.reserveCapacity(rest[r].terms.count)
                    for (v, a) in rest[r].terms {
                        if marks.variable[Int(v)] == epoch {
                            rowTerms.append((marks.interiorIndex[Int(v)], a))
                        } else {
                            c += a * point[Int(v)]
                        }
                    }
                    if rowTerms.isEmpty { continue }
                    // `point` is off this row by rounding: no restriction.
                    guard (try? restriction.add(terms: rowTerms, constant: c, relation: rest[r].relation,
                                                priority: .required, tag: Int32(r))) != nil
                    else { return nil }
                }
                // Its probe row, if left in, goes with the rest when it is emptied.
                var restrictionProbe: SimplexCore.Handle?
                let answer = restricted(ExpressionProbe(core: restriction), local, fixed, &restrictionProbe)
                if restrictionProbe != nil { probeRemovalsSpared += 1 }
                return answer
            }
            // The relaxation: the neighbourhood's rows alone, every variable
            // free, grown by the step's new rows; false when one conflicts
            // (they hold together at `point`: rounding), which ends its use.
            func relaxationGrows() -> Bool {
                if let probe = relaxationProbe {
                    relaxation.remove(probe)
                    relaxationProbe = nil
                }
                for r in rows[firstNew...] {
                    let rowTerms = rest[r].terms.map { (relaxedVariable($0.0), $0.1) }
                    guard (try? relaxation.add(terms: rowTerms, constant: rest[r].constant, relation: rest[r].relation,
                                               priority: .required, tag: Int32(r))) != nil
                    else { return false }
                }
                return true
            }
            func relaxationAnswer() -> Answer? {
                relaxed(ExpressionProbe(core: relaxation), terms.map { (relaxedVariable($0.0), $0.1) }, boundary.isEmpty,
                        &relaxationProbe)
            }
            if relaxedFirst {
                // The same answers in the other order: each tableau answers
                // only what the whole component would (the relaxation's
                // points include the restriction's), so at a step where one
                // answers the other could not have said otherwise; and each
                // step's tableaux are the same in either order (the
                // restriction built anew, the relaxation grown by the same
                // rows and probed at the same steps before this one).
                let grown = relaxationGrows()
                if grown, let answer = relaxationAnswer() { return answer }
                if let answer = restrictionAnswer() { return answer }
                if !grown { return nil }
            } else {
                if let answer = restrictionAnswer() { return answer }
                guard relaxationGrows() else { return nil }
                if let answer = relaxationAnswer() { return answer }
            }
            // No boundary: the relaxation answered exactly (above).
            if boundary.isEmpty { return nil }
            candidates = boundary
        }
    }

    /// The small tableaux of ``onNeighbourhoods(of:relaxedFirst:restricted:relaxed:)``.
    private let relaxationCore: KeptCore
    private let restrictionCore: KeptCore
}

/// Bounds on `A = Σ a·y` over the terms `(y, a)` of an expression
/// (`local`) that single rows `Σ b·y + c ⋈ 0` put on it, each row alone:
/// a row whose one term is a variable of `local` bounds that variable,
/// and a row whose terms are `local`'s times one factor `λ` (the same
/// variables, each coefficient `λ·a` in floating point) bounds `A`
/// itself. `sum` gives the bounds on `A` from the variables' bounds
/// (each term at the end of its variable's range that keeps it lowest,
/// then highest) and the parallel rows', whichever is tighter; infinite
/// where nothing bounds it. Every point of the rows lies within them
/// (short of the rounding of `−c/b` and of the sums, some units in the
/// last place).
struct RowBounds {
    private let local: [(Int32, Double)]
    private var low: [Double]
    private var high: [Double]
    private var lower = -Double.infinity
    private var upper = Double.infinity
    /// Whether `local` is usable: finite coefficients other than 0, each
    /// variable once.
    private let usable: Bool

    init(_ local: [(Int32, Double)]) {
        self.local = local
        low = [Double](repeating: -.infinity, count: local.count)
        high = [Double](repeating: .infinity, count: local.count)
        usable = local.indices.allSatisfy { k in
            local[k].1 != 0 && local[k].1.isFinite && !local[..<k].contains { $0.0 == local[k].0 }
        }
    }

    /// The range of `y` where `b·y + c ⋈ 0`.
    static func range(_ b: Double, _ c: Double, _ relation: Relation) -> (low: Double, high: Double) {
        let at = -c / b
        return switch relation {
        case .equal: (at, at)
        case .greaterOrEqual: b > 0 ? (at, .infinity) : (-.infinity, at)
        case .lessOrEqual: b > 0 ? (-.infinity, at) : (at, .infinity)
        }
    }

    /// Takes the row `Σ terms + c ⋈ 0` into the bounds, if it gives one.
    mutating func take(_ terms: [(Int32, Double)], _ c: Double, _ relation: Relation) {
        guard usable, !terms.isEmpty, c.isFinite,
              terms.allSatisfy({ $0.1 != 0 && $0.1.isFinite }) else { return }
        if terms.count == 1, let k = local.firstIndex(where: { $0.0 == terms[0].0 }) {
            let (lo, hi) = Self.range(terms[0].1, c, relation)
            low[k] = max(low[k], lo)
            high[k] = min(high[k], hi)
            return
        }
        guard terms.count == local.count, let first = local.firstIndex(where: { $0.0 == terms[0].0 }) else { return }
        let factor = terms[0].1 / local[first].1
        guard factor != 0, factor.isFinite else { return }
        for (i, (v, b)) in terms.enumerated() {
            // Each of `local`'s variables once among the row's (same count, no repeats).
            guard let k = local.firstIndex(where: { $0.0 == v }), b == factor * local[k].1,
                  !terms[..<i].contains(where: { $0.0 == v }) else { return }
        }
        let (lo, hi) = Self.range(factor, c, relation)
        lower = max(lower, lo)
        upper = min(upper, hi)
    }

    /// The bounds on `A`.
    var sum: (lower: Double, upper: Double) {
        guard usable else { return (-.infinity, .infinity) }
        var fromLow = 0.0, fromHigh = 0.0
        for (k, (_, a)) in local.enumerated() {
            fromLow += a > 0 ? a * low[k] : a * high[k]
            fromHigh += a > 0 ? a * high[k] : a * low[k]
        }
        return (max(lower, fromLow), min(upper, fromHigh))
    }
}

/// A small tableau emptied (``SimplexCore/reset(variableCount:)``) for each
/// use instead of made anew, so that its storage is allocated once: a reset
/// core makes the same pivots as a new one. A row that conflicts ends its
/// use until the next reset, so it does not undo a failed add
/// (``SimplexCore/init(variableCount:undoesFailedAdds:)``). Made with
/// `reuses` false it hands out a new core each time instead (for the tests,
/// which compare the two). ``NeighbourhoodRequiredRows`` keeps two,
/// ``RowsAlongTheMove`` one.
struct KeptCore {
    private let core = SimplexCore(variableCount: 0, undoesFailedAdds: false)
    let reuses: Bool

    init(reuses: Bool) {
        self.reuses = reuses
    }

    /// The core with `variableCount` variables and no row.
    func emptied(variableCount: Int) -> SimplexCore {
        guard reuses else { return SimplexCore(variableCount: variableCount) }
        core.reset(variableCount: variableCount)
        return core
    }
}

/// The variables near a probe's expression (in a row in with one of its
/// terms' variables) for ``NeighbourhoodRequiredRows``' chains, each with
/// the largest coefficient of those terms of each sign, kept from one
/// probe to the next so that marking costs what it touches.
///
/// A variable `u` near the expression whose value `x` differs from the
/// component's point `p` at `u` goes the way a term `(v, a)` asks when
/// `(x − p) · direction · a > 0`; for a given `x`, the product grows with
/// `|a|` (rounding is monotone), so some term of `u`'s asks for it
/// exactly when the largest coefficient of the sign it needs does.
///
/// Found two ways, whichever reads fewer rows: every variable of the
/// terms' rows marked at once (``markAll(rest:rowsOf:isIn:)``), or each
/// variable asked about found near or not from its own rows, which are
/// near when one mentions a variable of the terms (``isNear(_:rest:rowsOf:isIn:)``):
/// a term that is a column's shared edge of `chartgrid` is in a row of
/// every grid row, while the variables a chain moved are in a few.
struct NearTerms {
    /// Variables whose nearness is known this probe (`epoch`), and it.
    private var known: [UInt32]
    private var near: [Bool]
    private var epoch: UInt32 = 0
    /// The largest positive coefficient, and the largest size of a
    /// negative one (0: none), of the terms in a row with each near variable.
    private var up: [Double]
    private var down: [Double]
    /// The terms' variables (`epoch`), with their own largest coefficients.
    private var term: [UInt32]
    private var termUp: [Double]
    private var termDown: [Double]
    /// Every near variable, when all were marked at once.
    private var marked: [Int32] = []
    private(set) var allMarked = false
    /// Marks for the variables a chain wrote, each counted once.
    private var seen: [UInt32]
    private var seenEpoch: UInt32 = 0

    init(variableCount: Int) {
        known = [UInt32](repeating: 0, count: variableCount)
        near = [Bool](repeating: false, count: variableCount)
        up = [Double](repeating: 0, count: variableCount)
        down = up
        term = known
        termUp = up
        termDown = up
        seen = known
    }

    /// A new probe of `terms`: nothing known near yet.
    mutating func start(_ terms: [(Int32, Double)]) {
        epoch &+= 1
        if epoch == 0 {
            for v in known.indices { known[v] = 0 }
            for v in term.indices { term[v] = 0 }
            epoch = 1
        }
        allMarked = false
        for (v, a) in terms {
            if term[Int(v)] != epoch {
                term[Int(v)] = epoch
                termUp[Int(v)] = 0
                termDown[Int(v)] = 0
            }
            if a > 0 {
                termUp[Int(v)] = max(termUp[Int(v)], a)
            } else if a < 0 {
                termDown[Int(v)] = max(termDown[Int(v)], -a)
            }
        }
    }

    /// Marks every variable of the rows in that mention a variable of
    /// the terms as near (every other one is then not).
    mutating func markAll(_ terms: [(Int32, Double)], rest: [ConstraintSystem.InertCandidate], rowsOf: [[Int32]],
                          isIn: [Bool]) {
        allMarked = true
        marked.removeAll(keepingCapacity: true)
        for (v, _) in terms {
            for r in rowsOf[Int(v)] where isIn[Int(r)] {
                for (u, _) in rest[Int(r)].terms {
                    if known[Int(u)] != epoch {
                        known[Int(u)] = epoch
                        near[Int(u)] = true
                        up[Int(u)] = 0
                        down[Int(u)] = 0
                        marked.append(u)
                    }
                    up[Int(u)] = max(up[Int(u)], termUp[Int(v)])
                    down[Int(u)] = max(down[Int(u)], termDown[Int(v)])
                }
            }
        }
    }

    /// Whether `u` is near the terms: marked, or (when not all were
    /// marked) found from `u`'s rows in and remembered.
    mutating func isNear(_ u: Int32, rest: [ConstraintSystem.InertCandidate], rowsOf: [[Int32]],
                         isIn: [Bool]) -> Bool {
        if known[Int(u)] == epoch { return near[Int(u)] }
        known[Int(u)] = epoch
        near[Int(u)] = false
        up[Int(u)] = 0
        down[Int(u)] = 0
        if allMarked { return false }
        for r in rowsOf[Int(u)] where isIn[Int(r)] {
            for (w, _) in rest[Int(r)].terms where term[Int(w)] == epoch {
                near[Int(u)] = true
                up[Int(u)] = max(up[Int(u)], termUp[Int(w)])
                down[Int(u)] = max(down[Int(u)], termDown[Int(w)])
            }
        }
        return near[Int(u)]
    }

    /// Whether near variable `v` at `x` differs from `p` there (1 or 0),
    /// and whether it then goes the way a term near it asks (1 or 0).
    func count(_ v: Int32, _ x: Double, point p: [Double], direction: Double) -> (differing: Int, agreeing: Int) {
        guard x != p[Int(v)] else { return (0, 0) }
        let d = (x - p[Int(v)]) * direction
        let agrees = d > 0 ? d * up[Int(v)] > 0 : d < 0 ? d * -down[Int(v)] > 0 : false
        return (1, agrees ? 1 : 0)
    }

    /// The counts of ``count(_:_:point:direction:)`` over the near
    /// variables at `values`, which differ from `p` only at `off`.
    mutating func counts(_ off: [Int32], in values: [Double], point p: [Double], direction: Double,
                         rest: [ConstraintSystem.InertCandidate], rowsOf: [[Int32]], isIn: [Bool])
        -> (differing: Int, agreeing: Int) {
        if allMarked && marked.count < off.count { return countsAtMarked(values, point: p, direction: direction) }
        var total = (differing: 0, agreeing: 0)
        for v in off where isNear(v, rest: rest, rowsOf: rowsOf, isIn: isIn) {
            let one = count(v, values[Int(v)], point: p, direction: direction)
            total.differing += one.differing
            total.agreeing += one.agreeing
        }
        return total
    }

    /// How many variables are near, when all were marked at once.
    var markedCount: Int { marked.count }

    /// The counts of ``count(_:_:point:direction:)`` over every near
    /// variable at `values`, when all were marked at once.
    func countsAtMarked(_ values: [Double], point p: [Double], direction: Double) -> (differing: Int, agreeing: Int) {
        var total = (differing: 0, agreeing: 0)
        for v in marked {
            let one = count(v, values[Int(v)], point: p, direction: direction)
            total.differing += one.differing
            total.agreeing += one.agreeing
        }
        return total
    }

    /// A new round of ``firstSeen(_:)``.
    mutating func nextSeen() {
        seenEpoch &+= 1
        if seenEpoch == 0 {
            for v in seen.indices { seen[v] = 0 }
            seenEpoch = 1
        }
    }

    /// Whether `v` is seen for the first time this round (and marks it).
    mutating func firstSeen(_ v: Int32) -> Bool {
        guard seen[Int(v)] != seenEpoch else { return false }
        seen[Int(v)] = seenEpoch
        return true
    }
}

/// The marks of ``NeighbourhoodRequiredRows``' neighbourhoods, kept from
/// one probe to the next so that a neighbourhood costs what it touches:
/// a variable or row is marked when its entry equals `epoch` (one
/// neighbourhood) or `boundaryEpoch` (one step's boundary).
struct NeighbourhoodMarks {
    /// Interior variables; the k-th taken in is the restriction's variable
    /// k (`interiorIndex`).
    var variable: [UInt32]
    var interiorIndex: [Int32]
    /// The rows taken in.
    var row: [UInt32]
    /// The relaxation's variables, and their index in its core.
    var relaxed: [UInt32]
    var relaxedIndex: [Int32]
    private(set) var epoch: UInt32 = 0
    /// The variables of one step's boundary (or of the probe's terms).
    var boundary: [UInt32]
    private(set) var boundaryEpoch: UInt32 = 0

    init(variableCount: Int, rowCount: Int) {
        variable = [UInt32](repeating: 0, count: variableCount)
        interiorIndex = [Int32](repeating: -1, count: variableCount)
        row = [UInt32](repeating: 0, count: rowCount)
        relaxed = [UInt32](repeating: 0, count: variableCount)
        relaxedIndex = [Int32](repeating: -1, count: variableCount)
        boundary = [UInt32](repeating: 0, count: variableCount)
    }

    /// A new `epoch`: no variable or row marked.
    mutating func nextNeighbourhood() {
        epoch &+= 1
        if epoch == 0 {
            // The marks wrapped around: clear them.
            for v in variable.indices { variable[v] = 0 }
            for v in relaxed.indices { relaxed[v] = 0 }
            for r in row.indices { row[r] = 0 }
            epoch = 1
        }
    }

    /// A new `boundaryEpoch`: no variable marked.
    mutating func nextBoundary() {
        boundaryEpoch &+= 1
        if boundaryEpoch == 0 {
            for v in boundary.indices { boundary[v] = 0 }
            boundaryEpoch = 1
        }
    }
}
