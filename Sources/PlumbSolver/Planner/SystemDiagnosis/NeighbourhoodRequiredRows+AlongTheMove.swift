/// Shows that a probe's expression cannot move, on a few of the rows: the
/// rows a small relaxation's move breaks, taken in one round after another.
///
/// Any set of the rows in is a relaxation of them all: when the probe
/// cannot push the expression on those rows alone, it cannot on every row
/// either, so a small set that bounds the expression answers the probe as
/// the whole component would. The neighbourhoods (`NeighbourhoodRequiredRows`)
/// take rows by graph distance, every row of a variable taken in, fewest
/// rows first; where the bound runs along a chain that branches at every
/// step (`degenerate`'s box 0 held at the right by the three other boxes of
/// its shelf, each tied to its column above and below), they take the
/// branches in before the chain's end and give up at their largest size.
///
/// Here the rows are those the moves break. The relaxation starts with
/// no row; its variables are measured from a point that satisfies every row
/// (`point`), each held there by a row below the probe's priority, so that
/// the probe, pushing the expression as far as the rows taken allow, moves
/// as little as it can besides. At the point the probe ends on (the
/// variables not in the relaxation at `point`), each row in that mentions a
/// moved variable is summed, and those it violates by more than `point`
/// does are taken in; then the probe is asked again. The rounds end when
/// the probe cannot push the expression (the answer), when the move breaks
/// no row (a point past the tolerance: left to the other ways, which check
/// it), or past ``maximumRows`` rows.
///
/// An equality `a·x − a·y + c = 0` among them whose `x` is new to the
/// relaxation while `y` is in it restricts nothing there: it only carries
/// `x` along with `y`. It is taken in as an alias (``aliasesEqualities``):
/// `x` gets no variable, edit or row of its own, and the rows taken in
/// later name `y` (plus the shift) for it. It still counts towards
/// ``maximumRows``, so a test ends where it did, on a smaller tableau: on
/// `sheet`'s rows at 1,000 views, whose cells' edges are each equal to a
/// shared row edge, the 64 tests on trial took in 1,874 rows and 2,481
/// aliases where they took in 3,669 rows.
final class RowsAlongTheMove {
    private let rest: [ConstraintSystem.InertCandidate]
    private let rowsOf: [[Int32]]
    /// Each variable's index in the relaxation being built (-1 when not in
    /// it): its own, or for a variable aliased to another (see
    /// ``aliasesEqualities``), the other's, with `x − point = (that
    /// variable's value − its point) + shift`.
    private var index: [Int32]
    /// Each variable's shift (``shift(of:)``); empty until the first alias,
    /// so that a component whose probes alias nothing makes no array for it.
    /// `point` satisfies every row in, so a shift is 0 up to rounding; it
    /// is kept so that the substitution is exact whatever the point.
    private var shifts: [Double] = []
    /// Variables that a row of the round being taken in brings in
    /// (`pendingEpoch`); empty until the first round taken in with
    /// ``aliasesEqualities``.
    private var pending: [UInt32] = []
    private var pendingEpoch: UInt32 = 0
    /// Rows taken in this probe (compared with `epoch`).
    private var rowMark: [UInt32]
    private var epoch: UInt32 = 0
    /// The most rows one probe's relaxation takes.
    let maximumRows: Int
    /// The relaxation, emptied for each probe (``KeptCore``).
    private let relaxation: KeptCore
    /// The rows taken in by every probe so far, and the rounds (for the tests).
    private(set) var rowsTaken = 0
    private(set) var rounds = 0
    /// The probe rows removed (for the tests): one for each round that
    /// another follows, none after a probe's last.
    private(set) var probeRowsRemoved = 0
    /// The tests so far (``bounds(_:_:magnitude:direction:from:point:isIn:)``)
    /// and those that showed their expression held.
    private(set) var tests = 0
    private(set) var held = 0
    /// The equalities taken in as aliases (``aliasesEqualities``).
    private(set) var rowsAliased = 0
    /// For the tests, which check each round against the rows it had taken
    /// in: whether ``lastTestRounds`` is kept.
    var recordsRounds = false
    /// The last test's rounds (``recordsRounds``): the rows each probe
    /// stood on (by index in `rest`, aliased or added, in the order taken
    /// in), whether it could push the expression there, and the point it
    /// ended on (each variable of the relaxation, aliased ones read
    /// through their alias, with its value).
    private(set) var lastTestRounds: [(rows: [Int], canPush: Bool, point: [(Int32, Double)])] = []
    private var roundRows: [Int] = []
    /// Whether an equality `a·x − a·y + c = 0` that the move breaks, whose
    /// `x` is new to the relaxation while `y` is in it, is taken in by
    /// aliasing `x` to `y` (`x − point = y − point + shift`) instead of
    /// as a row of the tableau (false: every row added, for the tests,
    /// which compare the two). An aliased `x` has no edit of its own: it
    /// moves with `y` at no cost, so the moves, and the rows they break,
    /// may differ from those with the row added; every answer is still
    /// one that the rows taken in give, a relaxation of the rows in.
    let aliasesEqualities: Bool
    /// After this many tests the relaxations are grown only while at least
    /// half of the tests showed their expression held (``isAsked``); nil:
    /// always (for the tests, which compare the two).
    let testsOnTrial: Int?
    /// ``testsOnTrial`` unless the tests say otherwise. On `sheet`'s rows
    /// (1,000 views), whose row edges are each shared by some ten cells, a
    /// move drags those cells' edges along and the relaxation grows to
    /// its largest in vain: 25 tests showed their row held and at most
    /// 261 did not, with 16,326 rows taken in (76 % of the check's
    /// samples), where the probes on Clp took about 1 %; on `degenerate`
    /// nearly every test shows its row held.
    static var standardTestsOnTrial: Int { 64 }

