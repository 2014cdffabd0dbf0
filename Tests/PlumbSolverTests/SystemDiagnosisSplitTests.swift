import PlumbClp
import PlumbTestSupport
import Synchronization
import Testing
@testable import PlumbSolver

/// ``ConstraintSystem/diagnose(measuring:)`` component by component (the
/// default) against the whole system on one simplex (`split: false`).
@Suite struct SystemDiagnosisSplitTests {
    private typealias Row = ([(Int32, Double)], Double, Relation, Priority)

    private func system(_ variables: Int, _ rows: [Row]) -> ConstraintSystem {
        var s = ConstraintSystem()
        s.addVariables(variables)
        for (i, row) in rows.enumerated() {
            s.addRow(row.0.map { (VariableIndex(rawValue: $0.0), $0.1) }, constant: row.1, relation: row.2,
                     priority: row.3, origin: Origin(kind: .constraint, index: i, text: "row \(i)"))
        }
        return s
    }

    private func v(_ i: Int32) -> VariableIndex { VariableIndex(rawValue: i) }

    /// Both ways, which must agree; returns the split one.
    private func diagnoseBothWays(_ s: ConstraintSystem, _ forms: [[(VariableIndex, Double)]],
                                  sourceLocation: SourceLocation = #_sourceLocation) -> SystemDiagnosis {
        let split = s.diagnose(measuring: forms, split: true)
        let whole = s.diagnose(measuring: forms, split: false)
        #expect(split == whole, sourceLocation: sourceLocation)
        return split
    }

    @Test func formsAcrossComponents() {
        // Component A: x0 = 5, x1 = x0 + 2 (both fixed). Component B: x2 >= 0, x3 = x2 + 10 (x2, x3
        // free, x3 - x2 fixed). Component C: x4 = 1 @ 500 (fixed by an optional row).
        let s = system(5, [
            ([(0, 1)], -5, .equal, .required),
            ([(1, 1), (0, -1)], -2, .equal, .required),
            ([(2, 1)], 0, .greaterOrEqual, .required),
            ([(3, 1), (2, -1)], -10, .equal, .required),
            ([(4, 1)], -1, .equal, .medium),
        ])
        let forms: [[(VariableIndex, Double)]] = [
            [(v(1), 1), (v(0), -1)],      // 0: within A, fixed
            [(v(1), 1), (v(2), -1)],      // 1: A and B, B's part free
            [(v(3), 1), (v(2), -1)],      // 2: within B, fixed although both edges are free
            [(v(0), 1), (v(4), 1)],       // 3: A and C, both fixed
            [(v(3), 1), (v(2), -1), (v(4), 2)],  // 4: B's part fixed, C's fixed
            [(v(2), 1)],                  // 5: free
        ]
        let d = diagnoseBothWays(s, forms)
        #expect(d.freeMeasures == [1, 5])
        #expect(d.conflicts.isEmpty)
        #expect(d.redundantRows.isEmpty)
        #expect(d.ineffectiveRows.isEmpty)
    }

    @Test func privateVariablesAndInertRowsInSeveralComponents() {
        let s = system(6, [
            ([(0, 1)], -5, .equal, .required),                      // 0: x0 = 5
            ([(1, 1), (0, -1)], -1, .greaterOrEqual, .required),    // 1: x1 >= x0 + 1 (x1 only here)
            ([(1, 1)], -20, .equal, .low),                          // 2: x1 = 20 @ 250, decides x1
            ([(2, 1), (3, -1)], 0, .greaterOrEqual, .required),     // 3: x2 >= x3
            ([(3, 1)], 0, .greaterOrEqual, .required),              // 4: x3 >= 0
            ([(2, 1)], 0, .greaterOrEqual, .required),              // 5: x2 >= 0, implied by 3 and 4
            ([(2, 1), (3, -1)], 0, .greaterOrEqual, .required),     // 6: a duplicate of 3
            ([(2, 1)], 1, .greaterOrEqual, .medium),                // 7: x2 >= -1 @ 500: always holds
            ([(4, 1)], -3, .equal, Priority(100)),                  // 8: x4 = 3 @ 100: x4 in no required row
            ([(5, 1)], -4, .equal, .required),                      // 9: x5 = 4
            ([(5, 1)], -9, .equal, .high),                          // 10: x5 = 9 @ 750: fixed where it fails
        ])
        let d = diagnoseBothWays(s, (0 ..< 6).map { [(v(Int32($0)), 1)] })
        #expect(d.conflicts.isEmpty)
        #expect(d.redundantRows == [5, 6].map { RowIndex($0) })
        #expect(d.ineffectiveRows == [7, 10].map { RowIndex($0) })
        #expect(d.freeMeasures == [2, 3])
    }

