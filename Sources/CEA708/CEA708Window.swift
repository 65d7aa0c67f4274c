/// One character cell of a window: the character and the pen it was written with. A transparent
/// space is a cell that shows nothing (`character` nil), as an empty cell does.
public struct CEA708Cell: Sendable, Hashable {
    /// The character, or nil for a transparent space.
    public var character: Character?
    /// The pen it was written with.
    public var pen: CEA708Pen

    /// A cell from its parts.
    public init(character: Character?, pen: CEA708Pen) {
        self.character = character
        self.pen = pen
    }
}

/// A caption window as a decoder keeps it (CEA-708-E §8.4): its definition, attributes, pen and
/// grid of cells. The operations are the standard's; what they could not do (a character past
/// the last column of a locked window) they return as false for the decoder to report.
public struct CEA708Window: Sendable, Hashable {
    /// The most columns a window can have: 42 on a 16:9 screen (32 on a 4:3 one).
    public static let maximumColumns = 42
    /// The most rows a window can have (the safe-title area holds 15).
    public static let maximumRows = 15

    /// What DefineWindow said (the visible flag as defined; `isVisible` follows the later commands).
    public var definition: CEA708WindowDefinition
    /// Justification, directions, word wrap, effect, fill and border.
    public var attributes: CEA708WindowAttributes
    /// The pen text is written with now.
    public var pen: CEA708Pen
    /// Whether the window is shown.
    public var isVisible: Bool
    /// The pen's row and column.
    public private(set) var penRow = 0, penColumn = 0
    /// The cells, `rows[row][column]`; nil where nothing was written.
    public private(set) var rows: [[CEA708Cell?]]

    /// A new window as DefineWindow makes it: style 0 is style 1 for a new window.
    public init(_ definition: CEA708WindowDefinition) {
        self.definition = definition
        attributes = .predefined(definition.windowStyle == 0 ? 1 : definition.windowStyle)
        pen = .predefined(definition.penStyle == 0 ? 1 : definition.penStyle)
        isVisible = definition.visible
        rows = Self.emptyRows(Self.rowCount(definition), Self.columnCount(definition))
    }

    static func rowCount(_ d: CEA708WindowDefinition) -> Int { min(max(d.rowCount, 1), maximumRows) }
    static func columnCount(_ d: CEA708WindowDefinition) -> Int { min(max(d.columnCount, 1), maximumColumns) }
    static func emptyRows(_ rows: Int, _ columns: Int) -> [[CEA708Cell?]] {
        Array(repeating: Array(repeating: nil, count: columns), count: rows)
    }

    /// The number of rows and columns the grid has now (columns grow when they may).
    public var rowCount: Int { rows.count }
    /// See `rowCount`.
    public var columnCount: Int { rows.first?.count ?? 0 }

    /// DefineWindow on a window that exists: its place, size and flags change, its text stays
    /// (cut to a smaller size); style 0 keeps the attributes or pen it has.
    public mutating func redefine(_ d: CEA708WindowDefinition) {
        definition = d
        if d.windowStyle != 0 { attributes = .predefined(d.windowStyle) }
        if d.penStyle != 0 { pen = .predefined(d.penStyle) }
        isVisible = d.visible
        let (r, c) = (Self.rowCount(d), Self.columnCount(d))
        if r != rowCount || c != columnCount {
            var resized = Self.emptyRows(r, c)
            for i in 0..<min(r, rowCount) {
                for j in 0..<min(c, columnCount) { resized[i][j] = rows[i][j] }
            }
            rows = resized
            penRow = min(penRow, r - 1)
            penColumn = min(penColumn, c - 1)
        }
    }

    /// Whether anything in the window flashes: its fill, or a character's colour or background.
    public var flashes: Bool {
        attributes.fill.opacity == .flash || rows.contains { $0.contains { cell in
            guard let color = cell?.pen.color else { return false }
            return color.foreground.opacity == .flash || color.background.opacity == .flash
        } }
    }

    /// The window in the half of a flash when flashing colours are off: each is transparent.
    var withFlashingOff: CEA708Window {
        func off(_ c: CEA708Color) -> CEA708Color { c.opacity == .flash ? CEA708Color(red: c.red, green: c.green, blue: c.blue, opacity: .transparent) : c }
        var copy = self
        copy.attributes.fill = off(attributes.fill)
        copy.rows = rows.map { row in row.map { cell in
            cell.map { c in
                var c = c
                c.pen.color.foreground = off(c.pen.color.foreground)
                c.pen.color.background = off(c.pen.color.background)
                return c
            }
        } }
        return copy
    }

    /// Whether any cell shows a character.
    public var hasText: Bool { rows.contains { $0.contains { $0?.character != nil } } }

    /// CLW and FF: every cell emptied (FF also sends the pen home, which `formFeed` does).
    public mutating func clear() {
        rows = Self.emptyRows(rowCount, columnCount)
    }

