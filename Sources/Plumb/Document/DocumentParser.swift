/// Walks a layout document's JSON against its schema, filling a
/// ``LayoutDocument`` and collecting every structural problem.
///
/// Schema (`?` marks optional keys):
///
/// ```
/// document -> { id?: string, root: root, views?: [view], constraints?: [string], rules?: [rule],
///               layoutDirection?: "ltr" | "rtl" }
/// root     -> { id?: string, width: number, height: number | "fit" }
/// view     -> { id: string, parent?: string, intrinsicSize?: [number|null, number|null],
///               hugging?: [number, number], compressionResistance?: [number, number],
///               text?: string | text }
/// text     -> { string: string, font?: string, size?: number, lines?: integer, lineHeight?: number }
/// rule     -> { view: string, rule: string, args?: [string|number] }
/// ```
///
/// A value of the wrong type is reported and skipped, so later problems are
/// still found; a JSON syntax error ends the walk. A view's parent is resolved
/// as the view is read when it can be (the root, or a view listed before it,
/// once the root's id is known); the others after the whole document is
/// read, because JSON objects are unordered and `root` (with its id) may
/// come after `views`.
struct DocumentParser {
    private var reader: JSONReader
    private var document: LayoutDocument
    /// Problems with the byte range they are about.
    private var problems: [(LayoutProblem, Range<Int>)] = []
    /// The parents left for ``resolveParents()``: the view, its parent's
    /// name (an entry of ``parentNames``) and where the name was written.
    private var pendingParents: [(view: Int32, name: Int32, offset: Int32)] = []
    private var parentNames = BytePool()
    /// The root's id once `root` has been read (see ``earlierView(named:before:)``).
    private var knownRootID: [UInt8]?
    /// The two parents ``earlierView(named:before:)`` found last (the most
    /// recent first) and the view read last by the plain path with its id
    /// new, each with its name's bytes in the input: siblings are listed
    /// together, and a view's children often right after it.
    private var recentParents = (KnownName(), KnownName())
    private var previousView = KnownName()
    /// Each view's parent and where its id (or the view, when it has none)
    /// was written, the root's first; the parents become the document's
    /// once the views are read. Freed by ``run()``.
    private var viewParents = Int32Column(capacity: 256)
    private var viewOffsets = Int32Column(capacity: 256)

    /// The constraint strings (or the rules) read ahead on a second thread, if any.
    private let readAhead: ConstraintReadAhead?

    /// The document's bytes, which the document keeps: its constraint
    /// strings are read in place there (``ConstraintTexts``).
    private let owner: LayoutDocument.Bytes

    /// - Parameters:
    ///   - bytes: the document's bytes, kept by the document (its ids are
    ///     copied into its pools; its constraint strings are read in place).
    ///   - readAhead: a reader of the constraints (or rules) of the same bytes.
    init(_ bytes: LayoutDocument.Bytes, source: String, readAhead: ConstraintReadAhead? = nil) {
        precondition(readAhead.map { $0.bytes === bytes } ?? true, "a read-ahead of other bytes")
        self.readAhead = readAhead
        owner = bytes
        reader = JSONReader(bytes.buffer)
        document = LayoutDocument(source: source)
        appendView(parent: -1, offset: 0)  // the root
        document.names = NameTable(capacity: bytes.buffer.count / Self.bytesPerViewEstimate)
    }

    /// About how many bytes of a document go with each view (its object and
    /// its share of the constraints or rules): 106 to 198 in the benchmark
    /// families. The name table is sized from it up front, as the number of
    /// views is known only once they are all read; growing it by doubling
    /// was a third of the cost of each insertion (at 192 the rules
    /// families' tables still grew once). A document with fewer views only
    /// has a larger table (8 bytes a slot: at most a quarter of the
    /// document's size).
    private static let bytesPerViewEstimate = 128

    /// Adds a copy of the string just read by `reader` to `pool`.
    ///
    /// Static on purpose: a non-mutating method called with `&document.ids`
    /// would run on a copy of the parser, and that copy's reference to the
    /// pool's arrays made every append copy them (quadratic parsing).
    private static func add(_ string: JSONReader.StringRange, of reader: JSONReader, to pool: inout BytePool) -> Int {
        reader.withString(string) { pool.append($0) }
    }

    /// Reads the string at `reader` into `pool`: one of plain ASCII (nearly
    /// every id and constraint) copied as it is scanned, any other checked
    /// and decoded first. Static for the reason ``add(_:of:to:)`` is.
    @inline(__always)
    private static func readString(_ reader: inout JSONReader, into pool: inout BytePool) throws(JSONSyntaxError) -> Int {
        if let entry = reader.readASCIIString(into: &pool) { return entry }
        return add(try reader.readStringRange(), of: reader, to: &pool)
    }

    /// Parses the whole document. Call it once: it frees the parser's columns.
    mutating func run() -> Result<LayoutDocument, LayoutError> {
        defer {
            viewParents.free()
            viewOffsets.free()
            readAhead?.stop()
        }
        do throws(JSONSyntaxError) {
            try parseDocument()
            if reader.peek() != nil {
                throw reader.fail("unexpected content after the document")
            }
        } catch {
            problems.append((.invalidJSON(error.message), error.offset ..< error.offset + 1))
            return .failure(makeError())
        }
        resolveParents()
        return problems.isEmpty ? .success(document) : .failure(makeError())
    }

    // MARK: - Objects

