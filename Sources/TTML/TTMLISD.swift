public import TimedText
public import XML

/// One element of an intermediate synchronic document: a content node selected into a region at
/// some time, with its specified styles as they are then (`set` values applied).
public struct TTMLISDNode: Sendable, Hashable {
    /// The node, by index into `TTMLDocument.nodes`.
    public var node: Int
    /// The node's specified styles then: its own, with the values of its active `set`s applied
    /// (not inherited, not computed: `TTMLStyleComputation` does that).
    public var styles: [XMLName: XMLAttribute]
    /// The children selected into the region then, in document order.
    public var children: [TTMLISDNode]

    package init(node: Int, styles: [XMLName: XMLAttribute], children: [TTMLISDNode] = []) {
        self.node = node
        self.styles = styles
        self.children = children
    }
}

/// What one region shows during one ISD interval.
public struct TTMLISDRegion: Sendable, Hashable {
    /// The region, by index into `TTMLDocument.regions`.
    public var region: Int
    /// The region's specified styles then (`set` values applied).
    public var styles: [XMLName: XMLAttribute]
    /// The body as selected into this region, or nil when the region shows nothing.
    public var body: TTMLISDNode?
}

/// The document between two consecutive significant times (TTML2 §11.3.1.5): every active region
/// and what it shows.
public struct TTMLISD: Sendable, Hashable {
    /// The significant time the ISD starts at.
    public var begin: MediaTime
    /// Nil for the last ISD, which lasts indefinitely.
    public var end: MediaTime?
    /// The regions active then, in `TTMLDocument.regions` order, each with what it shows.
    public var regions: [TTMLISDRegion]

    /// True when some region shows content.
    public var hasContent: Bool { regions.contains { $0.body != nil } }
}

