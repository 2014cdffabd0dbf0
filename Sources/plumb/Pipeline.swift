import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif
import Plumb
import PlumbClp
import PlumbText

/// The steps every subcommand shares: reading and parsing a document, and
/// turning failures into one message on standard error and exit status 1.
enum Pipeline {
    /// The name a document path has in diagnostics (`<stdin>` for `-`).
    static func sourceName(_ path: String) -> String { path == "-" ? "<stdin>" : path }

    /// Reads and parses the document at `path` (`-` for standard input), and
    /// installs Pango as the text measurer (documents' texts are measured with it).
    static func loadDocument(_ path: String) throws -> LayoutDocument {
        PlumbText.install()
        let input = try IO.Input(path)
        reserveHeap(for: input)
        return try LayoutDocument.parse(try input.readAll(), source: sourceName(path), threads: .one)
    }

    /// The smallest document whose mapped pages
    /// ``lowerDocument(_:threads:namingViews:inspect:)`` gives back as the
    /// build goes: 8 MiB, about 45,000 views of the benchmark families (a
    /// smaller one's pages are a small part of its peak).
    static let pagesGivenBackFrom = 8 << 20

    /// The smallest mapped document that ``lowerDocument(_:threads:namingViews:inspect:)``
    /// unmaps on a thread of its own when two are allowed: 1 MiB, about
    /// 6,000 views of the benchmark families (below, starting the thread
    /// costs about what the `munmap` does).
    static let unmappedAsideFrom = 1 << 20

    /// Grows the heap for the work a document makes (``HeapReserve``), by an
    /// amount scaled to its size (nothing for a large document or standard
    /// input). A document too large for a reservation has Clp's zero trials
    /// give the heap's free pages back (`ZeroTrialHeap`).
    private static func reserveHeap(for input: IO.Input) {
        let bytes = input.stamp?[2] ?? 0
        HeapReserve.reserve(HeapReserve.size(forDocumentOf: bytes))
        ZeroTrialHeap.givenBack = bytes > HeapReserve.largestDocument
    }

    /// Reads, parses and lowers the document at `path` (`-` for standard
    /// input), installing Pango as ``loadDocument(_:)`` does. A regular
    /// file's document is not kept: the lowered layout describes its rows'
    /// origins (for an error or a conflict) by reading the file again, as
    /// long as it is unchanged (same inode, size and modification time).
    /// `inspect` sees the document before it goes. With `namingViews`
    /// false the layout has no `viewIDs` (see
    /// `LayoutDocument.lower(namingViews:threads:)`).
    static func lowerDocument(
        _ path: String, threads: LoweringThreads = .one, namingViews: Bool = true,
        inspect: (LayoutDocument) -> Void = { _ in }
    ) throws -> LoweredLayout {
        PlumbText.install()
        let input = try IO.Input(path)
        reserveHeap(for: input)
        let stamp = input.stamp
        // The heap's first pages, touched by the second thread once it has
        // read ahead, until the build starts a second thread (which then
        // has the core) or ends.
        let fresh = HeapReserve.freshPages(upTo: HeapReserve.touchedAhead(forDocumentOf: stamp?[2] ?? 0))
        defer { fresh?.stop() }  // (when the parse throws)
        var touch: (@Sendable () -> Void)? = nil
        if let fresh { touch = { fresh.touch() } }
        // The thread that reads ahead waits there once done, to be the
        // build's second thread (released when the build needs none): the
        // constraint strings' or the rules' look-ups'.
        let parked = threads.count > 1 ? ParkedThread() : nil
        defer { parked?.release() }
        // Kept by a second thread that reads the constraints while the views are read.
        var parsing = threads
        parsing.pagesAhead = fresh
        parsing.parkedThread = parked
        // On two threads the file's pages are mapped as they are first
        // read, the constraints' by the thread that reads them ahead.
        var contents: LayoutDocument.Bytes? = try input.contents(populating: parked == nil)
        var lowered: LoweredLayout
        do {
            let document = try LayoutDocument.parse(
                contents!, source: sourceName(path), threads: parsing, afterReading: touch)
            // A large file's pages leave the resident set as the build compiles
            // the constraint strings in them (the views' pages, before the
            // strings, as the build starts; the second thread's strings from the
            // end as it compiles them), so that they are not held beside the
            // growing system (`table` at 100,000 views: BENCHMARKS.md, "mem49",
            // "Stop 49's merged main" and "mem51"). Dropping them
            // all once parsed lowered the peak 4 MB more but made the build map
            // the strings' pages again: parse + build 1.05-1.17x on `list` and
            // `cards` at 100,000 views.
            let pagesReadPast = input.pagesReadPast(ifAtLeast: pagesGivenBackFrom)
            // A build that does not start with a second thread has the toucher
            // go on further, into it; it is stopped when the build starts a
            // second thread of its own (at once for a document with enough
            // constraint strings), or ends.
            if !document.compilesConstraintsOnTwoThreads(threads) {
                fresh?.extend(upTo: HeapReserve.touchedIntoBuild(forDocumentOf: stamp?[2] ?? 0))
                if !document.looksUpRulesOnAKeptThread(threads) { parked?.release() }
            }
            inspect(document)
            var building = threads
            building.pagesAhead = fresh
            building.pagesReadPast = pagesReadPast
            building.parkedThread = parked
            lowered = try document.lower(namingViews: namingViews, threads: building)
        }  // (the document goes here, its hold on the contents with it)
        fresh?.stop()
        if let stamp {
            // (The document's last hold, the rows' origins, goes here.)
            lowered.describeOrigins(byReloading: {
                guard let again = try? IO.Input(path), again.stamp == stamp else { return nil }
                return (try? again.readAll()).map { Array($0.buffer) }
            })
        }
        // A large mapped file is unmapped beside the work that follows, on
        // a thread of its own: on the first thread its `munmap` took 100-140
        // µs of the build at 10,000 views (BENCHMARKS.md, "e2e41").
        if input.isMapped, let size = contents?.buffer.count, size >= unmappedAsideFrom {
            threads.letGo(&contents)
        }
        contents = nil
        return lowered
    }

