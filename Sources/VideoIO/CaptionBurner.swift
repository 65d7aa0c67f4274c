public import TimedText
public import Rendering
#if canImport(Glibc)
import Glibc
#endif

/// Burns captions into a video (`legible burn`): frames from the input (ffmpeg decoding, or
/// Y4M), captions composited, frames to the output (ffmpeg encoding into a temporary file renamed
/// at the end, or Y4M). A background thread reads the next frame while the current one is
/// composited and written, and overlays are drawn ahead (`OverlaysAhead`), so decoding,
/// compositing and encoding overlap on the two cores.
public struct CaptionBurner {
    /// The video to read, or `-` for a Y4M stream on standard input.
    public var inputPath: String
    /// Where to write the result, or `-` for a Y4M stream on standard output; a file is written under
    /// a temporary name beside it and renamed only when the run succeeds.
    public var outputPath: String
    /// True when the input is a Y4M stream read directly; false to decode it with ffmpeg.
    public var inputIsY4M: Bool
    /// True to write a Y4M stream directly; false to encode the output with ffmpeg (the container
    /// chosen by the output's extension, audio copied from the input).
    public var outputIsY4M: Bool
    /// Needed unless both ends are Y4M and the size is kept.
    public var ffmpeg: FFmpeg?
    /// The output frame size in pixels (width, height), scaled by ffmpeg while decoding; nil keeps the
    /// input's. Not available with Y4M input.
    public var size: (Int, Int)?
    /// More arguments for the ffmpeg encoder.
    public var extra: [String]
    /// How much later the captions show.
    public var offset: MediaTime
    /// Called after every frame with how far the run has come.
    public var progress: (Progress) -> Void
    /// Polled every frame: true stops the run (its children are stopped, its temporary file removed).
    public var isInterrupted: () -> Bool
    /// The input's subtitle stream (its index in the file) the captions being burned come from:
    /// left out of the output's copied subtitle streams, so that players do not show the
    /// captions twice (burned, and as a soft subtitle track). Nil when they come from elsewhere.
    public var burnedSubtitleStream: Int?

    /// A burn-in job; see the properties for what each parameter means. Nothing runs until `run(makeRenderer:)`.
    public init(inputPath: String, outputPath: String, inputIsY4M: Bool, outputIsY4M: Bool, ffmpeg: FFmpeg?,
                size: (Int, Int)?, extra: [String], offset: MediaTime,
                progress: @escaping (Progress) -> Void, isInterrupted: @escaping () -> Bool) {
        self.inputPath = inputPath
        self.outputPath = outputPath
        self.inputIsY4M = inputIsY4M
        self.outputIsY4M = outputIsY4M
        self.ffmpeg = ffmpeg
        self.size = size
        self.extra = extra
        self.offset = offset
        self.progress = progress
        self.isInterrupted = isInterrupted
    }

    /// How far a run has come: handed to `progress` after every frame. Speed and time left are
    /// given only once they can be measured, never guessed.
    public struct Progress: Sendable, Hashable {
        /// Frames written so far.
        public var frames: Int
        /// The frames the input is expected to have (its recorded frame count, else its duration
        /// times its frame rate); nil when unknown (Y4M input). An estimate: a run may write a few more.
        public var totalFrames: Int?
        /// Seconds since the run started, start-up (probing, fonts, the first overlays) included.
        public var elapsed: Double
        /// Frames written per second since the first one; nil until measured over at least
        /// `CaptionBurner.Progress.measuringTime`.
        public var framesPerSecond: Double?
        /// Seconds left at that speed: nil while the speed or the total is unknown, or once more
        /// frames than expected have been written; greater than 0 while frames remain, 0 when none do.
        public var secondsLeft: Double?

        /// How long the speed is measured before it is given (a fifth of a second): the first
        /// frames come out in a burst, and frames over a moment's time are no speed.
        public static let measuringTime = 0.2

        /// A report from its parts.
        public init(frames: Int, totalFrames: Int?, elapsed: Double, framesPerSecond: Double?, secondsLeft: Double?) {
            self.frames = frames
            self.totalFrames = totalFrames
            self.elapsed = elapsed
            self.framesPerSecond = framesPerSecond
            self.secondsLeft = secondsLeft
        }

