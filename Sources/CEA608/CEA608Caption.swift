public import TimedText

/// A caption as a CEA-608 decoder put it on screen: from the frame it appeared to the frame it was
/// erased or replaced, with the rows that were shown.
public struct CEA608Caption: Sendable, Hashable {
    /// When the caption appeared: the time of the pair that put it on screen (for pop-on, the EOC).
    public var start: MediaTime
    /// Nil for a caption still shown at the end of the input.
    public var end: MediaTime?
    /// The channel (CC1–CC4) the caption was decoded from.
    public var channel: CEA608Channel
    /// The mode the caption was shown in (the mode when it appeared).
    public var mode: CEA608CaptionMode
    /// The rows that held characters when the caption was taken off screen (for roll-up and
    /// paint-on, the last state of the rows, which grew while it was shown), top to bottom.
    public var rows: [CEA608Row] {
        get { packedRows.rows }
        set { packedRows = CEA608PackedRows(newValue) }
    }
    /// `rows`, as the decoder keeps them: one array for all of them.
    var packedRows: CEA608PackedRows
    /// Where the code that made the caption appear was read, when known.
    public var location: SourceLocation?

    /// A caption made by hand (tests, a writer's input). Rows are kept as given, except that a row
    /// or column beyond 255 keeps only its low 8 bits and a row at most 65,535 cells.
    public init(start: MediaTime, end: MediaTime?, channel: CEA608Channel, mode: CEA608CaptionMode,
                rows: [CEA608Row], location: SourceLocation? = nil) {
        self.init(start: start, end: end, channel: channel, mode: mode, packedRows: CEA608PackedRows(rows), location: location)
    }

    init(start: MediaTime, end: MediaTime?, channel: CEA608Channel, mode: CEA608CaptionMode,
         packedRows: CEA608PackedRows, location: SourceLocation?) {
        self.start = start
        self.end = end
        self.channel = channel
        self.mode = mode
        self.packedRows = packedRows
        self.location = location
    }
}

/// The rows of a caption in one array of 32-bit words: for each row, top to bottom, a header
/// word (the row in bits 0–7, the column of its first cell in bits 8–15, its number of cells in
/// bits 16–31) and then its cells (`PackedCell`). A file of many captions then costs one
/// allocation a caption for its rows, not one for the list and one for each row.
///
/// Rows made by a decoder are always in range (rows 1–15, columns 0–31, at most 32 cells). Rows
/// given through the public `CEA608Caption.rows` are kept as they are when in that range; a row
/// or column beyond 255 keeps only its low 8 bits, and a row of more than 65,535 cells its first
/// 65,535.
struct CEA608PackedRows: Sendable, Hashable {
    var words: [UInt32]

    init(words: [UInt32]) { self.words = words }

    init(_ rows: [CEA608Row]) {
        var words: [UInt32] = []
        words.reserveCapacity(rows.reduce(0) { $0 + 1 + min($1.packedCells.count, Self.maximumCells) })
        for row in rows {
            let cells = row.packedCells.prefix(Self.maximumCells)
            words.append(Self.header(row: row.row, column: row.column, count: cells.count))
            words.append(contentsOf: cells)
        }
        self.words = words
    }

    /// The most cells a header can count (callers of `header` stay within it).
    static let maximumCells = 0xFFFF

    @inline(__always) static func header(row: Int, column: Int, count: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: row) & 0xFF | (UInt32(truncatingIfNeeded: column) & 0xFF) << 8
            | UInt32(truncatingIfNeeded: count) << 16
    }

    var isEmpty: Bool { words.isEmpty }

    /// Calls `body` with each row's number, first column and cells, top to bottom.
    func forEachRow(_ body: (_ row: Int, _ column: Int, _ cells: ArraySlice<UInt32>) -> Void) {
        var i = 0
        while i < words.count {
            let header = words[i]
            let end = min(i + 1 + Int(header >> 16), words.count)
            body(Int(header & 0xFF), Int(header >> 8 & 0xFF), words[(i + 1)..<end])
            i = end
        }
    }

    var rows: [CEA608Row] {
        var rows: [CEA608Row] = []
        forEachRow { row, column, cells in rows.append(CEA608Row(row: row, column: column, packedCells: Array(cells))) }
        return rows
    }
}

/// A cue as the `cea608` view of `legible dump --json` shows it (`docs/cue-json.md`): the
/// channel, the mode, and each row with its number, the column of its first character and its
/// text as displayed (spaces written into cells kept, empty cells between characters as spaces).
///
/// The model cue (`Cue`) keeps what every format can show; this view keeps the 608 grid.
public struct CEA608CueValues: Sendable, Hashable {
    /// One row of the caption as shown.
    public struct Row: Sendable, Hashable {
        /// 1...15, top to bottom.
        public var row: Int
        /// 0...31.
        public var column: Int
        /// The row's text as displayed from `column` on: spaces written into cells kept, empty
        /// cells between characters as spaces.
        public var text: String

        /// A row at grid `row` (1...15) whose text starts at `column` (0...31).
        public init(row: Int, column: Int, text: String) {
            self.row = row
            self.column = column
            self.text = text
        }
    }

    /// The channel the caption came from (CC1–CC4).
    public var channel: CEA608Channel
    /// How the caption was put on screen (`pop-on`, `roll-up-N`, `paint-on` in JSON).
    public var mode: CEA608CaptionMode
    /// The rows that held characters, top to bottom.
    public var rows: [Row]

    /// A view given field by field (tests, a golden file read back).
    public init(channel: CEA608Channel, mode: CEA608CaptionMode, rows: [Row]) {
        self.channel = channel
        self.mode = mode
        self.rows = rows
    }

    /// The view of a decoded caption: its rows' text, each row at its own column.
    public init(_ caption: CEA608Caption) {
        var rows: [Row] = []
        caption.packedRows.forEachRow { row, column, cells in
            rows.append(Row(row: row, column: column, text: CEA608Row.text(of: cells)))
        }
        self.init(channel: caption.channel, mode: caption.mode, rows: rows)
    }
}
