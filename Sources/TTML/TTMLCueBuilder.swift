import TimedText
internal import XML

/// The cues of a document's ISD sequence, made by going through the significant times in order:
/// one cue per paragraph where that shows what the ISDs show (`TTMLParagraphRun`), else one cue
/// per region per run of ISDs in which the region's content is the same.
struct TTMLCueBuilder {
    let document: TTMLDocument
    let styler: TTMLCueStyler
    private let inline: TTMLInlineContent
    private(set) var cues: [Cue] = []
    private(set) var usedRegions = Set<Int>()
    /// Per region: the open cue and what it shows.
    private var open: [OpenCue?]
    /// False: the ISDs' cues only, as if no run were separable (tests compare the two).
    private let keepsParagraphs: Bool
    /// Per region: the run of overlapping paragraphs it is showing.
    /// Per region: the run of overlapping paragraphs it is showing (`isActive`), or its buffers
    /// kept for the next.
    private var runs: [TTMLParagraphRun]
    /// Per cue: the paragraph it shows, whole and alone, or -1.
    private var cueParagraphs: [Int32] = []
    /// Separable runs: their placeholders (indices) are dropped, and each paragraph's cue takes the
    /// place of the one made when it began (so that cues beginning together keep the order the
    /// ISDs' would have); a run's first cue, made when it began, is dropped unless it shows one
    /// paragraph alone.
    private var dropped: [Int] = []
    private var replacements: [Int: [(cue: Cue, paragraph: Int)]] = [:]
    /// The paragraphs of runs that stay cut by the ISDs, and those runs' cues.
    private var recutParagraphs = Set<Int>()
    private var recutCues = 0
    /// What was cut, when something was: `ttml.paragraphs-recut` (`finish`).
    private(set) var diagnostics: [Diagnostic] = []
    private var slices: [TTMLParagraphRun.Slice] = []
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

