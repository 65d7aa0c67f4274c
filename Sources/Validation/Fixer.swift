public import TimedText
import TextScanning

/// The safe mechanical repairs of `legible validate --fix`: each one changes timing or line
/// breaks only, never words, and never makes another rule fail.
///
/// - drop cues with no visible text (`text.empty`);
/// - close gaps shorter than the chaining threshold to the profile's minimum gap by extending the
///   earlier cue (`timing.shot-gap`), and open gaps below the minimum by ending the earlier cue
///   sooner when it keeps its minimum duration (`timing.min-gap`); "the earlier cue" is the one
///   that ends last among those before, as the validator measures gaps;
/// - extend too-short cues into the free time after them, up to the minimum duration and never
///   closer to the next cue than the minimum gap (`timing.min-duration`);
/// - re-wrap lines longer than the profile allows at line break opportunities (`LineBreaking`:
///   spaces, and for Japanese between phrases with kinsoku kept), counting full-width characters
///   as the profile does, when the cue is plain text (no spans, ruby or inline timestamps, whose
///   markup a re-wrap could break), no word is longer than a line, and the result fits in the
///   profile's line count (`layout.max-chars-per-line`; `cea608.columns` where the 608 rules run
///   and the profile's line limit is not stricter than a 608 row).
///
/// A cue's start is never moved: it is where the speech begins. So a gap below the minimum after
/// a cue that cannot end sooner without becoming too short stays, and so does a short cue with no
/// free time after it; `apply(to:)` says which, and why (`Outcome.notFixed`).
public struct Fixer: Sendable {
    /// The profile whose limits the repairs aim for (minimum duration and gap, line length and count).
    public var profile: ValidationProfile
    /// The frame rate gaps are measured in (as `Validator.frameRate(for:)` chooses it).
    public var frameRate: FrameRate
    /// The step the fixed file's format writes times in (`CaptionFormat.timeStep`: SRT's
    /// millisecond, ASS's centisecond), or nil when times are written exactly. The times a repair
    /// sets are put on it — an end that must leave a gap rounded down, one that must reach a
    /// minimum duration rounded up, from the start and next start as they will be written — so
    /// the file says what the repair meant: were the writer to round 1.8333 s to 1.833 s, a cue
    /// lengthened to exactly 5/6 s would be a hair short again, and every run would lengthen it.
    public var timeStep: MediaTime?

    /// A fixer for `profile`, counting gaps in frames of `frameRate`, for a format that writes
    /// times in steps of `timeStep` (nil: exactly).
    public init(profile: ValidationProfile, frameRate: FrameRate, timeStep: MediaTime? = nil) {
        self.profile = profile
        self.frameRate = frameRate
        self.timeStep = timeStep
    }

    private enum Rounding { case down, nearest, up }

    /// `time` on the writer's steps (itself when there are none).
    private func onStep(_ time: MediaTime, _ rounding: Rounding) -> MediaTime {
        guard let step = timeStep, step.value > 0, step.timescale > 0 else { return time }
        // time / step, as a quotient and a remainder of whole numbers.
        let numerator = Int128(time.value) * Int128(step.timescale)
        let denominator = Int128(time.timescale) * Int128(step.value)
        var steps = numerator / denominator
        let remainder = numerator % denominator
        switch rounding {
        case .down: if remainder < 0 { steps -= 1 }
        case .up: if remainder > 0 { steps += 1 }
        case .nearest:
            if remainder * 2 >= denominator { steps += 1 } else if remainder * 2 < -denominator { steps -= 1 }
        }
        return MediaTime(value: Int64(steps) * step.value, timescale: step.timescale)
    }

    /// One repair made.
    public struct Change: Sendable, Hashable {
        /// The rule whose finding the change repairs.
        public var rule: RuleID
        /// The cue changed, or dropped.
        public var cue: CueReference
        /// What was done, in words with the times involved.
        public var description: String
    }

    /// A finding of a fixable rule that no safe repair could clear, and why.
    public struct NotFixed: Sendable, Hashable {
        /// The rule whose finding stays.
        public var rule: RuleID
        /// The cue a repair would have changed (for a gap, the cue before it).
        public var cue: CueReference
        /// Why it could not be repaired, in words with the times involved.
        public var reason: String
    }

