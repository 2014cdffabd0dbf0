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
    }

    private static let sets = 128
    /// Bytes kept of `middle` and of `tail` (a longer one is not kept);
    /// what follows them in a filled way is zero.
    private static let room = 32
    private let templates: UnsafeMutablePointer<Template>
    /// `middle` of way `i` at `2 * room * i`, `tail` right after it.
    private let bytes: UnsafeMutablePointer<UInt8>
    /// Strings whose shape came from a template (tests see it).
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
            self.templates = SimpleFormatTemplates(templates: templates, bytes: bytes, hitCount: hits)
        }

        deinit {
            templates.templates.deinitialize(count: 2 * SimpleFormatTemplates.sets)
            templates.templates.deallocate()
            templates.bytes.deallocate()
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
        let n = text.count
        guard n >= 8, n < Int(Int32.max), let base = text.baseAddress, ByteScanner.isNameStart(base[0]) else {
            return unmatched(text, set: -1, word: 0, remaining: 0)
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
            return unmatched(text, set: -1, word: 0, remaining: 0)
        }
        let last = UInt32(truncatingIfNeeded: plumb_load_unaligned_u64(base + (n &- 8)) &>> 32)
        let mixed = (word &+ (UInt64(truncatingIfNeeded: remaining) << 32 | UInt64(last)) &* 0xC2B2_AE3D_27D4_EB4F)
            &* 0x9E37_79B9_7F4A_7C15
        let set = Int(truncatingIfNeeded: mixed >> 57)
        for way in 0 ..< 2 {
            let i = 2 &* set &+ way
            let t = templates + i
            guard t.pointee.word == word, Int(t.pointee.remaining) == remaining, t.pointee.last == last,
                  let shape = match(t, i, text, firstEnd: end) else { continue }
            hitCount.pointee &+= 1
            return shape
        }
        return unmatched(text, set: set, word: word, remaining: remaining, last: last)
    }

    /// `text`'s shape when it is made as template `t` (way `i`) is, its
    /// first name ending at `firstEnd`; `nil` when it is not.
    @inline(__always)
    private func match(
        _ t: UnsafeMutablePointer<Template>, _ i: Int, _ text: UnsafeBufferPointer<UInt8>, firstEnd: Int
    ) -> SimpleFormatShape? {
        guard var shape = t.pointee.shape else { return nil }
        let middle = Int(t.pointee.middleCount), kept = bytes + 2 &* Self.room &* i
        let start = firstEnd &+ middle
        guard Self.same(text, firstEnd, middle, kept) else { return nil }
        shape.first.view = SimpleFormatShape.Name(start: 0, end: Int32(truncatingIfNeeded: firstEnd))
        if t.pointee.tailCount >= 0 {
            // The second name is what lies between `middle` and the tail
            // (the template's length, as `remaining` matched): its range is
            // known at once, one byte or more. Its bytes are not tested here:
            // the lookup that binds it tests them, once for each name kept
            // among the recent ones (``SimpleFormatScope/view(namedName:)``).
            let tail = Int(t.pointee.tailCount), end = text.count &- tail
            guard Self.same(text, end, tail, kept + Self.room) else { return nil }
            shape.second?.view = SimpleFormatShape.Name(
                start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: end))
        }
        return shape
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
        }
        let kept = bytes + 2 * Self.room * i
        kept.update(repeating: 0, count: 2 * Self.room)
        kept.update(from: text.baseAddress! + firstEnd, count: middle)
        if tail > 0 { (kept + Self.room).update(from: text.baseAddress! + tailStart, count: tail) }
        templates[i] = Template(
            word: word, remaining: Int32(remaining), middleCount: Int32(middle),
            tailCount: shape.second == nil ? -1 : Int32(tail), last: last, shape: shape)
        return shape
    }
}
