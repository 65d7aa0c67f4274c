public import TimedText

extension DiagnosticCode {
    /// A 708 caption whose words the 608 captions of the same programme do not carry around the
    /// same time (the two are meant to say the same, 608 for older decoders).
    public static let cea708Mismatch608: Self = "cea708.608-mismatch"
    /// More rows of text shown at once in one service than a decoder must show (four).
    public static let cea708TooManyRows: Self = "cea708.too-many-rows"
    /// A window wider than the screen's columns (42 at 16:9, 32 at 4:3).
    public static let cea708TooManyColumns: Self = "cea708.too-many-columns"
}

/// `validate`'s 708 rules, on a service's captions: the limits every decoder is held to (what
/// CEA-708-E's minimum decoder shows, which 47 CFR 79.102 makes the law: four rows of text at
/// once, 32 columns at 4:3 and 42 at 16:9), and whether the programme's 608 captions say the
/// same.
public enum CEA708Checks {
    /// A finding and the time it is about.
    public struct Finding: Sendable {
        /// What was found.
        public var diagnostic: Diagnostic
        /// When: the caption's start, or the moment the limit was passed.
        public var start: MediaTime
        /// The caption's end, when the finding is about one.
        public var end: MediaTime?
    }

    /// The most rows of text a decoder must show at once.
    public static let rowsShownAtOnce = 4

    /// Findings about the decoder limits: each moment more than four rows of text are shown at
    /// once (said once per stretch), and each window wider than the screen's columns.
    public static func limits(_ captions: [CEA708Caption], aspectRatio: CEA708CueBuilder.AspectRatio = .wide) -> [Finding] {
        var out: [Finding] = []
        let columns = aspectRatio == .wide ? 42 : 32
        var widthReported = Set<Int>()
        for c in captions where c.window.definition.columnCount > columns && !widthReported.contains(c.window.definition.id) {
            widthReported.insert(c.window.definition.id)
            out.append(Finding(diagnostic: Diagnostic(.warning, .cea708TooManyColumns,
                                  "service \(c.service) at \(c.start.secondsText) s: window \(c.window.definition.id) is defined with \(c.window.definition.columnCount) columns, more than the \(columns) of a \(aspectRatio.rawValue) screen"),
                               start: c.start, end: c.end))
        }
        // Rows with text at each change, summed over the windows shown then.
        var events: [(time: MediaTime, rows: Int)] = []
        for c in captions {
            let rows = c.rowTexts.count
            events.append((c.start, rows))
            if let end = c.end { events.append((end, -rows)) }
        }
        events.sort { ($0.time, $0.rows) < ($1.time, $1.rows) }  // ends before starts at one time
        var shown = 0
        var over = false
        for event in events {
            shown += event.rows
            if shown > rowsShownAtOnce && !over {
                out.append(Finding(diagnostic: Diagnostic(.warning, .cea708TooManyRows,
                                      "at \(event.time.secondsText) s: \(shown) rows of text are shown at once; decoders must show only \(rowsShownAtOnce)"),
                                   start: event.time))
            }
            over = shown > rowsShownAtOnce
        }
        return out
    }

    /// Findings where the 708 captions and the programme's 608 captions (`cea608`, a channel's
    /// cues, usually CC1) differ: a 708 caption most of whose words (at least one in five
    /// missing) no 608 cue shown within two seconds of it carries. Letters and digits are
    /// compared without case (608 captions are often capitals).
    public static func mismatches(_ captions: [CEA708Caption], cea608: [Cue]) -> [Finding] {
        guard !cea608.isEmpty else { return [] }
        let slack = MediaTime(seconds: 2)
        let sorted = cea608.sorted { $0.start < $1.start }
        // The 608 cues near a caption are found from a lower bound on their start: no cue starts
        // earlier than its end less the longest cue's length, so the search never re-reads the
        // programme from its beginning (an open-ended cue makes the bound the first cue).
        let openEnded = sorted.contains { $0.end == nil }
        let longest = sorted.reduce(MediaTime.zero) { longest, cue in cue.end.map { max(longest, $0 - cue.start) } ?? longest }
        var out: [Finding] = []
        for c in captions {
            let words = Self.words(c.text)
            guard !words.isEmpty else { continue }
            let from = c.start - slack, to = (c.end ?? c.start) + slack
            var lo = 0, hi = openEnded ? 0 : sorted.count
            let earliest = from - longest
            while lo < hi {
                let mid = (lo + hi) / 2
                if sorted[mid].start < earliest { lo = mid + 1 } else { hi = mid }
            }
            var near = Set<String>()
            for cue in sorted[lo...] {
                if cue.start > to { break }
                if let end = cue.end, end < from { continue }
                near.formUnion(Self.words(cue.plainText))
            }
            let missing = words.filter { !near.contains($0) }
            if missing.count * 5 > words.count {
                out.append(Finding(diagnostic: Diagnostic(.warning, .cea708Mismatch608,
                                      "service \(c.service) at \(c.start.secondsText) s: \(missing.count) of \(words.count) words of \"\(c.text.split(separator: "\n").joined(separator: " "))\" are not in the 608 captions around it"),
                                   start: c.start, end: c.end))
            }
        }
        return out
    }

    static func words(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }
}
