public import TimedText
import Foundation

/// What a media file carries for captions, as `ffprobe -show_streams -show_format` reports it:
/// its subtitle streams with their languages and dispositions, its font attachments, and for each
/// video stream whether ffmpeg's decoder saw ATSC A/53 captions in its first frames.
///
/// Which 608 channels hold text and which 708 services carry data is not known from this: it
/// takes decoding the caption data (`FFmpeg.scanA53(_:inventory:progress:)`).
public struct MediaInventory: Sendable, Hashable {
    /// The path ffprobe was given.
    public var path: String
    /// ffmpeg's name for the container (`matroska,webm`, `mov,mp4,m4a,3gp,3g2,mj2`, `mpegts`).
    public var containerFormat: String
    /// The file's duration, exact to the microsecond ffprobe prints; nil when unknown.
    public var duration: MediaTime?
    /// The container's start time (1.4 s in many transport streams); caption times are given
    /// from it, as ffmpeg's own conversions give them. Zero when the file does not say.
    public var startTime: MediaTime
    /// The video streams, in file order.
    public var videoStreams: [VideoStream]
    /// The subtitle streams, in file order (`s:0` first).
    public var subtitleStreams: [SubtitleStream]
    /// Attached files (Matroska attachments: fonts for ASS tracks), in file order.
    public var attachments: [Attachment]

    /// An inventory by hand (tests, or a probe made some other way).
    public init(path: String, containerFormat: String, duration: MediaTime?, startTime: MediaTime,
                videoStreams: [VideoStream], subtitleStreams: [SubtitleStream], attachments: [Attachment]) {
        self.path = path
        self.containerFormat = containerFormat
        self.duration = duration
        self.startTime = startTime
        self.videoStreams = videoStreams
        self.subtitleStreams = subtitleStreams
        self.attachments = attachments
    }

    /// One video stream.
    public struct VideoStream: Sendable, Hashable {
        /// The stream's index in the file (`0:N`).
        public var index: Int
        /// ffmpeg's codec name (`h264`, `hevc`, `mpeg2video`).
        public var codec: String
        /// The frame rate (`r_frame_rate`), nil when ffprobe gives none.
        public var frameRate: Fraction?
        /// ffprobe's `closed_captions` flag after decoding the first frames: the decoder saw A/53
        /// `cc_data` (padding counts). False does not prove there are none later in the file.
        public var carriesClosedCaptions: Bool

        /// A video stream described field by field.
        public init(index: Int, codec: String, frameRate: Fraction?, carriesClosedCaptions: Bool) {
            self.index = index
            self.codec = codec
            self.frameRate = frameRate
            self.carriesClosedCaptions = carriesClosedCaptions
        }

        /// True for the codecs whose pictures can carry A/53 `cc_data` (H.264 and HEVC SEI,
        /// MPEG-2 user data), which ffmpeg's decoders hand on.
        public var canCarryA53: Bool { ["h264", "hevc", "mpeg2video", "mpeg1video"].contains(codec) }
    }

    /// A stream's dispositions (Matroska `FlagDefault`/`FlagForced`/`FlagHearingImpaired`, MP4 track flags).
    public struct Dispositions: OptionSet, Sendable, Hashable {
        /// The raw bits.
        public let rawValue: Int
        /// The bits as given.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The stream is the file's default for its kind.
        public static let `default` = Dispositions(rawValue: 1)
        /// Forced narrative: only what the audio does not convey.
        public static let forced = Dispositions(rawValue: 2)
        /// For viewers who are deaf or hard of hearing (SDH).
        public static let hearingImpaired = Dispositions(rawValue: 4)
    }

    /// One subtitle stream.
    public struct SubtitleStream: Sendable, Hashable {
        /// The stream's index in the file (`0:N`).
        public var index: Int
        /// Its place among the subtitle streams (`s:N`).
        public var subtitleIndex: Int
        /// ffmpeg's codec name (`subrip`, `ass`, `webvtt`, `mov_text`, `hdmv_pgs_subtitle`,
        /// `eia_608`), or `unknown` (WebVTT as mkvmerge writes it, `S_TEXT/WEBVTT`, which ffmpeg 5.1
        /// does not know and ffprobe does not name).
        public var codec: String
        /// The language tag as the file has it (`eng`, `fre`, `pt-BR`), nil when absent or `und`.
        public var language: String?
        /// The stream's title (`Signs & Songs`), or nil.
        public var title: String?
        /// Default, forced, hearing impaired.
        public var dispositions: Dispositions
        /// The codec's private data (ffmpeg's extradata) of a stream whose codec ffmpeg does not
        /// know, when the container holds some: for Matroska's `S_TEXT/WEBVTT`, the WebVTT header
        /// (`WEBVTT`, then any STYLE and REGION blocks). Nil otherwise.
        public var codecPrivate: [UInt8]?

