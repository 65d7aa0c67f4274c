public import TimedText
internal import TextScanning
public import CaptionFormats
public import TrackSelection
public import VideoIO
import ClosedCaptionData
import Foundation

/// The captions inside a media file, the entry point beside `CaptionFile`: its subtitle streams
/// (text ones read, bitmap ones listed) and the closed-caption channels of the ATSC A/53 caption
/// data in its video, each a `MediaCaptions.Stream` with the language, kind and characteristics
/// its dispositions give, so that `TrackSelection` chooses among them as among files.
///
/// ```swift
/// let media = try MediaCaptions(contentsOf: "show.mkv")
/// let pick = TrackSelector().select(media.trackOptions(), for: viewer)
/// let read = try media.open(media.stream(named: pick.chosen!.id)!)   // its text read by our readers
/// ```
///
/// ffmpeg does the container work (the Debian package `ffmpeg`): `ffprobe` lists the streams,
/// `ffmpeg` takes a text stream out in the format the registry says carries its codec
/// (`CaptionFormat.containerCodecs`), which that format's reader then reads; the A/53 data comes
/// from ffmpeg's `movie` source with its `subcc` pad and is decoded by the registry's
/// closed-caption decoders (CEA-608 channels `CC1`–`CC4` and CEA-708 services `SERVICE1`–
/// `SERVICE63`), on the video's frame grid.
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
        /// Each format's own options for the closed-caption decoders (`CEA608Decoder.Options`:
        /// a stuck-caption timeout, parity handling).
        public var formats: FormatOptions
        /// The programs to use; nil finds them on `PATH`.
        public var ffmpeg: FFmpeg?
        /// Called during the A/53 scan with the time reached and the file's duration when known.
        public var progress: (@Sendable (MediaTime, MediaTime?) -> Void)?

        /// Options; by default the A/53 scan is automatic, the decoders have their defaults.
        public init(a53Scan: A53Scan = .automatic, formats: FormatOptions = FormatOptions(), ffmpeg: FFmpeg? = nil,
                    progress: (@Sendable (MediaTime, MediaTime?) -> Void)? = nil) {
            self.a53Scan = a53Scan
            self.formats = formats
            self.ffmpeg = ffmpeg
            self.progress = progress
        }

        /// The automatic A/53 scan, default decoders, programs from `PATH`.
        public static let `default` = Options()
    }

    /// One caption stream of the file: a subtitle stream, or a closed-caption channel of its video.
    public struct Stream: Sendable, Hashable {
        /// Where its captions are.
        public enum Source: Sendable, Hashable {
            /// A subtitle stream.
            case stream(MediaInventory.SubtitleStream)
            /// A closed-caption channel of the video's A/53 data, by its id (`CC1`).
            case closedCaptions(String)
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
        /// The format its text is read as (nil for bitmap streams and codecs no format carries).
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
    /// Every caption stream: subtitle streams in file order, then the closed-caption channels
    /// that show text.
    public let streams: [Stream]
    /// Each closed-caption channel's decoded captions, by id.
    private let closedCaptionTracks: [String: ClosedCaptionTrack]
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
        let hasTextStream = inventory.subtitleStreams.contains { Self.extraction(of: $0) != nil }
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
        // Every format that decodes closed captions gets the pictures' cc_data (CEA-608 today).
        var decoded: [ClosedCaptionTrack] = []
        if let a53, !a53.packets.isEmpty {
            let pictures = a53.packets.map { (time: $0.time, triplets: $0.triplets) }
            for format in CaptionFormat.all {
                decoded += format.closedCaptions?(pictures, options.formats) ?? []
            }
        }
        self.path = path
        self.inventory = inventory
        self.a53 = a53
        self.dtvccServices = a53.map { CCData.dtvccServices(inPictures: $0.packets.lazy.map(\.triplets)) } ?? []
        self.closedCaptionTracks = Dictionary(decoded.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.ffmpeg = ffmpeg
        streams = inventory.subtitleStreams.map(Self.stream) + decoded.map { channel in
            Stream(id: channel.id, source: .closedCaptions(channel.id), language: nil, title: nil, kind: .captions,
                   characteristics: MediaCharacteristic.sdh, isDefault: false, codec: channel.codec, format: channel.file.format,
                   unavailableReason: nil)
        }
    }

    /// The format a subtitle stream is read as and how ffmpeg takes it out: in its own format
    /// when a format carries its codec, converted when ffmpeg converts it into one, put together
    /// from its packets when its codec is unknown to ffmpeg but its private data is a format's
    /// signature (Matroska's `S_TEXT/WEBVTT`); nil for anything else (bitmap subtitles).
    static func extraction(of stream: MediaInventory.SubtitleStream) -> (format: CaptionFormat, how: SubtitleExtraction)? {
        if let (format, copy) = CaptionFormat.forContainerCodec(stream.codec), let muxer = format.ffmpegMuxer {
            return (format, copy ? .copy(muxer: muxer) : .convert(encoder: muxer, muxer: muxer))
        }
        if stream.codec == "unknown", let header = stream.codecPrivate {
            let format = CaptionFormat.all.first { format in
                format.fromPackets != nil && header.withUnsafeBufferPointer { format.recognises?($0) ?? false }
            }
            return format.map { ($0, .packets) }
        }
        return nil
    }

    private static func stream(_ stream: MediaInventory.SubtitleStream) -> Stream {
        let found = extraction(of: stream)
        var reason: String?
        if found == nil {
            reason = stream.isBitmap ? "bitmap subtitles (\(stream.codec)): pictures, not text" : "\(stream.codec): ffmpeg cannot give it as text"
        } else if let format = found?.format, !format.canRead {
            reason = "\(format.name): reading it is not supported yet"
        }
        let hearingImpaired = stream.dispositions.contains(.hearingImpaired)
        return Stream(id: stream.id, source: .stream(stream), language: stream.language.flatMap { LanguageTag($0) },
                      title: stream.title, kind: stream.dispositions.contains(.forced) ? .forced : .subtitles,
                      characteristics: hearingImpaired ? MediaCharacteristic.sdh : [], isDefault: stream.dispositions.contains(.default),
                      codec: stream.codec, format: found?.format, unavailableReason: reason)
    }

    /// The stream `name` stands for: an id (`s:0`, `CC1`, any case), a zero-based place in
    /// `streams`, or a language (`fr`, `fre`, `pt-BR`: the first readable stream in it, by BCP 47
    /// matching). Nil when none is.
    public func stream(named name: String) -> Stream? {
        if let found = streams.first(where: { $0.id.lowercased() == name.lowercased() }) { return found }
        if let n = Int(name), streams.indices.contains(n) { return streams[n] }
        guard let tag = LanguageTag(name), !tag.isUndetermined else { return nil }
        let options = trackOptions().filter { $0.unavailableReason == nil && $0.language != nil }
        let result = TrackSelector().select(options, for: ViewerPreferences(preferredLanguages: [tag], displayMode: .alwaysOn))
        guard let chosen = result.chosen, chosen.language.map({ LanguageMatch.of($0, for: tag) != nil }) ?? false else { return nil }
        return streams.first { $0.id == chosen.id }
    }

    /// The streams as options for `TrackSelector`: ids are the streams' ids (prefixed `prefix#` when
    /// given), dispositions become `isDefault`, `isForced` and SDH characteristics, a closed-caption
    /// channel's id its `instreamID`; a stream that cannot be read is listed with its reason and never chosen.
    public func trackOptions(idPrefix prefix: String? = nil) -> [TrackOption] {
        streams.map { stream in
            let channel: String? = if case .closedCaptions(let id) = stream.source { id } else { nil }
            return TrackOption(id: prefix.map { "\($0)#\(stream.id)" } ?? stream.id, name: stream.title, language: stream.language,
                               kind: stream.kind == .captions ? .captions : .subtitles, isForced: stream.kind == .forced,
                               isDefault: stream.isDefault, characteristics: stream.characteristics, source: path,
                               instreamID: channel, unavailableReason: stream.unavailableReason)
        }
    }

    /// Reads one stream: a subtitle stream taken out by ffmpeg and read by the format registry, or
    /// a closed-caption channel's decoded captions. The file's document has the one track, with the
    /// stream's id, language, kind, title and characteristics. Throws `.unsupportedFormat` for a
    /// stream that cannot be read (its reason), `.unreadableInput` when ffmpeg fails. A stream
    /// whose format has a native script (ASS) gets the file's font attachments (`attachedFonts`,
    /// for drawing it with its own fonts) unless `attachedFonts` is false: taking them out is a
    /// second run of ffmpeg, wasted on a reader that only wants the text.
    public func open(_ stream: Stream, options: CaptionFile.Options = .default, attachedFonts: Bool = true) throws(LegibleError) -> MediaCaptionFile {
        if let reason = stream.unavailableReason {
            throw LegibleError(.unsupportedFormat, "track \(stream.id) of \(path) cannot be read: \(reason)")
        }
        var file: CaptionFile
        var fonts: [NativeScript.Font] = []
        switch stream.source {
        case .stream(let subtitles):
            guard let (format, how) = Self.extraction(of: subtitles) else {
                throw LegibleError(.unsupportedFormat, "track \(stream.id) of \(path) cannot be read as text")
            }
            let name = "\(path)#\(stream.id).\(format.fileExtensions.first ?? "txt")"
            // Read as what ffmpeg wrote, which may differ from a file of the format (ASS events
            // in Matroska's order whatever the header says).
            var options = options
            format.containerReading?(&options.formats)
            if how == .packets, let assemble = format.fromPackets {
                let (packets, withAdditions) = try ffmpeg.subtitlePackets(subtitles, path: path, start: inventory.startTime)
                let read = try CaptionFile(bytes: assemble(subtitles.codecPrivate, packets), fileName: name, options: options)
                var notes: [Diagnostic] = []
                if withAdditions > 0 {
                    notes.append(Diagnostic(.warning, .mediaCueSettingsLost, "\(withAdditions) packet\(withAdditions == 1 ? "" : "s") of this track carr\(withAdditions == 1 ? "ies" : "y") side data (Matroska BlockAdditions: a cue's identifier or settings), which ffmpeg 5.1 does not give: \(withAdditions == 1 ? "it is" : "they are") read without them (default position)"))
                }
                file = CaptionFile(name: read.name, format: read.format, text: read.text, contents: read.contents,
                                   diagnostics: notes + read.diagnostics)
            } else {
                file = try CaptionFile(bytes: try ffmpeg.extractText(subtitles, from: path, how: how), fileName: name, options: options)
            }
            // A script drawn as itself (ASS) names fonts the file carries as attachments: libass
            // gets them with the script.
            if attachedFonts, file.nativeScript != nil, inventory.attachments.contains(where: \.isFont) {
                (fonts, file) = withAttachedFonts(file)
            }
        case .closedCaptions(let id):
            guard let decoded = closedCaptionTracks[id] else { throw noTrackError(id) }
            let read = decoded.file
            file = CaptionFile(name: "\(path)#\(id)", format: read.format, text: read.text, contents: read.contents,
                               diagnostics: read.diagnostics)
        }
        var document = file.document
        for t in document.tracks.indices {
            document.tracks[t].id = stream.id
            if let language = stream.language { document.tracks[t].language = language }
            if let title = stream.title { document.tracks[t].label = title }
            if stream.kind != .subtitles { document.tracks[t].kind = stream.kind }
            for c in stream.characteristics where !document.tracks[t].characteristics.contains(c) {
                document.tracks[t].characteristics.append(c)
            }
        }
        return MediaCaptionFile(stream: stream, file: file, document: document, attachedFonts: fonts)
    }

    /// The media file's font attachments, taken out by ffmpeg into a temporary directory and read
    /// into memory. When they cannot be taken out, none, and `file` with a warning: its script is
    /// then drawn with the renderer's own fonts.
    private func withAttachedFonts(_ file: CaptionFile) -> ([NativeScript.Font], CaptionFile) {
        let directory = NSTemporaryDirectory() + "legible-fonts-\(getpid())-\(UUID().uuidString)"
        var fonts: [NativeScript.Font] = []
        var problem: String?
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            for extracted in try ffmpeg.extractFonts(inventory, to: directory) {
                let name = extracted.split(separator: "/").last.map(String.init) ?? extracted
                guard let data = FileManager.default.contents(atPath: extracted), !data.isEmpty else { continue }
                fonts.append(NativeScript.Font(name: "\(path)#\(name)", data: [UInt8](data)))
            }
        } catch let error as LegibleError {
            problem = error.description
        } catch {
            problem = "\(error)"
        }
        guard let problem else { return (fonts, file) }
        let note = Diagnostic(.warning, .mediaFontsNotRead, "the font attachments of \(path) could not be taken out (\(problem)): the script is drawn with the renderer's own fonts")
        return (fonts, CaptionFile(name: file.name, format: file.format, text: file.text, contents: file.contents,
                                   diagnostics: file.diagnostics + [note]))
    }

    /// Every readable stream read (`open`), in `streams` order, as one document whose format is the
    /// first stream's; what each read reported, and a warning for each stream that cannot be read.
    /// Streams of several formats keep their own layout family only in `open`'s files.
    public func document(options: CaptionFile.Options = .default) throws(LegibleError) -> ParseResult<Document> {
        var merged: Document?
        var diagnostics: [Diagnostic] = []
        for stream in streams {
            if let reason = stream.unavailableReason {
                diagnostics.append(Diagnostic(.warning, .mediaTrackNotRead, "track \(stream.id) not read: \(reason)"))
                continue
            }
            let read = try open(stream, options: options, attachedFonts: false)
            diagnostics += read.file.diagnostics
            if merged == nil {
                merged = Document(format: read.document.format, encoding: read.document.encoding, layoutFamily: read.document.layoutFamily)
            }
            merged!.tracks += read.document.tracks
        }
        return ParseResult(value: merged ?? Document(format: "none"), diagnostics: diagnostics)
    }

    /// What the file holds in the way of captions when nothing in it can be read as captions, in
    /// plain words for messages: "no subtitle stream, and no closed captions in its video", or
    /// the streams it has and why none can be read. Nil when a stream can be read.
    public var whyNoCaptions: String? {
        if !streams.isEmpty {
            guard streams.allSatisfy({ $0.unavailableReason != nil }) else { return nil }
            let listed = streams.map { "\($0.id) (\($0.unavailableReason ?? $0.codec))" }.joined(separator: "; ")
            return "none of its subtitle streams can be read as text: \(listed)"
        }
        let video: String
        if inventory.videoStreams.isEmpty {
            video = "and no video to carry closed captions"
        } else if let carrier = inventory.captionVideoStream {
            if a53 == nil {
                video = "and its video (\(carrier.codec)) was not decoded for closed captions"
            } else if !dtvccServices.isEmpty {
                let services = dtvccServices.map(String.init).joined(separator: ", ")
                video = "and its video's CEA-708 data (service \(services)) shows no text"
            } else {
                video = "and no closed captions (CEA-608) in its video"
            }
        } else {
            video = "and its video (\(inventory.videoStreams[0].codec)) cannot carry closed captions"
        }
        return "no subtitle stream, \(video)"
    }

    /// The error for a file in which there is nothing to choose: `path has no captions: ` and
    /// `whyNoCaptions` (code `.noSuchTrack`).
    public func noCaptionsError() -> LegibleError {
        LegibleError(.noSuchTrack, "\(path) has no captions: \(whyNoCaptions ?? "no caption track")")
    }

    /// The error for a file with no caption of the kind asked for, naming what it has.
    public func noTrackError(_ asked: String) -> LegibleError {
        if streams.isEmpty, let why = whyNoCaptions {
            return LegibleError(.noSuchTrack, "\(path) has no caption track '\(asked)': it has no captions at all (\(why))")
        }
        let has: [String] = streams.map { stream in
            var d = "\(stream.id) (\(stream.codec)\(stream.language.map { ", \($0.rawValue)" } ?? ""))"
            if stream.unavailableReason != nil { d += " unreadable" }
            return d
        }
        let inventoryText = has.isEmpty ? "it has no caption track" : "it has \(has.joined(separator: ", "))"
        return LegibleError(.noSuchTrack, "\(path) has no caption track '\(asked)': \(inventoryText)")
    }
}

/// One stream of a media file, read: the caption file its text made (`file`: format, contents,
/// diagnostics, as for any caption file), its document with the stream's identity from the media,
/// and the media file's fonts that came with it.
public struct MediaCaptionFile: Sendable {
    /// The stream it is.
    public let stream: MediaCaptions.Stream
    /// The text as read by the format registry (or a closed-caption decoder), with its diagnostics.
    public let file: CaptionFile
    /// `file`'s document, its track given the stream's id, language, kind, title and characteristics.
    public let document: Document
    /// The media file's font attachments, for a stream drawn as its own script (ASS), whose
    /// styles name them; empty otherwise.
    public let attachedFonts: [NativeScript.Font]
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
