import CClpSimplex
import Testing
@testable import Plumb
import PlumbAPIWorkloads
import PlumbClp
@testable import PlumbSolver

/// The slots of the Clp shim's indexes of long columns
/// (`plumb_clp_set_index_slots_growing`): presolve's and postsolve's
/// implied-free substitutions keep eight columns indexed at once, and take
/// one slot more when a column given up for room is indexed again in the
/// same call. A chart grid's shared column edges (four columns of three
/// edges each, every edge in a row of each chart row) are twelve long
/// columns used in turn, so the slots grow; the diagnosis comes out the same
/// with them grown, kept at eight, and with CoinUtils' own walks.
@Suite struct IndexSlotsTests {
    /// `plumb check`'s optimal faces on Clp of a `chartgrid` document
    /// (`scripts/generate.py`'s, as `APIWorkloads` writes it) of 64 chart rows
    /// (nine slots taken; at 56 rows no column given up comes back within
    /// a call, and none is): slots taken with growing on, none with it off;
    /// the same diagnosis, the same presolved matrices after every call of the
    /// substitutions (the digest), and every presolve index answer the
    /// walk's (each also walked and compared), as with no index at all.
    @Test func grownSlotsKeepTheFace() throws {
        let lengths = APIShape.chartgrid.lengths(units: APIShape.chartgrid.units(views: 1_280), seed: 60_014)
        let document = APIWorkloads.documentJSON(.chartgrid, lengths: lengths)
        let layout = try LayoutDocument.parse(Array(document.utf8), source: "cg.json").lower()
        let system = layout.system
        let forms = (0 ..< system.variableCount).map { [(VariableIndex($0), 1.0)] }
        struct Run { var diagnosis: SystemDiagnosis, grown: Int, found: Int, disagreed: Int, digest: UInt64 }
        /// One diagnosis: slots growing or not, presolve's searches in `searches`
        /// mode, postsolve's from the index or not.
        func run(growing: Bool, searches: Int32, postsolveRows: Bool) -> Run {
            plumb_clp_set_index_slots_growing(growing ? 1 : 0)
            plumb_clp_set_presolve_searches(searches)
            plumb_clp_set_postsolve_rows(postsolveRows ? 1 : 0)
            plumb_clp_set_presolve_digest(1)
            defer {
                plumb_clp_set_index_slots_growing(1)
                plumb_clp_set_presolve_searches(1)
                plumb_clp_set_postsolve_rows(1)
                plumb_clp_set_presolve_digest(0)
            }
            let grown = plumb_clp_index_slots_grown()
            let found = plumb_clp_presolve_searches_found() + plumb_clp_postsolve_rows_found()
            let disagreed = plumb_clp_presolve_searches_disagreed()
            let diagnosis = system.diagnose(measuring: forms, split: true,
                                        faces: FaceOptions(solver: ClpPartSolver(), threshold: SolveOptions().largePartThreshold))
            return Run(diagnosis: diagnosis, grown: plumb_clp_index_slots_grown() - grown,
                       found: plumb_clp_presolve_searches_found() + plumb_clp_postsolve_rows_found() - found,
                       disagreed: plumb_clp_presolve_searches_disagreed() - disagreed,
                       digest: UInt64(plumb_clp_presolve_digest()))
        }
        let grown = run(growing: true, searches: 2, postsolveRows: true)
        let eight = run(growing: false, searches: 2, postsolveRows: true)
        let walked = run(growing: true, searches: 0, postsolveRows: false)
        #expect(grown.grown > 0, "\(grown.grown)")
        #expect(eight.grown == 0, "\(eight.grown)")
        #expect(grown.disagreed == 0 && eight.disagreed == 0, "\(grown.disagreed) \(eight.disagreed)")
        #expect(grown.found > 1_000 && walked.found == 0, "\(grown.found) \(walked.found)")
        #expect(grown.digest != 14_695_981_039_346_656_037, "no substitution folded")
        #expect(grown.digest == eight.digest && grown.digest == walked.digest)
        #expect(grown.diagnosis == eight.diagnosis && grown.diagnosis == walked.diagnosis)
    }
}
