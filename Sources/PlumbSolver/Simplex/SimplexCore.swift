// STUB: the interface the planner and the public `Solver` build on.
// The solver helper replaces the bodies (and may split this file); the
// signatures below are the contract with Planner/.

/// Thrown by ``SimplexCore/add(terms:constant:relation:priority:tag:)`` when a
/// required row cannot hold together with the required rows already in the
/// core. `tags` are the tags of required rows involved in the failure (the
/// new row's tag included); the set is infeasible but not necessarily minimal
/// (``ConflictFinder`` minimises it). The core is left as it was before the add.
struct SimplexConflict: Error {
    var tags: [Int32]
}

/// The incremental Cassowary-style tableau with an exact lexicographic
/// objective (one objective row per priority level) and a dual simplex for
/// edit-variable re-optimisation. Variables are dense indices `0 ..< variableCount`.
final class SimplexCore {
    /// A constraint added to the core.
    struct Handle: Hashable { var id: Int32 }

    init(variableCount: Int) { fatalError("unimplemented") }

    /// Number of external variables.
    var variableCount: Int { fatalError("unimplemented") }

    /// Adds `n` external variables; returns the index of the first.
    func addVariables(_ n: Int) -> Int32 { fatalError("unimplemented") }

    /// Adds `Σ coefficient·x[variable] + constant ⋈ 0` at `priority` and
    /// re-optimises. `tag` is the caller's name for the row (reported in conflicts).
    /// Terms must have distinct variables.
    /// - Throws: ``SimplexConflict`` for a required row that cannot hold; the core is unchanged.
    func add(terms: [(Int32, Double)], constant: Double, relation: Relation, priority: Priority, tag: Int32) throws(SimplexConflict) -> Handle {
        fatalError("unimplemented")
    }

    /// Removes a constraint and re-optimises.
    func remove(_ handle: Handle) { fatalError("unimplemented") }

    /// Makes `variable` an edit variable at a non-required `priority`.
    func addEdit(variable: Int32, priority: Priority) { fatalError("unimplemented") }
    func removeEdit(variable: Int32) { fatalError("unimplemented") }
    func hasEdit(variable: Int32) -> Bool { fatalError("unimplemented") }
    /// Suggests a value for an edit variable; re-optimises with the dual simplex.
    func suggest(variable: Int32, value: Double) { fatalError("unimplemented") }

    /// The current value of every external variable, written into `values[0 ..< variableCount]`.
    func readValues(into values: inout [Double]) { fatalError("unimplemented") }
    /// The current value of one external variable.
    func value(of variable: Int32) -> Double { fatalError("unimplemented") }
}

/// A required row for ``ConflictFinder``: `Σ terms + constant ⋈ 0`.
struct RowSpec {
    var terms: [(Int32, Double)]
    var constant: Double
    var relation: Relation
}

enum ConflictFinder {
    /// Given required rows that cannot all hold, returns the indices (into
    /// `rows`, ascending) of a minimal subset that cannot hold: dropping any
    /// one index leaves a satisfiable set. Variables may be any `Int32`s.
    static func minimize(_ rows: [RowSpec]) -> [Int] { fatalError("unimplemented") }
}
