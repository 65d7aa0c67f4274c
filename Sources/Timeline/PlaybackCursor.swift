public import TimedText

/// Follows a playing video through a `Timeline`: each `advance(to:)` says which cues appeared and
/// which went away since the previous call.
///
/// Normal playback at any rate (0.25×–4×) moves the position forward by a frame or a few: the
/// cursor stays in its interval or steps to the next ones, so a call costs O(1) amortised plus
/// the cues that change. A seek (a jump backwards, or forwards past a few intervals) costs one
/// binary search. Pausing is calling with the same time, which changes nothing. The cursor owns
/// its timeline, so a live track grows through `append(_:)` and `close(cue:at:)` here, and the
/// next `advance(to:)` reports what that changed.
public struct PlaybackCursor: Sendable {
    /// The timeline followed, with what `append(_:)` and `close(cue:at:)` added to it.
    public private(set) var timeline: Timeline
    /// The position of the last `advance(to:)`, nil before the first.
    public private(set) var position: MediaTime?
    /// The cue numbers on screen at `position`, in display order.
    public private(set) var onScreen: [Int32] = []
    /// The interval that holds `position` (nil before the first significant time).
    private var interval: Int?

    /// Forward steps tried before a binary search: playback crosses one interval at a time.
    private static let stepLimit = 4

    /// A cursor at no position yet: the first `advance(to:)` reports every cue on screen then as entered.
    public init(timeline: Timeline) {
        self.timeline = timeline
    }

    /// What changed on screen.
    public struct Changes: Sendable, Hashable {
        /// Cues that are on screen now and were not, in display order.
        public var entered: [Int32]
        /// Cues that were on screen and are not any more, in their former display order.
        public var exited: [Int32]

        /// True when nothing entered or left, so the player has nothing to redraw.
        public var isEmpty: Bool { entered.isEmpty && exited.isEmpty }
    }

    /// Moves to `time` and returns the cues that entered and left the screen since the last call.
    @discardableResult
    public mutating func advance(to time: MediaTime) -> Changes {
        // The common case, a frame later in the same interval: two comparisons of fractions.
        if !timelineChanged, let current = interval, let position, !(time < position) {
            let next = current + 1
            if next >= timeline.times.count || time < timeline.times[next] {
                self.position = time
                return Changes(entered: [], exited: [])
            }
        }
        let target = locate(time)
        position = time
        if !timelineChanged && target == interval { return Changes(entered: [], exited: []) }
        timelineChanged = false
        interval = target
        let now = target.map { Array(timeline.activeCues(inInterval: $0)) } ?? []
        let changes = Self.difference(from: onScreen, to: now)
        onScreen = now
        return changes
    }

    /// Adds cues to the timeline (a live segment); `advance(to:)` reports them when they show.
    public mutating func append(_ cues: [Cue]) {
        timeline.append(cues)
        timelineChanged = true
    }

    /// Ends an open cue; `advance(to:)` reports it leaving once its end has passed.
    public mutating func close(cue number: Int, at end: MediaTime) {
        timeline.close(cue: number, at: end)
        timelineChanged = true
    }

    /// Set when the timeline was rebuilt: interval numbers may mean other times now, so the next
    /// call searches afresh and compares with what is on screen.
    private var timelineChanged = false

    /// The interval holding `time`: a few steps from the current one when playing forwards, a
    /// binary search otherwise.
    private func locate(_ time: MediaTime) -> Int? {
        if !timelineChanged, let position, let current = interval, !(time < position) {
            var k = current
            for _ in 0..<Self.stepLimit {
                if k + 1 >= timeline.times.count || time < timeline.times[k + 1] { return k }
                k += 1
            }
        }
        return timeline.interval(at: time)
    }

    /// Cues in `new` and not in `old`, and the other way round; both lists are short.
    static func difference(from old: [Int32], to new: [Int32]) -> Changes {
        Changes(entered: new.filter { !old.contains($0) }, exited: old.filter { !new.contains($0) })
    }
}
