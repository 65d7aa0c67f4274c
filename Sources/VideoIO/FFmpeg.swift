public import TimedText
import Foundation

/// The `ffmpeg` and `ffprobe` programs (Debian package `ffmpeg`), used as child processes for
/// container input and output: Legible composites raw frames, ffmpeg decodes and encodes them.
public struct FFmpeg: Sendable {
    /// The path of the `ffmpeg` executable.
    public let ffmpegPath: String
    /// The path of the `ffprobe` executable.
    public let ffprobePath: String

    /// The error for a program that is not installed, naming the package.
    static func missing(_ program: String) -> LegibleError {
        LegibleError(.missingComponent, "\(program) is not installed or not on PATH: install the Debian package ffmpeg (apt-get install ffmpeg), or run scripts/setup.sh")
    }

    /// Finds both programs on `PATH`.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) throws(LegibleError) -> FFmpeg {
        let directories = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        func find(_ name: String) -> String? {
            directories.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        }
        guard let ffmpeg = find("ffmpeg") else { throw Self.missing("ffmpeg") }
        guard let ffprobe = find("ffprobe") else { throw Self.missing("ffprobe") }
        return FFmpeg(ffmpegPath: ffmpeg, ffprobePath: ffprobe)
    }

    /// What `ffprobe` says of a file's first video stream and whether it has audio.
    public struct MediaInfo: Sendable, Hashable {
        /// Frame width in pixels.
        public var width: Int
        /// Frame height in pixels.
        public var height: Int
        /// The stream's frame rate (`r_frame_rate`), e.g. 30000/1001.
        public var frameRate: (numerator: Int, denominator: Int)
        /// ffmpeg's pixel format name (`yuv420p`, `yuv422p10le`, …); `yuv420p` when ffprobe gives none.
        public var pixelFormat: String
        /// ffmpeg's codec name (`h264`, `vp9`, `prores`, …), used to choose a matching encoder; `h264`
        /// when ffprobe gives none.
        public var codec: String
        /// `bt709`, `bt470bg`, `smpte170m`, `bt2020nc`, or nil when the file does not say.
        public var colorSpace: String?
        /// `tv` (limited) or `pc` (full), or nil.
        public var colorRange: String?
        /// The colour primaries as ffmpeg names them (`bt709`, `bt2020`, …), or nil when the file does not say.
        public var colorPrimaries: String?
        /// The transfer characteristic as ffmpeg names it (`bt709`, `smpte2084`, `arib-std-b67`, …), or nil.
        public var colorTransfer: String?
        /// The stream's frame count (`nb_frames`), nil when the container does not record it.
        public var frameCount: Int?
        /// The file's duration in seconds, nil when unknown.
        public var duration: Double?
        /// True when the file has at least one audio stream.
        public var hasAudio: Bool

        /// A description given by hand (for a Y4M input ffprobe never saw); `frameRate` is
        /// (numerator, denominator).
        public init(width: Int, height: Int, frameRate: (Int, Int), pixelFormat: String, codec: String, colorSpace: String?,
                    colorRange: String?, colorPrimaries: String?, colorTransfer: String?, frameCount: Int?, duration: Double?,
                    hasAudio: Bool) {
            self.width = width
            self.height = height
            self.frameRate = (frameRate.0, frameRate.1)
            self.pixelFormat = pixelFormat
            self.codec = codec
            self.colorSpace = colorSpace
            self.colorRange = colorRange
            self.colorPrimaries = colorPrimaries
            self.colorTransfer = colorTransfer
            self.frameCount = frameCount
            self.duration = duration
            self.hasAudio = hasAudio
        }

        public static func == (a: MediaInfo, b: MediaInfo) -> Bool {
            a.width == b.width && a.height == b.height && a.frameRate == b.frameRate && a.pixelFormat == b.pixelFormat
                && a.codec == b.codec && a.colorSpace == b.colorSpace && a.colorRange == b.colorRange
                && a.colorPrimaries == b.colorPrimaries && a.colorTransfer == b.colorTransfer
                && a.frameCount == b.frameCount && a.duration == b.duration && a.hasAudio == b.hasAudio
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(width)
            hasher.combine(height)
            hasher.combine(codec)
        }

        /// The 8-bit planar format frames are exchanged in: the input's own when it is one of
        /// the compositor's, else the nearest (10-bit and packed formats become 8-bit planar).
        public var exchangeFormat: String {
            switch pixelFormat {
            case "yuv420p", "yuvj420p": "yuv420p"
            case "yuv422p", "yuvj422p", "yuv422p10le", "yuv422p12le": "yuv422p"
            case "yuv444p", "yuvj444p", "yuv444p10le", "yuv444p12le", "gbrp", "rgb24", "bgr24", "rgba", "bgra": "yuv444p"
            default: "yuv420p"
            }
        }
    }

    /// Runs `ffprobe` on `path` and describes its first video stream. Throws `.missingComponent`
    /// when ffprobe cannot be started, `.unreadableInput` when it fails or the file has no video
    /// stream; a missing frame rate is taken as 30 fps.
    public func probe(_ path: String) throws(LegibleError) -> MediaInfo {
        let process: ChildProcess
        do {
            process = try ChildProcess(executable: ffprobePath,
                                       arguments: ["-v", "error", "-print_format", "json", "-show_streams", "-show_format", path],
                                       pipeInput: false, pipeOutput: true)
        }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(process.standardOutput, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            output += chunk[0..<n]
        }
        let status = process.wait()
        guard status == 0 else {
            throw LegibleError(.unreadableInput, "ffprobe cannot read \(path): \(process.errorTail.last ?? "exit status \(status)")")
        }
        guard let json = try? JSONSerialization.jsonObject(with: Data(output)) as? [String: Any],
              let streams = json["streams"] as? [[String: Any]] else {
            throw LegibleError(.unreadableInput, "ffprobe printed no streams for \(path)")
        }
        guard let video = streams.first(where: { $0["codec_type"] as? String == "video" }),
              let width = video["width"] as? Int, let height = video["height"] as? Int else {
            throw LegibleError(.unreadableInput, "\(path) has no video stream")
        }
        var rate = (30, 1)
        if let text = video["r_frame_rate"] as? String {
            let parts = text.split(separator: "/").compactMap { Int($0) }
            if parts.count == 2, parts[0] > 0, parts[1] > 0 { rate = (parts[0], parts[1]) }
        }
        let format = json["format"] as? [String: Any]
        return MediaInfo(width: width, height: height, frameRate: rate,
                         pixelFormat: video["pix_fmt"] as? String ?? "yuv420p",
                         codec: video["codec_name"] as? String ?? "h264",
                         colorSpace: video["color_space"] as? String, colorRange: video["color_range"] as? String,
                         colorPrimaries: video["color_primaries"] as? String, colorTransfer: video["color_transfer"] as? String,
                         frameCount: (video["nb_frames"] as? String).flatMap { Int($0) },
                         duration: (format?["duration"] as? String).flatMap { Double($0) },
                         hasAudio: streams.contains { $0["codec_type"] as? String == "audio" })
    }

    /// Arguments that decode the first video stream of `input` to Y4M on standard output.
    package func decodeArguments(input: String, info: MediaInfo) -> [String] {
        ["-nostdin", "-v", "error", "-i", input, "-map", "0:v:0", "-an", "-sn",
         "-pix_fmt", info.exchangeFormat, "-strict", "-1", "-f", "yuv4mpegpipe", "-"]
    }

    /// Arguments that encode Y4M from standard input into `output`, taking audio (and, in the
    /// same container, subtitle and data streams) from `input`; the colour description of the
    /// input is written into the output so that players convert it as the source was.
    /// `leavingOutSubtitleStream`: the input's stream (by index) whose captions are burned, not
    /// copied, and no other subtitle stream made default in its place. A `trial` encodes one black
    /// frame of the same size and rate (and a fifth of a second of the rest) instead of reading
    /// standard input: ffmpeg then says whether it can write `output` so before any work is done.
    package func encodeArguments(input: String?, output: String, format: String?, info: MediaInfo, extra: [String],
                                 leavingOutSubtitleStream: Int? = nil, trial: Bool = false) -> [String] {
        var arguments = ["-nostdin", "-v", "error", "-y"]
        if trial {
            let size = "\(info.width)x\(info.height)", rate = "\(info.frameRate.numerator)/\(info.frameRate.denominator)"
            arguments += ["-f", "lavfi", "-i", "color=black:s=\(size):r=\(rate)"]
        } else {
            arguments += ["-f", "yuv4mpegpipe", "-i", "-"]
        }
        if let input {
            arguments += ["-i", input, "-map", "0:v:0", "-map", "1:a?"]
            if Self.sameContainer(input, output) {
                arguments += ["-map", "1:s?"]
                if let burned = leavingOutSubtitleStream { arguments += ["-map", "-1:\(burned)"] }
                arguments += ["-c:s", "copy"]
                // Every other flag kept, default taken off (Matroska's muxer in ffmpeg 5.1 marks a
                // forced stream default otherwise).
                if leavingOutSubtitleStream != nil { arguments += ["-disposition:s", "-default"] }
            }
            arguments += ["-c:a", "copy"]
        }
        if !extra.contains("-c:v") && !extra.contains("-vcodec") {
            arguments += Self.videoEncoder(for: info.codec, output: output)
        }
        arguments += ["-pix_fmt", info.exchangeFormat]
        if let space = info.colorSpace { arguments += ["-colorspace", space] }
        if let range = info.colorRange { arguments += ["-color_range", range] }
        if let primaries = info.colorPrimaries { arguments += ["-color_primaries", primaries] }
        if let transfer = info.colorTransfer { arguments += ["-color_trc", transfer] }
        arguments += extra
        // After the caller's arguments, so that these win.
        if trial { arguments += ["-frames:v", "1", "-t", "0.2"] }
        if let format { arguments += ["-f", format] }
        arguments.append(output)
        return arguments
    }

    /// Whether two files are of one container, by their extensions: subtitle and data streams
    /// are copied only then (ffmpeg cannot put every codec in every container).
    package static func sameContainer(_ a: String, _ b: String) -> Bool {
        (a as NSString).pathExtension.lowercased() == (b as NSString).pathExtension.lowercased()
    }

    /// A sensible encoder for the input's codec: the same family at visually lossless quality.
    package static func videoEncoder(for codec: String, output: String) -> [String] {
        let ext = (output as NSString).pathExtension.lowercased()
        switch codec {
        case "vp9" where ext == "webm" || ext == "mkv": return ["-c:v", "libvpx-vp9", "-crf", "24", "-b:v", "0", "-row-mt", "1"]
        case "vp8" where ext == "webm": return ["-c:v", "libvpx", "-crf", "8", "-b:v", "2M"]
        case "prores" where ext == "mov": return ["-c:v", "prores_ks"]
        case "ffv1" where ext == "mkv": return ["-c:v", "ffv1"]
        default:
            if ext == "webm" { return ["-c:v", "libvpx-vp9", "-crf", "24", "-b:v", "0", "-row-mt", "1"] }
            return ["-c:v", "libx264", "-crf", "18", "-preset", "veryfast"]
        }
    }
}
