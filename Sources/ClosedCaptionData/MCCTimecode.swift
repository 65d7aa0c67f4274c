public import TimedText

/// An MCC file's `Time Code Rate`: how its time codes count frames. MacCaption's header lists
/// `24, 25, 30, 30DF, 50, 60, 60DF` (60DF from V2.0 on).
///
/// The rate names the time code's counting (SMPTE ST 12-1 labels), not the video's exact rate:
/// `30` labels 30 frames a second whether the video runs at 30 or at 30000/1001. `MCCReader`
/// takes the exact rate from the packets' `cdp_frame_rate` where the rate line leaves it open
/// (see `MCCFile.frameRate`).
public enum MCCTimeCodeRate: String, Sendable, Hashable, CaseIterable {
    /// 24 frames a second (the time code of 24 and 23.976 fps video; there is no 24 drop-frame).
    case fps24 = "24"
    /// 25 frames a second.
    case fps25 = "25"
    /// 30 frames a second, non-drop-frame (30 fps video, or 29.97 fps video labelled non-drop).
    case fps30 = "30"
    /// 30 frames a second, drop-frame: 29.97 fps video.
    case fps30DropFrame = "30DF"
    /// 50 frames a second.
    case fps50 = "50"
    /// 60 frames a second, non-drop-frame (60 fps video, or 59.94 labelled non-drop).
    case fps60 = "60"
    /// 60 frames a second, drop-frame: 59.94 fps video.
    case fps60DropFrame = "60DF"

    /// The frames a label counts each second: 24, 25, 30, 50 or 60.
    public var nominalFramesPerSecond: Int {
        switch self {
        case .fps24: 24
        case .fps25: 25
        case .fps30, .fps30DropFrame: 30
        case .fps50: 50
        case .fps60, .fps60DropFrame: 60
        }
    }

    /// True for `30DF` and `60DF`.
    public var isDropFrame: Bool { self == .fps30DropFrame || self == .fps60DropFrame }

    /// The frame numbers drop-frame counting skips at the start of each minute but every tenth
    /// (SMPTE ST 12-1): 2 at 30DF (frames 0 and 1), 4 at 60DF (frames 0–3), 0 otherwise.
    public var droppedFramesPerMinute: Int { isDropFrame ? nominalFramesPerSecond / 15 : 0 }

    /// The rate line's value read leniently: upper or lower case, spaces around it.
    public init?(text: some StringProtocol) {
        let trimmed = text.trimmingSpaces.uppercased()
        guard let rate = Self(rawValue: trimmed) else { return nil }
        self = rate
    }

    /// The time code rate for video at `frameRate`: drop-frame (`30DF`, `60DF`) only at 29.97 and
    /// 59.94, and only when `dropFrame` asks for it.
    public init(frameRate: CaptionDistributionPacket.FrameRate, dropFrame: Bool) {
        switch frameRate {
        case .fps23_976, .fps24: self = .fps24
        case .fps25: self = .fps25
        case .fps29_97: self = dropFrame ? .fps30DropFrame : .fps30
        case .fps30: self = .fps30
        case .fps50: self = .fps50
        case .fps59_94: self = dropFrame ? .fps60DropFrame : .fps60
        case .fps60: self = .fps60
        }
    }
}

/// An MCC line's time code: `HH:MM:SS:FF`, and in V2.0 files an optional `.F` (0 or 1, the field)
/// and `,L` (the VANC line the packet was on) after the frames: `01:00:00:00.1,9`.
///
/// Labels count frames at the file's `MCCTimeCodeRate`; a label's frame number, and from it its
/// exact time, depend on that rate.
public struct MCCTimecode: Sendable, Hashable, CustomStringConvertible {
    /// Hours, 0–99 (two digits).
    public var hours: Int
    /// Minutes, 0–59 in a valid label.
    public var minutes: Int
    /// Seconds, 0–59 in a valid label.
    public var seconds: Int
    /// The frame within the second, below the rate's nominal frames a second in a valid label.
    public var frames: Int
    /// The `.1` suffix of V2.0: the packet belongs to the frame's second field (for interlaced
    /// video), half a frame after the first.
    public var isSecondField: Bool
    /// The `,L` suffix of V2.0: the VANC line number the packet was carried on, kept as read.
    public var vancLine: Int?

    /// A label from its fields, not checked (see `isValid(at:)`).
    public init(hours: Int, minutes: Int, seconds: Int, frames: Int, isSecondField: Bool = false, vancLine: Int? = nil) {
        self.hours = hours
        self.minutes = minutes
        self.seconds = seconds
        self.frames = frames
        self.isSecondField = isSecondField
        self.vancLine = vancLine
    }

    /// The label of frame number `frame` (counted from 00:00:00:00; a negative frame labels 0)
    /// at `rate`. Drop-frame labels skip the rate's dropped frame numbers at each minute not
    /// divisible by ten, so ten minutes hold 17,982 frames at 30DF and 35,964 at 60DF.
    public init(frameNumber frame: Int64, rate: MCCTimeCodeRate, isSecondField: Bool = false) {
        let n = Int64(rate.nominalFramesPerSecond)
        let dropped = Int64(rate.droppedFramesPerMinute)
        // Past 2^50 frames (centuries at any rate) the arithmetic could overflow: clamped there.
        var nominal = min(max(0, frame), 1 << 50)
        if dropped > 0 {
            let minute = 60 * n, tenMinutes = 600 * n - 9 * dropped
            let tens = nominal / tenMinutes, rest = nominal % tenMinutes
            nominal += 9 * dropped * tens + (rest < minute ? 0 : dropped * ((rest - minute) / (minute - dropped) + 1))
        }
        self.init(hours: Int(nominal / (3600 * n)), minutes: Int(nominal / (60 * n) % 60), seconds: Int(nominal / n % 60),
                  frames: Int(nominal % n), isSecondField: isSecondField)
    }

