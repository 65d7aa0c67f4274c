/// The formats Legible ships: one entry each, the only place a format's module is wired in.
extension CaptionFormat {
    /// SubRip (`.srt`): recognised by a timing line in its first 40 lines; reads one track (the
    /// contents are the `Document`), writes the first, placing cues at the nearest `{\an}` position.
    public static let subRip = CaptionFormat(
        id: .subRip, name: "SubRip", aliases: ["subrip", "srt"], fileExtensions: ["srt"], layoutFamily: .cueBoxes,
        recognises: SubRipReader.looksLike,
        reader: { text, options in erased(SubRipReader(options: options.subRip).read(text)) },
        writer: { document, options, sink in
            let writer = SubRipWriter(options: .init(crlf: options.crlf, openEnds: options.openEnds))
            return document.tracksNotWritten(by: "SRT") + (try writer.write(document.tracks.first?.cues ?? [], to: sink))
        },
        // The 100,000-cue benchmark file's convert, 40 interleaved rounds: 119.1 ms median with
        // none populated, 113.3 ms with twice the input (5 times: no better than none).
        heapFilledPerInputByte: 2)

    /// WebVTT (`.vtt`): recognised by its `WEBVTT` signature; contents are a `WebVTTFile`. A file
    /// named `.vtt` without the signature is read as what it is, with an error (browsers reject it).
    public static let webVTT = CaptionFormat(
        id: .webVTT, name: "WebVTT", aliases: ["vtt", "webvtt"], fileExtensions: ["vtt", "webvtt"], layoutFamily: .cueBoxes,
        recognises: WebVTTReader.looksLike,
        reader: { text, options in
            var reader = options.webVTT
            reader.keepsCueValues = reader.keepsCueValues || options.keepsCueViews
            return erased(WebVTTReader(options: reader).readFile(text))
        },
        writer: { document, options, sink in
            let writer = WebVTTWriter(options: .init(openEnds: options.openEnds))
            return document.tracksNotWritten(by: "WebVTT") + (try writer.write(document.tracks.first ?? Track(), to: sink))
        },
        missingSignature: .webVTTBadSignature)

    /// Scenarist SCC (`.scc`), CEA-608 in byte pairs: recognised by `Scenarist_SCC`; reads a track per
    /// caption channel (contents are an `SCCFile`), writes the first track as pop-on CC1.
    public static let scc = CaptionFormat(
        id: .scc, name: "Scenarist SCC (CEA-608)", aliases: ["scc", "cea608", "cea-608"], fileExtensions: ["scc"],
        layoutFamily: .cea608Grid,
        recognises: SCCReader.looksLike,
        reader: { text, options in erased(SCCReader(options: options.scc).readFile(text)) },
        writer: { document, options, sink in
            let result = SCCWriter(options: options.scc).write(document)
            try result.value.withUnsafeBufferPointer { try sink($0) }
            return result.diagnostics
        })

    /// TTML, IMSC, SMPTE-TT, EBU-TT-D and DFXP (`.ttml`, `.dfxp`, `.xml`): recognised by an XML
    /// declaration, a comment or a `<tt` root at its start; one track laid out in regions (the
    /// contents are a `TTMLFile`).
    public static let ttml = CaptionFormat(
        id: .ttml, name: "TTML", aliases: ["ttml", "dfxp", "imsc", "xml", "smpte-tt", "ebu-tt-d"],
        fileExtensions: ["ttml", "dfxp", "xml", "imsc"], layoutFamily: .ttmlRegions,
        recognises: TTMLReader.looksLike,
        reader: { text, options in erased(TTMLReader(options: options.ttml).readFile(text)) },
        writer: { document, options, sink in
            let result = TTMLWriter(options: options.ttml).write(document)
            try result.value.withUnsafeBufferPointer { try sink($0) }
            return result.diagnostics
        },
        // Measured on the 10,000-paragraph benchmark document: the reader fills 16 times the input.
        heapFilledPerInputByte: 16)

    /// SubStation Alpha, ASS (`v4.00+`) and SSA (`v4.00`) (`.ass`, `.ssa`): recognised by
    /// `[Script Info]` (or a styles section) at its start; one track of the `Dialogue:` events (the
    /// contents are a `SubStationAlphaFile`, the script as written); writes ASS — the script itself
    /// when `CaptionWriteOptions.substationAlpha.script` is the one the document was read from.
    public static let substationAlpha = CaptionFormat(
        id: .substationAlpha, name: "SubStation Alpha (ASS/SSA)", aliases: ["ass", "ssa", "substationalpha"], fileExtensions: ["ass", "ssa"],
        layoutFamily: .assScript,
        recognises: SubStationAlphaReader.looksLike,
        reader: { text, _ in erased(SubStationAlphaReader().readFile(text)) },
        writer: { document, options, sink in
            var ass = options.substationAlpha
            ass.openEnds = options.openEnds
            return try SubStationAlphaWriter(options: ass).write(document, to: sink)
        },
        heapFilledPerInputByte: 8)

    private static func erased<Contents: CaptionFileContents>(_ result: ParseResult<Contents>) -> ParseResult<any CaptionFileContents> {
        ParseResult(value: result.value, diagnostics: result.diagnostics)
    }
}
