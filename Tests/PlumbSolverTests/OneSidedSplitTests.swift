import PlumbClp
import Testing

@testable import PlumbSolver

/// `OneSidedSplit`: the levels above a one-sided variable's own solved with
/// it at its far bound, then the rest on the whole part with those levels
/// held, against the whole part solved at once (the tableau, Clp) and the
/// reference LP.
@Suite struct OneSidedSplitTests {
    /// Rows of items that must start right of a guide (or end left of it),
    /// each item with wishes at random levels above the guide's own wish:
    /// `ladder-loose`'s shape, with ties, duplicates, links between rows,
    /// a second guide, wishes below the guide's and conflicts.
    struct Shelves {
        var system = ConstraintSystem()
        var rows: [ReferenceRow] = []
        var guides: [VariableIndex] = []
        var conflict = false
        /// The guides' level.
        var guideLevel: Priority = 2

        mutating func add(_ terms: [(VariableIndex, Double)], _ c: Double, _ relation: Relation,
                          _ p: Priority = .required) {
            PresolveTests.addRow(terms, c, relation, p, to: &system, and: &rows)
        }

        /// `way` −1: the guide is a floor the items start right of, pushed
        /// down by them; +1: a wall they end left of, pushed up. `floor`:
        /// the guide's far bound (nil: none).
        /// `rooted`: each shelf's right edge and floor measured from a
        /// root (`root = 10`) through an edge of its own (`edge = root`),
        /// as a document writes them, so that nothing is one-sided until
        /// the equalities' fixed variables are put in; its wishes at levels
        /// of their own and no twins.
        init(seed: UInt64, shelves: Int, way: Double, floor: Double?, twoGuides: Bool, links: Bool,
             lowWishes: Bool, conflicts: Bool, rooted: Bool = false) {
            var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
            func pick(_ n: Int) -> Int {
                state ^= state << 13
                state ^= state >> 7
                state ^= state << 17
                return Int(state % UInt64(n))
            }
            func level() -> Priority { Priority(rawValue: Double(3 + pick(40)))! }
            let guideCount = twoGuides ? 2 : 1
            for g in 0 ..< guideCount {
                let guide = system.addVariables(1)
                guides.append(guide)
                if let floor { add([(guide, 1)], -floor, way < 0 ? .greaterOrEqual : .lessOrEqual) }
                // A bound on the near side, never reached.
                add([(guide, 1)], way * 5_000, way < 0 ? .lessOrEqual : .greaterOrEqual)
                add([(guide, 1)], -Double(100 + 20 * g), .equal, guideLevel)
            }
            if twoGuides {
                // Both guides in one row, which moving either its way relaxes.
                add([(guides[0], way), (guides[1], way)], 4_000, .greaterOrEqual)
            }
            var root: VariableIndex? = nil
            if rooted {
                root = system.addVariables(1)
                add([(root!, 1)], -10, .equal)
            }
            var previous: VariableIndex? = nil
            for _ in 0 ..< shelves {
                let a = system.addVariables(1), w = system.addVariables(1)
                let b = system.addVariables(1), w2 = system.addVariables(1)
                let guide = guides[pick(guideCount)]
                if way < 0 {
                    add([(a, 1), (guide, -1)], -4, .greaterOrEqual)  // a ≥ guide + 4
                } else {
                    add([(guide, 1), (b, -1), (w2, -1)], -4, .greaterOrEqual)  // guide ≥ b + w2 + 4
                }
                add([(b, 1), (a, -1), (w, -1)], -6, .greaterOrEqual)
                add([(w, 1)], -16, .greaterOrEqual)
                add([(w2, 1)], -16, .greaterOrEqual)
                if let root {
                    let edge = system.addVariables(1)
                    add([(edge, 1), (root, -1)], 0, .equal)
                    add([(b, 1), (w2, 1), (edge, -1)], -890, .lessOrEqual)
                    add([(a, 1), (edge, -1)], 210, .greaterOrEqual)
                } else {
                    add([(b, 1), (w2, 1)], -900, .lessOrEqual)
                    add([(a, 1)], 200, .greaterOrEqual)
                }
                if conflicts && pick(4) == 0 {
                    add([(w, 1)], -10, .lessOrEqual)
                    conflict = true
                }
                let wishes: [([(VariableIndex, Double)], Double, Relation)] = [
                    ([(w, 1)], -Double(20 + 10 * pick(20)), .equal),
                    ([(w2, 1)], -Double(20 + 10 * pick(20)), .equal),
                    ([(a, 1)], -Double(8 + 4 * pick(60)), .equal),
                    ([(b, 1), (a, -1), (w, -1)], -6, .equal),
                    ([(b, 1), (w2, 1)], -892, .equal),
                    ([(w2, 1)], -Double(40 + 20 * pick(10)), .greaterOrEqual),
                    ([(a, 1)], -Double(100 + 10 * pick(30)), .lessOrEqual),
                ]
                // Rooted shelves draw each wish's level apart from the
                // shelf's others and have no twins, as `ladder` does, so
                // that no level holds two rows of a shelf.
                var free = (3 ..< 43).map { Priority(rawValue: Double($0))! }
                for wish in wishes where pick(5) > 0 {
                    let p = rooted ? free.remove(at: pick(free.count)) : level()
                    add(wish.0, wish.1, wish.2, p)
                    // A duplicate, or a contradicting twin, at the same level.
                    if !rooted && pick(6) == 0 { add(wish.0, wish.1 - Double(pick(3) * 30), wish.2, p) }
                }
                if lowWishes && pick(2) == 0 {
                    add([(w, 1)], -Double(30 + 10 * pick(10)), .equal, 1)
                }
                if links, let previous, pick(3) == 0 {
                    add([(a, 1), (previous, -1)], 0, .greaterOrEqual)
                }
                previous = a
            }
        }
    }

