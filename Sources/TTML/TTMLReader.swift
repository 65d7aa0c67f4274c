public import TimedText
public import TextScanning

/// Everything the TTML reader produces: the timed-text document, the resolved TTML document it
/// was built from, and its ISD sequence (for the timeline, the style resolver and conformance
/// tests).
public struct TTMLFile: Sendable {
    public var document: Document
    /// Nil when the input is not a TTML document (not XML, refused, another root element).
    public var ttml: TTMLDocument?
    public var isds: [TTMLISD]
    /// The XML the document was read from (nil when nothing could be scanned).
    public var xml: XMLDocument?
}

/// Reads TTML (TTML1, TTML2, IMSC 1/1.1/1.2, EBU-TT-D, SMPTE-TT, DFXP) into a `Document` of one
/// track (format `.ttml`, language from `xml:lang` of `tt`).
///
/// Cues are made from the ISD sequence, one per region per stretch of time in which what the
/// region shows does not change: a cue starts at a significant time where the region's selected
/// content changes and ends where it changes again. This keeps what TTML means — content is
/// shown *in a region*, and a span timed inside a paragraph changes what is on screen — exactly:
/// the set of cues active at any time is what the document shows then, region by region, and
/// cue boundaries are the significant times at which something visible changes. (One cue per
/// `p` would be simpler but wrong for paragraphs whose spans come and go, and for paragraphs
/// that share a region.) Each cue's `layout.regionID` names its region; cue ids are nil, since a
/// cue need not correspond to one element.
public struct TTMLReader: SourceTextReader, Sendable {
    public struct Options: Sendable {
        public var xml: XMLScanner.Options
        public init(xml: XMLScanner.Options = .default) { self.xml = xml }
        public static let `default` = Options()
    }

    public var options: Options

    public init(options: Options = .default) { self.options = options }

    public func read(_ source: SourceText) -> ParseResult<Document> {
        let file = readFile(source)
        return ParseResult(value: file.value.document, diagnostics: file.diagnostics)
    }

    public func readFile(_ source: SourceText) -> ParseResult<TTMLFile> {
        let scanned = XMLScanner(options: options.xml).scan(source)
        var log = DiagnosticLog()
        var empty = Document(format: .ttml, encoding: source.encoding)
        guard let root = scanned.value.root else {
            return ParseResult(value: TTMLFile(document: empty, ttml: nil, isds: [], xml: scanned.value), diagnostics: scanned.diagnostics)
        }
        var builder = TTMLDocumentBuilder(log: log, sourceSize: source.byteCount)
        let built = builder.build(root)
        log = builder.log
        guard let ttml = built else {
            return ParseResult(value: TTMLFile(document: empty, ttml: nil, isds: [], xml: scanned.value),
                               diagnostics: scanned.diagnostics + log.finished())
        }
        let isds = TTMLISDBuilder(document: ttml).sequence()
        empty.tracks = [Self.track(ttml, isds)]
        return ParseResult(value: TTMLFile(document: empty, ttml: ttml, isds: isds, xml: scanned.value),
                           diagnostics: scanned.diagnostics + log.finished())
    }

    /// The track: one cue per region per run of ISDs in which the region's content is the same.
    static func track(_ ttml: TTMLDocument, _ isds: [TTMLISD]) -> Track {
        let language = ttml.language.flatMap { $0.isEmpty ? nil : $0 }
        let inline = TTMLInlineContent(document: ttml, trackLanguage: ttml.language)
        let layouts = ttml.regions.map { SharedLayout(CueLayout(regionID: $0.id)) }
        var cues: [Cue] = []
        // Per region: the open cue's index in `cues` and the content it shows.
        var open: [(cue: Int, body: TTMLISDNode)?] = Array(repeating: nil, count: ttml.regions.count)
        var shown: [TTMLISDNode?] = Array(repeating: nil, count: ttml.regions.count)
        var usedRegions = Set<Int>()
        for isd in isds {
            for r in shown.indices { shown[r] = nil }
            for region in isd.regions { shown[region.region] = region.body }
            for r in open.indices {
                guard let current = open[r], shown[r] != current.body else { continue }
                cues[current.cue].end = isd.begin
                open[r] = nil
            }
            for region in isd.regions {
                guard let body = region.body, open[region.region] == nil else { continue }
                var cue = Cue(start: isd.begin, end: nil, content: inline.inlineNodes(of: body),
                              source: ttml.nodes[firstParagraph(body, in: ttml)].location)
                cue.sharedLayout = layouts[region.region]
                open[region.region] = (cues.count, body)
                cues.append(cue)
                usedRegions.insert(region.region)
            }
        }
        // The last ISD lasts indefinitely: a cue still open then never ends.
        var track = Track(language: language, kind: .subtitles, cues: cues)
        track.regions = ttml.regions.enumerated()
            .filter { $0.element.origin != .defaultRegion || usedRegions.contains($0.offset) }
            .map { Region(id: $0.element.id) }
        track.sortCuesByStart()
        return track
    }

    /// The first `p` of a region's content (where a cue "is" in the source), or the body.
    static func firstParagraph(_ isd: TTMLISDNode, in ttml: TTMLDocument) -> Int {
        var node = isd
        while case .body = ttml.nodes[node.node].kind, let first = node.children.first { node = first }
        while case .div = ttml.nodes[node.node].kind, let first = node.children.first { node = first }
        return node.node
    }
}
