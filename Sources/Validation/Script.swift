/// The writing systems `text.script-mismatch` tells apart (ISO 15924 codes), found from Unicode
/// blocks: the Swift standard library exposes no Script property, and ICU is kept to the modules
/// that already load it.
public enum WritingScript: String, Sendable, Hashable, CaseIterable {
    case latin = "Latn", greek = "Grek", cyrillic = "Cyrl", armenian = "Armn", hebrew = "Hebr"
    case arabic = "Arab", devanagari = "Deva", bengali = "Beng", tamil = "Taml", thai = "Thai"
    case georgian = "Geor", hangul = "Hang", hiragana = "Hira", katakana = "Kana", han = "Hani"

    /// The script of a letter, or nil for anything else (digits, punctuation, symbols, marks and
    /// letters of scripts not listed).
    public static func of(_ scalar: Unicode.Scalar) -> WritingScript? {
        guard scalar.properties.isAlphabetic else { return nil }
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF, 0xFF21...0xFF3A, 0xFF41...0xFF5A: return .latin
        case 0x370...0x3FF, 0x1F00...0x1FFF: return .greek
        case 0x400...0x52F: return .cyrillic
        case 0x531...0x58F: return .armenian
        case 0x590...0x5FF, 0xFB1D...0xFB4F: return .hebrew
        case 0x600...0x6FF, 0x750...0x77F, 0x8A0...0x8FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF: return .arabic
        case 0x900...0x97F: return .devanagari
        case 0x980...0x9FF: return .bengali
        case 0xB80...0xBFF: return .tamil
        case 0xE00...0xE7F: return .thai
        case 0x10A0...0x10FF: return .georgian
        case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: return .hangul
        case 0x3040...0x309F: return .hiragana
        case 0x30A0...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: return .katakana
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FFFF, 0x3005, 0x3007: return .han
        default: return nil
        }
    }

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
