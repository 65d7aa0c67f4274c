import TimedText

extension DiagnosticCode {
    /// Paragraphs that could not each be one cue: what their region shows changes while they are
    /// shown, so their cues are cut where it changes. One per document, counting them.
    public static let ttmlParagraphsRecut: Self = "ttml.paragraphs-recut"
}

/// The paragraphs one region shows while some of them overlap in time, from a significant time at
/// which the region shows paragraphs none of which it showed just before, to one at which it shows
/// nothing or only new ones. When the run ends, `TTMLCueBuilder` makes one cue per paragraph where
/// those show the same as the ISDs at every moment (`isSeparable`), and otherwise one per stretch
/// in which the region's content is the same, as the ISDs cut it.
///
/// One cue per paragraph, laid out in its region with the others active then, shows what the ISD
/// shows when, at every moment of the run:
/// - each paragraph shows the same as it did when it began (its slice of the selection, its own
///   active `set`s and every span in it, is unchanged): no span or `set` timed inside it;
/// - nothing is active on the region or on a `body` or `div` (set markers), whose styles the
///   paragraphs inherit, no `div` shows a picture (a cue carries one for its whole content), the
///   region shows some paragraph, and (in a run of several) each shows something (`TTMLCueBuilder`
///   finds that when it makes their cues);
/// - the paragraphs shown, in document order, began in that order (ties keep document order): the
///   renderer stacks a region's cues by start, then by their place in the track, where the ISD
///   stacks paragraphs in document order.
struct TTMLParagraphRun {
    /// One stretch of time in which a paragraph is shown in the region.
    struct Piece {
        var node: Int
        var begin: MediaTime
        var end: MediaTime?
        /// The selection that shows this paragraph alone (its ancestors, its slice), taken from the
        /// last selection it was shown in once it may have to become a cue of its own.
        var selection: [Int] = []
    }

    /// A paragraph in a region's selection: its node, and where its entry, its set markers, its
    /// subtree and its close are.
    struct Slice {
        var node: Int
        var range: Range<Int>
    }

    /// The run's places in the builder's cues, in order: one per ISD cue (the first made when the
    /// run began; then, while it is separable, placeholders, which the paragraphs' cues replace
    /// when it ends).
    var cues: [Int] = []
    /// Every piece of the run, in the order they began (document order among those that began together).
    var pieces: [Piece] = []
    /// The pieces shown now, in document order, with where each is in the open cue's selection.
    var current: [(piece: Int, range: Range<Int>)] = []
    /// False once one cue per paragraph would not show what the ISDs show.
    var isSeparable = false
    /// True once the region's selection changed during the run (it then has several ISD cues, or one
    /// whose selection changed without its content: `set`s giving the same styles).
    var changed = false
    /// True when the run began with one paragraph: its first cue is then that paragraph's.
    var beganWithOne = false
    /// False for a run that ended (or never began): its buffers wait for the region's next.
    private(set) var isActive = false

    /// Starts the run at `t` with the paragraphs `shown` (on a run that is new or `clear`).
    mutating func start(at t: MediaTime, shown: [Slice], alone: Bool) {
        isActive = true
        isSeparable = alone && !shown.isEmpty
        beganWithOne = shown.count == 1
        for slice in shown {
            current.append((pieces.count, slice.range))
            pieces.append(Piece(node: slice.node, begin: t))
        }
    }

    /// Ends the run, keeping its buffers for the next. (They hold one or two elements: removed
    /// one at a time, as the range-removing methods cost more through their generic replacement.)
    mutating func clear() {
        while !cues.isEmpty { cues.removeLast() }
        while !pieces.isEmpty { pieces.removeLast() }
        while !current.isEmpty { current.removeLast() }
        changed = false
        isActive = false
    }

    /// True when the region shows, from `t`, some paragraph it showed just before (or shows something
    /// other than paragraphs before or after): the run goes on.
    func continues(with shown: [Slice]) -> Bool {
        if current.isEmpty || shown.isEmpty { return true }
        var i = 0, j = 0
        while i < current.count && j < shown.count {
            let a = pieces[current[i].piece].node, b = shown[j].node
            if a == b { return true }
            if a < b { i += 1 } else { j += 1 }
        }
        return false
    }

