// libpng is loaded on first use (dlopen), not linked, as libass is (see CLibass/shim.h): only
// `render` and the tests write or read PNG files.
#include <png.h>
#include <dlfcn.h>
#include <stddef.h>

// PNG_FORMAT_RGBA is a composite macro that Swift does not import.
static const png_uint_32 LEGIBLE_PNG_FORMAT_RGBA = PNG_FORMAT_RGBA;

typedef struct LegiblePNG {
    __typeof__(png_image_write_to_file) *image_write_to_file;
    __typeof__(png_image_begin_read_from_file) *image_begin_read_from_file;
    __typeof__(png_image_begin_read_from_memory) *image_begin_read_from_memory;
    __typeof__(png_image_finish_read) *image_finish_read;
    __typeof__(png_image_free) *image_free;
} LegiblePNG;

// Fills `table` from libpng16.so.16; returns NULL, or what went wrong (dlerror's text).
static inline const char *legible_png_load(LegiblePNG *table) {
    void *library = dlopen("libpng16.so.16", RTLD_NOW | RTLD_LOCAL);
    if (!library) return dlerror();
#define LEGIBLE_LOAD(field) if (!(*(void **)&table->field = dlsym(library, "png_" #field))) return dlerror();
    LEGIBLE_LOAD(image_write_to_file)
    LEGIBLE_LOAD(image_begin_read_from_file)
    LEGIBLE_LOAD(image_begin_read_from_memory)
    LEGIBLE_LOAD(image_finish_read)
    LEGIBLE_LOAD(image_free)
#undef LEGIBLE_LOAD
    return NULL;
}
