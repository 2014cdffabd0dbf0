extension RuleBook {
    /// The slots of noted replays (``RuleBook/Replay``) left unwritten.
    ///
    /// A table that one replay of a template's fresh slots wrote whole is
    /// lowered from its note alone: its rows are the template's row shape
    /// with its views put in, its dependency edges the template's edge
    /// shape, and both shapes are made from the first such table's slots.
    /// So, with ``RuleBook/defersFreshSlots``, only one noted table of a
    /// template (the one ``written``) gets its slots and terms written when
    /// its rule is replayed; the others keep the note only, and their
    /// slots are written from the template kept here when something is to
    /// read them:
    /// - a later rule of the same view (``RuleBook/register(_:view:)``);
    ///   when that table is its template's written one, every deferred table
    ///   is written then (the shapes are made from the first noted table);
    /// - a lowering that finds a noted table without an edge shape or a
    ///   template without a row shape writes them all before reading any
    ///   slot (``RuleBook/lower(into:threads:rowsThread:viewID:)``).
    /// The slots written late are the bytes the replay would have written,
    /// their terms appended to the arena later (a value's terms are its
    /// own range there, so the rows are the same).
    struct DeferredSlots {
        /// Tables whose slots are not written.
        var count = 0
        /// Tables whose replay is noted.
        var noted = 0
        /// The book's ready templates by serial (their fresh slots and terms).
        private(set) var templates: [RuleTemplate] = []
        /// By template serial: the noted table whose slots were written for
        /// it (`-1`: none yet).
        private var written: [Int32] = []

        /// Keeps `template`, which just became ready with the next serial.
        mutating func add(_ template: RuleTemplate) {
            precondition(Int(template.serial) == templates.count, "templates are kept in the order they become ready")
            templates.append(template)
            written.append(-1)
        }

        /// The table written for template `serial` (`-1`: none yet).
        @inline(__always)
        func written(of serial: Int32) -> Int32 { written.withUnsafeBufferPointer { $0[Int(serial)] } }

        /// Whether a template that had a noted table written (so may have
        /// tables left unwritten) is one `isIncluded` takes (by serial).
        func hasWritten(where isIncluded: (Int) -> Bool) -> Bool {
            written.indices.contains { written[$0] >= 0 && isIncluded($0) }
        }

        /// Makes `table` the one written for template `serial`.
        mutating func setWritten(_ table: Int, of serial: Int32) { written[Int(serial)] = Int32(truncatingIfNeeded: table) }
    }

    /// Whether `table`, whose replay of `template` was just noted, is left
    /// unwritten (and counted): when a noted table of the template had its
    /// slots written and is still noted; else `table` becomes that one and
    /// the caller writes it.
    @inline(__always)
    mutating func defersSlots(of table: Int, template serial: Int32) -> Bool {
        let first = deferred.written(of: serial)
        if first >= 0, replays[Int(first)].template == serial {
            deferred.count &+= 1
            return true
        }
        deferred.setWritten(table, of: serial)
        return false
    }

    /// Before `table`'s note ends (a later rule of its view): writes its
    /// slots if they were deferred, or, when it is the table written for
    /// its template, every deferred table's.
    @inline(never)
    mutating func endDeferral(of table: Int) {
        if deferred.written(of: replays[table].template) == table {
            writeDeferredSlots()
        } else {
            writeDeferredSlots(of: table)
        }
    }

    /// Writes the slots of every table left unwritten.
    @inline(never)
    mutating func writeDeferredSlots() {
        for table in 0 ..< tableCount where deferred.count > 0 { writeDeferredSlots(of: table) }
    }

    /// Writes `table`'s slots and their terms, as the replay noted for it
    /// would have, if they were left unwritten; else does nothing.
    mutating func writeDeferredSlots(of table: Int) {
        let replay = replays[table]
        guard replay.template >= 0, taken[table] == 0 else { return }
        let template = deferred.templates[Int(replay.template)]
        // A template that fills no slot was never deferred (nor counted).
        guard template.freshSlotsTaken != 0 else { return }
        let views = viewsOfTable[table]
        let offset = Int32(truncatingIfNeeded: terms.count)
        for term in template.freshTerms {
            let owner = switch term.view {
            case 0: views.view
            case 1: views.superview
            default: replayArguments[Int(replay.arguments) + Int(term.view) - 2]
            }
            terms.append((VariableIndex(rawValue: owner.rawValue &* 4 &+ term.variable), term.coefficient))
        }
        let base = Self.base(table, .horizontal)
        for fresh in template.freshSlots {
            var entry = fresh.entry
            entry.termStart &+= offset
            entries[base + Int(fresh.slot)] = entry
        }
        taken[table] = template.freshSlotsTaken
        deferred.count -= 1
    }
}
