/// The rules of one layout: the constraint values in effect for every view
/// that has rules, after the override policy, ready to be lowered to rows.
///
/// Rules are applied in order with ``apply(_:to:superview:arguments:origin:)``
/// (an evaluation pass over the rule's postfix nodes), or, for a document
/// text that repeats, by replaying its ``RuleTemplate``; each assignment
/// becomes a linear form in the frame variables of the view, its superview
/// and argument views, and replaces what it overrides. ``lower(into:)`` then
/// orders the views by their dependencies and writes the rows.
///
/// Override policy (documented for users on ``Layout``): per direction, a view
/// keeps at most two determining constraints, one per role (leading edge,
/// trailing edge, center, size). Assigning a name replaces the value of its
/// role (either spelling: `tb` replaces `tt`) and makes it the newest; a third
/// role drops the oldest. Bounds (`minw maxw minh maxh`) are kept apart, one
/// value each. `nil` clears the name's role.
///
/// Storage is flat: four ``Entry`` slots per direction per view with rules
/// (two determining, oldest first, then minimum and maximum), each slot's
/// rule beside them, and one arena of terms, so 100,000 rules make a handful
/// of arrays, not objects. A table that a replay of a template wrote whole
/// may have no slot written at all (``DeferredSlots``).
struct RuleBook {
    /// A constraint value in effect: `constant + Σ terms` (terms in ``RuleBook/terms``).
    /// A slot's entry is read only while the slot is taken (``RuleBook/taken``):
    /// an empty slot's bytes were never written.
    ///
    /// Sixteen bytes, so that a table's four determining slots are one
    /// cache line (``RuleBook/entries`` starts on a line): the term count
    /// and the two flags share a 16-bit and an 8-bit field, and the rule
    /// that assigned the value is kept apart (``RuleBook/rule(at:)``).
    struct Entry {
        var constant = 0.0
        var termStart: Int32 = 0
        /// The name that holds the slot.
        var name: RuleName?
        /// The term count's bits 16 and up (``countBits``), then the flags.
        private var high: UInt8 = 0
        /// The term count's low 16 bits.
        private var low: UInt16 = 0

        /// The bits the term count has (``maxTermCount``).
        static let countBits = 22
        /// The most terms one value can have: a value with more stops the
        /// program (4,194,303; a rule's text would have to be megabytes long).
        static let maxTermCount: Int32 = 1 << countBits - 1
        private static let isConstantBit: UInt8 = 0x40, refersToOwnViewBit: UInt8 = 0x80

        init() {}

        init(constant: Double, termStart: Int32, termCount: Int32, name: RuleName?, isConstant: Bool,
             refersToOwnView: Bool) {
            self.constant = constant
            self.termStart = termStart
            self.name = name
            self.termCount = termCount
            self.isConstant = isConstant
            self.refersToOwnView = refersToOwnView
        }

        /// The value's terms are `terms[termStart ..< termStart + termCount]`.
        var termCount: Int32 {
            @inline(__always) get { Int32(low) | Int32(high & 0x3F) << 16 }
            @inline(__always) set {
                precondition(newValue >= 0 && newValue <= Self.maxTermCount,
                             "a rule's value has more than 4,194,303 terms")
                low = UInt16(truncatingIfNeeded: newValue)
                high = high & ~0x3F | UInt8(truncatingIfNeeded: newValue >> 16)
            }
        }

        /// Whether the value is a number, independent of any view. Decided by
        /// the shape of the expression (a product needs one constant factor),
        /// never by terms that happen to cancel.
        var isConstant: Bool {
            @inline(__always) get { high & Self.isConstantBit != 0 }
            @inline(__always) set { high = newValue ? high | Self.isConstantBit : high & ~Self.isConstantBit }
        }

        /// Whether the value used a specifier naming the rule's own view: a
        /// one-rule cycle, reported when the book is lowered.
        var refersToOwnView: Bool {
            @inline(__always) get { high & Self.refersToOwnViewBit != 0 }
            @inline(__always) set {
                high = newValue ? high | Self.refersToOwnViewBit : high & ~Self.refersToOwnViewBit
            }
        }
    }

