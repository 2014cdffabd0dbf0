/// What applying a rule looks up before anything else, found for a large
/// document's rules on a second thread while the caller applies the rules
/// before them (`LayoutDocument.lowerRules` on two threads).
///
/// A rule's view, the tag of its text (the syntax cache's key,
/// ``NameTable/tag(of:)``) and its view arguments depend only on the
/// document's bytes and ids, not on the rules before it, so they are the
/// same whichever thread finds them. The rules are cut in chunks of
/// ``LoweringThreads/ruleLookupChunk``; the second thread goes from the
/// first chunk on, past any the caller took (``SecondThread/Sharing`` made
/// with `ahead`), with a ``RecentNames`` of its own, writing slots the
/// caller allocated. The caller, at each chunk's first rule, takes the
/// chunk: when the second thread finished it, the chunk's rules are applied
/// with its look-ups; otherwise the caller looks them up itself, as one
/// thread does. Everything else (the cache, the templates, the checks,
/// every diagnostic and its order) stays on the caller's thread.
///
/// It also finds, for each rule, the last rule before it whose text is
/// the same (`same`), by the tag and a compare of the bytes, through a
/// cache of its own slots (``SameTexts``): the caller's syntax cache then
/// knows a repeated text from two numbers, without reading either text
/// (``RuleSyntaxCache/slot(repeating:tag:same:)``).
///
/// The second thread makes about a third of the work of applying a rule
/// that replays a template (the look-ups are about 240 instructions of 790
/// in `list-rules`), so after its first chunk it runs ahead of the caller.
final class RuleLookupsAhead {
    /// A rule's look-ups: its view's index (`-1`: no view has its id), the
    /// last rule before it whose text is the same among those the second
    /// thread looked up (`-1`: none found), its text's tag.
    struct Rule {
        var view: Int32
        var same: Int32
        var tag: UInt64
    }

    /// The second thread's own text slots, as ``RuleSyntaxCache``'s: for
    /// each slot (the tag's low bits), the last rule whose text had a tag
    /// there (`-1`: none), and that tag. (Storage of their own: arrays in a
    /// class were checked for exclusive access and uniqueness at each use,
    /// which made the look-ups several times slower.)
    final class SameTexts: @unchecked Sendable {
        let rules: UnsafeMutablePointer<Int32>
        let tags: UnsafeMutablePointer<UInt64>

        init() {
            rules = .allocate(capacity: RuleSyntaxCache.slotCount)
            rules.initialize(repeating: -1, count: RuleSyntaxCache.slotCount)
            tags = .allocate(capacity: RuleSyntaxCache.slotCount)
            tags.initialize(repeating: 0, count: RuleSyntaxCache.slotCount)
        }

        deinit {
            rules.deallocate()
            tags.deallocate()
        }
    }

    /// The slots the second thread writes, allocated by the caller and
    /// kept by both (either may be the last to let them go). A class of
    /// its own, not `SharedSlots`: a generic class's type is made at run
    /// time on its first use, on the caller's thread, which cost it 30-50
    /// µs of cold runtime code and page faults (BENCHMARKS.md, "rules39").
    final class Slots: @unchecked Sendable {
        let rules: UnsafeMutablePointer<Rule>
        let arguments: UnsafeMutablePointer<Int32>

        init(rules: Int, arguments: Int) {
            self.rules = .allocate(capacity: max(rules, 1))
            self.arguments = .allocate(capacity: max(arguments, 1))
        }

        deinit {
            rules.deallocate()
            arguments.deallocate()
        }
    }

    /// Rules a chunk.
    let size: Int
    let sharing: SecondThread.Sharing
    private let slots: Slots
    /// Rule `i`'s look-ups, in slot `i` (written by the second thread;
    /// read once its chunk is published).
    var rules: UnsafeMutablePointer<Rule> { slots.rules }
    /// The index of the view named by argument `k` (by position in
    /// ``LayoutDocument/ruleArguments``, `-1` when no view has that id; not
    /// written for a number).
    var arguments: UnsafeMutablePointer<Int32> { slots.arguments }

    /// Where the second thread waits once its look-ups are done (up to
    /// ``LoweringThreads/ruleRowsWaitLimit`` rules), to write the rules'
    /// rows next (`RuleBook.lower(into:threads:rowsThread:viewID:)` hands
    /// them to it), so that the rows need no thread of their own; released
    /// by the caller when the rows are written on one thread (or not at all).
    let rowsThread: ParkedThread

