import Foundation
import Testing

/// The CLI with documents that have text: the tool installs Pango, counts
/// its work in --stats, and draws the texts.
@Suite struct TextCommandTests {
    static let chat = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/chat.json").path

    @Test func solveStatsCountTextWork() throws {
        let run = try CLI.run(["solve", Self.chat, "--stats", "-o", "/dev/null"])
        #expect(run.status == 0, "\(run.stderr)")
        let stats = try #require(try JSONSerialization.jsonObject(with: Data(run.stderr.utf8)) as? [String: Any])
        let text = try #require(stats["text"] as? [String: Int])
        #expect(text["views"] == 12)
        #expect(text["passes"] == 2)
        // Each text unwrapped, then each at its solved width (the wrapped ones are new widths).
        #expect(text["measure_calls"]! >= 12 && text["measure_calls"]! <= 24)
    }

    @Test func sweepStatsCountTextWork() throws {
        let run = try CLI.run(["sweep", Self.chat, "--widths", "375,768,375", "--stats", "-o", "/dev/null"])
        #expect(run.status == 0, "\(run.stderr)")
        let stats = try #require(try JSONSerialization.jsonObject(with: Data(run.stderr.utf8)) as? [String: Any])
        let text = try #require(stats["text"] as? [String: Int])
        #expect(text["views"] == 12)
        #expect(text["cache_hits"]! > 0)
    }

    @Test func renderDrawsTheTexts() throws {
        let run = try CLI.run(["render", Self.chat])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.text.contains("font-family:'DejaVu Sans';font-size:11px"))
        #expect(run.text.contains(">Yes, 3 pm.</text>"))
    }

    @Test func anUnknownFontIsReportedWithTheView() throws {
        let doc = #"{"root": {"width": 100, "height": 100}, "views": [{"id": "t", "text": {"string": "x", "font": "Nope Sans Plumb"}}], "constraints": ["t.left = root.left", "t.top = root.top"]}"#
        let run = try CLI.run(["solve", "-"], stdin: Data(doc.utf8))
        #expect(run.status == 1)
        #expect(run.stderr.contains("cannot measure the text of view 't': font family 'Nope Sans Plumb' is not installed"))
    }
}
