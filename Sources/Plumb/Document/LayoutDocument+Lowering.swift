extension LayoutDocument {
    /// Lowers the document to a `ConstraintSystem`: the root's four required
    /// rows, hugging and compression resistance rows for every intrinsic
    /// dimension, one row per constraint string (parsed here), and the rows
    /// of the rules in effect (see ``Layout`` for their meaning); `leading`
    /// and `trailing` are resolved for ``layoutDirection``.
    ///
    /// - Throws: ``LayoutError`` with every problem in every constraint string
    ///   (located `constraints[i]:1:column`, with the string's origin) and
    ///   every rule (located `rules[i] (view "id"):1:column`), and rule
    ///   dependency cycles naming their rules.
    /// - Complexity: O(views + total length of the constraints).
    public func lower() throws(LayoutError) -> LoweredLayout {
        try lower(namingViews: true)
    }

    /// As ``lower()``, compiling a large document's constraint strings on
    /// up to `threads` threads (chunks of them shared with a second thread,
    /// added in order). The result and any error are the same as
    /// ``lower()``'s: a chunk with a problem is compiled again on the
    /// caller's thread, in its turn, as one thread does.
    public func lower(threads: LoweringThreads) throws(LayoutError) -> LoweredLayout {
        try lower(namingViews: true, threads: threads)
    }

    /// As ``lower(threads:)``; with `namingViews` false the result's
    /// ``LoweredLayout/viewIDs`` is left empty (ten thousand `String`s not
    /// made) and the result keeps the document's ids as it read them, for
    /// ``LoweredLayout/framesJSON(_:threads:)``.
    public func lower(namingViews: Bool, threads: LoweringThreads = .one) throws(LayoutError) -> LoweredLayout {
        var sink = DiagnosticSink()
        // The pages before the first constraint string (the views', parsed)
        // go at once, not after the first chunk: the intrinsic rows, made
        // first, touch the system's pages while they would still be resident.
        if let pages = threads.pagesReadPast, constraintCount > 0 {
            constraintTexts.withTexts { all in pages.readPast(all[0].baseAddress) }
        }
        // The second thread starts compiling the last chunks while this one sets up the system.
        let shared = threads.splitsConstraints(constraintCount) ? startSharingConstraints(threads) : nil

        var intrinsicRows = 0
        // A view whose sizing was never set has no intrinsic size (and its
        // default is not made: its priorities are read from PlumbSolver).
        for i in 0 ..< viewCount where sizing.isSet(i) {
            if !sizing[i].width.isNaN { intrinsicRows += 2 }
            if !sizing[i].height.isNaN { intrinsicRows += 2 }
        }
        // A typical rule makes four rows (two per direction).
        var builder = SystemBuilder(viewCount: viewCount, rows: constraintCount + intrinsicRows + 4 * ruleCount)
        builder.fixRoot(width: rootWidth, height: rootHeight, rootID: rootID, fitHeight: rootHeightFits)
        builder.direction = layoutDirection
        // Constraint strings and intrinsic sizes are described by the document
        // when asked (8 bytes per row instead of an Origin and a string).
        builder.originSource = DocumentOrigins(self)
        var lengthRows: [LoweredLayout.IntrinsicRows] = []
        lengthRows.reserveCapacity(intrinsicRows / 2)

        // Views with text: measured, height for width (ContentSizer). Their
        // rows come first so that constraints naming their baselines know them.
        for i in texts.keys.sorted() {
            let s = sizing[Int(i)]
            builder.addMeasuredView(
                ViewIndex(rawValue: i), id: viewID(at: Int(i)), location: "\(source): views[\(i - 1)].text",
                text: texts[i], hasIntrinsicWidth: true,
                hugging: (s.hugging.0, s.hugging.1), resistance: (s.resistance.0, s.resistance.1))
        }
        for i in 0 ..< viewCount where sizing.isSet(i) {
            for axis in LayoutAxis.allCases {
                let s = sizing[i]
                let length = axis == .horizontal ? s.width : s.height
                guard !length.isNaN else { continue }
                let h = s.hugging, r = s.resistance
                let row = builder.addIntrinsicSize(
                    ViewIndex(i), axis: axis, length: length,
                    hugging: axis == .horizontal ? h.0 : h.1, resistance: axis == .horizontal ? r.0 : r.1,
                    origins: (.key(DocumentOrigins.intrinsicKey(view: i, axis: axis, resistance: false)),
                              .key(DocumentOrigins.intrinsicKey(view: i, axis: axis, resistance: true))))
                lengthRows.append(.init(view: Int32(i), axis: axis, huggingRow: row))
            }
        }

        let scope = DocumentScope(document: self)
        var problems: [(LayoutProblem, Range<Int>)] = []
        if let shared {
            addConstraints(sharing: shared, scope: scope, problems: &problems, into: &builder, sink: &sink,
                           pages: threads.pagesReadPast)
        } else {
            // In chunks, after each of which the pages before the next string may go.
            let pages = threads.pagesReadPast, chunk = pages == nil ? constraintCount : threads.constraintChunk
            constraintTexts.withTexts { all in
                withUnsafeTemporaryAllocation(of: ResolvedSimpleFormat<ViewIndex>.self, capacity: 1) { slot in
                    var start = 0
                    while start < constraintCount {
                        let end = Swift.min(start + chunk, constraintCount)
                        for i in start ..< end {
                            addConstraint(i, all, scope: scope, problems: &problems, into: &builder, sink: &sink,
                                          slot: slot.baseAddress!)
                        }
                        if let pages, end < constraintCount { pages.readPast(all[end].baseAddress) }
                        start = end
                    }
                }
            }
        }
        // Simple Layout Language rules (LayoutDocument+Rules), in dependency order.
        _ = lowerRules(into: &builder, sink: &sink, threads: threads)
        try sink.throwIfAny()
        var lowered = LoweredLayout(system: builder.system, viewIDs: namingViews ? viewIDs : [], parents: parents)
        if !namingViews { lowered.names = viewNames }
        lowered.intrinsicRows = lengthRows
        lowered.content = builder.content
        lowered.fitsHeight = rootHeightFits
        return lowered
    }

    /// Whether ``lower(namingViews:threads:)`` with `threads` compiles the
    /// constraint strings on a second thread, started as the build begins
    /// (from `LoweringThreads.constraintThreshold` strings on two threads).
    public func compilesConstraintsOnTwoThreads(_ threads: LoweringThreads) -> Bool {
        threads.splitsConstraints(constraintCount)
    }

    /// Compiles constraint string `i` (`all[i]`, `all` the bytes of
    /// ``constraintTexts``) into `slot` and adds its row to `builder`, or
    /// its problems to `sink`.
    @inline(__always)
    private func addConstraint(
        _ i: Int, _ all: ConstraintTexts.Texts, scope: DocumentScope,
        problems: inout [(LayoutProblem, Range<Int>)], into builder: inout SystemBuilder, sink: inout DiagnosticSink,
        slot: UnsafeMutablePointer<ResolvedSimpleFormat<ViewIndex>>
    ) {
        let text = all[i]
        // Most strings: the row from their template's plan, the two names looked up.
        if builder.writesTermsAsWritten, let row = scope.plannedRow(text, nameRun: all.nameRun(i)) {
            withUnsafeTemporaryAllocation(of: (VariableIndex, Double).self, capacity: 4) { scratch in
                _ = builder.addRow(trusted: row.match.plan.count, term: row.term, constant: row.match.plan.constant,
                                   relation: row.match.plan.relation, priority: row.match.plan.priority,
                                   key: DocumentOrigins.constraintKey(i), scratch: scratch.baseAddress!)
            }
            return
        }
        guard SimpleFormatSema.compile(text, in: scope, problems: &problems, into: slot, nameRun: all.nameRun(i)) else {
            let origin = Origin(kind: .constraint, index: i, text: String(decoding: text, as: UTF8.self))
            let locator = SourceLocator(text)
            for (problem, range) in problems {
                sink.append(locator.diagnostic(problem, at: range, in: text, location: "constraints[\(i)]", origin: origin))
            }
            problems.removeAll(keepingCapacity: true)
            if sink.isFull { scope.suggestionsLeft.value = 0 }
            return
        }
        Self.add(slot.pointee, i, into: &builder)
    }

    /// Adds the row of constraint string `i`, compiled as `c`.
    @inline(__always)
    private static func add(_ c: ResolvedSimpleFormat<ViewIndex>, _ i: Int, into builder: inout SystemBuilder) {
        builder.addConstraint(
            c.first, c.firstAttribute, c.relation, multiplier: c.multiplier,
            c.second, c.secondAttribute, constant: c.constant, priority: c.priority,
            origin: .key(DocumentOrigins.constraintKey(i)))
    }

    /// The constraint strings' chunks shared with a second thread
    /// (``SecondThread/Sharing``), started by ``startSharingConstraints(_:)``:
    /// it compiles chunks from the last one, with a scope of its own, and
    /// writes each chunk's rows into a block of their own in `blocks`,
    /// which the first thread appends whole; or, for a document whose rows
    /// depend on the build (a measured view's baseline, right to left),
    /// it leaves the compiled strings in `helped` (allocated by the first
    /// thread) for the first thread to add.
    struct SharedConstraints {
        let size: Int
        let sharing: SecondThread.Sharing
        /// Room for every string compiled (or, with `blocks`, for one: the second thread's scratch).
        let helped: SharedSlots<ResolvedSimpleFormat<ViewIndex>>
        let blocks: ChunkResults<RowBatch?>?
    }

    /// Starts the second thread of ``addConstraints(sharing:scope:problems:into:sink:)``.
    private func startSharingConstraints(_ threads: LoweringThreads) -> SharedConstraints {
        // Its core was another thread's, touching pages ahead.
        threads.pagesAhead?.stop()
        let size = threads.constraintChunk, count = constraintCount
        let chunks = (count + size - 1) / size
        // Rows the second thread can write as the first would: no measured
        // view (whose baselines add to the content plan) and left to right
        // (``SystemBuilder/writeTerms(_:_:multiplier:_:_:to:)``).
        let rowsInBlocks = texts.isEmpty && layoutDirection == .leftToRight
        let blocks = rowsInBlocks ? ChunkResults<RowBatch?>(chunks, empty: nil) : nil
        let helped = SharedSlots<ResolvedSimpleFormat<ViewIndex>>(rowsInBlocks ? 1 : count)
        let helperScope = DocumentScope(document: self), document = self, pages = threads.pagesReadPast
        // The second thread's rows go here first, then into a block of their size (terms vary).
        var scratch = rowsInBlocks ? RowBatch(block: size, terms: 4 * size) : nil
        let sharing = SecondThread.Sharing(chunks, waiting: threads.waitsForHelper, on: threads.parkedThread) { k in
            // The second thread keeps the document (and so its bytes) while it runs.
            let range = k * size ..< min((k + 1) * size, count)
            return document.constraintTexts.withTexts { all in
                let compiled: Bool
                if let blocks {
                    scratch!.removeAll()
                    compiled = document.rowsWithoutProblems(all, range, in: helperScope, slot: helped.base,
                                                            into: &scratch!)
                    // (As small as the rows: at 100,000 views, the blocks made ahead of the first thread
                    // were 4-5 MB more than the compiled strings' slots with room for four terms a row.)
                    if compiled { blocks[k] = scratch!.compacted() }
                } else {
                    compiled = document.compileWithoutProblems(all, range, in: helperScope, into: helped.base)
                }
                // The pages of the strings it has passed go too (read again,
                // should the first thread compile a failed chunk, as mapped again).
                pages?.readDownTo(all[range.lowerBound].baseAddress)
                return compiled
            }
        }
        return SharedConstraints(size: size, sharing: sharing, helped: helped, blocks: blocks)
    }

    /// ``addConstraint(_:_:scope:problems:into:sink:)`` for every constraint
    /// string, in the chunks of `shared`: each chunk is added in order, from
    /// the second thread's result when it compiled every string of it, or
    /// else compiled here (with the diagnostics and suggestions one thread
    /// makes, in its order). The rows and problems are the same.
    private func addConstraints(
        sharing shared: SharedConstraints, scope: DocumentScope, problems: inout [(LayoutProblem, Range<Int>)],
        into builder: inout SystemBuilder, sink: inout DiagnosticSink, pages: PagesReadPast?
    ) {
        let size = shared.size, count = constraintCount, helped = shared.helped
        // The caller's own chunks are compiled into a slot of its own.
        let own = UnsafeMutablePointer<ResolvedSimpleFormat<ViewIndex>>.allocate(capacity: 1)
        defer { own.deallocate() }
        constraintTexts.withTexts { all in
            shared.sharing.finish { k, isHelped in
                let range = k * size ..< min((k + 1) * size, count)
                if isHelped, let blocks = shared.blocks {
                    // Taken out, so that its storage goes once appended.
                    var block = blocks[k]!
                    blocks[k] = nil
                    _ = builder.appendBlock(&block)
                } else if isHelped {
                    for i in range { Self.add(helped.base[i], i, into: &builder) }
                } else {
                    // Not into `helped`: the second thread may still be writing this chunk's slots.
                    for i in range {
                        addConstraint(i, all, scope: scope, problems: &problems, into: &builder, sink: &sink, slot: own)
                    }
                }
                // The chunks before the next are added (compiled by either thread).
                if let pages, range.upperBound < count { pages.readPast(all[range.upperBound].baseAddress) }
            }
        }
    }

    /// Compiles the constraint strings `range` of `all` (the strings of
    /// ``constraintTexts``) in `scope`, each into `slot`, and writes their
    /// rows into `block` (empty, with room for the range's rows and four
    /// terms a row), as ``add(_:_:into:)`` adds them to a builder with no
    /// measured view, left to right; false as soon as one has a problem or
    /// makes a row the block does not take (a row that repeats a variable,
    /// say): the caller then does the strings itself. Not inlined: inside
    /// the second thread's closure the template's row
    /// (``DocumentScope/plannedRow(_:nameRun:)``) was called out of line,
    /// its result passed through memory.
    @inline(never)
    private func rowsWithoutProblems(
        _ all: ConstraintTexts.Texts, _ range: Range<Int>, in scope: DocumentScope,
        slot: UnsafeMutablePointer<ResolvedSimpleFormat<ViewIndex>>, into block: inout RowBatch
    ) -> Bool {
        var problems: [(LayoutProblem, Range<Int>)] = []
        // The builder's variables are four a view.
        let variables = 4 * viewCount, room = block.room
        return withUnsafeTemporaryAllocation(of: (VariableIndex, Double).self, capacity: 4) { scratch in
            let terms = scratch.baseAddress!
            for i in range {
                let text = all[i], key = DocumentOrigins.constraintKey(i)
                if let row = scope.plannedRow(text, nameRun: all.nameRun(i)) {
                    let plan = row.match.plan
                    guard block.add(trusted: plan.count, term: row.term, constant: plan.constant,
                                    relation: plan.relation, priority: plan.priority, key: key, room: room)
                    else { return false }
                    continue
                }
                guard SimpleFormatSema.compile(text, in: scope, problems: &problems, into: slot, nameRun: all.nameRun(i))
                else { return false }
                let c = slot.pointee
                let n = SystemBuilder.writeTerms(c.first, c.firstAttribute, multiplier: c.multiplier,
                                                 c.second, c.secondAttribute, to: terms)
                guard block.add(UnsafeBufferPointer(start: terms, count: n), constant: -c.constant,
                                relation: c.relation, priority: c.priority, key: key,
                                variableCount: variables, room: room)
                else { return false }
            }
            return true
        }
    }

    /// Compiles the constraint strings `range` of `all` (the strings of
    /// ``constraintTexts``) in `scope`, string `i` into `slots[i]`; false as
    /// soon as one has a problem (whose diagnostics the caller makes by
    /// compiling them again). Allocates nothing unless a string has a problem.
    private func compileWithoutProblems(
        _ all: ConstraintTexts.Texts, _ range: Range<Int>, in scope: DocumentScope,
        into slots: UnsafeMutablePointer<ResolvedSimpleFormat<ViewIndex>>
    ) -> Bool {
        var problems: [(LayoutProblem, Range<Int>)] = []
        for i in range {
            let text = all[i]
            guard SimpleFormatSema.compile(text, in: scope, problems: &problems, into: slots + i, nameRun: all.nameRun(i))
            else { return false }
        }
        return true
    }
}

