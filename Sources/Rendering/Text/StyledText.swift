public import TimedText
public import CaptionStyling

/// A run of text in one computed style at one size: what one set of ASS override tags draws.
package struct StyledText: Sendable, Hashable {
    /// The text of the run, one line's worth (no line breaks).
    package var text: String
    /// The run's style with the content's and the viewer's settings combined.
    package var style: ComputedCaptionStyle
    /// The em size in pixels (before the font's cell height is applied).
    package var emSize: Double

    /// A run; `emSize` is in pixels, the viewer's text size already applied.
    package init(text: String, style: ComputedCaptionStyle, emSize: Double) {
        self.text = text
        self.style = style
        self.emSize = emSize
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

    /// - Parameters:
    ///   - base: the content style the cue starts from (cue style over the format's implied style).
    ///   - emSize: the size of text whose content gives no size, in pixels, before the viewer's scale.
    ///   - resolveLength: turns a content font size into pixels, given the parent's size.
    ///   - defaultFamily: the family that the content's generic `default` stands for, when the
    ///     format fixes one (TTML's is monospaced serif, as IMSC renderers draw it); nil leaves
    ///     `default` to the viewer's default font.
    package init(content: [InlineNode], base: StyleProperties, resolver: CaptionStyleResolver, emSize: Double,
                resolveLength: (StyleProperties.Length, Double) -> Double, defaultFamily: String? = nil) {
        var lines: [[LineItem]] = [[]]
        var lineParagraph: [Int?] = [nil]
        var paragraphs: [ComputedCaptionStyle] = []
        var paragraphParents: [Int?] = []
        var paragraphContentStyles: [StyleProperties] = []
        var paragraph: Int?
        let resolver = DefaultFamilyResolver(resolver: resolver, defaultFamily: defaultFamily)
        func size(_ style: ComputedCaptionStyle) -> Double {
            let contentSize = style.contentFontSize.map { resolveLength($0, emSize) } ?? emSize
            return contentSize * style.textSizeScale.doubleValue
        }
        func runs(_ nodes: [InlineNode], _ inherited: StyleProperties) -> [StyledText] {
            var out: [StyledText] = []
            for node in nodes {
                switch node {
                case .text(let s):
                    let computed = resolver.resolve(inherited)
                    out.append(StyledText(text: s, style: computed, emSize: size(computed)))
                case .span(let span): out += runs(span.children, ContentStyle.inherited(inherited, span: span))
                case .ruby(let ruby): for segment in ruby.segments { out += runs(segment.base, inherited) }
                case .lineBreak:
                    let computed = resolver.resolve(inherited)
                    out.append(StyledText(text: " ", style: computed, emSize: size(computed)))
                case .timestamp: break
                }
            }
            return out
        }
        func walk(_ nodes: [InlineNode], _ inherited: StyleProperties) {
            for node in nodes {
                switch node {
                case .text(let s):
                    let computed = resolver.resolve(inherited)
                    lines[lines.count - 1].append(.text(StyledText(text: s, style: computed, emSize: size(computed))))
                case .lineBreak:
                    lines.append([])
                    lineParagraph.append(paragraph)
                case .timestamp:
                    break
                case .span(let span) where span.isParagraph:
                    var style = ContentStyle.inherited(inherited, span: span)
                    let outer = paragraph
                    paragraphs.append(resolver.resolve(style))
                    paragraphParents.append(outer)
                    paragraphContentStyles.append(style)
                    paragraph = paragraphs.count - 1
                    if lines[lines.count - 1].isEmpty { lineParagraph[lines.count - 1] = paragraph }
                    // The block carries the background; the paragraph's runs do not draw it again.
                    style.backgroundColor = .transparent
                    walk(span.children, style)
                    paragraph = outer
                case .span(let span):
                    walk(span.children, ContentStyle.inherited(inherited, span: span))
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
        // Trailing empty lines draw nothing; keep the ones between text (they hold a line's space).
        while let last = lines.last, last.isEmpty, lines.count > 1 { lines.removeLast(); lineParagraph.removeLast() }
        self.lines = lines
        self.lineParagraph = lineParagraph
        self.paragraphs = paragraphs
        self.paragraphParents = paragraphParents
        self.paragraphContentStyles = paragraphContentStyles
    }

    /// True when there is no text to draw (every line empty).
    package var isEmpty: Bool { lines.allSatisfy { $0.allSatisfy { $0.plainText.isEmpty } } }
}

/// A style resolver that reads the content's generic family `default` as a given family first.
struct DefaultFamilyResolver {
    let resolver: CaptionStyleResolver
    let defaultFamily: String?

    func resolve(_ content: StyleProperties) -> ComputedCaptionStyle {
        guard let defaultFamily, let families = content.fontFamilies,
              families.contains(where: { $0.lowercased() == "default" }) else { return resolver.resolve(content) }
        var style = content
        style.fontFamilies = families.map { $0.lowercased() == "default" ? defaultFamily : $0 }
        return resolver.resolve(style)
    }
}
