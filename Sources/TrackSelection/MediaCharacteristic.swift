/// Apple's media characteristics (uniform type identifiers), as HLS `CHARACTERISTICS` carries them
/// (RFC 8216 §4.3.4.1) and AVFoundation's `AVMediaCharacteristic` names them.
public enum MediaCharacteristic {
    /// The track transcribes the spoken dialogue (captions and SDH).
    public static let transcribesSpokenDialog = "public.accessibility.transcribes-spoken-dialog"
    /// The track describes music and sound effects (with the above: SDH).
    public static let describesMusicAndSound = "public.accessibility.describes-music-and-sound"
    /// The track is written to be easy to read (simplified text, slower pace).
    public static let easyToRead = "public.easy-to-read"

    /// What an SDH track (subtitles for the deaf and hard of hearing) declares: both accessibility
    /// characteristics, as Apple's HLS authoring specification requires.
    public static let sdh = [transcribesSpokenDialog, describesMusicAndSound]
}
