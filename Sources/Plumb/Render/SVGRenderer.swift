/// Draws a solved view tree as an SVG picture: one rectangle per view, the
/// stroke colour by depth in the tree, a light fill, and the view's id as a
/// label where it fits.
///
/// The output is deterministic (the same input gives the same bytes), so it
/// can be compared in tests and diffed between runs.
public enum SVGRenderer {
    /// Renders views into a standalone SVG document.
    ///
    /// Rectangles are drawn in pre-order of the hierarchy (each parent before
    /// its children, siblings in index order), so children paint over their
    /// parents. Labels are drawn after all rectangles, in the same order, so
    /// a child's fill never hides its parent's label; a label goes in its
    /// view's top-left corner, else its bottom-left corner, and is left out
    /// when it does not fit or would overlap an earlier label (see
    /// `SVGLabelPlacer`). Every rectangle also carries its id as a
    /// `<title>` (a tooltip in browsers), label or not.
    ///
    /// - Parameters:
    ///   - ids: the view ids; XML-escaped on output.
    ///   - parents: `parents[i]` is the index of view `i`'s parent, or `-1` for
    ///     a root (normally only index 0). An index out of range, or a cycle,
    ///     makes the view a root instead of failing.
    ///   - absoluteFrames: frames in root coordinates (as from `--absolute`).
    ///     A negative width or height is drawn as its mirror image;
    ///     non-finite numbers are drawn as 0.
    ///   - canvas: the visible area (the SVG `viewBox`). `nil` means the
    ///     bounding box of every frame, grown by ``canvasMargin`` on each side
    ///     so edge strokes are not clipped.
    ///   - texts: the text to draw in a view's box, by view index (see
    ///     ``TextBox``): each line at its baseline, from the box's top-left,
    ///     in the text's font family and size. A view with text gets no id
    ///     label (its tooltip keeps the id), and no other label covers a text.
    /// - Returns: the SVG document as a string. If the three arrays differ in
    ///   length, only the first `min` of their counts views are drawn.
    /// - Complexity: O(n + total length of the ids), with label overlap
    ///   checks local to a grid of nearby labels.
    public static func render(
        ids: [String], parents: [Int32], absoluteFrames: [Rect], canvas: Rect? = nil, texts: [Int: TextBox] = [:]
    ) -> String {
        let count = min(ids.count, parents.count, absoluteFrames.count)
        let frames = absoluteFrames.prefix(count).map(normalized)
        let box = canvas.map(normalized) ?? boundingBox(of: frames)

        var out = ""
        // About 120 bytes per rectangle and 50 per label.
        out.reserveCapacity(512 + count * 170)
        appendHeader(viewBox: box, to: &out)
        appendViews(ids: ids, parents: parents.prefix(count), frames: frames, texts: texts, to: &out)
        out += "</svg>\n"
        return out
    }

    /// A text as drawn in its view's box: the font and the lines as the text
    /// engine broke them, each with its baseline below the box's top.
    public struct TextBox: Sendable {
        public var font: Font
        public var lines: [TextLine]

        public init(font: Font, lines: [TextLine]) {
            self.font = font
            self.lines = lines
        }
    }

    /// Renders the same view tree solved at several sizes as a strip of
    /// panels side by side, left to right, each captioned (with its size,
    /// say) above its top-left corner.
    ///
    /// Each panel is drawn as ``render(ids:parents:absoluteFrames:canvas:texts:)``
    /// draws one layout, shifted right past the previous panel plus `gap`.
    ///
    /// - Parameters:
    ///   - ids: the view ids, shared by every panel.
    ///   - parents: as for ``render(ids:parents:absoluteFrames:canvas:texts:)``.
    ///   - panels: each panel's caption and frames in root coordinates.
    ///   - gap: space between panels, in points.
    ///   - texts: each panel's texts, as `texts` of ``render(ids:parents:absoluteFrames:canvas:texts:)``;
    ///     missing panels draw no text.
    /// - Complexity: O(panels × views).
    public static func renderStrip(
        ids: [String], parents: [Int32], panels: [(caption: String, absoluteFrames: [Rect])], gap: Double = 24,
        texts: [[Int: TextBox]] = []
    ) -> String {
        let captionHeight = labelFontSize + 2 * labelPadding
        var placed: [(caption: String, frames: [Rect], box: Rect, dx: Double)] = []
        var x = 0.0
        var height = 0.0
        for panel in panels {
            let count = min(ids.count, parents.count, panel.absoluteFrames.count)
            let frames = panel.absoluteFrames.prefix(count).map(normalized)
            let box = boundingBox(of: frames)
            placed.append((panel.caption, frames, box, x - box.x))
            x += box.width + gap
            height = max(height, box.height)
        }
        let width = max(0, x - gap)
        var out = ""
        out.reserveCapacity(512 + panels.count * ids.count * 170)
        appendHeader(viewBox: Rect(x: 0, y: -captionHeight, width: width, height: height + captionHeight), to: &out)
        for (k, panel) in placed.enumerated() {
            out += "<g transform=\"translate(\(format(panel.dx)) \(format(-panel.box.y)))\">\n"
            out += "<text font-weight=\"bold\" x=\"\(format(panel.box.x))\" y=\"\(format(panel.box.y - labelPadding - labelDescent))\">"
            out += escapeXML(panel.caption) + "</text>\n"
            appendViews(ids: ids, parents: parents.prefix(panel.frames.count), frames: panel.frames,
                        texts: k < texts.count ? texts[k] : [:], to: &out)
            out += "</g>\n"
        }
        out += "</svg>\n"
        return out
    }

