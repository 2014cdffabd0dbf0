import Testing
@testable import Plumb

/// Hand-checked frames of small layouts written as documents (the same
/// layouts as ``ViewLayoutTests`` where they overlap).
@Suite struct DocumentFrameTests {
    @Test func readmeRedView() throws {
        let frames = try solveDocument(document(
            views: ["redView"],
            constraints: ["redView.width = 100", "redView.height = redView.width",
                          "redView.left = root.left", "redView.centerY = root.centerY"]))
        #expect(frames["root"] == rect(0, 0, 320, 480))
        #expect(frames["redView"] == rect(0, 190, 100, 100))
    }

    @Test func smallListInParentAndRootCoordinates() throws {
        let json = document(
            views: ["cell0", "icon0:cell0", "cell1", "icon1:cell1"],
            constraints: [
                "cell0.left = root.left + 16", "cell0.right = root.right - 16",
                "cell0.top = root.top + 8", "cell0.height = 44",
                "cell1.left = cell0.left", "cell1.width = cell0.width",
                "cell1.top = cell0.bottom + 8", "cell1.height = 1.5 * cell0.height",
                "icon0.left = cell0.left + 8", "icon0.centerY = cell0.centerY",
                "icon0.width = 28", "icon0.height = icon0.width",
                "icon1.trailing = cell1.trailing - 8", "icon1.centerY = cell1.centerY",
                "icon1.width = icon0.width", "icon1.baseline = icon1.top + 28",
            ])
        let frames = try solveDocument(json)
        #expect(frames["cell0"] == rect(16, 8, 288, 44))
        #expect(frames["cell1"] == rect(16, 60, 288, 66))
        #expect(frames["icon0"] == rect(8, 8, 28, 28))
        #expect(frames["icon1"] == rect(252, 19, 28, 28))
        let absolute = try solveDocument(json, absolute: true)
        #expect(absolute["icon0"] == rect(24, 16, 28, 28))
        #expect(absolute["icon1"] == rect(268, 79, 28, 28))
        #expect(absolute["cell1"] == frames["cell1"])
    }

    /// The spec's example: the card's height is left free, so this checks the
    /// determined parts and the title's intrinsic width winning over `>= 40`.
    @Test(.enabled(if: simplexAvailable)) func intrinsicSizes() throws {
        let json = """
            {"root": {"width": 320, "height": 480},
             "views": [{"id": "label", "intrinsicSize": [120, 20]},
                       {"id": "wide", "intrinsicSize": [100, 20], "compressionResistance": [500, 750]},
                       {"id": "tight", "intrinsicSize": [100, 20]}],
             "constraints": ["label.left = root.left + 10", "label.top = root.top + 10",
                             "wide.left = root.left", "wide.top = label.bottom", "wide.width = 200 @ 600",
                             "tight.left = root.left", "tight.top = wide.bottom", "tight.width <= 60"]}
            """
        let frames = try solveDocument(json)
        #expect(frames["label"] == rect(10, 10, 120, 20))
        // 600 beats hugging (250), resistance is satisfied at 200.
        #expect(frames["wide"] == rect(0, 30, 200, 20))
        // The required `<= 60` beats resistance.
        #expect(frames["tight"] == rect(0, 50, 60, 20))
    }

    @Test(.enabled(if: simplexAvailable)) func conflictNamesTheConstraints() throws {
        let json = document(views: ["a"], constraints: [
            "a.top = root.top", "a.height = 10", "a.left = root.left", "a.width = 100", "a.right = root.left + 50",
        ])
        let lowered = try parseDocument(json).lower()
        let error = #expect(throws: LayoutError.self) { try lowered.solve() }
        guard case .unsatisfiable(let conflict)? = error?.problems.first else {
            Issue.record("expected a conflict, got \(String(describing: error))")
            return
        }
        #expect(Set(conflict.compactMap(\.index)) == [2, 3, 4])
        #expect(conflict.allSatisfy { $0.kind == .constraint })
        let text = error?.description ?? ""
        #expect(text.contains("constraints[3] \"a.width = 100\"") && text.contains("constraints[4] \"a.right = root.left + 50\""))
    }
}
