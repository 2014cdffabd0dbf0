extension LayoutDocument {
    /// Parses, checks and applies every rule of the document, then adds the
    /// rows of the constraint values in effect to `builder`.
    ///
    /// Rules apply in document order; several rules of one view act as
    /// successive ``Layout/addRule(_:_:file:line:)`` calls (a later one
    /// overrides per the override policy described on ``Layout``). Each
    /// problem becomes a diagnostic located `rules[i] (view "id"):1:column`,
    /// with the rule's origin. Rows are added only when every rule applied;
    /// dependency cycles are reported then, naming the rules on each.
    ///
    /// - Returns: the evaluation order of the rule rows, or `nil` when a
    ///   problem was found (and added to `sink`).
    /// A rule whose text an earlier rule had replays that rule's
    /// ``RuleTemplate`` where the template is exact (`templates: false`
    /// evaluates every rule, for tests that compare the two; so does
    /// `mergingRepeats: false`, see ``RuleBook/mergesRepeatedTerms``).
    ///
    /// With `threads` allowing two and enough rules
    /// (``LoweringThreads/splitsRules(_:)``), the rules in document order
    /// are cut in chunks shared with a second thread (``SharedRules``),
    /// which applies a chunk into a book of its own and hands over what it
    /// stored (``RuleBook/Part``). A rule reads stored values of its own
    /// view only (`%` specifiers and percentages name other views' frame
    /// variables, never their rules), so a chunk whose views no earlier
    /// chunk had is applied the same wherever it starts: the chunks are
    /// taken in order, a helped one appended whole (``RuleBook/append(_:)``),
    /// any other (a view an earlier chunk had, a problem, not finished)
    /// applied here. The book, the diagnostics and the rows are one thread's.
    ///
    /// `threads` are also those the rows may be written on (see `RuleBook.lower(into:threads:viewID:)`).
    ///
    /// - Complexity: O(total rule length + views with rules + stored terms).
    func lowerRules(
        into builder: inout SystemBuilder, sink: inout DiagnosticSink, templates: Bool = true,
        mergingRepeats: Bool = true, threads: LoweringThreads = .one
    ) -> RuleSchedule? {
        guard ruleCount > 0 else { return RuleSchedule() }
        // Rule rows are described by the document's origin source.
        if builder.originSource == nil { builder.originSource = DocumentOrigins(self) }
        precondition(builder.originSource is DocumentOrigins, "a document's rules need its DocumentOrigins")
        // The second thread starts on the last chunks while this one sets up.
        let shared: SharedRules?
        if threads.splitsRules(ruleCount) {
            // Its core was another thread's, touching pages ahead.
            threads.pagesAhead?.stop()
            shared = SharedRules(self, threads, originSource: builder.originSource, templates: templates)
        } else {
            shared = nil
        }
        var book = RuleBook(viewCount: viewCount, rules: ruleCount, originSource: builder.originSource)
        book.mergesRepeatedTerms = mergingRepeats
        var parsed = RuleSyntaxCache()
        var bound: [BoundArgument] = []
        let lookup = RuleLookup(self, templates: templates)
        var failed = false
        if let shared {
            shared.sharing.finish { k, helped in
                // Its storage goes back before the next chunk.
                let part = helped ? shared.parts[k] : nil
                shared.parts[k] = nil
                if let part {
                    if book.append(part) { return }
                }
                for i in shared.rules(k) where !applyRule(i, to: &book, parsed: &parsed, bound: &bound, lookup: lookup, sink: &sink) { failed = true }
            }
        } else {
            for i in 0 ..< ruleCount where !applyRule(i, to: &book, parsed: &parsed, bound: &bound, lookup: lookup, sink: &sink) { failed = true }
        }
        guard !failed else { return nil }
        switch builder.addRules(book, threads: threads, viewID: { viewID(at: $0.int) }) {
        case .success(let schedule):
            return schedule
        case .failure(let error):
            for diagnostic in error.diagnostics { sink.append(diagnostic) }
            return nil
        }
    }

    /// What applying a document's rules one after another looks up from
    /// rule to rule besides the parsed texts: the names found last, and
    /// how many suggestions are left. (A class: the rules' closures take
    /// the parse cache and the arguments' buffer inout, and this beside them.)
    final class RuleLookup {
        /// Rules come in the order of their views, and name nearby views.
        let recent: RecentNames
        /// Whether repeated texts replay their templates.
        let templates: Bool
        /// Suggestions scan every id, so only the first few unknown ids get one.
        private var suggestionsLeft = 20

        init(_ document: LayoutDocument, templates: Bool) {
            recent = RecentNames(document.names, pool: document.ids, firstEntry: 1)
            self.templates = templates
        }

        /// The id closest to the unknown `id` among `document`'s, while suggestions are left.
        func suggestion(for id: String, in document: LayoutDocument) -> String? {
            guard suggestionsLeft > 0 else { return nil }
            suggestionsLeft -= 1
            return Suggestions.closest(to: id, among: document.viewIDs)
        }
    }

    /// Parses, checks and applies rule `i` to `book`, and returns whether it
    /// had no problem. With `reporting`, each problem is added to `sink`;
    /// without (the second thread of ``SharedRules``, whose chunk is then
    /// applied again by the caller), the rule stops at its first problem
    /// and nothing is added.
    @inline(__always)
    func applyRule(
        _ i: Int, to book: inout RuleBook, parsed: inout RuleSyntaxCache, bound: inout [BoundArgument],
        lookup: RuleLookup, sink: inout DiagnosticSink, reporting: Bool = true
    ) -> Bool {
        // The strings are made only for a diagnostic (rows keep the rule's key).
        var viewID: String { ruleViews.string(i) }
        var origin: Origin { Origin(kind: .rule, index: i, text: ruleTexts.string(i)) }
        // The arguments by position in `ruleArguments` (an `ArraySlice` of
        // them was copied and destroyed through its type's metadata, twice a rule).
        let argumentStart = i == 0 ? 0 : Int(ruleArgumentEnds[i - 1])
        let argumentCount = Int(ruleArgumentEnds[i]) - argumentStart
        guard let view = ruleViews.withEntry(i, { viewIndex(of: $0, through: lookup.recent) }) else {
            guard reporting else { return false }
            sink.append(Diagnostic(location: "rules[\(i)]",
                                   problem: .unknownView(viewID, suggestion: lookup.suggestion(for: viewID, in: self)),
                                   origin: origin))
            return false
        }
        guard view != .root else {
            guard reporting else { return false }
            sink.append(Diagnostic(location: Self.location(ofRule: i, view: viewID),
                                   problem: .rule(.rulesOnRoot(view: viewID)), origin: origin))
            return false
        }
        let textLength = ruleTexts.range(i).count
        let (slot, problems) = ruleTexts.withEntry(i) { parsed.parse($0, rule: i, texts: ruleTexts) }
        var issues = problems
        let syntax = parsed.syntax(at: slot)
        if issues.isEmpty {
            issues = RuleArgumentCheck.problems(
                syntax, count: argumentCount, textLength: textLength,
                kind: { k in
                    if case .view = ruleArguments[argumentStart + k] { return .view }
                    return .number
                },
                describe: { k in
                    switch ruleArguments[argumentStart + k] {
                    case .view(let entry): "a view id '\(ruleArgumentViews.string(Int(entry)))'"
                    case .number(let value): "a number (\(NumberFormatting.shortest(value)))"
                    }
                })
        }
        if issues.isEmpty {
            bound.truncate(from: 0)
            for k in 0 ..< argumentCount {
                switch ruleArguments[argumentStart + k] {
                case .number(let value):
                    bound.append(.number(value))
                case .view(let entry):
                    if let other = ruleArgumentViews.withEntry(Int(entry), { viewIndex(of: $0, through: lookup.recent) }) {
                        bound.append(.view(other))
                    } else {
                        guard reporting else { return false }
                        let id = ruleArgumentViews.string(Int(entry))
                        issues.append(RuleIssue(.unknownArgumentView(id, suggestion: lookup.suggestion(for: id, in: self)),
                                                syntax.range(ofSpecifier: k)))
                    }
                }
            }
        }
        if issues.isEmpty {
            let superview = ViewIndex(rawValue: parents[view.int])
            let rowOrigin = RowOrigin.key(DocumentOrigins.ruleKey(i))
            switch lookup.templates ? parsed.templateStatus(at: slot) : .unusable {
            case .ready where RuleTemplate.canReplay(view: view, arguments: bound):
                parsed.withTemplate(at: slot) {
                    book.apply($0, to: view, superview: superview, arguments: bound, origin: rowOrigin)
                }
            case .pending:
                issues = parsed.withTemplate(at: slot) {
                    book.apply(syntax, to: view, superview: superview, arguments: bound, origin: rowOrigin,
                               recordingInto: &$0)
                }
            default:
                issues = book.apply(syntax, to: view, superview: superview, arguments: bound, origin: rowOrigin)
            }
        }
        guard !issues.isEmpty else { return true }
        guard reporting else { return false }
        let location = Self.location(ofRule: i, view: viewID)
        let text = ruleTexts.string(i)
        for issue in issues { sink.append(issue.diagnostic(in: text, location: location, origin: origin)) }
        return false
    }

    /// The rules' chunks shared with a second thread (``SecondThread/Sharing``),
    /// for ``lowerRules(into:sink:templates:mergingRepeats:threads:)``: it
    /// applies chunks from the last one into a book of its own, in the
    /// arrays of each chunk's part (made here, ``RuleBook/exchange(_:)``),
    /// with a parse cache and names of its own, and hands over each chunk it
    /// applied without a problem in ``parts``.
    final class SharedRules {
        let size: Int, count: Int
        /// Each chunk's part: empty, with room for it, until the second thread
        /// exchanges it for what the chunk's rules stored.
        let parts: ChunkResults<RuleBook.Part?>
        private(set) var sharing: SecondThread.Sharing!

        init(_ document: LayoutDocument, _ threads: LoweringThreads, originSource: (any OriginSource)?,
             templates: Bool) {
            size = max(threads.ruleApplyChunk, 1)
            count = document.ruleCount
            let chunkCount = (count + size - 1) / size
            // Made here, where the memory is the build's: the second thread allocates nothing.
            parts = ChunkResults(chunkCount, empty: nil)
            for k in 0 ..< chunkCount { parts[k] = RuleBook.Part(rules: size, originSource: originSource) }
            var book = RuleBook(viewCount: document.viewCount, originSource: originSource)
            var parsed = RuleSyntaxCache()
            var bound: [BoundArgument] = []
            bound.reserveCapacity(8)
            let lookup = RuleLookup(document, templates: templates)
            var sink = DiagnosticSink()
            // The second thread keeps the document (its bytes) and these while it runs.
            sharing = SecondThread.Sharing(chunkCount, waiting: threads.waitsForHelper) { [self] k in
                var part = parts[k]!
                parts[k] = nil
                book.exchange(&part)
                var applied = true
                for i in rules(k) where !document.applyRule(i, to: &book, parsed: &parsed, bound: &bound, lookup: lookup,
                                                            sink: &sink, reporting: false) {
                    applied = false
                    break
                }
                book.exchange(&part)
                if applied { parts[k] = part }
                return applied
            }
        }

        /// The rules of chunk `k`.
        func rules(_ k: Int) -> Range<Int> { k * size ..< min((k + 1) * size, count) }
    }

    /// Where the diagnostics of rule `index` point: `rules[4] (view "row2")`.
    static func location(ofRule index: Int, view: String) -> String { "rules[\(index)] (view \"\(view)\")" }

    /// The index of the view whose id is the bytes `id` (the root's
    /// included), found through `recent`, which fronts this document's ``names``.
    func viewIndex(of id: UnsafeBufferPointer<UInt8>, through recent: RecentNames) -> ViewIndex? {
        if rootID.utf8.count == id.count, rootID.utf8.elementsEqual(id) { return .root }
        return recent.index(of: id).map(ViewIndex.init)
    }
}
