/// Thrown by ``SimplexCore/add(terms:constant:relation:priority:tag:)`` when a
/// required row cannot hold together with the required rows already in the
/// core. `tags` are the tags of required rows involved in the failure (the
/// new row's tag included, last); the set is infeasible but not necessarily
/// minimal (`ConflictFinder` minimises it). The core is left as it was
/// before the add.
struct SimplexConflict: Error {
    var tags: [Int32]
}
