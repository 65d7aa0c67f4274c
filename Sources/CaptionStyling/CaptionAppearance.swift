public import TimedText

/// A viewer's caption appearance: the attribute set of FCC 47 CFR 79.103(c) — font, text size,
/// text colour and opacity, background colour and opacity, window colour and opacity, character
/// edge and its colour — each with a precedence (`AppearancePrecedence`), as Apple's
/// MediaAccessibility framework (`MACaptionAppearance`) models it.
///
/// Colours are opaque RGB here; each opacity is a separate attribute, as the rule lists them, so
/// a viewer can keep the content's colour and still choose how solid the background is.
public struct CaptionAppearance: Sendable, Hashable {
    /// The font style (79.103(c)(4)); with `contentFirst`, a generic family the content names wins.
    public var font: AppearanceSetting<CaptionFontStyle>
    /// The text size relative to the format's normal size: 1 is 100%, from 1/4 to 4
    /// (79.103(c)(3) asks for at least 50%…200%; Apple offers 25%…400%).
    public var textSize: AppearanceSetting<Fraction>
    /// The text colour, opaque RGB (its opacity is `textOpacity`).
    public var textColor: AppearanceSetting<Color>
    /// 0 transparent … 1 opaque.
    public var textOpacity: AppearanceSetting<Fraction>
    /// The box drawn behind each line of text.
    public var backgroundColor: AppearanceSetting<Color>
    /// The opacity of the background box: 0 transparent (no box) … 1 opaque.
    public var backgroundOpacity: AppearanceSetting<Fraction>
    /// The box drawn behind a whole caption (a 708 window, a TTML region's background).
    public var windowColor: AppearanceSetting<Color>
    /// The opacity of the window box: 0 transparent … 1 opaque; 0 by default, so no window is drawn.
    public var windowOpacity: AppearanceSetting<Fraction>
    /// What is drawn around each glyph (79.103(c)(7)): an outline, a shadow, a raised or depressed look.
    public var edge: AppearanceSetting<CharacterEdge>
    /// The colour of the character edge, opaque RGB; with `contentFirst` the content's outline or
    /// shadow colour wins when the content's edge does.
    public var edgeColor: AppearanceSetting<Color>

    /// The smallest and largest relative text sizes accepted.
    public static let textSizeRange = Fraction(1, 4)...Fraction(4)

    /// An appearance with the given settings; the defaults are the `default` preset: white text at
    /// 100% on an 80% opaque black background, no window, no edge, every attribute `contentFirst`.
    public init(font: AppearanceSetting<CaptionFontStyle> = AppearanceSetting(.default),
                textSize: AppearanceSetting<Fraction> = AppearanceSetting(.one),
                textColor: AppearanceSetting<Color> = AppearanceSetting(.white),
                textOpacity: AppearanceSetting<Fraction> = AppearanceSetting(.one),
                backgroundColor: AppearanceSetting<Color> = AppearanceSetting(.black),
                backgroundOpacity: AppearanceSetting<Fraction> = AppearanceSetting(Fraction(4, 5)),
                windowColor: AppearanceSetting<Color> = AppearanceSetting(.black),
                windowOpacity: AppearanceSetting<Fraction> = AppearanceSetting(.zero),
                edge: AppearanceSetting<CharacterEdge> = AppearanceSetting(CharacterEdge.none),
                edgeColor: AppearanceSetting<Color> = AppearanceSetting(.black)) {
        self.font = font
        self.textSize = textSize
        self.textColor = textColor
        self.textOpacity = textOpacity
        self.backgroundColor = backgroundColor
        self.backgroundOpacity = backgroundOpacity
        self.windowColor = windowColor
        self.windowOpacity = windowOpacity
        self.edge = edge
        self.edgeColor = edgeColor
    }

    /// The `default` preset.
    public static let `default` = CaptionAppearance()
}
