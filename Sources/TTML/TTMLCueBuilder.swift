import TimedText
internal import XML

/// The cues of a document's ISD sequence: one cue per region per run of ISDs in which the
/// region's content is the same, made by going through the significant times in order.
struct TTMLCueBuilder {
    let document: TTMLDocument
    let styler: TTMLCueStyler
    private let inline: TTMLInlineContent
    private(set) var cues: [Cue] = []
    private(set) var usedRegions = Set<Int>()
    /// Per region: the open cue and what it shows.
    private var open: [OpenCue?]
    /// Per region and alignment (`alignmentCode`), the layout its cues share once made.
    private var layouts: [SharedLayout?]

    private struct OpenCue {
        /// Its index in `cues`.
        var cue: Int
        /// The region's active `set`s (as selection markers) and the body's selection.
        var selection: [Int]
        /// The tree, made only in documents with `set`s (without, equal selections are equal content).
        var body: TTMLISDNode?
        var styles: [XMLName: XMLAttribute]
    }

    init(document: TTMLDocument, styler: TTMLCueStyler) {
        self.document = document
        self.styler = styler
        inline = TTMLInlineContent(document: document, trackLanguage: document.language, styler: styler)
        open = Array(repeating: nil, count: document.regions.count)
        layouts = Array(repeating: nil, count: document.regions.count * Self.alignmentCount)
    }

    /// Goes through every significant time of `timeline`.
    mutating func add(_ timeline: TTMLISDBuilder.SignificantTimes, from builder: TTMLISDBuilder) {
        var selection: [Int] = []
        var scratch = TTMLISDBuilder.SelectionScratch()
        for k in timeline.times.indices { add(k, of: timeline, from: builder, selection: &selection, scratch: &scratch) }
    }

    /// Moves on to significant time `t` (what the ISD from `t` shows): closes the cues of regions
    /// whose content changes then, opens cues for regions that show something new.
    ///
    /// A region's selection is compared first: when it is the one its open cue was made from,
    /// nothing changed. Otherwise, in a document with `set`s, the region's content tree is made
    /// and compared in full (different sets may still give the same styles); without, the new
    /// selection is new content, and the cue is made from it directly.
    ///
    /// A region in which nothing begins or ends at `t` is passed over (its selection would be the
    /// one before), except at the first time, where every region is looked at.
    private mutating func add(_ k: Int, of timeline: TTMLISDBuilder.SignificantTimes, from builder: TTMLISDBuilder,
                              selection: inout [Int], scratch: inout TTMLISDBuilder.SelectionScratch) {
        let t = timeline.times[k]
        if k == 0 || timeline.everyRegionMayChange(at: k) {
            for r in document.regions.indices { update(r, at: t, from: builder, selection: &selection, scratch: &scratch) }
        } else {
            for r in timeline.changedRegions(at: k) {
                update(Int(r), at: t, from: builder, selection: &selection, scratch: &scratch)
            }
        }
    }

    /// Region `r` at time `t`: its open cue goes on, ends, or gives way to a new one.
    private mutating func update(_ r: Int, at t: MediaTime, from builder: TTMLISDBuilder,
                                 selection: inout [Int], scratch: inout TTMLISDBuilder.SelectionScratch) {
        var shows = false
        var styles: [XMLName: XMLAttribute] = [:]
        if document.regions[r].interval.contains(t) {
            (styles, shows) = builder.selectRegion(r, at: t, into: &selection, scratch: &scratch)
        }
        // The open cue looked at in place: copying it would retain its selection, tree and styles.
        if shows, open[r]?.selection == selection { return }
        guard shows else {
            if let cue = open[r]?.cue { cues[cue].end = t }
            open[r] = nil
            return
        }
        // Without sets another selection is other content, and the cue is made from the
        // selection; with them, the tree is made and compared (other sets may give the same).
        let body = builder.hasSets ? builder.content(selection, at: t) : nil
        if let cue = open[r]?.cue {
            if let body, open[r]!.body == body && open[r]!.styles == styles {
                open[r]!.selection = selection
                return
            }
            cues[cue].end = t
        }
        open[r] = OpenCue(cue: cues.count, selection: selection, body: body, styles: styles)
        if let body {
            cues.append(cue(showing: body, in: r, styles: styles, from: t))
        } else {
            cues.append(document.nodes.withUnsafeBufferPointer { nodes in
                selection.withUnsafeBufferPointer { cue(showing: TTMLSelectedNode.root(of: $0, nodes: nodes), in: r, styles: styles, from: t) }
            })
        }
        usedRegions.insert(r)
    }

    private mutating func cue<Node: TTMLShownNode>(showing body: Node, in region: Int, styles: [XMLName: XMLAttribute], from begin: MediaTime) -> Cue {
        let regionStyle = document.regions[region].sets.isEmpty
            ? styler.compute(styles, kind: .region, parent: nil, element: -1 - region)
            : styler.compute(styles, kind: .region, parent: nil)
        let content = inline.content(of: body, region: regionStyle)
        var cue = Cue(start: begin, end: nil, content: content.nodes,
                      source: document.nodes[Self.firstParagraph(body, in: document)].location)
        cue.sharedStyle = styler.difference(content.style, from: nil)
        var zIndex: Int?
        if case .integer(let z)? = styler.style(regionStyle)[tts: "zIndex"] { zIndex = z }
        cue.sharedLayout = layout(region: region, alignment: content.firstParagraph?.textAlignment ?? .start, zIndex: zIndex)
        if let image = Self.firstImage(body, in: document) { cue.image = image }
        return cue
    }

    /// The first picture a region's content shows (a `div`'s), in document order.
    static func firstImage<Node: TTMLShownNode>(_ node: Node, in ttml: TTMLDocument) -> CueImage? {
        let kind = ttml.nodes[node.node].kind
        guard kind == .div || kind == .body else { return nil }
        if let image = ttml.nodes[node.node].image { return image }
        for child in node.children { if let image = firstImage(child, in: ttml) { return image } }
        return nil
    }

    /// One shared layout per region and text alignment (that of the cue's first paragraph), with
    /// the region's `tts:zIndex` as the cue's stacking order (an animated zIndex: the one at the
    /// cue's start, as the key's region and alignment are).
    private mutating func layout(region: Int, alignment: CueLayout.TextAlignment, zIndex: Int?) -> SharedLayout {
        let key = region * Self.alignmentCount + Self.alignmentCode(alignment)
        if let known = layouts[key], known.layout.zIndex == zIndex { return known }
        let made = SharedLayout(CueLayout(textAlignment: alignment, regionID: document.regions[region].id, zIndex: zIndex))
        layouts[key] = made
        return made
    }

    private static let alignmentCount = 5

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
    static func firstParagraph<Node: TTMLShownNode>(_ isd: Node, in ttml: TTMLDocument) -> Int {
        var node = isd
        while case .body = ttml.nodes[node.node].kind, let first = node.firstChild { node = first }
        while case .div = ttml.nodes[node.node].kind, let first = node.firstChild { node = first }
        return node.node
    }
}
