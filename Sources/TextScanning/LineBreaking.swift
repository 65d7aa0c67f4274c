/// Where text may be broken into lines, and greedy wrapping to a width, for every place Legible
/// breaks lines: rendering, the SCC writer's 32 columns, `validate --fix`.
///
/// Opportunities come from ICU's line break iterator (Unicode UAX #14) with the language's
/// tailoring, filtered through the kinsoku tables (`Kinsoku`), so that no line starts with `。`,
/// `」` or a small kana, nor ends with `「`, whatever the declared language. Japanese uses ICU's
/// strict rules and, on top, its phrase mode (locale keyword `lw=phrase`, ICU 72 and later): a
/// break inside a phrase (文節) is marked `isWithinPhrase` and taken only when a phrase does not
/// fit on a line by itself.
public enum LineBreaking {
    /// A place a line may end: the text before `index` fits on the line; `mandatory` for a
    /// line feed.
    public struct Opportunity: Sendable, Hashable {
        /// Where the next line would start, an index into the text that was broken.
        public var index: String.Index
        /// True after a line feed (the line must end here), false where it merely may.
        public var mandatory: Bool
        /// True where the break would split a Japanese phrase (a word with its particles, as
        /// ICU's phrase mode finds them): allowed, but only as a last resort. Always false for
        /// other languages, and when ICU has no phrase mode.
        public var isWithinPhrase: Bool

        /// An opportunity at `index`.
        public init(index: String.Index, mandatory: Bool, isWithinPhrase: Bool = false) {
            self.index = index
            self.mandatory = mandatory
            self.isWithinPhrase = isWithinPhrase
        }
    }

    /// True when the ICU in use has the Japanese phrase mode (`lw=phrase`, added in ICU 72; an
    /// older ICU ignores the keyword, and Japanese then breaks between any two characters that
    /// kinsoku allows).
    public static var hasPhraseMode: Bool {
        let major = ICU.version.prefix { $0.isNumber }
        return (Int(major) ?? 0) >= 72
    }

    /// The version of the ICU Legible breaks lines with (`72.1`).
    public static var icuVersion: String { ICU.version }

    /// The break opportunities of `text`, in order (the last is `text.endIndex`).
    /// - Parameter language: a BCP 47 tag choosing ICU's tailoring (`ja`, `zh-Hant`), or nil.
    public static func opportunities(in text: String, language: String? = nil) throws -> [Opportunity] {
        let utf8 = Array(text.utf8)
        let tailoring = Tailoring(language)
        let found = try ICU.lineBreaks(utf8, locale: tailoring.locale)
        var phraseEnds: Set<Int>?
        if let phraseLocale = tailoring.phraseLocale, hasPhraseMode {
            phraseEnds = Set(try ICU.lineBreaks(utf8, locale: phraseLocale).map(\.offset))
        }
        let scalars = text.unicodeScalars
        var result: [Opportunity] = []
        result.reserveCapacity(found.count)
        // The offsets ascend: walk the UTF-8 view once.
        var index = text.utf8.startIndex
        var offset = 0
        for (k, opportunity) in found.enumerated() {
            index = text.utf8.index(index, offsetBy: opportunity.offset - offset)
            offset = opportunity.offset
            let isLast = k == found.count - 1
            if !isLast && !opportunity.mandatory && index > scalars.startIndex && index < scalars.endIndex,
               !Kinsoku.allowsBreak(after: scalars[scalars.index(before: index)], before: scalars[index]) {
                continue
            }
            let withinPhrase = !opportunity.mandatory && !isLast && phraseEnds.map { !$0.contains(offset) } == true
            result.append(Opportunity(index: index, mandatory: opportunity.mandatory, isWithinPhrase: withinPhrase))
        }
        return result
    }

