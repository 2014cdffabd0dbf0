import CClpSimplex
import Testing
@testable import PlumbClp
import PlumbTestSupport
@_spi(Fuzzing) @testable import PlumbSolver

/// The shim's postsolve of Clp's implied-free substitutions
/// (`plumb_clp_set_postsolve_rows`), which answers its searches of long
/// threaded columns from an index of their rows instead of walking each
/// column: the postsolved model is CoinUtils' own, so every solve gives
/// the same values to the bit.
@Suite struct PostsolveRowsTests {
    typealias Log = ColumnRowsTests.RowsLog

    /// `priorities` systems (every row of items right of one guide, whose
    /// column the substitutions' postsolve searches for rows it lacks) and
    /// a chart grid of 70 rows: rows are looked up, none when walked; the
    /// same promotions, the values the same to the bit, every required row
    /// holding.
    @Test func lookedUpRowsKeepThePostsolvedModel() throws {
        var cases: [(String, LargePartTests.Builder)] = (0 ..< 3 as Range<UInt64>).map {
            ("priorities seed \($0)", LargePartTests.priorities(rows: 120 + 60 * Int($0), seed: 55_000 + $0))
        }
        cases.append(("70 rows of charts", LargePartTests.chartGrid(seed: 55_050, rows: 70, columns: 2, clash: false)))
        var found = 0
        for (label, b) in cases {
            let lookingUp = Log(lookingUp: true, lookUp: .postsolveRows)
            let walking = Log(lookingUp: false, lookUp: .postsolveRows)
            let a = try ColumnRowsTests.solved(b.system, lookingUp).get()
            let c = try ColumnRowsTests.solved(b.system, walking).get()
            #expect(walking.found == 0, "\(label): \(walking.found)")
            #expect(lookingUp.promoted == walking.promoted && lookingUp.promoted >= 1, "\(label)")
            #expect(a.values == c.values, "\(label)")
            #expect(referenceRequiredRowsHold(b.rows, a.values), "\(label)")
            found += lookingUp.found
            if label.hasPrefix("priorities") { #expect(lookingUp.found > 50, "\(label): \(lookingUp.found)") }
        }
        #expect(found > 200, "\(found)")
    }

    /// `plumb check`'s optimal face of a `priorities` system (one component:
    /// the guide's column in every row of items), its postsolve's deletions
    /// from that column unlinked through the index instead of a walk down
    /// the column: the same diagnosis as with CoinUtils' own walks, and
    /// deletions made through the index only when it is on.
    @Test func unlinkedRowsKeepTheFace() {
        for seed in 0 ..< 2 as Range<UInt64> {
            let b = LargePartTests.priorities(rows: 150 + 50 * Int(seed), seed: 56_000 + seed)
            let forms = (0 ..< b.system.variableCount).map { [(VariableIndex($0), 1.0)] }
            func diagnosis(_ on: Bool) -> (SystemDiagnosis, deleted: Int, found: Int) {
                plumb_clp_set_postsolve_rows(on ? 1 : 0)
                defer { plumb_clp_set_postsolve_rows(1) }
                let (deleted, found) = (plumb_clp_postsolve_rows_deleted(), plumb_clp_postsolve_rows_found())
                let d = b.system.diagnoseOnLargePartSolver(measuring: forms, solver: ClpPartSolver(), splitsOneSided: false)
                return (d, plumb_clp_postsolve_rows_deleted() - deleted, plumb_clp_postsolve_rows_found() - found)
            }
            let unlinked = diagnosis(true), walked = diagnosis(false)
            #expect(unlinked.0 == walked.0, "seed \(seed)")
            #expect(walked.deleted == 0 && walked.found == 0, "seed \(seed)")
            #expect(unlinked.deleted > 50, "seed \(seed): \(unlinked.deleted)")
        }
    }

    /// `plumb check`'s optimal face of `priorities` systems, whose presolve
    /// substitutes implied-free columns into rows holding the guide and
    /// searches the guide's column for each such row: searched from an
    /// index of the column's rows (each answer also walked and compared),
    /// the same answers as CoinUtils' walks and the same diagnosis; none
    /// from the index when it is off.
    @Test func lookedUpSubstitutionsKeepTheFace() {
        for seed in 0 ..< 2 as Range<UInt64> {
            let b = LargePartTests.priorities(rows: 160 + 60 * Int(seed), seed: 57_000 + seed)
            let forms = (0 ..< b.system.variableCount).map { [(VariableIndex($0), 1.0)] }
            func diagnosis(_ mode: Int32) -> (SystemDiagnosis, found: Int, disagreed: Int) {
                plumb_clp_set_presolve_searches(mode)
                defer { plumb_clp_set_presolve_searches(1) }
                let (found, disagreed) = (plumb_clp_presolve_searches_found(), plumb_clp_presolve_searches_disagreed())
                let d = b.system.diagnoseOnLargePartSolver(measuring: forms, solver: ClpPartSolver(), splitsOneSided: false)
                return (d, plumb_clp_presolve_searches_found() - found,
                        plumb_clp_presolve_searches_disagreed() - disagreed)
            }
            let indexed = diagnosis(2), walked = diagnosis(0)
            #expect(indexed.0 == walked.0, "seed \(seed)")
            #expect(indexed.disagreed == 0, "seed \(seed): \(indexed.disagreed)")
            #expect(walked.found == 0, "seed \(seed): \(walked.found)")
            #expect(indexed.found > 100, "seed \(seed): \(indexed.found)")
        }
    }

    /// The same faces, whose substitutions append rows to the guide's long
    /// column: room made for it by moving the short columns behind it in
    /// presolve's store (some such moves made) gives the matrix CoinUtils'
    /// own moves of the long column give, every column's and row's entries
    /// in order after each call of the substitutions (the digest), and the
    /// same diagnosis; CoinUtils' moves make none of those moves.
    @Test func roomBehindLongColumnsKeepsTheFace() {
        for seed in 0 ..< 2 as Range<UInt64> {
            let b = LargePartTests.priorities(rows: 160 + 60 * Int(seed), seed: 58_000 + seed)
            let forms = (0 ..< b.system.variableCount).map { [(VariableIndex($0), 1.0)] }
            func diagnosis(_ mode: Int32) -> (SystemDiagnosis, moves: Int, digest: UInt64) {
                plumb_clp_set_presolve_room(mode)
                plumb_clp_set_presolve_digest(1)
                defer {
                    plumb_clp_set_presolve_room(1)
                    plumb_clp_set_presolve_digest(0)
                }
                let moves = plumb_clp_presolve_room_moves()
                let d = b.system.diagnoseOnLargePartSolver(measuring: forms, solver: ClpPartSolver(), splitsOneSided: false)
                return (d, plumb_clp_presolve_room_moves() - moves, UInt64(plumb_clp_presolve_digest()))
            }
            let made = diagnosis(1), own = diagnosis(0)
            #expect(made.0 == own.0, "seed \(seed)")
            #expect(made.digest == own.digest, "seed \(seed)")
            #expect(own.digest != 14_695_981_039_346_656_037, "seed \(seed): no substitution folded")
            #expect(own.moves == 0, "seed \(seed): \(own.moves)")
            #expect(made.moves > 20, "seed \(seed): \(made.moves)")
        }
    }

    /// The same faces through the shim's statement of the substitutions,
    /// which deletes each target row from the guide's long column at the
    /// place the column's index gives (some such deletions made, every
    /// search also walked and compared): the same matrix, row bounds and
    /// costs after each call of the substitutions as CoinUtils' own step
    /// (the digest), and the same diagnosis; CoinUtils' step makes no such
    /// deletion.
    @Test func statedSubstitutionsKeepTheFace() {
        for seed in 0 ..< 2 as Range<UInt64> {
            let b = LargePartTests.priorities(rows: 160 + 60 * Int(seed), seed: 59_000 + seed)
            let forms = (0 ..< b.system.variableCount).map { [(VariableIndex($0), 1.0)] }
            func diagnosis(_ mode: Int32) -> (SystemDiagnosis, deletions: Int, disagreed: Int, digest: UInt64) {
                plumb_clp_set_presolve_substitution(mode)
                plumb_clp_set_presolve_searches(2)
                plumb_clp_set_presolve_digest(1)
                defer {
                    plumb_clp_set_presolve_substitution(1)
                    plumb_clp_set_presolve_searches(1)
                    plumb_clp_set_presolve_digest(0)
                }
                let (deletions, disagreed) = (plumb_clp_presolve_deletions_found(),
                                              plumb_clp_presolve_searches_disagreed())
                let d = b.system.diagnoseOnLargePartSolver(measuring: forms, solver: ClpPartSolver(), splitsOneSided: false)
                return (d, plumb_clp_presolve_deletions_found() - deletions,
                        plumb_clp_presolve_searches_disagreed() - disagreed, UInt64(plumb_clp_presolve_digest()))
            }
            let stated = diagnosis(1), own = diagnosis(0)
            #expect(stated.0 == own.0, "seed \(seed)")
            #expect(stated.digest == own.digest, "seed \(seed)")
            #expect(own.digest != 14_695_981_039_346_656_037, "seed \(seed): no substitution folded")
            #expect(stated.disagreed == 0 && own.disagreed == 0, "seed \(seed)")
            #expect(own.deletions == 0, "seed \(seed): \(own.deletions)")
            #expect(stated.deletions > 20, "seed \(seed): \(stated.deletions)")
        }
    }
}
