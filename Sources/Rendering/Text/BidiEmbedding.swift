package import TimedText

/// An explicit bidirectional embedding that a span opens around its text (UAX #9 §2.1–2.6): how
/// CSS `unicode-bidi` and `direction` (TTML `tts:unicodeBidi`, `tts:direction`) reach libass,
/// whose shaper runs the bidi algorithm over a line's text with its control characters. A run
/// carries the embeddings of every span it is in, outermost first, so that nesting is kept.
package enum BidiEmbedding: Sendable, Hashable {
    /// `embed`: LRE or RLE … PDF.
    case embed(rightToLeft: Bool)
    /// `bidi-override`: LRO or RLO … PDF.
    case override(rightToLeft: Bool)
    /// `isolate`: LRI or RLI … PDI.
    case isolate(rightToLeft: Bool)

    /// The embedding an element opens with `unicodeBidi` in `direction`; nil for `normal`. A
    /// paragraph's direction is its base direction (`BidiParagraph`), so on a paragraph only an
    /// override opens anything (CSS Writing Modes §2.4: `embed` on a block does nothing more).
    package init?(unicodeBidi: StyleProperties.UnicodeBidi?, direction: StyleProperties.Direction?, isParagraph: Bool) {
        let rtl = direction == .rtl
        switch unicodeBidi ?? .normal {
        case .normal: return nil
        case .embed: if isParagraph { return nil }; self = .embed(rightToLeft: rtl)
        case .bidiOverride: self = .override(rightToLeft: rtl)
        case .isolate: if isParagraph { return nil }; self = .isolate(rightToLeft: rtl)
        }
    }

    /// The control character that opens the embedding.
    package var opening: Character {
        switch self {
        case .embed(let rtl): rtl ? "\u{202B}" : "\u{202A}"
        case .override(let rtl): rtl ? "\u{202E}" : "\u{202D}"
        case .isolate(let rtl): rtl ? "\u{2067}" : "\u{2066}"
        }
    }

    /// The control character that closes it: PDF, or PDI for an isolate.
    package var closing: Character {
        if case .isolate = self { return "\u{2069}" }
        return "\u{202C}"
    }

    /// The controls between a run in `previous` embeddings and the next in `next`: those not
    /// shared closed innermost first, then the next run's own opened outermost first.
    package static func transition(from previous: [BidiEmbedding], to next: [BidiEmbedding]) -> String {
        var shared = 0
        while shared < previous.count, shared < next.count, previous[shared] == next[shared] { shared += 1 }
        var out = ""
        for embedding in previous[shared...].reversed() { out.append(embedding.closing) }
        for embedding in next[shared...] { out.append(embedding.opening) }
        return out
    }

    /// The mark that sets a line's base direction when the bidi algorithm finds it from the text
    /// (libass's `Encoding: -1`): the first strong character decides (UAX #9 P2), and LRM or RLM
    /// is one, so the paragraph's stated direction wins over that of its first letter.
    package static func paragraphMark(_ direction: StyleProperties.Direction?) -> String {
        switch direction {
        case .ltr: "\u{200E}"
        case .rtl: "\u{200F}"
        case nil: ""
        }
    }
}
