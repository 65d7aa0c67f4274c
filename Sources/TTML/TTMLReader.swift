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
        // The constraints of the profiles the document declares (IMSC text, EBU-TT-D): warnings.
        var profiles = TTMLProfileChecker(root: root)
        profiles.check()
        log.merge(profiles.log)
        let isds = TTMLISDBuilder(document: ttml).sequence()
        let styler = TTMLCueStyler(context: TTMLStyleContext(root: root))
        empty.tracks = [Self.track(ttml, isds, styler: styler)]
        log.merge(styler.log)
        return ParseResult(value: TTMLFile(document: empty, ttml: ttml, isds: isds, xml: scanned.value),
                           diagnostics: scanned.diagnostics + log.finished())
    }

    /// The track: one cue per region per run of ISDs in which the region's content is the same,
    /// styled (`TTMLCueStyler`), and the regions with their geometry.
    static func track(_ ttml: TTMLDocument, _ isds: [TTMLISD], styler: TTMLCueStyler) -> Track {
        let language = ttml.language.flatMap { $0.isEmpty ? nil : $0 }
        let inline = TTMLInlineContent(document: ttml, trackLanguage: ttml.language, styler: styler)
        // One shared layout per region and text alignment (that of the cue's first paragraph).
        var layouts: [Int: SharedLayout] = [:]
        func layout(region: Int, alignment: CueLayout.TextAlignment) -> SharedLayout {
            let key = region * 8 + alignmentCode(alignment)
            if let known = layouts[key] { return known }
            let made = SharedLayout(CueLayout(textAlignment: alignment, regionID: ttml.regions[region].id))
            layouts[key] = made
            return made
        }
        var cues: [Cue] = []
        // Per region: the open cue's index in `cues` and the content it shows.
        var open: [(cue: Int, body: TTMLISDNode, styles: [XMLName: XMLAttribute])?] = Array(repeating: nil, count: ttml.regions.count)
        var shown: [TTMLISDRegion?] = Array(repeating: nil, count: ttml.regions.count)
        var usedRegions = Set<Int>()
        for isd in isds {
            for r in shown.indices { shown[r] = nil }
            for region in isd.regions where region.body != nil { shown[region.region] = region }
            for r in open.indices {
                guard let current = open[r] else { continue }
                if let now = shown[r], now.body == current.body, now.styles == current.styles { continue }
                cues[current.cue].end = isd.begin
                open[r] = nil
            }
            for region in isd.regions {
                guard let body = region.body, open[region.region] == nil else { continue }
                let regionStyle = ttml.regions[region.region].sets.isEmpty
                    ? styler.compute(region.styles, kind: .region, parent: nil, element: -1 - region.region)
                    : styler.compute(region.styles, kind: .region, parent: nil)
                let content = inline.content(of: body, region: regionStyle)
                var cue = Cue(start: isd.begin, end: nil, content: content.nodes,
                              source: ttml.nodes[firstParagraph(body, in: ttml)].location)
                cue.style = content.style.properties
                cue.sharedLayout = layout(region: region.region,
                                          alignment: content.firstParagraph.map(styler.textAlignment) ?? .start)
                open[region.region] = (cues.count, body, region.styles)
                cues.append(cue)
                usedRegions.insert(region.region)
            }
        }
        // The last ISD lasts indefinitely: a cue still open then never ends.
        var track = Track(language: language, kind: .subtitles, cues: cues)
        track.regions = ttml.regions.enumerated()
            .filter { $0.element.origin != .defaultRegion || usedRegions.contains($0.offset) }
            .map { styler.region($0.element) }
        track.sortCuesByStart()
        return track
    }

    private static func alignmentCode(_ alignment: CueLayout.TextAlignment) -> Int {
        switch alignment {
        case .start: 0
        case .center: 1
        case .end: 2
        case .left: 3
        case .right: 4
        }
    }

    /// The first `p` of a region's content (where a cue "is" in the source), or the body.
    static func firstParagraph(_ isd: TTMLISDNode, in ttml: TTMLDocument) -> Int {
        var node = isd
        while case .body = ttml.nodes[node.node].kind, let first = node.children.first { node = first }
        while case .div = ttml.nodes[node.node].kind, let first = node.children.first { node = first }
        return node.node
    }
}