    /// Whether the next probe is worth a relaxation grown along its move:
    /// within the first ``testsOnTrial`` tests, or while at least half of
    /// them showed their expression held
    /// (``OnTrial/goesOn(tried:decided:onTrial:)``). A probe not asked
    /// goes to the ways after this one, which answer it as they would have
    /// after a test that did not show it held: a test only ever answers
    /// that the rows hold the expression, which the whole component's
    /// answer says as well.
    var isAsked: Bool {
        guard let testsOnTrial else { return true }
        return OnTrial.goesOn(tried: tests, decided: held, onTrial: testsOnTrial)
    }

    /// Below the probe's priority (``ExpressionProbe/priority``): the
    /// variables stay at `point` where the probe does not need them moved.
    static let stayPriority: Priority = {
        var p = Priority.low
        p.rawValue = Tolerances.probePriority / 2
        return p
    }()

    /// `reusesCore` false makes the relaxation anew for each probe (for
    /// the tests, which compare the two).
    init(_ rest: [ConstraintSystem.InertCandidate], rowsOf: [[Int32]], variableCount: Int, maximumRows: Int,
         reusesCore: Bool = true, testsOnTrial: Int? = RowsAlongTheMove.standardTestsOnTrial,
         aliasesEqualities: Bool = true) {
        self.rest = rest
        self.aliasesEqualities = aliasesEqualities
        self.testsOnTrial = testsOnTrial
        relaxation = KeptCore(reuses: reusesCore)
        self.rowsOf = rowsOf
        self.maximumRows = maximumRows
        index = [Int32](repeating: -1, count: variableCount)
        rowMark = [UInt32](repeating: 0, count: rest.count)
    }

