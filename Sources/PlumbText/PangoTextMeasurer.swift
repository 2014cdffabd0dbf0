import CPangoLoader
import Plumb
import Synchronization

/// Measures ``Plumb/Text`` with Pango on FreeType and fontconfig: the text
/// engine the `plumb` tool installs.
///
/// ```swift
/// import Plumb
/// import PlumbText
///
/// PlumbText.install()                      // layouts measure text with Pango from now on
/// let label = View("label")
/// label.text = Text("Content decides size")
/// ```
///
/// Units: the font map is set to 72 dots per inch, so a point is a unit of
/// the layout, and fonts are sized with an absolute size in those units.
/// Glyph positions are not rounded to whole units, so widths are Pango's
/// unhinted advances (multiples of 1/1024, Pango's unit). Text wraps at word
/// boundaries, and inside a word only when the word alone is wider than the
/// line (`PANGO_WRAP_WORD_CHAR`); a width given to ``measure(_:width:)`` is
/// rounded to the nearest 1/1024 point. With `lines > 0` each paragraph is
/// cut to that many lines, the last ending in an ellipsis (a negative layout
/// height, which Pango counts per paragraph; only wrapped text is cut). `lineHeight` sets an
/// absolute line height (Pango's `line-height` attribute, points).
///
/// Fonts are found through fontconfig; a family fontconfig does not have
/// (it would substitute another) is an error, not a silent fallback.
///
/// The measurer holds one Pango context behind a lock: it can be shared
/// between threads, which then measure one at a time.
public final class PangoTextMeasurer: TextMeasurer {
    /// Made by the first measurement: a run without text never loads Pango
    /// (CPangoLoader opens its libraries then) nor sets up fontconfig (their
    /// relocations, configuration and caches cost every `plumb` run memory
    /// and time otherwise).
    private let engine = Mutex<PangoEngine?>(nil)

    public init() {}

    public func measure(_ text: Text, width: Double?) throws(TextMeasurementError) -> TextMetrics {
        try engine.withLock { (engine: inout PangoEngine?) throws(TextMeasurementError) -> TextMetrics in
            if engine == nil { engine = try PangoEngine() }
            return try engine!.measure(text, width: width)
        }
    }
}

/// Installs a ``PangoTextMeasurer`` as the measurer layouts use by default
/// (``Plumb/TextMeasurers/install(_:)``), once; later calls do nothing.
public func install() {
    installOnce.withLock { installed in
        guard !installed else { return }
        TextMeasurers.install(PangoTextMeasurer())
        installed = true
    }
}

private let installOnce = Mutex(false)

/// Pango's unit: 1/1024 of a point.
let pangoScale = Double(PANGO_SCALE)

/// The Pango objects one measurer owns, and the families already checked.
/// Not thread-safe: ``PangoTextMeasurer`` locks it.
final class PangoEngine {
    /// Pango's functions, loaded on the first measurement of the process.
    private let pango: plumb_pango
    private let fontMap: OpaquePointer
    private let context: OpaquePointer
    /// Family as asked → `nil` when fontconfig has it, else the family it offers instead.
    private var families: [String: String?] = [:]

    /// Loads Pango (once for the process) and sets up a font map and a
    /// context; throws when Pango cannot be loaded.
    init() throws(TextMeasurementError) {
        var error: UnsafePointer<CChar>? = nil
        guard let functions = plumb_pango_load(&error) else {
            throw TextMeasurementError(error.map { String(cString: $0) } ?? "cannot load Pango")
        }
        pango = functions.pointee
        fontMap = OpaquePointer(pango.pango_ft2_font_map_new()!)
        pango.pango_ft2_font_map_set_resolution(fontMap, 72, 72)
        context = pango.pango_font_map_create_context(.init(fontMap))!
        pango.pango_context_set_round_glyph_positions(context, 0)
    }

    deinit {
        pango.g_object_unref(UnsafeMutableRawPointer(context))
        pango.g_object_unref(UnsafeMutableRawPointer(fontMap))
    }

