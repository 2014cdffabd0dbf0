import Synchronization

extension Constraint {
    /// Makes one inactive constraint from a Simple Format Language string.
    ///
    /// ```
    /// view1.attribute relation [multiplier *] view2.attribute [(+|-) constant] [@ priority]
    /// view1.attribute relation [+|-]constant [@ priority]
    /// ```
    ///
    /// - `relation` is `=` (or `==`, the same), `>=` or `<=`.
    /// - `attribute` is one of `left right top bottom leading trailing centerX
    ///   centerY baseline width height`.
    /// - `multiplier`, `constant` and `priority` are numbers (`8`, `0.5`, `1e3`)
    ///   or names in `metrics`; priority is 1 ... 1000 and defaults to 1000
    ///   (required). A multiplier may be signed (`-1 * view.width`).
    /// - View names are keys of `views`; `superview` is just a name, bound like
    ///   any other (`["superview": root]`).
    /// - The order is fixed, as in the original: `2 * view.width = view.height`
    ///   and `view.height = view.width * 2` are rejected, with the accepted
    ///   spelling in the message.
    ///
    /// - Parameters:
    ///   - simpleFormat: the constraint.
    ///   - views: the views the string may name.
    ///   - metrics: named numbers the string may use.
    ///   - file: the call site's file, recorded in the constraint's ``origin``.
    ///   - line: the call site's line, recorded likewise.
    /// - Returns: an inactive constraint; ``activate(_:)`` it.
    /// - Throws: ``LayoutError`` listing every problem in the string, each with
    ///   its column and what was expected (`constraint:1:9: error: unknown
    ///   attribute 'widht' (did you mean 'width'?)`).
    /// - Complexity: O(length of the string).
    public static func make(
        simpleFormat: String, views: [String: View], metrics: [String: Double] = [:],
        file: String = #fileID, line: Int = #line
    ) throws(LayoutError) -> Constraint {
        var sink = DiagnosticSink()
        let made = DictionaryScope.with(views: views, metrics: metrics) { scope in
            compile(simpleFormat, index: nil, call: nil, scope: scope, file: file, line: line, sink: &sink)
        }
        try sink.throwIfAny()
        guard let made else { throw sink.error }  // unreachable: no diagnostics means a constraint
        return made
    }

    /// Makes inactive constraints from Simple Format Language strings, one
    /// per string, in order. Every string is checked before anything is thrown.
    ///
    /// - Throws: ``LayoutError`` with every problem in every string; a
    ///   diagnostic's location is `constraints[i]`.
    /// - Complexity: O(total length of the strings).
    public static func make(
        simpleFormats: [String], views: [String: View], metrics: [String: Double] = [:],
        file: String = #fileID, line: Int = #line
    ) throws(LayoutError) -> [Constraint] {
        var sink = DiagnosticSink()
        var made = [Constraint]()
        made.reserveCapacity(simpleFormats.count)
        let call = SimpleFormatCallOrigin(formats: simpleFormats, file: file, line: line)
        DictionaryScope.with(views: views, metrics: metrics) { scope in
            // Each string lent by the array, which holds it throughout
            // (`for (i, format) in simpleFormats.enumerated()` retained and
            // released every string, as `Constraint.activate`'s loop did its
            // constraints).
            simpleFormats.withUnsafeBufferPointer { formats in
                for i in formats.indices {
                    if let c = compile(formats[i], index: i, call: call, scope: scope, file: file, line: line,
                                       sink: &sink) {
                        made.append(c)
                    }
                }
            }
        }
        try sink.throwIfAny()
        return made
    }

    /// The constraint `format` makes, or `nil` with its problems in `sink`,
    /// located at `constraints[index]` (or `constraint` without an index).
    /// `call`: the call's strings (`format` is `call.formats[index]`), which
    /// the constraint's origin refers to; without it the origin is stored.
    private static func compile(
        _ format: String, index: Int?, call: SimpleFormatCallOrigin?, scope: DictionaryScope,
        file: String, line: Int, sink: inout DiagnosticSink
    ) -> Constraint? {
        // The bytes in place (no copy of the string to make it contiguous, as
        // `withUTF8` on a `var` takes); a string without contiguous UTF-8
        // is made contiguous first.
        if let made = format.utf8.withContiguousStorageIfAvailable({ bytes in
            compile(bytes, format: format, inPlace: true, index: index, call: call, scope: scope, file: file, line: line,
                    sink: &sink)
        }) {
            return made
        }
        var text = format
        return text.withUTF8 { bytes in
            compile(bytes, format: format, inPlace: false, index: index, call: call, scope: scope, file: file, line: line,
                    sink: &sink)
        }
    }

