import Foundation
import ClosedCaptionData

/// The captions inside a media file, the second entry point beside `CaptionFile`: its subtitle
/// streams (SRT, ASS, WebVTT, `mov_text`; bitmap ones listed, not read) and the CEA-608 channels
/// of the ATSC A/53 caption data in its video, each a `MediaCaptions.Track` with the language,
/// kind and characteristics its dispositions give, so that `TrackSelection` chooses among them
/// as among files.
///
/// ```swift
/// let media = try MediaCaptions(contentsOf: "show.mkv")
/// let pick = TrackSelector().select(media.trackOptions(), for: viewer)
/// let file = try media.open(media.track(pick.chosen!.id)!)   // its text read by our readers
/// ```
///
/// ffmpeg does the container work (the Debian package `ffmpeg`): `ffprobe` lists the streams,
/// `ffmpeg` takes a text stream out in its own format, which the format registry then reads
/// (`CaptionFormat`: whether an ASS stream can be read is the registry's to say); the A/53 data
/// comes from ffmpeg's `movie` source with its `subcc` pad and is decoded by `CEA608Decoder`, on
/// the video's frame grid. CEA-708 data is kept (`a53`) and its services listed, not decoded yet.
public struct MediaCaptions: Sendable {
    /// When the video is decoded for its A/53 captions (which takes as long as decoding the video).
    public enum A53Scan: String, Sendable, Hashable, CaseIterable {
        /// When ffprobe saw caption data in the first frames, or when the file has no text
        /// subtitle stream and its video can carry A/53 data.
        case automatic
        /// Whenever the video can carry A/53 data.
        case always
        /// Never: subtitle streams only.
        case never
    }

    /// How a media file is opened.
    public struct Options: Sendable {
        /// When the video is decoded for A/53 captions.
        public var a53Scan: A53Scan
        /// The 608 decoders' options (a stuck-caption timeout, parity handling).
        public var cea608: CEA608Decoder.Options
        /// The programs to use; nil finds them on `PATH`.
        public var ffmpeg: FFmpeg?
        /// Called during the A/53 scan with the time reached and the file's duration when known.
        public var progress: (@Sendable (MediaTime, MediaTime?) -> Void)?

        /// Options; by default the A/53 scan is automatic, the decoders have their defaults.
        public init(a53Scan: A53Scan = .automatic, cea608: CEA608Decoder.Options = .default, ffmpeg: FFmpeg? = nil,
                    progress: (@Sendable (MediaTime, MediaTime?) -> Void)? = nil) {
            self.a53Scan = a53Scan
            self.cea608 = cea608
            self.ffmpeg = ffmpeg
            self.progress = progress
        }

        /// The automatic A/53 scan, default decoders, programs from `PATH`.
        public static let `default` = Options()
    }

    /// One caption track of the file.
    public struct Track: Sendable, Hashable {
        /// Where its captions are.
        public enum Source: Sendable, Hashable {
            /// A subtitle stream.
            case stream(MediaInventory.SubtitleStream)
            /// A CEA-608 channel of the video's A/53 data.
            case cea608(CEA608Channel)
        }

        /// `s:N` for the N-th subtitle stream, `CC1`…`CC4` for a 608 channel.
        public var id: String
        /// Where its captions are.
        public var source: Source
        /// The language from the stream's tag (ISO 639-2 codes canonicalised: `fre` is `fr`), or nil.
        public var language: LanguageTag?
        /// The stream's title, or nil.
        public var title: String?
        /// `forced` for a forced stream, `captions` for a 608 channel, else `subtitles`.
        public var kind: TrackKind
        /// SDH's two characteristics for a hearing-impaired stream or a 608 channel.
        public var characteristics: [MediaCharacteristic]
        /// The stream is the file's default subtitle stream.
        public var isDefault: Bool
        /// ffmpeg's codec name (`subrip`, `ass`, `mov_text`, `hdmv_pgs_subtitle`; `eia_608` for a channel).
        public var codec: String
        /// The format its text is read as (nil for bitmap streams and unknown codecs).
        public var format: CaptionFormat?
        /// Why it cannot be read (bitmap subtitles, a format Legible does not read yet), or nil.
        public var unavailableReason: String?
    }

    /// The file's path.
    public let path: String
    /// What ffprobe reported.
    public let inventory: MediaInventory
    /// The video's A/53 caption data, 608 and 708, when it was scanned (see `A53Scan`).
    public let a53: A53CaptionData?
    /// The CEA-708 services whose blocks carry data (empty when there was no scan or none).
    public let dtvccServices: [Int]
    /// Every caption track: subtitle streams in file order, then the 608 channels that show text.
    public let tracks: [Track]
    /// Each 608 channel's decoded captions and what the decoder reported.
    private let channels: [CEA608Channel: (captions: [CEA608Caption], diagnostics: [Diagnostic])]
    private let ffmpeg: FFmpeg