    /// The region's selection changes at `t`, from `old` to `new` (whose paragraphs are `shown`):
    /// pieces end, go on or begin, and the run stops being separable if a paragraph's slice changes
    /// or the paragraphs' begins fall out of document order.
    mutating func advance(to t: MediaTime, shown: [Slice], alone: Bool, old: [Int], new: [Int]) {
        changed = true
        if !alone || shown.isEmpty { isSeparable = false }
        var next: [(piece: Int, range: Range<Int>)] = []
        next.reserveCapacity(max(shown.count, current.count))
        var ended: [(piece: Int, range: Range<Int>)] = []
        var latestBegin: MediaTime?
        func follows(_ piece: Int) {
            let begin = pieces[piece].begin
            if let latestBegin, begin < latestBegin { isSeparable = false }
            latestBegin = begin
        }
        var i = 0, j = 0
        while i < current.count || j < shown.count {
            let a = i < current.count ? pieces[current[i].piece].node : Int.max
            let b = j < shown.count ? shown[j].node : Int.max
            if a < b {
                // Ended at t: its own selection taken while it is at hand.
                pieces[current[i].piece].end = t
                if needsSelection(current[i].piece) { ended.append(current[i]) }
                i += 1
            } else if b < a {
                next.append((pieces.count, shown[j].range))
                pieces.append(Piece(node: b, begin: t))
                follows(pieces.count - 1)
                j += 1
            } else {
                let (piece, range) = current[i]
                if isSeparable && !old[range].elementsEqual(new[shown[j].range]) { isSeparable = false }
                next.append((piece, shown[j].range))
                follows(piece)
                i += 1
                j += 1
            }
        }
        current = next
        if isSeparable && !ended.isEmpty { takeSelections(ended, from: old) }
    }

    /// Whether a piece needs a selection of its own to become a cue: not the first, whose cue the
    /// run began with when it began alone.
    private func needsSelection(_ piece: Int) -> Bool { piece > 0 || !beganWithOne }

    /// Ends the pieces still shown at `t` (nil: never), taking their own selections from
    /// `selection` (the open cue's) when they are to become cues of their own: not a first piece
    /// whose cue the run began with.
    mutating func end(at t: MediaTime?, selection: [Int]) {
        for (piece, _) in current { pieces[piece].end = t }
        if isSeparable && current.contains(where: { needsSelection($0.piece) }) {
            takeSelections(current.filter { needsSelection($0.piece) }, from: selection)
        }
        while !current.isEmpty { current.removeLast() }
    }

    // MARK: - Selections

    /// The paragraphs of a region's selection (`TTMLISDBuilder.selectRegion`), in document order, in
    /// `out`. Returns false when what the region shows depends on more than the paragraphs' slices:
    /// a set active on the region or on a container, or a container's picture. Content outside any
    /// paragraph (which shows nothing) is passed over.
    static func paragraphs(in selection: [Int], nodes: [TTMLContentNode], into out: inout [Slice]) -> Bool {
        while !out.isEmpty { out.removeLast() }
        var alone = true
        var k = 0
        let close = TTMLISDBuilder.close
        while k < selection.count {
            let entry = selection[k]
            if entry == close {
                k += 1
                continue
            }
            guard entry >= 0 else {
                alone = false  // a set of the region's or of a body or div
                k += 1
                continue
            }
            switch nodes[entry].kind {
            case .body, .div:
                if nodes[entry].hasImage { alone = false }
                k += 1
            case .p:
                let end = subtreeEnd(in: selection, from: k)
                out.append(Slice(node: entry, range: k..<end))
                k = end
            default:
                k = subtreeEnd(in: selection, from: k)
            }
        }
        return alone
    }

    /// Past the close that matches the node entry at `start`.
    static func subtreeEnd(in selection: [Int], from start: Int) -> Int {
        var depth = 1
        var k = start + 1
        while depth > 0 {
            let entry = selection[k]
            if entry == TTMLISDBuilder.close { depth -= 1 } else if entry >= 0 { depth += 1 }
            k += 1
        }
        return k
    }

    /// Gives each of `items` (pieces, and where each is in `selection`, in document order) the
    /// selection that shows it alone: the containers it is in (which, in a separable run, have no
    /// set markers), its slice, and their closes. One walk over `selection` for them all, however
    /// many paragraphs it shows.
    private mutating func takeSelections(_ items: [(piece: Int, range: Range<Int>)], from selection: [Int]) {
        var ancestors: [Int] = []
        var k = 0
        for (piece, range) in items {
            while k < range.lowerBound {
                let entry = selection[k]
                if entry >= 0 { ancestors.append(entry) } else if entry == TTMLISDBuilder.close { ancestors.removeLast() }
                k += 1
            }
            var own: [Int] = []
            own.reserveCapacity(ancestors.count * 2 + range.count)
            own += ancestors
            own += selection[range]
            for _ in ancestors { own.append(TTMLISDBuilder.close) }
            pieces[piece].selection = own
            k = range.upperBound  // past the slice, which closes all it opens
        }
    }
}
