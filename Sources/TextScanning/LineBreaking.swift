/// Where text may be broken into lines (Unicode UAX #14 through ICU, with the language's
/// tailoring — Japanese kinsoku keeps `。` and small kana off a line's start), and greedy wrapping
/// to a width in characters, as caption formats with fixed columns (CEA-608's 32) need.
public enum LineBreaking {
    /// A place a line may end: the text before `index` fits on the line; `mandatory` for a
    /// line feed.
    public struct Opportunity: Sendable, Hashable {
        /// Where the next line would start, an index into the text that was broken.
        public var index: String.Index
        /// True after a line feed (the line must end here), false where it merely may.
        public var mandatory: Bool
    }

    /// The break opportunities of `text`, in order (the last is `text.endIndex`).
    /// - Parameter language: a BCP 47 tag choosing ICU's tailoring (`ja`, `zh`), or nil.
    public static func opportunities(in text: String, language: String? = nil) throws -> [Opportunity] {
        let breaks = try ICU.lineBreaks(Array(text.utf8), locale: language)
        // The offsets ascend: walk the UTF-8 view once.
        var index = text.utf8.startIndex
        var offset = 0
        return breaks.map { found in
            index = text.utf8.index(index, offsetBy: found.offset - offset)
            offset = found.offset
            return Opportunity(index: index, mandatory: found.mandatory)
        }
    }

    /// Lines of at most `width` characters (grapheme clusters), broken at opportunities only:
    /// a word longer than the width is broken inside it, a line feed always ends a line. Spaces at
    /// the end of a line are dropped.
    public static func wrap(_ text: String, width: Int, language: String? = nil) throws -> [String] {
        precondition(width > 0, "a line holds at least one character")
        var lines: [String] = []
        var line = Substring()
        var start = text.startIndex
        for opportunity in try opportunities(in: text, language: language) {
            let segment = text[start..<opportunity.index]
            start = opportunity.index
            if line.count + segment.trimmingTrailingSpaces.count > width, !line.isEmpty {
                lines.append(String(line.trimmingTrailingSpaces))
                line = Substring()
            }
            var rest = segment
            // A segment wider than a whole line is cut at the width.
            while rest.trimmingTrailingSpaces.count > width {
                let cut = rest.index(rest.startIndex, offsetBy: width)
                lines.append(String(rest[..<cut]))
                rest = rest[cut...]
            }
            line = line.isEmpty ? rest : text[line.startIndex..<rest.endIndex]
            if opportunity.mandatory {
                lines.append(String(line.trimmingTrailingSpaces.trimmingTrailingLineFeed))
                line = Substring()
            }
        }
        if !line.isEmpty { lines.append(String(line.trimmingTrailingSpaces)) }
        return lines
    }
}

private extension Substring {
    var trimmingTrailingSpaces: Substring {
        var end = endIndex
        while end > startIndex, self[index(before: end)] == " " { end = index(before: end) }
        return self[startIndex..<end]
    }

    var trimmingTrailingLineFeed: Substring {
        var s = self
        while let last = s.last, last == "\n" || last == "\r\n" { s = s.dropLast() }
        return s
    }
}
