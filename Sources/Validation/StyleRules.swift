import TimedText

extension ValidationRun {
    /// `style.contrast`: for each run of text, its colour against the background behind it (the
    /// innermost span background, else the cue's, else the region's). Text with no background
    /// colour anywhere is drawn straight on the video, which cannot be judged without the video,
    /// so it is not reported; a translucent background is judged over black and over white video
    /// and the worse ratio counts. Text without a colour is the formats' default, white.
    mutating func checkContrast(_ view: CueView, regions: [Region]) {
        guard let minimum = profile.minContrastRatio, isOn(.styleContrast) else { return }
        let cue = view.cue
        guard cue.hasStyle || InlineNode.containsStyle(cue.content) || cue.layout.regionID != nil else { return }
        var base = StyleProperties.none
        if let id = cue.layout.regionID, let region = regions.first(where: { $0.id == id }) { base = region.style }
        base = base.overlaid(by: cue.style)
        var worst: (ratio: Double, text: Color, background: Color)?
        func visit(_ nodes: [InlineNode], _ style: StyleProperties) {
            for node in nodes {
                switch node {
                case .text(let s):
                    guard !s.unicodeScalars.allSatisfy({ $0.properties.isWhitespace }),
                          let background = style.backgroundColor, background.alpha > 0 else { continue }
                    let text = style.color ?? .white
                    let ratio = Contrast.worstRatio(text: text, background: background)
                    if worst == nil || ratio < worst!.ratio { worst = (ratio, text, background) }
                case .span(let span): visit(span.children, style.overlaid(by: span.style))
                case .ruby(let ruby):
                    let rubyStyle = style.overlaid(by: ruby.style)
                    for segment in ruby.segments {
                        visit(segment.base, rubyStyle)
                        if let annotation = segment.annotation { visit(annotation, rubyStyle.overlaid(by: segment.annotationStyle)) }
                    }
                case .lineBreak, .timestamp: continue
                }
            }
        }
        visit(cue.content, base)
        guard let found = worst else { return }
        let limit = minimum.doubleValue
        guard found.ratio < limit else { return }
        let ratioText = String(Double((found.ratio * 100).rounded(.down)) / 100)
        report(.styleContrast,
               "text \(found.text.hexText) on \(found.background.hexText) has a contrast ratio of \(ratioText):1, below \(numberText(minimum)):1",
               cue: view, fix: "use white text on an opaque black background (21:1)")
    }
}