        /// The report after `frames` frames, `elapsed` seconds into the run, the first frame
        /// having been written `sinceFirstFrame` seconds ago (nil before it).
        public init(frames: Int, totalFrames: Int?, elapsed: Double, sinceFirstFrame: Double?) {
            var speed: Double?
            // Frames after the first over the time since it: the first one's wait is start-up.
            if let sinceFirstFrame, sinceFirstFrame >= Self.measuringTime, frames > 1 {
                speed = Double(frames - 1) / sinceFirstFrame
            }
            var left: Double?
            if let totalFrames, let speed, speed > 0 {
                if frames < totalFrames { left = Double(totalFrames - frames) / speed }
            }
            if let totalFrames, frames == totalFrames { left = 0 }
            self.init(frames: frames, totalFrames: totalFrames, elapsed: elapsed, framesPerSecond: speed, secondsLeft: left)
        }
    }

    /// Seconds on the monotonic clock.
    package static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Whether subtitle streams of the input are copied into the output: only between files of
    /// the same container (by extension), and never for Y4M. `burnedSubtitleStream` is then left out.
    public var copiesSubtitleStreams: Bool {
        !inputIsY4M && !outputIsY4M && FFmpeg.sameContainer(inputPath, outputPath)
    }

    /// Checks that the output can be written as asked, before any frame is decoded: its directory
    /// takes the file, and — when ffmpeg encodes it — ffmpeg has a container for its extension
    /// and accepts the encoder arguments (`extra` included): one black frame of the input's size
    /// is encoded into the temporary file, which is then removed. Throws `.invalidArgument` for an
    /// output name ffmpeg has no container for, `.unreadableInput` when ffprobe cannot read the
    /// input, `.burnFailed` with ffmpeg's reason otherwise; messages name `outputPath`, never the
    /// temporary file. `run` does not call it: a caller that wants the early answer does, first.
    public func checkOutput() throws(LegibleError) {
        guard outputPath != "-" else { return }
        let temporary = Self.temporaryPath(for: outputPath)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw LegibleError(.burnFailed, "cannot write \(outputPath): \(String(cString: strerror(errno)))") }
        close(descriptor)
        unlink(temporary)
        guard !outputIsY4M else { return }
        guard let ffmpeg else { throw LegibleError(.burnFailed, "ffmpeg is needed") }
        let name = outputPath.split(separator: "/").last.map(String.init) ?? outputPath
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else {
            throw LegibleError(.invalidArgument, "\(outputPath) has no extension to choose the container by: name it .mp4, .mkv, .mov or .webm (or another ffmpeg writes), or .y4m")
        }
        var info: FFmpeg.MediaInfo
        if inputIsY4M {
            // Y4M's header has not been read yet (it may be standard input): a frame of the size
            // asked for, else a small one, is enough to try the container and the encoder.
            info = FFmpeg.MediaInfo(width: size?.0 ?? 320, height: size?.1 ?? 240, frameRate: (25, 1), pixelFormat: "yuv420p",
                                    codec: "h264", colorSpace: nil, colorRange: nil, colorPrimaries: nil, colorTransfer: nil,
                                    frameCount: nil, duration: nil, hasAudio: false)
        } else {
            guard access(inputPath, R_OK) == 0 else {
                throw LegibleError(.unreadableInput, "cannot read \(inputPath): \(errno == ENOENT ? "no such file" : String(cString: strerror(errno)))")
            }
            info = try ffmpeg.probe(inputPath)
            if let (w, h) = size { (info.width, info.height) = (w, h) }
        }
        var arguments = ffmpeg.encodeArguments(input: inputIsY4M ? nil : inputPath, output: temporary, format: Self.muxer(for: outputPath),
                                               info: info, extra: extra, leavingOutSubtitleStream: burnedSubtitleStream, trial: true)
        if size != nil, let index = arguments.firstIndex(of: "-pix_fmt") { arguments.removeSubrange(index...(index + 1)) }
        let trial: ChildProcess
        do {
            trial = try ChildProcess(executable: ffmpeg.ffmpegPath, arguments: arguments, pipeInput: false, pipeOutput: false)
        } catch { throw LegibleError(.burnFailed, "\(error)") }
        let status = trial.wait()
        unlink(temporary)
        guard status != 0 else { return }
        // ffmpeg 5.1's words, and those of ffmpeg 7.1 and later.
        if trial.errorTail.contains(where: { $0.contains("Unable to find a suitable output format") || $0.contains("Unable to choose an output format") }) {
            throw LegibleError(.invalidArgument, "ffmpeg has no container for \(outputPath) (extension \(name[dot...])): name it .mp4, .mkv, .mov or .webm (or another ffmpeg writes), or .y4m")
        }
        throw LegibleError(.burnFailed, "ffmpeg cannot write \(outputPath) as asked (exit status \(status))\(Self.reason(trial, temporary: temporary))")
    }

    /// ffmpeg's last lines of standard error, for an error message: the temporary file named as
    /// the output it stands for, `[libx264 @ 0x55…] ` shortened to `libx264: `; `: line` for one
    /// line, else one indented line each; empty when it said nothing.
    static func reason(_ process: ChildProcess, temporary: String?) -> String {
        let lines = process.errorTail.suffix(4).map { line -> String in
            var text = line
            if let temporary {
                let output = outputName(ofTemporary: temporary)
                text = text.replacing(temporary, with: output)
                let base = temporary.split(separator: "/").last.map(String.init) ?? temporary
                text = text.replacing(base, with: output.split(separator: "/").last.map(String.init) ?? output)
            }
            if text.hasPrefix("["), let at = text.firstRange(of: " @ 0x"), let close = text.firstIndex(of: "]"), at.upperBound < close {
                let component = text[text.index(after: text.startIndex)..<at.lowerBound]
                text = (component == "NULL" ? "" : component + ": ") + text[text.index(after: close)...].drop { $0 == " " }
            }
            return text
        }
        switch lines.count {
        case 0: return ""
        case 1: return ": " + lines[0]
        default: return ":\n  " + lines.joined(separator: "\n  ")
        }
    }

    /// The output a temporary name stands for: `dir/.movie.legible-PID.mp4` → `dir/movie.mp4`.
    static func outputName(ofTemporary temporary: String) -> String {
        let slash = temporary.lastIndex(of: "/")
        let directory = slash.map { String(temporary[...$0]) } ?? ""
        var name = slash.map { String(temporary[temporary.index(after: $0)...]) } ?? temporary
        let marker = ".legible-\(getpid())"
        if name.hasPrefix("."), let range = name.firstRange(of: marker) {
            name = String(name[name.index(after: name.startIndex)..<range.lowerBound]) + name[range.upperBound...]
        }
        return directory + name
    }

    /// Runs the job; `makeRenderer` gets the frame size (it is called twice: one renderer for
    /// each thread that draws overlays ahead). Returns the number of frames written.
    /// Errors name `outputPath` (never the temporary file) and, when ffmpeg fails, give its own
    /// reason (its last lines), not the broken pipe its end left.
    public func run(makeRenderer: (Int, Int) throws -> CaptionRenderer) throws -> Int {
        signal(SIGPIPE, SIG_IGN)
        let started = Self.now()

        // The input.
        var info: FFmpeg.MediaInfo?
        var decoder: ChildProcess?
        var inputDescriptor: Int32 = 0
        if inputIsY4M && size == nil {
            if inputPath != "-" {
                inputDescriptor = open(inputPath, O_RDONLY | O_CLOEXEC)
                guard inputDescriptor >= 0 else { throw LegibleError(.burnFailed, "cannot open \(inputPath): \(String(cString: strerror(errno)))") }
            }
        } else {
            guard let ffmpeg else { throw LegibleError(.burnFailed, "ffmpeg is needed") }
            if inputIsY4M {
                throw LegibleError(.burnFailed, "--size with Y4M input: scale the Y4M with ffmpeg first")
            }
            do { info = try ffmpeg.probe(inputPath) } catch { throw error }
            var arguments = ffmpeg.decodeArguments(input: inputPath, info: info!)
            if let (w, h) = size { arguments.insert(contentsOf: ["-vf", "scale=\(w):\(h)"], at: arguments.count - 1) }
            do {
                decoder = try ChildProcess(executable: ffmpeg.ffmpegPath, arguments: arguments, pipeInput: false, pipeOutput: true)
            } catch { throw LegibleError(.burnFailed, "\(error)") }
            inputDescriptor = decoder!.standardOutput
        }
        defer { if inputDescriptor > 0 && decoder == nil { close(inputDescriptor) } }

        var reader: Y4MReader
        do { reader = try Y4MReader(descriptor: inputDescriptor) } catch {
            if let decoder {
                // The decoder's reason, when it gave one, is the error (not the empty stream it left).
                let status = decoder.exitStatus(waitingAtMost: 2) ?? { decoder.terminate(); return decoder.wait() }()
                if !decoder.errorTail.isEmpty {
                    throw LegibleError(.burnFailed, "ffmpeg could not decode \(inputPath) (exit status \(status))\(Self.reason(decoder, temporary: nil))")
                }
            }
            throw LegibleError(.burnFailed, "\(inputPath): \(error)")
        }
        let header = reader.header
        guard header.chroma != .mono else { throw LegibleError(.burnFailed, "\(inputPath): monochrome video is not supported") }
        let pixelFormat: VideoFrame.PixelFormat = header.chroma == .yuv420 ? .yuv420p : header.chroma == .yuv422 ? .yuv422p : .yuv444p
        let matrix = Self.matrix(info?.colorSpace, width: header.width, height: header.height)
        let range: VideoFrame.Range = (info?.colorRange == "pc" || header.colorRange == "FULL") ? .full : .limited
        // Two renderers, one a core, for captions that change every frame (see BurnOverlays).
        let renderers = [try makeRenderer(header.width, header.height), try makeRenderer(header.width, header.height)]

        // The output.
        var encoder: ChildProcess?
        var outputDescriptor: Int32 = 1
        var temporary: String?
        if outputIsY4M {
            if outputPath != "-" {
                temporary = Self.temporaryPath(for: outputPath)
                outputDescriptor = open(temporary!, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
                guard outputDescriptor >= 0 else { throw LegibleError(.burnFailed, "cannot write \(outputPath): \(String(cString: strerror(errno)))") }
            }
        } else {
            guard let ffmpeg else { throw LegibleError(.burnFailed, "ffmpeg is needed") }
            temporary = Self.temporaryPath(for: outputPath)
            let description = info ?? FFmpeg.MediaInfo(width: header.width, height: header.height, frameRate: header.frameRate,
                                                        pixelFormat: pixelFormat.rawValue, codec: "h264", colorSpace: nil,
                                                        colorRange: range == .full ? "pc" : "tv", colorPrimaries: nil,
                                                        colorTransfer: nil, frameCount: nil, duration: nil, hasAudio: false)
            var arguments = ffmpeg.encodeArguments(input: inputIsY4M ? nil : inputPath, output: temporary!,
                                                   format: Self.muxer(for: outputPath), info: description, extra: extra,
                                                   leavingOutSubtitleStream: burnedSubtitleStream)
            if size != nil, let index = arguments.firstIndex(of: "-pix_fmt") { arguments.removeSubrange(index...(index + 1)) }
            do {
                encoder = try ChildProcess(executable: ffmpeg.ffmpegPath, arguments: arguments, pipeInput: true, pipeOutput: false)
            } catch { throw LegibleError(.burnFailed, "\(error)") }
            outputDescriptor = encoder!.standardInput
        }
        func cleanUp() {
            decoder?.terminate()
            encoder?.terminate()
            _ = decoder?.wait()
            _ = encoder?.wait()
            if let temporary { unlink(temporary) }
        }
        /// The error for output that could not be written: the encoder's own reason when it
        /// ended (writing into a pipe nobody reads fails, but that is its effect, not its cause).
        func writeFailure(_ error: String, after frames: Int) -> LegibleError {
            guard let encoder, let status = encoder.exitStatus(waitingAtMost: 2) else {
                cleanUp()
                return LegibleError(.burnFailed, "cannot write \(outputPath): \(error)")
            }
            cleanUp()
            if status != 0 {
                return LegibleError(.burnFailed, "ffmpeg could not encode \(outputPath) (exit status \(status))\(Self.reason(encoder, temporary: temporary))")
            }
            return LegibleError(.burnFailed, "ffmpeg stopped taking frames after \(frames) of them, saying nothing wrong (do --ffmpeg-args end the output early, with -t or -frames?); nothing written to \(outputPath)")
        }

        var outputHeader = header
        outputHeader.colorRange = range == .full ? "FULL" : header.colorRange
        let writer: Y4MWriter
        do { writer = try Y4MWriter(descriptor: outputDescriptor, header: outputHeader) } catch {
            throw writeFailure(error.message, after: 0)
        }

        // Frames: read ahead on a thread, composite and write here.
        let total = info.flatMap { info in
            info.frameCount ?? info.duration.map { Int(($0 * Double(info.frameRate.numerator) / Double(info.frameRate.denominator)).rounded()) }
        }
        let queue = FrameQueue(capacity: 3)
        let readerBox = ReaderBox(reader: reader)
        let readThread = WorkerThread { readerBox.readAll(into: queue) }
        readThread.start()
        let strides = [header.width, Self.chromaWidth(header), Self.chromaWidth(header)]
        let overlays = OverlaysAhead(renderers: renderers, frameRate: header.frameRate, offset: offset,
                                    template: VideoFrame(width: header.width, height: header.height, pixelFormat: pixelFormat,
                                                         matrix: matrix, range: range, planes: [[], [], []], strides: strides))
        overlays.start()
        defer { overlays.stop() }
        var frames = 0
        var firstFrameWritten: Double?
        var writeError: String?
        while let planes = queue.take() {
            if isInterrupted() { break }
            // Consumed, so that compositing writes into the planes read instead of a copy of them.
            var frame = VideoFrame(width: header.width, height: header.height, pixelFormat: pixelFormat, matrix: matrix, range: range,
                                   planes: consume planes, strides: strides)
            overlays.overlay(forFrame: frames)?.composite(onto: &frame)
            do { try writer.write(planes: frame.planes) } catch {
                writeError = error.message
                break
            }
            // Moved out of the frame so that the pool holds the only reference: the reader then
            // refills the buffers in place instead of copying them.
            var used: [[UInt8]] = []
            swap(&used, &frame.planes)
            queue.recycle(consume used)
            frames += 1
            let now = Self.now()
            if firstFrameWritten == nil { firstFrameWritten = now }
            progress(Progress(frames: frames, totalFrames: total, elapsed: now - started, sinceFirstFrame: firstFrameWritten.map { now - $0 }))
        }
        queue.stop()
        readThread.join()

        if isInterrupted() {
            cleanUp()
            throw LegibleError(.burnFailed, "interrupted; \(outputPath == "-" ? "output stopped" : "nothing written to \(outputPath)")")
        }
        if let writeError { throw writeFailure(writeError, after: frames) }
        if let readError = readerBox.error {
            // A decoder that failed part way leaves a cut stream: its reason is the error.
            if let decoder, let status = decoder.exitStatus(waitingAtMost: 2), status != 0, !decoder.errorTail.isEmpty {
                cleanUp()
                throw LegibleError(.burnFailed, "ffmpeg could not decode \(inputPath) (exit status \(status))\(Self.reason(decoder, temporary: nil))")
            }
            cleanUp()
            throw LegibleError(.burnFailed, "\(inputPath): \(readError)")
        }
        if let decoder {
            let status = decoder.wait()
            if status != 0 {
                cleanUp()
                throw LegibleError(.burnFailed, "ffmpeg could not decode \(inputPath) (exit status \(status))\(Self.reason(decoder, temporary: nil))")
            }
        }
        if let encoder {
            encoder.closeInput()
            let status = encoder.wait()
            if status != 0 {
                if let temporary { unlink(temporary) }
                throw LegibleError(.burnFailed, "ffmpeg could not encode \(outputPath) (exit status \(status))\(Self.reason(encoder, temporary: temporary))")
            }
        } else if outputDescriptor != 1 {
            close(outputDescriptor)
        }
        if let temporary, rename(temporary, outputPath) != 0 {
            unlink(temporary)
            throw LegibleError(.burnFailed, "cannot rename the finished output to \(outputPath): \(String(cString: strerror(errno)))")
        }
        return frames
    }

    static func chromaWidth(_ header: Y4MHeader) -> Int {
        let shift = header.chroma.shifts.x
        return (header.width + (1 << shift) - 1) >> shift
    }

    /// The frame's matrix from what ffprobe says, else the usual one for its size.
    static func matrix(_ colorSpace: String?, width: Int, height: Int) -> VideoFrame.Matrix {
        switch colorSpace {
        case "bt709": .bt709
        case "bt470bg", "smpte170m", "bt601": .bt601
        case "bt2020nc", "bt2020c": .bt2020
        default: .typical(width: width, height: height)
        }
    }

    /// A hidden temporary name beside the output that keeps its extension last
    /// (`dir/.movie.legible-PID.mp4`): ffmpeg and the encoder choice go by the extension.
    package static func temporaryPath(for output: String) -> String {
        let slash = output.lastIndex(of: "/")
        let directory = slash.map { String(output[...$0]) } ?? ""
        let name = slash.map { String(output[output.index(after: $0)...]) } ?? output
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            return "\(directory).\(name[..<dot]).legible-\(getpid())\(name[dot...])"
        }
        return "\(directory).\(name).legible-\(getpid())"
    }

    /// The muxer for an output name: the temporary file's extension does not tell ffmpeg.
    static func muxer(for output: String) -> String? {
        switch output.split(separator: ".").last?.lowercased() {
        case "mp4", "m4v": "mp4"
        case "mov": "mov"
        case "mkv": "matroska"
        case "webm": "webm"
        case "ts", "m2ts": "mpegts"
        case "avi": "avi"
        case "nut": "nut"
        case "y4m": "yuv4mpegpipe"
        default: nil
        }
    }
}

extension DiagnosticCode {
    /// A burn-in that could not be done (the message says why: a stream, ffmpeg, the output).
    public static let burnFailed: Self = "burn.failed"
}
