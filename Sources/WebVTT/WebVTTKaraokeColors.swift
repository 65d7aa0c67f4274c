import TimedText

/// Karaoke colours in WebVTT: the model's `futureColor` (the colour of text a cue's inline
/// timestamps have not reached) becomes one `::cue(:future) { color: … }` rule (W3C WebVTT §4.6,
/// "The :past and :future pseudo-classes"). CSS gives the rule to every cue of the file, so it
/// takes the future colour most cues have; cues with another, and spans with their own, are
/// reported, and the model's property is taken off the cues so that the cue styles are planned as
/// if it were not there.
struct WebVTTKaraokeColors {
    /// The rule, or nil when no cue has karaoke colours.
    private(set) var css: String?
    /// What the rule cannot say.
    private(set) var diagnostics: [Diagnostic] = []

    /// Reads the future colours off `cues` (cue styles and spans), leaving them without.
    init(taking cues: inout [Cue]) {
        guard cues.indices.contains(where: { cues[$0].hasStyle && cues[$0].style.futureColor != nil || InlineNode.containsFutureColor(cues[$0].content) }) else {
            return
        }
        var counts: [Color: (count: Int, first: Int)] = [:]
        var spanColors = 0
        var firstSpan: SourceLocation?
        for i in cues.indices {
            if InlineNode.containsFutureColor(cues[i].content) {
                if firstSpan == nil { firstSpan = cues[i].source }
                spanColors += 1
                cues[i].content = Self.removingFutureColor(cues[i].content)
            }
            guard cues[i].hasStyle, let color = cues[i].style.futureColor else { continue }
            counts[color, default: (0, i)].count += 1
            var style = cues[i].style
            style.futureColor = nil
            cues[i].style = style
        }
        // Ties go to the colour seen first, so the output does not depend on hashing.
        if let chosen = counts.max(by: { ($0.value.count, -$0.value.first) < ($1.value.count, -$1.value.first) }) {
            css = "::cue(:future) { color: \(chosen.key.hexText); }"
            let others = counts.filter { $0.key != chosen.key }
            if !others.isEmpty {
                let n = others.values.reduce(0) { $0 + $1.count }
                let first = others.values.map(\.first).min() ?? 0
                diagnostics.append(Diagnostic(.warning, .styleDropped,
                                              "WebVTT's ::cue(:future) gives one karaoke colour to the whole file (\(chosen.key.hexText)): \(n) cue\(n == 1 ? "" : "s") with another not-yet-sung colour show it instead (the first here)",
                                              at: cues[first].source))
            }
        }
        if spanColors > 0 {
            diagnostics.append(Diagnostic(.warning, .styleDropped,
                                          "WebVTT's ::cue(:future) cannot give part of a cue its own karaoke colour: dropped in \(spanColors) cue\(spanColors == 1 ? "" : "s") (the first here)",
                                          at: firstSpan))
        }
    }

    private static func removingFutureColor(_ nodes: [InlineNode]) -> [InlineNode] {
        nodes.map { node in
            guard case .span(var span) = node else { return node }
            if span.hasStyle, span.style.futureColor != nil {
                var style = span.style
                style.futureColor = nil
                span.style = style
            }
            span.children = removingFutureColor(span.children)
            return .span(span)
        }
    }
}
