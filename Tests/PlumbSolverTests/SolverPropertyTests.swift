import Testing
import PropertyBased
@testable import PlumbSolver  // for Solver.checkInvariants()

/// Random small systems built through the public API and checked against the
/// independent dense reference LP (`ReferenceLP.swift`): required constraints
/// hold, each priority level's total violation is the lexicographic optimum,
/// every rejected add is justified by a minimal conflict, and incremental
/// sequences of add / remove / edit / suggest agree with fresh solvers.
@Suite struct SolverPropertyTests {
    /// Absolute tolerance for required rows (inputs are small integers).
    static let tolerance = 1e-6
    /// Priorities drawn for rows; required twice as often as each other level.
    static let rowPriorities: [Priority] = [.required, .required, .high, .medium, .low]
    static let editPriorities: [Priority] = [.high, .medium, .low, 100]
    static let maxVariables = 4

    /// One random row: `Σ coefficients[j]·x_j + constant ⋈ 0` at a priority.
    struct RandomRow: CustomStringConvertible {
        var coefficients: [Int]
        var constant: Int
        var relation: Relation
        var priority: Priority

        var description: String {
            "\(coefficients) + \(constant) \(relation) 0 @\(priority)"
        }

        /// The row for the reference solver, over the first `variableCount` variables.
        func reference(variableCount: Int) -> ReferenceRow {
            let terms = (0 ..< variableCount).compactMap { j in
                coefficients[j] == 0 ? nil : (Int32(j), Double(coefficients[j]))
            }
            return ReferenceRow(terms: terms, constant: Double(constant), relation: relation, priority: priority)
        }

        /// The same row through the public operators, labeled `label`.
        func constraint(_ variables: [Variable], label: String) -> LinearConstraint {
            var e = LinearExpression()
            for (j, v) in variables.enumerated() where coefficients[j] != 0 {
                e = e + Double(coefficients[j]) * v
            }
            let c: LinearConstraint
            switch relation {
            case .equal: c = e == Double(-constant)
            case .lessOrEqual: c = e <= Double(-constant)
            case .greaterOrEqual: c = e >= Double(-constant)
            }
            return c.priority(priority).labeled(label)
        }
    }

    static let rowGen = zip(
        Gen.int(in: -3 ... 3).array(of: maxVariables),
        Gen.int(in: -20 ... 20),
        Gen.int(in: 0 ... 2),
        Gen.int(in: 0 ... rowPriorities.count - 1)
    ).map { coefficients, constant, relation, priority in
        RandomRow(coefficients: coefficients, constant: constant, relation: Relation.allCases[relation],
                  priority: rowPriorities[priority])
    }

    // MARK: - Static systems

