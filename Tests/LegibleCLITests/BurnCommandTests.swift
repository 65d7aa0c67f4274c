import Testing
import TestSupport
import Legible
@testable import LegibleCLI
#if canImport(Glibc)
import Glibc
#endif

/// `legible burn` end to end, with the real ffmpeg (Debian package ffmpeg, from scripts/setup.sh).
@Suite(.serialized) struct BurnCommandTests {
    let srt = "1\n00:00:00,500 --> 00:00:01,500\nHELLO WORLD\n"

    /// A black 320×240 clip with a tone, lossless, 2 s at 25 fps: captions are the only light.
    private func makeClip(_ path: String) throws {
        let ffmpeg = try FFmpeg.locate()
        let make = try ChildProcess(executable: ffmpeg.ffmpegPath, arguments: [
            "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "color=black:size=320x240:rate=25:duration=2",
            "-f", "lavfi", "-i", "sine=frequency=440:duration=2", "-c:v", "ffv1", "-c:a", "flac", "-shortest", path,
        ], pipeInput: false, pipeOutput: false)
        #expect(make.wait() == 0, "\(make.errorTail)")
    }

    /// Frame `index` of a video as Y4M planes, decoded by ffmpeg.
    private func frame(_ path: String, _ index: Int) throws -> (Y4MHeader, [[UInt8]]) {
        let ffmpeg = try FFmpeg.locate()
        let decode = try ChildProcess(executable: ffmpeg.ffmpegPath, arguments: [
            "-nostdin", "-v", "error", "-i", path, "-vf", "select=eq(n\\,\(index))", "-frames:v", "1",
            "-pix_fmt", "yuv420p", "-f", "yuv4mpegpipe", "-",
        ], pipeInput: false, pipeOutput: true)
        var reader = try Y4MReader(descriptor: decode.standardOutput)
        var planes: [[UInt8]] = []
        _ = try reader.read(planes: &planes)
        _ = decode.wait()
        return (reader.header, planes)
    }

    /// The brightest luma in rows `rows` of a frame.
    private func brightest(_ planes: [[UInt8]], width: Int, rows: Range<Int>) -> UInt8 {
        rows.map { y in planes[0][(y * width)..<((y + 1) * width)].max() ?? 0 }.max() ?? 0
    }