    /// The number of the frame this label names at `rate`, counted from 00:00:00:00: the
    /// nominal count less, for drop-frame, the frame numbers skipped in the minutes before.
    public func frameNumber(at rate: MCCTimeCodeRate) -> Int64 {
        let n = Int64(rate.nominalFramesPerSecond)
        // Wrapping arithmetic: a label built with absurd fields gives a wrong number, never a trap
        // (a label read from a file has at most two digits a field).
        let totalMinutes = Int64(hours) &* 60 &+ Int64(minutes)
        let nominal = (totalMinutes &* 60 &+ Int64(seconds)) &* n &+ Int64(frames)
        return nominal &- Int64(rate.droppedFramesPerMinute) &* (totalMinutes &- totalMinutes / 10)
    }

    /// True when every field is in range at `rate`: hours 0–99, minutes and seconds below 60,
    /// frames below the nominal rate, and for drop-frame no label that its counting skips.
    public func isValid(at rate: MCCTimeCodeRate) -> Bool {
        guard (0...99).contains(hours), (0..<60).contains(minutes), (0..<60).contains(seconds),
              (0..<rate.nominalFramesPerSecond).contains(frames) else { return false }
        return !(seconds == 0 && frames < rate.droppedFramesPerMinute && minutes % 10 != 0)
    }

    /// The exact time of the label: its frame number × `frameDuration`, plus half a frame for the
    /// second field.
    public func time(at rate: MCCTimeCodeRate, frameDuration: MediaTime) -> MediaTime {
        let halves = 2 &* frameNumber(at: rate) &+ (isSecondField ? 1 : 0)
        return MediaTime(value: halves &* frameDuration.value, timescale: 2 &* frameDuration.timescale)
    }

    /// `HH:MM:SS:FF`, with `.1` for the second field and `,L` for a VANC line. MCC writes colons
    /// for drop-frame labels too: the rate line says how they count.
    public var description: String {
        func two(_ n: Int) -> String { n < 10 && n >= 0 ? "0\(n)" : String(n) }
        var text = two(hours) + ":" + two(minutes) + ":" + two(seconds) + ":" + two(frames)
        if isSecondField || vancLine != nil { text += isSecondField ? ".1" : ".0" }
        if let vancLine { text += ",\(vancLine)" }
        return text
    }

    /// Reads a time code at the start of `bytes`: 1–2 digits of hours, then two digits each of
    /// minutes, seconds and frames, separated by `:` (or `;` anywhere, or `.` before the frames:
    /// marks of drop-frame labels, accepted, as the rate line alone says how labels count), then an
    /// optional `.0`/`.1` field and `,L` line (1–5 digits). Returns nil when the bytes do not
    /// start so.
    static func parse(_ bytes: ArraySlice<UInt8>) -> (timecode: MCCTimecode, length: Int)? {
        var k = bytes.startIndex
        let end = bytes.endIndex
        func digits(min: Int, max: Int) -> Int? {
            var value = 0, count = 0
            while k < end, count < max, bytes[k] >= UInt8(ascii: "0"), bytes[k] <= UInt8(ascii: "9") {
                value = value * 10 + Int(bytes[k] - UInt8(ascii: "0"))
                count += 1
                k += 1
            }
            return count >= min ? value : nil
        }
        var fields = [0, 0, 0, 0]
        for field in 0..<4 {
            guard let value = digits(min: field == 0 ? 1 : 2, max: 2) else { return nil }
            fields[field] = value
            if field < 3 {
                guard k < end else { return nil }
                let separator = bytes[k]
                guard separator == UInt8(ascii: ":") || separator == UInt8(ascii: ";")
                        || (separator == UInt8(ascii: ".") && field == 2) else { return nil }
                k += 1
            }
        }
        // A digit right after the frames would make a third digit: not a label.
        if k < end, bytes[k] >= UInt8(ascii: "0"), bytes[k] <= UInt8(ascii: "9") { return nil }
        var timecode = MCCTimecode(hours: fields[0], minutes: fields[1], seconds: fields[2], frames: fields[3])
        if k < end, bytes[k] == UInt8(ascii: ".") {
            k += 1
            guard k < end, bytes[k] == UInt8(ascii: "0") || bytes[k] == UInt8(ascii: "1") else { return nil }
            timecode.isSecondField = bytes[k] == UInt8(ascii: "1")
            k += 1
            if k < end, bytes[k] == UInt8(ascii: ",") {
                k += 1
                guard let line = digits(min: 1, max: 5) else { return nil }
                timecode.vancLine = line
            }
            if k < end, bytes[k] >= UInt8(ascii: "0"), bytes[k] <= UInt8(ascii: "9") { return nil }
        }
        return (timecode, k - bytes.startIndex)
    }
}

extension StringProtocol {
    /// The text without the spaces and tabs around it.
    var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        let s = self[...]
        guard let first = s.firstIndex(where: { !isSpace($0) }), let last = s.lastIndex(where: { !isSpace($0) }) else {
            return Substring()
        }
        return Substring(s[first...last])
    }
}
