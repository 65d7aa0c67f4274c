import TimedText

/// When a byte pair reached a `CEA608Decoder`: ticks of a timescale, not reduced.
///
/// A reader that stamps every pair at a fixed rate (an SCC file: one pair a frame of 1001/30000 s)
/// gives the decoder frame ticks, which compare and store as integers; a `MediaTime` (which reduces
/// its fraction) is made only when a caption starts or ends. Times from elsewhere keep their own
/// timescale and compare exactly across timescales.
struct CEA608PairTime: Sendable, Comparable {
    var ticks: Int64
    var timescale: Int64

    init(ticks: Int64, timescale: Int64) {
        self.ticks = ticks
        self.timescale = timescale
    }

    init(_ time: MediaTime) { self.init(ticks: time.value, timescale: time.timescale) }

    /// The time of frame `frame` of an SCC file (`SCCTimecode.frameDuration` each).
    static func frame(_ frame: Int64) -> CEA608PairTime {
        CEA608PairTime(ticks: frame * SCCTimecode.frameDuration.value, timescale: SCCTimecode.frameDuration.timescale)
    }

    var mediaTime: MediaTime { MediaTime(value: ticks, timescale: timescale) }

    static func < (a: CEA608PairTime, b: CEA608PairTime) -> Bool {
        a.timescale == b.timescale ? a.ticks < b.ticks : a.mediaTime < b.mediaTime
    }

    static func == (a: CEA608PairTime, b: CEA608PairTime) -> Bool {
        a.timescale == b.timescale ? a.ticks == b.ticks : a.mediaTime == b.mediaTime
    }
}
