/// What one rule text does to a rule book, up to the views it names: the
/// values its assignments store (and the names it resets), in order, with
/// each term's view given as a slot (the rule's own view, its superview, or
/// the view of argument `k`) instead of an index.
///
/// Documents made from templates repeat a handful of texts thousands of
/// times. For a text that reads no stored value (no name as a value, no
/// compound assignment) and whose specifiers all take views, evaluation does
/// the same arithmetic on the same coefficients whatever the views are: only
/// the variables of the terms change. So the text's first rule is evaluated
/// by the interpreter (``RuleBook/apply(_:to:superview:arguments:origin:)``)
/// as any other; its second (a text no other rule repeats is not worth a
/// record) is evaluated while its stores are recorded, the record becomes a
/// template, and later rules of the text replay it with
/// ``RuleBook/apply(_:to:superview:arguments:origin:)-(RuleTemplate,_,_,_,_)``:
/// the same entries in the same order through the same override policy, or,
/// for a view's first rule, the template's final slots (``freshSlots``)
/// copied (once a template's first noted table has them, a later noted
/// table's are left to be copied when read: ``RuleBook/DeferredSlots``).
/// A table those copied slots wrote whole (the view has no other rule) is
/// noted (``RuleBook/Replay``), and its rows are then written as the rows
/// of the template's first such table, its views put in
/// (`RuleBook.RowShapes`, when ``RuleBook/lower(into:threads:rowsThread:viewID:)`` runs),
/// and its dependency edges given as that table's were (`RuleBook.EdgeShape`).
///
/// Not templated (the interpreter runs): texts that read stored values,
/// use `%f`, `%p`, closures or providers, texts that had a problem, and a
/// rule that names its own view as an argument (`refersToOwnView`). A rule
/// whose views coincide (an argument that is the superview) is not recorded,
/// since its terms' views would not say which slot they came from; a later
/// rule of the text is.
struct RuleTemplate {
    /// One assignment: a value stored under `name`, or the name's role reset.
    struct Step {
        var name: RuleName
        var isReset: Bool
        var constant: Double
        var isConstant: Bool
        /// The value's terms: `terms[termStart ..< termStart + termCount]`.
        var termStart: Int32
        var termCount: Int32
    }

    /// A term of a stored value: `coefficient ·` the frame variable
    /// `variable` of the view in slot `view`.
    struct Term {
        /// 0: the rule's view; 1: its superview; `2 + k`: argument `k`'s view.
        var view: Int32
        /// The ``FrameVariable`` raw value.
        var variable: Int32
        var coefficient: Double
    }

    /// Whether the template is ready, waiting for a rule to be recorded,
    /// waiting for the text's second rule (`unseen`: a text that no other
    /// rule repeats is not worth recording), or never to be made for this text.
    enum Status: UInt8 {
        case unusable, unseen, pending, ready
    }

    private(set) var status = Status.unusable
    private(set) var steps: [Step] = []
    private(set) var terms: [Term] = []
    /// A slot the steps fill when they start from none: its place among
    /// the view's ``RuleBook/slotsPerView`` slots and the value they leave there.
    ///
    /// The entry comes first: replaying copies its bytes whole from the
    /// slot's start (``RuleBook/apply(_:to:superview:arguments:origin:)``).
    struct FreshSlot {
        var entry: RuleBook.Entry
        var slot: Int32
    }
    /// What the steps leave in a view's slots when they start from none
    /// (the view's first rule): only the slots they fill, in slot order,
    /// with each value's terms in ``freshTerms``
    /// (`termStart` counted from its start). The slots left empty are not
    /// kept, so that replaying copies the filled ones without looking at
    /// the others. Meaningful only when ``knowsFreshSlots``.
    private(set) var freshSlots: [FreshSlot] = []
    /// The slots ``freshSlots`` fill, a bit each (``RuleBook/taken``).
    private(set) var freshSlotsTaken: UInt8 = 0
    /// Whether ``freshSlots`` is known: false when the recorded rule's
    /// view had rules before (``freshSlots`` may be empty either way).
    private(set) var knowsFreshSlots = false
    /// The terms of the values in ``freshSlots``, in slot order.
    private(set) var freshTerms: [Term] = []
    /// The most terms a step's value has (the book's ``RuleBook/longestValue`` grows to it).
    private(set) var longestValue: Int32 = 0
    /// The text's specifiers (every one a view's measure): the number of
    /// view arguments a rule of the text needs to replay the template.
    private(set) var argumentCount = 0
    /// The template's number in its book (``RuleBook/templateCount``),
    /// given when it becomes ready: the tables its fresh slots wrote name
    /// it (``RuleBook/Replay``). `-1` until then.
    var serial: Int32 = -1

    /// Forgets the template, for a newly parsed text: `unseen` when the
    /// text parsed without problems.
    mutating func restart(parsed: Bool) {
        if status == .ready {
            steps.removeAll(keepingCapacity: true)
            terms.removeAll(keepingCapacity: true)
            freshSlots.removeAll(keepingCapacity: true)
            freshSlotsTaken = 0
            knowsFreshSlots = false
            freshTerms.removeAll(keepingCapacity: true)
            longestValue = 0
        }
        status = parsed ? .unseen : .unusable
        serial = -1
    }

