public import TimedText

/// What is on screen when: a track's cues indexed by their significant times.
///
/// Built once per track, in O(n log n): the times at which the set of active cues changes, and for
/// each interval between two of them the cues active in it, in display order (start time, then
/// the cue's place in the track — the order of `docs/cue-json.md`). A cue is active from its
/// start (included) to its end (excluded); a cue without an end (a live caption still on screen)
/// stays active; a cue that ends at or before its start is never shown.
///
/// Queries: `snapshot(at:)` is a binary search, O(log n); `nextChange(after:)` and
/// `previousChange(before:)` likewise; `cues(in:)` walks the intervals it overlaps. Live tracks
/// grow with `append(_:)` and `close(cue:at:)`, which rebuild only from the earliest time they
/// touch. For a playing video, `PlaybackCursor` answers in amortised O(1).
///
/// Storage is one array of times and one flat array of cue numbers (`Int32`), so a 100,000-cue
/// track indexes in a few MB. Its size is the sum over intervals of the cues active in each: for
/// subtitles, two or three per interval; a cue overlapping k others is stored k times.
public struct Timeline: Sendable {
    /// The cues, in the order given (their numbers are their indices here).
    public private(set) var cues: [Cue]
    /// The significant times, ascending; interval k runs from `times[k]` to `times[k + 1]` (the
    /// last to the end of time). The first is 0, or the earliest start when a cue starts before 0.
    public private(set) var times: [MediaTime]
    /// Cue numbers of interval k: `active[activeStart[k]..<activeStart[k + 1]]`.
    private var activeStart: [Int32]
    private var active: [Int32]
    /// `times` as integers in `tickScale` ticks a second (the least common multiple of the cues'
    /// timescales), when they fit: a query then compares machine integers instead of fractions,
    /// which halves a random `snapshot(at:)`. Empty when some time does not fit.
    private var ticks: [Int64] = []
    private var tickScale: Int64 = 0
    /// A bucket table over `ticks`, so that a random query touches two or three cache lines, not
    /// the ~17 of a binary search over 200,000 times: bucket b covers the ticks from
    /// `ticks[0] + b << bucketShift` on, and `bucketFloor[b]` is the interval that holds its first
    /// tick. The answer for a tick in bucket b is between `bucketFloor[b]` and `bucketFloor[b + 1]`.
    private var bucketFloor: [Int32] = []
    private var bucketShift: Int64 = 0

    /// Indexes `cues`, which keep the order given: a cue's number in `snapshot(at:)` and the other
    /// queries is its index in this array, and ties in start time are shown in this order.
    public init(cues: [Cue]) {
        self.cues = cues
        times = []
        activeStart = [0]
        active = []
        rebuild(from: nil)
    }

    /// Indexes the cues of `track`, numbered by their place in `track.cues`.
    public init(track: Track) { self.init(cues: track.cues) }

    /// The number of intervals (as many as significant times).
    public var intervalCount: Int { times.count }

    /// The cue numbers active in interval `k`, in display order.
    public func activeCues(inInterval k: Int) -> ArraySlice<Int32> {
        active[Int(activeStart[k])..<Int(activeStart[k + 1])]
    }

    /// The interval that holds `time`: the last whose start is at or before it; nil before the first.
    public func interval(at time: MediaTime) -> Int? {
        if let tick = tickFloor(time) {
            return ticks.withUnsafeBufferPointer { ticks in
                guard let first = ticks.first, tick >= first else { return nil }
                var low = 0, high = ticks.count  // the answer + 1 is in low...high
                let bucket = (tick - first) >> bucketShift
                if bucket + 1 < bucketFloor.count {
                    low = Int(bucketFloor[Int(bucket)])
                    high = Int(bucketFloor[Int(bucket) + 1]) + 1
                } else {
                    low = Int(bucketFloor[bucketFloor.count - 1])
                }
                while low < high {
                    let mid = (low + high) >> 1
                    if tick < ticks[mid] { high = mid } else { low = mid + 1 }
                }
                return low == 0 ? nil : low - 1
            }
        }
        var low = 0, high = times.count  // the answer + 1 is in low...high
        while low < high {
            let mid = (low + high) >> 1
            if time < times[mid] { high = mid } else { low = mid + 1 }
        }
        return low == 0 ? nil : low - 1
    }

    /// The cues on screen at `time`, in display order.
    public func snapshot(at time: MediaTime) -> ArraySlice<Int32> {
        guard let k = interval(at: time) else { return [] }
        return activeCues(inInterval: k)
    }

    /// The first significant time after `time`, if any.
    public func nextChange(after time: MediaTime) -> MediaTime? {
        let next = (interval(at: time) ?? -1) + 1
        return next < times.count ? times[next] : nil
    }

    /// The last significant time before `time`, if any.
    public func previousChange(before time: MediaTime) -> MediaTime? {
        guard var k = interval(at: time) else { return nil }
        if !(times[k] < time) { k -= 1 }
        return k >= 0 ? times[k] : nil
    }

    /// Every cue active at some moment of `range` (start included, end excluded), each once, in
    /// display order.
    public func cues(in range: Range<MediaTime>) -> [Int32] {
        guard !range.isEmpty else { return [] }
        var first = interval(at: range.lowerBound) ?? 0
        if times.isEmpty { return [] }
        var seen = Set<Int32>()
        var result: [Int32] = []
        while first < times.count, times[first] < range.upperBound {
            for cue in activeCues(inInterval: first) where seen.insert(cue).inserted { result.append(cue) }
            first += 1
        }
        return result.sorted(by: displayOrder)
    }

