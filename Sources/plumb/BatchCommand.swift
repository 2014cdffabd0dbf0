#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import Dispatch
// ProcessInfo only: FoundationEssentials (which ArgumentParser loads anyway)
// rather than Foundation, whose libraries cost every run about 5.7 MiB resident.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Plumb
import PlumbText

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
            /// A line of a JSON Lines input: a range of the chunk it was read in.
            case line(Chunk, Range<Int>)
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
        /// Seconds spent reading (a directory's file), parsing, lowering,
        /// solving and writing the line.
        var read = 0.0
        var phases = DocumentSolving.PhaseTimes()
        var output = 0.0

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
        let documents = try openDocuments()
        let sink = try IO.Sink(path: output)
        let progress = Progress(total: documents.count, enabled: isatty(2) != 0)
        var totals = (documents: 0, views: 0, failures: 0)
        var phases = DocumentSolving.PhaseTimes()
        var read = 0.0, format = 0.0
        // Workers take documents in input order, at most `window` ahead of
        // the writer, so memory stays bounded; this thread writes each result
        // as soon as the ones before it are written. No barrier between
        // documents: a slow one holds back only the writing, not the workers.
        let results = OrderedResults<Outcome>(window: max(64, 16 * jobs), next: documents.next)
        var perDocument = SolveOptions(strategy: strategy)
        // A job is one thread: the documents keep the jobs busy, and
        // `--jobs 1` uses one core (the planner's own threads would only
        // contend with the other jobs).
        perDocument.threads = 1
        let options = perDocument
        let absolute = self.absolute
        let workers = DispatchGroup()
        for _ in 0 ..< jobs {
            DispatchQueue.global().async(group: workers) {
                while let (i, item) = results.claim() {
                    results.store(Self.layOut(item, options: options, absolute: absolute), at: i)
                }
            }
        }
        var i = 0
        while let outcome = results.take(i) {
            try sink.write(outcome.line)
            totals.documents += 1
            totals.views += outcome.views
            phases.add(outcome.phases)
            read += outcome.read
            format += outcome.output
            if outcome.failed { totals.failures += 1 }
            i += 1
            if i % 64 == 0 { progress.show(done: i) }
        }
        workers.wait()
        read += documents.readSeconds()
        // Input that could not be read to its end fails the batch (a file
        // given with -o is then not written at all).
        if let failure = results.inputFailure { throw failure }
        progress.show(done: i)
        try sink.commit()
        progress.finish()
        let seconds = max(IO.now() - started, 1e-9)
        IO.printError("""
            plumb batch: \(totals.documents) documents, \(totals.views) views, \(totals.failures) failed, \
            \(String(format1: Double(totals.documents) / seconds)) documents/s, \
            \(String(format1: Double(totals.views) / seconds)) views/s (\(jobs) job\(jobs == 1 ? "" : "s")); \
            ms over the jobs: read \(Pipeline.ms(0, read)), parse \(Pipeline.ms(0, phases.parse)), \
            build \(Pipeline.ms(0, phases.build)), solve \(Pipeline.ms(0, phases.solve)), \
            output \(Pipeline.ms(0, format)), wall \(Pipeline.ms(0, seconds))
            """)
    }

    /// Every document allocates and frees arrays of hundreds of kilobytes.
    /// glibc maps each of those separately and unmaps it when freed, and in
    /// one process the workers' page faults and unmaps then serialise on the
    /// address space (two jobs were 1.8× one, two processes 1.9×). Keeping
    /// freed memory in the heap for reuse makes two jobs 2.0× one.
    private static func keepFreedMemory() {
        #if os(Linux)
        Malloc.set(.trimThreshold, 1 << 30)
        Malloc.set(.mmapThreshold, 1 << 30)
        #endif
    }

    /// Parses, lowers and solves one document into its result line.
    static func layOut(_ item: Item, options: SolveOptions, absolute: Bool) -> Outcome {
        PlumbText.install()  // documents' texts are measured with Pango
        var outcome = Outcome()
        let id = item.fallbackID
        var documentID: String?
        var file: LayoutDocument.Bytes?
        if case .file(let path) = item.source {
            let started = IO.now()
            defer { outcome.read = IO.now() - started }
            do {
                file = try IO.read(path)
            } catch {
                outcome.appendError(id: id, message: "\(error)")
                return outcome
            }
        }
        var phases = DocumentSolving.PhaseTimes()
        do throws(LayoutError) {
            defer { outcome.phases = phases }
            // The document reads its constraint strings in place: in the
            // chunk (which it keeps until it goes) or in the file's memory.
            let bytes = switch item.source {
            case .line(let chunk, let range): chunk.bytes(range)
            case .file: file!
            }
            let solved = try DocumentSolving.solve(bytes, source: item.fallbackID, absolute: absolute, options: options,
                                                   documentID: &documentID, phases: &phases)
            let started = IO.now()
            defer { outcome.output = IO.now() - started }
            outcome.line.append(contentsOf: "{\"id\": ".utf8)
            FrameWriter.appendString(documentID ?? id, to: &outcome.line)
            outcome.line.append(contentsOf: ", \"frames\": ".utf8)
            solved.appendFrames(oneLine: true, to: &outcome.line)
            outcome.line.append(contentsOf: "}\n".utf8)
            outcome.views = solved.frames.count
        } catch {
            outcome.appendError(id: documentID ?? id, message: error.description)
        }
        return outcome
    }

    /// The documents of ``input``, in order, handed out one at a time.
    struct Documents {
        /// How many there are, when known before they are read (a directory).
        var count: Int?
        /// The next document, or nil after the last.
        var next: () throws -> Item?
        /// Seconds spent reading and splitting the input so far (JSON Lines;
        /// a directory's files are read by the workers, counted per document).
        var readSeconds: () -> Double = { 0 }
    }

    /// Opens ``input``: a directory's `*.json` files in name order (each read
    /// by the worker that lays it out), or JSON Lines read a chunk at a time
    /// as the workers ask for documents.
    private func openDocuments() throws -> Documents {
        if input != "-", IO.isDirectory(input) {
            let names = try IO.directoryEntries(input)
            let files = names.filter { $0.hasSuffix(".json") }.sorted()
            var position = 0
            let directory = input
            return Documents(count: files.count, next: {
                guard position < files.count else { return nil }
                position += 1
                return Item(source: .file(path: directory + "/" + files[position - 1]), fallbackID: files[position - 1])
            })
        }
        let lines = JSONLines(try IO.Input(input), source: Pipeline.sourceName(input))
        return Documents(count: nil, next: lines.next, readSeconds: { lines.readSeconds })
    }
}

