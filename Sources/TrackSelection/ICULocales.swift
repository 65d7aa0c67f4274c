internal import TimedText

internal import CICU

/// The one Swift file in TrackSelection that calls ICU (through the CICU shim, which loads the
/// system ICU privately on first use). Every function returns nil when ICU cannot answer — not
/// loaded, or the input is not a well-formed tag — and callers degrade to plain string rules.
enum ICULocales {
    /// Nil when ICU is loaded, otherwise why not (naming the Debian package).
    static let loadError: String? = {
        var buffer = [CChar](repeating: 0, count: 512)
        if legible_icu_load(&buffer, Int32(buffer.count)) == 1 { return nil }
        return string(buffer)
    }()

    /// uloc_forLanguageTag → uloc_canonicalize → uloc_toLanguageTag.
    static func canonicalTag(_ tag: String) -> String? {
        call { legible_icu_canonical_tag(tag, $0, $1) }
    }

    /// uloc_addLikelySubtags, as a tag (`zh-TW` → `zh-Hant-TW`).
    static func maximized(_ tag: String) -> String? {
        call { legible_icu_likely_subtags(tag, 1, $0, $1) }
    }

    /// uloc_minimizeSubtags, as a tag (`zh-Hant-TW` → `zh-TW`).
    static func minimized(_ tag: String) -> String? {
        call { legible_icu_likely_subtags(tag, 0, $0, $1) }
    }

    /// CLDR's explicit parent locale (`es-MX` → `es-419`), or nil when the parent is the truncation.
    static func explicitParent(_ tag: String) -> String? {
        call { legible_icu_parent_locale(tag, $0, $1) }
    }

    /// uldn_localeDisplayName (whole) or uldn_languageDisplayName, capitalised for a menu.
    /// Without `substitute`, nil when ICU has no name for it.
    static func displayName(_ tag: String, in displayLocale: String, whole: Bool, substitute: Bool) -> String? {
        call { legible_icu_display_name(tag, displayLocale, whole ? 1 : 0, substitute ? 1 : 0, $0, $1) }
    }

    private static func call(_ body: (UnsafeMutablePointer<CChar>, Int32) -> Int32) -> String? {
        guard loadError == nil else { return nil }
        var buffer = [CChar](repeating: 0, count: 512)
        let length = buffer.withUnsafeMutableBufferPointer { body($0.baseAddress!, Int32($0.count)) }
        guard length > 0 else { return nil }
        return string(buffer)
    }

    private static func string(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