    /// The XML declaration, the `<svg>` element opened over `box`, and the style sheet.
    private static func appendHeader(viewBox box: Rect, to out: inout String) {
        out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\""
        out += "\(format(box.x)) \(format(box.y)) \(format(box.width)) \(format(box.height))\""
        out += " width=\"\(format(box.width))\" height=\"\(format(box.height))\">\n"
        out += styleSheet
    }

    /// One layout's rectangles, then its labels (see ``render(ids:parents:absoluteFrames:canvas:texts:)``).
    /// `frames` are normalised and as many as `parents`.
    private static func appendViews(
        ids: [String], parents: ArraySlice<Int32>, frames: [Rect], texts: [Int: TextBox], to out: inout String
    ) {
        let order = preorder(parents: parents)
        out += "<g class=\"views\">\n"
        for entry in order {
            let frame = frames[entry.view]
            let id = escapeXML(ids[entry.view])
            out += "<rect class=\"d\(entry.depth % palette.count)\" x=\"\(format(frame.x))\" y=\"\(format(frame.y))\""
            out += " width=\"\(format(frame.width))\" height=\"\(format(frame.height))\">"
            out += "<title>\(id)</title></rect>\n"
        }
        out += "</g>\n"
        if !texts.isEmpty {
            out += "<g class=\"texts\">\n"
            for entry in order {
                guard let text = texts[entry.view] else { continue }
                let frame = frames[entry.view]
                let family = escapeXML(String(text.font.family.filter { $0 != "'" && $0 != "\"" && $0 != ";" }))
                out += "<g style=\"font-family:'\(family)';font-size:\(format(text.font.size))px\">"
                for line in text.lines {
                    out += "<text x=\"\(format(frame.x + line.x))\" y=\"\(format(frame.y + line.baseline))\">"
                    out += escapeXML(line.text) + "</text>"
                }
                out += "</g>\n"
            }
            out += "</g>\n"
        }
        out += "<g class=\"labels\">\n"
        var labels = SVGLabelPlacer()
        // Labels keep off the drawn texts: each text's lines, to a descent below the last baseline.
        for (view, text) in texts where view < frames.count {
            let frame = frames[view]
            let width = min(frame.width, text.lines.map(\.width).max() ?? 0)
            let height = min(frame.height, (text.lines.last?.baseline ?? 0) + 0.25 * text.font.size)
            if width > 0, height > 0 { labels.reserve(Rect(x: frame.x, y: frame.y, width: width, height: height)) }
        }
        for entry in order where !ids[entry.view].isEmpty && texts[entry.view] == nil {
            guard let label = labels.place(ids[entry.view], in: frames[entry.view]) else { continue }
            out += "<text x=\"\(format(label.box.x))\" y=\"\(format(label.baseline))\">"
            out += escapeXML(ids[entry.view])
            out += "</text>\n"
        }
        out += "</g>\n"
    }

    // MARK: - Drawing constants

    /// Space added around the bounding box when no canvas is given, in points.
    public static let canvasMargin: Double = 2
    /// Label font size in points.
    static let labelFontSize: Double = 10
    /// Gap between a view's top-left corner and its label, in points.
    static let labelPadding: Double = 2
    /// Estimated advance of one character of the label font, in points
    /// (0.6 em, generous for proportional sans-serif fonts).
    static let labelCharacterWidth: Double = 6
    /// Room below the baseline for descenders (0.2 em), in points.
    static let labelDescent: Double = 2

    /// Stroke and fill colours by depth (depth modulo the count).
    static let palette: [(stroke: String, fill: String)] = [
        ("#5b6470", "#f4f5f7"),
        ("#1f77b4", "#eaf2fa"),
        ("#2ca02c", "#ebf6eb"),
        ("#d62728", "#fbebeb"),
        ("#9467bd", "#f3eff8"),
        ("#ff7f0e", "#fff3e7"),
    ]

    /// One CSS class per depth keeps each rectangle element short.
    static let styleSheet: String = {
        var css = "<style>\n"
        css += "rect{stroke-width:1;vector-effect:non-scaling-stroke}\n"
        css += "text{font-family:sans-serif;font-size:\(format(labelFontSize))px;fill:#222}\n"
        css += ".texts text{font-family:inherit;font-size:inherit;fill:#000;white-space:pre}\n"
        for (depth, colours) in palette.enumerated() {
            css += ".d\(depth){stroke:\(colours.stroke);fill:\(colours.fill)}\n"
        }
        css += "</style>\n"
        return css
    }()
}
