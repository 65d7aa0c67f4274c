import TimedText

/// Karaoke colours at a moment (`StyleProperties.futureColor`): text that its cue's inline
/// timestamps have not reached yet is drawn in the future colour in effect there, the rest in its
/// own colour — the picture ASS draws for `\k`, and WebVTT's `::cue(:future) { color }`.
///
/// The renderer gives the layout engine the cue as it looks at that moment (each not-yet-reached
/// text wrapped, innermost, in a span of the future colour, so that it wins over the colours of
/// the spans around it), and counts each timestamp of such a cue as a change of the picture.
enum KaraokeColoring {
    /// True when `cue` or one of its spans says a future colour.
    static func hasFutureColor(_ cue: Cue) -> Bool {
        (cue.hasStyle && cue.style.futureColor != nil) || InlineNode.containsFutureColor(cue.content)
    }

    /// The inline timestamps of the cues with karaoke colours: the times their picture changes.
    static func changeTimes(_ cues: [Cue]) -> [MediaTime] {
        var times: [MediaTime] = []
        for i in cues.indices where hasFutureColor(cues[i]) {
            collectTimestamps(cues[i].content, into: &times)
        }
        return times
    }

    /// `cue` as it shows at `time`.
    static func colored(_ cue: Cue, at time: MediaTime) -> Cue {
        guard hasFutureColor(cue) else { return cue }
        var reached = true
        var out = cue
        out.content = colored(cue.content, future: cue.style.futureColor, reached: &reached, at: time)
        return out
    }

    private static func colored(_ nodes: [InlineNode], future: Color?, reached: inout Bool, at time: MediaTime) -> [InlineNode] {
        var out: [InlineNode] = []
        out.reserveCapacity(nodes.count)
        for node in nodes {
            switch node {
            case .timestamp(let t):
                reached = t <= time
                out.append(node)
            case .text:
                if !reached, let future {
                    out.append(.span(InlineSpan(.styled, style: StyleProperties(color: future), children: [node])))
                } else {
                    out.append(node)
                }
            case .lineBreak:
                out.append(node)
            case .span(var span):
                let inner = span.hasStyle ? (span.style.futureColor ?? future) : future
                span.children = colored(span.children, future: inner, reached: &reached, at: time)
                out.append(.span(span))
            case .ruby(var ruby):
                ruby.segments = ruby.segments.map { segment in
                    var segment = segment
                    segment.base = colored(segment.base, future: future, reached: &reached, at: time)
                    return segment
                }
                out.append(.ruby(ruby))
            }
        }
        return out
    }

    private static func collectTimestamps(_ nodes: [InlineNode], into times: inout [MediaTime]) {
        for node in nodes {
            switch node {
            case .timestamp(let t): times.append(t)
            case .span(let span): collectTimestamps(span.children, into: &times)
            case .ruby(let ruby): for segment in ruby.segments { collectTimestamps(segment.base, into: &times) }
            case .text, .lineBreak: break
            }
        }
    }
}