    private mutating func parseDocument() throws(JSONSyntaxError) {
        let start = reader.valueOffset()
        guard try expectKind(.object, path: "document") else { return }
        try reader.openObject(depth: 0)
        var seen = KeySet()
        var first = true
        while let key = try reader.nextKey(&first) {
            let index = reader.withKey(key) { Self.match($0, Self.documentKeys) }
            guard seen.insert(index) else {
                try duplicate(key, path: "document")
                continue
            }
            switch index {
            case 0:
                if let id = try readString(path: "id") { document.id = id }
            case 1:
                try parseRoot()
                knownRootID = Array(document.rootID.utf8)
            case 2:
                guard try expectKind(.array, path: "views") else { continue }
                try reader.openArray(depth: 1)
                reserveViews(forBytes: reader.text.count - reader.position)
                var firstView = true
                var i = 0
                while try reader.nextElement(&firstView) {
                    if !parsePlainView(i) { try parseView(i) }
                    i += 1
                }
                document.parents = Array(viewParents.buffer)
            case 3:
                guard try expectKind(.array, path: "constraints") else { continue }
                if let handover = readAhead?.takeOver(at: reader.position) {
                    try parseConstraints(resuming: handover)
                } else {
                    try reader.openArray(depth: 1)
                    try parseConstraints()
                }
            case 4:
                guard try expectKind(.array, path: "rules") else { continue }
                try parseRules()
            case 5:
                let at = reader.valueOffset()
                guard let text = try readString(path: "layoutDirection") else { continue }
                if let direction = LayoutDirection(rawValue: text) {
                    document.layoutDirection = direction
                } else {
                    problems.append((.invalidChoice(path: "layoutDirection", value: text,
                                                    choices: LayoutDirection.allCases.map(\.rawValue)),
                                     at ..< reader.position))
                }
            default:
                try unknown(key, path: "document", keys: Self.documentKeys)
            }
        }
        if !seen.contains(1) { problems.append((.missingKey(path: "document", key: "root"), start ..< start + 1)) }
    }

    /// Reads the document's rules (the reader is at their array): from
    /// where ``RuleReadAhead`` stopped, when its rules are taken over. Not
    /// inlined: in ``parseDocument()`` it made the views' and constraints'
    /// loops longer (about one instruction a constraint string).
    @inline(never)
    private mutating func parseRules() throws(JSONSyntaxError) {
        var firstRule = true, ended = false
        var i = 0
        // The document's rule columns are empty until here (the key is read once).
        if let handover = readAhead?.rules?.takeOver(at: reader.position) {
            adoptRules(handover.columns)
            reader.resume(at: handover.position)
            (firstRule, i, ended) = (false, handover.columns.count, handover.ended)
        } else {
            try reader.openArray(depth: 1)
            // The rules' columns are grown once, from what is left of the document.
            JSONReader.PlainRule.reserve(
                forBytes: reader.text.count - reader.position, views: &document.ruleViews,
                texts: &document.ruleTexts, arguments: &document.ruleArguments,
                argumentEnds: &document.ruleArgumentEnds, argumentViews: &document.ruleArgumentViews)
        }
        while !ended {
            // Plain rules (most) go into a writer with the document's rule
            // columns, until the first other rule, which the document's
            // columns then take member by member.
            let plainEnded: Bool
            (plainEnded, i) = try parsePlainRules(from: i, first: &firstRule)
            if plainEnded { break }
            try parseRule(i)
            i += 1
        }
    }

    /// Reads plain rules (``parsePlainRule(into:)``), rule `i` the first,
    /// into the document's rule columns, until the array's end (returned
    /// `true`) or a rule of another form (`false`; the reader is at it);
    /// returns that and the next rule's index.
    @inline(__always)
    private mutating func parsePlainRules(from i: Int, first: inout Bool) throws(JSONSyntaxError) -> (Bool, Int) {
        var writer = PlainRuleColumns.Writer(
            views: &document.ruleViews, texts: &document.ruleTexts, arguments: &document.ruleArguments,
            argumentEnds: &document.ruleArgumentEnds, argumentViews: &document.ruleArgumentViews)
        var i = i, ended = true
        do throws(JSONSyntaxError) {
            while try reader.nextElement(&first) {
                guard parsePlainRule(into: &writer) else {
                    ended = false
                    break
                }
                i += 1
            }
        } catch {
            finish(writer)
            throw error
        }
        finish(writer)
        return (ended, i)
    }

    /// Puts the rule columns of `writer` back into the document.
    private mutating func finish(_ writer: consuming PlainRuleColumns.Writer) {
        writer.finish(views: &document.ruleViews, texts: &document.ruleTexts, arguments: &document.ruleArguments,
                      argumentEnds: &document.ruleArgumentEnds, argumentViews: &document.ruleArgumentViews)
    }

    private mutating func parseRoot() throws(JSONSyntaxError) {
        let start = reader.valueOffset()
        guard try expectKind(.object, path: "root") else { return }
        try reader.openObject(depth: 1)
        var seen = KeySet()
        var first = true
        while let key = try reader.nextKey(&first) {
            let index = reader.withKey(key) { Self.match($0, Self.rootKeys) }
            guard seen.insert(index) else {
                try duplicate(key, path: "root")
                continue
            }
            switch index {
            case 0:
                let at = reader.valueOffset()
                if let id = try readString(path: "root.id") {
                    if id.isEmpty { problems.append((.emptyID(path: "root.id"), at ..< at + 2)) }
                    document.rootID = id
                }
            case 1: document.rootWidth = try readSize(path: "root.width") ?? 0
            case 2:
                if try reader.peekKind() == .string {
                    let at = reader.valueOffset()
                    let text = try reader.readString()
                    if text == "fit" {
                        document.rootHeightFits = true
                    } else {
                        problems.append((.wrongType(path: "root.height", expected: "a number or \"fit\"",
                                                    found: "the string \"\(text)\""), at ..< reader.position))
                    }
                } else {
                    document.rootHeight = try readSize(path: "root.height") ?? 0
                }
            default: try unknown(key, path: "root", keys: Self.rootKeys)
            }
        }
        if !seen.contains(1) { problems.append((.missingKey(path: "root", key: "width"), start ..< start + 1)) }
        if !seen.contains(2) { problems.append((.missingKey(path: "root", key: "height"), start ..< start + 1)) }
    }

