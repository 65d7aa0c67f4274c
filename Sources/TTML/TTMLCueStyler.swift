import TimedText
internal import XML

/// Computes the styles of what the ISDs show (TTML2 §10.4: region → body → div → p → span) and
/// turns them into the model's terms, for the reader.
///
/// - A cue's `style` is its body's computed text style: a TTML document states every property
///   (initial values included), so nothing is left to a player's defaults.
/// - A `p` or `span` carries only what it computes differently from its parent, as a styled span.
/// - A region becomes a `Region` with its geometry in proportions of the root container.
///
/// Documents repeat the same few styles on thousands of paragraphs: a computation is remembered
/// by the parent's computed style and the specified values (not their locations); a bad value is
/// still reported for every place it is written, once however many elements use it.
final class TTMLCueStyler {
    let computation: TTMLStyleComputation
    private(set) var log = DiagnosticLog()
    private var memo: [MemoKey: (computed: Computed, reported: Bool)] = [:]
    /// The sets of attribute locations whose values were checked already (so that they are not
    /// computed again only to find nothing new to report).
    private var reportedAt: Set<[SourceLocation]> = []
    /// What was reported.
    private var reported: Set<Diagnostic> = []
    private var styles: [TTMLComputedStyle] = []

    /// A computed style by number (an index into `styles`), with its model properties and the
    /// cue text alignment its `tts:textAlign` asks for. Shared, not copied: a style is handed
    /// down every element of every cue, and copying its properties retained each of their parts.
    final class Computed: @unchecked Sendable {
        // @unchecked: immutable once made.
        let id: Int
        let properties: StyleProperties
        let textAlignment: CueLayout.TextAlignment

        init(id: Int, properties: StyleProperties, textAlignment: CueLayout.TextAlignment) {
            self.id = id
            self.properties = properties
            self.textAlignment = textAlignment
        }
    }

    private struct MemoKey: Hashable {
        var parent: Int
        var kind: TTMLStyledElementKind
        var specified: [XMLName: String]
    }

    init(context: TTMLStyleContext) {
        computation = TTMLStyleComputation(context: context)
    }

    /// The computed style of an element of `kind` with `specified` styles under `parent` (nil: the
    /// root of the chain, for a region).
    /// Elements whose styles cannot change (no `set`), by element and parent: the body, divs and
    /// regions that every cue passes through are looked up by two integers, not by their styles.
    private var byElement: [ElementKey: Computed] = [:]

    private struct ElementKey: Hashable {
        /// A content node's index, or −1 − a region's index.
        var element: Int
        var parent: Int
    }

    /// `compute` for an element that `element` identifies (a content node's index, or −1 − a
    /// region's) whose specified styles are always the same: remembered by identity.
    func compute(_ specified: [XMLName: XMLAttribute], kind: TTMLStyledElementKind, parent: Computed?, element: Int) -> Computed {
        let key = ElementKey(element: element, parent: parent?.id ?? -1)
        // The region, body and div of one cue are those of the cue before, nearly always: the
        // last few are looked at before the map (hashing the key for each was a cost per cue).
        if let known = recentByElement.value(for: key) { return known }
        let computed: Computed
        if let known = byElement[key] {
            computed = known
        } else {
            computed = compute(specified, kind: kind, parent: parent)
            byElement[key] = computed
        }
        recentByElement.remember(computed, for: key)
        return computed
    }

    private var recentByElement = RecentlyFound<ElementKey, Computed>()

    /// The specified sets met under each parent and kind, with what they computed to, so that the
    /// same set met again (locations included) is found without hashing its values: elements
    /// that name the same styles and state none of their own share one stored set, found by
    /// identity (`sameStorage`). A few per parent and kind are enough. Indexed by parent and
    /// kind (`recentSlot`): hashing the pair for every element of every cue cost more.
    private var recent: [[(specified: [XMLName: XMLAttribute], computed: Computed)]] = []
    private static let recentLimit = 8

    private static func recentSlot(parent: Computed?, kind: TTMLStyledElementKind) -> Int {
        let kindNumber: Int
        switch kind {
        case .region: kindNumber = 0
        case .body: kindNumber = 1
        case .div: kindNumber = 2
        case .p: kindNumber = 3
        case .span: kindNumber = 4
        case .br: kindNumber = 5
        }
        return ((parent?.id ?? -1) + 1) * 6 + kindNumber
    }

    func compute(_ specified: [XMLName: XMLAttribute], kind: TTMLStyledElementKind, parent: Computed?) -> Computed {
        let slot = Self.recentSlot(parent: parent, kind: kind)
        // Met before with these very locations: whatever it had to report has been reported.
        if slot < recent.count {
            if let known = recent[slot].first(where: { sameStorage($0.specified, specified) }) { return known.computed }
            if let known = recent[slot].first(where: { $0.specified == specified }) { return known.computed }
        }
        let computed = computeByValue(specified, kind: kind, parent: parent)
        if recent.count <= slot { recent += Array(repeating: [], count: slot + 1 - recent.count) }
        if recent[slot].count < Self.recentLimit { recent[slot].append((specified, computed)) }
        return computed
    }

    private func computeByValue(_ specified: [XMLName: XMLAttribute], kind: TTMLStyledElementKind, parent: Computed?) -> Computed {
        let key = MemoKey(parent: parent?.id ?? -1, kind: kind, specified: specified.mapValues(\.value))
        if let known = memo[key] {
            // The same bad value written somewhere else is reported there too.
            if known.reported {
                reportOnce(specified) { computation.compute(specified: specified, kind: kind, parent: parent.map { styles[$0.id] }).diagnostics }
            }
            return known.computed
        }
        let result = computation.compute(specified: specified, kind: kind, parent: parent.map { styles[$0.id] })
        let computed = Computed(id: styles.count, properties: computation.styleProperties(result.value),
                                textAlignment: Self.textAlignment(result.value))
        styles.append(result.value)
        memo[key] = (computed, !result.diagnostics.isEmpty)
        if !result.diagnostics.isEmpty { reportOnce(specified) { result.diagnostics } }
        return computed
    }

