public import Foundation
public import TimedText
public import TextScanning
#if canImport(Glibc)
import Glibc
#endif

/// A caption file, opened through Legible's one entry point: its bytes decoded (byte-order mark,
/// UTF-8, or the legacy encoding detected through ICU), its format found (by content, then by
/// name), and read by that format's reader.
///
/// ```swift
/// let file = try CaptionFile(contentsOf: "movie.ja.srt")
/// for d in file.diagnostics { print(d) }        // never thrown: bad content is reported
/// let track = file.document.tracks[0]
/// file.contents                                // the format's own view (WebVTTFile, …)
/// ```
///
/// Only I/O and usage problems throw (`LegibleError`); damaged content is read as far as it can
/// be and reported in `diagnostics`. A file with errors and no cue at all `isUnreadable`.
public struct CaptionFile: Sendable {
    /// How a file is opened: the encoding and format when they should not be detected, how many
    /// cores the read may use, and each format reader's own options.
    public struct Options: Sendable {
        /// Decode as this encoding (any name or alias ICU knows) instead of detecting it.
        public var encoding: String?
        /// Read as this format instead of detecting it.
        public var format: CaptionFormat?
        /// The most cores the read may use; nil (the default) for all. `1` reads on the calling
        /// thread alone — a player reading on its UI thread.
        public var maximumCores: Int?
        /// Keep each cue's format view (WebVTT's `VTTCue` values, `WebVTTFile.cueValues`) for
        /// `dump --json`; off by default, since it doubles the text held.
        public var keepsCueViews: Bool
        /// Each format reader's own options (`formats[SCCReader.Options.self]`).
        public var formats: FormatOptions
        /// Called once the format is known, just before the read: the CLI prepares its heap then.
        package var beforeReading: (@Sendable (CaptionFormat, _ byteCount: Int) -> Void)?

        /// Options; every default detects what it can and uses each reader's defaults.
        public init(encoding: String? = nil, format: CaptionFormat? = nil, maximumCores: Int? = nil, keepsCueViews: Bool = false,
                    formats: FormatOptions = FormatOptions()) {
            self.encoding = encoding
            self.format = format
            self.maximumCores = maximumCores
            self.keepsCueViews = keepsCueViews
            self.formats = formats
        }

        /// Detect the encoding and the format, use every core, keep no cue views.
        public static let `default` = Options()
    }

    /// The path or file name the file was opened with, if any.
    public let name: String?
    /// The format the file was read as: the one given in `Options.format`, else the one detected.
    public let format: CaptionFormat
    /// The decoded text, with the encoding it was in and how sure the detection was.
    public let text: SourceText
    /// What the reader gave: the model, and the format's own details (`WebVTTFile`, `SCCFile`,
    /// `TTMLFile`, `SubStationAlphaFile`; the `Document` itself for SRT).
    public let contents: any CaptionFileContents
    /// What decoding and reading skipped, repaired or rejected, decoding first.
    public let diagnostics: [Diagnostic]

    /// The timed-text model of the file.
    public var document: Document { contents.document }

    /// Nothing could be read: an error, and no cue in any track. A file that was read and shows
    /// nothing by its author's design (`showsNothingByDesign`) is not unreadable: that is a
    /// finding about its content.
    public var isUnreadable: Bool {
        document.tracks.allSatisfy { $0.cues.isEmpty } && diagnostics.contains { $0.severity == .error } && !showsNothingByDesign
    }

    /// The file was read, and its only errors say that it shows nothing (a valid TTML document
    /// whose content is never active in a shown region: `ttml.nothing-shown`).
    public var showsNothingByDesign: Bool {
        guard let code = format.showsNothingByDesign, !document.tracks.isEmpty else { return false }
        return diagnostics.allSatisfy { $0.severity != .error || $0.code == code }
    }

    /// Opens the file at `path`. Large files are mapped into memory and, when clean UTF-8, read in
    /// place.
    public init(contentsOf path: String, options: Options = .default) throws(LegibleError) {
        let decoding = try Self.decodingOptions(options)
        let decoded: ParseResult<SourceText>
        if let mapped = MappedFile(path: path) {
            decoded = SourceDecoder.decode(mapped, options: decoding)
        } else {
            do {
                decoded = SourceDecoder.decode(try FileIO.read(path: path), options: decoding)
            } catch {
                throw LegibleError(.unreadableInput, error.description)
            }
        }
        try self.init(decoded: decoded, name: path, options: options)
    }

    /// Opens a `file:` URL.
    public init(contentsOf url: URL, options: Options = .default) throws(LegibleError) {
        guard url.isFileURL else {
            throw LegibleError(.invalidArgument, "\(url) is not a file URL; fetch its bytes and use CaptionFile(bytes:fileName:)")
        }
        try self.init(contentsOf: url.path, options: options)
    }

    /// Reads bytes held in memory; `fileName` (a name or path) helps when the content does not
    /// tell the format.
    public init(bytes: [UInt8], fileName: String? = nil, options: Options = .default) throws(LegibleError) {
        try self.init(decoded: SourceDecoder.decode(bytes, options: try Self.decodingOptions(options)), name: fileName, options: options)
    }

