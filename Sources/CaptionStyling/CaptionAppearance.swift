public import TimedText

/// A viewer's caption appearance: the attribute set of FCC 47 CFR 79.103(c) — font, text size,
/// text colour and opacity, background colour and opacity, window colour and opacity, character
/// edge and its colour — each with a precedence (`AppearancePrecedence`), as Apple's
/// MediaAccessibility framework (`MACaptionAppearance`) models it.
///
/// Colours are opaque RGB here; each opacity is a separate attribute, as the rule lists them, so
/// a viewer can keep the content's colour and still choose how solid the background is.
public struct CaptionAppearance: Sendable, Hashable {
    public var font: AppearanceSetting<CaptionFontStyle>
    /// The text size relative to the format's normal size: 1 is 100%, from 1/4 to 4
    /// (79.103(c)(3) asks for at least 50%…200%; Apple offers 25%…400%).
    public var textSize: AppearanceSetting<Fraction>
    public var textColor: AppearanceSetting<Color>
    /// 0 transparent … 1 opaque.
    public var textOpacity: AppearanceSetting<Fraction>
    /// The box drawn behind each line of text.
    public var backgroundColor: AppearanceSetting<Color>
    public var backgroundOpacity: AppearanceSetting<Fraction>
    /// The box drawn behind a whole caption (a 708 window, a TTML region's background).
    public var windowColor: AppearanceSetting<Color>
    public var windowOpacity: AppearanceSetting<Fraction>
    public var edge: AppearanceSetting<CharacterEdge>
    public var edgeColor: AppearanceSetting<Color>

    /// The smallest and largest relative text sizes accepted.
    public static let textSizeRange = Fraction(1, 4)...Fraction(4)

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