    /// Notes that another rule has the text, `syntax`: an `unseen` template
    /// becomes `pending` if ``accepts(_:)`` accepts the text.
    @inline(__always)
    mutating func noteRepeat(of syntax: RuleSyntax) {
        if status == .unseen { status = Self.accepts(syntax) ? .pending : .unusable }
    }

    /// Whether evaluating `syntax` is the same arithmetic for every rule:
    /// no name read as a value, only `=` assignments, only view specifiers.
    ///
    /// - Complexity: O(nodes).
    static func accepts(_ syntax: RuleSyntax) -> Bool {
        for i in 0 ..< syntax.count {
            switch syntax.node(i) {
            case .name: return false
            case .assign(_, let op, _) where op != .assign: return false
            case .specifier(let specifier, _, _):
                guard case .measure = specifier else { return false }
            default: continue
            }
        }
        return true
    }

    /// Makes the template from the entries a rule stored (`nil` for a reset),
    /// reading their terms in `arena`, with `views` the rule's view,
    /// superview and argument views in slot order. `slots` are the view's
    /// slots after the rule when the rule was the view's first (the
    /// template then also knows ``freshSlots``), else empty. Leaves the
    /// template pending when two slots hold the same view or a term's view is in none.
    mutating func record(
        _ stored: [RuleBook.Recorded], arena: UnsharedArray<(VariableIndex, Double)>,
        views: [ViewIndex],
        slots: ArraySlice<RuleBook.Entry>
    ) {
        for a in views.indices {
            for b in views.indices where b > a && views[a] == views[b] { return }
        }
        /// Appends the terms of `entry` to `terms` with their views as slots; false if a view is in no slot.
        func appendTerms(of entry: RuleBook.Entry, to terms: inout [Term]) -> Bool {
            for k in Int(entry.termStart) ..< Int(entry.termStart + entry.termCount) {
                let (variable, coefficient) = arena[k]
                guard let slot = views.firstIndex(of: ViewIndex(rawValue: variable.rawValue >> 2)) else { return false }
                terms.append(Term(view: Int32(slot), variable: variable.rawValue & 3, coefficient: coefficient))
            }
            return true
        }
        var steps: [Step] = []
        var terms: [Term] = []
        for store in stored {
            let name = store.name
            guard let entry = store.entry else {
                steps.append(Step(name: name, isReset: true, constant: 0, isConstant: false, termStart: 0, termCount: 0))
                continue
            }
            let start = Int32(terms.count)
            guard appendTerms(of: entry, to: &terms) else { return }
            steps.append(Step(name: name, isReset: false, constant: entry.constant, isConstant: entry.isConstant,
                              termStart: start, termCount: Int32(terms.count) - start))
        }
        var freshSlots: [FreshSlot] = []
        var freshTerms: [Term] = []
        for (k, var slot) in slots.enumerated() where slot.name != nil {
            let start = Int32(freshTerms.count)
            guard appendTerms(of: slot, to: &freshTerms) else { return }
            slot.termStart = start
            freshSlots.append(FreshSlot(entry: slot, slot: Int32(k)))
        }
        self.steps = steps
        self.terms = terms
        self.freshSlots = freshSlots
        freshSlotsTaken = freshSlots.reduce(0) { $0 | UInt8(1) << UInt8($1.slot) }
        knowsFreshSlots = !slots.isEmpty
        self.freshTerms = freshTerms
        longestValue = steps.reduce(0) { max($0, $1.termCount) }
        // The recorded rule's arguments passed the argument check: one a specifier.
        argumentCount = views.count - 2
        status = .ready
    }
}