    /// Slots per view: two directions × (two determining, minimum, maximum).
    /// A table's slots are its determining values first (horizontal, then
    /// vertical), then its bounds (``base(_:_:)``, ``boundBase(_:_:)``): a
    /// layout whose views have no bounds writes only the first half of each
    /// table's slots (the slots are not filled when the book is made).
    static let slotsPerView = 8

    /// Number of views in the layout (view indices are below this).
    let viewCount: Int
    /// For each view, the index of its table (`-1`: no rules).
    private(set) var tableOfView: UnsharedArray<Int32>
    /// A table's view and that view's superview.
    struct TableViews {
        var view: ViewIndex
        var superview: ViewIndex
    }
    /// For each table, its views (kept together: a new table is one append).
    ///
    /// This array and ``terms``, ``ruleViews``, ``replays`` and
    /// ``replayArguments``, which grow or change every rule, and
    /// ``tableOfView``, written once a table, are ``UnsharedArray``s: an
    /// append or a write checks for room or bounds only, not for uniqueness
    /// (a call each, seven or eight a rule). So are ``entries`` and ``taken``.
    private(set) var viewsOfTable: UnsharedArray<TableViews>
    /// ``slotsPerView`` entries per table (and empty ones after the last
    /// table, for the tables the book was made with room for). Not filled
    /// when the book is made (at 10,000 tables, 1.9 MB written before any
    /// rule): a slot's bytes are written when a value is stored in it, and
    /// read only while its bit in ``taken`` is set.
    var entries: UnsharedArray<Entry>
    /// The rule that last assigned each slot's value (index into
    /// ``origins``), beside ``entries`` (read through ``rule(at:)``). Not
    /// written for the slots of a table while its ``Replay`` is noted (its
    /// rule is every value's; ``register(_:view:)`` writes them when a
    /// later rule ends the note).
    var slotRules: UnsharedArray<Int32>
    /// For each table, which of its slots hold a value: bit `k` for slot
    /// `table × slotsPerView + k`.
    var taken: UnsharedArray<UInt8>
    /// The terms of every entry, appended as values are stored (replaced
    /// values leave garbage behind; the arena is dropped with the book).
    var terms: UnsharedArray<(VariableIndex, Double)>
    /// The most terms any stored value has (the lowering's row buffer is sized from it).
    var longestValue: Int32 = 0
    /// The origin and view of every applied rule, by rule number.
    /// Each rule's origin: stored for rules added in code, a key of the
    /// document's origin source for a document's rules.
    private(set) var origins: OriginList
    private(set) var ruleViews: UnsharedArray<ViewIndex>

    // Evaluation scratch, kept across rules so that applying one allocates nothing.
    var stack: [StackValue] = []
    var scratch: [(VariableIndex, Double)] = []
    /// While a rule is applied to make a ``RuleTemplate``: every entry it
    /// stores, in order (`nil` for a name it resets).
    var isRecording = false
    var recorded: [Recorded] = []
    /// An entry stored under `name` while a rule is recorded, or `nil` for
    /// the name's role reset. (A struct, not a tuple: an array of tuples
    /// of a name and an optional entry had its types made at run time on
    /// the first template, about 50,000 instructions on the build's first thread.)
    struct Recorded {
        var name: RuleName
        var entry: Entry?
    }
    /// Whether ``lower(into:threads:rowsThread:viewID:)`` merges each keyed row as it
    /// copies it into the builder's row batch
    /// (``RuleRowSink/addRow(merging:distinct:constant:relation:priority:key:)``);
    /// `false` hands the rows over as written, for the builder's general
    /// path to merge (the same rows either way; tests compare the two).
    var mergesRepeatedTerms = true
    /// Whether ``lower(into:threads:rowsThread:viewID:)`` writes the rows of a table
    /// that a template's fresh slots wrote whole by replaying the rows it
    /// wrote for the first such table (``RowShapes``); `false` writes every
    /// table's rows from its slots (the same rows; tests compare the two).
    var replaysRowShapes = true
    /// Whether `dependencyGraph()` gives such a table (its views all
    /// different) the edges of its template's first one, its views put in
    /// (`EdgeShape`); `false` reads every table's slots (the same graph;
    /// tests compare the two).
    var replaysEdgeShapes = true

