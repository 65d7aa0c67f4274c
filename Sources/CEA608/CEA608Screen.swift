/// How one cell of caption text looks: the attributes that preamble address and mid-row codes set
/// (CEA-608-E Annex F).
public struct CEA608Style: Sendable, Hashable {
    /// The foreground colour.
    public var color: CEA608Color
    /// Italics, set by a PAC or mid-row italics code.
    public var italic: Bool
    /// Underline, set by the underline bit of a PAC or mid-row code.
    public var underline: Bool
    /// Set by FON until the next preamble address or mid-row code.
    public var flash: Bool

    /// A style; the defaults are `plain`.
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
    /// How the character looks (an empty cell keeps a style too, which it does not show).
    public var style: CEA608Style

    /// A cell holding `character` (nil for an empty cell) in `style`.
    public init(_ character: Unicode.Scalar?, style: CEA608Style = .plain) {
        self.character = character
        self.style = style
    }

    /// An empty cell in the plain style: nothing drawn, the video shows through.
    public static let empty = CEA608Cell(nil)
}

/// The written part of one row of a caption: the cells from the first character to the last, the
/// empty cells between them included (they show as spaces).
public struct CEA608Row: Sendable, Hashable {
    /// 1...15, top to bottom.
    public var row: Int
    /// 0...31: the column of the first cell.
    public var column: Int
    /// The cells as the decoder keeps them (`PackedCell`): a third of the memory of `CEA608Cell`s,
    /// which matters for a file of many captions.
    var packedCells: [UInt32]

    /// The cells from `column` on, left to right, unpacked.
    public var cells: [CEA608Cell] {
        get { packedCells.map(PackedCell.unpack) }
        set { packedCells = newValue.map(PackedCell.pack) }
    }

    /// A row at grid `row` (1...15) whose first cell is at `column` (0...31).
    public init(row: Int, column: Int, cells: [CEA608Cell]) {
        self.init(row: row, column: column, packedCells: cells.map(PackedCell.pack))
    }

    init(row: Int, column: Int, packedCells: [UInt32]) {
        self.row = row
        self.column = column
        self.packedCells = packedCells
    }

    /// The row as text, empty cells as spaces (the spaces written into cells kept as they are).
    public var text: String { Self.text(of: packedCells[...]) }

    /// Packed cells as text, empty cells as spaces: measured, then encoded into the string's
    /// own storage (every caption's text is made so).
    static func text(of cells: ArraySlice<UInt32>) -> String {
        var length = 0
        for cell in cells { length += UTF8.width(PackedCell.character(cell) ?? " ") }
        return String(unsafeUninitializedCapacity: length) { bytes in
            var i = 0
            for cell in cells {
                let scalar = PackedCell.character(cell) ?? " "
                if scalar.isASCII {
                    bytes[i] = UInt8(truncatingIfNeeded: scalar.value)
                    i += 1
                } else {
                    UTF8.encode(scalar) { byte in
                        bytes[i] = byte
                        i += 1
                    }
                }
            }
            return i
        }
    }
}

