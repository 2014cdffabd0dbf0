/// An incremental linear constraint solver with exact, lexicographic priorities.
///
/// `Solver` is the public face of the dual simplex strategy and can be used on
/// its own, the way kiwi or Cassowary are: add ``LinearConstraint``s over
/// ``Variable``s, optionally mark variables as edit variables and suggest
/// values for them, then call ``updateVariables()`` to write the solution into
/// each variable's ``Variable/value``.
///
/// Semantics: every required constraint holds (an add that would make that
/// impossible throws and changes nothing). Among the optional constraints,
/// the total violation at the highest priority is minimised first, then the
/// next priority breaks ties, and so on; priorities are levels, never mixed
/// into one weighted sum. Edit variables are optional constraints
/// `variable == suggestion` at their priority.
///
/// ```swift
/// let solver = Solver()
/// let left = Variable("left"), width = Variable("width")
/// try solver.addConstraint(left >= 0)
/// try solver.addConstraint(left + width <= 80)
/// try solver.addConstraint((width == 100).priority(.low))
/// solver.updateVariables()              // left 0, width 80
///
/// try solver.addEditVariable(left, priority: .high)
/// try solver.suggestValue(left, 10)
/// solver.updateVariables()              // left 10, width 70
/// ```
///
/// Every change re-optimises at once (as in kiwi, optimising after each
/// change does less total work than optimising a large batch). The solver
/// keeps its own mapping from variables to internal columns, so a variable
/// may be shared by several solvers. Variables are kept for the solver's
/// lifetime, until ``reset()``.
///
/// A `Solver` is not thread-safe; use one from one task at a time.
public final class Solver {
    /// What the solver remembers about an added constraint.
    private struct ConstraintEntry {
        var constraint: LinearConstraint
        var handle: SimplexCore.Handle
        /// The caller's name for the row in the core's conflicts.
        var tag: Int32
        /// The row as given to the core: distinct columns and their coefficients.
        var terms: [(Int32, Double)]
    }

    /// What the solver remembers about an edit variable.
    private struct EditEntry {
        var variable: Variable
        var column: Int32
        var priority: Priority
        /// Insertion order, so ``dump()`` is deterministic.
        var sequence: Int
    }

    private var core = SimplexCore(variableCount: 0)
    /// The core column of each known variable, keyed by the variable's identity.
    private var columns: [ObjectIdentifier: Int32] = [:]
    /// The variable at each core column (`nil` for a column waiting in
    /// ``freeColumns``). Holding the variables keeps their identifiers valid.
    private var variables: [Variable?] = []
    /// Columns allocated for a failed add and released unused; they are
    /// unconstrained because the core was left unchanged.
    private var freeColumns: [Int32] = []
    private var constraints: [ObjectIdentifier: ConstraintEntry] = [:]
    /// Added constraints by the tag the core reports in conflicts. Tags are
    /// handed out in increasing order, so they also record insertion order.
    private var constraintsByTag: [Int32: ObjectIdentifier] = [:]
    private var nextTag: Int32 = 0
    private var edits: [ObjectIdentifier: EditEntry] = [:]
    private var nextEditSequence = 0
    /// Reused by ``updateVariables()`` across calls.
    private var valueBuffer: [Double] = []

    /// Creates an empty solver.
    ///
    /// - Complexity: O(1).
    public init() {}

    // MARK: - Constraints

