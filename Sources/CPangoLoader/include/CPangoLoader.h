#ifndef PLUMB_CPANGO_LOADER_H
#define PLUMB_CPANGO_LOADER_H
// Pango's functions that PlumbText calls, loaded on first use.
//
// Linking Pango made every `plumb` process map its 13 libraries (Pango,
// HarfBuzz, FreeType, fontconfig, GLib, ...) and resolve their relocations
// at start-up, text or not. PlumbText calls Pango only through this table,
// which plumb_pango_load fills with dlopen/dlsym the first time a text is
// measured. The prototypes are Pango's own (CPango's headers, from Debian's
// libpango1.0-dev), so every pointer has the function's exact type.
#include "../../CPango/shim.h"

// Nullability for Swift (non-optional function types); GCC (CMake's C
// compiler) has no such qualifiers.
#if !defined(__clang__)
#define _Nonnull
#define _Nullable
#endif

#if defined(__GNUC__) || defined(__clang__)
#define PLUMB_PANGO_LOADER __attribute__((visibility("hidden")))
#else
#define PLUMB_PANGO_LOADER
#endif

#ifdef __cplusplus
extern "C" {
#endif

// Every function the table holds; a field has the function's name and type.
#define PLUMB_PANGO_FUNCTIONS(F) \
    F(g_object_unref) \
    F(pango_ft2_font_map_new) \
    F(pango_ft2_font_map_set_resolution) \
    F(pango_font_map_create_context) \
    F(pango_font_map_load_font) \
    F(pango_context_set_round_glyph_positions) \
    F(pango_font_describe) \
    F(pango_font_description_new) \
    F(pango_font_description_free) \
    F(pango_font_description_set_family) \
    F(pango_font_description_get_family) \
    F(pango_font_description_set_absolute_size) \
    F(pango_layout_new) \
    F(pango_layout_set_font_description) \
    F(pango_layout_set_text) \
    F(pango_layout_set_wrap) \
    F(pango_layout_set_width) \
    F(pango_layout_set_height) \
    F(pango_layout_set_ellipsize) \
    F(pango_layout_set_attributes) \
    F(pango_layout_get_extents) \
    F(pango_layout_get_baseline) \
    F(pango_layout_is_ellipsized) \
    F(pango_layout_get_iter) \
    F(pango_layout_iter_free) \
    F(pango_layout_iter_next_line) \
    F(pango_layout_iter_get_baseline) \
    F(pango_layout_iter_get_line_extents) \
    F(pango_layout_iter_get_line_readonly) \
    F(pango_attr_list_new) \
    F(pango_attr_list_unref) \
    F(pango_attr_list_insert) \
    F(pango_attr_line_height_new_absolute)

#define PLUMB_PANGO_FIELD(name) __typeof__(name) *_Nonnull name;
typedef struct plumb_pango {
    PLUMB_PANGO_FUNCTIONS(PLUMB_PANGO_FIELD)
} plumb_pango;
#undef PLUMB_PANGO_FIELD

/// Loads Pango on FreeType (libpangoft2-1.0.so.0, which brings Pango, GLib,
/// HarfBuzz, fontconfig and FreeType) the first time it is called, once for
/// the process, thread-safe. Returns the table, or NULL with *error set to
/// why it could not be loaded (a static string naming the library and the
/// Debian packages that provide it).
PLUMB_PANGO_LOADER const plumb_pango *_Nullable plumb_pango_load(const char *_Nullable *_Nonnull error);

#ifdef __cplusplus
}
#endif
#endif