    /// How a table's slots were written when one replay of a template's
    /// fresh slots wrote them all (the view's first rule, and no rule
    /// after it) and the table's views (view, superview, arguments) all
    /// differ: the template's ``RuleTemplate/serial``, the rule, and
    /// its argument views, `replayArguments[arguments ..< arguments + argumentCount]`.
    /// `template` is `-1` for any other table (a replay whose views
    /// coincide is not noted: the lowering's shapes need them distinct,
    /// and checking here spares the lowering's two checks a table).
    struct Replay {
        var template: Int32 = -1
        var rule: Int32 = -1
        var arguments: Int32 = 0
        var argumentCount: Int32 = 0
    }
    /// Each table's ``Replay`` (and empty ones after the last table, as ``entries``).
    private(set) var replays: UnsharedArray<Replay>
    /// The argument views of the tables in ``replays``.
    private(set) var replayArguments = UnsharedArray<ViewIndex>()
    /// Templates that became ready (the next ``RuleTemplate/serial``).
    var templateCount: Int32 = 0

    /// Whether a noted replay's slots may be left unwritten (see
    /// ``DeferredSlots``). Set only by a document's lowering, whose rules'
    /// origins are all keys and whose shapes are replayed.
    var defersFreshSlots = false
    /// The noted replays whose slots are not written yet, and what writes them.
    var deferred = DeferredSlots()

    /// A value on the evaluation stack; its terms are `scratch[termStart ..< next value's termStart]`.
    struct StackValue {
        var constant: Double
        var termStart: Int
        var isConstant: Bool
        var isReset = false
        var refersToOwnView = false
    }

    /// A book for a layout of `viewCount` views, with room for about `rules` rules.
    init(viewCount: Int, rules: Int = 0, originSource: (any OriginSource)? = nil) {
        self.viewCount = viewCount
        origins = OriginList(source: originSource)
        tableOfView = UnsharedArray(repeating: -1, count: viewCount)
        origins.reserveCapacity(rules)
        ruleViews = UnsharedArray(capacity: rules)
        // Views with rules are at most the rules and the views.
        let tables = min(rules, viewCount)
        viewsOfTable = UnsharedArray(capacity: tables)
        // The tables expected get their slots now, empty: a byte each marks
        // them so, the slots' own bytes are written as values are stored.
        entries = UnsharedArray(uninitializedCount: tables * Self.slotsPerView)
        slotRules = UnsharedArray(uninitializedCount: tables * Self.slotsPerView)
        taken = UnsharedArray(repeating: 0, count: tables)
        replays = UnsharedArray(repeating: Replay(), count: tables)
        // Values have about one term each, a rule about four values: the
        // arena is grown once, not doubled (each doubling copied the terms
        // into new pages: at 100,000 rules a sixth of the build's page faults).
        terms = UnsharedArray(capacity: 4 * rules)
    }

    /// Number of views that have rules.
    var tableCount: Int { viewsOfTable.count }

