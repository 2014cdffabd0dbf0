#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The incremental Cassowary-style tableau with an exact lexicographic
/// objective (one objective component per priority level) and a dual simplex
/// for edit-variable re-optimisation. Variables are dense indices `0 ..< variableCount`.
///
/// Semantics: required rows hold; among optional rows the total violation of
/// the highest level (the sum of absolute errors of its rows, each weighted 1)
/// is minimised first, then the next level's, and so on — a higher level beats
/// any amount of lower-level error. Variables that nothing determines are 0.
///
/// Design notes (details in `Tableau.swift` and `ProvenanceLog.swift`):
/// - rows are sparse, sorted, over dense `Int32` symbols; per-symbol column
///   lists make a pivot touch only the rows that mention the entering symbol;
/// - required equalities have no dummy column: their marker is recovered from
///   a log of row operations when they are removed or named in a conflict, so
///   a dependency chain added in order costs O(1) per row, not O(n);
/// - Bland's rule (primal and dual) prevents cycling on degenerate pivots.
///
/// Costs for the caller: adding a row costs the substitution of the basic
/// variables it mentions plus the pivots to re-optimise. A required equality
/// that mentions a variable new to the core (or not yet basic) is solved for
/// it directly, so adding rows in dependency order is cheapest; a required
/// inequality that the current solution violates needs a phase-1 solve.
final class SimplexCore {
    /// A constraint added to the core.
    struct Handle: Hashable { var id: Int32 }

    /// The whole state, as a value (see ``Tableau``).
    var tableau = Tableau()

    /// `undoesFailedAdds` false: a required row that cannot hold leaves
    /// the core unusable until ``reset(variableCount:)`` instead of
    /// unchanged (see ``Tableau/undoesFailedAdds``), for a caller that
    /// drops a core whose rows conflict: its rows are then not copied in
    /// case an add fails. The same adds give the same results either way
    /// until one fails.
    init(variableCount: Int, undoesFailedAdds: Bool = true) {
        tableau.undoesFailedAdds = undoesFailedAdds
        for _ in 0 ..< variableCount { _ = tableau.addExternal() }
    }

    /// Forgets every variable and constraint, keeping the storage, and adds
    /// `variableCount` new variables: the core is then as a new core, and the
    /// same additions give the same results (the planner solves many small
    /// components with one core per worker this way).
    func reset(variableCount: Int) {
        tableau.reset()
        for _ in 0 ..< variableCount { _ = tableau.addExternal() }
    }

    /// Number of external variables.
    var variableCount: Int { tableau.externalSymbols.count }

    /// Adds `n` external variables; returns the index of the first.
    func addVariables(_ n: Int) -> Int32 {
        let first = Int32(variableCount)
        for _ in 0 ..< n { _ = tableau.addExternal() }
        return first
    }

    /// Adds `Σ coefficient·x[variable] + constant ⋈ 0` at `priority` and
    /// re-optimises. `tag` is the caller's name for the row (reported in conflicts).
    /// Terms should have distinct variables (repeats are summed).
    /// - Precondition: variables are in range; numbers are finite.
    /// - Throws: ``SimplexConflict`` for a required row that cannot hold; the core is unchanged
    ///   (unusable until reset without `undoesFailedAdds`).
    /// - Complexity: the substitution of the basic variables the row mentions
    ///   (their rows' lengths), then the pivots needed to re-optimise.
    func add(terms: [(Int32, Double)], constant: Double, relation: Relation, priority: Priority, tag: Int32) throws(SimplexConflict) -> Handle {
        defer { verify("add") }
        switch tableau.addConstraint(terms: terms, constant: constant, relation: relation, priority: priority, tag: tag) {
        case .success(let id): return Handle(id: id)
        case .failure(let conflict): throw conflict
        }
    }

    /// Removes a constraint and re-optimises. Removing a handle twice does nothing.
    /// - Complexity: for a required equality, a replay of the row operations
    ///   logged since it was added; then one pivot and the re-optimisation.
    func remove(_ handle: Handle) {
        tableau.removeConstraint(handle.id)
        verify("remove")
    }

    /// Makes `variable` an edit variable at a non-required `priority`: an
    /// optional row `x = 0` until ``suggest(variable:value:)`` moves it.
    /// - Precondition: `priority` is not required. Adding an edit twice does nothing.
    func addEdit(variable: Int32, priority: Priority) {
        tableau.addEdit(variable: variable, priority: priority)
        verify("addEdit")
    }

    /// Removes `variable`'s edit row (no-op if it has none).
    func removeEdit(variable: Int32) {
        tableau.removeEdit(variable: variable)
        verify("removeEdit")
    }

    func hasEdit(variable: Int32) -> Bool {
        tableau.editOf[Int(variable)] != nil
    }

    /// Suggests a value for an edit variable; re-optimises with the dual
    /// simplex from the current basis. No-op if `variable` is not an edit variable.
    func suggest(variable: Int32, value: Double) {
        tableau.suggest(variable: variable, value: value)
        verify("suggest")
    }

    /// Suggests values for several edit variables and re-optimises once with
    /// the dual simplex from the current basis. Variables that are not edit
    /// variables are skipped.
    func suggest(_ suggestions: some Sequence<(variable: Int32, value: Double)>) {
        tableau.suggest(suggestions)
        verify("suggest")
    }

    /// The current value of every external variable, written into `values[0 ..< variableCount]`.
    /// - Precondition: `values.count >= variableCount`.
    func readValues(into values: inout [Double]) {
        precondition(values.count >= variableCount, "values has room for \(values.count) of \(variableCount) variables")
        for v in 0 ..< variableCount { values[v] = tableau.value(of: tableau.externalSymbols[v]) }
    }

    /// The current value of one external variable.
    func value(of variable: Int32) -> Double {
        tableau.value(of: tableau.externalSymbols[Int(variable)])
    }

    /// The current total violation of each optional level present, highest first.
    var levelTotals: [(Priority, Double)] {
        tableau.objective.levels.enumerated().compactMap { i, p in
            Priority(rawValue: p).map { ($0, tableau.objective.constants[i + 1]) }
        }
    }

    /// Whether every public operation checks the tableau's invariants
    /// afterwards and traps on a broken one: in debug builds only, when the
    /// environment has PLUMB_CHECK_INVARIANTS=1 (scripts/test.sh runs the
    /// test suite once that way). Costs O(tableau size × levels) per call.
    static let checksInvariants: Bool = {
        #if DEBUG
        guard let flag = getenv("PLUMB_CHECK_INVARIANTS") else { return false }
        return String(cString: flag) == "1"
        #else
        return false
        #endif
    }()

    @inline(__always) private func verify(_ operation: StaticString) {
        guard Self.checksInvariants, !tableau.isSpoiled else { return }
        let problems = tableau.checkInvariants()
        precondition(problems.isEmpty, "simplex invariants broken after \(operation): \(problems.prefix(3))")
    }

    /// Broken invariants, as messages (empty when the tableau is consistent).
    /// - Complexity: O(tableau size × levels).
    func checkInvariants() -> [String] { tableau.checkInvariants() }
}

extension Tableau {
    /// A symbol's current value: its row's constant if basic, else 0.
    @inline(__always) func value(of s: Symbol) -> Double {
        let slot = rowOf[s.index]
        return slot.isNone ? 0 : rows[slot.index].constant
    }
}
