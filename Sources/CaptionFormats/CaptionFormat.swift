public import TimedText
public import TextScanning
import Synchronization
package import ClosedCaptionData

/// One caption format as Legible knows it: its names, how its content is recognised, its reader
/// and writer with their options, the layout rules its cues follow, how media containers carry
/// it, and what it gives beyond the common model (a native script, what converting out of it
/// loses). Everything format-specific lives in its `CaptionFormat`: opening a file, converting,
/// validating, rendering, the media and command-line layers ask it and never name a format's own
/// types. A format is its module plus one registry entry (`Sources/CaptionFormats/Formats/`).
///
/// A player can add a format of its own, as media3's subtitle parser factory is keyed by MIME
/// type: build a `CaptionFormat` with a reader (and a writer, if it writes) and `register` it;
/// `CaptionFile`, `CaptionFormat.detect` and every other entry point then know it.
public struct CaptionFormat: Sendable, Hashable, CustomStringConvertible {
    /// Reads a decoded text: the model and the format's own view, and what was wrong. Never throws
    /// on content.
    public typealias Reader = @Sendable (SourceText, CaptionFile.Options) -> ParseResult<any CaptionFileContents>
    /// Writes a document piece by piece to the sink it is given, and returns what had to change to
    /// fit it; throws only what the sink throws.
    public typealias Writer = @Sendable (Document, CaptionWriteOptions, (UnsafeBufferPointer<UInt8>) throws -> Void) throws -> [Diagnostic]

    /// The stable id (`srt`, `webvtt`, `scc`, `ttml`, `ass`), as `Document.format` and `--from` name it.
    public let id: CaptionFormatID
    /// The name for people (`SubRip`, `WebVTT`).
    public let name: String
    /// Other names a user may give it (`vtt`, `subrip`, `dfxp`), lower case.
    public var aliases: [String] = []
    /// File extensions, lower case and without the dot; the first is the one written.
    public var fileExtensions: [String] = []
    /// MIME types it is served and muxed as (`text/vtt`), lower case.
    public var mimeTypes: [String] = []
    /// The layout rules its documents carry (`Document.layoutFamily`).
    public var layoutFamily: LayoutFamily
    /// Whether the start of a decoded text (`ContentSniffing.headSize` bytes at most) looks like
    /// this format; nil: never recognised by content, only by name.
    public var recognises: (@Sendable (UnsafeBufferPointer<UInt8>) -> Bool)?
    /// The reader; nil when the format is only written.
    public var reader: Reader?
    /// The writer; nil when the format is only read.
    public var writer: Writer?
    /// Reader settings a command line offers for this format (`--NAME [VALUE]`), applied to
    /// `CaptionFile.Options.formats`.
    public var readerSettings: [FormatSetting] = []
    /// Writer settings a command line offers for this format (`--drop-frame`), applied to
    /// `CaptionWriteOptions.formats`.
    public var writerSettings: [FormatSetting] = []
    /// Names (an alias or a file extension, lower case) that ask for a variant of the writer, and
    /// how it is set: `dfxp` (`--to dfxp`, `movie.dfxp`) writes TTML1.
    public var writerVariants: [String: @Sendable (inout FormatOptions) -> Void] = [:]
    /// The codec names media containers give its streams, as ffprobe reports them (`subrip`,
    /// `ass`, `webvtt`): such a stream is taken out in this format and read by its reader.
    public var containerCodecs: [String] = []
    /// Text codecs ffmpeg converts into this format when it takes them out of a container
    /// (`mov_text` into SubRip, with its styles as SRT markup).
    public var convertedFromCodecs: [String] = []
    /// The ffmpeg muxer that writes a stream in this format (`srt`, `ass`, `webvtt`); nil when
    /// ffmpeg has none.
    public var ffmpegMuxer: String?
    /// The script a renderer should draw as itself for contents read in this format (ASS: the
    /// script, for libass); nil for formats whose cues the engine lays out.
    public var nativeScript: (@Sendable (any CaptionFileContents) -> NativeScript?)?
    /// What converting contents read in this format into another (the second argument) loses,
    /// beyond what the target's writer reports: ASS's animation, drawings, clips, one warning
    /// per kind.
    public var lossReport: (@Sendable (any CaptionFileContents, CaptionFormat) -> [Diagnostic])?
    /// Prepares the writer's options for writing contents read in this format back in it: ASS
    /// copies the script's untouched events as written.
    public var rewriteOptions: (@Sendable (any CaptionFileContents, inout FormatOptions) -> Void)?
    /// The step its writer writes times in (SRT and WebVTT: a millisecond; ASS: a centisecond;
    /// SCC: a frame at 29.97), or nil when times are written exactly (TTML's ticks). A time
    /// between two steps is written rounded to the nearer; a tool that computes times to write
    /// (`validate --fix`) rounds them itself, in the direction its rule needs.
    public var timeStep: MediaTime?
    /// The writer keeps cues' stacking order (TTML's `tts:zIndex`, ASS's `Layer`), so what is
    /// layered in the source stays layered.
    public var carriesStackingOrder = false
    /// The page of Legible's documentation about the format (`docs/ass.md`), for reports.
    public var documentation: String?

