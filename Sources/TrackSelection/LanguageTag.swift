/// A BCP 47 language tag (RFC 5646) in canonical form, as ICU canonicalises it.
///
/// `LanguageTag("ger")`, `LanguageTag("deu")` and `LanguageTag("de")` are all `de`; `iw` is `he`;
/// `pob` is `pt-BR`; `en_us` is `en-US`. Parsing fails (nil) only for text that is not a
/// well-formed tag. `und` (undetermined) is a valid tag that matches no preference.
public struct LanguageTag: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The canonical tag (`pt-BR`, `zh-Hant-TW`, `und`).
    public let rawValue: String

    /// The undetermined language (`und`, ISO 639-2's "undetermined").
    public static let undetermined = LanguageTag(canonical: "und")

    private init(canonical: String) { rawValue = canonical }

    /// Parses and canonicalises `text`; nil when it is not a well-formed language tag.
    /// Underscores are accepted for hyphens (`pt_BR`, as in POSIX locale names and file names).
    public init?(_ text: String) {
        let trimmed = String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
        guard !trimmed.isEmpty, trimmed.utf8.count <= 100,
              trimmed.utf8.allSatisfy({ $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || ($0 < 0x80 && Self.isAlphanumeric($0)) })
        else { return nil }
        let hyphenated = LegacyLanguageCodes.rewrite(String(trimmed.map { $0 == "_" ? "-" : $0 }))
        if var canonical = ICULocales.canonicalTag(hyphenated) {
            // ICU turns an extended language subtag into the language (zh-cmn → cmn): map again.
            let again = LegacyLanguageCodes.rewrite(canonical)
            if again != canonical, let recanonical = ICULocales.canonicalTag(again) { canonical = recanonical }
            rawValue = canonical
        } else if ICULocales.loadError != nil, let cased = Self.casedWithoutICU(hyphenated) {
            rawValue = cased
        } else {
            return nil
        }
    }

    public var description: String { rawValue }
    public static func < (lhs: LanguageTag, rhs: LanguageTag) -> Bool { lhs.rawValue < rhs.rawValue }

    /// True for `und`: the language is not known.
    public var isUndetermined: Bool { language == "und" }

    /// The primary language subtag (`pt` for `pt-BR`).
    public var language: String { String(rawValue.prefix { $0 != "-" }) }

    /// The script subtag (`Hant`), when the tag has one.
    public var script: String? {
        subtags.dropFirst().prefix { $0.count != 1 }.first { $0.count == 4 && $0.allSatisfy(\.isLetter) }.map(String.init)
    }

    /// The region subtag (`BR`, `419`), when the tag has one.
    public var region: String? {
        subtags.dropFirst().prefix { $0.count != 1 }.first {
            ($0.count == 2 && $0.allSatisfy(\.isLetter)) || ($0.count == 3 && $0.allSatisfy(\.isNumber))
        }.map(String.init)
    }

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

    /// RFC 4647 §3.4 lookup's fallback sequence: the tag, then each shorter prefix, dropping a
    /// trailing single-letter subtag (an extension or private-use singleton) with what follows it.
    public var lookupFallbacks: [String] {
        var parts = subtags
        var result = [rawValue]
        while parts.count > 1 {
            parts.removeLast()
            if parts.last?.count == 1 { parts.removeLast() }
            if !parts.isEmpty { result.append(parts.joined(separator: "-")) }
        }
        return result
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

    private var subtags: [Substring] { rawValue.split(separator: "-") }

    private static func isAlphanumeric(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
            || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
    }

    /// RFC 5646 §2.1.1's casing conventions, for when ICU is not installed: a degraded but stable form.
    private static func casedWithoutICU(_ tag: String) -> String? {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...8).contains(first.count), first.allSatisfy(\.isLetter),
              parts.allSatisfy({ (1...8).contains($0.count) }) else { return nil }
        var out = [first.lowercased()]
        for part in parts.dropFirst() {
            if part.count == 4 && part.allSatisfy(\.isLetter) { out.append(part.prefix(1).uppercased() + part.dropFirst().lowercased()) }
            else if part.count == 2 { out.append(part.uppercased()) }
            else { out.append(part.lowercased()) }
        }
        return out.joined(separator: "-")
    }
}
