import TimedText

/// TTML regions as WebVTT cue settings. A WebVTT region is a stack of lines whose text sits at
/// its bottom and scrolls up, so a TTML region written as one puts top-aligned text in the middle
/// of the screen (and readers that stop at a `REGION` block, such as ffmpeg 5.1, read no cue at
/// all). Each cue of a TTML region (vertical ones too) is given instead the cue settings that put its text
/// where the region did (`CueLayout.placed(in:)`).
enum WebVTTRegionPlacement {
    /// `track` with the cues of its box regions placed by cue settings and those regions taken
    /// out; what the settings cannot say (padding, a region's own background) is reported once
    /// per kind.
    static func placed(_ track: Track) -> (track: Track, diagnostics: [Diagnostic]) {
        var padded = 0, painted = 0
        var firstPadded: SourceLocation?, firstPainted: SourceLocation?
        var regions: [String: Region] = [:]
        for region in track.regions where CueLayout.canPlace(in: region) { regions[region.id] = region }
        guard !regions.isEmpty else { return (track, []) }
        for cue in track.cues {
            guard let id = cue.layout.regionID, let region = regions[id] else { continue }
            if let padding = region.padding, padding != Insets(top: .zero, right: .zero, bottom: .zero, left: .zero) {
                padded += 1
                if padded == 1 { firstPadded = cue.source }
            }
            if region.style.backgroundColor.map({ $0.alpha > 0 }) == true || !region.styleChanges.isEmpty {
                painted += 1
                if painted == 1 { firstPainted = cue.source }
            }
        }
        let placement = track.placingBoxRegionCues()
        var reports: [Diagnostic] = []
        if placement.cues > 0 {
            let (used, moved) = (placement.regions, placement.cues)
            reports.append(Diagnostic(.info, .layoutApproximated,
                                      "\(used) TTML region\(used == 1 ? "" : "s") written as cue settings (line, position, size, align) that put \(moved == 1 ? "its cue" : "their \(moved) cues") where the region\(used == 1 ? " does" : "s do"), not as WebVTT regions (whose lines sit at the bottom)",
                                      at: placement.first))
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
        return (placement.track, reports)
    }
}