    /// Adds random rows in order; a rejected add must be a real, minimal
    /// conflict, and the accepted rows must be solved to the lexicographic optimum.
    @Test func randomSystemsMatchTheReference() async {
        await propertyCheck(count: 300, input: Gen.int(in: 1 ... Self.maxVariables), Self.rowGen.array(of: 1 ... 8)) {
            n, rows in
            let variables = (0 ..< n).map { Variable("x\($0)") }
            let solver = Solver()
            var accepted: [ReferenceRow] = []
            var rowOfOrigin: [Origin: ReferenceRow] = [:]
            for (i, row) in rows.enumerated() {
                let reference = row.reference(variableCount: n)
                let constraint = row.constraint(variables, label: "r\(i)")
                rowOfOrigin[constraint.origin] = reference
                do {
                    try solver.addConstraint(constraint)
                    accepted.append(reference)
                } catch let error as SolverError {
                    guard case .unsatisfiable(let conflict) = error else {
                        Issue.record("unexpected \(error) adding \(row)")
                        return
                    }
                    #expect(row.priority.isRequired)
                    #expect(!referenceIsFeasible(accepted + [reference], variableCount: n),
                            "rejected \(row) though the required rows can hold")
                    let conflictRows = conflict.compactMap { rowOfOrigin[$0] }
                    #expect(conflictRows.count == conflict.count, "conflict names unknown origins: \(conflict)")
                    #expect(conflict.last == constraint.origin, "the new constraint is part of every conflict")
                    Self.expectMinimalConflict(conflictRows, variableCount: n)
                }
            }
            #expect(solver.checkInvariants().isEmpty, "\(solver.checkInvariants())")
            solver.updateVariables()
            Self.expectOptimal(accepted, values: variables.map(\.value), variableCount: n, context: "\(rows)")
        }
    }

    /// `rows` cannot all hold, and dropping any one makes them satisfiable.
    static func expectMinimalConflict(_ rows: [ReferenceRow], variableCount n: Int,
                                      sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!referenceIsFeasible(rows, variableCount: n), "conflict \(rows) is satisfiable",
                sourceLocation: sourceLocation)
        for i in rows.indices {
            var rest = rows
            rest.remove(at: i)
            #expect(referenceIsFeasible(rest, variableCount: n), "conflict \(rows) is not minimal: drop \(i)",
                    sourceLocation: sourceLocation)
        }
    }

    /// Every required row holds at `values` and each level's violation is the reference optimum's.
    static func expectOptimal(_ rows: [ReferenceRow], values: [Double], variableCount n: Int, context: String,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(referenceRequiredRowsHold(rows, values, tolerance: tolerance),
                "a required row fails at \(values): \(context)", sourceLocation: sourceLocation)
        let optimum = referenceLexicographicOptimum(rows: rows, variableCount: n)
        #expect(optimum.feasible, "the reference finds the accepted rows infeasible: \(context)",
                sourceLocation: sourceLocation)
        let levels = referenceLevelViolations(rows, values)
        #expect(referenceCompareLevels(levels, optimum.levelViolations, tolerance: tolerance) == 0,
                "levels \(levels) differ from the optimum \(optimum.levelViolations) at \(values): \(context)",
                sourceLocation: sourceLocation)
    }

    // MARK: - Sequences

    /// One step of an incremental session.
    enum Step: CustomStringConvertible {
        case add(RandomRow)
        /// Removes the added constraint at `index % count`, if any.
        case remove(index: Int)
        /// Makes variable `variable % n` an edit variable (if it is not) and suggests `value`.
        case suggest(variable: Int, priority: Priority, value: Int)
        /// Stops editing variable `variable % n`, if it is edited.
        case stopEditing(variable: Int)

        var description: String {
            switch self {
            case .add(let row): "add \(row)"
            case .remove(let i): "remove #\(i)"
            case .suggest(let v, let p, let value): "suggest x\(v) = \(value) @\(p)"
            case .stopEditing(let v): "stop editing x\(v)"
            }
        }
    }

    static let stepGen = zip(
        Gen.int(in: 0 ... 9), rowGen, Gen.int(in: 0 ... 15), Gen.int(in: 0 ... editPriorities.count - 1),
        Gen.int(in: -30 ... 30)
    ).map { kind, row, pick, priority, value -> Step in
        switch kind {
        case 0 ... 4: .add(row)
        case 5, 6: .remove(index: pick)
        case 7, 8: .suggest(variable: pick, priority: editPriorities[priority], value: value)
        default: .stopEditing(variable: pick)
        }
    }

    /// After every step, the incremental solver's result is optimal for its
    /// current constraints and edits, as is a fresh solver given the same
    /// state, and the two agree level by level.
    @Test func incrementalSequencesAgreeWithFreshSolvers() async {
        await propertyCheck(count: 100, input: Gen.int(in: 1 ... Self.maxVariables), Self.stepGen.array(of: 1 ... 12)) {
            n, steps in
            let variables = (0 ..< n).map { Variable("x\($0)") }
            let solver = Solver()
            var live: [(LinearConstraint, RandomRow)] = []
            var edits: [Int: (priority: Priority, value: Int)] = [:]
            var counter = 0
            for (s, step) in steps.enumerated() {
                let context = "step \(s) of \(steps)"
                do {
                    switch step {
                    case .add(let row):
                        let c = row.constraint(variables, label: "c\(counter)")
                        counter += 1
                        do {
                            try solver.addConstraint(c)
                            live.append((c, row))
                        } catch let error as SolverError {
                            guard case .unsatisfiable = error else { throw error }
                            #expect(!referenceIsFeasible(live.map { $0.1.reference(variableCount: n) }
                                + [row.reference(variableCount: n)], variableCount: n), "\(context)")
                        }
                    case .remove(let index):
                        guard !live.isEmpty else { continue }
                        try solver.removeConstraint(live.remove(at: index % live.count).0)
                    case .suggest(let v, let priority, let value):
                        let j = v % n
                        if edits[j] == nil {
                            try solver.addEditVariable(variables[j], priority: priority)
                            edits[j] = (priority, value)
                        }
                        try solver.suggestValue(variables[j], Double(value))
                        edits[j]?.value = value
                    case .stopEditing(let v):
                        let j = v % n
                        guard edits.removeValue(forKey: j) != nil else { continue }
                        try solver.removeEditVariable(variables[j])
                    }
                } catch {
                    Issue.record("unexpected \(error) at \(context)")
                    return
                }

                // The state as reference rows: live constraints, then each edit as `x_j = value`.
                var rows = live.map { $0.1.reference(variableCount: n) }
                for (j, edit) in edits.sorted(by: { $0.key < $1.key }) {
                    rows.append(ReferenceRow(terms: [(Int32(j), 1)], constant: Double(-edit.value),
                                             relation: .equal, priority: edit.priority))
                }
                #expect(solver.checkInvariants().isEmpty, "\(solver.checkInvariants()), \(context)")
                solver.updateVariables()
                let incremental = variables.map(\.value)
                Self.expectOptimal(rows, values: incremental, variableCount: n, context: "incremental, \(context)")

                let fresh = Solver()
                let freshVariables = (0 ..< n).map { Variable("x\($0)") }
                do {
                    for (_, row) in live { try fresh.addConstraint(row.constraint(freshVariables, label: "fresh")) }
                    for (j, edit) in edits {
                        try fresh.addEditVariable(freshVariables[j], priority: edit.priority)
                        try fresh.suggestValue(freshVariables[j], Double(edit.value))
                    }
                } catch {
                    Issue.record("fresh solver rejected the incremental state: \(error), \(context)")
                    return
                }
                fresh.updateVariables()
                let freshValues = freshVariables.map(\.value)
                #expect(referenceCompareLevels(referenceLevelViolations(rows, incremental),
                                               referenceLevelViolations(rows, freshValues),
                                               tolerance: Self.tolerance) == 0,
                        "incremental \(incremental) and fresh \(freshValues) differ, \(context)")
            }
        }
    }
}
