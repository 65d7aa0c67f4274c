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
    /// Called after every frame with the frames written and the total when known.
    public var progress: (Int, Int?) -> Void
    /// Polled every frame: true stops the run (its children are stopped, its temporary file removed).
    public var isInterrupted: () -> Bool
    /// The input's subtitle stream (its index in the file) the captions being burned come from:
    /// left out of the output's copied subtitle streams, so that players do not show the
    /// captions twice (burned, and as a soft subtitle track). Nil when they come from elsewhere.
    public var burnedSubtitleStream: Int?

    /// A burn-in job; see the properties for what each parameter means. Nothing runs until `run(makeRenderer:)`.
    public init(inputPath: String, outputPath: String, inputIsY4M: Bool, outputIsY4M: Bool, ffmpeg: FFmpeg?,
                size: (Int, Int)?, extra: [String], offset: MediaTime,
                progress: @escaping (Int, Int?) -> Void, isInterrupted: @escaping () -> Bool) {
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

    /// Runs the job; `makeRenderer` gets the frame size (it is called twice: one renderer for
    /// each thread that draws overlays ahead). Returns the number of frames written.
    public func run(makeRenderer: (Int, Int) throws -> CaptionRenderer) throws -> Int {
        signal(SIGPIPE, SIG_IGN)

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
            decoder?.terminate()
            let tail = decoder.map { _ = $0.wait(); return $0.errorTail.suffix(3).joined(separator: " / ") } ?? ""
            throw LegibleError(.burnFailed, "\(inputPath): \(error)\(tail.isEmpty ? "" : " (ffmpeg: \(tail))")")
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

        var outputHeader = header
        outputHeader.colorRange = range == .full ? "FULL" : header.colorRange
        let writer: Y4MWriter
        do { writer = try Y4MWriter(descriptor: outputDescriptor, header: outputHeader) } catch {
            cleanUp()
            throw LegibleError(.burnFailed, "cannot write \(outputPath): \(error)")
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
        var writeError: String?
        while let planes = queue.take() {
            if isInterrupted() { break }
            // Consumed, so that compositing writes into the planes read instead of a copy of them.
            var frame = VideoFrame(width: header.width, height: header.height, pixelFormat: pixelFormat, matrix: matrix, range: range,
                                   planes: consume planes, strides: strides)
            overlays.overlay(forFrame: frames)?.composite(onto: &frame)
            do { try writer.write(planes: frame.planes) } catch {
                writeError = "\(error)"
                break
            }
            // Moved out of the frame so that the pool holds the only reference: the reader then
            // refills the buffers in place instead of copying them.
            var used: [[UInt8]] = []
            swap(&used, &frame.planes)
            queue.recycle(consume used)
            frames += 1
            progress(frames, total)
        }
        queue.stop()
        readThread.join()

        if isInterrupted() {
            cleanUp()
            throw LegibleError(.burnFailed, "interrupted; \(outputPath == "-" ? "output stopped" : "nothing written to \(outputPath)")")
        }
        if let readError = readerBox.error {
            cleanUp()
            throw LegibleError(.burnFailed, "\(inputPath): \(readError)")
        }
        if let writeError {
            let tail = encoder.map { e -> String in e.terminate(); _ = e.wait(); return e.errorTail.suffix(4).joined(separator: "\n  ") } ?? ""
            cleanUp()
            throw LegibleError(.burnFailed, "writing \(outputPath) failed: \(writeError)\(tail.isEmpty ? "" : "\nffmpeg said:\n  \(tail)")")
        }
        if let decoder {
            let status = decoder.wait()
            if status != 0 {
                let tail = decoder.errorTail.suffix(4).joined(separator: "\n  ")
                cleanUp()
                throw LegibleError(.burnFailed, "ffmpeg could not decode \(inputPath) (exit status \(status)):\n  \(tail)")
            }
        }
        if let encoder {
            encoder.closeInput()
            let status = encoder.wait()
            if status != 0 {
                let tail = encoder.errorTail.suffix(4).joined(separator: "\n  ")
                if let temporary { unlink(temporary) }
                throw LegibleError(.burnFailed, "ffmpeg could not encode \(outputPath) (exit status \(status)):\n  \(tail)")
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