    /// Reads a text already decoded; `decodingDiagnostics` are reported first.
    public init(text: SourceText, decodingDiagnostics: [Diagnostic] = [], fileName: String? = nil,
                options: Options = .default) throws(LegibleError) {
        try self.init(decoded: ParseResult(value: text, diagnostics: decodingDiagnostics), name: fileName, options: options)
    }

    private init(decoded: ParseResult<SourceText>, name: String?, options: Options) throws(LegibleError) {
        let shown = name ?? "the input"
        guard let format = options.format ?? CaptionFormat.detect(decoded.value, fileName: name) else {
            let known = CaptionFormat.readable.map(\.id.rawValue).joined(separator: ", ")
            throw LegibleError(.unknownFormat, "cannot tell the caption format of \(shown) (Legible reads \(known))")
        }
        if format.canRead { options.beforeReading?(format, decoded.value.byteCount) }
        guard let read = format.read(decoded.value, options: options) else {
            let known = CaptionFormat.readable.map(\.id.rawValue).joined(separator: ", ")
            throw LegibleError(.unsupportedFormat, "\(shown) is \(format.name): reading it is not supported yet (Legible reads \(known))")
        }
        self.name = name
        self.format = format
        text = decoded.value
        contents = read.value
        var notes: [Diagnostic] = []
        // A name that promises a format whose signature the content lacks: read by its content,
        // but every reader of the named format would refuse the file.
        if options.format == nil, let named = name.flatMap(CaptionFormat.forFileName), named != format,
           let code = named.missingSignature {
            notes.append(Diagnostic(.error, code, "the file is named as \(named.name) but does not start with its signature; every \(named.name) reader rejects it (browsers too). Read as \(format.name), which its content is", at: SourceLocation(line: 1, column: 1)))
        }
        diagnostics = decoded.diagnostics + notes + read.diagnostics
    }

    private static func decodingOptions(_ options: Options) throws(LegibleError) -> SourceDecoder.Options {
        guard let name = options.encoding else { return .default }
        guard let canonical = try SourceDecoder.canonicalEncodingName(name) else { throw LegibleError(.unknownEncodingName, "unknown encoding '\(name)'") }
        return SourceDecoder.Options(encoding: canonical)
    }

    /// Opens a `file:` URL off the caller's thread, for players. Cancelling the task ends the
    /// work before the file is opened or once it has been read, with a `legible.cancelled`
    /// error; a read that has begun runs to its end (a large file reads in a fraction of a second).
    public static func load(contentsOf url: URL, options: Options = .default) async throws(LegibleError) -> CaptionFile {
        let task = Task.detached(priority: .userInitiated) { () -> Result<CaptionFile, LegibleError> in
            do throws(LegibleError) {
                try checkCancellation()
                let file = try CaptionFile(contentsOf: url, options: options)
                try checkCancellation()
                return .success(file)
            } catch {
                return .failure(error)
            }
        }
        return try await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }.get()
    }

    private static func checkCancellation() throws(LegibleError) {
        if Task.isCancelled { throw LegibleError(.cancelled, "opening the caption file was cancelled") }
    }

    /// The file written as another format (or this one), with what had to change to fit it; nil
    /// when the format has no writer. A file written in its own format keeps what its format
    /// keeps (an ASS script its untouched events as written); written as another format, what
    /// that format cannot carry of it is reported first (`CaptionFormat.lossReport`: ASS's
    /// `ass.dropped-animation`, …).
    public func written(as target: CaptionFormat, options: CaptionWriteOptions = .default) -> ParseResult<[UInt8]>? {
        guard target.canWrite else { return nil }
        var bytes: [UInt8] = []
        let diagnostics = try? write(as: target, options: options) { bytes.append(contentsOf: $0) }
        return ParseResult(value: bytes, diagnostics: diagnostics ?? [])
    }

    /// Writes the file as `target` to `sink`, piece by piece, as `CaptionFormat.write` does, with
    /// the file's own details where the target needs them. `document` replaces the file's own (a
    /// document changed after reading: an ASS script's unchanged events are still copied as
    /// written).
    public func write(_ document: Document? = nil, as target: CaptionFormat, options: CaptionWriteOptions = .default,
                      to sink: (UnsafeBufferPointer<UInt8>) throws -> Void) throws -> [Diagnostic] {
        var options = options
        var losses: [Diagnostic] = []
        if target == format {
            format.rewriteOptions?(contents, &options.formats)
        } else {
            losses = format.lossReport?(contents, target) ?? []
        }
        return losses + (try target.write(document ?? self.document, options: options, to: sink))
    }

    /// The script a renderer should draw as itself, for a file whose format has one (ASS/SSA: its
    /// own text and `[Fonts]`); nil for formats whose cues the engine lays out.
    public var nativeScript: NativeScript? { format.nativeScript?(contents) }

    /// A caption file whose contents were read by other means (a 608 channel decoded from a
    /// video, a track's text with notes added).
    package init(name: String?, format: CaptionFormat, text: SourceText, contents: any CaptionFileContents, diagnostics: [Diagnostic]) {
        self.name = name
        self.format = format
        self.text = text
        self.contents = contents
        self.diagnostics = diagnostics
    }
}
