import CPlumbKernels

/// The shapes of recent Simple Format Language strings kept as templates
/// whose view names are slots: a document's constraints repeat a few
/// shapes with other views (`cell7.left = content.left + 16`, then
/// `cell8.left = content.left + 16`), so a string is matched against a
/// template by its bytes around the names, and its shape is the
/// template's with the string's names, without reading its attributes,
/// relation and numbers again.
///
/// A template is made from a string that
/// ``SimpleFormatFastPath/singleSpacedShape(of:)`` reads: the string is
/// `name1 middle name2 tail` (or `name1 middle` when it names one view),
/// where each name is a whole run of name bytes (``ByteScanner``). Another
/// string made of other names around the same `middle` and `tail` has the
/// same shape but for the names' ranges: that reader decides everything
/// else from those bytes alone (the byte after each name, which ends it,
/// is in `middle` or `tail`; a name only has to start and go on as a name
/// does). A string that matches no template is read by
/// ``SimpleFormatFastPath/shape(of:)`` and, when single-spaced, kept.
///
/// That the second name starts and goes on as a name does is not tested
/// by the match: a shape from a template may hold a second name that is
/// not one (`x.left = a+b.right + 8` after `x.left = abc.right + 8`),
/// which ``SimpleFormatFastPath`` then binds through
/// ``SimpleFormatScope/view(namedName:)``, which refuses it (whatever view
/// has that id), so that the general parser reads the string, as it would have. A document's
/// scope makes that test once for each name kept among its recent names
/// rather than for every string.
///
/// Templates are found by the eight bytes after the first name, how many
/// bytes follow it and the last four bytes (set-associative, two ways, the
/// newest first). The last four are never a second name's: a template's
/// tail is at least `.top`. (With the last byte alone, `cards`' three
/// `title.height = 20`, `= 40`, `= 60` had one key and evicted each
/// other from its two ways: 658 of its 721 misses at 10,000 views.) One instance serves one thread (a ``DocumentScope``);
/// its storage is kept by an ``Owner``.
struct SimpleFormatTemplates {
    fileprivate struct Template {
        /// The eight bytes after the first name (``LayoutAttribute/wordAt(_:in:)``).
        var word: UInt64 = 0
        /// Bytes after the first name; 0 for an empty way.
        var remaining: Int32 = 0
        /// `middle`'s bytes; `tail`'s, or -1 when the string names one view.
        var middleCount: Int32 = 0
        var tailCount: Int32 = -1
        /// The string's last four bytes.
        var last: UInt32 = 0
        var shape: SimpleFormatShape?
        /// The row its strings make, when it has one (``RowPlan``).
        var plan = RowPlan()
    }

    /// The row a template's strings make, but for their views: its terms
    /// are `plan.count` entries of the template's terms, each a variable of
    /// the first or the second view and a coefficient, and its constant,
    /// relation and priority are the template's. Made when the template
    /// is, from its shape as ``SimpleFormatFastPath`` binds it and
    /// `SystemBuilder.writeTerms` writes it (left to right, no measured
    /// view), and only for a shape whose values are numbers (no metric), a
    /// valid priority and finite nonzero coefficients: then every string
    /// the template matches whose names are views makes this row, and its
    /// terms' variables are distinct unless both names are one view
    /// (``repeatsOnOneView``).
    struct RowPlan {
        /// Terms, at most four; 0 when the template has no plan.
        var count = 0
        /// The row's constant (the constraint's, negated).
        var constant = 0.0
        var relation = Relation.equal
        var priority = Priority(rawValue: 1000)!
        /// Whether the terms repeat a variable when both views are the same view.
        var repeatsOnOneView = false
    }

    /// A term of a ``RowPlan``: `coefficient ·` variable `offset` of the
    /// first view (`second` 0) or of the second (`second` all ones).
    struct PlanTerm {
        var coefficient = 0.0
        var offset: Int32 = 0
        var second: Int32 = 0
    }

    /// A string matched to a template with a ``RowPlan``: the plan and its
    /// terms, and the names' byte ranges (`secondStart` -1 when it names
    /// one view).
    struct PlannedMatch {
        let plan: RowPlan
        let terms: UnsafePointer<PlanTerm>
        let firstEnd: Int
        let secondStart: Int
        let secondEnd: Int
    }

