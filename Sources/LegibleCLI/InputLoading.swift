import Legible

/// A caption input a command reads: the library's `CaptionFile`, the name to show in messages, and
/// the document and diagnostics the command works on (a track picked, HLS times mapped).
struct LoadedInput {
    /// The path as given (`-` is shown as `<stdin>`), or, for a track of a media file or an HLS
    /// playlist, the track's id (`show.mkv#s:0`).
    var displayName: String
    var file: CaptionFile
    var result: ParseResult<Document>
    /// The track opened from the source, when one was (`--track`, a media file's stream, an HLS
    /// rendition); nil for a caption file read whole.
    var track: CaptionTrack?
    /// The source is a media file or a playlist, not the caption file itself.
    var isInsideContainer: Bool

    var format: CaptionFormat { file.format }
    var source: SourceText { file.text }
    var document: Document { result.value }
    /// Fonts that came with the track from a media file (its attachments), for a script drawn as itself.
    var attachedFonts: [NativeScript.Font] { track?.attachedFonts ?? [] }

    /// Nothing could be read: an error and no cue at all.
    var isUnreadable: Bool {
        result.hasErrors && result.value.tracks.allSatisfy { $0.cues.isEmpty }
    }

    /// The closed-caption channel of a video this input is (`CC1`), or nil: its captions were
    /// decoded from the video's A/53 data, not read from a caption file or a subtitle stream.
    var closedCaptionChannel: String? {
        if case .closedCaptions(let id)? = track?.mediaStream?.source { id } else { nil }
    }

    /// What the input is, for listings: its format and encoding ("srt, UTF-8"), or the channel a
    /// video's captions came from (a 608 channel is kept as SCC, which is not what the user gave).
    var formatAndEncoding: (format: String, encoding: String) {
        if let channel = closedCaptionChannel {
            let standard = channel.hasPrefix("SERVICE") ? "CEA-708" : "CEA-608"
            return ("\(standard) \(channel)", "decoded from the video's caption data (A/53)")
        }
        var encoding = document.encoding ?? "unknown encoding"
        if source.encodingSource == .detected { encoding += " (detected, confidence \(source.confidence)%)" }
        return (document.format.rawValue, encoding)
    }

    /// The file was read, and its only errors say that it shows nothing by design (a TTML document
    /// all of whose content is hidden: `CaptionFormat.showsNothingByDesign`).
    var showsNothingByDesign: Bool { InputOptions.showsNothingByDesign(file) }

    /// Reads the input as an HLS segment: cue times become media times (RFC 8216 §3.5); what
    /// mapping was used, or nil when the format has no HLS segment timing.
    mutating func mapOntoMediaTimeline(reference: MediaTime?) -> String? {
        guard let mapped = format.segmentTimes?(file.contents, result.value, reference) else { return nil }
        result.value = mapped.document
        return mapped.note
    }
}

/// The options every command with caption input shares, and how an input is opened: through the
/// library's `CaptionSource` (caption files, media files, HLS playlists), one `--track` grammar
/// for all — whatever `legible tracks` prints.
enum InputOptions {
    /// `--from` and `--encoding` (what `validate` takes), then how much of the diagnostics to print.
    static let specs: [OptionSpec] = readingSpecs + [
        OptionSpec("quiet", short: "q", help: "Print only errors about the input and output on stderr (not warnings or notes)."),
        OptionSpec("verbose", short: "v", help: "Also print notes (info diagnostics) on stderr."),
    ]

    /// `--track`, the same in every command that reads captions.
    static let trackSpec = OptionSpec("track", value: "ID", help: trackHelp)
    static let trackHelp = "The track, as legible tracks lists it (FILE#s:0, FILE#CC3, subs/fr-CA) or its part after # (s:0, CC3), a zero-based number, or a language (fr)."

    static let readingSpecs: [OptionSpec] = [
        OptionSpec("from", value: "FORMAT", help: "Read the input as this format instead of detecting it (\(CaptionFormat.readable.map(\.id.rawValue).joined(separator: ", ")))."),
        OptionSpec("encoding", value: "NAME", help: "Decode the input as this encoding (e.g. windows-1252, Shift_JIS) instead of detecting it."),
    ] + readerSettings.map { OptionSpec($0.name, value: $0.valueName, help: $0.help) }

