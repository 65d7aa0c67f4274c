import TimedText

/// The cues of one stretch of a document's ISD sequence: one cue per region per run of ISDs in
/// which the region's content is the same, styled by a styler of its own.
///
/// A long document's timeline is cut into consecutive parts made on separate cores and then
/// joined (`append`): a cue still open at the end of one part whose content the next part opens
/// with continues there, exactly as if one pass had made both.
struct TTMLTrackPart: @unchecked Sendable {
    // @unchecked: the styler (a class) belongs to the part; a part is handed from the thread that
    // made it to the one that joins it only once it is complete.
    let document: TTMLDocument
    let styler: TTMLCueStyler
    private let inline: TTMLInlineContent
    private(set) var isds: [TTMLISD] = []
    private(set) var cues: [Cue] = []
    private(set) var usedRegions = Set<Int>()
    /// Per region: the open cue's index in `cues` and the content it shows.
    private var open: [OpenCue?]
    /// Per region: the cue opened at the part's first ISD, if any (what `append` may continue).
    private var openedFirst: [Int?]
    private var layouts: [Int: SharedLayout] = [:]

    private struct OpenCue {
        var cue: Int
        var body: TTMLISDNode
        var styles: [XMLName: XMLAttribute]
    }

    init(document: TTMLDocument, styler: TTMLCueStyler) {
        self.document = document
        self.styler = styler
        inline = TTMLInlineContent(document: document, trackLanguage: document.language, styler: styler)
        open = Array(repeating: nil, count: document.regions.count)
        openedFirst = Array(repeating: nil, count: document.regions.count)
    }

    /// The ISDs at `times[range]`, the last ending at the time after the range (if any).
    mutating func add(_ range: Range<Int>, of times: [MediaTime], from builder: TTMLISDBuilder) {
        isds.reserveCapacity(isds.count + range.count)
        for k in range { add(builder.isd(at: times[k], until: k + 1 < times.count ? times[k + 1] : nil)) }
    }

    /// Adds the next ISD: closes the cues of regions whose content changes at its begin, opens
    /// cues for regions that show something new.
    mutating func add(_ isd: TTMLISD) {
        let isFirst = isds.isEmpty
        var shown: [TTMLISDRegion?] = Array(repeating: nil, count: document.regions.count)
        for region in isd.regions where region.body != nil { shown[region.region] = region }
        for r in open.indices {
            guard let current = open[r] else { continue }
            if let now = shown[r], now.body == current.body, now.styles == current.styles { continue }
            cues[current.cue].end = isd.begin
            open[r] = nil
        }
        for region in isd.regions {
            guard let body = region.body, open[region.region] == nil else { continue }
            if isFirst { openedFirst[region.region] = cues.count }
            open[region.region] = OpenCue(cue: cues.count, body: body, styles: region.styles)
            cues.append(cue(showing: body, in: region, from: isd.begin))
            usedRegions.insert(region.region)
        }
        isds.append(isd)
    }

    private mutating func cue(showing body: TTMLISDNode, in region: TTMLISDRegion, from begin: MediaTime) -> Cue {
        let regionStyle = document.regions[region.region].sets.isEmpty
            ? styler.compute(region.styles, kind: .region, parent: nil, element: -1 - region.region)
            : styler.compute(region.styles, kind: .region, parent: nil)
        let content = inline.content(of: body, region: regionStyle)
        var cue = Cue(start: begin, end: nil, content: content.nodes,
                      source: document.nodes[Self.firstParagraph(body, in: document)].location)
        cue.style = content.style.properties
        cue.sharedLayout = layout(region: region.region, alignment: content.firstParagraph.map(styler.textAlignment) ?? .start)
        return cue
    }

    /// One shared layout per region and text alignment (that of the cue's first paragraph).
    private mutating func layout(region: Int, alignment: CueLayout.TextAlignment) -> SharedLayout {
        let key = region * 8 + Self.alignmentCode(alignment)
        if let known = layouts[key] { return known }
        let made = SharedLayout(CueLayout(textAlignment: alignment, regionID: document.regions[region].id))
        layouts[key] = made
        return made
    }

    /// Joins the part that follows this one on the timeline. A cue open at this part's end goes
    /// on in `next` when `next` opens with the same content in that region (it then ends where
    /// `next`'s first cue there ends); otherwise it ends where `next` begins.
    mutating func append(_ next: TTMLTrackPart) {
        guard let boundary = next.isds.first else { return }
        var continued = Set<Int>()  // cues of `next` that are this part's open cues going on
        var nextOpen: [Int: Int] = [:]  // region → this part's cue continuing as `next`'s open one
        for r in open.indices {
            guard let current = open[r] else { continue }
            if let first = next.openedFirst[r], let shown = boundary.regions.first(where: { $0.region == r }),
               shown.body == current.body, shown.styles == current.styles {
                cues[current.cue].end = next.cues[first].end
                continued.insert(first)
                if next.open[r]?.cue == first { nextOpen[r] = current.cue }
            } else {
                cues[current.cue].end = boundary.begin
            }
        }
        var index: [Int] = []  // `next`'s cue index → index here
        index.reserveCapacity(next.cues.count)
        cues.reserveCapacity(cues.count + next.cues.count - continued.count)
        for (k, cue) in next.cues.enumerated() {
            if continued.contains(k) {
                index.append(-1)
            } else {
                index.append(cues.count)
                cues.append(cue)
            }
        }
        for r in open.indices {
            if let carried = nextOpen[r] {
                open[r] = OpenCue(cue: carried, body: next.open[r]!.body, styles: next.open[r]!.styles)
            } else {
                open[r] = next.open[r].map { OpenCue(cue: index[$0.cue], body: $0.body, styles: $0.styles) }
            }
        }
        if isds.isEmpty { openedFirst = next.openedFirst.map { $0.map { index[$0] } } }
        usedRegions.formUnion(next.usedRegions)
        isds.append(contentsOf: next.isds)
        styler.absorb(next.styler)
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
