public import TimedText

/// A video frame rate, exact: frame-based rules (gaps, chaining) count whole frames of it.
///
/// Drop-frame only changes how timecodes are labelled, not how long a frame lasts, so 29.97
/// drop-frame and 29.97 non-drop have the same frame duration (1001/30000 s).
public struct FrameRate: Sendable, Hashable, CustomStringConvertible {
    /// Frames per second as an exact fraction (30000/1001 for 29.97).
    public var framesPerSecond: Fraction
    /// True for drop-frame timecode labels (NTSC rates only, N×1000/1001); a frame lasts as long either way.
    public var isDropFrame: Bool

    /// A rate of `framesPerSecond` (exact, e.g. `Fraction(30000, 1001)`); `dropFrame` is not checked
    /// against the rate here (`init(parsing:)` does).
    public init(framesPerSecond: Fraction, dropFrame: Bool = false) {
        self.framesPerSecond = framesPerSecond
        self.isDropFrame = dropFrame
    }

    /// 23.976 fps: 24000/1001, film transferred to NTSC video.
    public static let fps23_976 = FrameRate(framesPerSecond: Fraction(24000, 1001))
    /// 24 fps, cinema.
    public static let fps24 = FrameRate(framesPerSecond: Fraction(24))
    /// 25 fps, PAL and most European broadcast.
    public static let fps25 = FrameRate(framesPerSecond: Fraction(25))
    /// 29.97 fps: 30000/1001, NTSC video, non-drop-frame labels.
    public static let fps29_97 = FrameRate(framesPerSecond: Fraction(30000, 1001))
    /// 29.97 fps with drop-frame labels, as CEA-608 and SCC count.
    public static let fps29_97DropFrame = FrameRate(framesPerSecond: Fraction(30000, 1001), dropFrame: true)
    /// 30 fps exactly.
    public static let fps30 = FrameRate(framesPerSecond: Fraction(30))
    /// 50 fps, as 50 Hz HD broadcast uses.
    public static let fps50 = FrameRate(framesPerSecond: Fraction(50))
    /// 59.94 fps: 60000/1001, as 60 Hz HD broadcast uses.
    public static let fps59_94 = FrameRate(framesPerSecond: Fraction(60000, 1001))
    /// 60 fps exactly.
    public static let fps60 = FrameRate(framesPerSecond: Fraction(60))

    /// Parses `23.976`, `24`, `25`, `29.97`, `29.97df` (or `29.97-df`, `29.97;`), `30`, `50`,
    /// `59.94`, `60`, or an exact `N/D`. The NTSC rates are read as their exact N×1000/1001.
    public init?(parsing text: String) {
        var body = Substring(text.lowercased())
        var dropFrame = false
        for suffix in ["-df", "df", ";"] where body.hasSuffix(suffix) {
            body = body.dropLast(suffix.count)
            dropFrame = true
            break
        }
        switch body {
        case "23.976", "23.98": self = .fps23_976
        case "29.97": self = .fps29_97
        case "59.94": self = .fps59_94
        case "47.952": self = FrameRate(framesPerSecond: Fraction(48000, 1001))
        default:
            let parts = body.split(separator: "/")
            if parts.count == 2, let n = Int64(parts[0]), let d = Int64(parts[1]), n > 0, d > 0 {
                self = FrameRate(framesPerSecond: Fraction(n, d))
            } else if let value = Fraction(decimal: body.utf8), value > .zero, value <= Fraction(1000) {
                self = FrameRate(framesPerSecond: value)
            } else {
                return nil
            }
        }
        if dropFrame {
            // Drop-frame labelling exists only for the NTSC rates.
            guard framesPerSecond.denominator == 1001 else { return nil }
            isDropFrame = true
        }
    }

    /// The duration of `count` frames, exactly.
    public func duration(ofFrames count: Int) -> MediaTime {
        MediaTime(value: Int64(count) * framesPerSecond.denominator, timescale: framesPerSecond.numerator)
    }

    /// How many whole frames fit in `time` (rounded to nearest: times in a file are often rounded
    /// to the millisecond, so 2 frames at 25 fps written as 0.080 s count as 2).
    public func frames(in time: MediaTime) -> Int64 {
        // frames = seconds × fps = value × num / (timescale × den)
        let numerator = Int128(time.value) * Int128(framesPerSecond.numerator)
        let denominator = Int128(time.timescale) * Int128(framesPerSecond.denominator)
        let half = denominator / 2
        let rounded = numerator >= 0 ? (numerator + half) / denominator : (numerator - half) / denominator
        return Int64(clamping: rounded)
    }

    public var description: String {
        let base = framesPerSecond.denominator == 1 ? "\(framesPerSecond.numerator)" : framesPerSecond.decimalText(maximumFractionDigits: 3)
        return isDropFrame ? base + " drop-frame" : base
    }
}
