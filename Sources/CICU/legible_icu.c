// Private ICU loader. Every ICU function used by Legible is resolved here with dlsym: ICU's names
// carry a version suffix through a macro Swift cannot import (ucsdet_open -> ucsdet_open_72).
#define _GNU_SOURCE
#include "legible_icu.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/uchar.h>
#include <unicode/ucnv.h>
#include <unicode/ucnv_cb.h>
#include <unicode/ubrk.h>
#include <unicode/ucsdet.h>
#include <unicode/uversion.h>
#include <unicode/uloc.h>
#include <unicode/uldnames.h>
#include <unicode/ures.h>
#include <unicode/uscript.h>
#include <unicode/ustring.h>

#define LEGIBLE_STRINGIFY2(x) #x
#define LEGIBLE_STRINGIFY(x) LEGIBLE_STRINGIFY2(x)
// Expands the renaming macro first, giving e.g. "ucsdet_open_72".
#define ICU_SYMBOL(name) LEGIBLE_STRINGIFY(name)

#define ICU_FUNCTIONS(X) \
    X(libi18n, ucsdet_open) X(libi18n, ucsdet_close) X(libi18n, ucsdet_setText) \
    X(libi18n, ucsdet_detectAll) X(libi18n, ucsdet_getName) X(libi18n, ucsdet_getConfidence) \
    X(libi18n, ucsdet_getLanguage) \
    X(libuc, ucnv_open) X(libuc, ucnv_close) X(libuc, ucnv_convertEx) X(libuc, ucnv_setToUCallBack) \
    X(libuc, ucnv_cbToUWriteUChars) X(libuc, ucnv_getName) X(libuc, ucnv_getStandardName) \
    X(libuc, ubrk_open) X(libuc, ubrk_close) X(libuc, ubrk_next) X(libuc, ubrk_getRuleStatus) \
    X(libuc, uloc_forLanguageTag) X(libuc, uloc_toLanguageTag) X(libuc, uloc_canonicalize) \
    X(libuc, uloc_addLikelySubtags) X(libuc, uloc_minimizeSubtags) \
    X(libuc, ures_openDirect) X(libuc, ures_getStringByKey) X(libuc, ures_close) \
    X(libuc, uldn_openForContext) X(libuc, uldn_localeDisplayName) X(libuc, uldn_languageDisplayName) \
    X(libuc, uldn_close) X(libuc, u_strToUTF8) \
    X(libuc, uscript_getScript) X(libuc, uscript_getScriptExtensions) X(libuc, uscript_getShortName) \
    X(libuc, uscript_isRightToLeft) X(libuc, u_getIntPropertyValue) X(libuc, u_getIntPropertyMaxValue) \
    X(libuc, u_hasBinaryProperty) X(libuc, u_charDirection)

#define DECLARE_POINTER(lib, name) static __typeof__(&name) p_##name;
ICU_FUNCTIONS(DECLARE_POINTER)

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int load_ok = 0;
static char load_error[512];

// Defined only when AddressSanitizer's runtime is linked in (weak: null otherwise). A statically
// linked executable exports no symbols, so dlsym alone cannot find it there.
extern void __asan_init(void) __attribute__((weak));

