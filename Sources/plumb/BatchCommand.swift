#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import Dispatch
import Foundation
import Plumb

/// `plumb batch`: many layout documents in, one JSON line of results per document out.
struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Solve many layout documents in parallel; one JSON line per document, in input order.",
        discussion: """
            Input: a directory (every *.json file in it, in name order), a JSON Lines file \
            (one document per line; blank lines are skipped), or - for standard input (the default).

            Output, one line per document in input order:
              {"id": "<id>", "frames": {"<id>": [x, y, width, height], ...}}
              {"id": "<id>", "error": "<message>"}

            A document's id is its own "id" field; else its file name (directory input); \
            else <input>:<line> (JSON Lines input). A bad document, or a file of a directory that \
            cannot be read, gets an error line and the batch goes on; the exit status is 0 once \
            every document has a line (see the summary for failures). Standard error gets a \
            progress bar when it is a terminal, and one summary line at the end.
            """
    )

    @Argument(help: "A directory of documents, a JSON Lines file, or - for standard input.")
    var input: String = "-"

    @Option(name: .shortAndLong, help: "Write the lines here instead of standard output.")
    var output: String?

    @Option(help: "Documents solved at once, one thread each (default: one per core).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Flag(help: "Give frames in root coordinates instead of parent coordinates.")
    var absolute = false

    @Option(help: "Force a strategy: auto (default), dag, block or simplex.")
    var strategy: SolveOptions.Strategy = .auto

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1, not \(jobs)") }
    }

    func run() throws {
        try Pipeline.reportingErrors(batch)
    }

    /// One document to lay out: where its bytes are, and the id to use if it has none.
    struct Item {
        enum Source {
            /// A line of a JSON Lines input (which is read whole).
            case bytes(ArraySlice<UInt8>)
            /// A file of a directory input, read by the worker that lays it
            /// out, so only the documents in flight are in memory.
            case file(path: String)
        }
        var source: Source
        var fallbackID: String
    }

    /// What one document produced.
    struct Outcome {
        var line: [UInt8] = []
        var views = 0
        var failed = false

        /// Makes the line `{"id": ID, "error": MESSAGE}`.
        mutating func appendError(id: String, message: String) {
            line.removeAll()
            line.append(contentsOf: "{\"id\": ".utf8)
            FrameWriter.appendString(id, to: &line)
            line.append(contentsOf: ", \"error\": ".utf8)
            FrameWriter.appendString(message, to: &line)
            line.append(contentsOf: "}\n".utf8)
            failed = true
        }
    }

    private func batch() throws {
        let started = IO.now()
        Self.keepFreedMemory()
        let items = try readItems()
        let sink = try IO.Sink(path: output)
        let progress = Progress(total: items.count, enabled: isatty(2) != 0)
        var totals = (documents: 0, views: 0, failures: 0)
        // Workers lay out documents in input order, at most `window` ahead of
        // the writer, so memory stays bounded; this thread writes each result
        // as soon as the ones before it are written. No barrier between
        // documents: a slow one holds back only the writing, not the workers.
        let results = OrderedResults<Outcome>(count: items.count, window: max(64, 16 * jobs))
        var perDocument = SolveOptions(strategy: strategy)
        // A job is one thread: the documents keep the jobs busy, and
        // `--jobs 1` uses one core (the planner's own threads would only
        // contend with the other jobs).
        perDocument.threads = 1
        let options = perDocument
        let absolute = self.absolute
        let workers = DispatchGroup()
        for _ in 0 ..< min(jobs, items.count) {
            DispatchQueue.global().async(group: workers) {
                while let i = results.claim() {
                    results.store(Self.layOut(items[i], options: options, absolute: absolute), at: i)
                }
            }
        }
        for i in 0 ..< items.count {
            let outcome = results.take(i)
            try sink.write(outcome.line)
            totals.documents += 1
            totals.views += outcome.views
            if outcome.failed { totals.failures += 1 }
            if i % 64 == 63 || i == items.count - 1 { progress.show(done: i + 1) }
        }
        workers.wait()
        try sink.commit()
        progress.finish()
        let seconds = max(IO.now() - started, 1e-9)
        IO.printError("""
            plumb batch: \(totals.documents) documents, \(totals.views) views, \(totals.failures) failed, \
            \(String(format1: Double(totals.documents) / seconds)) documents/s, \
            \(String(format1: Double(totals.views) / seconds)) views/s (\(jobs) job\(jobs == 1 ? "" : "s"))
            """)
    }

    /// Every document allocates and frees arrays of hundreds of kilobytes.
    /// glibc maps each of those separately and unmaps it when freed, and in
    /// one process the workers' page faults and unmaps then serialise on the
    /// address space (two jobs were 1.8× one, two processes 1.9×). Keeping
    /// freed memory in the heap for reuse makes two jobs 2.0× one.
    private static func keepFreedMemory() {
        #if os(Linux)
        // <malloc.h>'s M_TRIM_THRESHOLD and M_MMAP_THRESHOLD.
        _ = glibcMallopt(-1, 1 << 30)
        _ = glibcMallopt(-3, 1 << 30)
        #endif
    }

    /// Parses, lowers and solves one document into its result line.
    static func layOut(_ item: Item, options: SolveOptions, absolute: Bool) -> Outcome {
        var outcome = Outcome()
        var id = item.fallbackID
        let bytes: [UInt8]
        switch item.source {
        case .bytes(let line):
            bytes = Array(line)
        case .file(let path):
            do {
                bytes = try IO.read(path)
            } catch {
                outcome.appendError(id: id, message: "\(error)")
                return outcome
            }
        }
        do throws(LayoutError) {
            let document = try LayoutDocument.parse(bytes, source: item.fallbackID)
            if let own = document.id { id = own }
            let lowered = try document.lower()
            let solution = try lowered.solve(options: options)
            outcome.line.append(contentsOf: "{\"id\": ".utf8)
            FrameWriter.appendString(id, to: &outcome.line)
            outcome.line.append(contentsOf: ", \"frames\": ".utf8)
            FrameWriter.appendFrames(ids: lowered.viewIDs, frames: lowered.frames(from: solution, absolute: absolute),
                                     oneLine: true, to: &outcome.line)
            outcome.line.append(contentsOf: "}\n".utf8)
            outcome.views = lowered.viewIDs.count
        } catch {
            outcome.appendError(id: id, message: error.description)
        }
        return outcome
    }

    /// The documents of ``input``, in order.
    private func readItems() throws -> [Item] {
        var isDirectory: ObjCBool = false
        if input != "-", FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory), isDirectory.boolValue {
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: input)
            } catch {
                throw CLIError("cannot list \(input): \(error.localizedDescription)")
            }
            return names.filter { $0.hasSuffix(".json") }.sorted().map { name in
                Item(source: .file(path: input + "/" + name), fallbackID: name)
            }
        }
        let bytes = try IO.read(input)
        let source = Pipeline.sourceName(input)
        var items: [Item] = []
        var line = 0
        var lineStart = 0
        // Lines found with memchr: this part runs before any worker starts.
        let ends: [Int] = bytes.withUnsafeBufferPointer { buffer in
            var ends: [Int] = []
            guard let base = buffer.baseAddress else { return ends }
            var at = 0
            while at < buffer.count, let hit = memchr(base + at, 0x0A, buffer.count - at) {
                let i = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                ends.append(i)
                at = i + 1
            }
            return ends
        }
        for end in ends + [bytes.count] {
            line += 1
            let text = bytes[lineStart ..< end]
            lineStart = end + 1
            if text.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            items.append(Item(source: .bytes(text), fallbackID: "\(source):\(line)"))
        }
        return items
    }
}

