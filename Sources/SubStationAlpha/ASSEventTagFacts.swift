package import TimedText

/// What a validator asks of an event's override tags: the points it places text at (`\pos`,
/// both ends of `\move`) and the font families it names (`\fn`), each with its place in the file.
/// Read on demand from the event's raw text, by the same tag table the reader uses.
package struct ASSEventTagFacts: Sendable {
    /// A canvas point an event's text is anchored at.
    package struct Point: Sendable, Hashable {
        /// `\pos` or `\move`, for messages.
        package var tag: String
        package var x: Fraction
        package var y: Fraction
        package var location: SourceLocation
    }

    /// `\pos(x,y)` and `\move(x1,y1,x2,y2…)`'s two points, in the order written.
    package var points: [Point] = []
    /// `\fn` names (not the empty `\fn`, which returns to the style's), `@` prefix removed.
    package var fontNames: [(name: String, location: SourceLocation)] = []
}

extension ASSEvent {
    /// Where the `Text` field starts on its line (1-based UTF-8 column): it is the line's last field.
    package var textColumn: Int { max(1, lineRange.count - text.utf8.count + 1) }

    /// The positioning and font tags of the event's text (`ASSEventTagFacts`).
    package func tagFacts() -> ASSEventTagFacts {
        var facts = ASSEventTagFacts()
        let bytes = Array(text.utf8)
        let column = textColumn
        bytes.withUnsafeBufferPointer { p in
            func place(_ i: Int) -> SourceLocation { SourceLocation(line: line, column: column + i) }
            var i = 0
            while i < p.count {
                guard p[i] == UInt8(ascii: "{") else { i += 1; continue }
                var j = i + 1
                while j < p.count, p[j] != UInt8(ascii: "}") { j += 1 }
                guard j < p.count else { break }  // unclosed: shown as text, no tags
                var k = i + 1
                while k < j {
                    guard p[k] == UInt8(ascii: "\\") else { k += 1; continue }
                    let e = ASSTag.end(ofTagAt: k, in: p, blockEnd: j)
                    let tag = ASSTag(p, (k + 1)..<e)
                    switch tag.name {
                    case .pos, .move:
                        let name = tag.name == .pos ? "\\pos" : "\\move"
                        let args = tag.arguments ?? []
                        let pairs = tag.name == .pos ? [0] : [0, 2]
                        for first in pairs where args.count >= first + 2 {
                            if let x = ASSValues.decimal(p, args[first]), let y = ASSValues.decimal(p, args[first + 1]) {
                                facts.points.append(.init(tag: name, x: x, y: y, location: place(k)))
                            }
                        }
                    case .fontName:
                        var name = ASSValues.string(p, tag.argument)
                        if name.hasPrefix("@") { name.removeFirst() }
                        if !name.isEmpty { facts.fontNames.append((name, place(k))) }
                    default:
                        break
                    }
                    k = e
                }
                i = j + 1
            }
        }
        return facts
    }
}
