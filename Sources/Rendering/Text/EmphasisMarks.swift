import TimedText

/// Emphasis marks (CSS Text Decoration 3 §3, TTML2 §10.2.44 `tts:textEmphasis`) drawn as ruby:
/// each character that takes a mark becomes a ruby item whose annotation is the mark, half the
/// character's size and centred on it, so that the line drawing that places ruby over, under
/// or beside its base places the marks too (`RubyPlacement.isEmphasis` keeps them from widening
/// the line).
extension PreparedText {
    /// The items of `text` (in `inherited`'s style, with `emphasis`): a ruby item per marked
    /// character, the unmarked ones (spaces, punctuation: CSS §3.1 draws no mark on them) as text.
    /// `make` makes a run of text in a style.
    static func emphasized(_ text: String, _ inherited: StyleProperties, _ emphasis: StyleProperties.TextEmphasis, vertical: Bool,
                           make: (String, StyleProperties) -> StyledText) -> [LineItem] {
        var markStyle = inherited
        markStyle.textEmphasis = nil
        markStyle.textDecoration = []
        markStyle.backgroundColor = .transparent
        if let color = emphasis.color { markStyle.color = color }
        let mark = String(Self.mark(emphasis.style, vertical: vertical))
        let position: StyleProperties.RubyPosition = switch emphasis.position {
        case .before: .over
        case .after: .under
        case .outside: .alternateOver
        }
        var placement = RubyPlacement(position: position, align: .center)
        placement.isEmphasis = true
        var items: [LineItem] = []
        var plain = ""
        func flush() {
            guard !plain.isEmpty else { return }
            items.append(.text(make(plain, inherited)))
            plain = ""
        }
        for ch in text {
            if !takesMark(ch) { plain.append(ch); continue }
            flush()
            let base = make(String(ch), inherited)
            var markRun = make(mark, markStyle)
            markRun.emSize = base.emSize / 2
            items.append(.ruby(base: [base], annotation: [markRun], placement: placement))
        }
        flush()
        return items
    }

    /// True for a character that takes an emphasis mark: not a space, a control or punctuation.
    static func takesMark(_ ch: Character) -> Bool {
        !(ch.isWhitespace || ch.isPunctuation || ch.unicodeScalars.allSatisfy { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format })
    }

    /// The mark CSS §3.1 gives each style: a circle or sesame by default (horizontal, vertical).
    static func mark(_ style: StyleProperties.TextEmphasis.Style, vertical: Bool) -> Character {
        let byMode: StyleProperties.TextEmphasis.Shape = vertical ? .sesame : .circle
        switch style {
        case .none, .auto: return mark(byMode, filled: true)
        case .shape(let shape, let filled): return mark(shape ?? byMode, filled: filled)
        case .string(let s): return s.first ?? mark(byMode, filled: true)
        }
    }

    static func mark(_ shape: StyleProperties.TextEmphasis.Shape, filled: Bool) -> Character {
        switch shape {
        case .dot: filled ? "\u{2022}" : "\u{25E6}"
        case .circle: filled ? "\u{25CF}" : "\u{25CB}"
        case .sesame: filled ? "\u{FE45}" : "\u{FE46}"
        }
    }

    /// True when a run's text is set upright in one character's space (tate-chū-yoko): all of
    /// it with `all`, a run of at most N ASCII digits with `digits N` (CSS Writing Modes §9.1).
    static func combinesUpright(_ text: String, _ combine: StyleProperties.TextCombine?) -> Bool {
        switch combine {
        case .all?: !text.isEmpty && !text.allSatisfy(\.isWhitespace)
        case .digits(let n)?: !text.isEmpty && text.count <= n && text.allSatisfy { $0.isASCII && $0.isNumber }
        case .none?, nil: false
        }
    }
}
