import Foundation
import Testing

@Suite struct SweepCommandTests {
    /// The benchmark families whose 60-view documents reach the simplex core
    /// in `plumb sweep` and `plumb solve` (a debugger's breakpoint on the
    /// core's creation, stop 69): `list`, `grid`, `cards` and the two rules
    /// families are solved without it at every size here.
    static let familiesReachingTheCore = ["form", "table", "chartgrid"]

    /// At every size, a sweep line holds the frames `plumb solve` writes for
    /// the document resized to that size, for every benchmark family (in
    /// scripts/test.sh's pass with the tableau checked after every
    /// operation, only the families whose plumb runs reach the simplex core:
    /// the others would run the same code again, unchecked).
    @Test(arguments: CLI.checksInvariants ? SweepCommandTests.familiesReachingTheCore
                                          : ["list", "grid", "form", "cards", "list-rules", "cards-rules", "table", "chartgrid"])
    func sweepMatchesSolveAtEverySize(family: String) throws {
        try Self.expectSweepMatchesSolve(family: family, views: 60, widths: "600...1400:200,777.5",
                                         heights: [700, 900])
    }

    /// Coupled families large enough that their residual component goes
    /// through presolve at each size (at least 200 unknowns), the root
    /// height changing between widths: `table`'s presolve solves it
    /// outright, so its frames are exactly `plumb solve`'s; `chartgrid`'s
    /// part is re-optimised by Clp from the bases of the previous size, so
    /// its frames are `plumb solve`'s to the solver's tolerance.
    @Test(arguments: [("table", true), ("chartgrid", false)])
    func largeCoupledSweepsMatchSolve(family: String, exactly: Bool) throws {
        try Self.expectSweepMatchesSolve(family: family, views: 400, widths: "480,1024,777.5", heights: [600, 1500],
                                         exactly: exactly)
    }

