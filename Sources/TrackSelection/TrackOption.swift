import TimedText

/// One legible choice a player can offer: a subtitle file or track, an SCC channel, an HLS
/// subtitle or closed-caption rendition. Plain data; `TrackSelector` decides among them.
public struct TrackOption: Sendable, Hashable, Identifiable {
    /// How the text reaches the player.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Subtitles, possibly SDH or forced (HLS `TYPE=SUBTITLES`, WebVTT, SRT, TTML).
        case subtitles
        /// Closed captions carried in the video (CEA-608/708: HLS `TYPE=CLOSED-CAPTIONS`, SCC).
        case captions
    }

    /// Unique among the options of one selection.
    public var id: String
    /// A name given by the source (HLS `NAME`, a track label), or nil.
    public var name: String?
    /// The content language, or nil (or `und`) when unknown.
    public var language: LanguageTag?
    /// A second language associated with the option (HLS `ASSOC-LANGUAGE`): often the spoken
    /// language written down, or a fallback dialect. It matches after `language` does not.
    public var associatedLanguage: LanguageTag?
    /// Subtitles or closed captions; captions count as accessible (SDH) whatever their characteristics.
    public var kind: Kind
    /// Forced narrative: only what the audio does not convey (HLS `FORCED=YES`).
    public var isForced: Bool
    /// The source's default (HLS `DEFAULT=YES`).
    public var isDefault: Bool
    /// May be chosen without the viewer asking for it (HLS `AUTOSELECT`; files always may).
    public var isAutoselect: Bool
    /// Media characteristics (`MediaCharacteristic`).
    public var characteristics: [MediaCharacteristic]
    /// Where the option came from: a file path or a playlist path.
    public var source: String?
    /// The rendition's `URI` (HLS), or nil.
    public var uri: String?
    /// The rendition's `INSTREAM-ID` (`CC1`, `SERVICE3`) or an SCC channel, or nil.
    public var instreamID: String?
    /// The HLS `GROUP-ID`, or nil.
    public var groupID: String?
    /// Why the option cannot be played at all (a closed-caption group that no variant carries,
    /// `CLOSED-CAPTIONS=NONE`), or nil. Such options are listed and never chosen.
    public var unavailableReason: String?

    /// An option described field by field (see the properties). By default an option is plain
    /// subtitles that may be chosen automatically; `id` must be unique among the options given to one
    /// `select(_:for:)`.
    public init(id: String, name: String? = nil, language: LanguageTag? = nil, associatedLanguage: LanguageTag? = nil,
                kind: Kind = .subtitles, isForced: Bool = false, isDefault: Bool = false, isAutoselect: Bool = true,
                characteristics: [MediaCharacteristic] = [], source: String? = nil, uri: String? = nil, instreamID: String? = nil,
                groupID: String? = nil, unavailableReason: String? = nil) {
        self.id = id
        self.name = name
        self.language = language
        self.associatedLanguage = associatedLanguage
        self.kind = kind
        self.isForced = isForced
        self.isDefault = isDefault
        self.isAutoselect = isAutoselect
        self.characteristics = characteristics
        self.source = source
        self.uri = uri
        self.instreamID = instreamID
        self.groupID = groupID
        self.unavailableReason = unavailableReason
    }

    /// An option for a track read from a file. The track's own language (TTML `xml:lang`, a
    /// WebVTT `Language:` header) wins over `hints` (the file name); captions (a 608 channel, a
    /// track of kind `.captions`, a file named `.cc.`) are SDH by definition, but only a track of
    /// kind `.captions` (a 608 channel) is of kind `.captions`.
    public init(track: Track, id: String, source: String?, hints: FileNameHints = FileNameHints()) {
        let language = track.language.map(\.canonical) ?? hints.language
        var characteristics = track.characteristics
        let isCaptions = track.kind == .captions || hints.isClosedCaptions
        if isCaptions || hints.isSDH {
            for c in MediaCharacteristic.sdh where !characteristics.contains(c) { characteristics.append(c) }
        }
        if hints.isEasyReader, !characteristics.contains(MediaCharacteristic.easyToRead) {
            characteristics.append(MediaCharacteristic.easyToRead)
        }
        let is608Channel = track.kind == .captions && track.id.map { ["CC1", "CC2", "CC3", "CC4"].contains($0) } ?? false
        self.init(id: id, name: track.label, language: language,
                  kind: track.kind == .captions ? .captions : .subtitles,
                  isForced: track.kind == .forced || hints.isForced, characteristics: characteristics,
                  source: source, instreamID: is608Channel ? track.id : nil)
    }

    /// SDH or closed captions: dialogue and sounds written for viewers who cannot hear them.
    public var isAccessible: Bool {
        kind == .captions
            || (characteristics.contains(MediaCharacteristic.transcribesSpokenDialog)
                && characteristics.contains(MediaCharacteristic.describesMusicAndSound))
    }

    /// Written to be easy to read.
    public var isEasyReader: Bool { characteristics.contains(MediaCharacteristic.easyToRead) }

    /// The best match of the option's language, then of its associated language, for `wanted`.
    func match(for wanted: LanguageTag) -> (match: LanguageMatch, viaAssociated: Bool)? {
        if let language, let m = LanguageMatch.of(language, for: wanted) { return (m, false) }
        if let associatedLanguage, let m = LanguageMatch.of(associatedLanguage, for: wanted) { return (m, true) }
        return nil
    }
}