/// Names in a document's constraint strings: view ids, found by bytes. Documents have no metrics.
struct DocumentScope: SimpleFormatScope {
    let document: LayoutDocument
    private let rootID: [UInt8]
    /// `rootID.count`, kept: the array's count was a call for every name.
    private let rootCount: Int
    /// Whether the root's id is one name as the Simple Format Language reads one.
    private let rootIsName: Bool
    /// Suggestions scan every id, so only the first few unknown names get one.
    let suggestionsLeft = Counter(20)
    /// Constraints name the same few views one after another.
    private let names: RecentNames
    /// And repeat a few shapes with other views (templates for a document
    /// of 256 strings or more: `list` breaks even at about 150, below
    /// which making them costs more than they save).
    let shapeTemplates: SimpleFormatTemplates?
    private let templateOwner: SimpleFormatTemplates.Owner?

    final class Counter {
        var value: Int
        init(_ value: Int) { self.value = value }
    }

    init(document: LayoutDocument) {
        self.document = document
        rootID = Array(document.rootID.utf8)
        rootCount = rootID.count
        rootIsName = rootID.withUnsafeBufferPointer { ByteScanner.isName($0) }
        names = RecentNames(document.names, pool: document.ids, firstEntry: 1)
        templateOwner = document.constraintCount >= 256 ? SimpleFormatTemplates.Owner() : nil
        shapeTemplates = templateOwner?.templates
    }

