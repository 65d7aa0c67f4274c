// The only ICU surface the Swift side sees: plain C types, no ICU headers.
// The implementation dlopen()s the system ICU privately (RTLD_LOCAL | RTLD_DEEPBIND) so it can live
// beside Foundation's bundled ICU in one process without symbol clashes.
#ifndef LEGIBLE_ICU_H
#define LEGIBLE_ICU_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Loads the system ICU once. Returns 1 on success; on failure returns 0 and writes a message.
int legible_icu_load(char *error, int32_t errorCapacity);

/// The ICU version the shim was compiled against and loads, e.g. "72.1".
const char *legible_icu_version(void);

typedef struct {
    char name[40];
    char language[12];
    int32_t confidence; // 0...100
} legible_charset_match;

/// ICU charset detection (ucsdet). Returns the number of matches written (best first), or -1.
int32_t legible_icu_detect_charsets(const uint8_t *bytes, int32_t length,
                                    legible_charset_match *matches, int32_t capacity);

/// Converts `length` bytes in `charset` to UTF-8. Sequences that are invalid or unmapped become
/// U+FFFD and are counted. `capacity` must be at least 4 * length + 4.
/// Returns the number of UTF-8 bytes written, -1 for an unknown charset, -2 for another failure.
int64_t legible_icu_to_utf8(const char *charset, const uint8_t *bytes, int64_t length,
                            uint8_t *output, int64_t capacity,
                            int64_t *invalidCount, int64_t *firstInvalidOffset);

/// 1 when ICU knows a converter of this name (ucnv aliases included).
int legible_icu_has_converter(const char *charset);

/// The canonical (MIME, else IANA) name of a converter, or 0 when unknown.
int legible_icu_canonical_charset(const char *charset, char *output, int32_t capacity);

/// UAX #14 line breaking (ICU's line break iterator, with the locale's tailoring, such as `ja`
/// for Japanese kinsoku): the UTF-8 byte offsets after which a line may end, in order, the last
/// being `length`; `hard[i]` is 1 where the line must end (a line feed). `capacity` must be at
/// least `length`. Returns the number of offsets, or -1.
int32_t legible_icu_line_breaks(const uint8_t *utf8, int32_t length, const char *locale,
                                int32_t *offsets, uint8_t *hard, int32_t capacity);

// Language tags (BCP 47). Each function writes a NUL-terminated result into `output` and returns
// its length, or -1 when the input is not usable (not a well-formed tag, unknown, or too long).

/// A well-formed BCP 47 tag in ICU's canonical form: uloc_forLanguageTag (the whole input must
/// parse), uloc_canonicalize (CLDR aliases such as deu -> de), uloc_toLanguageTag (legacy codes
/// such as iw -> he, in -> id). "und" stays "und".
int32_t legible_icu_canonical_tag(const char *tag, char *output, int32_t capacity);

/// uloc_addLikelySubtags (maximize = 1: en -> en-Latn-US, zh-TW -> zh-Hant-TW) or
/// uloc_minimizeSubtags (maximize = 0), as a BCP 47 tag. The input is returned when ICU has no data.
int32_t legible_icu_likely_subtags(const char *tag, int maximize, char *output, int32_t capacity);

/// The explicit CLDR parent of a locale given as a BCP 47 tag (the `%%Parent` of its resource
/// bundle: es-MX -> es-419, en-AU -> en-001, pt-AO -> pt-PT), as a tag. Returns 0 when the locale
/// has no explicit parent (its parent is then the tag truncated), -1 on failure.
int32_t legible_icu_parent_locale(const char *tag, char *output, int32_t capacity);

/// The display name of a locale (whole = 1: "Português (Brasil)") or of its language alone
/// (whole = 0) in the display locale, capitalised for a menu (UDISPCTX_CAPITALIZATION_FOR_UI_LIST_OR_MENU),
/// with standard names ("Français (Canada)", not "Français canadien"). With substitute = 0, returns
/// -1 when ICU has no name (rather than echoing the code). UTF-8.
int32_t legible_icu_display_name(const char *tag, const char *displayLocale, int whole, int substitute,
                                 char *output, int32_t capacity);

#ifdef __cplusplus
}
#endif
#endif
