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
    static let usage = "legible burn INPUT [-s CAPTIONS]... -o OUTPUT [--track ID | --prefer LANGS] [--appearance SPEC]... [--fonts-dir DIR]... [--size WxH] [--offset SECONDS] [--ffmpeg-args ARGS] [--progress auto|json|none]"
    static let discussion = """
        INPUT is a video file ffmpeg reads, or Y4M (a .y4m file, or '-' for standard input).
        OUTPUT's extension picks the container (mp4, mkv, mov, webm, or another ffmpeg writes);
        .y4m, or '-' for standard output, writes Y4M. The output is checked before any work: a
        name ffmpeg has no container for, a missing directory or encoder arguments ffmpeg refuses
        are said at once. Audio is copied; subtitle streams are copied too when OUTPUT has INPUT's
        container (the same extension), but for a stream being burned. The video is encoded with
        the input's codec family at visually lossless quality (libx264 CRF 18 by default; VP9 for
        WebM), its pixel format, colour matrix and range kept. --ffmpeg-args adds encoder
        arguments, split at spaces with no quoting (e.g. "-c:v libx265 -crf 22").
        Which captions: with several -s files or tracks, --track picks one by id, --prefer the
        best for the viewer's languages by the track-selection rules (legible tracks explains
        them); otherwise the first track of the first file. Without -s, INPUT's own captions are
        burned: the subtitle stream or A/53 caption channel --track names (s:0, CC1, a
        language), else the one the selection rules pick (--prefer, the file's default, SDH and
        forced dispositions); which one and why is said on stderr. A -s file may be a media file.
        --offset shifts the captions later by SECONDS (negative: earlier). --size scales the video.
        WebVTT and SRT cues are kept inside 5% of each edge (--safe-margin 5, the title-safe area
        of EBU R 95 and SMPTE ST 2046-1): burned-in text is part of the picture, and a television
        that overscans or crops it would cut captions placed at the very edge, as a browser may
        place them. --safe-margin 0 draws them where a browser would (and legible render does).
        --from and --encoding apply to the caption files, not to the video.
        Progress: a bar when stderr is a terminal; --progress json writes JSON Lines to stderr,
        a record a second ({"frame", "total", "fps", "elapsed", "eta", "done": false}; unknown
        values null) and a final one with "done": true and "status" ok, failed (with "error")
        or interrupted.
        The output is written to a hidden temporary file beside it and renamed when complete: a
        failed or interrupted run leaves nothing under OUTPUT. ffmpeg (Debian package ffmpeg) is
        needed unless both ends are Y4M and --size is not given.
        What it says on stderr starts 'legible burn:'. Exit status: 0 written; 1 unreadable
        input, ffmpeg failure or interruption; 2 usage error (an option, an OUTPUT name ffmpeg has no container for,
        no captions: a Y4M INPUT or a video without captions of its own and no -s).
        """
    static let options: [OptionSpec] = [
        OptionSpec("subtitles", short: "s", value: "CAPTIONS", help: "A caption or media file (repeatable); none: INPUT's own captions."),
        OptionSpec("output", short: "o", value: "OUTPUT", help: "The video to write ('-': Y4M on standard output)."),
        OptionSpec("offset", value: "SECONDS", help: "Show the captions this much later (negative: earlier)."),
        OptionSpec("ffmpeg-args", value: "ARGS", help: "More arguments for the ffmpeg encoder, split at spaces (no quoting)."),
        OptionSpec("progress", value: "MODE", help: "auto (a bar when stderr is a terminal), json (JSON Lines on stderr) or none."),
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
        let ownCaptions = captionPaths.isEmpty
        if ownCaptions {
            // A media file's own caption tracks: the one --track names or the selection rules pick.
            guard inputPath != "-", MediaFile.isMediaFile(inputPath) else {
                let what = inputPath == "-" || inputPath.lowercased().hasSuffix(".y4m") ? "Y4M, which carries no captions" : "not a media file that could carry captions"
                throw UsageError(message: "burn needs a caption file, -s CAPTIONS: \(inputPath == "-" ? "standard input" : inputPath) is \(what)")
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
        // From here on, --progress json ends with a record saying how the burn ended, failures too.
        let progress = BurnProgress(mode: progressMode, io: io)
        do {
            let frames = try burn(inputPath: inputPath, outputPath: outputPath, inputIsY4M: inputIsY4M, outputIsY4M: outputIsY4M,
                                  captionPaths: captionPaths, ownCaptions: ownCaptions, ffmpeg: ffmpeg, size: size, extra: extra,
                                  offset: offset, appearance: appearance, layout: layout, fontDirectories: fontDirectories,
                                  arguments: arguments, io: io, progress: progress)
            progress.finish(.ok)
            if progressMode != .json {
                io.say("burned \(frames.captions) into \(frames.count) frames of \(outputPath == "-" ? "standard output" : outputPath)")
            }
            return 0
        } catch {
            let message = (error as? LegibleError)?.message ?? (error as? UsageError)?.message ?? "\(error)"
            progress.finish(BurnCommand.interrupted != 0 ? .interrupted : .failed, error: message)
            throw error
        }
    }

    /// The burn itself, once the options are read: the output checked, the captions chosen (and
    /// why, said), the frames drawn. Every failure is thrown, for `legible burn:` to print.
    private static func burn(inputPath: String, outputPath: String, inputIsY4M: Bool, outputIsY4M: Bool, captionPaths: [String],
                             ownCaptions: Bool, ffmpeg: FFmpeg?, size: (Int, Int)?, extra: [String], offset: MediaTime,
                             appearance: CaptionAppearance, layout: LayoutOptions, fontDirectories: [String],
                             arguments: Arguments, io: CommandIO, progress: BurnProgress) throws -> (captions: String, count: Int) {
        // Ctrl-C or a TERM stops the run cleanly: its children stopped, its temporary file removed.
        signal(SIGINT) { _ in BurnCommand.interrupted = 1 }
        signal(SIGTERM) { _ in BurnCommand.interrupted = 1 }
        var burner = CaptionBurner(
            inputPath: inputPath, outputPath: outputPath, inputIsY4M: inputIsY4M, outputIsY4M: outputIsY4M,
            ffmpeg: ffmpeg, size: size, extra: extra, offset: offset,
            progress: { progress.update($0) },
            isInterrupted: { BurnCommand.interrupted != 0 })
        // A bad output (no container for its extension, a missing directory, encoder arguments
        // ffmpeg refuses) is found before the captions are read or a frame decoded.
        try burner.checkOutput()

        // The captions: the track --track names among every input's, or the one chosen.
        let chosen: PictureOptions.ChosenTrack
        do {
            chosen = try PictureOptions.chooseTrack(captionPaths, arguments, io: io, announce: false)
        } catch let error as LegibleError where ownCaptions && error.code == .noSuchTrack {
            throw UsageError(message: "\(error.message); give the captions as a file: -s CAPTIONS")
        }
        var said = chosen.wasChosenByTheRules ? "burning \(chosen.source.captionFile == nil ? chosen.source.name + "'s track " : "")\(chosen.described)\(chosen.choiceNote)" : ""
        // A subtitle stream burned from the video's own file is not left in it as well: players
        // would show it twice. (The video's own A/53 captions never reach the output: it is
        // encoded again from decoded frames.)
        if case .stream(let burned)? = chosen.track.mediaStream?.source, !inputIsY4M, !outputIsY4M, sameFile(inputPath, chosen.source.name) {
            if said.isEmpty { said = "burning \(chosen.source.name)'s track \(chosen.described), \(chosen.why == "its only caption track" ? chosen.why : "as " + chosen.why + " names it")" }
            if burner.copiesSubtitleStreams {
                burner.burnedSubtitleStream = burned.index
                var others: [String] = []
                if case .mediaFile(let media) = chosen.source.kind {
                    others = media.inventory.subtitleStreams.filter { $0.index != burned.index }.map(\.id)
                }
                said += others.isEmpty
                    ? ". It is not copied into \(outputPath) as a subtitle stream as well, so that players do not show it twice"
                    : ". It is left out of \(outputPath)'s subtitle streams, so that players do not show it twice: \(others.joined(separator: ", ")) \(others.count == 1 ? "is" : "are") copied, none made default in its place"
            } else {
                let container = inputPath.split(separator: ".").last.map { ".\($0)" } ?? "the input's"
                said += ". Subtitle streams are copied only into a file of the input's own container (\(container)): \(outputPath) gets none"
            }
        }
        if !said.isEmpty { io.say("\(said)") }

        var renderer: CaptionRenderer?
        let frames = try burner.run { width, height in
            // Fonts chosen by the renderer (the CJK font, tens of MB, only when the text needs
            // it), unless --fonts-dir adds some for cues the engine lays out.
            let made = try CaptionRenderer(track: chosen.track, width: width, height: height, appearance: appearance,
                                           options: layout, fontDirectories: fontDirectories,
                                           systemFonts: !arguments.has("no-system-fonts"))
            renderer = made
            return made
        }
        for path in renderer?.unreadableFontFiles ?? [] { io.say("warning: \(path) is not a font file libass can read; skipped") }
        for failure in renderer?.imageFailures ?? [] { io.say("warning: \(failure)") }
        PictureOptions.reportFontChoices(renderer, arguments, io: io)
        return (chosen.input.displayName, frames)
    }
}

/// True when two paths name the same file.
private func sameFile(_ a: String, _ b: String) -> Bool {
    if a == b { return true }
    guard let x = realpath(a, nil), let y = realpath(b, nil) else { return false }
    defer { free(x); free(y) }
    return strcmp(x, y) == 0
}
