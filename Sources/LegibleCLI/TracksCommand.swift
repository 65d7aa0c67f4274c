import Legible

/// `legible tracks`: the legible options of some inputs (caption files, HLS master playlists),
/// which one a viewer gets, and why — the player's "which caption track?" answered from the
/// command line, with `TrackSelection` doing the deciding.
enum TracksCommand: Command {
    static let name = "tracks"
    static let summary = "List caption/subtitle options and pick the one a viewer wants, explaining why."
    static let usage = "legible tracks INPUT... [--prefer LANGS] [--audio LANG] [--mode off|forced-only|automatic|always-on] [--sdh] [--easy-reader] [--ui-language LANG] [--lang LANGS] [--format text|json]"
    static let discussion = """
        INPUT is a caption file (\(CaptionFormat.readable.map(\.id.rawValue).joined(separator: ", ")); '-' for standard input), an HLS master
        playlist (.m3u8, or any file starting with #EXTM3U), whose EXT-X-MEDIA SUBTITLES and
        CLOSED-CAPTIONS renditions become options (a media playlist of caption segments is one
        option), or a media file (MKV, MP4, MPEG-TS), whose
        subtitle streams (FILE#s:N, with their default, forced and hearing-impaired dispositions)
        and A/53 608 channels (FILE#CC1) become options; a stream Legible cannot read (bitmap
        subtitles) is listed as unavailable. A file's language comes from --lang, else its
        content (a WebVTT Language: header), else its name (movie.pt-BR.forced.vtt,
        movie.en.sdh.srt, movie.ja.cc.scc). --lang takes one language for every track, or a
        comma-separated list given to the tracks in order (an SCC file's CC1, CC3...).
        Languages are BCP 47 tags; legacy codes are accepted (ger, iw, pob). Without --audio, the
        default AUDIO rendition of a playlist gives the audio language. At most one option is
        selected; the trace says why each option won or lost. Every id listed is what --track
        takes in dump, info, timeline, convert, validate, render and burn. Playlist problems are
        reported on stderr as file:line:col: severity: message [hls.*].
        Exit status: 0 when every input was read, 1 when one could not be, 2 for a usage error.
        """
    static let options: [OptionSpec] = [
        OptionSpec("prefer", value: "LANGS", help: "The viewer's languages, most preferred first (fr-CA,en)."),
        OptionSpec("audio", value: "LANG", help: "The language of the audio being played."),
        OptionSpec("mode", value: "MODE", help: "When to show text: off, forced-only, automatic (default), always-on."),
        OptionSpec("sdh", help: "The viewer prefers SDH / closed captions (for the deaf and hard of hearing)."),
        OptionSpec("easy-reader", help: "The viewer prefers easy-to-read tracks."),
        OptionSpec("ui-language", value: "LANG", help: "The interface language for option names (default: en)."),
        OptionSpec("lang", value: "LANGS", help: "The language of file inputs, overriding their content and name."),
    ] + OutputOptions.specs(["text", "json"]) + InputOptions.specs

    static func run(_ arguments: Arguments, io: CommandIO) throws -> Int32 {
        guard !arguments.positionals.isEmpty else { throw UsageError(message: "tracks needs at least one INPUT") }
        let json = try OutputOptions.format(arguments, ["text", "json"]) == "json"
        let preferred = try languages(arguments.all("prefer"), option: "prefer")
        let audio = try arguments.value("audio").map { try language($0, option: "audio") }
        let ui = try arguments.value("ui-language").map { try language($0, option: "ui-language") }
        let given = try languages(arguments.all("lang"), option: "lang")
        var mode = DisplayMode.automatic
        if let text = arguments.value("mode") {
            guard let parsed = DisplayMode(rawValue: text) else {
                throw UsageError(message: "--mode is one of \(DisplayMode.allCases.map(\.rawValue).joined(separator: ", ")) (got '\(text)')")
            }
            mode = parsed
        }

        var options: [TrackOption] = []
        var playlistAudio: LanguageTag?
        var failed = false
        var trackNumber = 0
        let names = DisplayNames(interfaceLanguage: ui)
        for path in arguments.positionals {
            let source = try InputOptions.openSource(path, arguments, io: io)
            InputOptions.report(source.diagnostics, of: source.name, io: io, arguments)
            if source.isUnreadable { failed = true }
            if case .masterPlaylist(let playlist) = source.kind { playlistAudio = playlistAudio ?? playlist.defaultAudioLanguage }
            let isPlaylist = if case .masterPlaylist = source.kind { true } else { false }
            for var option in source.options {
                // --lang gives files their languages (a playlist says its own).
                if !given.isEmpty && !isPlaylist {
                    option.language = given[min(trackNumber, given.count - 1)]
                    trackNumber += 1
                }
                if source.captionFile != nil {
                    option.name = names.name(for: option)
                } else if !isPlaylist {
                    option.name = option.name ?? names.name(for: option)
                }
                options.append(option)
            }
        }
        options = uniqued(options)

        let viewer = ViewerPreferences(preferredLanguages: preferred, audioLanguage: audio ?? playlistAudio, displayMode: mode,
                                       prefersSDH: arguments.has("sdh"), prefersEasyReader: arguments.has("easy-reader"),
                                       interfaceLanguage: ui)
        let result = TrackSelector().select(options, for: viewer)
        if json {
            io.writeStandardOutput(self.json(options, result).serialized())
        } else {
            io.writeStandardOutput(Array(text(options, result, viewer: viewer, names: names).utf8))
        }
        return failed ? 1 : 0
    }

