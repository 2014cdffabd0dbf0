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
final class RowsAlongTheMove {
    private let rest: [ConstraintSystem.InertCandidate]
    private let rowsOf: [[Int32]]
    /// Each variable's index in the relaxation being built (-1 when not in it).
    private var index: [Int32]
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
         reusesCore: Bool = true, testsOnTrial: Int? = RowsAlongTheMove.standardTestsOnTrial) {
        self.rest = rest
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
        epoch &+= 1
        if epoch == 0 {
            for r in rowMark.indices { rowMark[r] = 0 }
            epoch = 1
        }
        let core = relaxation.emptied(variableCount: 0)
        var variables: [Int32] = []
        defer { for v in variables { index[Int(v)] = -1 } }
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
                return (local(v), a)
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
            if !can {
                held += 1
                return true
            }
            // The rows in that the move breaks, beyond how `point` breaks them.
            var broken: [Int] = []
            for (k, v) in variables.enumerated() where k < step.count && step[k] != 0 {
                for r in rowsOf[Int(v)] where isIn[Int(r)] && rowMark[Int(r)] != epoch {
                    var before = rest[Int(r)].constant, after = before, size = abs(before)
                    for (u, a) in rest[Int(r)].terms {
                        let x = point[Int(u)]
                        let j = Int(index[Int(u)])
                        before += a * x
                        after += a * (j >= 0 && j < step.count ? x + step[j] : x)
                        size += abs(a * x)
                    }
                    if rest[Int(r)].wrongWay(after) > rest[Int(r)].wrongWay(before) + 1e-12 * size {
                        rowMark[Int(r)] = epoch
                        broken.append(Int(r))
                    }
                }
            }
            if broken.isEmpty || taken + broken.count > maximumRows { return false }
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
            taken += broken.count
            rowsTaken += broken.count
        }
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