    /// Registers a rule and returns its number. Inlined into the two
    /// `apply`s that call it (a call a rule).
    @inline(__always)
    mutating func register(_ origin: RowOrigin, view: ViewIndex) -> Int32 {
        origins.append(origin)
        ruleViews.append(view)
        // A later rule of a view leaves its table's slots no replay's alone.
        let table = tableOfView[view.int]
        if table >= 0, replays[Int(table)].template >= 0 {
            // A later rule reads and changes the slots: they are written first.
            if deferred.count > 0 { endDeferral(of: Int(table)) }
            deferred.noted &-= 1
            // The noted replay's slots had their rule in the note only.
            let replayed = replays[Int(table)].rule, bits = taken[Int(table)]
            for slot in Int(table) * Self.slotsPerView ..< (Int(table) + 1) * Self.slotsPerView
            where Self.isTaken(slot, bits) {
                slotRules[slot] = replayed
            }
            replays[Int(table)].template = -1
        }
        // The two grow together, here only; `OriginList`'s count is the
        // collection's generic distance (a third of this function's cost).
        return Int32(ruleViews.count - 1)
    }

    /// The table of `view`, made on first use. Inlined into its one caller
    /// (`apply`), where the view's table is nearly always made.
    @inline(__always)
    mutating func table(for view: ViewIndex, superview: ViewIndex) -> Int {
        let existing = tableOfView[view.int]
        if existing >= 0 { return Int(existing) }
        let table = viewsOfTable.count
        tableOfView[view.int] = Int32(table)
        viewsOfTable.append(TableViews(view: view, superview: superview))
        if entries.count < (table + 1) * Self.slotsPerView {
            // More tables than the book was made for.
            entries.appendUninitialized(Self.slotsPerView)
            slotRules.appendUninitialized(Self.slotsPerView)
            taken.append(0)
            replays.append(Replay())
        }
        return table
    }

    /// Notes that `template`'s fresh slots, replayed for `rule` of `view`
    /// (under `superview`) with `arguments` (views), write the new
    /// `table`'s slots, when those views all differ (see ``Replay``).
    /// Returns whether it noted the replay.
    @inline(__always)
    mutating func noteReplay(
        of template: RuleTemplate, in table: Int, view: ViewIndex, superview: ViewIndex, rule: Int32,
        arguments: [BoundArgument]
    ) -> Bool {
        guard view != superview else { return false }
        for k in arguments.indices {
            guard case .view(let other) = arguments[k], other != view, other != superview else { return false }
            for j in 0 ..< k {
                if case .view(let earlier) = arguments[j], earlier == other { return false }
            }
        }
        let start = Int32(truncatingIfNeeded: replayArguments.count)
        for argument in arguments {
            guard case .view(let view) = argument else { return false }
            replayArguments.append(view)
        }
        replays[table] = Replay(template: template.serial, rule: rule, arguments: start,
                                argumentCount: Int32(truncatingIfNeeded: arguments.count))
        deferred.noted &+= 1
        return true
    }

    /// The first of the two determining slots of `axis` in `table` (the older one).
    @inline(__always) static func base(_ table: Int, _ axis: LayoutAxis) -> Int {
        table &* slotsPerView &+ (axis == .horizontal ? 0 : 2)
    }

    /// The minimum's slot of `axis` in `table` (the maximum's is the next one).
    @inline(__always) static func boundBase(_ table: Int, _ axis: LayoutAxis) -> Int {
        table &* slotsPerView &+ (axis == .horizontal ? 4 : 6)
    }

    /// The `k`th slot of a table in the order the slots were once laid out
    /// and are still read when the order matters (the dependency graph's
    /// edges): horizontal determining, minimum, maximum, then vertical.
    /// `k` is `4 × axis + 2 × isBound + i`; the slot is `4 × isBound + 2 × axis + i`.
    @inline(__always) static func slotInReadingOrder(_ k: Int) -> Int {
        (k & 1) | ((k >> 1) & 2) | ((k << 1) & 4)
    }

    /// The name whose value `slot` holds, `nil` when the slot is empty.
    @inline(__always)
    func name(at slot: Int) -> RuleName? {
        Self.isTaken(slot, taken[slot >> 3]) ? entries[slot].name : nil
    }

    /// The rule that assigned the value in `slot` (a taken slot).
    @inline(__always)
    func rule(at slot: Int) -> Int32 {
        let replay = replays[slot >> 3]
        return replay.template >= 0 ? replay.rule : slotRules[slot]
    }

