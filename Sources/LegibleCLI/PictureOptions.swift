import Legible

/// The options of the commands that draw captions (`render`, `burn`): the picture size, the
/// viewer's appearance, the title-safe margin, and which track — by id, or by the viewer's
/// languages through the track-selection rules. One meaning per flag in both.
enum PictureOptions {
    static let specs: [OptionSpec] = [
        OptionSpec("size", value: "WxH", help: "The picture size (render: default 1920x1080; burn: the video is scaled to it)."),
        OptionSpec("appearance", value: "SPEC", help: "A preset, FILE.json or key=value[!]; repeatable, later ones win."),
        OptionSpec("safe-margin", value: "PERCENT", help: "Title-safe margin on each side for WebVTT/SRT (default 5%)."),
        OptionSpec("forced-only", help: "Show forced content only: TTML regions without itts:forcedDisplay are not drawn (IMSC displayForcedOnlyMode)."),
        OptionSpec("eye", value: "left|right", help: "Draw one eye's view of stereoscopic captions: TTML regions move by half their tts:disparity."),
        OptionSpec("pq", help: "Encode pixels as PQ (SMPTE ST 2084, full range) for HDR, TTML regions scaled by their tts:luminanceGain."),
        OptionSpec("track", value: "ID", help: "The caption track: its id (CC1; s:N in a media file), a media file's language (fr), or FILE#N for a file's N-th track."),
        OptionSpec("prefer", value: "LANGS", help: "The viewer's languages, best first (ja,en): the track-selection rules pick the track."),
        OptionSpec("fonts-dir", value: "DIR", help: "More fonts (.ttf, .otf, .ttc) for the families an ASS script or a content style names; repeatable."),
    ]

    /// The script libass draws as itself for an ASS track (its `[Fonts]`, then every `--fonts-dir`),
    /// nil for other layout families; unreadable font files are warned about.
    static func nativeScript(_ input: LoadedInput, _ arguments: Arguments, io: CommandIO) throws -> NativeASSScript? {
        guard let own = input.file.nativeScript else { return nil }
        var script = NativeASSScript(own, attachedFonts: input.attachedFonts)
        for directory in arguments.all("fonts-dir") { try script.addFonts(contentsOfDirectory: directory) }
        for path in script.unreadableFontFiles { io.error("legible: warning: \(path) is not a font file libass can read; skipped") }
        return script
    }

    /// `fonts` with every `--fonts-dir` added, for the cues the engine lays out (an ASS script's
    /// fonts go to its native script instead); unreadable font files are warned about.
    static func addFontDirectories(to fonts: inout FontSet, _ arguments: Arguments, io: CommandIO) throws {
        let before = fonts.missing.count
        for directory in arguments.all("fonts-dir") { try fonts.add(contentsOfDirectory: directory) }
        for path in fonts.missing.dropFirst(before) { io.error("legible: warning: \(path) is not a font file libass can read; skipped") }
    }

    /// `--size WxH`; `even` when a video encoder needs even dimensions.
    static func size(_ arguments: Arguments, even: Bool = false) throws -> (width: Int, height: Int)? {
        guard let text = arguments.value("size") else { return nil }
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (16...8192).contains(w), (16...8192).contains(h),
              !even || (w % 2 == 0 && h % 2 == 0) else {
            throw UsageError(message: "--size must be WxH\(even ? " with even numbers" : ""), 16 to 8192 each, e.g. 1280x720")
        }
        return (w, h)
    }

    /// Layout options from `--safe-margin`.
    static func layout(_ arguments: Arguments) throws -> LayoutOptions {
        var options = LayoutOptions.default
        if let margin = arguments.value("safe-margin") {
            let text = margin.hasSuffix("%") ? String(margin.dropLast()) : margin
            guard let percent = Fraction(decimal: text.utf8), percent >= .zero, percent < Fraction(50) else {
                throw UsageError(message: "--safe-margin must be a percentage from 0 to 50")
            }
            let f = Fraction(percent: percent)
            options.titleSafe = Insets(top: f, right: f, bottom: f, left: f)
        }
        options.displaysForcedOnly = arguments.has("forced-only")
        if let eye = arguments.value("eye") {
            guard let view = LayoutOptions.StereoView(rawValue: eye) else { throw UsageError(message: "--eye must be left or right") }
            options.stereoView = view
        }
        if arguments.has("pq") { options.pixelEncoding = .pq }
        return options
    }