static void load_icu(void) {
    const char *uc_name = "libicuuc.so." U_ICU_VERSION_SHORT;
    const char *i18n_name = "libicui18n.so." U_ICU_VERSION_SHORT;
    // DEEPBIND: ICU's own references bind inside this ICU, never to Foundation's copy. Sanitizer
    // runtimes (the fuzz build) refuse DEEPBIND; there the process has no Foundation ICU anyway.
    int flags = RTLD_NOW | RTLD_LOCAL;
    int under_asan = __asan_init != 0 || dlsym(RTLD_DEFAULT, "__asan_init") != 0;
    if (!under_asan) flags |= RTLD_DEEPBIND;
    void *libuc = dlopen(uc_name, flags);
    if (!libuc) {
        snprintf(load_error, sizeof load_error,
                 "cannot load ICU (%s): %s; install the Debian package libicu%s (apt-get install libicu-dev)",
                 uc_name, dlerror(), U_ICU_VERSION_SHORT);
        return;
    }
    void *libi18n = dlopen(i18n_name, flags);
    if (!libi18n) {
        snprintf(load_error, sizeof load_error,
                 "cannot load ICU (%s): %s; install the Debian package libicu%s (apt-get install libicu-dev)",
                 i18n_name, dlerror(), U_ICU_VERSION_SHORT);
        return;
    }
#define RESOLVE(lib, name) \
    p_##name = (__typeof__(&name))dlsym(lib, ICU_SYMBOL(name)); \
    if (!p_##name) { \
        snprintf(load_error, sizeof load_error, "ICU %s lacks %s", U_ICU_VERSION, ICU_SYMBOL(name)); \
        return; \
    }
    ICU_FUNCTIONS(RESOLVE)
    load_ok = 1;
}

int legible_icu_load(char *error, int32_t errorCapacity) {
    pthread_once(&load_once, load_icu);
    if (!load_ok && error && errorCapacity > 0) {
        snprintf(error, (size_t)errorCapacity, "%s", load_error);
    }
    return load_ok;
}

const char *legible_icu_version(void) { return U_ICU_VERSION; }

static void copy_string(char *dst, size_t capacity, const char *src) {
    if (!src) src = "";
    snprintf(dst, capacity, "%s", src);
}

int32_t legible_icu_detect_charsets(const uint8_t *bytes, int32_t length,
                                    legible_charset_match *matches, int32_t capacity) {
    if (!legible_icu_load(NULL, 0)) return -1;
    UErrorCode status = U_ZERO_ERROR;
    UCharsetDetector *detector = p_ucsdet_open(&status);
    if (U_FAILURE(status)) return -1;
    p_ucsdet_setText(detector, (const char *)bytes, length, &status);
    int32_t found = 0;
    const UCharsetMatch **all = p_ucsdet_detectAll(detector, &found, &status);
    int32_t written = 0;
    if (U_SUCCESS(status)) {
        for (int32_t i = 0; i < found && written < capacity; i++) {
            UErrorCode s = U_ZERO_ERROR;
            legible_charset_match *m = &matches[written];
            copy_string(m->name, sizeof m->name, p_ucsdet_getName(all[i], &s));
            copy_string(m->language, sizeof m->language, p_ucsdet_getLanguage(all[i], &s));
            m->confidence = p_ucsdet_getConfidence(all[i], &s);
            if (U_SUCCESS(s)) written++;
        }
    }
    p_ucsdet_close(detector);
    return U_SUCCESS(status) ? written : -1;
}

typedef struct {
    const uint8_t *base;
    int64_t invalid;
    int64_t first_invalid;
} substitution_context;

// Replaces every invalid, irregular or unmapped sequence with one U+FFFD and counts it.
static void substitute_fffd(const void *context, UConverterToUnicodeArgs *args,
                            const char *codeUnits, int32_t length,
                            UConverterCallbackReason reason, UErrorCode *err) {
    if (reason > UCNV_IRREGULAR) return; // reset, close, clone: nothing to write
    substitution_context *ctx = (substitution_context *)context;
    if (ctx->invalid == 0) {
        // `codeUnits` is the converter's own copy of the sequence, not a pointer into the
        // input; `args->source` is where reading stopped, just past the sequence.
        int64_t end = (int64_t)((const uint8_t *)args->source - ctx->base);
        ctx->first_invalid = end >= length ? end - length : 0;
    }
    ctx->invalid++;
    static const UChar replacement = 0xFFFD;
    *err = U_ZERO_ERROR;
    p_ucnv_cbToUWriteUChars(args, &replacement, 1, 0, err);
    (void)codeUnits;
}

