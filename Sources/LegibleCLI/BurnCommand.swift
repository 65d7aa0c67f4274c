import Legible
#if canImport(Glibc)
import Glibc
#endif

/// `legible burn`: a video and caption files in, the video with the captions drawn on it out.
///
/// Frames travel as Y4M: from `ffmpeg` decoding the input (or from the input itself when it is
/// Y4M, standard input included), through the compositor, to `ffmpeg` encoding the output with the
/// input's audio (or straight out as Y4M). The overlay of each interval between two significant
/// times is drawn once (`CaptionRenderer`) and composited onto every frame of it.
enum BurnCommand: Command {
    static let name = "burn"
    static let summary = "Draw captions onto a video: video and caption files in, captioned video out."
    static let usage = "legible burn INPUT [-s CAPTIONS...] -o OUTPUT [--track ID | --prefer LANGS] [--appearance SPEC]... [--fonts-dir DIR]... [--size WxH] [--offset SECONDS] [--ffmpeg-args ARGS] [--progress auto|json|none]"
    static let discussion = """
        INPUT is a video file ffmpeg reads, or Y4M ('-' for standard input); OUTPUT is a file whose
        extension picks the container (mp4, mkv, mov, webm...), or Y4M ('-' for standard output,
        which Y4M input always gets). Audio and, in the same container, subtitle streams are copied;
        the video is encoded with the input's codec family at visually lossless quality (libx264
        CRF 18 by default), its pixel format, colour matrix and range kept. --ffmpeg-args passes
        more encoder arguments (e.g. "-c:v libx265 -crf 22").
        Several -s files or tracks: --track picks one by id (CC1, or FILE#N for a file's N-th
        track); --prefer picks the best for the viewer's languages by the track-selection rules
        (legible tracks explains them); otherwise the first track of the first file.
        Without -s, INPUT's own captions are burned: a media file's subtitle stream or A/53
        caption channel that --track names (s:0, CC1, a language), else the one the selection
        rules pick (--prefer, the file's default, SDH and forced dispositions); which one, and
        why, is said on stderr. A -s file may be a media file too.
        --offset shifts the captions later by SECONDS (negative: earlier). --size scales the video.
        WebVTT and SRT cues are kept inside 5% of each edge (--safe-margin 5, the title-safe area
        of EBU R 95 and SMPTE ST 2046-1): burned-in text is part of the picture, and a television
        that overscans or crops it would cut captions placed at the very edge, as a browser may
        place them. --safe-margin 0 draws them where a browser would (and legible render does).
        --from and --encoding apply to the caption files.
        The output is written to a temporary file and renamed when complete: a failed or
        interrupted run leaves nothing under OUTPUT. ffmpeg (Debian package ffmpeg) is needed
        unless both ends are Y4M.
        Exit status: 0 written, 1 unreadable input, ffmpeg failure or interruption, 2 usage error.
        """
    static let options: [OptionSpec] = [
        OptionSpec("subtitles", short: "s", value: "CAPTIONS", help: "A caption or media file (repeatable); none: INPUT's own captions."),
        OptionSpec("output", short: "o", value: "OUTPUT", help: "The video to write ('-': Y4M on standard output)."),
        OptionSpec("offset", value: "SECONDS", help: "Show the captions this much later (negative: earlier)."),
        OptionSpec("ffmpeg-args", value: "ARGS", help: "More arguments for the ffmpeg encoder, space-separated."),
        OptionSpec("progress", value: "MODE", help: "auto (a bar when stderr is a terminal), json or none."),
    ] + PictureOptions.specs(safeMarginDefault: "default 5, as television needs") + InputOptions.specs

    /// Set by SIGINT/SIGTERM, polled by the burner every frame.
    nonisolated(unsafe) static var interrupted: sig_atomic_t = 0

