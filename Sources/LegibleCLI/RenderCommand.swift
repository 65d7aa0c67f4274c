import Legible

/// `legible render`: one frame of captions as a PNG, or a contact sheet of several moments — the
/// quickest way for a person to see what a caption file looks like.
enum RenderCommand: Command {
    static let name = "render"
    static let summary = "Draw the captions at a time (or a contact sheet of several times) into a PNG."
    static let usage = "legible render FILE (--at SECONDS | --sheet N) -o OUT.png [--size WxH] [--background KIND] [--appearance SPEC]..."
    static let discussion = """
        The captions are laid out by the file's own rules (WebVTT cue boxes and regions, SRT
        positions, CEA-608's grid in the 80% safe area, TTML regions) and drawn with libass using
        fonts from known files only.
        --appearance is repeatable, later ones overriding earlier ones: a preset (default, large,
        high-contrast, yellow-on-black, classic-608, cinema), an appearance FILE.json, or key=value
        with keys font, text-size, text-color, text-opacity, background-color, background-opacity,
        window-color, window-opacity, edge, edge-color; a trailing '!' makes the viewer's value win
        over the content's (text-color=yellow!). See docs/appearance.md.
        --background is checker (default), black, transparent, or a PNG image.
        Exit status: 0 written, 1 unreadable input or output, 2 usage error.
        """
    static let options: [OptionSpec] = [
        OptionSpec("at", value: "SECONDS", help: "The time to draw, in seconds (12.5)."),
        OptionSpec("sheet", value: "N", help: "Write a contact sheet of N moments across the file instead."),
        OptionSpec("output", short: "o", value: "FILE", help: "The PNG to write."),
        OptionSpec("size", value: "WxH", help: "The frame size (default 1920x1080)."),
        OptionSpec("background", value: "KIND", help: "checker, black, transparent or IMAGE.png (default checker)."),
        OptionSpec("appearance", value: "SPEC", help: "A preset, FILE.json or key=value[!]; repeatable."),
        OptionSpec("safe-margin", value: "PERCENT", help: "Title-safe margin on each side for WebVTT/SRT (default 5%)."),
        OptionSpec("track", value: "ID", help: "The track to draw, by id (CC1, ...) or zero-based number."),
    ] + InputOptions.specs

    static func run(_ arguments: Arguments, io: CommandIO) throws -> Int32 {
        guard arguments.positionals.count == 1 else {
            throw UsageError(message: arguments.positionals.isEmpty ? "render needs a FILE" : "render takes one FILE")
        }
        guard let output = arguments.value("output") else { throw UsageError(message: "render needs -o OUT.png") }
        let at = arguments.value("at")
        let sheet = arguments.value("sheet")
        guard (at == nil) != (sheet == nil) else { throw UsageError(message: "render needs either --at SECONDS or --sheet N") }

        var width = 1920, height = 1080
        if let size = arguments.value("size") {
            let parts = size.lowercased().split(separator: "x")
            guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (16...8192).contains(w), (16...8192).contains(h) else {
                throw UsageError(message: "--size must be WxH, e.g. 1920x1080 (16 to 8192 each)")
            }
            width = w
            height = h
        }
        let appearance = try appearanceOption(arguments)
        let options = try layoutOptions(arguments)
        let backdrop: Backdrop
        switch arguments.value("background") ?? "checker" {
        case "checker": backdrop = .checker
        case "black": backdrop = .black
        case "transparent": backdrop = .transparent
        case let path:
            do { backdrop = .image(try PNGFile.read(path)) } catch { throw InputFailure(message: error.description) }
        }

        let input = try InputOptions.load(arguments.positionals[0], arguments, io: io)
        let track = try InputOptions.track(of: input, arguments)
        InputOptions.report(input, io: io, minimum: .warning)
        if input.isUnreadable {
            io.error("legible: \(input.displayName) could not be read")
            return 1
        }
        let fonts = FontSet()
        for path in fonts.missing { io.error("legible: warning: font file \(path) is missing; its style falls back to DejaVu Sans (run scripts/setup.sh)") }
        do {
            let renderer = try CaptionRenderer(track: track, format: input.format, width: width, height: height,
                                               appearance: appearance, fonts: fonts, options: options)
            let image: Bitmap
            if let at {
                guard let seconds = Fraction(decimal: at.utf8) else { throw UsageError(message: "--at must be seconds, e.g. 12.5") }
                let time = MediaTime(value: seconds.numerator, timescale: seconds.denominator)
                image = {
                    var frame = backdrop.bitmap(width: width, height: height)
                    renderer.overlay(at: time)?.draw(onto: &frame)
                    return frame
                }()
            } else {
                guard let n = Int(sheet!), (1...100).contains(n) else { throw UsageError(message: "--sheet must be a number from 1 to 100") }
                let times = ContactSheet.moments(renderer, count: n)
                guard !times.isEmpty else {
                    io.error("legible: \(input.displayName) shows nothing at any time")
                    return 1
                }
                image = try ContactSheet.make(renderer, at: times, backdrop: backdrop)
            }
            try PNGFile.write(image, to: output)
        } catch let error as LibassRenderer.Failure {
            throw InputFailure(message: error.description)
        } catch let error as PNGFile.Failure {
            throw InputFailure(message: error.description)
        }
        return 0
    }

    /// Layout options from `--safe-margin`.
    static func layoutOptions(_ arguments: Arguments) throws -> LayoutOptions {
        var options = LayoutOptions.default
        if let margin = arguments.value("safe-margin") {
            let text = margin.hasSuffix("%") ? String(margin.dropLast()) : margin
            guard let percent = Fraction(decimal: text.utf8), percent >= .zero, percent < Fraction(50) else {
                throw UsageError(message: "--safe-margin must be a percentage from 0 to 50")
            }
            let f = Fraction(percent: percent)
            options.titleSafe = Insets(top: f, right: f, bottom: f, left: f)
        }
        return options
    }

    /// The viewer's appearance from every `--appearance`, in order.
    static func appearanceOption(_ arguments: Arguments) throws -> CaptionAppearance {
        var appearance = CaptionAppearance.default
        for spec in arguments.all("appearance") {
            do {
                if spec.lowercased().hasSuffix(".json") {
                    let bytes: [UInt8]
                    do { bytes = try FileIO.read(path: spec) } catch { throw UsageError(message: "--appearance: \(error.description)") }
                    try appearance.apply(json: bytes)
                } else {
                    try appearance.apply(specification: spec)
                }
            } catch let error as AppearanceError {
                throw UsageError(message: "--appearance: \(error.message)")
            }
        }
        return appearance
    }
}
