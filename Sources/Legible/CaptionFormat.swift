/// One caption format as Legible knows it: its name and file extensions, how its content is
/// recognised, its reader and writer, and the layout rules its cues follow. Every place that
/// needs a format's behaviour — opening a file, converting, validating, rendering, the CLI — asks
/// its `CaptionFormat`; none switches on a format name. Adding a format means adding its module
/// and one entry in `CaptionFormat.all`.
public struct CaptionFormat: Sendable, Hashable, CustomStringConvertible {
    /// The stable id (`srt`, `webvtt`, `scc`, `ttml`), as `Document.format` and `--from` name it.
    public let id: CaptionFormatID
    /// The name for people (`SubRip`, `WebVTT`).
    public let name: String
    /// Other names a user may give it (`vtt`, `subrip`, `dfxp`), lower case.
    public let aliases: [String]
    /// File extensions, lower case and without the dot; the first is the one written.
    public let fileExtensions: [String]
    /// The layout rules its documents carry (`Document.layoutFamily`).
    public let layoutFamily: LayoutFamily
    /// Whether the start of a decoded text looks like this format (nil: never recognised by content).
    let recognises: (@Sendable (UnsafeBufferPointer<UInt8>) -> Bool)?
    let reader: (@Sendable (SourceText, CaptionFile.Options) -> ParseResult<any CaptionFileContents>)?
    let writer: (@Sendable (Document, CaptionWriteOptions, (UnsafeBufferPointer<UInt8>) throws -> Void) throws -> [Diagnostic])?
    /// How many bytes of heap reading this format fills per byte of input, when a command should
    /// have the heap populated ahead of a large read (`LargeInputHeap`); 0 when it need not.
    package var heapFilledPerInputByte = 0
    /// The error a file named as this format gets when its content lacks the signature the format
    /// requires and reads as another format (a `.vtt` file without `WEBVTT`: browsers reject it).
    package var missingSignature: DiagnosticCode?

    /// True when Legible reads this format (every built-in format is read).
    public var canRead: Bool { reader != nil }
    /// True when Legible writes this format (`write` throws `unsupportedFormat` otherwise).
    public var canWrite: Bool { writer != nil }
    public var description: String { id.rawValue }

    /// Formats are equal when their ids are (the reader and writer closures cannot be compared).
    public static func == (a: CaptionFormat, b: CaptionFormat) -> Bool { a.id == b.id }
    /// Hashes the id alone, as `==` compares.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    // MARK: - The registry

    /// Every format Legible knows, in the order content is tried against them (the most telling
    /// signatures first; SRT, recognised by a timing line anywhere near the top, last).
    public static let all: [CaptionFormat] = [.webVTT, .scc, .substationAlpha, .ttml, .subRip]

    /// The formats Legible reads, in `all`'s order.
    public static var readable: [CaptionFormat] { all.filter(\.canRead) }
    /// The formats Legible writes, in `all`'s order.
    public static var writable: [CaptionFormat] { all.filter(\.canWrite) }

    /// The format with this id or alias (`srt`, `SubRip`, `vtt`, `dfxp`), or nil.
    public static func named(_ name: String) -> CaptionFormat? {
        let lower = name.lowercased()
        return all.first { $0.id.rawValue == lower || $0.name.lowercased() == lower || $0.aliases.contains(lower) }
    }

    /// The format `id` stands for (registered formats only).
    public static func withID(_ id: CaptionFormatID) -> CaptionFormat? { all.first { $0.id == id } }

    /// The format a file name's extension says (`movie.en.srt`), or nil.
    public static func forFileName(_ fileName: String) -> CaptionFormat? {
        guard let ext = ContentSniffing.fileExtension(fileName) else { return nil }
        return all.first { $0.fileExtensions.contains(ext) }
    }

    /// The format of a decoded text: by its content first, by the file name's extension second.
    public static func detect(_ text: SourceText, fileName: String? = nil) -> CaptionFormat? {
        let byContent = text.withUnsafeBytes { bytes in
            let head = UnsafeBufferPointer(rebasing: bytes.prefix(ContentSniffing.headSize))
            return all.first { $0.recognises?(head) ?? false }
        }
        return byContent ?? fileName.flatMap(forFileName)
    }

    // MARK: - Reading and writing

    /// Reads a decoded text as this format. Nil when Legible cannot read it yet.
    public func read(_ text: SourceText, options: CaptionFile.Options = .default) -> ParseResult<any CaptionFileContents>? {
        reader.map { read in ReadConcurrency.$maximumCores.withValue(options.maximumCores) { read(text, options) } }
    }

    /// Writes the document in this format to `sink`, piece by piece, and returns what had to change
    /// to fit it (tracks it holds no room for, open ends, styles it cannot say, characters it does
    /// not have). Throws what `sink` throws, or `unsupportedFormat` when there is no writer.
    public func write(_ document: Document, options: CaptionWriteOptions = .default,
                      to sink: (UnsafeBufferPointer<UInt8>) throws -> Void) throws -> [Diagnostic] {
        guard let writer else {
            throw LegibleError(.unsupportedFormat, "writing \(name) is not supported yet (Legible writes \(Self.writable.map(\.id.rawValue).joined(separator: ", ")))")
        }
        let lost = ImageLossReport.diagnostics(for: document, writingAs: name)
        return try lost + writer(document, options, sink)
    }

    /// The document as this format's bytes, with what had to change; nil when there is no writer.
    public func write(_ document: Document, options: CaptionWriteOptions = .default) -> ParseResult<[UInt8]>? {
        guard canWrite else { return nil }
        var bytes: [UInt8] = []
        let diagnostics = try? write(document, options: options) { bytes.append(contentsOf: $0) }
        return ParseResult(value: bytes, diagnostics: diagnostics ?? [])
    }
}

/// Choices for writers, one group per format that has any.
public struct CaptionWriteOptions: Sendable {
    /// SRT: end lines with CRLF.
    public var crlf: Bool
    /// SRT and WebVTT: how cues without an end are ended.
    public var openEnds: OpenEndPolicy
    /// SCC writer options: what to do when a pop-on caption cannot be loaded in time, drop-frame
    /// timecodes.
    public var scc: SCCWriter.Options
    /// TTML writer options: the dialect (IMSC 1.1 Text or DFXP), how times are spelled, the cell
    /// resolution and root extent.
    public var ttml: TTMLWriter.Options
    /// ASS writer options: the canvas of a new script, or the script a document was read from
    /// (`CaptionFile.write(as:options:to:)` gives it), whose untouched events are copied as written.
    public var substationAlpha: SubStationAlphaWriter.Options = .default

    /// Options; by default LF line ends, open cues ended by `OpenEndPolicy.default`, and each writer's
    /// defaults.
    public init(crlf: Bool = false, openEnds: OpenEndPolicy = .default, scc: SCCWriter.Options = .init(),
                ttml: TTMLWriter.Options = .default) {
        self.crlf = crlf
        self.openEnds = openEnds
        self.scc = scc
        self.ttml = ttml
    }

    /// LF line ends, the default open-end policy, IMSC 1.1 Text for TTML, paint-on fallback and
    /// non-drop-frame timecodes for SCC.
    public static let `default` = CaptionWriteOptions()
}