    static func run(_ arguments: Arguments, io: CommandIO) throws -> Int32 {
        guard arguments.positionals.count == 1 else {
            throw UsageError(message: arguments.positionals.isEmpty ? "burn needs an INPUT video" : "burn takes one INPUT video")
        }
        let inputPath = arguments.positionals[0]
        guard let outputPath = arguments.value("output") else { throw UsageError(message: "burn needs -o OUTPUT") }
        var captionPaths = arguments.all("subtitles")
        if captionPaths.isEmpty {
            // A media file's own caption tracks: the one --track names or the selection rules pick.
            guard inputPath != "-", MediaFile.isMediaFile(inputPath) else {
                throw UsageError(message: "burn needs at least one -s CAPTIONS file (or an INPUT media file with caption tracks of its own)")
            }
            captionPaths = [inputPath]
        }
        guard let progressMode = BurnProgress.Mode(rawValue: arguments.value("progress") ?? "auto") else {
            throw UsageError(message: "--progress must be auto, json or none")
        }
        let offset = try arguments.time("offset", allowsNegative: true) ?? .zero
        let size = try PictureOptions.size(arguments, even: true)
        let appearance = try PictureOptions.appearance(arguments)
        let layout = try PictureOptions.layout(arguments, safeMargin: LayoutOptions.broadcastTitleSafe)
        let extra = arguments.value("ffmpeg-args").map { $0.split(separator: " ").map(String.init) } ?? []

        // The captions: the track --track names among every input's, or the one chosen.
        guard let (track, captionInput) = try PictureOptions.chooseTrack(captionPaths, arguments, io: io) else { return 1 }
        let captionName = captionInput.displayName
        let fontDirectories = arguments.all("fonts-dir")
        for directory in fontDirectories where (try? FontFile.files(inDirectory: directory)) == nil {
            throw LegibleError(.unreadableInput, "cannot read the font directory \(directory)")
        }

        let inputIsY4M = inputPath == "-" || inputPath.lowercased().hasSuffix(".y4m")
        let outputIsY4M = outputPath == "-" || outputPath.lowercased().hasSuffix(".y4m") || (inputPath == "-" && outputPath == "-")
        var ffmpeg: FFmpeg?
        if !inputIsY4M || !outputIsY4M || size != nil {
            do { ffmpeg = try FFmpeg.locate() } catch { throw LegibleError(.missingComponent, error.description) }
        }
        // Ctrl-C or a TERM stops the run cleanly: its children stopped, its temporary file removed.
        signal(SIGINT) { _ in BurnCommand.interrupted = 1 }
        signal(SIGTERM) { _ in BurnCommand.interrupted = 1 }
        var progress: BurnProgress?
        var burner = CaptionBurner(
            inputPath: inputPath, outputPath: outputPath, inputIsY4M: inputIsY4M, outputIsY4M: outputIsY4M,
            ffmpeg: ffmpeg, size: size, extra: extra, offset: offset,
            progress: { frames, total in
                if progress == nil { progress = BurnProgress(mode: progressMode, total: total, io: io) }
                progress?.update(frames: frames)
            },
            isInterrupted: { BurnCommand.interrupted != 0 })
        // A subtitle stream burned from the video's own file is not left in it as well: players
        // would show it twice — said, as every change is. (The video's own A/53 captions never
        // reach the output: it is encoded again from decoded frames.)
        if case .stream(let subtitles)? = track.mediaStream?.source, !inputIsY4M, !outputIsY4M,
           sameFile(inputPath, captionSourcePath(captionName)) {
            burner.burnedSubtitleStream = subtitles.index
            io.error("legible: \(captionName) is burned into the picture, so it is left out of \(outputPath)'s subtitle streams (the others are copied, none made default in its place)")
        }
        do {
            var renderer: CaptionRenderer?
            let frames = try burner.run { width, height in
                // Fonts chosen by the renderer (the CJK font, tens of MB, only when the text needs
                // it), unless --fonts-dir adds some for cues the engine lays out.
                let made = try CaptionRenderer(track: track, width: width, height: height, appearance: appearance,
                                               options: layout, fontDirectories: fontDirectories,
                                               systemFonts: !arguments.has("no-system-fonts"))
                renderer = made
                return made
            }
            for path in renderer?.unreadableFontFiles ?? [] { io.error("legible: warning: \(path) is not a font file libass can read; skipped") }
            for failure in renderer?.imageFailures ?? [] { io.error("legible: warning: \(failure)") }
            PictureOptions.reportFontChoices(renderer, arguments, io: io)
            progress?.update(frames: frames, force: true)
            progress?.finish()
            if progressMode != .json {
                io.error("legible: burned \(captionName) into \(frames) frames of \(outputPath == "-" ? "standard output" : outputPath)")
            }
        } catch let failure as LegibleError where failure.code == .burnFailed {
            progress?.finish()
            io.error("legible: \(failure.description)")
            return 1
        }
        return 0
    }
}

/// The file part of a track's name (`show.mkv` of `show.mkv#s:0`).
private func captionSourcePath(_ name: String) -> String {
    name.lastIndex(of: "#").map { String(name[..<$0]) } ?? name
}

/// True when two paths name the same file.
private func sameFile(_ a: String, _ b: String) -> Bool {
    if a == b { return true }
    guard let x = realpath(a, nil), let y = realpath(b, nil) else { return false }
    defer { free(x); free(y) }
    return strcmp(x, y) == 0
}
