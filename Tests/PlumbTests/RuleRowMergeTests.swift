import PlumbTestSupport
import Testing
@testable import Plumb

/// `RuleBook.lower` merges each row as it copies it into the builder's row
/// batch (`RowBatch.add(merging:distinct:…)`: a stored term may repeat one
/// of its name's variables or another stored term, a combined row repeats
/// the position). The system must be the one the builder makes of the rows
/// as written (`mergingRepeats: false`, merged on its general path): random
/// rule documents with and without templates, rows that cancel a variable,
/// combined rows, stored values whose own terms repeat or cancel, and rows
/// whose stored value names the superview without repeating a variable.
@Suite struct RuleRowMergeTests {
    typealias Property = SLLTemplatePropertyTests

    @Test func mergedRowsAreTheRowsAsWritten() throws {
        var lowered = 0
        for seed in 0 ..< 400 {
            let json = Property.document(seed: seed)
            let document = try LayoutDocument.parse(Array(json.utf8), source: "random.json")
            for templates in [true, false] {
                let merged = Property.lower(document, templates: templates, mergingRepeats: true)
                let written = Property.lower(document, templates: templates, mergingRepeats: false)
                if merged != written {
                    Issue.record("seed \(seed): \(Property.difference(merged, written)) in \(json)")
                    return
                }
                if templates, merged.diagnostics.isEmpty { lowered += 1 }
            }
        }
        #expect(lowered >= 150, "\(lowered) documents lowered")
    }

