import Dispatch
import Synchronization

/// A layout document from its bytes to its frames in one call, alone or many
/// at once: what `plumb batch` does for each document, shared with the C
/// library (`PlumbC`) so that both solve documents the same way.
public enum DocumentSolving {
    /// What solving one document gives.
    public struct Solved: Sendable {
        /// The document's own `id`, if it has one.
        public var id: String?
        /// View ids: the root first, then the views in document order.
        ///
        /// Made when read: the ids are kept as the document's bytes, which
        /// ``appendFrames(oneLine:to:)`` writes as they are.
        public var viewIDs: [String] {
            get { names?.strings ?? setIDs }
            set {
                setIDs = newValue
                names = nil
            }
        }
        /// One frame per id, in parent coordinates or, when asked, root coordinates.
        public var frames: [Rect]
        /// The document's ids, until ``viewIDs`` is set.
        private var names: ViewNames?
        private var setIDs: [String] = []

        init(id: String?, names: ViewNames, frames: [Rect]) {
            self.id = id
            self.names = names
            self.frames = frames
        }

        /// Appends the frames object, `{"<id>": [x, y, width, height], ...}`,
        /// as ``FrameWriter/appendFrames(ids:frames:oneLine:to:)`` writes it for
        /// ``viewIDs`` and ``frames``.
        public func appendFrames(oneLine: Bool, to out: inout [UInt8]) {
            if let names {
                FrameWriter.appendFrames(names: names, frames: frames, oneLine: oneLine, to: &out)
            } else {
                FrameWriter.appendFrames(ids: setIDs, frames: frames, oneLine: oneLine, to: &out)
            }
        }
    }

    /// Parses, lowers and solves one document.
    ///
    /// - Parameters:
    ///   - bytes: The document's JSON.
    ///   - source: The document's name in diagnostics.
    ///   - absolute: `true` for frames in root coordinates.
    ///   - options: Passed to ``LoweredLayout/solve(options:)``.
    /// - Throws: ``LayoutError`` for every problem parsing, lowering or solving finds.
    /// - Complexity: that of parsing, lowering and solving the document.
    public static func solve(_ bytes: [UInt8], source: String, absolute: Bool = false,
                             options: SolveOptions = SolveOptions()) throws(LayoutError) -> Solved {
        var id: String?
        return try solve(bytes, source: source, absolute: absolute, options: options, documentID: &id)
    }

    /// As ``solve(_:source:absolute:options:)``, and sets `documentID` to the
    /// document's own `id` as soon as it is parsed, so that a caller can name
    /// a document whose lowering or solve fails (as `plumb batch` does).
    public static func solve(_ bytes: [UInt8], source: String, absolute: Bool = false,
                             options: SolveOptions = SolveOptions(),
                             documentID: inout String?) throws(LayoutError) -> Solved {
        var phases = PhaseTimes()
        return try solve(bytes, source: source, absolute: absolute, options: options, documentID: &documentID,
                         phases: &phases)
    }

    /// Seconds spent in each phase of solving documents, added up over the
    /// documents (and over the threads that solved them).
    public struct PhaseTimes: Sendable {
        /// Reading the JSON: ``LayoutDocument/parse(_:source:)-([UInt8],_)``.
        public var parse = 0.0
        /// Lowering: ``LayoutDocument/lower()``.
        public var build = 0.0
        /// Solving, and the frames from the solution.
        public var solve = 0.0

        public init() {}

        /// Adds `other`'s times to these.
        public mutating func add(_ other: PhaseTimes) {
            parse += other.parse
            build += other.build
            solve += other.solve
        }
    }

    /// As ``solve(_:source:absolute:options:documentID:)``, and adds the time
    /// of each phase to `phases` (those of a phase that throws too).
    public static func solve(_ bytes: [UInt8], source: String, absolute: Bool = false,
                             options: SolveOptions = SolveOptions(),
                             documentID: inout String?, phases: inout PhaseTimes) throws(LayoutError) -> Solved {
        try solve(LayoutDocument.Bytes(bytes), source: source, absolute: absolute, options: options,
                  documentID: &documentID, phases: &phases)
    }

    /// As ``solve(_:source:absolute:options:documentID:phases:)-([UInt8],_,_,_,_,_)``,
    /// from bytes that need to live only for the call: the document is
    /// read from a copy of them.
    public static func solve(_ bytes: UnsafeBufferPointer<UInt8>, source: String, absolute: Bool = false,
                             options: SolveOptions = SolveOptions(),
                             documentID: inout String?, phases: inout PhaseTimes) throws(LayoutError) -> Solved {
        try solve(LayoutDocument.Bytes(copying: bytes), source: source, absolute: absolute, options: options,
                  documentID: &documentID, phases: &phases)
    }

    /// As ``solve(_:source:absolute:options:documentID:phases:)-([UInt8],_,_,_,_,_)``,
    /// from bytes kept as long as the document needs them (a range of a
    /// larger buffer, as `plumb batch` reads JSON Lines): the document's
    /// constraint strings are read in place there, with no copy.
    public static func solve(_ bytes: LayoutDocument.Bytes, source: String, absolute: Bool = false,
                             options: SolveOptions = SolveOptions(),
                             documentID: inout String?, phases: inout PhaseTimes) throws(LayoutError) -> Solved {
        var t = seconds()
        func lap() -> Double {
            let now = seconds()
            defer { t = now }
            return now - t
        }
        let document: LayoutDocument
        do { document = try LayoutDocument.parse(bytes, source: source, threads: .one) } catch { phases.parse += lap(); throw error }
        phases.parse += lap()
        documentID = document.id
        let lowered: LoweredLayout
        // The ids stay the document's bytes (``Solved/viewIDs`` makes them
        // `String`s when asked).
        do { lowered = try document.lower(namingViews: false) } catch { phases.build += lap(); throw error }
        phases.build += lap()
        do {
            let solution = try lowered.solve(options: options)
            let solved = Solved(id: document.id, names: document.viewNames,
                                frames: lowered.frames(from: solution, absolute: absolute))
            phases.solve += lap()
            return solved
        } catch {
            phases.solve += lap()
            throw error
        }
    }