/// Result slots filled by worker threads: a counter hands out indices under
/// a lock, and each index is written by exactly one thread.
/// Results filled in by workers in any order and taken in index order.
/// Workers claim indices in order, never more than `window` past the next
/// one to be taken.
private final class OrderedResults<Value>: @unchecked Sendable {
    private let condition = NSCondition()
    private var slots: [Value?]
    private var nextClaim = 0
    private var nextTake = 0
    private let window: Int

    init(count: Int, window: Int) {
        slots = [Value?](repeating: nil, count: count)
        self.window = window
    }

    /// The next index to work on, or nil when every index is claimed.
    func claim() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while nextClaim < slots.count && nextClaim >= nextTake + window { condition.wait() }
        guard nextClaim < slots.count else { return nil }
        nextClaim += 1
        return nextClaim - 1
    }

    func store(_ value: Value, at i: Int) {
        condition.lock()
        slots[i] = value
        condition.broadcast()
        condition.unlock()
    }

    /// Waits for index `i` (the next in order) and hands its value over.
    func take(_ i: Int) -> Value {
        condition.lock()
        defer { condition.unlock() }
        precondition(i == nextTake, "results are taken in order")
        while slots[i] == nil { condition.wait() }
        let value = slots[i]!
        slots[i] = nil
        nextTake = i + 1
        condition.broadcast()
        return value
    }
}

/// A one-line progress bar on standard error, redrawn in place.
private struct Progress {
    let total: Int
    let enabled: Bool

    func show(done: Int) {
        guard enabled, total > 0 else { return }
        let width = 30
        let filled = done * width / total
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
        FileHandle.standardError.write(Data("\r[\(bar)] \(done)/\(total) documents".utf8))
    }

    func finish() {
        guard enabled, total > 0 else { return }
        FileHandle.standardError.write(Data("\n".utf8))
    }
}

extension String {
    /// A figure with one decimal, as plain text.
    init(format1 value: Double) {
        let tenths = Int((value * 10).rounded())
        self = "\(tenths / 10).\(abs(tenths) % 10)"
    }
}

#if os(Linux)
/// glibc's `mallopt` (<malloc.h> is not part of the Glibc module).
@_silgen_name("mallopt")
private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif
