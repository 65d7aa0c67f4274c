public import TimedText
import TextScanning

extension DiagnosticCode {
    /// Times that are not whole centiseconds, rounded to ASS's centiseconds.
    public static let timeRoundedToCentiseconds: Self = "write.time-rounded"
    /// Braces in text (which ASS reads as override blocks) written as full-width braces.
    public static let bracesSubstituted: Self = "write.braces-substituted"
    /// A backslash before N, n or h in text (which ASS reads as a line break or hard space)
    /// written with a word joiner after it.
    public static let escapesBroken: Self = "write.escapes-broken"
}

/// Writes Advanced SubStation Alpha (`v4.00+`).
///
/// A document read from a script, written with that script (`Options.script`), gives the script
/// back: byte for byte when no cue changed, and otherwise with only the changed events rewritten
/// (the others, comments, styles, attachments and unknown sections as written). Any other
/// document becomes a new script on a `PlayResX × PlayResY` canvas with one `Default` style:
/// positions as `\an` and `\pos`, italics, bold, underline, strike-through, colours and fonts as
/// override tags, karaoke timestamps as `\k`, a cue's single voice as the event's `Name`. What ASS
/// cannot say is reported, once per kind.
public struct SubStationAlphaWriter: Sendable {
    /// How to write.
    public struct Options: Sendable {
        /// The canvas of a new script (the target video's size is the best choice).
        public var playResX: Int
        /// The canvas height of a new script.
        public var playResY: Int
        /// The script the document was read from: its events are copied where the cues are unchanged.
        public var script: SubStationAlphaScript?
        /// How cues without an end are ended.
        public var openEnds: OpenEndPolicy

        /// A 1920 × 1080 canvas, no script, the default open-end policy.
        public init(playResX: Int = 1920, playResY: Int = 1080, script: SubStationAlphaScript? = nil, openEnds: OpenEndPolicy = .default) {
            self.playResX = playResX
            self.playResY = playResY
            self.script = script
            self.openEnds = openEnds
        }

        /// A 1920 × 1080 canvas, no script.
        public static let `default` = Options()
    }

    /// How this writer writes.
    public var options: Options

    /// A writer with `options`.
    public init(options: Options = .default) { self.options = options }

    /// Writes the first track of `document` into memory.
    public func write(_ document: Document) -> ParseResult<[UInt8]> {
        var bytes: [UInt8] = []
        let diagnostics = write(document) { bytes.append(contentsOf: $0) }
        return ParseResult(value: bytes, diagnostics: diagnostics)
    }