    private static func language(_ text: String, option: String) throws -> LanguageTag {
        guard let tag = LanguageTag(text) else {
            throw UsageError(message: "--\(option): '\(text)' is not a BCP 47 language tag (such as en, pt-BR, zh-Hant)")
        }
        return tag
    }

    private static func languages(_ values: [String], option: String) throws -> [LanguageTag] {
        try values.flatMap { $0.split(separator: ",") }.map { try language(String($0), option: option) }
    }

    /// Ids are unique in the output (cue-json.md): a repeated one gets `#2`, `#3`.
    private static func uniqued(_ options: [TrackOption]) -> [TrackOption] {
        var seen: Set<String> = []
        return options.map { option in
            var o = option
            var n = 2
            while seen.contains(o.id) {
                o.id = "\(option.id)#\(n)"
                n += 1
            }
            seen.insert(o.id)
            return o
        }
    }

    static func json(_ options: [TrackOption], _ result: SelectionResult) -> JSON {
        .object([
            ("options", .array(options.map { o in
                .object([
                    ("id", .string(o.id)),
                    ("name", .optional(o.name)),
                    ("language", .optional(o.language?.rawValue)),
                    ("kind", .string(o.kind.rawValue)),
                    ("forced", .bool(o.isForced)),
                    ("default", .bool(o.isDefault)),
                    ("autoselect", .bool(o.isAutoselect)),
                    ("characteristics", .array(o.characteristics.map { .string($0.rawValue) })),
                    ("source", .optional(o.source)),
                    ("uri", .optional(o.uri)),
                    ("instreamId", .optional(o.instreamID)),
                ])
            })),
            ("selected", .array(result.chosen.map { [JSON.string($0.id)] } ?? [])),
            ("trace", .array(result.trace.map { d in
                .object([("option", .string(d.optionID)), ("decision", .string(d.verdict.rawValue)), ("reason", .string(d.reason))])
            })),
        ])
    }

    static func text(_ options: [TrackOption], _ result: SelectionResult, viewer: ViewerPreferences, names: DisplayNames) -> String {
        var out = "options:\n"
        if options.isEmpty { out += "  (none)\n" }
        for o in options {
            var traits: [String] = [o.kind.rawValue]
            if o.isForced { traits.append("forced") }
            if o.isAccessible && o.kind == .subtitles { traits.append("SDH") }
            if o.isEasyReader { traits.append("easy-reader") }
            if o.isDefault { traits.append("default") }
            if !o.isAutoselect { traits.append("no autoselect") }
            let menuName = names.name(for: o)
            // The channel, unless it is already the name shown (a 608 channel of unknown language).
            if let id = o.instreamID, id != (o.name ?? menuName) { traits.append(id) }
            if o.unavailableReason != nil { traits.append("unavailable") }
            let mark = o.id == result.chosen?.id ? "*" : " "
            var line = "\(mark) \(o.id): \(o.name ?? menuName)"
            // The menu's name in the interface language, when the option's own differs (an unknown
            // language has no menu name of its own: its name is already what a menu shows).
            if let name = o.name, name != menuName, o.language != nil { line += " [\(menuName)]" }
            line += ", \(o.language?.rawValue ?? "language unknown")"
            if let a = o.associatedLanguage { line += " (associated \(a))" }
            line += ", " + traits.joined(separator: ", ")
            out += line + "\n"
        }
        let prefs = viewer.effectiveLanguages.map(\.rawValue).joined(separator: ",")
        out += "viewer: \(viewer.displayMode.rawValue), languages \(prefs.isEmpty ? "none" : prefs), audio \(viewer.audioLanguage?.rawValue ?? "unknown")"
        if viewer.prefersSDH { out += ", prefers SDH" }
        if viewer.prefersEasyReader { out += ", prefers easy-reader" }
        out += "\nselected: \(result.chosen?.id ?? "none")\n"
        out += "why: \(result.summary)\n"
        for d in result.trace { out += "  \(d.optionID): \(d.verdict.rawValue) — \(d.reason)\n" }
        return out
    }
}
