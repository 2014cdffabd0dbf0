import Testing
@testable import Plumb

/// `--scale` and ``PixelRounding``: hand-checked frames.
@Suite struct PixelRoundingTests {
    /// Three equal columns filling a 100-point root: each is 100/3 wide.
    private let columns = document(
        width: 100, height: 50, views: ["a", "b", "c", "inner:b"],
        constraints: [
            "a.left = root.left", "b.left = a.right", "c.left = b.right", "c.right = root.right",
            "a.width = b.width", "b.width = c.width",
            "a.top = root.top", "b.top = root.top", "c.top = root.top",
            "a.height = 10", "b.height = 10", "c.height = 10",
            "inner.left = b.left + 0.3", "inner.width = 10.2", "inner.top = b.top + 1.2", "inner.height = 2.2",
        ])

    private func solve(_ json: String, absolute: Bool = false, scale: Double?) throws -> [String: Rect] {
        let lowered = try LayoutDocument.parse(Array(json.utf8), source: "doc.json").lower()
        let frames = lowered.frames(from: try lowered.solve(), absolute: absolute, scale: scale)
        return Dictionary(uniqueKeysWithValues: zip(lowered.viewIDs, frames))
    }

    @Test func thirdsAtScale2() throws {
        // Edges 0, 33.33, 66.67, 100 are 0, 66.67, 133.33, 200 pixels: 0, 67, 133, 200.
        let f = try solve(columns, scale: 2)
        #expect(f["a"] == rect(0, 0, 33.5, 10))
        #expect(f["b"] == rect(33.5, 0, 33, 10))
        #expect(f["c"] == rect(66.5, 0, 33.5, 10))
        // inner: left 33.63 -> 67 px, right 43.83 -> 88 px, top 1.2 -> 2 px, bottom 3.4 -> 7 px.
        #expect(f["inner"] == rect(0, 1, 10.5, 2.5))
        let abs = try solve(columns, absolute: true, scale: 2)
        #expect(abs["inner"] == rect(33.5, 1, 10.5, 2.5))
        // Neighbours still touch, and the columns still fill the root.
        #expect(f["a"]!.maxX == f["b"]!.x && f["b"]!.maxX == f["c"]!.x && f["c"]!.maxX == 100)
    }

    @Test func thirdsAtScale3() throws {
        // Edges 0, 100, 200, 300 pixels: already on pixels. Each edge is the
        // Double nearest k/3 and sizes are differences of edges, so the
        // columns touch and the last ends at 100 (a width may differ from
        // 100/3 in the last bit).
        let f = try solve(columns, scale: 3)
        let a = f["a"]!, b = f["b"]!, c = f["c"]!
        #expect(a.x == 0 && b.x == 100.0 / 3 && c.x == 200.0 / 3)
        #expect(a.maxX == b.x && b.maxX == c.x && c.maxX == 100)
        for r in [a, b, c] { #expect(abs(r.width - 100.0 / 3) < 1e-12 && r.y == 0 && r.height == 10) }
        #expect(f["root"] == rect(0, 0, 100, 50))
    }

    @Test func withoutScaleNothingIsRounded() throws {
        let f = try solve(columns, scale: nil)
        #expect(abs(f["b"]!.x - 100.0 / 3) < 1e-9)
        #expect(abs(f["inner"]!.width - 10.2) < 1e-9)
    }

    @Test func zeroWidthAndNegativeCoordinates() throws {
        let json = document(
            width: 100, height: 100, views: ["z", "n", "m"],
            constraints: [
                "z.left = root.left + 10.3", "z.width = 0", "z.top = root.top", "z.height = 0",
                // left -10.25 is -20.5 px (a half: towards +inf, -20), right -4.75 is -9.5 px (-9).
                "n.left = root.left - 10.25", "n.width = 5.5", "n.top = root.top - 3.3", "n.height = 1",
                // The same view one whole pixel to the left rounds to the same shape.
                "m.left = n.left - 0.5", "m.width = n.width", "m.top = n.top", "m.height = n.height",
            ])
        let f = try solve(json, scale: 2)
        #expect(f["z"] == rect(10.5, 0, 0, 0))
        #expect(f["n"] == rect(-10, -3.5, 5.5, 1))
        #expect(f["m"] == rect(-10.5, -3.5, 5.5, 1))
    }

    @Test func roundingHelperDirectly() throws {
        let r = try #require(PixelRounding(scale: 2))
        #expect(r.round(0.25) == 0.5)  // a half pixel goes up
        #expect(r.round(-0.25) == 0)
        #expect(r.round(0.25 - 1e-13) == 0.5)  // 0.4999999999998 pixels counts as the half
        // A parent at (0.3, 0.3) and a child touching its right edge from inside.
        let frames = r.round(
            absoluteFrames: [rect(0, 0, 10, 10), rect(0.3, 0.3, 4.4, 4.4), rect(2.2, 0.3, 2.5, 0.1)],
            parents: [-1, 0, 1], absolute: false)
        // Parent edges 0.6/9.4 px -> 1/9: (0.5, 0.5, 4, 4); child 4.4/9.4 px -> 4/9, top 0.6/0.8 -> 1/1.
        #expect(frames == [rect(0, 0, 10, 10), rect(0.5, 0.5, 4, 4), rect(1.5, 0, 2.5, 0)])
        #expect(frames[2].x + frames[2].width == frames[1].width)
        for bad in [0, -1, Double.nan, Double.infinity] { #expect(PixelRounding(scale: bad) == nil) }
    }

    @Test func viewLayoutTakesAScale() throws {
        let root = View("root")
        let a = View("a"), b = View("b")
        root.addSubview(a)
        root.addSubview(b)
        try Layout(of: a).addRule("ll = 0, tt = 0, w = 33.3333, h = 10.26")
        try Layout(of: b).addRule("ll = %rl, tt = 0, w = 10, h = 10", a)
        try root.layout(width: 100, height: 100, scale: 2)
        #expect(a.frame == rect(0, 0, 33.5, 10.5))
        #expect(b.frame == rect(33.5, 0, 10, 10))
        #expect(throws: LayoutError.self) { try root.layout(width: 100, height: 100, scale: 0) }
    }
}
