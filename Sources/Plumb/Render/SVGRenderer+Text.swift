extension SVGRenderer {
    /// Decimal places kept in coordinates: a hundredth of a point is well
    /// below a pixel at any sensible zoom and keeps the file small.
    static let coordinateDecimals: Double = 100

    /// A number as SVG text: rounded to ``coordinateDecimals``, integers
    /// without a fraction, `-0` as `0`, non-finite values as `0`.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * coordinateDecimals).rounded() / coordinateDecimals
        if rounded == rounded.rounded(), abs(rounded) < 1e15 {
            return String(Int64(rounded))
        }
        return String(rounded)
    }

    /// A rectangle with non-negative size and finite numbers (non-finite
    /// become 0), covering the same area.
    static func normalized(_ rect: Rect) -> Rect {
        func finite(_ v: Double) -> Double { v.isFinite ? v : 0 }
        var r = Rect(x: finite(rect.x), y: finite(rect.y),
                     width: finite(rect.width), height: finite(rect.height))
        if r.width < 0 { r.x += r.width; r.width = -r.width }
        if r.height < 0 { r.y += r.height; r.height = -r.height }
        return r
    }

    /// The smallest rectangle holding every frame, grown by ``canvasMargin``;
    /// a zero rectangle (grown) when there are none.
    static func boundingBox(of frames: [Rect]) -> Rect {
        guard var minX = frames.first?.minX, var minY = frames.first?.minY,
              var maxX = frames.first?.maxX, var maxY = frames.first?.maxY
        else {
            return Rect(x: -canvasMargin, y: -canvasMargin,
                        width: 2 * canvasMargin, height: 2 * canvasMargin)
        }
        for frame in frames {
            minX = min(minX, frame.minX)
            minY = min(minY, frame.minY)
            maxX = max(maxX, frame.maxX)
            maxY = max(maxY, frame.maxY)
        }
        return Rect(x: minX - canvasMargin, y: minY - canvasMargin,
                    width: maxX - minX + 2 * canvasMargin,
                    height: maxY - minY + 2 * canvasMargin)
    }

    /// The estimated box of `text` at the label font size: ``labelCharacterWidth``
    /// per character, ``labelFontSize`` plus ``labelDescent`` high.
    static func labelSize(_ text: String) -> (width: Double, height: Double) {
        (Double(text.unicodeScalars.count) * labelCharacterWidth, labelFontSize + labelDescent)
    }

    /// `text` safe inside XML character data and attribute values: the five
    /// markup characters become entities, and the characters XML 1.0 forbids
    /// (C0 controls other than tab, newline and carriage return, and the
    /// noncharacters U+FFFE and U+FFFF) become U+FFFD. A Swift string holds
    /// no lone surrogates, the remaining forbidden case.
    static func escapeXML(_ text: String) -> String {
        // Fast path: most ids need no change.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x26 || $0 == 0x3C
                                          || $0 == 0x3E || $0 == 0x22 || $0 == 0x27
                                          || $0 == 0xEF }) {
            return text
        }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
