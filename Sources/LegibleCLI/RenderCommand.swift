import Legible

/// `legible render`: one frame of captions as a PNG, or a contact sheet of several moments — the
/// quickest way for a person to see what a caption file looks like.
enum RenderCommand: Command {
    static let name = "render"
    static let summary = "Draw the captions at a time (or a contact sheet of several times) into a PNG."
    static let usage = "legible render FILE (--at SECONDS | --sheet N) -o OUT.png [--size WxH] [--background KIND] [--appearance SPEC]... [--track ID | --prefer LANGS] [--fonts-dir DIR]... [--from FORMAT] [--encoding NAME]"
    static let discussion = """
        The captions are laid out by the file's own rules (WebVTT cue boxes and regions, SRT
        positions, CEA-608's grid in the 80% safe area, TTML regions) and drawn with libass using
        fonts from known files only. An ASS script is drawn by libass as itself, with its own
        [Fonts] and every --fonts-dir DIR (repeatable) for the families it names.
        --appearance is repeatable, later ones overriding earlier ones: a preset (default, large,
        high-contrast, yellow-on-black, classic-608, cinema), an appearance FILE.json, or key=value
        with keys font, text-size, text-color, text-opacity, background-color, background-opacity,
        window-color, window-opacity, edge, edge-color; a trailing '!' makes the viewer's value win
        over the content's (text-color=yellow!). See docs/appearance.md.
        --background is checker (default), black, transparent, or a PNG image.
        WebVTT and SRT cues are placed as browsers place them, anywhere in the frame (W3C WebVTT
        has no title-safe inset); --safe-margin 5 keeps them inside 5% of each edge, as burn does.
        --forced-only, --eye and --pq are the IMSC renderer's options: forced content only, one
        eye's view of stereoscopic captions (tts:disparity), PQ pixels for HDR (tts:luminanceGain).
        Image subtitles (IMSC image profiles) are drawn from PNG data in the document or PNG files
        next to it.
        A media file (MKV, MP4, MPEG-TS...) is read too: --track picks its subtitle stream (s:N),
        608 channel (CC1), 708 service (SERVICE1) or language (fr), else the selection rules do and say which (docs/media.md).
        Exit status: 0 written, 1 unreadable input or output, 2 usage error.
        """
    static let options: [OptionSpec] = [
        OptionSpec("at", value: "SECONDS", help: "The time to draw, in seconds (12.5)."),
        OptionSpec("sheet", value: "N", help: "Write a contact sheet of N moments across the file instead."),
        OptionSpec("output", short: "o", value: "FILE", help: "The PNG to write."),
        OptionSpec("background", value: "KIND", help: "checker, black, transparent or IMAGE.png (default checker)."),
    ] + PictureOptions.specs(safeMarginDefault: "default 0, as in a browser") + InputOptions.specs

    static func run(_ arguments: Arguments, io: CommandIO) throws -> Int32 {
        guard arguments.positionals.count == 1 else {
            throw UsageError(message: arguments.positionals.isEmpty ? "render needs a FILE" : "render takes one FILE")
        }
        guard let output = arguments.value("output") else { throw UsageError(message: "render needs -o OUT.png") }
        let sheet = arguments.value("sheet")
        guard arguments.has("at") != (sheet != nil) else { throw UsageError(message: "render needs either --at SECONDS or --sheet N") }

        let (width, height) = try PictureOptions.size(arguments) ?? (1920, 1080)
        let appearance = try PictureOptions.appearance(arguments)
        let options = try PictureOptions.layout(arguments, safeMargin: .zero)
        let time = try arguments.time("at")
        let count = try sheet.map { text in
            guard let n = Int(text), (1...100).contains(n) else { throw UsageError(message: "--sheet must be a number from 1 to 100") }
            return n
        }
        let backdrop: Backdrop
        switch arguments.value("background") ?? "checker" {
        case "checker": backdrop = .checker
        case "black": backdrop = .black
        case "transparent": backdrop = .transparent
        case let path:
            backdrop = .image(try PNGFile.read(path))
        }

        let chosen = try PictureOptions.chooseTrack(arguments.positionals, arguments, io: io, allowsNothingShown: time != nil)
        let (track, input) = (chosen.track, chosen.input)
        let fonts = FontSet()
        for path in fonts.missing {
            let package = FontSet.debianPackage(ofFontAt: path).map { " (Debian package \($0))" } ?? ""
            io.say("warning: font file \(path)\(package) is missing; its style falls back to DejaVu Sans (run scripts/setup.sh)")
        }
        // The track as its format draws it: an ASS script by libass as itself (with the
        // --fonts-dir fonts beside its own), other formats' cues laid out by their rules.
        let renderer = try CaptionRenderer(track: track, width: width, height: height, appearance: appearance, fonts: fonts,
                                           options: options, fontDirectories: arguments.all("fonts-dir"),
                                           systemFonts: !arguments.has("no-system-fonts"))
        for path in renderer.unreadableFontFiles { io.say("warning: \(path) is not a font file libass can read; skipped") }
        let image: Bitmap
        if let time {
            var frame = backdrop.bitmap(width: width, height: height)
            renderer.overlay(at: time)?.draw(onto: &frame)
            image = frame
        } else {
            let times = ContactSheet.moments(renderer, count: count!)
            guard !times.isEmpty else {
                io.say("\(input.displayName) shows nothing at any time")
                return 1
            }
            image = try ContactSheet.make(renderer, at: times, backdrop: backdrop)
        }
        for failure in renderer.imageFailures { io.say("warning: \(failure)") }
        PictureOptions.reportFontChoices(renderer, arguments, io: io)
        try PNGFile.write(image, to: output)
        return 0
    }
}
