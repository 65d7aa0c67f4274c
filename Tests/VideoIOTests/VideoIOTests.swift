import Testing
@testable import VideoIO
import TimedText
#if canImport(Glibc)
import Glibc
#endif

@Suite struct Y4MTests {
    @Test func headerRoundTrip() throws {
        let line = "YUV4MPEG2 W1920 H1080 F30000:1001 Ip A1:1 C420jpeg XYSCSS=420JPEG XCOLORRANGE=LIMITED"
        let header = try Y4MHeader.parse(line)
        #expect(header.width == 1920 && header.height == 1080 && header.frameRate == (30000, 1001))
        #expect(header.chroma == .yuv420 && header.colorRange == "LIMITED")
        #expect(header.frameSize == 1920 * 1080 * 3 / 2)
        #expect(try Y4MHeader.parse(String(header.line.dropLast())) == header)
        #expect(try Y4MHeader.parse("YUV4MPEG2 W7 H5 F25:1 C422").planeSizes == (35, 20), "odd sizes round the chroma up")
        #expect(throws: Y4MHeader.notY4M) { try Y4MHeader.parse("RIFF") }
        #expect(throws: LegibleError(.unsupportedFormat, "unsupported Y4M stream: colour space C420p10 (legible composites 8-bit 4:2:0, 4:2:2 and 4:4:4)")) { try Y4MHeader.parse("YUV4MPEG2 W2 H2 F1:1 C420p10") }
        #expect(throws: LegibleError(.unreadableInput, "the Y4M header has no frame rate (F)")) { try Y4MHeader.parse("YUV4MPEG2 W2 H2") }
    }

    /// Frames written to a pipe come back byte for byte; the end of the stream ends the reading.
    @Test func writeThenReadThroughAPipe() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let header = Y4MHeader(width: 4, height: 2, frameRate: (25, 1), chroma: .yuv420)
        let sizes = header.planeSizes
        let frames = (0..<3).map { k in [sizes.luma, sizes.chroma, sizes.chroma].enumerated().map { p, n in
            (0..<n).map { UInt8(truncatingIfNeeded: $0 * 7 + k + p * 50) }
        } }
        let writer = try Y4MWriter(descriptor: fds[1], header: header)
        for frame in frames { try writer.write(planes: frame) }
        close(fds[1])
        var reader = try Y4MReader(descriptor: fds[0])
        #expect(reader.header == header)
        var planes: [[UInt8]] = []
        var read: [[[UInt8]]] = []
        while try reader.read(planes: &planes) { read.append(planes) }
        close(fds[0])
        #expect(read == frames)
    }
}

/// The real ffmpeg (Debian package `ffmpeg`, installed by scripts/setup.sh): a 10-frame test
/// clip is made, probed, decoded to Y4M through a pipe and encoded back.
@Suite struct FFmpegTests {
    @Test func probeDecodeAndEncodeATestClip() throws {
        let ffmpeg = try FFmpeg.locate()
        let clip = "/tmp/legible-videoio-\(getpid()).mkv"
        let output = "/tmp/legible-videoio-\(getpid())-out.mkv"
        defer { unlink(clip); unlink(output) }
        let make = try ChildProcess(executable: ffmpeg.ffmpegPath, arguments: [
            "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=64x48:rate=25:duration=0.4",
            "-f", "lavfi", "-i", "sine=frequency=440:duration=0.4", "-c:v", "ffv1", "-c:a", "flac", clip,
        ], pipeInput: false, pipeOutput: false)
        #expect(make.wait() == 0, "\(make.errorTail)")

        let info = try ffmpeg.probe(clip)
        #expect(info.width == 64 && info.height == 48 && info.frameRate == (25, 1) && info.hasAudio)

        let decoder = try ChildProcess(executable: ffmpeg.ffmpegPath, arguments: ffmpeg.decodeArguments(input: clip, info: info),
                                       pipeInput: false, pipeOutput: true)
        let encoder = try ChildProcess(executable: ffmpeg.ffmpegPath,
                                       arguments: ffmpeg.encodeArguments(input: clip, output: output, format: nil, info: info,
                                                                         extra: ["-c:v", "ffv1"]),
                                       pipeInput: true, pipeOutput: false)
        var reader = try Y4MReader(descriptor: decoder.standardOutput)
        #expect(reader.header.width == 64 && reader.header.height == 48)
        let writer = try Y4MWriter(descriptor: encoder.standardInput, header: reader.header)
        var planes: [[UInt8]] = []
        var count = 0
        while try reader.read(planes: &planes) {
            try writer.write(planes: planes)
            count += 1
        }
        #expect(decoder.wait() == 0)
        encoder.closeInput()
        #expect(encoder.wait() == 0, "\(encoder.errorTail)")
        #expect(count == 10)
        let result = try ffmpeg.probe(output)
        #expect(result.width == 64 && result.hasAudio, "audio is copied from the input")
    }

    @Test func aMissingProgramNamesThePackage() {
        #expect(throws: FFmpeg.missing("ffmpeg")) { try FFmpeg.locate(environment: ["PATH": "/nonexistent"]) }
        #expect(FFmpeg.missing("ffmpeg").description.contains("Debian package ffmpeg"))
    }
}
