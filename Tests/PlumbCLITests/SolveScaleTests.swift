import Foundation
import Testing

/// `plumb solve --scale`.
@Suite struct SolveScaleTests {
    private let thirds = """
        {"root": {"width": 100, "height": 20},
         "views": [{"id": "a"}, {"id": "b"}, {"id": "c"}],
         "constraints": ["a.left = root.left", "b.left = a.right", "c.left = b.right", "c.right = root.right",
                         "a.width = b.width", "b.width = c.width",
                         "a.top = root.top", "b.top = root.top", "c.top = root.top",
                         "a.height = 10", "b.height = 10", "c.height = 10"]}
        """

    @Test func roundsToPixels() throws {
        let run = try CLI.run(["solve", "-", "--scale", "2"], stdin: Data(Array(thirds.utf8)))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.text.contains(#""a": [0, 0, 33.5, 10]"#))
        #expect(run.text.contains(#""b": [33.5, 0, 33, 10]"#))
        #expect(run.text.contains(#""c": [66.5, 0, 33.5, 10]"#))
    }

    @Test func rejectsABadScale() throws {
        for bad in ["0", "-2", "nan", "inf"] {
            let run = try CLI.run(["solve", "-", "--scale", bad], stdin: Data(Array(thirds.utf8)))
            #expect((1 ... 127).contains(run.status), "--scale \(bad): \(run.status)")
            #expect(run.stderr.contains("--scale"), "\(run.stderr)")
            #expect(run.text.isEmpty)
        }
    }

    @Test func sweepRoundsEverySize() throws {
        let run = try CLI.run(["sweep", "-", "--widths", "100,200", "--scale", "2"], stdin: Data(Array(thirds.utf8)))
        #expect(run.status == 0, "\(run.stderr)")
        let lines = try run.jsonLines()
        #expect(lines.count == 2)
        let narrow = try CLI.frames(try #require(lines.first)), wide = try CLI.frames(try #require(lines.last))
        #expect(narrow["b"] == [33.5, 0, 33, 10])
        // At 200 the thirds are 66.67 wide: edges 133.33 and 266.67 pixels round to 133 and 267.
        #expect(wide["b"] == [66.5, 0, 67, 10])
        let bad = try CLI.run(["sweep", "-", "--widths", "100", "--scale", "0"], stdin: Data(Array(thirds.utf8)))
        #expect((1 ... 127).contains(bad.status) && bad.stderr.contains("--scale"))
    }
}