    private static let sets = 128
    /// Bytes kept of `middle` and of `tail` (a longer one is not kept);
    /// what follows them in a filled way is zero.
    private static let room = 32
    private let templates: UnsafeMutablePointer<Template>
    /// `middle` of way `i` at `2 * room * i`, `tail` right after it.
    private let bytes: UnsafeMutablePointer<UInt8>
    /// The terms of way `i`'s plan at `4 * i`.
    private let planTerms: UnsafeMutablePointer<PlanTerm>
    /// Strings whose shape (or row) came from a template (tests see it).
    private let hitCount: UnsafeMutablePointer<Int>
    var hits: Int { hitCount.pointee }

    /// The storage, freed with the ``Owner`` that made it: the templates
    /// are read through plain pointers (a class reference read for every
    /// string was retained and released each time).
    final class Owner {
        let templates: SimpleFormatTemplates
        init() {
            let templates = UnsafeMutablePointer<Template>.allocate(capacity: 2 * SimpleFormatTemplates.sets)
            templates.initialize(repeating: Template(), count: 2 * SimpleFormatTemplates.sets)
            let count = 2 * SimpleFormatTemplates.sets * 2 * SimpleFormatTemplates.room
            // Written as each way is filled (an empty way is never read).
            let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
            let hits = UnsafeMutablePointer<Int>.allocate(capacity: 1)
            hits.initialize(to: 0)
            // Written as each way's plan is made (a way's plan terms are read only when it has a plan).
            let planTerms = UnsafeMutablePointer<PlanTerm>.allocate(capacity: 4 * 2 * SimpleFormatTemplates.sets)
            self.templates = SimpleFormatTemplates(templates: templates, bytes: bytes, planTerms: planTerms,
                                                   hitCount: hits)
        }

        deinit {
            templates.templates.deinitialize(count: 2 * SimpleFormatTemplates.sets)
            templates.templates.deallocate()
            templates.bytes.deallocate()
            templates.planTerms.deallocate()
            templates.hitCount.deallocate()
        }
    }

    /// Whether `count` bytes of `text` from `start` (at most ``room``, the
    /// text at least eight bytes long) are those at `kept`. Read as words,
    /// none of them outside `text` or the kept room.
    @inline(__always)
    private static func same(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int, _ kept: UnsafeMutablePointer<UInt8>) -> Bool {
        let base = text.baseAddress!
        @inline(__always) func word(_ p: UnsafePointer<UInt8>) -> UInt64 { plumb_load_unaligned_u64(p) }
        if count >= 8 {
            var at = 0
            while at &+ 8 < count {
                if word(base + (start &+ at)) != word(kept + at) { return false }
                at &+= 8
            }
            return word(base + (start &+ count &- 8)) == word(kept + (count &- 8))
        }
        // Fewer than eight: the word from `start`, or the text's last word shifted down.
        let mask: UInt64 = (1 &<< (8 &* UInt64(count))) &- 1
        let w = start &+ 8 <= text.count ? word(base + start)
            : word(base + (text.count &- 8)) &>> (8 &* UInt64(start &+ 8 &- text.count))
        return w & mask == word(kept)
    }

    /// The shape ``SimpleFormatFastPath/shape(of:)`` gives `text`, from a
    /// template when one matches; or, from a template, a shape whose second
    /// name is not one name (where that reader gives `nil` or another
    /// shape), which its lookup then refuses. `nameRun`, when not -1, is how many of
    /// the first sixteen bytes of `text` (and what follows it) may continue a name
    /// (``JSONReader/readPlainConstraint()`` finds it as it reads the
    /// string): the first name ends there when it is under sixteen.
    @inline(__always)
    func shape(of text: UnsafeBufferPointer<UInt8>, nameRun: Int = -1) -> SimpleFormatShape? {
        let found = find(text, nameRun: nameRun)
        guard found.way >= 0 else {
            return unmatched(text, set: found.set, word: found.word, remaining: found.remaining, last: found.last)
        }
        // A filled way (a match) always has a shape.
        var shape = templates[found.way].shape.unsafelyUnwrapped
        shape.first.view = SimpleFormatShape.Name(start: 0, end: Int32(truncatingIfNeeded: found.firstEnd))
        if found.secondStart >= 0 {
            shape.second?.view = SimpleFormatShape.Name(
                start: Int32(truncatingIfNeeded: found.secondStart), end: Int32(truncatingIfNeeded: found.secondEnd))
        }
        hitCount.pointee &+= 1
        return shape
    }