    /// A monotonic clock, in seconds.
    static func seconds() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) * 1e-9
    }

    /// One document's frames as `plumb solve` writes them:
    /// `{"frames": {"<id>": [x, y, width, height], ...}}` and a newline.
    ///
    /// - Throws: as ``solve(_:source:absolute:options:)``.
    public static func framesJSON(_ bytes: [UInt8], source: String, absolute: Bool = false,
                                  options: SolveOptions = SolveOptions()) throws(LayoutError) -> [UInt8] {
        try framesJSON(LayoutDocument.Bytes(bytes), source: source, absolute: absolute, options: options)
    }

    /// As ``framesJSON(_:source:absolute:options:)-([UInt8],_,_,_)``, from
    /// bytes the document may keep (no copy is made of them).
    public static func framesJSON(_ bytes: LayoutDocument.Bytes, source: String, absolute: Bool = false,
                                  options: SolveOptions = SolveOptions()) throws(LayoutError) -> [UInt8] {
        var id: String?
        var phases = PhaseTimes()
        let solved = try solve(bytes, source: source, absolute: absolute, options: options, documentID: &id,
                               phases: &phases)
        return FrameWriter.json(count: solved.frames.count) { solved.appendFrames(oneLine: false, to: &$0) }
    }

    /// Solves every document, `jobs` at a time, each on one thread
    /// (`SolveOptions/threads` is set to 1 for each, as `plumb batch` does),
    /// and returns one result per document in input order: its frames JSON
    /// (as ``framesJSON(_:source:absolute:options:)-([UInt8],_,_,_)``) or its error.
    ///
    /// - Parameters:
    ///   - documents: The documents' JSON bytes.
    ///   - jobs: How many documents are solved at once (at least 1; more
    ///     than `documents.count` is the same as `documents.count`).
    ///   - absolute: `true` for frames in root coordinates, `false` (default)
    ///     for each view's parent's coordinates.
    ///   - options: the solver options of every document (its thread count
    ///     is set to 1).
    ///   - source: The name of document `i` in diagnostics.
    /// - Complexity: the sum of the documents' solves, spread over `jobs` workers.
    public static func batch(_ documents: [[UInt8]], jobs: Int, absolute: Bool = false,
                             options: SolveOptions = SolveOptions(),
                             source: @escaping @Sendable (Int) -> String = { "document \($0)" })
        -> [Result<[UInt8], LayoutError>]
    {
        batch(count: documents.count, jobs: jobs, options: options) { i, options throws(LayoutError) in
            try framesJSON(documents[i], source: source(i), absolute: absolute, options: options)
        }
    }

    /// As ``batch(_:jobs:absolute:options:source:)-([[UInt8]],_,_,_,_)``, from
    /// bytes the documents may keep (no copy is made of them). (Disfavoured
    /// so that an untyped `[]` still means the array form.)
    @_disfavoredOverload
    public static func batch(_ documents: [LayoutDocument.Bytes], jobs: Int, absolute: Bool = false,
                             options: SolveOptions = SolveOptions(),
                             source: @escaping @Sendable (Int) -> String = { "document \($0)" })
        -> [Result<[UInt8], LayoutError>]
    {
        batch(count: documents.count, jobs: jobs, options: options) { i, options throws(LayoutError) in
            try framesJSON(documents[i], source: source(i), absolute: absolute, options: options)
        }
    }

    /// Runs `framesOf(i, options)` for every `i` below `count`, `jobs` at a
    /// time, each with `options` set to one thread; the results in order.
    private static func batch(count: Int, jobs: Int, options: SolveOptions,
                              framesOf: @escaping @Sendable (Int, SolveOptions) throws(LayoutError) -> [UInt8])
        -> [Result<[UInt8], LayoutError>]
    {
        var perDocument = options
        perDocument.threads = 1
        let results = BatchResults(count: count)
        let workers = max(1, min(jobs, count))
        let group = DispatchGroup()
        for _ in 0 ..< workers {
            DispatchQueue.global().async(group: group) { [perDocument] in
                while let i = results.claim() {
                    let result: Result<[UInt8], LayoutError>
                    do throws(LayoutError) {
                        result = .success(try framesOf(i, perDocument))
                    } catch {
                        result = .failure(error)
                    }
                    results.store(result, at: i)
                }
            }
        }
        group.wait()
        return results.all()
    }
}

/// The results of ``DocumentSolving/batch(_:jobs:absolute:options:source:)-([[UInt8]],_,_,_,_)``:
/// the next index to claim and a slot per document, behind one lock.
private final class BatchResults: Sendable {
    private struct State {
        var next = 0
        var slots: [Result<[UInt8], LayoutError>?]
    }
    private let state: Mutex<State>

    init(count: Int) {
        state = Mutex(State(slots: Array(repeating: nil, count: count)))
    }

    /// The next document index, or nil when every one is claimed.
    func claim() -> Int? {
        state.withLock { s in
            guard s.next < s.slots.count else { return nil }
            s.next += 1
            return s.next - 1
        }
    }

    func store(_ result: Result<[UInt8], LayoutError>, at i: Int) {
        state.withLock { $0.slots[i] = result }
    }

    func all() -> [Result<[UInt8], LayoutError>] {
        state.withLock { s in s.slots.map { $0! } }
    }
}