    /// Whether the rows in (`isIn`) are shown, on a few of them, not to let
    /// `direction · (Σ terms + constant − base)` past the tolerance
    /// (``ExpressionProbe/canPush(_:_:magnitude:direction:from:reached:)``
    /// on those rows says no); false when the rounds end otherwise.
    func bounds(_ terms: [(Int32, Double)], _ constant: Double, magnitude: Double, direction: Double,
                from base: Double, point: [Double], isIn: [Bool]) -> Bool {
        tests += 1
        if recordsRounds {
            lastTestRounds = []
            roundRows = []
        }
        epoch &+= 1
        if epoch == 0 {
            for r in rowMark.indices { rowMark[r] = 0 }
            epoch = 1
        }
        let core = relaxation.emptied(variableCount: 0)
        var variables: [Int32] = []
        // The variables aliased to one of `variables` (their `index` is that one's).
        var aliased: [Int32] = []
        defer {
            for v in variables { index[Int(v)] = -1 }
            for v in aliased {
                index[Int(v)] = -1
                shifts[Int(v)] = 0
            }
        }
        func local(_ v: Int32) -> Int32 {
            if index[Int(v)] >= 0 { return index[Int(v)] }
            let k = core.addVariables(1)
            core.addEdit(variable: k, priority: Self.stayPriority)
            index[Int(v)] = k
            variables.append(v)
            return k
        }
        // Σ a·x + c = Σ a·(x − point) + (c + Σ a·point).
        func shifted(_ terms: [(Int32, Double)], _ c: Double) -> (terms: [(Int32, Double)], constant: Double) {
            var constant = c
            let moved = terms.map { (v, a) -> (Int32, Double) in
                constant += a * point[Int(v)]
                let k = local(v)
                let d = shift(of: v)
                if d != 0 { constant += a * d }
                return (k, a)
            }
            return (moved, constant)
        }
        let probe = ExpressionProbe(core: core)
        let expression = shifted(terms, constant)
        var taken = 0
        var step: [Double] = []
        while true {
            rounds += 1
            // The probe row stays in until a next round needs the core
            // without it: after the last round the core is emptied at the
            // next test, and its removal (a pivot and a re-optimisation)
            // would be wasted. The core's operations are otherwise those
            // of a probe removed at once.
            let (can, probeRow) = probe.canPushLeavingProbe(expression.terms, expression.constant,
                                                            magnitude: magnitude, direction: direction,
                                                            from: base) { core in
                step = (0 ..< core.variableCount).map { core.value(of: Int32($0)) }
            }
            if recordsRounds {
                let reached = (variables + aliased).compactMap { v -> (Int32, Double)? in
                    let j = Int(index[Int(v)])
                    return j < step.count ? (v, point[Int(v)] + step[j] + shift(of: v)) : nil
                }
                lastTestRounds.append((roundRows, can, reached))
            }
            if !can {
                held += 1
                return true
            }
            // The rows in that the move breaks, beyond how `point` breaks them.
            var broken: [Int] = []
            func scan(_ v: Int32) {
                for r in rowsOf[Int(v)] where isIn[Int(r)] && rowMark[Int(r)] != epoch {
                    var before = rest[Int(r)].constant, after = before, size = abs(before)
                    for (u, a) in rest[Int(r)].terms {
                        let x = point[Int(u)]
                        let j = Int(index[Int(u)])
                        before += a * x
                        after += a * (j < 0 || j >= step.count ? x : x + step[j] + shift(of: u))
                        size += abs(a * x)
                    }
                    if rest[Int(r)].wrongWay(after) > rest[Int(r)].wrongWay(before) + 1e-12 * size {
                        rowMark[Int(r)] = epoch
                        broken.append(Int(r))
                    }
                }
            }
            func scanAliased(_ from: Int) {
                for v in aliased[from...] {
                    let j = Int(index[Int(v)])
                    if j < step.count && step[j] + shifts[Int(v)] != 0 { scan(v) }
                }
            }
            for (k, v) in variables.enumerated() where k < step.count && step[k] != 0 { scan(v) }
            scanAliased(0)
            // Every row taken in counts towards ``maximumRows``, aliased or not.
            var brokenCount = broken.count
            if aliasesEqualities {
                // The rows of the variables aliased move with them: those
                // they break are taken in too, aliased or not, in the same round.
                nextRound()
                var rows: [Int] = [], from = aliased.count
                while !broken.isEmpty {
                    rows += aliasing(broken, &aliased, point: point)
                    broken = []
                    scanAliased(from)
                    from = aliased.count
                    brokenCount += broken.count
                }
                broken = rows
            }
            if broken.isEmpty || taken + brokenCount > maximumRows { return false }
            if let probeRow {
                core.remove(probeRow)
                probeRowsRemoved += 1
            }
            for r in broken {
                let row = shifted(rest[r].terms, rest[r].constant)
                // They hold together at `point`; a conflict is rounding: no answer.
                guard (try? core.add(terms: row.terms, constant: row.constant, relation: rest[r].relation,
                                     priority: .required, tag: Int32(r))) != nil
                else { return false }
            }
            taken += brokenCount
            rowsTaken += broken.count
            if recordsRounds { roundRows += broken }
        }
    }
}