    @Test func burnsACaptionIntoAClip() throws {
        let clip = temporaryPath("burn-in.mkv"), output = temporaryPath("burn-out.mkv"), captions = temporaryPath("burn.srt")
        defer { for p in [clip, output, captions] { unlink(p) } }
        try makeClip(clip)
        writeFile(captions, srt)
        let run = Run(["burn", clip, "-s", captions, "-o", output, "--ffmpeg-args", "-c:v ffv1", "--progress", "none"])
        #expect(run.status == 0, "\(run.stderr)")

        let info = try FFmpeg.locate().probe(output)
        #expect(info.width == 320 && info.height == 240 && info.hasAudio, "audio is kept")
        #expect(abs((info.duration ?? 0) - 2.0) < 0.1)
        let (header, before) = try frame(output, 5)     // 0.2 s: nothing shown
        let (_, during) = try frame(output, 25)         // 1.0 s: HELLO WORLD at the bottom
        #expect(brightest(before, width: header.width, rows: 0..<240) < 40)
        #expect(brightest(during, width: header.width, rows: 160..<240) > 180, "the caption's white ink is in the bottom third")
        #expect(brightest(during, width: header.width, rows: 0..<120) < 40, "and nothing in the top half")
        var frames = 0
        let ffmpeg = try FFmpeg.locate()
        let count = try ChildProcess(executable: ffmpeg.ffprobePath, arguments: [
            "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames", "-of", "csv=p=0", output,
        ], pipeInput: false, pipeOutput: true)
        var text = [UInt8](repeating: 0, count: 64)
        let n = read(count.standardOutput, &text, 64)
        _ = count.wait()
        frames = Int(String(decoding: text[0..<max(0, n)], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        #expect(frames == 50)
    }

    /// Y4M in, Y4M out, no ffmpeg: the same caption lands in the same place; `--offset` moves it.
    @Test func y4mToY4MWithAnOffset() throws {
        let input = temporaryPath("burn-in.y4m"), output = temporaryPath("burn-out.y4m"), captions = temporaryPath("burn2.srt")
        defer { for p in [input, output, captions] { unlink(p) } }
        writeFile(captions, srt)
        let header = Y4MHeader(width: 320, height: 240, frameRate: (25, 1), chroma: .yuv420)
        let fd = open(input, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let writer = try Y4MWriter(descriptor: fd, header: header)
        let black = [[UInt8](repeating: 16, count: 320 * 240), [UInt8](repeating: 128, count: 160 * 120), [UInt8](repeating: 128, count: 160 * 120)]
        for _ in 0..<50 { try writer.write(planes: black) }
        close(fd)

        let run = Run(["burn", input, "-s", captions, "-o", output, "--offset", "0.5", "--progress", "none"])
        #expect(run.status == 0, "\(run.stderr)")
        let rfd = open(output, O_RDONLY)
        defer { close(rfd) }
        var reader = try Y4MReader(descriptor: rfd)
        var planes: [[UInt8]] = []
        var lit: [Int] = []
        var index = 0
        while try reader.read(planes: &planes) {
            if brightest(planes, width: 320, rows: 160..<240) > 180 { lit.append(index) }
            index += 1
        }
        #expect(index == 50)
        // Shown from 0.5 + 0.5 = 1.0 s (frame 25) to 2.0 s: frames 25…49.
        #expect(lit.first == 25 && lit.last == 49 && lit.count == 25, "\(lit)")
    }

    /// burn keeps WebVTT cues inside television's 5% title-safe area unless --safe-margin says
    /// otherwise (render draws them where a browser would): line:0 starts 12 rows down at 240
    /// rows, or at the top with --safe-margin 0.
    @Test func burnKeepsTheTitleSafeAreaByDefault() throws {
        let input = temporaryPath("burn-safe.y4m"), output = temporaryPath("burn-safe-out.y4m"), captions = temporaryPath("burn-safe.vtt")
        defer { for p in [input, output, captions] { unlink(p) } }
        writeFile(captions, "WEBVTT\n\n00:00.000 --> 00:01.000 line:0\nTOP\n")
        let header = Y4MHeader(width: 320, height: 240, frameRate: (25, 1), chroma: .yuv420)
        let fd = open(input, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let writer = try Y4MWriter(descriptor: fd, header: header)
        let black = [[UInt8](repeating: 16, count: 320 * 240), [UInt8](repeating: 128, count: 160 * 120), [UInt8](repeating: 128, count: 160 * 120)]
        for _ in 0..<5 { try writer.write(planes: black) }
        close(fd)
        for (margin, firstLitRow) in [(nil, 12..<20), ("0", 0..<6)] as [(String?, Range<Int>)] {
            let run = Run(["burn", input, "-s", captions, "-o", output, "--progress", "none", "--appearance", "background-opacity=0!"]
                          + (margin.map { ["--safe-margin", $0] } ?? []))
            #expect(run.status == 0, "\(run.stderr)")
            let rfd = open(output, O_RDONLY)
            defer { close(rfd) }
            var reader = try Y4MReader(descriptor: rfd)
            var planes: [[UInt8]] = []
            #expect(try reader.read(planes: &planes))
            let lit = (0..<240).first { brightest(planes, width: 320, rows: $0..<($0 + 1)) > 100 }
            #expect(lit.map(firstLitRow.contains) == true, "--safe-margin \(margin ?? "(none)"): first lit row \(lit.map(String.init) ?? "none")")
        }
    }

    /// The temporary output keeps the extension last: ffmpeg picks the muxer and the encoder
    /// family by it (a WebM output got H.264 when it ended in .tmp).
    @Test func temporaryOutputKeepsItsExtension() {
        #expect(CaptionBurner.temporaryPath(for: "/a/b/movie.webm") == "/a/b/.movie.legible-\(getpid()).webm")
        #expect(CaptionBurner.temporaryPath(for: "out") == ".out.legible-\(getpid())")
        #expect(FFmpeg.videoEncoder(for: "vp9", output: CaptionBurner.temporaryPath(for: "x.webm")).contains("libvpx-vp9"))
    }

    @Test func clearErrors() {
        #expect(Run(["burn", "/nonexistent.mp4", "-s", Fixtures.root + "/demo/demo.en.srt", "-o", "/tmp/x.mp4", "--progress", "none"]).status == 1)
        #expect(Run(["burn", "in.y4m", "-o", "out.mp4"]).status == 2, "no -s, and an input that is not a media file")
        // No -s with a media file: its own tracks are burned, so a missing one is an unreadable input.
        let missing = Run(["burn", "in.mp4", "-o", "out.mp4"])
        #expect(missing.status == 1 && missing.stderr == "legible burn: cannot read in.mp4: no such file\n", "\(missing.stderr)")
        #expect(Run(["burn", "in.mp4", "-s", "a.srt", "-o", "out.mp4", "--size", "7x7"]).status == 2)
        #expect(access("/tmp/x.mp4", F_OK) != 0, "nothing is left under the output name")
    }
}