extension RuleBook {
    /// Applies a rule by replaying `template` (made from an earlier rule of
    /// the same text) for `view`, its `superview` and its view `arguments`:
    /// what ``apply(_:to:superview:arguments:origin:)`` does with the text,
    /// without evaluating it.
    ///
    /// - Precondition: `template` is ready, and `arguments` are
    ///   ``RuleTemplate/argumentCount`` views, none of them `view`.
    /// - Complexity: O(assignments + terms stored).
    ///
    /// Not inlined: inlined into `lowerRules`, whose loop was over the
    /// optimiser's budget, its arrays' appends and counts were left as calls.
    @inline(never)
    mutating func apply(
        _ template: RuleTemplate, to view: ViewIndex, superview: ViewIndex, arguments: [BoundArgument],
        origin: RowOrigin
    ) {
        let rule = register(origin, view: view)
        let isFirstRule = tableOfView[view.int] < 0
        let table = table(for: view, superview: superview)
        longestValue = max(longestValue, template.longestValue)
        /// The view in the slot of `term`.
        @inline(__always) func owner(_ term: RuleTemplate.Term) -> ViewIndex {
            switch term.view {
            case 0: return view
            case 1: return superview
            default:
                guard case .view(let other) = arguments[Int(term.view) - 2] else {
                    preconditionFailure("a template is replayed with view arguments only")
                }
                return other
            }
        }
        template.terms.withUnsafeBufferPointer { templateTerms in
            /// Appends the terms of `step` for this rule's views; returns where they start.
            func appendTerms(of step: RuleTemplate.Step) -> Int32 {
                let start = Int32(terms.count)
                let from = Int(step.termStart)
                for k in from ..< from + Int(step.termCount) {
                    let term = templateTerms[k]
                    terms.append((VariableIndex(rawValue: owner(term).rawValue &* 4 &+ term.variable), term.coefficient))
                }
                return start
            }
            if isFirstRule, template.knowsFreshSlots {
                // A noted replay's slots may wait (``DeferredSlots``): only
                // the note is written.
                let noted = noteReplay(of: template, in: table, view: view, superview: superview, rule: rule,
                                       arguments: arguments)
                if noted, defersFreshSlots, template.freshSlotsTaken != 0,
                   defersSlots(of: table, template: template.serial) { return }
                // The view's first rule: its slots are the template's, written
                // directly (only the values that survive get terms), the
                // terms appended one by one (a value has a term or two: the
                // generic `append(contentsOf:)` of them as a block cost more).
                let offset = Int32(terms.count)
                template.freshTerms.withUnsafeBufferPointer { fresh in
                    // By index in a `while`, as the slots below.
                    guard let first = fresh.baseAddress else { return }
                    var k = 0
                    while k < fresh.count {
                        let term = first[k]
                        terms.append((VariableIndex(rawValue: owner(term).rawValue &* 4 &+ term.variable),
                                      term.coefficient))
                        k &+= 1
                    }
                }
                let base = Self.base(table, .horizontal)
                // A noted replay keeps the slots' rule (``rule(at:)``); else
                // each filled slot gets it.
                slotRules.withUnsafeMutableBufferPointer { rules in entries.withUnsafeMutableBufferPointer { slots in
                    // The filled slots only (the table's are empty: it is new),
                    // read and written in place, in a `while`: a `for … in` over
                    // the buffer copied each slot into an optional first, one
                    // over a range called its iterator and `==` (about 30
                    // instructions a rule), and the subscript checked bounds
                    // (`table(for:)` made the table's slots).
                    //
                    // Each entry's bytes are copied whole (a trivial type,
                    // two words) and then its term start set: copied field
                    // by field, a slot was about 20 instructions.
                    let table = slots.baseAddress! + base
                    let tableRules = rules.baseAddress! + base
                    template.freshSlots.withUnsafeBufferPointer { fresh in
                        guard let filled = fresh.baseAddress else { return }
                        assert(MemoryLayout<RuleTemplate.FreshSlot>.offset(of: \.entry) == 0)
                        var k = 0
                        while k < fresh.count {
                            let slot = Int(filled[k].slot)
                            let to = table + slot
                            UnsafeMutableRawPointer(to).copyMemory(from: UnsafeRawPointer(filled + k),
                                                                   byteCount: MemoryLayout<Entry>.stride)
                            to.pointee.termStart &+= offset
                            if !noted { tableRules[slot] = rule }
                            k &+= 1
                        }
                    }
                } }
                // The table is new: its slots were all empty.
                taken[table] = template.freshSlotsTaken
                return
            }
            for step in template.steps {
                if step.isReset {
                    reset(step.name, in: table)
                    continue
                }
                let entry = Entry(
                    constant: step.constant, termStart: appendTerms(of: step), termCount: step.termCount,
                    name: step.name, isConstant: step.isConstant, refersToOwnView: false)
                store(entry, rule: rule, in: table)
            }
        }
    }

    /// ``apply(_:to:superview:arguments:origin:)``, recording what the rule
    /// stores into `template` (pending) when it applies without problems.
    mutating func apply(
        _ syntax: RuleSyntax, to view: ViewIndex, superview: ViewIndex, arguments: [BoundArgument],
        origin: RowOrigin, recordingInto template: inout RuleTemplate
    ) -> [RuleIssue] {
        recorded.removeAll(keepingCapacity: true)
        let isFirstRule = tableOfView[view.int] < 0
        isRecording = true
        let issues = apply(syntax, to: view, superview: superview, arguments: arguments, origin: origin)
        isRecording = false
        guard issues.isEmpty else { return issues }
        var views = [view, superview]
        for argument in arguments {
            guard case .view(let other) = argument else { return issues }
            views.append(other)
        }
        let base = Self.base(Int(tableOfView[view.int]), .horizontal)
        template.record(recorded, arena: terms, views: views,
                        slots: isFirstRule
                            ? ArraySlice((base ..< base + Self.slotsPerView).map { name(at: $0) != nil ? entries[$0] : Entry() })
                            : [])
        if template.status == .ready {
            template.serial = templateCount
            templateCount += 1
            if defersFreshSlots { deferred.add(template) }
        }
        return issues
    }
}