    private mutating func parseView(_ i: Int) throws(JSONSyntaxError) {
        let start = reader.valueOffset()
        // Every view keeps its index even when invalid: its parent (the root
        // unless found) and where it was written are appended once, on each
        // way out but a syntax error (the sizing table needs nothing for a
        // view with defaults). (Appended in a `defer`, they were a call.)
        let index = viewParents.count
        var parent: Int32 = 0
        var idOffset = start

        guard try expectKind(.object, path: "views[\(i)]") else {
            document.ids.appendEmpty()
            appendView(parent: 0, offset: start)
            return
        }
        try reader.openObject(depth: 2)
        var seen = KeySet()
        var idEntry: Int?
        var first = true
        // Most views start `"id":"…","parent":"…"` with no white space: those
        // two members are read here without looking their keys up (the keys
        // are exactly these bytes), and the loop below reads the rest.
        if leadingMember(#""id":"#, 0, seen: &seen, first: &first) {
            idOffset = reader.position
            idEntry = try readID()
            if leadingMember(#","parent":"#, 1, seen: &seen, first: &first) {
                parent = try readParent(of: index, at: reader.position)
            }
        }
        while let key = try reader.nextKey(&first) {
            let field = reader.withKey(key) { Self.viewField($0) }
            guard seen.insert(field) else {
                try duplicate(key, path: "views[\(i)]")
                continue
            }
            switch field {
            case 0:
                idOffset = reader.valueOffset()
                guard try expectKind(.string, path: "views[\(i)].id") else { continue }
                idEntry = try readID()
            case 1:
                let at = reader.valueOffset()
                guard try expectKind(.string, path: "views[\(i)].parent") else { continue }
                parent = try readParent(of: index, at: at)
            case 2:
                if let (w, h) = try readIntrinsicSize(path: "views[\(i)].intrinsicSize") {
                    document.sizing[index].width = w
                    document.sizing[index].height = h
                }
            case 3:
                if let pair = try readPriorities(path: "views[\(i)].hugging") { document.sizing[index].hugging = pair }
            case 4:
                if let pair = try readPriorities(path: "views[\(i)].compressionResistance") {
                    document.sizing[index].resistance = pair
                }
            case 5:
                if let text = try readText(path: "views[\(i)].text") { document.texts[Int32(index)] = text }
            default:
                try unknown(key, path: "views[\(i)]", keys: Self.viewKeys)
            }
        }
        if seen.contains(2), seen.contains(5) {
            problems.append((.textWithIntrinsicSize(path: "views[\(i)]"), start ..< start + 1))
        }
        guard let entry = idEntry else {
            // Keep ids aligned with views: an invalid or missing id is an empty entry.
            document.ids.appendEmpty()
            appendView(parent: parent, offset: start)
            if !seen.contains(0) { problems.append((.missingKey(path: "views[\(i)]", key: "id"), start ..< start + 1)) }
            return
        }
        appendView(parent: parent, offset: idOffset)
        recordID(entry, at: idOffset, view: i)
    }

    /// Records view `i`'s id, entry `entry` of the ids, written at `offset`,
    /// in the name table; reports it if it is empty or taken.
    @inline(__always)
    private mutating func recordID(_ entry: Int, at offset: Int, view i: Int) {
        let length = document.ids.range(entry).count
        if length == 0 {
            problems.append((.emptyID(path: "views[\(i)].id"), offset ..< offset + 2))
        } else if let previous = document.names.insert(entry, of: document.ids) {
            reportDuplicate(entry, of: previous, at: offset, length: length)
        }
    }

    /// Reads a view written exactly `{"id":"ID","parent":"NAME"}` (most
    /// views of most documents), both strings plain ASCII: the object is
    /// matched by ``JSONReader/lexPlainView()`` with no key lookup, no key
    /// set and no call to open it; returns `false`, with nothing read, for
    /// any other view. What it records is what ``parseView(_:)`` records.
    ///
    /// The id (never empty here) goes into the name table from its bytes
    /// in the input, just scanned, with its tag computed from them: the
    /// table reads the pool only to compare a name of the same tag (it read
    /// the entry back to hash it, and its three calls were about 165
    /// instructions a view).
    @inline(__always)
    private mutating func parsePlainView(_ i: Int) -> Bool {
        guard let view = reader.lexPlainView() else { return false }
        let index = viewParents.count
        let name = UnsafeBufferPointer(rebasing: reader.text[view.id])
        let entry = document.ids.append(name)
        let parent = resolveParent(of: index, named: .input(view.parent), at: view.parent.lowerBound - 1)
        appendView(parent: parent, offset: view.id.lowerBound - 1)
        if let previous = document.names.insert(entry, named: name, tag: NameTable.tag(of: name), in: document.ids) {
            reportDuplicate(entry, of: previous, at: view.id.lowerBound - 1, length: name.count)
        } else {
            previousView = KnownName(view: index, name: name)
        }
        return true
    }

    /// Reports that view id `entry`, written at `offset` (`length` bytes
    /// between its quotes), is taken by the view of entry `previous`.
    private mutating func reportDuplicate(_ entry: Int, of previous: Int, at offset: Int, length: Int) {
        problems.append((.duplicateViewID(document.ids.string(entry), previous: "views[\(previous - 1)]"),
                         offset ..< offset + length + 2))
    }

