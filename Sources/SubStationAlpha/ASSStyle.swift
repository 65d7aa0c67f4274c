public import TimedText

/// A `Style:` line, with SSA v4's fields read into their ASS counterparts.
public struct ASSStyle: Sendable, Hashable {
    /// The name events refer to it by.
    public var name: String
    /// `Fontname` (a name starting with `@` asks for vertical text in libass).
    public var fontName: String = "Arial"
    /// `Fontsize`, in pixels of the PlayRes canvas.
    public var fontSize: Fraction = Fraction(18)
    /// `PrimaryColour`: the text.
    public var primaryColor: Color = .white
    /// `SecondaryColour`: karaoke text before its syllable is sung.
    public var secondaryColor: Color = Color(red: 255, green: 0, blue: 0)
    /// `OutlineColour` (SSA `TertiaryColour`): the outline.
    public var outlineColor: Color = .black
    /// `BackColour`: the shadow, or the box with `BorderStyle` 3.
    public var backColor: Color = .black
    /// `Bold` (-1 or 1 true; a weight of 600 up also counts).
    public var bold = false
    /// `Italic`.
    public var italic = false
    /// `Underline` (ASS only).
    public var underline = false
    /// `StrikeOut` (ASS only).
    public var strikeOut = false
    /// `ScaleX`, `ScaleY` in percent.
    public var scaleX: Fraction = Fraction(100)
    /// `ScaleY` in percent.
    public var scaleY: Fraction = Fraction(100)
    /// `Spacing`: extra pixels between letters.
    public var spacing: Fraction = .zero
    /// `Angle`: rotation about the z axis in degrees.
    public var angle: Fraction = .zero
    /// `BorderStyle`: 1 outline and shadow, 3 an opaque box.
    public var borderStyle = 1
    /// `Outline` width in pixels.
    public var outline: Fraction = Fraction(2)
    /// `Shadow` depth in pixels.
    public var shadow: Fraction = Fraction(2)
    /// `Alignment` as a numpad position (1 bottom left … 9 top right); SSA's legacy numbers are
    /// converted.
    public var alignment = 2
    /// `MarginL`, `MarginR`, `MarginV` in canvas pixels.
    public var marginLeft = 10
    /// `MarginR`.
    public var marginRight = 10
    /// `MarginV`.
    public var marginVertical = 10
    /// `Encoding`: the font's charset (1 default, 128 Shift_JIS, …).
    public var encoding = 1
    /// Where the `Style:` line is.
    public var line: Int = 0

    /// A style with libass's defaults for every field.
    public init(name: String) { self.name = name }
}
