import Foundation
import Testing
import Plumb
import PlumbAPIWorkloads

/// The trees the Swift API benchmark builds (Sources/plumb-api-bench) lay
/// out to the frames `plumb solve` writes for the documents scripts/generate.py
/// makes of the same family (Tests/Fixtures/api-workloads, `generate.py
/// FAMILY 60`), with every front end; and the benchmark's own documents are
/// generate.py's, byte for byte.
@Suite struct APIWorkloadTests {
    static func fixture(_ shape: APIShape) throws -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/api-workloads/\(shape)-60.json")
        return Array(try Data(contentsOf: url))
    }

    /// The generated document's constraint strings.
    static func constraints(_ bytes: [UInt8]) throws -> [String] {
        let json = try JSONSerialization.jsonObject(with: Data(bytes)) as! [String: Any]
        return json["constraints"] as! [String]
    }

    /// Frames as `plumb solve` writes them: the root, then the views in document order.
    static func framesJSON(_ tree: APITree) -> [UInt8] {
        let views = [tree.root] + tree.views
        return FrameWriter.json(ids: views.map(\.id), frames: views.map(\.frame))
    }

    @Test(arguments: APIShape.allCases, APIFrontEnd.allCases)
    func treeFramesAreThoseOfTheDocument(shape: APIShape, frontEnd: APIFrontEnd) throws {
        let bytes = try Self.fixture(shape)
        let lengths = APIWorkloads.lengths(of: shape, constraints: try Self.constraints(bytes))
        #expect(lengths.count == shape.units(views: 60))
        let expected = try DocumentSolving.framesJSON(bytes, source: "\(shape)-60.json")

        let tree = APIWorkloads.build(shape, frontEnd: frontEnd, lengths: lengths)
        try tree.root.layout(width: 1024, height: 768)
        #expect(String(decoding: Self.framesJSON(tree), as: UTF8.self) == String(decoding: expected, as: UTF8.self))

        // Laid out again after a change: the frames of the changed document.
        tree.firstLength.constant += 4
        try tree.root.layout(width: 800, height: 768)
        var changed = lengths
        changed[0] += 4
        let document = try LayoutDocument.parse(
            Array(APIWorkloads.documentJSON(shape, lengths: changed).utf8), source: "changed.json")
        let layout = try CompiledLayout(document)
        let frames = try layout.frames(width: 800, height: 768)
        #expect(Self.framesJSON(tree) == FrameWriter.json(ids: layout.viewIDs, frames: frames))
    }

    @Test(arguments: APIShape.allCases)
    func documentIsGeneratePys(shape: APIShape) throws {
        let bytes = try Self.fixture(shape)
        let lengths = APIWorkloads.lengths(of: shape, constraints: try Self.constraints(bytes))
        #expect(APIWorkloads.documentJSON(shape, lengths: lengths) == String(decoding: bytes, as: UTF8.self))
    }
}