    /// A view and its name's bytes in the input (which outlives the
    /// parser's walk); no view, and no name, to begin with.
    struct KnownName {
        var view = 0
        var name = UnsafeBufferPointer<UInt8>(start: nil, count: 0)

        /// Whether `other` (not empty) is this name.
        @inline(__always)
        func matches(_ other: UnsafeBufferPointer<UInt8>) -> Bool {
            other.count == name.count && memcmpEqual(other, name)
        }
    }

    /// Makes room for the views of an array with `left` bytes still to
    /// read, a view a ``bytesPerViewEstimate`` bytes (an id about a
    /// fifteenth of them), rather than doubling the ids' pool and the
    /// parents' and offsets' columns from a few entries (each doubling a
    /// copy: about 0.35 M instructions at 10,000 views). The estimate is
    /// kept close, as the rules' are (``JSONReader/PlainRule/reserve(forBytes:views:texts:arguments:argumentEnds:argumentViews:)``):
    /// with a view every 96 bytes, `table` at 100,000 views peaked 2 MB
    /// higher. Past the room the columns double as before (once for the
    /// rules families, whose views take 106 to 120 bytes).
    private mutating func reserveViews(forBytes left: Int) {
        let views = left / Self.bytesPerViewEstimate + 16
        document.ids.reserveCapacity(bytes: left / 16, entries: views)
        viewParents.reserveCapacity(views)
        viewOffsets.reserveCapacity(views)
    }

    @inline(__always)
    private mutating func appendView(parent: Int32, offset: Int) {
        viewParents.append(parent)
        viewOffsets.append(Int32(truncatingIfNeeded: offset))
    }

    /// Whether the object being read goes on with member `key` (its bytes
    /// and colon, as most documents write them, `"id":` or `,"parent":`)
    /// with a string value; the reader is then at the value, and key number
    /// `index` is recorded as seen and the object's first member as read.
    @inline(__always)
    private mutating func leadingMember(_ key: StaticString, _ index: Int, seen: inout KeySet, first: inout Bool) -> Bool {
        guard reader.lexStringMember(key) else { return false }
        first = false
        _ = seen.insert(index)
        return true
    }

    /// Reads a view's id (the reader is at its string) into the pool of ids.
    private mutating func readID() throws(JSONSyntaxError) -> Int {
        try Self.readString(&reader, into: &document.ids)
    }

    /// Reads the parent of view `index` (the reader is at the name's string,
    /// written at offset `at`) and returns it when it is the root or a view
    /// listed earlier; otherwise leaves it to ``resolveParents()`` and
    /// returns 0 (the root, until then).
    private mutating func readParent(of index: Int, at: Int) throws(JSONSyntaxError) -> Int32 {
        resolveParent(of: index, named: try reader.readStringRange(), at: at)
    }

    /// ``readParent(of:at:)`` for the name just read, `range`.
    @inline(__always)
    private mutating func resolveParent(of index: Int, named range: JSONReader.StringRange, at: Int) -> Int32 {
        if case .input(let r) = range, let p = earlierView(named: UnsafeBufferPointer(rebasing: reader.text[r]), before: index) {
            return Int32(p)
        }
        pendingParents.append((Int32(index), Int32(Self.add(range, of: reader, to: &parentNames)),
                               Int32(truncatingIfNeeded: at)))
        return 0
    }

    /// Reads the constraint strings (the reader is in their array) in
    /// place (``ConstraintTexts``): each plain string its range of the
    /// input, found by a scan that copies nothing.
    ///
    /// With a `handover` (``ConstraintReadAhead/takeOver(at:)``) the
    /// ranges are its buffer, which holds those of the strings read so
    /// far, and the reading goes on where it stopped.
    private mutating func parseConstraints(resuming handover: ConstraintReadAhead.Handover? = nil) throws(JSONSyntaxError) {
        var bounds: Int32Column
        var decoded = BytePool()
        var first = true, i = 0
        if let h = handover {
            bounds = Int32Column(adopting: h.bounds, count: 3 * h.count, capacity: h.boundCapacity)
            reader.resume(at: h.position)
            (first, i) = (false, h.count)
        } else {
            // Room for a string every 16 bytes of what is left (pages not
            // written are not touched): growing by doubling copied them.
            bounds = Int32Column(capacity: 3 * ((reader.text.count - reader.position) / 16 + 256))
        }
        // The document's strings are empty until here (the key is read once);
        // the ranges are the document's from here, even if the reading throws.
        defer {
            document.constraintTexts = ConstraintTexts(in: owner, bounds: bounds.base, count: bounds.count / 3, decoded: decoded)
        }
        if handover?.ended == true { return }
        while try reader.nextElement(&first) {
            // Nearly every constraint is a plain ASCII string: found here, without a call.
            if let (start, end, run) = reader.readPlainConstraint() {
                bounds.appendTriple(Int32(truncatingIfNeeded: start), Int32(truncatingIfNeeded: end), Int32(truncatingIfNeeded: run))
            } else {
                try parseConstraint(i, bounds: &bounds, decoded: &decoded)
            }
            i += 1
        }
    }

    /// Reads constraint `i` in place into `bounds` (a string with escapes
    /// decoded into `decoded`), any string (an element of another type is
    /// reported and leaves an empty entry).
    private mutating func parseConstraint(_ i: Int, bounds: inout Int32Column, decoded: inout BytePool) throws(JSONSyntaxError) {
        guard try expectKind(.string, path: "constraints[\(i)]") else {
            bounds.appendTriple(0, 0, -1)
            return
        }
        switch try reader.readStringRange() {
        case .input(let r):
            bounds.appendTriple(Int32(truncatingIfNeeded: r.lowerBound), Int32(truncatingIfNeeded: r.upperBound), -1)
        case .decoded:
            let k = reader.withString(.decoded) { decoded.append($0) }
            bounds.appendTriple(Int32(truncatingIfNeeded: -1 - k), 0, -1)
        }
    }