extension RowsAlongTheMove {
    /// `x`'s shift from the variable it is aliased to (0 when not aliased).
    fileprivate func shift(of x: Int32) -> Double {
        shifts.isEmpty ? 0 : shifts[Int(x)]
    }

    /// Starts a round's marks of the variables its rows bring in.
    fileprivate func nextRound() {
        if pending.isEmpty { pending = [UInt32](repeating: 0, count: index.count) }
        pendingEpoch &+= 1
        if pendingEpoch == 0 {
            for v in pending.indices { pending[v] = 0 }
            pendingEpoch = 1
        }
    }

    /// Takes in as aliases the equalities of `broken` (in order) that say
    /// `a·x − a·y + c = 0` once the variables already aliased are
    /// replaced, with `x` new to the relaxation (neither in it nor in a
    /// row of this round not aliased) and `y` in it: `x` is then carried
    /// along by `y` (`x − point = y − point + shift`); the others are
    /// given back, to be added as rows.
    ///
    /// The relaxation stays one of the rows in: its points are those of
    /// the rows taken in, aliased or added, with each aliased variable
    /// left out (its value follows from its alias's), so a probe that
    /// cannot push the expression there cannot on the rows in.
    fileprivate func aliasing(_ broken: [Int], _ aliased: inout [Int32], point: [Double]) -> [Int] {
        var added: [Int] = []
        for r in broken {
            let row = rest[r]
            if row.relation == .equal, let (x, y, d) = alias(row, point: point) {
                index[Int(x)] = index[Int(y)]
                if shifts.isEmpty { shifts = [Double](repeating: 0, count: index.count) }
                shifts[Int(x)] = d
                aliased.append(x)
                rowsAliased += 1
                if recordsRounds { roundRows.append(r) }
                continue
            }
            for (v, _) in row.terms where index[Int(v)] < 0 { pending[Int(v)] = pendingEpoch }
            added.append(r)
        }
        return added
    }

    /// For an equality over one new variable `x` (coefficient `a`) and
    /// variables in the relaxation whose terms, summed by the variable
    /// each stands for, leave one variable `y` with `−a`: `x`, `y` and
    /// `x`'s shift from `y`; nil otherwise.
    private func alias(_ row: ConstraintSystem.InertCandidate, point: [Double]) -> (Int32, Int32, Double)? {
        var x: Int32 = -1, a = 0.0
        var c = row.constant
        // The variables in, by the local each stands for, with their summed coefficients.
        var locals: [(local: Int32, variable: Int32, sum: Double)] = []
        for (v, b) in row.terms {
            let j = index[Int(v)]
            if j < 0 {
                if pending[Int(v)] == pendingEpoch || (x >= 0 && x != v) { return nil }
                x = v
                a += b
                c += b * point[Int(v)]
                continue
            }
            c += b * (point[Int(v)] + shift(of: v))
            if let k = locals.firstIndex(where: { $0.local == j }) {
                locals[k].sum += b
            } else {
                locals.append((j, v, b))
            }
        }
        guard x >= 0, a != 0 else { return nil }
        let left = locals.filter { $0.sum != 0 }
        guard left.count == 1, left[0].sum == -a else { return nil }
        // With every variable at its point plus its move (a variable in:
        // its local's move plus its shift), the row is a·(x's move) −
        // a·(the local's move) + c = 0: x's move is the local's − c/a.
        let y = left[0].variable
        return (x, y, -c / a)
    }
}

/// A way of deciding probes that is kept on trial: asked for the first
/// `onTrial` probes, then only while at least half of those asked decided
/// theirs. Where it mostly fails, each failure costs its work and then
/// the ways after it anyway.
enum OnTrial {
    static func goesOn(tried: Int, decided: Int, onTrial: Int) -> Bool {
        tried < onTrial || 2 * decided >= tried
    }
}
