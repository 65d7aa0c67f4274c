/// TTML box regions said as cue settings, for formats whose regions are not boxes (WebVTT's are
/// stacks of lines whose text sits at the bottom) or that have none (SRT, SCC). A TTML region is
/// a box (origin, extent) in which text sits at its top, middle or bottom (`tts:displayAlign`);
/// the cue settings of W3C WebVTT §7.2 that put the text there are: `size` the region's width,
/// `position` its left edge, centre or right edge by the text's alignment, and `line` a
/// percentage at its top (`line-align` start), middle or bottom (end).
extension CueLayout {
    /// True when `region` is a box these settings can stand for: one with an origin and an extent.
    public static func canPlace(in region: Region) -> Bool {
        region.origin != nil && region.extent != nil
    }

    /// The settings of a cue of `region` that put it where the region does, its own text
    /// alignment kept; the region itself is no longer named. Vertical regions give vertical cues
    /// (§7.2: a percentage line is the block's left edge, whichever way its lines grow; `position`
    /// runs down): `tbrl` text starts at the box's right edge (`before`), `tblr` at its left.
    /// Unchanged for a region that is not a box.
    public func placed(in region: Region) -> CueLayout {
        guard let origin = region.origin, let extent = region.extent else { return self }
        var layout = self
        layout.regionID = nil
        let vertical = region.writingDirection != .horizontal
        layout.writingDirection = region.writingDirection
        // Inline axis: across for horizontal text, down for vertical.
        let (start, length) = vertical ? (origin.y, extent.y) : (origin.x, extent.x)
        layout.size = length
        switch computedPositionAlignment() {
        case .lineLeft:
            layout.position = start
            layout.positionAlignment = .lineLeft
        case .lineRight:
            layout.position = Self.sum(start, length)
            layout.positionAlignment = .lineRight
        case .center, .auto:
            layout.position = Self.sum(start, Self.half(length))
            layout.positionAlignment = .center
        }
        // Block axis: down for horizontal text; leftwards (rl) or rightwards (lr) for vertical,
        // the line always measured to the box's left edge.
        let (near, extentOnBlockAxis) = vertical ? (origin.x, extent.x) : (origin.y, extent.y)
        let far = Self.sum(near, extentOnBlockAxis)
        let growsFromFarEdge = region.writingDirection == .verticalRightToLeft
        switch region.displayAlignment {
        case .center:
            layout.line = .fraction(Self.sum(near, Self.half(extentOnBlockAxis)))
            layout.lineAlignment = .center
        case .before, .after:
            let atNear = (region.displayAlignment == .before) != growsFromFarEdge
            layout.line = .fraction(atNear ? near : far)
            layout.lineAlignment = atNear ? .start : .end
        }
        return layout
    }

    /// `a + b` exactly; to the millionth should the exact sum not fit in 64 bits.
    private static func sum(_ a: Fraction, _ b: Fraction) -> Fraction {
        let (x, o1) = a.numerator.multipliedReportingOverflow(by: b.denominator)
        let (y, o2) = b.numerator.multipliedReportingOverflow(by: a.denominator)
        let (n, o3) = x.addingReportingOverflow(y)
        let (d, o4) = a.denominator.multipliedReportingOverflow(by: b.denominator)
        if o1 || o2 || o3 || o4 { return Fraction(Int64(((a.doubleValue + b.doubleValue) * 1e6).rounded()), 1_000_000) }
        return Fraction(n, d)
    }

    private static func half(_ a: Fraction) -> Fraction {
        a.denominator <= Int64.max / 2 ? Fraction(a.numerator, a.denominator * 2) : Fraction(a.numerator / 2, a.denominator)
    }
}

extension Track {
    /// This track with the cues of its box regions placed by cue settings
    /// (`CueLayout.placed(in:)`) and those regions taken out; how many cues moved, of how many
    /// regions, and the first. Regions that are not boxes (WebVTT's) and their cues are kept.
    public func placingBoxRegionCues() -> (track: Track, cues: Int, regions: Int, first: SourceLocation?) {
        var boxes: [String: Region] = [:]
        for region in regions where CueLayout.canPlace(in: region) { boxes[region.id] = region }
        guard !boxes.isEmpty else { return (self, 0, 0, nil) }
        var placed = self
        var moved = 0
        var first: SourceLocation?
        var used = Set<String>()
        for i in placed.cues.indices {
            guard let id = placed.cues[i].layout.regionID, let region = boxes[id] else { continue }
            used.insert(id)
            placed.cues[i].layout = placed.cues[i].layout.placed(in: region)
            moved += 1
            if moved == 1 { first = placed.cues[i].source }
        }
        placed.regions.removeAll { boxes[$0.id] != nil }
        return (placed, moved, used.count, first)
    }
}
