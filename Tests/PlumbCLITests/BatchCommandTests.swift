import Foundation
import Testing

@Suite struct BatchCommandTests {
    static func document(id: String?, width: Int) -> String {
        let name = id.map { "\"id\": \"\($0)\", " } ?? ""
        return "{\(name)\"root\": {\"width\": \(width), \"height\": 50}, \"views\": [{\"id\": \"a\"}], "
            + "\"constraints\": [\"a.left = 5\", \"a.top = 5\", \"a.width = 0.5 * root.width\", \"a.height = 10\"]}"
    }

    /// Enough documents that several chunks and both jobs are used.
    static var stream: String {
        var lines: [String] = []
        for i in 0 ..< 300 {
            switch i % 7 {
            case 3: lines.append("{\"root\": {\"width\": 10}}")          // missing height
            case 5: lines.append(document(id: nil, width: 100 + i))      // no id: input:line
            case 6: lines.append("")                                     // blank: skipped, still a line
            default: lines.append(document(id: "doc\(i)", width: 100 + i))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func resultsComeInInputOrderWithIdsAndErrorRecords() throws {
        let run = try CLI.run(["batch", "--jobs", "2"], stdin: Data(Self.stream.utf8))
        #expect(run.status == 0, "\(run.stderr)")
        let records = try run.jsonLines()
        let expected = (0 ..< 300).filter { $0 % 7 != 6 }
        #expect(records.count == expected.count)
        for (record, i) in zip(records, expected) {
            let id = record["id"] as? String
            switch i % 7 {
            case 3:
                #expect(id == "<stdin>:\(i + 1)")
                #expect((record["error"] as? String)?.contains("'height'") == true)
                #expect(record["frames"] == nil)
            case 5:
                #expect(id == "<stdin>:\(i + 1)")
                #expect(try CLI.frames(record)["a"] == [5, 5, Double(100 + i) / 2, 10])
            default:
                #expect(id == "doc\(i)")
                #expect(try CLI.frames(record)["a"] == [5, 5, Double(100 + i) / 2, 10])
            }
        }
        let failures = (0 ..< 300).filter { $0 % 7 == 3 }.count
        #expect(run.stderr.contains("\(expected.count) documents"))
        #expect(run.stderr.contains("\(failures) failed"))
        #expect(run.stderr.contains("documents/s"))
        #expect(run.stderr.split(separator: "\n").count == 1, "no progress bar when stderr is not a terminal")
    }

    /// JSON Lines are read a chunk (1 MiB) at a time: a line longer than a
    /// chunk, CRLF endings, blank lines and a last line without a newline.
    @Test func linesAcrossChunksCRLFAndNoFinalNewline() throws {
        let long = Self.document(id: "long", width: 300)
        let padded = String(long.dropLast()) + String(repeating: " ", count: 3 << 19) + "}"
        let input = padded + "\n\n   \r\n" + Self.document(id: "crlf", width: 200) + "\r\n"
            + Self.document(id: "last", width: 100)
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("in.jsonl")
        try Data(input.utf8).write(to: file)
        let run = try CLI.run(["batch", file.path, "--jobs", "2"])
        #expect(run.status == 0, "\(run.stderr)")
        let records = try run.jsonLines()
        #expect(records.map { $0["id"] as? String } == ["long", "crlf", "last"])
        #expect(try records.map { try CLI.frames($0)["a"] } == [[5, 5, 150, 10], [5, 5, 100, 10], [5, 5, 50, 10]])
    }

    /// Documents are ranges of the chunk they were read in: lines cut by
    /// the end of a chunk move to the next, and chunks filled a pipe's read
    /// at a time (standard input) or a file's give the same lines.
    @Test func manyChunksFromAFileAndFromAPipe() throws {
        let count = 2_500
        let lines = (0 ..< count).map { i in
            // About 1.5 KB a line, so that lines fall across the 1 MiB chunks.
            String(Self.document(id: "d\(i)", width: 100 + i).dropLast())
                + String(repeating: " ", count: 1_200 + i % 97) + "}"
        }
        let input = Data((lines.joined(separator: "\n") + "\n").utf8)
        #expect(input.count > 3 << 20)
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("in.jsonl")
        try input.write(to: file)
        let fromFile = try CLI.run(["batch", file.path, "--jobs", "2"])
        // Written to a file: the tool's standard output is read only after its input is written.
        let output = directory.appendingPathComponent("out.jsonl")
        let fromPipe = try CLI.run(["batch", "-", "--jobs", "2", "-o", output.path], stdin: input)
        #expect(fromFile.status == 0 && fromPipe.status == 0, "\(fromFile.stderr) \(fromPipe.stderr)")
        #expect(try Data(contentsOf: output) == fromFile.stdout)
        let records = try fromFile.jsonLines()
        #expect(records.count == count)
        for (i, record) in records.enumerated() {
            #expect(record["id"] as? String == "d\(i)")
            #expect(try CLI.frames(record)["a"] == [5, 5, Double(100 + i) / 2, 10])
        }
    }

    @Test func oneJobAndTwoJobsWriteTheSameBytes() throws {
        let one = try CLI.run(["batch", "-", "--jobs", "1"], stdin: Data(Self.stream.utf8))
        let two = try CLI.run(["batch", "-", "--jobs", "2"], stdin: Data(Self.stream.utf8))
        #expect(one.status == 0 && two.status == 0)
        #expect(!one.stdout.isEmpty)
        #expect(one.stdout == two.stdout)
    }

    @Test func aDirectoryIsReadInNameOrderWithFileNamesAsIds() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(Self.document(id: nil, width: 200).utf8).write(to: directory.appendingPathComponent("b.json"))
        try Data(Self.document(id: "own", width: 300).utf8).write(to: directory.appendingPathComponent("a.json"))
        try Data("{\"root\": ".utf8).write(to: directory.appendingPathComponent("c.json"))
        try Data("not a document".utf8).write(to: directory.appendingPathComponent("notes.txt"))
        // A file that cannot be read gets its error line; the batch goes on.
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("d.json"), withIntermediateDirectories: false)
        try Data(Self.document(id: nil, width: 400).utf8).write(to: directory.appendingPathComponent("e.json"))
        let output = directory.appendingPathComponent("out.jsonl")
        let run = try CLI.run(["batch", directory.path, "-o", output.path])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = try String(contentsOf: output, encoding: .utf8).split(separator: "\n")
        let records = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(records.map { $0["id"] as? String } == ["own", "b.json", "c.json", "d.json", "e.json"])
        #expect(try CLI.frames(records[1])["a"] == [5, 5, 100, 10])
        #expect(records[2]["error"] is String)
        #expect(records[3]["error"] as? String == "cannot read \(directory.path)/d.json: it is a directory")
        #expect(records[4]["frames"] != nil)
        #expect(run.stderr.contains("5 documents") && run.stderr.contains("2 failed"), "\(run.stderr)")
    }

    @Test func unreadableInputIsAnError() throws {
        let run = try CLI.run(["batch", "/nonexistent/plumb/input.jsonl"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("cannot read /nonexistent/plumb/input.jsonl"))
        #expect(try CLI.run(["batch", "--jobs", "0"]).status != 0)
    }
}
