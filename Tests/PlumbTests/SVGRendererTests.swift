import Testing
import PropertyBased
@testable import Plumb

@Suite struct SVGRendererTests {
    /// The style sheet every picture starts with (one class per depth).
    static let style = """
        <style>
        rect{stroke-width:1;vector-effect:non-scaling-stroke}
        text{font-family:sans-serif;font-size:10px;fill:#222}
        .texts text{font-family:inherit;font-size:inherit;fill:#000;white-space:pre}
        .d0{stroke:#5b6470;fill:#f4f5f7}
        .d1{stroke:#1f77b4;fill:#eaf2fa}
        .d2{stroke:#2ca02c;fill:#ebf6eb}
        .d3{stroke:#d62728;fill:#fbebeb}
        .d4{stroke:#9467bd;fill:#f3eff8}
        .d5{stroke:#ff7f0e;fill:#fff3e7}
        </style>

        """

    @Test func twoViewsExactOutput() {
        let svg = SVGRenderer.render(
            ids: ["root", "card"], parents: [-1, 0],
            absoluteFrames: [Rect(x: 0, y: 0, width: 200, height: 100),
                             Rect(x: 10, y: 20, width: 60.5, height: 30.25)])
        // Canvas: the root's box grown by 2 on each side. Both labels fit
        // (4 characters need 4 * 6 + 4 = 28 wide and 14 high) and sit 2 in
        // from the corner, baseline 10 lower.
        let expected = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="-2 -2 204 104" width="204" height="104">

            """ + Self.style + """
            <g class="views">
            <rect class="d0" x="0" y="0" width="200" height="100"><title>root</title></rect>
            <rect class="d1" x="10" y="20" width="60.5" height="30.25"><title>card</title></rect>
            </g>
            <g class="labels">
            <text x="2" y="12">root</text>
            <text x="12" y="32">card</text>
            </g>
            </svg>

            """
        #expect(svg == expected)
    }

    @Test func idsAreEscapedInTitlesAndLabels() {
        let id = "a<&>\"'b\u{1}"
        let svg = SVGRenderer.render(
            ids: ["root", id], parents: [-1, 0],
            absoluteFrames: [Rect(x: 0, y: 0, width: 400, height: 100),
                             Rect(x: 0, y: 0, width: 300, height: 50)],
            canvas: Rect(x: 0, y: 0, width: 400, height: 100))
        let escaped = "a&lt;&amp;&gt;&quot;&apos;b\u{FFFD}"
        #expect(svg.contains("<title>\(escaped)</title>"))
        #expect(svg.contains(">\(escaped)</text>"))
        #expect(!svg.contains("a<&"))
        #expect(svg.contains("viewBox=\"0 0 400 100\" width=\"400\" height=\"100\""))
    }

    @Test func escapeLeavesPlainTextAndKeepsWhitespace() {
        #expect(SVGRenderer.escapeXML("cell_12-label") == "cell_12-label")
        #expect(SVGRenderer.escapeXML("é\tx\u{FFFF}") == "é\tx\u{FFFD}")
        #expect(SVGRenderer.escapeXML("") == "")
    }

    @Test func labelOnlyWhenItFits() {
        // "badge" needs 5 * 6 + 2 * 2 = 34 wide and 10 + 2 + 2 * 2 = 16 high.
        var placer = SVGLabelPlacer()
        #expect(placer.place("badge", in: Rect(x: 0, y: 0, width: 33.9, height: 40)) == nil)
        #expect(placer.place("badge", in: Rect(x: 0, y: 0, width: 80, height: 15.9)) == nil)
        #expect(placer.place("badge", in: Rect(x: 100, y: 0, width: 34, height: 16))
                == .init(box: Rect(x: 102, y: 2, width: 30, height: 12), baseline: 12))
        let svg = SVGRenderer.render(
            ids: ["root", "badge"], parents: [-1, 0],
            absoluteFrames: [Rect(x: 0, y: 0, width: 100, height: 100),
                             Rect(x: 5, y: 5, width: 20, height: 20)])
        #expect(svg.contains("<title>badge</title>"))
        #expect(!svg.contains(">badge</text>"))
    }

    @Test func labelsNeverOverlap() {
        // card's corner label is clear of root's; img shares card's corner, so
        // its label goes to its bottom-left (box top 60 - 2 - 12 = 46, baseline
        // 56); dup has img's frame and both its corners are taken.
        let svg = SVGRenderer.render(
            ids: ["root", "card", "img", "dup"], parents: [-1, 0, 1, 1],
            absoluteFrames: [Rect(x: 0, y: 0, width: 200, height: 100),
                             Rect(x: 20, y: 20, width: 100, height: 60),
                             Rect(x: 20, y: 20, width: 100, height: 40),
                             Rect(x: 20, y: 20, width: 100, height: 40)])
        let labels = svg.split(separator: "\n").filter { $0.hasPrefix("<text") }
        #expect(labels == [
            "<text x=\"2\" y=\"12\">root</text>",
            "<text x=\"22\" y=\"32\">card</text>",
            "<text x=\"22\" y=\"56\">img</text>",
        ])
    }

    @Test func overlapIgnoresTouchingEdges() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(!SVGLabelPlacer.overlap(a, Rect(x: 10, y: 0, width: 5, height: 5)))
        #expect(!SVGLabelPlacer.overlap(a, Rect(x: 0, y: 10, width: 5, height: 5)))
        #expect(SVGLabelPlacer.overlap(a, Rect(x: 9.5, y: 9.5, width: 5, height: 5)))
        // Far apart in the grid, and across bucket edges (64 points).
        var placer = SVGLabelPlacer()
        #expect(placer.place("ab", in: Rect(x: 60, y: 60, width: 40, height: 20)) != nil)
        #expect(placer.place("cd", in: Rect(x: 70, y: 60, width: 40, height: 20)) == nil)
        #expect(placer.place("ef", in: Rect(x: 6000, y: 60, width: 40, height: 20)) != nil)
    }

    @Test func numbersAreRoundedToHundredths() {
        #expect(SVGRenderer.format(12) == "12")
        #expect(SVGRenderer.format(-0.0) == "0")
        #expect(SVGRenderer.format(-0.001) == "0")
        #expect(SVGRenderer.format(1.234) == "1.23")
        #expect(SVGRenderer.format(-7.5) == "-7.5")
        #expect(SVGRenderer.format(.nan) == "0")
        #expect(SVGRenderer.format(.infinity) == "0")
    }

    @Test func negativeSizesAreMirrored() {
        let r = SVGRenderer.normalized(Rect(x: 10, y: 10, width: -4, height: -6))
        #expect(r == Rect(x: 6, y: 4, width: 4, height: 6))
    }

    @Test func parentsAreDrawnBeforeChildrenWhateverTheIndexOrder() {
        // View 1's parent (2) comes after it in the arrays.
        let order = SVGRenderer.preorder(parents: [-1, 2, 0, 0][...])
        #expect(order == [.init(view: 0, depth: 0), .init(view: 2, depth: 1),
                          .init(view: 1, depth: 2), .init(view: 3, depth: 1)])
        let svg = SVGRenderer.render(
            ids: ["r", "child", "parent", "x"], parents: [-1, 2, 0, 0],
            absoluteFrames: Array(repeating: Rect(x: 0, y: 0, width: 10, height: 10), count: 4))
        let parentAt = svg.range(of: "<title>parent</title>")
        let childAt = svg.range(of: "<title>child</title>")
        #expect(parentAt != nil && childAt != nil)
        if let parentAt, let childAt { #expect(parentAt.lowerBound < childAt.lowerBound) }
        #expect(svg.contains("<rect class=\"d2\" x=\"0\" y=\"0\" width=\"10\" height=\"10\"><title>child</title>"))
    }

    @Test func badParentsAndCyclesStillDrawEveryViewOnce() {
        // 1 and 2 form a cycle; 3's parent is out of range; 4 is its own parent.
        let order = SVGRenderer.preorder(parents: [-1, 2, 1, 99, 4][...])
        #expect(order.map(\.view).sorted() == [0, 1, 2, 3, 4])
        #expect(order.filter { $0.depth == 0 }.map(\.view) == [0, 3, 4, 1])
    }

    @Test func mismatchedLengthsDrawTheCommonPrefix() {
        let svg = SVGRenderer.render(
            ids: ["root", "a", "b"], parents: [-1, 0],
            absoluteFrames: [Rect(x: 0, y: 0, width: 50, height: 50)])
        #expect(svg.contains("<title>root</title>"))
        #expect(!svg.contains("<title>a</title>"))
        #expect(!svg.contains("<title>b</title>"))
    }

    /// For any parent array: every view is drawn once, and a view drawn at
    /// depth d > 0 comes after its parent, drawn at depth d - 1. Without
    /// cycles every view with a valid parent is below it (depth > 0).
    @Test func preorderIsAPermutationRespectingTheTree() async {
        await propertyCheck(count: 300, input: Gen.int(in: -1...24).array(of: 1...25)) { raw in
            let parents = raw.map(Int32.init)
            let n = parents.count
            let order = SVGRenderer.preorder(parents: parents[...])
            #expect(order.map(\.view).sorted() == Array(0..<n))
            var position = [Int](repeating: -1, count: n)
            var depth = [Int](repeating: -1, count: n)
            for (k, entry) in order.enumerated() {
                position[entry.view] = k
                depth[entry.view] = entry.depth
            }
            func validParent(_ v: Int) -> Int? {
                let p = Int(parents[v])
                return (p >= 0 && p < n && p != v) ? p : nil
            }
            for entry in order where entry.depth > 0 {
                guard let p = validParent(entry.view) else {
                    Issue.record("view \(entry.view) below a root without a parent")
                    continue
                }
                #expect(position[p] < position[entry.view])
                #expect(depth[p] == entry.depth - 1)
            }
            // Acyclic: following parents from any view ends at a root within n steps.
            let acyclic = (0..<n).allSatisfy { start in
                var v = start, steps = 0
                while let p = validParent(v) { v = p; steps += 1; if steps > n { return false } }
                return true
            }
            if acyclic {
                for v in 0..<n where validParent(v) != nil { #expect(depth[v] > 0) }
            }
        }
    }

    @Test func fiveThousandViewsRenderEveryRectangle() {
        let n = 5000
        var ids = ["root"], parents: [Int32] = [-1]
        var frames = [Rect(x: 0, y: 0, width: 1024, height: 768)]
        for i in 1..<n {
            ids.append("v\(i)")
            parents.append(Int32((i - 1) / 4))
            frames.append(Rect(x: Double(i % 50) * 20, y: Double(i / 50) * 20, width: 18, height: 18))
        }
        let svg = SVGRenderer.render(ids: ids, parents: parents, absoluteFrames: frames)
        var rects = 0
        var rest = svg[...]
        while let r = rest.range(of: "<rect ") { rects += 1; rest = rest[r.upperBound...] }
        #expect(rects == n)
    }
}

@Suite struct SVGRendererTextTests {
    @Test func textLinesAreDrawnAtTheirBaselinesInTheirFont() {
        let lines = [TextLine(text: "Hello <you>", baseline: 12, width: 60), TextLine(text: "again", baseline: 30, width: 30)]
        let svg = SVGRenderer.render(
            ids: ["root", "label"], parents: [-1, 0],
            absoluteFrames: [Rect(x: 0, y: 0, width: 100, height: 100), Rect(x: 10, y: 20, width: 70, height: 40)],
            texts: [1: SVGRenderer.TextBox(font: Font(family: "DejaVu Sans", size: 15), lines: lines)])
        #expect(svg.contains("<g style=\"font-family:'DejaVu Sans';font-size:15px\"><text x=\"10\" y=\"32\">Hello &lt;you&gt;</text><text x=\"10\" y=\"50\">again</text></g>"))
        // The view with text gets no id label; the root keeps its own.
        #expect(!svg.contains(">label</text>"))
        #expect(svg.contains(">root</text>"))
        #expect(svg.contains("<title>label</title>"))
    }
}

@Suite struct SVGRendererTextLabelTests {
    @Test func labelsKeepOffDrawnText() {
        // The label's text fills the root's top-left corner: the root's label goes to its bottom-left corner.
        let line = TextLine(text: "Hello", baseline: 12, width: 60)
        let svg = SVGRenderer.render(
            ids: ["root", "label"], parents: [-1, 0],
            absoluteFrames: [Rect(x: 0, y: 0, width: 100, height: 100), Rect(x: 0, y: 0, width: 100, height: 20)],
            texts: [1: SVGRenderer.TextBox(font: Font(family: "DejaVu Sans", size: 15), lines: [line])])
        #expect(svg.contains("<text x=\"2\" y=\"96\">root</text>"))
    }
}