    /// Reads a rule written exactly `{"view":"V","rule":"R"}` or
    /// `{"view":"V","rule":"R","args":["A"]}` (the rules of most documents),
    /// every string plain ASCII: matched by ``JSONReader/lexPlainRule()``
    /// with no key lookup, no key set and no call to open the object or its
    /// arguments; returns `false`, with nothing read, for any other rule.
    /// What it records is what ``parseRule(_:)`` records. (A rule cost
    /// about 970 instructions to read member by member in `list-rules`.)
    @inline(__always)
    private mutating func parsePlainRule(into writer: inout PlainRuleColumns.Writer) -> Bool {
        guard let rule = reader.lexPlainRule() else { return false }
        writer.append(rule, of: reader.text)
        return true
    }

    /// Makes `columns` (the rules ``RuleReadAhead`` read) the document's rules.
    private mutating func adoptRules(_ columns: consuming PlainRuleColumns) {
        document.ruleViews = columns.views
        document.ruleTexts = columns.texts
        document.ruleArguments = columns.arguments
        document.ruleArgumentEnds = columns.argumentEnds
        document.ruleArgumentViews = columns.argumentViews
    }

    private mutating func parseRule(_ i: Int) throws(JSONSyntaxError) {
        let start = reader.valueOffset()
        // Paths are only spelt out for a problem (interpolating one per rule showed in profiles).
        func path() -> String { "rules[\(i)]" }
        guard try expectKind(.object, path: path()) else { return }
        try reader.openObject(depth: 2)
        var seen = KeySet()
        // Each rule adds one entry to each pool: the string read, or an empty one.
        var viewAdded = false
        var textAdded = false
        var first = true
        // As for views: `"view":"…","rule":"…"` read without key lookups.
        if leadingMember(#""view":"#, 0, seen: &seen, first: &first) {
            _ = try Self.readString(&reader, into: &document.ruleViews)
            viewAdded = true
            if leadingMember(#","rule":"#, 1, seen: &seen, first: &first) {
                _ = try Self.readString(&reader, into: &document.ruleTexts)
                textAdded = true
            }
        }
        while let key = try reader.nextKey(&first) {
            let field = reader.withKey(key) { Self.ruleField($0) }
            guard seen.insert(field) else {
                try duplicate(key, path: path())
                continue
            }
            switch field {
            case 0:
                guard try expectKind(.string, path: path() + ".view") else { continue }
                _ = try Self.readString(&reader, into: &document.ruleViews)
                viewAdded = true
            case 1:
                guard try expectKind(.string, path: path() + ".rule") else { continue }
                _ = try Self.readString(&reader, into: &document.ruleTexts)
                textAdded = true
            case 2:
                guard try expectKind(.array, path: path() + ".args") else { continue }
                try parseRuleArguments(i)
            default:
                try unknown(key, path: path(), keys: Self.ruleKeys)
            }
        }
        // Two tests, not a loop over `[(0, "view"), (1, "rule")]`: that array
        // was made and destroyed for every rule (about 250 instructions).
        if !seen.contains(0) { problems.append((.missingKey(path: path(), key: "view"), start ..< start + 1)) }
        if !seen.contains(1) { problems.append((.missingKey(path: path(), key: "rule"), start ..< start + 1)) }
        if !viewAdded { _ = document.ruleViews.appendEmpty() }
        if !textAdded { _ = document.ruleTexts.appendEmpty() }
        document.ruleArgumentEnds.append(Int32(document.ruleArguments.count))
    }

    /// The elements of rule `i`'s `args` (the reader is at the array), in a
    /// function of their own: inlined into ``parseRule(_:)``, this loop made
    /// the rules without arguments slower too.
    @inline(never)
    private mutating func parseRuleArguments(_ i: Int) throws(JSONSyntaxError) {
        try reader.openArray(depth: 3)
        var first = true
        var j = 0
        while try reader.nextElement(&first) {
            let k = j
            func p() -> String { "rules[\(i)].args[\(k)]" }
            j += 1
            switch try reader.peekKind() {
            case .string:
                let entry = try Self.readString(&reader, into: &document.ruleArgumentViews)
                document.ruleArguments.append(.view(Int32(truncatingIfNeeded: entry)))
            case .number:
                if let v = try readNumber(path: p()) { document.ruleArguments.append(.number(v)) }
            case let kind:
                problems.append((.wrongType(path: p(), expected: "a view id or a number", found: kind.article),
                                 reader.position ..< reader.position + 1))
                try reader.skipValue(depth: 4)
            }
        }
    }

    // MARK: - Text