    /// `compile(_:index:call:scope:file:line:sink:)` on the UTF-8 bytes of `format`.
    /// The origin is made in the branch that uses it, straight into the
    /// constraint or the diagnostics.
    /// `inPlace`: `bytes` are `format`'s own storage (not a copy), so the
    /// string's shape may be kept by where its bytes are.
    @inline(__always)
    private static func compile(
        _ bytes: UnsafeBufferPointer<UInt8>, format: String, inPlace: Bool, index: Int?,
        call: SimpleFormatCallOrigin?, scope: DictionaryScope, file: String, line: Int, sink: inout DiagnosticSink
    ) -> Constraint? {
        var problems: [(LayoutProblem, Range<Int>)] = []
        // The fast path on the string's shape (kept from an earlier call with
        // the same string), else the general parser, as `SimpleFormatSema.compile` does.
        // The constraint from its parts, its views lent by the scope (held
        // by its `views` dictionary while the string is made).
        @inline(__always) func made(_ r: ResolvedSimpleFormat<Unmanaged<View>>) -> Constraint {
            let origin: ConstraintOrigin
            if let call, let index {
                origin = .simpleFormat(call, index: index)
            } else {
                origin = .stored(Origin(kind: .constraint, index: index, text: format, file: file, line: line))
            }
            return Constraint(
                lent: r.first, r.firstAttribute, r.relation, multiplier: r.multiplier, lent: r.second,
                r.secondAttribute, constant: r.constant, priority: r.priority, origin: origin)
        }
        if let shape = SimpleFormatShapeCache.shape(of: format, bytes: bytes, inPlace: inPlace),
           let resolved = SimpleFormatFastPath.bind(shape, in: bytes, scope: scope) {
            return made(resolved)
        }
        guard let resolved = SimpleFormatSema.parseAndResolve(bytes, in: scope, problems: &problems) else {
            let origin = Origin(kind: .constraint, index: index, text: format, file: file, line: line)
            let locator = SourceLocator(bytes)
            let location = index.map { "constraints[\($0)]" } ?? "constraint"
            for (problem, range) in problems {
                sink.append(locator.diagnostic(problem, at: range, in: bytes, location: location, origin: origin))
            }
            return nil
        }
        return made(resolved)
    }
}

/// The shapes (`SimpleFormatShape`) of the strings
/// ``Constraint/make(simpleFormats:views:metrics:file:line:)`` read last,
/// process-wide: a template's strings are made again with each cell's
/// views, and reading the bytes cost more than binding the names.
///
/// A shape depends on the bytes alone. A string of at most 16 ASCII bytes
/// is found by its bytes (`ShortName`); a longer one by where its bytes
/// are, with the string kept in the entry: while the entry holds it, its
/// storage lives and cannot change (a mutation of a shared string copies),
/// so no other string's bytes can be at that address. Other strings
/// (short ones that are not ASCII, or bytes copied out of the string) are
/// read each time. 256 entries in pairs: a string's key picks a pair by a
/// hash, and is found in either of its two slots. A new string goes into
/// the pair's first slot, moving the entry there to the second (the one in
/// the second is dropped): two strings of one template whose keys fall in
/// the same pair both stay (with one slot a key, which pair a template's
/// strings fell in depended on where their bytes are, and two strings made
/// in turn for every cell, each replacing the other, were read again every
/// time: 6,681 reads of 40,000 strings, 4 % of a `list` build, for one
/// binary and none for another). Under a lock: strings may be made on
/// several threads.
struct SimpleFormatShapeCache {
    enum Key: Equatable {
        case bytes(ShortName)
        /// The address of the bytes and their count.
        case storage(UInt, Int)
    }

    /// Plain values: looking one up copies no reference.
    struct Entry {
        var key: Key
        var shape: SimpleFormatShape?
    }

    static let slotCount = 256
    private static let shared = Mutex(SimpleFormatShapeCache())
    private var slots: [Entry?] = Array(repeating: nil, count: slotCount)
    /// Per slot, the string of a `.storage` key (kept alive and unchanged by this reference).
    private var texts: [String] = Array(repeating: "", count: slotCount)