    /// The formats' own reading options (`--cea708-encoding`), for every command that reads.
    static var readerSettings: [FormatSetting] { CaptionFormat.all.flatMap(\.readerSettings) }

    /// The format `--from` names, if any.
    static func forcedFormat(_ arguments: Arguments) throws -> CaptionFormat? {
        guard let name = arguments.value("from") else { return nil }
        guard let format = CaptionFormat.named(name) else {
            throw UsageError(message: "unknown format '\(name)' (known: \(CaptionFormat.all.map(\.id.rawValue).joined(separator: ", ")))")
        }
        return format
    }

    /// How sources are opened: `--from`, `--encoding`, the heap set-up for a large read, the
    /// video decoded for its closed captions when `--track` names a channel, progress on a terminal.
    /// `keepsCueViews` keeps each cue's format view (for the JSON dump); `needsFonts` takes a
    /// media file's font attachments out with a script drawn as itself (render, burn, validate).
    static func sourceOptions(_ arguments: Arguments, io: CommandIO, keepsCueViews: Bool = false, needsFonts: Bool = false, path: String?) throws
        -> CaptionSource.Options {
        var reading = CaptionFile.Options(encoding: arguments.value("encoding"), format: try forcedFormat(arguments), keepsCueViews: keepsCueViews)
        reading.beforeReading = { format, size in LargeInputHeap.prepare(forInputOfSize: size, format: format) }
        var media = MediaCaptions.Options()
        for setting in readerSettings where arguments.has(setting.name) {
            do {
                try setting.apply(arguments.value(setting.name), &reading.formats)
                try setting.apply(arguments.value(setting.name), &media.formats)
            } catch {
                throw UsageError(message: error.message)
            }
        }
        let wanted = (arguments.value("track") ?? "").lowercased().split(separator: "#").last.map(String.init) ?? ""
        if wanted.hasPrefix("cc") || wanted.hasPrefix("service") { media.a53Scan = .always }
        if io.standardErrorIsTerminal {
            media.progress = { reached, duration in
                let total = duration.map { " of \(clock($0))" } ?? ""
                io.writeStandardError("\r\(io.program): decoding the captions in the video\(path.map { " of " + $0 } ?? ""): \(clock(reached))\(total)\u{1B}[K")
            }
        }
        return CaptionSource.Options(reading: reading, media: media, attachedFonts: needsFonts)
    }

    /// Opens `path` (`-`: standard input) as a source.
    static func openSource(_ path: String, _ arguments: Arguments, io: CommandIO, keepsCueViews: Bool = false, needsFonts: Bool = false) throws
        -> CaptionSource {
        let options = try sourceOptions(arguments, io: io, keepsCueViews: keepsCueViews, needsFonts: needsFonts, path: path)
        let source = path == "-"
            ? try CaptionSource(bytes: io.readStandardInput(), name: "-", options: options)
            : try CaptionSource(contentsOf: path, options: options)
        if io.standardErrorIsTerminal, case .mediaFile(let media) = source.kind, media.a53 != nil { io.writeStandardError("\r\u{1B}[K") }
        return source
    }

    /// Opens `path` and reads what the command works on: a caption file whole, or the track
    /// `--track` names; a media file's or a playlist's track, `--track`'s or the one the selection
    /// rules pick (said on stderr when there was a choice).
    static func load(_ path: String, _ arguments: Arguments, io: CommandIO, keepsCueViews: Bool = false, needsFonts: Bool = false) throws -> LoadedInput {
        try load(try openSource(path, arguments, io: io, keepsCueViews: keepsCueViews, needsFonts: needsFonts), arguments, io: io)
    }

    /// What the command works on, from an opened source (see `load(_:_:io:)`).
    static func load(_ source: CaptionSource, _ arguments: Arguments, io: CommandIO) throws -> LoadedInput {
        if let file = source.captionFile, arguments.value("track") == nil {
            return LoadedInput(displayName: source.name, file: file, result: ParseResult(value: file.document, diagnostics: file.diagnostics),
                               isInsideContainer: false)
        }
        let (option, why) = try choose(source, arguments)
        if source.options.count > 1 && arguments.value("track") == nil {
            io.say("\(source.name): reading track \(describe(option, of: source)), \(why); --track picks another (\(source.options.map(source.localID).joined(separator: ", ")))")
        }
        let track = try source.open(option)
        let inside = source.captionFile == nil
        return LoadedInput(displayName: inside ? option.id : source.name, file: track.file,
                           result: ParseResult(value: track.document, diagnostics: track.diagnostics), track: track, isInsideContainer: inside)
    }

