/// A large document's rules read ahead on the thread that looked for its
/// constraint strings (``ConstraintReadAhead``), when it found none: the
/// rules families write `"constraints": []` and then one rule a view.
///
/// The thread looks for the document's `"rules": [` and reads the rules
/// written as most documents write them (``JSONReader/lexPlainRule()``),
/// chunk by chunk, into columns of its own that it fills as the parser
/// fills the document's (``PlainRuleColumns``). It stops at any other
/// element (a rule spaced or ordered otherwise, escapes, numbers as
/// arguments, anything that is not an object), a syntax error and the
/// array's end.
///
/// The parser, at the document's rules (``takeOver(at:)``), stops the
/// thread after the chunk it is reading, waiting at most
/// ``ConstraintReadAhead/patience`` for it (``ReadAheadProgress``), and,
/// if the array begins where the thread found it, takes the columns over
/// and goes on after the last rule they hold: those rules were read from
/// the same bytes by the same code as the parser's own, and everything
/// else (every problem included) the parser reads itself, with one
/// thread's messages and positions. A thread stopped in the middle of a
/// chunk (it was descheduled) gives nothing: the parser then reads every
/// rule itself.
final class RuleReadAhead: @unchecked Sendable {
    /// The document's bytes, kept alive while the thread runs.
    let bytes: LayoutDocument.Bytes
    /// Rules a chunk.
    let chunk: Int
    private let progress = ReadAheadProgress()
    /// Where the array's `[` was found (written before the first chunk).
    private var arrayStart = -1
    /// The rules read, and after the last chunk published, the reader's
    /// offset after the last of them (or after `]`) and whether the array
    /// ended there. The parser reads these only once the thread has
    /// stopped between two chunks.
    ///
    /// Unchecked for exclusivity: the thread and the parser take turns
    /// through ``ReadAheadProgress`` (which the runtime's check, one
    /// thread's, does not see anyway), and the check of each rule's append
    /// was about 95 instructions, a sixth of a rule read ahead
    /// (BENCHMARKS.md, "e2e59").
    @exclusivity(unchecked) private var columns = PlainRuleColumns()
    @exclusivity(unchecked) private var position = 0
    @exclusivity(unchecked) private var ended = false

    /// Rules handed to the parser (tests see that it took them).
    private(set) var handedOver = 0

    /// The heap's pages touched ahead once this thread has read (``FreshPages``,
    /// `plumb solve`), or `nil`: set before the thread starts. Having read
    /// rules, the thread raises their limit for the rules' build to come
    /// (``heapBytesPerRule`` a rule read), before it touches them.
    var pagesAhead: FreshPages?

    /// Heap bytes the build of a rules document allocates a rule, about,
    /// beyond what its parse does (`list-rules` and `cards-rules`: the
    /// rule book, the look-ups made ahead, the system's rows).
    static let heapBytesPerRule = 650

    init(_ bytes: LayoutDocument.Bytes, chunk: Int = 128) {
        self.bytes = bytes
        self.chunk = max(chunk, 1)
    }

