import TimedText

/// A cue's text as the SCC writer sends it: its lines (at line breaks), each a run of characters
/// with the 608 look they are drawn in — italics, underline and one of 608's seven text colours,
/// from the cue's style and its spans (`<i>`, `<u>`, styled spans). Ruby annotations and inline
/// timestamps are left out, as `Cue.plainText` leaves them.
struct SCCStyledText {
    struct Cell: Equatable {
        var character: Character
        var look: CEA608Style
    }

    /// The non-empty lines, top to bottom, without trailing spaces.
    private(set) var lines: [[Cell]] = []
    /// Colours 608 has no code for, drawn in the nearest of its seven.
    private(set) var approximatesColor = false
    /// Bold text (608 has no bold).
    private(set) var hasBold = false

    init(_ cue: Cue) {
        var base = CEA608Style()
        if cue.hasStyle { apply(cue.style, to: &base) }
        var current: [Cell] = []
        walk(cue.content, base, into: &current)
        finish(&current)
    }

    private mutating func walk(_ nodes: [InlineNode], _ look: CEA608Style, into current: inout [Cell]) {
        for node in nodes {
            switch node {
            case .text(let text):
                for character in text {
                    if character == "\n" { finish(&current) } else { current.append(Cell(character: character, look: look)) }
                }
            case .lineBreak:
                finish(&current)
            case .timestamp:
                break
            case .span(let span):
                var inner = look
                switch span.kind {
                case .italic: inner.italic = true
                case .underline: inner.underline = true
                case .bold: hasBold = true
                default: break
                }
                if span.hasStyle { apply(span.style, to: &inner) }
                walk(span.children, inner, into: &current)
            case .ruby(let ruby):
                for segment in ruby.segments { walk(segment.base, look, into: &current) }
            }
        }
    }

    private mutating func apply(_ style: StyleProperties, to look: inout CEA608Style) {
        if let color = style.color { look.color = nearest(color) }
        if let fontStyle = style.fontStyle { look.italic = fontStyle != .normal }
        if let decoration = style.textDecoration { look.underline = decoration.contains(.underline) }
        if style.fontWeight == .bold { hasBold = true }
    }

    private mutating func finish(_ current: inout [Cell]) {
        while let last = current.last, last.character == " " { current.removeLast() }
        if !current.isEmpty { lines.append(current) }
        current = []
    }

    /// The 608 text colour nearest `color` (black text is not among them: 608 draws text on black).
    private mutating func nearest(_ color: Color) -> CEA608Color {
        let choices: [CEA608Color] = [.white, .green, .blue, .cyan, .red, .yellow, .magenta]
        func distance(_ c: CEA608Color) -> Int {
            let rgb = c.rgb
            let (r, g, b) = (Int(color.red) - Int(rgb.red), Int(color.green) - Int(rgb.green), Int(color.blue) - Int(rgb.blue))
            return r * r + g * g + b * b
        }
        let best = choices.min { distance($0) < distance($1) }!
        if best.rgb.red != color.red || best.rgb.green != color.green || best.rgb.blue != color.blue { approximatesColor = true }
        return best
    }

    /// `cells` cut into lines as `wrapped` (the line's text wrapped) gives them: each wrapped line
    /// is the next run of cells with its text, the spaces dropped at the breaks skipped.
    static func cut(_ cells: [Cell], into wrapped: [String]) -> [[Cell]] {
        var out: [[Cell]] = []
        var k = 0
        for line in wrapped {
            let characters = Array(line)
            guard let first = characters.first else { continue }
            while k < cells.count, cells[k].character != first { k += 1 }
            let end = min(cells.count, k + characters.count)
            out.append(Array(cells[k..<end]))
            k = end
        }
        return out
    }
}
