import Testing
import PropertyBased
@testable import PlumbSolver

/// Random small systems solved by SimplexCore and checked against the
/// independent dense reference (`ReferenceLP.swift`) and the core's own
/// invariant checks.
@Suite struct SimplexCorePropertyTests {
    /// Absolute tolerance on row values (inputs are small integers).
    static let tolerance = 1e-6
    /// Priorities drawn for rows: required twice as often as each optional level.
    static let priorities: [Priority] = [.required, .required, 750, 500, 250, 100]
    static let maxVariables = 5

    /// One random row over the first `maxVariables` variables.
    struct Row: CustomStringConvertible {
        var coefficients: [Int]
        var constant: Int
        var relation: Relation
        var priority: Priority

        func reference(variableCount n: Int) -> ReferenceRow {
            ReferenceRow(terms: (0 ..< n).compactMap { j in coefficients[j] == 0 ? nil : (Int32(j), Double(coefficients[j])) },
                         constant: Double(constant), relation: relation, priority: priority)
        }

        var description: String { "\(coefficients)+\(constant) \(relation) 0 @\(priority)" }
    }

    static let rowGen = zip(
        Gen.int(in: -3 ... 3).array(of: maxVariables),
        Gen.int(in: -20 ... 20),
        Gen.int(in: 0 ... 2),
        Gen.int(in: 0 ... priorities.count - 1)
    ).map { coefficients, constant, relation, priority in
        Row(coefficients: coefficients, constant: constant, relation: Relation.allCases[relation], priority: priorities[priority])
    }

    static func add(_ core: SimplexCore, _ row: ReferenceRow, tag: Int) throws(SimplexConflict) -> SimplexCore.Handle {
        try core.add(terms: row.terms, constant: row.constant, relation: row.relation, priority: row.priority, tag: Int32(tag))
    }

    static func values(_ core: SimplexCore) -> [Double] {
        var v = [Double](repeating: .nan, count: core.variableCount)
        core.readValues(into: &v)
        return v
    }