    /// What fixing a document gave.
    public struct Outcome: Sendable {
        /// The document with the repairs made.
        public var document: Document
        /// The repairs, by track and cue.
        public var changes: [Change]
        /// What the repairs had to leave, by track and cue: a second run would change nothing there.
        public var notFixed: [NotFixed]
    }

    /// The document with the repairs made, and a list of them.
    public func fix(_ document: Document) -> (document: Document, changes: [Change]) {
        let outcome = apply(to: document)
        return (outcome.document, outcome.changes)
    }

    /// The document with the repairs made, the repairs, and the findings they had to leave.
    public func apply(to document: Document) -> Outcome {
        var fixed = document
        var outcome = Outcome(document: document, changes: [], notFixed: [])
        let cea608 = document.layoutFamily == .cea608Grid || profile.checksCEA608
        for t in fixed.tracks.indices {
            fixed.tracks[t] = fix(fixed.tracks[t], track: t, cea608: cea608, outcome: &outcome)
        }
        outcome.document = fixed
        // By cue, each cue's in the order they were made.
        func byCue<T>(_ items: [T], _ cue: (T) -> CueReference) -> [T] {
            items.enumerated().sorted {
                (cue($0.element).track, cue($0.element).index, $0.offset) < (cue($1.element).track, cue($1.element).index, $1.offset)
            }.map(\.element)
        }
        outcome.changes = byCue(outcome.changes, \.cue)
        outcome.notFixed = byCue(outcome.notFixed, \.cue)
        return outcome
    }

    private func fix(_ input: Track, track t: Int, cea608: Bool, outcome: inout Outcome) -> Track {
        var track = input
        let limits = profile.limits(forLanguage: track.language?.rawValue)
        // Empty cues first, so that gaps are measured between the cues that remain.
        var kept: [Cue] = []
        // Where each kept cue was in the input: changes name cues as the validator's findings do.
        var inputIndex: [Int] = []
        for (k, cue) in track.cues.enumerated() {
            if cue.plainText.unicodeScalars.allSatisfy({ $0.properties.isWhitespace }) {
                outcome.changes.append(Change(rule: .textEmpty, cue: CueReference(track: t, index: k, id: cue.id), description: "dropped the empty cue"))
            } else {
                kept.append(cue)
                inputIndex.append(k)
            }
        }
        track.cues = kept
        let ids = kept.map(\.id)
        let reference = { (k: Int) in CueReference(track: t, index: inputIndex[k], id: ids[k]) }
        let label = { (k: Int) in ids[k].map { "cue \($0)" } ?? "cue #\(inputIndex[k])" }
        let minimumGap = frameRate.duration(ofFrames: profile.minGapFrames ?? 0)

        // Short cues lengthened into the free time after them, and long lines re-wrapped.
        for k in track.cues.indices {
            guard let end = track.cues[k].end, end > track.cues[k].start else { continue }
            // As the file will say them.
            let start = onStep(track.cues[k].start, .nearest)
            // The latest this cue may end: the minimum gap before the next cue.
            let limit = k + 1 < track.cues.count ? onStep(onStep(track.cues[k + 1].start, .nearest) - minimumGap, .down) : nil
            if let minimum = profile.minDuration, onStep(end, .nearest) - start < minimum {
                var target = onStep(start + minimum, .up)
                if let limit, limit < target { target = limit }
                if target > onStep(end, .nearest) {
                    track.cues[k].end = target
                    outcome.changes.append(Change(rule: .timingMinDuration, cue: reference(k),
                                                  description: "extended the end from \(secondsText(end)) to \(secondsText(target))"))
                }
                if target - start < minimum {
                    let gap = profile.minGapFrames.map { ", \($0) frame\($0 == 1 ? "" : "s") later" } ?? ""
                    outcome.notFixed.append(NotFixed(rule: .timingMinDuration, cue: reference(k),
                        reason: "it stays shown for \(secondsText(max(target, onStep(end, .nearest)) - start)), less than the minimum \(secondsText(minimum)): it cannot end after \(secondsText(target)) (\(label(k + 1)) starts at \(secondsText(track.cues[k + 1].start))\(gap)); --fix does not move a cue's start"))
                }
            }

            // Line length: the profile's limit, or a 608 row's 32 columns where the 608 rules run
            // and the profile's limit is not stricter (layout.max-chars-per-line then stands down).
            var width = Self.lineLimit(track.cues[k], limits: limits, regions: track.regions)
            var rule = RuleID.layoutMaxCharsPerLine
            let columns = ValidationRun.cea608Columns
            if cea608, !limits.fullWidthCounting, profile.severity(of: .cea608Columns, default: .error) != nil, (width ?? columns) >= columns {
                width = columns
                rule = .cea608Columns
            }
            if let width {
                switch Self.rewrapping(track.cues[k].content, width: width, maxLines: profile.maxLines,
                                       language: track.language?.rawValue, fullWidthCounting: limits.fullWidthCounting) {
                case .fits: break
                case .rewrapped(let rewrapped):
                    track.cues[k].content = rewrapped
                    outcome.changes.append(Change(rule: rule, cue: reference(k), description: "re-wrapped the text at \(width) characters per line"))
                case .refused(let reason):
                    outcome.notFixed.append(NotFixed(rule: rule, cue: reference(k), reason: reason))
                }
            }
        }

        // Then gaps, as the validator measures them: from the cue that ends last among those
        // before (an open cue, or an overlap, is no gap). After the short cues are lengthened, so
        // that the gap a lengthened cue leaves, short of the chaining threshold, is chained now
        // rather than by a second run.
        var latest: Int?
        for k in track.cues.indices {
            let start = track.cues[k].start
            guard let end = track.cues[k].end else {
                latest = k
                continue
            }
            guard end > start else { continue }
            if let p = latest, let previousEnd = track.cues[p].end, start >= previousEnd {
                fixGap(before: k, from: p, in: &track, minimumGap: minimumGap, reference: reference, label: label, outcome: &outcome)
            }
            if let p = latest {
                if let previousEnd = track.cues[p].end, previousEnd < end { latest = k }
            } else {
                latest = k
            }
        }

        return track
    }