    /// The shape of `format`, whose UTF-8 is `bytes` (`inPlace`: its own
    /// storage), or `nil` when it has none of the fast path's shapes.
    @inline(__always)
    static func shape(of format: String, bytes: UnsafeBufferPointer<UInt8>, inPlace: Bool) -> SimpleFormatShape? {
        let key: Key
        let slot: Int
        if let short = ShortName(bytes) {
            key = .bytes(short)
            slot = short.hashBits
        } else if inPlace, bytes.count > 16, let base = bytes.baseAddress {
            let address = UInt(bitPattern: base)
            key = .storage(address, bytes.count)
            slot = Int(truncatingIfNeeded: (UInt64(address) &* 0x9E37_79B9_7F4A_7C15) >> 40)
        } else {
            return SimpleFormatFastPath.shape(of: bytes)
        }
        let pair = slot & (slotCount - 2)
        if let found = shared.withLock({ cache in cache.entry(for: key, pair: pair) }) {
            return found.shape
        }
        let shape = SimpleFormatFastPath.shape(of: bytes)
        let text: String
        if case .storage = key { text = format } else { text = "" }
        shared.withLock { cache in cache.keep(Entry(key: key, shape: shape), text: text, pair: pair) }
        return shape
    }

    /// The entry of `key` in the pair of slots from `pair` (even), if kept.
    @inline(__always)
    func entry(for key: Key, pair: Int) -> Entry? {
        if let entry = slots[pair], entry.key == key { return entry }
        if let entry = slots[pair + 1], entry.key == key { return entry }
        return nil
    }

    /// Keeps `entry` (whose string is `text` for a `.storage` key) in the
    /// first slot of `pair`, the entry there moving to the second.
    @inline(__always)
    mutating func keep(_ entry: Entry, text: String, pair: Int) {
        slots[pair + 1] = slots[pair]
        texts[pair + 1] = texts[pair]
        slots[pair] = entry
        texts[pair] = text
    }
}

/// Names bound by the dictionaries of ``Constraint/make(simpleFormat:views:metrics:file:line:)``.
///
/// A string names a few of a few views, and hashing each name (seeded, to
/// look it up in the dictionary) cost more than reading the rest of the
/// string. When every key is short ASCII, the names are kept packed
/// (`ShortNameTable`) and compared a word at a time; a name that is not
/// short ASCII, and every name when some key is not ASCII (a key equal to an
/// ASCII name by canonical equivalence, as `"\u{212A}"` is to `"K"`, must
/// still be found), is looked up in the dictionary.
///
/// A name is bound to its view lent, not retained (`Unmanaged`): `views`
/// holds every view for as long as the scope lives, and the constraint
/// made retains only the view's reference (a view retained by the look-up
/// and released after the constraint was made was two pairs a constraint).
///
/// The packed names are on the stack of `with(views:metrics:_:)`, for the
/// scope's one use: a scope is made for every `make` call, and the arrays
/// the names were kept in before, two allocations and two frees, were half
/// of what the names cost a call.
struct DictionaryScope: SimpleFormatScope {
    let views: [String: View]
    let metrics: [String: Double]
    private let shortViews: ShortNameTable<Unmanaged<View>>
    private let shortMetrics: ShortNameTable<Double>

    /// `body` of the scope binding `views` and `metrics`. The scope must not
    /// be kept past `body`: its packed names are in storage that ends there.
    @inline(__always)
    static func with<Result>(
        views: [String: View], metrics: [String: Double], _ body: (DictionaryScope) -> Result
    ) -> Result {
        let capacity = ShortNameTable<Double>.capacity
        return withUnsafeTemporaryAllocation(of: ShortNameTable<Unmanaged<View>>.Entry.self, capacity: capacity) {
            viewEntries in
            withUnsafeTemporaryAllocation(of: ShortNameTable<Double>.Entry.self, capacity: capacity) { metricEntries in
                body(DictionaryScope(
                    views: views, metrics: metrics,
                    shortViews: ShortNameTable(views, into: viewEntries, Unmanaged.passUnretained),
                    shortMetrics: ShortNameTable(metrics, into: metricEntries, { $0 })))
            }
        }
    }

    private init(
        views: [String: View], metrics: [String: Double],
        shortViews: ShortNameTable<Unmanaged<View>>, shortMetrics: ShortNameTable<Double>
    ) {
        self.views = views
        self.metrics = metrics
        self.shortViews = shortViews
        self.shortMetrics = shortMetrics
    }

    func view(named name: UnsafeBufferPointer<UInt8>) -> Unmanaged<View>? {
        if shortViews.isComplete, let key = ShortName(name) { return shortViews[key] }
        return views[String(decoding: name, as: UTF8.self)].map(Unmanaged.passUnretained)
    }

