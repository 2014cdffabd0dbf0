/// A parsed and validated layout document (see `docs/document-format.md`).
///
/// ```swift
/// let document = try LayoutDocument.parse(bytes, source: "doc.json")
/// let lowered = try document.lower()
/// let solution = try lowered.solve()
/// let frames = lowered.frames(from: solution, absolute: false)
/// let json = FrameWriter.json(ids: lowered.viewIDs, frames: frames)
/// ```
///
/// Storage is flat, for documents of 100,000 views and more: ids and
/// constraint strings are kept end to end in byte pools, and ids are found
/// through a hash table over bytes, so parsing and lowering allocate little
/// per view.
///
/// Decisions the spec leaves to the project:
/// - Keys the format does not define are errors (with a suggestion), so a
///   misspelt `"constraint"` is not silently ignored. `views`, `constraints`
///   and `rules` may be omitted (empty); `root` with `width` and `height` is
///   required; every view needs a non-empty `id`.
/// - A view's `text` (`docs/text.md`) is a string or an object with
///   `string` and optional `font`, `size`, `lines`, `lineHeight`; a view
///   with text has no `intrinsicSize` (the text decides it).
/// - `intrinsicSize` dimensions must be finite and not negative; `hugging`
///   and `compressionResistance` entries are priorities in `1 ... 1000`.
/// - A constraint string can name every view whose id is a Simple Format
///   Language name (letters, digits and `_`, not starting with a digit; any
///   non-ASCII character counts as a letter). Documents have no metrics.
public struct LayoutDocument: Sendable {
    /// A Simple Layout Language rule attached to a view.
    public struct Rule: Hashable, Sendable {
        /// An argument bound to a format specifier, in order.
        public enum Argument: Hashable, Sendable {
            /// A view id, for the view specifiers (`%bt`).
            case view(String)
            /// A number, for `%f` and `%p`.
            case number(Double)
        }

        /// The id of the view the rule lays out.
        public var view: String
        /// The rule text (`tt = 8, rr = 8, w = h = 20`).
        public var rule: String
        /// The arguments of the rule's format specifiers.
        public var args: [Argument]

        public init(view: String, rule: String, args: [Argument] = []) {
            self.view = view
            self.rule = rule
            self.args = args
        }
    }

    /// The document's name (its `id`), echoed in batch results.
    public var id: String?
    /// The name the document was parsed from (a path, or `-` for standard input), used in diagnostics.
    public let source: String
    /// The root view's id (`"root"` unless the document names it).
    public internal(set) var rootID: String = "root"
    /// The root's size; its frame is `(0, 0, rootWidth, rootHeight)`.
    public internal(set) var rootWidth: Double = 0
    public internal(set) var rootHeight: Double = 0
    /// Whether the root's height fits its content (`"height": "fit"`): the
    /// smallest the constraints allow (see `Priority.fittingSizeLevel`);
    /// ``rootHeight`` is then 0 and is not used.
    public internal(set) var rootHeightFits = false
    /// The document's rules, in order.
    ///
    /// Made each time it is read: the document keeps the rules' strings as
    /// bytes, and lowering reads those.
    public var rules: [Rule] {
        (0 ..< ruleCount).map {
            Rule(view: ruleViews.string($0), rule: ruleTexts.string($0), args: arguments(ofRule: $0))
        }
    }
    /// What `leading` and `trailing` mean in the document's constraints
    /// (`"layoutDirection"`, `"ltr"` unless the document says `"rtl"`).
    public internal(set) var layoutDirection = LayoutDirection.leftToRight

    /// View ids: entry `i` is view `i`'s id, for `i >= 1`; entry 0 is empty
    /// (the root's id is ``rootID``, which may be given after the views).
    var ids = BytePool()
    /// Finds a view (other than the root) by id. Duplicate ids map to the first.
    var names = NameTable()
    /// Each view's parent index; `-1` for the root.
    var parents: [Int32] = [-1]
    /// Each view's intrinsic size and its priorities.
    var sizing = SizingTable()
    /// The constraint strings, in order (in place in the input when the
    /// document keeps it: ``ConstraintTexts``).
    var constraintTexts = ConstraintTexts()
    /// Each rule's view id and text, entry `i` for rule `i`, kept as bytes:
    /// two `String`s a rule cost about 230 instructions each to make while
    /// parsing and as much again to free with the document.
    var ruleViews = BytePool()
    var ruleTexts = BytePool()
    /// Every rule's arguments, rule after rule (an array apiece was an
    /// allocation and a release for each rule with arguments); rule `i`'s
    /// end at `ruleArgumentEnds[i]`.
    var ruleArguments: [StoredRuleArgument] = []
    var ruleArgumentEnds: [Int32] = []
    /// The view ids given as arguments, as bytes (see ``StoredRuleArgument``).
    var ruleArgumentViews = BytePool()
    var ruleCount: Int { ruleArgumentEnds.count }

