public import TimedText
public import TextScanning

/// Reads SubStation Alpha scripts — ASS (`v4.00+`) and SSA (`v4.00`) — as libass reads them.
///
/// Sections are found by their `[Name]` headers in any order; `Format:` lines give the columns of
/// the `Style:` and `Dialogue:` lines below them in any order (the version's default columns when
/// missing). Every `Dialogue:` event becomes a cue: its text read through the override tags the
/// model has a place for (`\b \i \u \s \c \1c \alpha \1a \fn \fs \an \a \pos \move \k \r \N \n \h`),
/// the rest kept in the script (`SubStationAlphaFile.script`) and counted for the report of a
/// conversion out of ASS. Damage is repaired or skipped with an `ass.*` diagnostic at its
/// line:column; only I/O throws. Linear in the input.
public struct SubStationAlphaReader: SourceTextReader, Sendable {
    /// How to read.
    public struct Options: Sendable, Hashable {
        /// The script is a stream ffmpeg took out of a media container (`ffmpeg -i movie.mkv
        /// -map 0:s:0 -c:s copy -f ass`): its events are in the order ffmpeg writes them,
        /// `Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text`, whatever the
        /// header's `Format:` line says (Matroska keeps each event in that order, and mkvmerge puts
        /// a script's events in it). With a Format line that says otherwise, the events are read
        /// in that order when every event line fits it (`ass.container-event-order`). False: a
        /// script file, read by its Format lines.
        public var eventsFromContainer: Bool

        /// Options for a script file, or (`eventsFromContainer`) a stream out of a container.
        public init(eventsFromContainer: Bool = false) {
            self.eventsFromContainer = eventsFromContainer
        }

        /// A script file.
        public static let `default` = Options()
    }

    /// How this reader reads.
    public var options: Options

    /// A reader with `options` (a script file's, by default).
    public init(options: Options = .default) {
        self.options = options
    }

    /// Whether a decoded text looks like a script: its first non-blank line is `[Script Info]`
    /// (in any case), or it starts with a styles section (scripts cut short at the top).
    public static func looksLike(_ head: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i < head.count, head[i] == 0x20 || head[i] == 0x09 || head[i] == 0x0A { i += 1 }
        var end = i
        while end < head.count, head[end] != 0x0A { end += 1 }
        while end > i, head[end - 1] == 0x20 || head[end - 1] == 0x09 { end -= 1 }
        return ASSValues.equalsLowercased(head, i..<end, "[script info]")
            || ASSValues.equalsLowercased(head, i..<end, "[v4+ styles]")
            || ASSValues.equalsLowercased(head, i..<end, "[v4 styles]")
    }

    /// Reads a script into a document of one track (the `Dialogue:` events in start order).
    public func read(_ source: SourceText) -> ParseResult<Document> {
        let result = readFile(source)
        return ParseResult(value: result.value.document, diagnostics: result.diagnostics)
    }

    /// Reads a script into its model and its ASS view.
    public func readFile(_ source: SourceText) -> ParseResult<SubStationAlphaFile> {
        // The scanner is gone once `scan` returns: the events array has one owner, so the cue
        // builder's changes to it are made in place, not on a 20 MB copy.
        var (script, log) = scan(source)
        let text = script.text
        let cues = text.withUnsafeBufferPointer { ASSCueBuilder.cues(for: &script, text: $0, log: &log) }
        script.cuesAsRead = cues
        script.wasRead = true
        var track = Track(kind: .subtitles, cues: cues)
        track.label = script.info.title
        if let language = script.info.fields.last(where: { $0.key.lowercased() == "language" })?.value {
            track.language = LanguageTag(wellFormed: language)
        }
        let document = Document(format: .substationAlpha, encoding: source.encoding, tracks: [track], layoutFamily: .assScript)
        return ParseResult(value: SubStationAlphaFile(document: document, script: script), diagnostics: Self.inLineOrder(log))
    }

    /// Reads the script alone — sections, styles, events with their times and raw text,
    /// attachments — without reading the events' override tags into cues: what a tool that only
    /// looks at a script's structure and timing needs (as `pysubs2.load` gives). The diagnostics
    /// are those of the script's structure; the text's own (unclosed braces, unknown tags,
    /// undefined styles) come with `readFile`, which reads the text. A script read this way has no
    /// cues for the writer to compare with: given to `SubStationAlphaWriter` as `Options.script`,
    /// it is not copied (the document is written as a new script); read with `readFile` to write
    /// a script back with its unchanged events as written.
    public func readScript(_ source: SourceText) -> ParseResult<SubStationAlphaScript> {
        let (script, log) = scan(source)
        return ParseResult(value: script, diagnostics: Self.inLineOrder(log))
    }

    private func scan(_ source: SourceText) -> (script: SubStationAlphaScript, log: DiagnosticLog) {
        // Once: a mapped source gives its bytes as a new array each time it is asked.
        let bytes = source.bytes
        var run = ASSScriptScanner()
        run.eventsFromContainer = options.eventsFromContainer
        // About one event per 80 bytes: reserved once rather than grown (and copied) many times.
        run.script.events.reserveCapacity(bytes.count / 80)
        run.scan(bytes)
        return (run.script, run.log)
    }

    /// The diagnostics in line order: the structure and text passes report apart.
    private static func inLineOrder(_ log: DiagnosticLog) -> [Diagnostic] {
        log.finished().enumerated().sorted { a, b in
            let l = a.element.location ?? SourceLocation(line: 0, column: 0), r = b.element.location ?? SourceLocation(line: 0, column: 0)
            return (l.line, l.column, a.offset) < (r.line, r.column, b.offset)
        }.map(\.element)
    }
}

extension CaptionFormatID {
    /// SubStation Alpha / Advanced SubStation Alpha (`.ass`, `.ssa`).
    public static let substationAlpha: Self = "ass"
}
