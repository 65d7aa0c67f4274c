/// How one cell of caption text looks: the attributes that preamble address and mid-row codes set
/// (CEA-608-E Annex F).
public struct CEA608Style: Sendable, Hashable {
    public var color: CEA608Color
    public var italic: Bool
    public var underline: Bool
    /// Set by FON until the next preamble address or mid-row code.
    public var flash: Bool

    public init(color: CEA608Color = .white, italic: Bool = false, underline: Bool = false, flash: Bool = false) {
        self.color = color
        self.italic = italic
        self.underline = underline
        self.flash = flash
    }

    /// White, upright, not underlined, steady: what a row starts with.
    public static let plain = CEA608Style()
}

/// One character cell of the 15×32 caption grid: a character with its style, or nothing (an
/// empty cell shows the video behind it).
public struct CEA608Cell: Sendable, Hashable {
    /// The character, or nil for an empty cell.
    public var character: Unicode.Scalar?
    public var style: CEA608Style

    public init(_ character: Unicode.Scalar?, style: CEA608Style = .plain) {
        self.character = character
        self.style = style
    }

    public static let empty = CEA608Cell(nil)
}

/// The written part of one row of a caption: the cells from the first character to the last, the
/// empty cells between them included (they show as spaces).
public struct CEA608Row: Sendable, Hashable {
    /// 1...15, top to bottom.
    public var row: Int
    /// 0...31: the column of the first cell.
    public var column: Int
    public var cells: [CEA608Cell]

    public init(row: Int, column: Int, cells: [CEA608Cell]) {
        self.row = row
        self.column = column
        self.cells = cells
    }

    /// The row as text, empty cells as spaces (the spaces written into cells kept as they are).
    public var text: String {
        var text = UTF8Builder(capacity: cells.count)
        for cell in cells { text.append(cell.character ?? " ") }
        return text.string
    }
}

/// One of the decoder's two caption memories (displayed and non-displayed, CEA-608-E Annex F):
/// 15 rows of 32 cells, with a mask of the written cells of each row so that emptiness, erasing and
/// scrolling do not scan the grid.
public struct CEA608Memory: Sendable, Hashable {
    public static let rowCount = 15
    public static let columnCount = 32

    private var cells = [CEA608Cell](repeating: .empty, count: rowCount * columnCount)
    /// Bit c of `written[r]` is set when row r (1-based; index 0 unused) has a character in column c.
    private var written = [UInt32](repeating: 0, count: rowCount + 1)

    public init() {}

    /// True when no cell holds a character.
    public var isEmpty: Bool { !written.contains { $0 != 0 } }

    /// The cell at `row` (1...15) and `column` (0...31).
    public subscript(row: Int, column: Int) -> CEA608Cell {
        cells[(row - 1) * Self.columnCount + column]
    }

    /// True when the row (1...15) holds any character.
    public func hasText(inRow row: Int) -> Bool { written[row] != 0 }

    mutating func set(row: Int, column: Int, _ cell: CEA608Cell) {
        cells[(row - 1) * Self.columnCount + column] = cell
        if cell.character == nil {
            written[row] &= ~(UInt32(1) << UInt32(column))
        } else {
            written[row] |= UInt32(1) << UInt32(column)
        }
    }

    mutating func erase() {
        guard !isEmpty else { return }
        for row in 1...Self.rowCount { eraseRow(row) }
    }

    /// Empties the row from `column` to its end (all of it from column 0).
    mutating func eraseRow(_ row: Int, from column: Int = 0) {
        let mask = column == 0 ? UInt32.max : ~((UInt32(1) << UInt32(column)) - 1)
        guard written[row] & mask != 0 else { return }
        let base = (row - 1) * Self.columnCount
        for c in column..<Self.columnCount { cells[base + c] = .empty }
        written[row] &= ~mask
    }

    /// Keeps rows `first...last` (those of them inside the grid), moved so that `first` becomes
    /// `target`, and erases every other row: a roll-up window scrolling or moving to a new base row.
    mutating func keepRows(from first: Int, through last: Int, movedTo target: Int) {
        let offset = target - first
        guard offset != 0 || first > 1 || last < Self.rowCount else { return }
        let old = self
        erase()
        let low = max(first, 1)
        let high = min(last, Self.rowCount)
        guard low <= high else { return }
        for row in low...high where old.written[row] != 0 {
            let to = row + offset
            guard to >= 1 && to <= Self.rowCount else { continue }
            let source = (row - 1) * Self.columnCount
            let destination = (to - 1) * Self.columnCount
            for c in 0..<Self.columnCount { cells[destination + c] = old.cells[source + c] }
            written[to] = old.written[row]
        }
    }

    /// Every row that holds a character, top to bottom.
    public var rows: [CEA608Row] {
        var result: [CEA608Row] = []
        for row in 1...Self.rowCount where written[row] != 0 {
            let mask = written[row]
            let first = mask.trailingZeroBitCount
            let last = 31 - mask.leadingZeroBitCount
            let base = (row - 1) * Self.columnCount
            result.append(CEA608Row(row: row, column: first, cells: Array(cells[(base + first)...(base + last)])))
        }
        return result
    }
}
