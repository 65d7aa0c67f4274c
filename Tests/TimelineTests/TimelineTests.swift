import Testing
import TimedText
@testable import Timeline

private func t(_ milliseconds: Int64) -> MediaTime { MediaTime(milliseconds: milliseconds) }
private func cue(_ start: Int64, _ end: Int64?, _ id: String) -> Cue {
    Cue(id: id, start: t(start), end: end.map(t), content: [.text(id)])
}

/// Brute force: the cues active at `time`, in display order.
private func activeAt(_ time: MediaTime, _ cues: [Cue]) -> [Int32] {
    cues.indices.filter { n in
        let c = cues[n]
        return !(time < c.start) && (c.end.map { time < $0 } ?? true) && (c.end.map { c.start < $0 } ?? true)
    }.sorted { cues[$0].start == cues[$1].start ? $0 < $1 : cues[$0].start < cues[$1].start }.map(Int32.init)
}

@Suite struct TimelineTests {
    @Test func significantTimesAndSnapshots() {
        let cues = [cue(1500, 4000, "a"), cue(3000, 5000, "b"), cue(5000, 6000, "c"), cue(7000, 7000, "never")]
        let timeline = Timeline(cues: cues)
        #expect(timeline.times == [t(0), t(1500), t(3000), t(4000), t(5000), t(6000)])
        #expect(Array(timeline.snapshot(at: t(0))) == [])
        #expect(Array(timeline.snapshot(at: t(1500))) == [0])
        #expect(Array(timeline.snapshot(at: t(3500))) == [0, 1])
        #expect(Array(timeline.snapshot(at: t(4000))) == [1], "an end is exclusive")
        #expect(Array(timeline.snapshot(at: t(5000))) == [2], "b ends as c starts")
        #expect(Array(timeline.snapshot(at: t(6500))) == [])
        #expect(Array(timeline.snapshot(at: t(-10))) == [])
        #expect(timeline.nextChange(after: t(1500)) == t(3000))
        #expect(timeline.nextChange(after: t(6000)) == nil)
        #expect(timeline.previousChange(before: t(3000)) == t(1500))
        #expect(timeline.previousChange(before: t(3001)) == t(3000))
        #expect(timeline.previousChange(before: t(0)) == nil)
        #expect(timeline.cues(in: t(3500)..<t(5500)) == [0, 1, 2])
        #expect(timeline.cues(in: t(4000)..<t(5000)) == [1])
    }

    /// A change that changes nothing on screen (one cue ends as an identical set resumes) is not
    /// significant; an open cue stays to the end of time; display order is start, then position.
    @Test func openCuesAndDisplayOrder() {
        let cues = [cue(2000, nil, "live"), cue(1000, 3000, "early"), cue(2000, 2500, "tie")]
        let timeline = Timeline(cues: cues)
        #expect(Array(timeline.snapshot(at: t(2200))) == [1, 0, 2])
        #expect(Array(timeline.snapshot(at: t(99_999_000))) == [0])
        #expect(timeline.times == [t(0), t(1000), t(2000), t(2500), t(3000)])
    }

    @Test func negativeStartsMoveTheOrigin() {
        let timeline = Timeline(cues: [cue(-500, 500, "x")])
        #expect(timeline.times == [t(-500), t(500)])
    }

    /// Random tracks: every snapshot equals the brute-force answer, before and after live appends
    /// and closes.
    @Test(arguments: [1, 2, 3, 4, 5])
    func matchesBruteForce(seed: UInt64) {
        var rng = seed &* 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int64) -> Int64 {
            rng = rng &* 6364136223846793005 &+ 1442695040888963407
            return Int64((rng >> 33) % UInt64(n))
        }
        func randomCues(_ count: Int, from base: Int64) -> [Cue] {
            (0..<count).map { k in
                let start = base + next(20_000)
                return cue(start, next(10) == 0 ? nil : start + next(3000), "c\(k)")
            }
        }
        var cues = randomCues(60, from: 0)
        var timeline = Timeline(cues: cues)
        func check() {
            // The probes include every significant time and the moments just before each.
            let probes = timeline.times.flatMap { [$0, $0 - t(1)] } + stride(from: Int64(-100), through: 45_000, by: 397).map(t)
            let wrong = probes.filter { Array(timeline.snapshot(at: $0)) != activeAt($0, cues) }
            #expect(wrong.isEmpty, "seed \(seed): wrong at \(wrong.prefix(5))")
            for k in 1..<timeline.times.count {
                #expect(!timeline.activeCues(inInterval: k - 1).elementsEqual(timeline.activeCues(inInterval: k)),
                        "interval \(k) repeats the one before it")
            }
        }
        check()
        let more = randomCues(30, from: 10_000)
        cues += more
        timeline.append(more)
        check()
        if let open = cues.firstIndex(where: { $0.end == nil }) {
            let end = cues[open].start + t(1234)
            cues[open].end = end
            timeline.close(cue: open, at: end)
            check()
        }
        #expect(Timeline(cues: cues).times == timeline.times, "appending gives what building at once gives")
    }
}

@Suite struct PlaybackCursorTests {
    @Test func reportsEnteredAndExitedAtAnyRateAndOnSeeks() {
        let cues = [cue(1000, 3000, "a"), cue(2000, 4000, "b"), cue(5000, 6000, "c")]
        var cursor = PlaybackCursor(timeline: Timeline(cues: cues))
        #expect(cursor.advance(to: t(0)).isEmpty)
        #expect(cursor.advance(to: t(1000)) == .init(entered: [0], exited: []))
        #expect(cursor.advance(to: t(1000)).isEmpty, "paused")
        #expect(cursor.advance(to: t(2500)) == .init(entered: [1], exited: []))
        #expect(cursor.advance(to: t(5500)) == .init(entered: [2], exited: [0, 1]), "4× playback skips past b's end")
        #expect(cursor.advance(to: t(1500)) == .init(entered: [0], exited: [2]), "seek back")
        #expect(cursor.advance(to: t(60_000)) == .init(entered: [], exited: [0]), "seek past the end")
    }

    /// Sequential playback at several rates reports every cue entering exactly once and leaving
    /// exactly once, and what is on screen always matches the snapshot.
    @Test(arguments: [0.25, 1.0, 4.0])
    func sequentialPlayback(rate: Double) {
        let cues = (0..<200).map { k in cue(Int64(k) * 700, Int64(k) * 700 + 900, "c\(k)") }
        let timeline = Timeline(cues: cues)
        var cursor = PlaybackCursor(timeline: timeline)
        var entered = 0, exited = 0, mismatches = 0
        let step = MediaTime(value: Int64(rate * 1000), timescale: 60_000)  // a 60 Hz frame at `rate`
        var time = MediaTime.zero
        while time < t(200 * 700 + 2000) {
            let changes = cursor.advance(to: time)
            entered += changes.entered.count
            exited += changes.exited.count
            if !cursor.onScreen.elementsEqual(timeline.snapshot(at: time)) { mismatches += 1 }
            time = time + step
        }
        #expect(entered == 200 && exited == 200 && mismatches == 0)
    }

    @Test func liveAppendsAndCloses() {
        var cursor = PlaybackCursor(timeline: Timeline(cues: [cue(0, nil, "live")]))
        #expect(cursor.advance(to: t(500)) == .init(entered: [0], exited: []))
        cursor.close(cue: 0, at: t(1000))
        cursor.append([cue(1000, 2000, "next")])
        #expect(cursor.advance(to: t(600)).isEmpty)
        #expect(cursor.advance(to: t(1200)) == .init(entered: [1], exited: [0]))
    }
}