    private static func expectSweepMatchesSolve(
        family: String, views: Int, widths list: String, heights: [Double], exactly: Bool = false
    ) throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let document = try CLI.generate(family, views: views, seed: 3)
        let path = directory.appendingPathComponent("\(family).json")
        try document.write(to: path)
        var widths: [Double] = []
        for item in list.split(separator: ",") {
            let parts = item.split(separator: ":")
            let range = parts[0].components(separatedBy: "...")
            if range.count == 2, parts.count == 2 {
                widths += Array(stride(from: Double(range[0])!, through: Double(range[1])!, by: Double(parts[1])!))
            } else {
                widths.append(Double(item)!)
            }
        }
        let sweep = try CLI.run(["sweep", path.path, "--widths", list,
                                 "--heights", heights.map { String($0) }.joined(separator: ",")])
        #expect(sweep.status == 0, "\(sweep.stderr)")
        let lines = try sweep.jsonLines()
        #expect(lines.count == widths.count * heights.count)
        var index = 0
        for width in widths {
            for height in heights {
                defer { index += 1 }
                guard index < lines.count else { return }
                let line = lines[index]
                #expect((line["width"] as? NSNumber)?.doubleValue == width)
                #expect((line["height"] as? NSNumber)?.doubleValue == height)
                let resized = directory.appendingPathComponent("resized.json")
                try CLI.resized(document, width: width, height: height).write(to: resized)
                let solve = try CLI.run(["solve", resized.path])
                #expect(solve.status == 0, "\(solve.stderr)")
                let fresh = try #require(try JSONSerialization.jsonObject(with: solve.stdout) as? [String: Any])
                if exactly {
                    #expect(try CLI.frames(line) == CLI.frames(fresh), "\(family) at \(width) x \(height)")
                } else {
                    #expect(CLI.agree(try CLI.frames(line), try CLI.frames(fresh)), "\(family) at \(width) x \(height)")
                }
            }
        }
    }

    @Test func defaultHeightAbsoluteFramesAndOneLinePerSize() throws {
        let json = """
            {"root": {"width": 300, "height": 200}, "views": [{"id": "box"}, {"id": "dot", "parent": "box"}],
             "constraints": ["box.left = root.left + 10", "box.right = root.right - 10", "box.top = 20",
                             "box.height = 0.5 * root.height", "dot.left = box.left + 5", "dot.top = box.top + 5",
                             "dot.width = 0.25 * box.width", "dot.height = 4"]}
            """
        let run = try CLI.run(["sweep", "-", "--widths", "100...300:100", "--absolute"], stdin: Data(json.utf8))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.text.split(separator: "\n").count == 3)
        let lines = try run.jsonLines()
        #expect(lines.map { ($0["height"] as? NSNumber)?.doubleValue } == [200, 200, 200])
        let last = try CLI.frames(lines[2])
        #expect(last["box"] == [10, 20, 280, 100])
        #expect(last["dot"] == [15, 25, 70, 4])
        #expect(try CLI.frames(lines[0])["dot"] == [15, 25, 20, 4])
    }

    @Test func badRangesAreNamed() throws {
        let cases = [("10...5:1", "ends below its start"), ("1...9:0", "step must be positive"),
                     ("1...9", "needs a step"), ("320,abc", "'abc' is not a number"), ("5,,6", "empty entry")]
        for (range, message) in cases {
            let run = try CLI.run(["sweep", "-", "--widths", range], stdin: Data("{}".utf8))
            #expect(run.status != 0)
            #expect(run.stderr.contains(message), "\(range): \(run.stderr)")
        }
    }

    /// One view whose required constraints cannot all hold below a root
    /// width of 320.
    private static let conflictBelow320 = """
        {"root": {"width": 400, "height": 100}, "views": [{"id": "a"}],
         "constraints": ["a.left = root.left + 10", "a.width >= 300", "a.right <= root.right - 10",
                         "a.top = 0", "a.height = 10"]}
        """

    /// A size where required constraints conflict fails the sweep, names the
    /// size, and leaves no output file.
    @Test func aConflictNamesTheSizeAndWritesNothing() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let json = Self.conflictBelow320
        let output = directory.appendingPathComponent("out.jsonl")
        let run = try CLI.run(["sweep", "-", "--widths", "400,200,500", "-o", output.path], stdin: Data(json.utf8))
        #expect(run.status == 1)
        #expect(run.stderr.contains("at root size 200 x 100"))
        #expect(run.stderr.contains("root.width = 200"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    /// A file output is written as the sizes come (a megabyte at a time,
    /// into a temporary file beside it): more than a megabyte of lines reads
    /// back byte for byte as the same sweep on standard output, and a size
    /// that fails after some of it was written leaves the existing file as it
    /// was and nothing else in its folder.
    @Test func aFileIsWrittenAsTheSizesComeAndNothingIsLeftOnFailure() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let json = Self.conflictBelow320
        let output = directory.appendingPathComponent("out.jsonl")
        let many = "400...1400:0.05"
        let streamed = try CLI.run(["sweep", "-", "--widths", many, "-o", output.path], stdin: Data(json.utf8))
        #expect(streamed.status == 0, "\(streamed.stderr)")
        let standard = try CLI.run(["sweep", "-", "--widths", many], stdin: Data(json.utf8))
        #expect(standard.status == 0, "\(standard.stderr)")
        #expect(standard.stdout.count > 1 << 20)
        let written = try Data(contentsOf: output)
        #expect(written == standard.stdout)

        let failing = try CLI.run(["sweep", "-", "--widths", many + ",200", "-o", output.path],
                                  stdin: Data(json.utf8))
        #expect(failing.status == 1)
        #expect(failing.stderr.contains("at root size 200 x 100"), "\(failing.stderr)")
        #expect(try Data(contentsOf: output) == written)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.jsonl"])
    }

    /// `--stats` counts the components that pivoted: a sweep across the width
    /// where a preference gives way to a required bound changes the basis.
    @Test func statsCountTheComponentsThatPivoted() throws {
        let json = """
            {"root": {"width": 100, "height": 50}, "views": [{"id": "a"}],
             "constraints": ["a.left = root.left + 10", "a.width <= root.width - 20", "a.width = 200 @ 500",
                             "a.top = 0", "a.height = 10"]}
            """
        let run = try CLI.run(["sweep", "-", "--widths", "100...400:10", "--stats"], stdin: Data(json.utf8))
        #expect(run.status == 0, "\(run.stderr)")
        let stats = try #require(try JSONSerialization.jsonObject(
            with: Data(run.stderr.split(separator: "\n").last!.utf8)) as? [String: Any])
        let reoptimised = try #require((stats["reoptimised_components"] as? NSNumber)?.intValue)
        #expect(reoptimised >= 1 && reoptimised < 31)
        let lines = try run.jsonLines()
        #expect(try CLI.frames(lines[0])["a"] == [10, 0, 80, 10])
        #expect(try CLI.frames(lines[30])["a"] == [10, 0, 200, 10])
    }
}