    /// The template `text` matches when it has a ``RowPlan``, with the
    /// names' ranges (as ``shape(of:nameRun:)`` finds them); `nil` when no
    /// template matches (then nothing is kept: ``shape(of:nameRun:)`` keeps
    /// the string's) or the one that does has no plan. Not counted among
    /// the ``hits``: the caller counts the string (``countHit()``) once its
    /// row is made.
    @inline(__always)
    func planned(_ text: UnsafeBufferPointer<UInt8>, nameRun: Int) -> PlannedMatch? {
        let found = find(text, nameRun: nameRun)
        guard found.way >= 0 else { return nil }
        let plan = templates[found.way].plan
        guard plan.count > 0 else { return nil }
        return PlannedMatch(plan: plan, terms: UnsafePointer(planTerms + 4 &* found.way), firstEnd: found.firstEnd,
                            secondStart: found.secondStart, secondEnd: found.secondEnd)
    }

    /// Counts a string whose row came from its template's plan.
    @inline(__always)
    func countHit() { hitCount.pointee &+= 1 }

    /// The way of the template `text` matches and its names' ranges
    /// (`secondStart` -1 for one name), or `way` -1 and what
    /// ``unmatched(_:set:word:remaining:last:)`` is given for a string no
    /// template matches (`set` -1 when it has no key).
    @inline(__always)
    private func find(_ text: UnsafeBufferPointer<UInt8>, nameRun: Int) -> (
        way: Int, firstEnd: Int, secondStart: Int, secondEnd: Int, set: Int, word: UInt64, remaining: Int, last: UInt32
    ) {
        let n = text.count
        guard n >= 8, n < Int(Int32.max), let base = text.baseAddress, ByteScanner.isNameStart(base[0]) else {
            return (-1, 0, -1, -1, -1, 0, 0, 0)
        }
        let end: Int
        if UInt(bitPattern: nameRun) < 16 {
            end = nameRun
        } else {
            // The first name's end: one 16-byte test when the bytes are there
            // (names are nearly all shorter), then the word loop if it goes on.
            var s = ByteScanner(text)
            if nameRun == 16, n >= 16 {
                s.position = 16
                s.skipNameContinuation()
            } else {
                s.position = 1
                if n >= 17 { s.position &+= Int(plumb_name_prefix16(base + 1)) }
                if n < 17 || s.position == 17 { s.skipNameContinuation() }
            }
            end = s.position
        }
        let remaining = n &- end
        guard remaining > 0, let word = LayoutAttribute.wordAt(end, in: text) else {
            return (-1, 0, -1, -1, -1, 0, 0, 0)
        }
        let last = UInt32(truncatingIfNeeded: plumb_load_unaligned_u64(base + (n &- 8)) &>> 32)
        let mixed = (word &+ (UInt64(truncatingIfNeeded: remaining) << 32 | UInt64(last)) &* 0xC2B2_AE3D_27D4_EB4F)
            &* 0x9E37_79B9_7F4A_7C15
        let set = Int(truncatingIfNeeded: mixed >> 57)
        for way in 0 ..< 2 {
            let i = 2 &* set &+ way
            let t = templates + i
            guard t.pointee.word == word, Int(t.pointee.remaining) == remaining, t.pointee.last == last,
                  let second = match(t, i, text, firstEnd: end) else { continue }
            return (i, end, second.start, second.end, set, word, remaining, last)
        }
        return (-1, 0, -1, -1, set, word, remaining, last)
    }

    /// Whether `text` is made as template `t` (way `i`) is, its first name
    /// ending at `firstEnd`: then the second name's range, or -1, -1 when
    /// the template names one view; `nil` when it is not.
    @inline(__always)
    private func match(
        _ t: UnsafeMutablePointer<Template>, _ i: Int, _ text: UnsafeBufferPointer<UInt8>, firstEnd: Int
    ) -> (start: Int, end: Int)? {
        let middle = Int(t.pointee.middleCount), kept = bytes + 2 &* Self.room &* i
        let start = firstEnd &+ middle
        guard Self.same(text, firstEnd, middle, kept) else { return nil }
        guard t.pointee.tailCount >= 0 else { return (-1, -1) }
        // The second name is what lies between `middle` and the tail
        // (the template's length, as `remaining` matched): its range is
        // known at once, one byte or more. Its bytes are not tested here:
        // the lookup that binds it tests them, once for each name kept
        // among the recent ones (``SimpleFormatScope/view(namedName:)``).
        let tail = Int(t.pointee.tailCount), end = text.count &- tail
        guard Self.same(text, end, tail, kept + Self.room) else { return nil }
        return (start, end)
    }