    /// A view's text: a string (in the default font), or an object with
    /// `string` and optional `font`, `size`, `lines` and `lineHeight`.
    /// Returns `nil` after reporting every problem.
    private mutating func readText(path: @autoclosure () -> String) throws(JSONSyntaxError) -> Text? {
        let start = reader.valueOffset()
        if try reader.peekKind() == .string { return Text(try reader.readString()) }
        guard try expectKind(.object, path: path(), expected: "a string or an object") else { return nil }
        try reader.openObject(depth: 3)
        var text = Text("")
        var valid = true
        var seen = KeySet()
        var first = true
        while let key = try reader.nextKey(&first) {
            let field = reader.withKey(key) { Self.match($0, Self.textKeys) }
            guard seen.insert(field) else {
                try duplicate(key, path: path())
                continue
            }
            let at = reader.valueOffset()
            switch field {
            case 0:
                if let string = try readString(path: path() + ".string") { text.string = string } else { valid = false }
            case 1:
                if let family = try readString(path: path() + ".font") {
                    if family.isEmpty {
                        problems.append((.emptyID(path: path() + ".font"), at ..< at + 2))
                        valid = false
                    }
                    text.font.family = family
                } else {
                    valid = false
                }
            case 2:
                guard let size = try readNumber(path: path() + ".size") else { valid = false; continue }
                guard size > 0 else {
                    problems.append((.valueOutOfRange(path: path() + ".size", requirement: "greater than 0", size),
                                     at ..< reader.position))
                    valid = false
                    continue
                }
                text.font.size = size
            case 3:
                guard let lines = try readNumber(path: path() + ".lines") else { valid = false; continue }
                guard lines >= 0, lines == lines.rounded(), lines < 1e9 else {
                    problems.append((.valueOutOfRange(path: path() + ".lines",
                                                      requirement: "a whole number, 0 (no limit) or more", lines),
                                     at ..< reader.position))
                    valid = false
                    continue
                }
                text.lines = Int(lines)
            case 4:
                guard let height = try readNumber(path: path() + ".lineHeight") else { valid = false; continue }
                guard height > 0 else {
                    problems.append((.valueOutOfRange(path: path() + ".lineHeight", requirement: "greater than 0", height),
                                     at ..< reader.position))
                    valid = false
                    continue
                }
                text.lineHeight = height
            default:
                try unknown(key, path: path(), keys: Self.textKeys)
            }
        }
        if !seen.contains(0) {
            problems.append((.missingKey(path: path(), key: "string"), start ..< start + 1))
            valid = false
        }
        return valid ? text : nil
    }

    // MARK: - Values

    /// Checks that the next value is of `kind`; otherwise reports it, skips it and returns `false`.
    ///
    /// An object, an array or a string is told by its first byte here,
    /// inlined where it is asked for (a call to `peekKind` for every view
    /// and constraint showed in profiles); the rest in ``checkKind(_:path:expected:)``.
    @inline(__always)
    private mutating func expectKind(
        _ kind: JSONValueKind, path: @autoclosure () -> String, expected: String? = nil
    ) throws(JSONSyntaxError) -> Bool {
        if let first = kind.firstByte, reader.peek() == first { return true }
        return try checkKind(kind, path: path(), expected: expected)
    }

    /// ``expectKind(_:path:expected:)`` for the values its first byte did not settle.
    private mutating func checkKind(
        _ kind: JSONValueKind, path: @autoclosure () -> String, expected: String?
    ) throws(JSONSyntaxError) -> Bool {
        let found = try reader.peekKind()
        if found == kind { return true }
        let at = reader.valueOffset()
        problems.append((.wrongType(path: path(), expected: expected ?? kind.article, found: found.article), at ..< at + 1))
        try reader.skipValue(depth: 1)
        return false
    }

    private mutating func readString(path: @autoclosure () -> String) throws(JSONSyntaxError) -> String? {
        guard try expectKind(.string, path: path()) else { return nil }
        return try reader.readString()
    }

    /// A finite number, or `nil` after reporting why not.
    private mutating func readNumber(path: @autoclosure () -> String) throws(JSONSyntaxError) -> Double? {
        guard try expectKind(.number, path: path()) else { return nil }
        let at = reader.valueOffset()
        let value = try reader.readNumber()
        guard value.isFinite else {
            problems.append((.nonFiniteValue(path: path()), at ..< reader.position))
            return nil
        }
        return value
    }

    /// A finite number that is not negative (the root's size).
    private mutating func readSize(path: String) throws(JSONSyntaxError) -> Double? {
        let at = reader.valueOffset()
        guard let value = try readNumber(path: path) else { return nil }
        guard value >= 0 else {
            problems.append((.negativeValue(path: path, value), at ..< reader.position))
            return nil
        }
        return value
    }

    /// `[w, h]`, each a finite number that is not negative, or `null` (NaN here).
    /// Returns `nil` (after reporting every problem) when anything is wrong.
    private mutating func readIntrinsicSize(path: @autoclosure () -> String) throws(JSONSyntaxError) -> (Double, Double)? {
        guard let pair = try readPair(path: path(), allowNull: true) else { return nil }
        var valid = pair.valid
        for j in 0 ..< 2 where pair.values[j] < 0 {
            problems.append((.negativeValue(path: "\(path())[\(j)]", pair.values[j]), pair.ranges[j]))
            valid = false
        }
        return valid ? (pair.values[0], pair.values[1]) : nil
    }

    /// `[horizontal, vertical]` priorities in `1 ... 1000`.
    private mutating func readPriorities(path: @autoclosure () -> String) throws(JSONSyntaxError) -> (Priority, Priority)? {
        guard let pair = try readPair(path: path(), allowNull: false) else { return nil }
        var priorities = Two<Priority>(first: .required, second: .required)
        var valid = 0
        for j in 0 ..< 2 where !pair.values[j].isNaN {
            if let p = Priority(rawValue: pair.values[j]) {
                priorities[j] = p
                valid += 1
            } else {
                problems.append((.invalidPriority(path: "\(path())[\(j)]", pair.values[j]), pair.ranges[j]))
            }
        }
        guard pair.valid, valid == 2 else { return nil }
        return (priorities[0], priorities[1])
    }

    /// Two values held inline, indexed 0 and 1 (pairs are read for many
    /// views: two small arrays for each showed in profiles).
    private struct Two<T> {
        var first: T
        var second: T

