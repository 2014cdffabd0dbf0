import ArgumentParser
import Plumb

/// `plumb render`: a picture of a solved layout, or of a size sweep.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a solved layout document as an SVG picture.",
        discussion: """
            Each view is a rectangle nested as in the hierarchy and labelled with its id where the \
            label fits (every rectangle also has its id as a tooltip); a view with text shows its text \
            instead, in its font, broken into lines as the text engine broke it. With --sweep, the layout is \
            solved at each root width (heights from --heights, else the document's) and drawn as a \
            strip of panels, left to right, each captioned with its size. \
            On any error nothing is written and the exit status is 1.
            """
    )

    @Argument(help: "The layout document (JSON), or - for standard input.")
    var document: String

    @Option(name: .shortAndLong, help: "Write the SVG here instead of standard output.")
    var output: String?

    @Option(help: "Draw a strip, one panel per root width: 320...1400:270, or a comma list.", transform: SizeList.parse)
    var sweep: SizeList?

    @Option(help: "Root heights for --sweep (default: the document's own).", transform: SizeList.parse)
    var heights: SizeList?

    @Option(help: "Force a strategy: auto (default), dag, block or simplex.")
    var strategy: SolveOptions.Strategy = .auto

    func run() throws {
        try Pipeline.reportingErrors(render)
    }

    private func render() throws {
        let doc = try Pipeline.loadDocument(document)
        let layout = try CompiledLayout(doc, options: SolveOptions(strategy: strategy))
        let svg: String
        if let sweep {
            var panels: [(caption: String, absoluteFrames: [Rect])] = []
            var texts: [[Int: SVGRenderer.TextBox]] = []
            for width in sweep.values {
                for height in heights?.values ?? [doc.rootHeight] {
                    let caption = "\(Pipeline.number(width)) × \(Pipeline.number(height))"
                    let solution = try Pipeline.solve(layout, width: width, height: height)
                    panels.append((caption, layout.frames(from: solution, absolute: true)))
                    texts.append(Pipeline.textBoxes(doc, layout.contentReport))
                }
            }
            svg = SVGRenderer.renderStrip(ids: layout.viewIDs, parents: layout.parents, panels: panels, texts: texts)
        } else {
            let solution = try Pipeline.solve(layout, width: doc.rootWidth, height: doc.rootHeight)
            let frames = layout.frames(from: solution, absolute: true)
            svg = SVGRenderer.render(ids: layout.viewIDs, parents: layout.parents, absoluteFrames: frames,
                                     texts: Pipeline.textBoxes(doc, layout.contentReport))
        }
        try IO.write(Array(svg.utf8), to: output)
    }
}