int64_t legible_icu_to_utf8(const char *charset, const uint8_t *bytes, int64_t length,
                            uint8_t *output, int64_t capacity,
                            int64_t *invalidCount, int64_t *firstInvalidOffset) {
    if (!legible_icu_load(NULL, 0)) return -2;
    UErrorCode status = U_ZERO_ERROR;
    UConverter *source = p_ucnv_open(charset, &status);
    if (U_FAILURE(status) || !source) return -1;
    UConverter *target = p_ucnv_open("UTF-8", &status);
    if (U_FAILURE(status)) { p_ucnv_close(source); return -2; }

    substitution_context ctx = { bytes, 0, -1 };
    p_ucnv_setToUCallBack(source, substitute_fffd, &ctx, NULL, NULL, &status);

    UChar pivot[4096];
    UChar *pivotSource = pivot, *pivotTarget = pivot;
    char *out = (char *)output;
    const char *in = (const char *)bytes;
    p_ucnv_convertEx(target, source, &out, (char *)output + capacity, &in, (const char *)bytes + length,
                     pivot, &pivotSource, &pivotTarget, pivot + 4096, 1, 1, &status);
    p_ucnv_close(source);
    p_ucnv_close(target);
    if (invalidCount) *invalidCount = ctx.invalid;
    if (firstInvalidOffset) *firstInvalidOffset = ctx.first_invalid;
    if (U_FAILURE(status)) return -2;
    return (int64_t)(out - (char *)output);
}

int legible_icu_has_converter(const char *charset) {
    if (!legible_icu_load(NULL, 0)) return 0;
    UErrorCode status = U_ZERO_ERROR;
    UConverter *c = p_ucnv_open(charset, &status);
    if (U_FAILURE(status) || !c) return 0;
    p_ucnv_close(c);
    return 1;
}

int legible_icu_canonical_charset(const char *charset, char *output, int32_t capacity) {
    if (!legible_icu_load(NULL, 0)) return 0;
    UErrorCode status = U_ZERO_ERROR;
    UConverter *c = p_ucnv_open(charset, &status);
    if (U_FAILURE(status) || !c) return 0;
    const char *internal = p_ucnv_getName(c, &status);
    const char *name = NULL;
    if (U_SUCCESS(status)) {
        UErrorCode s = U_ZERO_ERROR;
        // MIME names are the familiar ones (ISO-8859-5 rather than IANA's ISO_8859-5:1988).
        name = p_ucnv_getStandardName(internal, "MIME", &s);
        if (!name || U_FAILURE(s)) { s = U_ZERO_ERROR; name = p_ucnv_getStandardName(internal, "IANA", &s); }
        if (!name || U_FAILURE(s)) name = internal;
    }
    if (name) copy_string(output, (size_t)capacity, name);
    p_ucnv_close(c);
    return name != NULL;
}

int32_t legible_icu_line_breaks(const uint8_t *utf8, int32_t length, const char *locale,
                                int32_t *offsets, uint8_t *hard, int32_t capacity) {
    if (!legible_icu_load(NULL, 0)) return -1;
    if (length == 0) return 0;
    // UTF-8 to UTF-16 by hand (the text is valid UTF-8), remembering where each UTF-16 unit
    // starts in the UTF-8, so that ICU's offsets can be given back in bytes.
    UChar *text = (UChar *)malloc(sizeof(UChar) * ((size_t)length + 1));
    int32_t *start = (int32_t *)malloc(sizeof(int32_t) * ((size_t)length + 2));
    if (!text || !start) { free(text); free(start); return -1; }
    int32_t units = 0;
    for (int32_t i = 0; i < length;) {
        uint32_t c = utf8[i];
        int32_t n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
        if (i + n > length) n = length - i;
        if (n == 2) c = ((c & 0x1F) << 6) | (utf8[i + 1] & 0x3F);
        else if (n == 3) c = ((c & 0x0F) << 12) | ((utf8[i + 1] & 0x3F) << 6) | (utf8[i + 2] & 0x3F);
        else if (n == 4) c = ((c & 0x07) << 18) | ((utf8[i + 1] & 0x3F) << 12) | ((utf8[i + 2] & 0x3F) << 6) | (utf8[i + 3] & 0x3F);
        if (c >= 0x10000) {
            start[units] = i;
            text[units++] = (UChar)(0xD800 + ((c - 0x10000) >> 10));
            start[units] = i;
            text[units++] = (UChar)(0xDC00 + ((c - 0x10000) & 0x3FF));
        } else {
            start[units] = i;
            text[units++] = (UChar)c;
        }
        i += n;
    }
    start[units] = length;
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *it = p_ubrk_open(UBRK_LINE, locale ? locale : "", text, units, &status);
    int32_t written = 0;
    if (U_SUCCESS(status) && it) {
        for (int32_t b = p_ubrk_next(it); b != UBRK_DONE && written < capacity; b = p_ubrk_next(it)) {
            offsets[written] = start[b];
            hard[written] = p_ubrk_getRuleStatus(it) >= UBRK_LINE_HARD ? 1 : 0;
            written++;
        }
        p_ubrk_close(it);
    }
    free(text);
    free(start);
    return U_SUCCESS(status) ? written : -1;
}

