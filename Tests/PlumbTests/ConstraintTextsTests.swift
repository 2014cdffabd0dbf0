import Testing
@testable import Plumb

/// Constraint strings read in place (``ConstraintTexts``) by each way of
/// parsing: from `LayoutDocument.Bytes` (`plumb solve`'s mapped file), from
/// an array the document keeps, and from bytes lent for the call (copied
/// once): the same strings, escaped and non-ASCII ones included, the same
/// frames, and the errors (messages, positions and excerpts) that reading
/// them into a pool of copies gave before (`plumb check`'s output at 30e8288).
@Suite struct ConstraintTextsTests {
    /// Strings as JSON writes them: plain ones, escaped ones (the first, two
    /// in a row, one further on), non-ASCII ones, an empty one, and the last
    /// one near the input's end.
    static let elements = [
        #""a.left = \u0072oot.left + 4""#, #""a.width = 100""#, #""a.top = root.top + 2""#,
        #""b.left = a.right \u002B 8""#, #""b.top = a.\u0074op""#, #""b.width = 0.5 * a.width""#,
        "\"\u{E9}.left = b.right + 1\"", "\"\u{E9}.top = b.top\"", #""""#, #""b.height = 20 @ 750""#,
        #""a.height = b.height\t""#, #""\u00E9.width = 10""#, #""c.right = root.right""#,
    ]

    static func json(_ elements: [String]) -> [UInt8] {
        let views = #"[{"id":"a"},{"id":"b","parent":"a"},{"id":"\u00E9"},{"id":"c"}]"#
        return Array(#"{"root":{"id":"root","width":320,"height":200},"views":\#(views),"constraints":[\#(elements.joined(separator: ","))]}"#.utf8)
    }

    /// The document parsed each way: from `Bytes` (on one thread), from
    /// the array, and from a buffer lent for the call.
    static func everyWay(_ bytes: [UInt8]) throws -> [LayoutDocument] {
        [try LayoutDocument.parse(LayoutDocument.Bytes(bytes), source: "doc.json", threads: .one),
         try LayoutDocument.parse(bytes, source: "doc.json"),
         try bytes.withUnsafeBufferPointer { buffer throws(LayoutError) in try LayoutDocument.parse(buffer, source: "doc.json") }]
    }

    /// What lowering and solving a document gives: its frames, or the error's text.
    static func outcome(_ document: LayoutDocument) -> String {
        do {
            let lowered = try document.lower()
            return "\(lowered.frames(from: try lowered.solve()))"
        } catch {
            return "error:\n" + error.description
        }
    }

    @Test func stringsInPlaceAreTheJSONStrings() throws {
        let expected = [
            "a.left = root.left + 4", "a.width = 100", "a.top = root.top + 2", "b.left = a.right + 8", "b.top = a.top",
            "b.width = 0.5 * a.width", "\u{E9}.left = b.right + 1", "\u{E9}.top = b.top", "", "b.height = 20 @ 750",
            "a.height = b.height\t", "\u{E9}.width = 10", "c.right = root.right",
        ]
        for document in try Self.everyWay(Self.json(Self.elements)) {
            #expect(document.constraints == expected)
            // The empty string is a problem of its own.
            #expect(Self.outcome(document) == """
                error:
                constraints[8]:1:1: error: empty constraint
                    
                    ^
                """)
        }
    }

    /// Strings with problems, escaped or plain, among good ones: each
    /// diagnostic (its position in the string, its excerpt, suggestions)
    /// is the one copied strings gave; and without the bad ones, every way
    /// gives the same frames.
    @Test func problemsAndFramesAreAsBefore() throws {
        var elements = Self.elements.filter { $0 != #""""# }
        let good = try Self.everyWay(Self.json(elements)).map(Self.outcome)
        #expect(!good[0].hasPrefix("error") && good.allSatisfy { $0 == good[0] })
        elements.insert(#""\u0061.left = bb.right""#, at: 0)
        elements.insert(#""a.lefty = b.left""#, at: 5)
        elements.insert("\"\u{E9}.widht = 3\"", at: 9)
        elements.append(#""c.top = \"b\".top""#)
        for document in try Self.everyWay(Self.json(elements)) {
            #expect(Self.outcome(document) == """
                error:
                constraints[0]:1:10: error: unknown view 'bb' (did you mean 'b'?)
                    a.left = bb.right
                             ^~
                constraints[5]:1:3: error: unknown attribute 'lefty' (did you mean 'left'?)
                    a.lefty = b.left
                      ^~~~~
                constraints[9]:1:4: error: unknown attribute 'widht' (did you mean 'width'?)
                    \u{E9}.widht = 3
                      ^~~~~
                constraints[15]:1:9: error: expected view attribute, number or metric after '=', found '"'
                    c.top = "b".top
                            ^
                """)
        }
    }

    /// An array's bytes are copied into memory the document owns: the
    /// caller may change its array in place, or let it go, between the parse
    /// and the build (and the allocator may hand its memory to others)
    /// without the document's strings or frames changing.
    @Test func bytesOutliveTheCallersArray() throws {
        let elements = Self.elements.filter { $0 != #""""# }
        let original = Self.json(elements)
        let fresh = try LayoutDocument.parse(original, source: "doc.json")
        let (strings, frames) = (fresh.constraints, Self.outcome(fresh))
        var source = Self.json(elements)  // its own storage, which nothing else shares
        let bytes = LayoutDocument.Bytes(source)
        let document = try LayoutDocument.parse(source, source: "doc.json")
        source.withUnsafeMutableBufferPointer { for i in $0.indices { $0[i] = UInt8(ascii: "x") } }
        source = []
        let churn = (0 ..< 16).map { [UInt8](repeating: UInt8(ascii: "a") &+ UInt8($0), count: original.count) }
        #expect(Array(bytes.buffer) == original)
        #expect(document.constraints == strings)
        #expect(Self.outcome(document) == frames)
        #expect(Self.outcome(try LayoutDocument.parse(bytes, source: "doc.json", threads: .one)) == frames)
        withExtendedLifetime(churn) {}
    }
}
