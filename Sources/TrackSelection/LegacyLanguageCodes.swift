internal import TimedText

/// Language codes met in subtitle files and playlists that ICU's canonicalisation does not map.
///
/// ICU 72 maps ISO 639-2/T and deprecated codes (`deu` → `de`, `iw` → `he`, `in` → `id`) but not
/// the bibliographic ISO 639-2/B codes (`ger`, `fre`, `chi`), which Matroska, DVD tooling and file
/// names use; nor the non-standard codes that subtitle sites give Brazilian Portuguese. Both are
/// rewritten here before ICU sees the tag.
enum LegacyLanguageCodes {
    /// ISO 639-2/B → ISO 639-2/T: the twenty languages whose bibliographic code differs
    /// (ISO 639-2 registration authority's list). ICU then shortens the /T code to 639-1.
    static let bibliographic: [String: String] = [
        "alb": "sqi", "arm": "hye", "baq": "eus", "bur": "mya", "chi": "zho", "cze": "ces",
        "dut": "nld", "fre": "fra", "geo": "kat", "ger": "deu", "gre": "ell", "ice": "isl",
        "mac": "mkd", "mao": "mri", "may": "msa", "per": "fas", "rum": "ron", "slo": "slk",
        "tib": "bod", "wel": "cym",
    ]

    /// Whole tags that are not BCP 47 but common: OpenSubtitles' and Windows' codes for Brazilian
    /// Portuguese, and Mandarin as an extended language subtag (`cmn` is a macrolanguage member of
    /// `zh`, and players list Mandarin subtitles as Chinese).
    static let nonStandard: [String: String] = [
        "pob": "pt-BR", "ptb": "pt-BR", "pb": "pt-BR",
        "cmn": "zh",
    ]

    /// The tag with a leading legacy code replaced (`ger-CH` → `deu-CH`, `pob` → `pt-BR`).
    static func rewrite(_ tag: String) -> String {
        let lower = tag.lowercased()
        if let whole = nonStandard[lower] { return whole }
        let first = lower.prefix { $0 != "-" }
        let rest = tag.dropFirst(first.count)
        if let replacement = bibliographic[String(first)] ?? nonStandard[String(first)] {
            return replacement + rest
        }
        return tag
    }
}
