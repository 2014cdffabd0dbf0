import Foundation
import Testing
import PlumbTestSupport
@testable import Plumb

/// The document reader's fast paths (strings scanned sixteen bytes at a
/// time, constraint strings read straight into their pool, a view's
/// leading `"id"` and `"parent"` read without a key lookup) against a
/// second reading: Foundation's `JSONSerialization` of the same bytes, and
/// the model each random document was written from.
@Suite struct DocumentReadingPropertyTests {
    /// Characters ids and constraints are made of: plain ASCII, the bytes
    /// JSON must escape, and UTF-8 of two, three and four bytes.
    private static let alphabet: [String] = Array("abcxyz_019 .=+-*") .map(String.init)
        + ["\"", "\\", "/", "\n", "\t", "\u{01}", "é", "ß", "日本", "😀", "\u{7F}"]

    private static func randomString(_ rng: inout SplitMix64, maxLength: Int) -> String {
        let length = Int(rng.next() % UInt64(maxLength + 1))
        var s = ""
        let plainOnly = rng.next() % 2 == 0  // half the strings take the fast path all the way
        for _ in 0 ..< length {
            let pick = Int(rng.next() % UInt64(plainOnly ? 16 : alphabet.count))
            s += alphabet[pick]
        }
        return s
    }

    /// `s` as a JSON string, each character escaped or not at random where JSON allows both.
    /// With `unicodeEscapes` false, no `\u` escape is written (a control
    /// character is written `\t`).
    private static func jsonString(_ s: String, _ rng: inout SplitMix64, unicodeEscapes: Bool = true) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            let v = scalar.value
            let escape = unicodeEscapes && rng.next() % 4 == 0
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += escape ? "\\u000a" : "\\n"
            case "\t": out += "\\t"
            case "/": out += escape ? "\\/" : "/"
            default:
                if v < 0x20 {
                    out += unicodeEscapes ? String(format: "\\u%04X", v) : "\\t"
                } else if escape && v >= 0x10000 {
                    let u = v - 0x10000
                    out += String(format: "\\ud%03x\\u%04X", 0x800 + (u >> 10), 0xDC00 + (u & 0x3FF))
                } else if escape {
                    out += String(format: "\\u%04x", v)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    private static func space(_ rng: inout SplitMix64) -> String {
        ["", "", "", " ", "\n", "\t ", "\r\n  ", "                 "][Int(rng.next() % 8)]
    }

    /// A random document: its JSON and what it holds.
    /// An error's problems with their lines and columns, for comparing two reads.
    private static func problems(_ error: any Error) -> [String] {
        ((error as? LayoutError)?.diagnostics ?? []).map { "\($0.problem) \($0.line ?? 0):\($0.column ?? 0)" }
    }

    private struct Model {
        var json = ""
        var rootID = "root"
        var ids: [String] = []
        var parents: [Int32] = [-1]
        var sizes: [Int: (Double, Double)] = [:]
        var constraints: [String] = []
    }

    /// With `oneLine`, no line breaks and no `\u` escapes.
    private static func randomDocument(_ rng: inout SplitMix64, oneLine: Bool = false) -> Model {
        var m = Model()
        let sp = { (rng: inout SplitMix64) in oneLine ? " " : space(&rng) }
        let jsonString = { (s: String, rng: inout SplitMix64) in Self.jsonString(s, &rng, unicodeEscapes: !oneLine) }
        if rng.next() % 3 == 0 { m.rootID = "r" + randomString(&rng, maxLength: 12) }
        let viewCount = Int(rng.next() % 30)
        var views: [String] = []
        for v in 1 ... max(viewCount, 1) where viewCount > 0 {
            let id = randomString(&rng, maxLength: 40) + "#\(v)"  // unique, never the root's
            m.ids.append(id)
            let parent = rng.next() % 3 == 0 ? 0 : Int(rng.next() % UInt64(v))
            m.parents.append(Int32(parent))
            var members: [String] = []
            let idMember = jsonString("id", &rng) + sp(&rng) + ":" + sp(&rng) + jsonString(id, &rng)
            let parentName = parent == 0 ? m.rootID : m.ids[parent - 1]
            let parentMember = jsonString("parent", &rng) + sp(&rng) + ":" + sp(&rng) + jsonString(parentName, &rng)
            members.append(idMember)
            if parent != 0 || rng.next() % 2 == 0 { members.append(parentMember) }
            if rng.next() % 4 == 0 {
                // Numbers in the forms JSON allows.
                let forms: [(String, Double)] = [("0", 0), ("12", 12), ("2.50", 2.5), ("1e1", 10), ("0.5E+1", 5),
                                                 ("125e-2", 1.25), ("3.0e0", 3), ("7", 7)]
                let w = forms[Int(rng.next() % UInt64(forms.count))], h = forms[Int(rng.next() % UInt64(forms.count))]
                members.append("\"intrinsicSize\":" + sp(&rng) + "[" + w.0 + "," + sp(&rng) + h.0 + "]")
                m.sizes[v] = (w.1, h.1)
            }
            if rng.next() % 2 == 0 { members.shuffle(using: &rng) }
            views.append("{" + sp(&rng) + members.joined(separator: sp(&rng) + "," + sp(&rng)) + sp(&rng) + "}")
        }
        for _ in 0 ..< Int(rng.next() % 20) { m.constraints.append(randomString(&rng, maxLength: 60)) }
        var top = [
            "\"root\":" + sp(&rng) + "{\"id\":" + jsonString(m.rootID, &rng) + ",\"width\":320,\"height\":" + sp(&rng) + "480}",
            "\"views\":" + sp(&rng) + "[" + views.joined(separator: "," + sp(&rng)) + sp(&rng) + "]",
            "\"constraints\":" + sp(&rng) + "[" + sp(&rng)
                + m.constraints.map { jsonString($0, &rng) }.joined(separator: sp(&rng) + "," + sp(&rng)) + "]",
        ]
        top.shuffle(using: &rng)
        m.json = sp(&rng) + "{" + top.joined(separator: "," + sp(&rng)) + "}" + sp(&rng)
        return m
    }

    /// Every random document reads as its model says and as
    /// `JSONSerialization` reads it: ids (escaped, non-ASCII, of every
    /// length around the sixteen-byte blocks), parents, intrinsic sizes and
    /// constraint strings, whatever the spacing and the order of keys.
    @Test func randomDocumentsReadAsJSONSerializationReadsThem() throws {
        var rng = SplitMix64(seed: 1511)
        for trial in 0 ..< 400 {
            let m = Self.randomDocument(&rng)
            let bytes = Array(m.json.utf8)
            let document = try LayoutDocument.parse(bytes, source: "doc.json")
            #expect(document.viewIDs == [m.rootID] + m.ids, "trial \(trial)")
            #expect(document.parentIndices == m.parents, "trial \(trial)")
            #expect(document.constraints == m.constraints, "trial \(trial)")
            for v in 1 ..< document.viewCount {
                let size = document.intrinsicSize(at: v)
                let expected = m.sizes[v]
                #expect(size.width == expected?.0 && size.height == expected?.1, "trial \(trial), view \(v)")
            }
            // The second reading.
            let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
            let views = object["views"] as? [[String: Any]] ?? []
            #expect(views.map { $0["id"] as? String } == m.ids.map(Optional.some), "trial \(trial)")
            #expect((object["constraints"] as? [String] ?? []) == document.constraints, "trial \(trial)")
            #expect(((object["root"] as? [String: Any])?["id"] as? String) == document.rootID, "trial \(trial)")
        }
    }

    /// Every prefix of a document (escapes, non-ASCII, strings of all
    /// lengths, on one line) is a syntax error at the right place: inside
    /// a string, "unterminated string" at its opening quote; anywhere else,
    /// a message ending "found end of input" at the end. The fast paths
    /// read sixteen or eight bytes at a time only where that many are left,
    /// so every string meets the end of the input at every byte.
    @Test func everyPrefixOfADocumentIsReportedWhereItEnds() throws {
        var rng = SplitMix64(seed: 77)
        for _ in 0 ..< 3 {
            var m = Self.randomDocument(&rng, oneLine: true)
            while m.json.utf8.count > 1500 { m = Self.randomDocument(&rng, oneLine: true) }
            #expect(!m.json.contains("\\u") && !m.json.contains("\n"))
            // No space after the closing brace: every shorter prefix is incomplete.
            let bytes = Array(m.json.trimmingCharacters(in: .whitespaces).utf8)
            for length in 0 ..< bytes.count {
                let prefix = Array(bytes[..<length])
                // Where a string left open by the prefix starts, if one is.
                var openQuote: Int?
                var k = 0
                while k < length {
                    if let _ = openQuote {
                        if prefix[k] == UInt8(ascii: "\\") { k += 1 } else if prefix[k] == UInt8(ascii: "\"") { openQuote = nil }
                    } else if prefix[k] == UInt8(ascii: "\"") {
                        openQuote = k
                    }
                    k += 1
                }
                let diagnostics: [Diagnostic]
                do {
                    _ = try LayoutDocument.parse(prefix, source: "doc.json")
                    Issue.record("prefix of \(length) bytes parsed")
                    continue
                } catch {
                    diagnostics = error.diagnostics
                }
                guard diagnostics.count == 1, case .invalidJSON(let message) = diagnostics[0].problem else {
                    Issue.record("prefix of \(length) bytes: \(diagnostics.map(\.problem))")
                    continue
                }
                if let quote = openQuote {
                    #expect(message == "unterminated string" && diagnostics[0].column == quote + 1, "prefix \(length): \(message)")
                } else {
                    // Trailing spaces are skipped: the end is where the input ends.
                    #expect(message.hasSuffix("found end of input") && diagnostics[0].column == length + 1,
                            "prefix \(length): \(message) at \(String(describing: diagnostics[0].column))")
                }
            }
        }
    }

