import TimedText

/// What a 608 screen shows over time when cues overlap. A pop-on caption replaces the whole
/// screen, so cues shown at once (four EBU-TT-D regions, a sign over dialogue) are written as one
/// caption holding all of them, each on its own rows, and a new caption each time one of them
/// starts or ends. Cues that overlap nothing are their own screen, unchanged.
struct SCCScreen: Equatable {
    var start: MediaTime
    /// Nil: shown until the next screen replaces it (a cue without an end).
    var end: MediaTime?
    /// The cues shown, as indices into the start-ordered cues, in that order.
    var cues: [Int]
}

enum SCCScreens {
    /// The most cues one screen lists: 608 has 15 rows, and each cue shown takes one at least.
    static let maximumCues = 15

    /// The screens of `cues` (ordered by start). A cue without an end lasts until the next cue
    /// starts (as the writer has always shown it), or to the end when it is the last. A cue that
    /// ends at or before its start is a screen of its own, as before. Linear in the cues: the cues
    /// on screen are a linked list in start order, and a screen lists the first `maximumCues`.
    static func screens(_ cues: [Cue]) -> [SCCScreen] {
        // A cue without an end: until the next later start.
        var ends: [MediaTime?] = cues.map(\.end)
        var nextLaterStart: MediaTime?
        for k in cues.indices.reversed() {
            if ends[k] == nil, let next = nextLaterStart, next > cues[k].start { ends[k] = next }
            if k == 0 || cues[k - 1].start < cues[k].start { nextLaterStart = cues[k].start }
        }
        var screens: [SCCScreen] = []
        // Boundaries: every start and end of a cue with a duration; ends before starts at a time.
        var events: [(time: MediaTime, isStart: Bool, cue: Int)] = []
        events.reserveCapacity(cues.count * 2)
        for k in cues.indices {
            if let end = ends[k], end <= cues[k].start {
                screens.append(SCCScreen(start: cues[k].start, end: end, cues: [k]))
                continue
            }
            events.append((cues[k].start, true, k))
            if let end = ends[k] { events.append((end, false, k)) }
        }
        events.sort { a, b in
            if a.time != b.time { return a.time < b.time }
            if a.isStart != b.isStart { return !a.isStart }
            return a.cue < b.cue
        }
        // The cues on screen, in start order: starts come in that order, so each is appended.
        var next = [Int](repeating: -1, count: cues.count), previous = next
        var head = -1, tail = -1
        func shown() -> [Int] {
            var out: [Int] = []
            var k = head
            while k >= 0, out.count < maximumCues {
                out.append(k)
                k = next[k]
            }
            return out
        }
        var since: MediaTime?
        var i = 0
        while i < events.count {
            let time = events[i].time
            if let since, head >= 0, time > since {
                screens.append(SCCScreen(start: since, end: time, cues: shown()))
            }
            while i < events.count, events[i].time == time {
                let k = events[i].cue
                if events[i].isStart {
                    previous[k] = tail
                    if tail >= 0 { next[tail] = k } else { head = k }
                    tail = k
                } else {
                    if previous[k] >= 0 { next[previous[k]] = next[k] } else { head = next[k] }
                    if next[k] >= 0 { previous[next[k]] = previous[k] } else { tail = previous[k] }
                }
                i += 1
            }
            since = time
        }
        if let since, head >= 0 {
            screens.append(SCCScreen(start: since, end: nil, cues: shown()))
        }
        // By start; a zero-length cue among the others in cue order.
        return screens.enumerated().sorted { a, b in
            if a.element.start != b.element.start { return a.element.start < b.element.start }
            if a.element.cues[0] != b.element.cues[0] { return a.element.cues[0] < b.element.cues[0] }
            return a.offset < b.offset
        }.map(\.element)
    }
}