    /// Writes the first track of `document` to `sink`; returns what had to change.
    @discardableResult
    public func write(_ document: Document, to sink: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows -> [Diagnostic] {
        let track = document.tracks.first ?? Track()
        var diagnostics = document.tracksNotWritten(by: "ASS")
        let (cues, openEnds) = options.openEnds.closing(track.cues)
        if let script = options.script, script.wasRead {
            var report = ASSEventWriter.Report()
            let bytes = rewrite(script, cues: cues, regions: track.regions, report: &report)
            try bytes.withUnsafeBufferPointer { try sink($0) }
            return diagnostics + openEnds + report.diagnostics(ContentSurvey(cues))
        }
        var out = ByteWriter(capacity: 1024 + cues.count * 80)
        let eventWriter = ASSEventWriter(playResX: options.playResX, playResY: options.playResY, regions: track.regions)
        appendHeader(to: &out, title: track.label)
        var report = ASSEventWriter.Report()
        for cue in cues {
            eventWriter.appendDialogue(cue, layer: cue.layout.zIndex ?? 0, style: "Default", margins: (0, 0, 0), effect: "", keepingText: nil,
                                       to: &out, report: &report)
        }
        try out.withBytes { try sink($0) }
        diagnostics += openEnds + report.diagnostics(ContentSurvey(cues))
        return diagnostics
    }

    private func appendHeader(to out: inout ByteWriter, title: String?) {
        let x = options.playResX
        let y = options.playResY
        let fontSize = max(8, y * 5 / 100)
        let outline = max(1, y / 360)
        let margin = max(10, y / 20)
        out.append("[Script Info]\n; Written by Legible\n")
        if let title, !title.isEmpty { out.append("Title: \(title)\n") }
        out.append("ScriptType: v4.00+\nPlayResX: \(x)\nPlayResY: \(y)\nWrapStyle: 0\nScaledBorderAndShadow: yes\nYCbCr Matrix: None\n\n")
        out.append("[V4+ Styles]\nFormat: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding\n")
        out.append("Style: Default,Arial,\(fontSize),&H00FFFFFF,&H000000FF,&H00000000,&H80000000,0,0,0,0,100,100,0,0,1,\(outline),\(outline / 2),2,\(margin),\(margin),\(margin),1\n\n")
        out.append("[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\n")
    }

    /// The script with the events of changed cues rewritten (all of them, where cues were added or
    /// removed), everything else as written.
    private func rewrite(_ script: SubStationAlphaScript, cues: [Cue], regions: [Region], report: inout ASSEventWriter.Report) -> [UInt8] {
        // The reader's repairs of what the text says (a container stream's Format line) are made
        // in what is copied: the events are written as they were read.
        func copy(_ range: Range<Int>, to out: inout ByteWriter) {
            if script.rendererRepairs.isEmpty {
                script.text.withUnsafeBufferPointer { out.append(UnsafeBufferPointer(rebasing: $0[range])) }
            } else {
                script.repaired(range, written: true).withUnsafeBufferPointer { out.append($0) }
            }
        }
        if cues == script.cuesAsRead {
            return script.rendererRepairs.contains(where: \.isWritten) ? script.repaired(script.text.indices, written: true) : script.text
        }
        let eventWriter = ASSEventWriter(playResX: script.info.playResX, playResY: script.info.playResY, regions: regions)
        let sameCount = cues.count == script.cuesAsRead.count
        var out = ByteWriter(capacity: script.text.count + 4096)
        var copied = 0
        var wroteAll = false
        // The columns each event is read by, followed as the events are walked.
        var columns = script.version == .ssa ? ASSFormatLine.ssaEvents : ASSFormatLine.assEvents
        var nextFormat = 0
        script.text.withUnsafeBufferPointer { p in
            for (index, event) in script.events.enumerated() {
                while nextFormat < script.eventFormats.count, script.eventFormats[nextFormat].firstEvent <= index {
                    columns = script.eventFormats[nextFormat].columns
                    nextFormat += 1
                }
                guard event.kind == .dialogue, let k = event.cueIndex else { continue }
                let range = event.lineRange
                if sameCount {
                    let old = script.cuesAsRead[k]
                    let new = cues[k]
                    if old == new { continue }
                    copy(copied..<range.lowerBound, to: &out)
                    let keep = old.content == new.content && old.layout == new.layout && old.style == new.style ? event.text : nil
                    eventWriter.appendDialogue(new, layer: new.layout.zIndex ?? 0, style: event.style,
                                               margins: (event.marginLeft, event.marginRight, event.marginVertical),
                                               effect: event.effect, keepingText: keep, columns: columns, to: &out, report: &report,
                                               name: keep == nil ? nil : event.name)
                } else {
                    copy(copied..<range.lowerBound, to: &out)
                    if !wroteAll {
                        for cue in cues {
                            eventWriter.appendDialogue(cue, layer: cue.layout.zIndex ?? 0, style: event.style, margins: (0, 0, 0), effect: "",
                                                       keepingText: nil, columns: columns, to: &out, report: &report)
                        }
                        wroteAll = true
                    }
                }
                copied = min(p.count, range.upperBound + 1)
            }
            copy(copied..<p.count, to: &out)
        }
        return out.finish()
    }
}
