import Testing
import PlumbTestSupport
@testable import Plumb

/// Invariants of pixel rounding, right-to-left mirroring and checks over
/// many generated layouts.
@Suite struct DiagnosticsPropertyTests {
    /// A row of `widths.count` views side by side from `start`, nested one
    /// level in a container that spans them, at random fractional sizes.
    @Test func roundedRowsStillTouchAndStayClose() throws {
        var g = SplitMix64(seed: 7)
        for _ in 0 ..< 200 {
            let scale = [1.0, 2, 4, 3, 1.5, 2.75].randomElement(using: &g)!
            // Powers of two are exact; other scales touch to the last bit.
            let slack = scale == 1 || scale == 2 || scale == 4 ? 0 : 1e-12 * 1000
            let start = Double.random(in: -50 ... 50, using: &g)
            let widths = (0 ..< Int.random(in: 1 ... 6, using: &g)).map { _ in
                Bool.random(using: &g) ? 0 : Double.random(in: 0 ... 40, using: &g)
            }
            var frames = [Rect(x: 0, y: 0, width: 500, height: 500),
                          Rect(x: start, y: 3.3, width: widths.reduce(0, +), height: 10.01)]
            var parents: [Int32] = [-1, 0]
            var x = start
            for w in widths {
                frames.append(Rect(x: x, y: 3.3, width: w, height: 7.77))
                parents.append(1)
                x += w
            }
            let r = try #require(PixelRounding(scale: scale))
            let absolute = r.round(absoluteFrames: frames, parents: parents, absolute: true)
            let relative = r.round(absoluteFrames: frames, parents: parents, absolute: false)
            for i in 2 ..< absolute.count {
                #expect(absolute[i].width >= 0)
                // Each edge moves by at most half a pixel.
                #expect(abs(absolute[i].x - frames[i].x) <= 0.5 / scale + 1e-9)
                #expect(abs(absolute[i].maxX - frames[i].maxX) <= 0.5 / scale + 1e-9)
                // Neighbours touch; the first and the last touch the container's edges.
                if i > 2 {
                    #expect(abs(absolute[i].x - absolute[i - 1].maxX) <= slack)
                    #expect(abs(relative[i].x - (relative[i - 1].x + relative[i - 1].width)) <= slack)
                }
                // Parent coordinates are the same rounded edges, relative to the container.
                #expect(abs(relative[i].x - (absolute[i].x - absolute[1].x)) <= 1e-9)
                #expect(abs(relative[i].width - absolute[i].width) <= slack)
            }
            #expect(absolute[2].x == absolute[1].x && relative[2].x == 0)
            #expect(abs(absolute.last!.maxX - absolute[1].maxX) <= slack)
        }
    }

    /// Layouts written with leading, trailing and sizes only come out as the
    /// mirror image of themselves right to left.
    @Test func rightToLeftIsTheMirrorImage() throws {
        var g = SplitMix64(seed: 11)
        for _ in 0 ..< 40 {
            let n = Int.random(in: 1 ... 6, using: &g)
            var views: [String] = [], constraints: [String] = []
            for i in 0 ..< n {
                let parent = i == 0 ? "root" : "v\(Int.random(in: 0 ..< i, using: &g))"
                views.append(i == 0 ? "v0" : "v\(i):\(parent)")
                let other = i == 0 ? "root" : "v\(Int.random(in: 0 ..< i, using: &g))"
                let edge = ["leading", "trailing"].randomElement(using: &g)!
                let c = Double(Int.random(in: -40 ... 40, using: &g)) / 4
                constraints.append("v\(i).leading = \(other).\(edge) \(c < 0 ? "-" : "+") \(abs(c))")
                if Bool.random(using: &g) {
                    constraints.append("v\(i).width = \(Double(Int.random(in: 0 ... 80, using: &g)) / 2)")
                } else {
                    constraints.append("v\(i).trailing = \(other).trailing + \(Double(Int.random(in: 0 ... 20, using: &g)))")
                }
                constraints += ["v\(i).top = root.top + \(i)", "v\(i).height = 10"]
            }
            let ltrJSON = document(width: 333, height: 100, views: views, constraints: constraints)
            let rtlJSON = document(width: 333, height: 100, views: views, constraints: constraints,
                                   extra: #", "layoutDirection": "rtl""#)
            let ltr = try solveDocument(ltrJSON, absolute: true), rtl = try solveDocument(rtlJSON, absolute: true)
            for (id, l) in ltr {
                let r = try #require(rtl[id])
                #expect(abs(r.x - (333 - l.x - l.width)) < 1e-9 && abs(r.width - l.width) < 1e-9 && r.y == l.y,
                        "\(id): \(l) vs \(r) in \(constraints)")
            }
        }
    }

    /// The check does not depend on the order of the constraints.
    @Test func checkIgnoresConstraintOrder() throws {
        let constraints = [
            "a.left = 0", "a.width = 100", "a.width = 200", "a.top = 0", "a.height = 10",
            "b.left = a.right", "b.top = 0", "b.width >= 10",
            "c.left = 10 @ 300", "c.left = 20 @ 300", "c.width = 1", "c.height = 1", "c.top = 0",
            "d.top = 0", "d.height = 5", "d.height >= 1", "d.left = 0", "d.width = 5", "d.width = 9 @ 400",
        ]
        func summary(_ cs: [String]) throws -> [String] {
            let c = try LayoutDocument.parse(Array(document(views: ["a", "b", "c", "d"], constraints: cs).utf8),
                                             source: "doc.json").lower().check()
            let texts = { (origins: [Origin]) in origins.map(\.text).sorted() }
            return (c.conflicts.map { "conflict \(texts($0.constraints))" }
                + c.ambiguities.map { "ambiguous \($0.view) \($0.axis) \($0.parts)" }
                + c.redundant.map { "redundant \($0.text)" } + c.ineffective.map { "ineffective \($0.text)" }).sorted()
        }
        let expected = try summary(constraints)
        #expect(expected == [
            #"ambiguous b horizontal [Plumb.LayoutCheck.Ambiguity.Part.size]"#,
            #"ambiguous b vertical [Plumb.LayoutCheck.Ambiguity.Part.size]"#,
            #"ambiguous c horizontal [Plumb.LayoutCheck.Ambiguity.Part.position]"#,
            #"conflict ["a.width = 100", "a.width = 200"]"#,
            "ineffective d.width = 9 @ 400",
            "redundant d.height >= 1",
        ])
        var g = SplitMix64(seed: 3)
        for _ in 0 ..< 10 {
            #expect(try summary(constraints.shuffled(using: &g)) == expected)
        }
    }
}