    /// A rule argument as the document keeps it: a view id as an entry of
    /// ``ruleArgumentViews`` (a `String` an argument cost about 480
    /// instructions to read and keep, and a copy, retained and released,
    /// at each look while lowering), or a number.
    enum StoredRuleArgument: Sendable {
        case view(Int32)
        case number(Double)
    }

    /// Rule `i`'s arguments, made from what the document keeps.
    func arguments(ofRule i: Int) -> [Rule.Argument] {
        ruleArguments[(i == 0 ? 0 : Int(ruleArgumentEnds[i - 1])) ..< Int(ruleArgumentEnds[i])].map {
            switch $0 {
            case .view(let entry): .view(ruleArgumentViews.string(Int(entry)))
            case .number(let value): .number(value)
            }
        }
    }
    /// The texts of the views that have one, by view index.
    var texts: [Int32: Text] = [:]

    /// A view's intrinsic size (NaN for "no intrinsic metric") and its
    /// hugging and compression resistance priorities, `(horizontal, vertical)`.
    struct ViewSizing: Sendable {
        var width = Double.nan
        var height = Double.nan
        var hugging: (Priority, Priority) = (.low, .low)
        var resistance: (Priority, Priority) = (.high, .high)
    }

    /// Each view's ``ViewSizing``, stored only for the views that set one
    /// (most views have no intrinsic size): 4 bytes a view up to the last
    /// sized view, plus an entry per sized view. Views after the last sized
    /// one have no slot (the parser does not append one per view: an append
    /// a view showed in profiles).
    struct SizingTable: Sendable {
        /// Entry of each view up to the last sized one in ``entries``, or -1.
        private var slot: [Int32] = []
        private var entries: [ViewSizing] = []

        /// Whether view `view`'s sizing was set (otherwise it is the default).
        func isSet(_ view: Int) -> Bool { view < slot.count && slot[view] >= 0 }

        subscript(view: Int) -> ViewSizing {
            get {
                let s = view < slot.count ? slot[view] : -1
                return s < 0 ? ViewSizing() : entries[Int(s)]
            }
            set {
                if view >= slot.count { slot.append(contentsOf: repeatElement(-1, count: view + 1 - slot.count)) }
                let s = slot[view]
                if s >= 0 {
                    entries[Int(s)] = newValue
                } else {
                    slot[view] = Int32(entries.count)
                    entries.append(newValue)
                }
            }
        }
    }

    init(source: String) {
        self.source = source
        ids.appendEmpty()
    }

    /// The number of views, the root included.
    public var viewCount: Int { parents.count }

    /// The number of constraint strings.
    public var constraintCount: Int { constraintTexts.count }

    /// The id of view `index` (0 is the root, then the views in document order).
    ///
    /// - Complexity: O(length of the id).
    public func viewID(at index: Int) -> String {
        index == 0 ? rootID : ids.string(index)
    }

    /// Every view id: the root's, then the views' in document order.
    ///
    /// - Complexity: O(views).
    public var viewIDs: [String] { viewNames.strings }

    /// The view ids as the document keeps them (bytes), for writing frames
    /// without a `String` an id.
    var viewNames: ViewNames { ViewNames(rootID: rootID, ids: ids, count: viewCount) }

    /// The index of each view's parent (`-1` for the root).
    public var parentIndices: [Int32] { parents }

    /// The constraint strings, in order.
    ///
    /// - Complexity: O(total length); each call makes new strings.
    public var constraints: [String] { (0 ..< constraintCount).map(constraintTexts.string) }