    func metric(named name: UnsafeBufferPointer<UInt8>) -> Double? {
        if metrics.isEmpty { return nil }
        if shortMetrics.isComplete, let key = ShortName(name) { return shortMetrics[key] }
        return metrics[String(decoding: name, as: UTF8.self)]
    }

    func suggestView(for name: String) -> String? {
        Suggestions.closest(to: name, among: views.keys.sorted())
    }

    func suggestMetric(for name: String) -> String? {
        Suggestions.closest(to: name, among: metrics.keys.sorted())
    }
}

/// An ASCII name of at most 16 bytes, packed into two words (zero bytes
/// after the name) with its length: two such names are equal exactly when
/// their bytes are, which for ASCII is when the strings are.
struct ShortName: Equatable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0
    private var count: Int

    /// `nil` for more than 16 bytes, or a byte outside ASCII.
    ///
    /// The bytes are read a word at a time, never outside `bytes`: for 8 to
    /// 16 bytes the first eight and the last eight (shifted down past the
    /// bytes the first word read), for 4 to 7 the first four and the last
    /// four, for fewer one by one. Packed in memory order, least significant
    /// first, as a byte loop would.
    @inline(__always)
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        let n = bytes.count
        guard n <= 16 else { return nil }
        count = n
        if n > 0, let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            @inline(__always) func word(_ at: Int) -> UInt64 { raw.littleEndianWord(at: at) }
            @inline(__always) func half(_ at: Int) -> UInt64 { raw.littleEndianHalf(at: at) }
            if n >= 8 {
                low = word(0)
                // Bytes 8 ..< n: the last word, its first 16 - n bytes (already in `low`) shifted out.
                if n > 8 { high = word(n &- 8) >> UInt64(8 &* (16 &- n)) }
            } else if n >= 4 {
                // Bytes 0 ..< 4, then 4 ..< n from the last four (their first 8 - n bytes shifted out).
                low = half(0) | (half(n &- 4) >> UInt64(8 &* (8 &- n))) << 32
            } else {
                for i in 0 ..< n { low |= UInt64(base[i]) << UInt64(8 &* i) }
            }
        }
        guard (low | high) & 0x8080_8080_8080_8080 == 0 else { return nil }
    }

    /// Bits of a hash of the name (for `SimpleFormatShapeCache`'s slots).
    var hashBits: Int {
        let mixed = (low &+ high &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(count)) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: mixed >> 40)
    }
}

/// The entries of a small dictionary keyed by `ShortName`s, searched in
/// order (a few entries: cheaper than hashing the name), in storage the
/// maker of the table provides and keeps (`DictionaryScope` keeps them on
/// its stack). The values are plain bits: nothing to release.
struct ShortNameTable<Value: BitwiseCopyable> {
    typealias Entry = (key: ShortName, value: Value)

    /// The most entries a table holds, and the storage it needs.
    static var capacity: Int { 16 }
    private let entries: UnsafePointer<Entry>?
    private let count: Int
    /// Whether the table stands for the whole dictionary: `false` when it
    /// has more than `capacity` entries or a key that is not ASCII (names
    /// must then be looked up in the dictionary). A long ASCII key is left
    /// out of a complete table: no short name can equal it.
    let isComplete: Bool

    /// The table of `dictionary`, its entries written to `storage` (at least
    /// `capacity` entries, uninitialized or holding plain values), each
    /// entry's value `value(_:)` of the dictionary's.
    init<Given>(_ dictionary: [String: Given], into storage: UnsafeMutableBufferPointer<Entry>,
                _ value: (Given) -> Value) {
        precondition(storage.count >= Self.capacity)
        entries = UnsafePointer(storage.baseAddress)
        var count = 0
        var complete = dictionary.count <= Self.capacity
        if complete {
            for (key, given) in dictionary {
                var text = key
                let short: ShortName?? = text.withUTF8 { bytes in
                    if let short = ShortName(bytes) { return .some(short) }
                    // Long but ASCII: never equal to a short name. Otherwise give up.
                    return bytes.allSatisfy { $0 < 0x80 } ? .some(nil) : nil
                }
                guard let short else {
                    complete = false
                    break
                }
                if let short {
                    storage.initializeElement(at: count, to: (short, value(given)))
                    count &+= 1
                }
            }
        }
        self.count = complete ? count : 0
        isComplete = complete
    }

    @inline(__always)
    subscript(key: ShortName) -> Value? {
        guard let entries else { return nil }
        for i in 0 ..< count where entries[i].key == key { return entries[i].value }
        return nil
    }
}
