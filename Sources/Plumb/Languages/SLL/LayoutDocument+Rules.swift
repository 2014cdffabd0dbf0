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
    /// `mergingRepeats: false`, see ``RuleBook/mergesRepeatedTerms``;
    /// `replayingShapes: false` writes every table's rows and dependency
    /// edges from its slots, see ``RuleBook/replaysRowShapes`` and
    /// ``RuleBook/replaysEdgeShapes``).
    ///
    /// - Complexity: O(total rule length + views with rules + stored terms).
    /// `threads` are those the rows may be written on (see `RuleBook.lower(into:threads:rowsThread:viewID:)`).
    func lowerRules(
        into builder: inout SystemBuilder, sink: inout DiagnosticSink, templates: Bool = true,
        mergingRepeats: Bool = true, replayingShapes: Bool = true, threads: LoweringThreads = .one
    ) -> RuleSchedule? {
        guard ruleCount > 0 else { return RuleSchedule() }
        // Rule rows are described by the document's origin source.
        if builder.originSource == nil { builder.originSource = DocumentOrigins(self) }
        precondition(builder.originSource is DocumentOrigins, "a document's rules need its DocumentOrigins")
        var book = RuleBook(viewCount: viewCount, rules: ruleCount, originSource: builder.originSource)
        book.mergesRepeatedTerms = mergingRepeats
        book.replaysRowShapes = replayingShapes
        book.replaysEdgeShapes = replayingShapes
        // Every rule's origin here is a key, and one an origin list keeps as
        // a key (below 2³¹; the lowering replays a table's row shape only
        // then): a noted replay's slots can wait (and are written before
        // the lowering reads them, as it does without shapes).
        book.defersFreshSlots = templates && DocumentOrigins.ruleKey(ruleCount) < 1 << 31
        var parsed = RuleSyntaxCache()
        var bound: [BoundArgument] = []
        var failed = false
        // Suggestions scan every id, so only the first few unknown ids get one.
        var suggestionsLeft = 20
        // Rules come in the order of their views, and name nearby views.
        let recent = RecentNames(names, pool: ids, firstEntry: 1)
        // The root's id length, read once (a `String`'s count is a call's
        // worth of checks, and every id looked up is compared with it).
        let rootLength = rootID.utf8.count
        // The rules' views and texts by index (this document, borrowed for
        // the call, keeps its pools alive and unchanged): read through
        // `withEntry`, each was a call to a closure of its own a rule.
        let viewEntries = ruleViews.unsafeEntries, textEntries = ruleTexts.unsafeEntries
        func suggest(_ id: String) -> String? {
            guard suggestionsLeft > 0 else { return nil }
            suggestionsLeft -= 1
            return Suggestions.closest(to: id, among: viewIDs)
        }

        // A large document's look-ups are made ahead on a second thread:
        // a chunk it finished is applied with them (`lookups` and
        // `argumentLookups` are its slots then, else `nil`).
        // Its thread may be the parse's kept one, and it waits, once done,
        // to write the rows (`rowsThread`).
        let ahead = threads.looksUpRulesAhead(ruleCount) ? RuleLookupsAhead.start(self, threads: threads) : nil
        defer { ahead?.rowsThread.release() }
        var lookups: UnsafeMutablePointer<RuleLookupsAhead.Rule>?, argumentLookups: UnsafeMutablePointer<Int32>?
        var nextChunk = 0
        // The first rule of the next chunk (none without look-ups made ahead).
        var chunkStart = ahead == nil ? Int.max : 0

        for i in 0 ..< ruleCount {
            if i == chunkStart, let ahead {
                let helped = ahead.sharing.take(nextChunk)
                lookups = helped ? ahead.rules : nil
                argumentLookups = helped ? ahead.arguments : nil
                nextChunk += 1
                chunkStart += ahead.size
            }
            // The strings are made only for a diagnostic (rows keep the rule's key).
            var viewID: String { ruleViews.string(i) }
            var origin: Origin { Origin(kind: .rule, index: i, text: ruleTexts.string(i)) }
            // The arguments by position in `ruleArguments` (an `ArraySlice` of
            // them was copied and destroyed through its type's metadata, twice a rule).
            let argumentStart = i == 0 ? 0 : Int(ruleArgumentEnds[i - 1])
            let argumentCount = Int(ruleArgumentEnds[i]) - argumentStart
            let found = if let lookups {
                lookups[i].view < 0 ? nil : ViewIndex(rawValue: lookups[i].view)
            } else {
                viewIndex(of: viewEntries[i], through: recent, rootLength: rootLength, likelyNext: true)
            }
            guard let view = found else {
                sink.append(Diagnostic(location: "rules[\(i)]", problem: .unknownView(viewID, suggestion: suggest(viewID)),
                                       origin: origin))
                failed = true
                continue
            }
            guard view != .root else {
                sink.append(Diagnostic(location: Self.location(ofRule: i, view: viewID),
                                       problem: .rule(.rulesOnRoot(view: viewID)), origin: origin))
                failed = true
                continue
            }
            // With the look-ups made ahead, a text the second thread found
            // repeated is found in the cache without reading it.
            let slot: Int, problems: [RuleIssue]?
            if let lookups {
                let rule = lookups[i]
                if let repeated = parsed.slot(repeating: i, tag: rule.tag, same: rule.same) {
                    (slot, problems) = (repeated, nil)
                } else {
                    (slot, problems) = parsed.parse(textEntries[i], tag: rule.tag, rule: i, texts: ruleTexts,
                                                    notingRepeat: true)
                }
            } else {
                let text = textEntries[i]
                (slot, problems) = parsed.parse(text, tag: NameTable.tag(of: text), rule: i, texts: ruleTexts)
            }
            // A text with a ready template (only view specifiers, parsed
            // without problems) and a rule giving it one known view for
            // each, none the rule's own: the checks below can find nothing,
            // so the rule is replayed here without the syntax (whose copy
            // retained and released its arrays) or the argument check.
            // Any other rule, or one that fails here, takes the full path.
            if templates, problems?.isEmpty ?? true, parsed.readyTemplateArguments(at: slot) == argumentCount,
               argumentLookups.map({ bindReplayArguments(argumentStart, argumentCount, of: view, into: &bound, found: $0) })
                ?? bindReplayArguments(argumentStart, argumentCount, of: view, into: &bound, through: recent,
                                       rootLength: rootLength) {
                let superview = ViewIndex(rawValue: parents[view.int])
                let rowOrigin = RowOrigin.key(DocumentOrigins.ruleKey(i))
                parsed.withTemplate(at: slot) {
                    book.apply($0, to: view, superview: superview, arguments: bound, origin: rowOrigin)
                }
                continue
            }
            var issues = problems ?? []
            let syntax = parsed.syntax(at: slot)
            if issues.isEmpty {
                issues = RuleArgumentCheck.problems(
                    syntax, count: argumentCount, textLength: ruleTexts.range(i).count,
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
                        if let other = ruleArgumentViews.withEntry(Int(entry), {
                            viewIndex(of: $0, through: recent, rootLength: rootLength)
                        }) {
                            bound.append(.view(other))
                        } else {
                            let id = ruleArgumentViews.string(Int(entry))
                            issues.append(RuleIssue(.unknownArgumentView(id, suggestion: suggest(id)),
                                                    syntax.range(ofSpecifier: k)))
                        }
                    }
                }
            }
            if issues.isEmpty {
                let superview = ViewIndex(rawValue: parents[view.int])
                let rowOrigin = RowOrigin.key(DocumentOrigins.ruleKey(i))
                // A ready template was replayed above if it could be (here its
                // arguments passed the checks, so one is the rule's own view).
                switch templates ? parsed.templateStatus(at: slot) : .unusable {
                case .pending:
                    issues = parsed.withTemplate(at: slot) {
                        book.apply(syntax, to: view, superview: superview, arguments: bound, origin: rowOrigin,
                                   recordingInto: &$0)
                    }
                default:
                    issues = book.apply(syntax, to: view, superview: superview, arguments: bound, origin: rowOrigin)
                }
            }
            if !issues.isEmpty {
                failed = true
                let location = Self.location(ofRule: i, view: viewID)
                let text = ruleTexts.string(i)
                for issue in issues { sink.append(issue.diagnostic(in: text, location: location, origin: origin)) }
            }
        }
        guard !failed else { return nil }
        switch builder.addRules(&book, threads: threads, rowsThread: ahead?.rowsThread, viewID: { viewID(at: $0.int) }) {
        case .success(let schedule):
            return schedule
        case .failure(let error):
            for diagnostic in error.diagnostics { sink.append(diagnostic) }
            return nil
        }
    }

    /// Binds `count` arguments from `start` in ``ruleArguments`` as a
    /// template replays them: each a view id that is known and not `view`
    /// (a rule naming its own view is evaluated). Returns false at the
    /// first that is not (`bound` then holds the ones before it).
    @inline(__always)
    func bindReplayArguments(
        _ start: Int, _ count: Int, of view: ViewIndex, into bound: inout [BoundArgument], through recent: RecentNames,
        rootLength: Int
    ) -> Bool {
        bound.truncate(from: 0)
        for k in start ..< start + count {
            guard case .view(let entry) = ruleArguments[k],
                  let other = ruleArgumentViews.withEntry(Int(entry), {
                      viewIndex(of: $0, through: recent, rootLength: rootLength)
                  }),
                  other != view else { return false }
            bound.append(.view(other))
        }
        return true
    }

    /// ``bindReplayArguments(_:_:of:into:through:rootLength:)`` with the
    /// arguments' views read in `found`, at their positions
    /// (``RuleLookupsAhead/arguments``), instead of looked up.
    @inline(__always)
    func bindReplayArguments(
        _ start: Int, _ count: Int, of view: ViewIndex, into bound: inout [BoundArgument],
        found: UnsafeMutablePointer<Int32>
    ) -> Bool {
        bound.truncate(from: 0)
        for k in start ..< start + count {
            guard case .view = ruleArguments[k], found[k] >= 0, found[k] != view.rawValue else { return false }
            bound.append(.view(ViewIndex(rawValue: found[k])))
        }
        return true
    }

    /// Whether ``lower(namingViews:threads:)`` with `threads` makes the
    /// rules' look-ups on a second thread (from `LoweringThreads.ruleThreshold`
    /// rules on two threads) that can be the parse's read-ahead thread, kept
    /// for it (``LoweringThreads/parkedThread``): not when that thread
    /// compiles the constraint strings.
    public func looksUpRulesOnAKeptThread(_ threads: LoweringThreads) -> Bool {
        threads.looksUpRulesAhead(ruleCount) && !compilesConstraintsOnTwoThreads(threads)
    }

    /// Where the diagnostics of rule `index` point: `rules[4] (view "row2")`.
    static func location(ofRule index: Int, view: String) -> String { "rules[\(index)] (view \"\(view)\")" }

    /// The index of the view whose id is the bytes `id` (the root's,
    /// whose id is `rootLength` bytes, included), found through `recent`,
    /// which fronts this document's ``names``.
    /// With `likelyNext` (a rule's own view, most often the view listed
    /// after the last rule's), the names' next entry is compared first
    /// (``RecentNames/index(ofLikelyNext:)``); the answer is the same.
    /// Inlined into its callers (a call a view looked up).
    @inline(__always)
    func viewIndex(
        of id: UnsafeBufferPointer<UInt8>, through recent: RecentNames, rootLength: Int, likelyNext: Bool = false
    ) -> ViewIndex? {
        if id.count == rootLength, rootID.utf8.elementsEqual(id) { return .root }
        return (likelyNext ? recent.index(ofLikelyNext: id) : recent.index(of: id)).map(ViewIndex.init)
    }
}
