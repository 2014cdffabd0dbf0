import Foundation
import Testing

/// How `plumb` reads its input and writes its output: files, pipes, devices,
/// and the errors for paths it cannot use.
@Suite struct FileIOTests {
    static let document = #"{"root": {"width": 40, "height": 30}, "views": [{"id": "a"}], "constraints": ["a.left = 5", "a.top = 6", "a.width = 7", "a.height = 8"]}"#
    static let frames = "{\"frames\": {\n  \"root\": [0, 0, 40, 30],\n  \"a\": [5, 6, 7, 8]\n}}"

    @Test func aFileAndStandardInputGiveTheSameFrames() throws {
        let work = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let doc = work.appendingPathComponent("doc.json")
        try Data(Self.document.utf8).write(to: doc)
        let fromFile = try CLI.run(["solve", doc.path])
        let fromStdin = try CLI.run(["solve", "-"], stdin: Data(Self.document.utf8))
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        #expect(fromFile.text.trimmingCharacters(in: .whitespacesAndNewlines) == Self.frames)
        #expect(fromStdin.text == fromFile.text)
    }

    /// A document of more than 4 MiB read from a file now gets a heap
    /// reservation on huge pages, shared by both threads (one malloc
    /// arena); from standard input it gets none. From 8 MiB a mapped file's
    /// pages are also given back as its strings are compiled
    /// (`Pipeline.pagesGivenBackFrom`). `grid` at 50,000 views
    /// (8.6 MB, lowered and written on two threads): the same bytes both
    /// ways, and with `--threads 1`.
    @Test func aLargeFileAndStandardInputGiveTheSameFrames() throws {
        let work = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let json = try CLI.generate("grid", views: 50_000)
        #expect(json.count > 8 << 20)
        let doc = work.appendingPathComponent("grid.json")
        try json.write(to: doc)
        let fromFile = try CLI.run(["solve", doc.path])
        let oneThread = try CLI.run(["solve", doc.path, "--threads", "1"])
        let fromStdin = try CLI.run(["solve", "-"], stdin: json)
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        #expect(fromFile.stdout.count > 50_000 * 20)
        #expect(oneThread.stdout == fromFile.stdout)
        #expect(fromStdin.stdout == fromFile.stdout)
    }

    @Test func aDirectoryIsNeitherInputNorOutput() throws {
        let work = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let input = try CLI.run(["solve", work.path])
        #expect(input.status == 1)
        #expect(input.stderr.contains("cannot read \(work.path): it is a directory"), "\(input.stderr)")

        let doc = work.appendingPathComponent("doc.json")
        try Data(Self.document.utf8).write(to: doc)
        let output = try CLI.run(["solve", doc.path, "-o", work.path])
        #expect(output.status == 1)
        #expect(output.stderr.contains("cannot write \(work.path): it is a directory"), "\(output.stderr)")
    }

    @Test func missingPathsNameTheSystemError() throws {
        let work = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let missing = work.appendingPathComponent("nope.json").path
        let input = try CLI.run(["solve", missing])
        #expect(input.status == 1)
        #expect(input.stderr.contains("cannot read \(missing): No such file or directory"), "\(input.stderr)")

        let doc = work.appendingPathComponent("doc.json")
        try Data(Self.document.utf8).write(to: doc)
        let out = work.appendingPathComponent("no-such-folder/frames.json").path
        let output = try CLI.run(["solve", doc.path, "-o", out])
        #expect(output.status == 1)
        #expect(output.stderr.contains("cannot write \(out): No such file or directory"), "\(output.stderr)")
        // Nothing half-written beside the document.
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path) == ["doc.json"])
    }

    /// A device is written in place: renaming a temporary file over
    /// /dev/null would replace the device (as root) or fail.
    @Test func outputToADeviceIsWrittenInPlace() throws {
        let run = try CLI.run(["solve", "-", "-o", "/dev/null"], stdin: Data(Self.document.utf8))
        #expect(run.status == 0, "\(run.stderr)")
        let attributes = try FileManager.default.attributesOfItem(atPath: "/dev/null")
        #expect(attributes[.type] as? FileAttributeType == .typeCharacterSpecial)
    }

    /// Over an existing file the output is exchanged with it and the old
    /// file removed (`IO.Sink.commit`), not written into it: a hard link
    /// to the old file keeps the old bytes, a symbolic link at the path is
    /// replaced by the file (as `rename` replaces it), and ten runs in a
    /// row, to a new path and over the last run's file, each leave the
    /// frames and nothing else.
    @Test func anExistingFileIsExchangedNotOverwritten() throws {
        let work = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let manager = FileManager.default
        let out = work.appendingPathComponent("frames.json")
        let old = Data(String(repeating: "old ", count: 5_000).utf8)
        try old.write(to: out)
        let link = work.appendingPathComponent("old-link.json")
        try manager.linkItem(at: out, to: link)
        let oldInode = try manager.attributesOfItem(atPath: out.path)[.systemFileNumber] as? Int
        let run = try CLI.run(["solve", "-", "-o", out.path], stdin: Data(Self.document.utf8))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try String(contentsOf: out, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines) == Self.frames)
        #expect(try Data(contentsOf: link) == old)
        #expect(try manager.attributesOfItem(atPath: out.path)[.systemFileNumber] as? Int != oldInode)
        #expect(try manager.attributesOfItem(atPath: link.path)[.referenceCount] as? Int == 1)
        #expect(try manager.contentsOfDirectory(atPath: work.path).sorted() == ["frames.json", "old-link.json"])

        let target = work.appendingPathComponent("target.json")
        try old.write(to: target)
        let symlink = work.appendingPathComponent("via-link.json")
        try manager.createSymbolicLink(at: symlink, withDestinationURL: target)
        let viaLink = try CLI.run(["solve", "-", "-o", symlink.path], stdin: Data(Self.document.utf8))
        #expect(viaLink.status == 0, "\(viaLink.stderr)")
        #expect(try manager.attributesOfItem(atPath: symlink.path)[.type] as? FileAttributeType == .typeRegular)
        #expect(try Data(contentsOf: target) == old)

        let again = work.appendingPathComponent("again.json")
        for k in 0 ..< 10 {
            let document = Self.document.replacingOccurrences(of: "a.left = 5", with: "a.left = \(k)")
            let repeated = try CLI.run(["solve", "-", "-o", again.path], stdin: Data(document.utf8))
            #expect(repeated.status == 0, "\(repeated.stderr)")
            #expect(try String(contentsOf: again, encoding: .utf8).contains("\"a\": [\(k), 6, 7, 8]"))
        }
        #expect(try manager.contentsOfDirectory(atPath: work.path).sorted()
                    == ["again.json", "frames.json", "old-link.json", "target.json", "via-link.json"])
    }

    /// A file written with -o replaces the old one whole and leaves no temporary file.
    @Test func aFileIsReplacedWhole() throws {
        let work = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let out = work.appendingPathComponent("frames.json")
        try Data(String(repeating: "x", count: 10_000).utf8).write(to: out)
        let run = try CLI.run(["solve", "-", "-o", out.path], stdin: Data(Self.document.utf8))
        #expect(run.status == 0, "\(run.stderr)")
        let written = try String(contentsOf: out, encoding: .utf8)
        #expect(written.trimmingCharacters(in: .whitespacesAndNewlines) == Self.frames)
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path) == ["frames.json"])
    }
}
