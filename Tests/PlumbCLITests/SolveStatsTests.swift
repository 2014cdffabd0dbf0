import Foundation
import Testing

/// What `plumb solve --stats` reports about the block phase.
@Suite struct SolveStatsTests {
    /// Rows of four cells, each row's cells equal in width (`widths[r]`
    /// times the one before), `gap + r` apart and filling a 400-wide row,
    /// heights half the widths: each row one coupled block.
    static func rows(_ count: Int, widthFactors: [Int], gap: Int) -> String {
        var views: [String] = [], constraints: [String] = []
        for r in 0 ..< count {
            views.append(#"{"id":"row\#(r)","parent":"root"}"#)
            constraints += ["row\(r).left = root.left", "row\(r).width = root.width",
                            "row\(r).top = root.top + \(r * 50)", "row\(r).height = 40"]
            for c in 0 ..< 4 {
                let v = "c\(r)_\(c)"
                views.append(#"{"id":"\#(v)","parent":"row\#(r)"}"#)
                constraints += ["\(v).top = row\(r).top", "\(v).height = 0.5 * \(v).width"]
                if c == 0 {
                    constraints.append("\(v).left = row\(r).left")
                } else {
                    constraints += ["\(v).left = c\(r)_\(c - 1).right + \(gap + r)",
                                    "\(v).width = \(widthFactors[r]) * c\(r)_\(c - 1).width"]
                }
            }
            constraints.append("c\(r)_3.right = row\(r).right")
        }
        let quoted = constraints.map { "\"\($0)\"" }.joined(separator: ",")
        return #"{"root":{"width":400,"height":300},"views":[\#(views.joined(separator: ","))],"constraints":[\#(quoted)]}"#
    }

    static func solve(_ json: String) throws -> (block: [String: Int], frames: [String: [Double]]) {
        let run = try CLI.run(["solve", "-", "--stats"], stdin: Data(json.utf8))
        #expect(run.status == 0, "\(run.stderr)")
        let stats = try #require(try JSONSerialization.jsonObject(with: Data(run.stderr.utf8)) as? [String: Any])
        let frames = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
        return (try #require(stats["block"] as? [String: Int]),
                try #require(frames["frames"] as? [String: [Double]]))
    }

    /// Rows whose blocks have the same entries (only the gaps, on the
    /// right-hand side, differ) replay the first row's elimination; a row
    /// with other multipliers does not, and the rows after it still find
    /// the first row's among the kept ones. The frames are the hand-worked ones.
    @Test func blocksOfTheSameEntriesAreCountedAsReused() throws {
        let same = try Self.solve(Self.rows(3, widthFactors: [1, 1, 1], gap: 8))
        #expect(same.block == ["blocks": 3, "variables": 21, "largest": 7, "reused": 2])
        // (400 - 3 gaps) / 4: row 0 gaps of 8, row 2 gaps of 10.
        #expect(same.frames["c0_3"] == [306, 0, 94, 47])
        #expect(same.frames["c2_1"] == [102.5, 0, 92.5, 46.25])
        let mixed = try Self.solve(Self.rows(3, widthFactors: [1, 2, 1], gap: 8))
        #expect(mixed.block["reused"] == 1)
        #expect(mixed.frames["c2_1"] == [102.5, 0, 92.5, 46.25])
        // Row 1: w + 2w + 4w + 8w + 3 gaps of 9 = 400.
        let w = (400.0 - 27) / 15
        #expect(mixed.frames["c1_3"].map { abs($0[2] - 8 * w) < 1e-9 } == true)
    }
}
