import Legible

/// The timeline on a 100,000-cue track (2–6 s cues with gaps, every tenth overlapping the next):
/// building it, 1,000,000 random `snapshot(at:)` calls, and a 60 Hz playback over the whole track
/// with `PlaybackCursor`. The query benchmarks report nanoseconds per call in `per_call_ns`.
enum TimelineBenchmarks {
    static func all(cues count: Int) -> [Benchmark] {
        var rng = SplitMix(seed: 3)
        var cues: [Cue] = []
        var ms: Int64 = 1000
        for k in 0..<count {
            let duration = 2000 + Int64(rng.next() % 4000)
            cues.append(Cue(start: MediaTime(milliseconds: ms), end: MediaTime(milliseconds: ms + duration), content: [.text("cue \(k)")]))
            ms += k % 10 == 0 ? duration / 2 : duration + Int64(rng.next() % 1500)
        }
        let timeline = Timeline(cues: cues)
        let total = ms + 5000
        let queries = (0..<1_000_000).map { _ in MediaTime(milliseconds: Int64(rng.next() % UInt64(total))) }
        let frames = Int(total * 60 / 1000)
        return [
            Benchmark(name: "timeline.build", bytes: nil) { blackHole(Timeline(cues: cues)) },
            Benchmark(name: "timeline.snapshot-random", bytes: nil, calls: queries.count) {
                var sum = 0
                for time in queries { sum &+= timeline.snapshot(at: time).count }
                blackHole(sum)
            },
            Benchmark(name: "timeline.playback-60hz", bytes: nil, calls: frames) {
                var cursor = PlaybackCursor(timeline: timeline)
                var sum = 0
                for frame in 0..<frames {
                    sum &+= cursor.advance(to: MediaTime(value: Int64(frame), timescale: 60)).entered.count
                }
                blackHole(sum)
            },
            Benchmark(name: "timeline.baseline-times", bytes: nil, calls: frames) {
                var sum: Int64 = 0
                for frame in 0..<frames { sum &+= MediaTime(value: Int64(frame), timescale: 60).value }
                blackHole(sum)
            },
        ]
    }
}