    /// The intrinsic size of view `index` (`nil` dimensions have none).
    public func intrinsicSize(at index: Int) -> IntrinsicSize {
        let w = sizing[index].width, h = sizing[index].height
        return IntrinsicSize(width: w.isNaN ? nil : w, height: h.isNaN ? nil : h)
    }

    /// The text of view `index`, if it has one.
    public func text(at index: Int) -> Text? { texts[Int32(index)] }

    /// The indices of the views that have a text, in increasing order: what
    /// asking ``text(at:)`` of every view finds, without looking up the
    /// views that have none.
    ///
    /// - Complexity: O(t log t) for t views with a text.
    public var viewsWithText: [Int] { texts.keys.map { Int($0) }.sorted() }

    /// The content hugging priorities of view `index` (250 unless the document sets them).
    public func huggingPriorities(at index: Int) -> (horizontal: Priority, vertical: Priority) {
        sizing[index].hugging
    }

    /// The compression resistance priorities of view `index` (750 unless the document sets them).
    public func compressionResistancePriorities(at index: Int) -> (horizontal: Priority, vertical: Priority) {
        sizing[index].resistance
    }

    /// Parses and validates a document.
    ///
    /// Checks the JSON syntax (stopping at the first syntax error) and the
    /// structure: the root's `width` and `height` are finite and not negative,
    /// ids are unique and not empty, each parent is the root or a view earlier
    /// in the list, `intrinsicSize` is `[w, h]` with finite non-negative
    /// numbers or `null`, `hugging` and `compressionResistance` are
    /// `[horizontal, vertical]` priorities in `1 ... 1000`, `id` and every
    /// constraint are strings, rules have `view`, `rule` and optional `args`.
    /// Constraint strings are parsed by ``lower()``.
    ///
    /// - Parameters:
    ///   - bytes: the document, UTF-8 JSON.
    ///   - source: its name in diagnostics (`doc.json`).
    /// - Throws: ``LayoutError`` with every structural problem found, each at
    ///   its `line:column` in `bytes`.
    /// - Complexity: O(bytes).
    ///
    /// The document keeps a copy of `bytes` (one `memcpy`, in memory whose
    /// address is fixed for its life: ``Bytes``) and reads its constraint
    /// strings in place there. To hand over bytes without the copy, use
    /// ``Bytes/init(owning:count:)`` and ``parse(_:source:threads:afterReading:)``.
    public static func parse(_ bytes: [UInt8], source: String) throws(LayoutError) -> LayoutDocument {
        try parse(Bytes(bytes), source: source, threads: .one)
    }

