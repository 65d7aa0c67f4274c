import TimedText

extension ValidationRun {
    /// `layout.ja-vertical-position` and `layout.ja-justification`: where Netflix's Japanese
    /// Timed Text Style Guide (§I) puts subtitles. "Vertical subtitles should be top-aligned and
    /// positioned to the left or right side of the screen"; "horizontal subtitles should be
    /// center-aligned and left-justified" — a block centred as a whole, its lines starting
    /// together (the Japanese IMSC 1.1 Creation Guide: `tts:textAlign="center"` with
    /// `ebutts:multiRowAlign="start"`). Only where the profile asks (`japaneseLayout`).
    mutating func checkJapaneseLayout(_ view: CueView, regions: [Region]) {
        let cue = view.cue
        if Self.isVertical(cue, regions: regions) {
            if let id = cue.layout.regionID, let region = regions.first(where: { $0.id == id }),
               let origin = region.origin, let extent = region.extent {
                // The region's middle in the middle third of the frame is neither side.
                let middle = origin.x.doubleValue + extent.x.doubleValue / 2
                if middle > 1.0 / 3, middle < 2.0 / 3 {
                    report(.layoutJapaneseVerticalPosition, "a vertical subtitle in region '\(id)', whose middle is \(Int((middle * 100).rounded()))% across the frame: the guide puts vertical subtitles at its left or right side", cue: view,
                           fix: "move the region to the left or right edge of the frame")
                    return
                }
            }
            // In a column the inline direction runs down: start is the top.
            switch cue.layout.textAlignment {
            case .center, .end, .right:
                report(.layoutJapaneseVerticalPosition, "a vertical subtitle aligned to the \(cue.layout.textAlignment == .center ? "middle" : "bottom") of its column (textAlign \(cue.layout.textAlignment)): the guide wants vertical subtitles top-aligned", cue: view,
                       fix: "set tts:textAlign=\"start\" on the vertical region or paragraph")
            case .start, .left: break
            }
            return
        }
        // Left-justified lines only mean something for a TTML paragraph of several lines.
        guard layoutFamily == .ttmlRegions, view.lines.count > 1, cue.layout.textAlignment == .center else { return }
        var rowAlign = cue.style.multiRowAlign
        if rowAlign == nil || rowAlign == .auto, let id = cue.layout.regionID, let region = regions.first(where: { $0.id == id }) {
            rowAlign = region.style.multiRowAlign ?? rowAlign
        }
        // A paragraph's own style is carried on the span it becomes.
        func scan(_ nodes: [InlineNode]) {
            for case .span(let span) in nodes {
                if let value = span.style.multiRowAlign, value != .auto { rowAlign = value }
                scan(span.children)
            }
        }
        scan(cue.content)
        if rowAlign != .start {
            report(.layoutJapaneseJustification, "\(view.lines.count) centred lines, each centred on its own: the guide wants horizontal subtitles centred as a block with their lines left-justified", cue: view,
                   fix: "add ebutts:multiRowAlign=\"start\" to the paragraph (with tts:textAlign=\"center\")")
        }
    }
}
