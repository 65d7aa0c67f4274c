public import TimedText

/// A `Dialogue:` or `Comment:` line.
public struct ASSEvent: Sendable, Hashable {
    /// Shown, or a comment (kept, never shown).
    public enum Kind: String, Sendable, Hashable {
        /// `Dialogue:`.
        case dialogue = "Dialogue"
        /// `Comment:`.
        case comment = "Comment"
    }

    /// Dialogue or comment.
    public var kind: Kind
    /// `Layer` (SSA `Marked` reads as 0): higher layers are drawn over lower ones.
    public var layer: Int
    /// `Start`, exact in centiseconds.
    public var start: MediaTime
    /// `End`.
    public var end: MediaTime
    /// `Style`, as written.
    public var style: String
    /// `Name` (or `Actor`): the speaker.
    public var name: String
    /// `MarginL`; 0 means the style's.
    public var marginLeft: Int
    /// `MarginR`; 0 means the style's.
    public var marginRight: Int
    /// `MarginV`; 0 means the style's.
    public var marginVertical: Int
    /// `Effect` (`Banner;…`, `Scroll up;…`), or empty.
    public var effect: String
    /// `Text`, override blocks and all.
    public var text: String
    /// Where the line is (1-based).
    public var line: Int
    /// The cue this event became in the document's track, or nil (a comment).
    public var cueIndex: Int?
    /// The byte range of the whole line in the script's text.
    package var lineRange: Range<Int>

    /// An event by hand.
    public init(kind: Kind = .dialogue, layer: Int = 0, start: MediaTime, end: MediaTime, style: String = "Default",
                name: String = "", marginLeft: Int = 0, marginRight: Int = 0, marginVertical: Int = 0,
                effect: String = "", text: String, line: Int = 0, cueIndex: Int? = nil) {
        self.kind = kind
        self.layer = layer
        self.start = start
        self.end = end
        self.style = style
        self.name = name
        self.marginLeft = marginLeft
        self.marginRight = marginRight
        self.marginVertical = marginVertical
        self.effect = effect
        self.text = text
        self.line = line
        self.cueIndex = cueIndex
        self.lineRange = 0..<0
    }
}