    // MARK: - Live tracks

    /// Adds cues (a live stream's next segment, an HLS segment arriving). Their numbers follow the
    /// existing ones; the index is rebuilt from the earliest of their starts.
    public mutating func append(_ newCues: [Cue]) {
        guard let earliest = newCues.map(\.start).min() else { return }
        cues += newCues
        rebuild(from: earliest)
    }

    /// Gives an open cue its end (a live caption erased), rebuilding from that time.
    public mutating func close(cue number: Int, at end: MediaTime) {
        let old = cues[number].end
        cues[number].end = end
        rebuild(from: old.map { min($0, end) } ?? end)
    }

    /// ⌊time × tickScale⌋, when the index has ticks and the product fits. Since every significant
    /// time is a whole number of ticks, `time < times[k]` exactly when this is below `ticks[k]`.
    @inline(__always)
    func tickFloor(_ time: MediaTime) -> Int64? {
        guard tickScale > 0 else { return nil }
        if time.timescale == tickScale { return time.value }
        let (product, overflow) = time.value.multipliedReportingOverflow(by: tickScale)
        guard !overflow else { return nil }
        let (quotient, remainder) = product.quotientAndRemainder(dividingBy: time.timescale)
        return remainder < 0 ? quotient - 1 : quotient
    }

    /// Fills `ticks` from `times`: the common timescale when it stays below 2³² and every time fits.
    private mutating func computeTicks() {
        ticks.removeAll(keepingCapacity: true)
        tickScale = 0
        bucketFloor = []
        guard !times.isEmpty else { return }
        var scale: Int64 = 1
        for time in times {
            let g = gcd(scale, time.timescale)
            let (lcm, overflow) = (scale / g).multipliedReportingOverflow(by: time.timescale)
            guard !overflow, lcm < 1 << 32 else { return }
            scale = lcm
        }
        var result: [Int64] = []
        result.reserveCapacity(times.count)
        for time in times {
            let (product, overflow) = time.value.multipliedReportingOverflow(by: scale / time.timescale)
            guard !overflow else { return }
            result.append(product)
        }
        ticks = result
        tickScale = scale
        // About one bucket per interval, a power of two wide.
        let span = UInt64(result[result.count - 1] - result[0]) + 1
        let perBucket = max(1, span / UInt64(result.count))
        bucketShift = Int64(64 - (perBucket - 1).leadingZeroBitCount)  // 2^shift ≥ perBucket
        let bucketCount = Int(span >> UInt64(bucketShift)) + 2
        var floor: [Int32] = []
        floor.reserveCapacity(bucketCount)
        var k = 0
        for b in 0..<bucketCount {
            let start = result[0] + Int64(b) << bucketShift
            while k + 1 < result.count, result[k + 1] <= start { k += 1 }
            floor.append(Int32(k))
        }
        bucketFloor = floor
    }

    private func gcd(_ a: Int64, _ b: Int64) -> Int64 {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }

    // MARK: - Building

    /// True when cue `a` is shown before (above, in the cue-json order) cue `b`.
    func displayOrder(_ a: Int32, _ b: Int32) -> Bool {
        let sa = cues[Int(a)].start, sb = cues[Int(b)].start
        return sa == sb ? a < b : sa < sb
    }

    /// Recomputes the intervals from the one that holds `time` (all of them when nil or before
    /// the first): earlier intervals cannot change, because every cue added or changed is active
    /// only from `time` on.
    private mutating func rebuild(from time: MediaTime?) {
        let keep = time.flatMap { interval(at: $0) } ?? 0  // intervals kept
        let from: MediaTime? = keep > 0 ? times[keep] : nil
        if !times.isEmpty {
            ticks = []
            tickScale = 0
            bucketFloor = []
            active.removeSubrange(Int(activeStart[keep])...)
            activeStart.removeSubrange((keep + 1)...)
            times.removeSubrange(keep...)
        }

        // The cues that matter from `from` on: those already active then, and start and end events.
        struct Event { var time: MediaTime; var cue: Int32; var isStart: Bool }
        var events: [Event] = []
        var current: [Int32] = []
        for (n, cue) in cues.enumerated() {
            if let end = cue.end, !(cue.start < end) { continue }  // never shown
            if let from, let end = cue.end, !(from < end) { continue }  // over by `from`
            if let from, cue.start < from {
                current.append(Int32(n))
            } else {
                events.append(Event(time: cue.start, cue: Int32(n), isStart: true))
            }
            if let end = cue.end { events.append(Event(time: end, cue: Int32(n), isStart: false)) }
        }
        events.sort { $0.time == $1.time ? (!$0.isStart && $1.isStart) : $0.time < $1.time }
        current.sort(by: displayOrder)

        // A full build starts at 0, or at the earliest start when a cue starts before 0.
        var time = from ?? min(MediaTime.zero, events.first?.time ?? .zero)
        var index = 0
        while true {
            // Every event at `time`, then a new interval if the set of cues changed.
            while index < events.count, !(time < events[index].time) {
                let event = events[index]
                if event.isStart {
                    let at = current.firstIndex { displayOrder(event.cue, $0) } ?? current.count
                    current.insert(event.cue, at: at)
                } else if let at = current.firstIndex(of: event.cue) {
                    current.remove(at: at)
                }
                index += 1
            }
            if times.isEmpty || !activeCues(inInterval: times.count - 1).elementsEqual(current) {
                times.append(time)
                active += current
                activeStart.append(Int32(active.count))
            }
            guard index < events.count else { break }
            time = events[index].time
        }
        computeTicks()
    }
}
