import TimedText

/// A `<region>` the writer will print.
struct TTMLPlannedRegion {
    var id: String
    var box: TTMLRegionBox
    var style: StyleProperties
    /// True for a region of the track's own (kept even when it would exceed IMSC's limit: moving
    /// cues out of an authored region would change the author's layout).
    var fromTrack: Bool
    var isUsed = false
}

/// Every region of the document and the region each cue is shown in.
struct TTMLRegionPlan {
    var regions: [TTMLPlannedRegion] = []
    var regionOfCue: [Int] = []
    /// The font size, in cells, that content inherits from each region (nil when not in cells).
    var fontCells: [Fraction?] = []
}

extension TTMLWriterRun {
    /// Gives every cue a region (TTML shows content outside any region only when the document
    /// declares none, and then at the top left): the track's region the cue names, else one
    /// computed from its cue settings, shared by cues with the same box. Then checks IMSC 1.1
    /// §7.12.1 over time: at most 4 regions presented at once (a cue in a computed region beyond
    /// that is moved into an active computed region), and no two presented regions overlapping.
    mutating func planRegions(starts: [MediaTime], ends: [MediaTime?]) -> TTMLRegionPlan {
        var plan = TTMLRegionPlan()
        var trackRegionIndex: [String: Int] = [:]
        var pendingTrackRegions: [(index: Int, original: String)] = []
        for region in track.regions {
            var box = TTMLLayoutGeometry.box(for: region)
            if let inside = TTMLLayoutGeometry.clampedIntoRoot(box) {
                log.report(.warning, .ttmlRegionClamped, "region '\(region.id)' extends beyond the frame; moved inside it", at: nil)
                box = inside
            }
            let index = plan.regions.count
            let keep = XMLCharacters.isNCName(region.id) && ids.claim(region.id)
            if !keep { pendingTrackRegions.append((index, region.id)) }
            plan.regions.append(TTMLPlannedRegion(id: keep ? region.id : "", box: box, style: region.style, fromTrack: true))
            if trackRegionIndex[region.id] == nil { trackRegionIndex[region.id] = index }
        }
        for (index, original) in pendingTrackRegions {
            let id = ids.generate("region")
            plan.regions[index].id = id
            log.report(.info, .ttmlGeneratedID, "region id '\(original)' is not a usable xml:id; written as '\(id)'", at: nil)
        }

        var computedIndex: [TTMLRegionBox: Int] = [:]
        plan.regionOfCue.reserveCapacity(track.cues.count)
        for cue in track.cues {
            if !cue.hasDefaultLayout, let name = cue.layout.regionID {
                if let index = trackRegionIndex[name] {
                    // The region's tts:zIndex, as its cues carry it (the reader puts it there).
                    if let z = cue.layout.zIndex, plan.regions[index].box.zIndex == nil { plan.regions[index].box.zIndex = z }
                    plan.regionOfCue.append(index)
                    continue
                }
                log.report(.warning, .ttmlUnknownRegion, "cue names region '\(name)', which the track does not define; placed by its cue settings",
                           at: cue.source)
            }
            var layout = cue.layout
            layout.regionID = nil
            // Cues stacked differently need regions of their own: zIndex is a region's property.
            let zIndex = layout.zIndex
            layout.zIndex = nil
            var box = layout.isDefault ? TTMLLayoutGeometry.defaultBox
                : TTMLLayoutGeometry.box(for: layout, lineCount: lineCount(cue.content))
            if let inside = TTMLLayoutGeometry.clampedIntoRoot(box) {
                log.report(.warning, .ttmlRegionClamped, "the cue's box extends beyond the frame; moved inside it", at: cue.source)
                box = inside
            }
            box.zIndex = zIndex
            if let index = computedIndex[box] {
                plan.regionOfCue.append(index)
            } else {
                let index = plan.regions.count
                plan.regions.append(TTMLPlannedRegion(id: ids.generate(layout.isDefault ? "bottom" : "r"), box: box, style: .none, fromTrack: false))
                computedIndex[box] = index
                plan.regionOfCue.append(index)
            }
        }
        enforcePresentationLimits(&plan, starts: starts, ends: ends)
        // The track's own regions are written even when no cue uses them: they are part of what
        // was read, and a region without content is not presented.
        for index in plan.regions.indices where plan.regions[index].fromTrack { plan.regions[index].isUsed = true }
        for index in plan.regionOfCue { plan.regions[index].isUsed = true }
        plan.fontCells = plan.regions.map { region in
            switch region.style.fontSize {
            case nil: return .one
            case .cells(let c)?: return c
            case .fraction(let f)?, .em(let f)?: return f
            default: return nil
            }
        }
        return plan
    }

