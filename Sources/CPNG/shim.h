#include <png.h>
// PNG_FORMAT_RGBA is a composite macro that Swift does not import.
static const png_uint_32 LEGIBLE_PNG_FORMAT_RGBA = PNG_FORMAT_RGBA;
