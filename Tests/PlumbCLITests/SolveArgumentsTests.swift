import Foundation
import Testing

/// `plumb solve` reads its common forms (`DOC`, `-o FILE` or `--output FILE`,
/// `--stats`, `--absolute`) without ArgumentParser; every other spelling of
/// the same command goes through ArgumentParser. Both must give the same
/// frames, messages and exit status, for documents that solve and for every
/// kind of failure.
@Suite struct SolveArgumentsTests {
    /// A nested view, so that `--absolute` changes the frames.
    static let nested = #"{"root": {"width": 40, "height": 30}, "views": [{"id": "a"}, {"id": "b", "parent": "a"}], "constraints": ["a.left = 5", "a.top = 6", "a.width = 20", "a.height = 20", "b.left = a.left + 2", "b.top = a.top + 3", "b.width = 4", "b.height = 4"]}"#

    /// A constraint on a view the document does not have: it fails before the solve.
    static let unknownView = #"{"root": {"width": 10, "height": 10}, "views": [{"id": "a"}], "constraints": ["a.left = b.left"]}"#

    /// Standard error with the `--stats` timings blanked (they differ run to run).
    static func stable(_ stderr: String) -> String {
        stderr.replacingOccurrences(of: #""ms":\{[^}]*\}"#, with: #""ms":{}"#, options: .regularExpression)
    }

    /// One run: its status, messages, and what it wrote to `output` (or to standard output).
    static func outcome(_ arguments: [String], output: URL?) throws -> (Int32, String, Data) {
        if let output { try? FileManager.default.removeItem(at: output) }
        let run = try CLI.run(arguments)
        let written = output.flatMap { try? Data(contentsOf: $0) } ?? run.stdout
        return (run.status, stable(run.stderr), written)
    }

    @Test func commonFormsAgreeWithArgumentParser() throws {
        let work = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let nested = work.appendingPathComponent("nested.json")
        try Data(Self.nested.utf8).write(to: nested)
        let invalid = work.appendingPathComponent("invalid.json")
        try Data(#"{"root": {"width": 10}, "views": [{"id": "a", "parent": "nope"}]}"#.utf8).write(to: invalid)
        let unknown = work.appendingPathComponent("unknown.json")
        try Data(Self.unknownView.utf8).write(to: unknown)
        let missing = work.appendingPathComponent("missing.json")
        let out = work.appendingPathComponent("frames.json")
        let unwritable = work.appendingPathComponent("no-such-folder/frames.json")

        var compared = 0
        for document in [nested, invalid, unknown, missing, work] {
            for flags in [[], ["--absolute"], ["--stats"], ["--stats", "--absolute"]] {
                // To a file: `-o` / `--output FILE` (common) against `--output=FILE` (ArgumentParser).
                for output in [out, unwritable] {
                    let common = try Self.outcome(["solve"] + flags + [document.path, "-o", output.path], output: output)
                    let spelled = try Self.outcome(["solve", document.path, "--output", output.path] + flags, output: output)
                    let parsed = try Self.outcome(["solve", document.path, "--output=\(output.path)"] + flags, output: output)
                    #expect(common == parsed, "\(document.lastPathComponent) \(flags) -o \(output.path)")
                    #expect(spelled == parsed, "\(document.lastPathComponent) \(flags) --output \(output.path)")
                    compared += 2
                }
                // To standard output: `DOC` against `-- DOC`, which only ArgumentParser reads.
                let common = try Self.outcome(["solve", document.path] + flags, output: nil)
                let parsed = try Self.outcome(["solve"] + flags + ["--", document.path], output: nil)
                #expect(common == parsed, "\(document.lastPathComponent) \(flags) to standard output")
                compared += 1
            }
        }
        #expect(compared == 100)

        // The flags are read: absolute frames differ from relative ones, and --stats prints its line.
        let relative = try Self.outcome(["solve", nested.path], output: nil)
        let absolute = try Self.outcome(["solve", nested.path, "--absolute"], output: nil)
        #expect(relative.0 == 0 && absolute.0 == 0)
        #expect(String(decoding: relative.2, as: UTF8.self).contains(#""b": [2, 3, 4, 4]"#))
        #expect(String(decoding: absolute.2, as: UTF8.self).contains(#""b": [7, 9, 4, 4]"#))
        #expect(try Self.outcome(["solve", nested.path, "--stats"], output: nil).1.hasPrefix(#"{"views":3,"#))
        #expect(relative.1.isEmpty)
    }

    /// `--threads 1` gives the same frames as the default (two threads), on
    /// a document large enough for two threads (`list`, 40,000 views:
    /// 160,000 constraint strings, 40,001 frames), and the same message on a
    /// copy with errors in both halves; every spelling of the option
    /// (`--threads 1` and `--threads 2` read by the fast path,
    /// `--threads=1` and `--threads=2` by ArgumentParser) gives the default's
    /// output on a small document and on one with an error; `--threads 0`
    /// is refused by ArgumentParser.
    ///
    /// A run depends on the spelling only through the count it reads
    /// (`SolveCommand.Arguments.threads`, 1 or 2): past the reading, each
    /// spelling runs the code of `--threads 1` or of the default, so the
    /// large documents are solved once at each count, not once a spelling
    /// (their output is the same at every count by design, so it could not
    /// tell the spellings' counts apart either).
    @Test func threadsOptionGivesTheSameOutput() throws {
        let work = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let large = work.appendingPathComponent("list.json")
        let json = try CLI.generate("list", views: 40_000)
        try json.write(to: large)
        // The same document with an unknown view near the start and near the end.
        var text = String(decoding: json, as: UTF8.self)
        let first = try #require(text.range(of: "\"cell1.left"))
        text.replaceSubrange(first, with: "\"nosuch.left")
        let last = try #require(text.range(of: "\"label", options: .backwards))
        text.replaceSubrange(last, with: "\"lable")
        let broken = work.appendingPathComponent("broken.json")
        try Data(text.utf8).write(to: broken)
        for document in [large, broken] {
            let plain = try Self.outcome(["solve", document.path], output: nil)
            #expect(plain.0 == (document == large ? 0 : 1))
            // The large document's frames, all 40,001 of them (the run above, not a second one).
            if document == large { #expect(plain.2.count > 40_000 * 20) }
            #expect(try Self.outcome(["solve", document.path, "--threads", "1"], output: nil) == plain)
        }
        // Each spelling, on documents that solve and that fail.
        let nested = work.appendingPathComponent("nested.json")
        try Data(Self.nested.utf8).write(to: nested)
        let unknown = work.appendingPathComponent("unknown.json")
        try Data(Self.unknownView.utf8).write(to: unknown)
        for document in [nested, unknown] {
            let plain = try Self.outcome(["solve", document.path], output: nil)
            #expect(plain.0 == (document == nested ? 0 : 1))
            for spelling in [["--threads", "1"], ["--threads", "2"], ["--threads=1"], ["--threads=2"]] {
                #expect(try Self.outcome(["solve", document.path] + spelling, output: nil) == plain,
                        "\(document.lastPathComponent) \(spelling)")
            }
        }
        let refused = try CLI.run(["solve", large.path, "--threads", "0"])
        #expect(refused.status != 0 && refused.stderr.contains("--threads must be 1 or more"))
    }
}
