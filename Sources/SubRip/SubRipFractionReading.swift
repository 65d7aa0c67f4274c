public import TimedText

extension DiagnosticCode {
    /// Timestamps with one or two fraction digits (`,91`): says whether the file's times were read as
    /// a decimal fraction (910 ms) or as unpadded milliseconds (91 ms), and the evidence. Info when
    /// the decimal reading puts no cue out of place, a warning otherwise.
    public static let shortFractionReading: Self = "srt.short-fraction-reading"
}

/// What `,91` means in a file that writes most milliseconds with three digits: SRT says three
/// digits, so a shorter fraction is either a decimal fraction (`,91` = 910 ms, `,5` = 500 ms: a
/// writer that dropped trailing zeros, or centiseconds) or unpadded milliseconds (`,91` = 91 ms:
/// a writer that dropped leading zeros, which ffmpeg and most SRT libraries assume). Files of both
/// kinds exist, so each file is read the way its own times support: the reading under which fewer
/// cues end before they start, start before the cue written above them, or overlap their
/// neighbours. The decimal reading is kept when the evidence does not prefer the other.
enum SubRipFractionReading {
    /// A cue whose timing line has a one- or two-digit fraction, with its times read as
    /// milliseconds (nil for a time that had three or more digits).
    struct Candidate: Sendable {
        var cue: Int
        var start: MediaTime?
        var end: MediaTime?
        var timingLine: Int
    }

    /// What each reading makes of the cues around the candidates.
    struct Evidence: Equatable {
        var endsBeforeStart = 0
        var outOfOrder = 0
        var overlaps = 0
        var total: Int { endsBeforeStart + outOfOrder + overlaps }

        var description: String {
            if total == 0 { return "no cue out of place" }
            var parts: [String] = []
            if endsBeforeStart > 0 { parts.append("\(endsBeforeStart) ending before \(endsBeforeStart == 1 ? "its" : "their") start") }
            if outOfOrder > 0 { parts.append("\(outOfOrder) out of order") }
            if overlaps > 0 { parts.append("\(overlaps) overlapping \(overlaps == 1 ? "a neighbour" : "neighbours")") }
            return parts.joined(separator: ", ")
        }
    }

    static func endBeforeStartMessage(_ start: MediaTime, _ end: MediaTime) -> String {
        "cue ends (\(end.secondsText) s) before it starts (\(start.secondsText) s); kept as it is"
    }

    /// Chooses the reading, applies it to `cues` (in file order) and reports it, and the cues
    /// that end before they start under it.
    static func decide(_ cues: inout [Cue], _ candidates: [Candidate], log: inout DiagnosticLog) {
        guard !candidates.isEmpty else { return }
        var byCue: [Int: Candidate] = [:]
        byCue.reserveCapacity(candidates.count)
        for c in candidates { byCue[c.cue] = c }

        let asDecimal = evidence(cues, byCue, milliseconds: false)
        let asMilliseconds = evidence(cues, byCue, milliseconds: true)
        let milliseconds = asMilliseconds.total < asDecimal.total
        let stamps = candidates.reduce(0) { $0 + ($1.start != nil ? 1 : 0) + ($1.end != nil ? 1 : 0) }
        let subject = "\(stamps) timestamp\(stamps == 1 ? " has" : "s have") fewer than 3 fraction digits"
        let comparison = "as a decimal fraction: \(asDecimal.description); as milliseconds: \(asMilliseconds.description)"
        if milliseconds {
            for c in candidates {
                if let start = c.start { cues[c.cue].start = start }
                if let end = c.end { cues[c.cue].end = end }
            }
            log.report(.warning, .shortFractionReading,
                       "\(subject); read as milliseconds without leading zeros (',91' = 91 ms), which the file's times support (\(comparison))",
                       at: nil)
        } else {
            log.report(asDecimal.total == 0 ? .info : .warning, .shortFractionReading,
                       "\(subject); read as a decimal fraction (',91' = 910 ms, ',5' = 500 ms) (\(comparison))", at: nil)
        }
        for c in candidates {
            let cue = cues[c.cue]
            if let end = cue.end, end < cue.start {
                log.report(.warning, .endBeforeStart, endBeforeStartMessage(cue.start, end),
                           at: SourceLocation(line: c.timingLine, column: 1))
            }
        }
    }

    /// The cue's times under a reading.
    private static func times(_ cues: [Cue], _ k: Int, _ byCue: [Int: Candidate], milliseconds: Bool)
        -> (start: MediaTime, end: MediaTime?) {
        let cue = cues[k]
        guard milliseconds, let c = byCue[k] else { return (cue.start, cue.end) }
        return (c.start ?? cue.start, c.end ?? cue.end)
    }

    /// Counted over the candidates and the pairs of neighbours they take part in, so that a
    /// reading is judged only where it differs.
    private static func evidence(_ cues: [Cue], _ byCue: [Int: Candidate], milliseconds: Bool) -> Evidence {
        var e = Evidence()
        var pairs = Set<Int>()  // k: the pair of cues k-1 and k
        for k in byCue.keys {
            let t = times(cues, k, byCue, milliseconds: milliseconds)
            if let end = t.end, end < t.start { e.endsBeforeStart += 1 }
            if k > 0 { pairs.insert(k) }
            if k + 1 < cues.count { pairs.insert(k + 1) }
        }
        for k in pairs {
            let before = times(cues, k - 1, byCue, milliseconds: milliseconds)
            let after = times(cues, k, byCue, milliseconds: milliseconds)
            if after.start < before.start {
                e.outOfOrder += 1
            } else if let end = before.end, end > after.start {
                e.overlaps += 1
            }
        }
        return e
    }
}
