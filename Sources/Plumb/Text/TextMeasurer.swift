import Synchronization

/// One line of measured text: what it shows and where its baseline is.
public struct TextLine: Hashable, Sendable {
    /// The characters the line shows (an ellipsis included when the text was cut).
    public var text: String
    /// The line's baseline, from the top of the text.
    public var baseline: Double
    /// The line's advance width.
    public var width: Double
    /// Where the line starts, from the left of the text: 0 for a
    /// left-to-right line; a right-to-left paragraph's lines end at the
    /// right of the width the text was wrapped at.
    public var x: Double

    public init(text: String, baseline: Double, width: Double, x: Double = 0) {
        self.text = text
        self.baseline = baseline
        self.width = width
        self.x = x
    }
}

/// What a text measures at one width: the size it takes and its baselines.
public struct TextMetrics: Hashable, Sendable {
    /// The width of the widest line (at most the width it was measured at).
    public var width: Double
    /// The height of every line shown.
    public var height: Double
    /// The first line's baseline, from the top.
    public var firstBaseline: Double
    /// The last shown line's baseline, from the top.
    public var lastBaseline: Double
    /// The lines shown, in order.
    public var lines: [TextLine]

    /// How many lines are shown.
    public var lineCount: Int { lines.count }

    public init(width: Double, height: Double, firstBaseline: Double, lastBaseline: Double, lines: [TextLine]) {
        self.width = width
        self.height = height
        self.firstBaseline = firstBaseline
        self.lastBaseline = lastBaseline
        self.lines = lines
    }
}

/// Why a text could not be measured (an unknown font family, say).
public struct TextMeasurementError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// A text engine: measures a ``Text`` at a width.
///
/// The `Plumb` module defines the question and `PlumbText` answers it with
/// Pango on FreeType and fontconfig (`PangoTextMeasurer`), so `Plumb` itself
/// links no text engine. Install one with ``TextMeasurers/install(_:)``
/// (the `plumb` tool installs Pango's), or pass one to a layout.
///
/// A measurer must be deterministic: the same text at the same width gives
/// the same metrics, or layout may not settle.
public protocol TextMeasurer: Sendable {
    /// Measures `text` wrapped at `width` points, or on as few lines as its
    /// own line breaks allow when `width` is `nil`.
    func measure(_ text: Text, width: Double?) throws(TextMeasurementError) -> TextMetrics
}

/// The text measurer layouts use when none is passed to them.
public enum TextMeasurers {
    private static let installed = Mutex<(any TextMeasurer)?>(nil)

    /// Makes `measurer` the one layouts use by default (replacing any other).
    public static func install(_ measurer: any TextMeasurer) {
        installed.withLock { $0 = measurer }
    }

    /// The installed measurer, if any.
    public static var current: (any TextMeasurer)? {
        installed.withLock { $0 }
    }
}

/// The content of a view that measures itself, as far as layout is concerned:
/// what it needs at a width.
public struct ContentSize: Hashable, Sendable {
    /// The height the content needs at the width asked.
    public var height: Double
    /// The first and last baselines from the view's top; `nil` puts them at
    /// the view's bottom, as for a view that measures nothing.
    public var firstBaseline: Double?
    public var lastBaseline: Double?

    public init(height: Double, firstBaseline: Double? = nil, lastBaseline: Double? = nil) {
        self.height = height
        self.firstBaseline = firstBaseline
        self.lastBaseline = lastBaseline
    }
}
