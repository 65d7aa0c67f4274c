/// A BCP 47 language tag (RFC 5646), as tracks and cues carry it.
///
/// Readers make one from what a file says (`LanguageTag(wellFormed: "en-us")` is `en-US`: the
/// syntax checked, the case of each subtag as RFC 5646 §2.1.1 writes it). `TrackSelection` adds
/// the canonical form ICU gives (`LanguageTag("ger")` is `de`, `iw` is `he`) and matching.
/// `und` (undetermined) is a valid tag that matches no preference.
public struct LanguageTag: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The tag (`pt-BR`, `zh-Hant-TW`, `und`).
    public let rawValue: String

    /// The undetermined language (`und`, ISO 639-2's "undetermined").
    public static let undetermined = LanguageTag(canonical: "und")

    /// A tag already in the form wanted (ICU's canonical one, a constant).
    package init(canonical: String) { rawValue = canonical }

    /// The tag `text` spells, cased by RFC 5646 §2.1.1 (`en-us` → `en-US`, `ZH-HANT` →
    /// `zh-Hant`); underscores are read as hyphens (`pt_BR`); nil when it is not well-formed (a
    /// primary subtag of 2 to 8 letters, then subtags of 1 to 8 letters or digits).
    public init?(wellFormed text: String) {
        let trimmed = String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
        guard !trimmed.isEmpty, trimmed.utf8.count <= 100,
              trimmed.utf8.allSatisfy({ $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || ($0 < 0x80 && Self.isAlphanumeric($0)) })
        else { return nil }
        let parts = trimmed.split(separator: trimmed.contains("_") ? "_" : "-", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "-", omittingEmptySubsequences: false) }
        guard let first = parts.first, (2...8).contains(first.count), first.allSatisfy(\.isLetter),
              parts.allSatisfy({ (1...8).contains($0.count) }) else { return nil }
        var out = [first.lowercased()]
        var afterSingleton = false
        for part in parts.dropFirst() {
            if part.count == 1 { afterSingleton = true }
            if !afterSingleton && part.count == 4 && part.allSatisfy(\.isLetter) {
                out.append(part.prefix(1).uppercased() + part.dropFirst().lowercased())
            } else if !afterSingleton && part.count == 2 && part.allSatisfy(\.isLetter) {
                out.append(part.uppercased())
            } else {
                out.append(part.lowercased())
            }
        }
        rawValue = out.joined(separator: "-")
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

    package var subtags: [Substring] { rawValue.split(separator: "-") }

    package static func isAlphanumeric(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
            || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
    }
}