    /// FF: the window erased, the pen at row 0, column 0.
    public mutating func formFeed() {
        clear()
        penRow = 0
        penColumn = 0
    }

    /// SPL: the pen moves; a place outside the grid is clamped into it (false when it was).
    public mutating func setPenLocation(row: Int, column: Int) -> Bool {
        penRow = min(row, rowCount - 1)
        penColumn = min(column, columnCount - 1)
        return row < rowCount && column < columnCount
    }

    private var isHorizontal: Bool {
        attributes.printDirection == .leftToRight || attributes.printDirection == .rightToLeft
    }

    /// Writes a character (nil: a transparent space) at the pen and moves the pen on in the print
    /// direction. At the end of a row, word wrap moves the word being written to the next row;
    /// without it a window whose columns are not locked grows a column (up to the most a screen
    /// holds); otherwise the character is not written and false comes back.
    public mutating func write(_ character: Character?) -> Bool {
        if !isInside(penRow, penColumn) && !makeRoom() { return false }
        rows[penRow][penColumn] = CEA708Cell(character: character, pen: pen)
        switch attributes.printDirection {
        case .leftToRight: penColumn += 1
        case .rightToLeft: penColumn -= 1
        case .topToBottom: penRow += 1
        case .bottomToTop: penRow -= 1
        }
        return true
    }

    private func isInside(_ row: Int, _ column: Int) -> Bool {
        row >= 0 && row < rowCount && column >= 0 && column < columnCount
    }

    /// The pen ran off the grid in the print direction: wrap, grow, or give up. Word wrap is
    /// done for left-to-right printing, the direction every known service prints in.
    private mutating func makeRoom() -> Bool {
        if attributes.wordWrap && attributes.printDirection == .leftToRight && penColumn >= columnCount && rows.indices.contains(penRow) {
            // The word being written (the cells after the row's last space) goes to the next row;
            // a word as long as the row is broken where it is.
            var start = columnCount
            while start > 0, let c = rows[penRow][start - 1]?.character, c != " " { start -= 1 }
            let word = start > 0 ? Array(rows[penRow][start...]) : []
            if start > 0 { for j in start..<columnCount { rows[penRow][j] = nil } }
            carriageReturn()
            for cell in word where penColumn < columnCount {
                rows[penRow][penColumn] = cell
                penColumn += 1
            }
            return penColumn < columnCount
        }
        if attributes.printDirection == .leftToRight && penColumn == columnCount && !definition.columnLock
            && columnCount < Self.maximumColumns {
            for i in rows.indices { rows[i].append(nil) }
            return true
        }
        return false
    }

    /// CR: the pen goes to the start of the next row in the scroll direction's opposite (rows move
    /// up, so the next row is below); at the window's last row the rows scroll.
    public mutating func carriageReturn() {
        // Taken first: with one row, `columnCount` reads 0 while the row is out.
        let columns = columnCount
        switch attributes.scrollDirection {
        case .bottomToTop:
            if penRow + 1 < rowCount { penRow += 1 } else { rows.removeFirst(); rows.append(Array(repeating: nil, count: columns)) }
        case .topToBottom:
            if penRow > 0 { penRow -= 1 } else { rows.removeLast(); rows.insert(Array(repeating: nil, count: columns), at: 0) }
        case .rightToLeft:
            if penColumn + 1 < columnCount { penColumn += 1 } else { for i in rows.indices { rows[i].removeFirst(); rows[i].append(nil) } }
        case .leftToRight:
            if penColumn > 0 { penColumn -= 1 } else { for i in rows.indices { rows[i].removeLast(); rows[i].insert(nil, at: 0) } }
        }
        returnToLineStart()
    }

    /// The pen back to where the print direction starts a line.
    private mutating func returnToLineStart() {
        switch attributes.printDirection {
        case .leftToRight: penColumn = 0
        case .rightToLeft: penColumn = columnCount - 1
        case .topToBottom: penRow = 0
        case .bottomToTop: penRow = rowCount - 1
        }
    }

    /// HCR: the pen's line erased, the pen at its start.
    public mutating func horizontalCarriageReturn() {
        if isHorizontal {
            if rows.indices.contains(penRow) { rows[penRow] = Array(repeating: nil, count: columnCount) }
        } else if penColumn >= 0 && penColumn < columnCount {
            for i in rows.indices { rows[i][penColumn] = nil }
        }
        returnToLineStart()
    }

    /// BS: the pen moves back one cell and erases it (nothing at a line's start).
    public mutating func backspace() {
        var (r, c) = (penRow, penColumn)
        switch attributes.printDirection {
        case .leftToRight: c -= 1
        case .rightToLeft: c += 1
        case .topToBottom: r -= 1
        case .bottomToTop: r += 1
        }
        guard isInside(r, c) else { return }
        (penRow, penColumn) = (r, c)
        rows[r][c] = nil
    }
}
