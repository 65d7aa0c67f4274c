public import TimedText

/// Menu names for options in the viewer's interface language: the language's own name from ICU's
/// CLDR data (`uldn_localeDisplayName`, capitalised for a menu) and the option's traits in that
/// language's words and punctuation — "English (SDH)", "Português (Brasil)", "日本語（強制）".
///
/// CLDR names languages and regions but not subtitle traits, so the words for "forced", "SDH",
/// "CC", "easy reader" and "unknown language" come from the small table below; an interface
/// language missing from it gets the English words.
public struct DisplayNames: Sendable {
    /// The interface language names are given in.
    public let interfaceLanguage: LanguageTag
    private let words: Words

    /// Names in `interfaceLanguage` (a BCP 47 tag), English when nil. Trait words fall back to English
    /// for a language the table lacks; Chinese picks Simplified or Traditional by the tag's likely script.
    public init(interfaceLanguage: LanguageTag? = nil) {
        let language = interfaceLanguage ?? LanguageTag("en")!
        self.interfaceLanguage = language
        let full = language.maximized
        let key = full.language == "zh" ? "zh-\(full.script ?? "Hans")" : full.language
        words = Self.table[key] ?? Self.table["en"]!
    }

    /// The name of a language in the interface language ("Français (Canada)"), or nil for `und`
    /// or a language ICU does not name.
    public func languageName(_ tag: LanguageTag) -> String? {
        if tag.isUndetermined { return nil }
        guard ICULocales.displayName(tag.language, in: interfaceLanguage.rawValue, whole: false, substitute: false) != nil
        else { return nil }
        return ICULocales.displayName(tag.rawValue, in: interfaceLanguage.rawValue, whole: true, substitute: true)
    }

    /// The menu name of an option: its language and its traits. An option of unknown language is
    /// named by its source's name, else by its closed-caption channel (`CC1`, which says "closed
    /// captions" itself), else "Unknown language".
    public func name(for option: TrackOption) -> String {
        let language = option.language.flatMap(languageName)
        let channel = language == nil && option.name == nil ? option.instreamID : nil
        let base = language ?? option.name ?? channel ?? words.unknownLanguage
        var traits: [String] = []
        if option.isForced { traits.append(words.forced) }
        if option.kind == .captions {
            if channel == nil { traits.append(words.closedCaptions) }
        } else if option.isAccessible {
            traits.append(words.sdh)
        }
        if option.isEasyReader { traits.append(words.easyReader) }
        guard !traits.isEmpty else { return base }
        return base + words.open + traits.joined(separator: words.separator) + words.close
    }

    struct Words: Sendable {
        var forced: String
        var sdh: String
        var closedCaptions: String
        var easyReader: String
        var unknownLanguage: String
        var open = " ("
        var close = ")"
        var separator = ", "
    }

    /// Words as the platforms' own menus put them. SDH and CC stay acronyms in most languages
    /// (as Apple's and Netflix's menus leave them); CJK uses full-width brackets.
    static let table: [String: Words] = [
        "en": Words(forced: "Forced", sdh: "SDH", closedCaptions: "CC", easyReader: "Easy Reader", unknownLanguage: "Unknown language"),
        "fr": Words(forced: "Forcés", sdh: "SME", closedCaptions: "CC", easyReader: "Lecture facile", unknownLanguage: "Langue inconnue"),
        "de": Words(forced: "Erzwungen", sdh: "SDH", closedCaptions: "CC", easyReader: "Einfache Sprache", unknownLanguage: "Unbekannte Sprache"),
        "es": Words(forced: "Forzados", sdh: "SDH", closedCaptions: "CC", easyReader: "Lectura fácil", unknownLanguage: "Idioma desconocido"),
        "pt": Words(forced: "Forçadas", sdh: "SDH", closedCaptions: "CC", easyReader: "Leitura fácil", unknownLanguage: "Idioma desconhecido"),
        "it": Words(forced: "Forzati", sdh: "SDH", closedCaptions: "CC", easyReader: "Lettura facile", unknownLanguage: "Lingua sconosciuta"),
        "ja": Words(forced: "強制", sdh: "SDH", closedCaptions: "CC", easyReader: "やさしい字幕", unknownLanguage: "不明な言語",
                    open: "（", close: "）", separator: "、"),
        "zh-Hans": Words(forced: "强制", sdh: "SDH", closedCaptions: "CC", easyReader: "简易字幕", unknownLanguage: "未知语言",
                         open: "（", close: "）", separator: "、"),
        "zh-Hant": Words(forced: "強制", sdh: "SDH", closedCaptions: "CC", easyReader: "簡易字幕", unknownLanguage: "未知語言",
                         open: "（", close: "）", separator: "、"),
        "ko": Words(forced: "강제", sdh: "SDH", closedCaptions: "CC", easyReader: "쉬운 자막", unknownLanguage: "알 수 없는 언어"),
    ]
}