    /// Whether `slot` holds a value, given its table's ``taken`` bits.
    @inline(__always)
    static func isTaken(_ slot: Int, _ bits: UInt8) -> Bool {
        bits & (1 << (slot & 7)) != 0
    }

    /// Marks `slot` as holding a value, or as empty.
    @inline(__always)
    mutating func setTaken(_ slot: Int, _ isTaken: Bool) {
        let bit = UInt8(1) << (slot & 7)
        let table = slot >> 3
        taken[table] = isTaken ? taken[table] | bit : taken[table] & ~bit
    }

    // MARK: - The override policy

    /// The slot holding `name`'s value in `table`, if the name has one.
    func slot(of name: RuleName, in table: Int) -> Int? {
        let base = Self.base(table, name.axis), bounds = Self.boundBase(table, name.axis)
        switch name.role {
        case .minimum: return self.name(at: bounds) == name ? bounds : nil
        case .maximum: return self.name(at: bounds + 1) == name ? bounds + 1 : nil
        default:
            if self.name(at: base + 1) == name { return base + 1 }
            if self.name(at: base) == name { return base }
            return nil
        }
    }

    /// Makes `entry` the value of its name in `table` under the override policy.
    ///
    /// Inlined into its one caller (`assign`): called, the entry went
    /// through the stack and back at every assignment.
    @inline(__always)
    mutating func store(_ entry: Entry, rule: Int32, in table: Int) {
        guard let name = entry.name else { return }
        let base = Self.base(table, name.axis)
        let role = name.role
        var bits = taken[table]
        // Unchecked reads and writes (`table(for:)` made the slots). The
        // table's replay is not noted (`register` ended any note): its
        // slots' rules are in `slotRules`.
        slotRules.withUnsafeMutableBufferPointer { rules in entries.withUnsafeMutableBufferPointer { slots in
            switch role {
            case .minimum, .maximum:
                let slot = Self.boundBase(table, name.axis) &+ (role == .minimum ? 0 : 1)
                slots[slot] = entry
                rules[slot] = rule
                bits |= 1 << (slot & 7)
            default:
                // Keep the other determining value (if any) as the older one,
                // dropping the oldest when the role is new and both slots are taken.
                // Invariant: a lone determining value sits in the newer slot.
                let newer = Self.isTaken(base &+ 1, bits) ? slots[base &+ 1].name : nil
                if newer?.role != role {
                    // Either `older` has this role (replaced, and the value becomes
                    // the newest), or it is empty, or it is the oldest of three
                    // roles and is dropped: in every case `newer` moves down.
                    if newer != nil {
                        slots[base] = slots[base &+ 1]
                        rules[base] = rules[base &+ 1]
                        bits |= 1 << (base & 7)
                    } else {
                        bits &= ~(1 << (base & 7))
                    }
                }
                slots[base &+ 1] = entry
                rules[base &+ 1] = rule
                bits |= 1 << ((base &+ 1) & 7)
            }
        } }
        taken[table] = bits
    }

    /// Clears the role of `name` (any spelling) in `table`: what `name = nil` does.
    mutating func reset(_ name: RuleName, in table: Int) {
        let base = Self.base(table, name.axis), bounds = Self.boundBase(table, name.axis)
        switch name.role {
        case .minimum: setTaken(bounds, false)
        case .maximum: setTaken(bounds + 1, false)
        default:
            if self.name(at: base + 1)?.role == name.role {
                if self.name(at: base) != nil {
                    entries[base + 1] = entries[base]
                    slotRules[base + 1] = slotRules[base]
                } else {
                    setTaken(base + 1, false)
                }
                setTaken(base, false)
            } else if self.name(at: base)?.role == name.role {
                setTaken(base, false)
            }
        }
    }

    /// The origin of rule `rule`.
    func origin(of rule: Int32) -> Origin { origins[Int(rule)] }

    /// The view whose rule `rule` is.
    func view(of rule: Int32) -> ViewIndex { ruleViews[Int(rule)] }
}
