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

// Unicode character properties of one code point (`c` must be at most 0x10FFFF). Each returns -1
// when ICU cannot be loaded. Values are ICU's own numbers, which ICU never renumbers; the
// constants below are checked against ICU's headers when legible_icu.c is compiled.

/// The Script property (UAX #24) as ICU's script number (UScriptCode).
int32_t legible_icu_script(uint32_t c);

/// Script_Extensions (UAX #24): the scripts a shared character is used with, as script numbers;
/// for a code point without extensions, its Script alone. Writes up to `capacity` of them and
/// returns how many there are.
int32_t legible_icu_script_extensions(uint32_t c, int32_t *scripts, int32_t capacity);

/// One more than the largest script number ICU has.
int32_t legible_icu_script_count(void);

/// The ISO 15924 code of a script number ("Hani"), NUL-terminated; returns its length, or -1
/// for a number ICU does not know or too small an output.
int32_t legible_icu_script_code(int32_t script, char *output, int32_t capacity);

/// 1 when a script (by number) is written right to left (Arabic, Hebrew, Syriac, ...), else 0.
int32_t legible_icu_script_is_right_to_left(int32_t script);

#define LEGIBLE_EAST_ASIAN_WIDTH_NEUTRAL 0   /* N */
#define LEGIBLE_EAST_ASIAN_WIDTH_AMBIGUOUS 1 /* A */
#define LEGIBLE_EAST_ASIAN_WIDTH_HALFWIDTH 2 /* H */
#define LEGIBLE_EAST_ASIAN_WIDTH_FULLWIDTH 3 /* F */
#define LEGIBLE_EAST_ASIAN_WIDTH_NARROW 4    /* Na */
#define LEGIBLE_EAST_ASIAN_WIDTH_WIDE 5      /* W */

/// East_Asian_Width (UAX #11), one of LEGIBLE_EAST_ASIAN_WIDTH_*.
int32_t legible_icu_east_asian_width(uint32_t c);

/// 1 when the code point is Alphabetic (letters, letter numbers and the marks that are part of
/// letters), else 0.
int32_t legible_icu_is_alphabetic(uint32_t c);

#define LEGIBLE_BIDI_L 0    /* left to right */
#define LEGIBLE_BIDI_R 1    /* right to left */
#define LEGIBLE_BIDI_AL 13  /* Arabic letter */
#define LEGIBLE_BIDI_FSI 19 /* first strong isolate */
#define LEGIBLE_BIDI_LRI 20 /* left-to-right isolate */
#define LEGIBLE_BIDI_RLI 21 /* right-to-left isolate */
#define LEGIBLE_BIDI_PDI 22 /* pop directional isolate */
/// One more than the largest Bidi_Class number.
#define LEGIBLE_BIDI_COUNT 23

/// Bidi_Class (UAX #9) as ICU's number (UCharDirection): LEGIBLE_BIDI_* for those Legible names.
int32_t legible_icu_bidi_class(uint32_t c);

/// Flags of legible_icu_properties: Alphabetic; Decomposition_Type Wide or Narrow (the fullwidth
/// and halfwidth compatibility forms of East Asian legacy character sets, U+3000 and
/// U+FF01...U+FFEE); Emoji_Presentation (UTS #51: shown as an emoji by default).
#define LEGIBLE_PROPERTY_ALPHABETIC 1
#define LEGIBLE_PROPERTY_WIDTH_VARIANT 2
#define LEGIBLE_PROPERTY_EMOJI_PRESENTATION 4

/// The properties of `count` code points from `first`, a byte each in each array: the script
/// number, the Bidi_Class, the East_Asian_Width, and LEGIBLE_PROPERTY_* flags. One call for a
/// whole table, where a call a property and code point would cost more than the lookups it
/// makes. Returns 0 when ICU cannot be loaded, else 1.
int32_t legible_icu_properties(uint32_t first, int32_t count, uint8_t *script, uint8_t *bidi,
                               uint8_t *width, uint8_t *flags);

#ifdef __cplusplus
}
#endif
#endif
