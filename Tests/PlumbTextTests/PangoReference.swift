import CPango

/// Pango asked directly, without PlumbText: the reference the tests compare
/// layouts against. The settings are the contract `PangoTextMeasurer`
/// documents: a FreeType font map at 72 dpi, unrounded glyph positions, an
/// absolute font size, word-then-character wrapping at the width in Pango
/// units (1/1024 point).
enum PangoReference {
    struct Measured: Equatable {
        var width: Double
        var height: Double
        var lines: Int
        var firstBaseline: Double
        var lastBaseline: Double
    }

    static func measure(_ string: String, family: String = "DejaVu Sans", size: Double, width: Double? = nil,
                        lineHeight: Double? = nil) -> Measured {
        let map = pango_ft2_font_map_new()!
        defer { g_object_unref(UnsafeMutableRawPointer(map)) }
        pango_ft2_font_map_set_resolution(OpaquePointer(map), 72, 72)
        let context = pango_font_map_create_context(map)!
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        pango_context_set_round_glyph_positions(context, 0)
        let layout = pango_layout_new(context)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let font = pango_font_description_from_string(family)
        defer { pango_font_description_free(font) }
        pango_font_description_set_absolute_size(font, size * 1024)
        pango_layout_set_font_description(layout, font)
        pango_layout_set_text(layout, string, -1)
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_width(layout, width.map { Int32(($0 * 1024).rounded()) } ?? -1)
        if let lineHeight {
            let list = pango_attr_list_new()
            pango_attr_list_insert(list, pango_attr_line_height_new_absolute(Int32((lineHeight * 1024).rounded())))
            pango_layout_set_attributes(layout, list)
            pango_attr_list_unref(list)
        }
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        let count = Int(pango_layout_get_line_count(layout))
        let iterator = pango_layout_get_iter(layout)
        defer { pango_layout_iter_free(iterator) }
        var last = pango_layout_iter_get_baseline(iterator)
        while pango_layout_iter_next_line(iterator) != 0 { last = pango_layout_iter_get_baseline(iterator) }
        return Measured(width: Double(logical.width) / 1024, height: Double(logical.height) / 1024, lines: count,
                        firstBaseline: Double(pango_layout_get_baseline(layout)) / 1024,
                        lastBaseline: Double(last) / 1024)
    }
}