    @Test func optionalRowsOnVariablesThatDifferByAConstant() {
        let s = system(2, [
            ([(1, 1), (0, -1)], -2, .equal, .required),         // 0: x1 = x0 + 2
            ([(0, 1)], 0, .greaterOrEqual, .required),          // 1: x0 >= 0
            ([(0, 1)], -10, .lessOrEqual, .required),           // 2: x0 <= 10
            ([(1, 1)], -1, .greaterOrEqual, .medium),           // 3: x1 >= 1 @ 500: always (x1 >= 2)
            ([(1, 1)], -20, .lessOrEqual, .low),                // 4: x1 <= 20 @ 250: always (x1 <= 12)
            ([(1, 1)], -5, .equal, .low),                       // 5: x1 = 5 @ 250: decides x0 and x1
            ([(1, 1), (0, -1)], -2, .equal, Priority(100)),     // 6: x1 - x0 = 2 @ 100: always
            ([(1, 1), (0, -1)], -3, .equal, Priority(100)),     // 7: x1 - x0 = 3 @ 100: never, and fixed
            ([(1, 2), (0, -1)], -30, .greaterOrEqual, Priority(100)), // 8: x0 + 4 >= 30 @ 100: can matter
            ([(1, 1)], -12, .lessOrEqual, Priority(50)),        // 9: x1 <= 12 @ 50: always, at the edge
        ])
        let d = diagnoseBothWays(s, [[(v(0), 1)], [(v(1), 1)]])
        #expect(d.ineffectiveRows == [3, 4, 6, 7, 9].map { RowIndex($0) })
        #expect(d.redundantRows.isEmpty)
        #expect(d.freeMeasures.isEmpty)
    }

    @Test func formsOverVariablesThatDifferByAConstant() {
        // x1 = x0 + 2 with x0 in [0, 10] pulled to 5 @ 250: all fixed. x3 = x2 + 1, x2 >= 0:
        // x2 and x3 free, x3 - x2 fixed. x4 = x2 + 7 with x4 >= 3 @ 100, which always holds
        // (x4 >= 7): x4 free too.
        let s = system(5, [
            ([(1, 1), (0, -1)], -2, .equal, .required),     // 0
            ([(0, 1)], 0, .greaterOrEqual, .required),      // 1
            ([(0, 1)], -10, .lessOrEqual, .required),       // 2
            ([(0, 1)], -5, .equal, .low),                   // 3
            ([(3, 1), (2, -1)], -1, .equal, .required),     // 4
            ([(2, 1)], 0, .greaterOrEqual, .required),      // 5
            ([(4, 1)], -3, .greaterOrEqual, Priority(100)), // 6
            ([(4, 1), (2, -1)], -7, .equal, .required),     // 7
        ])
        let forms: [[(VariableIndex, Double)]] = [
            [(v(0), 1)], [(v(1), 1)], [(v(1), 1), (v(0), -1)], [(v(1), 2), (v(0), -1)],   // 0-3: fixed
            [(v(2), 1)], [(v(3), 1)], [(v(3), 1), (v(2), -1)], [(v(3), -3)],             // 4, 5, 7 free
            [(v(4), 1), (v(3), -1)], [(v(4), 1), (v(0), 1)],                             // 8 fixed, 9 free
        ]
        let d = diagnoseBothWays(s, forms)
        #expect(d.freeMeasures == [4, 5, 7, 9])
    }

