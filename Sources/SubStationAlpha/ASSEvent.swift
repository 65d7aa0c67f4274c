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
    public var text: String {
        get { String(decoding: textBytes, as: UTF8.self) }
        set { textBytes = ArraySlice(newValue.utf8) }
    }
    /// The text's UTF-8. In a script a reader made, a slice of the script's own bytes: the events
    /// share the one buffer rather than each holding a copy (100,000 events, 100,000 allocations
    /// fewer); its indices are the text's place in the script, where the cue builder reads it.
    package var textBytes: ArraySlice<UInt8>
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
        self.init(kind: kind, layer: layer, start: start, end: end, style: style, name: name,
                  margins: (marginLeft, marginRight, marginVertical), effect: effect, textBytes: ArraySlice(text.utf8),
                  line: line, lineRange: 0..<0)
        self.cueIndex = cueIndex
    }

    /// An event as a reader finds it: its text a slice of the script's bytes.
    package init(kind: Kind, layer: Int, start: MediaTime, end: MediaTime, style: String, name: String,
                 margins: (left: Int, right: Int, vertical: Int), effect: String, textBytes: ArraySlice<UInt8>,
                 line: Int, lineRange: Range<Int>) {
        self.kind = kind
        self.layer = layer
        self.start = start
        self.end = end
        self.style = style
        self.name = name
        self.marginLeft = margins.left
        self.marginRight = margins.right
        self.marginVertical = margins.vertical
        self.effect = effect
        self.textBytes = textBytes
        self.line = line
        self.cueIndex = nil
        self.lineRange = lineRange
    }
}
