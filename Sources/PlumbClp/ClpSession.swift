import CClpSimplex
import PlumbSolver

/// The steps a lexicographic solve of a part took, for `ClpPartSolver.replay`:
/// for each level solved, in order, its index among the part's levels, how
/// it was solved, and Clp's basis at its optimum; and whether the part was
/// then handed back as a remainder (after the last step).
struct SolveRecord {
    enum Kind {
        /// The first level held at zero error while the second (`level`)
        /// was minimised (`ClpPartSolver.promote`).
        case promoted
        /// The level held at zero error (`ClpPartSolver.holdsAtZero`).
        case heldAtZero
        /// The level minimised.
        case solved
    }

    struct Step {
        var kind: Kind
        var level: Int
        var basis: [UInt8]
    }

    var steps: [Step] = []
    var splitAtEnd = false
}

/// `ClpPartSolver` for one caller that solves parts of the same shape again
/// and again with other constants: a `CompiledSystem`'s large components,
/// solved at each size of a sweep. It keeps each part's Clp model and the
/// basis each level ended on (`SolveRecord`), and when a part comes again
/// with the same variables, rows, coefficients, relations and priorities,
/// it takes the same steps from those bases (`ClpPartSolver.replay`)
/// instead of building the model and presolving each level anew. The
/// first solve of a shape, and any replay that does not go through, is
/// the fresh solve `ClpPartSolver.solve` makes, so it gives the same values
/// bit for bit; a replay gives the same optimum to Clp's tolerances (and,
/// where the optimum is not one point, possibly another point of it).
///
/// With replays not allowed (`allowReplays(false)`: a system compiled by
/// `CompiledSystem.solveCompiling`, during its one-shot solve) every part
/// is solved afresh and remembered, so that solve's values are a fresh
/// solve's even where two parts share a shape; its later solves replay.
///
/// It remembers the `capacity` shapes used last. It is used from one thread
/// at a time (`CompiledSystem` is not `Sendable`, and the planner solves
/// the components that may reach a session on one thread); Clp is called
/// under `ClpPartSolver`'s lock.
final class ClpSession: LargePartSolver, @unchecked Sendable {
    let solver: ClpPartSolver

    /// A part's shape, its model and how it was last solved.
    private struct Entry {
        var shape: LinearPart
        var model: PartModel
        var record: SolveRecord
    }

    /// Most recently used last.
    private var entries: [Entry] = []
    private let capacity = 8
    /// Parts solved by a replay, and afresh (for the tests and `--stats`);
    /// levels held at zero before that a replay minimised instead (see
    /// `ClpPartSolver.replay`).
    private(set) var replays = 0, freshSolves = 0, releasedLevels = 0
    /// Of the released levels, those known not to hold without asking Clp
    /// (`PinnedOffWishes`), and those the checking mode found held after
    /// all (see `ClpPartSolver.pinnedTrials`).
    private(set) var pinnedTrials = 0, pinnedButHeld = 0
    /// Levels known optimal after a released first level without Clp's
    /// dual (`SettledLevel`), and those whose face the checking mode's dual
    /// contradicted (see `ClpPartSolver.settledTrials`).
    private(set) var settledTrials = 0, settledButMoved = 0
    /// Replay steps started from a basis refitted to a release before them
    /// (see `ClpPartSolver.refittedBasis`).
    private(set) var refittedStarts = 0
    /// The dual's pivots in the steps of replays after a release.
    private(set) var pivotsAfterRelease = 0
    /// Calls that found the rows' terms of `PartModel.freeImpliedEqualities`
    /// kept by the model, over the models kept now.
    var impliedTermsReused: Int { entries.reduce(0) { $0 + $1.model.impliedTermsReused } }
    /// The rows those calls freed, and the sum of their indices.
    var impliedRowsFreed: (count: Int, indexSum: Int) {
        entries.reduce((0, 0)) { ($0.0 + $1.model.impliedRowsFreed, $0.1 + $1.model.impliedRowsFreedIndexSum) }
    }
    /// Whether a part of a known shape is replayed (see `allowReplays`).
    /// Read and written under `ClpPartSolver.lock`.
    private var replaying = true

    init(_ solver: ClpPartSolver) { self.solver = solver }

    var freshSolver: any LargePartSolver { solver }

    var name: String { solver.name }

    func solve(_ part: LinearPart) -> [Double]? {
        solver.solveReporting(part, session: self).values
    }

    func optimalFace(_ part: LinearPart) -> PartFace? { solver.optimalFace(part) }

    func allowReplays(_ allowed: Bool) {
        ClpPartSolver.lock.withLock { _ in replaying = allowed }
    }

    /// The part solved by a replay when its shape is known, else afresh
    /// (and remembered). Called under `ClpPartSolver.lock`.
    func solveLocked(_ part: LinearPart) -> ClpPartSolver.Outcome {
        // Numbers Clp is not given (see `PartModel.accepts`): the tableau's.
        guard PartModel.accepts(part) else { return ClpPartSolver.Outcome() }
        let known = entries.lastIndex { Self.sameShape($0.shape, part) }
        if replaying, let e = known {
            let entry = entries[e]
            if let outcome = solver.replay(part, on: entry.model, record: entry.record),
               outcome.values != nil || outcome.remainder != nil {
                replays += 1
                releasedLevels += outcome.levels.zeroReleased
                pinnedTrials += outcome.levels.pinnedTrials
                pinnedButHeld += outcome.levels.pinnedButHeld
                settledTrials += outcome.levels.settledTrials
                settledButMoved += outcome.levels.settledButMoved
                refittedStarts += outcome.levels.refittedStarts
                pivotsAfterRelease += outcome.levels.pivotsAfterRelease
                entries.remove(at: e)
                entries.append(Entry(shape: entry.shape, model: entry.model, record: outcome.record))
                return outcome
            }
        }
        freshSolves += 1
        guard let model = PartModel(part) else { return ClpPartSolver.Outcome() }
        model.keepsImpliedEqualityTerms = solver.keepsImpliedEqualityTerms
        // Its replays will check the matrix the one-shot solve's presolve
        // checks (first69): that check is kept for them.
        plumb_clp_set_keeps_presolve_matrix_checks(model.pointer, solver.keepsReplayMatrixChecks ? 1 : 0)
        let outcome = solver.solveLocked(part, on: model, face: false, recording: true)
        // A part with no optimum at these constants (its required rows
        // conflict) keeps the entry it had: the next constants may be
        // solved from it again.
        guard outcome.values != nil || outcome.remainder != nil else { return outcome }
        var shape = part
        shape.constants = []
        if let e = known { entries.remove(at: e) }
        entries.append(Entry(shape: shape, model: model, record: outcome.record))
        if entries.count > capacity { entries.removeFirst() }
        return outcome
    }

    /// Whether `a` and `b` have the same variables, rows, coefficients,
    /// relations and priorities (their constants aside).
    private static func sameShape(_ a: LinearPart, _ b: LinearPart) -> Bool {
        a.variableCount == b.variableCount && a.rowStart == b.rowStart && a.columns == b.columns
            && a.coefficients == b.coefficients && a.relations == b.relations && a.priorities == b.priorities
    }
}
