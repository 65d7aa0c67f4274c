public import TimedText

/// A caption as a CEA-608 decoder put it on screen: from the frame it appeared to the frame it was
/// erased or replaced, with the rows that were shown.
public struct CEA608Caption: Sendable, Hashable {
    public var start: MediaTime
    /// Nil for a caption still shown at the end of the input.
    public var end: MediaTime?
    public var channel: CEA608Channel
    /// The mode the caption was shown in (the mode when it appeared).
    public var mode: CEA608CaptionMode
    /// The rows that held characters when the caption was taken off screen (for roll-up and
    /// paint-on, the last state of the rows, which grew while it was shown), top to bottom.
    public var rows: [CEA608Row]
    /// Where the code that made the caption appear was read, when known.
    public var location: SourceLocation?

    public init(start: MediaTime, end: MediaTime?, channel: CEA608Channel, mode: CEA608CaptionMode,
                rows: [CEA608Row], location: SourceLocation? = nil) {
        self.start = start
        self.end = end
        self.channel = channel
        self.mode = mode
        self.rows = rows
        self.location = location
    }
}

/// A cue as the `cea608` view of `legible dump --json` shows it (`../shared/cue-json.md`): the
/// channel, the mode, and each row with its number, the column of its first character and its
/// text as displayed (spaces written into cells kept, empty cells between characters as spaces).
///
/// The model cue (`Cue`) keeps what every format can show; this view keeps the 608 grid.
public struct CEA608CueValues: Sendable, Hashable {
    public struct Row: Sendable, Hashable {
        /// 1...15, top to bottom.
        public var row: Int
        /// 0...31.
        public var column: Int
        public var text: String

        public init(row: Int, column: Int, text: String) {
            self.row = row
            self.column = column
            self.text = text
        }
    }

    public var channel: CEA608Channel
    public var mode: CEA608CaptionMode
    public var rows: [Row]

    public init(channel: CEA608Channel, mode: CEA608CaptionMode, rows: [Row]) {
        self.channel = channel
        self.mode = mode
        self.rows = rows
    }

    public init(_ caption: CEA608Caption) {
        self.init(channel: caption.channel, mode: caption.mode,
                  rows: caption.rows.map { Row(row: $0.row, column: $0.column, text: $0.text) })
    }
}
