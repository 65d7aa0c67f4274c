internal import TimedText
import TextScanning
public import SubStationAlpha

extension CaptionFormat {
    /// SubStation Alpha, ASS (`v4.00+`) and SSA (`v4.00`) (`.ass`, `.ssa`): recognised by
    /// `[Script Info]` (or a styles section) at its start; one track of the `Dialogue:` events (the
    /// contents are a `SubStationAlphaFile`, the script as written), drawn by libass as the script
    /// itself (`nativeScript`); writes ASS — the script itself for a file read as ASS.
    public static let substationAlpha: CaptionFormat = {
        var format = CaptionFormat(id: .substationAlpha, name: "SubStation Alpha (ASS/SSA)", layoutFamily: .assScript)
        format.aliases = ["ass", "ssa", "substationalpha"]
        format.fileExtensions = ["ass", "ssa"]
        format.timeStep = MediaTime(value: 1, timescale: 100)
        format.mimeTypes = ["text/x-ass", "text/x-ssa"]
        format.containerCodecs = ["ass", "ssa"]
        format.ffmpegMuxer = "ass"
        format.documentation = "docs/ass.md"
        format.carriesStackingOrder = true
        format.recognises = SubStationAlphaReader.looksLike
        format.reader = { text, options in
            SubStationAlphaReader(options: options.formats[SubStationAlphaReader.Options.self]).readFile(text).erased
        }
        // ffmpeg writes a container stream's events in Matroska's order, whatever its header says.
        format.containerReading = { $0[SubStationAlphaReader.Options.self].eventsFromContainer = true }
        format.writer = { document, options, sink in
            var ass = options.formats[SubStationAlphaWriter.Options.self]
            ass.openEnds = options.openEnds
            return try SubStationAlphaWriter(options: ass).write(document, to: sink)
        }
        format.rewriteOptions = { contents, options in
            guard let ass = contents as? SubStationAlphaFile, options[SubStationAlphaWriter.Options.self].script == nil else { return }
            options[SubStationAlphaWriter.Options.self].script = ass.script
        }
        format.lossReport = { contents, target in
            guard let ass = contents as? SubStationAlphaFile else { return [] }
            return ass.script.features.lossReport(convertingTo: target.name, carried: target.carriesStackingOrder ? [.layer] : [])
        }
        format.nativeScript = { contents in
            guard let ass = contents as? SubStationAlphaFile else { return nil }
            return NativeScript(text: ass.script.rendererText, fonts: embeddedFonts(ass.script))
        }
        format.rules = [
            FormatRule(DiagnosticCode.assMissingStyle.rawValue, .warning, "An ASS event names a style the script does not define (drawn with Default)."),
            FormatRule(DiagnosticCode.assOffCanvas.rawValue, .warning, "An ASS \\pos or \\move point lies outside the script's PlayResX x PlayResY canvas."),
            FormatRule(DiagnosticCode.assMissingFont.rawValue, .warning, "A font an ASS style or \\fn names is in neither the script's [Fonts] nor the font directories given."),
        ]
        format.checks = { file, context in
            guard let ass = file.contents as? SubStationAlphaFile else { return FormatCheckResult() }
            // The families libass can find: the script's [Fonts], the fonts that came with it
            // (a media file's attachments), then a player's font directories. An unreadable
            // directory provides nothing: its fonts are then reported missing.
            var families = (embeddedFonts(ass.script) + context.fonts).compactMap { FontFile(data: $0.data, name: $0.name).familyName }
            for directory in context.fontDirectories {
                if let found = try? FontFile.files(inDirectory: directory) { families += found.fonts.compactMap(\.familyName) }
            }
            let findings = ass.script.checks(providedFontFamilies: families).map { found in
                FormatFinding(found.diagnostic, cue: found.event?.cueIndex.map { (0, $0) }, start: found.event?.start, end: found.event?.end)
            }
            // ass.missing-style reports each event the reader's ass.unknown-style does.
            return FormatCheckResult(findings: findings, supersededReaderCodes: [.assUnknownStyle])
        }
        format.heapFilledPerInputByte = 8
        return format
    }()

    /// The fonts of a script's `[Fonts]` section.
    private static func embeddedFonts(_ script: SubStationAlphaScript) -> [NativeScript.Font] {
        script.attachments.filter { $0.kind == .font && !$0.data.isEmpty }.map { NativeScript.Font(name: $0.name, data: $0.data) }
    }
}

extension SubStationAlphaReader.Options: FormatSpecificOptions {}
extension SubStationAlphaWriter.Options: FormatSpecificOptions {}