    /// The threads one document's work may use: `requested` (`--threads`),
    /// and one when the process may run on a single CPU only
    /// (`sched_getaffinity`; a second thread would only take turns).
    static func threads(requested: Int) -> LoweringThreads {
        guard requested > 1 else { return .one }
        #if canImport(Glibc)
        // (glibc declares it only with _GNU_SOURCE, which the Glibc module
        // does not set: looked up, as `mallopt` is in PlumbCommand.)
        typealias GetAffinity = @convention(c) (Int32, Int, UnsafeMutableRawPointer) -> Int32
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "sched_getaffinity") else { return .one }
        let getAffinity = unsafeBitCast(symbol, to: GetAffinity.self)
        // A mask of 1,024 CPUs, glibc's `cpu_set_t`.
        var mask = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0),
                    UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        let cpus = withUnsafeMutableBytes(of: &mask) { bytes -> Int in
            guard getAffinity(0, bytes.count, bytes.baseAddress!) == 0 else { return 1 }
            return bytes.reduce(0) { $0 + $1.nonzeroBitCount }
        }
        return cpus >= 2 ? LoweringThreads(requested) : .one
        #else
        return .one
        #endif
    }

    /// Solves a compiled layout at one root size; a failure is preceded on
    /// standard error by the size it happened at.
    static func solve(_ layout: CompiledLayout, width: Double, height: Double) throws -> Solution {
        do {
            return try layout.solve(width: width, height: height)
        } catch {
            IO.printError("at root size \(number(width)) x \(number(height)):")
            throw error
        }
    }

    /// Runs `body`, printing a ``LayoutError`` as compilers print errors and a
    /// ``CLIError`` as `error: message`, then exiting with status 1.
    static func reportingErrors(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as LayoutError {
            IO.printError(error.description)
            throw ExitCode(1)
        } catch let error as CLIError {
            IO.printError("error: \(error.description)")
            throw ExitCode(1)
        }
    }

    /// `value` as frames write it (`320`, `0.5`).
    static func number(_ value: Double) -> String {
        var bytes: [UInt8] = []
        FrameWriter.appendNumber(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The texts of a document's views as measured in a solve, for the SVG renderer.
    static func textBoxes(_ document: LayoutDocument, _ report: ContentReport) -> [Int: SVGRenderer.TextBox] {
        var boxes: [Int: SVGRenderer.TextBox] = [:]
        for (view, metrics) in report.texts {
            guard let text = document.text(at: view) else { continue }
            boxes[view] = SVGRenderer.TextBox(font: text.font, lines: metrics.lines)
        }
        return boxes
    }

    /// The `"text"` object of a `--stats` line: measured views, solves, text
    /// engine calls and cache hits.
    static func textStats(views: Int, _ report: ContentReport) -> String {
        "\"text\":{\"views\":\(views),\"passes\":\(report.passes),\"measure_calls\":\(report.measureCalls),"
            + "\"cache_hits\":\(report.cacheHits)}"
    }

    /// Milliseconds between two ``IO/now()`` readings, as a plain JSON number with three decimals.
    static func ms(_ a: Double, _ b: Double) -> String { String(format3: (b - a) * 1e3) }
}