private typealias Chunk = BatchCommand.Item.Chunk

/// The documents of a JSON Lines input (one per line; blank lines skipped),
/// read a chunk at a time, so memory holds a chunk and the documents in flight
/// rather than the whole input. A document is a range of its chunk (no copy),
/// and a chunk is freed with the last of its documents; only a line cut by
/// the end of a full chunk is copied, to the start of the next. Not
/// thread-safe: ``OrderedResults`` calls ``next()`` under its lock.
private final class JSONLines {
    private let input: IO.Input
    private let source: String
    private var chunk = Chunk(capacity: 0)
    /// Where the unread part of ``chunk`` starts.
    private var start = 0
    private var atEnd = false
    private var line = 0
    /// Seconds spent in ``next()``: reading chunks and finding lines.
    private(set) var readSeconds = 0.0

    init(_ input: IO.Input, source: String) {
        self.input = input
        self.source = source
    }

    /// The next line that is not blank, with its id `SOURCE:LINE`; nil at the end.
    func next() throws -> BatchCommand.Item? {
        let started = IO.now()
        defer { readSeconds += IO.now() - started }
        while true {
            let base = chunk.base.assumingMemoryBound(to: UInt8.self)
            let filled = chunk.filled
            let end: Int
            if start < filled, let hit = memchr(base + start, 0x0A, filled - start) {
                end = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            } else if atEnd {
                guard start < filled else { return nil }
                end = filled  // a last line without a newline
            } else {
                try read()
                continue
            }
            let text = UnsafeBufferPointer(start: base + start, count: end - start)
            let range = start ..< end
            start = min(end + 1, filled)
            line += 1
            if text.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            return BatchCommand.Item(source: .line(chunk, range), fallbackID: "\(source):\(line)")
        }
    }

    /// Reads more of the input after the unread part: into the chunk's room
    /// if it has any, else into a new chunk that starts with the unread part
    /// and has a chunk's room (or as much again as a long line already holds).
    /// Bytes already handed out are never moved or written.
    private func read() throws {
        if chunk.filled == chunk.capacity {
            let rest = chunk.filled - start
            let next = Chunk(capacity: rest + max(1 << 20, rest))
            next.base.copyMemory(from: chunk.base + start, byteCount: rest)
            next.filled = rest
            chunk = next
            start = 0
        }
        let got = try input.read(into: UnsafeMutableRawBufferPointer(
            start: chunk.base + chunk.filled, count: chunk.capacity - chunk.filled))
        chunk.filled += got
        if got == 0 { atEnd = true }
    }
}

