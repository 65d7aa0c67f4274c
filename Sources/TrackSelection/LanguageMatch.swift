public import TimedText

/// How well an option's language serves a language the viewer asked for, best first.
///
/// ICU 72 exposes CLDR's locale matcher (`LocaleMatcher`, with its language-distance data) to C++
/// only, and Legible calls ICU through C. The distance is therefore built here on the parts of that
/// data the C API does expose — likely subtags (`uloc_addLikelySubtags`) and CLDR's parent locales
/// (the `%%Parent` of each locale bundle) — in the order CLDR's matcher ranks the same cases:
///
/// 1. `exact` — the canonical tags are equal (`de` asked, `ger` offered, both `de`).
/// 2. `equivalent` — equal once likely subtags are added (`zh-TW` ≈ `zh-Hant`, `en` ≈ `en-US`).
/// 3. `regionalParent` — the two regions share a CLDR parent (`es-MX` and `es-419` are both Latin
///    American Spanish; `en-AU` and `en-GB` both `en-001`).
/// 4. `lookup` — the offered tag is a prefix of the asked one, RFC 4647 §3.4 lookup's fallback
///    (`fr-CA` asked, plain `fr` offered). It ranks below a regional parent because a bare
///    language stands for its likely region (`es` is `es-ES`, `en` is `en-US`): for an `es-MX`
///    viewer `es-419` is closer than `es`, as CLDR's distances also have it.
/// 5. `otherRegion` — the same language in the same script, another region (`fr-CA` asked,
///    `fr-FR` offered): still understood, so it beats any lower-ranked language.
///
/// A different language, or the same language in another script once likely subtags are added
/// (`zh-Hans` against `zh-Hant`, `sr-Latn` against `sr-Cyrl`), is no match: a reader of one script
/// cannot be assumed to read the other. `und` matches nothing (RFC 4647 §3.3: it is not a wildcard).
/// One macrolanguage pair is treated as the same language: Norwegian `no` and Bokmål `nb`, which
/// CLDR also treats as near-identical.
public enum LanguageMatch: Int, Sendable, Hashable, Comparable, CaseIterable, CustomStringConvertible {
    case exact
    case equivalent
    case regionalParent
    case lookup
    case otherRegion

    public static func < (lhs: LanguageMatch, rhs: LanguageMatch) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String {
        switch self {
        case .exact: "exact match"
        case .equivalent: "same language once likely subtags are added"
        case .lookup: "RFC 4647 lookup match (a prefix of the preference)"
        case .regionalParent: "same language, a region in the same CLDR regional group"
        case .otherRegion: "same language and script, another region"
        }
    }

    /// How `offered` serves a viewer who asked for `wanted`, or nil when it does not.
    public static func of(_ offered: LanguageTag, for wanted: LanguageTag) -> LanguageMatch? {
        if offered.isUndetermined || wanted.isUndetermined { return nil }
        if offered == wanted { return .exact }
        let a = wanted.maximized, b = offered.maximized
        guard sameLanguage(a.language, b.language), a.script == b.script else { return nil }
        if a.rawValue == b.rawValue { return .equivalent }
        let wantedRegions = wanted.regionalParents, offeredRegions = offered.regionalParents
        // Their own regions differ (else they would be equivalent); a shared parent region is a
        // regional group. `001` (the world) is every English's parent only through en-001, which
        // en-US does not have: sharing it is meaningful.
        if !Set(wantedRegions).isDisjoint(with: offeredRegions) { return .regionalParent }
        if wanted.lookupFallbacks.contains(offered.rawValue) { return .lookup }
        return .otherRegion
    }

    private static func sameLanguage(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        let norwegian: Set<String> = ["no", "nb"]
        return norwegian.contains(a) && norwegian.contains(b)
    }
}
