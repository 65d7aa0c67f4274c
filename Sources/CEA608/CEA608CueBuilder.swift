public import TimedText

/// Turns decoded captions into model cues.
///
/// - Text: each row that shows something is one line, top to bottom, with its trailing spaces
///   removed; rows of spaces only are left out (`docs/cue-json.md`). A row keeps the spaces
///   written into it, leading ones included (a mid-row code at the start of a row shows a space).
/// - Styles: runs of italics, underline and colour become spans (`.italic`, `.underline`, or a
///   `.styled` span with the properties when there is more than one, or a colour); flashing has
///   no model property and is left out. The cue's style is the opaque black background that 608
///   characters are drawn on.
/// - Layout: as ttconv places 608 captions, the 32×15 grid sits inside a 40×19 grid of cells
///   covering the frame, at an offset of 4 columns and 2 rows (the 80% safe caption area of
///   CEA-608-E Annex F, rounded up to whole cells: ⌈32/0.8⌉ by ⌈15/0.8⌉). A caption whose top row
///   is r and whose leftmost text starts in column c gets `line` (r + 1)/19 of the frame height
///   (the top of row r, `lineAlignment` start), `position` (4 + c)/40 of the width (left edge,
///   `positionAlignment` line-left, text aligned left) and `size` (32 − c)/40, the room to the
///   right edge of the grid, so that no row wraps. Rows starting further right than the leftmost
///   lose their indent in the model; the `cea608` view (`CEA608CueValues`) keeps every column.
public struct CEA608CueBuilder: Sendable {
    /// Layouts already made, by top row and column, so that cues placed alike share one copy.
    private var layouts: [Int: SharedLayout] = [:]
    private let background = SharedStyle(StyleProperties(backgroundColor: .black))

    /// A builder with no layouts made yet; keep one for all the captions of a track so that cues
    /// placed alike share their layout.
    public init() {}

    /// The model cue of `caption`: its times, its text and styles, the black background, and a layout
    /// from its top row and leftmost column (the default layout when it has no rows).
    public mutating func cue(for caption: CEA608Caption) -> Cue {
        var cue = Cue(start: caption.start, end: caption.end, content: Self.content(of: caption.packedRows),
                      source: caption.location)
        cue.sharedStyle = background
        var top: Int?
        var column = Int.max
        caption.packedRows.forEachRow { row, first, _ in
            if top == nil { top = row }
            column = min(column, first)
        }
        if let top {
            let key = top * 32 + column
            if let layout = layouts[key] {
                cue.sharedLayout = layout
            } else {
                let layout = SharedLayout(Self.layout(topRow: top, column: column))
                layouts[key] = layout
                cue.sharedLayout = layout
            }
        }
        return cue
    }

    /// The layout of a caption whose top row is `topRow` (1...15) and whose leftmost column is
    /// `column` (0...31).
    public static func layout(topRow: Int, column: Int) -> CueLayout {
        CueLayout(line: .fraction(Fraction(Int64(topRow + 1), 19)), lineAlignment: .start,
                  position: Fraction(Int64(4 + column), 40), positionAlignment: .lineLeft,
                  size: Fraction(Int64(32 - column), 40), textAlignment: .left)
    }

    /// The rows as inline content: lines top to bottom, style runs as spans.
    public static func content(of rows: [CEA608Row]) -> [InlineNode] { content(of: CEA608PackedRows(rows)) }

    static func content(of rows: CEA608PackedRows) -> [InlineNode] {
        var nodes: [InlineNode] = []
        nodes.reserveCapacity(4)
        rows.forEachRow { _, _, row in
            var cells = row
            while let last = cells.last, PackedCell.character(last).map({ $0 == " " }) ?? true { cells.removeLast() }
            guard let firstCell = cells.first else { return }
            if !nodes.isEmpty { nodes.append(.lineBreak) }
            // An empty cell between characters shows nothing: a plain space.
            func look(_ cell: UInt32) -> UInt32 {
                PackedCell.hasCharacter(cell) ? PackedCell.look(cell) : PackedCell.look(PackedCell.empty)
            }
            var runStart = cells.startIndex
            var runLook = look(firstCell)
            for i in cells.indices where look(cells[i]) != runLook {
                append(cells[runStart..<i], style: PackedCell.style(ofLook: runLook), to: &nodes)
                runStart = i
                runLook = look(cells[i])
            }
            append(cells[runStart...], style: PackedCell.style(ofLook: runLook), to: &nodes)
        }
        return nodes
    }

    private static func append(_ run: ArraySlice<UInt32>, style: CEA608Style, to nodes: inout [InlineNode]) {
        guard !run.isEmpty else { return }
        let string = CEA608Row.text(of: run)
        let text = InlineNode.text(string)
        switch (style.color, style.italic, style.underline) {
        case (.white, false, false):
            if case .text(let before) = nodes.last {
                nodes[nodes.count - 1] = .text(before + string)
            } else {
                nodes.append(text)
            }
        case (.white, true, false):
            nodes.append(.span(InlineSpan(.italic, children: [text])))
        case (.white, false, true):
            nodes.append(.span(InlineSpan(.underline, children: [text])))
        default:
            var properties = StyleProperties()
            if style.color != .white { properties.color = style.color.rgb }
            if style.italic { properties.fontStyle = .italic }
            if style.underline { properties.textDecoration = .underline }
            nodes.append(.span(InlineSpan(.styled, style: properties, children: [text])))
        }
    }
}
