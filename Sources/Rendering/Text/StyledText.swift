package import TimedText
package import CaptionStyling

/// A run of text in one computed style at one size: what one set of ASS override tags draws.
package struct StyledText: Sendable, Hashable {
    /// The text of the run, one line's worth (no line breaks).
    package var text: String
    /// The run's style with the content's and the viewer's settings combined.
    package var style: ComputedCaptionStyle
    /// The em size in pixels (before the font's cell height is applied).
    package var emSize: Double
    /// The bidi embeddings of the spans the run is in, outermost first.
    package var embeddings: [BidiEmbedding] = []
    /// The base direction of the run's paragraph, when the content states one.
    package var paragraphDirection: StyleProperties.Direction?
    /// True when the run's text is set upright in one character's space in a column
    /// (tate-chū-yoko: TTML `tts:textCombine`, CSS `text-combine-upright`).
    package var combinesUpright = false
    /// The slant of the glyphs, as a proportion of a right angle (TTML `tts:shear`).
    package var shear: Double = 0
    /// How far the run's baseline is raised above the line's (lowered when negative), in pixels:
    /// superscripts and subscripts (`tts:fontVariant`).
    package var baselineShift: Double = 0

    /// A run; `emSize` is in pixels, the viewer's text size already applied.
    package init(text: String, style: ComputedCaptionStyle, emSize: Double) {
        self.text = text
        self.style = style
        self.emSize = emSize
    }

    /// True when the two runs differ in their text only, so that they can be drawn as one.
    package func sharesStyle(with other: StyledText) -> Bool {
        var same = other
        same.text = text
        return same == self
    }
}

/// One piece of a line: plain text, or a ruby base with its annotation drawn over it.
package enum LineItem: Sendable, Hashable {
    /// A run of text.
    case text(StyledText)
    /// A ruby base and its annotation, placed over (or under) the base as `placement` says.
    case ruby(base: [StyledText], annotation: [StyledText], placement: RubyPlacement)

    var plainText: String {
        switch self {
        case .text(let t): t.text
        case .ruby(let base, _, _): base.map(\.text).joined()
        }
    }
}

/// Where a ruby annotation goes: the side of the base (`ruby-position`, TTML `tts:rubyPosition`)
/// and how it is spread along it (`ruby-align`, TTML `tts:rubyAlign`).
package struct RubyPlacement: Sendable, Hashable {
    /// Over or under the base; `alternateOver` (TTML's `outside`) is over on a paragraph's first
    /// line and under on the others, as IMSC renderers draw it.
    package var position: StyleProperties.RubyPosition
    /// Start, centre, end or spread across the base.
    package var align: StyleProperties.RubyAlign
    /// True for an emphasis mark (`PreparedText.emphasized`): it takes no space of its own
    /// beside the line, and in a column its `over` side is the block's start side (the right of
    /// a right-to-left column stack, the left of a left-to-right one).
    package var isEmphasis = false

    /// Over the base and centred: CSS's initial values.
    package static let `default` = RubyPlacement(position: .over, align: .center)

    /// A placement from its side and alignment.
    package init(position: StyleProperties.RubyPosition, align: StyleProperties.RubyAlign) {
        self.position = position
        self.align = align
    }

    /// True when the annotation goes under the base on a line that is (or is not) its paragraph's first.
    package func isUnder(onFirstLine first: Bool) -> Bool {
        switch position {
        case .over, .interCharacter: false
        case .under: true
        case .alternateOver: !first
        case .alternateUnder: first
        }
    }
}