    @Test func rowsHeldOnlyByLooseEnds() {
        // x1 = x0 + 5, with x2 = x1 and x3 = x1 + 1 hanging off x1 (as a table's cells off their
        // column), and x1 <= 100. Row 5 repeats row 1, so x2 is no loose end until row 5 goes.
        let s = system(4, [
            ([(1, 1), (0, -1)], -5, .equal, .required),     // 0
            ([(2, 1), (1, -1)], 0, .equal, .required),      // 1
            ([(3, 1), (1, -1)], -1, .equal, .required),     // 2
            ([(0, 1)], 0, .greaterOrEqual, .required),      // 3
            ([(1, 1)], -100, .lessOrEqual, .required),      // 4
            ([(2, 1), (1, -1)], 0, .equal, .required),      // 5
            ([(3, 1), (0, -1)], -6, .equal, .required),     // 6: implied by 0 and 2
        ])
        let d = diagnoseBothWays(s, (0 ..< 4).map { [(v(Int32($0)), 1)] })
        #expect(d.redundantRows == [5, 6].map { RowIndex($0) })
        #expect(d.freeMeasures == [0, 1, 2, 3])
    }

    @Test func conflictsAreLeftOutPerComponent() {
        // x0 = 1 and x0 = 3 conflict (A); with both left out, x0 >= 0 is the only row on x0, so
        // not redundant. x1 <= 2, x1 >= 2 pin x1 (B); x2 = x1; x1 <= 5 is implied by x1 <= 2.
        let s = system(3, [
            ([(0, 1)], -1, .equal, .required),
            ([(0, 1)], -3, .equal, .required),
            ([(1, 1)], -2, .lessOrEqual, .required),
            ([(1, 1)], -2, .greaterOrEqual, .required),
            ([(2, 1), (1, -1)], 0, .equal, .required),
            ([(0, 1)], 0, .greaterOrEqual, .required),
            ([(1, 1)], -5, .lessOrEqual, .required),
        ])
        let d = diagnoseBothWays(s, (0 ..< 3).map { [(v(Int32($0)), 1)] })
        #expect(d.conflicts == [[RowIndex(0), RowIndex(1)]])
        #expect(d.freeMeasures.isEmpty)
        #expect(d.redundantRows == [RowIndex(6)])
    }

