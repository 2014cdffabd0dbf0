import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

@Suite struct RenderCommandTests {
    /// Counts elements by name while checking the document is well-formed XML.
    final class ElementCounter: NSObject, XMLParserDelegate {
        var counts: [String: Int] = [:]
        var titles: [String] = []
        private var inTitle = false

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            counts[name, default: 0] += 1
            inTitle = name == "title"
            if inTitle { titles.append("") }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inTitle { titles[titles.count - 1] += string }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            inTitle = false
        }
    }

    static func parse(_ data: Data) throws -> ElementCounter {
        let parser = XMLParser(data: data)
        let counter = ElementCounter()
        parser.delegate = counter
        #expect(parser.parse(), "not well-formed: \(String(describing: parser.parserError))")
        return counter
    }

    static let cards = """
        {"root": {"width": 600, "height": 400}, "views": [{"id": "card0"}, {"id": "img0", "parent": "card0"},
         {"id": "card1"}, {"id": "title & <1>", "parent": "card1"}],
         "constraints": ["card0.left = root.left + 12", "card0.width = 0.5 * root.width - 18", "card0.top = 12",
                         "card0.height = 200", "img0.left = card0.left", "img0.top = card0.top",
                         "img0.width = card0.width", "img0.height = 0.5625 * img0.width",
                         "card1.right = root.right - 12", "card1.width = card0.width", "card1.top = 12",
                         "card1.height = 200"],
         "rules": [{"view": "title & <1>", "rule": "ll = rr = 8, tt = 8, h = 20"}]}
        """

    @Test func theSVGIsXMLWithARectanglePerView() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("cards.svg")
        let run = try CLI.run(["render", "-", "-o", output.path], stdin: Data(Self.cards.utf8))
        #expect(run.status == 0, "\(run.stderr)")
        let counter = try Self.parse(try Data(contentsOf: output))
        #expect(counter.counts["svg"] == 1)
        #expect(counter.counts["rect"] == 5)
        #expect(Set(counter.titles) == ["root", "card0", "img0", "card1", "title & <1>"])
    }

    @Test func aSweepDrawsOnePanelPerSize() throws {
        let run = try CLI.run(["render", "-", "--sweep", "320...1400:270"], stdin: Data(Self.cards.utf8))
        #expect(run.status == 0, "\(run.stderr)")
        let counter = try Self.parse(run.stdout)
        // 320, 590, 860, 1130, 1400: five panels of five views.
        #expect(counter.counts["rect"] == 25)
        for caption in ["320 × 400", "590 × 400", "1400 × 400"] {
            #expect(run.text.contains(caption))
        }
    }

    @Test func anInvalidDocumentWritesNoFile() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("bad.svg")
        let run = try CLI.run(["render", "-", "-o", output.path], stdin: Data("{\"root\": {}}".utf8))
        #expect(run.status == 1)
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }
}