    /// `timing.shot-gap` and `timing.min-gap` between cue `p` and cue `k`, the next one shown.
    private func fixGap(before k: Int, from p: Int, in track: inout Track, minimumGap: MediaTime,
                        reference: (Int) -> CueReference, label: (Int) -> String, outcome: inout Outcome) {
        guard let end = track.cues[p].end else { return }
        let frames = frameRate.frames(in: track.cues[k].start - end)
        // As the file will say them.
        let start = onStep(track.cues[p].start, .nearest)
        let limit = onStep(onStep(track.cues[k].start, .nearest) - minimumGap, .down)
        if let threshold = profile.chainingThresholdFrames, frames < Int64(threshold),
           frames > Int64(profile.minGapFrames ?? 0), limit > end {
            track.cues[p].end = limit
            outcome.changes.append(Change(rule: .timingShotGap, cue: reference(p),
                                          description: "extended the end from \(secondsText(end)) to \(secondsText(limit)) (chained)"))
        } else if let minimum = profile.minGapFrames, frames < Int64(minimum) {
            let shortest = profile.minDuration ?? .zero
            if limit > start, limit - start >= shortest {
                track.cues[p].end = limit
                outcome.changes.append(Change(rule: .timingMinGap, cue: reference(p),
                                              description: "ended the cue at \(secondsText(limit)) instead of \(secondsText(end)) for a \(minimum)-frame gap"))
            } else {
                let why = limit > start
                    ? "would show it for \(secondsText(limit - start)), less than the minimum \(secondsText(shortest))"
                    : "would end it before it starts"
                outcome.notFixed.append(NotFixed(rule: .timingMinGap, cue: reference(p),
                    reason: "the gap before \(label(k)) stays \(frames) frame\(frames == 1 ? "" : "s"): ending it at \(secondsText(limit)) for a \(minimum)-frame gap \(why); --fix does not move a cue's start"))
            }
        }
    }