/// A cue's content as the renderer needs it: lines (split at the content's line breaks) of styled
/// items, with the content's styles combined with the viewer's appearance.
package struct PreparedText: Sendable, Hashable {
    /// The lines in order, each a sequence of items; an empty line keeps its space.
    package var lines: [[LineItem]]
    /// For each line, the paragraph (a span that `isParagraph`, a TTML `p`) it is part of, as an
    /// index into `paragraphs`; nil for a line outside any.
    package var lineParagraph: [Int?]
    /// Each paragraph's computed style: its background colour is drawn as a block behind its
    /// lines (its text's own runs do not repeat it).
    package var paragraphs: [ComputedCaptionStyle]
    /// Each paragraph's enclosing one (a TTML `div` with a background around its `p`s), if any.
    package var paragraphParents: [Int?]
    /// Each paragraph's content style, inherited values included: what its paragraph-level
    /// properties (line padding, ruby reserve, multi-row alignment) are read from.
    package var paragraphContentStyles: [StyleProperties]
    /// Each paragraph's own font size in pixels: the size of the strut its lines start from (CSS
    /// gives every line box the block's font and line height, even where its spans are smaller).
    package var paragraphEmSizes: [Double]

    /// - Parameters:
    ///   - base: the content style the cue starts from (cue style over the format's implied style).
    ///   - emSize: the size of text whose content gives no size, in pixels, before the viewer's scale.
    ///   - resolveLength: turns a content font size into pixels, given the parent's size.
    ///   - vertical: true for text set in columns, which chooses `auto` emphasis marks (sesames).
    ///   - keepsTrailingEmptyLines: true when the content's trailing line breaks are lines to lay
    ///     out (TTML content keeps only those that CSS makes lines of); false drops them.
    ///   - familySubstitutes: the families that content's generic families stand for, by
    ///     lower-cased generic name, when the format's renderers fix them (`GenericFamilies.imsc`:
    ///     TTML's `default` is monospaced serif, as IMSC renderers draw it); empty leaves them to
    ///     the viewer's fonts.
    package init(content: [InlineNode], base: StyleProperties, resolver: CaptionStyleResolver, emSize: Double,
                resolveLength: (StyleProperties.Length, Double) -> Double, familySubstitutes: [String: [String]] = [:],
                keepsTrailingEmptyLines: Bool = false, vertical: Bool = false) {
        var lines: [[LineItem]] = [[]]
        var lineParagraph: [Int?] = [nil]
        var paragraphs: [ComputedCaptionStyle] = []
        var paragraphParents: [Int?] = []
        var paragraphContentStyles: [StyleProperties] = []
        var paragraphEmSizes: [Double] = []
        var paragraph: Int?
        let resolver = GenericFamilyResolver(resolver: resolver, substitutes: familySubstitutes)
        func size(_ style: ComputedCaptionStyle) -> Double {
            let contentSize = style.contentFontSize.map { resolveLength($0, emSize) } ?? emSize
            return contentSize * style.textSizeScale.doubleValue
        }
        // The bidi embeddings open at the current node, and the current paragraph's direction.
        var embeddings: [BidiEmbedding] = []
        var paragraphDirection = base.direction
        func run(_ text: String, _ inherited: StyleProperties) -> StyledText {
            let computed = resolver.resolve(inherited)
            var out = StyledText(text: text, style: computed, emSize: size(computed))
            out.embeddings = embeddings
            out.paragraphDirection = paragraphDirection
            out.combinesUpright = Self.combinesUpright(text, inherited.textCombine)
            out.shear = inherited.shear?.doubleValue ?? 0
            // Synthesized as the IMSC reference renderings draw super- and subscripts: at about
            // 0.7 of the size, the baseline a third of the em up, or a fifth down.
            switch inherited.fontVariantPosition {
            case .superscripted?: out.baselineShift = out.emSize / 3; out.emSize *= 0.7
            case .subscripted?: out.baselineShift = -out.emSize / 5; out.emSize *= 0.7
            case .normal?, nil: break
            }
            return out
        }
        /// Opens the span's bidi embedding (if it states one) around `body`.
        func within(_ span: InlineSpan, _ style: StyleProperties, _ body: () -> Void) {
            // unicodeBidi is not inherited: a span whose style does not state it or its direction
            // opens nothing (what it shows is its parent's embedding, already open).
            let states = span.hasStyle && (span.style.unicodeBidi != nil || span.style.direction != nil)
            guard states, let embedding = BidiEmbedding(unicodeBidi: style.unicodeBidi, direction: style.direction, isParagraph: span.isParagraph) else {
                body()
                return
            }
            embeddings.append(embedding)
            body()
            embeddings.removeLast()
        }
        func runs(_ nodes: [InlineNode], _ inherited: StyleProperties) -> [StyledText] {
            var out: [StyledText] = []
            for node in nodes {
                switch node {
                case .text(let s): out.append(run(s, inherited))
                case .span(let span):
                    let style = Self.spanStyle(inherited, span: span)
                    within(span, style) { out += runs(span.children, style) }
                case .ruby(let ruby): for segment in ruby.segments { out += runs(segment.base, inherited) }
                case .lineBreak: out.append(run(" ", inherited))
                case .timestamp: break
                }
            }
            return out
        }
        func walk(_ nodes: [InlineNode], _ inherited: StyleProperties) {
            for node in nodes {
                switch node {
                case .text(let s):
                    if let emphasis = inherited.textEmphasis, emphasis.style != .none {
                        lines[lines.count - 1] += Self.emphasized(s, inherited, emphasis, vertical: vertical) { run($0, $1) }
                    } else {
                        lines[lines.count - 1].append(.text(run(s, inherited)))
                    }
                case .lineBreak:
                    lines.append([])
                    lineParagraph.append(paragraph)
                case .timestamp:
                    break
                case .span(let span) where span.isParagraph:
                    var style = ContentStyle.inherited(inherited, span: span)
                    let outer = paragraph
                    paragraphs.append(resolver.resolve(style))
                    paragraphEmSizes.append(size(paragraphs[paragraphs.count - 1]))
                    paragraphParents.append(outer)
                    paragraphContentStyles.append(style)
                    paragraph = paragraphs.count - 1
                    if lines[lines.count - 1].isEmpty { lineParagraph[lines.count - 1] = paragraph }
                    // The block carries the background; the paragraph's runs do not draw it again.
                    style.backgroundColor = .transparent
                    let outerDirection = paragraphDirection
                    paragraphDirection = style.direction
                    within(span, style) { walk(span.children, style) }
                    paragraphDirection = outerDirection
                    paragraph = outer
                case .span(let span):
                    let style = Self.spanStyle(inherited, span: span)
                    within(span, style) { walk(span.children, style) }
                case .ruby(let ruby):
                    let rubyStyle = ruby.hasStyle ? inherited.overlaid(by: ruby.style) : inherited
                    for segment in ruby.segments {
                        let base = runs(segment.base, rubyStyle)
                        guard let annotation = segment.annotation else {
                            for b in base { lines[lines.count - 1].append(.text(b)) }
                            continue
                        }
                        // Annotations are half the base's size unless styled otherwise (CSS ruby default).
                        var annotationStyle = rubyStyle
                        annotationStyle.backgroundColor = .transparent
                        if segment.hasAnnotationStyle { annotationStyle = annotationStyle.overlaid(by: segment.annotationStyle) }
                        let half = runs(annotation, annotationStyle).map {
                            var t = $0
                            if !segment.hasAnnotationStyle || segment.annotationStyle.fontSize == nil { t.emSize = (base.first?.emSize ?? t.emSize) / 2 }
                            return t
                        }
                        lines[lines.count - 1].append(.ruby(base: base, annotation: half, placement: RubyPlacement(
                            position: rubyStyle.rubyPosition ?? .over, align: rubyStyle.rubyAlign ?? .center)))
                    }
                }
            }
        }
        walk(content, base)
        // Trailing empty lines draw nothing; keep the ones between text (they hold a line's space),
        // and those the format keeps (a TTML paragraph's trailing breaks push its text up).
        while !keepsTrailingEmptyLines, let last = lines.last, last.isEmpty, lines.count > 1 { lines.removeLast(); lineParagraph.removeLast() }
        self.lines = lines
        self.lineParagraph = lineParagraph
        self.paragraphs = paragraphs
        self.paragraphParents = paragraphParents
        self.paragraphContentStyles = paragraphContentStyles
        self.paragraphEmSizes = paragraphEmSizes
    }

    /// A span's content style; a span without a background of its own (TTML computes
    /// `transparent` for it) is drawn over its enclosing span's, as CSS draws an inline box's
    /// background behind the inline boxes in it, so its runs keep the enclosing background.
    static func spanStyle(_ inherited: StyleProperties, span: InlineSpan) -> StyleProperties {
        var style = ContentStyle.inherited(inherited, span: span)
        if let own = style.backgroundColor, own.alpha == 0, let outer = inherited.backgroundColor { style.backgroundColor = outer }
        return style
    }

    /// True when there is no text to draw (every line empty).
    package var isEmpty: Bool { lines.allSatisfy { $0.allSatisfy { $0.plainText.isEmpty } } }
}