    /// A random system of coupled parts: grids whose cells share column and
    /// row edges, content sizes at random levels, random inequalities
    /// between edges, duplicated and loosened rows (redundant), and now and
    /// then a pinned edge pinned again elsewhere (a conflict).
    private func randomSystem(_ rng: inout SplitMix64) -> (ConstraintSystem, [[(VariableIndex, Double)]]) {
        var rows: [Row] = []
        var variables: Int32 = 0
        var forms: [[(VariableIndex, Double)]] = []
        let levels: [Priority] = [.high, .medium, .low, Priority(100)]
        func level() -> Priority { levels[Int.random(in: 0 ..< levels.count, using: &rng)] }
        func fresh(_ n: Int32) -> Int32 { defer { variables += n }; return variables }
        for _ in 0 ..< Int.random(in: 1 ... 3, using: &rng) {
            let columns = Int32.random(in: 1 ... 3, using: &rng), gridRows = Int32.random(in: 1 ... 3, using: &rng)
            let x = fresh(columns + 1), y = fresh(gridRows + 1)
            rows.append(([(x, 1)], 0, .equal, .required))
            rows.append(([(y, 1)], 0, .equal, .required))
            for r in 0 ..< gridRows {
                for c in 0 ..< columns {
                    // A cell: its width and height variables between shared edges.
                    let w = fresh(2), h = w + 1
                    rows.append(([(x + c + 1, 1), (x + c, -1), (w, -1)], 0, .greaterOrEqual, .required))
                    rows.append(([(y + r + 1, 1), (y + r, -1), (h, -1)], 0, .greaterOrEqual, .required))
                    rows.append(([(w, 1)], -Double(Int.random(in: 10 ... 40, using: &rng)), .greaterOrEqual, level()))
                    rows.append(([(w, 1)], -Double(Int.random(in: 10 ... 40, using: &rng)), .lessOrEqual, level()))
                    if Bool.random(using: &rng) {
                        rows.append(([(h, 1)], -Double(Int.random(in: 5 ... 20, using: &rng)), .equal, level()))
                    }
                    forms.append([(VariableIndex(rawValue: w), 1)])
                    forms.append([(VariableIndex(rawValue: h), 1)])
                }
            }
            // Edges pulled together at a low level, or the last one pinned.
            if Bool.random(using: &rng) {
                rows.append(([(x + columns, 1)], -Double(40 * columns), .lessOrEqual, level()))
            }
            if Bool.random(using: &rng) {
                rows.append(([(y + gridRows, 1)], -Double(30 * gridRows), .equal, level()))
            }
            for e in 0 ..< columns { forms.append([(VariableIndex(rawValue: x + e + 1), 1), (VariableIndex(rawValue: x + e), -1)]) }
            for e in 0 ... gridRows { forms.append([(VariableIndex(rawValue: y + e), 1)]) }
        }
        // Random inequalities between any two variables (coupling parts now and then).
        for _ in 0 ..< Int.random(in: 0 ... 4, using: &rng) {
            let a = Int32.random(in: 0 ..< variables, using: &rng), b = Int32.random(in: 0 ..< variables, using: &rng)
            guard a != b else { continue }
            let relation: Relation = Bool.random(using: &rng) ? .greaterOrEqual : .lessOrEqual
            let priority: Priority = Int.random(in: 0 ..< 3, using: &rng) == 0 ? .required : level()
            rows.append(([(a, 1), (b, Double([-1, -2, 1].randomElement(using: &rng)!))],
                         -Double(Int.random(in: -50 ... 50, using: &rng)), relation, priority))
        }
        // Required equalities x = y + d (aliases) and optional rows on the aliased variables.
        for _ in 0 ..< Int.random(in: 0 ... 4, using: &rng) {
            let a = Int32.random(in: 0 ..< variables, using: &rng), b = Int32.random(in: 0 ..< variables, using: &rng)
            guard a != b else { continue }
            rows.append(([(a, 1), (b, -1)], -Double(Int.random(in: -20 ... 20, using: &rng)), .equal, .required))
            for _ in 0 ..< Int.random(in: 0 ... 3, using: &rng) {
                let relation = [Relation.equal, .lessOrEqual, .greaterOrEqual].randomElement(using: &rng)!
                let terms: [(Int32, Double)] = Bool.random(using: &rng) ? [(a, 1)] : [(a, 2), (b, -1)]
                rows.append((terms, -Double(Int.random(in: -60 ... 60, using: &rng)), relation, level()))
            }
        }
        // Redundant rows: duplicates and loosened copies of required rows.
        for _ in 0 ..< Int.random(in: 0 ... 3, using: &rng) {
            let row = rows[Int.random(in: 0 ..< rows.count, using: &rng)]
            guard row.3.isRequired else { continue }
            switch row.2 {
            case .equal: rows.append(row)
            case .greaterOrEqual: rows.append((row.0, row.1 + Double(Int.random(in: 0 ... 5, using: &rng)), row.2, row.3))
            case .lessOrEqual: rows.append((row.0, row.1 - Double(Int.random(in: 0 ... 5, using: &rng)), row.2, row.3))
            }
        }
        // A conflict: an edge pinned to two values.
        if Int.random(in: 0 ..< 3, using: &rng) == 0 {
            let a = Int32.random(in: 0 ..< variables, using: &rng)
            rows.append(([(a, 1)], -500, .equal, .required))
            rows.append(([(a, 1)], -600, .greaterOrEqual, .required))
        }
        // A variable in no row, and a form over two parts.
        let lone = fresh(1)
        forms.append([(VariableIndex(rawValue: lone), 1)])
        forms.append([(VariableIndex(rawValue: 0), 1), (VariableIndex(rawValue: variables - 2), -1)])
        return (system(Int(variables), rows), forms)
    }

