import Testing
@testable import Plumb

@Suite struct DocumentParsingTests {
    /// The example of the spec, without its rules.
    static let specExample = """
        {
          "id": "example",
          "root": {"id": "root", "width": 1024, "height": 768},
          "views": [
            {"id": "card", "parent": "root"},
            {"id": "title", "parent": "card", "intrinsicSize": [120, 20]}
          ],
          "constraints": [
            "card.left = root.left + 16",
            "card.width = 0.5 * root.width - 24",
            "title.width >= 40",
            "title.width = 120 @ 250"
          ]
        }
        """

    @Test func specExample() throws {
        let doc = try parseDocument(Self.specExample)
        #expect(doc.id == "example" && doc.source == "doc.json")
        #expect(doc.rootID == "root" && doc.rootWidth == 1024 && doc.rootHeight == 768)
        #expect(doc.viewCount == 3 && doc.viewIDs == ["root", "card", "title"])
        #expect(doc.parentIndices == [-1, 0, 1])
        #expect(doc.intrinsicSize(at: 2) == IntrinsicSize(width: 120, height: 20))
        #expect(doc.intrinsicSize(at: 1) == .none)
        #expect(doc.constraintCount == 4 && doc.constraints[1] == "card.width = 0.5 * root.width - 24")
        #expect(doc.rules.isEmpty)
    }

