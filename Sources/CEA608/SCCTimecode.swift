public import TimedText
import ClosedCaptionData

/// An SMPTE timecode as Scenarist SCC files write it: `HH:MM:SS:FF` non-drop-frame or
/// `HH:MM:SS;FF` drop-frame, both counting frames of NTSC video at 30000/1001 per second.
///
/// Non-drop-frame labels number frames as if there were 30 a second (so the label runs slow
/// against the clock); drop-frame labels skip frame numbers 0 and 1 at the start of every minute
/// except each tenth (SMPTE ST 12-1), which keeps them within a frame of the clock.
public struct SCCTimecode: Sendable, Hashable, CustomStringConvertible {
    /// Hours, 0 or more (`parse(_:)` reads up to six digits).
    public var hours: Int
    /// Minutes, 0...59 in a valid label.
    public var minutes: Int
    /// Seconds, 0...59 in a valid label.
    public var seconds: Int
    /// The frame within the second, 0...29 in a valid label.
    public var frames: Int
    /// True for a drop-frame label (written with `;`).
    public var isDropFrame: Bool

    /// A label from its fields, not checked (see `isValid`).
    public init(hours: Int, minutes: Int, seconds: Int, frames: Int, isDropFrame: Bool) {
        self.hours = hours
        self.minutes = minutes
        self.seconds = seconds
        self.frames = frames
        self.isDropFrame = isDropFrame
    }

    /// The label of frame number `frame` (counted from 00:00:00:00; negative frames label 0).
    /// Drop-frame labels skip 00 and 01 at each minute not divisible by ten, so each ten minutes
    /// hold 17,982 frames: 1,800 in the first minute and 1,798 in each of the nine others.
    public init(frameNumber frame: Int64, dropFrame: Bool) {
        // SMPTE's counting, shared with MCC's time codes (ClosedCaptionData).
        let label = MCCTimecode(frameNumber: frame, rate: dropFrame ? .fps30DropFrame : .fps30)
        self.init(hours: label.hours, minutes: label.minutes, seconds: label.seconds, frames: label.frames, isDropFrame: dropFrame)
    }

    /// The frame rate of line 21 captioning: 30000/1001 frames a second.
    public static let frameDuration = MediaTime(value: 1001, timescale: 30000)

    /// The time of frame number `frame` (counted from 00:00:00:00).
    public static func time(ofFrame frame: Int64) -> MediaTime {
        MediaTime(value: frame * 1001, timescale: 30000)
    }

    /// The number of the frame this label names, counted from 00:00:00:00.
    public var frameNumber: Int64 {
        MCCTimecode(hours: hours, minutes: minutes, seconds: seconds, frames: frames).frameNumber(at: isDropFrame ? .fps30DropFrame : .fps30)
    }

    /// The exact time of the labelled frame: `frameNumber` × 1001/30000 s.
    public var time: MediaTime { Self.time(ofFrame: frameNumber) }

    /// True when every field is in range: minutes and seconds below 60, frames below 30, and for
    /// drop-frame no label that drop-frame counting skips.
    public var isValid: Bool {
        guard hours >= 0, (0..<60).contains(minutes), (0..<60).contains(seconds), (0..<30).contains(frames) else { return false }
        return !(isDropFrame && seconds == 0 && frames < 2 && minutes % 10 != 0)
    }

    /// `HH:MM:SS:FF`, or `HH:MM:SS;FF` for drop-frame.
    public var description: String {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }
        return two(hours) + ":" + two(minutes) + ":" + two(seconds) + (isDropFrame ? ";" : ":") + two(frames)
    }

    /// Reads a timecode at the start of `bytes`: up to 6 digits of hours, then two digits each of
    /// minutes, seconds and frames, separated by `:` or `;` (a `;` before the frames, or anywhere,
    /// means drop-frame). Returns the timecode and the number of bytes read.
    public static func parse<Bytes: Collection>(_ bytes: Bytes) -> (SCCTimecode, Int)? where Bytes.Element == UInt8 {
        var index = bytes.startIndex
        var consumed = 0
        var fields = (0, 0, 0, 0)
        var dropFrame = false
        for field in 0..<4 {
            var value = 0
            var digits = 0
            while index != bytes.endIndex, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                digits += 1
                index = bytes.index(after: index)
                consumed += 1
                if digits > (field == 0 ? 6 : 2) { return nil }
            }
            guard digits >= 1, field == 0 || digits == 2 else { return nil }
            switch field {
            case 0: fields.0 = value
            case 1: fields.1 = value
            case 2: fields.2 = value
            default: fields.3 = value
            }
            if field < 3 {
                guard index != bytes.endIndex else { return nil }
                let separator = bytes[index]
                guard separator == UInt8(ascii: ":") || separator == UInt8(ascii: ";") else { return nil }
                if separator == UInt8(ascii: ";") { dropFrame = true }
                index = bytes.index(after: index)
                consumed += 1
            }
        }
        return (SCCTimecode(hours: fields.0, minutes: fields.1, seconds: fields.2, frames: fields.3,
                            isDropFrame: dropFrame), consumed)
    }
}