    /// Parses and validates a document, as the method above does, from
    /// bytes that need to live only for the call (a range of a larger
    /// buffer, say): the document keeps one copy of them, which its
    /// constraint strings are read in (as for an array).
    ///
    /// - Complexity: O(bytes).
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, source: String) throws(LayoutError) -> LayoutDocument {
        try checkSize(of: bytes, source: source)
        return try parse(Bytes(copying: bytes), source: source, threads: .one)
    }

    /// Parses and validates a document as ``parse(_:source:)-([UInt8],_)`` does; with
    /// two `threads` and a large document, its constraint strings are read
    /// on a second thread while this one reads the views before them.
    /// The document and any error are the same as with one thread.
    ///
    /// - Parameters:
    ///   - bytes: the document, UTF-8 JSON, kept as long as the second
    ///     thread reads it (which may be after this call returns) and as
    ///     long as the document lives: its constraint strings are read in
    ///     place, not copied.
    ///   - source: its name in diagnostics.
    ///   - threads: how many threads may read it (1 or 2); their
    ///     ``LoweringThreads/pagesAhead``, if any, have their limit raised
    ///     by the second thread for the rules it read ahead, before
    ///     `afterReading` (the build of a rules document allocates more a
    ///     byte of document than the constraint families').
    ///   - afterReading: work for the second thread once it has read ahead
    ///     (or was stopped), while this one finishes the parse: `plumb
    ///     solve` has it first touch the heap the parse and the build go on
    ///     into (``FreshPages``). Run only when a second thread was started.
    public static func parse(
        _ bytes: Bytes, source: String, threads: LoweringThreads, afterReading: (@Sendable () -> Void)? = nil
    ) throws(LayoutError) -> LayoutDocument {
        let buffer = bytes.buffer
        try checkSize(of: buffer, source: source)
        var ahead: ConstraintReadAhead?
        if threads.readsAhead(buffer.count) {
            let reader = ConstraintReadAhead(bytes, chunk: threads.readAheadChunk, then: afterReading)
            reader.rules?.pagesAhead = threads.pagesAhead
            reader.parked = threads.parkedThread
            if reader.start() { ahead = reader }
        }
        return try parse(bytes, source: source, readAhead: ahead)
    }

    /// ``parse(_:source:)-([UInt8],_)`` of `bytes`, which the document
    /// keeps, with the constraints read ahead by `readAhead` (on its
    /// thread, or before the call in tests; it reads the same bytes).
    static func parse(_ bytes: Bytes, source: String, readAhead: ConstraintReadAhead?) throws(LayoutError) -> LayoutDocument {
        var parser = DocumentParser(bytes, source: source, readAhead: readAhead)
        return try parser.run().get()
    }

    /// Offsets into a document are 32-bit: a larger one is refused before
    /// anything reads it.
    private static func checkSize(of bytes: UnsafeBufferPointer<UInt8>, source: String) throws(LayoutError) {
        guard bytes.count < Int(Int32.max) else {
            throw LayoutError([Diagnostic(location: source, problem: .invalidJSON("documents are limited to 2 GiB"))])
        }
    }

    /// A document's bytes that stay valid as long as this object lives:
    /// memory it owns (a copy, or memory handed to it), or memory its owner
    /// lets go of in `release` (a mapped file unmapped, say), which runs
    /// when the last reference goes, on whichever thread lets it go.
    ///
    /// The address never changes while the object lives, so the parse, the
    /// thread that reads ahead and the build may hold it past any call (an
    /// array promises its pointer only inside `withUnsafeBufferPointer`:
    /// an array's bytes are copied in here).
    public final class Bytes: @unchecked Sendable {
        /// The bytes.
        public let buffer: UnsafeBufferPointer<UInt8>
        private let release: (@Sendable () -> Void)?
        /// Memory this allocated, or took over, and frees when it goes.
        private let owned: UnsafeMutableRawPointer?

        /// Bytes valid until `release` is called.
        public init(_ buffer: UnsafeBufferPointer<UInt8>, release: @escaping @Sendable () -> Void) {
            self.buffer = buffer
            self.release = release
            owned = nil
        }

        /// The first `count` bytes at `memory`, which this takes over (no
        /// copy): memory from `UnsafeMutableRawPointer.allocate`, which this
        /// frees when it goes, and which nothing else may free or change.
        public init(owning memory: UnsafeMutableRawPointer, count: Int) {
            buffer = UnsafeBufferPointer(start: memory.assumingMemoryBound(to: UInt8.self), count: count)
            release = nil
            owned = memory
        }

        /// A copy of `bytes`, in memory this owns.
        ///
        /// - Complexity: O(bytes): one `memcpy`.
        public convenience init(copying bytes: UnsafeBufferPointer<UInt8>) {
            self.init(owning: Self.copy(bytes), count: bytes.count)
        }

        /// A copy of `array`'s bytes, in memory this owns.
        ///
        /// - Complexity: O(bytes): one `memcpy`.
        public convenience init(_ array: [UInt8]) {
            // Copied inside the closure, the only place the array promises its pointer.
            self.init(owning: array.withUnsafeBufferPointer { Self.copy($0) }, count: array.count)
        }

        /// New memory holding `bytes` (at least one byte, so never nil).
        private static func copy(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeMutableRawPointer {
            let memory = UnsafeMutableRawPointer.allocate(byteCount: max(bytes.count, 1), alignment: 16)
            if let source = bytes.baseAddress { memory.copyMemory(from: source, byteCount: bytes.count) }
            return memory
        }

        deinit {
            owned?.deallocate()
            release?()
        }
    }
}

/// A document's view ids as bytes: the root's, then entry `i` of its id
/// pool for view `i` (valid UTF-8, as the JSON reader checked).
struct ViewNames: Sendable {
    let rootID: String
    let ids: BytePool
    let count: Int

    /// The ids as `String`s, as ``LayoutDocument/viewIDs`` gives them.
    var strings: [String] {
        (0 ..< count).map { $0 == 0 ? rootID : ids.string($0) }
    }
}
