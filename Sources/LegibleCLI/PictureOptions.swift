import Legible

/// The options of the commands that draw captions (`render`, `burn`): the picture size, the
/// viewer's appearance, the title-safe margin, and which track — by id, or by the viewer's
/// languages through the track-selection rules. One meaning per flag in both; only the title-safe
/// margin's default differs, and each command's help says it.
enum PictureOptions {
    /// The options, `--safe-margin`'s help saying `safeMarginDefault`, the command's own default.
    static func specs(safeMarginDefault: String) -> [OptionSpec] { [
        OptionSpec("size", value: "WxH", help: "The picture size (render: default 1920x1080; burn: the video is scaled to it, even numbers)."),
        OptionSpec("appearance", value: "SPEC", help: "A preset, FILE.json or key=value[!]; repeatable, later ones win."),
        OptionSpec("safe-margin", value: "PERCENT", help: "Title-safe margin: WebVTT/SRT cue boxes stay this far inside each edge (\(safeMarginDefault))."),
        OptionSpec("forced-only", help: "Show forced content only: TTML regions without itts:forcedDisplay are not drawn (IMSC displayForcedOnlyMode)."),
        OptionSpec("eye", value: "left|right", help: "Draw one eye's view of stereoscopic captions: TTML regions move by half their tts:disparity."),
        OptionSpec("pq", help: "Encode pixels as PQ (SMPTE ST 2084, full range) for HDR, TTML regions scaled by their tts:luminanceGain."),
        InputOptions.trackSpec,
        OptionSpec("prefer", value: "LANGS", help: "The viewer's languages, best first (ja,en): the track-selection rules pick the track."),
        OptionSpec("fonts-dir", value: "DIR", help: "More fonts (.ttf, .otf, .ttc) for the families an ASS script or a content style names; repeatable."),
        OptionSpec("no-system-fonts", help: "Draw an ASS script with its own fonts, --fonts-dir and Legible's only, not the machine's (the same picture on every machine)."),
    ] }

