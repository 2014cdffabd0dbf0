import CClpSimplex
import Testing
@testable import Plumb
import PlumbClp
import PlumbTestSupport
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
    /// (`scripts/generate.py`'s family, built here) of 64 chart rows
    /// (nine slots taken; at 56 rows no column given up comes back within
    /// a call, and none is): slots taken with growing on, none with it off;
    /// the same diagnosis, the same presolved matrices after every call of the
    /// substitutions (the digest), and every presolve index answer the
    /// walk's (each also walked and compared), as with no index at all.
    @Test func grownSlotsKeepTheFace() throws {
        let layout = try LayoutDocument.parse(Array(Self.chartGrid(rows: 64, seed: 60_014).utf8), source: "cg.json").lower()
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

    /// A `chartgrid` document of `rows` rows of four charts, as
    /// `scripts/generate.py chartgrid` writes one (the labels' and titles'
    /// intrinsic sizes drawn from the same ranges by `seed`).
    static func chartGrid(rows: Int, seed: UInt64) -> String {
        var rng = SplitMix64(seed: seed)
        func pick(_ values: [Int]) -> Int { values[Int(rng.next() % UInt64(values.count))] }
        let columns = 4
        var list: [String] = [], said: [String] = []
        func view(_ id: String, _ parent: String, _ size: [Int]? = nil) {
            list.append(size.map { #"{"id":"\#(id)","parent":"\#(parent)","intrinsicSize":[\#($0[0]),\#($0[1])]}"# }
                ?? #"{"id":"\#(id)","parent":"\#(parent)"}"#)
        }
        for i in 0 ..< rows {
            for j in 0 ..< columns {
                let (ch, pl, yl, xl, ti) = ("ch\(i)_\(j)", "pl\(i)_\(j)", "yl\(i)_\(j)", "xl\(i)_\(j)", "ti\(i)_\(j)")
                view(ch, "root")
                view(pl, ch)
                view(yl, ch, [pick(Array(stride(from: 18, to: 67, by: 4))), 12])
                view(xl, ch, [pick(Array(stride(from: 20, to: 41, by: 4))), pick([12, 14, 18, 24])])
                view(ti, ch, [pick(Array(stride(from: 40, to: 121, by: 8))), pick([14, 16, 20, 28])])
                // The shared column edges (row 0 holds them) and row edges (column 0).
                if i == 0 {
                    if j == 0 {
                        said.append("\(ch).left = root.left + 8")
                    } else {
                        said += ["\(ch).left >= ch0_\(j - 1).right + 12", "\(ch).left = ch0_\(j - 1).right + 12 @ 750",
                                 "\(pl).width = pl0_0.width @ 500"]
                    }
                    if j == columns - 1 {
                        said += ["\(ch).right <= root.right - 8", "\(ch).right = root.right - 8 @ 250"]
                    }
                    said += ["\(pl).width >= 40", "\(pl).left = \(ch).left + 6 @ 250"]
                } else {
                    said += ["\(ch).left = ch0_\(j).left", "\(ch).right = ch0_\(j).right", "\(pl).left = pl0_\(j).left"]
                }
                if j == 0 {
                    if i == 0 {
                        said.append("\(ch).top = root.top + 8")
                    } else {
                        said += ["\(ch).top >= ch\(i - 1)_0.bottom + 12", "\(ch).top = ch\(i - 1)_0.bottom + 12 @ 750"]
                    }
                    said += ["\(pl).height >= 30", "\(pl).top = \(ch).top + 6 @ 250", "\(ch).bottom = \(pl).bottom + 4 @ 250"]
                } else {
                    said += ["\(ch).top = ch\(i)_0.top", "\(ch).bottom = ch\(i)_0.bottom",
                             "\(pl).top = pl\(i)_0.top", "\(pl).bottom = pl\(i)_0.bottom"]
                }
                said += ["\(pl).right = \(ch).right", "\(pl).height = 0.6 * \(pl).width @ 500",
                         "\(yl).left = \(ch).left + 2", "\(yl).right <= \(pl).left - 4", "\(yl).centerY = \(pl).centerY",
                         "\(xl).top = \(pl).bottom + 3", "\(xl).centerX = \(pl).centerX", "\(xl).bottom <= \(ch).bottom - 2",
                         "\(ti).top = \(ch).top + 3", "\(ti).left = \(pl).left", "\(ti).bottom <= \(pl).top - 3"]
            }
        }
        return #"{"root":{"id":"root","width":1024,"height":768},"views":["# + list.joined(separator: ",")
            + #"],"constraints":["# + said.map { "\"\($0)\"" }.joined(separator: ",") + "]}"
    }
}
