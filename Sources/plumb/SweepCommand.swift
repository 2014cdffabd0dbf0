import ArgumentParser
import Plumb

/// `plumb sweep`: one layout document solved at many root sizes.
struct SweepCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sweep",
        abstract: "Solve a layout document at many root sizes; one JSON line of frames per size.",
        discussion: """
            Compiles the document once (CompiledLayout) and re-solves it for each size, warm-starting \
            the simplex from the previous size. Writes JSON Lines, one line per size, widths in the \
            order given and, for each width, heights in the order given:
              {"width": W, "height": H, "frames": {"<id>": [x, y, width, height], ...}}
            with the frames `plumb solve` gives at that size (a component re-optimised from the \
            previous size may differ in the last digits). \
            Sizes: a value (1024), a range with a step (320...1400:10, both ends included), or a \
            comma-separated list of those (320,768...1024:128). Without --heights, the document's own \
            root height. On any error (at any size) nothing is written and the exit status is 1.
            """
    )

    @Argument(help: "The layout document (JSON), or - for standard input.")
    var document: String

    @Option(help: "Root widths: 320...1400:10, 1024, or a comma list.", transform: SizeList.parse)
    var widths: SizeList

    @Option(help: "Root heights (default: the document's own).", transform: SizeList.parse)
    var heights: SizeList?

    @Option(name: .shortAndLong, help: "Write the lines here instead of standard output.")
    var output: String?

    @Flag(help: "Give frames in root coordinates instead of parent coordinates.")
    var absolute = false

    @OptionGroup var pixels: PixelOptions

    @Flag(help: "Print one line of JSON with counts and times (ms), per step too, to standard error.")
    var stats = false

    @Option(help: "Force a strategy: auto (default), dag, block or simplex.")
    var strategy: SolveOptions.Strategy = .auto

    func run() throws {
        try Pipeline.reportingErrors(sweep)
    }

    /// How many bytes of lines a sweep to a file gathers before it writes them.
    static let streamedWrite = 1 << 20
    /// How many bytes of lines a sweep to standard output holds in one chunk.
    static let heldChunk = 8 << 20

    private func sweep() throws {
        let t0 = IO.now()
        let doc = try Pipeline.loadDocument(document)
        let t1 = IO.now()
        let layout = try CompiledLayout(doc, options: SolveOptions(strategy: strategy))
        let t2 = IO.now()
        let heights = self.heights?.values ?? [doc.rootHeight]
        var out: [UInt8] = []
        let keys = FrameWriter.Keys(ids: layout.viewIDs, oneLine: true)
        var steps: [Double] = []
        var reoptimised = 0
        steps.reserveCapacity(widths.values.count * heights.count)
        // A regular file is written as the sizes come, into the temporary
        // file that `commit()` renames into place (a failed run removes it):
        // a second thread writes a megabyte of lines while the next sizes
        // solve, and the lines go through reused buffers. Standard output and
        // devices get everything at the end, as nothing may be written before
        // the last size solves: the lines are held in chunks, so the output
        // is never copied into a larger buffer.
        let sink = IO.Sink.streaming(to: output)
        let writer = sink.map(WriteBehind.init)
        // Nothing half-written when a size fails: the writer stops and the
        // temporary file goes.
        defer { writer?.abandon() }
        var held: [[UInt8]] = []
        var longest = 0
        for width in widths.values {
            for height in heights {
                let started = IO.now()
                let solution = try Pipeline.solve(layout, width: width, height: height)
                steps.append(IO.now() - started)
                reoptimised += solution.stats.reoptimisedComponents
                let lineStart = out.count
                out.append(contentsOf: "{\"width\": ".utf8)
                FrameWriter.appendNumber(width, to: &out)
                out.append(contentsOf: ", \"height\": ".utf8)
                FrameWriter.appendNumber(layout.height, to: &out)
                out.append(contentsOf: ", \"frames\": ".utf8)
                let frames = layout.frames(from: solution, absolute: absolute, scale: pixels.scale)
                FrameWriter.appendFrames(keys, frames: frames, to: &out)
                out.append(contentsOf: "}\n".utf8)
                longest = max(longest, out.count - lineStart)
                if let writer {
                    if out.count >= Self.streamedWrite { writer.hand(&out) }
                } else if out.count >= Self.heldChunk || steps.count == 1 {
                    // A chunk's room, or the rest of the output's if less,
                    // reserved once (the lines are about the same length).
                    if steps.count > 1 {
                        held.append(out)
                        out = []
                    }
                    let rest = widths.values.count * heights.count - steps.count
                    out.reserveCapacity(out.count + min(Self.heldChunk, rest * longest) + 2 * longest)
                }
            }
        }
        let t3 = IO.now()
        if let writer, let sink {
            try writer.finish(out)
            try sink.commit()
        } else {
            held.append(out)
            try IO.write(chunks: held, to: output)
        }
        let t4 = IO.now()
        if stats {
            let ms = Pipeline.ms
            let sorted = steps.sorted()
            func quantile(_ q: Double) -> Double { sorted.isEmpty ? 0 : sorted[Int(Double(sorted.count - 1) * q)] }
            IO.printError("""
                {"views":\(layout.viewIDs.count),"sizes":\(steps.count),"ms":{"parse":\(ms(t0, t1)),\
                "compile":\(ms(t1, t2)),"sweep":\(ms(t2, t3)),"output":\(ms(t3, t4))},\
                "step_ms":{"mean":\(ms(0, steps.reduce(0, +) / Double(max(1, steps.count)))),\
                "min":\(ms(0, quantile(0))),"median":\(ms(0, quantile(0.5))),"max":\(ms(0, quantile(1)))},\
                "reoptimised_components":\(reoptimised),\(Pipeline.textStats(views: layout.contentReport.texts.count, layout.contentReport))}
                """)
        }
    }
}