    /// Says which face drew each family an ASS script named: a stand-in (a metric-compatible face
    /// found through fontconfig, the default family when nothing matched) always, the family
    /// itself with `--verbose`.
    static func reportFontChoices(_ renderer: CaptionRenderer?, _ arguments: Arguments, io: CommandIO) {
        for choice in renderer?.fontChoices ?? [] where choice.isSubstitute || arguments.has("verbose") {
            var asked = "'\(choice.family)'"
            if choice.weight >= 600 { asked += " bold" }
            if choice.slant > 0 { asked += " italic" }
            let face = choice.postScriptName ?? "a face"
            let how = choice.isFallback ? "the default family, as nothing matched it" : "\(face) (\(choice.file))"
            io.say("the script's font \(asked) is drawn with \(how)")
        }
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

    /// Layout options from `--safe-margin` (else `safeMargin`, the command's default), `--forced-only`,
    /// `--eye` and `--pq`.
    static func layout(_ arguments: Arguments, safeMargin: Insets) throws -> LayoutOptions {
        var options = LayoutOptions.default
        options.titleSafe = safeMargin
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

    /// The track chosen to draw, opened, with where it came from and why it was chosen.
    struct ChosenTrack {
        var track: CaptionTrack
        /// The input it makes (display name, file, document and diagnostics).
        var input: LoadedInput
        /// The source it is an option of.
        var source: CaptionSource
        /// Why this track: `--track ID`, the only track, the first track of the first file, or
        /// `chosen by the track-selection rules: REASON` with the rules' reason.
        var why: String
        /// The selection rules chose among several tracks without the viewer's languages: worth
        /// saying, with the other tracks `--track` can pick (`ids`).
        var wasChosenByTheRules: Bool
        /// The ids `--track` takes for every track of the inputs.
        var ids: [String]

        /// `s:0 (en, default)`: the track as messages name it.
        var described: String { InputOptions.describe(track.option, of: source) }
        /// `, chosen by the track-selection rules: …; --track picks another (s:0, s:1)` when the
        /// rules chose among several; else empty.
        var choiceNote: String {
            wasChosenByTheRules ? ", \(why); --track picks another (\(ids.joined(separator: ", ")))" : ""
        }
    }

    /// The track to draw from the inputs (caption files, media files, HLS playlists), opened,
    /// with the input it makes. `--track` names one as `legible tracks` lists it; else `--prefer`
    /// lets the selection rules pick; else the first track of a caption file, or the track the
    /// rules pick in a media file or playlist. Throws when an input cannot be read or none holds a
    /// track (`noCaptionsError`: a video without captions is said to have none). With `announce`,
    /// a choice made by the rules is said on stderr (`reading track …, chosen by …`).
    static func chooseTrack(_ paths: [String], _ arguments: Arguments, io: CommandIO, allowsNothingShown: Bool = false,
                            announce: Bool = true) throws -> ChosenTrack {
        var sources: [CaptionSource] = []
        for path in paths {
            let source = try InputOptions.openSource(path, arguments, io: io, needsFonts: true)
            InputOptions.report(source.diagnostics, of: source.name, io: io, arguments)
            // A TTML document read whole that shows nothing (all of it tts:display="none") is an
            // empty picture, not an unreadable file: its diagnostics have said why.
            if source.isUnreadable {
                let byDesign = source.captionFile.map(InputOptions.showsNothingByDesign) ?? false
                if !(allowsNothingShown && byDesign) {
                    throw LegibleError(.unreadableInput, "\(source.name) could not be read")
                }
            }
            sources.append(source)
        }
        let all = sources.flatMap { source in source.options.map { (source, $0) } }
        let ids = all.map { sources.count == 1 ? $0.0.localID(of: $0.1) : $0.1.id }
        // Nothing to choose from (a --track naming a track says so in its own words).
        if arguments.value("track") == nil, all.allSatisfy({ $0.1.unavailableReason != nil }) {
            if sources.count == 1 { throw sources[0].noCaptionsError() }
            guard !all.isEmpty else { throw LegibleError(.noSuchTrack, "no captions in \(paths.joined(separator: ", ")): none has a caption track") }
        }
        var chosen: (source: CaptionSource, option: TrackOption)
        var why: String
        var byTheRules = false
        if let wanted = arguments.value("track") {
            guard let found = sources.lazy.compactMap({ source in source.option(named: wanted).map { (source, $0) } }).first else {
                if sources.count == 1 { throw InputOptions.trackError(sources[0].noTrackError(wanted)) }
                throw UsageError(message: "no caption track '\(wanted)' (tracks: \(all.map(\.1.id).joined(separator: ", ")))")
            }
            chosen = found
            why = "--track \(wanted)"
        } else {
            let tags = try preferredLanguages(arguments)
            if all.count == 1 || (tags.isEmpty && sources[0].captionFile != nil && !sources[0].options.isEmpty) {
                chosen = all.count == 1 ? all[0] : (sources[0], sources[0].options[0])
                why = all.count == 1 ? "its only caption track" : "the first track of the first file"
            } else {
                let result = TrackSelector().select(all.map(\.1), for: ViewerPreferences(preferredLanguages: tags, displayMode: .alwaysOn))
                guard let picked = result.chosen, let found = all.first(where: { $0.1.id == picked.id }) else {
                    throw LegibleError(.noSuchTrack, "no caption track for \(tags.isEmpty ? "this viewer" : tags.map(\.rawValue).joined(separator: ", ")): \(result.summary)")
                }
                chosen = found
                why = "chosen by the track-selection rules: \(result.trace.first { $0.optionID == picked.id }?.reason ?? result.summary)"
                byTheRules = all.count > 1 && tags.isEmpty
                if byTheRules && announce {
                    let named = sources.count == 1 ? "\(found.0.name): " : ""
                    io.say("\(named)reading track \(InputOptions.describe(picked, of: found.0)), \(why); --track picks another (\(ids.joined(separator: ", ")))")
                }
            }
        }
        let track = try chosen.source.open(chosen.option)
        let inside = chosen.source.captionFile == nil
        let input = LoadedInput(displayName: inside ? chosen.option.id : chosen.source.name, file: track.file,
                                result: ParseResult(value: track.document, diagnostics: track.diagnostics), track: track, isInsideContainer: inside)
        // A caption file's diagnostics were reported as it was opened; a stream's or a rendition's are its own.
        if inside { InputOptions.report(input, io: io, arguments) }
        ProcessLifetime.keepUntilExit(input)
        return ChosenTrack(track: track, input: input, source: chosen.source, why: why, wasChosenByTheRules: byTheRules, ids: ids)
    }
}
