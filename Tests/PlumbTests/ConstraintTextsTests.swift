import Testing
@testable import Plumb

/// Constraint strings read in place (``ConstraintTexts``: a document given
/// bytes it keeps, `LayoutDocument.Bytes`) against the same document read
/// from bytes it copies: the same strings, escaped and non-ASCII ones
/// included, the same frames, and the same errors (messages, positions and
/// excerpts).
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

    /// The document read in place (on one thread) and copied.
    static func both(_ bytes: [UInt8]) throws -> (inPlace: LayoutDocument, copied: LayoutDocument) {
        let inPlace = try LayoutDocument.parse(LayoutDocument.Bytes(bytes), source: "doc.json", threads: .one)
        let copied = try LayoutDocument.parse(bytes, source: "doc.json")
        #expect(inPlace.constraintTexts.isInPlace && !copied.constraintTexts.isInPlace)
        return (inPlace, copied)
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

    @Test func stringsInPlaceAreTheCopiedOnes() throws {
        let (inPlace, copied) = try Self.both(Self.json(Self.elements))
        let expected = [
            "a.left = root.left + 4", "a.width = 100", "a.top = root.top + 2", "b.left = a.right + 8", "b.top = a.top",
            "b.width = 0.5 * a.width", "\u{E9}.left = b.right + 1", "\u{E9}.top = b.top", "", "b.height = 20 @ 750",
            "a.height = b.height\t", "\u{E9}.width = 10", "c.right = root.right",
        ]
        #expect(copied.constraints == expected)
        #expect(inPlace.constraints == expected)
        // The empty string is a problem of its own: the same error either way.
        let outcomes = (Self.outcome(inPlace), Self.outcome(copied))
        #expect(outcomes.0 == outcomes.1)
        #expect(outcomes.0.contains("constraints[8]"))
    }

    /// Strings with problems, escaped or plain, among good ones: each
    /// diagnostic (its position in the string, its excerpt, suggestions)
    /// is the one the copied strings give; and without the bad ones, the
    /// frames are.
    @Test func problemsAndFramesAreTheCopiedOnes() throws {
        var elements = Self.elements.filter { $0 != #""""# }
        let (good, goodCopy) = try Self.both(Self.json(elements))
        #expect(!Self.outcome(good).hasPrefix("error") && Self.outcome(good) == Self.outcome(goodCopy))
        elements.insert(#""\u0061.left = bb.right""#, at: 0)
        elements.insert(#""a.lefty = b.left""#, at: 5)
        elements.insert("\"\u{E9}.widht = 3\"", at: 9)
        elements.append(#""c.top = \"b\".top""#)
        let (inPlace, copied) = try Self.both(Self.json(elements))
        let outcomes = (Self.outcome(inPlace), Self.outcome(copied))
        #expect(outcomes.0 == outcomes.1)
        for index in [0, 5, 9, elements.count - 1] { #expect(outcomes.0.contains("constraints[\(index)]")) }
    }
}