    /// The folder of a caption file's path, which its relative image references are files of.
    static func imageDirectory(of path: String?) -> String? {
        guard let path, path != "-", let slash = path.lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The viewer's appearance from every `--appearance`, in order.
    static func appearance(_ arguments: Arguments) throws -> CaptionAppearance {
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
            } catch let error as LegibleError {
                throw UsageError(message: "--appearance: \(error.message)")
            }
        }
        return appearance
    }

    /// `--prefer LANGS` (repeatable, comma-separated) as language tags.
    static func preferredLanguages(_ arguments: Arguments) throws -> [LanguageTag] {
        try arguments.all("prefer").flatMap { $0.split(separator: ",") }.map { text in
            guard let tag = LanguageTag(String(text)) else {
                throw UsageError(message: "--prefer: '\(text)' is not a BCP 47 language tag (such as en, pt-BR, zh-Hant)")
            }
            return tag
        }
    }

    /// The track to draw from the caption files, its layout family and a name for messages; nil
    /// (after saying why) when the files cannot be read or hold nothing to choose.
    static func chooseTrack(_ paths: [String], _ arguments: Arguments, io: CommandIO, allowsNothingShown: Bool = false) throws
        -> (track: Track, family: LayoutFamily, name: String, input: LoadedInput)? {
        var candidates: [(track: Track, id: String, input: LoadedInput)] = []
        for path in paths {
            let input = try InputOptions.load(path, arguments, io: io, needsFonts: true)
            InputOptions.report(input, io: io, arguments)
            // A TTML document read whole that shows nothing (all of it tts:display="none") is an
            // empty picture, not an unreadable file: its diagnostics have said why.
            if input.isUnreadable && !(allowsNothingShown && input.showsNothingByDesign) {
                io.error("legible: \(input.displayName) could not be read")
                return nil
            }
            for (n, track) in input.document.tracks.enumerated() {
                let id = paths.count == 1 && track.id != nil ? track.id! : paths.count == 1 ? "#\(n)" : "\(path)#\(n)"
                candidates.append((track, id, input))
            }
            ProcessLifetime.keepUntilExit(input)
        }
        guard !candidates.isEmpty else {
            io.error("legible: no caption track in \(paths.joined(separator: ", "))")
            return nil
        }
        func chosen(_ c: (track: Track, id: String, input: LoadedInput)) -> (Track, LayoutFamily, String, LoadedInput) {
            (c.track, c.input.document.layoutFamily, c.id, c.input)
        }
        // A media file alone: its track was picked when it was read (--track or --prefer), and said.
        if paths.count == 1, candidates.count == 1, candidates[0].input.mediaTrack != nil {
            return chosen(candidates[0])
        }
        if let wanted = arguments.value("track") {
            let number = Int(wanted)
            guard let found = candidates.first(where: { $0.id == wanted || $0.track.id == wanted })
                    ?? (paths.count == 1 ? number.flatMap { candidates.indices.contains($0) ? candidates[$0] : nil } : nil) else {
                throw UsageError(message: "no caption track '\(wanted)' (tracks: \(candidates.map(\.id).joined(separator: ", ")))")
            }
            return chosen(found)
        }
        let tags = try preferredLanguages(arguments)
        if !tags.isEmpty {
            let options = candidates.map { candidate in
                TrackOption(track: candidate.track, id: candidate.id, source: candidate.input.displayName,
                            hints: FileNameHints(fileName: candidate.input.displayName))
            }
            let result = TrackSelector().select(options, for: ViewerPreferences(preferredLanguages: tags, displayMode: .alwaysOn))
            guard let picked = result.chosen, let found = candidates.first(where: { $0.id == picked.id }) else {
                io.error("legible: no caption track for \(tags.map(\.rawValue).joined(separator: ", ")): \(result.summary)")
                return nil
            }
            return chosen(found)
        }
        return chosen(candidates[0])
    }
}
