import Legible

/// A caption file a command reads: the library's `CaptionFile`, the name to show in messages, and
/// the document and diagnostics the command works on (HLS segment mapping changes the times).
struct LoadedInput {
    /// The path as given (`-` is shown as `<stdin>`).
    var displayName: String
    var file: CaptionFile
    var result: ParseResult<Document>
    /// The media file's track this input is, when the input is a media file (`MediaCaptions`).
    var mediaTrack: MediaCaptions.Stream?
    /// Fonts that came with it from a media file (its attachments), for a track drawn as its own script.
    var attachedFonts: [NativeScript.Font] = []

    var format: CaptionFormat { file.format }
    var source: SourceText { file.text }
    var document: Document { result.value }

    /// Nothing could be read: an error and no cue at all.
    var isUnreadable: Bool {
        result.hasErrors && result.value.tracks.allSatisfy { $0.cues.isEmpty }
    }

    /// The file was read, and its only errors say that it shows nothing by design (a TTML document
    /// all of whose content is hidden: `CaptionFormat.showsNothingByDesign`).
    var showsNothingByDesign: Bool {
        !result.value.tracks.isEmpty
            && result.diagnostics.allSatisfy { $0.severity != .error || $0.code == format.showsNothingByDesign }
    }

    /// Reads the input as an HLS segment: cue times become media times (RFC 8216 §3.5); what
    /// mapping was used, or nil when the format has no HLS segment timing.
    mutating func mapOntoMediaTimeline(reference: MediaTime?) -> String? {
        guard let mapped = format.segmentTimes?(file.contents, result.value, reference) else { return nil }
        result.value = mapped.document
        return mapped.note
    }
}

/// The options every command with caption input shares.
enum InputOptions {
    /// `--from` and `--encoding` (what `validate` takes), then how much of the diagnostics to print.
    static let specs: [OptionSpec] = readingSpecs + [
        OptionSpec("quiet", short: "q", help: "Print only errors about the input and output on stderr (not warnings or notes)."),
        OptionSpec("verbose", short: "v", help: "Also print notes (info diagnostics) on stderr."),
    ]

    /// `--track`, for the commands that have no other use for it: which track of a media file
    /// (or of an SCC file) to read.
    static let trackSpec = OptionSpec("track", value: "ID", help: "The track: s:N (a media file's N-th subtitle stream), CC1-CC4, a language (fr), or a zero-based number.")

    static let readingSpecs: [OptionSpec] = [
        OptionSpec("from", value: "FORMAT", help: "Read the input as this format instead of detecting it (\(CaptionFormat.readable.map(\.id.rawValue).joined(separator: ", ")))."),
        OptionSpec("encoding", value: "NAME", help: "Decode the input as this encoding (e.g. windows-1252, Shift_JIS) instead of detecting it."),
    ]

    /// The format `--from` names, if any.
    static func forcedFormat(_ arguments: Arguments) throws -> CaptionFormat? {
        guard let name = arguments.value("from") else { return nil }
        guard let format = CaptionFormat.named(name) else {
            throw UsageError(message: "unknown format '\(name)' (known: \(CaptionFormat.all.map(\.id.rawValue).joined(separator: ", ")))")
        }
        return format
    }

    /// Opens `path` (`-`: standard input) with the library's one entry point. `keepsCueViews`
    /// keeps WebVTT's VTTCue view of each cue, for the JSON dump.
    /// A media file (`MediaFile.isMediaFile`) gives the one track `--track` or the selection rules
    /// pick. `selectsTrack`: the command reads every track of a caption file, so `--track` keeps
    /// only the one it names (dump, info, convert, validate). `needsFonts`: the command draws the
    /// captions or checks their fonts, so a media file's font attachments are taken out with an
    /// ASS track (render, burn, validate).
    static func load(_ path: String, _ arguments: Arguments, io: CommandIO, keepsCueViews: Bool = false,
                     selectsTrack: Bool = false, needsFonts: Bool = false) throws -> LoadedInput {
        if MediaFile.isMediaFile(path) {
            return try MediaInput.load(path, arguments, io: io, keepsCueViews: keepsCueViews, needsFonts: needsFonts)
        }
        var options = CaptionFile.Options(encoding: arguments.value("encoding"), format: try forcedFormat(arguments),
                                          keepsCueViews: keepsCueViews)
        options.beforeReading = { format, size in LargeInputHeap.prepare(forInputOfSize: size, format: format) }
        let file = path == "-"
            ? try CaptionFile(bytes: io.readStandardInput(), options: options)
            : try CaptionFile(contentsOf: path, options: options)
        var input = LoadedInput(displayName: path == "-" ? "<stdin>" : path, file: file,
                                result: ParseResult(value: file.document, diagnostics: file.diagnostics))
        if selectsTrack, arguments.value("track") != nil {
            input.result.value.tracks = [try track(of: input, arguments)]
        }
        return input
    }

    /// The track `--track` names (an id such as CC2, or a zero-based number), or the first one.
    static func track(of input: LoadedInput, _ arguments: Arguments) throws -> Track {
        let tracks = input.result.value.tracks
        // A media file's input is the one track `--track` (or the selection rules) picked.
        if input.mediaTrack != nil { return tracks.first ?? Track() }
        guard let wanted = arguments.value("track") else { return tracks.first ?? Track() }
        if let found = tracks.first(where: { $0.id == wanted }) { return found }
        if let number = Int(wanted), tracks.indices.contains(number) { return tracks[number] }
        throw UsageError(message: "no track '\(wanted)' in \(input.displayName) (tracks: \(tracks.enumerated().map { $1.id ?? "\($0)" }.joined(separator: ", ")))")
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
            io.error("\(name):\(diagnostic.description)")
        }
    }

    static func report(_ input: LoadedInput, io: CommandIO, _ arguments: Arguments) {
        report(input.result.diagnostics, of: input.displayName, io: io, arguments)
    }
}