extension BatchCommand.Item {
    /// Memory of a JSON Lines input: documents are ranges of it.
    final class Chunk: @unchecked Sendable {
        let base: UnsafeMutableRawPointer
        let capacity: Int
        /// How many bytes from the start have been read (only the reader
        /// changes it, under ``OrderedResults``' lock, and only past the
        /// documents handed out).
        var filled = 0

        init(capacity: Int) {
            base = UnsafeMutableRawPointer.allocate(byteCount: max(capacity, 1), alignment: 16)
            self.capacity = capacity
        }

        deinit { base.deallocate() }

        /// The bytes of `range`, which keep this chunk as long as they live.
        func bytes(_ range: Range<Int>) -> LayoutDocument.Bytes {
            LayoutDocument.Bytes(UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self) + range.lowerBound,
                                                     count: range.count),
                                 release: { withExtendedLifetime(self) {} })
        }
    }
}

/// Documents handed to workers in input order and their results taken in
/// the same order. A worker claims the next document (read from the input
/// under the lock) only while it is fewer than `window` ahead of the next
/// result to be taken, so at most `window` documents and results are held.
private final class OrderedResults<Value>: @unchecked Sendable {
    private let condition = Condition()
    /// Result `i` waits in `slots[i % window]`.
    private var slots: [Value?]
    private let window: Int
    private let next: () throws -> BatchCommand.Item?
    private var nextClaim = 0
    private var nextTake = 0
    /// The number of documents, once the input is exhausted (or failed).
    private var total: Int?
    private var failure: (any Error)?

    init(window: Int, next: @escaping () throws -> BatchCommand.Item?) {
        slots = [Value?](repeating: nil, count: window)
        self.window = window
        self.next = next
    }

    /// The next document and its index, or nil when there are no more.
    func claim() -> (Int, BatchCommand.Item)? {
        condition.lock()
        defer { condition.unlock() }
        while total == nil && nextClaim >= nextTake + window { condition.wait() }
        guard total == nil else { return nil }
        do {
            if let item = try next() {
                nextClaim += 1
                return (nextClaim - 1, item)
            }
        } catch {
            failure = error
        }
        total = nextClaim
        condition.broadcast()
        return nil
    }

    func store(_ value: Value, at i: Int) {
        condition.lock()
        slots[i % window] = value
        condition.broadcast()
        condition.unlock()
    }

    /// Waits for result `i` (the next in order) and hands it over; nil after the last.
    func take(_ i: Int) -> Value? {
        condition.lock()
        defer { condition.unlock() }
        precondition(i == nextTake, "results are taken in order")
        while slots[i % window] == nil {
            if let total, i >= total { return nil }
            condition.wait()
        }
        let value = slots[i % window]!
        slots[i % window] = nil
        nextTake = i + 1
        condition.broadcast()
        return value
    }

    /// Why the input could not be read to its end, if it could not.
    var inputFailure: (any Error)? {
        condition.lock()
        defer { condition.unlock() }
        return failure
    }
}

private struct Progress {
    /// The number of documents, when known in advance.
    let total: Int?
    let enabled: Bool

    func show(done: Int) {
        guard enabled else { return }
        guard let total, total > 0 else {
            IO.writeError("\r\(done) documents")
            return
        }
        let width = 30
        let filled = done * width / total
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
        IO.writeError("\r[\(bar)] \(done)/\(total) documents")
    }

    func finish() {
        guard enabled else { return }
        IO.writeError("\n")
    }
}

/// A mutex and a condition variable (pthread's), for ``OrderedResults`` and
/// ``WriteBehind``.
final class Condition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let cond = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(cond, nil)
    }

    deinit {
        pthread_cond_destroy(cond)
        pthread_mutex_destroy(mutex)
        cond.deallocate()
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }
    /// Waits to be woken by ``broadcast()``; the lock is held before and after.
    func wait() { pthread_cond_wait(cond, mutex) }
    func broadcast() { pthread_cond_broadcast(cond) }
}

extension String {
    /// A figure with one decimal, as plain text.
    init(format1 value: Double) {
        let tenths = Int((value * 10).rounded())
        self = "\(tenths / 10).\(abs(tenths) % 10)"
    }
}