    /// The shape of a string no template matched, read in full, and kept
    /// as the newest template of `set` (when it is not -1) if it can be.
    @inline(never)
    private func unmatched(
        _ text: UnsafeBufferPointer<UInt8>, set: Int, word: UInt64, remaining: Int, last: UInt32 = 0
    ) -> SimpleFormatShape? {
        guard set >= 0 else { return SimpleFormatFastPath.shape(of: text) }
        guard let shape = SimpleFormatFastPath.singleSpacedShape(of: text) else {
            return SimpleFormatFastPath.anySpacingShape(of: text)
        }
        let firstEnd = Int(shape.first.view.end)
        let middleEnd = shape.second.map { Int($0.view.start) } ?? text.count
        let tailStart = shape.second.map { Int($0.view.end) } ?? text.count
        let middle = middleEnd - firstEnd, tail = text.count - tailStart
        guard shape.first.view.start == 0, text.count - firstEnd == remaining, middle <= Self.room, tail <= Self.room
        else { return shape }
        let i = 2 * set
        // The older way goes; the newer one moves there.
        if templates[i].remaining > 0 {
            templates[i + 1] = templates[i]
            bytes.advanced(by: 2 * Self.room * (i + 1)).update(from: bytes + 2 * Self.room * i, count: 2 * Self.room)
            (planTerms + 4 * (i + 1)).update(from: planTerms + 4 * i, count: 4)
        }
        let kept = bytes + 2 * Self.room * i
        kept.update(repeating: 0, count: 2 * Self.room)
        kept.update(from: text.baseAddress! + firstEnd, count: middle)
        if tail > 0 { (kept + Self.room).update(from: text.baseAddress! + tailStart, count: tail) }
        templates[i] = Template(
            word: word, remaining: Int32(remaining), middleCount: Int32(middle),
            tailCount: shape.second == nil ? -1 : Int32(tail), last: last, shape: shape,
            plan: Self.plan(of: shape, terms: planTerms + 4 * i))
        return shape
    }

    /// The ``RowPlan`` of a template of `shape` (its terms written at
    /// `terms`, room for four), or one of no terms when its strings' rows
    /// are not all made the same way: a metric (none in a document, but
    /// the shape could name one), a priority out of range, a coefficient
    /// that is zero or not finite, a constant that is not finite. The terms
    /// are those `SystemBuilder.writeTerms` writes for views 0 and 1,
    /// whose variables are 0 to 3 and 4 to 7.
    static func plan(of shape: SimpleFormatShape, terms: UnsafeMutablePointer<PlanTerm>) -> RowPlan {
        guard case .number(let multiplier) = shape.multiplier, case .number(let constant) = shape.constant,
              constant.isFinite else { return RowPlan() }
        var priority = Priority(rawValue: 1000)!
        if let written = shape.priority {
            guard case .number(let value) = written, let valid = Priority(rawValue: value) else { return RowPlan() }
            priority = valid
        }
        let second = shape.second.map { _ in ViewIndex(rawValue: 1) }
        // No collection: a document whose strings miss the templates makes a plan for each miss.
        return withUnsafeTemporaryAllocation(of: (VariableIndex, Double).self, capacity: 4) { scratch in
            let count = SystemBuilder.writeTerms(ViewIndex(rawValue: 0), shape.first.attribute, multiplier: multiplier,
                                                 second, shape.second?.attribute, to: scratch.baseAddress!)
            var offsets: UInt32 = 0, repeats = false
            for i in 0 ..< count {
                let (variable, coefficient) = scratch[i]
                guard coefficient.isFinite, coefficient != 0 else { return RowPlan() }
                let offset = variable.rawValue & 3
                if offsets & 1 << offset != 0 { repeats = true }
                offsets |= 1 << offset
                terms[i] = PlanTerm(coefficient: coefficient, offset: offset, second: variable.rawValue >= 4 ? -1 : 0)
            }
            return RowPlan(count: count, constant: -constant, relation: shape.relation, priority: priority,
                           repeatsOnOneView: repeats)
        }
    }
}