// ICU locale IDs (en_US@calendar=...) are at most ULOC_FULLNAME_CAPACITY long; tags a little longer.
#define LOCALE_CAPACITY 160

static int32_t copy_result(const char *value, char *output, int32_t capacity) {
    size_t length = strlen(value);
    if (length + 1 > (size_t)capacity) return -1;
    memcpy(output, value, length + 1);
    return (int32_t)length;
}

// A BCP 47 tag to an ICU locale ID; -1 unless the whole tag parses.
static int32_t tag_to_locale(const char *tag, char *locale) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t parsed = 0;
    int32_t length = p_uloc_forLanguageTag(tag, locale, LOCALE_CAPACITY, &parsed, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING) return -1;
    if (parsed != (int32_t)strlen(tag)) return -1;
    return length;
}

static int32_t locale_to_tag(const char *locale, char *output, int32_t capacity) {
    char tag[LOCALE_CAPACITY];
    UErrorCode status = U_ZERO_ERROR;
    p_uloc_toLanguageTag(locale, tag, LOCALE_CAPACITY, 1, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING) return -1;
    return copy_result(tag, output, capacity);
}

int32_t legible_icu_canonical_tag(const char *tag, char *output, int32_t capacity) {
    if (!legible_icu_load(NULL, 0) || !tag || !*tag) return -1;
    char locale[LOCALE_CAPACITY], canonical[LOCALE_CAPACITY];
    if (tag_to_locale(tag, locale) < 0) return -1;
    UErrorCode status = U_ZERO_ERROR;
    p_uloc_canonicalize(locale, canonical, LOCALE_CAPACITY, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING) return -1;
    return locale_to_tag(canonical, output, capacity);
}

int32_t legible_icu_likely_subtags(const char *tag, int maximize, char *output, int32_t capacity) {
    if (!legible_icu_load(NULL, 0) || !tag || !*tag) return -1;
    char locale[LOCALE_CAPACITY], result[LOCALE_CAPACITY];
    if (tag_to_locale(tag, locale) < 0) return -1;
    UErrorCode status = U_ZERO_ERROR;
    if (maximize) p_uloc_addLikelySubtags(locale, result, LOCALE_CAPACITY, &status);
    else p_uloc_minimizeSubtags(locale, result, LOCALE_CAPACITY, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING) return -1;
    return locale_to_tag(result, output, capacity);
}

int32_t legible_icu_parent_locale(const char *tag, char *output, int32_t capacity) {
    if (!legible_icu_load(NULL, 0) || !tag || !*tag) return -1;
    char locale[LOCALE_CAPACITY];
    if (tag_to_locale(tag, locale) < 0) return -1;
    UErrorCode status = U_ZERO_ERROR;
    // openDirect: this bundle only, without fallback, so that a missing %%Parent means "none".
    UResourceBundle *bundle = p_ures_openDirect(NULL, locale, &status);
    if (U_FAILURE(status) || !bundle) return 0;
    int32_t length = 0;
    UErrorCode keyStatus = U_ZERO_ERROR;
    const UChar *parent = p_ures_getStringByKey(bundle, "%%Parent", &length, &keyStatus);
    int32_t result = 0;
    if (U_SUCCESS(keyStatus) && parent && length > 0 && length < LOCALE_CAPACITY) {
        char parentLocale[LOCALE_CAPACITY];
        for (int32_t i = 0; i < length; i++) parentLocale[i] = (char)parent[i]; // invariant ASCII
        parentLocale[length] = 0;
        result = locale_to_tag(parentLocale, output, capacity);
    }
    p_ures_close(bundle);
    return result;
}

