import TextScanning

/// The writing systems `text.script-mismatch` tells apart (ISO 15924 codes), from the Unicode
/// Script property (UAX #24) as ICU gives it (`UnicodeScript`).
public enum WritingScript: String, Sendable, Hashable, CaseIterable {
    case latin = "Latn", greek = "Grek", cyrillic = "Cyrl", armenian = "Armn", hebrew = "Hebr"
    case arabic = "Arab", devanagari = "Deva", bengali = "Beng", tamil = "Taml", thai = "Thai"
    case georgian = "Geor", hangul = "Hang", hiragana = "Hira", katakana = "Kana", han = "Hani"

    /// The script of a letter, or nil for anything else (digits, punctuation, symbols, marks and
    /// letters of scripts not listed). Letters shared by scripts have none of their own (UAX #24
    /// Common): U+30FC ー, used in both kana, counts as neither.
    public static func of(_ scalar: Unicode.Scalar) -> WritingScript? {
        // Letters only: the Script property also covers a script's digits, punctuation and marks.
        guard ScalarFacts.isAlphabetic(scalar) else { return nil }
        let code = UnicodeScript.of(scalar).code
        for (script, known) in byCode where code == known { return script }
        return nil
    }

    /// Each case with its code as `UnicodeScript` packs it, compared as integers: this runs for
    /// every letter of every cue.
    private static let byCode: [(WritingScript, UInt32)] = allCases.map { ($0, UnicodeScript(iso15924: $0.rawValue)!.code) }

    /// The scripts a language is normally written in, from its BCP 47 tag: a script subtag
    /// (`sr-Latn`, `zh-Hant`) decides; otherwise the primary language's usual scripts. Nil for a
    /// language this table does not know (then the rule says nothing).
    public static func expected(forLanguage tag: String) -> Set<WritingScript>? {
        let subtags = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.lowercased() }
        guard let primary = subtags.first else { return nil }
        for subtag in subtags.dropFirst() where subtag.count == 4 {
            switch subtag {
            case "latn": return [.latin]
            case "cyrl": return [.cyrillic]
            case "arab": return [.arabic]
            case "hans", "hant", "hani": return [.han]
            case "jpan": return [.han, .hiragana, .katakana]
            case "kore": return [.hangul, .han]
            default: break
            }
        }
        if latinLanguages.contains(primary) { return [.latin] }
        switch primary {
        case "el": return [.greek]
        case "ru", "uk", "be", "bg", "mk", "kk", "ky", "mn", "tg": return [.cyrillic]
        case "sr", "bs": return [.cyrillic, .latin]
        case "hy": return [.armenian]
        case "he", "iw", "yi": return [.hebrew]
        case "ar", "fa", "ur", "ps", "ckb": return [.arabic]
        case "hi", "mr", "ne", "sa": return [.devanagari]
        case "bn", "as": return [.bengali]
        case "ta": return [.tamil]
        case "th": return [.thai]
        case "ka": return [.georgian]
        case "ko": return [.hangul, .han]
        case "ja": return [.han, .hiragana, .katakana]
        case "zh", "yue", "cmn": return [.han]
        default: return nil
        }
    }

    private static let latinLanguages: Set<String> = [
        "en", "fr", "de", "es", "it", "pt", "nl", "sv", "da", "no", "nb", "nn", "fi", "pl", "cs", "sk",
        "hu", "ro", "hr", "sl", "tr", "id", "ms", "vi", "ca", "eu", "gl", "et", "lv", "lt", "is", "ga",
        "cy", "sq", "tl", "fil", "sw", "af", "az", "uz", "mt", "lb", "fo", "gd", "br", "oc", "la", "eo",
        "ha", "yo", "ig", "zu", "xh", "so", "mi", "haw", "sm", "to", "fj",
    ]
}