    private init(size: Int, sharing: SecondThread.Sharing, slots: Slots, rowsThread: ParkedThread) {
        self.size = size
        self.sharing = sharing
        self.slots = slots
        self.rowsThread = rowsThread
    }

    /// Starts the second thread on `document`'s rules, in chunks of
    /// `threads.ruleLookupChunk` (with `threads.waitsForHelper`, the caller
    /// waits for each chunk's look-ups: tests): `threads.parkedThread`
    /// (the parse's, `plumb solve`) when it takes the work and was not
    /// handed the constraint strings' already, else a new one.
    static func start(_ document: LayoutDocument, threads: LoweringThreads) -> RuleLookupsAhead {
        // Its core was another thread's, touching pages ahead.
        threads.pagesAhead?.stop()
        let size = max(threads.ruleLookupChunk, 1), count = document.ruleCount
        let slots = Slots(rules: count, arguments: document.ruleArguments.count)
        let recent = RecentNames(document.names, pool: document.ids, firstEntry: 1)
        let texts = SameTexts()
        let rootLength = document.rootID.utf8.count
        // (Tests that wait for the second thread wait for the rows too,
        // however long the rules take before them.)
        let rowsThread = threads.waitsForHelper ? ParkedThread(patienceMicroseconds: 60_000_000) : ParkedThread()
        rowsThread.expectThread()
        // (Not for many rules: the wait would spin long beside the first thread.)
        let waitsForRows = count <= threads.ruleRowsWaitLimit
        let sharing = SecondThread.Sharing(
            (count + size - 1) / size, waiting: threads.waitsForHelper, ahead: true,
            on: document.looksUpRulesOnAKeptThread(threads) ? threads.parkedThread : nil,
            then: waitsForRows ? { rowsThread.park() } : nil
        ) { k in
            // The second thread keeps the document, the slots and its recent names while it runs.
            document.lookUpRules(k * size ..< min((k + 1) * size, count), through: recent, rootLength: rootLength,
                                 texts: texts, into: slots.rules, arguments: slots.arguments)
            return true
        }
        if !sharing.started || !waitsForRows { rowsThread.threadNotStarted() }
        return RuleLookupsAhead(size: size, sharing: sharing, slots: slots, rowsThread: rowsThread)
    }
}

extension LayoutDocument {
    /// Writes the look-ups of the rules `range` (``RuleLookupsAhead``):
    /// rule `i`'s in `rules[i]`, its view arguments' in `arguments` at
    /// their positions in ``ruleArguments``; `texts` are the slots of the
    /// texts looked up before (the thread's, in order).
    func lookUpRules(
        _ range: Range<Int>, through recent: RecentNames, rootLength: Int, texts: RuleLookupsAhead.SameTexts,
        into rules: UnsafeMutablePointer<RuleLookupsAhead.Rule>, arguments: UnsafeMutablePointer<Int32>
    ) {
        let lastRules = texts.rules, lastTags = texts.tags
        // By index, as `lowerRules` reads them (the document is borrowed for the call).
        let viewEntries = ruleViews.unsafeEntries, textEntries = ruleTexts.unsafeEntries
        for i in range {
            let view = viewIndex(of: viewEntries[i], through: recent, rootLength: rootLength, likelyNext: true)
            let text = textEntries[i]
            let tag = NameTable.tag(of: text)
            let slot = RuleSyntaxCache.slot(of: tag)
            let last = lastRules[slot]
            let same = last >= 0 && lastTags[slot] == tag && ruleTexts.entry(Int(last), equals: text) ? last : -1
            lastRules[slot] = Int32(truncatingIfNeeded: i)
            lastTags[slot] = tag
            rules[i] = RuleLookupsAhead.Rule(view: view?.rawValue ?? -1, same: same, tag: tag)
            for k in (i == 0 ? 0 : Int(ruleArgumentEnds[i - 1])) ..< Int(ruleArgumentEnds[i]) {
                guard case .view(let entry) = ruleArguments[k] else { continue }
                arguments[k] = ruleArgumentViews.withEntry(Int(entry)) {
                    viewIndex(of: $0, through: recent, rootLength: rootLength)
                }?.rawValue ?? -1
            }
        }
    }
}