int32_t legible_icu_display_name(const char *tag, const char *displayLocale, int whole, int substitute,
                                 char *output, int32_t capacity) {
    if (!legible_icu_load(NULL, 0) || !tag || !*tag) return -1;
    char locale[LOCALE_CAPACITY], display[LOCALE_CAPACITY];
    if (tag_to_locale(tag, locale) < 0) return -1;
    if (!displayLocale || tag_to_locale(displayLocale, display) < 0) display[0] = 0;
    UDisplayContext contexts[] = {
        UDISPCTX_CAPITALIZATION_FOR_UI_LIST_OR_MENU, UDISPCTX_STANDARD_NAMES,
        substitute ? UDISPCTX_SUBSTITUTE : UDISPCTX_NO_SUBSTITUTE,
    };
    UErrorCode status = U_ZERO_ERROR;
    ULocaleDisplayNames *names = p_uldn_openForContext(display, contexts, 3, &status);
    if (U_FAILURE(status) || !names) return -1;
    UChar name[256];
    int32_t length;
    if (whole) {
        length = p_uldn_localeDisplayName(names, locale, name, 256, &status);
    } else {
        char language[LOCALE_CAPACITY];
        // The language subtag of the locale ID: everything before the first '_' or '@'.
        size_t n = strcspn(locale, "_@");
        memcpy(language, locale, n);
        language[n] = 0;
        length = p_uldn_languageDisplayName(names, language, name, 256, &status);
    }
    p_uldn_close(names);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING || length <= 0) return -1;
    int32_t written = 0;
    UErrorCode utf8Status = U_ZERO_ERROR;
    p_u_strToUTF8(output, capacity, &written, name, length, &utf8Status);
    if (U_FAILURE(utf8Status) || utf8Status == U_STRING_NOT_TERMINATED_WARNING) return -1;
    return written;
}

// The header's constants are ICU's numbers; a new ICU that renumbered one would fail here.
_Static_assert(LEGIBLE_EAST_ASIAN_WIDTH_NEUTRAL == U_EA_NEUTRAL && LEGIBLE_EAST_ASIAN_WIDTH_AMBIGUOUS == U_EA_AMBIGUOUS
               && LEGIBLE_EAST_ASIAN_WIDTH_HALFWIDTH == U_EA_HALFWIDTH && LEGIBLE_EAST_ASIAN_WIDTH_FULLWIDTH == U_EA_FULLWIDTH
               && LEGIBLE_EAST_ASIAN_WIDTH_NARROW == U_EA_NARROW && LEGIBLE_EAST_ASIAN_WIDTH_WIDE == U_EA_WIDE,
               "East_Asian_Width numbers differ from ICU's");
_Static_assert(LEGIBLE_BIDI_L == U_LEFT_TO_RIGHT && LEGIBLE_BIDI_R == U_RIGHT_TO_LEFT && LEGIBLE_BIDI_AL == U_RIGHT_TO_LEFT_ARABIC
               && LEGIBLE_BIDI_FSI == U_FIRST_STRONG_ISOLATE && LEGIBLE_BIDI_LRI == U_LEFT_TO_RIGHT_ISOLATE
               && LEGIBLE_BIDI_RLI == U_RIGHT_TO_LEFT_ISOLATE && LEGIBLE_BIDI_PDI == U_POP_DIRECTIONAL_ISOLATE
               && LEGIBLE_BIDI_COUNT == U_CHAR_DIRECTION_COUNT,
               "Bidi_Class numbers differ from ICU's");
