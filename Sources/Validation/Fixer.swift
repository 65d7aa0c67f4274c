public import TimedText
import TextScanning

/// The safe mechanical repairs of `legible validate --fix`: each one changes timing or line
/// breaks only, never words, and never makes another rule fail.
///
/// - drop cues with no visible text (`text.empty`);
/// - close gaps shorter than the chaining threshold to the profile's minimum gap by extending the
///   earlier cue (`timing.shot-gap`), and open gaps below the minimum by ending the earlier cue
///   sooner when it keeps its minimum duration (`timing.min-gap`);
/// - extend too-short cues into the free time after them, up to the minimum duration and never
///   closer to the next cue than the minimum gap (`timing.min-duration`);
/// - re-wrap lines longer than the profile allows at line break opportunities (`LineBreaking`:
///   spaces, and for Japanese between phrases with kinsoku kept), counting full-width characters
///   as the profile does, when the cue is plain text (no spans, ruby or inline timestamps, whose
///   markup a re-wrap could break), no word is longer than a line, and the result fits in the
///   profile's line count (`layout.max-chars-per-line`).
public struct Fixer: Sendable {
    /// The profile whose limits the repairs aim for (minimum duration and gap, line length and count).
    public var profile: ValidationProfile
    /// The frame rate gaps are measured in (as `Validator.frameRate(for:)` chooses it).
    public var frameRate: FrameRate

    /// A fixer for `profile`, counting gaps in frames of `frameRate`.
    public init(profile: ValidationProfile, frameRate: FrameRate) {
        self.profile = profile
        self.frameRate = frameRate
    }

    /// One repair made.
    public struct Change: Sendable, Hashable {
        /// The rule whose finding the change repairs.
        public var rule: RuleID
        /// The cue changed, or dropped.
        public var cue: CueReference
        public var description: String
    }

    /// The document with the repairs made, and a list of them.
    public func fix(_ document: Document) -> (document: Document, changes: [Change]) {
        var fixed = document
        var changes: [Change] = []
        for t in fixed.tracks.indices {
            fixed.tracks[t] = fix(fixed.tracks[t], track: t, changes: &changes)
        }
        return (fixed, changes)
    }

    private func fix(_ input: Track, track t: Int, changes: inout [Change]) -> Track {
        var track = input
        let limits = profile.limits(forLanguage: track.language?.rawValue)
        // Empty cues first, so that gaps are measured between the cues that remain.
        var kept: [Cue] = []
        // Where each kept cue was in the input: changes name cues as the validator's findings do.
        var inputIndex: [Int] = []
        for (k, cue) in track.cues.enumerated() {
            if cue.plainText.unicodeScalars.allSatisfy({ $0.properties.isWhitespace }) {
                changes.append(Change(rule: .textEmpty, cue: CueReference(track: t, index: k, id: cue.id), description: "dropped the empty cue"))
            } else {
                kept.append(cue)
                inputIndex.append(k)
            }
        }
        track.cues = kept
        let minimumGap = frameRate.duration(ofFrames: profile.minGapFrames ?? 0)
        for k in track.cues.indices {
            let reference = CueReference(track: t, index: inputIndex[k], id: track.cues[k].id)
            guard let end = track.cues[k].end, end > track.cues[k].start else { continue }
            let start = track.cues[k].start
            let nextStart = k + 1 < track.cues.count ? track.cues[k + 1].start : nil
            // The latest this cue may end: the minimum gap before the next cue.
            let limit = nextStart.map { $0 - minimumGap }
            if let nextStart, nextStart >= end {
                let frames = frameRate.frames(in: nextStart - end)
                if let threshold = profile.chainingThresholdFrames, frames < Int64(threshold),
                   frames > Int64(profile.minGapFrames ?? 0), let limit {
                    track.cues[k].end = limit
                    changes.append(Change(rule: .timingShotGap, cue: reference,
                                          description: "extended the end from \(secondsText(end)) to \(secondsText(limit)) (chained)"))
                } else if let minimum = profile.minGapFrames, frames < Int64(minimum), let limit, limit > start,
                          limit - start >= (profile.minDuration ?? .zero) {
                    track.cues[k].end = limit
                    changes.append(Change(rule: .timingMinGap, cue: reference,
                                          description: "ended the cue at \(secondsText(limit)) instead of \(secondsText(end)) for a \(minimum)-frame gap"))
                }
            }
            if let minimum = profile.minDuration, let current = track.cues[k].end, current - start < minimum {
                var target = start + minimum
                if let limit, limit < target { target = limit }
                if target > current {
                    track.cues[k].end = target
                    changes.append(Change(rule: .timingMinDuration, cue: reference,
                                          description: "extended the end from \(secondsText(current)) to \(secondsText(target))"))
                }
            }
            if let maximum = Self.lineLimit(track.cues[k], limits: limits, regions: track.regions),
               let rewrapped = Self.rewrap(track.cues[k].content, width: maximum, maxLines: profile.maxLines,
                                           language: track.language?.rawValue, fullWidthCounting: limits.fullWidthCounting) {
                track.cues[k].content = rewrapped
                changes.append(Change(rule: .layoutMaxCharsPerLine, cue: reference, description: "re-wrapped the text at \(maximum) characters per line"))
            }
        }
        return track
    }

