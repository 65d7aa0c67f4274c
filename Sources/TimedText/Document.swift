/// The id of a caption format (`CaptionFormat.id`): what `Document.format` records, `--from` and
/// `--to` name, and the `format` field of `legible dump --json` holds. Each format module declares
/// its own (`.subRip` is `srt`, `.webVTT` is `webvtt`, …); the strings are stable.
public struct CaptionFormatID: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
    public var description: String { rawValue }
}

/// A caption or subtitle document: one or more tracks read from one source.
public struct Document: Sendable, Hashable {
    /// The format it was read from (or, for a document made by hand, the one it models).
    public var format: CaptionFormatID
    /// The source text encoding as detected or given (`UTF-8`, `windows-1252`, `Shift_JIS`, …).
    public var encoding: String?
    /// The tracks: one for SRT, WebVTT and TTML; for SCC one per data channel that shows captions
    /// (`CC1`, `CC2`), at least one. Writers of single-track formats write the first.
    public var tracks: [Track]
    /// The rules the cues are laid out by (set by the reader).
    public var layoutFamily: LayoutFamily

    /// A document by hand; give the `layoutFamily` of the rules its cues were written for.
    public init(format: CaptionFormatID, encoding: String? = nil, tracks: [Track] = [], layoutFamily: LayoutFamily = .cueBoxes) {
        self.format = format
        self.encoding = encoding
        self.tracks = tracks
        self.layoutFamily = layoutFamily
    }

    /// The same document with every source location removed: what a round trip through a writer
    /// and back is expected to reproduce.
    public var withoutSourceLocations: Document {
        var copy = self
        for t in copy.tracks.indices {
            for c in copy.tracks[t].cues.indices { copy.tracks[t].cues[c].source = nil }
        }
        return copy
    }
}

/// What a track is for, in the sense of HTML's `TextTrack.kind` and HLS renditions.
public enum TrackKind: String, Sendable, Hashable, CaseIterable {
    /// Translation or transcription of dialogue for viewers who can hear the audio.
    case subtitles
    /// Captions: dialogue plus sound effects and speaker identification (SDH, CEA-608).
    case captions
    /// Forced narratives: only what the audio does not convey (foreign dialogue, signs).
    case forced
}

/// One sequence of cues in one language.
public struct Track: Sendable, Hashable {
    /// An identifier unique within the document (`CC1` for a 608 channel), or nil.
    public var id: String?
    /// The language of the text, or nil when unknown.
    public var language: LanguageTag?
    /// Subtitles, captions (SDH) or forced narratives: `subtitles` unless the reader knows better
    /// (SCC tracks are `captions`).
    public var kind: TrackKind
    /// A human-readable name.
    public var label: String?
    /// HLS/Apple media characteristics such as `public.accessibility.describes-music-and-sound`.
    public var characteristics: [MediaCharacteristic]
    /// Cues in start-time order (ties in document order).
    public var cues: [Cue]
    /// Regions referenced by cues (`CueLayout.regionID`).
    public var regions: [Region]
    /// The width-to-height ratio of the root container the regions are proportions of, when the
    /// document fixes one (IMSC 1.0.1 `ittp:aspectRatio`, IMSC 1.1 / TTML2 `ttp:displayAspectRatio`):
    /// the renderer places that container in the frame letterboxed or pillarboxed, centred. Nil
    /// when the regions are proportions of the whole frame.
    public var displayAspectRatio: Fraction?

    /// A track by hand; `cues` should be in start-time order (`sortCuesByStart()` puts them so).
    public init(id: String? = nil, language: LanguageTag? = nil, kind: TrackKind = .subtitles, label: String? = nil,
                characteristics: [MediaCharacteristic] = [], cues: [Cue] = [], regions: [Region] = []) {
        self.id = id
        self.language = language
        self.kind = kind
        self.label = label
        self.characteristics = characteristics
        self.cues = cues
        self.regions = regions
    }

    /// Orders cues by start time, keeping document order between equal starts.
    public mutating func sortCuesByStart() {
        let isSorted = cues.indices.dropFirst().allSatisfy { cues[$0 - 1].start <= cues[$0].start }
        if isSorted { return }
        cues = cues.enumerated()
            .sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }
            .map(\.element)
    }
}