        /// A subtitle stream described field by field.
        public init(index: Int, subtitleIndex: Int, codec: String, language: String?,
                    title: String?, dispositions: Dispositions, codecPrivate: [UInt8]? = nil) {
            self.codecPrivate = codecPrivate
            self.index = index
            self.subtitleIndex = subtitleIndex
            self.codec = codec
            self.language = language
            self.title = title
            self.dispositions = dispositions
        }

        /// The id `--track` and the tracks of a media file use: `s:N`.
        public var id: String { "s:\(subtitleIndex)" }

        /// True for bitmap subtitles (PGS, DVD, DVB, XSUB): pictures, not text.
        public var isBitmap: Bool { codec.hasSuffix("_subtitle") || codec == "xsub" }
    }

    /// An attached file.
    public struct Attachment: Sendable, Hashable {
        /// The stream's index in the file.
        public var index: Int
        /// The attachment's file name (`tags.filename`), or nil.
        public var fileName: String?
        /// Its MIME type (`font/ttf`, `application/x-truetype-font`), or nil.
        public var mimeType: String?

        /// An attachment described field by field.
        public init(index: Int, fileName: String?, mimeType: String?) {
            self.index = index
            self.fileName = fileName
            self.mimeType = mimeType
        }

        /// A font, by MIME type or file extension (TrueType, OpenType, WOFF).
        public var isFont: Bool {
            let mime = mimeType?.lowercased() ?? ""
            if mime.hasPrefix("font/") || mime.contains("truetype") || mime.contains("opentype") || mime.contains("font-") { return true }
            let ext = (fileName ?? "").lowercased().split(separator: ".").last.map(String.init) ?? ""
            return ["ttf", "otf", "ttc", "woff", "woff2"].contains(ext)
        }
    }

    /// The subtitle stream with this id (`s:1`), or nil.
    public func subtitleStream(_ id: String) -> SubtitleStream? { subtitleStreams.first { $0.id == id } }

    /// The first video stream whose pictures can carry A/53 captions, or nil.
    public var captionVideoStream: VideoStream? { videoStreams.first { $0.canCarryA53 } }
}

/// How a subtitle stream's text is taken out of a media file by ffmpeg. Which way suits a stream
/// is the format registry's to say (its formats' container codecs): this is only how ffmpeg is run.
public enum SubtitleExtraction: Sendable, Hashable {
    /// `-c:s copy -f MUXER`: the stream's own bytes in its own format.
    case copy(muxer: String)
    /// `-c:s ENCODER -f MUXER`: decoded and written in another text format.
    case convert(encoder: String, muxer: String)
    /// The stream's packets read through ffprobe (`subtitlePackets`), for a codec ffmpeg can
    /// neither decode nor copy (Matroska's `S_TEXT/WEBVTT` in ffmpeg 5.1).
    case packets
}

extension FFmpeg {
    /// Probes `path` for everything that bears on captions: `ffprobe -show_streams -show_format
    /// -of json`, then, when a video stream can carry A/53 captions, its first frames decoded
    /// (`-read_intervals %+#120 -count_frames`) for the `closed_captions` flag, which ffprobe sets only
    /// once its decoder has seen caption data. Throws `.unreadableInput` when ffprobe cannot read
    /// the file (with its last lines), `.missingComponent` when it cannot be started.
    public func inventory(of path: String) throws(LegibleError) -> MediaInventory {
        let output = try run(ffprobePath, ["-v", "error", "-show_streams", "-show_format", "-of", "json", path], reading: path)
        var inventory = try Self.parseInventory(json: output, path: path)
        // A subtitle codec ffmpeg does not know: its private data may say what it is.
        for k in inventory.subtitleStreams.indices where inventory.subtitleStreams[k].codec == "unknown" {
            let index = inventory.subtitleStreams[k].index
            let data = try run(ffprobePath, ["-v", "error", "-select_streams", "\(index)", "-show_entries", "stream=extradata",
                                             "-show_data", "-of", "json", path], reading: path)
            if let json = try? JSONSerialization.jsonObject(with: Data(data)) as? [String: Any],
               let dump = ((json["streams"] as? [[String: Any]])?.first?["extradata"] as? String) {
                inventory.subtitleStreams[k].codecPrivate = FFprobePacketDump.hexDump(Array(dump.utf8))
            }
        }
        if let index = inventory.videoStreams.firstIndex(where: \.canCarryA53) {
            let stream = inventory.videoStreams[index].index
            let flags = try run(ffprobePath, ["-v", "error", "-select_streams", "\(stream)", "-read_intervals", "%+#120",
                                              "-count_frames", "-show_entries", "stream=closed_captions", "-of", "json", path],
                                reading: path)
            if let json = try? JSONSerialization.jsonObject(with: Data(flags)) as? [String: Any],
               let first = (json["streams"] as? [[String: Any]])?.first {
                inventory.videoStreams[index].carriesClosedCaptions = Self.int(first["closed_captions"]) == 1
            }
        }
        return inventory
    }