    /// Lines of at most `width` (counted by `length`, graphemes by default), broken at
    /// opportunities only: between phrases (Japanese), and inside a phrase only when it is longer
    /// than a line (it then starts a line of its own); a word longer than the width is broken
    /// inside it, a line feed always ends a line. Spaces at the end of a line are dropped.
    /// - Parameter length: how long a piece of a line is; pass a half-width count (full-width
    ///   characters 2, others 1) with twice the width to count as Netflix's CJK guides do.
    public static func wrap(_ text: String, width: Int, language: String? = nil,
                            length: (Substring) -> Int = { $0.count }) throws -> [String] {
        precondition(width > 0, "a line holds at least one character")
        var lines: [String] = []
        var lineStart: String.Index?
        var lineEnd = text.startIndex
        func currentLine() -> Substring { lineStart.map { text[$0..<lineEnd] } ?? Substring() }
        func endLine() {
            if let start = lineStart { lines.append(String(text[start..<lineEnd].visiblePart)) }
            lineStart = nil
        }
        /// Appends `piece` (which starts where the line ends) to the line, or starts a new line
        /// with it when it does not fit; a piece wider than a whole line is cut at the width.
        func place(_ piece: Substring) {
            if lineStart != nil, length(text[lineStart!..<piece.endIndex].visiblePart) > width {
                endLine()
            }
            var rest = piece
            // Cut by the longest prefix that fits, which looks at most a line ahead: linear in
            // the piece, however long (measuring the whole rest at each cut would be quadratic).
            while case let visible = rest.visiblePart, !visible.isEmpty {
                let cut = prefixEnd(of: visible, fitting: width, length: length)
                if cut == visible.endIndex { break }
                lines.append(String(rest[..<cut]))
                rest = rest[cut...]
            }
            if lineStart == nil { lineStart = rest.startIndex }
            lineEnd = rest.endIndex
        }
        var phraseStart = text.startIndex
        var segments: [Substring] = []  // the phrase so far, cut at its inner opportunities
        var segmentStart = text.startIndex
        for opportunity in try opportunities(in: text, language: language) {
            segments.append(text[segmentStart..<opportunity.index])
            segmentStart = opportunity.index
            if opportunity.isWithinPhrase { continue }
            let phrase = text[phraseStart..<opportunity.index]
            let fitsOnALine = length(phrase.visiblePart) <= width
            if fitsOnALine {
                place(phrase)
            } else {
                // Too long for any line: it starts a line (the break before it is a phrase
                // boundary, better than one inside it) and fills lines at the breaks inside it.
                if !currentLine().isEmpty { endLine() }
                for segment in segments { place(segment) }
            }
            segments.removeAll(keepingCapacity: true)
            phraseStart = opportunity.index
            if opportunity.mandatory { endLine() }
        }
        if !currentLine().isEmpty { endLine() }
        return lines
    }

    /// The end of the longest prefix of `piece` (at least one character, `piece` not empty) whose
    /// length fits `width`.
    private static func prefixEnd(of piece: Substring, fitting width: Int, length: (Substring) -> Int) -> String.Index {
        var end = piece.index(after: piece.startIndex)
        while end < piece.endIndex {
            let next = piece.index(after: end)
            if length(piece[piece.startIndex..<next]) > width { break }
            end = next
        }
        return end
    }
}

/// The ICU locales for a language's line breaking.
private struct Tailoring {
    /// The locale of the opportunities themselves.
    var locale: String?
    /// The locale whose breaks are the phrase boundaries (Japanese only), or nil.
    var phraseLocale: String?

    init(_ language: String?) {
        let primary = language?.split(whereSeparator: { $0 == "-" || $0 == "_" }).first?.lowercased()
        switch primary {
        case "ja":
            // ICU's plain `ja` is its "normal" style, which lets small kana start a line; the
            // root rules and `lb=strict` keep them off.
            locale = "ja@lb=strict"
            phraseLocale = "ja@lb=strict;lw=phrase"
        case "zh", "yue":
            locale = "\(primary!)@lb=strict"
        default:
            locale = language
        }
    }
}

private extension Substring {
    /// Without the line feed and the spaces at its end: what a line shows.
    var visiblePart: Substring { trimmingTrailingLineFeed.trimmingTrailingSpaces }

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
