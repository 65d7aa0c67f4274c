/// What a track is for beyond its language and kind, as Apple's media characteristics (uniform
/// type identifiers) name it: HLS `CHARACTERISTICS` carries them (RFC 8216 §4.3.4.1) and
/// AVFoundation's `AVMediaCharacteristic` uses the same names.
public struct MediaCharacteristic: RawRepresentable, Sendable, Hashable, Comparable, ExpressibleByStringLiteral,
    CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
    public var description: String { rawValue }
    public static func < (a: MediaCharacteristic, b: MediaCharacteristic) -> Bool { a.rawValue < b.rawValue }

    /// The track transcribes the spoken dialogue (captions and SDH).
    public static let transcribesSpokenDialog: MediaCharacteristic = "public.accessibility.transcribes-spoken-dialog"
    /// The track describes music and sound effects (with the above: SDH).
    public static let describesMusicAndSound: MediaCharacteristic = "public.accessibility.describes-music-and-sound"
    /// The track is written to be easy to read (simplified text, slower pace).
    public static let easyToRead: MediaCharacteristic = "public.easy-to-read"

    /// What an SDH track (subtitles for the deaf and hard of hearing) declares: both accessibility
    /// characteristics, as Apple's HLS authoring specification requires.
    public static let sdh: [MediaCharacteristic] = [transcribesSpokenDialog, describesMusicAndSound]
}