    /// Probes the file at `path` and, as `options.a53Scan` says, decodes its video's caption data.
    /// Throws `.missingComponent` when ffmpeg is not installed (naming the package),
    /// `.unreadableInput` with ffmpeg's last lines when it cannot read the file.
    public init(contentsOf path: String, options: Options = .default) throws(LegibleError) {
        let ffmpeg: FFmpeg
        if let given = options.ffmpeg { ffmpeg = given } else { ffmpeg = try FFmpeg.locate() }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw LegibleError(.unreadableInput, "cannot read \(path): \(FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file")")
        }
        let inventory = try ffmpeg.inventory(of: path)
        let hasTextStream = inventory.subtitleStreams.contains { $0.extraction != nil }
        var a53: A53CaptionData?
        if let video = inventory.captionVideoStream {
            let scan: Bool = switch options.a53Scan {
            case .always: true
            case .never: false
            case .automatic: video.carriesClosedCaptions || !hasTextStream
            }
            if scan {
                let duration = inventory.duration
                a53 = try ffmpeg.scanA53(path, inventory: inventory, progress: options.progress.map { report in { report($0, duration) } })
            }
        }
        var channels: [CEA608Channel: (captions: [CEA608Caption], diagnostics: [Diagnostic])] = [:]
        if let a53, a53.packets.contains(where: { CCData.carriesCEA608Data(tripletBytes: $0.triplets) }) {
            var decoder = CCDataDecoder(channels: CEA608Channel.allCases, options: options.cea608)
            for packet in a53.packets {
                decoder.feed(CCData.triplets(packet.triplets), at: packet.time)
            }
            decoder.finish()
            for d in decoder.decoders where !d.captions.isEmpty {
                channels[d.channel] = (d.captions, d.diagnostics)
            }
        }
        self.path = path
        self.inventory = inventory
        self.a53 = a53
        self.dtvccServices = a53.map { CCData.dtvccServices(inPictures: $0.packets.lazy.map(\.triplets)) } ?? []
        self.channels = channels
        self.ffmpeg = ffmpeg
        var tracks = inventory.subtitleStreams.map(Self.track)
        for channel in CEA608Channel.allCases where channels[channel] != nil {
            tracks.append(Track(id: channel.rawValue, source: .cea608(channel), language: nil, title: nil, kind: .captions,
                                characteristics: MediaCharacteristic.sdh, isDefault: false, codec: "eia_608", format: .scc,
                                unavailableReason: nil))
        }
        self.tracks = tracks
    }

    private static func track(_ stream: MediaInventory.SubtitleStream) -> Track {
        let format = stream.extraction.flatMap { CaptionFormat.forFileName("captions.\($0.fileExtension)") }
        var reason: String?
        if stream.extraction == nil {
            reason = stream.codec.hasSuffix("_subtitle") || stream.codec == "xsub"
                ? "bitmap subtitles (\(stream.codec)): pictures, not text"
                : "\(stream.codec): ffmpeg cannot give it as text"
        } else if let format, !format.canRead {
            reason = "\(format.name): reading it is not supported yet"
        }
        let hearingImpaired = stream.dispositions.contains(.hearingImpaired)
        return Track(id: stream.id, source: .stream(stream), language: stream.language.flatMap { LanguageTag($0) },
                     title: stream.title, kind: stream.dispositions.contains(.forced) ? .forced : .subtitles,
                     characteristics: hearingImpaired ? MediaCharacteristic.sdh : [], isDefault: stream.dispositions.contains(.default),
                     codec: stream.codec, format: format, unavailableReason: reason)
    }

    /// The track `name` stands for: an id (`s:0`, `CC1`, any case), a zero-based place in
    /// `tracks`, or a language (`fr`, `fre`, `pt-BR`: the first readable track in it, by BCP 47
    /// matching). Nil when none is.
    public func track(_ name: String) -> Track? {
        if let found = tracks.first(where: { $0.id.lowercased() == name.lowercased() }) { return found }
        if let n = Int(name), tracks.indices.contains(n) { return tracks[n] }
        guard let tag = LanguageTag(name), !tag.isUndetermined else { return nil }
        let options = trackOptions().filter { $0.unavailableReason == nil && $0.language != nil }
        let result = TrackSelector().select(options, for: ViewerPreferences(preferredLanguages: [tag], displayMode: .alwaysOn))
        guard let chosen = result.chosen, chosen.language.map({ LanguageMatch.of($0, for: tag) != nil }) ?? false else { return nil }
        return tracks.first { $0.id == chosen.id }
    }

    /// The tracks as options for `TrackSelector`: ids are the tracks' ids (prefixed `prefix#` when
    /// given), dispositions become `isDefault`, `isForced` and SDH characteristics, a 608
    /// channel's id its `instreamID`; a track that cannot be read is listed with its reason and never chosen.
    public func trackOptions(idPrefix prefix: String? = nil) -> [TrackOption] {
        tracks.map { track in
            let channel: String? = if case .cea608(let c) = track.source { c.rawValue } else { nil }
            return TrackOption(id: prefix.map { "\($0)#\(track.id)" } ?? track.id, name: track.title, language: track.language,
                               kind: track.kind == .captions ? .captions : .subtitles, isForced: track.kind == .forced,
                               isDefault: track.isDefault, characteristics: track.characteristics, source: path,
                               instreamID: channel, unavailableReason: track.unavailableReason)
        }
    }

    /// Reads one track: a subtitle stream taken out by ffmpeg and read by the format registry, or
    /// a 608 channel's decoded captions. The file's document has the one track, with the track's
    /// id, language, kind, title and characteristics. Throws `.unsupportedFormat` for a track
    /// that cannot be read (its reason), `.unreadableInput` when ffmpeg fails. An ASS track gets
    /// the file's font attachments (`CaptionFile.attachedFonts`, for drawing it with its own fonts)
    /// unless `attachedFonts` is false: taking them out is a second run of ffmpeg, wasted on a
    /// reader that only wants the text.
    public func open(_ track: Track, options: CaptionFile.Options = .default, attachedFonts: Bool = true) throws(LegibleError) -> MediaCaptionFile {
        if let reason = track.unavailableReason {
            throw LegibleError(.unsupportedFormat, "track \(track.id) of \(path) cannot be read: \(reason)")
        }
        var file: CaptionFile
        switch track.source {
        case .stream(let stream):
            let ext = stream.extraction?.fileExtension ?? "txt"
            let name = "\(path)#\(track.id).\(ext)"
            if stream.extraction == .webVTTPackets {
                let (bytes, withAdditions) = try ffmpeg.webVTTFromPackets(stream, path: path, start: inventory.startTime)
                let read = try CaptionFile(bytes: bytes, fileName: name, options: options)
                var notes: [Diagnostic] = []
                if withAdditions > 0 {
                    notes.append(Diagnostic(.warning, .mediaCueSettingsLost, "\(withAdditions) cue\(withAdditions == 1 ? "" : "s") of this S_TEXT/WEBVTT track carr\(withAdditions == 1 ? "ies" : "y") an identifier or settings in Matroska BlockAdditions, which ffmpeg 5.1 does not give: \(withAdditions == 1 ? "it is" : "they are") read without them (default position)"))
                }
                file = CaptionFile(name: read.name, format: read.format, text: read.text, contents: read.contents,
                                   diagnostics: notes + read.diagnostics)
            } else {
                file = try CaptionFile(bytes: try ffmpeg.extractText(stream, from: path), fileName: name, options: options)
            }
            // An ASS track names fonts the file carries as attachments: libass gets them with the script.
            if attachedFonts, file.contents is SubStationAlphaFile, inventory.attachments.contains(where: \.isFont) {
                file = withAttachedFonts(file)
            }
        case .cea608(let channel):
            let decoded = channels[channel] ?? ([], [])
            var builder = CEA608CueBuilder()
            let cues = decoded.captions.map { builder.cue(for: $0) }
            let document = Document(format: .scc, tracks: [TimedText.Track(id: channel.rawValue, kind: .captions, cues: cues)],
                                    layoutFamily: .cea608Grid)
            file = CaptionFile(name: "\(path)#\(track.id)", format: .scc, text: SourceText(bytes: []),
                               contents: SCCFile(document: document, captions: [decoded.captions]), diagnostics: decoded.diagnostics)
        }
        var document = file.document
        for t in document.tracks.indices {
            document.tracks[t].id = track.id
            if let language = track.language { document.tracks[t].language = language }
            if let title = track.title { document.tracks[t].label = title }
            if track.kind != .subtitles { document.tracks[t].kind = track.kind }
            for c in track.characteristics where !document.tracks[t].characteristics.contains(c) {
                document.tracks[t].characteristics.append(c)
            }
        }
        return MediaCaptionFile(track: track, file: file, document: document)
    }

    /// `file` with the media file's font attachments as its `attachedFonts`, taken out by ffmpeg
    /// into a temporary directory and read into memory. When they cannot be taken out, `file`
    /// with a warning: its script is then drawn with the renderer's own fonts.
    private func withAttachedFonts(_ file: CaptionFile) -> CaptionFile {
        let directory = NSTemporaryDirectory() + "legible-fonts-\(getpid())-\(UUID().uuidString)"
        var fonts: [FontFile] = []
        var problem: String?
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            for extracted in try ffmpeg.extractFonts(inventory, to: directory) {
                let name = extracted.split(separator: "/").last.map(String.init) ?? extracted
                guard let data = FileManager.default.contents(atPath: extracted), !data.isEmpty else { continue }
                fonts.append(FontFile(data: [UInt8](data), name: "\(path)#\(name)"))
            }
        } catch let error as LegibleError {
            problem = error.description
        } catch {
            problem = "\(error)"
        }
        var result = file
        if let problem {
            let note = Diagnostic(.warning, .mediaFontsNotRead, "the font attachments of \(path) could not be taken out (\(problem)): the script is drawn with the renderer's own fonts")
            result = CaptionFile(name: file.name, format: file.format, text: file.text, contents: file.contents,
                                 diagnostics: file.diagnostics + [note])
        }
        result.attachedFonts = fonts
        return result
    }

    /// Every readable track read (`open`), in `tracks` order, as one document whose format is the
    /// first track's; what each read reported, and a warning for each track that cannot be read.
    /// Tracks of several formats keep their own layout family only in `open`'s files.
    public func document(options: CaptionFile.Options = .default) throws(LegibleError) -> ParseResult<Document> {
        var merged: Document?
        var diagnostics: [Diagnostic] = []
        for track in tracks {
            if let reason = track.unavailableReason {
                diagnostics.append(Diagnostic(.warning, .mediaTrackNotRead, "track \(track.id) not read: \(reason)"))
                continue
            }
            let read = try open(track, options: options)
            diagnostics += read.file.diagnostics
            if merged == nil {
                merged = Document(format: read.document.format, encoding: read.document.encoding, layoutFamily: read.document.layoutFamily)
            }
            merged!.tracks += read.document.tracks
        }
        return ParseResult(value: merged ?? Document(format: .subRip), diagnostics: diagnostics)
    }

    /// The error for a file with no caption of the kind asked for, naming what it has.
    public func noTrackError(_ asked: String) -> LegibleError {
        var has: [String] = tracks.map { track in
            var d = "\(track.id) (\(track.codec)\(track.language.map { ", \($0.rawValue)" } ?? ""))"
            if track.unavailableReason != nil { d += " unreadable" }
            return d
        }
        has += dtvccServices.map { "SERVICE\($0) (CEA-708, not decoded yet)" }
        let inventoryText = has.isEmpty ? "it has no caption track" : "it has \(has.joined(separator: ", "))"
        return LegibleError(.noSuchTrack, "\(path) has no caption track '\(asked)': \(inventoryText)")
    }
}

