import Foundation
import Testing
import Plumb
import PlumbAPIWorkloads

/// The trees the Swift API benchmark builds (Sources/plumb-api-bench) lay
/// out to the frames `plumb solve` writes for the documents scripts/generate.py
/// makes of the same family (Tests/Fixtures/api-workloads, `generate.py
/// FAMILY 60`), with every front end, first and again after each change the
/// benchmark makes; and the benchmark's own documents are generate.py's,
/// byte for byte.
@Suite struct APIWorkloadTests {
    static func fixture(_ shape: APIShape) throws -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/api-workloads/\(shape)-60.json")
        return Array(try Data(contentsOf: url))
    }

    /// The lengths the generated document drew: from its constraint strings
    /// (`list`, `cards`) or its views' intrinsic sizes (`table`, `chartgrid`).
    static func lengths(_ shape: APIShape, _ bytes: [UInt8]) throws -> [Double] {
        let json = try JSONSerialization.jsonObject(with: Data(bytes)) as! [String: Any]
        let sizes = (json["views"] as! [[String: Any]]).map { view in
            ((view["intrinsicSize"] as? [Any]) ?? []).map { ($0 as! NSNumber).doubleValue }
        }
        return APIWorkloads.lengths(of: shape, constraints: json["constraints"] as! [String], intrinsicSizes: sizes)
    }

    /// Frames as `plumb solve` writes them: the root, then the views in document order.
    static func framesJSON(_ tree: APITree) -> [UInt8] {
        let views = [tree.root] + tree.views
        return FrameWriter.json(ids: views.map(\.id), frames: views.map(\.frame))
    }

    @Test(arguments: APIShape.allCases, APIFrontEnd.allCases)
    func treeFramesAreThoseOfTheDocument(shape: APIShape, frontEnd: APIFrontEnd) throws {
        let bytes = try Self.fixture(shape)
        let lengths = try Self.lengths(shape, bytes)
        #expect(lengths.count == shape.units(views: 60) * shape.lengthsPerUnit)
        let expected = try DocumentSolving.framesJSON(bytes, source: "\(shape)-60.json")

        let tree = APIWorkloads.build(shape, frontEnd: frontEnd, lengths: lengths)
        try tree.root.layout(width: 1024, height: 768)
        #expect(String(decoding: Self.framesJSON(tree), as: UTF8.self) == String(decoding: expected, as: UTF8.self))

        // Laid out again after each change in turn (the width, the first
        // constant, a required row's constant, an intrinsic height): each
        // time the frames `plumb solve` gives for the document changed as
        // much (a fresh solve at the new width: cheaper than compiling it,
        // which builds a tableau for each small component).
        var changed = lengths, firstShift = 0.0, requiredShift = 0.0
        var steps: [(String, () -> Void)] = [
            ("width", {}),
            ("constant", { tree.firstLength.constant += 4; firstShift += 4 }),
        ]
        if let row = tree.requiredConstant {
            steps.append(("required", { row.constant += 4; requiredShift += 4 }))
        }
        if let view = tree.intrinsicView, let k = tree.intrinsicLength {
            steps.append(("intrinsic", { view.intrinsicContentSize.height! += 4; changed[k] += 4 }))
        }
        #expect(steps.count == (shape == .table || shape == .chartgrid ? 4 : 2))
        for (name, change) in steps {
            change()
            try tree.root.layout(width: 800, height: 768)
            let document = APIWorkloads.documentJSON(
                shape, lengths: changed, firstShift: firstShift, requiredShift: requiredShift)
            let narrow = document.replacingOccurrences(of: "\"width\":1024,", with: "\"width\":800,")
            #expect(narrow != document)
            let frames = try DocumentSolving.framesJSON(Array(narrow.utf8), source: "changed.json")
            #expect(String(decoding: Self.framesJSON(tree), as: UTF8.self) == String(decoding: frames, as: UTF8.self),
                    "after \(name)")
        }
    }

    @Test(arguments: APIShape.allCases)
    func documentIsGeneratePys(shape: APIShape) throws {
        let bytes = try Self.fixture(shape)
        let lengths = try Self.lengths(shape, bytes)
        #expect(APIWorkloads.documentJSON(shape, lengths: lengths) == String(decoding: bytes, as: UTF8.self))
    }
}
