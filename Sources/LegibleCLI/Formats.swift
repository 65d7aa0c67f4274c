import Legible

/// The readers and writers the CLI can use, by format id. The one place that maps formats to modules.
enum Formats {
    /// Formats Legible can read today.
    static let readable: [SourceFormat] = [.subRip]
    /// Formats Legible can write today.
    static let writable: [SourceFormat] = [.subRip, .webVTT]
    /// Every format id the CLI knows (some not yet readable).
    static let known: [SourceFormat] = [.subRip, .webVTT, .scc, .ttml, .substationAlpha]

    struct Options {
        var crlf = false
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

    static func read(_ text: SourceText, as format: SourceFormat) -> ParseResult<Document>? {
        switch format {
        case .subRip: SubRipReader().read(text)
        default: nil
        }
    }

    /// Writes the document's first track in the format to `sink`, piece by piece; false when the
    /// format has no writer.
    static func write(_ document: Document, as format: SourceFormat, options: Options,
                      to sink: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows -> Bool {
        let cues = document.tracks.first?.cues ?? []
        switch format {
        case .subRip: try SubRipWriter(options: .init(crlf: options.crlf)).write(cues, to: sink)
        case .webVTT: try WebVTTWriter().write(cues, to: sink)
        default: return false
        }
        return true
    }

    static var readableList: String { readable.map(\.rawValue).joined(separator: ", ") }
    static var writableList: String { writable.map(\.rawValue).joined(separator: ", ") }
}