    func measure(_ text: Text, width: Double?) throws(TextMeasurementError) -> TextMetrics {
        guard text.font.size.isFinite, text.font.size > 0 else {
            throw TextMeasurementError("the font size \(text.font.size) is not a finite number greater than 0")
        }
        if let width, !width.isFinite {
            throw TextMeasurementError("cannot wrap at width \(width)")
        }
        let description = pango.pango_font_description_new()
        defer { pango.pango_font_description_free(description) }
        pango.pango_font_description_set_family(description, text.font.family)
        pango.pango_font_description_set_absolute_size(description, text.font.size * pangoScale)
        try checkFamily(text.font.family, description)

        let layout = pango.pango_layout_new(context)
        defer { pango.g_object_unref(UnsafeMutableRawPointer(layout)) }
        pango.pango_layout_set_font_description(layout, description)
        var string = text.string
        // Pango stops at a NUL byte; show it as U+FFFD instead of losing the rest.
        if string.utf8.contains(0) {
            string = String(String.UnicodeScalarView(string.unicodeScalars.map { $0 == "\0" ? "\u{FFFD}" : $0 }))
        }
        string.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                pango.pango_layout_set_text(layout, chars.baseAddress, Int32(chars.count))
            }
        }
        pango.pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        pango.pango_layout_set_width(layout, width.map { Int32(clamping: Int(($0 * pangoScale).rounded())) } ?? -1)
        if text.lines > 0 {
            pango.pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
            pango.pango_layout_set_height(layout, -Int32(clamping: text.lines))
        }
        if let lineHeight = text.lineHeight {
            let attributes = pango.pango_attr_list_new()
            pango.pango_attr_list_insert(attributes, pango.pango_attr_line_height_new_absolute(Int32(clamping: Int((lineHeight * pangoScale).rounded()))))
            pango.pango_layout_set_attributes(layout, attributes)
            pango.pango_attr_list_unref(attributes)
        }

        var logical = PangoRectangle()
        pango.pango_layout_get_extents(layout, nil, &logical)
        let ellipsized = pango.pango_layout_is_ellipsized(layout) != 0
        let utf8 = Array(string.utf8)
        var lines: [TextLine] = []
        let iterator = pango.pango_layout_get_iter(layout)
        defer { pango.pango_layout_iter_free(iterator) }
        repeat {
            let baseline = Double(pango.pango_layout_iter_get_baseline(iterator)) / pangoScale
            var lineExtent = PangoRectangle()
            pango.pango_layout_iter_get_line_extents(iterator, nil, &lineExtent)
            let line = pango.pango_layout_iter_get_line_readonly(iterator)!
            let shown = ellipsized ? Self.shownText(line, utf8) : Self.slice(utf8, Int(line.pointee.start_index), Int(line.pointee.length))
            lines.append(TextLine(text: shown, baseline: baseline, width: Double(lineExtent.width) / pangoScale,
                                  x: Double(lineExtent.x) / pangoScale))
        } while pango.pango_layout_iter_next_line(iterator) != 0

        return TextMetrics(
            width: Double(logical.width) / pangoScale, height: Double(logical.height) / pangoScale,
            firstBaseline: Double(pango.pango_layout_get_baseline(layout)) / pangoScale,
            lastBaseline: lines.last?.baseline ?? 0, lines: lines)
    }

    /// Reports a family fontconfig does not have (it would substitute another).
    private func checkFamily(_ family: String, _ description: OpaquePointer?) throws(TextMeasurementError) {
        if families[family] == nil {
            var substitute: String? = nil
            if let font = pango.pango_font_map_load_font(.init(fontMap), context, description) {
                let described = pango.pango_font_describe(font)
                if let found = pango.pango_font_description_get_family(described).map({ String(cString: $0) }),
                   found.lowercased() != family.lowercased() {
                    substitute = found
                }
                pango.pango_font_description_free(described)
                pango.g_object_unref(UnsafeMutableRawPointer(font))
            } else {
                substitute = "no font at all"
            }
            families[family] = .some(substitute)
        }
        if case .some(.some(let substitute)) = families[family] {
            throw TextMeasurementError("font family '\(family)' is not installed (fontconfig offers '\(substitute)' instead; `fc-list : family` lists the installed families)")
        }
    }

    private static func slice(_ utf8: [UInt8], _ start: Int, _ length: Int) -> String {
        let lower = max(0, min(start, utf8.count)), upper = max(lower, min(start + length, utf8.count))
        return String(decoding: utf8[lower ..< upper], as: UTF8.self)
    }

    /// The characters an ellipsized line shows: its runs in logical order,
    /// the run that stands for the cut text as "…".
    private static func shownText(_ line: UnsafeMutablePointer<PangoLayoutLine>, _ utf8: [UInt8]) -> String {
        var runs: [(offset: Int, text: String)] = []
        var node = line.pointee.runs
        while let n = node {
            if let run = n.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self), let item = run.pointee.item {
                let offset = Int(item.pointee.offset)
                if item.pointee.analysis.flags & UInt8(PANGO_ANALYSIS_FLAG_IS_ELLIPSIS) != 0 {
                    runs.append((offset, "…"))
                } else {
                    runs.append((offset, slice(utf8, offset, Int(item.pointee.length))))
                }
            }
            node = n.pointee.next
        }
        return runs.sorted { $0.offset < $1.offset }.map(\.text).joined()
    }
}
