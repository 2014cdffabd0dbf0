import PlumbTestSupport
import Testing
@testable import PlumbClp
@testable import PlumbSolver

/// The columns that rows fix through chains of rows
/// (`ClpPartSolver.valuesFixedThroughChains`), which split the face's
/// settling LP into pieces (`settlingGroups`) where a column shared by
/// many rows is fixed only through another row: on `priorities` the guide,
/// pushed off its wish, is fixed by a row tying it to the root's edge,
/// itself fixed by a row of one column. Against values known by construction, the
/// one pass (`valuesFixedByRows`), the one LP (`settlesGroupsApart` off),
/// the pieces found without the chains (`groupsThroughChains` off), and
/// the tableau's probes (`diagnose` without faces).
@Suite struct FaceChainedColumnsTests {
    typealias Row = FaceRowsSettledTests.Row

    /// The values both functions find on `rows` over `columns` columns
    /// (no error columns), with the columns of `boundFixed` fixed by their
    /// bounds at the given values.
    static func fixed(_ columns: Int, _ rows: [Row], boundFixed: [Int: Double] = [:])
        -> (chained: [Double], onePass: [Double]) {
        let part = FaceRowsSettledTests.part(columns, rows)
        let none = [Int32](repeating: -1, count: rows.count)
        let infinity = PartModel.infinity
        var rl = [Double](), ru = [Double]()
        for row in rows {
            // Σ a·x + c ⋈ 0: Σ a·x in [−c, −c], [−c, ∞) or (−∞, −c].
            rl.append(row.relation == .lessOrEqual ? -infinity : -row.constant)
            ru.append(row.relation == .greaterOrEqual ? infinity : -row.constant)
        }
        var cl = [Double](repeating: -infinity, count: columns), cu = [Double](repeating: infinity, count: columns)
        for (j, v) in boundFixed {
            cl[j] = v
            cu[j] = v
        }
        let chained = ClpPartSolver.valuesFixedThroughChains(
            part, errors: (none, none), columns: columns, rowLower: rl, rowUpper: ru, columnLower: cl, columnUpper: cu)
        let onePass = ClpPartSolver.valuesFixedByRows(
            part, errors: (none, none), columns: columns, rowLower: rl, rowUpper: ru, columnLower: cl, columnUpper: cu)
        return (chained, onePass)
    }