    @inline(__always)
    func view(named name: UnsafeBufferPointer<UInt8>) -> ViewIndex? {
        if name.count == rootCount, rootID.withUnsafeBufferPointer({ memcmpEqual($0, name) }) { return .root }
        return names.index(of: name).map(ViewIndex.init)
    }

    /// ``view(named:)`` for one name as the Simple Format Language reads
    /// one; the test made once for each name kept among the recent ones
    /// (``RecentNames/index(ofName:)``).
    @inline(__always)
    func view(namedName name: UnsafeBufferPointer<UInt8>) -> ViewIndex? {
        if name.count == rootCount, rootID.withUnsafeBufferPointer({ memcmpEqual($0, name) }) {
            return rootIsName ? .root : nil
        }
        return names.index(ofName: name).map(ViewIndex.init)
    }

    /// The row of `text` (a constraint string whose reader found `nameRun`,
    /// ``SimpleFormatTemplates/shape(of:nameRun:)``) from the plan of the
    /// template it matches (``SimpleFormatTemplates/RowPlan``), its names
    /// looked up as ``SimpleFormatFastPath`` binds a template's shape; the
    /// row that string's constraint makes when lowered left to right with
    /// no measured view. `nil` when no template with a plan matches, a name
    /// is not a view (or the second not one name), or both names are one
    /// view whose terms would repeat a variable: then the string goes the
    /// way of ``SimpleFormatSema/compile(_:in:problems:into:nameRun:)``
    /// and its constraint's row, its problems are what they were.
    /// Counted among the templates' hits when it gives a row.
    @inline(__always)
    func plannedRow(_ text: UnsafeBufferPointer<UInt8>, nameRun: Int) -> PlannedRow? {
        guard let templates = shapeTemplates, let match = templates.planned(text, nameRun: nameRun),
              let first = view(named: UnsafeBufferPointer(rebasing: text[0 ..< match.firstEnd]))
        else { return nil }
        var second = first
        if match.secondStart >= 0 {
            guard let found = view(namedName: UnsafeBufferPointer(rebasing: text[match.secondStart ..< match.secondEnd])),
                  found != first || !match.plan.repeatsOnOneView
            else { return nil }
            second = found
        }
        templates.countHit()
        return PlannedRow(match: match, first: first.rawValue &* 4, second: second.rawValue &* 4)
    }

    func metric(named name: UnsafeBufferPointer<UInt8>) -> Double? { nil }

    func suggestView(for name: String) -> String? {
        guard suggestionsLeft.value > 0 else { return nil }
        suggestionsLeft.value -= 1
        return Suggestions.closest(to: name, among: document.viewIDs)
    }

    func suggestMetric(for name: String) -> String? { nil }
}

/// A constraint string's row from its template's plan, its views found
/// (``DocumentScope/plannedRow(_:nameRun:)``).
struct PlannedRow {
    let match: SimpleFormatTemplates.PlannedMatch
    /// The first variable of the first view and of the second (the first's again when the string names one).
    let first: Int32, second: Int32

    /// Term `i` of the row: a variable's index and its coefficient.
    @inline(__always)
    func term(_ i: Int) -> (Int32, Double) {
        let t = match.terms[i]
        return ((first & ~t.second | second & t.second) &+ t.offset, t.coefficient)
    }
}
