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
        let scope = DictionaryScope(views: views, metrics: metrics)
        let made = compile(simpleFormat, index: nil, scope: scope, file: file, line: line, sink: &sink)
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
        let scope = DictionaryScope(views: views, metrics: metrics)
        var made = [Constraint]()
        made.reserveCapacity(simpleFormats.count)
        for (i, format) in simpleFormats.enumerated() {
            if let c = compile(format, index: i, scope: scope, file: file, line: line, sink: &sink) {
                made.append(c)
            }
        }
        try sink.throwIfAny()
        return made
    }

    /// The constraint `format` makes, or `nil` with its problems in `sink`,
    /// located at `constraints[index]` (or `constraint` without an index).
    private static func compile(
        _ format: String, index: Int?, scope: DictionaryScope,
        file: String, line: Int, sink: inout DiagnosticSink
    ) -> Constraint? {
        // The bytes in place (no copy of the string to make it contiguous, as
        // `withUTF8` on a `var` takes); a string without contiguous UTF-8
        // is made contiguous first.
        if let made = format.utf8.withContiguousStorageIfAvailable({ bytes in
            compile(bytes, format: format, index: index, scope: scope, file: file, line: line, sink: &sink)
        }) {
            return made
        }
        var text = format
        return text.withUTF8 { bytes in
            compile(bytes, format: format, index: index, scope: scope, file: file, line: line, sink: &sink)
        }
    }

    /// `compile(_:index:scope:file:line:sink:)` on the UTF-8 bytes of `format`.
    /// The origin is made in the branch that uses it, straight into the
    /// constraint or the diagnostics (made once and copied into the
    /// constraint, it cost a copy and a destruction of its five fields per
    /// constraint).
    @inline(__always)
    private static func compile(
        _ bytes: UnsafeBufferPointer<UInt8>, format: String, index: Int?, scope: DictionaryScope,
        file: String, line: Int, sink: inout DiagnosticSink
    ) -> Constraint? {
        var problems: [(LayoutProblem, Range<Int>)] = []
        guard let resolved = SimpleFormatSema.compile(bytes, in: scope, problems: &problems) else {
            let origin = Origin(kind: .constraint, index: index, text: format, file: file, line: line)
            let locator = SourceLocator(bytes)
            let location = index.map { "constraints[\($0)]" } ?? "constraint"
            for (problem, range) in problems {
                sink.append(locator.diagnostic(problem, at: range, in: bytes, location: location, origin: origin))
            }
            return nil
        }
        return Constraint(
            resolved: resolved, origin: .stored(Origin(kind: .constraint, index: index, text: format, file: file, line: line)))
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
struct DictionaryScope: SimpleFormatScope {
    let views: [String: View]
    let metrics: [String: Double]
    private let shortViews: ShortNameTable<View>?
    private let shortMetrics: ShortNameTable<Double>?

    init(views: [String: View], metrics: [String: Double]) {
        self.views = views
        self.metrics = metrics
        shortViews = ShortNameTable(views)
        shortMetrics = metrics.isEmpty ? nil : ShortNameTable(metrics)
    }

    func view(named name: UnsafeBufferPointer<UInt8>) -> View? {
        if let shortViews, let key = ShortName(name) { return shortViews[key] }
        return views[String(decoding: name, as: UTF8.self)]
    }

    func metric(named name: UnsafeBufferPointer<UInt8>) -> Double? {
        if metrics.isEmpty { return nil }
        if let shortMetrics, let key = ShortName(name) { return shortMetrics[key] }
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
            @inline(__always) func word(_ at: Int) -> UInt64 {
                UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self))
            }
            @inline(__always) func half(_ at: Int) -> UInt64 {
                UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt32.self)))
            }
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
}

/// The entries of a small dictionary keyed by `ShortName`s, searched in
/// order (a few entries: cheaper than hashing the name).
struct ShortNameTable<Value> {
    /// One array (not keys and values apart): the scope holding the table is
    /// copied for every string, and each array is a retain and a release.
    private var entries: [(key: ShortName, value: Value)] = []

    /// `nil` when `dictionary` has more than 16 entries or a key that is not
    /// ASCII; a long ASCII key is left out (no short name can equal it).
    init?(_ dictionary: [String: Value]) {
        guard dictionary.count <= 16 else { return nil }
        entries.reserveCapacity(dictionary.count)
        for (key, value) in dictionary {
            var text = key
            let short: ShortName?? = text.withUTF8 { bytes in
                if let short = ShortName(bytes) { return .some(short) }
                // Long but ASCII: never equal to a short name. Otherwise give up.
                return bytes.allSatisfy { $0 < 0x80 } ? .some(nil) : nil
            }
            guard let short else { return nil }
            if let short { entries.append((short, value)) }
        }
    }

    subscript(key: ShortName) -> Value? {
        for entry in entries where entry.key == key { return entry.value }
        return nil
    }
}
