/// What the tableau remembers about one constraint it holds.
struct ConstraintRecord {
    /// The caller's row: `Σ coefficient·x[variable] + constant ⋈ 0`.
    var terms: [(Int32, Double)]
    var constant: Double
    var relation: Relation
    var priority: Priority
    /// The caller's name for the row, reported in conflicts.
    var tag: Int32
    /// The symbol that identifies the constraint's row for removal: its slack
    /// (inequalities), its positive error (optional equalities), or a
    /// materialised dummy. `.none` for a required equality whose dummy is
    /// deferred (see ``ProvenanceLog``).
    var marker: Symbol
    /// The second symbol the constraint owns: the negative error of an
    /// optional equality, the error of an optional inequality, else `.none`.
    var other: Symbol
    /// Where and when the constraint's row was created, for replaying its
    /// marker column from the log.
    var creationEvent: Int
    var creationSlot: RowSlot
    var isLive: Bool

    /// The constraint's error symbols (those in the objective).
    var errors: [Symbol] {
        guard !priority.isRequired else { return [] }
        return relation == .equal ? [marker, other] : [other]
    }
}

/// An edit variable: the optional equality `x = value` it is held by.
struct EditRecord {
    /// The index of the edit constraint in ``Tableau/constraints``.
    var constraint: Int32
    /// The value last suggested (initially 0).
    var value: Double
}