    /// The inventory in ffprobe's `-show_streams -show_format -of json` output (pure: no program is run).
    package static func parseInventory(json bytes: [UInt8], path: String) throws(LegibleError) -> MediaInventory {
        guard let json = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            throw LegibleError(.unreadableInput, "ffprobe printed no stream list for \(path)")
        }
        let streams = json["streams"] as? [[String: Any]] ?? []
        let format = json["format"] as? [String: Any] ?? [:]
        var inventory = MediaInventory(path: path, containerFormat: format["format_name"] as? String ?? "unknown",
                                       duration: decimalTime(format["duration"]), startTime: decimalTime(format["start_time"]) ?? .zero,
                                       videoStreams: [], subtitleStreams: [], attachments: [])
        for stream in streams {
            let index = int(stream["index"]) ?? 0
            let tags = (stream["tags"] as? [String: Any] ?? [:]).reduce(into: [String: String]()) { tags, pair in
                if let value = pair.value as? String { tags[pair.key.lowercased()] = value }
            }
            switch stream["codec_type"] as? String {
            case "video":
                let disposition = stream["disposition"] as? [String: Any] ?? [:]
                // Cover art is a one-picture "video" stream: never a caption carrier.
                if int(disposition["attached_pic"]) == 1 { continue }
                inventory.videoStreams.append(.init(index: index, codec: stream["codec_name"] as? String ?? "unknown",
                                                    frameRate: rate(stream["r_frame_rate"]),
                                                    carriesClosedCaptions: int(stream["closed_captions"]) == 1))
            case "subtitle":
                let disposition = stream["disposition"] as? [String: Any] ?? [:]
                var flags: MediaInventory.Dispositions = []
                if int(disposition["default"]) == 1 { flags.insert(.default) }
                if int(disposition["forced"]) == 1 { flags.insert(.forced) }
                if int(disposition["hearing_impaired"]) == 1 { flags.insert(.hearingImpaired) }
                let language = tags["language"].flatMap { $0.isEmpty || $0 == "und" ? nil : $0 }
                inventory.subtitleStreams.append(.init(index: index, subtitleIndex: inventory.subtitleStreams.count,
                                                       codec: stream["codec_name"] as? String ?? "unknown", language: language,
                                                       title: tags["title"].flatMap { $0.isEmpty ? nil : $0 }, dispositions: flags))
            case "attachment":
                inventory.attachments.append(.init(index: index, fileName: tags["filename"], mimeType: tags["mimetype"]))
            default:
                break
            }
        }
        return inventory
    }

    /// Runs `program` to its end and returns its standard output; a failure is `.unreadableInput`
    /// with the program's last lines of standard error.
    package func run(_ program: String, _ arguments: [String], reading path: String) throws(LegibleError) -> [UInt8] {
        var output: [UInt8] = []
        try run(program, arguments, reading: path) { output.append(contentsOf: $0) }
        return output
    }

    /// Runs `program`, handing its standard output to `consume` as it arrives; a failure is
    /// `.unreadableInput` with the program's last lines of standard error (ffmpeg says why there).
    package func run(_ program: String, _ arguments: [String], reading path: String,
                     consume: ([UInt8]) throws(LegibleError) -> Void) throws(LegibleError) {
        let process: ChildProcess
        do {
            process = try ChildProcess(executable: program, arguments: arguments, pipeInput: false, pipeOutput: true)
        } catch {
            throw Self.missing((program as NSString).lastPathComponent)
        }
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(process.standardOutput, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            do { try consume(Array(chunk[0..<n])) } catch {
                process.terminate()
                _ = process.wait()
                throw error
            }
        }
        let status = process.wait()
        guard status == 0 else {
            let name = (program as NSString).lastPathComponent
            let tail = process.errorTail.suffix(4).joined(separator: " / ")
            throw LegibleError(.unreadableInput, "\(name) failed on \(path) (exit status \(status))\(tail.isEmpty ? "" : ": \(tail)")")
        }
    }

    static func int(_ value: Any?) -> Int? {
        if let n = value as? Int { return n }
        if let n = value as? NSNumber { return n.intValue }
        if let s = value as? String { return Int(s) }
        return nil
    }

    /// `30000/1001` as a fraction; nil for `0/0` or nothing.
    static func rate(_ value: Any?) -> Fraction? {
        guard let text = value as? String else { return nil }
        let parts = text.split(separator: "/").compactMap { Int64($0) }
        guard parts.count == 2, parts[0] > 0, parts[1] > 0 else { return nil }
        return Fraction(parts[0], parts[1])
    }

    /// ffprobe's decimal seconds (`1.400000`) as an exact time; nil for `N/A` or nothing.
    static func decimalTime(_ value: Any?) -> MediaTime? {
        guard let text = value as? String, let f = Fraction(decimal: Array(text.utf8)) else { return nil }
        return MediaTime(value: f.numerator, timescale: f.denominator)
    }
}