    @Test func defaultsAndKeyOrder() throws {
        // `root` after `views`, no root id, no parents, no constraints.
        let doc = try parseDocument(#"{"views": [{"id": "a"}, {"parent": "a", "id": "b"}], "root": {"height": 2, "width": 1}}"#)
        #expect(doc.id == nil && doc.rootID == "root" && doc.viewIDs == ["root", "a", "b"])
        #expect(doc.parentIndices == [-1, 0, 1] && doc.constraintCount == 0)
        let renamed = try parseDocument(#"{"views": [{"id": "a", "parent": "window"}], "root": {"id": "window", "width": 1, "height": 2}}"#)
        #expect(renamed.viewIDs == ["window", "a"] && renamed.parentIndices == [-1, 0])
    }

    /// Views written `{"id":"…","parent":"…"` with no white space have
    /// those two members read without their keys looked up; the document
    /// is the one read from the same views spaced out or in another order.
    @Test func compactViewsReadAsSpacedOnes() throws {
        let views = [(#"{"id":"a","parent":"root"}"#, #"{ "id" : "a" , "parent" : "root" }"#),
                     (#"{"id":"b","parent":"a","hugging":[1,2]}"#, #"{"hugging": [1, 2], "parent": "a", "id": "b"}"#),
                     (#"{"id":"c\u0041","parent":"b"}"#, #"{"parent": "b", "id": "cA"}"#),
                     (#"{"id":"d","intrinsicSize":[3,4]}"#, #"{"intrinsicSize": [3, 4], "id": "d"}"#),
                     (#"{"id":"e","parent":"g"}"#, #"{"parent": "g", "id": "e"}"#),
                     (#"{"id":"f","parent":"cA"}"#, #"{"id": "f", "parent": "cA"}"#),
                     (#"{"id":"g","parent":"root"}"#, #"{"parent": "root", "id": "g"}"#)]
        func json(_ objects: [String]) -> String {
            #"{"root":{"width":10,"height":10},"views":["# + objects.joined(separator: ",") + "]}"
        }
        let compact = try? parseDocument(json(views.map(\.0)))
        #expect(compact == nil)  // `e` names a parent listed after it
        #expect(documentErrors(json(views.map(\.0))).map(\.problem) == documentErrors(json(views.map(\.1))).map(\.problem))
        let valid = Array(views[0 ..< 4]) + [views[5]]
        let a = try parseDocument(json(valid.map(\.0))), b = try parseDocument(json(valid.map(\.1)))
        #expect(a.viewIDs == ["root", "a", "b", "cA", "d", "f"] && a.viewIDs == b.viewIDs)
        #expect(a.parentIndices == [-1, 0, 1, 2, 0, 3] && a.parentIndices == b.parentIndices)
        #expect(a.intrinsicSize(at: 4) == b.intrinsicSize(at: 4) && a.huggingPriorities(at: 2) == (1, 2))
    }

    /// The same for rules written `{"view":"…","rule":"…"`.
    @Test func compactRulesReadAsSpacedOnes() throws {
        let rules = [(#"{"view":"a","rule":"w = 1"}"#, #"{ "view" : "a" , "rule" : "w = 1" }"#),
                     (#"{"view":"a","rule":"tt = %bt","args":["root"]}"#, #"{"args": ["root"], "rule": "tt = %bt", "view": "a"}"#),
                     (#"{"view":"a\u0041","rule":"h = 2"}"#, #"{"rule": "h = 2", "view": "aA"}"#),
                     (#"{"view":"a","args":[3],"rule":"ll = %0"}"#, #"{"view": "a", "args": [3], "rule": "ll = %0"}"#)]
        func json(_ objects: [String]) -> String {
            #"{"root":{"width":10,"height":10},"views":[{"id":"a"},{"id":"aA"}],"rules":["# + objects.joined(separator: ",") + "]}"
        }
        let a = try parseDocument(json(rules.map(\.0))), b = try parseDocument(json(rules.map(\.1)))
        #expect(a.rules.count == 4 && a.rules == b.rules)
        let bad = [#"{"view":"a","rule":5}"#, #"{"view":"a","rule":"w = 1","view":"b"}"#, #"{"view":5,"rule":"w = 1"}"#]
        let spaced = [#"{"view": "a", "rule": 5}"#, #"{"view": "a", "rule": "w = 1", "view": "b"}"#, #"{"view": 5, "rule": "w = 1"}"#]
        #expect(documentErrors(json(bad)).map(\.problem) == documentErrors(json(spaced)).map(\.problem))
    }

    @Test func intrinsicSizesPrioritiesAndRules() throws {
        let doc = try parseDocument("""
            {"root": {"width": 10, "height": 10},
             "views": [{"id": "a", "intrinsicSize": [null, 20.5], "hugging": [1, 1000], "compressionResistance": [500, 999.5]}],
             "rules": [{"view": "a", "rule": "tt = %bt + 8", "args": ["root", 2.5]}, {"rule": "w = 1", "view": "a"}]}
            """)
        #expect(doc.intrinsicSize(at: 1) == IntrinsicSize(height: 20.5))
        #expect(doc.huggingPriorities(at: 1) == (1, 1000) && doc.compressionResistancePriorities(at: 1) == (500, 999.5))
        #expect(doc.huggingPriorities(at: 0) == (.low, .low) && doc.compressionResistancePriorities(at: 0) == (.high, .high))
        #expect(doc.rules == [
            .init(view: "a", rule: "tt = %bt + 8", args: [.view("root"), .number(2.5)]),
            .init(view: "a", rule: "w = 1"),
        ])
    }

    /// The views' and rules' columns are reserved from the bytes left when
    /// their arrays begin, by estimates of how much of those bytes are ids,
    /// texts and arguments: ids and rule strings nearly as long as their
    /// objects, far past the estimates, still read back whole (the columns
    /// grow past the room reserved), and so do views and rules packed as
    /// tightly as they can be, more of them than a typical document's bytes hold.
    @Test func viewsAndRulesPastTheReservedRoomReadBack() throws {
        let long = (0 ..< 150).map { "v\(String(repeating: "x", count: 400))\($0)" }
        let views = long.map { #"{"id":"\#($0)"}"# }.joined(separator: ",")
        let rules = long.map { #"{"view":"\#($0)","rule":"h = 1 + \#(String(repeating: "0", count: 900))","args":["\#($0)"]}"# }
        let doc = try parseDocument(#"{"root":{"width":1,"height":1},"views":[\#(views)],"rules":[\#(rules.joined(separator: ","))]}"#)
        #expect(doc.viewIDs == ["root"] + long)
        #expect(doc.rules == long.map { .init(view: $0, rule: "h = 1 + " + String(repeating: "0", count: 900), args: [.view($0)]) })
        let short = (0 ..< 2000).map { "\($0)" }
        let packedViews = short.map { #"{"id":"\#($0)"}"# }.joined(separator: ",")
        let packedRules = short.map { #"{"view":"\#($0)","rule":""}"# }.joined(separator: ",")
        let packed = try parseDocument(#"{"root":{"width":1,"height":1},"views":[\#(packedViews)],"rules":[\#(packedRules)]}"#)
        #expect(packed.viewIDs == ["root"] + short)
        #expect(packed.rules == short.map { .init(view: $0, rule: "") })
    }

    @Test func stringsWithEscapesAndUnicode() throws {
        let doc = try parseDocument(#"{"root": {"width": 1, "height": 1}, "views": [{"id": "\u0041\u00e9\ud83d\ude00\n"}, {"id": "größe"}], "constraints": ["A\u00e9.width = 1\t"]}"#)
        #expect(doc.viewIDs == ["root", "Aé😀\n", "größe"])
        #expect(doc.constraints == ["Aé.width = 1\t"])
    }

    @Test func numbers() throws {
        let doc = try parseDocument(#"{"root": {"width": 1.5e2, "height": 0.000125E+3}, "views": [{"id": "a", "intrinsicSize": [-0, 12345678.87654321]}]}"#)
        #expect(doc.rootWidth == 150 && doc.rootHeight == 0.125)
        #expect(doc.intrinsicSize(at: 1) == IntrinsicSize(width: 0, height: 12345678.87654321))
    }

    // MARK: - Syntax errors (the walk stops at the first)

    @Test func syntaxErrors() {
        documentDiagnosticTest(#"{"root": {"width": 10, "height": 5},}"#,
                               .invalidJSON("expected a string key, found '}'"), at: (1, 37))
        documentDiagnosticTest("{\"root\": {\"width\": 10,\n  \"height\": 5]}",
                               .invalidJSON("expected ',' or '}' after an object member, found ']'"), at: (2, 14))
        documentDiagnosticTest("", .invalidJSON("expected a value, found end of input"), at: (1, 1))
        documentDiagnosticTest(#"{"root": {"width": 01, "height": 5}}"#,
                               .invalidJSON("expected ',' or '}' after an object member, found '1'"), at: (1, 21))
        documentDiagnosticTest(#"{"root": {"width": 1., "height": 5}}"#,
                               .invalidJSON("expected a digit after '.', found ','"), at: (1, 22))
        documentDiagnosticTest(#"{"root": {"width": NaN, "height": 5}}"#,
                               .invalidJSON("expected a value, found 'N'"), at: (1, 20))
        documentDiagnosticTest(#"{"root": {"id": "a\qb", "width": 1, "height": 5}}"#,
                               .invalidJSON("invalid escape '\\q' in a string"), at: (1, 19))
        documentDiagnosticTest(#"{"root": {"id": "\ud800", "width": 1, "height": 5}}"#,
                               .invalidJSON("unpaired surrogate in \\u escape"), at: (1, 18))
        documentDiagnosticTest("{\"root\": {\"id\": \"a\tb\"}}",
                               .invalidJSON("control character byte 0x9 in a string; escape it"), at: (1, 19))
        documentDiagnosticTest(#"{"root": {"id": "abc, "width": 1}}"#,
                               .invalidJSON("expected ',' or '}' after an object member, found 'w'"), at: (1, 24))
        documentDiagnosticTest(#"{"root": {"width": 1, "height": 1}} x"#,
                               .invalidJSON("unexpected content after the document"), at: (1, 37))
        documentDiagnosticTest(#"{"root": {"width": 1, "height": 1}, "id": tru}"#,
                               .wrongType(path: "id", expected: "a string", found: "a boolean"),
                               .invalidJSON("expected 'true' or 'false', found 't'"), at: (1, 43))
    }

    @Test func invalidUTF8() {
        var bytes = Array(#"{"root": {"id": "ab", "width": 1, "height": 1}}"#.utf8)
        bytes[18] = 0xFF
        let error = #expect(throws: LayoutError.self) { try LayoutDocument.parse(bytes, source: "doc.json") }
        #expect(error?.problems == [.invalidJSON("invalid UTF-8 in a string")])
        #expect(error?.diagnostics.first?.column == 17)
    }

    @Test func syntaxErrorKeepsEarlierProblems() {
        documentDiagnosticTest(#"{"root": {"width": -1, "height": 5}, "views": [}"#,
                               .negativeValue(path: "root.width", -1),
                               .invalidJSON("expected a value, found '}'"), at: (1, 20))
    }

    @Test func deepNestingIsRejected() {
        let deep = #"{"root": {"width": 1, "height": 1}, "extra": "# + String(repeating: "[", count: 600)
        let diagnostics = documentErrors(deep)
        #expect(diagnostics.last?.problem == .invalidJSON("expected nesting at most 512 levels deep, found '['"))
    }

    // MARK: - Structure

    @Test func rootProblems() {
        documentDiagnosticTest(#"{"views": []}"#, .missingKey(path: "document", key: "root"), at: (1, 1))
        documentDiagnosticTest(#"{"root": {"width": 1}}"#, .missingKey(path: "root", key: "height"), at: (1, 10))
        documentDiagnosticTest(#"{"root": {"width": "320", "height": 1e999}}"#,
                               .wrongType(path: "root.width", expected: "a number", found: "a string"),
                               .nonFiniteValue(path: "root.height"), at: (1, 20))
        documentDiagnosticTest(#"{"root": {"width": 10, "height": -0.5}}"#,
                               .negativeValue(path: "root.height", -0.5), at: (1, 34))
        documentDiagnosticTest(#"{"root": [1, 2]}"#,
                               .wrongType(path: "root", expected: "an object", found: "an array"), at: (1, 10))
        documentDiagnosticTest(#"[1]"#, .wrongType(path: "document", expected: "an object", found: "an array"), at: (1, 1))
        documentDiagnosticTest(#"{"root": {"id": "", "width": 1, "height": 1}}"#, .emptyID(path: "root.id"), at: (1, 17))
    }

    @Test func keys() {
        documentDiagnosticTest(#"{"root": {"width": 1, "height": 1}, "constraint": []}"#,
                               .unknownKey(path: "document", key: "constraint", suggestion: "constraints"), at: (1, 37))
        documentDiagnosticTest(#"{"root": {"width": 1, "height": 1, "widht": 3}}"#,
                               .unknownKey(path: "root", key: "widht", suggestion: "width"), at: (1, 36))
        documentDiagnosticTest(#"{"root": {"width": 1, "height": 1, "width": 3}}"#,
                               .duplicateKey(path: "root", key: "width"), at: (1, 36))
        documentDiagnosticTest(#"{"root": {"width": 1, "height": 1}, "views": [{"id": "a", "colour": "red"}]}"#,
                               .unknownKey(path: "views[0]", key: "colour", suggestion: nil), at: (1, 59))
    }

    @Test func views() {
        documentDiagnosticTest(#"{"root": {"width": 1, "height": 1}, "views": [{"id": "a"}, {"id": "a"}]}"#,
                               .duplicateViewID("a", previous: "views[0]"), at: (1, 67))
        documentDiagnosticTest(#"{"root": {"width": 1, "height": 1}, "views": [{"id": "root"}]}"#,
                               .duplicateViewID("root", previous: "root"), at: (1, 54))
        documentDiagnosticTest(#"{"root": {"width": 1, "height": 1}, "views": [{"id": "a", "parent": "b"}, {"id": "b"}]}"#,
                               .parentNotEarlier(view: "a", parent: "b"), at: (1, 69))
        documentDiagnosticTest(#"{"root": {"width": 1, "height": 1}, "views": [{"id": "a", "parent": "a"}]}"#,
                               .parentNotEarlier(view: "a", parent: "a"), at: (1, 69))
        documentDiagnosticTest(#"{"root": {"width": 1, "height": 1}, "views": [{"id": "card"}, {"id": "b", "parent": "crad"}]}"#,
                               .unknownParent(view: "b", parent: "crad", suggestion: "card"), at: (1, 85))
        documentDiagnosticTest(#"{"root": {"width": 1, "height": 1}, "views": [{"parent": "root"}, {"id": ""}, {"id": 3}]}"#,
                               .missingKey(path: "views[0]", key: "id"), .emptyID(path: "views[1].id"),
                               .wrongType(path: "views[2].id", expected: "a string", found: "a number"), at: (1, 47))
        documentDiagnosticTest(#"{"root": {"width": 1, "height": 1}, "views": [{"id": "a", "intrinsicSize": [1]}]}"#,
                               .wrongArrayLength(path: "views[0].intrinsicSize", expected: 2, found: 1), at: (1, 76))
        documentDiagnosticTest(#"{"root": {"width": 1, "height": 1}, "views": [{"id": "a", "intrinsicSize": [-1, "2"]}]}"#,
                               .negativeValue(path: "views[0].intrinsicSize[0]", -1),
                               .wrongType(path: "views[0].intrinsicSize[1]", expected: "a number or null", found: "a string"),
                               at: (1, 77))
        documentDiagnosticTest(#"{"root": {"width": 1, "height": 1}, "views": [{"id": "a", "hugging": [0, 1001]}]}"#,
                               .invalidPriority(path: "views[0].hugging[0]", 0),
                               .invalidPriority(path: "views[0].hugging[1]", 1001), at: (1, 71))
        documentDiagnosticTest(#"{"root": {"width": 1, "height": 1}, "views": [{"id": "a", "compressionResistance": [null, 5]}]}"#,
                               .wrongType(path: "views[0].compressionResistance[0]", expected: "a number", found: "null"),
                               at: (1, 85))
        documentDiagnosticTest(#"{"root": {"width": 1, "height": 1}, "views": {}}"#,
                               .wrongType(path: "views", expected: "an array", found: "an object"), at: (1, 46))
    }

    @Test func constraintsAndRulesMustBeStrings() {
        documentDiagnosticTest(#"{"root": {"width": 1, "height": 1}, "constraints": ["a", 3, null], "id": 7}"#,
                               .wrongType(path: "constraints[1]", expected: "a string", found: "a number"),
                               .wrongType(path: "constraints[2]", expected: "a string", found: "null"),
                               .wrongType(path: "id", expected: "a string", found: "a number"), at: (1, 58))
        documentDiagnosticTest(#"{"root": {"width": 1, "height": 1}, "rules": [{"view": "a", "args": [true]}]}"#,
                               .missingKey(path: "rules[0]", key: "rule"),
                               .wrongType(path: "rules[0].args[0]", expected: "a view id or a number", found: "a boolean"),
                               at: (1, 47))
        // Both keys missing: the view's reported first, then the rule's, where the rule starts.
        documentDiagnosticTest(#"{"root": {"width": 1, "height": 1}, "rules": [{"args": []}, {"rule": "w = 1"}]}"#,
                               .missingKey(path: "rules[0]", key: "view"), .missingKey(path: "rules[0]", key: "rule"),
                               .missingKey(path: "rules[1]", key: "view"), at: (1, 47))
    }

    /// Every problem in a multi-line document, each at its line and column, rendered with an excerpt.
    @Test func everyProblemWithItsPosition() throws {
        let json = """
            {
              "root": {"width": 320, "height": -1},
              "views": [
                {"id": "a"},
                {"id": "a", "parent": "nowhere"},
                {"id": "b", "hugging": [250, 2000]}
              ]
            }
            """
        let diagnostics = documentErrors(json)
        #expect(diagnostics.map(\.problem) == [
            .negativeValue(path: "root.height", -1),
            .duplicateViewID("a", previous: "views[0]"),
            .unknownParent(view: "a", parent: "nowhere", suggestion: nil),
            .invalidPriority(path: "views[2].hugging[1]", 2000),
        ])
        #expect(diagnostics.map { "\($0.line ?? 0):\($0.column ?? 0)" } == ["2:36", "5:12", "5:27", "6:34"])
        #expect(diagnostics.allSatisfy { $0.location == "doc.json" })
        #expect(diagnostics[3].description == """
            doc.json:6:34: error: 'views[2].hugging[1]': priority 2000 is outside 1...1000
                    {"id": "b", "hugging": [250, 2000]}
                                                 ^~~~
            """)
    }

    /// A problem found once the views are read (an unknown parent) comes
    /// before one found in a later view as they were read: the problems
    /// are sorted by position, two of them as well as more.
    @Test func twoProblemsAreReportedInTheirOrder() {
        documentDiagnosticTest(#"{"root": {"width": 1, "height": 1}, "views": [{"id": "a", "parent": "zz"}, {"id": "b", "hugging": [250, 2000]}]}"#,
                               .unknownParent(view: "a", parent: "zz", suggestion: nil),
                               .invalidPriority(path: "views[1].hugging[1]", 2000), at: (1, 69))
    }

    @Test func longLinesAreShownAsAWindow() throws {
        let padding = String(repeating: "{\"id\": \"v\"}, ", count: 0)
        var views = (0 ..< 40).map { "{\"id\": \"view\($0)\"}" }
        views.append(#"{"id": "x", "intrinsicSize": [1, -2]}"#)
        views += (40 ..< 80).map { "{\"id\": \"view\($0)\"}" }
        let json = #"{"root": {"width": 1, "height": 1}, "views": ["# + padding + views.joined(separator: ", ") + "]}"
        let d = try #require(documentErrors(json).first)
        #expect(d.problem == .negativeValue(path: "views[40].intrinsicSize[1]", -2))
        let excerpt = try #require(d.excerpt)
        #expect(excerpt.hasPrefix("…") && excerpt.hasSuffix("…"))
        #expect(excerpt.count <= SourceLocator.excerptWindow + 2)
        let caret = excerpt.index(excerpt.startIndex, offsetBy: d.caretOffset)
        #expect(excerpt[caret...].hasPrefix("-2]"))
    }

    /// The view and rule keys are found without their arrays; every key
    /// (and every other string, keys with a byte changed or missing among
    /// them) gets the index the arrays give.
    @Test func viewAndRuleKeysMatchTheirArrays() {
        for (keys, field) in [(DocumentParser.viewKeys, DocumentParser.viewField),
                              (DocumentParser.ruleKeys, DocumentParser.ruleField)] {
            var candidates = keys.map { $0.description } + ["", "i", "ids", "Id", "parents", "texts", "rules", "vie", "args "]
            for key in keys.map(\.description) {
                candidates.append(String(key.dropLast()) + "x")
                candidates.append(String(key.dropFirst()))
            }
            for candidate in candidates {
                var bytes = Array(candidate.utf8)
                bytes.withUnsafeMutableBufferPointer { b in
                    let key = UnsafeBufferPointer(b)
                    #expect(field(key) == DocumentParser.match(key, keys), "\(candidate)")
                }
            }
        }
    }
}