/// One of the decoder's two caption memories (displayed and non-displayed, CEA-608-E Annex F):
/// 15 rows of 32 cells, with a mask of the written cells of each row so that emptiness, erasing and
/// scrolling do not scan the grid.
///
/// The grid is stored inline, each cell packed into 32 bits (`PackedCell`): writing a character,
/// which a decoder does for nearly every byte it receives, is then one store and one bit set, with
/// no heap storage to check for sharing.
package struct CEA608Memory: Sendable, Hashable {
    /// Rows of the caption grid, numbered 1...15 from the top.
    package static let rowCount = 15
    /// Columns of the caption grid, numbered 0...31 from the left.
    package static let columnCount = 32

    private var cells = InlineArray<480, UInt32>(repeating: PackedCell.empty)
    /// Bit c of `written[r]` is set when row r (1-based; index 0 unused) has a character in column c.
    private var written = InlineArray<16, UInt32>(repeating: 0)

    /// An erased memory: no cell holds a character.
    package init() {}

    /// True when no cell holds a character.
    package var isEmpty: Bool {
        var any: UInt32 = 0
        for row in 1...Self.rowCount { any |= written[row] }
        return any == 0
    }

    /// The cell at `row` (1...15) and `column` (0...31).
    package subscript(row: Int, column: Int) -> CEA608Cell {
        PackedCell.unpack(cells[(row - 1) * Self.columnCount + column])
    }

    /// True when the row (1...15) holds any character.
    package func hasText(inRow row: Int) -> Bool { written[row] != 0 }

    /// Writes a packed cell (`PackedCell.pack`) at `row` (1...15) and `column` (0...31).
    @inline(__always) mutating func set(row: Int, column: Int, packed cell: UInt32) {
        cells[(row - 1) * Self.columnCount + column] = cell
        let bit = UInt32(1) << UInt32(column)
        if PackedCell.hasCharacter(cell) { written[row] |= bit } else { written[row] &= ~bit }
    }

    mutating func erase() {
        for row in 1...Self.rowCount { eraseRow(row) }
    }

    /// Empties the row from `column` to its end (all of it from column 0).
    mutating func eraseRow(_ row: Int, from column: Int = 0) {
        let mask = column == 0 ? UInt32.max : ~((UInt32(1) << UInt32(column)) - 1)
        guard written[row] & mask != 0 else { return }
        let base = (row - 1) * Self.columnCount
        for c in column..<Self.columnCount { cells[base + c] = PackedCell.empty }
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
    package var rows: [CEA608Row] { packedRows.rows }

    /// Every row that holds a character, top to bottom, as a caption keeps them: from each row's
    /// first character to its last.
    var packedRows: CEA608PackedRows { withUnsafePointer(to: self) { Self.packedRows(of: $0) } }

    /// `packedRows` of the memory at `memory`: a decoder asks for it without a copy of the memory.
    static func packedRows(of memory: UnsafePointer<CEA608Memory>) -> CEA608PackedRows {
        let written = memory.pointee.written
        var total = 0
        for row in 1...Self.rowCount where written[row] != 0 {
            total += 1 + (32 - written[row].leadingZeroBitCount - written[row].trailingZeroBitCount)
        }
        let words = memory.pointee.cells.span.withUnsafeBufferPointer { grid in
            [UInt32](unsafeUninitializedCapacity: total) { words, count in
                for row in 1...Self.rowCount where written[row] != 0 {
                    let mask = written[row]
                    let first = mask.trailingZeroBitCount
                    let length = 32 - mask.leadingZeroBitCount - first
                    words[count] = CEA608PackedRows.header(row: row, column: first, count: length)
                    let base = (row - 1) * Self.columnCount + first
                    for c in 0..<length { words[count + 1 + c] = grid[base + c] }
                    count += 1 + length
                }
            }
        }
        return CEA608PackedRows(words: words)
    }

    package static func == (a: CEA608Memory, b: CEA608Memory) -> Bool {
        for row in 1...rowCount where a.written[row] != b.written[row] { return false }
        for i in 0..<(rowCount * columnCount) where a.cells[i] != b.cells[i] { return false }
        return true
    }

    package func hash(into hasher: inout Hasher) {
        for row in 1...Self.rowCount { hasher.combine(written[row]) }
        for i in 0..<(Self.rowCount * Self.columnCount) { hasher.combine(cells[i]) }
    }
}

/// A `CEA608Cell` in 32 bits: the scalar in bits 0–20, bit 21 set when there is one, the colour in
/// bits 24–26, then italic, underline and flash. An empty cell in the plain style is 0.
enum PackedCell {
    static let empty: UInt32 = 0
    private static let characterBit: UInt32 = 1 << 21

    @inline(__always) static func pack(_ cell: CEA608Cell) -> UInt32 { pack(cell.character, styleBits: pack(cell.style)) }

    /// A character (nil: none) with a style already packed (`pack(_: CEA608Style)`).
    @inline(__always) static func pack(_ character: Unicode.Scalar?, styleBits: UInt32) -> UInt32 {
        (character.map { $0.value | characterBit } ?? 0) | styleBits
    }

    /// The style's bits alone, to be or-ed with a character's.
    @inline(__always) static func pack(_ style: CEA608Style) -> UInt32 {
        UInt32(style.color.rawValue) << 24 | (style.italic ? 1 << 27 : 0) | (style.underline ? 1 << 28 : 0)
            | (style.flash ? 1 << 29 : 0)
    }

    @inline(__always) static func hasCharacter(_ cell: UInt32) -> Bool { cell & characterBit != 0 }

    @inline(__always) static func character(_ cell: UInt32) -> Unicode.Scalar? {
        hasCharacter(cell) ? Unicode.Scalar(cell & 0x1F_FFFF) : nil
    }

    /// The bits of colour, italics and underline: equal for cells that look alike (flashing aside,
    /// which the model does not show).
    @inline(__always) static func look(_ cell: UInt32) -> UInt32 { cell & 0x1F00_0000 }

    /// The style of `look(_:)` bits.
    static func style(ofLook look: UInt32) -> CEA608Style { unpack(look).style }

    static func unpack(_ cell: UInt32) -> CEA608Cell {
        let style = CEA608Style(color: CEA608Color(rawValue: UInt8(truncatingIfNeeded: cell >> 24) & 7)!,
                                italic: cell & (1 << 27) != 0, underline: cell & (1 << 28) != 0,
                                flash: cell & (1 << 29) != 0)
        return CEA608Cell(character(cell), style: style)
    }
}