    init(document: TTMLDocument, styler: TTMLCueStyler, keepsParagraphs: Bool = true) {
        self.document = document
        self.styler = styler
        self.keepsParagraphs = keepsParagraphs
        inline = TTMLInlineContent(document: document, trackLanguage: document.language, styler: styler)
        open = Array(repeating: nil, count: document.regions.count)
        runs = Array(repeating: TTMLParagraphRun(), count: document.regions.count)
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
    ///
    /// A run of paragraphs starts with the ISD's cue. While the run is separable, no further cue
    /// is made from the ISDs: a placeholder keeps each one's place in `cues`, and the paragraphs'
    /// cues are made when the run ends (`finishRun`). A run that stops being separable has its
    /// ISD cues made then (`makeISDCues`), and goes on as any other.
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
            if let cue = open[r]?.cue, cue >= 0 { cues[cue].end = t }
            finishRun(r, at: t, from: builder)
            open[r] = nil
            return
        }
        switch follow(r, at: t, selection: selection, from: builder) {
        case .started:
            break
        case .goesOn where runs[r].isSeparable:
            open[r] = OpenCue(cue: -1, selection: selection, body: nil, styles: styles)
            appendPlaceholder(r, at: t)
            return
        case .goesOn:
            break
        case .stopsBeingSeparable:
            makeISDCues(r, from: builder)
        }
        // Without sets another selection is other content, and the cue is made from the
        // selection; with them, the tree is made and compared (other sets may give the same).
        let body = builder.hasSets ? builder.content(selection, at: t) : nil
        if let cue = open[r]?.cue, cue >= 0 {
            if let body, open[r]!.body == body && open[r]!.styles == styles {
                open[r]!.selection = selection
                return
            }
            cues[cue].end = t
        }
        open[r] = OpenCue(cue: cues.count, selection: selection, body: body, styles: styles)
        cues.append(isdCue(r, showing: selection, body: body, styles: styles, from: t))
        cueParagraphs.append(-1)
        runs[r].cues.append(cues.count - 1)
        usedRegions.insert(r)
    }

    /// The cue of what region `r` shows from `t`: its selection, or (with `set`s) its tree.
    private mutating func isdCue(_ r: Int, showing selection: [Int], body: TTMLISDNode?, styles: [XMLName: XMLAttribute],
                                 from t: MediaTime) -> Cue {
        if let body { return cue(showing: body, in: r, styles: styles, from: t) }
        return document.nodes.withUnsafeBufferPointer { nodes in
            selection.withUnsafeBufferPointer { cue(showing: TTMLSelectedNode.root(of: $0, nodes: nodes), in: r, styles: styles, from: t) }
        }
    }

    /// Keeps the place of the cue the ISD at `t` would start in region `r`'s separable run.
    private mutating func appendPlaceholder(_ r: Int, at t: MediaTime) {
        runs[r].cues.append(cues.count)
        cues.append(Cue(start: t, end: nil, content: []))
        cueParagraphs.append(-1)
        usedRegions.insert(r)
    }

    /// Region `r`'s run has just stopped being separable: the cues the ISDs made in it so far take
    /// their placeholders' places, each selected again at its start (the first was made when the
    /// run began), and the last is left open.
    private mutating func makeISDCues(_ r: Int, from builder: TTMLISDBuilder) {
        var selection: [Int] = []
        var scratch = TTMLISDBuilder.SelectionScratch()
        var opened: OpenCue?
        var kept: [Int] = []
        for (k, slot) in runs[r].cues.enumerated() {
            let begin = cues[slot].start
            let (styles, _) = builder.selectRegion(r, at: begin, into: &selection, scratch: &scratch)
            let body = builder.hasSets ? builder.content(selection, at: begin) : nil
            if let known = opened, let body, known.body == body && known.styles == styles {
                dropped.append(slot)  // the same content under other sets: the ISD cue goes on
                opened!.selection = selection
                continue
            }
            if let known = opened { cues[known.cue].end = begin }
            if k > 0 { cues[slot] = isdCue(r, showing: selection, body: body, styles: styles, from: begin) }
            opened = OpenCue(cue: slot, selection: selection, body: body, styles: styles)
            kept.append(slot)
        }
        runs[r].cues = kept
        open[r] = opened
    }

    // MARK: - Paragraphs

    /// What became of a region's run when its selection changed.
    private enum RunChange { case started, goesOn, stopsBeingSeparable }

    /// Region `r` shows `selection` from `t`, which differs from what it showed: the run of its
    /// paragraphs goes on (and may stop being separable now), or ends and another begins.
    private mutating func follow(_ r: Int, at t: MediaTime, selection: [Int], from builder: TTMLISDBuilder) -> RunChange {
        var shown = slices
        slices = []
        defer { slices = shown }
        let alone = TTMLParagraphRun.paragraphs(in: selection, nodes: document.nodes, into: &shown) && keepsParagraphs
        if runs[r].isActive, let old = open[r]?.selection {
            if runs[r].continues(with: shown) {
                let wasSeparable = runs[r].isSeparable
                runs[r].advance(to: t, shown: shown, alone: alone, old: old, new: selection)
                return wasSeparable && !runs[r].isSeparable ? .stopsBeingSeparable : .goesOn
            }
            if let cue = open[r]?.cue, cue >= 0 { cues[cue].end = t }
            finishRun(r, at: t, from: builder)
            open[r] = nil
        }
        runs[r].start(at: t, shown: shown, alone: alone)
        return .started
    }

    /// Ends region `r`'s run at `t` (nil: the run lasts to the end), while its open cue is still
    /// the one it last showed: a separable run's paragraphs become its cues, in its placeholders'
    /// places (its first cue, made when it began, stays its first paragraph's when that began
    /// alone); otherwise its ISD cues stay, and its paragraphs are counted as cut unless it is one
    /// paragraph shown by one cue.
    private mutating func finishRun(_ r: Int, at t: MediaTime?, from builder: TTMLISDBuilder) {
        guard runs[r].isActive, open[r] != nil else { return }
        defer { runs[r].clear() }
        runs[r].end(at: t, selection: open[r]!.selection)
        guard runs[r].isSeparable else {
            if runs[r].pieces.count == 1 && runs[r].cues.count == 1 {
                cueParagraphs[runs[r].cues[0]] = Int32(runs[r].pieces[0].node)
            } else if !runs[r].pieces.isEmpty {
                for piece in runs[r].pieces { recutParagraphs.insert(piece.node) }
                recutCues += runs[r].cues.count
            }
            return
        }
        let first = runs[r].cues[0]
        let beganWithOne = runs[r].beganWithOne
        if beganWithOne && runs[r].pieces.count == 1 && runs[r].cues.count == 1 {  // nearly every run
            cues[first].end = runs[r].pieces[0].end
            cueParagraphs[first] = Int32(runs[r].pieces[0].node)
            return
        }
        let pieces = runs[r].pieces
        let styles = open[r]!.styles
        // A paragraph that shows nothing (only a line break) adds no line to the ISD's cue, but
        // would be an empty line as a cue of its own, and left out, its region would show nothing
        // (nor its background) while it alone is shown: such a run keeps the ISDs' cuts.
        var showsNothing = beganWithOne && cues[first].content.isEmpty
        var made: [(cue: Cue, paragraph: Int)] = []
        // A first paragraph that began alone has the cue the run began with.
        for (k, piece) in pieces.enumerated() where !showsNothing && (k > 0 || !beganWithOne) {
            var cue: Cue
            if builder.hasSets {
                cue = self.cue(showing: builder.content(piece.selection, at: piece.begin), in: r, styles: styles, from: piece.begin)
            } else {
                cue = document.nodes.withUnsafeBufferPointer { nodes in
                    piece.selection.withUnsafeBufferPointer {
                        self.cue(showing: TTMLSelectedNode.root(of: $0, nodes: nodes), in: r, styles: styles, from: piece.begin)
                    }
                }
            }
            cue.end = piece.end
            if cue.content.isEmpty { showsNothing = true }
            made.append((cue, piece.node))
        }
        if showsNothing {
            makeISDCues(r, from: builder)
            if let last = runs[r].cues.last { cues[last].end = t }
            for piece in runs[r].pieces { recutParagraphs.insert(piece.node) }
            recutCues += runs[r].cues.count
            return
        }
        let slots = runs[r].cues
        if beganWithOne {
            cues[first].end = pieces[0].end
            cueParagraphs[first] = Int32(pieces[0].node)
        }
        // Each in the place of the placeholder made when it began (every piece begins at a time
        // the run's selection changed), so that cues beginning together in different regions
        // keep the regions' order, as the ISDs' cues do.
        var slot = 0
        for made in made {
            while slot + 1 < slots.count && cues[slots[slot]].start < made.cue.start { slot += 1 }
            replacements[slots[slot], default: []].append(made)
        }
        dropped += beganWithOne ? slots.dropFirst() : slots[...]
    }

    /// Ends the runs still open (the last ISD lasts indefinitely), puts each separated run's
    /// paragraph cues in place of its ISD cues, gives a cue that is one paragraph the paragraph's
    /// `xml:id` (when no other cue shows it too), and says what stays cut.
    mutating func finish(from builder: TTMLISDBuilder) {
        for r in runs.indices where runs[r].isActive { finishRun(r, at: nil, from: builder) }
        if !dropped.isEmpty {
            var isDropped = [Bool](repeating: false, count: cues.count)
            for k in dropped { isDropped[k] = true }
            var kept: [Cue] = []
            var keptParagraphs: [Int32] = []
            kept.reserveCapacity(cues.count)
            keptParagraphs.reserveCapacity(cues.count)
            for k in cues.indices {
                if let made = replacements[k] {
                    for (cue, paragraph) in made {
                        kept.append(cue)
                        keptParagraphs.append(Int32(paragraph))
                    }
                }
                if !isDropped[k] {
                    kept.append(cues[k])
                    keptParagraphs.append(cueParagraphs[k])
                }
            }
            cues = kept
            cueParagraphs = keptParagraphs
        }
        // A paragraph shown by more than one cue (in pieces, or in two regions) is cut too.
        var shownBy = [Int32](repeating: 0, count: document.nodes.count)
        for p in cueParagraphs where p >= 0 { shownBy[Int(p)] += 1 }
        for k in cues.indices where cueParagraphs[k] >= 0 {
            let p = Int(cueParagraphs[k])
            if shownBy[p] == 1 {
                if let id = document.nodes[p].id { cues[k].id = id }
            } else {
                recutParagraphs.insert(p)
                recutCues += 1
            }
        }
        if let first = recutParagraphs.min() {
            let n = recutParagraphs.count
            diagnostics.append(Diagnostic(
                .info, .ttmlParagraphsRecut,
                "\(n) paragraph\(n == 1 ? " is" : "s are") shown as \(recutCues) cue\(recutCues == 1 ? "" : "s"), cut where what their region shows changes (spans or sets timed inside them, or overlapping paragraphs that one cue each would not show as the document does); the first is here",
                at: document.nodes[first].location))
        }
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