    @Test(arguments: 0 ..< 40)
    func splitAgreesWithTheWholeSystem(seed: UInt64) {
        var rng = SplitMix64(seed: 0xD1A6 &+ seed)
        let (s, forms) = randomSystem(&rng)
        let split = s.diagnose(measuring: forms, split: true, faces: nil)
        let whole = s.diagnose(measuring: forms, split: false, faces: nil)
        #expect(split == whole, "seed \(seed)")
    }

    /// Counts the faces an LP code finds, so that the property below is
    /// known to have gone through them.
    private final class CountingFaces: LargePartSolver {
        let inner = ClpPartSolver()
        let found = Atomic<Int>(0)
        var name: String { "counting" }
        func solve(_ part: LinearPart) -> [Double]? { inner.solve(part) }
        func optimalFace(_ part: LinearPart) -> PartFace? {
            let face = inner.optimalFace(part)
            if face != nil { found.add(1, ordering: .relaxed) }
            return face
        }
    }

    @Test(arguments: 0 ..< 60)
    func optimalFacesAgreeWithTheProbes(seed: UInt64) {
        // Every component of two or more variables is decided by its face
        // (those with a conflict go back to the simplex).
        var rng = SplitMix64(seed: 0xD1A6 &+ seed)
        let (s, forms) = randomSystem(&rng)
        let counting = CountingFaces()
        let byFaces = s.diagnose(measuring: forms, split: true, faces: FaceOptions(solver: counting, threshold: 2))
        let whole = s.diagnose(measuring: forms, split: false, faces: nil)
        #expect(byFaces == whole, "seed \(seed)")
        #expect(counting.found.load(ordering: .relaxed) > 0 || s.diagnose(measuring: forms).conflicts.count > 0,
                "seed \(seed)")
    }

    /// A small dense system with any small integer coefficients (not only
    /// edges and differences), any relation and three optional levels, as
    /// the solver's fuzz target makes them, and its forms: each variable,
    /// and a sum of two.
    private func denseSystem(seed: UInt64) -> (ConstraintSystem, [[(VariableIndex, Double)]]) {
        var rng = SplitMix64(seed: 0xFACE &+ seed)
        let variables = Int32.random(in: 2 ... 5, using: &rng)
        let levels: [Priority] = [.required, .required, .high, .medium, .low]
        var rows: [Row] = []
        for _ in 0 ..< Int.random(in: 1 ... 12, using: &rng) {
            let terms = (0 ..< variables).compactMap { v -> (Int32, Double)? in
                let a = Double(Int.random(in: -3 ... 3, using: &rng))
                return a == 0 ? nil : (v, a)
            }
            rows.append((terms, Double(Int.random(in: -40 ... 40, using: &rng)),
                         [Relation.equal, .lessOrEqual, .greaterOrEqual].randomElement(using: &rng)!,
                         levels.randomElement(using: &rng)!))
        }
        var forms: [[(VariableIndex, Double)]] = (0 ..< variables).map { [(v($0), 1)] }
        forms.append([(v(0), 1), (v(1), 1)])
        return (system(Int(variables), rows), forms)
    }

    @Test(arguments: 0 ..< 200)
    func optimalFacesAgreeOnDenseRows(seed: UInt64) {
        let (s, forms) = denseSystem(seed: seed)
        let byFaces = s.diagnose(measuring: forms, split: true, faces: FaceOptions(solver: ClpPartSolver(), threshold: 2))
        let byProbes = s.diagnose(measuring: forms, split: false, faces: nil)
        #expect(byFaces == byProbes, "seed \(seed)")
    }

    @Test func denseSystemsGoThroughFacesWithFreeAndFixedForms() {
        // The property above only means something if most of its systems
        // are decided by a face, with forms of both kinds.
        var faced = 0, free = 0, fixed = 0
        for seed in 0 ..< UInt64(200) {
            let (s, forms) = denseSystem(seed: seed)
            let counting = CountingFaces()
            let d = s.diagnose(measuring: forms, split: true, faces: FaceOptions(solver: counting, threshold: 2))
            if counting.found.load(ordering: .relaxed) > 0 {
                faced += 1
                free += d.freeMeasures.count
                fixed += forms.count - d.freeMeasures.count
            }
        }
        #expect(faced > 100, "\(faced)")
        #expect(free > 50, "\(free)")
        #expect(fixed > 50, "\(fixed)")
    }

    @Test(arguments: 0 ..< 40)
    func equalitiesWholeOrAsTwoInequalitiesGiveTheSameInertRows(seed: UInt64) {
        // The redundancy simplex may hold a required equality as two
        // inequalities (cheaper to take out); the answers must not change.
        var rng = SplitMix64(seed: 0xD1A6 &+ seed)
        let (s, _) = randomSystem(&rng)
        let conflicting = Set(s.findAllConflicts().joined().map(\.int))
        for split in [true, false] {
            let whole = s.findInertRows(leavingOut: conflicting, split: split, equalitiesAsInequalities: false)
            let halves = s.findInertRows(leavingOut: conflicting, split: split, equalitiesAsInequalities: true)
            #expect(whole.redundant == halves.redundant, "seed \(seed) split \(split)")
            #expect(whole.ineffective == halves.ineffective, "seed \(seed) split \(split)")
        }
    }

    @Test func theRandomSystemsExerciseEveryReport() {
        // The property above only means something if its systems have every kind of finding.
        var conflicts = 0, free = 0, redundant = 0, ineffective = 0
        for seed in 0 ..< UInt64(40) {
            var rng = SplitMix64(seed: 0xD1A6 &+ seed)
            let (s, forms) = randomSystem(&rng)
            let d = s.diagnose(measuring: forms)
            conflicts += d.conflicts.count
            free += d.freeMeasures.count
            redundant += d.redundantRows.count
            ineffective += d.ineffectiveRows.count
        }
        #expect(conflicts > 0)
        #expect(free > 0)
        #expect(redundant > 0)
        #expect(ineffective > 0)
    }

    /// Counts the sets of required rows an LP code bounds forms over, so
    /// that the properties below are known to have gone through them.
    private final class CountingRanges: LargePartSolver {
        let inner = ClpPartSolver()
        let made = Atomic<Int>(0)
        var name: String { "counting" }
        func solve(_ part: LinearPart) -> [Double]? { inner.solve(part) }
        func optimalFace(_ part: LinearPart) -> PartFace? { inner.optimalFace(part) }
        func requiredRowRange(_ part: LinearPart) -> (any RequiredRowRange)? {
            let range = inner.requiredRowRange(part)
            if range != nil { made.add(1, ordering: .relaxed) }
            return range
        }
    }

    /// The LP code for every component of two or more variables, filled in or not.
    private func everyComponentOnTheLP(_ solver: CountingRanges) -> FaceOptions {
        FaceOptions(solver: solver, threshold: 2, filledRowLength: 0)
    }

    @Test(arguments: 0 ..< 60)
    func redundancyTestedByTheLPCodeAgreesWithTheProbes(seed: UInt64) {
        // The redundant and ineffective rows found from the LP code's
        // suprema are those the tableau's probes find on the whole system.
        var rng = SplitMix64(seed: 0xD1A6 &+ seed)
        let (s, _) = randomSystem(&rng)
        let conflicting = Set(s.findAllConflicts().joined().map(\.int))
        let byLP = s.findInertRows(leavingOut: conflicting, split: true, faces: everyComponentOnTheLP(CountingRanges()))
        let byProbes = s.findInertRows(leavingOut: conflicting, split: false, faces: nil)
        #expect(byLP.redundant == byProbes.redundant, "seed \(seed)")
        #expect(byLP.ineffective == byProbes.ineffective, "seed \(seed)")
    }

    @Test(arguments: 0 ..< 200)
    func redundancyTestedByTheLPCodeAgreesOnDenseRows(seed: UInt64) {
        let (s, forms) = denseSystem(seed: seed)
        let byLP = s.diagnose(measuring: forms, split: true, faces: everyComponentOnTheLP(CountingRanges()))
        let byProbes = s.diagnose(measuring: forms, split: false, faces: nil)
        #expect(byLP == byProbes, "seed \(seed)")
    }

    @Test func theLPCodeTestsSystemsWithRedundantAndIneffectiveRows() {
        // The properties above only mean something if the LP code answered
        // for most systems, and found rows of both kinds, and rows that are neither.
        var tested = 0, redundant = 0, ineffective = 0, neither = 0
        for seed in 0 ..< UInt64(200) {
            let (s, forms) = denseSystem(seed: seed)
            let counting = CountingRanges()
            let d = s.diagnose(measuring: forms, split: true, faces: everyComponentOnTheLP(counting))
            guard counting.made.load(ordering: .relaxed) > 0 else { continue }
            tested += 1
            redundant += d.redundantRows.count
            ineffective += d.ineffectiveRows.count
            neither += s.rowCount - d.redundantRows.count - d.ineffectiveRows.count
        }
        #expect(tested > 100, "\(tested)")
        #expect(redundant > 10, "\(redundant)")
        #expect(ineffective > 20, "\(ineffective)")
        #expect(neither > 100, "\(neither)")
    }

    /// An LP code whose sets of required rows stop answering after
    /// `answers` suprema (as Clp may on numbers it cannot handle), counting
    /// the questions left unanswered.
    private final class TiringRanges: LargePartSolver {
        let inner = ClpPartSolver()
        let answers: Int
        let unanswered = Atomic<Int>(0)
        init(answers: Int) { self.answers = answers }
        var name: String { "tiring" }
        func solve(_ part: LinearPart) -> [Double]? { inner.solve(part) }
        func optimalFace(_ part: LinearPart) -> PartFace? { inner.optimalFace(part) }
        func requiredRowRange(_ part: LinearPart) -> (any RequiredRowRange)? {
            inner.requiredRowRange(part).map { Tiring($0, answers: answers, owner: self) }
        }

        final class Tiring: RequiredRowRange {
            let wrapped: any RequiredRowRange
            var left: Int
            let owner: TiringRanges
            init(_ wrapped: any RequiredRowRange, answers: Int, owner: TiringRanges) {
                self.wrapped = wrapped
                left = answers
                self.owner = owner
            }
            var point: [Double] { wrapped.point }
            func supremum(of terms: [(Int32, Double)]) -> Double? {
                guard left > 0 else {
                    owner.unanswered.add(1, ordering: .relaxed)
                    return nil
                }
                left -= 1
                return wrapped.supremum(of: terms)
            }
            func takeOut(_ row: Int) { wrapped.takeOut(row) }
            func putBack(_ row: Int) { wrapped.putBack(row) }
        }
    }

    @Test(arguments: 0 ..< 40)
    func anLPCodeThatStopsAnsweringLeavesTheComponentToTheProbes(seed: UInt64) {
        // The answers given before it stopped are dropped: the component's
        // rows are tested again on the simplex, and the findings are the
        // probes'.
        var rng = SplitMix64(seed: 0xD1A6 &+ seed)
        let (s, _) = randomSystem(&rng)
        let conflicting = Set(s.findAllConflicts().joined().map(\.int))
        let tiring = TiringRanges(answers: Int(seed % 4))
        let found = s.findInertRows(leavingOut: conflicting, split: true,
                                    faces: FaceOptions(solver: tiring, threshold: 2, filledRowLength: 0), nearby: nil)
        let byProbes = s.findInertRows(leavingOut: conflicting, split: false, faces: nil)
        #expect(found.redundant == byProbes.redundant, "seed \(seed)")
        #expect(found.ineffective == byProbes.ineffective, "seed \(seed)")
    }

    @Test func theTiringLPCodeStopsAnsweringOnMostSystems() {
        // The property above only means something if the LP code left
        // questions unanswered on most of its systems.
        var stopped = 0
        for seed in 0 ..< UInt64(40) {
            var rng = SplitMix64(seed: 0xD1A6 &+ seed)
            let (s, _) = randomSystem(&rng)
            let conflicting = Set(s.findAllConflicts().joined().map(\.int))
            let tiring = TiringRanges(answers: Int(seed % 4))
            _ = s.findInertRows(leavingOut: conflicting, split: true,
                                faces: FaceOptions(solver: tiring, threshold: 2, filledRowLength: 0), nearby: nil)
            if tiring.unanswered.load(ordering: .relaxed) > 0 { stopped += 1 }
        }
        #expect(stopped >= 30, "\(stopped) of 40")
    }

    @Test func aComponentGoesToTheLPCodeOnlyWhenItsSimplexFillsIn() {
        // Rows of two terms along a chain stay short on the simplex: the
        // probes answer. Sums over wide overlapping windows of the
        // variables stay as long as the windows: the LP code answers.
        func counted(_ rows: [Row], variables: Int) -> Int {
            let counting = CountingRanges()
            let s = system(variables, rows)
            _ = s.findInertRows(leavingOut: [], faces: FaceOptions(solver: counting, threshold: 2))
            return counting.made.load(ordering: .relaxed)
        }
        let n: Int32 = 40
        var chain: [Row] = []
        for i in 0 ..< n - 1 {
            chain.append(([(i + 1, 1), (i, -1)], -8, .greaterOrEqual, .required))
            chain.append(([(i + 1, 1), (i, -1)], -4, .greaterOrEqual, .required))
        }
        #expect(counted(chain, variables: Int(n)) == 0)
        var windows: [Row] = (0 ..< n).map { ([($0, 1)], 0, .greaterOrEqual, .required) }
        for j in 0 ..< n {
            let terms = (0 ..< Int32(36)).map { ((j + $0) % n, 1.0) }
            windows.append((terms, -Double(100 + j), .lessOrEqual, .required))
        }
        #expect(counted(windows, variables: Int(n)) == 1)
    }

    /// Counts the solves an LP code answers and the sets of required rows
    /// it is asked for (see ``ConstraintSystem/findAllConflicts(faces:)``).
    private final class CountingSolves: LargePartSolver {
        let inner = ClpPartSolver()
        let solved = Atomic<Int>(0), ranges = Atomic<Int>(0)
        var name: String { "counting solves" }
        func solve(_ part: LinearPart) -> [Double]? {
            let values = inner.solve(part)
            if values != nil { solved.add(1, ordering: .relaxed) }
            return values
        }
        func optimalFace(_ part: LinearPart) -> PartFace? { inner.optimalFace(part) }
        func requiredRowRange(_ part: LinearPart) -> (any RequiredRowRange)? {
            ranges.add(1, ordering: .relaxed)
            return inner.requiredRowRange(part)
        }
    }

    /// A chain `x0 ≥ 0`, `x(k) ≥ x(k−1) + 1` of 300 rows (one component,
    /// past the 256 rows after which the conflicts' simplex is first asked
    /// whether it filled in, which it has at `filledRowLength` 0), with
    /// `x5 ≤ 2` too when `conflicting`: the LP code's solve shows the
    /// rows hold together, and its first point over the required rows is
    /// not asked; where they conflict, the solve gives no point, the first
    /// point none either, and the conflict finder names the conflict as
    /// without the LP code.
    @Test func theLPCodesSolveShowsTheRequiredRowsHoldTogether() {
        for conflicting in [false, true] {
            var rows: [Row] = [([(0, 1)], 0, .greaterOrEqual, .required)]
            for k in Int32(1) ..< 300 { rows.append(([(k, 1), (k - 1, -1)], -1, .greaterOrEqual, .required)) }
            if conflicting { rows.append(([(5, 1)], -2, .lessOrEqual, .required)) }
            let s = system(300, rows)
            let counting = CountingSolves()
            let byLP = s.findAllConflicts(faces: FaceOptions(solver: counting, threshold: 2, filledRowLength: 0))
            #expect(byLP == s.findAllConflicts())
            #expect(byLP.count == (conflicting ? 1 : 0))
            #expect(counting.solved.load(ordering: .relaxed) == (conflicting ? 0 : 1))
            #expect(counting.ranges.load(ordering: .relaxed) == (conflicting ? 1 : 0))
        }
    }
}
