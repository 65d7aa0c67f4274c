public import TimedText
public import TextScanning
package import XML

/// Everything the TTML reader produces: the timed-text document, the resolved TTML document it
/// was built from, and its ISD sequence (for the timeline, the style resolver and conformance
/// tests).
public struct TTMLFile: CaptionFileContents {
    /// The model: one track, its cues cut by region as `TTMLReader` says; no track when `ttml` is
    /// nil.
    public var document: Document
    /// Nil when the input is not a TTML document (not XML, refused, another root element).
    public var ttml: TTMLDocument?
    /// The document's ISD sequence, made when asked for (reading makes the cues without
    /// keeping it).
    public var isds: [TTMLISD] { ttml.map { TTMLISDBuilder(document: $0).sequence() } ?? [] }
    /// The XML the document was read from (nil when nothing could be scanned): for Legible's
    /// own TTML checks, which read the elements as written.
    package var xml: ScannedXML?

    /// The contents of a read.
    package init(document: Document, ttml: TTMLDocument?, xml: ScannedXML?) {
        self.document = document
        self.ttml = ttml
        self.xml = xml
    }
}

/// Reads TTML (TTML1, TTML2, IMSC 1/1.1/1.2, EBU-TT-D, SMPTE-TT, DFXP) into a `Document` of one
/// track (format `.ttml`, language from `xml:lang` of `tt`).
///
/// Cues are made from the ISD sequence so that the cues active at any time, laid out region by
/// region, show what the document shows then. Where a region's paragraphs each show the same for
/// the whole of their time (no span or `set` timed inside them) and overlap in document order,
/// each paragraph is one cue, from its begin to its end, with its `xml:id` as the cue's id: the
/// cue a source file had stays one cue. Elsewhere a cue is one stretch of time in which what a
/// region shows does not change, starting and ending at the significant times where it changes
/// (a span timed inside a paragraph changes what is on screen), without an id; the
/// `ttml.paragraphs-recut` note counts the paragraphs cut so (`TTMLParagraphRun` says exactly
/// when a paragraph is one cue). Each cue's `layout.regionID` names its region.
public struct TTMLReader: SourceTextReader, Sendable {
    /// How to read.
    public struct Options: Sendable {
        /// The XML scanner's limits and settings.
        package var xml: XMLScanner.Options
        /// Inputs larger than this many bytes are refused (`xml.too-large`); 256 MiB by default.
        public var maximumInputSize: Int {
            get { xml.maximumInputSize }
            set { xml.maximumInputSize = newValue }
        }
        /// Elements nested deeper than this are skipped (`xml.too-deep`); 256 by default.
        public var maximumDepth: Int {
            get { xml.maximumDepth }
            set { xml.maximumDepth = newValue }
        }
        /// False: every cue as the ISDs cut them (one per region per stretch of unchanged content),
        /// never one per paragraph; for tests that compare the two.
        package var keepsParagraphs = true
        /// - Parameters:
        ///   - maximumInputSize: bytes; 256 MiB by default.
        ///   - maximumDepth: levels of element nesting; 256 by default.
        public init(maximumInputSize: Int = 256 << 20, maximumDepth: Int = 256) {
            xml = XMLScanner.Options(maximumInputSize: maximumInputSize, maximumDepth: maximumDepth)
        }
        /// The XML scanner's default limits.
        public static let `default` = Options()
    }

    /// How this reader reads.
    public var options: Options

    /// A reader with `options`.
    public init(options: Options = .default) { self.options = options }

    /// Whether a text looks like TTML: it starts with an XML declaration, a `<tt` root or a comment.
    public static func looksLike(_ head: UnsafeBufferPointer<UInt8>) -> Bool {
        ContentSniffing.starts(head, with: "<?xml") || ContentSniffing.starts(head, with: "<tt")
            || ContentSniffing.starts(head, with: "<!--")
    }

    /// Reads the timed-text model only (`readFile` keeps the TTML document and the XML as well).
    public func read(_ source: SourceText) -> ParseResult<Document> {
        let file = readFile(source)
        return ParseResult(value: file.value.document, diagnostics: file.diagnostics)
    }

