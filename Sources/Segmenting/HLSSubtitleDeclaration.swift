public import TimedText
internal import TrackSelection

/// The `EXT-X-MEDIA` line that declares a subtitle rendition in a master playlist (RFC 8216
/// §4.3.4.1), so that AVKit lists it in its `.legible` media selection group.
public struct HLSSubtitleDeclaration: Sendable, Hashable {
    /// `GROUP-ID`: the group the variants name in their `SUBTITLES` attribute.
    public var groupID: String
    /// `LANGUAGE`, a BCP 47 tag; nil leaves the attribute out.
    public var language: LanguageTag?
    /// `NAME`: what the menu shows; nil names it in the language's own words (ICU's CLDR data).
    public var name: String?
    /// `DEFAULT=YES`.
    public var isDefault: Bool
    /// `AUTOSELECT=YES` (always for a default rendition, as RFC 8216 requires).
    public var autoselect: Bool
    /// `FORCED=YES`: subtitles for foreign dialogue only.
    public var isForced: Bool
    /// SDH: `CHARACTERISTICS="public.accessibility.transcribes-spoken-dialog,public.accessibility.describes-music-and-sound"`.
    public var isSDH: Bool
    /// `URI`: the media playlist, relative to the master playlist.
    public var uri: String

    /// A declaration from its parts.
    public init(groupID: String = "subs", language: LanguageTag?, name: String? = nil, isDefault: Bool = false, autoselect: Bool = true,
                isForced: Bool = false, isSDH: Bool = false, uri: String) {
        self.groupID = groupID
        self.language = language
        self.name = name
        self.isDefault = isDefault
        self.autoselect = autoselect
        self.isForced = isForced
        self.isSDH = isSDH
        self.uri = uri
    }

    /// The name the line gives: `name`, else the language in its own words ("Français",
    /// "日本語"), "SDH" added for SDH, else "Subtitles".
    public var resolvedName: String {
        if let name { return name }
        guard let language, let own = DisplayNames(interfaceLanguage: language).languageName(language) else { return isSDH ? "SDH" : "Subtitles" }
        return isSDH ? own + " (SDH)" : own
    }

    /// The `#EXT-X-MEDIA:TYPE=SUBTITLES,…` line.
    public var line: String {
        func quoted(_ s: String) -> String { "\"" + s.filter { $0 != "\"" && $0 != "\n" && $0 != "\r" } + "\"" }
        var parts = ["TYPE=SUBTITLES", "GROUP-ID=" + quoted(groupID)]
        if let language { parts.append("LANGUAGE=" + quoted(language.rawValue)) }
        parts.append("NAME=" + quoted(resolvedName))
        parts.append("DEFAULT=" + (isDefault ? "YES" : "NO"))
        parts.append("AUTOSELECT=" + (isDefault || autoselect ? "YES" : "NO"))
        parts.append("FORCED=" + (isForced ? "YES" : "NO"))
        if isSDH {
            parts.append("CHARACTERISTICS=" + quoted("public.accessibility.transcribes-spoken-dialog,public.accessibility.describes-music-and-sound"))
        }
        parts.append("URI=" + quoted(uri))
        return "#EXT-X-MEDIA:" + parts.joined(separator: ",")
    }
}