    // What Legible's own tools use: package, not for players' formats.

    /// Each cue's view in `legible dump --json` (WebVTT's `vtt`, 608's `cea608`).
    package var cueJSONView: (@Sendable (any CaptionFileContents, _ track: Int, _ cueCount: Int) -> (any CueJSONView)?)?
    /// Debugging views of a file (`dump --cue-tree`, `dump --disassemble`).
    package var debugViews: [DebugView] = []
    /// Checks beyond the reader (TTML2 profile checks, ASS's script rules), for `validate`.
    package var checks: (@Sendable (CaptionFile, FormatCheckContext) -> FormatCheckResult)?
    /// The rules `checks` reports under, with their default severities, for the rule catalogue.
    package var rules: [FormatRule] = []
    /// Times of an HLS segment mapped onto the media timeline (`dump --hls-segment`).
    package var segmentTimes: (@Sendable (any CaptionFileContents, Document, _ reference: MediaTime?) -> (document: Document, note: String))?
    /// Decodes the closed-caption channels of a video's `cc_data` (A/53): each picture's time and
    /// triplet bytes in presentation order in, a caption file per channel that shows text out.
    package var closedCaptions: (@Sendable (_ pictures: [(time: MediaTime, triplets: [UInt8])], _ options: FormatOptions) -> [ClosedCaptionTrack])?
    /// Encoding a document's first track as closed-caption data, frame by frame at 30000/1001
    /// fps (frame n at n × 1001/30000 s): for containers of `cc_data` (MCC). `trackPrefix` names
    /// the tracks it is meant for (`CC`, `SERVICE`), so that a document read from such a
    /// container writes each track back with its own encoder.
    package var closedCaptionEncoder: (trackPrefix: String,
                                       encode: @Sendable (Document, FormatOptions) -> ParseResult<[(frame: Int64, triplets: [CCDataTriplet])]>)?
    /// Sets the reader's options for a stream ffmpeg took out of a media container, which may
    /// differ from a file's (ASS: ffmpeg writes the events in Matroska's order whatever the
    /// header's `Format:` line says); `MediaCaptions` applies it to the options it reads the
    /// stream's text with.
    package var containerReading: (@Sendable (inout FormatOptions) -> Void)?
    /// Puts a file together from a container's packets when ffmpeg cannot copy the stream
    /// (Matroska's `S_TEXT/WEBVTT`): the codec's private data and each packet's times and bytes.
    package var fromPackets: (@Sendable (_ header: [UInt8]?, _ packets: [(start: MediaTime, end: MediaTime, payload: [UInt8])]) -> [UInt8])?
    /// How many bytes of heap reading this format fills per byte of input, when a command should
    /// have the heap populated ahead of a large read (`LargeInputHeap`); 0 when it need not.
    package var heapFilledPerInputByte = 0
    /// The error a file named as this format gets when its content lacks the signature the format
    /// requires and reads as another format (a `.vtt` file without `WEBVTT`: browsers reject it).
    package var missingSignature: DiagnosticCode?
    /// The error a file that reads well gets when it shows nothing by its author's design (a TTML
    /// document whose content is all `tts:display="none"`): no cue, but a picture of nothing at
    /// any time is the right rendering, not a failure.
    package var showsNothingByDesign: DiagnosticCode?

    /// A format with its id, name and layout rules; set its other properties (a reader at least)
    /// before registering it.
    public init(id: CaptionFormatID, name: String, layoutFamily: LayoutFamily = .cueBoxes) {
        self.id = id
        self.name = name
        self.layoutFamily = layoutFamily
    }

