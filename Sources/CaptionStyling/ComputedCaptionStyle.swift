public import TimedText

/// How one run of caption text looks once the content's styles and the viewer's appearance are
/// combined: everything a renderer needs, with nothing left optional.
public struct ComputedCaptionStyle: Sendable, Hashable {
    /// The font style to draw with, the viewer's or the first generic family the content names.
    public var font: CaptionFontStyle
    /// The families the content names before its first generic one, in its order (`Arial,
    /// Helvetica, sans-serif` gives Arial and Helvetica), for a renderer to draw with the first it
    /// has (CSS font fallback), `font` when it has none; empty when the content named none or the
    /// viewer's font wins.
    public var contentFamilies: [String]
    /// The first of `contentFamilies`; nil when there is none.
    public var contentFamily: String? { contentFamilies.first }
    /// The viewer's relative size: multiply the size below (or the format's normal size) by it.
    public var textSizeScale: Fraction
    /// The content's own font size, when it gives one and the viewer's size does not always win.
    public var contentFontSize: StyleProperties.Length?
    /// Alpha is the resolved opacity (text opacity × content `opacity`).
    public var textColor: Color
    /// The box behind each line; alpha 0 draws none.
    public var backgroundColor: Color
    /// The edge to draw around each glyph (`none` for no edge).
    public var edge: CharacterEdge
    /// The colour of `edge`, opaque.
    public var edgeColor: Color
    /// True for italic or oblique content text; always the content's choice.
    public var italic: Bool
    /// True for bold content text; always the content's choice.
    public var bold: Bool
    /// True for underlined content text; always the content's choice.
    public var underline: Bool
    /// True for struck-through content text; always the content's choice.
    public var lineThrough: Bool
    /// True for text with a line over it (TTML `overline`, CSS `text-decoration-line: overline`);
    /// always the content's choice.
    public var overline: Bool
    /// Hidden text keeps its space but draws nothing (CSS/TTML `visibility: hidden`).
    public var visible: Bool
}

/// Combines content styles with a viewer's `CaptionAppearance`, attribute by attribute: a
/// `contentFirst` attribute takes the content's value when the content gives one, a
/// `viewerAlways` attribute takes the viewer's.
///
/// What counts as the content's value: for text and background, the colour's RGB and its alpha
/// (times `opacity`) as the opacity; for the edge, a glyph outline (`uniform`, TTML
/// `tts:textOutline`) or a text shadow (`drop-shadow`), an explicit `none` included; for the
/// font, the first generic family the content lists. The text size multiplies whatever size
/// applies — the content's own (TTML `tts:fontSize`) when the size is `contentFirst`, the format's
/// normal size when it is `viewerAlways` — since FCC 79.103 has the viewer's size change every
/// caption. Italic, bold and underline are not appearance attributes: the content's always stand.
public struct CaptionStyleResolver: Sendable, Hashable {
    /// The viewer's appearance that content styles are combined with.
    public var appearance: CaptionAppearance

    /// A resolver applying the viewer's `appearance`.
    public init(appearance: CaptionAppearance) { self.appearance = appearance }

    /// - Parameter content: the content's style for the run, inherited from cue and spans
    ///   (`ContentStyle.inherited`), the format's implied style included (608's monospace).
    public func resolve(_ content: StyleProperties) -> ComputedCaptionStyle {
        let a = appearance
        let contentOpacity = content.opacity
        func opacity(of color: Color?) -> Fraction? {
            guard color != nil || contentOpacity != nil else { return nil }
            return Fraction(Int64(color?.alpha ?? 255), 255).multiplied(by: contentOpacity ?? .one)
        }
        let text = combine(a.textColor, a.textOpacity, content.color, opacity(of: content.color))
        let background = combine(a.backgroundColor, a.backgroundOpacity, content.backgroundColor,
                                 content.backgroundColor.map { _ in opacity(of: content.backgroundColor)! })

        var contentEdge: CharacterEdge?
        var contentEdgeColor: Color?
        if let outline = content.outline, outline.placement == .glyphs {
            contentEdge = outline.style == .none ? CharacterEdge.none : .uniform
            contentEdgeColor = outline.color ?? content.color
        } else if let shadows = content.textShadow {
            contentEdge = shadows.isEmpty ? CharacterEdge.none : .dropShadow
            contentEdgeColor = shadows.first?.color ?? content.color
        }
        let edge = a.edge.resolve(content: contentEdge)
        // The content's edge colour goes with the content's edge; a viewer's edge takes the viewer's colour.
        let edgeColor = (a.edge.precedence == .contentFirst && contentEdge != nil)
            ? a.edgeColor.resolve(content: contentEdgeColor.map { Color(red: $0.red, green: $0.green, blue: $0.blue) })
            : a.edgeColor.value

        var contentFont: CaptionFontStyle?
        var contentFamilies: [String] = []
        if let families = content.fontFamilies {
            for family in families {
                if let style = CaptionFontStyle(contentFamily: family) { contentFont = style; break }
                contentFamilies.append(family)
            }
        }
        let font = a.font.resolve(content: contentFont)
        let lines = content.textDecoration ?? []
        return ComputedCaptionStyle(
            font: font,
            contentFamilies: a.font.precedence == .viewerAlways ? [] : contentFamilies,
            textSizeScale: a.textSize.value,
            contentFontSize: a.textSize.precedence == .viewerAlways ? nil : content.fontSize,
            textColor: text,
            backgroundColor: background,
            edge: edge,
            edgeColor: edgeColor,
            italic: content.fontStyle == .italic || content.fontStyle == .oblique,
            bold: content.fontWeight == .bold,
            underline: lines.contains(.underline),
            lineThrough: lines.contains(.lineThrough),
            overline: lines.contains(.overline),
            visible: content.visibility != .hidden)
    }

    /// The window (the box behind a whole caption): the content's (a TTML region's background),
    /// or the viewer's.
    public func window(content: Color?) -> Color {
        combine(appearance.windowColor, appearance.windowOpacity, content, content.map { Fraction(Int64($0.alpha), 255) })
    }

    private func combine(_ color: AppearanceSetting<Color>, _ opacity: AppearanceSetting<Fraction>,
                         _ contentColor: Color?, _ contentOpacity: Fraction?) -> Color {
        var result = color.resolve(content: contentColor.map { Color(red: $0.red, green: $0.green, blue: $0.blue) })
        let alpha = opacity.resolve(content: contentOpacity)
        result.alpha = UInt8(clamping: (alpha.numerator * 255 + alpha.denominator / 2) / alpha.denominator)
        return result
    }
}

extension Fraction {
    func multiplied(by other: Fraction) -> Fraction {
        // Opacities and sizes are small fractions; reduce by the GCD through the initialiser.
        Fraction(numerator * other.numerator, denominator * other.denominator)
    }
}

/// The content's style for a run of text: styles inherit from the cue down through its spans.
public enum ContentStyle {
    /// What a span adds to the style it inherits: its own properties, and for `<i>`, `<b>`,
    /// `<u>` the property they mean.
    public static func inherited(_ parent: StyleProperties, span: InlineSpan) -> StyleProperties {
        var style = parent
        switch span.kind {
        case .italic: style.fontStyle = .italic
        case .bold: style.fontWeight = .bold
        case .underline: style.textDecoration = (style.textDecoration ?? []).union(.underline)
        default: break
        }
        return span.hasStyle ? style.overlaid(by: span.style) : style
    }
}
