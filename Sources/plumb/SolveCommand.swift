import ArgumentParser
import Plumb
@_spi(Lowering) import PlumbSolver

/// `plumb solve`: one layout document in, frames out.
struct SolveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "solve",
        abstract: "Solve a layout document and write its frames as JSON.",
        discussion: """
            Reads a version-1 layout document (a file, or - for standard input) and writes \
            {"frames": {"<id>": [x, y, width, height], ...}} with every view and the root. \
            Frames are in their parent's coordinates unless --absolute is given. \
            Views with "text" are measured with Pango at the width they are given (height for width, \
            see docs/text.md). On any error nothing is written and the exit status is 1.
            """
    )

    @Argument(help: "The layout document (JSON), or - for standard input.")
    var document: String

    @Option(name: .shortAndLong, help: "Write the frames here instead of standard output.")
    var output: String?

    @Flag(help: "Give frames in root coordinates instead of parent coordinates.")
    var absolute = false

    @OptionGroup var pixels: PixelOptions

    @Flag(help: "Print one line of JSON with counts and per-phase times (ms) to standard error; \"text\" counts text views, solves (passes) and text engine calls.")
    var stats = false

    @Option(help: "Also draw the solved layout as an SVG picture to this file.")
    var svg: String?

    @Option(help: "Force a strategy: auto (default), dag, block or simplex.")
    var strategy: SolveOptions.Strategy = .auto

    @Option(help: ArgumentHelp(
        "Threads for one large document: 2 (default) or 1.",
        discussion: """
            With 2, the constraint strings of a document with 20,000 or more, and 20,000 or more \
            frames, are shared in chunks with a second thread when the process may run on two or \
            more CPUs (see docs/cli.md). The output and any error are the same with 1.
            """))
    var threads: Int = 2

    func validate() throws {
        guard threads >= 1 else { throw ValidationError("--threads must be 1 or more, not \(threads)") }
    }

    func run() throws {
        try Self.run(Arguments(document: document, output: output, absolute: absolute, scale: pixels.scale,
                               stats: stats, svg: svg, strategy: strategy, threads: threads))
    }

    /// What a run is given: the command line, parsed.
    struct Arguments {
        var document: String
        var output: String?
        var absolute: Bool
        var scale: Double?
        var stats: Bool
        var svg: String?
        var strategy: SolveOptions.Strategy
        /// `--threads`: at most this many (1 or 2 are used).
        var threads: Int

        init(document: String, output: String?, absolute: Bool, scale: Double?, stats: Bool, svg: String?,
             strategy: SolveOptions.Strategy, threads: Int = 2) {
            self.document = document
            self.output = output
            self.absolute = absolute
            self.scale = scale
            self.stats = stats
            self.svg = svg
            self.strategy = strategy
            self.threads = threads
        }

        /// The arguments after `solve` in the forms scripts and benchmarks
        /// use (`DOC`, `-o FILE` or `--output FILE`, `--stats`, `--absolute`,
        /// `--threads 1` or `--threads 2`, each at most once, in any order),
        /// read without ArgumentParser,
        /// or `nil` for anything else (which ArgumentParser reads, and
        /// reports). Its first parse of a command looks up the types and
        /// conformances of every option: about 11 million instructions, a
        /// third of the process for a small document, more than parsing a
        /// document of 1,000 views. What is not given is each option's
        /// default, as declared above.
        init?(commonForm arguments: ArraySlice<String>) {
            var document: String?, output: String?, absolute = false, stats = false, threads: Int?
            var rest = arguments[...]
            while let argument = rest.popFirst() {
                switch argument {
                case "-o", "--output":
                    // A value that looks like an option is left to ArgumentParser.
                    guard output == nil, let value = rest.popFirst(), !value.hasPrefix("-") else { return nil }
                    output = value
                case "--absolute":
                    guard !absolute else { return nil }
                    absolute = true
                case "--stats":
                    guard !stats else { return nil }
                    stats = true
                case "--threads":
                    // Any other value (or a repeat) is left to ArgumentParser to read or report.
                    guard threads == nil, let value = rest.popFirst(), value == "1" || value == "2" else { return nil }
                    threads = value == "1" ? 1 : 2
                default:
                    guard document == nil, argument == "-" || !argument.hasPrefix("-") else { return nil }
                    document = argument
                }
            }
            guard let document else { return nil }
            self.init(document: document, output: output, absolute: absolute, scale: nil, stats: stats, svg: nil,
                      strategy: .auto, threads: threads ?? 2)
        }
    }

    /// Runs `plumb solve` with `arguments`, as ``run()`` does.
    static func run(_ arguments: Arguments) throws {
        try Pipeline.reportingErrors { try solve(arguments) }
    }

    private static func solve(_ arguments: Arguments) throws {
        let document = arguments.document, output = arguments.output, absolute = arguments.absolute
        let stats = arguments.stats, svg = arguments.svg, strategy = arguments.strategy
        let scale = arguments.scale
        let threads = Pipeline.threads(requested: arguments.threads)
        // One document, laid out once: arrays a phase gives back are freed
        // for the next phases to reuse rather than kept for a next layout.
        SpareArrays.shelf.isKeeping = false
        let t0 = IO.now()
        // The document goes as soon as it is lowered: a file is read again
        // only if an error or a conflict needs its rows' origins.
        var t1 = t0
        var textFonts: [Int: Font] = [:]
        // The frames are written from the document's ids (no `String` an
        // id); the picture names its views.
        let lowered = try Pipeline.lowerDocument(document, threads: threads, namingViews: svg != nil) { doc in
            t1 = IO.now()
            // Only the views with a text (a lookup for each of ten thousand views was in the build's time).
            for i in doc.viewsWithText { if let text = doc.text(at: i) { textFonts[i] = text.font } }
        }
        let t2 = IO.now()
        let (solution, content) = try lowered.solveMeasuringContent(options: SolveOptions(strategy: strategy))
        let t3 = IO.now()
        let frames = lowered.frames(from: solution, absolute: absolute, scale: scale)
        let json = lowered.framesJSON(frames, threads: threads)
        var picture: [UInt8]? = nil
        if svg != nil {
            let absoluteFrames = absolute ? frames : lowered.frames(from: solution, absolute: true, scale: scale)
            var boxes: [Int: SVGRenderer.TextBox] = [:]
            for (view, metrics) in content.texts {
                if let font = textFonts[view] { boxes[view] = SVGRenderer.TextBox(font: font, lines: metrics.lines) }
            }
            picture = Array(SVGRenderer.render(ids: lowered.viewIDs, parents: lowered.parents,
                                               absoluteFrames: absoluteFrames, texts: boxes).utf8)
        }
        try IO.write(json, to: output)
        if let svg, let picture { try IO.write(picture, to: svg) }
        let t4 = IO.now()
        if stats {
            let s = solution.stats
            let ms = Pipeline.ms
            let line = """
                {"views":\(lowered.viewCount),"variables":\(s.variables),"rows":\(s.rows),\
                "nonzeros":\(s.nonzeros),"ms":{"parse":\(ms(t0, t1)),"build":\(ms(t1, t2)),\
                "solve":\(ms(t2, t3)),"output":\(ms(t3, t4))},"strategy":"\(s.strategy.rawValue)",\
                "dag":{"variables":\(s.dagVariables)},\
                "block":{"blocks":\(s.blocks),"variables":\(s.blockVariables),"largest":\(s.largestBlock),\
                "reused":\(s.reusedBlocks)},\
                "presolve":{"components":\(s.residualComponents),"aggregated":\(s.aggregatedVariables),\
                "eliminated":\(s.eliminatedVariables),"interval":\(s.intervalVariables)},\
                "shapes":{"patterns":\(s.shapes),"reused":\(s.reusedComponents)},\
                "lp":{"parts":\(s.largeParts),"variables":\(s.largePartVariables),\
                "cut_parts":\(s.cutParts),"cut_pieces":\(s.cutPieces),"one_sided_parts":\(s.oneSidedParts)},\
                "simplex":{"components":\(s.simplexComponents),"variables":\(s.simplexVariables),\
                "largest":\(s.largestSimplexComponent)},\(Pipeline.textStats(views: textFonts.count, content))}
                """
            IO.printError(line)
        }
    }
}

extension String {
    /// A millisecond figure with three decimals, as plain JSON.
    init(format3 value: Double) {
        let scaled = (value * 1000).rounded()
        let whole = Int(scaled) / 1000
        let frac = abs(Int(scaled)) % 1000
        let fracText = String(frac)
        self = "\(whole).\(String(repeating: "0", count: 3 - fracText.count))\(fracText)"
    }
}

extension SolveOptions.Strategy: ExpressibleByArgument {}