    /// The characters a line of `cue` may hold: the vertical limit for vertical text.
    static func lineLimit(_ cue: Cue, limits: ValidationProfile.Limits, regions: [Region]) -> Int? {
        ValidationRun.isVertical(cue, regions: regions) ? limits.maxCharsPerVerticalLine ?? limits.maxCharsPerLine : limits.maxCharsPerLine
    }

    /// What re-wrapping a cue's content gave.
    enum Rewrap: Equatable {
        /// Every line fits already.
        case fits
        /// The content re-wrapped.
        case rewrapped([InlineNode])
        /// A line is too long and cannot be re-wrapped safely, for this reason.
        case refused(String)
    }

    /// Plain-text content re-wrapped at `width` characters, or nil when it already fits or cannot
    /// be re-wrapped (`rewrapping` says why).
    static func rewrap(_ content: [InlineNode], width: Int, maxLines: Int?, language: String? = nil,
                       fullWidthCounting: Bool = false) -> [InlineNode]? {
        if case .rewrapped(let nodes) = rewrapping(content, width: width, maxLines: maxLines, language: language,
                                                  fullWidthCounting: fullWidthCounting) { return nodes }
        return nil
    }

    /// Plain-text content re-wrapped at `width` characters (graphemes, or full-width characters
    /// with half-width ones counting ½ when `fullWidthCounting`), greedily at the break
    /// opportunities of `language` (Japanese text without a declared language is broken as
    /// Japanese); refused when it carries markup, has a word longer than a line, or would need
    /// more lines than allowed.
    static func rewrapping(_ content: [InlineNode], width: Int, maxLines: Int?, language: String? = nil,
                           fullWidthCounting: Bool = false) -> Rewrap {
        let limit = fullWidthCounting ? width * 2 : width
        func length(_ line: Substring) -> Int { fullWidthCounting ? TextMeasure.halfWidthUnits(line) : line.count }
        // The lines as the rules count them; only text and line breaks can be re-filled.
        let text = InlineNode.plainText(of: content)
        let markup = content.contains { node in
            switch node {
            case .text, .lineBreak: false
            default: true
            }
        }
        let lines = TextMeasure.lines(text)
        guard lines.contains(where: { length($0) > limit }) else { return .fits }
        if markup { return .refused("its text has markup (styles, ruby or timestamps) that re-wrapping could break") }
        let unspaced = ScriptCount.isUnspaced(text)
        let language = language ?? (ScriptCount.containsKana(text) ? "ja" : nil)
        // Dialogue lines (starting with a dash) keep their breaks; others are joined and re-filled
        // (without a space where the script puts none between words).
        let paragraphs: [String] = lines.allSatisfy { $0.hasPrefix("-") || $0.hasPrefix("\u{2013}") }
            ? lines.map(String.init) : [lines.map { $0.trimmingSpaces }.joined(separator: unspaced ? "" : " ")]
        var result: [String] = []
        for paragraph in paragraphs {
            guard let opportunities = try? LineBreaking.opportunities(in: paragraph, language: language) else {
                return .refused("its line break opportunities could not be found")
            }
            // A word (or a run kinsoku keeps together) longer than a line would have to be cut.
            var from = paragraph.startIndex
            for opportunity in opportunities {
                let word = paragraph[from..<opportunity.index].trimmingSpaces
                if length(word) > limit { return .refused("'\(word)' is longer than a line of \(width) characters and would have to be cut") }
                from = opportunity.index
            }
            guard let wrapped = try? LineBreaking.wrap(paragraph, width: limit, language: language, length: length) else {
                return .refused("its line break opportunities could not be found")
            }
            result += wrapped.filter { !$0.isEmpty }
        }
        if let maxLines, result.count > maxLines {
            return .refused("re-wrapped at \(width) characters a line it needs \(result.count) lines, more than \(maxLines)")
        }
        var nodes: [InlineNode] = []
        for (k, line) in result.enumerated() {
            if k > 0 { nodes.append(.lineBreak) }
            nodes.append(.text(line))
        }
        return .rewrapped(nodes)
    }
}

private extension Substring {
    /// Without spaces at either end.
    var trimmingSpaces: Substring {
        var s = self
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return s
    }
}
