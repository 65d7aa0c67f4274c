/// The columns of a `Format:` line, in the order the line gives them: ASS lets a script order
/// them as it likes, and the `Style:` and `Dialogue:` lines below follow that order.
struct ASSFormatLine: Sendable, Hashable {
    /// A column of `[Events]`.
    enum EventColumn: Sendable, Hashable {
        case layer, marked, start, end, style, name, marginLeft, marginRight, marginVertical, effect, text, unknown
    }
    /// A column of `[V4+ Styles]` / `[V4 Styles]`.
    enum StyleColumn: Sendable, Hashable {
        case name, fontName, fontSize, primaryColor, secondaryColor, outlineColor, tertiaryColor, backColor
        case bold, italic, underline, strikeOut, scaleX, scaleY, spacing, angle, borderStyle, outline, shadow
        case alignment, marginLeft, marginRight, marginVertical, alphaLevel, encoding, unknown
    }

    /// The events' columns from one event on: from `firstEvent` (an index of the script's events)
    /// to the next Format line.
    struct EventsFrom: Sendable, Hashable {
        var firstEvent: Int
        var columns: [EventColumn]
    }

    /// ASS v4+ events.
    static let assEvents: [EventColumn] = [.layer, .start, .end, .style, .name, .marginLeft, .marginRight, .marginVertical, .effect, .text]
    /// SSA v4 events.
    static let ssaEvents: [EventColumn] = [.marked, .start, .end, .style, .name, .marginLeft, .marginRight, .marginVertical, .effect, .text]
    /// ASS v4+ styles.
    static let assStyles: [StyleColumn] = [.name, .fontName, .fontSize, .primaryColor, .secondaryColor, .outlineColor, .backColor,
                                           .bold, .italic, .underline, .strikeOut, .scaleX, .scaleY, .spacing, .angle,
                                           .borderStyle, .outline, .shadow, .alignment, .marginLeft, .marginRight, .marginVertical, .encoding]
    /// SSA v4 styles.
    static let ssaStyles: [StyleColumn] = [.name, .fontName, .fontSize, .primaryColor, .secondaryColor, .tertiaryColor, .backColor,
                                           .bold, .italic, .borderStyle, .outline, .shadow, .alignment, .marginLeft, .marginRight,
                                           .marginVertical, .alphaLevel, .encoding]

    /// Where each field Legible reads is on an event line: the index of its column (the last, when
    /// a Format line names one twice, as libass reads it), or `count` when the Format line does not
    /// name it: `split` leaves an empty field there, so an absent column reads as an empty one.
    /// Found once per Format line, so each line's fields are read by what they are rather than
    /// dispatched column by column (an indirect branch per field, mispredicted once in ten).
    struct EventLayout: Sendable, Hashable {
        var count: Int
        var layer, start, end, style, name, marginLeft, marginRight, marginVertical, effect, text: Int

        init(_ columns: [EventColumn]) {
            let absent = columns.count
            count = absent
            (layer, start, end, style, name) = (absent, absent, absent, absent, absent)
            (marginLeft, marginRight, marginVertical, effect, text) = (absent, absent, absent, absent, absent)
            for (k, column) in columns.enumerated() {
                switch column {
                case .layer: layer = k
                case .start: start = k
                case .end: end = k
                case .style: style = k
                case .name: name = k
                case .marginLeft: marginLeft = k
                case .marginRight: marginRight = k
                case .marginVertical: marginVertical = k
                case .effect: effect = k
                case .text: text = k
                case .marked, .unknown: break
                }
            }
        }
    }

    static func eventColumn(_ name: String) -> EventColumn {
        switch name.lowercased() {
        case "layer": .layer
        case "marked": .marked
        case "start": .start
        case "end": .end
        case "style": .style
        case "name", "actor": .name
        case "marginl": .marginLeft
        case "marginr": .marginRight
        case "marginv", "margint": .marginVertical
        case "effect": .effect
        case "text": .text
        default: .unknown
        }
    }

    static func styleColumn(_ name: String) -> StyleColumn {
        switch name.lowercased() {
        case "name": .name
        case "fontname": .fontName
        case "fontsize": .fontSize
        case "primarycolour", "primarycolor": .primaryColor
        case "secondarycolour", "secondarycolor": .secondaryColor
        case "outlinecolour", "outlinecolor": .outlineColor
        case "tertiarycolour", "tertiarycolor": .tertiaryColor
        case "backcolour", "backcolor": .backColor
        case "bold": .bold
        case "italic": .italic
        case "underline": .underline
        case "strikeout": .strikeOut
        case "scalex": .scaleX
        case "scaley": .scaleY
        case "spacing": .spacing
        case "angle": .angle
        case "borderstyle": .borderStyle
        case "outline": .outline
        case "shadow": .shadow
        case "alignment": .alignment
        case "marginl": .marginLeft
        case "marginr": .marginRight
        case "marginv": .marginVertical
        case "alphalevel": .alphaLevel
        case "encoding": .encoding
        default: .unknown
        }
    }

    /// The column names of a `Format:` value (`Layer, Start, End, …`), trimmed.
    static func names(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [String] {
        var names: [String] = []
        var start = range.lowerBound
        for k in range.lowerBound...range.upperBound where k == range.upperBound || p[k] == UInt8(ascii: ",") {
            names.append(ASSValues.string(p, start..<k))
            start = k + 1
        }
        return names
    }

    /// Splits `p[range]` into `count` comma-separated fields, the last taking the rest of the line
    /// (commas and all: the text), as the first `count` elements of `fields`, and an empty field at
    /// the line's end after them (what an `EventLayout`'s absent column reads). False when there are fewer.
    static func split(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, count: Int, into fields: inout [Range<Int>]) -> Bool {
        guard count > 0 else { return false }
        // Sized once per column count and written in place: one uniqueness check a line, not one a field.
        if fields.count != count + 1 { fields = Array(repeating: 0..<0, count: count + 1) }
        return fields.withUnsafeMutableBufferPointer { out in
            var start = range.lowerBound
            var k = range.lowerBound
            for n in 0..<(count - 1) {
                while k < range.upperBound, p[k] != UInt8(ascii: ",") { k += 1 }
                guard k < range.upperBound else { return false }
                out[n] = start..<k
                k += 1
                start = k
            }
            out[count - 1] = start..<range.upperBound
            out[count] = range.upperBound..<range.upperBound
            return true
        }
    }
}