    /// Adds a constraint and re-optimises.
    ///
    /// If the constraint was made by an operator and has no source location
    /// yet, this call's `file` and `line` become its origin's location.
    ///
    /// - Parameters:
    ///   - constraint: The constraint to add.
    ///   - file: Recorded in the constraint's origin when it has no location.
    ///   - line: Recorded in the constraint's origin when it has no location.
    /// - Throws: ``SolverError/duplicateConstraint(_:)`` if this object was
    ///   already added; ``SolverError/nonFinite(_:)`` for a NaN or infinite
    ///   coefficient or constant; ``SolverError/unsatisfiable(conflict:)`` for a
    ///   required constraint that cannot hold with the required constraints
    ///   already added, naming a minimal conflicting set (this constraint
    ///   included when it is part of it). After a throw the solver is unchanged.
    /// - Complexity: Amortised, a few simplex pivots, each O(nonzeros of the
    ///   tableau); a conflict adds the minimisation, which re-solves subsets of
    ///   the candidate rows.
    public func addConstraint(_ constraint: LinearConstraint, file: String = #fileID, line: Int = #line)
        throws(SolverError)
    {
        let id = ObjectIdentifier(constraint)
        guard constraints[id] == nil else { throw .duplicateConstraint(constraint.origin) }
        constraint.stampLocationIfMissing(file: file, line: line)
        try Self.checkFinite(constraint)

        var allocated: [Int32] = []
        let terms = constraint.expression.terms.map { term in
            (column(for: term.variable, allocated: &allocated), term.coefficient)
        }
        let tag = nextTag
        do {
            let handle = try core.add(terms: terms, constant: constraint.expression.constant,
                                      relation: constraint.relation, priority: constraint.priority, tag: tag)
            nextTag &+= 1
            constraints[id] = ConstraintEntry(constraint: constraint, handle: handle, tag: tag, terms: terms)
            constraintsByTag[tag] = id
        } catch {
            let conflict = minimalConflict(tags: error.tags, new: (tag, constraint, terms))
            release(allocated)
            throw .unsatisfiable(conflict: conflict)
        }
    }

    /// Removes a constraint and re-optimises.
    ///
    /// - Throws: ``SolverError/unknownConstraint(_:)`` if the constraint is not
    ///   in this solver.
    /// - Complexity: A few simplex pivots, each O(nonzeros of the tableau).
    public func removeConstraint(_ constraint: LinearConstraint) throws(SolverError) {
        let id = ObjectIdentifier(constraint)
        guard let entry = constraints.removeValue(forKey: id) else {
            throw .unknownConstraint(constraint.origin)
        }
        constraintsByTag[entry.tag] = nil
        core.remove(entry.handle)
    }

    // MARK: - Changing constraints in place

    /// Sets an added constraint's constant: `expression ⋈ 0` becomes the same
    /// terms with `constant`. The constraint keeps its identity.
    ///
    /// - Throws: ``SolverError/unknownConstraint(_:)``,
    ///   ``SolverError/nonFinite(_:)``, or ``SolverError/unsatisfiable(conflict:)``
    ///   when the changed required constraint cannot hold; after a throw the
    ///   solver and the constraint are unchanged.
    /// - Complexity: the removal of the old row and the addition of the new
    ///   one, each re-optimised from the current basis.
    public func setConstant(_ constant: Double, of constraint: LinearConstraint) throws(SolverError) {
        var expression = constraint.expression
        expression.constant = constant
        try reshape(constraint, expression: expression, priority: constraint.priority)
    }

    /// Sets an added constraint's priority, also from required to optional
    /// and back (which Auto Layout refuses). Throws as ``setConstant(_:of:)``.
    public func setPriority(_ priority: Priority, of constraint: LinearConstraint) throws(SolverError) {
        try reshape(constraint, expression: constraint.expression, priority: priority)
    }

    /// Sets the coefficient of `variable` in an added constraint (a
    /// multiplier); 0 drops the variable. Throws as ``setConstant(_:of:)``.
    public func setCoefficient(_ coefficient: Double, of variable: Variable, in constraint: LinearConstraint)
        throws(SolverError)
    {
        var expression = constraint.expression
        expression.terms.removeAll { $0.variable === variable }
        expression.terms.append(Term(variable, coefficient))
        try reshape(constraint, expression: expression.simplified(), priority: constraint.priority)
    }

    /// Replaces `constraint`'s row in the core by one for `expression` at
    /// `priority`; on failure puts the old row back.
    private func reshape(_ constraint: LinearConstraint, expression: LinearExpression, priority: Priority)
        throws(SolverError)
    {
        let id = ObjectIdentifier(constraint)
        guard let entry = constraints[id] else { throw .unknownConstraint(constraint.origin) }
        for term in expression.terms where !term.coefficient.isFinite {
            throw .nonFinite("the coefficient \(term.coefficient) of \(term.variable.name) in \(constraint.origin)")
        }
        guard expression.constant.isFinite else {
            throw .nonFinite("the constant \(expression.constant) in \(constraint.origin)")
        }
        var allocated: [Int32] = []
        let terms = expression.terms.map { term in
            (column(for: term.variable, allocated: &allocated), term.coefficient)
        }
        core.remove(entry.handle)
        do {
            let handle = try core.add(terms: terms, constant: expression.constant, relation: constraint.relation,
                                      priority: priority, tag: entry.tag)
            constraints[id] = ConstraintEntry(constraint: constraint, handle: handle, tag: entry.tag, terms: terms)
            constraint.reshape(expression: expression, priority: priority)
        } catch {
            let changed = LinearConstraint(
                simplified: constraint.expression, relation: constraint.relation, priority: constraint.priority,
                label: constraint.label, rendering: "", file: constraint.origin.file, line: constraint.origin.line)
            changed.reshape(expression: expression, priority: priority)
            let conflict = minimalConflict(tags: error.tags, new: (entry.tag, changed, terms))
            // The old row held together with everything else before the
            // change, so adding it back succeeds.
            if let restored = try? core.add(terms: entry.terms, constant: constraint.expression.constant,
                                            relation: constraint.relation, priority: constraint.priority,
                                            tag: entry.tag) {
                constraints[id] = ConstraintEntry(constraint: constraint, handle: restored, tag: entry.tag,
                                                  terms: entry.terms)
            } else {
                constraints[id] = nil
                constraintsByTag[entry.tag] = nil
            }
            release(allocated)
            throw .unsatisfiable(conflict: conflict)
        }
    }

    /// Whether `constraint` (this object) has been added and not removed.
    ///
    /// - Complexity: O(1).
    public func hasConstraint(_ constraint: LinearConstraint) -> Bool {
        constraints[ObjectIdentifier(constraint)] != nil
    }

    // MARK: - Edit variables

    /// Makes `variable` an edit variable: an optional `variable == suggestion`
    /// at `priority`, whose suggestion ``suggestValue(_:_:)`` changes cheaply.
    ///
    /// - Parameters:
    ///   - variable: The variable to edit; it need not appear in any constraint.
    ///   - priority: Any priority below ``Priority/required``.
    /// - Throws: ``SolverError/duplicateEditVariable(_:)`` if `variable` is
    ///   already an edit variable; ``SolverError/requiredEditPriority(_:)`` if
    ///   `priority` is required. After a throw the solver is unchanged.
    /// - Complexity: A few simplex pivots, each O(nonzeros of the tableau).
    public func addEditVariable(_ variable: Variable, priority: Priority) throws(SolverError) {
        let id = ObjectIdentifier(variable)
        guard edits[id] == nil else { throw .duplicateEditVariable(variable.name) }
        guard !priority.isRequired else { throw .requiredEditPriority(variable.name) }
        var allocated: [Int32] = []
        let column = column(for: variable, allocated: &allocated)
        core.addEdit(variable: column, priority: priority)
        edits[id] = EditEntry(variable: variable, column: column, priority: priority, sequence: nextEditSequence)
        nextEditSequence += 1
    }

    /// Stops editing `variable`; its suggestion no longer pulls on it.
    ///
    /// - Throws: ``SolverError/unknownEditVariable(_:)`` if `variable` is not an
    ///   edit variable.
    /// - Complexity: A few simplex pivots, each O(nonzeros of the tableau).
    public func removeEditVariable(_ variable: Variable) throws(SolverError) {
        guard let entry = edits.removeValue(forKey: ObjectIdentifier(variable)) else {
            throw .unknownEditVariable(variable.name)
        }
        core.removeEdit(variable: entry.column)
    }

    /// Whether `variable` is an edit variable of this solver.
    ///
    /// - Complexity: O(1).
    public func hasEditVariable(_ variable: Variable) -> Bool {
        edits[ObjectIdentifier(variable)] != nil
    }

    /// Suggests a value for an edit variable and re-optimises with the dual
    /// simplex from the current basis.
    ///
    /// - Parameters:
    ///   - variable: An edit variable of this solver.
    ///   - value: The value it should take, as far as its priority allows.
    /// - Throws: ``SolverError/unknownEditVariable(_:)`` if `variable` is not an
    ///   edit variable; ``SolverError/nonFinite(_:)`` if `value` is NaN or
    ///   infinite. After a throw the solver is unchanged.
    /// - Complexity: Typically a few dual simplex pivots, each O(nonzeros of the tableau).
    public func suggestValue(_ variable: Variable, _ value: Double) throws(SolverError) {
        guard let entry = edits[ObjectIdentifier(variable)] else {
            throw .unknownEditVariable(variable.name)
        }
        guard value.isFinite else {
            throw .nonFinite("the value \(value) suggested for edit variable \(variable.name)")
        }
        core.suggest(variable: entry.column, value: value)
    }

    // MARK: - Results and state

    /// Writes the current solution into ``Variable/value`` of every variable
    /// this solver knows (those in its constraints and its edit variables).
    ///
    /// - Complexity: O(number of variables).
    public func updateVariables() {
        let count = core.variableCount
        if valueBuffer.count != count {
            valueBuffer = [Double](repeating: 0, count: count)
        }
        core.readValues(into: &valueBuffer)
        for (column, variable) in variables.enumerated() {
            variable?.value = valueBuffer[column]
        }
    }

    /// Removes every constraint, edit variable and variable, as if the solver
    /// were new. Variables keep their last ``Variable/value``.
    ///
    /// - Complexity: O(number of variables and constraints) to release them.
    public func reset() {
        core = SimplexCore(variableCount: 0)
        columns.removeAll(keepingCapacity: true)
        variables.removeAll(keepingCapacity: true)
        freeColumns.removeAll(keepingCapacity: true)
        constraints.removeAll(keepingCapacity: true)
        constraintsByTag.removeAll(keepingCapacity: true)
        edits.removeAll(keepingCapacity: true)
        nextTag = 0
        nextEditSequence = 0
    }

    /// A human-readable account of the solver's state, in kiwi's sections:
    /// Objective (the current total violation of each optional priority
    /// level, highest first), Variables (current values and internal columns),
    /// Edit Variables, and Constraints in the order they were added, with
    /// priorities and origins.
    ///
    /// The text is for people and may change between versions; do not parse it.
    /// - Complexity: O(variables + constraint terms + edit variables + levels),
    ///   plus sorting the constraints and edits.
    public func dump() -> String {
        var out = "Objective\n"
        for (priority, total) in core.levelTotals {
            out += "  @\(priority): \(LinearExpression.render(total))\n"
        }
        out += "Variables\n"
        for (column, variable) in variables.enumerated() {
            guard let variable else { continue }
            let value = LinearExpression.render(core.value(of: Int32(column)))
            out += "  \(variable.name) = \(value)  [column \(column)]\n"
        }
        out += "Edit Variables\n"
        for entry in edits.values.sorted(by: { $0.sequence < $1.sequence }) {
            out += "  \(entry.variable.name) @\(entry.priority)\n"
        }
        out += "Constraints\n"
        for (tag, id) in constraintsByTag.sorted(by: { $0.key < $1.key }) {
            guard let entry = constraints[id] else { continue }
            let c = entry.constraint
            let location = c.origin.file.map { "  at \($0)" + (c.origin.line.map { ":\($0)" } ?? "") } ?? ""
            out += "  #\(tag) \(c)\(location)\n"
        }
        return out
    }

    // MARK: - Internals

    /// Broken invariants of the underlying tableau, as messages (empty when
    /// consistent). For tests.
    func checkInvariants() -> [String] { core.checkInvariants() }

    /// The core column of `variable`, allocating one (and recording it in
    /// `allocated`) the first time the variable is seen.
    private func column(for variable: Variable, allocated: inout [Int32]) -> Int32 {
        let id = ObjectIdentifier(variable)
        if let column = columns[id] { return column }
        let column: Int32
        if let free = freeColumns.popLast() {
            column = free
            variables[Int(column)] = variable
        } else {
            column = core.addVariables(1)
            variables.append(variable)
        }
        columns[id] = column
        allocated.append(column)
        return column
    }

    /// Forgets the variables at `allocated`, made for an add that failed; their
    /// columns are unconstrained and are reused by later variables.
    private func release(_ allocated: [Int32]) {
        for column in allocated {
            if let variable = variables[Int(column)] {
                columns[ObjectIdentifier(variable)] = nil
            }
            variables[Int(column)] = nil
            freeColumns.append(column)
        }
    }

    /// Maps the core's candidate conflict (the tags of required rows that
    /// cannot hold together) to a minimal set of origins, in the order the
    /// constraints were added (the new one last).
    private func minimalConflict(
        tags: [Int32], new: (tag: Int32, constraint: LinearConstraint, terms: [(Int32, Double)])
    ) -> [Origin] {
        var rows: [RowSpec] = []
        var origins: [Origin] = []
        for tag in Set(tags).sorted() {
            let constraint: LinearConstraint
            let terms: [(Int32, Double)]
            if tag == new.tag {
                constraint = new.constraint
                terms = new.terms
            } else if let id = constraintsByTag[tag], let entry = constraints[id] {
                constraint = entry.constraint
                terms = entry.terms
            } else {
                continue
            }
            rows.append(RowSpec(terms: terms, constant: constraint.expression.constant, relation: constraint.relation))
            origins.append(constraint.origin)
        }
        let minimal = ConflictFinder.minimize(rows)
        // An empty answer would mean the candidates were satisfiable after
        // all; reporting the candidates is then the honest fallback.
        return minimal.isEmpty ? origins : minimal.map { origins[$0] }
    }

    /// Rejects NaN and infinite coefficients and constants, naming the term.
    private static func checkFinite(_ constraint: LinearConstraint) throws(SolverError) {
        for term in constraint.expression.terms where !term.coefficient.isFinite {
            throw .nonFinite("the coefficient \(term.coefficient) of \(term.variable.name) in \(constraint.origin)")
        }
        let constant = constraint.expression.constant
        guard constant.isFinite else {
            throw .nonFinite("the constant \(constant) in \(constraint.origin)")
        }
    }
}
