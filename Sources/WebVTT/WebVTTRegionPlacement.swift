import TimedText

/// TTML regions as WebVTT cue settings. A TTML region is a box (origin, extent) in which text is
/// aligned to the top, centre or bottom (`tts:displayAlign`); a WebVTT region is a stack of lines
/// whose text sits at its bottom and scrolls up, so a TTML region written as one puts top-aligned
/// text in the middle of the screen (and readers that stop at a `REGION` block, such as ffmpeg 5.1,
/// read no cue at all). Each cue of a horizontal TTML region is given instead the cue settings
/// that put its text where the region did (W3C WebVTT §7.2): `size` the region's width, `position`
/// its left edge, centre or right edge by the text's alignment, `line` a percentage at its top
/// (`line-align` start), middle or bottom (end) by its display alignment.
enum WebVTTRegionPlacement {
    /// `track` with the cues of its box regions placed by cue settings and those regions taken
    /// out; what the settings cannot say (padding, a region's own background, vertical regions,
    /// which stay regions) is reported once per kind.
    static func placed(_ track: Track) -> (track: Track, diagnostics: [Diagnostic]) {
        let boxes = track.regions.filter { $0.origin != nil && $0.extent != nil && $0.writingDirection == .horizontal }
        guard !boxes.isEmpty else { return (track, []) }
        var byID: [String: Region] = [:]
        for region in boxes { byID[region.id] = region }
        var placed = track
        var moved = 0, padded = 0, painted = 0
        var firstMoved: SourceLocation?, firstPadded: SourceLocation?, firstPainted: SourceLocation?
        var used = Set<String>()
        for i in placed.cues.indices {
            guard let id = placed.cues[i].layout.regionID, let region = byID[id] else { continue }
            used.insert(id)
            placed.cues[i].layout = layout(placed.cues[i].layout, in: region)
            moved += 1
            if moved == 1 { firstMoved = placed.cues[i].source }
            if let padding = region.padding, padding != Insets(top: .zero, right: .zero, bottom: .zero, left: .zero) {
                padded += 1
                if padded == 1 { firstPadded = placed.cues[i].source }
            }
            if region.style.backgroundColor.map({ $0.alpha > 0 }) == true || !region.styleChanges.isEmpty {
                painted += 1
                if painted == 1 { firstPainted = placed.cues[i].source }
            }
        }
        placed.regions.removeAll { region in byID[region.id] != nil }
        var reports: [Diagnostic] = []
        if moved > 0 {
            reports.append(Diagnostic(.info, .layoutApproximated,
                                      "\(used.count) TTML region\(used.count == 1 ? "" : "s") written as cue settings (line, position, size, align) that put \(moved == 1 ? "its cue" : "their \(moved) cues") where the region\(used.count == 1 ? " does" : "s do"), not as WebVTT regions (whose lines sit at the bottom)",
                                      at: firstMoved))
        }
        if padded > 0 {
            reports.append(Diagnostic(.warning, .layoutApproximated,
                                      "WebVTT cue settings have no padding: the text of \(padded) cue\(padded == 1 ? "" : "s") in padded TTML regions sits at the region's edge (the first here)",
                                      at: firstPadded))
        }
        if painted > 0 {
            reports.append(Diagnostic(.warning, .styleDropped,
                                      "a TTML region's own background (or its animated styles) has no WebVTT form: not drawn behind \(painted) cue\(painted == 1 ? "" : "s") (the first here)",
                                      at: firstPainted))
        }
        return (placed, reports)
    }

    /// The cue settings of a cue in `region`, its own alignments kept.
    static func layout(_ original: CueLayout, in region: Region) -> CueLayout {
        guard let origin = region.origin, let extent = region.extent else { return original }
        var layout = original
        layout.regionID = nil
        layout.size = extent.x
        switch original.computedPositionAlignment() {
        case .lineLeft:
            layout.position = origin.x
            layout.positionAlignment = .lineLeft
        case .lineRight:
            layout.position = add(origin.x, extent.x)
            layout.positionAlignment = .lineRight
        case .center, .auto:
            layout.position = add(origin.x, half(extent.x))
            layout.positionAlignment = .center
        }
        switch region.displayAlignment {
        case .before:
            layout.line = .fraction(origin.y)
            layout.lineAlignment = .start
        case .center:
            layout.line = .fraction(add(origin.y, half(extent.y)))
            layout.lineAlignment = .center
        case .after:
            layout.line = .fraction(add(origin.y, extent.y))
            layout.lineAlignment = .end
        }
        return layout
    }

    /// `a + b` exactly; to the millionth should the exact sum not fit in 64 bits.
    private static func add(_ a: Fraction, _ b: Fraction) -> Fraction {
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
