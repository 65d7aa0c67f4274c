extension DiagnosticCode {
    /// A cue without an end written by a format in which every cue must end; the end chosen is said.
    public static let openEnd: Self = "write.open-end"
}

/// How a writer whose format cannot leave a cue open (SRT, WebVTT) ends a cue that has none: a
/// TTML paragraph shown to the end of an indefinite document, a 608 caption never erased, a
/// live cue still on screen. Written as it is (`end` = `start`) such a cue would never show.
///
/// An open cue ends at, in this order: `end`, when given and later than its start (the
/// programme's end, a media duration); the end of the track — the last time at which anything in
/// it starts or ends — when that is later than its start; otherwise its start plus `hold`.
public struct OpenEndPolicy: Sendable, Hashable {
    /// The time open cues end at when later than their start: the programme's end or the media's
    /// duration, when the caller knows it; nil (the default) to use the track's end.
    public var end: MediaTime?
    /// How long an open cue shows when nothing later in the track ends it: 5 seconds by default.
    public var hold: MediaTime

    /// A policy; see the type for the order in which `end`, the track's end and `hold` are tried.
    public init(end: MediaTime? = nil, hold: MediaTime = MediaTime(seconds: 5)) {
        self.end = end
        self.hold = hold
    }

    /// No given end, and a 5-second hold.
    public static let `default` = OpenEndPolicy()

    /// The cues with every open end closed, and one diagnostic per cue saying the end chosen.
    /// The array given is handed back, not copied, when no cue is open.
    public func closing(_ cues: [Cue]) -> (cues: [Cue], diagnostics: [Diagnostic]) {
        guard cues.contains(where: { $0.end == nil }) else { return (cues, []) }
        var trackEnd = MediaTime.zero
        for cue in cues { trackEnd = max(trackEnd, cue.end ?? cue.start, cue.start) }
        var closed = cues
        var diagnostics: [Diagnostic] = []
        for k in closed.indices where closed[k].end == nil {
            let start = closed[k].start
            let end: MediaTime
            let why: String
            if let given = self.end, given > start {
                end = given
                why = "the end given for open cues"
            } else if trackEnd > start {
                end = trackEnd
                why = "the end of the track (the last time anything in it starts or ends)"
            } else {
                end = start + hold
                why = "\(hold.secondsText) s after its start, as nothing later in the track ends it"
            }
            closed[k].end = end
            let name = closed[k].id.map { "cue '\($0)'" } ?? "cue #\(k)"
            diagnostics.append(Diagnostic(.warning, .openEnd,
                                          "\(name) (from \(start.secondsText) s) has no end (it stays on screen); written to end at \(end.secondsText) s, \(why)",
                                          at: closed[k].source))
        }
        return (closed, diagnostics)
    }
}