    /// Finds the array (from offset `hint` first: where the constraints
    /// were, as the rules usually follow them; then from the start) and
    /// reads it chunk by chunk (tests call it on their thread, and stop it
    /// after `chunks` chunks, between two, as a thread the parser overtook).
    func read(after hint: Int = 0, chunks: Int = .max) {
        let text = bytes.buffer
        guard !progress.isTaken,
              let at = ReadAheadProgress.arrayStart(after: #""rules""#, in: text, from: hint)
                ?? (hint > 0 ? Self.rulesArray(in: text) : nil)
        else {
            progress.readNothing()
            return
        }
        arrayStart = at
        if columns.count == 0 { columns.reserve(forBytes: text.count - at) }
        var reader = JSONReader(text)
        reader.resume(at: at + 1)
        var first = true, k = 0, read = 0
        // The reader's offset after the last rule read (the parser goes on from there).
        var lastEnd = at + 1
        defer {
            if let pages = pagesAhead, read > 0 {
                pages.extend(upTo: pages.pageLimit * pages.pageSize + read * Self.heapBytesPerRule)
            }
        }
        while k < chunks, progress.begin(k) {
            var more = true, finished = false
            // The columns are out in a writer during the chunk (the parser
            // takes them over between two chunks only).
            var writer = columns.takeWriter()
            do throws(JSONSyntaxError) {
                for _ in 0 ..< chunk {
                    guard try reader.nextElement(&first) else {
                        finished = true
                        lastEnd = reader.position
                        break
                    }
                    // Any other rule is left to the parser.
                    guard let rule = reader.lexPlainRule() else {
                        more = false
                        break
                    }
                    writer.append(rule, of: text)
                    read &+= 1
                    lastEnd = reader.position
                }
            } catch {
                more = false  // a syntax error: the parser reports it
            }
            columns.restore(writer)
            position = lastEnd
            ended = finished
            guard progress.end(k, more: more && !finished) else { break }
            k += 1
        }
    }

    /// The offset of the `[` after the first `"rules"` followed by a colon
    /// (white space allowed around it), or `nil`.
    static func rulesArray(in text: UnsafeBufferPointer<UInt8>) -> Int? {
        ReadAheadProgress.arrayStart(after: #""rules""#, in: text)
    }

    /// What the thread read, handed to the parser: the rules' columns
    /// (now the parser's), where to go on reading, and whether the array
    /// ended there.
    struct Handover {
        var columns: PlainRuleColumns
        var position: Int
        var ended: Bool
    }

    /// Stops the thread, for the parser at the document's rules array,
    /// whose `[` is at `offset`; returns what the thread read there, or
    /// `nil` when it has nothing to give (the array is elsewhere, it read
    /// no rule, or it was stopped in the middle of a chunk).
    func takeOver(at offset: Int) -> Handover? {
        guard let (k, between) = progress.stop(patience: ConstraintReadAhead.patience),
              k > 0, between, arrayStart == offset, columns.count > 0 else { return nil }
        var handover = Handover(columns: PlainRuleColumns(), position: position, ended: ended)
        swap(&handover.columns, &columns)
        handedOver = handover.columns.count
        return handover
    }

    /// Stops the thread (if the parser has not taken it over).
    func stop() {
        progress.stop()
    }
}

/// Rules as a document keeps them (``LayoutDocument/ruleViews`` and the
/// columns after it), filled by ``RuleReadAhead``'s thread and handed over
/// to the parser whole.
struct PlainRuleColumns {
    var views = BytePool()
    var texts = BytePool()
    var arguments: [LayoutDocument.StoredRuleArgument] = []
    var argumentEnds: [Int32] = []
    var argumentViews = BytePool()

    /// Rules held.
    var count: Int { argumentEnds.count }

    /// Makes room for the rules of an array with `left` bytes still to
    /// read, as the parser does (``JSONReader/PlainRule/reserve(forBytes:views:texts:arguments:argumentEnds:argumentViews:)``).
    mutating func reserve(forBytes left: Int) {
        JSONReader.PlainRule.reserve(forBytes: left, views: &views, texts: &texts, arguments: &arguments,
                                     argumentEnds: &argumentEnds, argumentViews: &argumentViews)
    }

    /// Moves these columns into a ``Writer`` (they read as empty until
    /// ``restore(_:)``).
    mutating func takeWriter() -> Writer {
        Writer(views: &views, texts: &texts, arguments: &arguments, argumentEnds: &argumentEnds,
               argumentViews: &argumentViews)
    }

    /// Puts back the columns of `writer`, taken by ``takeWriter()``.
    mutating func restore(_ writer: consuming Writer) {
        writer.finish(views: &views, texts: &texts, arguments: &arguments, argumentEnds: &argumentEnds,
                      argumentViews: &argumentViews)
    }

    /// Rule columns moved out of a document or ``PlainRuleColumns`` while
    /// plain rules are recorded into them, one after another (the parser
    /// and ``RuleReadAhead`` record rules alike, through this): each rule's
    /// view id and text, its argument (a view id) if it has one, and the
    /// end of its arguments. The three byte pools are out in appenders
    /// (``BytePool/takeAppender()``), whose appends skip the check that
    /// their storage is their own (a runtime call: three of the five a
    /// rule with an argument made, two of three without); the two arrays
    /// are moved, and checked at each append as before.
    struct Writer: ~Copyable {
        private var views: BytePool.Appender
        private var texts: BytePool.Appender
        private var argumentViews: BytePool.Appender
        private var arguments: [LayoutDocument.StoredRuleArgument] = []
        private var argumentEnds: [Int32] = []

        /// Takes the columns given (left empty until ``finish(views:texts:arguments:argumentEnds:argumentViews:)``).
        init(
            views: inout BytePool, texts: inout BytePool, arguments: inout [LayoutDocument.StoredRuleArgument],
            argumentEnds: inout [Int32], argumentViews: inout BytePool
        ) {
            self.views = views.takeAppender()
            self.texts = texts.takeAppender()
            self.argumentViews = argumentViews.takeAppender()
            swap(&self.arguments, &arguments)
            swap(&self.argumentEnds, &argumentEnds)
        }

        /// Records `rule`, read from `text`.
        @inline(__always)
        mutating func append(_ rule: JSONReader.PlainRule, of text: UnsafeBufferPointer<UInt8>) {
            views.append(UnsafeBufferPointer(rebasing: text[rule.view]))
            texts.append(UnsafeBufferPointer(rebasing: text[rule.rule]))
            if let argument = rule.argument {
                let entry = argumentViews.append(UnsafeBufferPointer(rebasing: text[argument]))
                arguments.append(.view(Int32(truncatingIfNeeded: entry)))
            }
            argumentEnds.append(Int32(arguments.count))
        }

        /// Puts the columns, with the rules recorded, back where they were taken from.
        consuming func finish(
            views: inout BytePool, texts: inout BytePool, arguments: inout [LayoutDocument.StoredRuleArgument],
            argumentEnds: inout [Int32], argumentViews: inout BytePool
        ) {
            views.restore(self.views)
            texts.restore(self.texts)
            argumentViews.restore(self.argumentViews)
            swap(&self.arguments, &arguments)
            swap(&self.argumentEnds, &argumentEnds)
        }
    }
}

extension JSONReader.PlainRule {
    /// About how many bytes of a document's rules array each rule takes,
    /// at the least in the benchmark families (70 to 84 there; a rule's
    /// view id about a tenth of them, its argument's a twentieth).
    static let bytesPerRuleEstimate = 56

    /// Makes room in the columns that a ``PlainRuleColumns/Writer``
    /// fills for the rules of an array with `left` bytes still to read:
    /// grown once here from estimates, not doubled from a few entries (each
    /// doubling a copy, about 0.45 M instructions at 10,000 rules beside
    /// the texts' bytes, which were already reserved). The estimates are
    /// kept close (a rule a ``bytesPerRuleEstimate`` bytes, an argument for
    /// one rule in two): room reserved and not used still takes the heap's
    /// address space, and past it the next allocations start a new huge
    /// page (a fault that clears 2 MiB, more than the copies saved). Past
    /// the room the columns double as before.
    static func reserve(
        forBytes left: Int, views: inout BytePool, texts: inout BytePool,
        arguments: inout [LayoutDocument.StoredRuleArgument], argumentEnds: inout [Int32], argumentViews: inout BytePool
    ) {
        let rules = left / bytesPerRuleEstimate + 16, withArguments = rules / 2
        texts.reserveCapacity(bytes: left - left / 4, entries: rules)
        views.reserveCapacity(bytes: left / 8, entries: rules)
        argumentViews.reserveCapacity(bytes: left / 16, entries: withArguments)
        arguments.reserveCapacity(arguments.count + withArguments)
        argumentEnds.reserveCapacity(argumentEnds.count + rules)
    }
}