    /// The characters a line of `cue` may hold: the vertical limit for vertical text.
    static func lineLimit(_ cue: Cue, limits: ValidationProfile.Limits, regions: [Region]) -> Int? {
        ValidationRun.isVertical(cue, regions: regions) ? limits.maxCharsPerVerticalLine ?? limits.maxCharsPerLine : limits.maxCharsPerLine
    }

    /// Plain-text content re-wrapped at `width` characters (graphemes, or full-width characters
    /// with half-width ones counting ½ when `fullWidthCounting`), greedily at the break
    /// opportunities of `language` (Japanese text without a declared language is broken as
    /// Japanese), or nil when it already fits, carries markup, has a word longer than a line, or
    /// would need more lines than allowed.
    static func rewrap(_ content: [InlineNode], width: Int, maxLines: Int?, language: String? = nil,
                       fullWidthCounting: Bool = false) -> [InlineNode]? {
        var text = ""
        for node in content {
            switch node {
            case .text(let s): text += s
            case .lineBreak: text += "\n"
            default: return nil
            }
        }
        let limit = fullWidthCounting ? width * 2 : width
        func length(_ line: Substring) -> Int { fullWidthCounting ? TextMeasure.halfWidthUnits(line) : line.count }
        let lines = TextMeasure.lines(text)
        guard lines.contains(where: { length($0) > limit }) else { return nil }
        let unspaced = ScriptCount.isUnspaced(text)
        let language = language ?? (ScriptCount.containsKana(text) ? "ja" : nil)
        // Dialogue lines (starting with a dash) keep their breaks; others are joined and re-filled
        // (without a space where the script puts none between words).
        let paragraphs: [String] = lines.allSatisfy { $0.hasPrefix("-") || $0.hasPrefix("\u{2013}") }
            ? lines.map(String.init) : [lines.map { $0.trimmingSpaces }.joined(separator: unspaced ? "" : " ")]
        var result: [String] = []
        for paragraph in paragraphs {
            guard let opportunities = try? LineBreaking.opportunities(in: paragraph, language: language) else { return nil }
            // A word (or a run kinsoku keeps together) longer than a line would have to be cut.
            var from = paragraph.startIndex
            for opportunity in opportunities {
                if length(paragraph[from..<opportunity.index].trimmingSpaces) > limit { return nil }
                from = opportunity.index
            }
            guard let wrapped = try? LineBreaking.wrap(paragraph, width: limit, language: language, length: length) else { return nil }
            result += wrapped.filter { !$0.isEmpty }
        }
        if let maxLines, result.count > maxLines { return nil }
        var nodes: [InlineNode] = []
        for (k, line) in result.enumerated() {
            if k > 0 { nodes.append(.lineBreak) }
            nodes.append(.text(line))
        }
        return nodes
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
