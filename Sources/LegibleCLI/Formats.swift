import Legible

/// The readers and writers the CLI can use, by format id. The one place that maps formats to modules.
enum Formats {
    /// Formats Legible can read today.
    static let readable: [SourceFormat] = [.subRip, .webVTT, .scc, .ttml]
    /// Formats Legible can write today.
    static let writable: [SourceFormat] = [.subRip, .webVTT, .scc, .ttml]
    /// Every format id the CLI knows (some not yet readable).
    static let known: [SourceFormat] = [.subRip, .webVTT, .scc, .ttml, .substationAlpha]

    struct Options {
        var crlf = false
        var scc = SCCWriter.Options()
        /// TTML output as TTML1/DFXP rather than IMSC 1.1.
        var dfxp = false
        /// How SRT and WebVTT end cues that have no end.
        var openEnds = OpenEndPolicy.default
    }

    static func parseFormat(_ name: String) -> SourceFormat? {
        switch name.lowercased() {
        case "srt", "subrip": .subRip
        case "vtt", "webvtt": .webVTT
        case "scc": .scc
        case "ttml", "dfxp", "imsc", "xml": .ttml
        case "ass", "ssa": .substationAlpha
        default: nil
        }
    }

    /// Reads `text`; with `details`, also what only the format has (the WebVTT API view).
    static func read(_ text: SourceText, as format: SourceFormat, details: Bool = false)
        -> (result: ParseResult<Document>, details: FormatDetails?)? {
        switch format {
        case .subRip:
            return (SubRipReader().read(text), nil)
        case .webVTT:
            let file = WebVTTReader(options: .init(keepsCueValues: details)).readFile(text)
            return (ParseResult(value: file.value.document, diagnostics: file.diagnostics), .webVTT(file.value))
        case .scc:
            let file = SCCReader().readFile(text)
            return (ParseResult(value: file.value.document, diagnostics: file.diagnostics), .scc(file.value))
        case .ttml:
            // The whole file is handed back so that the command keeps it to the end: freeing the
            // XML tree and the ISDs one node at a time costs a third of the reading.
            let file = TTMLReader().readFile(text)
            return (ParseResult(value: file.value.document, diagnostics: file.diagnostics), .ttml(file.value))
        default:
            return nil
        }
    }

    /// Writes the document's first track in the format to `sink`, piece by piece. Returns what the
    /// writer had to change to fit the format (tracks it holds no room for, open ends, SCC's 32
    /// columns, its character set, its bandwidth), or nil when the format has no writer.
    static func write(_ document: Document, as format: SourceFormat, options: Options,
                      to sink: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows -> [Diagnostic]? {
        let track = document.tracks.first ?? Track()
        switch format {
        case .subRip:
            let writer = SubRipWriter(options: .init(crlf: options.crlf, openEnds: options.openEnds))
            return document.tracksNotWritten(by: "SRT") + (try writer.write(track.cues, to: sink))
        case .webVTT:
            let writer = WebVTTWriter(options: .init(openEnds: options.openEnds))
            return document.tracksNotWritten(by: "WebVTT") + (try writer.write(track, to: sink))
        case .scc:
            let result = SCCWriter(options: options.scc).write(document)
            try result.value.withUnsafeBufferPointer { try sink($0) }
            return result.diagnostics
        case .ttml:
            let result = TTMLWriter(options: options.dfxp ? .dfxp : .default).write(document)
            try result.value.withUnsafeBufferPointer { try sink($0) }
            return result.diagnostics
        default: return nil
        }
    }

    /// What a reader keeps beyond the common model, for commands that show it.
    enum FormatDetails {
        case webVTT(WebVTTFile)
        /// The `cea608` view of each track's cues.
        case scc(SCCFile)
        /// The resolved TTML document, its ISDs and XML.
        case ttml(TTMLFile)
    }

    static var readableList: String { readable.map(\.rawValue).joined(separator: ", ") }
    static var writableList: String { writable.map(\.rawValue).joined(separator: ", ") }
}