// Legible's table of BMP facts keeps a script number in a byte (Sources/TextScanning/UnicodeScripts.swift).
_Static_assert(USCRIPT_CODE_LIMIT <= 255, "ICU's script numbers no longer fit in a byte");

int32_t legible_icu_script(uint32_t c) {
    if (!legible_icu_load(NULL, 0)) return -1;
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode script = p_uscript_getScript((UChar32)c, &status);
    return U_SUCCESS(status) ? (int32_t)script : USCRIPT_UNKNOWN;
}

int32_t legible_icu_script_extensions(uint32_t c, int32_t *scripts, int32_t capacity) {
    if (!legible_icu_load(NULL, 0)) return -1;
    // UScriptCode is an enum, not necessarily an int32_t: read into ICU's type, then copy. No
    // character is used with more than a few dozen scripts (Unicode 15: at most 21, U+0965).
    UScriptCode found[64];
    UErrorCode status = U_ZERO_ERROR;
    int32_t count = p_uscript_getScriptExtensions((UChar32)c, found, 64, &status);
    if (U_FAILURE(status)) return -1;
    for (int32_t i = 0; i < count && i < capacity; i++) scripts[i] = (int32_t)found[i];
    return count;
}

int32_t legible_icu_script_count(void) {
    if (!legible_icu_load(NULL, 0)) return -1;
    return p_u_getIntPropertyMaxValue(UCHAR_SCRIPT) + 1;
}

int32_t legible_icu_script_code(int32_t script, char *output, int32_t capacity) {
    if (!legible_icu_load(NULL, 0)) return -1;
    const char *name = p_uscript_getShortName((UScriptCode)script);
    return name ? copy_result(name, output, capacity) : -1;
}

int32_t legible_icu_script_is_right_to_left(int32_t script) {
    if (!legible_icu_load(NULL, 0)) return -1;
    return p_uscript_isRightToLeft((UScriptCode)script) ? 1 : 0;
}

int32_t legible_icu_east_asian_width(uint32_t c) {
    if (!legible_icu_load(NULL, 0)) return -1;
    return p_u_getIntPropertyValue((UChar32)c, UCHAR_EAST_ASIAN_WIDTH);
}

int32_t legible_icu_is_alphabetic(uint32_t c) {
    if (!legible_icu_load(NULL, 0)) return -1;
    return p_u_hasBinaryProperty((UChar32)c, UCHAR_ALPHABETIC) ? 1 : 0;
}

int32_t legible_icu_bidi_class(uint32_t c) {
    if (!legible_icu_load(NULL, 0)) return -1;
    return (int32_t)p_u_charDirection((UChar32)c);
}

int32_t legible_icu_properties(uint32_t first, int32_t count, uint8_t *script, uint8_t *bidi,
                               uint8_t *width, uint8_t *flags) {
    if (!legible_icu_load(NULL, 0)) return 0;
    for (int32_t i = 0; i < count; i++) {
        UChar32 c = (UChar32)(first + (uint32_t)i);
        UErrorCode status = U_ZERO_ERROR;
        UScriptCode code = p_uscript_getScript(c, &status);
        // Script numbers fit a byte (checked above).
        script[i] = (uint8_t)(U_SUCCESS(status) ? code : USCRIPT_UNKNOWN);
        bidi[i] = (uint8_t)p_u_charDirection(c);
        width[i] = (uint8_t)p_u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH);
        int32_t type = p_u_getIntPropertyValue(c, UCHAR_DECOMPOSITION_TYPE);
        flags[i] = (uint8_t)((p_u_hasBinaryProperty(c, UCHAR_ALPHABETIC) ? LEGIBLE_PROPERTY_ALPHABETIC : 0)
                             | (type == U_DT_WIDE || type == U_DT_NARROW ? LEGIBLE_PROPERTY_WIDTH_VARIANT : 0)
                             | (p_u_hasBinaryProperty(c, UCHAR_EMOJI_PRESENTATION) ? LEGIBLE_PROPERTY_EMOJI_PRESENTATION : 0));
    }
    return 1;
}
