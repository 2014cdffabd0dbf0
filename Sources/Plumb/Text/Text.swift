/// A font: a family name as fontconfig knows it and a size in points.
///
/// Plumb measures in points at 72 points per inch, so a point is a unit of
/// the layout (`Font(family: "DejaVu Sans", size: 15)` is 15 units per em).
public struct Font: Hashable, Sendable, CustomStringConvertible {
    /// The family (`"DejaVu Sans"`); the text measurer reports a family it cannot find.
    public var family: String
    /// The size in points (units of the layout), finite and greater than 0.
    public var size: Double

    public init(family: String, size: Double) {
        self.family = family
        self.size = size
    }

    /// The font a ``Text`` gets unless told otherwise: DejaVu Sans at 15 points.
    public static let standard = Font(family: "DejaVu Sans", size: 15)

    public var description: String { "\(family) \(NumberFormatting.shortest(size))" }
}

/// The text a view carries: what to draw and how, and so what size the view's
/// content needs at a given width (see <doc:Text> in `docs/text.md`).
///
/// ```swift
/// let label = View("label")
/// label.text = Text("Content decides size", font: Font(family: "DejaVu Sans", size: 15))
/// ```
///
/// A view with text has an intrinsic width (the text on as few lines as its
/// explicit line breaks allow) and an intrinsic height that the layout
/// measures at the width it gives the view: the text wraps at that width
/// (height for width). Its `firstBaseline` and `lastBaseline` are those of
/// the text, measured from the view's top, where the text is drawn.
public struct Text: Hashable, Sendable, CustomStringConvertible {
    /// The string; `\n` starts a new paragraph.
    public var string: String
    /// The font.
    public var font: Font
    /// The most lines each paragraph shows: `0` for no limit; otherwise a
    /// paragraph that wraps onto more lines is cut after that many and its
    /// last shown line ends with an ellipsis. (Per paragraph, as Pango
    /// counts; a text without `\n` is one paragraph.)
    public var lines: Int
    /// The distance between consecutive baselines in points, or `nil` for the
    /// font's own line spacing.
    public var lineHeight: Double?

    public init(_ string: String, font: Font = .standard, lines: Int = 0, lineHeight: Double? = nil) {
        self.string = string
        self.font = font
        self.lines = lines
        self.lineHeight = lineHeight
    }

    public var description: String { "Text(\(string.debugDescription), \(font), lines: \(lines))" }

    /// The first problem with the numbers, as the document reader words it, or `nil`.
    var problem: String? {
        if !(font.size.isFinite && font.size > 0) { return "the font size must be a finite number greater than 0" }
        if lines < 0 { return "lines must be 0 (no limit) or more" }
        if let lineHeight, !(lineHeight.isFinite && lineHeight > 0) {
            return "the line height must be a finite number greater than 0"
        }
        return nil
    }
}