/// Builds the ISD sequence of a document: the significant times (0 and every begin and end of an
/// element, `set` or region) and, for each interval between them, what each region shows.
///
/// Content selection follows TTML2 §11.3.1.3: an element goes to the region its `region`
/// attribute (or an inline region) names, else to its nearest ancestor's, else — when it names
/// none and no ancestor does — it is kept in any region that one of its descendants goes to, and
/// in the default region when the document defines no region. An element that names another
/// region is left out with everything in it. Then (§11.3.1.5) inactive elements, elements with
/// `tts:display="none"` and empty containers are pruned.
package struct TTMLISDBuilder: Sendable {
    /// The document the ISDs are of.
    package let document: TTMLDocument
    /// Containers with many children are indexed by begin time so that finding the children
    /// active at a time costs a binary search, not a scan (a body of 10,000 paragraphs).
    private var indexes: [ChildIndex] = []
    /// Elements and regions with many `set`s, their sets indexed the same way (by `setOwner`):
    /// an element animated a thousand times must not look at every set at every time.
    private var setIndexes: [Int: ChildIndex] = [:]

    /// Items (child nodes, or sets) by begin time. A reference, so that looking at one does not
    /// retain each of its arrays.
    final class ChildIndex: Sendable {
        /// Item indices, ordered by begin.
        let order: [Int]
        let begins: [MediaTime]
        /// `maxEnds[k]`: the latest end among `order[0...k]` (nil: indefinite).
        let maxEnds: [MediaTime?]

        /// Indexes the items whose intervals are not empty.
        init(_ items: [Int], intervals: (Int) -> TTMLInterval) {
            let order = items.filter { !intervals($0).isEmpty }.sorted { intervals($0).begin < intervals($1).begin }
            var maxEnds: [MediaTime?] = []
            maxEnds.reserveCapacity(order.count)
            var latest: MediaTime?? = .none
            for item in order {
                let end = intervals(item).end
                switch latest {
                case .none: latest = .some(end)
                case .some(nil): break
                case .some(let l?): latest = .some(end.map { max(l, $0) })
                }
                maxEnds.append(latest!)
            }
            self.order = order
            begins = order.map { intervals($0).begin }
            self.maxEnds = maxEnds
        }
    }

    static let indexThreshold = 16

    /// For each node, the part of its interval in which it can show anything: its own interval for
    /// text and `br`, for a container the hull of its children's hulls within its own interval.
    /// A container is pruned outside it (nothing in it is active), so selecting by hull gives the
    /// same ISDs, and untimed `div`s (which all begin at 0) stop hiding their children's times
    /// from the index.
    private var hulls: [TTMLInterval]
    /// Per node, what selection needs to know without touching the node: its kind, and whether
    /// its own specified styles hide it (`set`s can change that; those nodes are checked in full).
    private var flags: [NodeFlags]

    struct NodeFlags {
        enum Kind: UInt8 { case container, text, whitespace, lineBreak }
        var kind: Kind
        var hidden: Bool
        var hasSets: Bool
        /// The container's `ChildIndex` in `indexes`, or -1 when it has none.
        var childIndex: Int32 = -1
        /// The node's own `region` (`noRegion` when it names none), kept here so that finding
        /// a node in another region does not touch the node.
        var region: Int32

        static let noRegion = Int32.min
        var ownRegion: Int? { region == Self.noRegion ? nil : Int(region) }
    }

    /// Per region: hidden whatever the time (`tts:display="none"`, no `set`s to change it).
    private var regionsHidden: [Bool]
    /// Whether any element or region has a `set`. Without, what a region shows is a function of
    /// its selection alone: two selections show the same exactly when they are equal.
    private(set) var hasSets = false

    /// A builder for `document`, its large containers indexed by begin time so that each ISD
    /// costs a search rather than a scan of every paragraph.
    package init(document: TTMLDocument) {
        self.document = document
        // Through a buffer: reading a field of `nodes[i]` must not copy (retain) the whole node.
        let hulls = document.nodes.withUnsafeBufferPointer { nodes in
            var hulls = nodes.map(\.interval)
            for i in nodes.indices.reversed() {
                switch nodes[i].kind {
                case .text, .br: continue
                default: break
                }
                var begin: MediaTime?
                var end: MediaTime?? = .none  // .none: no child yet; .some(nil): indefinite
                // A div's picture is shown for the whole of the div's own interval.
                if nodes[i].image != nil, !nodes[i].interval.isEmpty {
                    begin = nodes[i].interval.begin
                    end = .some(nodes[i].interval.end)
                }
                for child in nodes[i].children where !hulls[child].isEmpty {
                    let h = hulls[child]
                    begin = begin.map { min($0, h.begin) } ?? h.begin
                    switch end {
                    case .none: end = .some(h.end)
                    case .some(nil): break
                    case .some(let e?): end = .some(h.end.map { max(e, $0) })
                    }
                }
                guard let b = begin, case .some(let e) = end else {
                    hulls[i] = TTMLInterval(begin: nodes[i].interval.begin, end: nodes[i].interval.begin)
                    continue
                }
                hulls[i] = TTMLDocumentBuilder.clip(TTMLInterval(begin: b, end: e), to: nodes[i].interval)
            }
            return hulls
        }
        let flags = Self.flags(of: document)
        regionsHidden = document.regions.map { $0.sets.isEmpty && TTMLContentPresence.isHidden($0.specifiedStyles) }
        hasSets = flags.contains { $0.hasSets } || document.regions.contains { !$0.sets.isEmpty }
        self.hulls = hulls
        self.flags = flags
        for i in document.nodes.indices where document.nodes[i].children.count >= Self.indexThreshold {
            self.flags[i].childIndex = Int32(indexes.count)
            indexes.append(ChildIndex(document.nodes[i].children, intervals: { hulls[$0] }))
        }
        for i in document.nodes.indices where document.nodes[i].sets.count >= Self.indexThreshold {
            let sets = document.nodes[i].sets
            setIndexes[Self.setOwner(node: i)] = ChildIndex(Array(sets.indices), intervals: { sets[$0].interval })
        }
        for r in document.regions.indices where document.regions[r].sets.count >= Self.indexThreshold {
            let sets = document.regions[r].sets
            setIndexes[Self.setOwner(region: r)] = ChildIndex(Array(sets.indices), intervals: { sets[$0].interval })
        }
    }

    /// Keys of `setIndexes`.
    static func setOwner(node: Int) -> Int { node }
    static func setOwner(region: Int) -> Int { -1 - region }

    /// Calls `body` with the index of each of `sets` (those of `owner`) active at `t`, in document order.
    @inline(__always)
    func forEachActiveSet(_ sets: [TTMLSet], of owner: Int, at t: MediaTime, _ body: (Int) -> Void) {
        if sets.count >= Self.indexThreshold, let index = setIndexes[owner] {
            var active: [Int] = []
            var position = 0
            appendActive(index, at: t, to: &active, from: &position) { sets[$0].interval.contains(t) }
            for k in active { body(k) }
        } else {
            for k in sets.indices where sets[k].interval.contains(t) { body(k) }
        }
    }

    /// The specified styles with the values of the `set`s active at `t` applied, in document order.
    func styles(_ base: [XMLName: XMLAttribute], _ sets: [TTMLSet], of owner: Int, at t: MediaTime) -> [XMLName: XMLAttribute] {
        var styles = base
        forEachActiveSet(sets, of: owner, at: t) { k in styles.merge(sets[k].styles) { _, new in new } }
        return styles
    }

    /// Region `r`'s specified styles over time, where its `set`s change them: from each time one
    /// of its sets begins or ends until the next, the styles then (`set` values applied). Only
    /// the whiles in which some set is active are given; the region has its own styles elsewhere.
    func regionStyleSegments(_ r: Int) -> [(begin: MediaTime, end: MediaTime?, styles: [XMLName: XMLAttribute])] {
        let sets = document.regions[r].sets.filter { !$0.interval.isEmpty }
        guard !sets.isEmpty else { return [] }
        var bounds: [MediaTime] = []
        var indefinite = false
        for set in sets {
            bounds.append(set.interval.begin)
            if let end = set.interval.end { bounds.append(end) } else { indefinite = true }
        }
        bounds.sort()
        var times: [MediaTime] = []
        for t in bounds where times.last != t { times.append(t) }
        let owner = Self.setOwner(region: r)
        let all = document.regions[r].sets
        var segments: [(begin: MediaTime, end: MediaTime?, styles: [XMLName: XMLAttribute])] = []
        for (k, t) in times.enumerated() {
            var active = false
            forEachActiveSet(all, of: owner, at: t) { _ in active = true }
            guard active else { continue }
            let end: MediaTime? = k + 1 < times.count ? times[k + 1] : (indefinite ? nil : t)
            if let end, end == t { continue }
            segments.append((t, end, styles(document.regions[r].specifiedStyles, all, of: owner, at: t)))
        }
        return segments
    }

    /// Each node's `NodeFlags`, without its child index.
    static func flags(of document: TTMLDocument) -> [NodeFlags] {
        document.nodes.withUnsafeBufferPointer { nodes in
            var flags: [NodeFlags] = []
            flags.reserveCapacity(nodes.count)
            for i in nodes.indices {
                let kind: NodeFlags.Kind
                switch nodes[i].kind {
                case .text: kind = nodes[i].isCollapsibleWhitespace ? .whitespace : .text
                case .br: kind = .lineBreak
                default: kind = .container
                }
                let styles = nodes[i].specifiedStyles
                flags.append(NodeFlags(kind: kind, hidden: !styles.isEmpty && TTMLContentPresence.isHidden(styles),
                                       hasSets: !nodes[i].sets.isEmpty,
                                       region: nodes[i].region.map { Int32(clamping: $0) } ?? NodeFlags.noRegion))
            }
            return flags
        }
    }

    /// The significant times in increasing order, starting at 0.
    package func significantTimes() -> [MediaTime] { Self.significantTimes(of: document) }

    /// The significant times of `document` (needing nothing the builder indexes, they can be
    /// found while it indexes).
    package static func significantTimes(of document: TTMLDocument) -> [MediaTime] {
        significantTimesAndChanges(of: document).times
    }

    /// The significant times, and for each the regions whose content may change then.
    struct SignificantTimes: Sendable {
        var times: [MediaTime]
        /// Per time `k`, the regions in which something that can be shown there begins or ends
        /// then — `changes[changeStarts[k]..<changeStarts[k + 1]]`, in ascending order — so that
        /// the other regions' selections then are the ones before. `everyRegion` (-1) alone when
        /// that cannot be told (`set`s change what is shown at their own times).
        private(set) var changeStarts: [Int32]
        private(set) var changes: [Int32]

        static let everyRegion: Int32 = -1

        /// Every region may change at every time (tests: passing over regions must not matter).
        init(everyRegionChangingAt times: [MediaTime]) {
            self.times = times
            changeStarts = (0...times.count).map { Int32($0) }
            changes = Array(repeating: Self.everyRegion, count: times.count)
        }

        init(times: [MediaTime], changeStarts: [Int32], changes: [Int32]) {
            self.times = times
            self.changeStarts = changeStarts
            self.changes = changes
        }

        /// Whether every region is to be looked at at time `k`.
        func everyRegionMayChange(at k: Int) -> Bool {
            changes[Int(changeStarts[k])..<Int(changeStarts[k + 1])].first == Self.everyRegion
        }

        /// The regions that may change at time `k` (when not every region may).
        func changedRegions(at k: Int) -> ArraySlice<Int32> {
            changes[Int(changeStarts[k])..<Int(changeStarts[k + 1])]
        }
    }

    /// The significant times and what may change at each.
    ///
    /// A node can only be shown in a region if no element from the body down to it names another
    /// region: its *regions* are all of them while none up there names one, the one named first
    /// when every one named after is that one, none otherwise. Selection for a region visits no
    /// node outside it, so a region's selection changes only at a time when a node that can be in
    /// it begins or ends (or the region itself does). Each event names every region, one, or
    /// none, so the work is linear in the events however many regions there are.
    static func significantTimesAndChanges(of document: TTMLDocument) -> SignificantTimes {
        let all = SignificantTimes.everyRegion
        let none: Int32 = -2
        // With sets (which change what is shown at their own times) every region is looked at every time.
        var everyRegionAlways = document.regions.contains { !$0.sets.isEmpty }
        var events: [(time: MediaTime, region: Int32)] = [(.zero, all)]
        events.reserveCapacity(document.nodes.count * 2 + 1)
        func add(_ interval: TTMLInterval, _ region: Int32) {
            guard !interval.isEmpty else { return }
            events.append((interval.begin, region))
            if let end = interval.end { events.append((end, region)) }
        }
        func narrowed(_ regions: Int32, by region: Int?) -> Int32 {
            guard let region else { return regions }
            guard region >= 0 else { return none }
            return regions == all || regions == Int32(region) ? Int32(region) : none
        }
        // A child whose interval is its parent's (text, and most spans and line breaks, are timed
        // by their paragraph) adds no time: sorting a few times per paragraph instead of one per
        // node halves the work. (Its regions are among its parent's, whose times these are.)
        document.nodes.withUnsafeBufferPointer { nodes in
            var regions = [Int32](repeating: none, count: nodes.count)
            if let body = nodes.first {
                regions[0] = narrowed(all, by: body.region)
                add(body.interval, regions[0])
            }
            for i in nodes.indices {
                for child in nodes[i].children {
                    regions[child] = narrowed(regions[i], by: nodes[child].region)
                    if nodes[child].interval != nodes[i].interval { add(nodes[child].interval, regions[child]) }
                }
                for s in nodes[i].sets {
                    add(s.interval, all)
                    everyRegionAlways = true
                }
            }
        }
        for (r, region) in document.regions.enumerated() {
            add(region.interval, Int32(r))
            for s in region.sets { add(s.interval, all) }
        }
        events.sort { $0.time < $1.time || ($0.time == $1.time && $0.region < $1.region) }
        // Grouped by time; within a time the regions come sorted, every region (-1) first.
        var times: [MediaTime] = []
        var changeStarts: [Int32] = []
        var changes: [Int32] = []
        times.reserveCapacity(events.count / 2)
        changeStarts.reserveCapacity(events.count / 2 + 1)
        changes.reserveCapacity(events.count / 2)
        for event in events {
            if times.last != event.time {
                times.append(event.time)
                changeStarts.append(Int32(changes.count))
                if everyRegionAlways { changes.append(all) }
            }
            guard !everyRegionAlways, event.region != none else { continue }
            let first = Int(changeStarts[changeStarts.count - 1])
            if changes.count > first && (changes[first] == all || changes[changes.count - 1] == event.region) { continue }
            changes.append(event.region)
        }
        changeStarts.append(Int32(changes.count))
        return SignificantTimes(times: times, changeStarts: changeStarts, changes: changes)
    }

    /// The whole sequence, one ISD per significant time.
    package func sequence() -> [TTMLISD] {
        let times = significantTimes()
        var result: [TTMLISD] = []
        result.reserveCapacity(times.count)
        for (k, t) in times.enumerated() {
            result.append(isd(at: t, until: k + 1 < times.count ? times[k + 1] : nil))
        }
        return result
    }

    /// The ISD at time `t` (ending at `end`, for the record).
    package func isd(at t: MediaTime, until end: MediaTime? = nil) -> TTMLISD {
        var regions: [TTMLISDRegion] = []
        var selection: [Int] = []
        var scratch = SelectionScratch()
        for r in document.regions.indices where document.regions[r].interval.contains(t) {
            let (styles, shows) = selectRegion(r, at: t, into: &selection, scratch: &scratch)
            regions.append(TTMLISDRegion(region: r, styles: styles, body: shows ? content(selection, at: t) : nil))
        }
        return TTMLISD(begin: t, end: end, regions: regions)
    }

    /// What region `r`, active at `t`, shows then, as a selection in `selection` (replacing what
    /// it held): the markers of the region's active `set`s, then the body's selection. Returns
    /// the region's specified styles then, and whether it shows anything.
    func selectRegion(_ r: Int, at t: MediaTime, into selection: inout [Int], scratch: inout SelectionScratch)
        -> (styles: [XMLName: XMLAttribute], shows: Bool) {
        selection.removeAll(keepingCapacity: true)
        // Fields read in place: copying the region would retain each of its references.
        let sets = document.regions[r].sets
        let owner = Self.setOwner(region: r)
        forEachActiveSet(sets, of: owner, at: t) { selection.append(Self.setMarker($0)) }
        let styles = sets.isEmpty ? document.regions[r].specifiedStyles : self.styles(document.regions[r].specifiedStyles, sets, of: owner, at: t)
        let hidden = sets.isEmpty ? regionsHidden[r] : TTMLContentPresence.isHidden(styles)
        let shows = !hidden && !document.nodes.isEmpty
            && select(0, at: t, region: r, inherited: nil, into: &selection, scratch: &scratch)
        return (styles, shows)
    }


    // MARK: - Selection

    // What a region shows at a time is first found as a *selection*: the selected nodes in
    // document order, flat, each written as its index, then `setMarker(k)` for each of its `set`s
    // active then, then its selected children, then `close`. That is all the content depends on
    // (a node's styles at t are its specified ones and its active sets), so two equal selections
    // show the same; it costs no allocation to find, which matters because most significant
    // times change nothing in most regions. The tree (`TTMLISDNode`) is made from it only where
    // something is shown anew.

    /// What selecting needs besides its output: a stack of the active children of the indexed
    /// containers being visited, and where each index was last looked at.
    struct SelectionScratch {
        var children: [Int] = []
        var positions: [Int] = []
    }

    static let close = -1
    static func setMarker(_ k: Int) -> Int { -2 - k }

    /// Appends the selection of node `index` (and what is selected in it) to `out`; false, with
    /// `out` as it was, when the node is not selected into `region` at `t`. `scratch` holds the
    /// active children of the indexed containers being visited (a stack, left as it was found).
    func select(_ index: Int, at t: MediaTime, region: Int, inherited: Int?, into out: inout [Int], scratch: inout SelectionScratch) -> Bool {
        guard hulls[index].contains(t) else { return false }
        let flag = flags[index]
        let effective = flag.ownRegion ?? inherited
        if let effective, effective != region { return false }
        let mark = out.count
        out.append(index)
        if flag.hasSets {
            let sets = document.nodes[index].sets
            if TTMLContentPresence.isHidden(styles(document.nodes[index].specifiedStyles, sets, of: index, at: t)) {
                out.removeLast()
                return false
            }
            forEachActiveSet(sets, of: index, at: t) { out.append(Self.setMarker($0)) }
        } else if flag.hidden {
            out.removeLast()
            return false
        }
        if flag.kind != .container {
            let ownRegion = effective == region || (effective == nil && document.regions[region].origin == .defaultRegion)
            guard ownRegion else {
                Self.truncate(&out, to: mark)
                return false
            }
            out.append(Self.close)
            return true
        }
        var hasContent = false
        func visit(_ child: Int) {
            if select(child, at: t, region: region, inherited: effective, into: &out, scratch: &scratch),
               flags[child].kind != .whitespace {
                hasContent = true
            }
        }
        if flag.childIndex >= 0 {
            let base = scratch.children.count
            let k = Int(flag.childIndex)
            if scratch.positions.count < indexes.count { scratch.positions = Array(repeating: 0, count: indexes.count) }
            appendActive(indexes[k], at: t, to: &scratch.children, from: &scratch.positions[k]) { hulls[$0].contains(t) }
            for k in base..<scratch.children.count { visit(scratch.children[k]) }
            Self.truncate(&scratch.children, to: base)
        } else {
            // Few children: looked at in place, in document order.
            document.nodes.withUnsafeBufferPointer { nodes in
                for child in nodes[index].children where hulls[child].contains(t) { visit(child) }
            }
        }
        // A container is kept when something in it is shown: text that is not just collapsible
        // white space, a line break, a picture, or a container kept for the same reason.
        // A div that shows a picture is content with no text (IMSC image profiles).
        guard hasContent || document.nodes[index].image != nil else {
            Self.truncate(&out, to: mark)
            return false
        }
        out.append(Self.close)
        return true
    }

    /// Drops what `array` holds past `count`, one element at a time: a few at most, and the
    /// range-removing methods go through a generic replacement that costs more than they do.
    @inline(__always) static func truncate(_ array: inout [Int], to count: Int) {
        while array.count > count { array.removeLast() }
    }

    /// The tree of a region's selection made at `t` that shows something (`selectRegion`).
    func content(_ selection: [Int], at t: MediaTime) -> TTMLISDNode {
        var position = selection.firstIndex { $0 >= 0 }!  // after the region's set markers
        return selection.withUnsafeBufferPointer { node(in: $0, at: &position, time: t) }
    }

    private func node(in selection: UnsafeBufferPointer<Int>, at position: inout Int, time t: MediaTime) -> TTMLISDNode {
        let index = selection[position]
        position += 1
        while selection[position] < Self.close { position += 1 }  // the active sets: found again from t
        let styles = flags[index].hasSets
            ? styles(document.nodes[index].specifiedStyles, document.nodes[index].sets, of: index, at: t)
            : document.nodes[index].specifiedStyles
        var children: [TTMLISDNode] = []
        while selection[position] != Self.close { children.append(node(in: selection, at: &position, time: t)) }
        position += 1
        return TTMLISDNode(node: index, styles: styles, children: children)
    }

    /// Appends the items in `index` (children, or sets) active at `t` to `out`, in document order.
    /// `position` is where the items that began by the previous time asked for ended: times
    /// asked for in increasing order (a track's) move it a step or two, found without a search.
    private func appendActive(_ index: ChildIndex, at t: MediaTime, to out: inout [Int], from position: inout Int,
                              isActive: (Int) -> Bool) {
        // The children that began by t, scanned backwards while some of them may still be active.
        let begins = index.begins
        var lo = 0, hi = begins.count
        if position > 0 && position <= begins.count && begins[position - 1] <= t {
            lo = position
            var steps = 0
            while lo < hi && begins[lo] <= t && steps < 8 {
                lo += 1
                steps += 1
            }
            if lo < hi && begins[lo] <= t { lo += 1 } else { hi = lo }  // further: searched
        }
        while lo < hi {
            let mid = (lo + hi) / 2
            if begins[mid] <= t { lo = mid + 1 } else { hi = mid }
        }
        position = lo
        let base = out.count
        var k = lo - 1
        while k >= 0 {
            if let latest = index.maxEnds[k], latest <= t { break }
            let item = index.order[k]
            if isActive(item) { out.append(item) }
            k -= 1
        }
        // Back to document order (indices grow in document order).
        if out.count - base > 1 { out[base...].sort() }
    }
}

/// The few style values that decide whether content exists at all, kept in one place: the style
/// resolver interprets every other value.
enum TTMLContentPresence {
    static let display = XMLName(XMLNamespace.tts, "display")

    /// `tts:display="none"`: the element (or region) and everything in it is not presented.
    static func isHidden(_ styles: [XMLName: XMLAttribute]) -> Bool {
        guard let value = styles[display]?.value else { return false }
        return trimmed(value) == "none"
    }
}