        subscript(j: Int) -> T {
            get { j == 0 ? first : second }
            set { if j == 0 { first = newValue } else { second = newValue } }
        }
    }

    /// The two numbers of a `[a, b]` array, each with its byte range.
    private struct Pair {
        /// NaN for `null` or an element that was not a finite number.
        var values = Two<Double>(first: .nan, second: .nan)
        var ranges = Two<Range<Int>>(first: 0 ..< 0, second: 0 ..< 0)
        /// `false` when an element was of the wrong type or not finite (already reported).
        var valid = true
    }

    /// `[a, b]` of finite numbers (or `null` when `allowNull`); `nil` after
    /// reporting a value that is not an array of two elements.
    private mutating func readPair(path: @autoclosure () -> String, allowNull: Bool) throws(JSONSyntaxError) -> Pair? {
        let start = reader.valueOffset()
        guard try expectKind(.array, path: path()) else { return nil }
        try reader.openArray(depth: 3)
        var pair = Pair()
        var count = 0
        var first = true
        while try reader.nextElement(&first) {
            let j = count
            count += 1
            let at = reader.valueOffset()
            let kind = try reader.peekKind()
            if allowNull && kind == .null {
                try reader.readNull()
                continue
            }
            guard kind == .number else {
                problems.append((.wrongType(path: "\(path())[\(j)]", expected: allowNull ? "a number or null" : "a number",
                                            found: kind.article), at ..< at + 1))
                try reader.skipValue(depth: 4)
                pair.valid = false
                continue
            }
            guard let v = try readNumber(path: "\(path())[\(j)]") else {
                pair.valid = false
                continue
            }
            if j < 2 {
                pair.values[j] = v
                pair.ranges[j] = at ..< reader.position
            }
        }
        guard count == 2 else {
            problems.append((.wrongArrayLength(path: path(), expected: 2, found: count), start ..< start + 1))
            return nil
        }
        return pair
    }

    // MARK: - Keys

    private static let documentKeys: [StaticString] = ["id", "root", "views", "constraints", "rules", "layoutDirection"]
    private static let rootKeys: [StaticString] = ["id", "width", "height"]
    static let viewKeys: [StaticString] = ["id", "parent", "intrinsicSize", "hugging", "compressionResistance", "text"]
    private static let textKeys: [StaticString] = ["string", "font", "size", "lines", "lineHeight"]
    static let ruleKeys: [StaticString] = ["view", "rule", "args"]

    /// `match(key, viewKeys)` for the keys read most (two or more a view),
    /// with no array: the view keys' lengths differ, so the length picks
    /// the only candidate. (The static array's initialisation check and
    /// the loop cost about 70 instructions a key.)
    static func viewField(_ key: UnsafeBufferPointer<UInt8>) -> Int {
        switch key.count {
        case 2: isKey(key, "id") ? 0 : -1
        case 6: isKey(key, "parent") ? 1 : -1
        case 13: isKey(key, "intrinsicSize") ? 2 : -1
        case 7: isKey(key, "hugging") ? 3 : -1
        case 21: isKey(key, "compressionResistance") ? 4 : -1
        case 4: isKey(key, "text") ? 5 : -1
        default: -1
        }
    }

    /// `match(key, ruleKeys)` with no array (every rule key has four bytes).
    static func ruleField(_ key: UnsafeBufferPointer<UInt8>) -> Int {
        isKey(key, "view") ? 0 : isKey(key, "rule") ? 1 : isKey(key, "args") ? 2 : -1
    }

    /// Whether `key` is `name`.
    @inline(__always)
    private static func isKey(_ key: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        key.count == name.utf8CodeUnitCount
            && memcmpEqual(UnsafeBufferPointer(start: name.utf8Start, count: key.count), key)
    }

    /// The index of `key` in `keys`, or -1.
    static func match(_ key: UnsafeBufferPointer<UInt8>, _ keys: [StaticString]) -> Int {
        for (i, k) in keys.enumerated() where k.utf8CodeUnitCount == key.count {
            if memcmpEqual(UnsafeBufferPointer(start: k.utf8Start, count: key.count), key) { return i }
        }
        return -1
    }

    /// The known keys of one object seen so far.
    private struct KeySet {
        private var bits: UInt32 = 0
        /// Records key number `i` (-1 for an unknown key, never recorded);
        /// `false` if it was already seen.
        mutating func insert(_ i: Int) -> Bool {
            guard i >= 0 else { return true }
            defer { bits |= 1 << i }
            return bits & (1 << i) == 0
        }
        func contains(_ i: Int) -> Bool { bits & (1 << i) != 0 }
    }

    private mutating func duplicate(_ key: JSONReader.Key, path: String) throws(JSONSyntaxError) {
        let name = reader.withKey(key) { String(decoding: $0, as: UTF8.self) }
        problems.append((.duplicateKey(path: path, key: name), key.offset ..< key.offset + name.utf8.count + 2))
        try reader.skipValue(depth: 1)
    }

    private mutating func unknown(_ key: JSONReader.Key, path: String, keys: [StaticString]) throws(JSONSyntaxError) {
        let name = reader.withKey(key) { String(decoding: $0, as: UTF8.self) }
        let suggestion = Suggestions.closest(to: name, among: keys.map { $0.description })
        problems.append((.unknownKey(path: path, key: name, suggestion: suggestion),
                         key.offset ..< key.offset + name.utf8.count + 2))
        try reader.skipValue(depth: 1)
    }