    /// Reads the model, the resolved TTML document and the XML it came from. XML errors, the
    /// reader's repairs and the declared profiles' constraints (`ttml.profile.*` warnings) are
    /// the diagnostics; a full TTML2 check is `TTMLValidator`'s.
    public func readFile(_ source: SourceText) -> ParseResult<TTMLFile> {
        let scanned = XMLScanner(options: options.xml).scan(source)
        var log = DiagnosticLog()
        var empty = Document(format: .ttml, encoding: source.encoding, layoutFamily: .ttmlRegions)
        guard let root = scanned.value.root else {
            return ParseResult(value: TTMLFile(document: empty, ttml: nil, xml: scanned.value), diagnostics: scanned.diagnostics)
        }
        var builder = TTMLDocumentBuilder(log: log, sourceSize: source.byteCount)
        let built = builder.build(root)
        log = builder.log
        guard let ttml = built else {
            return ParseResult(value: TTMLFile(document: empty, ttml: nil, xml: scanned.value),
                               diagnostics: scanned.diagnostics + log.finished())
        }
        let (track, styler, recut) = Self.track(ttml, context: TTMLStyleContext(root: root), keepsParagraphs: options.keepsParagraphs)
        for diagnostic in recut { log.report(diagnostic.severity, diagnostic.code, diagnostic.message, at: diagnostic.location) }
        // The constraints of the profiles the document declares (IMSC text, EBU-TT-D): warnings.
        var profiles = TTMLProfileChecker(root: root)
        profiles.check()
        log.merge(profiles.log)
        if track.cues.isEmpty, let nothing = TTMLNothingShown.diagnostic(for: ttml, root: root) {
            log.report(nothing.severity, nothing.code, nothing.message, at: nothing.location)
        }
        var shown = track
        shown.displayAspectRatio = Self.displayAspectRatio(of: root)
        empty.tracks = [shown]
        log.merge(styler.log)
        return ParseResult(value: TTMLFile(document: empty, ttml: ttml, xml: scanned.value),
                           diagnostics: scanned.diagnostics + log.finished())
    }

    /// The aspect ratio the root container is shown at: IMSC 1.1 / TTML2 `ttp:displayAspectRatio`,
    /// else IMSC 1.0.1 `ittp:aspectRatio` (both "width height", positive integers).
    static func displayAspectRatio(of root: XMLElementNode) -> Fraction? {
        let value = root.attribute(XMLName(XMLNamespace.ttp, "displayAspectRatio"))?.value
            ?? root.attribute(XMLName(XMLNamespace.ittp, "aspectRatio"))?.value
        guard let value, let (width, height) = TTMLParameters.positivePair(value) else { return nil }
        return Fraction(Int64(width), Int64(height))
    }

    /// The track: one cue per paragraph where that shows what the ISDs show, else one cue per
    /// region per run of ISDs in which the region's content is the same (`TTMLCueBuilder`), styled
    /// (`TTMLCueStyler`), and the regions with their geometry; and the `ttml.paragraphs-recut`
    /// note when some paragraphs are not one cue each.
    /// `passOverUnchanged` false looks at every region at every time (tests: passing over the
    /// regions in which nothing begins or ends must not change the result); `keepsParagraphs`
    /// false makes the ISDs' cues only (tests: the paragraphs' cues must show the same).
    static func track(_ ttml: TTMLDocument, context: TTMLStyleContext, passOverUnchanged: Bool = true,
                      keepsParagraphs: Bool = true) -> (Track, TTMLCueStyler, [Diagnostic]) {
        let builder = TTMLISDBuilder(document: ttml)
        let found = TTMLISDBuilder.significantTimesAndChanges(of: ttml)
        let timeline = passOverUnchanged
            ? found : TTMLISDBuilder.SignificantTimes(everyRegionChangingAt: found.times)
        var cues = TTMLCueBuilder(document: ttml, styler: TTMLCueStyler(context: context), keepsParagraphs: keepsParagraphs)
        cues.add(timeline, from: builder)
        cues.finish(from: builder)
        let styler = cues.styler
        // The last ISD lasts indefinitely: a cue still open then never ends.
        var track = Track(language: ttml.language.flatMap(LanguageTag.init(wellFormed:)), kind: .subtitles, cues: cues.cues)
        track.regions = ttml.regions.enumerated()
            .filter { $0.element.origin != .defaultRegion || cues.usedRegions.contains($0.offset) }
            .map { styler.region($0.element, segments: builder.regionStyleSegments($0.offset)) }
        track.sortCuesByStart()
        return (track, styler, cues.diagnostics)
    }
}

extension CaptionFormatID {
    /// TTML, with its profiles IMSC, SMPTE-TT and EBU-TT-D, and DFXP (`.ttml`, `.dfxp`, `.xml`).
    public static let ttml: Self = "ttml"
}
