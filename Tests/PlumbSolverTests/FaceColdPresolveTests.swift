import PlumbTestSupport
import Testing
@testable import PlumbClp
@testable import PlumbSolver

/// When the optimal face is looked for (`plumb check`), the cold solves of
/// a part with linking variables, from its second on, presolve without
/// Clp's dual reductions and its search for duplicate rows and columns
/// (`ClpPartSolver.faceColdPresolveActions`, `addsFaceColdPresolveActions`),
/// so that the answer Clp puts back needs no primal clean-up. Each level
/// is still solved to its optimum, so the face is the same set, and the
/// check's reports must be the ones the usual presolve gives (the old
/// path: `faceColdPresolveActions` 0, set on the solver the diagnosis is
/// handed, so no state is shared with other tests).
@Suite struct FaceColdPresolveTests {
    /// The rule: only on parts with linking variables, and not the first
    /// cold solve.
    @Test func theRuleTakesLinkedPartsFromTheSecondColdSolve() {
        #expect(ClpPartSolver().faceColdPresolveActions == 1 | 128 | 256)
        #expect(!ClpPartSolver.addsFaceColdPresolveActions(linking: true, ordinal: 1))
        #expect(ClpPartSolver.addsFaceColdPresolveActions(linking: true, ordinal: 2))
        #expect(ClpPartSolver.addsFaceColdPresolveActions(linking: true, ordinal: 25))
        #expect(!ClpPartSolver.addsFaceColdPresolveActions(linking: false, ordinal: 2))
    }

    /// A random `priorities`-like system: a guide every row of items is
    /// right of (in more rows than `PartModel.linkingDegree`, so the part
    /// has a linking variable), each item's wishes at levels drawn from 28.
    /// Its optimum is one point and none of its rows is implied, so for the
    /// reports to hold something two rows are added on the guide (the
    /// builder's first variable): a variable only kept right of it (an
    /// ambiguous measure) and a bound its own bound implies (a redundant row).
    static func system(seed: UInt64) -> ConstraintSystem {
        var builder = LargePartTests.priorities(rows: 70 + Int(seed % 4) * 30, seed: 67_000 + seed)
        let guide = VariableIndex(rawValue: 0), loose = builder.variable()
        builder.add([(loose, 1), (guide, -1)], 0, .greaterOrEqual)
        builder.add([(guide, 1)], 10, .greaterOrEqual)
        return builder.system
    }

    /// `system` diagnosed through the optimal face with `solver`, every
    /// variable measured.
    static func diagnosis(_ system: ConstraintSystem, _ solver: ClpPartSolver) -> SystemDiagnosis {
        let forms = (0 ..< Int32(system.variableCount)).map { [(VariableIndex(rawValue: $0), 1.0)] }
        return system.diagnose(measuring: forms, split: true, faces: FaceOptions(solver: solver, threshold: 2))
    }

    /// The check's reports (ambiguous measures, redundant and ineffective
    /// rows, conflicts) with the face's presolve and with the usual one,
    /// compared whole.
    @Test(arguments: 0 ..< 8 as Range<UInt64>)
    func theCheckReportsAreTheUsualPresolves(seed: UInt64) {
        let system = Self.system(seed: seed)
        var old = ClpPartSolver()
        old.faceColdPresolveActions = 0
        Self.expectTheSameReports(system, asWith: old, seed: seed)
    }

    /// Expects `system`'s check reports through the default solver to be
    /// those through `old`, compared whole, and to hold something to
    /// compare (a measure left free and a redundant row, which `system`
    /// adds).
    static func expectTheSameReports(
        _ system: ConstraintSystem, asWith old: ClpPartSolver, seed: UInt64,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let new = diagnosis(system, ClpPartSolver()), usual = diagnosis(system, old)
        #expect(new == usual, "seed \(seed)", sourceLocation: sourceLocation)
        #expect(!new.freeMeasures.isEmpty && !new.redundantRows.isEmpty,
                "seed \(seed): \(new.freeMeasures.count) free, \(new.redundantRows.count) redundant",
                sourceLocation: sourceLocation)
    }

    /// The comparison above means something only where the face's cold
    /// solves took the bits, and the reports hold something to compare:
    /// on each system most cold solves of its face took them (all but the
    /// first), none on the old path, and both fix the same rows.
    @Test(arguments: 0 ..< 8 as Range<UInt64>)
    func theFacesColdSolvesTookTheBits(seed: UInt64) {
        let part = FacePromotionCapTests.part(Self.system(seed: seed))
        let new = ClpPartSolver(splitsRemainders: false)
        var old = new
        old.faceColdPresolveActions = 0
        let (a, b) = ClpPartSolver.lock.withLock { _ in
            (new.solveLocked(part, face: true), old.solveLocked(part, face: true))
        }
        #expect(a.levels.cold > 10 && a.levels.faceColdPresolves == a.levels.cold - 1,
                "seed \(seed): \(a.levels.faceColdPresolves) of \(a.levels.cold) cold solves")
        #expect(b.levels.faceColdPresolves == 0, "seed \(seed)")
        #expect(a.fixedRows != nil && a.fixedRows == b.fixedRows, "seed \(seed)")
    }
}