    /// The parent named `name` of view `index`, while the views are read:
    /// the root, or the first view of that id when it is listed before
    /// `index`; `nil` before the root's id is known, and for every other
    /// name (left to ``resolveParents()``, which finds these the same).
    ///
    /// The two parents found last and the view listed just before (when its
    /// id was new) are tried first, by their names' bytes in the input; each
    /// is the first view of its id, as the name table would find it. (They
    /// spare two table lookups in three in `list`, four in five in `cards`.)
    private mutating func earlierView(named name: UnsafeBufferPointer<UInt8>, before index: Int) -> Int? {
        guard let root = knownRootID else { return nil }
        if root.count == name.count, root.withUnsafeBufferPointer({ memcmpEqual($0, name) }) { return 0 }
        // No view has an empty id (and the known names start empty).
        guard !name.isEmpty else { return nil }
        if recentParents.0.matches(name) { return recentParents.0.view }
        let found: Int
        if recentParents.1.matches(name) {
            found = recentParents.1.view
        } else if previousView.matches(name) {
            found = previousView.view
        } else {
            guard let p = document.names.index(of: name, in: document.ids),
                  p < index else { return nil }
            found = p
        }
        recentParents = (KnownName(view: found, name: name), recentParents.0)
        return found
    }

    /// `Int32`s appended without `Array`'s checks (a view's parent and
    /// offset, a constraint's end): an `Array` append checked its buffer's
    /// uniqueness and capacity through two calls each time (about 25
    /// instructions an append), and a class's fields were checked for
    /// exclusive access at each append. Its owner frees it (``free()``) once.
    struct Int32Column {
        private(set) var base: UnsafeMutablePointer<Int32>
        private(set) var count = 0
        private var capacity: Int

        init(capacity: Int) {
            self.capacity = Swift.max(capacity, 16)
            base = .allocate(capacity: self.capacity)
        }

        /// A column of the `count` values at `base`, which has room for
        /// `capacity` (allocated by `UnsafeMutablePointer.allocate`: the
        /// column now owns it).
        init(adopting base: UnsafeMutablePointer<Int32>, count: Int, capacity: Int) {
            precondition(count <= capacity && capacity > 0, "column outside its buffer")
            self.base = base
            self.count = count
            self.capacity = capacity
        }

        func free() { base.deallocate() }

        @inline(__always)
        mutating func append(_ value: Int32) {
            if _slowPath(count == capacity) { grow() }
            base[count] = value
            count &+= 1
        }

        /// Appends `a`, `b` and `c`, in that order.
        @inline(__always)
        mutating func appendTriple(_ a: Int32, _ b: Int32, _ c: Int32) {
            if _slowPath(count &+ 3 > capacity) { grow() }
            base[count] = a
            base[count &+ 1] = b
            base[count &+ 2] = c
            count &+= 3
        }

        subscript(i: Int) -> Int32 {
            precondition(i >= 0 && i < count, "index out of range")
            return base[i]
        }

        var buffer: UnsafeBufferPointer<Int32> { UnsafeBufferPointer(start: base, count: count) }

        /// Makes room for `total` values in all, if there is less.
        mutating func reserveCapacity(_ total: Int) {
            guard total > capacity else { return }
            let new = UnsafeMutablePointer<Int32>.allocate(capacity: total)
            new.moveInitialize(from: base, count: count)
            base.deallocate()
            base = new
            capacity = total
        }

        private mutating func grow() { reserveCapacity(2 * capacity) }
    }

    // MARK: - After the walk

    /// Resolves the parents left by the walk now that all ids, the root's included, are known.
    private mutating func resolveParents() {
        let rootID = Array(document.rootID.utf8)
        rootID.withUnsafeBufferPointer { root in
            if let clash = document.names.index(of: root, in: document.ids) {
                let at = Int(viewOffsets[clash])
                problems.append((.duplicateViewID(document.rootID, previous: "root"), at ..< at + 1))
            }
            // Views are listed next to their siblings: parents repeat.
            let names = RecentNames(document.names, pool: document.ids, firstEntry: 1)
            for (view, entry, offset) in pendingParents {
                let i = Int(view)
                parentNames.withEntry(Int(entry)) { name in
                    if memcmpEqual(name, root) {
                        document.parents[i] = 0
                        return
                    }
                    let at = Int(offset)
                    let range = at ..< at + name.count + 2
                    if let p = names.index(of: name) {
                        if p < i {
                            document.parents[i] = Int32(p)
                        } else {
                            problems.append((.parentNotEarlier(view: document.ids.string(i), parent: String(decoding: name, as: UTF8.self)), range))
                        }
                    } else {
                        let written = String(decoding: name, as: UTF8.self)
                        let candidates = [document.rootID] + (1 ..< document.parents.count).map { document.ids.string($0) }
                        let suggestion = problems.count < Self.suggestionBudget
                            ? Suggestions.closest(to: written, among: candidates) : nil
                        problems.append((.unknownParent(view: document.ids.string(i), parent: written, suggestion: suggestion), range))
                    }
                }
            }
        }
        // Not called on an empty array: sorting one gave it storage of its
        // own, the first such array of the process, whose type the Swift
        // runtime looked up by its mangled name (about 170,000 instructions,
        // 50 µs of every document's parse).
        if problems.count > 1 { problems.sort { $0.1.lowerBound < $1.1.lowerBound } }
    }

    /// Suggestions scan every id; they are only made for the first few problems.
    static let suggestionBudget = 20

    private func makeError() -> LayoutError {
        var sink = DiagnosticSink()
        let source = document.source
        reader.text.withMemoryRebound(to: UInt8.self) { text in
            let locator = SourceLocator(text)
            for (problem, range) in problems {
                sink.append(locator.diagnostic(problem, at: range, in: text, location: source))
            }
        }
        return sink.error
    }
}