    /// Required rows hold at the core's values, each level's violation is the
    /// reference optimum's, and the tableau is consistent.
    static func expectOptimal(_ core: SimplexCore, _ rows: [ReferenceRow], variableCount n: Int, _ context: @autoclosure () -> String,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        let values = values(core)
        #expect(referenceRequiredRowsHold(rows, values, tolerance: tolerance),
                "a required row fails at \(values): \(context())", sourceLocation: sourceLocation)
        let optimum = referenceLexicographicOptimum(rows: rows, variableCount: n)
        #expect(optimum.feasible, "reference: accepted rows infeasible: \(context())", sourceLocation: sourceLocation)
        let levels = referenceLevelViolations(rows, values)
        #expect(referenceCompareLevels(levels, optimum.levelViolations, tolerance: tolerance) == 0,
                "levels \(levels) ≠ optimum \(optimum.levelViolations) at \(values): \(context())",
                sourceLocation: sourceLocation)
        // The core's own level totals agree with the violations at its values.
        let totals = Dictionary(uniqueKeysWithValues: core.levelTotals.map { ($0.0, $0.1) })
        for (p, violation) in levels {
            #expect(abs((totals[p] ?? .nan) - violation) <= tolerance * max(1, violation),
                    "core total at \(p) is \(totals[p] ?? .nan), violation \(violation): \(context())",
                    sourceLocation: sourceLocation)
        }
        let problems = core.checkInvariants()
        #expect(problems.isEmpty, "\(problems.prefix(4)): \(context())", sourceLocation: sourceLocation)
    }

    // MARK: - (1), (2) static systems and conflicts

    /// A system the random check once drew (CI, 2026-11-25): the core's
    /// answer is the exact lexicographic optimum (level 750 at 544/147,
    /// level 500 at 1), and the reference, which then held level 750 with a
    /// relative slack of 1e-9, let level 500 fall to 0.999998912. The
    /// reference now holds levels with 1e-12; this keeps it honest.
    @Test func referenceHoldsHigherLevelsTightly() throws {
        let rows: [Row] = [
            Row(coefficients: [-3, -2, -3, 3, -1], constant: 0, relation: .equal, priority: .required),
            Row(coefficients: [-3, 3, 1, -3, -3], constant: 0, relation: .equal, priority: .required),
            Row(coefficients: [0, 0, 0, -1, 0], constant: 0, relation: .equal, priority: 500),
            Row(coefficients: [-3, 1, 0, -2, 2], constant: 0, relation: .equal, priority: .required),
            Row(coefficients: [-2, -3, 2, -2, -3], constant: 0, relation: .equal, priority: 750),
            Row(coefficients: [0, 0, 0, -1, 0], constant: 1, relation: .greaterOrEqual, priority: .required),
            Row(coefficients: [-2, 3, -3, 2, -1], constant: 3, relation: .equal, priority: .required),
        ]
        let n = 5
        let core = SimplexCore(variableCount: n)
        let references = rows.map { $0.reference(variableCount: n) }
        for (i, row) in references.enumerated() { _ = try Self.add(core, row, tag: i) }
        Self.expectOptimal(core, references, variableCount: n, "\(rows)")
        let levels = referenceLevelViolations(references, Self.values(core))
        #expect(levels.count == 2)
        #expect(abs(levels[0].1 - 544.0 / 147) <= 1e-12 && abs(levels[1].1 - 1) <= 1e-12, "\(levels)")
    }

    @Test func randomSystemsMatchTheReference() async {
        await propertyCheck(count: 400, input: Gen.int(in: 2 ... Self.maxVariables), Self.rowGen.array(of: 2 ... 10)) { n, rows in
            let core = SimplexCore(variableCount: n)
            var accepted: [ReferenceRow] = []
            for (i, row) in rows.enumerated() {
                let reference = row.reference(variableCount: n)
                do {
                    _ = try Self.add(core, reference, tag: i)
                    accepted.append(reference)
                } catch let error as SimplexConflict {
                    #expect(row.priority.isRequired, "optional row rejected: \(rows)")
                    let required = accepted.filter { $0.priority.isRequired } + [reference]
                    #expect(!referenceIsFeasible(required, variableCount: n), "rejected \(row) though feasible: \(rows)")
                    // The tags name an infeasible set that contains the new row.
                    #expect(error.tags.contains(Int32(i)))
                    let tagged = error.tags.map { rows[Int($0)].reference(variableCount: n) }
                    #expect(tagged.allSatisfy { $0.priority.isRequired })
                    #expect(!referenceIsFeasible(tagged, variableCount: n), "tags \(error.tags) are satisfiable: \(rows)")
                    // The minimised set is infeasible and minimal.
                    let specs = required.map { RowSpec(terms: $0.terms, constant: $0.constant, relation: $0.relation) }
                    let minimal = ConflictFinder.minimize(specs)
                    #expect(minimal == minimal.sorted())
                    let minimalRows = minimal.map { required[$0] }
                    #expect(!minimalRows.isEmpty && !referenceIsFeasible(minimalRows, variableCount: n),
                            "minimal set \(minimal) is satisfiable: \(rows)")
                    for k in minimalRows.indices {
                        var rest = minimalRows
                        rest.remove(at: k)
                        #expect(referenceIsFeasible(rest, variableCount: n), "\(minimal) not minimal: \(rows)")
                    }
                    // The core is unchanged and still optimal for the accepted rows.
                    Self.expectOptimal(core, accepted, variableCount: n, "after conflict at \(i): \(rows)")
                } catch {
                    Issue.record("unexpected \(error)")
                }
            }
            Self.expectOptimal(core, accepted, variableCount: n, "\(rows)")
        }
    }

    // MARK: - (3) removal

    @Test func removingRowsMatchesAFreshCore() async {
        await propertyCheck(count: 300, input: Gen.int(in: 2 ... Self.maxVariables), Self.rowGen.array(of: 2 ... 10),
                            Gen.int(in: 0 ... 1023)) { n, rows, mask in
            let core = SimplexCore(variableCount: n)
            var kept: [(SimplexCore.Handle, ReferenceRow, Int)] = []
            for (i, row) in rows.enumerated() {
                let reference = row.reference(variableCount: n)
                if let h = try? Self.add(core, reference, tag: i) { kept.append((h, reference, i)) }
            }
            var remaining: [ReferenceRow] = []
            for (h, reference, i) in kept {
                if mask & (1 << i) != 0 {
                    core.remove(h)
                } else {
                    remaining.append(reference)
                }
            }
            Self.expectOptimal(core, remaining, variableCount: n, "removed mask \(mask): \(rows)")
            // A fresh core on the remaining rows reaches the same level totals.
            let fresh = SimplexCore(variableCount: n)
            for (i, r) in remaining.enumerated() { _ = try? Self.add(fresh, r, tag: i) }
            let a = core.levelTotals.filter { p in remaining.contains { $0.priority == p.0 } }
            let b = fresh.levelTotals
            #expect(referenceCompareLevels(a, b, tolerance: Self.tolerance) == 0, "\(a) vs fresh \(b): \(rows)")
        }
    }

    /// A core reset after one random session (adds, a removal, an edit)
    /// behaves exactly as a new core on a second random system: the same
    /// values bit for bit, the same accepted and rejected rows.
    @Test func aResetCoreActsAsANewOne() async {
        await propertyCheck(count: 300, input: Gen.int(in: 2 ... Self.maxVariables), Self.rowGen.array(of: 1 ... 10),
                            Self.rowGen.array(of: 1 ... 10)) { n, before, after in
            let reused = SimplexCore(variableCount: n)
            var handles: [SimplexCore.Handle] = []
            for (i, row) in before.enumerated() {
                if let h = try? Self.add(reused, row.reference(variableCount: n), tag: i) { handles.append(h) }
            }
            if let h = handles.first { reused.remove(h) }
            reused.addEdit(variable: 0, priority: 400)
            reused.suggest(variable: 0, value: 7)

            reused.reset(variableCount: n)
            Self.expectActsAsNew(reused, after, variableCount: n, "\(before) then \(after)")
        }
    }

    /// `core`, just reset to `n` variables, accepts the rows a new core
    /// accepts, and ends on the same values bit for bit, consistent.
    static func expectActsAsNew(_ core: SimplexCore, _ rows: [Row], variableCount n: Int, _ context: String,
                                sourceLocation: SourceLocation = #_sourceLocation) {
        let fresh = SimplexCore(variableCount: n)
        for (i, row) in rows.enumerated() {
            let r = row.reference(variableCount: n)
            let a = (try? add(core, r, tag: i)) != nil
            let b = (try? add(fresh, r, tag: i)) != nil
            #expect(a == b, "row \(i) accepted \(a) after reset, \(b) fresh: \(context)", sourceLocation: sourceLocation)
        }
        let a = values(core), b = values(fresh)
        #expect(a.map(\.bitPattern) == b.map(\.bitPattern), "\(a) after reset, \(b) fresh: \(context)",
                sourceLocation: sourceLocation)
        #expect(core.checkInvariants().isEmpty, "\(core.checkInvariants())", sourceLocation: sourceLocation)
    }

    /// As above, with the core reset to another number of variables than
    /// it had (as the neighbourhoods' tableaux are, probe after probe,
    /// `NeighbourhoodRequiredRows`) and, after the rows, a probe row below
    /// every priority added and removed: the same values bit for bit at
    /// the probe and after it.
    @Test func aResetCoreOfAnotherSizeActsAsANewOne() async {
        await propertyCheck(count: 300, input: Gen.int(in: 1 ... Self.maxVariables), Gen.int(in: 1 ... Self.maxVariables),
                            Self.rowGen.array(of: 1 ... 10), Self.rowGen.array(of: 1 ... 10)) { n, m, before, after in
            let reused = SimplexCore(variableCount: n)
            for (i, row) in before.enumerated() { _ = try? Self.add(reused, row.reference(variableCount: n), tag: i) }
            reused.reset(variableCount: m)
            let fresh = SimplexCore(variableCount: m)
            var probe = [Double](repeating: 0, count: m)
            for (i, row) in after.enumerated() {
                let r = row.reference(variableCount: m)
                let a = (try? Self.add(reused, r, tag: i)) != nil
                let b = (try? Self.add(fresh, r, tag: i)) != nil
                #expect(a == b, "row \(i) accepted \(a) after reset, \(b) fresh: \(before) then \(after)")
                probe[i % m] += Double(i % 3 - 1)
            }
            let terms = probe.enumerated().compactMap { $0.element == 0 ? nil : (Int32($0.offset), $0.element) }
            var atProbe: [[Double]] = []
            for core in [reused, fresh] {
                let h = try? core.add(terms: terms, constant: -100, relation: .greaterOrEqual,
                                      priority: ExpressionProbe.priority, tag: -1)
                atProbe.append(Self.values(core))
                if let h { core.remove(h) }
            }
            #expect(atProbe[0].map(\.bitPattern) == atProbe[1].map(\.bitPattern),
                    "at the probe \(atProbe[0]) after reset, \(atProbe[1]) fresh: \(before) then \(after)")
            let a = Self.values(reused), b = Self.values(fresh)
            #expect(a.map(\.bitPattern) == b.map(\.bitPattern), "\(a) after reset, \(b) fresh: \(before) then \(after)")
            #expect(reused.checkInvariants().isEmpty, "\(reused.checkInvariants())")
        }
    }

    /// A core reset again and again (as `plumb check`'s small tableaux are,
    /// one neighbourhood after another) acts as a new core after each
    /// reset: a reset clears only the symbols and slots handed out since
    /// the one before (``Tableau/firstUnusedSymbol``), so those a larger
    /// system used before that must have stayed clean.
    @Test func aCoreResetAgainAndAgainActsAsANewOneEachTime() async {
        let session = zip(Gen.int(in: 1 ... Self.maxVariables), Self.rowGen.array(of: 1 ... 10))
        await propertyCheck(count: 50, input: session.array(of: 2 ... 4)) { sessions in
            let reused = SimplexCore(variableCount: 0)
            for (n, rows) in sessions {
                reused.reset(variableCount: n)
                Self.expectActsAsNew(reused, rows, variableCount: n, "\(sessions)")
            }
        }
    }

    /// A core that does not undo failed adds (`undoesFailedAdds: false`)
    /// accepts the rows a core that does accepts, with the same values bit
    /// for bit, up to the first row that cannot hold; it is then spoiled,
    /// and once reset acts as a new core again (rows, then a probe row
    /// added and removed).
    @Test func aCoreThatKeepsNoUndoActsAsOneThatDoesUntilAnAddFails() async {
        var spoiled = 0
        await propertyCheck(count: 300, input: Gen.int(in: 1 ... Self.maxVariables), Self.rowGen.array(of: 1 ... 12),
                            Self.rowGen.array(of: 1 ... 10)) { n, before, after in
            let plain = SimplexCore(variableCount: n)
            let bare = SimplexCore(variableCount: n, undoesFailedAdds: false)
            for (i, row) in before.enumerated() {
                let r = row.reference(variableCount: n)
                let a = (try? Self.add(plain, r, tag: i)) != nil
                let b = (try? Self.add(bare, r, tag: i)) != nil
                #expect(a == b, "row \(i) accepted \(a) undoing, \(b) not: \(before)")
                if !b {
                    #expect(bare.tableau.isSpoiled)
                    spoiled += 1
                    break
                }
                #expect(Self.values(plain).map(\.bitPattern) == Self.values(bare).map(\.bitPattern), "\(before)")
            }
            bare.reset(variableCount: n)
            #expect(!bare.tableau.isSpoiled)
            let fresh = SimplexCore(variableCount: n)
            for (i, row) in after.enumerated() {
                let r = row.reference(variableCount: n)
                let a = (try? Self.add(bare, r, tag: i)) != nil
                let b = (try? Self.add(fresh, r, tag: i)) != nil
                #expect(a == b, "row \(i) accepted \(a) after reset, \(b) fresh: \(before) then \(after)")
                if !a { break }
            }
            if !bare.tableau.isSpoiled {
                let terms = (0 ..< Int32(n)).map { ($0, Double($0 % 2 == 0 ? 1 : -1)) }
                var atProbe: [[Double]] = []
                for core in [bare, fresh] {
                    let h = try? core.add(terms: terms, constant: -50, relation: .greaterOrEqual,
                                          priority: ExpressionProbe.priority, tag: -1)
                    atProbe.append(Self.values(core))
                    if let h { core.remove(h) }
                }
                #expect(atProbe[0].map(\.bitPattern) == atProbe[1].map(\.bitPattern), "\(before) then \(after)")
                #expect(Self.values(bare).map(\.bitPattern) == Self.values(fresh).map(\.bitPattern), "\(before) then \(after)")
                #expect(bare.checkInvariants().isEmpty, "\(bare.checkInvariants())")
            }
        }
        // Both ways: many sessions end on a row that cannot hold.
        // About one in seven (42 of 300 in one run; the inputs are random).
        #expect(spoiled > 15, "\(spoiled)")
    }

    // MARK: - (4) edits

    static let editPriorities: [Priority] = [600, 400, 150]

    @Test func suggestionsMatchFreshSolves() async {
        await propertyCheck(count: 250, input: Gen.int(in: 2 ... Self.maxVariables), Self.rowGen.array(of: 1 ... 8),
                            zip(Gen.int(in: 0 ... 4), Gen.int(in: 0 ... 2), Gen.int(in: -30 ... 30)).array(of: 1 ... 8)) {
            n, rows, suggestions in
            let core = SimplexCore(variableCount: n)
            var accepted: [ReferenceRow] = []
            for (i, row) in rows.enumerated() {
                let reference = row.reference(variableCount: n)
                if (try? Self.add(core, reference, tag: i)) != nil { accepted.append(reference) }
            }
            var edits: [Int32: (Priority, Double)] = [:]
            for (variable, priority, value) in suggestions {
                let v = Int32(variable % n)
                if edits[v] == nil {
                    let p = Self.editPriorities[priority]
                    core.addEdit(variable: v, priority: p)
                    edits[v] = (p, 0)
                }
                core.suggest(variable: v, value: Double(value))
                edits[v]!.1 = Double(value)
                let editRows = edits.sorted { $0.key < $1.key }.map { v, e in
                    ReferenceRow(terms: [(v, 1)], constant: -e.1, relation: .equal, priority: e.0)
                }
                Self.expectOptimal(core, accepted + editRows, variableCount: n, "edits \(edits): \(rows)")
            }
            // Removing the edits leaves the optimum of the rows alone.
            for v in edits.keys { core.removeEdit(variable: v) }
            Self.expectOptimal(core, accepted, variableCount: n, "after removing edits: \(rows)")
        }
    }

    // MARK: - Mixed sessions

    /// A session of adds, removes, edits and suggestions in random order, checked after every step.
    @Test func mixedSessionsStayOptimal() async {
        let stepGen = zip(Gen.int(in: 0 ... 9), Self.rowGen, Gen.int(in: 0 ... 15), Gen.int(in: -30 ... 30))
        await propertyCheck(count: 150, input: Gen.int(in: 2 ... 4), stepGen.array(of: 1 ... 14)) { n, steps in
            let core = SimplexCore(variableCount: n)
            var live: [(SimplexCore.Handle, ReferenceRow)] = []
            var edits: [Int32: (Priority, Double)] = [:]
            for (k, (kind, row, pick, value)) in steps.enumerated() {
                switch kind {
                case 0 ... 4:
                    if let h = try? Self.add(core, row.reference(variableCount: n), tag: k) {
                        live.append((h, row.reference(variableCount: n)))
                    }
                case 5, 6:
                    if !live.isEmpty { core.remove(live.remove(at: pick % live.count).0) }
                case 7:
                    let v = Int32(pick % n)
                    if edits[v] == nil {
                        let p = Self.editPriorities[pick % Self.editPriorities.count]
                        core.addEdit(variable: v, priority: p)
                        edits[v] = (p, 0)
                    } else {
                        core.removeEdit(variable: v)
                        edits[v] = nil
                    }
                default:
                    let keys = edits.keys.sorted()
                    if !keys.isEmpty {
                        let v = keys[pick % keys.count]
                        core.suggest(variable: v, value: Double(value))
                        edits[v]!.1 = Double(value)
                    }
                }
                let editRows = edits.sorted { $0.key < $1.key }.map { v, e in
                    ReferenceRow(terms: [(v, 1)], constant: -e.1, relation: .equal, priority: e.0)
                }
                Self.expectOptimal(core, live.map(\.1) + editRows, variableCount: n, "step \(k) of \(steps)")
            }
        }
    }
}
