public import TimedText

/// The canonical form of language tags, as ICU canonicalises them, and what matching needs.
///
/// `LanguageTag("ger")`, `LanguageTag("deu")` and `LanguageTag("de")` are all `de`; `iw` is `he`;
/// `pob` is `pt-BR`; `en_us` is `en-US`. Parsing fails (nil) only for text that is not a
/// well-formed tag.
extension LanguageTag {
    /// Parses and canonicalises `text`; nil when it is not a well-formed language tag.
    /// Underscores are accepted for hyphens (`pt_BR`, as in POSIX locale names and file names).
    public init?(_ text: String) {
        let trimmed = String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
        guard !trimmed.isEmpty, trimmed.utf8.count <= 100,
              trimmed.utf8.allSatisfy({ $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || ($0 < 0x80 && Self.isAlphanumeric($0)) })
        else { return nil }
        // Legacy and grandfathered codes first (`ger`, `pob`, `i-klingon`); ICU decides the rest.
        let hyphenated = LegacyLanguageCodes.rewrite(String(trimmed.map { $0 == "_" ? "-" : $0 }))
        if var canonical = ICULocales.canonicalTag(hyphenated) {
            // ICU turns an extended language subtag into the language (zh-cmn → cmn): map again.
            let again = LegacyLanguageCodes.rewrite(canonical)
            if again != canonical, let recanonical = ICULocales.canonicalTag(again) { canonical = recanonical }
            self.init(canonical: canonical)
        } else if ICULocales.loadError != nil {
            // RFC 5646 §2.1.1's casing, for when ICU is not installed: a degraded but stable form.
            guard let wellFormed = LanguageTag(wellFormed: hyphenated) else { return nil }
            self = wellFormed
        } else {
            return nil
        }
    }

    /// The canonical form of a tag as read (`ger` → `de`).
    public var canonical: LanguageTag { LanguageTag(rawValue) ?? self }

    /// With ICU's likely subtags added (`zh-TW` → `zh-Hant-TW`, `en` → `en-Latn-US`).
    public var maximized: LanguageTag {
        if isUndetermined { return self }
        return ICULocales.maximized(rawValue).map(LanguageTag.init(canonical:)) ?? self
    }

    /// With likely subtags removed (`zh-Hant-TW` → `zh-TW`, `en-Latn-US` → `en`).
    public var minimized: LanguageTag {
        if isUndetermined { return self }
        return ICULocales.minimized(rawValue).map(LanguageTag.init(canonical:)) ?? self
    }

    /// The regions this locale belongs to by CLDR's parent locales, nearest first: `es-MX` is in
    /// `419` (Latin America), `en-AU` in `001` (the world English of Commonwealth usage), `pt-AO`
    /// in `PT`. Its own region comes first.
    public var regionalParents: [String] {
        let full = maximized
        guard let region = full.region else { return [] }
        var regions = [region]
        var current = [language, region].joined(separator: "-")
        var alternative = [language, full.script ?? "", region].filter { !$0.isEmpty }.joined(separator: "-")
        // A short chain (es-MX → es-419); the bound only guards against cyclic data.
        for _ in 0..<4 {
            guard let parent = ICULocales.explicitParent(current) ?? ICULocales.explicitParent(alternative),
                  let tag = LanguageTag(parent), let parentRegion = tag.region, !regions.contains(parentRegion)
            else { break }
            regions.append(parentRegion)
            current = parent
            alternative = parent
        }
        return regions
    }

    /// True when ICU has a name for the primary language (`en`, `qaa` is not named, `movie` is not
    /// a language). Used to tell language codes from words in file names.
    public var isKnownLanguage: Bool {
        if isUndetermined { return false }
        guard ICULocales.loadError == nil else { return language.count == 2 }
        return ICULocales.displayName(language, in: "en", whole: false, substitute: false) != nil
    }
}
