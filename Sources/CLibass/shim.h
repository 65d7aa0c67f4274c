// libass is loaded on first use (dlopen), not linked: a command that renders nothing starts
// without mapping libass and the dozen libraries it pulls in (HarfBuzz, FreeType, Fontconfig,
// GLib, …), which cost every process about 1.7 ms; and without libass installed, such commands
// still run. The header gives the types; the functions come through one table, each pointer typed
// from its declaration.
#include <ass/ass.h>
#include <dlfcn.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

typedef struct LegibleLibass {
    __typeof__(ass_library_version) *library_version;
    __typeof__(ass_library_init) *library_init;
    __typeof__(ass_library_done) *library_done;
    __typeof__(ass_set_message_cb) *set_message_cb;
    __typeof__(ass_renderer_init) *renderer_init;
    __typeof__(ass_renderer_done) *renderer_done;
    __typeof__(ass_add_font) *add_font;
    __typeof__(ass_set_frame_size) *set_frame_size;
    __typeof__(ass_set_storage_size) *set_storage_size;
    __typeof__(ass_set_shaper) *set_shaper;
    __typeof__(ass_set_fonts) *set_fonts;
    __typeof__(ass_read_memory) *read_memory;
    __typeof__(ass_free_track) *free_track;
    __typeof__(ass_flush_events) *flush_events;
    __typeof__(ass_process_data) *process_data;
    __typeof__(ass_render_frame) *render_frame;
    __typeof__(ass_set_font_scale) *set_font_scale;
    __typeof__(ass_set_selective_style_override_enabled) *set_selective_style_override_enabled;
    __typeof__(ass_set_selective_style_override) *set_selective_style_override;
} LegibleLibass;

// Fills `table` from libass.so.9; returns NULL, or what went wrong (dlerror's text).
static inline const char *legible_libass_load(LegibleLibass *table) {
    void *library = dlopen("libass.so.9", RTLD_NOW | RTLD_LOCAL);
    if (!library) return dlerror();
#define LEGIBLE_LOAD(field) if (!(*(void **)&table->field = dlsym(library, "ass_" #field))) return dlerror();
    LEGIBLE_LOAD(library_version)
    LEGIBLE_LOAD(library_init)
    LEGIBLE_LOAD(library_done)
    LEGIBLE_LOAD(set_message_cb)
    LEGIBLE_LOAD(renderer_init)
    LEGIBLE_LOAD(renderer_done)
    LEGIBLE_LOAD(add_font)
    LEGIBLE_LOAD(set_frame_size)
    LEGIBLE_LOAD(set_storage_size)
    LEGIBLE_LOAD(set_shaper)
    LEGIBLE_LOAD(set_fonts)
    LEGIBLE_LOAD(read_memory)
    LEGIBLE_LOAD(free_track)
    LEGIBLE_LOAD(flush_events)
    LEGIBLE_LOAD(process_data)
    LEGIBLE_LOAD(render_frame)
    LEGIBLE_LOAD(set_font_scale)
    LEGIBLE_LOAD(set_selective_style_override_enabled)
    LEGIBLE_LOAD(set_selective_style_override)
#undef LEGIBLE_LOAD
    return NULL;
}

// libass reports what it does as printf-style messages with a va_list, which Swift cannot take:
// this formats each one and hands the text to `sink` with `context` (Legible keeps the font
// choices libass's font selection reports, "fontselect: (family, bold, italic) -> file, index,
// postscript name"). Messages more verbose than `maximumLevel` are not formatted.
typedef void (*legible_libass_sink)(int level, const char *text, void *context);
typedef struct LegibleLibassMessages {
    legible_libass_sink sink;
    void *context;
    int maximumLevel;
} LegibleLibassMessages;

static inline void legible_libass_message(int level, const char *format, va_list arguments, void *data) {
    LegibleLibassMessages *messages = (LegibleLibassMessages *)data;
    if (!messages || !messages->sink || level > messages->maximumLevel) return;
    char text[1024];
    vsnprintf(text, sizeof text, format, arguments);
    messages->sink(level, text, messages->context);
}

// Routes a library's messages to `messages` (in C: the callback takes a va_list).
static inline void legible_libass_set_messages(const LegibleLibass *table, ASS_Library *library, LegibleLibassMessages *messages) {
    table->set_message_cb(library, legible_libass_message, messages);
}