    /// Views written `{"id":"ID","parent":"NAME"}` are read by a path of
    /// their own; the same views with a space before the closing brace are
    /// read member by member. Random views, one a line, with duplicate
    /// ids, unknown parents, parents listed later, the root, escaped and
    /// non-ASCII names: both give the same document, or the same problems
    /// at the same lines and columns (the space comes after every place a
    /// problem is reported on its line).
    @Test func plainViewsReadAsViewsReadMemberByMember() throws {
        var rng = SplitMix64(seed: 4242)
        let names = ["a", "b", "cell7", "label_12", "x\\u00e9", "日本", "averyveryverylongviewname_0123456789", "root", "zz"]
        for trial in 0 ..< 300 {
            let count = Int(rng.next() % 12)
            var views: [(String, String?)] = []
            for _ in 0 ..< count {
                let id = names[Int(rng.next() % UInt64(names.count))]
                let parent = rng.next() % 4 == 0 ? nil : names[Int(rng.next() % UInt64(names.count))]
                views.append((id, parent))
            }
            func json(spaced: Bool) -> String {
                let lines = views.map { id, parent in
                    "{\"id\":\"\(id)\"" + (parent.map { ",\"parent\":\"\($0)\"" } ?? "") + (spaced ? " }" : "}")
                }
                return "{\"root\":{\"width\":100,\"height\":100},\"views\":[\n" + lines.joined(separator: ",\n") + "\n]}"
            }
            let plain = Result { try LayoutDocument.parse(Array(json(spaced: false).utf8), source: "doc.json") }
            let spaced = Result { try LayoutDocument.parse(Array(json(spaced: true).utf8), source: "doc.json") }
            switch (plain, spaced) {
            case (.success(let a), .success(let b)):
                #expect(a.viewIDs == b.viewIDs && a.parentIndices == b.parentIndices, "trial \(trial)")
            case (.failure(let a), .failure(let b)):
                #expect(Self.problems(a) == Self.problems(b), "trial \(trial)")
            default:
                Issue.record("trial \(trial): \(plain) against \(spaced)")
            }
        }
    }

