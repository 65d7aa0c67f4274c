import Foundation
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

    /// Every error of burn starts `legible burn:`, as every command's errors start with its name
    /// (the command line prints what a command throws); notes and warnings start `legible:`.
    @Test func clearErrors() {
        let absent = Run(["burn", "/nonexistent.mp4", "-s", Fixtures.root + "/demo/demo.en.srt", "-o", "/tmp/x.mp4", "--progress", "none"])
        #expect(absent.status == 1 && absent.stderr == "legible burn: cannot read /nonexistent.mp4: no such file\n", "\(absent.stderr)")
        let y4m = Run(["burn", "in.y4m", "-o", "out.mp4"])
        #expect(y4m.status == 2, "no -s, and an input that is not a media file")
        #expect(y4m.stderr.hasPrefix("legible burn: burn needs a caption file, -s CAPTIONS: in.y4m is Y4M, which carries no captions\n"), "\(y4m.stderr)")
        // No -s with a media file: its own tracks are burned, so a missing one is an unreadable input.
        let missing = Run(["burn", "in.mp4", "-o", "out.mp4"])
        #expect(missing.status == 1 && missing.stderr == "legible burn: cannot read in.mp4: no such file\n", "\(missing.stderr)")
        let size = Run(["burn", "in.mp4", "-s", "a.srt", "-o", "out.mp4", "--size", "7x7"])
        #expect(size.status == 2)
        let unreadable = temporaryPath("burn-unreadable.vtt"), clip = temporaryPath("burn-prefix.y4m")
        defer { unlink(unreadable); unlink(clip) }
        writeFile(unreadable, "not a WebVTT file\n")
        writeFile(clip, "YUV4MPEG2 W16 H16 F25:1 C420jpeg\n")
        let captions = Run(["burn", clip, "-s", unreadable, "-o", temporaryPath("burn-prefix-out.y4m"), "--progress", "none"])
        #expect(captions.status == 1 && captions.stderr.hasSuffix("\nlegible burn: \(unreadable) could not be read\n"), "\(captions.stderr)")
        for run in [absent, y4m, missing, size, captions] {
            let errors = run.stderr.split(separator: "\n").filter { !$0.hasPrefix("usage: ") && !$0.contains(": error: ") && !$0.contains(": warning: ") }
            #expect(!errors.isEmpty && errors.allSatisfy { $0.hasPrefix("legible burn: ") }, "\(run.stderr)")
        }
        #expect(access("/tmp/x.mp4", F_OK) != 0, "nothing is left under the output name")
    }

    /// A 320×240 Y4M clip of `frames` black frames at 25 fps.
    private func makeY4M(_ path: String, frames: Int) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        defer { close(fd) }
        let writer = try Y4MWriter(descriptor: fd, header: Y4MHeader(width: 320, height: 240, frameRate: (25, 1), chroma: .yuv420))
        let black = [[UInt8](repeating: 16, count: 320 * 240), [UInt8](repeating: 128, count: 160 * 120), [UInt8](repeating: 128, count: 160 * 120)]
        for _ in 0..<frames { try writer.write(planes: black) }
    }

    /// When the encoder dies, its own reason is the error — not the broken pipe it leaves behind —
    /// and the output is named as the user gave it, never by its temporary name. Through the
    /// library's run (no check first), and through the command, whose check finds it at once.
    @Test func anEncoderFailureIsFFmpegsOwnReason() throws {
        let input = temporaryPath("burn-fail.y4m"), captions = temporaryPath("burn-fail.srt"), output = temporaryPath("burn-fail.mp4")
        defer { for p in [input, captions, output] { unlink(p) } }
        try makeY4M(input, frames: 50)
        writeFile(captions, srt)
        let source = try CaptionSource(contentsOf: captions)
        let track = try source.open(source.options[0])
        let burner = CaptionBurner(inputPath: input, outputPath: output, inputIsY4M: true, outputIsY4M: false, ffmpeg: try FFmpeg.locate(),
                                   size: nil, extra: ["-c:v", "nosuchcodec"], offset: .zero, progress: { _ in }, isInterrupted: { false })
        #expect(throws: LegibleError(.burnFailed, "ffmpeg could not encode \(output) (exit status 1): Unknown encoder 'nosuchcodec'")) {
            _ = try burner.run { width, height in try CaptionRenderer(track: track, width: width, height: height) }
        }
        #expect(throws: LegibleError(.burnFailed, "ffmpeg cannot write \(output) as asked (exit status 1): Unknown encoder 'nosuchcodec'")) {
            try burner.checkOutput()
        }

        let run = Run(["burn", input, "-s", captions, "-o", output, "--ffmpeg-args", "-c:v nosuchcodec", "--progress", "none"])
        #expect(run.status == 1)
        #expect(run.stderr == "legible burn: ffmpeg cannot write \(output) as asked (exit status 1): Unknown encoder 'nosuchcodec'\n", "\(run.stderr)")
        let directory = temporaryPath("burn-no-such-directory")
        let lost = Run(["burn", input, "-s", captions, "-o", directory + "/out.mp4", "--progress", "none"])
        #expect(lost.status == 1 && lost.stderr == "legible burn: cannot write \(directory)/out.mp4: No such file or directory\n", "\(lost.stderr)")
        for text in [run.stderr, lost.stderr] { #expect(!text.contains("Broken pipe") && !text.contains(".legible-")) }
        #expect(access(output, F_OK) != 0)
    }

    /// An output name ffmpeg has no container for is refused before anything is read (here the
    /// captions do not even exist), naming the output as given, not the temporary file.
    @Test func anOutputWithoutAContainerIsRefusedFirst() throws {
        let directory = try MediaFixtures.directory("burn-container")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let input = directory + "/in.mkv"
        try makeClip(input)
        for (output, expected) in [
            (directory + "/out.xyz", "legible burn: ffmpeg has no container for \(directory)/out.xyz (extension .xyz): name it .mp4, .mkv, .mov or .webm (or another ffmpeg writes), or .y4m\n"),
            (directory + "/out", "legible burn: \(directory)/out has no extension to choose the container by: name it .mp4, .mkv, .mov or .webm (or another ffmpeg writes), or .y4m\n"),
        ] {
            let run = Run(["burn", input, "-s", directory + "/absent.srt", "-o", output, "--progress", "none"])
            #expect(run.status == 2)
            #expect(run.stderr.hasPrefix(expected), "\(run.stderr)")
        }
        let burner = CaptionBurner(inputPath: input, outputPath: directory + "/out.xyz", inputIsY4M: false, outputIsY4M: false,
                                   ffmpeg: try FFmpeg.locate(), size: nil, extra: [], offset: .zero, progress: { _ in }, isInterrupted: { false })
        #expect(throws: LegibleError.self) { try burner.checkOutput() }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["in.mkv"], "no temporary file is left")
    }

    /// The progress numbers: speed only once measured, time left unknown until then and never 0
    /// while frames remain.
    @Test func progressIsMeasuredNotGuessed() {
        typealias Progress = CaptionBurner.Progress
        let first = Progress(frames: 1, totalFrames: 100, elapsed: 0.3, sinceFirstFrame: 0)
        #expect(first.framesPerSecond == nil && first.secondsLeft == nil, "one frame in no time is no speed")
        let early = Progress(frames: 5, totalFrames: 100, elapsed: 0.4, sinceFirstFrame: 0.1)
        #expect(early.framesPerSecond == nil && early.secondsLeft == nil)
        let later = Progress(frames: 51, totalFrames: 100, elapsed: 2.3, sinceFirstFrame: 2)
        #expect(later.framesPerSecond == 25 && later.secondsLeft == 49.0 / 25)
        let nearly = Progress(frames: 99_999, totalFrames: 100_000, elapsed: 10, sinceFirstFrame: 1)
        #expect((nearly.secondsLeft ?? 0) > 0)
        #expect(Progress(frames: 100, totalFrames: 100, elapsed: 5, sinceFirstFrame: 4).secondsLeft == 0)
        #expect(Progress(frames: 101, totalFrames: 100, elapsed: 5, sinceFirstFrame: 4).secondsLeft == nil, "past an estimate, unknown")
        #expect(Progress(frames: 50, totalFrames: nil, elapsed: 5, sinceFirstFrame: 4).secondsLeft == nil)

        var err = ""
        let io = CommandIO(readStandardInput: { [] }, writeStandardOutput: { _ in }, writeStandardError: { err += $0 })
        let shown = BurnProgress(mode: .json, io: io)
        shown.update(first)
        shown.update(nearly)    // within a second of the first: not shown
        shown.finish(.failed, error: "ffmpeg could not encode \"x.mp4\"")
        let lines = err.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(err)")
        #expect(lines.first?.hasPrefix("{\"frame\":1,\"total\":100,\"fps\":null,\"elapsed\":0.") == true, "\(err)")
        #expect(lines.first?.hasSuffix(",\"eta\":null,\"done\":false}") == true, "\(err)")
        #expect(lines.last?.hasPrefix("{\"frame\":99999,\"total\":100000,\"fps\":99998.00,\"elapsed\":0.") == true, "\(err)")
        #expect(lines.last?.hasSuffix(",\"eta\":null,\"done\":true,\"status\":\"failed\",\"error\":\"ffmpeg could not encode \\\"x.mp4\\\"\"}") == true, "\(err)")
        #expect(BurnProgress.fixed(0.0001, digits: 3, atLeastOneUnit: true) == "0.001")
        #expect(BurnProgress.fixed(12.3456, digits: 3) == "12.346" && BurnProgress.fixed(2, digits: 2) == "2.00")
    }

    /// `--progress json` end to end: JSON Lines on stderr, nothing else there, ending with a record
    /// that says the burn is done and how; a failure gets one too.
    @Test func progressJSONEndsWithARecord() throws {
        let input = temporaryPath("burn-json.y4m"), captions = temporaryPath("burn-json.srt"), output = temporaryPath("burn-json-out.y4m")
        defer { for p in [input, captions, output] { unlink(p) } }
        try makeY4M(input, frames: 50)
        writeFile(captions, srt)
        let run = Run(["burn", input, "-s", captions, "-o", output, "--progress", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let records = try run.stderr.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        }
        let first = try #require(records.first), last = try #require(records.last)
        #expect(first["fps"] is NSNull && first["frame"] as? Int == 1 && first["done"] as? Bool == false, "\(run.stderr)")
        #expect(last["done"] as? Bool == true && last["status"] as? String == "ok" && last["frame"] as? Int == 50, "\(run.stderr)")
        #expect(last["eta"] as? Double == 0 && (last["elapsed"] as? Double ?? 0) > 0)
        #expect(run.stderr.split(separator: "\n").allSatisfy { $0.contains("\"elapsed\":") && $0.firstRange(of: /"elapsed":\d+\.\d{3},/) != nil }, "elapsed in milliseconds")

        let failed = Run(["burn", input, "-s", captions, "-o", temporaryPath("burn-json.xyz"), "--progress", "json"])
        #expect(failed.status == 2)
        let record = try #require(failed.stderr.split(separator: "\n").first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(record.utf8)) as? [String: Any])
        #expect(object["done"] as? Bool == true && object["status"] as? String == "failed" && object["frame"] as? Int == 0, "\(failed.stderr)")
        #expect((object["error"] as? String)?.hasPrefix("ffmpeg has no container for ") == true)
    }
}