/// A style resolver that first reads each generic family the content names as the families a
/// format's renderers draw it with (`GenericFamilies`).
struct GenericFamilyResolver {
    let resolver: CaptionStyleResolver
    /// By lower-cased generic name, the families in its place, in order.
    let substitutes: [String: [String]]

    func resolve(_ content: StyleProperties) -> ComputedCaptionStyle {
        guard !substitutes.isEmpty, let families = content.fontFamilies,
              families.contains(where: { substitutes[$0.lowercased()] != nil }) else { return resolver.resolve(content) }
        var style = content
        style.fontFamilies = families.flatMap { substitutes[$0.lowercased()] ?? [$0] }
        return resolver.resolve(style)
    }
}

/// What the generic families of a format are drawn as, where its reference renderers fix it.
enum GenericFamilies {
    /// TTML's generic families (TTML2 §10.2.19) as IMSC renderers draw them: imscJS names a
    /// browser face for each, which the reference renderings show — Courier New for `default`
    /// and `monospaceSerif`, Arial for `proportionalSansSerif` and `sansSerif`, Times New Roman
    /// for `proportionalSerif` and `serif`. (`FontSet` draws those names with metric-compatible
    /// clones.) Each is followed by the generic family itself, for a font set without them. The
    /// monospaced sans-serif families (Consolas in the references) keep the font set's own.
    static let imsc: [String: [String]] = [
        "default": ["Courier New", "monospaceSerif"],
        "monospaceserif": ["Courier New", "monospaceSerif"],
        "proportionalsansserif": ["Arial", "proportionalSansSerif"],
        "sansserif": ["Arial", "sansSerif"],
        "proportionalserif": ["Times New Roman", "proportionalSerif"],
        "serif": ["Times New Roman", "serif"],
    ]
}