    /// The option `--track` names, or the one the selection rules pick for `--prefer` (always-on:
    /// the most accessible track in the best language, the source's default breaking ties), with why.
    static func choose(_ source: CaptionSource, _ arguments: Arguments) throws -> (option: TrackOption, why: String) {
        if let wanted = arguments.value("track") {
            guard let option = source.option(named: wanted) else { throw trackError(source.noTrackError(wanted)) }
            return (option, "--track \(wanted)")
        }
        // One track: nothing to choose.
        if source.options.count == 1 { return (source.options[0], "its only track") }
        let preferred = try PictureOptions.preferredLanguages(arguments)
        let result = source.select(for: ViewerPreferences(preferredLanguages: preferred, displayMode: .alwaysOn))
        guard let chosen = result.chosen else {
            // Nothing to choose from: the source has no captions, said as such.
            if source.options.allSatisfy({ $0.unavailableReason != nil }) { throw source.noCaptionsError() }
            throw LegibleError(.noSuchTrack, "no readable caption track in \(source.name) for this viewer: \(result.summary) (\(source.options.map { "\($0.id): \($0.unavailableReason ?? "readable")" }.joined(separator: "; ")))")
        }
        let reason = result.trace.first { $0.optionID == chosen.id }?.reason ?? result.summary
        return (chosen, "chosen by the track-selection rules: \(reason)")
    }

    /// A `--track` that names no track is a usage error (exit 2), saying what the source has; a
    /// track that exists but cannot be read (a CEA-708 service) is not.
    static func trackError(_ error: LegibleError) -> any Error {
        error.code == .noSuchTrack ? UsageError(message: error.message) : error
    }

    /// A short description of an option for messages: `s:1 (ja, "Signs", forced, default)`.
    static func describe(_ option: TrackOption, of source: CaptionSource) -> String {
        var parts: [String] = []
        if let language = option.language { parts.append(language.rawValue) }
        if let name = option.name { parts.append("\"\(name)\"") }
        if option.isForced { parts.append("forced") }
        if option.kind == .captions { parts.append(option.instreamID ?? "captions") } else if option.isAccessible { parts.append("SDH") }
        if option.isDefault { parts.append("default") }
        let id = source.localID(of: option)
        return parts.isEmpty ? id : "\(id) (\(parts.joined(separator: ", ")))"
    }

    /// The least severe diagnostic printed, the same in every command: warnings by default,
    /// errors only with `--quiet`, notes too with `--verbose`.
    static func threshold(_ arguments: Arguments) -> Severity {
        arguments.has("quiet") ? .error : arguments.has("verbose") ? .info : .warning
    }

    /// Diagnostics in the compiler form, `file:line:col: warning: message [code]`, from the
    /// threshold up; `name` (the input's, by default) places them.
    static func report(_ diagnostics: [Diagnostic], of name: String, io: CommandIO, _ arguments: Arguments) {
        let minimum = threshold(arguments)
        for diagnostic in diagnostics where diagnostic.severity >= minimum {
            io.error(diagnostic.described(in: name))
        }
    }

    static func report(_ input: LoadedInput, io: CommandIO, _ arguments: Arguments) {
        report(input.result.diagnostics, of: input.displayName, io: io, arguments)
    }

    /// A file that was read, and whose only errors say that it shows nothing by design (a TTML
    /// document all of whose content is hidden: `CaptionFormat.showsNothingByDesign`).
    static func showsNothingByDesign(_ file: CaptionFile) -> Bool { file.showsNothingByDesign }

    /// `H:MM:SS` for progress lines.
    static func clock(_ time: MediaTime) -> String {
        let c = time.clockComponents(fractionScale: 1)
        let m = c.minutes < 10 ? "0\(c.minutes)" : "\(c.minutes)"
        let s = c.seconds < 10 ? "0\(c.seconds)" : "\(c.seconds)"
        return "\(c.hours):\(m):\(s)"
    }
}