    /// Each random system split at its guides' level: the split's answer
    /// keeps every required row and has the level totals of the whole part
    /// solved at once by the tableau, by Clp, and (small ones) by the
    /// reference LP; a system whose required rows conflict has no answer.
    @Test func theSplitReachesTheWholePartsOptimum() throws {
        var split = 0, conflicts = 0, compared = 0
        for seed in 0 ..< 60 as Range<UInt64> {
            let shelves = Shelves(
                seed: 71_000 + seed, shelves: 4 + Int(seed % 9), way: seed % 2 == 0 ? -1 : 1,
                floor: seed % 5 == 3 ? nil : -Double(50 + 10 * Int(seed % 7)) * (seed % 2 == 0 ? 1 : -1),
                twoGuides: seed % 3 == 1, links: seed % 4 == 2 && seed % 9 >= 5, lowWishes: seed % 6 == 5,
                conflicts: seed % 10 == 9)
            let part = LinearPart(wholeOf: shelves.system)
            let label = "seed \(seed)"
            let whole = Result { try shelves.system.solve(options: LargePartTests.tableau()) }
            guard case .success(let b) = whole else {
                // A one-sided variable's bounds in conflict (these systems'
                // `w ≤ 10` against `w ≥ 16`) leave no split; any other
                // conflict leaves the split without an answer.
                #expect(shelves.conflict, "\(label): the whole part failed")
                if let cut = OneSidedSplit(part) {
                    #expect(cut.solve(part, with: ClpPartSolver(), threshold: Int.max) == nil,
                            "\(label): the split solved a conflicting system")
                }
                conflicts += 1
                continue
            }
            // Rows of four variables and links between them may join more
            // than a quarter of the part.
            let links = seed % 4 == 2 && seed % 9 >= 5
            guard let cut = OneSidedSplit(part) else {
                #expect(links, "\(label): no split")
                continue
            }
            split += 1
            // Links may need more taken than the guides, at a higher level.
            #expect(cut.level == shelves.guideLevel || (links && cut.level > shelves.guideLevel), "\(label)")
            #expect(Set(shelves.guides.map(\.rawValue)).isSubset(of: cut.taken), "\(label): \(cut.taken)")
            #expect(4 * cut.largestPiece <= part.variableCount, "\(label)")
            // Every piece to the tableau, whatever its size.
            let answer = cut.solve(part, with: ClpPartSolver(), threshold: Int.max)
            let a = try #require(answer?.values, "\(label): no answer from the split")
            #expect(referenceRequiredRowsHold(shelves.rows, a), "\(label)")
            let la = referenceLevelViolations(shelves.rows, a)
            let lb = referenceLevelViolations(shelves.rows, b.values)
            #expect(referenceCompareLevels(la, lb, tolerance: 1e-6) == 0, "\(label): \(la) vs tableau \(lb)")
            if let c = ClpPartSolver().solve(part) {
                let lc = referenceLevelViolations(shelves.rows, c)
                #expect(referenceCompareLevels(la, lc, tolerance: 1e-6) == 0, "\(label): \(la) vs Clp \(lc)")
            }
            if shelves.rows.count <= 90 {
                let expected = referenceLexicographicOptimum(rows: shelves.rows, variableCount: part.variableCount)
                #expect(referenceCompareLevels(la, expected.levelViolations, tolerance: 1e-6) == 0,
                        "\(label): \(la) vs reference \(expected.levelViolations)")
                compared += 1
            }
        }
        #expect(split >= 48 && conflicts >= 3 && compared >= 20,
                "split \(split), conflicts \(conflicts), compared \(compared)")
    }

    /// The same systems through the planner with every part of two or more
    /// variables on Clp: the part is split (the statistics say so) and the
    /// answer has the tableau's level totals.
    @Test func thePlannerSplitsOneSidedParts() throws {
        for seed in 0 ..< 24 as Range<UInt64> {
            let shelves = Shelves(
                seed: 72_000 + seed, shelves: 12 + Int(seed % 5), way: seed % 2 == 0 ? -1 : 1,
                floor: seed % 3 == 0 ? nil : (seed % 2 == 0 ? -100_000 : 100_000), twoGuides: seed % 4 == 1,
                links: false, lowWishes: seed % 5 == 2, conflicts: false)
            let a = try shelves.system.solve(options: LargePartTests.clp())
            let b = try shelves.system.solve(options: LargePartTests.tableau())
            #expect(a.stats.oneSidedParts >= 1, "seed \(seed)")
            #expect(b.stats.oneSidedParts == 0, "seed \(seed)")
            #expect(referenceRequiredRowsHold(shelves.rows, a.values), "seed \(seed)")
            let la = referenceLevelViolations(shelves.rows, a.values)
            let lb = referenceLevelViolations(shelves.rows, b.values)
            #expect(referenceCompareLevels(la, lb, tolerance: 1e-6) == 0, "seed \(seed): \(la) vs \(lb)")
        }
    }

    /// A guide the items of five rows start right of, held only by a floor
    /// far to the left and its wish at level 1 below the rows' wishes: the
    /// items get their wishes and the guide stops 4 left of the first item,
    /// frame for frame, with or without the floor, split or whole.
    @Test func aGuideStopsAtTheNearestItem() throws {
        for floor in [-100_000.0, nil] {
            var system = ConstraintSystem()
            let guide = system.addVariables(1)
            func row(_ terms: [(VariableIndex, Double)], _ c: Double, _ r: Relation, _ p: Priority = .required) {
                system.addRow(terms, constant: c, relation: r, priority: p, origin: Origin(kind: .code, index: 0, text: "test row"))
            }
            if let floor { row([(guide, 1)], -floor, .greaterOrEqual) }
            row([(guide, 1)], -120, .equal, 1)
            var items: [(left: VariableIndex, width: VariableIndex)] = []
            for (i, target) in [200.0, 50, 300, 120, 90].enumerated() {
                let left = system.addVariables(1), width = system.addVariables(1)
                items.append((left, width))
                row([(left, 1), (guide, -1)], -4, .greaterOrEqual)
                row([(width, 1)], -16, .greaterOrEqual)
                row([(left, 1)], -target, .equal, Priority(rawValue: Double(20 + i))!)
                // The right edge's wish, below the left's: the width.
                row([(left, 1), (width, 1)], -(target + Double(20 + 10 * i)), .equal,
                    Priority(rawValue: Double(10 + i))!)
            }
            let part = LinearPart(wholeOf: system)
            let split = try #require(OneSidedSplit(part))
            #expect(split.level == 1 && split.taken == [guide.rawValue] && split.largestPiece == 2)
            // With no floor the guide's rows are left out above level 1.
            #expect(split.upper.rowCount == (floor == nil ? 15 : 20))
            let expected = [46.0, 200, 20, 50, 30, 300, 40, 120, 50, 90, 60]
            let answer = try #require(split.solve(part, with: ClpPartSolver(), threshold: Int.max))
            #expect(answer.values == expected, "floor \(String(describing: floor))")
            let planned = try system.solve(options: LargePartTests.clp())
            #expect(planned.values == expected && planned.stats.oneSidedParts == 1)
            let whole = try system.solve(options: LargePartTests.tableau())
            #expect(whole.values == expected)
            // A wish with no term left (its error a constant), last: nothing
            // to hold, the same answer.
            var withEmpty = part
            withEmpty.rowStart.append(withEmpty.rowStart.last!)
            withEmpty.constants.append(5)
            withEmpty.relations.append(.equal)
            withEmpty.priorities.append(30)
            let emptied = try #require(OneSidedSplit(withEmpty))
            let again = try #require(emptied.solve(withEmpty, with: ClpPartSolver(), threshold: Int.max))
            #expect(again.values == expected)
        }
    }

    /// What is not split: a guide held by an equality, a guide pushed both
    /// ways, a guide whose wish is above every other level, and a guide with
    /// no wish.
    @Test func twoSidedOrHighGuidesAreNotSplit() {
        for shape in 0 ..< 4 {
            var system = ConstraintSystem()
            let guide = system.addVariables(1)
            func row(_ terms: [(VariableIndex, Double)], _ c: Double, _ r: Relation, _ p: Priority = .required) {
                system.addRow(terms, constant: c, relation: r, priority: p, origin: Origin(kind: .code, index: 0, text: "test row"))
            }
            if shape != 3 { row([(guide, 1)], -120, .equal, shape == 2 ? 900 : 1) }
            for i in 0 ..< 6 {
                // Each item's edges in an equality: only the guide may be one-sided.
                let left = system.addVariables(1), width = system.addVariables(1), right = system.addVariables(1)
                row([(right, 1), (left, -1), (width, -1)], 0, .equal)
                row([(left, 1), (guide, -1)], -4, shape == 0 && i == 3 ? .equal : .greaterOrEqual)
                if shape == 1 && i == 4 { row([(right, 1), (guide, -1)], -500, .lessOrEqual) }
                row([(left, 1)], -Double(50 * i), .equal, Priority(rawValue: Double(10 + i))!)
                row([(width, 1)], -20, .equal, Priority(rawValue: Double(20 + i))!)
            }
            let part = LinearPart(wholeOf: system)
            #expect(OneSidedSplit(part) == nil, "shape \(shape)")
        }
    }

    /// `plumb check`'s optimal face of rooted shelves (the component as
    /// the diagnosis hands it over, equalities and all), through the split
    /// of what the fixed variables leave: the same rows fixed as Clp's face
    /// of the whole part, and an optimal point with the same level totals
    /// keeping every required row; the split path is taken on most.
    @Test func theFaceThroughTheSplitFixesTheWholeFacesRows() throws {
        var split = 0
        for seed in 0 ..< 40 as Range<UInt64> {
            let shelves = Shelves(
                seed: 73_000 + seed, shelves: 5 + Int(seed % 8), way: seed % 2 == 0 ? -1 : 1,
                floor: seed % 5 == 3 ? nil : -Double(50 + 10 * Int(seed % 7)) * (seed % 2 == 0 ? 1 : -1),
                twoGuides: seed % 3 == 1, links: false, lowWishes: seed % 6 == 5, conflicts: false, rooted: true)
            let part = LinearPart(wholeOf: shelves.system)
            let label = "seed \(seed)"
            let whole = try #require(ClpPartSolver().optimalFace(part), "\(label): no face")
            guard let face = OneSidedSplit.face(of: part, with: ClpPartSolver(), threshold: 200) else { continue }
            split += 1
            // The same forms constant on the optimal set: each face's
            // fixed rows lie in the span of the other's.
            func span(_ fixed: [Bool]) -> RowSpace {
                var space = RowSpace(count: part.variableCount)
                for r in 0 ..< part.rowCount where fixed[r] { space.add(terms(r)) }
                return space
            }
            func terms(_ r: Int) -> [(Int32, Double)] {
                (Int(part.rowStart[r]) ..< Int(part.rowStart[r + 1])).map { (part.columns[$0], part.coefficients[$0]) }
            }
            var (a, b) = (span(face.fixedRows), span(whole.fixedRows))
            let onlyA = (0 ..< part.rowCount).filter { face.fixedRows[$0] && !b.contains(terms($0)) }
            let onlyB = (0 ..< part.rowCount).filter { whole.fixedRows[$0] && !a.contains(terms($0)) }
            #expect(onlyA.isEmpty && onlyB.isEmpty, "\(label): split only \(onlyA), whole only \(onlyB)")
            #expect(referenceRequiredRowsHold(shelves.rows, face.values), "\(label)")
            let la = referenceLevelViolations(shelves.rows, face.values)
            let lb = referenceLevelViolations(shelves.rows, whole.values)
            #expect(referenceCompareLevels(la, lb, tolerance: 1e-6) == 0, "\(label): \(la) vs \(lb)")
        }
        #expect(split >= 30, "\(split) of 40 through the split")
    }
}