    /// Reports what computing `specified` found, unless values at these very locations were
    /// reported already.
    private func reportOnce(_ specified: [XMLName: XMLAttribute], _ diagnostics: () -> [Diagnostic]) {
        guard reportedAt.insert(specified.values.map(\.location).sorted()).inserted else { return }
        report(diagnostics())
    }

    /// Logs each diagnostic not logged before: a value met through several elements, or
    /// through styles that several others reference, is about one place in the file.
    private func report(_ diagnostics: [Diagnostic]) {
        for d in diagnostics where reported.insert(d).inserted {
            log.report(d.severity, d.code, d.message, at: d.location)
        }
    }

    func style(_ computed: Computed) -> TTMLComputedStyle { styles[computed.id] }

    /// What `computed` states differently from `parent` (a span's or paragraph's own style), and
    /// a computed style as a whole (`parent` nil: a cue's style), each stored once per styler and
    /// shared by every span and cue that has it, instead of a copy each.
    /// Per parent (`Computed.id` + 1; 0 for none), the differences made from it. A parent has few
    /// distinct children's styles, found by a short scan (hashing the pair for a dictionary cost
    /// more, for every span and paragraph of every cue).
    /// A parent with more than `shortScan` of them (a document of very many distinct styles) has
    /// the rest in `moreDifferences`, so that a look-up never scans long.
    private var differences: [[(style: Int, shared: SharedStyle)]] = []
    private var moreDifferences: [StylePair: SharedStyle] = [:]
    private static let shortScan = 16

    private struct StylePair: Hashable {
        var style: Int
        var parent: Int
    }

    func difference(_ computed: Computed, from parent: Computed?) -> SharedStyle {
        let slot = (parent?.id ?? -1) + 1
        if slot < differences.count {
            if let known = differences[slot].first(where: { $0.style == computed.id }) { return known.shared }
            if differences[slot].count == Self.shortScan, let known = moreDifferences[StylePair(style: computed.id, parent: slot)] {
                return known
            }
        }
        let made = SharedStyle(parent.map { computed.properties.removingValues(sharedWith: $0.properties) } ?? computed.properties)
        if differences.count <= slot { differences += Array(repeating: [], count: slot + 1 - differences.count) }
        if differences[slot].count < Self.shortScan {
            differences[slot].append((computed.id, made))
        } else {
            moreDifferences[StylePair(style: computed.id, parent: slot)] = made
        }
        return made
    }

    /// The model region for a TTML region, its geometry and background from its computed style;
    /// `segments` (`TTMLISDBuilder.regionStyleSegments`) are its specified styles while its
    /// `set`s change them, which become the region's `styleChanges`.
    func region(_ region: TTMLRegion, segments: [(begin: MediaTime, end: MediaTime?, styles: [XMLName: XMLAttribute])] = []) -> Region {
        let computed = compute(region.specifiedStyles, kind: .region, parent: nil)
        let result = computation.region(id: region.id, style: style(computed))
        for d in result.diagnostics { log.report(d.severity, d.code, d.message, at: d.location ?? region.location) }
        var model = result.value
        var geometryAnimated = false
        for segment in segments {
            var changed = computation.region(id: region.id, style: style(compute(segment.styles, kind: .region, parent: nil))).value
            let style = changed.style
            // Anything else that differs is geometry (origin, extent, padding, writing mode...).
            changed.style = model.style
            changed.styleChanges = model.styleChanges
            if changed != model { geometryAnimated = true }
            guard style != model.style else { continue }
            // Whiles that follow each other with the same style are one change.
            if let last = model.styleChanges.last, last.style == style, last.end == segment.begin {
                model.styleChanges[model.styleChanges.count - 1].end = segment.end
            } else {
                model.styleChanges.append(Region.StyleChange(begin: segment.begin, end: segment.end, style: style))
            }
        }
        if geometryAnimated {
            // The model's region has one box: a `set` of its geometry would be lost without a word.
            log.report(.warning, .ttmlRegionGeometryAnimated,
                       "region '\(region.id)': a set changes its position, size, padding or layout, which is not drawn (it keeps its own)",
                       at: region.location)
        }
        return model
    }

    /// The cue text alignment a computed `tts:textAlign` asks for.
    static func textAlignment(_ style: TTMLComputedStyle) -> CueLayout.TextAlignment {
        guard case .keyword(let keyword)? = style[tts: "textAlign"] else { return .start }
        switch keyword {
        case "center": return .center
        case "end": return .end
        case "left": return .left
        case "right": return .right
        default: return .start  // start, justify
        }
    }
}

/// Whether two maps share their storage, and so are equal: `==` looks every key of one up in the
/// other even then. (A dictionary is one reference to its storage; where it is not, this says
/// no and the caller compares.)
@inline(__always) func sameStorage<Key, Value>(_ a: [Key: Value], _ b: [Key: Value]) -> Bool {
    guard MemoryLayout<[Key: Value]>.size == MemoryLayout<UnsafeRawPointer>.size else { return false }
    return unsafeBitCast(a, to: UnsafeRawPointer.self) == unsafeBitCast(b, to: UnsafeRawPointer.self)
}
