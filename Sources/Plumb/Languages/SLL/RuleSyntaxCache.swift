/// The parsed rules of one document, by text.
///
/// Documents made from templates repeat a handful of rule texts thousands
/// of times (`ll = 8, ct = 50%, w = h = 28` for every icon of a list), and
/// the parse of a text depends on nothing but its bytes. Each slot holds the
/// syntax of one text that parsed without problems, with the number of a
/// rule whose text it is (the bytes stay in the document) and the text's
/// tag; a text that maps to a taken slot replaces it. Each slot's syntax is
/// also the buffer its next text is parsed into, so after the first few
/// rules parsing allocates nothing, as before.
struct RuleSyntaxCache {
    /// Number of slots (a power of two).
    static let slotCount = 128

    /// The slot of a text whose tag (``NameTable/tag(of:)``) is `tag`: its
    /// low bits (the rules' look-ups made ahead keep slots of their own
    /// the same way, `RuleLookupsAhead.SameTexts`).
    @inline(__always)
    static func slot(of tag: UInt64) -> Int { Int(truncatingIfNeeded: tag) & (slotCount - 1) }

    /// The rule whose text each slot's syntax is, `-1` for none.
    private var rules = [Int32](repeating: -1, count: slotCount)
    private var tags = [UInt64](repeating: 0, count: slotCount)
    private var syntaxes = [RuleSyntax](repeating: RuleSyntax(), count: slotCount)
    /// Each slot's ``RuleTemplate``, restarted whenever the slot's text is
    /// parsed: in storage of the cache's own (``TemplateSlots``), which the
    /// cache (never copied) changes in place. As an array's elements, each
    /// template replayed was a uniqueness check (a call) and a bounds check,
    /// which the optimiser left as a call of its own in `lowerRules`.
    private let templates = TemplateSlots(count: slotCount)
    /// For each slot, a rule whose text is the slot's (`-1`: none): the one
    /// parsed there, or a later one known to repeat it
    /// (``slot(repeating:tag:same:)``, ``parse(_:tag:rule:texts:notingRepeat:)``).
    /// (An ``UnsharedArray``: written every rule, without a uniqueness check; the cache is never copied.)
    private var lastRules = UnsharedArray<Int32>(repeating: -1, count: slotCount)

    /// The syntax of rule `rule`, whose text is `text`: the one parsed for
    /// an earlier rule of the same text in `texts`, else parsed now.
    ///
    /// - Returns: the slot whose syntax (``syntax(at:)``) is the rule's, and
    ///   the problems found: `nil` for a text found in the cache (only
    ///   texts without problems are kept), so that the common case hands
    ///   back no array to release.
    @inline(__always)
    mutating func parse(
        _ text: UnsafeBufferPointer<UInt8>, rule: Int, texts: BytePool
    ) -> (slot: Int, issues: [RuleIssue]?) {
        parse(text, tag: NameTable.tag(of: text), rule: rule, texts: texts)
    }

    /// ``parse(_:rule:texts:)`` for a text whose tag (``NameTable/tag(of:)``)
    /// was computed before (by the rules' look-ups made ahead); with
    /// `notingRepeat`, a text found in the cache makes `rule` its slot's
    /// last rule (for ``slot(repeating:tag:same:)``).
    @inline(__always)
    mutating func parse(
        _ text: UnsafeBufferPointer<UInt8>, tag: UInt64, rule: Int, texts: BytePool, notingRepeat: Bool = false
    ) -> (slot: Int, issues: [RuleIssue]?) {
        let slot = Self.slot(of: tag)
        let cached = Int(rules[slot])
        if cached >= 0, tags[slot] == tag, texts.entry(cached, equals: text) {
            if notingRepeat { lastRules[slot] = Int32(truncatingIfNeeded: rule) }
            // Checked here first: reading the syntax for nothing retained and released its arrays.
            if templates[slot].pointee.status == .unseen { templates[slot].pointee.noteRepeat(of: syntaxes[slot]) }
            return (slot, nil)
        }
        let issues = SimpleLayoutParser.parse(text, into: &syntaxes[slot])
        rules[slot] = issues.isEmpty ? Int32(truncatingIfNeeded: rule) : -1
        tags[slot] = tag
        lastRules[slot] = Int32(truncatingIfNeeded: rule)
        templates[slot].pointee.restart(parsed: issues.isEmpty)
        return (slot, issues)
    }

    /// The slot of rule `rule`'s text, when it is found in the cache
    /// without reading it: `same` is a rule before it with the same text
    /// (the rules' look-ups made ahead, `RuleLookupsAhead`), and that rule
    /// is the slot's last (whose text is the slot's: it was parsed there,
    /// or found there). Then `rule` becomes the slot's last and the slot
    /// is what ``parse(_:tag:rule:texts:notingRepeat:)`` gives with no
    /// problems; otherwise `nil` (nothing changed), and the caller parses.
    @inline(__always)
    mutating func slot(repeating rule: Int, tag: UInt64, same: Int32) -> Int? {
        let slot = Self.slot(of: tag)
        guard same >= 0, lastRules[slot] == same, rules[slot] >= 0, tags[slot] == tag else { return nil }
        lastRules[slot] = Int32(truncatingIfNeeded: rule)
        if templates[slot].pointee.status == .unseen { templates[slot].pointee.noteRepeat(of: syntaxes[slot]) }
        return slot
    }

    /// The syntax in `slot`.
    @inline(__always)
    func syntax(at slot: Int) -> RuleSyntax { syntaxes[slot] }

    /// The status of the template of `slot` (read in place: a copy of the
    /// template would retain and release each of its arrays).
    @inline(__always)
    func templateStatus(at slot: Int) -> RuleTemplate.Status {
        templates[slot].pointee.status
    }

    /// The number of view arguments the template of `slot` replays with
    /// when it is ready, else `nil` (read in place, as ``templateStatus(at:)``).
    @inline(__always)
    func readyTemplateArguments(at slot: Int) -> Int? {
        let template = templates[slot]
        return template.pointee.status == .ready ? template.pointee.argumentCount : nil
    }

    /// Runs `body` with the template of `slot` in place (to record or
    /// replay it; a copy of the template was a retain and release of each of its arrays).
    mutating func withTemplate<R>(at slot: Int, _ body: (inout RuleTemplate) -> R) -> R {
        body(&templates[slot].pointee)
    }
}

/// The templates of a ``RuleSyntaxCache``'s slots, initialised when made
/// and destroyed with the last reference (the cache's).
final class TemplateSlots {
    private let base: UnsafeMutablePointer<RuleTemplate>
    let count: Int

    init(count: Int) {
        self.count = count
        base = .allocate(capacity: count)
        base.initialize(repeating: RuleTemplate(), count: count)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Slot `slot`'s template, read and changed in place.
    @inline(__always)
    subscript(slot: Int) -> UnsafeMutablePointer<RuleTemplate> {
        precondition(UInt(bitPattern: slot) < UInt(bitPattern: count), "template slot out of range")
        return base + slot
    }
}