    /// IMSC 1.1 §7.12.1.2–3 checked cue by cue in start order against the cues still shown.
    private mutating func enforcePresentationLimits(_ plan: inout TTMLRegionPlan, starts: [MediaTime], ends: [MediaTime?]) {
        let order = starts.indices.sorted { (starts[$0], $0) < (starts[$1], $1) }
        var active: [Int] = []  // cue indices shown at the current start
        var reportedOverlaps: Set<[Int]> = []
        for cueIndex in order {
            let start = starts[cueIndex]
            active.removeAll { other in
                guard let end = ends[other] else { return false }
                return end <= start
            }
            let activeRegions = Set(active.map { plan.regionOfCue[$0] })
            var region = plan.regionOfCue[cueIndex]
            let source = track.cues[cueIndex].source
            if !activeRegions.contains(region) && activeRegions.count >= 4 {
                let candidates = activeRegions.filter { !plan.regions[$0].fromTrack }.sorted()
                if !plan.regions[region].fromTrack, let target = nearest(to: plan.regions[region].box, among: candidates, in: plan) {
                    log.report(.warning, .ttmlRegionLimit,
                               "IMSC allows 4 regions on screen at once; this cue was moved into region '\(plan.regions[target].id)'",
                               at: source)
                    region = target
                    plan.regionOfCue[cueIndex] = target
                } else {
                    log.report(.warning, .ttmlRegionLimit,
                               "IMSC allows 4 regions on screen at once; this cue makes \(activeRegions.count + 1)", at: source)
                }
            }
            for other in activeRegions where other != region && plan.regions[other].box.overlaps(plan.regions[region].box) {
                let pair = [min(other, region), max(other, region)]
                if reportedOverlaps.insert(pair).inserted {
                    log.report(.warning, .ttmlRegionOverlap,
                               "regions '\(plan.regions[pair[0]].id)' and '\(plan.regions[pair[1]].id)' overlap while both are shown (IMSC 1.1 §7.12.1.2)",
                               at: source)
                }
            }
            active.append(cueIndex)
        }
    }

    private func nearest(to box: TTMLRegionBox, among candidates: [Int], in plan: TTMLRegionPlan) -> Int? {
        func center(_ b: TTMLRegionBox) -> (Double, Double) {
            (b.origin.x.doubleValue + b.extent.x.doubleValue / 2, b.origin.y.doubleValue + b.extent.y.doubleValue / 2)
        }
        let (cx, cy) = center(box)
        return candidates.min { a, b in
            let (ax, ay) = center(plan.regions[a].box)
            let (bx, by) = center(plan.regions[b].box)
            return (ax - cx) * (ax - cx) + (ay - cy) * (ay - cy) < (bx - cx) * (bx - cx) + (by - cy) * (by - cy)
        }
    }

    /// Lines of a cue's text: its line breaks plus one (newlines inside text count too).
    func lineCount(_ nodes: [InlineNode]) -> Int {
        var count = 1
        func walk(_ nodes: [InlineNode]) {
            for node in nodes {
                switch node {
                case .lineBreak: count += 1
                case .text(let s): count += s.utf8.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
                case .span(let span): walk(span.children)
                case .ruby(let ruby): for segment in ruby.segments { walk(segment.base) }
                case .timestamp: break
                }
            }
        }
        walk(nodes)
        return count
    }
}