/// One track of a media file, read: the caption file its text made (`file`: format, contents,
/// diagnostics, as for any caption file) and its document with the track's identity from the media.
public struct MediaCaptionFile: Sendable {
    /// The track it is.
    public let track: MediaCaptions.Track
    /// The text as read by the format registry (or the 608 decoder), with its diagnostics.
    public let file: CaptionFile
    /// `file`'s document, its track given the media track's id, language, kind, title and characteristics.
    public let document: Document
}

extension DiagnosticCode {
    /// A track of a media file that was not read (bitmap subtitles, a format Legible does not read yet).
    public static let mediaTrackNotRead: Self = "media.track-not-read"
    /// Cue identifiers or settings a media file holds where ffmpeg cannot reach them (Matroska
    /// BlockAdditions of `S_TEXT/WEBVTT`).
    public static let mediaCueSettingsLost: Self = "media.cue-settings-lost"
    /// A media file has no caption track of the kind asked for.
    public static let noSuchTrack: Self = "media.no-such-track"
    /// A media file's font attachments could not be taken out for its ASS track, which is then
    /// drawn with the renderer's own fonts.
    public static let mediaFontsNotRead: Self = "media.fonts-not-read"
}

extension CaptionFile {
    /// A caption file whose contents were read by other means (a 608 channel decoded from a video,
    /// a track's text with notes added).
    init(name: String?, format: CaptionFormat, text: SourceText, contents: any CaptionFileContents, diagnostics: [Diagnostic]) {
        self.name = name
        self.format = format
        self.text = text
        self.contents = contents
        self.diagnostics = diagnostics
    }
}