    /// True when Legible reads this format.
    public var canRead: Bool { reader != nil }
    /// True when Legible writes this format (`write` throws `unsupportedFormat` otherwise).
    public var canWrite: Bool { writer != nil }
    public var description: String { id.rawValue }

    /// Formats are equal when their ids are (the reader and writer closures cannot be compared).
    public static func == (a: CaptionFormat, b: CaptionFormat) -> Bool { a.id == b.id }
    /// Hashes the id alone, as `==` compares.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    // MARK: - The registry

    private static let registry = Mutex<[CaptionFormat]>(builtIn)

    /// Every format Legible knows: those registered by the program (most recent first), then the
    /// built-in ones, in the order content is tried against them.
    public static var all: [CaptionFormat] { registry.withLock { $0 } }

    /// Adds a format for every entry point of the process (`CaptionFile`, `detect`, `named`,
    /// media tracks by codec). Its content is tried before the formats known already, so a
    /// format with a telling signature is found before SRT's loose one; a format with the id of
    /// one known already replaces it.
    public static func register(_ format: CaptionFormat) {
        registry.withLock { formats in
            formats.removeAll { $0.id == format.id }
            formats.insert(format, at: 0)
        }
    }

    /// The formats Legible reads, in `all`'s order.
    public static var readable: [CaptionFormat] { all.filter(\.canRead) }
    /// The formats Legible writes, in `all`'s order.
    public static var writable: [CaptionFormat] { all.filter(\.canWrite) }

    /// The format with this id, alias or name (`srt`, `SubRip`, `vtt`, `dfxp`), or nil.
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

    /// The format served or muxed as `mimeType` (`text/vtt`; parameters after `;` ignored), or nil.
    public static func forMIMEType(_ mimeType: String) -> CaptionFormat? {
        let bare = mimeType.split(separator: ";").first.map { $0.trimmingSpaces().lowercased() } ?? ""
        return all.first { $0.mimeTypes.contains(bare) }
    }

    /// The format a container stream of codec `codec` (ffprobe's name) is taken out in: its own
    /// (`copy`), or one ffmpeg converts it into; nil when no format carries it as text.
    public static func forContainerCodec(_ codec: String) -> (format: CaptionFormat, copy: Bool)? {
        let lower = codec.lowercased()
        if let own = all.first(where: { $0.containerCodecs.contains(lower) }) { return (own, true) }
        return all.first { $0.convertedFromCodecs.contains(lower) }.map { ($0, false) }
    }

    /// The format of a decoded text: by its content first, by the file name's extension second.
    public static func detect(_ text: SourceText, fileName: String? = nil) -> CaptionFormat? {
        let formats = all
        let byContent = text.withUnsafeBytes { bytes in
            let head = UnsafeBufferPointer(rebasing: bytes.prefix(ContentSniffing.headSize))
            return formats.first { $0.recognises?(head) ?? false }
        }
        return byContent ?? fileName.flatMap(forFileName)
    }

    /// The readable format the first bytes of a file show by their content alone (no name to
    /// go by): what a file without an extension is, or nil. `head` is the file's start, up to
    /// `headSize` bytes; it is decoded as a whole file would be (a byte order mark, UTF-16,
    /// a legacy encoding) before the formats' sniffers look at it.
    public static func detect(head: [UInt8]) -> CaptionFormat? {
        let text = SourceDecoder.decode(Array(head.prefix(headSize))).value
        let formats = readable
        return text.withUnsafeBytes { bytes in
            let start = UnsafeBufferPointer(rebasing: bytes.prefix(headSize))
            return formats.first { $0.recognises?(start) ?? false }
        }
    }

    /// How many bytes of a file's start content sniffing looks at (`detect(head:)`).
    public static var headSize: Int { ContentSniffing.headSize }

    /// The writer options `name` (an alias or a file extension such as `dfxp`) asks for, applied
    /// to `options`; nothing when the name asks for no variant.
    public func applyWriterVariant(named name: String, to options: inout FormatOptions) {
        writerVariants[name.lowercased()]?(&options)
    }

    // MARK: - Reading and writing

    /// Reads a decoded text as this format. Nil when Legible cannot read it.
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

extension Substring {
    fileprivate func trimmingSpaces() -> Substring {
        var s = self
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return s
    }
}