    /// Parents while the views are read (the root, the two parents found
    /// last, the view listed just before, then the name table) against a
    /// model: a view's parent is the root or the first view of that id
    /// listed before it; a name listed only later (or the view's own id) is
    /// `parentNotEarlier`, an unknown one `unknownParent`, a repeated id
    /// `duplicateViewID`. Random plain views whose parents are mostly the
    /// last few views and parents (as documents have them), now and then
    /// any earlier view, the view itself, a later one or an unknown name;
    /// ids repeat in some trials; the root is listed before the views or
    /// after them (then every parent waits for the end).
    @Test func parentsAreTheFirstEarlierViewOfTheirName() throws {
        var rng = SplitMix64(seed: 0x9A4E)
        var succeeded = 0
        for trial in 0 ..< 400 {
            let count = 1 + Int(rng.next() % 60)
            let repeats = trial % 5 == 0
            var ids: [String] = []
            for i in 0 ..< count {
                ids.append(repeats && i > 0 && rng.next() % 6 == 0 ? ids[Int(rng.next() % UInt64(i))]
                    : ["c", "cell", "icon", "lbl", "averyverylongname_"][i % 5] + "\(i / 5)")
            }
            var parents: [String] = []
            var used: [String] = []
            let wrong = trial % 4 == 0
            for i in 0 ..< count {
                let r = rng.next() % 100
                let name: String
                if i == 0 || r < 15 {
                    name = "root"
                } else if r < 40 {
                    name = ids[i - 1]
                } else if r < 70, !used.isEmpty {
                    name = used[used.count - 1 - Int(rng.next() % UInt64(min(2, used.count)))]
                } else if wrong && r >= 94 {
                    name = [ids[i], ids[Int(rng.next() % UInt64(count))], "nobody\(i)"][Int(rng.next() % 3)]
                } else {
                    name = ids[Int(rng.next() % UInt64(i))]
                }
                parents.append(name)
                used.append(name)
            }
            // The model.
            var first: [String: Int] = [:]
            var expectedParents: [Int32] = [-1]
            var problems: [String] = []
            for (i, id) in ids.enumerated() where first[id] == nil { first[id] = i + 1 }
            for (i, id) in ids.enumerated() {
                if first[id]! != i + 1 { problems.append("duplicate \(id)") }
                let name = parents[i]
                if name == "root" {
                    expectedParents.append(0)
                } else if let p = first[name] {
                    if p < i + 1 { expectedParents.append(Int32(p)) } else { problems.append("not earlier \(id) \(name)") }
                } else {
                    problems.append("unknown \(id) \(name)")
                }
            }
            let views = zip(ids, parents).map { "{\"id\":\"\($0)\",\"parent\":\"\($1)\"}" }.joined(separator: ",\n")
            let root = "\"root\":{\"width\":100,\"height\":100}"
            let json = trial % 3 == 0 ? "{\"views\":[\n\(views)\n],\(root)}" : "{\(root),\"views\":[\n\(views)\n]}"
            switch Result(catching: { () throws(LayoutError) in try LayoutDocument.parse(Array(json.utf8), source: "doc.json") }) {
            case .success(let document):
                #expect(problems.isEmpty, "trial \(trial): \(problems)")
                #expect(document.parentIndices == expectedParents, "trial \(trial)")
                succeeded += 1
            case .failure(let error):
                let found = error.diagnostics.map { d -> String in
                    switch d.problem {
                    case .duplicateViewID(let id, _): "duplicate \(id)"
                    case .parentNotEarlier(let view, let parent): "not earlier \(view) \(parent)"
                    case .unknownParent(let view, let parent, _): "unknown \(view) \(parent)"
                    default: "\(d.problem)"
                    }
                }
                #expect(found.sorted() == problems.sorted(), "trial \(trial)")
            }
        }
        #expect(succeeded > 200)
    }

