import TimedText

extension ValidationRun {
    /// `timing.*`: cues never shown, listed out of order, overlapping, too short or long, and
    /// gaps below the minimum or short enough to chain. Gaps are counted in whole frames of the
    /// run's frame rate (rounded to nearest, since files round times to the millisecond).
    mutating func checkTiming(_ views: [CueView]) {
        checkSourceOrder(views)
        // The cue that ends last among those seen, for overlaps; nil end is "still open".
        var latest: CueView?
        for (k, view) in views.enumerated() {
            let cue = view.cue
            guard let duration = view.duration else {
                latest = view
                continue
            }
            if duration <= .zero {
                report(.timingZeroOrNegative, duration == .zero
                       ? "cue ends at its start (\(secondsText(cue.start))): it is never shown"
                       : "cue ends \(secondsText(-duration)) before it starts: it is never shown", cue: view)
                continue
            }
            if let minimum = profile.minDuration, duration < minimum {
                let room = freeTime(after: k, in: views)
                let reachable = room.map { duration + $0 >= minimum } ?? true
                report(.timingMinDuration, "cue is shown for \(secondsText(duration)), less than the minimum \(secondsText(minimum))",
                       cue: view, fix: reachable ? "extend the end to \(secondsText(cue.start + minimum))" : nil)
            }
            if let maximum = profile.maxDuration, duration > maximum {
                report(.timingMaxDuration, "cue is shown for \(secondsText(duration)), more than the maximum \(secondsText(maximum))",
                       cue: view, fix: "split the cue or end it at \(secondsText(cue.start + maximum))")
            }
            if let before = latest {
                if before.cue.end.map({ cue.start < $0 }) ?? true {
                    let other = before.cue.id.map { "cue \($0)" } ?? "cue #\(before.reference.index)"
                    let until = before.cue.end.map { " (until \(secondsText($0)))" } ?? " (still open)"
                    report(.timingOverlap, "cue starts at \(secondsText(cue.start)) while \(other) is still shown\(until)",
                           cue: view, fix: "end \(other) at or before \(secondsText(cue.start))")
                } else if let beforeEnd = before.cue.end {
                    checkGap(from: before, end: beforeEnd, to: view)
                }
            }
            // An open cue stays the latest; otherwise the one that ends last.
            if let before = latest {
                if let beforeEnd = before.cue.end, beforeEnd < cue.start + duration { latest = view }
            } else {
                latest = view
            }
        }
    }

    /// `timing.out-of-order`: readers sort cues by start, so the file's order is recovered from
    /// the cues' source lines. Each cue that starts before the cue written just above it is
    /// reported once (one misplaced cue gives one finding, wherever it was moved to).
    private mutating func checkSourceOrder(_ views: [CueView]) {
        let written = views.filter { $0.cue.source != nil }.sorted { $0.cue.source!.line < $1.cue.source!.line }
        for (above, view) in zip(written, written.dropFirst()) where view.cue.start < above.cue.start {
            let label = above.cue.id.map { "cue \($0)" } ?? "cue #\(above.reference.index)"
            report(.timingOutOfOrder,
                   "cue starts at \(secondsText(view.cue.start)), before \(label) written above it (\(secondsText(above.cue.start)))",
                   cue: view, fix: "sort the cues by start time")
        }
    }

    /// `timing.min-gap` and `timing.shot-gap` between a cue and the next one shown.
    private mutating func checkGap(from previous: CueView, end previousEnd: MediaTime, to view: CueView) {
        let gap = view.cue.start - previousEnd
        guard gap >= .zero else { return }
        let frames = frameRate.frames(in: gap)
        let label = previous.cue.id.map { "cue \($0)" } ?? "cue #\(previous.reference.index)"
        if let minimum = profile.minGapFrames, frames < Int64(minimum) {
            let newEnd = view.cue.start - frameRate.duration(ofFrames: minimum)
            report(.timingMinGap, "gap after \(label) is \(frames) frame\(frames == 1 ? "" : "s") at \(frameRate) fps, less than \(minimum)",
                   cue: view, fix: "end \(label) at \(secondsText(newEnd))")
        } else if let threshold = profile.chainingThresholdFrames, frames < Int64(threshold),
                  frames > Int64(profile.minGapFrames ?? 0) {
            let minimum = profile.minGapFrames ?? 0
            let newEnd = view.cue.start - frameRate.duration(ofFrames: minimum)
            report(.timingShotGap, "gap after \(label) is \(frames) frames at \(frameRate) fps, shorter than \(threshold): chain the cues",
                   cue: view, fix: "extend \(label) to \(secondsText(newEnd)) (a \(minimum)-frame gap)")
        }
    }

    /// Time from a cue's end to the next cue's start less the minimum gap (nil: nothing follows).
    func freeTime(after k: Int, in views: [CueView]) -> MediaTime? {
        guard let end = views[k].cue.end, k + 1 < views.count else { return nil }
        let next = views[k + 1].cue.start - frameRate.duration(ofFrames: profile.minGapFrames ?? 0)
        return max(.zero, next - end)
    }
}
