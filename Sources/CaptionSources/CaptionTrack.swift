public import TimedText
public import CaptionFormats
public import MediaCaptions
public import TrackSelection
public import Timeline
public import CaptionStyling
public import Rendering

/// One caption track, opened: its cues and everything a renderer needs to draw them as their
/// format says — the layout rules, the display aspect ratio, the script libass draws as itself
/// (ASS) with the fonts that came with it, and where its relative image references point.
/// `CaptionSource.open` makes one; `CaptionRenderer(track:width:height:)` draws it.
public struct CaptionTrack: Sendable {
    /// The option it was opened from.
    public let option: TrackOption
    /// The file its text was read from: its format, encoding, the format's own view and what
    /// reading it reported (for an HLS rendition, its segments' cues as one file).
    public let file: CaptionFile
    /// The track's cues, regions, language and kind.
    public let track: Track
    /// Fonts that came with the track from elsewhere (a media file's font attachments).
    public let attachedFonts: [NativeScript.Font]
    /// The folder relative image references are files of (IMSC image subtitles), if known.
    public let imageDirectory: String?
    /// The media file's stream it was read from (a subtitle stream or a closed-caption channel of
    /// its video), for a track of a media file.
    public let mediaStream: MediaCaptions.Stream?

    /// Track `trackIndex` of a caption file.
    init(option: TrackOption, file: CaptionFile, trackIndex: Int, imageDirectory: String?) {
        self.init(option: option, file: file, document: file.document, trackIndex: trackIndex, attachedFonts: [],
                  imageDirectory: imageDirectory, mediaStream: nil)
    }

    /// The track of a one-track `document` read from `file` (a media stream or an HLS rendition,
    /// its identity set).
    init(option: TrackOption, file: CaptionFile, document: Document, attachedFonts: [NativeScript.Font], imageDirectory: String?,
         mediaStream: MediaCaptions.Stream? = nil) {
        self.init(option: option, file: file, document: document, trackIndex: 0, attachedFonts: attachedFonts,
                  imageDirectory: imageDirectory, mediaStream: mediaStream)
    }

    private init(option: TrackOption, file: CaptionFile, document: Document, trackIndex: Int, attachedFonts: [NativeScript.Font],
                 imageDirectory: String?, mediaStream: MediaCaptions.Stream?) {
        self.option = option
        self.file = file
        track = document.tracks.indices.contains(trackIndex) ? document.tracks[trackIndex] : Track()
        self.attachedFonts = attachedFonts
        self.imageDirectory = imageDirectory
        self.mediaStream = mediaStream
    }

    /// The format it was read as.
    public var format: CaptionFormat { file.format }
    /// The layout rules its cues follow (`Document.layoutFamily`).
    public var layoutFamily: LayoutFamily { file.document.layoutFamily }
    /// The display aspect ratio its regions are proportions of (TTML `ittp:aspectRatio`), if any.
    public var displayAspectRatio: Fraction? { track.displayAspectRatio }
    /// What reading it reported, decoding first.
    public var diagnostics: [Diagnostic] { file.diagnostics }
    /// The script libass draws as itself for a track whose format has one (ASS), with its own
    /// fonts and `attachedFonts`; nil when the engine lays the cues out.
    public var nativeScript: NativeScript? {
        guard var script = file.nativeScript else { return nil }
        script.fonts += attachedFonts
        return script
    }
    /// A one-track document of the track, in its format, for writers and validation.
    public var document: Document {
        var document = file.document
        document.tracks = [track]
        return document
    }
}

extension CaptionRenderer {
    /// Draws an opened track as its format says: its timeline (built here, unless the player
    /// gives the one its playback cursor follows), regions, language, layout rules, display
    /// aspect ratio, its native script with the fonts that came with it, and its image folder.
    /// `fontDirectories` add fonts a player has (for the families an ASS script or a content
    /// style names); throws when one cannot be read. `systemFonts`: a script drawn as itself
    /// also finds its families among the machine's fonts (`NativeASSScript.systemFonts`).
    public convenience init(track: CaptionTrack, timeline: Timeline? = nil, width: Int, height: Int,
                            appearance: CaptionAppearance = .default, fonts: FontSet? = nil, options: LayoutOptions = .default,
                            fontDirectories: [String] = [], systemFonts: Bool = true) throws(LegibleError) {
        var layout = options
        if layout.imageDirectory == nil { layout.imageDirectory = track.imageDirectory }
        var script = track.nativeScript.map { NativeASSScript($0) }
        script?.systemFonts = systemFonts
        var fontSet = fonts
        var skipped: [String] = []
        if !fontDirectories.isEmpty {
            if script != nil {
                for directory in fontDirectories { try script!.addFonts(contentsOfDirectory: directory) }
                skipped = script!.unreadableFontFiles
            } else {
                var set = fonts ?? FontSet()
                let before = set.missing.count
                for directory in fontDirectories { try set.add(contentsOfDirectory: directory) }
                skipped = Array(set.missing.dropFirst(before))
                fontSet = set
            }
        }
        try self.init(timeline: timeline ?? Timeline(track: track.track), regions: track.track.regions, language: track.track.language,
                      displayAspectRatio: track.displayAspectRatio, family: track.layoutFamily, width: width, height: height,
                      appearance: appearance, fonts: fontSet, options: layout, nativeScript: script)
        unreadableFontFiles = skipped
    }
}