    /// Rules written `{"view":"V","rule":"R"}` or with `"args":["A"]` are
    /// read by a path of their own; the same rules with a space before the
    /// closing brace are read member by member. Random rules, one a line:
    /// no arguments, one (a view or a number), two, an empty list; escaped,
    /// non-ASCII and empty strings; members in another order; a missing
    /// member: both give the same rules and arguments, or the same
    /// problems at the same lines and columns.
    @Test func plainRulesReadAsRulesReadMemberByMember() throws {
        var rng = SplitMix64(seed: 0x2B1E)
        let views = ["a", "cell7", "averyveryverylongviewname_0123456789", "x\\u00e9", "日本", ""]
        let texts = ["ll = rr = 16, tt = 8, h = 48", "tt = %bt + 8", "w = 50% - 18", "ll = \\\"8\\\"", "", "é = 1"]
        let argumentLists = ["", ",\"args\":[\"cell7\"]", ",\"args\":[\"a\"]", ",\"args\":[\"x\\u00e9\"]", ",\"args\":[8]",
                             ",\"args\":[\"a\",\"b\"]", ",\"args\":[]", ",\"args\":[\"\"]", ",\"args\":[\"日本\"]"]
        var plainOnes = 0
        for trial in 0 ..< 300 {
            let count = Int(rng.next() % 10)
            func pick(_ strings: [String]) -> String { strings[Int(rng.next() % UInt64(strings.count))] }
            var rules: [(view: String, text: String, arguments: String, form: Int)] = []
            for _ in 0 ..< count {
                let view = pick(views), text = pick(texts), arguments = pick(argumentLists)
                rules.append((view, text, arguments, Int(rng.next() % 12)))
            }
            func json(spaced: Bool) -> String {
                var lines: [String] = []
                for rule in rules {
                    let view = "\"view\":\"" + rule.view + "\"", text = "\"rule\":\"" + rule.text + "\""
                    let members: String
                    switch rule.form {
                    case 0: members = text + "," + view + rule.arguments
                    case 1: members = view + rule.arguments
                    default: members = view + "," + text + rule.arguments
                    }
                    lines.append("{" + members + (spaced ? " }" : "}"))
                }
                let head = "{\"root\":{\"width\":100,\"height\":100},\"views\":[{\"id\":\"a\"},{\"id\":\"cell7\"}],\"rules\":[\n"
                return head + lines.joined(separator: ",\n") + "\n]}"
            }
            plainOnes += rules.filter { $0.form >= 2 && !$0.view.contains("\\") && !$0.text.contains("\\") }.count
            let plain = Result { try LayoutDocument.parse(Array(json(spaced: false).utf8), source: "doc.json") }
            let spaced = Result { try LayoutDocument.parse(Array(json(spaced: true).utf8), source: "doc.json") }
            switch (plain, spaced) {
            case (.success(let a), .success(let b)):
                #expect(a.rules == b.rules && a.rules.count == count, "trial \(trial)")
            case (.failure(let a), .failure(let b)):
                #expect(Self.problems(a) == Self.problems(b), "trial \(trial)")
            default:
                Issue.record("trial \(trial): \(plain) against \(spaced)")
            }
        }
        #expect(plainOnes > 600)
    }
}