    @Test func aChainFixesEachColumnInTurn() {
        // x0 = 3; 2·x1 − x0 = 5 (x1 = 4); x2 − x1 − x5 = 1 with x5 fixed
        // at 2 by its bounds (x2 = 7); x3 − x2 ≥ 0 beside x3 − x2 ≤ 0
        // (x3 = 7); x4 + x3 ≥ 1 bounds x4 from one side only; x6 + x7 = 1
        // has two free columns.
        let rows: [Row] = [
            ([(0, 1)], -3, .equal, .required),
            ([(1, 2), (0, -1)], -5, .equal, .required),
            ([(2, 1), (1, -1), (5, -1)], -1, .equal, .required),
            ([(3, 1), (2, -1)], 0, .greaterOrEqual, .required),
            ([(3, 1), (2, -1)], 0, .lessOrEqual, .required),
            ([(4, 1), (3, 1)], -1, .greaterOrEqual, .required),
            ([(6, 1), (7, 1)], -1, .equal, .required),
        ]
        let (chained, onePass) = Self.fixed(8, rows, boundFixed: [5: 2])
        let expected: [Double?] = [3, 4, 7, 7, nil, nil, nil, nil]
        for j in 0 ..< 8 {
            #expect(chained[j].isNaN == (expected[j] == nil) && (expected[j].map { $0 == chained[j] } ?? true),
                    "x\(j): \(chained[j])")
        }
        // One pass sees only the row of one column.
        #expect(onePass[0] == 3)
        #expect((1 ..< 8).allSatisfy { onePass[$0].isNaN }, "\(onePass)")
    }

    /// Random trees of required equalities over a point of small integers:
    /// a root fixed by a row of one column (an equality, or two opposite
    /// inequalities), each other tree column tied by an equality to one
    /// fixed before it (coefficients 1 to 3 either sign, sometimes with a
    /// column fixed by its bounds), and loose columns in rows of two loose
    /// columns or one-sided rows. Returns the rows, the point, which
    /// columns the tree fixes and the columns fixed by bounds.
    static func randomChains(seed: UInt64)
        -> (columns: Int, rows: [Row], point: [Double], inTree: [Bool], boundFixed: [Int: Double]) {
        var rng = SplitMix64(seed: 0xC4A1_E063 &+ seed)
        func pick<T>(_ values: [T]) -> T { values[Int(rng.next() % UInt64(values.count))] }
        let tree = Int(2 + rng.next() % 10), loose = Int(1 + rng.next() % 5), bounded = 2
        let columns = tree + loose + bounded
        let point = (0 ..< columns).map { _ in Double(Int(rng.next() % 41) - 20) }
        func constant(_ terms: [(Int32, Double)]) -> Double { -terms.reduce(0) { $0 + $1.1 * point[Int($1.0)] } }
        var boundFixed: [Int: Double] = [:]
        for b in 0 ..< bounded { boundFixed[tree + loose + b] = point[tree + loose + b] }
        var rows: [Row] = []
        // The tree's columns in a shuffled order; the first is the root.
        var order = Array(0 ..< tree)
        for k in stride(from: tree - 1, to: 0, by: -1) { order.swapAt(k, Int(rng.next() % UInt64(k + 1))) }
        let root: [(Int32, Double)] = [(Int32(order[0]), pick([1.0, 2, -3]))]
        if rng.next() % 2 == 0 {
            rows.append((root, constant(root), .equal, .required))
        } else {
            rows.append((root, constant(root), .greaterOrEqual, .required))
            rows.append((root, constant(root), .lessOrEqual, .required))
        }
        for k in 1 ..< tree {
            let parent = order[Int(rng.next() % UInt64(k))]
            var terms: [(Int32, Double)] = [(Int32(order[k]), pick([1.0, -1, 2, 3])),
                                            (Int32(parent), pick([1.0, -1, -2]))]
            if rng.next() % 3 == 0 { terms.append((Int32(tree + loose + Int(rng.next() % 2)), pick([1.0, -1]))) }
            terms.shuffle(using: &rng)
            rows.append((terms, constant(terms), .equal, .required))
        }
        // Loose columns: each in a row with another loose column, and
        // one-sided rows with tree columns.
        for l in 0 ..< loose {
            let j = Int32(tree + l), other = Int32(tree + Int(rng.next() % UInt64(loose)))
            let pair: [(Int32, Double)] = other == j ? [(j, 1)] : [(j, 1), (other, pick([1.0, -1]))]
            rows.append((pair, constant(pair) + (pair.count == 1 ? -2 : 0),
                         pair.count == 1 ? .greaterOrEqual : .equal, .required))
            let side: [(Int32, Double)] = [(j, pick([1.0, -2])), (Int32(Int(rng.next() % UInt64(tree))), 1)]
            rows.append((side, constant(side) + pick([0.0, 3]), pick([Relation.greaterOrEqual, .lessOrEqual]),
                         .required))
        }
        rows.shuffle(using: &rng)
        let inTree = (0 ..< columns).map { $0 < tree }
        return (columns, rows, point, inTree, boundFixed)
    }

    @Test(arguments: 0 ..< 200)
    func randomChainsFixTheTreeAtThePoint(seed: UInt64) {
        let chains = Self.randomChains(seed: seed)
        let (chained, onePass) = Self.fixed(chains.columns, chains.rows, boundFixed: chains.boundFixed)
        for j in 0 ..< chains.columns {
            if chains.inTree[j] {
                // Integers, coefficients of 1 to 3: exact.
                #expect(abs(chained[j] - chains.point[j]) <= 1e-12 * max(1, abs(chains.point[j])),
                        "seed \(seed), x\(j): \(chained[j]) against \(chains.point[j])")
            } else {
                #expect(chained[j].isNaN, "seed \(seed), x\(j) loose: \(chained[j])")
            }
            // What one pass fixes, the chains fix at the same value.
            if !onePass[j].isNaN { #expect(onePass[j] == chained[j], "seed \(seed), x\(j)") }
        }
    }

    @Test func randomChainsReachPastOnePass() {
        // The property above means something only if the trees are deeper
        // than one pass sees.
        var beyond = 0
        for seed in 0 ..< 200 as Range<UInt64> {
            let chains = Self.randomChains(seed: seed)
            let (chained, onePass) = Self.fixed(chains.columns, chains.rows, boundFixed: chains.boundFixed)
            beyond += (0 ..< chains.columns).filter { !chained[$0].isNaN && onePass[$0].isNaN }.count
        }
        #expect(beyond >= 500, "\(beyond) columns fixed beyond one pass")
    }

    /// A part like `priorities`: a guide wishing to be at 120 (level 250)
    /// and blocks of 2 to 4 items at or right of it; each block's first
    /// item wishes to be at its place (level 750, an equality, or a pair of
    /// one-sided rows), the next items after the one before (tight or
    /// loose), with wishes at levels 500 and 250 either way. One block
    /// (the first) holds its first item at `guide + 4` by a required
    /// equality, through a chain of 0 to 2 columns, so the guide is fixed
    /// only through that chain. Blocks are sometimes tied to the next by a
    /// required row.
    static func guidePart(seed: UInt64) -> LinearPart {
        var rng = SplitMix64(seed: 0x6D1D_E063 &+ seed)
        func pick<T>(_ values: [T]) -> T { values[Int(rng.next() % UInt64(values.count))] }
        var rows: [Row] = []
        var point: [Double] = [Double(Int(rng.next() % 20))]  // the guide, left of its wish
        func column(_ value: Double) -> Int32 {
            point.append(value)
            return Int32(point.count - 1)
        }
        func constant(_ terms: [(Int32, Double)]) -> Double { -terms.reduce(0) { $0 + $1.1 * point[Int($1.0)] } }
        let guide: Int32 = 0
        rows.append(([(guide, 1)], -120, .equal, 250))
        var previousLast: Int32? = nil
        for b in 0 ..< Int(3 + rng.next() % 5) {
            let first = column(point[0] + 4 + (b == 0 ? 0 : Double(rng.next() % 3)))
            if b == 0 {
                // first = guide + 4 through a chain: first − c1 = d1, c1 − c2 = d2, …, ck − guide = dk.
                var from = first
                for _ in 0 ..< Int(rng.next() % 3) {
                    let link = column(point[Int(from)] - Double(Int(rng.next() % 5)))
                    let terms: [(Int32, Double)] = [(from, 1), (link, -1)]
                    rows.append((terms, constant(terms), .equal, .required))
                    from = link
                }
                let terms: [(Int32, Double)] = [(from, 1), (guide, -1)]
                rows.append((terms, constant(terms), .equal, .required))
            } else {
                let terms: [(Int32, Double)] = [(first, 1), (guide, -1)]
                rows.append((terms, constant(terms) - 4, .greaterOrEqual, .required))
            }
            if rng.next() % 2 == 0 {
                rows.append(([(first, 1)], -point[Int(first)], .equal, 750))
            } else {
                rows.append(([(first, 1)], -point[Int(first)], .greaterOrEqual, 750))
                rows.append(([(first, 1)], -point[Int(first)], .lessOrEqual, 750))
            }
            var last = first
            for _ in 1 ..< Int(2 + rng.next() % 3) {
                let gap = pick([0.0, 0, 3])
                let item = column(point[Int(last)] + 6 + gap)
                let terms: [(Int32, Double)] = [(item, 1), (last, -1)]
                rows.append((terms, constant(terms) + gap, .greaterOrEqual, .required))
                rows.append(([(item, 1)], -point[Int(item)] + Double(Int(rng.next() % 9) - 4),
                             pick([Relation.equal, .lessOrEqual, .greaterOrEqual]), pick([500, 250])))
                last = item
            }
            if let previousLast, rng.next() % 4 == 0 {
                let terms: [(Int32, Double)] = [(last, 1), (previousLast, -1)]
                rows.append((terms, constant(terms) + pick([0.0, 5]), .greaterOrEqual, .required))
            }
            previousLast = last
        }
        return FaceRowsSettledTests.part(point.count, rows)
    }

    /// The face of `part` three ways: pieces through the chains (the
    /// default), pieces through one pass, and the one LP.
    static func faces(_ part: LinearPart)
        -> (chained: ClpPartSolver.Outcome, onePass: ClpPartSolver.Outcome, whole: ClpPartSolver.Outcome) {
        let chained = ClpPartSolver(splitsRemainders: false)
        var onePass = chained
        onePass.groupsThroughChains = false
        var whole = chained
        whole.settlesGroupsApart = false
        return ClpPartSolver.lock.withLock { _ in
            (chained.solveLocked(part, face: true), onePass.solveLocked(part, face: true),
             whole.solveLocked(part, face: true))
        }
    }

    @Test(arguments: 0 ..< 120)
    func theFacePieceByPieceIsTheOneLPs(seed: UInt64) {
        let (chained, onePass, whole) = Self.faces(Self.guidePart(seed: seed))
        #expect(whole.fixedRows != nil, "seed \(seed)")
        #expect(chained.fixedRows == whole.fixedRows, "seed \(seed)")
        #expect(chained.faceRows == whole.faceRows, "seed \(seed)")
        #expect(chained.values == whole.values, "seed \(seed)")
        #expect(onePass.fixedRows == whole.fixedRows, "seed \(seed)")
    }

    @Test func theGuideSplitsTheFaceOnlyThroughTheChains() {
        // The property above means something only if the chained pieces
        // split parts one pass leaves whole, and leave rows both fixed and
        // free.
        var splitByChains = 0, onlyByChains = 0, freed = 0
        for seed in 0 ..< 120 as Range<UInt64> {
            let (chained, onePass, _) = Self.faces(Self.guidePart(seed: seed))
            if chained.settlingGroups > 1 { splitByChains += 1 }
            if chained.settlingGroups > 1 && onePass.settlingGroups == 0 { onlyByChains += 1 }
            if chained.settlingGroups > 1, chained.fixedRows?.contains(false) == true,
               chained.fixedRows?.contains(true) == true { freed += 1 }
        }
        #expect(splitByChains >= 60, "\(splitByChains) of 120 split through the chains")
        // (The guide often reaches its wish, and one pass splits those.)
        #expect(onlyByChains >= 10, "\(onlyByChains) of 120 split only through the chains")
        #expect(freed >= 30, "\(freed) split with rows fixed and free")
    }

    // Every seed in the plain pass; in scripts/test.sh's pass with the
    // simplex checking its invariants after every operation, where the
    // tableau's probes (the second method) make a seed cost about four
    // times more (145 s for the 60, one test at a time on a busy machine,
    // against 37 s), the first 12.
    @Test(arguments: 0 ..< (SimplexCore.checksInvariants ? 12 : 60) as Range<UInt64>)
    func theDiagnosisThroughThePiecesIsTheTableaus(seed: UInt64) {
        // The component's redundant and ineffective rows, conflicts and
        // free measures from the face (split into pieces) against the
        // tableau's probes on the whole system.
        let part = Self.guidePart(seed: seed)
        var s = ConstraintSystem()
        s.addVariables(part.variableCount)
        for i in 0 ..< part.rowCount {
            let range = Int(part.rowStart[i]) ..< Int(part.rowStart[i + 1])
            s.addRow(range.map { (VariableIndex(rawValue: part.columns[$0]), part.coefficients[$0]) },
                     constant: part.constants[i], relation: part.relations[i], priority: part.priorities[i],
                     origin: Origin(kind: .constraint, index: i, text: "row \(i)"))
        }
        let forms = (0 ..< Int32(part.variableCount)).map { [(VariableIndex(rawValue: $0), 1.0)] }
        let byFaces = s.diagnose(measuring: forms, split: true,
                                 faces: FaceOptions(solver: ClpPartSolver(), threshold: 2))
        let byProbes = s.diagnose(measuring: forms, split: false, faces: nil)
        #expect(byFaces == byProbes, "seed \(seed)")
    }
}
