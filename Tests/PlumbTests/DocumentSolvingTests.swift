import Testing
@testable import Plumb

/// `DocumentSolving`: one document from bytes to frames, and a batch of
/// documents on several workers in input order (what `plumb batch` and the
/// C library run).
@Suite struct DocumentSolvingTests {
    static let hello = Array("""
        {"id": "hello", "root": {"id": "root", "width": 320, "height": 200},
         "views": [{"id": "a", "parent": "root"}],
         "constraints": ["a.left = root.left + 16", "a.top = root.top + 8", "a.width = 0.5 * root.width",
                         "a.height = 20"]}
        """.utf8)
    static let conflict = Array("""
        {"root": {"id": "root", "width": 320, "height": 200}, "views": [{"id": "a", "parent": "root"}],
         "constraints": ["a.width = 10", "a.width = 20"]}
        """.utf8)

    @Test func solvesOneDocument() throws {
        let solved = try DocumentSolving.solve(Self.hello, source: "hello")
        #expect(solved.id == "hello")
        #expect(solved.viewIDs == ["root", "a"])
        #expect(solved.frames[1] == Rect(x: 16, y: 8, width: 160, height: 20))
        let json = String(decoding: try DocumentSolving.framesJSON(Self.hello, source: "hello"), as: UTF8.self)
        #expect(json == "{\"frames\": {\n  \"root\": [0, 0, 320, 200],\n  \"a\": [16, 8, 160, 20]\n}}\n")
    }

    /// The ids stay the document's bytes: written from them they give what
    /// the `String`s give (escaped, not ASCII, the root's id given after the
    /// views), and ids set afterwards are the ones written.
    @Test func framesWrittenFromTheDocumentsIDs() throws {
        let document = Array(#"""
            {"views": [{"id": "a\"b", "parent": "top"}, {"id": "vué", "parent": "top"}, {"id": "c\n"}],
             "root": {"id": "top", "width": 100, "height": 50}, "constraints": ["vué.width = 0.25 * top.width"]}
            """#.utf8)
        var solved = try DocumentSolving.solve(document, source: "ids")
        #expect(solved.viewIDs == ["top", "a\"b", "vué", "c\n"])
        for oneLine in [true, false] {
            var fromBytes: [UInt8] = [], fromStrings: [UInt8] = []
            solved.appendFrames(oneLine: oneLine, to: &fromBytes)
            FrameWriter.appendFrames(ids: solved.viewIDs, frames: solved.frames, oneLine: oneLine, to: &fromStrings)
            #expect(fromBytes == fromStrings)
        }
        solved.viewIDs = ["r", "x", "y", "z"]
        var written: [UInt8] = []
        solved.appendFrames(oneLine: true, to: &written)
        #expect(String(decoding: written, as: UTF8.self)
                    == #"{"r": [0, 0, 100, 50], "x": [0, 0, 0, 0], "y": [0, 0, 25, 0], "z": [0, 0, 0, 0]}"#)
    }

    @Test func reportsTheIDOfADocumentThatFailsAfterParsing() {
        var id: String?
        let withID = Array(#"{"id": "named", "#.utf8) + Self.conflict.dropFirst()
        #expect(throws: LayoutError.self) {
            try DocumentSolving.solve(withID, source: "x", documentID: &id)
        }
        #expect(id == "named")
    }

    @Test(arguments: [1, 2, 3, 64])
    func batchKeepsInputOrder(jobs: Int) throws {
        var documents: [[UInt8]] = []
        for i in 0 ..< 40 {
            documents.append(i % 5 == 3 ? Self.conflict : Array(String(decoding: Self.hello, as: UTF8.self)
                .replacingOccurrences(of: "320", with: "\(100 + i)").utf8))
        }
        let results = DocumentSolving.batch(documents, jobs: jobs)
        #expect(results.count == documents.count)
        for (i, result) in results.enumerated() {
            switch result {
            case .success(let json):
                #expect(i % 5 != 3)
                #expect(json == (try DocumentSolving.framesJSON(documents[i], source: "document \(i)")))
            case .failure(let error):
                #expect(i % 5 == 3)
                #expect(error.description.contains("document \(i)") || error.description.contains("a.width = 20"))
            }
        }
        // The same documents as bytes the documents keep: the same results.
        let fromBytes = DocumentSolving.batch(documents.map { LayoutDocument.Bytes($0) }, jobs: jobs)
        #expect(fromBytes.count == results.count)
        for (i, (result, other)) in zip(results, fromBytes).enumerated() {
            switch (result, other) {
            case (.success(let json), .success(let again)):
                #expect(json == again)
                #expect(json == (try DocumentSolving.framesJSON(LayoutDocument.Bytes(documents[i]), source: "d")))
            case (.failure(let error), .failure(let again)):
                #expect(error.description == again.description)
            default:
                Issue.record("document \(i): \(result) from an array, \(other) from bytes")
            }
        }
        #expect(DocumentSolving.batch([], jobs: jobs).isEmpty)
        #expect(DocumentSolving.batch([LayoutDocument.Bytes](), jobs: jobs).isEmpty)
    }
}

private extension String {
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        var out = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            out += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return out + rest
    }
}
