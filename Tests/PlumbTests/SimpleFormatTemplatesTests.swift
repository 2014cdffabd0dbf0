import Foundation
import Testing
import PlumbTestSupport
import CPlumbKernels
@testable import Plumb

/// `SimpleFormatTemplates`: a shape taken from a template is the one
/// `SimpleFormatFastPath.shape(of:)` reads from the string itself.
@Suite struct SimpleFormatTemplatesTests {
    /// Random strings (`SingleSpacedShapeTests.Generator`: single-spaced,
    /// nearly so, near misses), each followed now and then by the same
    /// string with one of its view names changed (another length, a digit
    /// or a non-name byte in front), so that templates match and nearly match.
    /// A template does not test its second name's bytes: a shape given
    /// where the string's own reading gives none (or another) must have a
    /// second name that is not one name, which binding it then refuses.
    @Test(arguments: [4, 5] as [UInt64])
    func givesTheShapeTheStringHas(seed: UInt64) {
        var generator = SingleSpacedShapeTests.Generator(random: SplitMix64(seed: seed))
        let owner = SimpleFormatTemplates.Owner(), templates = owner.templates
        let renames = ["zz", "cell123", "q", "9a", "c0_11", "a b", "é", "", "abcdefghijklmnopqrs"]
        var compared = 0, untested = 0
        for _ in 0 ..< 12_000 {
            let text = generator.constraint()
            var variants = [text]
            for name in ["a", "b", "cell12", "content", "c0_1"] where text.contains(name + ".") {
                variants.append(text.replacingOccurrences(of: name + ".", with: generator.pick(renames) + "."))
            }
            for variant in variants {
                var utf8 = variant
                utf8.withUTF8 { bytes in
                    let expected = SimpleFormatFastPath.shape(of: bytes)
                    let given = templates.shape(of: bytes)
                    let secondIsName = given?.second.map {
                        ByteScanner.isName(UnsafeBufferPointer(rebasing: bytes[Int($0.view.start) ..< Int($0.view.end)]))
                    } ?? true
                    guard secondIsName else {
                        untested += 1
                        return
                    }
                    #expect((expected == nil) == (given == nil), "\(variant.debugDescription)")
                    if let expected, let given {
                        #expect(SingleSpacedShapeTests.same(expected, given), "\(variant.debugDescription)")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared > 2_500)
        #expect(templates.hits > 400)
        // Renamed to `9a` or `a b` after a template of the same bytes around it.
        #expect(untested >= 5, "\(untested)")
        withExtendedLifetime(owner) {}
    }

    /// `plumb_name_prefix16` (the first name's end, sixteen bytes at a
    /// time) against `ByteScanner.isNameContinuation`: every byte value at
    /// every place among name bytes, and random blocks.
    @Test func sixteenByteNameTestAgreesWithTheByteTest() {
        func expected(_ block: [UInt8]) -> Int { block.firstIndex { !ByteScanner.isNameContinuation($0) } ?? 16 }
        var random = SplitMix64(seed: 34)
        var blocks: [[UInt8]] = []
        for value in 0 ... 255 {
            for place in 0 ..< 16 {
                var block = [UInt8](repeating: UInt8(ascii: "a"), count: 16)
                block[place] = UInt8(value)
                blocks.append(block)
            }
        }
        let alphabet = Array("azAZ09_.- @[`{/:\u{7F}".utf8) + [0x80, 0xC3, 0xFF, 0x00, 0x1F]
        for _ in 0 ..< 4_000 {
            blocks.append((0 ..< 16).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
        }
        var mismatches = 0
        for block in blocks where Int(plumb_name_prefix16(block)) != expected(block) { mismatches += 1 }
        #expect(mismatches == 0)
        // The JSON reader's fused test: both answers of one load.
        var fused = 0
        for block in blocks where plumb_json_special_name16(block) != plumb_json_special16(block) | plumb_name_prefix16(block) << 8 {
            fused += 1
        }
        #expect(fused == 0)
    }

    /// Expects `templates` to give `text` (single-spaced) the shape it has;
    /// returns whether the shape came from a template.
    static func shapeIsRight(_ text: String, _ templates: SimpleFormatTemplates) -> Bool {
        var utf8 = text
        return utf8.withUTF8 { bytes in
            let before = templates.hits
            let given = templates.shape(of: bytes)
            let expected = SimpleFormatFastPath.singleSpacedShape(of: bytes)
            #expect(given != nil && expected != nil && SingleSpacedShapeTests.same(given!, expected!), "\(text)")
            return templates.hits > before
        }
    }

    /// A document's strings: a template made from one string gives the
    /// next ones of its shape with their own names and numbers kept.
    @Test func matchesAnotherStringOfTheSameShape() {
        let owner = SimpleFormatTemplates.Owner(), templates = owner.templates
        let texts = [
            "cell0.left = content.left + 16", "cell1.left = content.left + 16", "cell22.left = content.left + 16",
            "icon0.left = cell0.left + 8", "icon1.left = cell1.left + 8", "icon1.left = cell1.left + 9",
            "c0_0.height = 0.75 * c0_0.width", "c0_1.height = 0.75 * c0_1.width", "c0_1.height = 0.5 * c0_1.width",
            "cell0.height = 48", "cell1.height = 48", "cell2.height = 60", "cell3.height = 48",
        ]
        var hits: [Int] = []
        for text in texts where Self.shapeIsRight(text, templates) { hits.append(texts.firstIndex(of: text)!) }
        // Each string whose shape and other bytes an earlier one had, and only those.
        #expect(hits == [1, 2, 4, 7, 10, 12])
        withExtendedLifetime(owner) {}
    }

    /// Shapes whose strings have the same eight bytes after the first name,
    /// the same length and the same last byte (`= 20`, `= 40`, `= 60`, as
    /// `cards` writes three heights): each keeps a template of its own, so
    /// every string after the first round comes from one. Strings of one
    /// key that differ in the middle (`0.5 *`, `0.7 *`, `0.9 *`) still get
    /// their own shape, from a template or read in full.
    @Test func shapesEndingAlikeKeepTheirTemplates() {
        let owner = SimpleFormatTemplates.Owner(), templates = owner.templates
        let rounds = 3
        var hits = 0
        for round in 0 ..< rounds {
            let texts = ["title\(round).height = 20", "sub\(round).height = 40", "badge\(round).height = 60",
                         "a\(round).width = 0.5 * b.width", "a\(round).width = 0.7 * b.width", "a\(round).width = 0.9 * b.width"]
            for (k, text) in texts.enumerated() where Self.shapeIsRight(text, templates) && k < 3 && round > 0 {
                hits += 1
            }
        }
        #expect(hits == 3 * (rounds - 1))
        withExtendedLifetime(owner) {}
    }
    /// A document's strings whose first names are 1 to 40 bytes (ending
    /// before, at and past the edge of the reader's first sixteen-byte
    /// block), a second name that is the first or another, some written
    /// with escapes (decoded: no run) and the last near the input's end (no
    /// whole block: no run), parsed on one thread and read ahead: each
    /// string's name run is how many of its first sixteen bytes may
    /// continue a name, or -1, and the constraint compiled with it (through
    /// the templates) is the general path's.
    @Test func theReadersNameRunGivesTheFirstNamesEnd() throws {
        let letters = Array("abcdefghij_klmnopqrstuvwxyz0123456789ABCDEFGHIJ".utf8)
        let names = (1 ... 40).map { String(decoding: letters[0 ..< $0], as: UTF8.self) }
        var texts: [String] = []
        for (k, a) in names.enumerated() {
            let b = names[(k * 7 + 3) % names.count]
            texts += ["\(a).height = 0.75 * \(b).width", "\(a).left = \(b).right + 8", "\(a).top = \(a).top - 4",
                      "\(a).width = 0.5 * \(a).height", "\(a).width = 20", "\(a).bottom <= \(b).bottom @ 750",
                      "\(a).centerX = \(b).centerX", "\(a).left = abcd.left + 8", "\(a).height = 0.75 * abcde.width"]
        }
        // Escaped: `\u0061` is `a`, `\u002e` is `.`.
        var written = texts.map { "\"\($0)\"" }
        let escaped = Array(stride(from: 5, to: written.count, by: 37))
        for k in escaped {
            written[k] = "\"" + texts[k].replacingOccurrences(of: ".", with: "\\u002e") + "\""
        }
        written.append("\"a.width = 1\"")
        let views = names.map { #"{"id":"\#($0)"}"# }.joined(separator: ",")
        let json = #"{"root":{"width":100,"height":100},"views":["# + views + #"],"constraints":["#
            + written.joined(separator: ",") + "]}"
        let bytes = Array(json.utf8)
        let kept = LayoutDocument.Bytes(bytes)
        let ahead = ConstraintReadAhead(kept, chunk: 16)
        ahead.read(chunks: 5)
        let documents = [try LayoutDocument.parse(bytes, source: "doc.json"),
                         try LayoutDocument.parse(kept, source: "doc.json", readAhead: ahead)]
        #expect(ahead.handedOver > 0)
        let slot = UnsafeMutablePointer<ResolvedSimpleFormat<ViewIndex>>.allocate(capacity: 1)
        defer { slot.deallocate() }
        for document in documents {
            let scope = DocumentScope(document: document)
            #expect(scope.shapeTemplates != nil)
            var known = 0, unknown = 0
            let count = document.constraintTexts.count
            #expect(count == written.count)
            document.constraintTexts.withTexts { all in
                for i in 0 ..< count {
                    let text = all[i], run = all.nameRun(i), shown = String(decoding: text, as: UTF8.self)
                    let continuing = text.prefix { ByteScanner.isNameContinuation($0) }.count
                    if run < 0 { unknown += 1 } else { known += 1 }
                    #expect(run == -1 || run == min(continuing, 16), "\(shown): run \(run)")
                    var problems: [(LayoutProblem, Range<Int>)] = []
                    let general = SimpleFormatSema.parseAndResolve(text, in: scope, problems: &problems)
                    let compiled = SimpleFormatSema.compile(text, in: scope, problems: &problems, into: slot, nameRun: run)
                    #expect(compiled && general != nil, "\(shown)")
                    if compiled, let general {
                        #expect(SimpleFormatFastPathTests.same(slot.pointee, general, ==), "\(shown)")
                    }
                }
            }
            // The escaped strings and the last one have no run.
            #expect(unknown == escaped.count + 1 && known == written.count - unknown, "\(known) \(unknown)")
            #expect(scope.shapeTemplates!.hits > 100, "\(scope.shapeTemplates!.hits)")
        }
    }
}
