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
    /// A reader; there is nothing to choose yet.
    public init() {}

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
        let text = source.bytes
        var run = ASSScriptScanner()
        // About one event per 80 bytes: reserved once rather than grown (and copied) many times.
        run.script.events.reserveCapacity(text.count / 80)
        run.pendingTexts.reserveCapacity(text.count / 80)
        text.withUnsafeBufferPointer { run.scan($0) }
        let pending = run.pendingTexts
        var script = run.script
        var log = run.log
        run = ASSScriptScanner()
        let cues = text.withUnsafeBufferPointer { ASSCueBuilder.cues(for: &script, pending: pending, text: $0, log: &log) }
        script.text = text
        script.cuesAsRead = cues
        script.wasRead = true
        var track = Track(kind: .subtitles, cues: cues)
        track.label = script.info.title
        if let language = script.info.fields.last(where: { $0.key.lowercased() == "language" })?.value {
            track.language = LanguageTag(wellFormed: language)
        }
        let document = Document(format: .substationAlpha, encoding: source.encoding, tracks: [track], layoutFamily: .assScript)
        // In line order: the style and text passes report apart.
        let diagnostics = log.finished().enumerated().sorted { a, b in
            let l = a.element.location ?? SourceLocation(line: 0, column: 0), r = b.element.location ?? SourceLocation(line: 0, column: 0)
            return (l.line, l.column, a.offset) < (r.line, r.column, b.offset)
        }.map(\.element)
        return ParseResult(value: SubStationAlphaFile(document: document, script: script), diagnostics: diagnostics)
    }
}