    /// Texts whose rows repeat a variable: a sibling's edge measured from the
    /// common superview (`tt = %bt + 8`: the superview's top cancels), the
    /// trailing edge with the center (a combined row: the position cancels),
    /// a value naming the view's own superview (`ll = %w`: no repeat on the
    /// left but the width), and many views, so rows cross the batch's blocks.
    @Test func rowsThatCancelAreMergedAsTheSystemMergesThem() throws {
        // Each text with the number of views it takes (the view before, each time).
        let texts = [("ll = rr = 16, tt = %bt + 8, h = 20", 1), ("rr = 12, cl = 50%, tt = %bb + 2, h = 10", 1),
                     ("cb = %ct - 4, rl = %ll, w = 30, h = 12", 2), ("ll = 10, w = 50% - 18, ct = 50%, h = %h", 1),
                     ("bb = 8, ct = %cb, w = h = 20", 1), ("rr = 4, cl = %cr, tt = 2, cb = 40%", 1),
                     ("ll = 8, ct = 50%, w = h = 28", 0)]
        var views = [#"{"id": "box", "parent": "root"}"#]
        var rules = [#"{"view": "box", "rule": "ll = 0, tt = 0, w = 600, h = 4000"}"#]
        for k in 0 ..< 700 {
            views.append(#"{"id": "v\#(k)", "parent": "box"}"#)
            let (text, views) = texts[k % texts.count]
            let argument = k == 0 ? #""box""# : #""v\#(k - 1)""#
            let arguments = Array(repeating: argument, count: views).joined(separator: ", ")
            rules.append(#"{"view": "v\#(k)", "rule": "\#(text)", "args": [\#(arguments)]}"#)
        }
        let json = #"{"root": {"id": "root", "width": 640, "height": 480}, "views": [\#(views.joined(separator: ", "))], "#
            + #""rules": [\#(rules.joined(separator: ", "))]}"#
        let document = try LayoutDocument.parse(Array(json.utf8), source: "cancel.json")
        for templates in [true, false] {
            let merged = Property.lower(document, templates: templates, mergingRepeats: true)
            let written = Property.lower(document, templates: templates, mergingRepeats: false)
            #expect(merged.diagnostics.isEmpty, "\(merged.diagnostics)")
            #expect(merged == written, "\(Property.difference(merged, written))")
            // No row names a variable twice or keeps a zero coefficient.
            for r in 0 ..< merged.rowStart.count - 1 {
                let columns = merged.columns[Int(merged.rowStart[r]) ..< Int(merged.rowStart[r + 1])]
                #expect(Set(columns).count == columns.count, "row \(r)")
                #expect(!merged.coefficients[Int(merged.rowStart[r]) ..< Int(merged.rowStart[r + 1])].contains(0))
            }
        }
    }

    /// Stored values whose own terms repeat or cancel, merged into the
    /// row as it is copied into the builder's batch: a view named twice
    /// (`w = %w + %w`), a value that cancels (`ll = %ll - %ll + 4`), a
    /// sum on the view's own superview (`tt = %tt + %h`, the arguments the
    /// superview), combined rows whose two values repeat each other
    /// (`rr = %rr + %ll, cl = %cl - %rr`), on one and two threads: the
    /// same rows as the builder makes of them as written.
    @Test func storedTermsThatRepeatOrCancelAreMergedAsTheSystemMergesThem() throws {
        // Each text with its arguments: "p" the view before, "s" the superview.
        let texts: [(String, [String])] = [
            ("ll = 4, w = %w + %w, tt = %bt + 2, h = 10", ["p", "p", "p"]),
            ("ll = %ll - %ll + 4, rr = 6, tt = %bb - %bb + 1, h = %h * 0.5 + %h", ["p", "p", "p", "p", "p", "p"]),
            ("tt = %tt + %h - 20, ll = 2, w = 30, h = 12", ["s", "s"]),
            ("rr = %rr + %ll, cl = %cl - %rr, bb = 4, ct = %ct + %ct - %ct", ["p", "p", "p", "p", "p", "p", "p"]),
            ("ll = %ll + %ll - %ll - %ll + 1, w = 20, tt = 3, h = %h - %h + 9", ["p", "p", "p", "p", "p", "p"]),
            ("rl = %rl + 2, cl = %cl, ct = %ct + %h - %h, cb = %cb", ["p", "s", "p", "p", "p", "p"]),
        ]
        var views = [#"{"id": "box", "parent": "root"}"#]
        var rules = [#"{"view": "box", "rule": "ll = 0, tt = 0, w = 600, h = 4000"}"#]
        for k in 0 ..< 600 {
            views.append(#"{"id": "v\#(k)", "parent": "box"}"#)
            let (text, kinds) = texts[k % texts.count]
            let arguments = kinds.map { $0 == "s" || k == 0 ? #""box""# : #""v\#(k - 1)""# }
            rules.append(#"{"view": "v\#(k)", "rule": "\#(text)", "args": [\#(arguments.joined(separator: ", "))]}"#)
        }
        let json = #"{"root": {"id": "root", "width": 640, "height": 480}, "views": [\#(views.joined(separator: ", "))], "#
            + #""rules": [\#(rules.joined(separator: ", "))]}"#
        let document = try LayoutDocument.parse(Array(json.utf8), source: "repeat.json")
        // Two threads, the caller waiting for the second one's chunks (blocks merged as they are filled).
        let threads = RuleLoweringThreadsTests.two(chunk: 7, waiting: true)
        for templates in [true, false] {
            let written = Property.lower(document, templates: templates, mergingRepeats: false)
            #expect(written.diagnostics.isEmpty, "\(written.diagnostics)")
            for threads in [LoweringThreads.one, threads] {
                let merged = Property.lower(document, templates: templates, mergingRepeats: true, threads: threads)
                #expect(merged == written, "\(Property.difference(merged, written))")
            }
            // Rows that lost a variable to a cancellation: the texts cancel some.
            let widths = (0 ..< written.rowStart.count - 1).map { written.rowStart[$0 + 1] - written.rowStart[$0] }
            #expect(widths.contains(1) && widths.contains(2) && widths.contains(3), "\(Set(widths))")
        }
    }

    /// Tables that one replay of a template's fresh slots wrote get the
    /// rows written for the template's first such table with their own
    /// views put in (`RuleBook.RowShapes`): the same system and schedule as
    /// every table's rows written from its slots (`replayingShapes: false`),
    /// on random documents and on the texts above (rows that cancel, stored
    /// terms that repeat, arguments that are the superview, so views that
    /// coincide), on one and two threads; and the shapes are used.
    @Test func replayedRowShapesAreTheRowsTheSlotsWrite() throws {
        var documents: [(String, LayoutDocument)] = []
        for seed in 0 ..< 150 {
            let json = Property.document(seed: seed)
            documents.append((json, try LayoutDocument.parse(Array(json.utf8), source: "random.json")))
        }
        let texts = ["ll = rr = 16, tt = %bt + 8, h = 20", "rr = %rr + %ll, cl = %cl - %rr, bb = 4, ct = %ct + %ct - %ct",
                     "tt = %tt + %h - 20, ll = 2, w = 30, h = 12", "rr = 4, cl = %cr, tt = 2, cb = 40%",
                     "ll = 8, ct = 50%, w = h = 28"]
        var views = [#"{"id": "box", "parent": "root"}"#]
        var rules = [#"{"view": "box", "rule": "ll = 0, tt = 0, w = 600, h = 4000"}"#]
        for k in 0 ..< 300 {
            views.append(#"{"id": "v\#(k)", "parent": "box"}"#)
            let text = texts[k % texts.count]
            // A specifier is a `%` before a name (`50%` is a fraction).
            let specifiers = zip(text, text.dropFirst()).filter { $0.0 == "%" && $0.1.isLetter }.count
            // Every seventh rule names the superview: views that coincide.
            let argument = k == 0 || k % 7 == 0 ? #""box""# : #""v\#(k - 1)""#
            rules.append(#"{"view": "v\#(k)", "rule": "\#(text)", "args": [\#(Array(repeating: argument, count: specifiers).joined(separator: ", "))]}"#)
        }
        let json = #"{"root": {"id": "root", "width": 640, "height": 480}, "views": [\#(views.joined(separator: ", "))], "#
            + #""rules": [\#(rules.joined(separator: ", "))]}"#
        documents.append((json, try LayoutDocument.parse(Array(json.utf8), source: "shapes.json")))
        var replayed = 0
        for (json, document) in documents {
            let written = Property.lower(document, templates: true, replayingShapes: false)
            for threads in [LoweringThreads.one, RuleLoweringThreadsTests.two(chunk: 7, waiting: true)] {
                let shaped = Property.lower(document, templates: true, threads: threads)
                if shaped != written {
                    Issue.record("\(Property.difference(shaped, written)) in \(json)")
                    return
                }
            }
            replayed += Self.replayedTables(document)
        }
        // The last document's 300 rules are 60 a text: 158 of its tables take a shape when this was
        // written (not those naming the superview, nor those of the two texts whose arguments name one
        // view twice: their slots' views coincide). The random documents repeat few texts (7 tables).
        #expect(Self.replayedTables(documents.last!.1) >= 150)
        #expect(replayed >= 160, "\(replayed) tables replayed")
    }

    /// Tables whose rows `document`'s lowering replayed from a shape.
    private static func replayedTables(_ document: LayoutDocument) -> Int {
        var builder = SystemBuilder(viewCount: document.viewCount, rows: 8 * document.ruleCount)
        var sink = DiagnosticSink()
        return document.lowerRules(into: &builder, sink: &sink)?.replayedTables ?? 0
    }
}
