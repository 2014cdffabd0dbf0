import Foundation
import Plumb
import PlumbText
import Testing

/// The chat example (Examples/chat.json): bubbles as wide as their text up to
/// three quarters of the root, texts wrapped at the width they get,
/// timestamps on the texts' last baselines; solved fresh and compiled, at two
/// widths, and checked against Pango's own measurements.
@Suite struct ChatDocumentTests {
    static let json: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/chat.json")
        return try! String(contentsOf: url, encoding: .utf8)
    }()
    static let document = try! LayoutDocument.parse(Array(json.utf8), source: "chat.json")

    /// Checks every text, bubble and timestamp of a solved chat at root width `width`.
    func checkChat(frames: [Rect], width: Double) throws {
        let doc = Self.document
        let ids = doc.viewIDs
        func frame(_ id: String) -> Rect { frames[ids.firstIndex(of: id)!] }
        var wrapped = 0
        for i in 0 ..< 6 {
            let textIndex = ids.firstIndex(of: "text\(i)")!
            let text = try #require(doc.text(at: textIndex))
            let natural = PangoReference.measure(text.string, size: 15, lineHeight: 20)
            let available = 0.75 * width - 24
            let bubble = frame("bubble\(i)"), label = frame("text\(i)"), time = frame("time\(i)")
            // As wide as the text, up to the bubble's cap less its padding.
            #expect(abs(label.width - min(natural.width, available)) < 1e-9, "text\(i) at \(width)")
            // As high as Pango says the text is at that width.
            let wrappedAt = PangoReference.measure(text.string, size: 15, width: label.width, lineHeight: 20)
            #expect(label.height == wrappedAt.height, "text\(i) at \(width)")
            #expect(bubble.height == wrappedAt.height + 16)
            if wrappedAt.lines > 1 { wrapped += 1 }
            // The timestamp's last baseline on the text's last baseline (absolute frames).
            let stamp = PangoReference.measure(doc.text(at: ids.firstIndex(of: "time\(i)")!)!.string, size: 11)
            #expect(abs((time.y + stamp.lastBaseline) - (label.y + wrappedAt.lastBaseline)) < 1e-9)
            #expect(time.width == stamp.width && time.height == stamp.height)
        }
        // Some texts wrap at both widths, more at the narrow one.
        #expect(wrapped >= (width < 500 ? 4 : 2), "at \(width): \(wrapped) wrapped")
    }

    @Test(arguments: [375.0, 768.0])
    func freshSolveMatchesPango(width: Double) throws {
        let source = Self.json.replacingOccurrences(of: "\"width\": 375,", with: "\"width\": \(width),")
        let doc = try LayoutDocument.parse(Array(source.utf8), source: "chat.json")
        #expect(doc.rootWidth == width)
        let lowered = try doc.lower()
        let (solution, report) = try lowered.solveMeasuringContent(measurer: PangoTextMeasurer())
        try checkChat(frames: lowered.frames(from: solution, absolute: true), width: width)
        #expect(report.texts.count == 12)
        #expect(report.passes >= 2 && report.passes <= 3)
    }

    @Test func compiledSweepMatchesFreshSolvesAndMeasuresOnlyWhatChanged() throws {
        let layout = try CompiledLayout(Self.document, measurer: PangoTextMeasurer())
        let narrow = try layout.frames(width: 375, height: 812, absolute: true)
        try checkChat(frames: narrow, width: 375)
        let callsAfterFirst = layout.contentReport.measureCalls
        // 12 unwrapped measurements, then one per text whose width is new.
        #expect(callsAfterFirst <= 24)
        let wide = try layout.frames(width: 768, height: 812, absolute: true)
        try checkChat(frames: wide, width: 768)
        let callsAfterWide = layout.contentReport.measureCalls
        // The timestamps keep their width: never measured again.
        #expect(callsAfterWide - callsAfterFirst <= 6)
        // Back to 375: every width was measured before, so the cache answers.
        let again = try layout.frames(width: 375, height: 812, absolute: true)
        #expect(again == narrow)
        #expect(layout.contentReport.measureCalls == callsAfterWide)
        #expect(layout.contentReport.cacheHits > 0)
    }
}

/// The chat with its root's height fitted to the bubbles, against the same
/// layout at a fixed height.
@Suite struct ChatFittingTests {
    @Test(arguments: [375.0, 768.0])
    func theRootEndsBelowTheLastBubble(width: Double) throws {
        let fixed = ChatDocumentTests.json.replacingOccurrences(of: "\"width\": 375,", with: "\"width\": \(width),")
        let fit = fixed.replacingOccurrences(of: "\"height\": 812", with: "\"height\": \"fit\"")
            .replacingOccurrences(of: "\"constraints\": [", with: "\"constraints\": [\n  \"root.bottom = bubble5.bottom + 12\",")
        let measurer = PangoTextMeasurer()
        func frames(_ json: String) throws -> [Rect] {
            let lowered = try LayoutDocument.parse(Array(json.utf8), source: "chat.json").lower()
            return lowered.frames(from: try lowered.solveMeasuringContent(measurer: measurer).solution, absolute: true)
        }
        let a = try frames(fixed), b = try frames(fit)
        let last = ChatDocumentTests.document.viewIDs.firstIndex(of: "bubble5")!
        #expect(b[0] == Rect(x: 0, y: 0, width: width, height: a[last].maxY + 12))
        #expect(Array(a.dropFirst()) == Array(b.dropFirst()))
    }
}
