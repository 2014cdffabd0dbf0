import Foundation
import Testing

/// Runs every document of `Tests/Fixtures/bad-documents` through `plumb
/// solve` and `plumb check`: each must fail with a clear message naming its
/// origin, an exit status in 1...127, and no output file.
@Suite struct BadDocumentTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/bad-documents")

    /// `expected.tsv`: file name -> text its error message must contain.
    static func expectations() throws -> [String: String] {
        let text = try String(contentsOf: directory.appendingPathComponent("expected.tsv"), encoding: .utf8)
        var expected: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: "\t", maxSplits: 1)
            if parts.count == 2 { expected[String(parts[0])] = String(parts[1]) }
        }
        return expected
    }

    static func documents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }.sorted()
    }

    @Test func everyDocumentHasAnExpectation() throws {
        let documents = try Self.documents()
        #expect(documents.count >= 20)
        #expect(Set(documents) == Set(try Self.expectations().keys))
    }

    @Test func solveFailsCleanlyOnEveryDocument() throws {
        let expected = try Self.expectations()
        let work = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        for name in try Self.documents() {
            let output = work.appendingPathComponent(name + ".frames.json")
            let svg = work.appendingPathComponent(name + ".svg")
            let run = try CLI.run(["solve", Self.directory.appendingPathComponent(name).path,
                                    "-o", output.path, "--svg", svg.path])
            #expect((1 ... 127).contains(run.status), "\(name): exit status \(run.status)")
            #expect(run.text.isEmpty, "\(name): wrote to standard output")
            let wanted = expected[name] ?? "?"
            #expect(run.stderr.contains(wanted), "\(name): expected \(wanted) in:\n\(run.stderr)")
            #expect(run.stderr.contains("error:"), "\(name)")
            // No output, no SVG, no temporary file left behind.
            #expect(try FileManager.default.contentsOfDirectory(atPath: work.path).isEmpty, "\(name) left files")
        }
    }

    @Test func checkReportsErrorsOnEveryDocument() throws {
        let expected = try Self.expectations()
        for name in try Self.documents() {
            let run = try CLI.run(["check", Self.directory.appendingPathComponent(name).path])
            #expect(run.status == 2, "\(name): exit status \(run.status)")
            let wanted = expected[name] ?? "?"
            #expect((run.stderr + run.text).contains(wanted), "\(name): expected \(wanted)")
        }
    }

    /// A file is mapped into memory and standard input is read: every bad
    /// document gets the same messages both ways (its name aside).
    @Test func aFileAndStandardInputGetTheSameMessages() throws {
        for name in try Self.documents() {
            let url = Self.directory.appendingPathComponent(name)
            let fromFile = try CLI.run(["solve", url.path])
            let fromStdin = try CLI.run(["solve", "-"], stdin: try Data(contentsOf: url))
            #expect(fromStdin.status == fromFile.status, "\(name)")
            #expect(fromStdin.stderr == fromFile.stderr.replacingOccurrences(of: url.path, with: "<stdin>"), "\(name)")
        }
    }

    /// Standard input takes the same path as a file.
    @Test func standardInput() throws {
        let bytes = try Data(contentsOf: Self.directory.appendingPathComponent("invalid-utf8.json"))
        let run = try CLI.run(["solve", "-"], stdin: Data([UInt8](bytes)))
        #expect(run.status == 1)
        #expect(run.text.isEmpty)
        #expect(run.stderr.contains("<stdin>:1:56: error: invalid JSON: invalid UTF-8 in a string"), "\(run.stderr)")
    }
}
